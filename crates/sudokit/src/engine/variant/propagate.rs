//! Propagation to a fixpoint: singles leave their peers, pair tables
//! narrow the other cell, hidden singles fill houses, and the rules that
//! prune through their own code run when one of their cells changed.

use super::model::Model;
use crate::digits::Cell;
use crate::variant::{restrict, Contradiction, Mask, Rule};

/// Scratch for propagation, reused across calls.
#[derive(Debug, Default)]
pub(super) struct Propagator {
    queue: Vec<u16>,
    queued: Vec<bool>,
    dirty: Vec<bool>,
    dirty_list: Vec<u16>,
    before: Vec<Mask>,
    /// Whether a cell changed since the houses were last scanned.
    houses_stale: bool,
}

impl Propagator {
    /// Sizes the scratch for `model`.
    pub fn reset(&mut self, model: &Model) {
        self.queue.clear();
        self.queued.clear();
        self.queued.resize(model.cells, false);
        self.dirty.clear();
        self.dirty.resize(model.propagators.len(), false);
        self.dirty_list.clear();
        self.houses_stale = true;
    }

    /// Marks a cell changed.
    #[inline]
    pub fn touch(&mut self, cell: usize) {
        if !self.queued[cell] {
            self.queued[cell] = true;
            self.queue.push(cell as u16);
        }
    }

    /// Marks every cell and every rule for a first full pass.
    pub fn touch_all(&mut self, model: &Model) {
        for c in 0..model.cells {
            self.touch(c);
        }
        for p in 0..model.propagators.len() {
            self.mark(p as u16);
        }
    }

    #[inline]
    fn mark(&mut self, p: u16) {
        if !self.dirty[p as usize] {
            self.dirty[p as usize] = true;
            self.dirty_list.push(p);
        }
    }

    /// `masks[cell] &= keep`, queueing the cell when that removed a
    /// candidate (`Ok(true)`); a cell left empty is a contradiction.
    #[inline]
    fn keep(&mut self, masks: &mut [Mask], cell: usize, keep: Mask) -> Result<bool, Contradiction> {
        let changed = restrict(masks, Cell(cell as u32), keep)?;
        if changed {
            self.touch(cell);
        }
        Ok(changed)
    }

    /// Empties the queues after a contradiction.
    fn clear(&mut self) {
        for c in self.queue.drain(..) {
            self.queued[c as usize] = false;
        }
        for p in self.dirty_list.drain(..) {
            self.dirty[p as usize] = false;
        }
    }

    /// Runs to a fixpoint from the touched cells and marked rules.
    pub fn run(&mut self, model: &Model, masks: &mut [Mask]) -> Result<(), Contradiction> {
        let r = self.fixpoint(model, masks);
        if r.is_err() {
            self.clear();
        }
        r
    }

    fn fixpoint(&mut self, model: &Model, masks: &mut [Mask]) -> Result<(), Contradiction> {
        loop {
            while let Some(c) = self.queue.pop() {
                let c = c as usize;
                self.queued[c] = false;
                self.houses_stale = true;
                let m = masks[c];
                if m == 0 {
                    return Err(Contradiction);
                }
                if m & (m - 1) == 0 {
                    if !model.learned.is_empty() {
                        for &(i, removed) in &model.learned[c * 16 + m.trailing_zeros() as usize] {
                            self.keep(masks, i as usize, !removed)?;
                        }
                    }
                    for &p in &model.peers[c] {
                        self.keep(masks, p as usize, !m)?;
                    }
                }
                for &(other, t) in &model.links[c] {
                    let table = &model.tables[t as usize];
                    let mut keep = 0;
                    let mut bits = m;
                    while bits != 0 {
                        keep |= table[bits.trailing_zeros() as usize + 1];
                        bits &= bits - 1;
                    }
                    self.keep(masks, other as usize, keep)?;
                }
                for &p in &model.watch[c] {
                    self.mark(p);
                }
            }
            if self.houses_stale {
                self.houses_stale = false;
                self.hidden_singles(model, masks)?;
                if !self.queue.is_empty() {
                    continue;
                }
            }
            let Some(p) = self.dirty_list.pop() else {
                // Quiet: locked candidates, then go on if they found any.
                if self.locked(model, masks)? {
                    continue;
                }
                return Ok(());
            };
            self.dirty[p as usize] = false;
            let reads = &model.reads[p as usize];
            self.before.clear();
            self.before.extend(reads.iter().map(|&c| masks[c as usize]));
            let rule = &model.rules[model.propagators[p as usize] as usize];
            if rule.prune(masks, model.n)? {
                for (k, &c) in reads.iter().enumerate() {
                    if masks[c as usize] != self.before[k] {
                        if masks[c as usize] == 0 {
                            return Err(Contradiction);
                        }
                        self.touch(c as usize);
                    }
                }
            }
        }
    }

    /// Locked candidates (pointing and claiming, for any two houses that
    /// share cells): a digit that a house can only hold in the cells it
    /// shares with another house leaves the other house's other cells.
    fn locked(&mut self, model: &Model, masks: &mut [Mask]) -> Result<bool, Contradiction> {
        let mut changed = false;
        for lock in &model.locks {
            let inside = lock.inside.iter().fold(0, |a, &c| a | masks[c as usize]);
            let rest = lock
                .house_rest
                .iter()
                .fold(0, |a, &c| a | masks[c as usize]);
            let confined = inside & !rest;
            if confined == 0 {
                continue;
            }
            for &c in &lock.outside {
                changed |= self.keep(masks, c as usize, !confined)?;
            }
        }
        Ok(changed)
    }

    /// A digit with one place left in a house goes there; a digit with
    /// none is a contradiction.
    fn hidden_singles(&mut self, model: &Model, masks: &mut [Mask]) -> Result<(), Contradiction> {
        for house in &model.houses {
            let (mut once, mut twice, mut solved) = (0 as Mask, 0 as Mask, 0 as Mask);
            for &c in house {
                let m = masks[c as usize];
                twice |= once & m;
                once |= m;
                if m & (m - 1) == 0 {
                    solved |= m;
                }
            }
            if once != model.full {
                return Err(Contradiction);
            }
            let mut singles = once & !twice & !solved;
            while singles != 0 {
                let b = singles & singles.wrapping_neg();
                singles &= singles - 1;
                for &c in house {
                    let m = masks[c as usize];
                    if m & b != 0 {
                        if m != b {
                            masks[c as usize] = b;
                            self.touch(c as usize);
                        }
                        break;
                    }
                }
            }
        }
        Ok(())
    }
}
