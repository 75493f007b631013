//! True candidates: for every cell, the digits that appear in at least one
//! solution, with how many solutions use each (up to a cap).
//!
//! One search per candidate not yet seen in a solution, never an
//! enumeration of all solutions: each search fixes the candidate and asks
//! for up to `cap` solutions; every solution found marks all its digits,
//! so most candidates are proven by the solutions of others. A candidate
//! whose search finds nothing is removed from the root, which makes the
//! searches after it smaller.

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::search::solve_from;
use super::{to_sets, Unsupported, Variant};
use crate::budget::{Meter, StopReason};
use crate::digits::DigitSet;
use crate::outcome::Stats;
use crate::puzzle::Puzzle;
use crate::variant::Mask;

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

impl Variant {
    /// The true candidates of `puzzle` (see [`TrueCandidates`]), with
    /// solution counts per candidate up to `cap` (at least 1), within the
    /// engine's budget (shared by all the searches).
    ///
    /// # Errors
    /// [`Unsupported`] for grids larger than 16x16.
    pub fn true_candidates(
        &mut self,
        puzzle: &Puzzle,
        cap: u32,
    ) -> Result<TrueCandidates, Unsupported> {
        self.check_supported(puzzle)?;
        let cap = cap.max(1);
        let model = self.model_for(puzzle);
        let (n, cells) = (model.n, model.cells);
        let mut meter = Meter::start(self.budget);
        let mut stats = Stats::default();
        let mut out = TrueCandidates {
            n,
            candidates: vec![DigitSet(0); cells],
            counts: vec![0; cells * n],
            cap,
            complete: true,
            stopped: None,
            stats: Stats::default(),
        };
        // The root, propagated: candidates it removes are in no solution.
        let mut root = model.start.clone();
        self.propagator.reset(&model);
        self.propagator.touch_all(&model);
        if self.propagator.run(&model, &mut root).is_err() {
            return Ok(out);
        }
        let mut seen: HashSet<Vec<Mask>> = HashSet::new();
        let mut proven: Vec<Mask> = vec![0; cells];
        let mut scratch = vec![0 as Mask; cells];
        for cell in 0..cells {
            let mut todo = root[cell];
            while todo != 0 {
                let b = todo & todo.wrapping_neg();
                todo &= todo - 1;
                let d = b.trailing_zeros() as usize;
                if out.counts[cell * n + d] >= cap {
                    continue;
                }
                if root[cell] & b == 0 || (cap == 1 && proven[cell] & b != 0) {
                    continue;
                }
                scratch.copy_from_slice(&root);
                scratch[cell] = b;
                let mut found_here = 0u32;
                let counts = &mut out.counts;
                let exhaustive = solve_from(
                    &model,
                    &mut self.propagator,
                    &mut scratch,
                    Some(cell),
                    &mut meter,
                    &mut stats,
                    &mut |solution: &[Mask]| {
                        found_here += 1;
                        if seen.insert(solution.to_vec()) {
                            for (c, &m) in solution.iter().enumerate() {
                                proven[c] |= m;
                                let k = &mut counts[c * n + m.trailing_zeros() as usize];
                                *k = (*k + 1).min(cap);
                            }
                        }
                        if found_here >= cap {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    },
                );
                if meter.stopped().is_some() {
                    out.complete = false;
                    out.stopped = meter.stopped();
                    break;
                }
                if found_here == 0 && exhaustive {
                    // In no solution: drop it from the root for the searches
                    // that follow.
                    root[cell] &= !b;
                    self.propagator.reset(&model);
                    self.propagator.touch(cell);
                    if self.propagator.run(&model, &mut root).is_err() {
                        break;
                    }
                }
            }
            if !out.complete {
                break;
            }
        }
        out.candidates = to_sets(&proven);
        out.stats = stats;
        Ok(out)
    }
}
