//! Killer cages: distinct digits, with a total when one is given.

use super::super::cells::prune_distinct;
use super::super::{
    all_different, restrict, values, Contradiction, Mask, PairRule, Pruned, Rule, RuleError,
};
use super::{check_shape, Cage};
use crate::digits::Cell;
use crate::variant::combinations::combinations;

/// The most cells a cage can have (one digit each, all different).
const MAX_CELLS: usize = super::super::MAX_VARIANT_SIZE;

impl Rule for Cage {
    fn name(&self) -> &'static str {
        "killercage"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.cells.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let total: u32 = self
            .cells
            .iter()
            .map(|c| u32::from(values[c.index()]))
            .sum();
        all_different(values, &self.cells) && self.sum.is_none_or(|s| s == total)
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        match self.sum {
            None => prune_distinct(masks, &self.cells),
            Some(sum) => prune_total(masks, &self.cells, sum, n),
        }
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        check_shape(self.name(), &self.cells, n, false)?;
        let k = self.cells.len();
        if k > n {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!("{k} cells cannot hold different digits 1..={n}"),
            });
        }
        if let Some(sum) = self.sum {
            let (lo, hi) = (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2);
            if !(lo..=hi).contains(&(sum as usize)) {
                return Err(RuleError::Impossible {
                    kind: self.name(),
                    reason: format!(
                        "no {k} different digits 1..={n} sum to {sum} (they make {lo}..={hi})"
                    ),
                });
            }
        }
        Ok(())
    }
    fn distinct_groups(&self, _n: usize) -> Vec<Vec<Cell>> {
        vec![self.cells.clone()]
    }
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        // Two cells: different digits, summing to the total when given.
        let [a, b] = self.cells[..] else { return None };
        let mut rules = vec![(a, b, PairRule::Different)];
        if let Some(sum) = self.sum {
            rules.push((a, b, PairRule::Sum(u8::try_from(sum).ok()?)));
        }
        (a != b).then_some(rules)
    }
}

/// Exact pruning of a cage with a total: a digit stays in a cell when some
/// set of distinct digits making the total has a one-to-one assignment to
/// the cells, within their masks, that gives the cell that digit.
///
/// For each set (from the table) a perfect matching of cells to its digits
/// is found; the other digits a cell can take in some perfect matching are
/// those on an alternating cycle through it (cell `i` can take the digit of
/// cell `j` when `j` can pass its digit round back to `i`), found by a
/// transitive closure over the cells.
fn prune_total(masks: &mut [Mask], cells: &[Cell], sum: u32, n: usize) -> Pruned {
    let k = cells.len();
    if k == 0 || k > MAX_CELLS {
        // No cell to fill, or more cells than different digits.
        return if k == 0 && sum == 0 {
            Ok(false)
        } else {
            Err(Contradiction)
        };
    }
    let mut cell_masks = [0 as Mask; MAX_CELLS];
    let mut union: Mask = 0;
    for (m, c) in cell_masks.iter_mut().zip(cells) {
        *m = masks[c.index()];
        union |= *m;
    }
    let cell_masks = &cell_masks[..k];
    let mut support = [0 as Mask; MAX_CELLS];
    let mut found = false;
    for &set in combinations(n).get(k, sum) {
        if set & union != set || cell_masks.iter().any(|&m| m & set == 0) {
            continue;
        }
        // A feasible set already seen, and nothing new to witness here.
        if found && (0..k).all(|i| cell_masks[i] & set & !support[i] == 0) {
            continue;
        }
        if cell_masks.iter().all(|&m| m & set == set) {
            // Every cell can take every digit: any order works.
            for s in &mut support[..k] {
                *s |= set;
            }
        } else {
            let Some(matching) = perfect_matching(cell_masks, set) else {
                continue;
            };
            mark_alternating(cell_masks, set, &matching, &mut support[..k]);
        }
        found = true;
        if support[..k].iter().zip(cell_masks).all(|(s, m)| s == m) {
            break; // every candidate already has a witness
        }
    }
    if !found {
        return Err(Contradiction);
    }
    let mut changed = false;
    for (&c, &s) in cells.iter().zip(&support) {
        changed |= restrict(masks, c, s)?;
    }
    Ok(changed)
}

/// A one-to-one assignment of cells to digits.
struct Matching {
    /// `digit_of[i]`: cell `i`'s value.
    digit_of: [u8; MAX_CELLS],
    /// `cell_of[v - 1]`: the cell holding value `v` (`NONE` for none).
    cell_of: [u8; MAX_CELLS],
}

const NONE: u8 = u8::MAX;

/// A one-to-one assignment of the digits of `set` (as many as cells) to
/// the cells within their masks, or `None` when there is none.
fn perfect_matching(cell_masks: &[Mask], set: Mask) -> Option<Matching> {
    let mut m = Matching {
        digit_of: [0; MAX_CELLS],
        cell_of: [NONE; MAX_CELLS],
    };
    for i in 0..cell_masks.len() {
        let mut seen: Mask = 0;
        if !augment(i, cell_masks, set, &mut m, &mut seen) {
            return None;
        }
    }
    Some(m)
}

/// Kuhn's augmenting path from cell `i` (depth at most the cell count).
fn augment(i: usize, cell_masks: &[Mask], set: Mask, m: &mut Matching, seen: &mut Mask) -> bool {
    for v in values(cell_masks[i] & set & !*seen) {
        *seen |= 1 << (v - 1);
        let holder = m.cell_of[v as usize - 1];
        if holder == NONE || augment(holder as usize, cell_masks, set, m, seen) {
            m.cell_of[v as usize - 1] = i as u8;
            m.digit_of[i] = v as u8;
            return true;
        }
    }
    false
}

/// Adds to `support[i]` every digit cell `i` takes in some perfect
/// matching of the cells to `set`, given one such matching.
fn mark_alternating(cell_masks: &[Mask], set: Mask, m: &Matching, support: &mut [Mask]) {
    let k = cell_masks.len();
    // next[i]: the cells whose digit cell i could take instead of its own.
    let mut next = [0u16; MAX_CELLS];
    for (i, r) in next.iter_mut().enumerate().take(k) {
        for v in values(cell_masks[i] & set) {
            *r |= 1 << m.cell_of[v as usize - 1];
        }
    }
    // Transitive closure (Warshall, one bit row per cell).
    let mut reach = next;
    for via in 0..k {
        for i in 0..k {
            if reach[i] & (1 << via) != 0 {
                reach[i] |= reach[via];
            }
        }
    }
    for i in 0..k {
        let mut js = next[i];
        while js != 0 {
            let j = js.trailing_zeros() as usize;
            js &= js - 1;
            // Cell i takes j's digit, j passes on along a path back to i
            // (j = i: its own digit).
            if j == i || reach[j] & (1 << i) != 0 {
                support[i] |= 1 << (m.digit_of[j] - 1);
            }
        }
    }
}
