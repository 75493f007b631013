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

/// The difficulty of a contradiction found in one, two, three rounds of the
/// propagation (a short one: "5 here leaves no 3 for box 1"); longer ones
/// are Simple Contradictions (7.0).
const SHORT_TENTHS: [u16; 3] = [30, 40, 50];

/// The difficulty of a contradiction found with forcing as well: the
/// hardest step of the variant ladder.
pub(crate) const FORCING_TENTHS: u16 = 75;

/// The candidates (cells with the fewest candidates first, then in order)
/// whose placement propagates by singles and the constraints to a
/// contradiction, each priced by how many rounds that took; only when none
/// fails that way, with forcing over the weak links as well.
pub(super) fn contradiction(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(rules) = board.rules() else {
        return ControlFlow::Continue(());
    };
    let masks = masks(board);
    let mut work = masks.clone();
    let mut prop = Propagator::new(board, rules);
    let text = ctx.want_text;
    // Steps at or above the ceiling are not wanted: the forcing pass (7.5)
    // and the rounds past the last short contradiction under it need not run.
    let ceiling = ctx.ceiling.map_or(u16::MAX, |c| c.0);
    if ceiling <= 70 {
        prop.max_rounds = SHORT_TENTHS.iter().filter(|&&t| t < ceiling).count() as u32;
        if prop.max_rounds == 0 {
            return ControlFlow::Continue(());
        }
    }
    for deep in [false, true] {
        if deep && ceiling <= FORCING_TENTHS {
            break;
        }
        prop.deep = deep;
        each_failure(
            board,
            &masks,
            &mut work,
            &mut prop,
            ctx,
            &mut |c, d, f, rounds| {
                let kind = match (deep, SHORT_TENTHS.get(rounds as usize - 1)) {
                    (true, _) => (
                        "Forcing Contradiction",
                        FORCING_TENTHS,
                        "singles, the constraints and forcing",
                    ),
                    (false, Some(&t)) => ("Short Contradiction", t, SIMPLE),
                    (false, None) => ("Simple Contradiction", 70, SIMPLE),
                };
                sink(step(board, rules, text, c, d, f, kind))
            },
        )?;
    }
    ControlFlow::Continue(())
}

const SIMPLE: &str = "singles and the constraints";

/// Calls `found` with each candidate whose placement fails, the failure and
/// the rounds it took, cells with the fewest candidates first.
fn each_failure(
    board: &Board,
    masks: &[crate::variant::Mask],
    work: &mut [crate::variant::Mask],
    prop: &mut Propagator<'_>,
    ctx: &mut Ctx,
    found: &mut dyn FnMut(usize, u8, Failure, u32) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for k in 2..=board.size() {
        for c in 0..board.cell_count() {
            let m = board.candidates(c);
            if board.value(c) != 0 || m.count_ones() as usize != k {
                continue;
            }
            for d in super::super::text::digits_of(m) {
                work.copy_from_slice(masks);
                if let Err(failure) = prop.fixpoint(work, c, d) {
                    found(c, d, failure, prop.rounds)?;
                }
            }
            if ctx.expired() {
                return ControlFlow::Break(());
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step removing `d` from `c`, whose placement fails with `failure`.
fn step(
    board: &Board,
    rules: &super::rules::Rules,
    want_text: bool,
    c: usize,
    d: u8,
    failure: Failure,
    (name, tenths, how): (&'static str, u16, &str),
) -> Step {
    let mut step = Step::new(Technique::Contradiction, name, tenths);
    if want_text {
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
    step
}
