//! Simple contradiction: a candidate that, placed, leads by singles and
//! constraint deductions alone to a cell with no candidate, a digit with no
//! place in a house, or a constraint no digits satisfy, is removed. The
//! step names the contradiction. This is elimination by proof, not a
//! guess: the path never keeps a placement it has not proved.

use std::ops::ControlFlow;

use super::super::board::Board;
use super::super::ctx::{Ctx, Sink};
use super::super::step::{Candidate, Step, Technique};
use super::propagate::masks;
use super::propagate::{Failure, Propagator};
use super::words;

/// The contradiction in words: `r5c6 has no candidate left`.
fn failure_text(board: &Board, rules: &super::rules::Rules, f: Failure) -> String {
    match f {
        Failure::Empty(c) => format!("{} has no candidate left", board.cell_name(c)),
        Failure::NoPlace(h, d) => format!(
            "{} has no place left in {}",
            board.digit_name(d),
            board.house_name(h)
        ),
        Failure::Broken(u) => format!(
            "the {} at {} cannot be satisfied",
            words::title(rules.constraint(u)).to_lowercase(),
            words::cells(board, &rules.units[u].cells)
        ),
    }
}

/// The round limits of the short contradictions, and their difficulties.
const SHORT_ROUNDS: [u32; 3] = [1, 2, 3];
const SHORT_TENTHS: [u16; 3] = [30, 40, 50];

/// The first candidate (cells with the fewest candidates first, then in
/// order) whose placement propagates to a contradiction, shortest
/// contradictions first.
pub(super) fn contradiction(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(rules) = board.rules() else {
        return ControlFlow::Continue(());
    };
    let masks = masks(board);
    let mut work = masks.clone();
    let mut prop = Propagator::new(board, rules);
    // First the contradictions singles and constraint deductions reach in
    // one, two, three rounds (the shortest is the easiest to see), then in
    // any number; only when no candidate fails that way, with forcing over
    // the weak links as well.
    for rounds in SHORT_ROUNDS.into_iter().map(Some).chain([None]) {
        prop.max_rounds = rounds;
        contradiction_pass(board, rules, &masks, &mut work, &mut prop, ctx, sink)?;
    }
    prop.max_rounds = None;
    prop.deep = true;
    contradiction_pass(board, rules, &masks, &mut work, &mut prop, ctx, sink)?;
    ControlFlow::Continue(())
}

fn contradiction_pass(
    board: &Board,
    rules: &super::rules::Rules,
    masks: &[crate::variant::Mask],
    work: &mut [crate::variant::Mask],
    prop: &mut Propagator<'_>,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for k in 2..=board.size() {
        for c in 0..board.cell_count() {
            let m = board.candidates(c);
            if board.value(c) != 0 || m.count_ones() as usize != k {
                continue;
            }
            for d in super::super::text::digits_of(m) {
                work.copy_from_slice(masks);
                let Err(failure) = prop.fixpoint(work, c, d) else {
                    continue;
                };
                let (name, tenths, how) = match (prop.deep, prop.max_rounds) {
                    (true, _) => (
                        "Forcing Contradiction",
                        75,
                        "singles, the constraints and forcing",
                    ),
                    (false, Some(r)) => (
                        "Short Contradiction",
                        SHORT_TENTHS[r as usize - 1],
                        "singles and the constraints",
                    ),
                    (false, None) => ("Simple Contradiction", 70, "singles and the constraints"),
                };
                let mut step = Step::new(Technique::Contradiction, name, tenths);
                if ctx.want_text {
                    step.text = format!(
                        "if {}={}, {how} lead to a contradiction: {}, so {}<>{}",
                        board.cell_name(c),
                        board.digit_name(d),
                        failure_text(board, rules, failure),
                        board.cell_name(c),
                        board.digit_name(d)
                    );
                }
                step.cells = vec![c];
                match failure {
                    Failure::Empty(x) => step.cells.push(x),
                    Failure::NoPlace(h, _) => step.houses.push(h),
                    Failure::Broken(u) => step.cells.extend(&rules.units[u].cells),
                }
                step.eliminations = vec![Candidate::new(c, d)];
                sink(step)?;
            }
            if ctx.expired() {
                return ControlFlow::Break(());
            }
        }
    }
    ControlFlow::Continue(())
}
