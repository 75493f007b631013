//! Skyscrapers and indexers.

use super::{all_differ, full_line, prune_distinct};
use crate::digits::Cell;
use crate::variant::lines::{no_repeated_cell, on_grid, upto};
use crate::variant::{
    bit, min_value, restrict, Contradiction, Mask, Outside, Pruned, Rule, RuleError,
};

/// Skyscraper: seen from the clue, a digit is visible when it is larger
/// than every digit before it; the clue counts the visible digits (1: the
/// `n` comes first; `n`: the row is `1..=n` in order). f-puzzles key
/// `skyscraper` (`value` the count, `cell` the clue outside the grid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skyscraper {
    /// Where the clue is written.
    pub clue: Outside,
    /// The row or column, from the clue's side.
    pub cells: Vec<Cell>,
    /// How many are seen.
    pub visible: u32,
}

impl Rule for Skyscraper {
    fn name(&self) -> &'static str {
        "skyscraper"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.cells.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let mut tallest = 0;
        let mut seen = 0;
        for c in &self.cells {
            let v = values[c.index()];
            if v > tallest {
                tallest = v;
                seen += 1;
            }
        }
        seen == self.visible && all_differ(values, &self.cells)
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let cells = &self.cells;
        let len = cells.len();
        if len > 16 || n > 16 {
            return Ok(false);
        }
        let mut changed = prune_distinct(masks, cells)?;
        if self.visible as usize > len {
            return Err(Contradiction);
        }
        // State before a cell: the tallest digit so far (`0..=n`) and, as
        // bits of a u32, how many were visible. A repeat of the tallest is
        // left out (the digits differ). A full row ends at `n`.
        // `later[i][t]`: the counts with tallest `t` before cell `i` from
        // which the rest of the row reaches the clue.
        // After `i` cells the tallest is at least `i` (they differ) and, in a
        // full row, the `n - t` taller digits fit in the cells left.
        let full = len == n;
        let possible = |t: usize, i: usize| t >= i && (!full || n - t <= len - i);
        let mut later = [[0u32; 17]; 17];
        for (t, s) in later[len].iter_mut().enumerate().take(n + 1).skip(1) {
            if len != n || t == n {
                *s = 1 << self.visible;
            }
        }
        for i in (0..len).rev() {
            let m = masks[cells[i].index()];
            let (head, tail) = later.split_at_mut(i + 1);
            let (now, next) = (&mut head[i], &tail[0]);
            // Visible values above `t`, gathered from the top down.
            let mut taller = 0u32;
            for t in (0..=n).rev() {
                now[t] = taller
                    | if m & upto(t as i32 - 1) != 0 {
                        next[t]
                    } else {
                        0
                    };
                if t >= 1 && m & bit(t as u32) != 0 {
                    taller |= next[t] >> 1;
                }
            }
            for (t, s) in now.iter_mut().enumerate().take(n + 1) {
                if !possible(t, i) {
                    *s = 0;
                }
            }
        }
        let mut so_far = [0u32; 17];
        so_far[0] = 1;
        for (i, &cell) in cells.iter().enumerate() {
            let m = masks[cell.index()];
            let next = &later[i + 1];
            // Hidden: below a tallest `t` that still leads to the clue.
            let hidden_under = (1..=n)
                .rev()
                .find(|&t| so_far[t] & next[t] != 0)
                .unwrap_or(0);
            let mut keep = m & upto(hidden_under as i32 - 1);
            // Visible: above every tallest `t < v` reached so far.
            let mut below = 0u32;
            for v in 1..=n {
                below |= so_far[v - 1];
                if m & bit(v as u32) != 0 && (below << 1) & next[v] != 0 {
                    keep |= bit(v as u32);
                }
            }
            changed |= restrict(masks, cell, keep)?;
            let mut step = [0u32; 17];
            let mut below = 0u32;
            for v in 1..=n {
                below |= so_far[v - 1];
                let hide = if keep & upto(v as i32 - 1) != 0 {
                    so_far[v]
                } else {
                    0
                };
                let show = if keep & bit(v as u32) != 0 {
                    below << 1
                } else {
                    0
                };
                step[v] = if possible(v, i + 1) { hide | show } else { 0 };
            }
            so_far = step;
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        full_line(self.name(), &self.cells, n)?;
        if self.visible == 0 || self.visible as usize > n {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!("{} visible in a row of {n}", self.visible),
            });
        }
        Ok(())
    }
    fn distinct_groups(&self, _n: usize) -> Vec<Vec<Cell>> {
        vec![self.cells.clone()]
    }
}

