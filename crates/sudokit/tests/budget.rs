//! The budget ([`Budget`], [`Engine::set_budget`]): every engine stops a
//! search that runs out of nodes or time, says so in
//! [`Solutions::stopped`], and then claims no verdict it cannot know; a
//! budget the search does not reach changes nothing.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sudokit::engine::dlx::Search;
use sudokit::engine::{Dfs, Dlx};
use sudokit::{
    Auto, Budget, Cancel, Cell, Digit, DigitSet, Engine, Geometry, Grid, Puzzle, Solutions,
    StopReason, Verdict,
};

use crate::common::{random_jigsaw, remove_clues, rng, solved_boxed, x_sudoku};

/// Every engine (and every search of the exact-cover engine).
fn engines() -> Vec<Box<dyn Engine>> {
    let dlx = Search::ALL
        .into_iter()
        .map(|s| Box::new(Dlx::with_search(s)) as Box<dyn Engine>);
    let mut all: Vec<Box<dyn Engine>> = vec![Box::new(Dfs::new())];
    all.extend(dlx);
    all.push(Box::new(Auto::new()));
    all
}

/// A 16x16 with no solution whose contradiction the propagation of
/// [`Dfs`] cannot see: givens of the digits 12..=15 in boxes 0, 1, 2 (below
/// row 0) and in column 12 leave 13 cells of row 0 with only the 12 digits
/// 0..=11 (and the digits 12..=15 with 3 places for 4). Branching on those
/// cells refutes it only after trying about 12! placements.
pub fn deep_contradiction_16() -> Puzzle {
    let n = 16;
    let mut grid = Grid::empty(n);
    let mut give = |r: usize, c: usize, d: u8| grid.set(Cell::at(r, c, n), Some(Digit::new(d)));
    for k in 0..4u8 {
        let k_us = usize::from(k);
        give(1, k_us, 12 + k); // box 0
        give(2, 4 + k_us, 12 + k); // box 1
        give(3, 8 + k_us, 12 + k); // box 2
        give(4 + k_us, 12, 12 + k); // column 12, box 7
    }
    Puzzle::new(Arc::new(Geometry::square(n).unwrap()), grid).unwrap()
}

/// Checks what any stopped answer must satisfy.
fn check_stopped(name: &str, a: &Solutions, limit: u64, max_nodes: Option<u64>) {
    assert!(a.stopped.is_some(), "{name}: not stopped");
    assert!(!a.complete, "{name}: a stopped search is not complete");
    assert!(a.count < limit, "{name}: stopped at the solution limit");
    assert!(!matches!(
        a.verdict(),
        Some(Verdict::NoSolution | Verdict::Unique)
    ));
    if let Some(max) = max_nodes {
        assert!(a.stats.nodes <= max, "{name}: {} nodes", a.stats.nodes);
    }
}

#[test]
fn a_deep_contradiction_is_refuted_or_cut_at_the_node_bound() {
    let puzzle = deep_contradiction_16();
    let max = 20_000;
    let mut stopped = 0;
    for mut engine in engines() {
        engine.set_budget(Budget::UNLIMITED.with_max_nodes(max));
        for limit in [1, 2] {
            let a = engine.solve(&puzzle, limit).unwrap();
            assert_eq!(a.count, 0, "{}: it has no solution", engine.name());
            if a.stopped.is_some() {
                check_stopped(engine.name(), &a, limit, Some(max));
                assert_eq!(a.stopped, Some(StopReason::Nodes));
                assert_eq!(a.stats.nodes, max, "{}", engine.name());
                stopped += 1;
            } else {
                // Exact cover sees the 4 digits with 3 places at once.
                assert_eq!(a.verdict(), Some(Verdict::NoSolution), "{}", engine.name());
            }
            // Auto gives large grids to dlx in turn with dfs.
            if engine.name() == "auto" {
                assert_eq!(a.verdict(), Some(Verdict::NoSolution));
            }
        }
    }
    // Dfs runs into the bound.
    assert!(stopped >= 2, "{stopped}");
}

#[test]
fn a_time_limit_stops_a_hopeless_search_soon_after_it_expires() {
    let puzzle = deep_contradiction_16();
    let mut engine = Dfs::new();
    engine.set_budget(Budget::UNLIMITED.with_time_limit(Duration::from_millis(200)));
    let start = Instant::now();
    let a = engine.solve(&puzzle, 2).unwrap();
    let took = start.elapsed();
    check_stopped("dfs", &a, 2, None);
    assert_eq!(a.stopped, Some(StopReason::Time));
    assert!(took >= Duration::from_millis(200), "{took:?}");
    // Generous: the clock is read every 1024 nodes, and the machine is
    // shared; the search alone would run for hours.
    assert!(took < Duration::from_secs(20), "{took:?}");
}

