//! Variant sudoku: rules drawn on a grid beyond its houses — killer cages,
//! thermometers, arrows, kropki dots, XV, little killers, sandwiches, lines,
//! indexers and the rest of what the f-puzzles format carries.
//!
//! A variant puzzle is a [`Puzzle`](crate::Puzzle) (geometry, givens, given
//! pencil marks) plus a list of [`Constraint`]s
//! ([`Puzzle::with_constraints`](crate::Puzzle::with_constraints)). Houses
//! that hold every digit once (diagonals, disjoint groups, extra regions of
//! `n` cells, irregular regions) stay in the [`Geometry`](crate::Geometry);
//! everything else is a constraint here.
//!
//! Each constraint is a small type that knows its cells ([`Rule::cells`]),
//! checks a full grid ([`Rule::check`], the independent validator: plain
//! arithmetic on the digits, sharing nothing with the pruning) and prunes
//! candidate masks ([`Rule::prune`]): it removes digits that no assignment of
//! its cells satisfying it can use. Pruning is *sound* (it never removes a
//! digit some solution uses) but need not be complete; the engine checks
//! every solution it finds with [`Rule::check`].
//!
//! Digits are values `1..=n` in [`Rule::check`]; in a [`Mask`] bit `v - 1`
//! stands for value `v`.

use crate::digits::Cell;

mod cells;
pub(crate) mod combinations;
mod lines;
mod outside;
mod pairs;
mod sums;

pub use cells::{CloneCells, Distinct, Extremum, Parity};
pub use lines::{
    Between, Entropic, Lockout, Modular, Nabner, Palindrome, Renban, Thermometer, Whispers,
};
pub use outside::{Indexer, IndexerKind, Sandwich, Skyscraper, XSum};
pub use pairs::{Adjacency, Neighbours, Pair, PairRule};
pub use sums::{Arrow, Cage, DoubleArrow, LittleKiller, Quadruple, SumLine, Zipper};

/// The candidates of a cell: bit `v - 1` for value `v` (grids up to 16x16).
pub type Mask = u16;

/// The largest grid side variant constraints support (one [`Mask`] a cell).
pub const MAX_VARIANT_SIZE: usize = 16;

/// Pruning found that no assignment of a constraint's cells satisfies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// What [`Rule::prune`] did: `Ok(true)` when it removed a candidate.
pub type Pruned = Result<bool, Contradiction>;

/// A position outside (or on) the grid, 0-based, where a clue is written:
/// row or column `-1` is above or left of the grid, `n` below or right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outside {
    /// Row, from -1 to n.
    pub row: i32,
    /// Column, from -1 to n.
    pub column: i32,
}

/// Why a constraint cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The constraint needs more (or other) cells than it was given.
    #[error("{kind}: {reason}")]
    Shape {
        /// The constraint's name (its f-puzzles key).
        kind: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// A total or count that no digits of the grid can make.
    #[error("{kind}: {reason}")]
    Impossible {
        /// The constraint's name (its f-puzzles key).
        kind: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The constraint does not exist for this grid size.
    #[error("{kind} is not defined on a {n}x{n} grid")]
    Size {
        /// The constraint's name (its f-puzzles key).
        kind: &'static str,
        /// Grid side.
        n: usize,
    },
}

/// One rule of a variant puzzle.
pub trait Rule {
    /// The rule's name: its f-puzzles key (`killercage`, `thermometer` …).
    fn name(&self) -> &'static str;

    /// The cells whose digits the rule reads (pruning runs again when one of
    /// their candidates changes).
    fn cells(&self, n: usize) -> Vec<Cell>;

    /// Whether a full grid satisfies the rule: `values[cell]` is the value
    /// `1..=n` of every cell, row-major, `n` the side.
    fn check(&self, values: &[u8], n: usize) -> bool;

    /// Removes from `masks` (one per cell, row-major) digits that no
    /// assignment of the rule's cells within their masks, satisfying the rule,
    /// uses. `Ok(true)` when something was removed, [`Contradiction`] when no
    /// assignment is left (a cell's mask may then be left empty). Never
    /// removes a digit that such an assignment uses.
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned;

    /// Refuses a rule that cannot be met on a grid of side `n` whatever the
    /// other rules (a cage total no digits make, a clue out of range, a
    /// cell off the grid …), naming the problem. Readers call it on every
    /// rule they build.
    ///
    /// # Errors
    /// [`RuleError`] saying what is wrong.
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        let cells = self.cells(n);
        match cells.iter().find(|c| c.index() >= n * n) {
            Some(c) => Err(RuleError::Shape {
                kind: self.name(),
                reason: format!("cell {} is off the {n}x{n} grid", c.index()),
            }),
            None => Ok(()),
        }
    }

    /// When the rule is exactly a set of rules between two cells, those
    /// pairs: an engine may then keep them as tables of allowed digits
    /// instead of calling [`Rule::prune`].
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        None
    }

    /// Whether [`Rule::prune`] deduces more than the tables of
    /// [`Rule::pairs`] do (a nabner line of five on 9x9 is odd digits only;
    /// no pair says so): an engine then runs both.
    fn prunes_beyond_pairs(&self) -> bool {
        false
    }

    /// Groups of cells whose digits the rule forces to differ (a cage's
    /// cells, a thermometer's): an engine may treat them as peers.
    fn distinct_groups(&self, _n: usize) -> Vec<Vec<Cell>> {
        Vec::new()
    }
}

