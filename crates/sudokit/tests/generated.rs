//! Property tests on generated puzzles: random solved grid, clues removed,
//! solved again; every solution validated, counts checked where an oracle is
//! cheap.

use std::sync::Arc;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use sudokit::{Dfs, Engine, Geometry, Grid, Puzzle, Verdict};

use crate::common::{self, naive_count, remove_clues, rng, solve_checked, solved_boxed};

/// A random solved grid with boxes of `br` × `bc` (from `seed`), the puzzle
/// that keeps each of its cells with probability `keep`, and the rng for
/// what follows.
fn boxed_puzzle(br: usize, bc: usize, seed: u64, keep: f64) -> (Puzzle, Grid, SmallRng) {
    let mut r = rng(seed);
    let g = Arc::new(Geometry::boxed(br, bc).unwrap());
    let solution = solved_boxed(br, bc, &mut r);
    let puzzle = remove_clues(&g, &solution, keep, &mut r);
    (puzzle, solution, r)
}

/// The puzzle that keeps each cell of a random solution of `g` with
/// probability `keep`, or `None` when [`common::random_solution`] finds
/// none.
fn dug_puzzle(g: &Arc<Geometry>, r: &mut SmallRng, keep: f64) -> Option<Puzzle> {
    let solution = common::random_solution(g, r)?;
    Some(remove_clues(g, &solution, keep, r))
}

fn boxed_case(br: usize, bc: usize, seed: u64, keep: f64, limit: u64) {
    let (puzzle, solution, _) = boxed_puzzle(br, bc, seed, keep);
    let full = Puzzle::new(Arc::clone(puzzle.geometry()), solution.clone()).unwrap();
    sudokit::validate(&full, &solution).expect("generator makes valid grids");
    let mut dfs = Dfs::new();
    let count = solve_checked(&mut dfs, &puzzle, limit);
    assert!(count >= 1, "a puzzle made from a solution has one");
    let answer = dfs.solve(&puzzle, limit).unwrap();
    assert_eq!(answer.count, count, "deterministic");
    if answer.verdict() == Some(Verdict::Unique) {
        assert_eq!(answer.first.as_ref(), Some(&solution));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_4x4_counts_match_naive(seed: u64, keep in 0.0f64..0.8) {
        let (puzzle, ..) = boxed_puzzle(2, 2, seed, keep);
        prop_assert_eq!(solve_checked(&mut Dfs::new(), &puzzle, 400), naive_count(&puzzle, 400));
    }

    #[test]
    fn random_4x4_with_wrong_clues_match_naive(seed: u64, keep in 0.2f64..0.8, flips in 1usize..3) {
        use rand::Rng;
        let (puzzle, _, mut r) = boxed_puzzle(2, 2, seed, keep);
        let mut cells = puzzle.givens().cells().to_vec();
        for _ in 0..flips {
            let i = r.gen_range(0..16);
            cells[i] = Some(sudokit::Digit::new(r.gen_range(0..4)));
        }
        let g = Arc::clone(puzzle.geometry());
        let puzzle = Puzzle::new(g, Grid::from_cells(4, cells).unwrap()).unwrap();
        prop_assert_eq!(solve_checked(&mut Dfs::new(), &puzzle, 400), naive_count(&puzzle, 400));
    }

    #[test]
    fn random_6x6_counts_match_naive(seed: u64, keep in 0.3f64..0.8) {
        let (puzzle, ..) = boxed_puzzle(2, 3, seed, keep);
        prop_assert_eq!(solve_checked(&mut Dfs::new(), &puzzle, 50), naive_count(&puzzle, 50));
    }

    #[test]
    fn random_9x9(seed: u64, keep in 0.25f64..0.7) {
        boxed_case(3, 3, seed, keep, 2);
    }

    #[test]
    fn random_12x12(seed: u64, keep in 0.35f64..0.7) {
        boxed_case(3, 4, seed, keep, 2);
    }

    #[test]
    fn random_16x16(seed: u64, keep in 0.4f64..0.7) {
        boxed_case(4, 4, seed, keep, 2);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn random_25x25(seed: u64, keep in 0.45f64..0.7) {
        boxed_case(5, 5, seed, keep, 2);
    }

    #[test]
    fn random_jigsaw_9x9(seed: u64, swaps in 5usize..40, keep in 0.3f64..0.7) {
        let mut r = rng(seed);
        let g = Arc::new(common::random_jigsaw(&mut r, swaps));
        if let Some(puzzle) = dug_puzzle(&g, &mut r, keep) {
            prop_assert!(solve_checked(&mut Dfs::new(), &puzzle, 2) >= 1);
        }
    }

    #[test]
    fn random_x_sudoku(seed: u64, keep in 0.25f64..0.7) {
        let puzzle = dug_puzzle(&common::x_sudoku(), &mut rng(seed), keep);
        let puzzle = puzzle.expect("X-sudoku grids exist");
        prop_assert!(solve_checked(&mut Dfs::new(), &puzzle, 2) >= 1);
    }

    #[test]
    fn random_windoku(seed: u64, keep in 0.25f64..0.7) {
        let g = Arc::new(Geometry::classic().with_extra(sudokit::Extra::Windows).unwrap());
        let puzzle = dug_puzzle(&g, &mut rng(seed), keep).expect("windoku grids exist");
        prop_assert!(solve_checked(&mut Dfs::new(), &puzzle, 2) >= 1);
    }

    #[test]
    fn random_jigsaw_x_counts_match_naive_on_6x6(seed: u64, keep in 0.4f64..0.8) {
        // Small jigsaw + diagonals where the naive counter is cheap: 6x6 boxes
        // relabelled as a jigsaw map (2x3 boxes) plus diagonals.
        let regions: Vec<usize> = Geometry::square(6).unwrap().regions().collect();
        let g = Arc::new(Geometry::jigsaw(6, &regions).unwrap().with_extra(sudokit::Extra::Diagonals).unwrap());
        if let Some(puzzle) = dug_puzzle(&g, &mut rng(seed), keep) {
            prop_assert_eq!(solve_checked(&mut Dfs::new(), &puzzle, 20), naive_count(&puzzle, 20));
        }
    }
}

#[test]
fn a_36x36_puzzle_solves() {
    boxed_case(6, 6, 36, 0.6, 2);
}

#[test]
fn sixty_four_by_sixty_four_solves() {
    boxed_case(8, 8, 64, 0.7, 1);
}
