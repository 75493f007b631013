//! `fast9` against `dfs` on generated 9x9 puzzles with 0, 1 and 2+
//! solutions, on every backend this CPU runs; every solution validated.

use std::sync::Arc;

use sudokit::engine::{Backend, Fast9, Triad9};
use sudokit::{Auto, Dfs, Engine, EngineKind, Geometry, Grid, Puzzle};

use crate::common::classic::{mixed_against_dfs, pencilmarks_against_dfs, solution_sets_match_dfs};
use crate::common::{mixed_puzzle, remove_clues, rng, solve_checked, solved_boxed};

/// The engines under test: one per available backend.
fn engines() -> Vec<Fast9> {
    // One per kernel: `Backend::Avx512` runs the AVX2 kernel.
    let engines: Vec<Fast9> = Backend::ALL
        .into_iter()
        .filter_map(|b| Fast9::with_backend(b).filter(|e| e.backend() == b))
        .collect();
    assert!(engines.iter().any(|e| e.backend() == Backend::Portable));
    engines
}

#[test]
fn agrees_with_dfs_on_generated_puzzles() {
    let mut engines = engines();
    let seen = mixed_against_dfs(9, 3000, |i, puzzle, limit, expected| {
        for e in &mut engines {
            let got = solve_checked(e, puzzle, limit);
            assert_eq!(got, expected, "{:?} at limit {limit} on {i}", e.backend());
        }
    });
    // The corpus has all three kinds, in numbers.
    assert!(seen.iter().all(|&k| k > 100), "{seen:?}");
}

#[test]
fn counts_and_solution_sets_match_dfs_and_the_naive_counter() {
    solution_sets_match_dfs(99, 50, &mut engines());
}

#[test]
fn backends_run_the_same_search() {
    let g = Arc::new(Geometry::classic());
    let mut r = rng(7);
    let mut engines = engines();
    for _ in 0..500 {
        let solution = solved_boxed(3, 3, &mut r);
        let puzzle = remove_clues(&g, &solution, 0.25, &mut r);
        let answers: Vec<_> = engines
            .iter_mut()
            .map(|e| e.solve(&puzzle, 2).unwrap())
            .collect();
        for a in &answers[1..] {
            assert_eq!(a, &answers[0], "same count, first solution and stats");
        }
    }
}

#[test]
fn only_classic_geometry_is_supported() {
    let mut e = Fast9::new();
    assert!(e.supports(&Geometry::classic()));
    let x = Geometry::classic()
        .with_extra(sudokit::Extra::Diagonals)
        .unwrap();
    assert!(!e.supports(&x));
    let four = Arc::new(Geometry::square(4).unwrap());
    let err = e
        .solve(&Puzzle::new(four, Grid::empty(4)).unwrap(), 1)
        .unwrap_err();
    assert_eq!(err.engine, "fast9");
    // Auto sends 9x9 to fast9 and the rest to dfs.
    let mut auto = EngineKind::Auto.build();
    let p = Puzzle::new(Arc::new(Geometry::square(4).unwrap()), Grid::empty(4)).unwrap();
    assert_eq!(auto.solve(&p, 300).unwrap().count, 288);
    assert_eq!("fast9".parse::<EngineKind>().unwrap(), EngineKind::Fast9);
}

#[test]
fn candidate_restrictions_are_honoured_like_dfs() {
    // Pencilmark puzzles: every cell keeps its solution digit plus random
    // others (sometimes none, so 0-solution cases occur via a wrong set).
    let mut engines = engines();
    let mut auto = EngineKind::Auto.build();
    let kinds = pencilmarks_against_dfs(31, 600, |i, puzzle, _, expected| {
        for e in &mut engines {
            let got = solve_checked(e, puzzle, 2);
            assert_eq!(got, expected, "{:?} on {i}", e.backend());
        }
        assert_eq!(solve_checked(auto.as_mut(), puzzle, 2), expected);
    });
    assert!(kinds.iter().all(|&k| k > 20), "{kinds:?}");
}

#[test]
fn auto_solve_is_the_chosen_engines_own_solve() {
    // `Auto::solve` hands the puzzle to triad9's (dense puzzles, where
    // triad9 runs a vector kernel), fast9's or dfs's `solve`, which builds
    // only the first grid; the answer must be the same as theirs and as
    // `solve_with`'s.
    let g = Arc::new(Geometry::classic());
    let mut r = rng(41);
    let mut auto = EngineKind::Auto.build();
    let mut fast9 = Fast9::new();
    let mut triad9 = Triad9::new();
    let vector = triad9.backend() != Backend::Portable;
    let mut taken = [0usize; 2];
    for i in 0..300 {
        let puzzle = mixed_puzzle(&g, i, &mut r);
        let dense = vector && puzzle.givens().filled() > Auto::sparse_givens_for(triad9.backend());
        taken[usize::from(dense)] += 1;
        for limit in [1, 2, 3] {
            let got = auto.solve(&puzzle, limit).unwrap();
            let chosen: &mut dyn Engine = if dense { &mut triad9 } else { &mut fast9 };
            assert_eq!(
                got,
                chosen.solve(&puzzle, limit).unwrap(),
                "limit {limit} on {i} ({})",
                chosen.name()
            );
            let visited = auto
                .solve_with(&puzzle, limit, &mut |_| std::ops::ControlFlow::Continue(()))
                .unwrap();
            assert_eq!(got, visited, "limit {limit} on {i}");
        }
    }
    assert!(taken[0] > 50 && (!vector || taken[1] > 50), "{taken:?}");
    if !vector {
        eprintln!("triad9 has no vector kernel on this CPU: auto used fast9 throughout");
    }
    let four = Puzzle::new(Arc::new(Geometry::square(4).unwrap()), Grid::empty(4)).unwrap();
    assert_eq!(
        auto.solve(&four, 5).unwrap(),
        Dfs::new().solve(&four, 5).unwrap()
    );
}
