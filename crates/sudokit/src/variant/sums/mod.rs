//! Sums: killer cages, arrows, double arrows, little killers, region sum lines, zipper lines and quadruples.

//!
//! Every sum rule prunes with sets of reachable sums kept as bitsets
//! ([`bits`]): a forward pass gathers the sums each prefix of the cells can
//! make, a backward pass the partial sums that can still reach a wanted
//! total, and each cell keeps the digits that join the two. Killer cages,
//! whose digits differ, go through a table of digit combinations per
//! (cells, total) ([`table`]) and a matching of cells to each combination's
//! digits, which makes their pruning exact.

use super::{Outside, RuleError, MAX_VARIANT_SIZE};
use crate::digits::Cell;

mod arrow;
mod bits;
mod cage;
mod equal;
mod quadruple;
#[cfg(test)]
mod tests;

/// Refuses a grid side the masks cannot hold, an empty list of cells, a
/// cell off the grid, more cells than the grid has, and (unless
/// `repeats`) a cell listed twice.
fn check_shape(
    kind: &'static str,
    cells: &[Cell],
    n: usize,
    repeats: bool,
) -> Result<(), RuleError> {
    let shape = |reason: String| Err(RuleError::Shape { kind, reason });
    if n == 0 || n > MAX_VARIANT_SIZE {
        return Err(RuleError::Size { kind, n });
    }
    if cells.is_empty() {
        return shape("no cells".into());
    }
    if let Some(c) = cells.iter().find(|c| c.index() >= n * n) {
        return shape(format!("cell {} is off the {n}x{n} grid", c.index()));
    }
    if cells.len() > n * n {
        return shape(format!("{} cells on a {n}x{n} grid", cells.len()));
    }
    if !repeats {
        let mut seen = [0u64; MAX_VARIANT_SIZE * MAX_VARIANT_SIZE / 64];
        for c in cells {
            let (w, b) = (c.index() / 64, c.index() % 64);
            if seen[w] >> b & 1 == 1 {
                return shape(format!("cell {} is listed twice", c.index()));
            }
            seen[w] |= 1 << b;
        }
    }
    Ok(())
}

/// Killer cage: no repeated digit; with a total, the digits sum to it.
///
/// f-puzzles `killercage` entries: `cells`, and `value` parsed as a
/// decimal number; a missing, empty, zero or unreadable `value` means no
/// total (the peer's rule). [`Rule::distinct_groups`](super::Rule::distinct_groups)
/// gives the cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// The cells.
    pub cells: Vec<Cell>,
    /// The total, when given.
    pub sum: Option<u32>,
}

/// Arrow: the circle equals the sum along the line (digits on the line may
/// repeat).
///
/// A circle of several cells (a pill) reads as the decimal numerals of its
/// digits written one after the other, first cell first: on 9x9 the pill
/// 1|2 reads 12, on 16x16 the pill 1|12 reads 112. f-puzzles `arrow`
/// entries give one arrow per item of `lines`, all sharing the circle
/// `cells` (in the order listed); each line's first cell is in the circle
/// and is left out of `line`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The circle's cells, most significant digit first.
    pub circle: Vec<Cell>,
    /// The cells along the arrow, the circle's excluded.
    pub line: Vec<Cell>,
}

/// Double arrow: the two ends sum to the total of the cells between them.
/// A line of one or two cells has no cells between and no rule (as in the
/// peer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleArrow {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

/// Little killer: the digits along the diagonal sum to the total (digits
/// may repeat). f-puzzles `littlekillersum` entries: `cells` as listed,
/// `value` the total; an entry with no or an empty `value` carries no rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LittleKiller {
    /// Where the clue is written.
    pub clue: Outside,
    /// The diagonal's cells.
    pub cells: Vec<Cell>,
    /// The total.
    pub sum: u32,
}

/// Region sum line: each stretch of the line inside one region (box or
/// irregular region) has the same sum. A line that leaves a region and
/// comes back makes two stretches; cells in no region are skipped; a line
/// with fewer than two stretches has no rule (as in the peer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumLine {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
    /// The stretches: maximal runs of consecutive line cells in one
    /// region, in the order the line meets them.
    pub segments: Vec<Vec<Cell>>,
}

/// Zipper line: digits equally far from the line's ends (first and last,
/// second and second to last …) sum to the same total, which is the centre
/// digit on a line of odd length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zipper {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

/// Quadruple: the digits listed appear among the cells, a digit listed
/// twice in two cells (multiset containment); the other cells are free.
/// f-puzzles `quadruple` entries: `cells` and `values` (numbers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quadruple {
    /// The cells (usually four around a corner).
    pub cells: Vec<Cell>,
    /// The values, 1..=n.
    pub digits: Vec<u8>,
}
