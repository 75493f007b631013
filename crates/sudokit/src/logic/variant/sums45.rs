//! The rule of 45 (innies and outies), the first thing killer solvers look
//! for: a house, or a run of neighbouring rows or columns, sums to
//! 45 (n(n+1)/2) per house; the killer cages wholly inside it account for
//! their totals, so the cells left over (the innies) sum to the rest. When
//! every cell of the region is caged, the cells the crossing cages put
//! outside it (the outies) sum to the excess; with both, innies minus outies
//! is known. A few cells with a known sum then lose the digits no
//! assignment of them can use.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::variant::Constraint;
use crate::HouseKind;

use super::super::board::Board;
use super::super::ctx::{Ctx, Sink};
use super::super::step::{Candidate, Step, Technique};
use super::rules::{Bits, Rules};
use super::words;

/// The most open cells an equation may have: more is not a human step.
const MAX_CELLS: usize = 4;

/// A killer cage with a total, as the rule of 45 reads it.
struct Cage {
    cells: Vec<usize>,
    set: Bits,
    sum: i32,
}

/// A region: one house or neighbouring rows or columns.
struct Region {
    name: String,
    set: Bits,
    houses: usize,
}

/// Signed cells (`+1` innie, `-1` outie) summing to `total`.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Equation {
    terms: Vec<(usize, i32)>,
    total: i32,
}

fn has(b: &Bits, c: usize) -> bool {
    b[c / 64] >> (c % 64) & 1 != 0
}

fn set_of(cells: impl IntoIterator<Item = usize>) -> Bits {
    let mut b = [0u64; 4];
    for c in cells {
        b[c / 64] |= 1 << (c % 64);
    }
    b
}

/// The regions of `board`: each row, column and region, every two regions
/// that touch, and every run of 2..n-1 neighbouring rows and of columns.
fn regions(board: &Board) -> Vec<Region> {
    let n = board.size();
    let mut out = Vec::new();
    let mut rows = Vec::new();
    let mut cols = Vec::new();
    let mut boxes: Vec<(String, Bits)> = Vec::new();
    for h in 0..board.house_count() {
        let cells: Vec<usize> = board.house(h).iter().map(|c| c.index()).collect();
        if cells.len() != n {
            continue;
        }
        match board.house_kind(h) {
            HouseKind::Row => rows.push(cells[0] / n),
            HouseKind::Column => cols.push(cells[0] % n),
            HouseKind::Region => boxes.push((board.house_name(h), set_of(cells.iter().copied()))),
            _ => continue,
        }
        out.push(Region {
            name: board.house_name(h),
            set: set_of(cells),
            houses: 1,
        });
    }
    // Two regions (boxes, or jigsaw pieces) that touch: the pairs killer
    // solvers take together along a band or stack.
    for (i, (a, sa)) in boxes.iter().enumerate() {
        for (b, sb) in &boxes[i + 1..] {
            let touch = (0..n * n).any(|c| {
                has(sa, c)
                    && ((c % n + 1 < n && has(sb, c + 1)) || (c + n < n * n && has(sb, c + n)))
                    || has(sb, c)
                        && ((c % n + 1 < n && has(sa, c + 1)) || (c + n < n * n && has(sa, c + n)))
            });
            if touch {
                let mut set = *sa;
                for k in 0..4 {
                    set[k] |= sb[k];
                }
                out.push(Region {
                    name: format!("{a} and {b}"),
                    set,
                    houses: 2,
                });
            }
        }
    }
    for (lines, row) in [(&rows, true), (&cols, false)] {
        if lines.len() != n {
            continue;
        }
        for len in 2..n {
            for start in 0..=n - len {
                let cells = (start..start + len)
                    .flat_map(|i| (0..n).map(move |j| if row { i * n + j } else { j * n + i }));
                let kind = if row { "rows" } else { "columns" };
                out.push(Region {
                    name: format!("{kind} {}-{}", start + 1, start + len),
                    set: set_of(cells),
                    houses: len,
                });
            }
        }
    }
    out
}

