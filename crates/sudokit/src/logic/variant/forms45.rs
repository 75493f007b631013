//! The rule of 45's equations (see `sums45`): they depend on the geometry
//! and the killer cages alone, so [`forms`] makes them once per puzzle and
//! [`Rules`](super::rules::Rules) keeps them.

use crate::variant::Constraint;
use crate::{Geometry, HouseKind};

use super::cellset::{has, set_of, Bits};

/// A killer cage with a total, as the rule of 45 reads it.
struct Cage {
    set: Bits,
    sum: i32,
}

/// Where a region comes from, named on the board when a step is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Name {
    /// A house (its index).
    House(usize),
    /// Two touching boxes or jigsaw regions.
    Pair(usize, usize),
    /// Rows (`true`) or columns `from..=to`, from 1.
    Run(bool, usize, usize),
}

/// A region: one house, two touching regions or neighbouring rows or
/// columns.
struct Region {
    name: Name,
    set: Bits,
    houses: usize,
}

/// Which sum an equation states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Innies,
    Outies,
    /// Innies (the uncaged cells of the region) minus outies.
    Difference,
}

/// Signed cells (`+1` innie, `-1` outie) summing to `total`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Equation {
    pub(super) terms: Vec<(usize, i32)>,
    pub(super) total: i32,
}

/// One equation of the rule of 45 with what its step says: the region and
/// its total, the cages wholly inside and crossing its edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Form {
    pub(super) name: Name,
    pub(super) houses: usize,
    pub(super) kind: Kind,
    pub(super) eq: Equation,
    pub(super) region_total: i32,
    pub(super) inside: usize,
    pub(super) s_in: i32,
    pub(super) crossing: usize,
    pub(super) s_cross: i32,
}

/// The regions of `geometry`: each row, column and region, every two
/// regions that touch, and every run of 2..n-1 neighbouring rows and of
/// columns; single houses first.
fn regions(geometry: &Geometry) -> Vec<Region> {
    let n = geometry.size();
    let mut out = Vec::new();
    let mut lines = [0usize; 2];
    let mut boxes: Vec<(usize, Bits)> = Vec::new();
    for (h, house) in geometry.houses().iter().enumerate() {
        let cells = house.cells().iter().map(|c| c.index());
        if house.cells().len() != n {
            continue;
        }
        match house.kind() {
            HouseKind::Row => lines[0] += 1,
            HouseKind::Column => lines[1] += 1,
            HouseKind::Region => boxes.push((h, set_of(cells.clone()))),
            _ => continue,
        }
        out.push(Region {
            name: Name::House(h),
            set: set_of(cells),
            houses: 1,
        });
    }
    // Two regions that touch: the pairs killer solvers take together along
    // a band or stack.
    let touch = |a: &Bits, b: &Bits| {
        (0..n * n).any(|c| {
            has(a, c)
                && [
                    (c % n + 1 < n).then(|| c + 1),
                    (c + n < n * n).then(|| c + n),
                ]
                .into_iter()
                .flatten()
                .any(|x| has(b, x))
        })
    };
    for (i, (a, sa)) in boxes.iter().enumerate() {
        for (b, sb) in &boxes[i + 1..] {
            if touch(sa, sb) || touch(sb, sa) {
                out.push(Region {
                    name: Name::Pair(*a, *b),
                    set: std::array::from_fn(|k| sa[k] | sb[k]),
                    houses: 2,
                });
            }
        }
    }
    for (row, count) in [(true, lines[0]), (false, lines[1])] {
        if count != n {
            continue;
        }
        for len in 2..n {
            for start in 0..=n - len {
                let cells = (start..start + len)
                    .flat_map(|i| (0..n).map(move |j| if row { i * n + j } else { j * n + i }));
                out.push(Region {
                    name: Name::Run(row, start + 1, start + len),
                    set: set_of(cells),
                    houses: len,
                });
            }
        }
    }
    out.sort_by_key(|r| r.houses);
    out
}

/// The cages with totals, `None` when two overlap (the sums would count a
/// cell twice).
fn cages(constraints: &[Constraint], n: usize) -> Option<Vec<Cage>> {
    let mut out: Vec<Cage> = Vec::new();
    let mut all = [0u64; 4];
    for c in constraints {
        let Constraint::Cage(cage) = c else { continue };
        let Some(sum) = cage.sum else { continue };
        let set = set_of(cage.cells.iter().map(|c| c.index()).filter(|&c| c < n * n));
        if (0..4).any(|i| all[i] & set[i] != 0) {
            return None;
        }
        for i in 0..4 {
            all[i] |= set[i];
        }
        out.push(Cage {
            set,
            sum: sum as i32,
        });
    }
    Some(out)
}

/// The rule-of-45 equations of a puzzle, single houses first: none without
/// killer cages with totals, or when cages overlap.
pub(crate) fn forms(geometry: &Geometry, constraints: &[Constraint]) -> Vec<Form> {
    let n = geometry.size();
    let Some(cages) = cages(constraints, n).filter(|c| !c.is_empty()) else {
        return Vec::new();
    };
    let cells_of = |b: &Bits| (0..n * n).filter(|&c| has(b, c)).collect::<Vec<_>>();
    let house_total = (n * (n + 1) / 2) as i32;
    let mut out = Vec::new();
    for region in regions(geometry) {
        let inside: Vec<&Cage> = cages
            .iter()
            .filter(|k| (0..4).all(|i| k.set[i] & !region.set[i] == 0))
            .collect();
        let crossing: Vec<&Cage> = cages
            .iter()
            .filter(|k| (0..4).any(|i| k.set[i] & region.set[i] != 0))
            .filter(|k| (0..4).any(|i| k.set[i] & !region.set[i] != 0))
            .collect();
        let union = |ks: &[&Cage]| -> Bits {
            std::array::from_fn(|i| ks.iter().fold(0, |acc, k| acc | k.set[i]))
        };
        let (in_set, cross_set) = (union(&inside), union(&crossing));
        let innies = cells_of(&std::array::from_fn(|i| region.set[i] & !in_set[i]));
        let uncaged: Vec<usize> = innies
            .iter()
            .copied()
            .filter(|&c| !has(&cross_set, c))
            .collect();
        let outies = cells_of(&std::array::from_fn(|i| cross_set[i] & !region.set[i]));
        let region_total = house_total * region.houses as i32;
        let s_in: i32 = inside.iter().map(|k| k.sum).sum();
        let s_cross: i32 = crossing.iter().map(|k| k.sum).sum();
        let plus = |cells: &[usize]| cells.iter().map(|&c| (c, 1)).collect::<Vec<_>>();
        let mut push = |kind, mut terms: Vec<(usize, i32)>, total| {
            terms.sort_unstable();
            out.push(Form {
                name: region.name,
                houses: region.houses,
                kind,
                eq: Equation { terms, total },
                region_total,
                inside: inside.len(),
                s_in,
                crossing: crossing.len(),
                s_cross,
            })
        };
        if !innies.is_empty() {
            push(Kind::Innies, plus(&innies), region_total - s_in);
        }
        if !crossing.is_empty() && uncaged.is_empty() {
            push(Kind::Outies, plus(&outies), s_in + s_cross - region_total);
        }
        if !crossing.is_empty() && !uncaged.is_empty() {
            let mut terms = plus(&uncaged);
            terms.extend(outies.iter().map(|&c| (c, -1)));
            push(Kind::Difference, terms, region_total - s_in - s_cross);
        }
    }
    out
}