#[test]
fn every_engine_honours_a_time_limit_on_a_hard_search() {
    // An empty 25x25 counted up to a huge limit: every engine is still
    // counting (or still looking for the first solution, on a loaded
    // machine) when the time runs out.
    let puzzle = Puzzle::new(Arc::new(Geometry::square(25).unwrap()), Grid::empty(25)).unwrap();
    for mut engine in engines() {
        engine.set_budget(Budget::UNLIMITED.with_time_limit(Duration::from_millis(50)));
        let limit = u64::MAX;
        let start = Instant::now();
        let a = engine.solve(&puzzle, limit).unwrap();
        let took = start.elapsed();
        check_stopped(engine.name(), &a, limit, None);
        assert_eq!(a.stopped, Some(StopReason::Time), "{}", engine.name());
        assert!(
            took < Duration::from_secs(20),
            "{}: {took:?}",
            engine.name()
        );
        // What was found before the stop is kept, and valid.
        assert_eq!(a.first.is_some(), a.count > 0);
        if let Some(first) = &a.first {
            sudokit::validate(&puzzle, first).unwrap();
        }
    }
}

#[test]
fn a_budget_the_search_does_not_reach_changes_nothing() {
    let mut r = rng(66);
    for (br, bc) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
        let n = br * bc;
        let solved = solved_boxed(br, bc, &mut r);
        let geometry = Arc::new(Geometry::boxed(br, bc).unwrap());
        let puzzle = remove_clues(&geometry, &solved, 0.4, &mut r);
        for mut engine in engines() {
            let free = engine.solve(&puzzle, 2).unwrap();
            assert_eq!(free.stopped, None);
            engine.set_budget(
                Budget::UNLIMITED
                    .with_max_nodes(free.stats.nodes)
                    .with_time_limit(Duration::from_secs(3600)),
            );
            let bounded = engine.solve(&puzzle, 2).unwrap();
            assert_eq!(bounded, free, "{} {n}x{n}", engine.name());
            // One node fewer than it needs: stopped, unless the last node
            // was not needed to conclude.
            if free.stats.nodes > 0 {
                engine.set_budget(Budget::UNLIMITED.with_max_nodes(free.stats.nodes - 1));
                let cut = engine.solve(&puzzle, 2).unwrap();
                if cut.stopped.is_some() {
                    check_stopped(engine.name(), &cut, 2, Some(free.stats.nodes - 1));
                }
            }
            engine.set_budget(Budget::UNLIMITED);
            assert_eq!(engine.solve(&puzzle, 2).unwrap(), free);
        }
    }
}

#[test]
fn a_zero_node_budget_stops_any_search_before_it_starts() {
    let puzzle = deep_contradiction_16();
    for mut engine in engines() {
        engine.set_budget(Budget::UNLIMITED.with_max_nodes(0));
        let a = engine.solve(&puzzle, 1).unwrap();
        if a.stopped.is_some() {
            check_stopped(engine.name(), &a, 1, Some(0));
        } else {
            // Refuted before any search node (never the case for this
            // puzzle today, but allowed by the contract).
            assert_eq!(a.verdict(), Some(Verdict::NoSolution));
        }
    }
}

#[test]
fn fast9_and_triad9_honour_the_budget_on_every_kernel() {
    // A hard 9x9 (from forum_hardest): many search nodes at limit 2.
    let puzzle = sudokit::format::line::parse_line(
        "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8",
    )
    .unwrap();
    let mut checked = 0;
    let classic = crate::common::engines()
        .into_iter()
        .filter(|(name, _)| name.starts_with("fast9/") || name.starts_with("triad9/"));
    for (name, mut engine) in classic {
        let free = engine.solve(&puzzle, 2).unwrap();
        assert_eq!((free.stopped, free.count), (None, 1), "{name}");
        assert!(free.stats.nodes > 10, "{name}: {}", free.stats.nodes);
        engine.set_budget(Budget::UNLIMITED.with_max_nodes(free.stats.nodes));
        assert_eq!(engine.solve(&puzzle, 2).unwrap(), free, "{name}");
        for max in [0, 1, free.stats.nodes / 2, free.stats.nodes - 1] {
            engine.set_budget(Budget::UNLIMITED.with_max_nodes(max));
            let cut = engine.solve(&puzzle, 2).unwrap();
            assert_eq!(cut.stopped, Some(StopReason::Nodes), "{name} {max}");
            check_stopped(&name, &cut, 2, Some(max));
        }
        engine.set_budget(Budget::UNLIMITED.with_time_limit(Duration::ZERO));
        let cut = engine.solve(&puzzle, 2).unwrap();
        assert_eq!(cut.stopped, Some(StopReason::Time), "{name}");
        check_stopped(&name, &cut, 2, None);
        engine.set_budget(Budget::UNLIMITED);
        assert_eq!(engine.solve(&puzzle, 2).unwrap(), free, "{name}");
        checked += 1;
    }
    // At least the portable kernels of both.
    assert!(checked >= 2, "{checked}");
}

