//! TODO(issue 19): placeholder until the technique lands.

use std::ops::ControlFlow;

use super::board::Board;
use super::ladder::{Ctx, Sink};
use super::step::Technique;

pub(super) fn find(
    technique: Technique,
    board: &Board,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let _ = (technique, board, ctx, sink);
    ControlFlow::Continue(())
}
