//! Logic for variant puzzles (killer, thermometer, arrow, kropki …): the
//! variant ladder. The classic techniques that hold on any houses (singles,
//! pointing and claiming, naked and hidden subsets, fish, XY- and
//! XYZ-wings) run on the grid's houses, extra houses included; between them
//! come the constraint steps (one rule's deduction, in words per kind), then
//! the generic steps: cell and digit forcing, and simple contradiction.
//! Uniqueness techniques and Sudoku Explainer's chains are left out: a
//! deadly pattern need not be deadly under constraints, and SE's ratings do
//! not apply. The order and the difficulty numbers are sudokit's own
//! (`docs/variant-logic.md`).

mod cellset;
mod constraint;
mod contradiction;
mod forcing;
mod forms45;
mod propagate;
pub(crate) mod rules;
mod sums45;
mod words;

pub use words::{cell_list, cell_list_on, title as constraint_name};

use std::ops::ControlFlow;

use super::board::Board;
use super::ctx::{Ctx, Sink};
use super::step::{Step, Technique};

/// The variant ladder, easiest rung first: the step of a variant puzzle is
/// the first step of the first rung that has one.
pub const VARIANT_LADDER: &[Technique] = &[
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::Constraint,
    Technique::RuleOf45,
    Technique::Intersection,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::XWing,
    Technique::NakedTriple,
    Technique::HiddenTriple,
    Technique::Swordfish,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::NakedQuad,
    Technique::HiddenQuad,
    Technique::Jellyfish,
    Technique::CellForcing,
    Technique::Contradiction,
];

/// The hardest step the variant ladder takes (a forcing contradiction): no
/// path up it rates higher.
pub const HARDEST_VARIANT_STEP: crate::logic::Difficulty =
    crate::logic::Difficulty(contradiction::FORCING_TENTHS);

/// Finds the steps of one of the variant-only rungs.
pub(super) fn find(
    t: Technique,
    board: &Board,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match t {
        Technique::Constraint => constraint::constraint(board, ctx, sink),
        Technique::RuleOf45 => sums45::rule45(board, ctx, sink),
        Technique::CellForcing => forcing::forcing(board, ctx, sink),
        Technique::Contradiction => contradiction::contradiction(board, ctx, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The next step of a variant board: the first step of the first rung of
/// [`VARIANT_LADDER`] that has one.
pub(super) fn next_step(board: &Board, ctx: &mut Ctx) -> Option<Step> {
    for &t in VARIANT_LADDER {
        // A rung whose easiest step is at or above the ceiling finds only
        // steps the caller does not want.
        if ctx.ceiling.is_some_and(|c| t.floor() >= c) {
            continue;
        }
        if let Some(step) = t.first(board, ctx) {
            return Some(step);
        }
        if ctx.expired() {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests;
