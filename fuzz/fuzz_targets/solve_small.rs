//! Arbitrary small puzzles (4x4, 6x6, 9x9, jigsaw up to 9x9, with or
//! without diagonals) solved by every engine: every solution passes
//! `sudokit::validate`; the engines that finish within [`NODES`] agree on
//! the count and on whether it is exact, and a unique solution is the same
//! for all. (A near-empty jigsaw with a random region map can take any
//! engine minutes to refute: the budget is what keeps such puzzles from
//! hanging a batch, and here from timing the fuzzer out.) Then again with a
//! tiny node budget: each engine either gives the same answer or says it
//! stopped (and then claims no verdict it cannot know).
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use sudokit::engine::dlx::Search;
use sudokit::engine::{Backend, Fast9, Triad9};
use sudokit::{Auto, Budget, Dfs, Digit, Dlx, Engine, Extra, Geometry, Grid, Puzzle, Verdict};

/// The node budget of the first pass.
const NODES: u64 = 5_000;

fn geometry(kind: u8, bytes: &mut impl Iterator<Item = u8>) -> Option<Geometry> {
    let g = match kind % 5 {
        0 => Geometry::square(4),
        1 => Geometry::square(6),
        2 => Geometry::square(9),
        3 => Geometry::boxed(2, 4),
        _ => {
            // A jigsaw of side 4..=9: cells shuffled by the bytes, cut into
            // runs of n (connected or not).
            let n = 4 + usize::from(bytes.next()? % 6);
            let mut order: Vec<usize> = (0..n * n).collect();
            for i in 0..n * n {
                let j = usize::from(bytes.next().unwrap_or(0)) % (n * n);
                order.swap(i, j);
            }
            let mut regions = vec![0; n * n];
            for (k, &c) in order.iter().enumerate() {
                regions[c] = k / n;
            }
            Geometry::jigsaw(n, &regions)
        }
    };
    let g = g.ok()?;
    if kind & 0x80 != 0 {
        g.with_extra(Extra::Diagonals).ok()
    } else {
        Some(g)
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let Some(kind) = bytes.next() else {
        return;
    };
    let Some(g) = geometry(kind, &mut bytes) else {
        return;
    };
    let n = g.size();
    // Each further byte is one cell: a digit when below n, else empty.
    let cells = (0..n * n)
        .map(|_| {
            let b = bytes.next().unwrap_or(u8::MAX);
            (usize::from(b) < n).then(|| Digit::new(b))
        })
        .collect();
    let grid = Grid::from_cells(n, cells).expect("digits below n");
    let puzzle = Puzzle::new(Arc::new(g), grid).expect("same side");
    let limit = 1 + u64::from(bytes.next().unwrap_or(1) % 3);
    let mut engines: Vec<Box<dyn Engine>> = vec![
        Box::new(Dfs::new()),
        Box::new(Dlx::new()),
        Box::new(Dlx::with_search(Search::PerPuzzle)),
        Box::new(Dlx::with_search(Search::PerGeometry)),
        Box::new(Auto::new()),
    ];
    if puzzle.geometry().is_classic() {
        // fast9 on every kernel this CPU runs (classic 9x9 only;
        // `Backend::Avx512` runs its AVX2 kernel).
        for backend in Backend::ALL {
            if let Some(engine) = Fast9::with_backend(backend).filter(|e| e.backend() == backend) {
                engines.push(Box::new(engine));
            }
        }
        // triad9 on every kernel this CPU runs.
        for backend in Backend::ALL {
            if let Some(engine) = Triad9::with_backend(backend) {
                engines.push(Box::new(engine));
            }
        }
    }
    let mut answers = Vec::new();
    for engine in &mut engines {
        engine.set_budget(Budget::UNLIMITED.with_max_nodes(NODES));
        let name = engine.name();
        let mut seen = 0u64;
        let answer = engine
            .solve_with(&puzzle, limit, &mut |grid| {
                seen += 1;
                if let Err(e) = sudokit::validate(&puzzle, grid) {
                    panic!("{name}: invalid solution: {e}");
                }
                std::ops::ControlFlow::Continue(())
            })
            .expect("every engine supports small grids");
        assert_eq!(seen, answer.count, "{name}: visits and count differ");
        assert!(answer.count <= limit);
        assert_eq!(answer.first.is_some(), answer.count > 0);
        answers.push((name, answer));
    }
    let finished: Vec<_> = answers
        .iter()
        .filter(|(_, a)| a.stopped.is_none())
        .collect();
    for (name, a) in &answers {
        if a.stopped.is_some() {
            assert!(
                !a.complete && a.count < limit && a.stats.nodes <= NODES,
                "{name}"
            );
        }
    }
    let Some((name0, a0)) = finished.first().map(|x| (x.0, &x.1)) else {
        return;
    };
    for (name, a) in &finished[1..] {
        // At the limit an engine may or may not know that nothing else was
        // left: `complete` is compared only below it.
        assert_eq!(
            (a.count, a.complete || a.count >= limit),
            (a0.count, a0.complete || a0.count >= limit),
            "{name0} and {name} disagree"
        );
        if a0.complete && a0.count == 1 {
            assert_eq!(
                a.first, a0.first,
                "{name0} and {name}: different unique solutions"
            );
        }
    }
    let max_nodes = u64::from(bytes.next().unwrap_or(0) % 8);
    for (engine, (name, full)) in engines.iter_mut().zip(&answers) {
        if full.stopped.is_some() {
            continue;
        }
        engine.set_budget(Budget::UNLIMITED.with_max_nodes(max_nodes));
        let cut = engine.solve(&puzzle, limit).expect("supported");
        assert!(
            cut.stats.nodes <= max_nodes,
            "{name}: {} nodes",
            cut.stats.nodes
        );
        match cut.stopped {
            None => assert_eq!(
                (cut.count, cut.complete, &cut.first),
                (full.count, full.complete, &full.first),
                "{name}: the budget changed the answer"
            ),
            Some(_) => {
                assert!(!cut.complete, "{name}: stopped but complete");
                assert!(cut.count < limit, "{name}: stopped at the limit");
                assert!(cut.count <= full.count);
                assert!(!matches!(
                    cut.verdict(),
                    Some(Verdict::NoSolution | Verdict::Unique)
                ));
            }
        }
        if let Some(first) = &cut.first {
            sudokit::validate(&puzzle, first).expect("a valid solution");
        }
    }
});
