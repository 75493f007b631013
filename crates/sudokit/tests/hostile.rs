//! No panic is reachable from input: arbitrary bytes go through detection
//! and every reader (with arbitrary limits), every puzzle read is solved by
//! every engine under a small budget, and arbitrary region maps go through
//! `Geometry::jigsaw` and the engines. Every outcome must be an `Ok` or an
//! `Err`, every solution must pass `validate`, and a search cut by the
//! budget must say so.

use std::sync::Arc;

use proptest::prelude::*;
use sudokit::engine::dlx::Search;
use sudokit::format::{self, Format, Limits, ReadError};
use sudokit::{Auto, Budget, Dfs, Dlx, Engine, Geometry, Grid, Puzzle, Verdict};

fn engines() -> Vec<Box<dyn Engine>> {
    vec![
        Box::new(Dfs::new()),
        Box::new(Dlx::new()),
        Box::new(Dlx::with_search(Search::PerPuzzle)),
        Box::new(Dlx::with_search(Search::PerGeometry)),
        Box::new(Auto::new()),
    ]
}

/// Solves `puzzle` with every engine under a budget of `nodes` and checks
/// the answers.
fn solve_everywhere(puzzle: &Puzzle, nodes: u64) -> Result<(), TestCaseError> {
    let mut finished: Option<(u64, bool)> = None;
    for mut engine in engines() {
        if !engine.supports(puzzle.geometry()) {
            continue;
        }
        engine.set_budget(Budget::UNLIMITED.with_max_nodes(nodes));
        let a = engine.solve(puzzle, 2).expect("supported");
        prop_assert!(a.stats.nodes <= nodes, "{}", engine.name());
        prop_assert_eq!(a.first.is_some(), a.count > 0);
        if let Some(first) = &a.first {
            prop_assert!(
                sudokit::validate(puzzle, first).is_ok(),
                "{}",
                engine.name()
            );
        }
        match a.stopped {
            Some(_) => {
                prop_assert!(!a.complete && a.count < 2);
                prop_assert!(!matches!(
                    a.verdict(),
                    Some(Verdict::NoSolution | Verdict::Unique)
                ));
            }
            None => {
                // At the limit an engine may or may not know that nothing
                // else was left: `complete` is compared only below it.
                let got = (a.count, a.complete || a.count >= 2);
                if let Some(prev) = finished {
                    prop_assert_eq!(prev, got, "{}", engine.name());
                }
                finished = Some(got);
            }
        }
    }
    Ok(())
}

/// Reads `input` in `format` with `limits`, solving every puzzle read.
fn read_and_solve(format: Format, input: &[u8], limits: Limits) -> Result<(), TestCaseError> {
    for item in format::read_with_limits(format, input, limits) {
        match item {
            Ok(entry) => {
                prop_assert!(entry.puzzle.size() <= limits.max_side.max(16));
                solve_everywhere(&entry.puzzle, 300)?;
            }
            Err(ReadError::Parse(e)) => {
                prop_assert!(e.line >= 1);
                let _ = e.to_string();
            }
            Err(ReadError::Io(e)) => panic!("memory cannot fail: {e}"),
        }
    }
    Ok(())
}

fn limits() -> impl Strategy<Value = Limits> {
    (0usize..300, 1usize..=64).prop_map(|(max_line, max_side)| Limits {
        max_line,
        max_side,
        ..Limits::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic_any_reader(
        input in proptest::collection::vec(any::<u8>(), 0..600),
        limits in limits(),
    ) {
        let _ = format::detect(&input);
        let (detected, _) = format::detect_reader(&input[..]).expect("memory");
        if let Ok(f) = detected {
            read_and_solve(f, &input, Limits::default())?;
        }
        for f in Format::ALL {
            read_and_solve(f, &input, limits)?;
        }
    }

    #[test]
    fn puzzle_like_bytes_never_panic_any_reader_or_engine(
        input in crate::common::puzzle_bytes(700),
        limits in limits(),
    ) {
        if let Ok(f) = format::detect(&input) {
            read_and_solve(f, &input, Limits::default())?;
        }
        for f in Format::ALL {
            read_and_solve(f, &input, limits)?;
        }
    }

    #[test]
    fn arbitrary_region_maps_are_rejected_or_solved(
        n in 0usize..10,
        map in proptest::collection::vec(0usize..12, 0..100),
        givens in proptest::collection::vec(0u8..20, 0..100),
    ) {
        let Ok(g) = Geometry::jigsaw(n, &map) else {
            return Ok(());
        };
        let n = g.size();
        let cells = (0..n * n)
            .map(|i| givens.get(i).copied().filter(|&d| usize::from(d) < n).map(sudokit::Digit::new))
            .collect();
        let puzzle = Puzzle::new(Arc::new(g), Grid::from_cells(n, cells).unwrap()).unwrap();
        solve_everywhere(&puzzle, 2000)?;
    }

    #[test]
    fn shuffled_region_maps_of_every_small_side_solve_consistently(
        n in 1usize..=9,
        swaps in proptest::collection::vec((0usize..81, 0usize..81), 0..100),
        givens in proptest::collection::vec(0u8..30, 0..81),
    ) {
        // Valid maps (n regions of n cells, connected or not): cells shuffled,
        // then cut into runs of n.
        let mut order: Vec<usize> = (0..n * n).collect();
        for (a, b) in swaps {
            order.swap(a % (n * n), b % (n * n));
        }
        let mut map = vec![0; n * n];
        for (k, &c) in order.iter().enumerate() {
            map[c] = k / n;
        }
        let g = Geometry::jigsaw(n, &map).expect("a valid map");
        let cells = (0..n * n)
            .map(|i| givens.get(i).copied().filter(|&d| usize::from(d) < n).map(sudokit::Digit::new))
            .collect();
        let puzzle = Puzzle::new(Arc::new(g), Grid::from_cells(n, cells).unwrap()).unwrap();
        solve_everywhere(&puzzle, 2000)?;
    }
}
