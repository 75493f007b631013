//! Closing a board under the monotone rungs (the singles to aligned pairs,
//! but for uniqueness and BUG), where [`rate_within`](super::rate_within)
//! skips the easy stretches of a rating path in bulk, and the ER bound that
//! closure gives.

use std::ops::ControlFlow;

use super::super::board::Board;
use super::super::ctx::Ctx;
use super::super::step::{Difficulty, Step, Technique};
use super::LADDER;

/// The rungs whose steps stay available until the candidates they remove are
/// gone (more eliminations never hide one), after the singles: applying
/// their steps in any order reaches the same board. They are the ladder's
/// rungs from pointing and claiming to aligned pairs, in its order, but for
/// uniqueness and BUG.
pub(super) const BULK: [Technique; 13] = {
    let mut out = [Technique::Intersection; 13];
    let (mut i, mut j) = (0, 0);
    let mut started = false;
    while i < LADDER.len() {
        let t = LADDER[i];
        started |= matches!(t, Technique::Intersection);
        if started && !matches!(t, Technique::UniqueLoop | Technique::Bug) {
            out[j] = t;
            j += 1;
        }
        if matches!(t, Technique::AlignedPair) {
            break;
        }
        i += 1;
    }
    assert!(j == 13, "BULK's length");
    out
};

/// The ladder's first rungs, singles to XYZ-wing, are all monotone (their
/// "direct" forms are an intersection or a hidden set plus a single): a board
/// closed under the singles and `BULK[..BASIC_BULK]` is closed under
/// `LADDER[..BASIC_RUNGS]`, and whatever order the rating path takes them in,
/// it reaches that same board before it next needs a later rung.
pub(super) const BASIC_RUNGS: usize = 14;
pub(super) const BASIC_BULK: usize = 9;

/// Closes `board` under the singles and `rungs`, applying every step found at
/// once, back to the singles after each rung that finds something. The
/// board is known closed under the singles and `rungs[..closed]`: the first
/// round starts after them. The index in `rungs` of the hardest rung used
/// (`None`: singles only), or `None` outside when the board proves
/// contradictory or the deadline passes.
fn close(
    board: &mut Board,
    rungs: &[Technique],
    closed: usize,
    ctx: &mut Ctx,
) -> Option<Option<usize>> {
    let mut top = None;
    let mut steps = Vec::new();
    let mut first = closed;
    loop {
        if !board.fill_singles() {
            return None;
        }
        if board.is_solved() {
            return Some(top);
        }
        let mut progressed = false;
        for (j, t) in rungs.iter().enumerate().skip(first) {
            if apply_all(board, *t, &mut steps, ctx) {
                top = top.max(Some(j));
                progressed = true;
                break;
            }
        }
        if ctx.expired() {
            return None;
        }
        if !progressed {
            return Some(top);
        }
        first = 0;
    }
}

/// Applies every step `t` finds on `board`; whether there was one.
fn apply_all(board: &mut Board, t: Technique, steps: &mut Vec<Step>, ctx: &mut Ctx) -> bool {
    steps.clear();
    let _ = t.find(board, ctx, &mut |s| {
        steps.push(s);
        ControlFlow::Continue(())
    });
    for s in steps.iter() {
        board.apply(s);
    }
    !steps.is_empty()
}

/// The board [`close`] reaches, when only that board matters (not the
/// hardest rung used): the rungs are monotone, so any order gets there. Each
/// round applies the steps of every rung in turn, back to the first rung only
/// after a full round (fewer calls of the rungs that find nothing). False when
/// the board proves contradictory or the deadline passes. `quiet` counts the
/// rungs from `rungs[closed]` on that found nothing on the board as given
/// (before the first change past the singles).
pub(super) fn saturate(
    board: &mut Board,
    rungs: &[Technique],
    closed: usize,
    quiet: &mut usize,
    ctx: &mut Ctx,
) -> bool {
    let mut steps = Vec::new();
    let mut first = closed;
    let mut unchanged = true;
    loop {
        if !board.fill_singles() {
            return false;
        }
        if board.is_solved() {
            return true;
        }
        let mut progressed = false;
        for t in &rungs[first..] {
            if apply_all(board, *t, &mut steps, ctx) {
                unchanged = false;
                progressed = true;
                if !board.fill_singles() {
                    return false;
                }
                if board.is_solved() {
                    return true;
                }
            } else if unchanged {
                *quiet += 1;
            }
        }
        unchanged = false;
        if ctx.expired() {
            return false;
        }
        if !progressed {
            return true;
        }
        first = 0;
    }
}

/// An upper bound of the ER of `board` when the singles and the [`BULK`]
/// rungs alone solve it. Then every state of the rating path has a step in
/// one of those rungs or an earlier one, so its ER is at most the hardest
/// such rung can rate: 2.3 when singles did it all, 4.4 up to XYZ-wings; up
/// to aligned pairs, 6.2 on a 9x9 board (uniqueness loops top out at 5.6, BUG
/// at 6.2), no bound elsewhere. The board is known closed under the singles
/// and `BULK[..closed]`. Where any of those bounds is below `low`, only
/// whether the closure solves the board matters, and the bound found may be
/// higher than the least (still below `low`). `quiet`: how many rungs from
/// `BULK[closed]` on are known to find nothing on `board`.
pub(super) fn closure_bound(
    board: &Board,
    low: Difficulty,
    closed: usize,
    quiet: &mut usize,
    ctx: &mut Ctx,
) -> Option<Difficulty> {
    let mut b = board.clone();
    if b.size() == 9 && low > Difficulty(62) {
        let solved = saturate(&mut b, &BULK, closed, quiet, ctx) && b.is_solved();
        return solved.then_some(Difficulty(62));
    }
    let top = close(&mut b, &BULK, closed, ctx)?;
    if !b.is_solved() {
        return None;
    }
    match top {
        None => Some(Difficulty(23)),
        Some(j) if j < BASIC_BULK => Some(Difficulty(44)),
        Some(_) if b.size() == 9 => Some(Difficulty(62)),
        Some(_) => None,
    }
}
