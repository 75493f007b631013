//! The known-answer corpus (`tests/data/corpus.txt`, made by `corpus_gen`)
//! through every engine configuration of `common::engines` that supports
//! each line's geometry: the count at a limit above it, the verdict at
//! limit 2, the answer at limit 1, every solution validated, the stored
//! solution of a unique puzzle found, and every engine finding the same
//! solutions where the count is exact.

use std::collections::HashSet;
use std::ops::ControlFlow;

use sudokit::{Engine, Grid, HouseKind, Layout, Verdict};

use crate::common::corpus::{self, Case, Count};
use crate::common::engines;

/// Checks one engine on one case; returns the solutions found when the
/// count is exact (for comparing engines), or what is wrong.
fn check(case: &Case, engine: &mut dyn Engine) -> Result<Option<HashSet<Grid>>, String> {
    let puzzle = &case.puzzle;
    let (expected, limit) = match case.count {
        Count::Exact(c) => (c, c + 1),
        Count::MoreThan(n) => (n, n),
    };
    let mut grids = Vec::new();
    let a = engine
        .solve_with(puzzle, limit, &mut |g| {
            grids.push(g.clone());
            ControlFlow::Continue(())
        })
        .map_err(|e| format!("unsupported: {e}"))?;
    if a.count != expected {
        return Err(format!(
            "count {} at limit {limit}, stored {}",
            a.count, case.count
        ));
    }
    if grids.len() as u64 != a.count {
        return Err(format!("{} visits for a count of {}", grids.len(), a.count));
    }
    for g in &grids {
        sudokit::validate(puzzle, g).map_err(|e| format!("invalid solution: {e}"))?;
    }
    if grids.iter().collect::<HashSet<_>>().len() != grids.len() {
        return Err("a solution visited twice".into());
    }
    if a.first.as_ref() != grids.first() {
        return Err("`first` is not the first solution visited".into());
    }
    let exact = matches!(case.count, Count::Exact(_));
    if a.complete != exact || a.stopped.is_some() {
        return Err(format!(
            "complete {} (stopped {:?}) at limit {limit} for a count of {}",
            a.complete, a.stopped, case.count
        ));
    }
    if let (Some(stored), Some(first)) = (&case.solution, grids.first()) {
        if stored != first {
            return Err("the solution differs from the stored one".into());
        }
    }

    // Limit 1, through `solve` (which several engines implement apart).
    let b = engine.solve(puzzle, 1).expect("supported");
    let has = u64::from(expected > 0);
    if b.count != has || b.first.is_some() != (has == 1) {
        return Err(format!(
            "count {} at limit 1, stored {}",
            b.count, case.count
        ));
    }
    if let Some(first) = &b.first {
        sudokit::validate(puzzle, first).map_err(|e| format!("invalid at limit 1: {e}"))?;
        if case.solution.as_ref().is_some_and(|s| s != first) {
            return Err("the solution at limit 1 differs from the stored one".into());
        }
    }
    let knows_more = matches!(case.count, Count::MoreThan(_) | Count::Exact(2..));
    if (expected == 0 && !b.complete) || (knows_more && b.complete) {
        return Err(format!("complete {} at limit 1", b.complete));
    }

    // Limit 2: the verdict.
    let want = match case.count {
        Count::Exact(0) => Verdict::NoSolution,
        Count::Exact(1) => Verdict::Unique,
        _ => Verdict::Multiple,
    };
    let verdict = engine.solve(puzzle, 2).expect("supported").verdict();
    if verdict != Some(want) {
        return Err(format!("verdict {verdict:?} at limit 2, stored {want:?}"));
    }
    Ok(exact.then(|| grids.into_iter().collect()))
}

#[test]
fn every_engine_matches_the_corpus() {
    let cases = corpus::parse(corpus::TEXT);
    let mut engines = engines();
    let mut runs = vec![0usize; engines.len()];
    let mut failures = Vec::new();
    for case in &cases {
        let at = format!("{}:{} ({})", corpus::PATH, case.line, case.kind);
        if let Some(s) = &case.solution {
            if let Err(e) = sudokit::validate(&case.puzzle, s) {
                failures.push(format!("{at}: the stored solution is invalid: {e}"));
            }
        }
        let mut reference: Option<(&str, HashSet<Grid>)> = None;
        for ((name, engine), runs) in engines.iter_mut().zip(&mut runs) {
            if !engine.supports(case.puzzle.geometry()) {
                if engine.solve(&case.puzzle, 1).is_ok() {
                    failures.push(format!("{at} [{name}]: solved an unsupported geometry"));
                }
                continue;
            }
            *runs += 1;
            match check(case, engine.as_mut()) {
                Err(e) => failures.push(format!("{at} [{name}]: {e}")),
                Ok(Some(set)) => match &reference {
                    Some((first, expected)) if *expected != set => {
                        failures.push(format!("{at} [{name}]: other solutions than {first}"));
                    }
                    Some(_) => {}
                    None => reference = Some((name, set)),
                },
                Ok(None) => {}
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
    // Every engine ran, the 9x9-only ones on every classic line.
    let classic = cases
        .iter()
        .filter(|c| c.puzzle.geometry().is_classic())
        .count();
    for ((name, _), runs) in engines.iter().zip(&runs) {
        assert!(*runs >= classic, "{name} ran on {runs} lines");
    }
}

/// The corpus holds what it should: every kind of geometry, and 0, 1 and
/// several solutions among the classic puzzles.
#[test]
fn the_corpus_covers_every_geometry() {
    let cases = corpus::parse(corpus::TEXT);
    assert!((250..1000).contains(&cases.len()), "{}", cases.len());
    assert!(corpus::TEXT.len() < 100_000, "{}", corpus::TEXT.len());
    let has = |f: &dyn Fn(&Case) -> bool| cases.iter().any(f);
    for n in [1, 2, 3, 4, 6, 8, 9, 12, 16, 25, 36] {
        assert!(has(&|c| c.puzzle.size() == n), "side {n}");
    }
    for (r, c) in [(2, 3), (3, 2), (3, 4), (4, 3)] {
        assert!(has(&|k| k.puzzle.geometry().box_shape() == Some((r, c))));
    }
    for n in [6, 9] {
        assert!(has(
            &|c| c.puzzle.size() == n && c.puzzle.geometry().layout() == Layout::Jigsaw
        ));
    }
    for kind in [HouseKind::Diagonal, HouseKind::Window] {
        assert!(has(&|c| c
            .puzzle
            .geometry()
            .houses()
            .iter()
            .any(|h| h.kind() == kind)));
    }
    let classic = |c: &Case| c.puzzle.geometry().is_classic() && c.puzzle.candidates().is_none();
    let pencilmark = |c: &Case| c.puzzle.candidates().is_some();
    for count in [Count::Exact(0), Count::Exact(1), Count::MoreThan(50)] {
        assert!(has(&|c| classic(c) && c.count == count), "{count}");
        assert!(has(&|c| pencilmark(c) && c.count == count), "{count}");
    }
    assert!(has(&|c| classic(c) && c.count == Count::Exact(2)));
}
