//! [`Variant`]: the engine for grids with variant constraints (killer
//! cages, thermometers, arrows, kropki dots …), and true candidates.
//!
//! A puzzle is compiled once (`model.rs`) into peers (cells that must
//! differ: houses, cages, renban, anti-king …), tables for rules between
//! two cells (kropki, XV, thermometer steps, whispers, palindromes …),
//! the geometry's houses, and the rules that prune through their own code
//! (sums, renban windows, sandwiches …). The search keeps one candidate mask
//! a cell, propagates to a fixpoint (`propagate.rs`) and branches on the
//! cell with the fewest candidates. Every solution is checked with each
//! constraint's own validator ([`Rule::check`](crate::variant::Rule::check))
//! before it counts, so a weak propagator costs time, never a wrong answer.

use std::ops::ControlFlow;

use std::collections::HashSet;

use super::{Budget, Engine, Meter, StopReason, Unsupported, Visitor};
use crate::digits::{Digit, DigitSet};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::{Solutions, Stats};
use crate::puzzle::Puzzle;
use crate::variant::{Mask, MAX_VARIANT_SIZE};

mod candidates;
mod learn;
mod model;
mod propagate;
mod search;

use model::Model;
use propagate::Propagator;

/// The engine for variant puzzles (and any puzzle up to 16x16).
#[derive(Debug)]
pub struct Variant {
    budget: Budget,
    propagator: Propagator,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant::new()
    }
}

impl Variant {
    /// A new engine with an unlimited budget.
    pub fn new() -> Variant {
        Variant {
            budget: Budget::UNLIMITED,
            propagator: Propagator::default(),
        }
    }

    /// The puzzle compiled (every call: a benchmark of one puzzle times
    /// the compilation too, as a person waiting would).
    fn model_for(&mut self, puzzle: &Puzzle) -> Model {
        Model::build(puzzle)
    }

    fn check_supported(&self, puzzle: &Puzzle) -> Result<(), Unsupported> {
        if self.supports(puzzle.geometry()) {
            Ok(())
        } else {
            Err(Unsupported {
                engine: self.name(),
                geometry: puzzle.geometry().to_string(),
            })
        }
    }

    fn solve_inner(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        mut visit: Option<Visitor<'_>>,
    ) -> Result<Solutions, Unsupported> {
        self.check_supported(puzzle)?;
        let mut model = self.model_for(puzzle);
        let limit = limit.max(1);
        let mut first: Option<Grid> = None;
        let mut count = 0u64;
        let mut stats = Stats::default();
        // A short search first; a puzzle it does not finish is learnt from
        // (probing at the root, `learn`) and searched again, skipping the
        // solutions the first search already gave.
        let mut seen: HashSet<Vec<Mask>> = HashSet::new();
        let user = self.budget.clone();
        let mut meter = Meter::start(&short_budget(&user));
        let mut learnt = false;
        loop {
            let mut masks = model.start.clone();
            let complete = search::solve_from(
                &model,
                &mut self.propagator,
                &mut masks,
                None,
                &mut meter,
                &mut stats,
                &mut |solution: &[Mask]| {
                    if learnt && seen.contains(solution) {
                        return ControlFlow::Continue(());
                    }
                    if !learnt {
                        seen.insert(solution.to_vec());
                    }
                    count += 1;
                    let flow = match visit.as_mut() {
                        Some(v) => {
                            let grid = to_grid(model.n, solution);
                            let flow = v(&grid);
                            first.get_or_insert(grid);
                            flow
                        }
                        None => {
                            if first.is_none() {
                                first = Some(to_grid(model.n, solution));
                            }
                            ControlFlow::Continue(())
                        }
                    };
                    if count >= limit {
                        ControlFlow::Break(())
                    } else {
                        flow
                    }
                },
            );
            if learnt || !cut_short(&meter, &user) {
                let stopped = meter.stopped();
                return Ok(Solutions {
                    count,
                    first,
                    complete: complete && stopped.is_none(),
                    stopped,
                    stats,
                });
            }
            learnt = true;
            meter = Meter::start(&user);
            if learn::learn(&mut model, &mut self.propagator).is_err() {
                // No solution at all (and none was found).
                return Ok(Solutions {
                    count,
                    first,
                    complete: true,
                    stopped: None,
                    stats,
                });
            }
        }
    }
}

/// Nodes of the first, short search before the engine learns at the root.
const LEARN_AFTER: u64 = 300;

/// The budget of the first, short search: the user's, with at most
/// [`LEARN_AFTER`] nodes.
fn short_budget(user: &Budget) -> Budget {
    Budget {
        max_nodes: Some(user.max_nodes.map_or(LEARN_AFTER, |m| m.min(LEARN_AFTER))),
        ..user.clone()
    }
}

/// Whether the short search stopped at its own node bound (not the
/// user's): the puzzle is worth learning from.
fn cut_short(meter: &Meter, user: &Budget) -> bool {
    meter.stopped() == Some(StopReason::Nodes) && user.max_nodes.is_none_or(|m| m > LEARN_AFTER)
}

/// The grid of a solved mask array.
fn to_grid(n: usize, masks: &[Mask]) -> Grid {
    let cells = masks
        .iter()
        .map(|m| Some(Digit::new(m.trailing_zeros() as u8)))
        .collect();
    Grid::from_cells_unchecked(n, cells)
}

/// The candidate sets of a mask array.
fn to_sets(masks: &[Mask]) -> Vec<DigitSet> {
    masks.iter().map(|&m| DigitSet(u64::from(m))).collect()
}

impl Engine for Variant {
    fn name(&self) -> &'static str {
        "variant"
    }

    fn supports(&self, geometry: &Geometry) -> bool {
        geometry.size() <= MAX_VARIANT_SIZE
    }

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: Visitor<'_>,
    ) -> Result<Solutions, Unsupported> {
        self.solve_inner(puzzle, limit, Some(visit))
    }

    fn solve(&mut self, puzzle: &Puzzle, limit: u64) -> Result<Solutions, Unsupported> {
        self.solve_inner(puzzle, limit, None)
    }

    fn true_candidates(
        &mut self,
        puzzle: &Puzzle,
        cap: u32,
    ) -> Result<super::TrueCandidates, Unsupported> {
        self.candidates_on_model(puzzle, cap)
    }
}

#[cfg(test)]
mod tests;
