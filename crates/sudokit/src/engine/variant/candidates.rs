//! True candidates on the variant engine's own model (see
//! [`crate::engine::candidates`]): the root is propagated once, and a
//! candidate whose search finds nothing is removed from it, which makes the
//! searches after it smaller.

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::search::solve_from;
use super::{to_sets, Unsupported, Variant};
use crate::budget::Meter;
use crate::digits::DigitSet;
use crate::engine::TrueCandidates;
use crate::outcome::Stats;
use crate::puzzle::Puzzle;
use crate::variant::Mask;

impl Variant {
    /// [`Engine::true_candidates`](crate::Engine::true_candidates) on the
    /// variant engine's model, the budget shared by all the searches.
    pub(super) fn candidates_on_model(
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
