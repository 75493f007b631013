//! `Auto` on large grids: dfs and dlx in turns, no solution visited twice,
//! the caller's budget bounding the whole solve.

use std::collections::HashSet;
use std::ops::ControlFlow;

use sudokit::engine::{Auto, Budget, Dfs, Engine};
use sudokit::format::line::parse_line;
use sudokit::{validate, Puzzle, Verdict};

/// A 16x16 with the cells of a pattern solution kept where a small LCG
/// says so (`keep` in 256ths): sparse ones have very many solutions.
fn sparse_16(keep: u64, seed: u64) -> Puzzle {
    const SYMBOLS: &[u8] = b"123456789ABCDEFG";
    let mut state = seed;
    let mut line = String::new();
    for r in 0..16 {
        for c in 0..16 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let symbol = SYMBOLS[(4 * (r % 4) + r / 4 + c) % 16] as char;
            line.push(if (state >> 56) < keep { symbol } else { '.' });
        }
    }
    parse_line(&line).expect("a 16x16 line")
}

/// Solutions are visited once each, however often the engines took turns,
/// and the count is dfs's.
#[test]
fn auto_visits_each_solution_of_a_large_grid_once() {
    // More solutions than dfs's first turn has nodes: the turns switch.
    for (keep, limit) in [(16, 2 * Auto::FIRST_ROUND), (96, 500)] {
        let puzzle = sparse_16(keep, 7);
        let mut seen = HashSet::new();
        let mut auto = Auto::new();
        let answer = auto
            .solve_with(&puzzle, limit, &mut |grid| {
                validate(&puzzle, grid).expect("a solution");
                assert!(seen.insert(grid.cells().to_vec()), "visited twice");
                ControlFlow::Continue(())
            })
            .expect("supported");
        assert_eq!(answer.count, seen.len() as u64);
        let dfs = Dfs::new().solve(&puzzle, limit).expect("supported");
        assert_eq!(answer.count, dfs.count, "keep {keep}");
        assert_eq!(answer.complete, dfs.complete);
        // Without a visitor: the same count.
        assert_eq!(
            auto.solve(&puzzle, limit).expect("supported").count,
            dfs.count
        );
    }
}

/// A node bound is the whole solve's, summed over the turns.
#[test]
fn auto_spends_at_most_the_node_budget_over_all_turns() {
    let puzzle = sparse_16(40, 3);
    for max in [1, 300, 20_000, 100_000] {
        let mut auto = Auto::new();
        auto.set_budget(Budget::UNLIMITED.with_max_nodes(max));
        let answer = auto.solve(&puzzle, 100_000).expect("supported");
        assert!(answer.stats.nodes <= max, "{} > {max}", answer.stats.nodes);
        if answer.stopped.is_some() {
            assert!(!answer.complete);
            assert_ne!(answer.verdict(), Some(Verdict::NoSolution));
        }
    }
}
