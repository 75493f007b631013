//! The rule of 45 (innies and outies), the first thing killer solvers look
//! for: a house, two touching boxes, or a run of neighbouring rows or
//! columns, sums to 45 (n(n+1)/2) per house; the killer cages wholly inside
//! it account for their totals, so the cells left over (the innies) sum to
//! the rest. When every cell of the region is caged, the cells the crossing
//! cages put outside it (the outies) sum to the excess; with both, innies
//! minus outies is known. A few cells with a known sum then lose the digits
//! no assignment of them can use.
//!
//! The equations depend on the geometry and the cages alone: [`forms`]
//! makes them once per puzzle (kept in [`Rules`]), and each step only puts
//! the filled cells into their totals.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::variant::Constraint;
use crate::{Geometry, HouseKind};

use super::super::board::Board;
use super::super::ctx::{Ctx, Sink};
use super::super::step::{Candidate, Step, Technique};
use super::rules::{insert, Bits, Rules};
use super::words;

/// The most open cells an equation may have: more is not a human step.
const MAX_CELLS: usize = 4;

/// A killer cage with a total, as the rule of 45 reads it.
struct Cage {
    set: Bits,
    sum: i32,
}

/// Where a region comes from, named on the board when a step is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Name {
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
enum Kind {
    Innies,
    Outies,
    /// Innies (the uncaged cells of the region) minus outies.
    Difference,
}

/// Signed cells (`+1` innie, `-1` outie) summing to `total`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Equation {
    terms: Vec<(usize, i32)>,
    total: i32,
}

/// One equation of the rule of 45 with what its step says: the region and
/// its total, the cages wholly inside and crossing its edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Form {
    name: Name,
    houses: usize,
    kind: Kind,
    eq: Equation,
    region_total: i32,
    inside: usize,
    s_in: i32,
    crossing: usize,
    s_cross: i32,
}

fn has(b: &Bits, c: usize) -> bool {
    b[c / 64] >> (c % 64) & 1 != 0
}

fn set_of(cells: impl IntoIterator<Item = usize>) -> Bits {
    let mut b = [0u64; 4];
    for c in cells {
        insert(&mut b, c);
    }
    b
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

impl Form {
    /// The region, named on `board`.
    fn region(&self, board: &Board) -> String {
        match self.name {
            Name::House(h) => board.house_name(h),
            Name::Pair(a, b) => format!("{} and {}", board.house_name(a), board.house_name(b)),
            Name::Run(rows, from, to) => {
                format!("{} {from}-{to}", if rows { "rows" } else { "columns" })
            }
        }
    }

    /// The step's words: the region's sum, the cages, the equation.
    fn text(&self, board: &Board, eq: &Equation, elims: &[Candidate]) -> String {
        let side = |sign: i32| -> Vec<usize> {
            eq.terms
                .iter()
                .filter(|t| t.1 == sign)
                .map(|t| t.0)
                .collect()
        };
        let what = match self.kind {
            Kind::Difference => format!(
                "the innies {} minus the outies {} make {}",
                words::cells(board, &side(1)),
                words::cells(board, &side(-1)),
                eq.total
            ),
            Kind::Innies | Kind::Outies => format!(
                "the {} {} sum to {}",
                if self.kind == Kind::Innies {
                    "innies"
                } else {
                    "outies"
                },
                words::cells(board, &side(1)),
                eq.total
            ),
        };
        let verb = if self.houses > 1 { "sum" } else { "sums" };
        let (k, s_in) = (self.inside, self.s_in);
        let cages = match (k, self.kind) {
            (0, Kind::Innies) => String::new(),
            (1, Kind::Innies) => format!(", the cage wholly inside to {s_in}"),
            (_, Kind::Innies) => format!(", the {k} cages wholly inside to {s_in}"),
            _ => format!(
                ", the {k} cages wholly inside to {s_in} and the {} crossing its edge to {}",
                self.crossing, self.s_cross
            ),
        };
        format!(
            "{} {verb} to {}{cages}, so {what}; so {}",
            self.region(board),
            self.region_total,
            words::eliminations(board, elims)
        )
    }
}

/// The digits each open cell of an equation can hold in some assignment:
/// distinct where the cells see each other, the signed sum right.
struct Search<'a> {
    board: &'a Board,
    rules: &'a Rules,
    eq: &'a Equation,
    vals: Vec<u8>,
    keep: Vec<u64>,
}

impl Search<'_> {
    fn walk(&mut self, i: usize, acc: i32) {
        let cells = &self.eq.terms;
        if i == cells.len() {
            if acc == self.eq.total {
                for (k, &v) in self.vals.iter().enumerate() {
                    self.keep[k] |= 1 << (v - 1);
                }
            }
            return;
        }
        let (c, sign) = cells[i];
        let mut m = self.board.candidates(c);
        while m != 0 {
            let d = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            let clash =
                (0..i).any(|j| self.vals[j] == d && has(&self.rules.distinct[c], cells[j].0));
            if !clash {
                self.vals[i] = d;
                self.walk(i + 1, acc + sign * i32::from(d));
            }
        }
    }
}

fn supported(board: &Board, rules: &Rules, eq: &Equation) -> Vec<u64> {
    let mut search = Search {
        board,
        rules,
        eq,
        vals: vec![0; eq.terms.len()],
        keep: vec![0; eq.terms.len()],
    };
    search.walk(0, 0);
    search.keep
}

/// The rule-of-45 steps of `board`, easiest first: single houses before
/// runs of them, innies before outies.
pub(super) fn rule45(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(rules) = board.rules() else {
        return ControlFlow::Continue(());
    };
    let mut seen: HashSet<Equation> = HashSet::new();
    for form in &rules.forms45 {
        // Filled cells move to the total.
        let mut eq = Equation {
            terms: Vec::new(),
            total: form.eq.total,
        };
        for &(c, sign) in &form.eq.terms {
            match board.value(c) {
                0 => eq.terms.push((c, sign)),
                v => eq.total -= sign * i32::from(v),
            }
        }
        if eq.terms.is_empty() || eq.terms.len() > MAX_CELLS || !seen.insert(eq.clone()) {
            continue;
        }
        let keep = supported(board, rules, &eq);
        let mut elims = Vec::new();
        for (k, &(c, _)) in eq.terms.iter().enumerate() {
            for d in super::super::text::digits_of(board.candidates(c) & !keep[k]) {
                elims.push(Candidate::new(c, d));
            }
        }
        if elims.is_empty() {
            continue;
        }
        elims.sort_unstable();
        let extra = (form.houses as u16 - 1).min(4) * 2
            + (eq.terms.len() as u16 - 1)
            + if form.kind == Kind::Innies { 0 } else { 2 };
        let mut step = Step::new(Technique::RuleOf45, "Rule of 45", 25 + extra.min(13));
        if ctx.want_text {
            step.text = form.text(board, &eq, &elims);
        }
        step.cells = eq.terms.iter().map(|&(c, _)| c).collect();
        step.eliminations = elims;
        sink(step)?;
    }
    ControlFlow::Continue(())
}