/// Every kind of constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// Killer cage.
    Cage(Cage),
    /// Arrow: the circle (or pill) equals the sum along the line.
    Arrow(Arrow),
    /// Double arrow: the two ends sum to the cells between them.
    DoubleArrow(DoubleArrow),
    /// Little killer: the sum along a diagonal.
    LittleKiller(LittleKiller),
    /// Region sum line: equal sums in each region the line crosses.
    SumLine(SumLine),
    /// Zipper line: cells equally far from the centre sum to the centre.
    Zipper(Zipper),
    /// Quadruple: these digits appear among the cells.
    Quadruple(Quadruple),
    /// Sandwich sum.
    Sandwich(Sandwich),
    /// X-sum.
    XSum(XSum),
    /// Skyscraper.
    Skyscraper(Skyscraper),
    /// Row, column or box indexer cells.
    Indexer(Indexer),
    /// A rule between two cells (kropki, XV, their negative forms).
    Pair(Pair),
    /// A rule between every pair of neighbouring cells (anti-king,
    /// anti-knight, nonconsecutive, negative dots).
    Neighbours(Neighbours),
    /// Thermometer.
    Thermometer(Thermometer),
    /// German whispers.
    Whispers(Whispers),
    /// Renban.
    Renban(Renban),
    /// Palindrome.
    Palindrome(Palindrome),
    /// Between line.
    Between(Between),
    /// Lockout line.
    Lockout(Lockout),
    /// Entropic line.
    Entropic(Entropic),
    /// Modular line.
    Modular(Modular),
    /// Nabner line.
    Nabner(Nabner),
    /// Odd or even cell.
    Parity(Parity),
    /// Minimum or maximum cell.
    Extremum(Extremum),
    /// Clone: two shapes with the same digits.
    Clone(CloneCells),
    /// Cells with no repeated digit (an extra region of fewer than `n`
    /// cells).
    Distinct(Distinct),
}

macro_rules! each_kind {
    ($self:ident, $c:ident => $e:expr) => {
        match $self {
            Constraint::Cage($c) => $e,
            Constraint::Arrow($c) => $e,
            Constraint::DoubleArrow($c) => $e,
            Constraint::LittleKiller($c) => $e,
            Constraint::SumLine($c) => $e,
            Constraint::Zipper($c) => $e,
            Constraint::Quadruple($c) => $e,
            Constraint::Sandwich($c) => $e,
            Constraint::XSum($c) => $e,
            Constraint::Skyscraper($c) => $e,
            Constraint::Indexer($c) => $e,
            Constraint::Pair($c) => $e,
            Constraint::Neighbours($c) => $e,
            Constraint::Thermometer($c) => $e,
            Constraint::Whispers($c) => $e,
            Constraint::Renban($c) => $e,
            Constraint::Palindrome($c) => $e,
            Constraint::Between($c) => $e,
            Constraint::Lockout($c) => $e,
            Constraint::Entropic($c) => $e,
            Constraint::Modular($c) => $e,
            Constraint::Nabner($c) => $e,
            Constraint::Parity($c) => $e,
            Constraint::Extremum($c) => $e,
            Constraint::Clone($c) => $e,
            Constraint::Distinct($c) => $e,
        }
    };
}

impl Rule for Constraint {
    fn name(&self) -> &'static str {
        each_kind!(self, c => c.name())
    }

    fn cells(&self, n: usize) -> Vec<Cell> {
        each_kind!(self, c => c.cells(n))
    }

    fn check(&self, values: &[u8], n: usize) -> bool {
        each_kind!(self, c => c.check(values, n))
    }

    #[inline]
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        each_kind!(self, c => c.prune(masks, n))
    }

    fn validate(&self, n: usize) -> Result<(), RuleError> {
        each_kind!(self, c => c.validate(n))
    }

    fn pairs(&self, n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        each_kind!(self, c => c.pairs(n))
    }

    fn prunes_beyond_pairs(&self) -> bool {
        each_kind!(self, c => c.prunes_beyond_pairs())
    }

    fn distinct_groups(&self, n: usize) -> Vec<Vec<Cell>> {
        each_kind!(self, c => c.distinct_groups(n))
    }
}

