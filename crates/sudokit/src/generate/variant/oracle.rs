//! The generator's questions to the engine, all about one known solution:
//! does a set of givens and rules leave it alone, and if not, which other
//! solution shows it.

use std::ops::ControlFlow;
use std::sync::Arc;
use web_time::Instant;

use crate::variant::Constraint;
use crate::{Auto, Budget, Cancel, Digit, DigitSet, Engine, Geometry, Grid, Puzzle};

/// What a uniqueness question found.
#[derive(Clone, Debug)]
pub(super) enum Answer {
    /// The known solution is the only one.
    Unique,
    /// Another solution (a witness that something is missing).
    Other(Vec<u8>),
    /// The search ran out of nodes or time: nothing is known.
    Unknown,
}

/// Asks the engine about puzzles on one geometry with one known solution.
pub(super) struct Oracle {
    engine: Auto,
    geometry: Arc<Geometry>,
    /// The solution's values, row-major, 1..=n.
    pub solution: Vec<u8>,
    budget: Budget,
    deadline: Option<Instant>,
    /// Engine runs.
    pub checks: u64,
    /// Runs that ran out of budget.
    pub unknown: u64,
}

impl Oracle {
    pub(super) fn new(
        geometry: Arc<Geometry>,
        solution: Vec<u8>,
        nodes: u64,
        deadline: Option<Instant>,
        cancel: Option<Cancel>,
    ) -> Oracle {
        let mut budget = Budget::UNLIMITED.with_max_nodes(nodes.max(1));
        if let Some(c) = cancel {
            budget = budget.with_cancel(c);
        }
        let mut engine = Auto::new();
        engine.set_budget(budget.clone());
        Oracle {
            engine,
            geometry,
            solution,
            budget,
            deadline,
            checks: 0,
            unknown: 0,
        }
    }

    /// The puzzle of these givens (0 for an empty cell) and rules.
    pub(super) fn puzzle(&self, givens: &[u8], rules: &[Constraint]) -> Option<Puzzle> {
        let n = self.geometry.size();
        let grid = Grid::from_values(n, givens).ok()?;
        Puzzle::new(Arc::clone(&self.geometry), grid)
            .ok()?
            .with_constraints(rules.to_vec())
            .ok()
    }

    /// Whether the known solution is the only one of `givens` and `rules`.
    pub(super) fn unique(&mut self, givens: &[u8], rules: &[Constraint]) -> Answer {
        let Some(puzzle) = self.puzzle(givens, rules) else {
            return Answer::Unknown;
        };
        self.checks += 1;
        self.clock();
        let solution = &self.solution;
        let mut other: Option<Vec<u8>> = None;
        let found = self.engine.solve_with(&puzzle, 2, &mut |g: &Grid| {
            let values = g.to_values();
            if values != *solution {
                other = Some(values);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        match (found, other) {
            (_, Some(o)) => Answer::Other(o),
            (Ok(s), None) if s.complete && s.stopped.is_none() && s.count <= 1 => Answer::Unique,
            _ => {
                self.unknown += 1;
                Answer::Unknown
            }
        }
    }

    /// Whether `givens` and `rules` have no solution at all (proved: a
    /// search that runs out says nothing, so `false`).
    pub(super) fn impossible(&mut self, givens: &[u8], rules: &[Constraint]) -> bool {
        let Some(puzzle) = self.puzzle(givens, rules) else {
            return false;
        };
        self.has_none(&puzzle)
    }

    /// Whether `puzzle` has no solution, proved by one search to a first
    /// solution (one that runs out proves nothing: `false`).
    fn has_none(&mut self, puzzle: &Puzzle) -> bool {
        self.checks += 1;
        self.clock();
        match self.engine.solve(puzzle, 1) {
            Ok(s) if s.count == 0 && s.complete && s.stopped.is_none() => true,
            Ok(s) if s.count == 0 => {
                self.unknown += 1;
                false
            }
            _ => false,
        }
    }

    /// Whether the given at `cell` can go from a puzzle the known solution
    /// alone solves: any other solution without it differs at that cell
    /// (one that agreed there would solve the puzzle with it), so one search
    /// with the cell barred from its digit decides.
    pub(super) fn given_removable(
        &mut self,
        givens: &[u8],
        cell: usize,
        rules: &[Constraint],
    ) -> bool {
        let n = self.geometry.size();
        let mut without = givens.to_vec();
        without[cell] = 0;
        let Some(d) = Digit::from_value(self.solution[cell]) else {
            return false;
        };
        let mut sets = vec![DigitSet::full(n); n * n];
        sets[cell].remove(d);
        let Some(puzzle) = self
            .puzzle(&without, rules)
            .and_then(|p| p.with_candidates(sets).ok())
        else {
            return false;
        };
        self.has_none(&puzzle)
    }

    /// Removes givens while the known solution stays the only one, an orbit
    /// of cells at a time in `orbits`' order (each orbit all givens or none).
    pub(super) fn dig(&mut self, givens: &mut [u8], orbits: &[&[usize]], rules: &[Constraint]) {
        for orbit in orbits {
            if orbit.iter().any(|&c| givens[c] == 0) {
                continue;
            }
            let removable = if let [cell] = orbit {
                self.given_removable(givens, *cell, rules)
            } else {
                let mut without = givens.to_vec();
                for &c in *orbit {
                    without[c] = 0;
                }
                matches!(self.unique(&without, rules), Answer::Unique)
            };
            if removable {
                for &c in *orbit {
                    givens[c] = 0;
                }
            }
        }
    }

    /// Whether the deadline has passed or the cancel been raised.
    pub(super) fn expired(&self) -> bool {
        self.budget
            .cancel
            .as_ref()
            .is_some_and(Cancel::is_cancelled)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Bounds the next search by the time left (a time limit counts from
    /// the start of each search).
    fn clock(&mut self) {
        if let Some(d) = self.deadline {
            let left = d.saturating_duration_since(Instant::now());
            self.engine
                .set_budget(self.budget.clone().with_time_limit(left));
        }
    }
}
