//! True candidates: for every cell, the digits that appear in at least one
//! solution, with how many solutions use each (up to a cap).
//!
//! A first search asks for a few solutions (16); when it is
//! exhaustive they are all the solutions and settle every candidate (a
//! unique puzzle costs one uniqueness check). Otherwise one search per
//! candidate not yet seen in a solution, never an enumeration of all
//! solutions: each search fixes the candidate and asks
//! for up to `cap` solutions; every solution found marks all its digits,
//! so most candidates are proven by the solutions of others. A candidate
//! whose search finds nothing is in no solution.
//!
//! [`by_solving`] does it through any engine's [`Engine::solve_with`], a
//! puzzle restricted to the candidate each time; the variant engine does
//! the same on its own compiled model (`Variant::true_candidates`), which
//! also drops each disproven candidate from the root.

use std::collections::HashSet;
use std::ops::ControlFlow;
use web_time::Instant;

use super::{Engine, Unsupported};
use crate::budget::{Budget, StopReason};
use crate::digits::{Digit, DigitSet};
use crate::outcome::Stats;
use crate::puzzle::Puzzle;

/// The true candidates of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    /// Side of the grid.
    pub n: usize,
    /// Per cell (row-major), the digits some solution puts there. All empty
    /// when the puzzle has no solution.
    pub candidates: Vec<DigitSet>,
    /// `counts[cell * n + digit]`: how many solutions put `digit` in `cell`,
    /// up to the cap asked for (so `cap` means "at least `cap`").
    pub counts: Vec<u32>,
    /// The cap of `counts`.
    pub cap: u32,
    /// Whether every candidate was settled (false when the budget ran out:
    /// then `candidates` holds those proven so far, and may miss some).
    pub complete: bool,
    /// Why the work stopped early, if it did.
    pub stopped: Option<StopReason>,
    /// Search effort over all the searches.
    pub stats: Stats,
}

impl TrueCandidates {
    /// Whether the puzzle has exactly one solution (every cell has one true
    /// candidate, used by one solution), when `complete` and `cap >= 2`.
    pub fn is_unique(&self) -> bool {
        self.candidates.iter().all(|c| c.len() == 1)
            && self.counts.iter().all(|&k| k <= 1)
            && !self.candidates.is_empty()
    }

    /// Whether the puzzle has no solution.
    pub fn is_empty(&self) -> bool {
        self.candidates.iter().all(|c| c.is_empty())
    }
}

/// Solutions the first pass asks for: when the puzzle has no more, they
/// settle every candidate at once.
pub(crate) const FIRST_PASS: u64 = 16;

/// True candidates through `engine`'s [`Engine::solve_with`]. The engine's
/// time limit bounds the whole job (each search gets what is left of it);
/// its node limit bounds each search.
///
/// # Errors
/// [`Unsupported`] when the engine cannot solve the puzzle.
pub fn by_solving<E: Engine + ?Sized>(
    engine: &mut E,
    puzzle: &Puzzle,
    cap: u32,
) -> Result<TrueCandidates, Unsupported> {
    let cap = cap.max(1);
    let budget = engine.budget().clone();
    let deadline = budget.time_limit.map(|t| Instant::now() + t);
    let result = candidates_within(engine, puzzle, cap, &budget, deadline);
    engine.set_budget(budget);
    result
}

/// [`by_solving`] with the job's `deadline`.
fn candidates_within<E: Engine + ?Sized>(
    engine: &mut E,
    puzzle: &Puzzle,
    cap: u32,
    budget: &Budget,
    deadline: Option<Instant>,
) -> Result<TrueCandidates, Unsupported> {
    let n = puzzle.size();
    let cells = puzzle.geometry().cell_count();
    let mut root: Vec<DigitSet> = match puzzle.candidates() {
        Some(c) => c.to_vec(),
        None => vec![DigitSet::full(n); cells],
    };
    for (r, g) in root.iter_mut().zip(puzzle.givens().cells()) {
        if let Some(d) = g {
            *r = DigitSet(r.0 & DigitSet::single(*d).0);
        }
    }
    let mut out = TrueCandidates {
        n,
        candidates: vec![DigitSet(0); cells],
        counts: vec![0; cells * n],
        cap,
        complete: true,
        stopped: None,
        stats: Stats::default(),
    };
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let mut add = |grid: &crate::grid::Grid, out: &mut TrueCandidates| {
        let values = grid.to_values();
        if seen.insert(values.clone()) {
            for (c, &v) in values.iter().enumerate() {
                let d = Digit::new(v - 1);
                out.candidates[c].insert(d);
                let k = &mut out.counts[c * n + d.index()];
                *k = (*k + 1).min(cap);
            }
        }
    };
    // A first search for a few solutions: when it is exhaustive, they are
    // all the solutions (a unique puzzle costs one uniqueness check).
    let s = engine.solve_with(puzzle, FIRST_PASS, &mut |grid| {
        add(grid, &mut out);
        ControlFlow::Continue(())
    })?;
    out.stats = s.stats;
    if s.stopped.is_some() {
        out.complete = false;
        out.stopped = s.stopped;
        return Ok(out);
    }
    if s.complete {
        return Ok(out);
    }
    'cells: for cell in 0..cells {
        for d in root[cell].iter() {
            let k = cell * n + d.index();
            if out.counts[k] >= cap || (cap == 1 && out.candidates[cell].contains(d)) {
                continue;
            }
            if let Some(d) = deadline {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    out.complete = false;
                    out.stopped = Some(StopReason::Time);
                    break 'cells;
                }
                engine.set_budget(budget.clone().with_time_limit(left));
            }
            let mut restricted = root.clone();
            restricted[cell] = DigitSet::single(d);
            let p = puzzle
                .clone()
                .with_candidates(restricted)
                .expect("one set per cell");
            let s = engine.solve_with(&p, u64::from(cap), &mut |grid| {
                add(grid, &mut out);
                ControlFlow::Continue(())
            })?;
            out.stats.nodes += s.stats.nodes;
            out.stats.guesses += s.stats.guesses;
            if s.stopped.is_some() {
                out.complete = false;
                out.stopped = s.stopped;
                break 'cells;
            }
            if s.count == 0 {
                root[cell].remove(d);
            }
        }
    }
    Ok(out)
}
