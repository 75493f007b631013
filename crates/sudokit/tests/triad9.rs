//! `triad9` (the experimental box/band engine) against `dfs` on generated
//! 9x9 puzzles with 0, 1 and 2+ solutions; every solution validated.

use std::collections::HashSet;
use std::sync::Arc;

use sudokit::engine::{Backend, Triad9};
use sudokit::{Dfs, Engine, EngineKind, Geometry, Grid, Puzzle};

use crate::common::{
    mixed_puzzle, naive_count, pencilmark_puzzle, remove_clues, rng, solve_checked, solved_boxed,
};

#[test]
fn agrees_with_dfs_on_generated_puzzles() {
    let g = Arc::new(Geometry::classic());
    // The default kernel, and every kernel this CPU runs, which must all run
    // the same search (the same count, first solution, nodes and guesses).
    let mut triad = Triad9::new();
    let mut others: Vec<Triad9> = Backend::ALL
        .into_iter()
        .filter_map(Triad9::with_backend)
        .collect();
    assert_eq!(others[0].backend(), Backend::Portable);
    if others.len() < Backend::ALL.len() {
        eprintln!(
            "only {} of the triad9 kernels run on this CPU",
            others.len()
        );
    }
    let mut dfs = Dfs::new();
    let mut r = rng(19);
    let mut seen = [0usize; 3];
    for i in 0..2000 {
        let puzzle = mixed_puzzle(&g, i, &mut r);
        for limit in [1, 2, 3] {
            let expected = solve_checked(&mut dfs, &puzzle, limit);
            let got = solve_checked(&mut triad, &puzzle, limit);
            assert_eq!(got, expected, "limit {limit} on {i}");
            let full = triad.solve(&puzzle, limit).unwrap();
            for other in &mut others {
                assert_eq!(
                    full,
                    other.solve(&puzzle, limit).unwrap(),
                    "the {} kernel, limit {limit} on {i}",
                    other.backend().name()
                );
            }
            if limit == 2 {
                seen[expected.min(2) as usize] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&k| k > 70), "{seen:?}");
}

#[test]
fn the_same_solution_sets_as_dfs() {
    let g = Arc::new(Geometry::classic());
    let mut r = rng(199);
    let (mut dfs, mut triad) = (Dfs::new(), Triad9::new());
    let all = |e: &mut dyn Engine, p: &Puzzle| {
        let mut seen = HashSet::new();
        e.solve_with(p, 60, &mut |s| {
            assert!(seen.insert(s.clone()), "a solution visited twice");
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
        seen
    };
    for _ in 0..40 {
        let solution = solved_boxed(3, 3, &mut r);
        let puzzle = remove_clues(&g, &solution, 0.3, &mut r);
        let expected = all(&mut dfs, &puzzle);
        let got = all(&mut triad, &puzzle);
        assert_eq!(got.len(), expected.len());
        if expected.len() < 60 {
            assert!(got == expected, "other solutions");
            assert_eq!(naive_count(&puzzle, 60), expected.len() as u64);
        }
    }
}

#[test]
fn candidate_restrictions_are_honoured_like_dfs() {
    // Clashing givens and the empty grid are in the corpus (`corpus.rs`).
    let g = Arc::new(Geometry::classic());
    let mut e = Triad9::new();
    let mut r = rng(41);
    let mut dfs = Dfs::new();
    let mut kinds = [0usize; 3];
    for i in 0..400 {
        let puzzle = pencilmark_puzzle(&g, i, &mut r);
        let expected = solve_checked(&mut dfs, &puzzle, 2);
        kinds[expected.min(2) as usize] += 1;
        assert_eq!(solve_checked(&mut e, &puzzle, 2), expected, "on {i}");
    }
    assert!(kinds.iter().all(|&k| k > 15), "{kinds:?}");
}

#[test]
fn only_classic_geometry_is_supported() {
    let mut e = Triad9::new();
    assert!(e.supports(&Geometry::classic()));
    let four = Arc::new(Geometry::square(4).unwrap());
    let err = e
        .solve(&Puzzle::new(four, Grid::empty(4)).unwrap(), 1)
        .unwrap_err();
    assert_eq!(err.engine, "triad9");
    assert_eq!("triad9".parse::<EngineKind>().unwrap(), EngineKind::Triad9);
}