/// The cages with totals, `None` when two overlap (the sums would count a
/// cell twice).
fn cages(rules: &Rules, n: usize) -> Option<Vec<Cage>> {
    let mut out: Vec<Cage> = Vec::new();
    let mut all = [0u64; 4];
    for c in rules.constraints.iter() {
        let Constraint::Cage(cage) = c else { continue };
        let Some(sum) = cage.sum else { continue };
        let cells: Vec<usize> = cage
            .cells
            .iter()
            .map(|c| c.index())
            .filter(|&c| c < n * n)
            .collect();
        let set = set_of(cells.iter().copied());
        if (0..4).any(|i| all[i] & set[i] != 0) {
            return None;
        }
        for i in 0..4 {
            all[i] |= set[i];
        }
        out.push(Cage {
            cells,
            set,
            sum: sum as i32,
        });
    }
    Some(out)
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
    let n = board.size();
    let Some(cages) = cages(rules, n).filter(|c| !c.is_empty()) else {
        return ControlFlow::Continue(());
    };
    let house_total = (n * (n + 1) / 2) as i32;
    let mut seen: HashSet<Equation> = HashSet::new();
    let mut regions = regions(board);
    regions.sort_by_key(|r| r.houses);
    for region in &regions {
        let inside: Vec<&Cage> = cages
            .iter()
            .filter(|k| k.cells.iter().all(|&c| has(&region.set, c)))
            .collect();
        let crossing: Vec<&Cage> = cages
            .iter()
            .filter(|k| {
                k.cells.iter().any(|&c| has(&region.set, c))
                    && !k.cells.iter().all(|&c| has(&region.set, c))
            })
            .collect();
        let total = house_total * region.houses as i32;
        let s_in: i32 = inside.iter().map(|k| k.sum).sum();
        let in_cage = |c: usize, ks: &[&Cage]| ks.iter().any(|k| has(&k.set, c));
        let region_cells: Vec<usize> = (0..n * n).filter(|&c| has(&region.set, c)).collect();
        let innies: Vec<usize> = region_cells
            .iter()
            .copied()
            .filter(|&c| !in_cage(c, &inside))
            .collect();
        let uncaged: Vec<usize> = innies
            .iter()
            .copied()
            .filter(|&c| !in_cage(c, &crossing))
            .collect();
        let outies: Vec<usize> = crossing
            .iter()
            .flat_map(|k| k.cells.iter().copied())
            .filter(|&c| !has(&region.set, c))
            .collect();
        let s_cross: i32 = crossing.iter().map(|k| k.sum).sum();
        let mut forms: Vec<(&str, Equation)> = Vec::new();
        let plus = |cells: &[usize]| cells.iter().map(|&c| (c, 1)).collect::<Vec<_>>();
        if !innies.is_empty() {
            let terms = plus(&innies);
            forms.push((
                "innies",
                Equation {
                    terms,
                    total: total - s_in,
                },
            ));
        }
        if !crossing.is_empty() && uncaged.is_empty() {
            let terms = plus(&outies);
            forms.push((
                "outies",
                Equation {
                    terms,
                    total: s_in + s_cross - total,
                },
            ));
        }
        if !crossing.is_empty() && !uncaged.is_empty() {
            let mut terms = plus(&uncaged);
            terms.extend(outies.iter().map(|&c| (c, -1)));
            let total = total - s_in - s_cross;
            forms.push(("innies minus outies", Equation { terms, total }));
        }
        for (form, whole) in forms {
            let mut sum = whole.total;
            // Filled cells move to the total.
            let mut open = Vec::new();
            for (c, sign) in whole.terms {
                match board.value(c) {
                    0 => open.push((c, sign)),
                    v => sum -= sign * i32::from(v),
                }
            }
            if open.is_empty() || open.len() > MAX_CELLS {
                continue;
            }
            open.sort_unstable();
            let eq = Equation {
                terms: open,
                total: sum,
            };
            if !seen.insert(eq.clone()) {
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
            let extra = (region.houses as u16 - 1).min(4) * 2
                + (eq.terms.len() as u16 - 1)
                + if form == "innies" { 0 } else { 2 };
            let mut step = Step::new(Technique::RuleOf45, "Rule of 45", 25 + extra.min(13));
            if ctx.want_text {
                let cells: Vec<usize> = eq.terms.iter().map(|&(c, _)| c).collect();
                let what = if form == "innies minus outies" {
                    let ins: Vec<usize> =
                        eq.terms.iter().filter(|t| t.1 > 0).map(|t| t.0).collect();
                    let outs: Vec<usize> =
                        eq.terms.iter().filter(|t| t.1 < 0).map(|t| t.0).collect();
                    format!(
                        "the innies {} minus the outies {} make {}",
                        words::cells(board, &ins),
                        words::cells(board, &outs),
                        eq.total
                    )
                } else {
                    format!(
                        "the {form} {} sum to {}",
                        words::cells(board, &cells),
                        eq.total
                    )
                };
                let verb = if region.houses > 1 { "sum" } else { "sums" };
                let cages = match (inside.len(), form) {
                    (0, "innies") => String::new(),
                    (1, "innies") => format!(", the cage wholly inside to {s_in}"),
                    (k, "innies") => format!(", the {k} cages wholly inside to {s_in}"),
                    (k, _) => format!(
                        ", the {k} cages wholly inside to {s_in} and the {} crossing its edge to {s_cross}",
                        crossing.len()
                    ),
                };
                step.text = format!(
                    "{} {verb} to {total}{cages}, so {what}; so {}",
                    region.name,
                    words::eliminations(board, &elims)
                );
            }
            step.cells = eq.terms.iter().map(|&(c, _)| c).collect();
            step.eliminations = elims;
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}
