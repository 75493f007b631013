//! Known solution counts of classic problems.

use std::collections::BTreeSet;
use std::time::Instant;

use exact_cover::{solve, Branching, Problem, Solver};

use super::models::{self, orientations, pentomino_shapes};

fn count(p: &Problem) -> u64 {
    let r = solve(p, None);
    assert!(r.complete);
    r.count
}

/// Counts with both branching modes and checks they agree (Knuth mode
/// explores the same tree, so it must find the same solutions).
fn count_both(p: &Problem) -> u64 {
    let mut s = Solver::new(p);
    let mrv = s.count();
    s.set_branching(Branching::Knuth);
    let knuth = s.count();
    assert!(mrv.complete && knuth.complete);
    assert_eq!(mrv.solutions, knuth.solutions);
    mrv.solutions
}

#[test]
fn queens_1_to_11() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680];
    for (n, &want) in (1..).zip(&expected) {
        let t = Instant::now();
        assert_eq!(count_both(&models::queens(n)), want, "n = {n}");
        eprintln!("queens {n}: {want} solutions in {:?}", t.elapsed());
    }
}

#[test]
fn queens_12() {
    let t = Instant::now();
    assert_eq!(count(&models::queens(12)), 14200);
    eprintln!("queens 12: {:?}", t.elapsed());
}

#[test]
fn queens_solutions_are_valid() {
    let n = 8;
    let p = models::queens(n);
    let mut s = Solver::new(&p);
    let mut boards = BTreeSet::new();
    for sol in s.solutions() {
        assert_eq!(sol.len(), n);
        let squares: Vec<(usize, usize)> = sol.iter().map(|&o| (o / n, o % n)).collect();
        for (a, &(r1, c1)) in squares.iter().enumerate() {
            for &(r2, c2) in &squares[a + 1..] {
                assert!(r1 != r2 && c1 != c2);
                assert_ne!(r1.abs_diff(r2), c1.abs_diff(c2));
            }
        }
        let mut sorted = sol.clone();
        sorted.sort_unstable();
        assert!(boards.insert(sorted));
    }
    assert_eq!(boards.len(), 92);
}

#[test]
fn langford_pairs() {
    for (n, want) in [
        (1, 0),
        (2, 0),
        (3, 2),
        (4, 2),
        (5, 0),
        (6, 0),
        (7, 52),
        (8, 300),
    ] {
        assert_eq!(count_both(&models::langford(n)), want, "n = {n}");
    }
}

#[test]
fn pentomino_orientations() {
    let shapes = pentomino_shapes();
    let names: String = shapes.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, "FILNPTUVWXYZ");
    assert!(shapes.iter().all(|(_, cells)| cells.len() == 5));
    let counts: Vec<usize> = shapes.iter().map(|(_, s)| orientations(s).len()).collect();
    assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    assert_eq!(counts.iter().sum::<usize>(), 63);
    // 6x10 board: 2056 placements.
    assert_eq!(models::pentominoes(6, 10).num_options(), 2056);
}

#[test]
fn pentomino_3x20() {
    assert_eq!(count_both(&models::pentominoes(3, 20)), 8);
}

/// The number of tilings of a `rows` × `columns` board, timed.
fn pentomino_tilings(rows: i32, columns: i32, want: u64) {
    let t = Instant::now();
    assert_eq!(count(&models::pentominoes(rows, columns)), want);
    eprintln!("pentomino {rows}x{columns}: {:?}", t.elapsed());
}

#[test]
fn pentomino_4x15() {
    pentomino_tilings(4, 15, 1472);
}

/// About 11 s in the test profile (opt-level 1); run with `--ignored`.
#[test]
#[ignore = "slow: ~11 s at opt-level 1"]
fn pentomino_5x12() {
    pentomino_tilings(5, 12, 4040);
}

/// About 20 s in the test profile (opt-level 1) and ~15 s with
/// optimisations on this 2-core machine (3.6 million nodes, 1.24 billion
/// updates in Knuth mode); run with `--ignored`.
#[test]
#[ignore = "slow: ~20 s at opt-level 1"]
fn pentomino_6x10() {
    let t = Instant::now();
    let p = models::pentominoes(6, 10);
    let mut s = Solver::new(&p);
    let mut tilings = BTreeSet::new();
    let summary = s.run(|sol| {
        let mut sorted = sol.to_vec();
        sorted.sort_unstable();
        tilings.insert(sorted);
        std::ops::ControlFlow::Continue(())
    });
    assert!(summary.complete);
    assert_eq!(summary.solutions, 9356);
    assert_eq!(tilings.len(), 9356);
    eprintln!("pentomino 6x10: {:?}, {} nodes", t.elapsed(), summary.nodes);
}

#[test]
fn knuth_color_example() {
    let p = Problem::parse(models::KNUTH_COLORS).unwrap();
    assert_eq!(p.num_primary(), 3);
    assert_eq!(p.num_secondary(), 2);
    assert_eq!(p.num_options(), 5);
    let r = solve(&p, None);
    assert_eq!(r.count, 1);
    assert!(r.complete);
    assert_eq!(r.first.as_deref(), Some(&[3, 1][..]));
    let first = r.first.unwrap();
    let lines: Vec<String> = first.iter().map(|&o| p.format_option(o)).collect();
    assert_eq!(lines, ["q x:A", "p r x:A y"]);
    assert_eq!(p.option_line(3), Some(6));
    assert_eq!(p.option_line(1), Some(4));
}

#[test]
fn knuth_exact_cover_example() {
    let p = Problem::parse(models::KNUTH_EXACT).unwrap();
    let r = solve(&p, None);
    assert_eq!(r.count, 1);
    let mut first = r.first.unwrap();
    first.sort_unstable();
    assert_eq!(first, [0, 3, 4]);
    let lines: BTreeSet<String> = first.iter().map(|&o| p.format_option(o)).collect();
    let want: BTreeSet<String> = ["a d f", "b g", "c e"].map(String::from).into();
    assert_eq!(lines, want);
}
