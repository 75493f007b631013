//! Known solution counts.

use std::sync::Arc;

use sudokit::format::line::parse_line;
use sudokit::{Dfs, Engine, Geometry, Grid, Puzzle, Verdict};

use crate::common::{self, naive_count};

fn empty(n: usize) -> Puzzle {
    Puzzle::new(Arc::new(Geometry::square(n).unwrap()), Grid::empty(n)).unwrap()
}

#[test]
fn limit_stops_the_count() {
    let puzzle = empty(4);
    let answer = Dfs::new().solve(&puzzle, 10).unwrap();
    assert_eq!(answer.count, 10);
    assert!(!answer.complete);
    assert_eq!(answer.verdict(), Some(Verdict::Multiple));
    // limit 0 behaves as 1
    assert_eq!(Dfs::new().solve(&puzzle, 0).unwrap().count, 1);
}

#[test]
fn empty_6x6_count_matches_naive() {
    // 28,200,960 solutions in all; count a prefix both ways.
    let puzzle = empty(6);
    assert_eq!(Dfs::new().solve(&puzzle, 5000).unwrap().count, 5000);
    assert_eq!(naive_count(&puzzle, 5000), 5000);
}

#[test]
fn validator_rejects_wrong_grids() {
    let p = parse_line(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    let good = parse_line(
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
    )
    .unwrap();
    assert!(sudokit::validate(&p, good.givens()).is_ok());
    let mut cells = good.givens().cells().to_vec();
    cells.swap(0, 1); // breaks the given 4 at r1c1 and the columns
    assert!(sudokit::validate(&p, &Grid::from_cells(9, cells.clone()).unwrap()).is_err());
    cells.swap(0, 1);
    cells[80] = None;
    assert!(sudokit::validate(&p, &Grid::from_cells(9, cells).unwrap()).is_err());
    // A grid valid in rows/columns/boxes but not on the diagonals.
    let x = Puzzle::new(common::x_sudoku(), Grid::empty(9)).unwrap();
    assert!(sudokit::validate(&x, good.givens()).is_err());
}
