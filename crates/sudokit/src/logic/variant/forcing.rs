//! Forcing steps: every candidate of a cell, or every place of a digit in a
//! house, has the same direct consequence (its peers lose the digit, the
//! rules on its cell prune once), so that consequence holds.

use std::ops::ControlFlow;

use crate::variant::Mask;

use super::super::board::Board;
use super::super::ctx::{Ctx, Sink};
use super::super::step::{Candidate, Step, Technique};
use super::super::text;
use super::propagate::masks;
use super::propagate::Propagator;
use super::words;

/// The candidates every one of `options` removes from cells other than
/// `skip` (their direct consequences, intersected); empty when an option
/// fails on its own (that is a contradiction step's find, not this one's).
fn common(
    prop: &mut Propagator<'_>,
    masks: &[Mask],
    options: &[(usize, u8)],
    skip: &[usize],
    scratch: &mut (Vec<Mask>, Vec<Mask>),
) -> Vec<Candidate> {
    let (removed, work) = scratch;
    for (i, &(c, d)) in options.iter().enumerate() {
        work.copy_from_slice(masks);
        if prop.direct(work, c, d).is_err() {
            return Vec::new();
        }
        let mut any = false;
        for ((r, m), w) in removed.iter_mut().zip(masks).zip(work.iter()) {
            let gone = m & !w;
            *r = if i == 0 { gone } else { *r & gone };
            any |= *r != 0;
        }
        if !any {
            return Vec::new();
        }
    }
    let mut out = Vec::new();
    for (c, &m) in removed.iter().enumerate() {
        if skip.contains(&c) || m == 0 {
            continue;
        }
        out.extend(text::digits_of(u64::from(m)).map(|d| Candidate::new(c, d)));
    }
    out
}

/// Cell forcing, then house (digit) forcing, fewest options first.
pub(super) fn forcing(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(rules) = board.rules() else {
        return ControlFlow::Continue(());
    };
    let masks = masks(board);
    let mut prop = Propagator::new(board, rules);
    let n = board.size();
    let mut scratch = (masks.clone(), masks.clone());
    for k in 2..=n {
        for c in 0..board.cell_count() {
            let m = board.candidates(c);
            if board.value(c) != 0 || m.count_ones() as usize != k {
                continue;
            }
            let options: Vec<(usize, u8)> = text::digits_of(m).map(|d| (c, d)).collect();
            let elims = common(&mut prop, &masks, &options, &[c], &mut scratch);
            if !elims.is_empty() {
                let mut step = Step::at_floor(Technique::CellForcing, "Cell Forcing");
                if ctx.want_text {
                    step.text = format!(
                        "{} is {}, and each of them removes {}",
                        board.cell_name(c),
                        text::digits(board, m, "or"),
                        words::eliminations(board, &elims)
                    );
                }
                step.cells = vec![c];
                step.evidence = options.iter().map(|&(c, d)| Candidate::new(c, d)).collect();
                step.eliminations = elims;
                sink(step)?;
            }
        }
        for h in 0..board.house_count() {
            for d in 1..=n as u8 {
                if board.house_has_value(h, d) {
                    continue;
                }
                let places: Vec<usize> = board
                    .house(h)
                    .iter()
                    .map(|c| c.index())
                    .filter(|&c| board.has(c, d))
                    .collect();
                if places.len() != k {
                    continue;
                }
                let options: Vec<(usize, u8)> = places.iter().map(|&c| (c, d)).collect();
                let elims = common(&mut prop, &masks, &options, &places, &mut scratch);
                if !elims.is_empty() {
                    let mut step = Step::at_floor(Technique::CellForcing, "Digit Forcing");
                    if ctx.want_text {
                        step.text = format!(
                            "{} in {} goes in {}, and each place removes {}",
                            board.digit_name(d),
                            board.house_name(h),
                            text::list(places.iter().map(|&c| board.cell_name(c)), "or"),
                            words::eliminations(board, &elims)
                        );
                    }
                    step.houses = vec![h];
                    step.cells = places;
                    step.evidence = options.iter().map(|&(c, d)| Candidate::new(c, d)).collect();
                    step.eliminations = elims;
                    sink(step)?;
                }
            }
        }
        if ctx.expired() {
            break;
        }
    }
    ControlFlow::Continue(())
}
