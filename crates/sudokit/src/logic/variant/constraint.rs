//! Constraint steps: one constraint (or one pair of a neighbour rule)
//! removes candidates its rule cannot use — a cage's combinations, a
//! thermometer's ranges, an arrow's sums, a dot's partners — found by the
//! rule's own pruning ([`Rule::prune`](crate::variant::Rule::prune), sound),
//! worded per kind.

use std::ops::ControlFlow;

use crate::variant::Mask;

use super::super::board::Board;
use super::super::ctx::{Ctx, Sink};
use super::super::step::{Candidate, Step, Technique};
use super::propagate::masks;
use super::rules::Rules;
use super::words;

/// The removals of unit `u` on `masks` (the board as the rules read it):
/// candidates of empty cells its pruning takes away; `None` when it
/// removes nothing or finds no assignment (never on a sound path).
pub(crate) fn removals(
    board: &Board,
    rules: &Rules,
    u: usize,
    masks: &[Mask],
    work: &mut [Mask],
) -> Option<Vec<Candidate>> {
    let cells = &rules.units[u].cells;
    let result = rules.prune(u, work);
    let mut out = Vec::new();
    for &c in cells {
        let gone = masks[c] & !work[c];
        if board.value(c) == 0 {
            for d in super::super::text::digits_of(u64::from(gone)) {
                out.push(Candidate::new(c, d));
            }
        }
        work[c] = masks[c];
    }
    match result {
        Ok(true) if !out.is_empty() => Some(out),
        _ => None,
    }
}

/// The first constraint (in the puzzle's order) that removes a candidate.
pub(super) fn constraint(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(rules) = board.rules() else {
        return ControlFlow::Continue(());
    };
    let masks = masks(board);
    let mut work = masks.clone();
    for u in 0..rules.units.len() {
        let Some(mut elims) = removals(board, rules, u, &masks, &mut work) else {
            continue;
        };
        let constraint = rules.constraint(u);
        let cells = rules.units[u].cells.clone();
        // A neighbour rule's pair with a filled cell: every pair of that
        // rule around the cell in one step ("r1c1 is 5, so its knight's
        // moves lose 5").
        let filled = cells.iter().copied().find(|&c| board.value(c) != 0);
        if let (Some(f), Some(_)) = (filled, &rules.units[u].pair) {
            let rule = rules.units[u].rule;
            let mut others = Vec::new();
            for &v in &rules.watch[f] {
                let v = v as usize;
                if v == u || rules.units[v].rule != rule || rules.units[v].pair.is_none() {
                    continue;
                }
                if let Some(more) = removals(board, rules, v, &masks, &mut work) {
                    elims.extend(more);
                    others.extend(rules.units[v].cells.iter().copied().filter(|&c| c != f));
                }
            }
            elims.sort_unstable();
            elims.dedup();
            others.extend(cells.iter().copied().filter(|&c| c != f));
            others.sort_unstable();
            others.dedup();
            let mut step = Step::at_floor(Technique::Constraint, words::title(constraint));
            if ctx.want_text {
                step.text = format!(
                    "{} is {}, and for its pairs with {} {}, so {}",
                    board.cell_name(f),
                    board.digit_name(board.value(f)),
                    words::cells(board, &others),
                    words::pair_clause(rules.units[u].pair.as_ref().map(|p| p.0)),
                    words::eliminations(board, &elims)
                );
            }
            step.cells = std::iter::once(f).chain(others).collect();
            step.eliminations = elims;
            sink(step)?;
            continue;
        }
        elims.sort_unstable();
        let mut step = Step::at_floor(Technique::Constraint, words::title(constraint));
        if ctx.want_text {
            step.text = format!(
                "{}, so {}",
                words::rule_text(board, constraint, &cells, &masks, &elims),
                words::eliminations(board, &elims)
            );
        }
        step.evidence = cells
            .iter()
            .filter(|&&c| board.value(c) == 0)
            .flat_map(|&c| {
                super::super::text::digits_of(board.candidates(c))
                    .map(move |d| Candidate::new(c, d))
            })
            .filter(|c| !elims.contains(c))
            .collect();
        step.cells = cells;
        step.eliminations = elims;
        sink(step)?;
    }
    ControlFlow::Continue(())
}
