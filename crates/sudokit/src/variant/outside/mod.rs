//! Clues outside the grid and indexers: sandwich sums, X-sums, skyscrapers,
//! row/column/box indexers.
//!
//! An outside clue reads a whole row or column, which is a house: its rule
//! includes that the digits differ (so [`Rule::check`] refuses a repeat, and
//! pruning may rely on it), and the cells are listed from the clue's side.

use super::cells::prune_distinct;
use super::lines::{no_repeated_cell, on_grid};
use super::{
    bit, full_mask, restrict, values, Contradiction, Mask, Outside, Pruned, Rule, RuleError,
};
use crate::digits::Cell;

mod combos;
mod sky;

pub use sky::{Indexer, IndexerKind, Skyscraper};

/// Whether the values of `cells` all differ.
fn all_differ(values: &[u8], cells: &[Cell]) -> bool {
    super::all_different(values, cells)
}

/// The shape every outside clue needs: `n` different cells on the grid.
fn full_line(kind: &'static str, cells: &[Cell], n: usize) -> Result<(), RuleError> {
    on_grid(kind, cells, n)?;
    no_repeated_cell(kind, cells)?;
    if cells.len() != n {
        return Err(RuleError::Shape {
            kind,
            reason: format!("{} cells for a clue on a row or column of {n}", cells.len()),
        });
    }
    Ok(())
}

/// A total the clue cannot have, for [`Rule::validate`].
fn impossible_total(kind: &'static str, sum: u32, n: usize) -> RuleError {
    RuleError::Impossible {
        kind,
        reason: format!("no row of a {n}x{n} grid gives {sum}"),
    }
}

/// Sandwich sum: the row or column holds a 1 and an `n` (once each, as a
/// house does), and the digits strictly between them, whichever comes
/// first, sum to the clue (0 when they touch). f-puzzles key `sandwichsum`
/// (`value` the total, `cell` the clue outside the grid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandwich {
    /// Where the clue is written.
    pub clue: Outside,
    /// The row or column, in order (either direction).
    pub cells: Vec<Cell>,
    /// The total.
    pub sum: u32,
}

impl Rule for Sandwich {
    fn name(&self) -> &'static str {
        "sandwichsum"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.cells.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        let digits: Vec<u32> = self
            .cells
            .iter()
            .map(|c| u32::from(values[c.index()]))
            .collect();
        let one = digits.iter().position(|&v| v == 1);
        let top = digits.iter().position(|&v| v == n as u32);
        match (one, top) {
            (Some(a), Some(b)) if a != b => {
                let (lo, hi) = (a.min(b), a.max(b));
                all_differ(values, &self.cells)
                    && digits[lo + 1..hi].iter().sum::<u32>() == self.sum
            }
            _ => false,
        }
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let cells = &self.cells;
        let len = cells.len();
        if len > 16 || !(2..=16).contains(&n) {
            return Ok(false);
        }
        let mut changed = prune_distinct(masks, cells)?;
        let (one, top) = (bit(1), bit(n as u32));
        let filling = full_mask(n) & !(one | top);
        let m = |i: usize| masks[cells[i].index()];
        // Cells after a crust at `j` must all take a filling digit.
        let mut tail_fills = [true; 17];
        for j in (0..len).rev() {
            tail_fills[j] = tail_fills[j + 1] && m(j) & filling != 0;
        }
        // A full row is a permutation: the cells outside the sandwich take
        // exactly the filling digits it leaves.
        let full = len == n;
        let mut keep = [0 as Mask; 16];
        let mut any = false;
        for i in 0..len {
            let mi = m(i);
            if mi & (one | top) != 0 {
                // The digits the cells between may hold (a set must be among them).
                let mut between = 0;
                for j in i + 1..len {
                    let mj = m(j);
                    // 1 then n, or n then 1.
                    let rising = mi & one != 0 && mj & top != 0;
                    let falling = mi & top != 0 && mj & one != 0;
                    if (rising || falling) && tail_fills[j + 1] {
                        let (inner, before, after) =
                            (&cells[i + 1..j], &cells[..i], &cells[j + 1..]);
                        let empty: &[Mask] = if self.sum == 0 { &[0] } else { &[] };
                        let sets = if inner.is_empty() {
                            empty
                        } else {
                            combos::sets(n, inner.len(), self.sum)
                        };
                        let mut found = false;
                        for &set in sets {
                            let rest = filling & !set;
                            if set & !(filling & between) == 0
                                && combos::fits(masks, &[inner], set, true)
                                && combos::fits(masks, &[before, after], rest, full)
                            {
                                found = true;
                                combos::lend(masks, inner, set, &mut keep[i + 1..j]);
                                combos::lend(masks, before, rest, &mut keep[..i]);
                                combos::lend(masks, after, rest, &mut keep[j + 1..len]);
                            }
                        }
                        if found {
                            any = true;
                            keep[i] |= if rising { one } else { 0 } | if falling { top } else { 0 };
                            keep[j] |= if rising { top } else { 0 } | if falling { one } else { 0 };
                        }
                    }
                    if mj & filling == 0 {
                        break;
                    }
                    between |= mj;
                }
            }
            if mi & filling == 0 {
                break;
            }
        }
        if !any {
            return Err(Contradiction);
        }
        for (&c, &k) in cells.iter().zip(&keep) {
            changed |= restrict(masks, c, k)?;
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        full_line(self.name(), &self.cells, n)?;
        if !(2..=16).contains(&n) {
            return Err(RuleError::Size {
                kind: self.name(),
                n,
            });
        }
        let filling = full_mask(n) & !(bit(1) | bit(n as u32));
        let possible = self.sum == 0
            || (1..n - 1).any(|k| {
                combos::sets(n, k, self.sum)
                    .iter()
                    .any(|&s| s & !filling == 0)
            });
        if !possible {
            return Err(impossible_total(self.name(), self.sum, n));
        }
        Ok(())
    }
    fn distinct_groups(&self, _n: usize) -> Vec<Vec<Cell>> {
        vec![self.cells.clone()]
    }
}