/// Puzzles no search can finish within a tiny budget (every one is empty,
/// with a huge number of solutions): plain, pencilmark (every candidate
/// allowed, as the 729-character pencilmark line of 81 `123456789`),
/// jigsaw, and with extra houses (X-sudoku).
fn open_puzzles() -> Vec<(&'static str, Puzzle)> {
    let classic = Arc::new(Geometry::classic());
    let empty = |g: &Arc<Geometry>| Puzzle::new(Arc::clone(g), Grid::empty(9)).unwrap();
    let pencilmark = empty(&classic)
        .with_candidates(vec![DigitSet::full(9); 81])
        .unwrap();
    let jigsaw = Arc::new(random_jigsaw(&mut rng(7), 200));
    vec![
        ("plain", empty(&classic)),
        ("pencilmark", pencilmark),
        ("jigsaw", empty(&jigsaw)),
        ("x-sudoku", empty(&x_sudoku())),
    ]
}

#[test]
fn every_engine_reports_a_budget_stop_as_a_stop_on_every_kind_of_puzzle() {
    // Finding a solution of an empty 9x9 takes more than 20 search nodes
    // (at least one guess per clue of a minimal puzzle), and the clock is
    // read at the first node, so every search below is cut.
    let raised = Cancel::new();
    raised.cancel();
    let budgets = [
        (Budget::UNLIMITED.with_max_nodes(0), StopReason::Nodes),
        (Budget::UNLIMITED.with_max_nodes(2), StopReason::Nodes),
        (Budget::UNLIMITED.with_max_nodes(20), StopReason::Nodes),
        (
            Budget::UNLIMITED.with_time_limit(Duration::ZERO),
            StopReason::Time,
        ),
        (Budget::UNLIMITED.with_cancel(raised), StopReason::Cancelled),
    ];
    let mut checked = 0;
    for (kind, puzzle) in open_puzzles() {
        for (name, mut engine) in crate::common::engines() {
            if !engine.supports(puzzle.geometry()) {
                continue;
            }
            for (budget, reason) in &budgets {
                let reason = *reason;
                engine.set_budget(budget.clone());
                for limit in [1, 2, u64::MAX] {
                    let a = engine.solve(&puzzle, limit).unwrap();
                    let what = format!("{name}, {kind}, {budget:?}, limit {limit}");
                    assert_eq!(a.stopped, Some(reason), "{what}: {a:?}");
                    check_stopped(&what, &a, limit, budget.max_nodes);
                    assert_eq!(a.verdict(), None, "{what}");
                    checked += 1;
                }
            }
        }
    }
    // 4 puzzle kinds x 5 budgets x 3 limits, for at least dfs, auto, dlx
    // (3 searches) and portable fast9 and triad9.
    assert!(checked >= 4 * 5 * 3 * 5, "{checked}");
}

#[test]
fn a_cancel_raised_from_another_thread_stops_a_search_that_would_never_end() {
    // Counting the solutions of an empty 25x25 never ends; the flag is
    // raised while each engine is deep in it.
    let empty = Puzzle::new(Arc::new(Geometry::boxed(5, 5).unwrap()), Grid::empty(25)).unwrap();
    let mut checked = 0;
    for (name, mut engine) in crate::common::engines() {
        if !engine.supports(empty.geometry()) {
            continue;
        }
        let cancel = Cancel::new();
        engine.set_budget(Budget::UNLIMITED.with_cancel(cancel.clone()));
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            cancel.cancel();
        });
        let a = engine.solve(&empty, u64::MAX).unwrap();
        raiser.join().unwrap();
        assert_eq!(a.stopped, Some(StopReason::Cancelled), "{name}: {a:?}");
        assert!(!a.complete, "{name}");
        checked += 1;
    }
    assert!(checked >= 3, "{checked}");
}

#[test]
fn a_time_limit_bounds_a_whole_true_candidates_job() {
    // An empty 25x25 has every candidate true, but the first pass's 16
    // solutions settle few of them: one search per candidate follows, each
    // quick, thousands in all. The limit is for the job, not each search.
    let empty = Puzzle::new(Arc::new(Geometry::boxed(5, 5).unwrap()), Grid::empty(25)).unwrap();
    let limit = Duration::from_millis(300);
    for (name, mut engine) in [
        ("dfs", Box::new(Dfs::new()) as Box<dyn Engine>),
        ("auto", Box::new(Auto::new())),
    ] {
        let budget = Budget::UNLIMITED.with_time_limit(limit);
        engine.set_budget(budget.clone());
        let start = Instant::now();
        let t = engine.true_candidates(&empty, 1).unwrap();
        let took = start.elapsed();
        assert!(!t.complete, "{name}");
        assert_eq!(t.stopped, Some(StopReason::Time), "{name}");
        // Generous for a shared machine; unbounded, the job takes minutes.
        assert!(took < Duration::from_secs(5), "{name}: {took:?}");
        // The engine keeps the budget it was given.
        assert_eq!(engine.budget(), &budget, "{name}");
    }
}
