//! True candidates on the variant engine's own model (see
//! [`crate::engine::candidates`]): the root is propagated once, and a
//! candidate whose search finds nothing is removed from it, which makes the
//! searches after it smaller.

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::learn;
use super::model::Model;
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
        let mut model = self.model_for(puzzle);
        let (n, cells) = (model.n, model.cells);
        let user = self.budget.clone();
        let mut meter = Meter::start(&super::short_budget(&user));
        let mut learnt = false;
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
        let mut found = Found {
            seen: HashSet::new(),
            proven: vec![0; cells],
            n,
            cap,
        };
        loop {
            // The root, propagated: candidates it removes are in no solution.
            let mut root = model.start.clone();
            self.propagator.reset(&model);
            self.propagator.touch_all(&model);
            if self.propagator.run(&model, &mut root).is_err() {
                return Ok(out);
            }
            // A first search for a few solutions: when it is exhaustive, they are
            // all the solutions (a unique puzzle costs one uniqueness check).
            let mut scratch = root.clone();
            let mut first = 0u64;
            let exhaustive = solve_from(
                &model,
                &mut self.propagator,
                &mut scratch,
                None,
                &mut meter,
                &mut stats,
                &mut |solution: &[Mask]| {
                    found.add(solution, &mut out.counts);
                    first += 1;
                    if first >= crate::engine::candidates::FIRST_PASS {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            if !learnt && super::cut_short(&meter, &user) {
                // A hard puzzle: learn at the root, then search again (the
                // solutions found so far stay found).
                learnt = true;
                meter = Meter::start(&user);
                if learn::learn(&mut model, &mut self.propagator).is_err() {
                    return Ok(out);
                }
                continue;
            }
            if meter.stopped().is_some() {
                out.complete = false;
                out.stopped = meter.stopped();
            } else if !exhaustive {
                // The short bound was for the first pass only (it ended at
                // its solutions, not at the bound): the user's from here.
                if !learnt {
                    meter = Meter::start(&user);
                }
                self.each_candidate(
                    &model, &mut root, &mut found, &mut out, &mut meter, &mut stats,
                );
            }
            out.candidates = to_sets(&found.proven);
            out.stats = stats;
            return Ok(out);
        }
    }

    /// The candidates the first pass left unsettled, one search each.
    fn each_candidate(
        &mut self,
        model: &Model,
        root: &mut [Mask],
        found: &mut Found,
        out: &mut TrueCandidates,
        meter: &mut Meter,
        stats: &mut Stats,
    ) {
        let (n, cap) = (found.n, found.cap);
        let mut scratch = vec![0 as Mask; model.cells];
        for cell in 0..model.cells {
            let mut todo = root[cell];
            while todo != 0 {
                let b = todo & todo.wrapping_neg();
                todo &= todo - 1;
                let d = b.trailing_zeros() as usize;
                if out.counts[cell * n + d] >= cap
                    || root[cell] & b == 0
                    || (cap == 1 && found.proven[cell] & b != 0)
                {
                    continue;
                }
                scratch.copy_from_slice(root);
                scratch[cell] = b;
                let mut found_here = 0u32;
                let counts = &mut out.counts;
                let exhaustive = solve_from(
                    model,
                    &mut self.propagator,
                    &mut scratch,
                    Some(cell),
                    meter,
                    stats,
                    &mut |solution: &[Mask]| {
                        found_here += 1;
                        found.add(solution, counts);
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
                    return;
                }
                if found_here == 0 && exhaustive {
                    // In no solution: drop it from the root for the searches
                    // that follow.
                    root[cell] &= !b;
                    self.propagator.reset(model);
                    self.propagator.touch(cell);
                    if self.propagator.run(model, root).is_err() {
                        return;
                    }
                }
            }
        }
    }
}

/// The solutions found so far: each once, the digits they use, and (in
/// the caller's `counts`) how many use each candidate, up to the cap.
struct Found {
    seen: HashSet<Vec<Mask>>,
    proven: Vec<Mask>,
    n: usize,
    cap: u32,
}

impl Found {
    fn add(&mut self, solution: &[Mask], counts: &mut [u32]) {
        if self.seen.insert(solution.to_vec()) {
            for (c, &m) in solution.iter().enumerate() {
                self.proven[c] |= m;
                let k = &mut counts[c * self.n + m.trailing_zeros() as usize];
                *k = (*k + 1).min(self.cap);
            }
        }
    }
}
