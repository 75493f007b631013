//! A variant puzzle's constraints compiled for the logic: units (a whole
//! rule, or one pair of a rule over every neighbouring pair), which units
//! read each cell, and the masks the rules prune.

use std::sync::Arc;

use crate::variant::{Constraint, Contradiction, Mask, PairRule, Rule};
use crate::Puzzle;

/// The most cells a board the variant ladder takes may have (its cell sets
/// are at most this many bits).
pub(crate) const MAX_CELLS: usize = 64 * MAX_WORDS;

/// Words of the largest cell set.
pub(crate) const MAX_WORDS: usize = 16;

/// One unit of deduction: a whole constraint, or one pair of cells of a
/// rule that holds between every pair of neighbours (anti-king,
/// nonconsecutive, the negative dots), so that a step names the two cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unit {
    /// Index of the constraint in [`Rules::constraints`].
    pub rule: usize,
    /// The cells it reads (row-major indices).
    pub cells: Vec<usize>,
    /// For a pair unit: the relation and its tables (`forward[a]`: values
    /// of the second cell allowed when the first is `a`; `backward` the
    /// other way).
    pub pair: Option<(PairRule, [Mask; 17], [Mask; 17])>,
    /// Whether some of its cells share a house the rule does not know of
    /// (an arrow along a row): its pruning then also enumerates the
    /// assignments with those cells different, when there are few.
    pub enumerate: bool,
}

/// The most assignments of a unit's cells [`Rules::prune`] enumerates.
const ENUMERATION_CAP: u64 = 2048;

/// The constraints of a variant puzzle, as the variant ladder reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// The puzzle's constraints.
    pub constraints: Arc<[Constraint]>,
    /// Every unit.
    pub units: Vec<Unit>,
    /// `watch[cell]`: the units reading the cell.
    pub watch: Vec<Vec<u32>>,
    /// `distinct[cell]`: the cells that cannot hold the same digit as it —
    /// its peers in the houses, the cells of each rule's distinct groups
    /// (a cage, a thermometer), and the other cell of every pair whose
    /// relation never holds between equal digits (anti-knight, dots).
    /// Flat: `words` words per cell ([`Rules::distinct`]).
    distinct: Vec<u64>,
    /// Words of one cell set.
    pub words: usize,
    /// `excl[(cell * n + d) * cells + x]`: the digits (bits) cell `x`
    /// cannot hold when `cell` holds digit `d + 1`, from `distinct` and
    /// every two-cell relation of the rules (a kropki dot, an anti-XV
    /// pair): the weak links forcing steps intersect.
    pub excl: Vec<Mask>,
    /// The side.
    pub n: usize,
    /// The rule-of-45 equations (killer cages with totals).
    pub forms45: Vec<super::forms45::Form>,
}

impl Rules {
    /// The rules of `puzzle`, `None` when it has no constraints (or a grid
    /// too big for variant masks, which the readers refuse anyway).
    ///
    /// A multi-grid board (samurai …) has rules too, none of them
    /// constraints: its cells are more than the classic ladder's chains
    /// read, and the variant ladder's forcing and contradiction rungs take
    /// any board.
    pub(crate) fn of(puzzle: &Puzzle) -> Option<Arc<Rules>> {
        let constraints = puzzle.constraints();
        let geometry = puzzle.geometry();
        let n = geometry.size();
        let cells = geometry.cell_count();
        let multi = geometry.multi_layout().is_some();
        if (constraints.is_empty() && !multi)
            || n > crate::variant::MAX_VARIANT_SIZE
            || cells > MAX_CELLS
        {
            return None;
        }
        let mut units = Vec::new();
        for (i, c) in constraints.iter().enumerate() {
            match c {
                // A rule over every pair of neighbours: one unit per pair.
                Constraint::Neighbours(nb) => {
                    for [a, b] in nb.neighbour_pairs(n) {
                        units.push(Unit {
                            rule: i,
                            cells: vec![a.index(), b.index()],
                            pair: Some((nb.rule, nb.rule.table(n), nb.rule.flip().table(n))),
                            enumerate: false,
                        });
                    }
                }
                _ => {
                    let cells: Vec<usize> = c.cells(n).iter().map(|c| c.index()).collect();
                    let groups = c.distinct_groups(n);
                    let known = |a: usize, b: usize| {
                        groups.iter().any(|g| {
                            g.iter().any(|x| x.index() == a) && g.iter().any(|x| x.index() == b)
                        })
                    };
                    let geometry = puzzle.geometry();
                    let enumerate = c.pairs(n).is_none()
                        && cells.iter().enumerate().any(|(i, &a)| {
                            cells[i + 1..].iter().any(|&b| {
                                a != b
                                    && a < n * n
                                    && b < n * n
                                    && !known(a, b)
                                    && geometry
                                        .peers(crate::Cell(a as u32))
                                        .contains(&crate::Cell(b as u32))
                            })
                        });
                    units.push(Unit {
                        rule: i,
                        cells,
                        pair: None,
                        enumerate,
                    })
                }
            }
        }
        let mut watch = vec![Vec::new(); cells];
        for (u, unit) in units.iter().enumerate() {
            for &c in &unit.cells {
                if c < cells && !watch[c].contains(&(u as u32)) {
                    watch[c].push(u as u32);
                }
            }
        }
        let words = cells.div_ceil(64);
        let mut distinct = vec![0u64; cells * words];
        let mut insert = |a: usize, b: usize| distinct[a * words + b / 64] |= 1 << (b % 64);
        for c in 0..cells {
            for p in geometry.peers(crate::Cell(c as u32)) {
                insert(c, p.index());
            }
        }
        let mut link = |a: usize, b: usize| {
            if a != b && a < cells && b < cells {
                insert(a, b);
                insert(b, a);
            }
        };
        for c in constraints.iter() {
            for group in c.distinct_groups(n) {
                for (i, a) in group.iter().enumerate() {
                    for b in &group[i + 1..] {
                        link(a.index(), b.index());
                    }
                }
            }
            if let Some(pairs) = c.pairs(n) {
                for (a, b, rule) in pairs {
                    if (1..=n as u32).all(|v| !rule.holds(v, v, n)) {
                        link(a.index(), b.index());
                    }
                }
            }
        }
        let full = crate::variant::full_mask(n);
        let mut excl = vec![0 as Mask; cells * n * cells];
        for c in 0..cells {
            let bits = &distinct[c * words..][..words];
            for x in (0..cells).filter(|&x| bits[x / 64] >> (x % 64) & 1 != 0) {
                for d in 0..n {
                    excl[(c * n + d) * cells + x] |= 1 << d;
                }
            }
        }
        for c in constraints.iter() {
            for (a, b, rule) in c.pairs(n).unwrap_or_default() {
                let (a, b) = (a.index(), b.index());
                if a == b || a >= cells || b >= cells {
                    continue;
                }
                let (forward, backward) = (rule.table(n), rule.flip().table(n));
                for d in 0..n {
                    excl[(a * n + d) * cells + b] |= full & !forward[d + 1];
                    excl[(b * n + d) * cells + a] |= full & !backward[d + 1];
                }
            }
        }
        Some(Arc::new(Rules {
            constraints: Arc::from(constraints),
            units,
            watch,
            distinct,
            words,
            excl,
            n,
            // The rule of 45's regions are sets of at most 256 cells.
            forms45: match multi {
                true => Vec::new(),
                false => super::forms45::forms(geometry, constraints),
            },
        }))
    }

