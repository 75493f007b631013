//! Known solution counts.

use std::sync::Arc;

use sudokit::format::line::parse_line;
use sudokit::{Dfs, Engine, Geometry, Grid, Puzzle, Verdict};

use crate::common::{self, naive_count, solve_checked};

fn empty(n: usize) -> Puzzle {
    Puzzle::new(Arc::new(Geometry::square(n).unwrap()), Grid::empty(n)).unwrap()
}

#[test]
fn empty_4x4_has_288_solutions() {
    let puzzle = empty(4);
    let mut dfs = Dfs::new();
    let answer = dfs.solve(&puzzle, 1000).unwrap();
    assert_eq!(answer.count, 288);
    assert!(answer.complete);
    assert_eq!(solve_checked(&mut dfs, &puzzle, 1000), 288);
    assert_eq!(naive_count(&puzzle, 1000), 288);
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

/// A solved grid with a "deadly pattern" (a, b / b, a in two rows, two
/// columns, two boxes) blanked has exactly two solutions.
#[test]
fn unique_rectangle_gives_two_solutions() {
    let line = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let solved = parse_line(line).unwrap();
    let n = 9;
    let v = |r: usize, c: usize| solved.givens().cells()[r * n + c];
    // Find rows r1, r2 in one band and columns c1, c2 in different stacks with
    // v(r1,c1) == v(r2,c2) and v(r1,c2) == v(r2,c1).
    let mut found = None;
    'outer: for r1 in 0..9 {
        for r2 in r1 + 1..(r1 / 3) * 3 + 3 {
            for c1 in 0..9 {
                for c2 in (c1 / 3 + 1) * 3..9 {
                    if v(r1, c1) == v(r2, c2) && v(r1, c2) == v(r2, c1) {
                        found = Some((r1, r2, c1, c2));
                        break 'outer;
                    }
                }
            }
        }
    }
    let (r1, r2, c1, c2) = found.expect("this grid has a unique rectangle");
    let mut cells = solved.givens().cells().to_vec();
    for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
        cells[r * n + c] = None;
    }
    let puzzle = Puzzle::new(
        Arc::clone(solved.geometry()),
        Grid::from_cells(n, cells).unwrap(),
    )
    .unwrap();
    let mut dfs = Dfs::new();
    assert_eq!(solve_checked(&mut dfs, &puzzle, 2), 2);
    assert_eq!(solve_checked(&mut dfs, &puzzle, 100), 2);
    let answer = dfs.solve(&puzzle, 100).unwrap();
    assert!(answer.complete);
    assert_eq!(answer.verdict(), Some(Verdict::Multiple));
}

#[test]
fn contradictory_puzzles_have_no_solution() {
    let mut dfs = Dfs::new();
    // Two 1s in the first row.
    let clash = parse_line(&format!("11{}", ".".repeat(79))).unwrap();
    let a = dfs.solve(&clash, 2).unwrap();
    assert_eq!(
        (a.count, a.complete, a.verdict()),
        (0, true, Some(Verdict::NoSolution))
    );
    // No direct clash, but r1c9 has no candidate: 1-8 in its row, 9 in its column.
    let hidden = parse_line(&format!("12345678.{}9", ".".repeat(71))).unwrap();
    assert_eq!(dfs.solve(&hidden, 2).unwrap().count, 0);
    assert_eq!(naive_count(&hidden, 2), 0);
}

#[test]
fn acwing_samples_are_unique_with_the_published_solutions() {
    let cases = [
        (
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
        ),
        (
            "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
            "416837529982465371735129468571298643293746185864351297647913852359682714128574936",
        ),
        (
            ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
            "527389416819426735436751829375692184194538267268174593643217958951843672782965341",
        ),
    ];
    let mut dfs = Dfs::new();
    for (puzzle, solution) in cases {
        let p = parse_line(puzzle).unwrap();
        let answer = dfs.solve(&p, 2).unwrap();
        assert_eq!(answer.verdict(), Some(Verdict::Unique));
        let expected = parse_line(solution).unwrap();
        assert_eq!(answer.first.as_ref(), Some(expected.givens()));
        sudokit::validate(&p, answer.first.as_ref().unwrap()).unwrap();
    }
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

#[test]
fn sizes_one_through_nine_with_empty_grids() {
    // Every box geometry up to 9x9 has a solution; counts match the naive
    // counter for the small ones.
    for (br, bc) in [(1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (2, 4), (3, 3)] {
        let g = Arc::new(Geometry::boxed(br, bc).unwrap());
        let n = g.size();
        let p = Puzzle::new(g, Grid::empty(n)).unwrap();
        let mut dfs = Dfs::new();
        assert!(solve_checked(&mut dfs, &p, 1) == 1, "{br}x{bc}");
        if n <= 4 {
            assert_eq!(
                dfs.solve(&p, 10_000).unwrap().count,
                naive_count(&p, 10_000),
                "{br}x{bc}"
            );
        }
    }
}
