//! The chaining rungs of Sudoku Explainer 1.2.1: bidirectional cycles and
//! forcing X-/Y-chains, Nishio, multiple (cell and region) forcing chains,
//! dynamic forcing chains, and dynamic chains with extra rules (nested).
//!
//! Each rung collects every hint its Sudoku Explainer producer finds, in the
//! same discovery order, sorts them as Sudoku Explainer does (difficulty,
//! then complexity, then kind) and passes them on: the ladder keeps the first.
//! 9x9 grids only (boxes or jigsaw regions, with or without extra houses:
//! a chain through a diagonal or a window is as sound as one through a row);
//! the level-1 rules of dynamic chains stay on boxes, rows and columns, as in
//! Sudoku Explainer. Other sizes find nothing.

mod advanced;
mod agree;
mod clear;
mod emit;
mod eureka;
mod geo;
mod hint;
mod measure;
mod multiple;
mod nested;
mod propagate;
mod queues;
mod reach;
mod unary;

use std::ops::ControlFlow;

use super::board::Board;
use super::ctx::{Ctx, Sink};
use super::step::Technique;

use geo::Geo;
use multiple::{Mode, Multi};

/// Whether the chaining rungs run on this board (9x9 only).
pub(super) fn supported(board: &Board) -> bool {
    Geo::of(board).is_some()
}

/// Whether the chaining rungs run on `geometry`: what [`Geo::of`] accepts,
/// any 9x9 grid (boxes or regions, extra houses included) with at most
/// [`geo::MAX_HOUSES`] houses.
pub(super) fn runs_on(geometry: &crate::Geometry) -> bool {
    geometry.size() == 9
        && geometry.cell_count() == 81
        && geometry.houses().len() <= geo::MAX_HOUSES
}

pub(super) fn find(
    technique: Technique,
    board: &Board,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let Some(geo) = Geo::of(board) else {
        return ControlFlow::Continue(());
    };
    let grid = geo::masks(board);
    let fixed = || advanced::Fixed::of(board, &geo);
    let mut hints = Vec::new();
    let mode = |multiple, dynamic, nishio, level| Mode {
        multiple,
        dynamic,
        nishio,
        level,
        limit: 0,
    };
    // The multiple and dynamic rungs: one producer each; `None` when the
    // deadline stopped it.
    let mut search =
        |m: Mode| Multi::new(fixed(), nested::more).search(&geo, &grid, m, ctx, &mut hints);
    let done = match technique {
        Technique::ForcingChains => {
            unary::Unary::with(|u| {
                u.first_only = ctx.first_only;
                u.cap(ctx.ceiling);
                // X-cycles and forcing X-chains, then Y-cycles, then both.
                u.pass(&geo, &grid, false, true, &mut hints);
                u.pass(&geo, &grid, true, false, &mut hints);
                u.pass(&geo, &grid, true, true, &mut hints);
            });
            Some(())
        }
        Technique::Nishio => search(mode(false, true, true, 0)),
        Technique::MultipleChains => search(mode(true, false, false, 0)),
        Technique::DynamicChains => search(mode(true, true, false, 0)),
        Technique::DynamicPlus => search(mode(true, true, false, 1)),
        Technique::Nested { level, variant } => search(Mode {
            limit: variant,
            ..mode(true, true, false, level)
        }),
        _ => None,
    };
    if done.is_none() {
        return ControlFlow::Continue(());
    }
    if let Some(c) = ctx.ceiling {
        hints.retain(|h| hint::tenths(h.difficulty) < c.0);
    }
    emit::emit(hints, technique, ctx.want_text, (board, &geo), sink)
}

#[cfg(test)]
mod tests;
