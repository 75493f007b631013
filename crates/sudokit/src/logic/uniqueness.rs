//! TODO(issue 19): placeholder until the technique lands.

use std::ops::ControlFlow;

use super::board::Board;
use super::ladder::{Ctx, Sink};

pub(super) fn unique_loops(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let _ = (board, ctx, sink);
    ControlFlow::Continue(())
}

pub(super) fn bug(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let _ = (board, ctx, sink);
    ControlFlow::Continue(())
}
