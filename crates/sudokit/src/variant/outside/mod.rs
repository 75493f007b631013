//! Clues outside the grid and indexers: sandwich sums, X-sums, skyscrapers, row/column/box indexers.

#![allow(unused_variables)] // placeholder until the propagators land

use super::{Mask, Outside, Pruned, Rule};
use crate::digits::Cell;

/// Sandwich sum: the digits between the 1 and the n of a row or column sum to the clue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandwich {
    /// Where the clue is written.
    pub clue: Outside,
    /// The row or column, in order.
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
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// X-sum: the first X digits seen from the clue sum to it, X being the first digit.
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
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Skyscraper: the number of digits seen from the clue, a digit hiding every smaller one behind it.
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
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Indexer cell: its digit names the row (column, box) in which its own value ... (see the f-puzzles rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indexer {
    /// The indexer cell.
    pub cell: Cell,
    /// Row, column or box indexer.
    pub kind: IndexerKind,
}

impl Rule for Indexer {
    fn name(&self) -> &'static str {
        "rowindexer"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        vec![self.cell]
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// What an [`Indexer`] indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexerKind {
    /// Row indexer.
    Row,
    /// Column indexer.
    Column,
    /// Box indexer.
    Box,
}
