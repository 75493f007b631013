//! Sums: killer cages, arrows, double arrows, little killers, region sum lines, zipper lines and quadruples.

#![allow(unused_variables)] // placeholder until the propagators land

use super::{Mask, Outside, Pruned, Rule};
use crate::digits::Cell;

/// Killer cage: no repeated digit; with a total, the digits sum to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The cells.
    pub cells: Vec<Cell>,
    /// The total, when given.
    pub sum: Option<u32>,
}

impl Rule for Cage {
    fn name(&self) -> &'static str {
        "killercage"
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

/// Arrow: the digits of the circle (a number when the circle spans several cells, read in the order given) equal the sum along the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The circle's cells, most significant digit first.
    pub circle: Vec<Cell>,
    /// The cells along the arrow, the circle's excluded.
    pub line: Vec<Cell>,
}

impl Rule for Arrow {
    fn name(&self) -> &'static str {
        "arrow"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.circle.iter().chain(&self.line).copied().collect()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Double arrow: the two ends sum to the total of the cells between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleArrow {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for DoubleArrow {
    fn name(&self) -> &'static str {
        "doublearrow"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Little killer: the digits along the diagonal sum to the total (digits may repeat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LittleKiller {
    /// Where the clue is written.
    pub clue: Outside,
    /// The diagonal's cells.
    pub cells: Vec<Cell>,
    /// The total.
    pub sum: u32,
}

impl Rule for LittleKiller {
    fn name(&self) -> &'static str {
        "littlekillersum"
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

/// Region sum line: the digits in each region the line passes through have the same sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumLine {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
    /// The line's cells, grouped by region, in the order the line meets them.
    pub segments: Vec<Vec<Cell>>,
}

impl Rule for SumLine {
    fn name(&self) -> &'static str {
        "regionsumline"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Zipper line: digits equally far from the line's centre sum to the same total (the centre digit on a line of odd length).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zipper {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for Zipper {
    fn name(&self) -> &'static str {
        "zipperline"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        unimplemented!()
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        Ok(false)
    }
}

/// Quadruple: the digits listed (with repeats) appear among the cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quadruple {
    /// The cells (usually four around a corner).
    pub cells: Vec<Cell>,
    /// The values, 1..=n.
    pub digits: Vec<u8>,
}

impl Rule for Quadruple {
    fn name(&self) -> &'static str {
        "quadruple"
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
