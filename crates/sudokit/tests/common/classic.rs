//! The cross-checks the classic 9x9 engines (`fast9`, `triad9`) share:
//! generated puzzles solved by [`Dfs`] as the reference, handed to a
//! check of the engine under test.

use std::collections::HashSet;
use std::sync::Arc;

use rand::rngs::SmallRng;
use sudokit::{Dfs, Engine, Geometry, Grid, Puzzle};

use super::{
    mixed_puzzle, naive_count, pencilmark_puzzle, remove_clues, rng, solve_checked, solved_boxed,
};

/// Puzzles `0..n` of [`mixed_puzzle`] (from `seed`) at limits 1, 2 and 3:
/// `check(i, puzzle, limit, count)` with dfs's count. Returns how many
/// puzzles have 0, 1 and 2+ solutions.
pub fn mixed_against_dfs(
    seed: u64,
    n: usize,
    check: impl FnMut(usize, &Puzzle, u64, u64),
) -> [usize; 3] {
    against_dfs(mixed_puzzle, &[1, 2, 3], seed, n, check)
}

/// Puzzles `0..n` of [`pencilmark_puzzle`] (from `seed`) at limit 2:
/// `check(i, puzzle, 2, count)` with dfs's count. Returns how many puzzles
/// have 0, 1 and 2+ solutions.
pub fn pencilmarks_against_dfs(
    seed: u64,
    n: usize,
    check: impl FnMut(usize, &Puzzle, u64, u64),
) -> [usize; 3] {
    against_dfs(pencilmark_puzzle, &[2], seed, n, check)
}

/// Puzzles `0..n` of the series `make` (from `seed`) at each of `limits`
/// (among them 2): `check(i, puzzle, limit, count)` with dfs's count.
/// Returns how many puzzles have 0, 1 and 2+ solutions.
fn against_dfs(
    make: fn(&Arc<Geometry>, usize, &mut SmallRng) -> Puzzle,
    limits: &[u64],
    seed: u64,
    n: usize,
    mut check: impl FnMut(usize, &Puzzle, u64, u64),
) -> [usize; 3] {
    let g = Arc::new(Geometry::classic());
    let mut dfs = Dfs::new();
    let mut r = rng(seed);
    let mut kinds = [0usize; 3];
    for i in 0..n {
        let puzzle = make(&g, i, &mut r);
        for &limit in limits {
            let expected = solve_checked(&mut dfs, &puzzle, limit);
            check(i, &puzzle, limit, expected);
            if limit == 2 {
                kinds[expected.min(2) as usize] += 1;
            }
        }
    }
    kinds
}

/// The solutions `engine` visits (up to `limit`), as a set; none twice.
pub fn solution_set(engine: &mut dyn Engine, puzzle: &Puzzle, limit: u64) -> HashSet<Grid> {
    let mut seen = HashSet::new();
    engine
        .solve_with(puzzle, limit, &mut |s| {
            assert!(seen.insert(s.clone()), "a solution visited twice");
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
    seen
}

/// Forty sparse puzzles (30% of a random grid's clues, from `seed`), with
/// many solutions: each of `engines` finds as many as dfs up to `limit`,
/// and below it the same set, whose size the naive counter confirms.
pub fn solution_sets_match_dfs<E: Engine>(seed: u64, limit: u64, engines: &mut [E]) {
    let g = Arc::new(Geometry::classic());
    let mut r = rng(seed);
    let mut dfs = Dfs::new();
    for _ in 0..40 {
        let solution = solved_boxed(3, 3, &mut r);
        let puzzle = remove_clues(&g, &solution, 0.3, &mut r);
        let expected = solution_set(&mut dfs, &puzzle, limit);
        for (k, e) in engines.iter_mut().enumerate() {
            let got = solution_set(e, &puzzle, limit);
            assert_eq!(got.len(), expected.len(), "{} #{k}", e.name());
            // Below the limit both searches were exhaustive: the same set.
            if expected.len() < limit as usize {
                assert!(got == expected, "{} #{k}: other solutions", e.name());
            }
        }
        if expected.len() < limit as usize {
            assert_eq!(naive_count(&puzzle, limit), expected.len() as u64);
        }
    }
}
