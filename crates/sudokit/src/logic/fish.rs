//! TODO(issue 19): placeholder until the technique lands.

use std::ops::ControlFlow;

use super::board::Board;
use super::ladder::{Ctx, Sink};

pub(super) fn fish(board: &Board, k: usize, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let _ = (board, k, ctx, sink);
    ControlFlow::Continue(())
}
