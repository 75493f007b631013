//! The rule of 45 (innies and outies), the first thing killer solvers look
//! for: a house, two touching boxes, or a run of neighbouring rows or
//! columns, sums to 45 (n(n+1)/2) per house; the killer cages wholly inside
//! it account for their totals, so the cells left over (the innies) sum to
//! the rest. When every cell of the region is caged, the cells the crossing
//! cages put outside it (the outies) sum to the excess; with both, innies
//! minus outies is known. A few cells with a known sum then lose the digits
//! no assignment of them can use.
//!
//! The equations depend on the geometry and the cages alone: they are made
//! once per puzzle (`forms45`, kept in [`Rules`]), and each step only puts
//! the filled cells into their totals.

use std::collections::HashSet;
use std::ops::ControlFlow;

use super::super::board::Board;
use super::super::ctx::{Ctx, Sink};
use super::super::step::{Candidate, Step, Technique};
use super::forms45::{Equation, Form, Kind, Name};
use super::rules::Rules;
use super::words;

/// The most open cells an equation may have: more is not a human step.
const MAX_CELLS: usize = 4;

/// The region, named on `board`.
fn region(form: &Form, board: &Board) -> String {
    match form.name {
        Name::House(h) => board.house_name(h),
        Name::Pair(a, b) => format!("{} and {}", board.house_name(a), board.house_name(b)),
        Name::Run(rows, from, to) => {
            format!("{} {from}-{to}", if rows { "rows" } else { "columns" })
        }
    }
}

/// The step's words: the region's sum, the cages, the equation.
fn text(form: &Form, board: &Board, eq: &Equation, elims: &[Candidate]) -> String {
    let side = |sign: i32| -> Vec<usize> {
        eq.terms
            .iter()
            .filter(|t| t.1 == sign)
            .map(|t| t.0)
            .collect()
    };
    let what = match form.kind {
        Kind::Difference => format!(
            "the innies {} minus the outies {} make {}",
            words::cells(board, &side(1)),
            words::cells(board, &side(-1)),
            eq.total
        ),
        Kind::Innies | Kind::Outies => format!(
            "the {} {} sum to {}",
            if form.kind == Kind::Innies {
                "innies"
            } else {
                "outies"
            },
            words::cells(board, &side(1)),
            eq.total
        ),
    };
    let verb = if form.houses > 1 { "sum" } else { "sums" };
    let (k, s_in) = (form.inside, form.s_in);
    let cages = match (k, form.kind) {
        (0, Kind::Innies) => String::new(),
        (1, Kind::Innies) => format!(", the cage wholly inside to {s_in}"),
        (_, Kind::Innies) => format!(", the {k} cages wholly inside to {s_in}"),
        _ => format!(
            ", the {k} cages wholly inside to {s_in} and the {} crossing its edge to {}",
            form.crossing, form.s_cross
        ),
    };
    format!(
        "{} {verb} to {}{cages}, so {what}; so {}",
        region(form, board),
        form.region_total,
        words::eliminations(board, elims)
    )
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
            let clash = (0..i).any(|j| self.vals[j] == d && self.rules.apart(c, cells[j].0));
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
            step.text = text(form, board, &eq, &elims);
        }
        step.cells = eq.terms.iter().map(|&(c, _)| c).collect();
        step.eliminations = elims;
        sink(step)?;
    }
    ControlFlow::Continue(())
}