/// Indexer cell: its digit `d` names the `d`-th cell of a house (counted
/// from 1), and that cell holds the indexer's own position in the house.
/// For a row indexer at row `r`, column `c` (0-based) the house is column
/// `c` top to bottom: row `d` of column `c` holds `r + 1` (the digit says in
/// which row of its column its row number stands). A column indexer at
/// `(r, c)`: column `d` of row `r` holds `c + 1`. A box indexer: the `d`-th
/// cell of its box (or region), in reading order, holds the indexer's
/// position in that box. f-puzzles keys `rowindexer`, `columnindexer`,
/// `boxindexer` (one rule per listed cell, given or not).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indexer {
    /// The indexer cell.
    pub cell: Cell,
    /// Row, column or box indexer.
    pub kind: IndexerKind,
    /// The house the digit indexes, in order (its column for a row
    /// indexer, its row for a column indexer, its box in reading order for a
    /// box indexer); it contains `cell`.
    pub house: Vec<Cell>,
}

impl Indexer {
    /// The indexer's 0-based position in its house.
    fn position(&self) -> Option<usize> {
        self.house.iter().position(|&c| c == self.cell)
    }
}

impl Rule for Indexer {
    fn name(&self) -> &'static str {
        match self.kind {
            IndexerKind::Row => "rowindexer",
            IndexerKind::Column => "columnindexer",
            IndexerKind::Box => "boxindexer",
        }
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        let mut out = vec![self.cell];
        out.extend(self.house.iter().filter(|&&c| c != self.cell));
        out
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let (Some(p), d) = (self.position(), usize::from(values[self.cell.index()])) else {
            return false;
        };
        d >= 1 && d <= self.house.len() && usize::from(values[self.house[d - 1].index()]) == p + 1
    }
    fn prune(&self, masks: &mut [Mask], _n: usize) -> Pruned {
        let Some(p) = self.position() else {
            return Err(Contradiction);
        };
        if p >= 16 {
            return Err(Contradiction);
        }
        let own = bit(p as u32 + 1);
        // The indexer keeps `d` while the `d`-th cell may hold its position;
        // once `d` is placed, that cell does hold it.
        let mut keep = 0;
        for (d, &target) in self.house.iter().enumerate().take(16) {
            if masks[target.index()] & own != 0 {
                keep |= bit(d as u32 + 1);
            }
        }
        let mut changed = restrict(masks, self.cell, keep)?;
        let m = masks[self.cell.index()];
        if m.count_ones() == 1 {
            let target = self.house[min_value(m) as usize - 1];
            changed |= restrict(masks, target, own)?;
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        on_grid(self.name(), &self.house, n)?;
        on_grid(self.name(), &[self.cell], n)?;
        no_repeated_cell(self.name(), &self.house)?;
        if self.house.len() != n || self.position().is_none() {
            return Err(RuleError::Shape {
                kind: self.name(),
                reason: format!(
                    "the indexed house has {} cells (it needs {n}, the indexer among them)",
                    self.house.len()
                ),
            });
        }
        Ok(())
    }
}

/// What an [`Indexer`] indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexerKind {
    /// Row indexer: the digit is a row number (within the cell's column).
    Row,
    /// Column indexer: the digit is a column number (within the cell's row).
    Column,
    /// Box indexer: the digit is a position within the cell's box.
    Box,
}
