//! Rules between two cells: kropki dots, XV, their negative forms, and the
//! neighbour rules (anti-king, anti-knight, nonconsecutive).

use super::{offsets, orthogonal, restrict, Mask, Pruned, Rule};
use crate::digits::Cell;

/// A relation between the values `a` and `b` of two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairRule {
    /// `|a - b| = k` (white kropki dot: k = 1).
    Difference(u8),
    /// `a = k·b` or `b = k·a` (black kropki dot: k = 2).
    Ratio(u8),
    /// `a + b = k` (X: 10, V: 5).
    Sum(u8),
    /// Not `|a - b| = k`.
    NotDifference(u8),
    /// Neither `a = k·b` nor `b = k·a`.
    NotRatio(u8),
    /// Not `a + b = k`.
    NotSum(u8),
    /// `a ≠ b`.
    Different,
    /// `a = b`.
    Equal,
    /// `a < b`.
    Less,
    /// `a > b`.
    Greater,
    /// `|a - b| >= k` (German whispers: k = 5).
    AtLeast(u8),
    /// `a` and `b` in different entropic classes of `1..=n` (low, middle,
    /// high; see [`Entropic`](super::Entropic) for the split when 3 does not
    /// divide `n`).
    OtherThird,
    /// `a` and `b` in the same entropic class of `1..=n`.
    SameThird,
    /// `a ≢ b (mod 3)`.
    OtherResidue,
    /// `a ≡ b (mod 3)`.
    SameResidue,
    /// `|a - b| > 1` (nabner: no two digits on the line consecutive, and
    /// none equal).
    FarApart,
}

impl PairRule {
    /// Whether `a` (the first cell's value) and `b` satisfy the rule on a
    /// grid of side `n`.
    pub fn holds(self, a: u32, b: u32, n: usize) -> bool {
        let (lo, hi) = (a.min(b), a.max(b));
        let third = |v: u32| super::entropic_class(v, n);
        match self {
            PairRule::Difference(k) => hi - lo == u32::from(k),
            PairRule::Ratio(k) => lo * u32::from(k) == hi,
            PairRule::Sum(k) => a + b == u32::from(k),
            PairRule::NotDifference(k) => hi - lo != u32::from(k),
            PairRule::NotRatio(k) => lo * u32::from(k) != hi,
            PairRule::NotSum(k) => a + b != u32::from(k),
            PairRule::Different => a != b,
            PairRule::Equal => a == b,
            PairRule::Less => a < b,
            PairRule::Greater => a > b,
            PairRule::AtLeast(k) => hi - lo >= u32::from(k),
            PairRule::OtherThird => third(a) != third(b),
            PairRule::SameThird => third(a) == third(b),
            PairRule::OtherResidue => a % 3 != b % 3,
            PairRule::SameResidue => a % 3 == b % 3,
            PairRule::FarApart => hi - lo > 1,
        }
    }

    /// `table[a]`: the values `b` with `holds(a, b)`, for `a` in `1..=n`
    /// (entry 0 unused).
    pub fn table(self, n: usize) -> [Mask; 17] {
        let mut t = [0; 17];
        for (a, row) in t.iter_mut().enumerate().take(n + 1).skip(1) {
            for b in 1..=n as u32 {
                if self.holds(a as u32, b, n) {
                    *row |= 1 << (b - 1);
                }
            }
        }
        t
    }

    /// The rule seen from the other cell: `flip().holds(b, a) == holds(a, b)`.
    pub fn flip(self) -> PairRule {
        match self {
            PairRule::Less => PairRule::Greater,
            PairRule::Greater => PairRule::Less,
            other => other,
        }
    }
}

/// The values `a` of the first cell that some `b` in `other` satisfies
/// `table` with (`table` from [`PairRule::table`]).
#[inline]
pub fn supported(table: &[Mask; 17], other: Mask) -> Mask {
    let mut keep = 0;
    let mut m = other;
    while m != 0 {
        keep |= table[m.trailing_zeros() as usize + 1];
        m &= m - 1;
    }
    keep
}

