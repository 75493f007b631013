//! Depth-first search: propagate, then branch on the open cell with the
//! fewest candidates (ties to the cell in most rules).

use std::ops::ControlFlow;

use super::model::Model;
use super::propagate::Propagator;
use crate::budget::Meter;
use crate::outcome::Stats;
use crate::variant::{Mask, Rule};

/// Solves from `masks` (the cell `touched`, or every cell and rule when
/// `None`, changed since the last fixpoint), calling `found` with each
/// solution until it breaks. Returns whether the search was exhaustive
/// (not broken off by `found` or the meter). `masks` is left in an
/// unspecified state.
pub(super) fn solve_from(
    model: &Model,
    propagator: &mut Propagator,
    masks: &mut [Mask],
    touched: Option<usize>,
    meter: &mut Meter,
    stats: &mut Stats,
    found: &mut dyn FnMut(&[Mask]) -> ControlFlow<()>,
) -> bool {
    propagator.reset(model);
    match touched {
        Some(c) => propagator.touch(c),
        None => propagator.touch_all(model),
    }
    let mut values = vec![0u8; model.cells];
    let mut search = Search {
        model,
        propagator,
        meter,
        stats,
        found,
        values: &mut values,
        saved: Vec::with_capacity(model.cells * 16),
        fails: vec![0; model.cells],
        last: None,
    };
    matches!(search.node(masks), Step::Done)
}

enum Step {
    /// The subtree was searched to the end.
    Done,
    /// The caller or the budget stopped the search.
    Stop,
}

struct Search<'a> {
    model: &'a Model,
    propagator: &'a mut Propagator,
    meter: &'a mut Meter,
    stats: &'a mut Stats,
    found: &'a mut dyn FnMut(&[Mask]) -> ControlFlow<()>,
    values: &'a mut Vec<u8>,
    /// The masks of each open node, a stack (no allocation per node).
    saved: Vec<Mask>,
    /// How often a guess on each cell failed at once: branching prefers
    /// cells whose guesses fail (they lead to the contradictions).
    fails: Vec<u32>,
    /// The cell of the guess that led to this node.
    last: Option<usize>,
}

impl Search<'_> {
    fn node(&mut self, masks: &mut [Mask]) -> Step {
        self.stats.nodes += 1;
        if !self.meter.allows(self.stats.nodes) {
            return Step::Stop;
        }
        if self.propagator.run(self.model, masks).is_err() {
            if let Some(c) = self.last {
                self.fails[c] += 1;
            }
            return Step::Done;
        }
        let Some(cell) = self.branch_cell(masks) else {
            return self.leaf(masks);
        };
        let mut options = masks[cell];
        let base = self.saved.len();
        self.saved.extend_from_slice(masks);
        let mut first = true;
        let mut step = Step::Done;
        while options != 0 {
            let b = options & options.wrapping_neg();
            options &= options - 1;
            if !first {
                masks.copy_from_slice(&self.saved[base..]);
            }
            first = false;
            self.stats.guesses += 1;
            masks[cell] = b;
            self.propagator.touch(cell);
            self.last = Some(cell);
            if let Step::Stop = self.node(masks) {
                step = Step::Stop;
                break;
            }
        }
        self.saved.truncate(base);
        step
    }

    /// The open cell with the fewest candidates; `None` when all are solved.
    fn branch_cell(&self, masks: &[Mask]) -> Option<usize> {
        let mut best = None;
        // Fewest candidates per failure (dom/wdeg), then most rules.
        let mut best_key = (u64::MAX, 0u16);
        for (c, &m) in masks.iter().enumerate() {
            let k = m.count_ones();
            if k > 1 {
                let w = self.model.weight[c];
                let score = (u64::from(k) << 32) - u64::from(self.fails[c]).min(u32::MAX as u64);
                if score < best_key.0 || (score == best_key.0 && w > best_key.1) {
                    best_key = (score, w);
                    best = Some(c);
                }
            }
        }
        best
    }

    fn leaf(&mut self, masks: &[Mask]) -> Step {
        for (v, &m) in self.values.iter_mut().zip(masks) {
            *v = m.trailing_zeros() as u8 + 1;
        }
        if !self
            .model
            .rules
            .iter()
            .all(|r| r.check(self.values, self.model.n))
        {
            return Step::Done;
        }
        match (self.found)(masks) {
            ControlFlow::Continue(()) => Step::Done,
            ControlFlow::Break(()) => Step::Stop,
        }
    }
}
