//! Rules on single cells and on shapes: odd/even, minimum/maximum, clones,
//! sets of cells with no repeated digit.

use super::{all_different, orthogonal, restrict, Mask, PairRule, Pruned, Rule};
use crate::digits::Cell;

/// An odd or even cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parity {
    /// The cell.
    pub cell: Cell,
    /// Odd (true) or even.
    pub odd: bool,
}

impl Parity {
    fn mask(&self) -> Mask {
        // Bit v-1 is value v: odd values sit on even bits.
        if self.odd {
            0x5555
        } else {
            0xAAAA
        }
    }
}

impl Rule for Parity {
    fn name(&self) -> &'static str {
        if self.odd {
            "odd"
        } else {
            "even"
        }
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        vec![self.cell]
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        (values[self.cell.index()] % 2 == 1) == self.odd
    }
    fn prune(&self, masks: &mut [Mask], _n: usize) -> Pruned {
        restrict(masks, self.cell, self.mask())
    }
}

/// A minimum (maximum) cell: smaller (larger) than each of its orthogonal
/// neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extremum {
    /// The cell.
    pub cell: Cell,
    /// Maximum (true) or minimum.
    pub maximum: bool,
}

impl Extremum {
    fn rule(&self) -> PairRule {
        if self.maximum {
            PairRule::Greater
        } else {
            PairRule::Less
        }
    }
}

impl Rule for Extremum {
    fn name(&self) -> &'static str {
        if self.maximum {
            "maximum"
        } else {
            "minimum"
        }
    }
    fn cells(&self, n: usize) -> Vec<Cell> {
        std::iter::once(self.cell)
            .chain(orthogonal(self.cell, n))
            .collect()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        let v = values[self.cell.index()];
        orthogonal(self.cell, n).all(|o| {
            let w = values[o.index()];
            if self.maximum {
                v > w
            } else {
                v < w
            }
        })
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let mut changed = false;
        for o in orthogonal(self.cell, n) {
            changed |= super::pairs::prune_pair(masks, self.cell, o, self.rule(), n)?;
        }
        Ok(changed)
    }
    fn pairs(&self, n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        Some(
            orthogonal(self.cell, n)
                .map(|o| (self.cell, o, self.rule()))
                .collect(),
        )
    }
}

/// Clone: two shapes whose corresponding cells hold the same digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CloneCells {
    /// The first shape.
    pub cells: Vec<Cell>,
    /// The second, cell for cell.
    pub clones: Vec<Cell>,
}

impl Rule for CloneCells {
    fn name(&self) -> &'static str {
        "clone"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.cells.iter().chain(&self.clones).copied().collect()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        self.cells
            .iter()
            .zip(&self.clones)
            .all(|(a, b)| values[a.index()] == values[b.index()])
    }
    fn prune(&self, masks: &mut [Mask], _n: usize) -> Pruned {
        let mut changed = false;
        for (a, b) in self.cells.iter().zip(&self.clones) {
            let both = masks[a.index()] & masks[b.index()];
            changed |= restrict(masks, *a, both)?;
            changed |= restrict(masks, *b, both)?;
        }
        Ok(changed)
    }
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        Some(
            self.cells
                .iter()
                .zip(&self.clones)
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (*a, *b, PairRule::Equal))
                .collect(),
        )
    }
}

/// Cells that hold no digit twice (an extra region of fewer than `n`
/// cells; a region of `n` cells is a house of the geometry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distinct {
    /// The cells.
    pub cells: Vec<Cell>,
}

impl Rule for Distinct {
    fn name(&self) -> &'static str {
        "extraregion"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.cells.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        all_different(values, &self.cells)
    }
    fn prune(&self, masks: &mut [Mask], _n: usize) -> Pruned {
        prune_distinct(masks, &self.cells)
    }
    fn distinct_groups(&self, _n: usize) -> Vec<Vec<Cell>> {
        vec![self.cells.clone()]
    }
}

/// Pruning of cells that must all differ: a solved cell's digit leaves the
/// others, and when `k` cells share `k` digits (a naked subset over their
/// union, checked for the whole group and for pigeonhole) the others lose them.
pub fn prune_distinct(masks: &mut [Mask], cells: &[Cell]) -> Pruned {
    let mut changed = false;
    loop {
        let mut round = false;
        let mut union: Mask = 0;
        for &c in cells {
            let m = masks[c.index()];
            union |= m;
            if m.count_ones() == 1 {
                for &o in cells {
                    if o != c {
                        round |= restrict(masks, o, !m)?;
                    }
                }
            }
        }
        if (union.count_ones() as usize) < cells.len() {
            return Err(super::Contradiction);
        }
        // Hidden singles: a digit that only one cell can take, when every
        // digit of the union must be placed (as many cells as digits).
        if union.count_ones() as usize == cells.len() {
            for v in super::values(union) {
                let b = super::bit(v);
                let mut holder = None;
                let mut count = 0;
                for &c in cells {
                    if masks[c.index()] & b != 0 {
                        holder = Some(c);
                        count += 1;
                    }
                }
                match (count, holder) {
                    (0, _) => return Err(super::Contradiction),
                    (1, Some(c)) => round |= restrict(masks, c, b)?,
                    _ => {}
                }
            }
        }
        changed |= round;
        if !round {
            return Ok(changed);
        }
    }
}