    /// The cells that cannot hold the same digit as `cell` — its peers in
    /// the houses, the cells of each rule's distinct groups (a cage, a
    /// thermometer), and the other cell of every pair whose relation never
    /// holds between equal digits (anti-knight, dots) — as [`Rules::words`]
    /// words of bits.
    #[inline]
    pub(crate) fn distinct(&self, cell: usize) -> &[u64] {
        &self.distinct[cell * self.words..][..self.words]
    }

    /// Whether `a` and `b` cannot hold the same digit.
    #[inline]
    pub(crate) fn apart(&self, a: usize, b: usize) -> bool {
        self.distinct(a)[b / 64] >> (b % 64) & 1 != 0
    }

    /// The constraint of unit `u`.
    pub(crate) fn constraint(&self, u: usize) -> &Constraint {
        &self.constraints[self.units[u].rule]
    }

    /// Prunes `masks` by unit `u`: `Ok(true)` when a candidate went.
    pub(crate) fn prune(&self, u: usize, masks: &mut [Mask]) -> Result<bool, Contradiction> {
        let unit = &self.units[u];
        match &unit.pair {
            Some((_, forward, backward)) => {
                let (a, b) = (unit.cells[0], unit.cells[1]);
                let keep_b = supported(forward, masks[a]);
                let keep_a = supported(backward, masks[b]);
                let (na, nb) = (masks[a] & keep_a, masks[b] & keep_b);
                let changed = na != masks[a] || nb != masks[b];
                masks[a] = na;
                masks[b] = nb;
                if na == 0 || nb == 0 {
                    return Err(Contradiction);
                }
                Ok(changed)
            }
            None => {
                let rule = &self.constraints[unit.rule];
                let changed = rule.prune(masks, self.n)?;
                if !unit.enumerate {
                    return Ok(changed);
                }
                Ok(self.enumerate(u, masks)? || changed)
            }
        }
    }

    /// Exact pruning of a unit whose cells share houses: every assignment
    /// within the masks, the cells of one house all different, that the
    /// rule's own check accepts (when there are at most
    /// [`ENUMERATION_CAP`]).
    fn enumerate(&self, u: usize, masks: &mut [Mask]) -> Result<bool, Contradiction> {
        let unit = &self.units[u];
        let rule = &self.constraints[unit.rule];
        let n = self.n;
        let cells: Vec<crate::Cell> = unit.cells.iter().map(|&c| crate::Cell(c as u32)).collect();
        let peers: Vec<(usize, usize)> = (0..cells.len())
            .flat_map(|i| (i + 1..cells.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| {
                let (a, b) = (unit.cells[i], unit.cells[j]);
                a != b && self.apart(a, b)
            })
            .collect();
        let mut values = vec![1u8; self.watch.len()];
        crate::variant::prune_by_enumeration(&cells, masks, ENUMERATION_CAP, |vals| {
            if peers.iter().any(|&(i, j)| vals[i] == vals[j]) {
                return false;
            }
            for (c, &v) in unit.cells.iter().zip(vals) {
                values[*c] = v as u8;
            }
            rule.check(&values, n)
        })
    }
}

/// The union of `table[a]` over the values `a` in `m`.
fn supported(table: &[Mask; 17], mut m: Mask) -> Mask {
    let mut keep = 0;
    while m != 0 {
        keep |= table[m.trailing_zeros() as usize + 1];
        m &= m - 1;
    }
    keep
}