/// Arc consistency on one pair: each cell keeps the values the other can
/// match.
pub fn prune_pair(masks: &mut [Mask], a: Cell, b: Cell, rule: PairRule, n: usize) -> Pruned {
    let forward = rule.table(n);
    let backward = rule.flip().table(n);
    let mut changed = restrict(masks, b, supported(&forward, masks[a.index()]))?;
    changed |= restrict(masks, a, supported(&backward, masks[b.index()]))?;
    Ok(changed)
}

/// Two cells and the rule between them (a kropki dot, an X or V …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The two cells.
    pub cells: [Cell; 2],
    /// The rule.
    pub rule: PairRule,
    /// The f-puzzles key it came from (`difference`, `ratio`, `xv` …).
    pub kind: &'static str,
}

impl Rule for Pair {
    fn name(&self) -> &'static str {
        self.kind
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.cells.to_vec()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        let [a, b] = self.cells;
        self.rule.holds(
            u32::from(values[a.index()]),
            u32::from(values[b.index()]),
            n,
        )
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        prune_pair(masks, self.cells[0], self.cells[1], self.rule, n)
    }
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        Some(vec![(self.cells[0], self.cells[1], self.rule)])
    }
}

/// Which cells are neighbours for a [`Neighbours`] rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjacency {
    /// A king's move apart.
    King,
    /// A knight's move apart.
    Knight,
    /// Orthogonally adjacent.
    Orthogonal,
}

/// A rule between every pair of neighbours but the listed exceptions:
/// anti-king and anti-knight (digits differ), nonconsecutive, and the
/// negative constraint of kropki dots and XV (no unmarked pair of
/// orthogonal neighbours satisfies the marked rule).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Neighbours {
    /// Which cells are neighbours.
    pub adjacency: Adjacency,
    /// What every pair of neighbours satisfies.
    pub rule: PairRule,
    /// Pairs the rule skips (the cells of the marked dots), either order.
    pub except: Vec<[Cell; 2]>,
    /// The f-puzzles key (`antiking`, `antiknight`, `nonconsecutive`,
    /// `negative`).
    pub kind: &'static str,
}

const KING: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

impl Neighbours {
    /// Every pair of neighbours once (lower cell first), exceptions left out.
    pub fn neighbour_pairs(&self, n: usize) -> Vec<[Cell; 2]> {
        let mut out = Vec::new();
        for i in 0..n * n {
            let cell = Cell(i as u32);
            let (r, c) = (cell.row(n) as i32, cell.column(n) as i32);
            let others: Vec<Cell> = match self.adjacency {
                Adjacency::King => offsets(r, c, n, &KING).collect(),
                Adjacency::Knight => offsets(r, c, n, &KNIGHT).collect(),
                Adjacency::Orthogonal => orthogonal(cell, n).collect(),
            };
            for other in others {
                if other > cell
                    && !self
                        .except
                        .iter()
                        .any(|&[a, b]| (a, b) == (cell, other) || (b, a) == (cell, other))
                {
                    out.push([cell, other]);
                }
            }
        }
        out
    }
}

impl Rule for Neighbours {
    fn name(&self) -> &'static str {
        self.kind
    }
    fn cells(&self, n: usize) -> Vec<Cell> {
        (0..n * n).map(|i| Cell(i as u32)).collect()
    }
    fn check(&self, values: &[u8], n: usize) -> bool {
        self.neighbour_pairs(n).iter().all(|&[a, b]| {
            self.rule.holds(
                u32::from(values[a.index()]),
                u32::from(values[b.index()]),
                n,
            )
        })
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let mut changed = false;
        for [a, b] in self.neighbour_pairs(n) {
            changed |= prune_pair(masks, a, b, self.rule, n)?;
        }
        Ok(changed)
    }
    fn pairs(&self, n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        Some(
            self.neighbour_pairs(n)
                .into_iter()
                .map(|[a, b]| (a, b, self.rule))
                .collect(),
        )
    }
}
