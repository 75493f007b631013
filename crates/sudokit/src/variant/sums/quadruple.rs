//! Quadruples: the listed digits (a multiset) appear among the cells.

use super::super::{bit, restrict, values, Contradiction, Mask, Pruned, Rule, RuleError};
use super::{check_shape, Quadruple};
use crate::digits::Cell;

/// The most cells the pruning handles (a quadruple has four).
const MAX_CELLS: usize = 64;

impl Rule for Quadruple {
    fn name(&self) -> &'static str {
        "quadruple"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.cells.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        // Every listed digit at least as often among the cells as listed.
        self.digits.iter().all(|&d| {
            let wanted = self.digits.iter().filter(|&&e| e == d).count();
            let present = self.cells.iter().filter(|c| values[c.index()] == d).count();
            present >= wanted
        })
    }
    fn prune(&self, masks: &mut [Mask], _n: usize) -> Pruned {
        prune_quadruple(masks, &self.cells, &self.digits)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        check_shape(self.name(), &self.cells, n, false)?;
        if self.cells.len() > MAX_CELLS {
            return Err(RuleError::Shape {
                kind: self.name(),
                reason: format!("{} cells (at most {MAX_CELLS})", self.cells.len()),
            });
        }
        if let Some(d) = self.digits.iter().find(|&&d| d == 0 || usize::from(d) > n) {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!("digit {d} is not in 1..={n}"),
            });
        }
        if self.digits.len() > self.cells.len() {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!("{} digits in {} cells", self.digits.len(), self.cells.len()),
            });
        }
        Ok(())
    }
}

/// Exact pruning: a cell keeps a digit when the other cells can still hold
/// the listed digits that one does not supply (a matching of those digits
/// to distinct other cells), and an unlisted digit only when a cell is left
/// over.
fn prune_quadruple(masks: &mut [Mask], cells: &[Cell], digits: &[u8]) -> Pruned {
    let k = cells.len();
    if digits.is_empty() {
        return Ok(false);
    }
    if digits.len() > k || k > MAX_CELLS {
        return if digits.len() > k {
            Err(Contradiction)
        } else {
            Ok(false)
        };
    }
    let mut slots = [0 as Mask; MAX_CELLS];
    let mut listed: Mask = 0;
    for (s, &d) in slots.iter_mut().zip(digits) {
        if d == 0 || d > 16 {
            return Err(Contradiction);
        }
        *s = bit(u32::from(d));
        listed |= *s;
    }
    let slots = &slots[..digits.len()];
    let mut cell_masks = [0 as Mask; MAX_CELLS];
    for (m, c) in cell_masks.iter_mut().zip(cells) {
        *m = masks[c.index()];
    }
    let cell_masks = &cell_masks[..k];
    let spare = k > digits.len();
    let mut changed = false;
    for (i, &c) in cells.iter().enumerate() {
        let mut keep: Mask = 0;
        // An unlisted digit: the others hold every listed one.
        if spare && cell_masks[i] & !listed != 0 && covers(slots, usize::MAX, cell_masks, i) {
            keep |= cell_masks[i] & !listed;
        }
        // A listed digit: the others hold the rest.
        for v in values(cell_masks[i] & listed) {
            let slot = slots
                .iter()
                .position(|&s| s == bit(v))
                .unwrap_or(usize::MAX);
            if covers(slots, slot, cell_masks, i) {
                keep |= bit(v);
            }
        }
        changed |= restrict(masks, c, keep)?;
    }
    Ok(changed)
}

/// Whether the slots (one digit each), but `skip_slot`, go to distinct
/// cells, but `skip_cell`, that can hold them (Kuhn's augmenting paths).
fn covers(slots: &[Mask], skip_slot: usize, cell_masks: &[Mask], skip_cell: usize) -> bool {
    let banned: u64 = if skip_cell < MAX_CELLS {
        1 << skip_cell
    } else {
        0
    };
    let mut slot_of = [usize::MAX; MAX_CELLS];
    for s in (0..slots.len()).filter(|&s| s != skip_slot) {
        let mut seen = banned;
        if !augment(s, slots, cell_masks, &mut slot_of, &mut seen) {
            return false;
        }
    }
    true
}

fn augment(
    s: usize,
    slots: &[Mask],
    cell_masks: &[Mask],
    slot_of: &mut [usize; MAX_CELLS],
    seen: &mut u64,
) -> bool {
    for (i, &m) in cell_masks.iter().enumerate() {
        if *seen & (1 << i) != 0 || m & slots[s] == 0 {
            continue;
        }
        *seen |= 1 << i;
        if slot_of[i] == usize::MAX || augment(slot_of[i], slots, cell_masks, slot_of, seen) {
            slot_of[i] = s;
            return true;
        }
    }
    false
}