/// Sound pruning by enumeration, for any rule: every assignment of `cells`
/// within their masks is tried (`accept` sees the values in the order of
/// `cells`), and each cell keeps the values some accepted assignment uses.
/// When there are more than `cap` assignments it prunes nothing (but still
/// checks a fully assigned set of cells). A cell may appear twice in
/// `cells`; it then takes the same value in both places.
pub fn prune_by_enumeration(
    cells: &[Cell],
    masks: &mut [Mask],
    cap: u64,
    mut accept: impl FnMut(&[u32]) -> bool,
) -> Pruned {
    let mut distinct: Vec<Cell> = cells.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut product = 1u64;
    for c in &distinct {
        product = product.saturating_mul(u64::from(masks[c.index()].count_ones()));
    }
    if product == 0 {
        return Err(Contradiction);
    }
    if product > cap {
        return Ok(false);
    }
    let slot: Vec<usize> = cells
        .iter()
        .map(|c| distinct.binary_search(c).unwrap_or(0))
        .collect();
    let options: Vec<Vec<u32>> = distinct
        .iter()
        .map(|c| values(masks[c.index()]).collect())
        .collect();
    let mut pick = vec![0usize; distinct.len()];
    let mut support = vec![0 as Mask; distinct.len()];
    let mut assignment = vec![0u32; cells.len()];
    loop {
        for (a, &s) in assignment.iter_mut().zip(&slot) {
            *a = options[s][pick[s]];
        }
        if accept(&assignment) {
            for (i, sup) in support.iter_mut().enumerate() {
                *sup |= bit(options[i][pick[i]]);
            }
        }
        // Next assignment, odometer style.
        let mut i = 0;
        loop {
            if i == pick.len() {
                let mut changed = false;
                for (c, sup) in distinct.iter().zip(&support) {
                    changed |= restrict(masks, *c, *sup)?;
                }
                return Ok(changed);
            }
            pick[i] += 1;
            if pick[i] < options[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

/// The mask of values `1..=n`.
#[inline]
pub fn full_mask(n: usize) -> Mask {
    ((1u32 << n) - 1) as Mask
}

/// The mask of one value `v` (`1..=16`).
#[inline]
pub fn bit(v: u32) -> Mask {
    1 << (v - 1)
}

/// The smallest value in a non-empty mask.
#[inline]
pub fn min_value(mask: Mask) -> u32 {
    mask.trailing_zeros() + 1
}

/// The largest value in a non-empty mask.
#[inline]
pub fn max_value(mask: Mask) -> u32 {
    16 - mask.leading_zeros()
}

/// The values in a mask, increasing.
#[inline]
pub fn values(mut mask: Mask) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() + 1;
            mask &= mask - 1;
            v
        })
    })
}

/// `masks[cell] &= keep`: `Ok(true)` when a candidate went,
/// [`Contradiction`] when none is left.
#[inline]
pub fn restrict(masks: &mut [Mask], cell: Cell, keep: Mask) -> Pruned {
    let m = &mut masks[cell.index()];
    let new = *m & keep;
    if new == *m {
        return Ok(false);
    }
    *m = new;
    if new == 0 {
        Err(Contradiction)
    } else {
        Ok(true)
    }
}

/// The entropic class of value `v` on a grid of side `n`: 0 low, 1 middle,
/// 2 high. Low and high hold `(n + 1) / 3` digits each and the middle the
/// rest, so the split is symmetric (1-3, 4-6, 7-9 on 9x9; 1, 2-3, 4 on
/// 4x4; 1-2, 3, 4-5 on 5x5; 1-3, 4-5, 6-8 on 8x8).
#[inline]
pub(crate) fn entropic_class(v: u32, n: usize) -> u32 {
    let side = (n as u32 + 1) / 3;
    if v <= side {
        0
    } else if v + side <= n as u32 {
        1
    } else {
        2
    }
}

/// Whether the values of `cells` are all different.
pub fn all_different(values: &[u8], cells: &[Cell]) -> bool {
    let mut seen = 0u32;
    cells.iter().all(|c| {
        let b = 1u32 << values[c.index()];
        let fresh = seen & b == 0;
        seen |= b;
        fresh
    })
}

/// Orthogonally adjacent cells of `cell` in a grid of side `n`.
pub fn orthogonal(cell: Cell, n: usize) -> impl Iterator<Item = Cell> {
    let (r, c) = (cell.row(n) as i32, cell.column(n) as i32);
    offsets(r, c, n, &[(-1, 0), (0, -1), (0, 1), (1, 0)])
}

/// The cells at the given offsets from `(r, c)` that are on the grid.
pub(crate) fn offsets(
    r: i32,
    c: i32,
    n: usize,
    steps: &'static [(i32, i32)],
) -> impl Iterator<Item = Cell> {
    steps.iter().filter_map(move |&(dr, dc)| {
        let (rr, cc) = (r + dr, c + dc);
        (rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < n)
            .then(|| Cell::at(rr as usize, cc as usize, n))
    })
}

#[cfg(test)]
mod tests;