/// X-sum: the first digit seen from the clue is `X`, and the first `X`
/// digits (that one included) sum to the clue. f-puzzles key `xsum`
/// (`value` the total, `cell` the clue outside the grid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XSum {
    /// Where the clue is written.
    pub clue: Outside,
    /// The row or column, from the clue's side.
    pub cells: Vec<Cell>,
    /// The total.
    pub sum: u32,
}

impl Rule for XSum {
    fn name(&self) -> &'static str {
        "xsum"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.cells.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let Some(first) = self.cells.first() else {
            return false;
        };
        let x = usize::from(values[first.index()]);
        x <= self.cells.len()
            && all_differ(values, &self.cells)
            && self.cells[..x]
                .iter()
                .map(|c| u32::from(values[c.index()]))
                .sum::<u32>()
                == self.sum
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let cells = &self.cells;
        let len = cells.len();
        if len == 0 || len > 16 || n > 16 {
            return Ok(false);
        }
        let mut changed = prune_distinct(masks, cells)?;
        let m = |i: usize| masks[cells[i].index()];
        // A full row is a permutation: the cells after the first `x` take
        // exactly the digits those leave.
        let full = len == n;
        let mut keep = [0 as Mask; 16];
        for x in values(m(0)) {
            let width = x as usize;
            if width > len || x > self.sum {
                continue;
            }
            // The other `x - 1` cells hold other digits making the rest.
            let (inner, after) = (&cells[1..width], &cells[width..]);
            let held = inner.iter().fold(0, |u, c| u | masks[c.index()]);
            let empty: &[Mask] = if self.sum == x { &[0] } else { &[] };
            let sets = if inner.is_empty() {
                empty
            } else {
                combos::sets(n, inner.len(), self.sum - x)
            };
            for &set in sets {
                let rest = full_mask(n) & !set & !bit(x);
                if set & (bit(x) | !held) == 0
                    && combos::fits(masks, &[inner], set, true)
                    && combos::fits(masks, &[after], rest, full)
                {
                    keep[0] |= bit(x);
                    combos::lend(masks, inner, set, &mut keep[1..width]);
                    combos::lend(masks, after, rest, &mut keep[width..len]);
                }
            }
        }
        if keep[0] == 0 {
            return Err(Contradiction);
        }
        for (&c, &k) in cells.iter().zip(&keep) {
            changed |= restrict(masks, c, k)?;
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        full_line(self.name(), &self.cells, n)?;
        let possible = (1..=n as u32).any(|x| {
            self.sum >= x
                && combos::sets(n, x as usize - 1, self.sum - x)
                    .iter()
                    .any(|&s| s & bit(x) == 0)
        });
        if !possible {
            return Err(impossible_total(self.name(), self.sum, n));
        }
        Ok(())
    }
    fn distinct_groups(&self, _n: usize) -> Vec<Vec<Cell>> {
        vec![self.cells.clone()]
    }
}

#[cfg(test)]
mod tests;
