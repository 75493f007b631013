//! `triad9` (the experimental box/band engine) against `dfs` on generated
//! 9x9 puzzles with 0, 1 and 2+ solutions; every solution validated.

use std::sync::Arc;

use sudokit::engine::{Backend, Triad9};
use sudokit::{Engine, EngineKind, Geometry, Grid, Puzzle};

use crate::common::classic::{mixed_against_dfs, pencilmarks_against_dfs, solution_sets_match_dfs};
use crate::common::solve_checked;

#[test]
fn agrees_with_dfs_on_generated_puzzles() {
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
    let seen = mixed_against_dfs(19, 2000, |i, puzzle, limit, expected| {
        let got = solve_checked(&mut triad, puzzle, limit);
        assert_eq!(got, expected, "limit {limit} on {i}");
        let full = triad.solve(puzzle, limit).unwrap();
        for other in &mut others {
            assert_eq!(
                full,
                other.solve(puzzle, limit).unwrap(),
                "the {} kernel, limit {limit} on {i}",
                other.backend().name()
            );
        }
    });
    assert!(seen.iter().all(|&k| k > 70), "{seen:?}");
}

#[test]
fn the_same_solution_sets_as_dfs() {
    solution_sets_match_dfs(199, 60, &mut [Triad9::new()]);
}

#[test]
fn candidate_restrictions_are_honoured_like_dfs() {
    // Clashing givens and the empty grid are in the corpus (`corpus.rs`).
    let mut e = Triad9::new();
    let kinds = pencilmarks_against_dfs(41, 400, |i, puzzle, _, expected| {
        assert_eq!(solve_checked(&mut e, puzzle, 2), expected, "on {i}");
    });
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
