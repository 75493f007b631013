//! Human-style solving: a candidate grid, Sudoku Explainer 1.2.1's technique
//! ladder, hints, the whole logical path and its ER/EP/ED rating.
//!
//! Nothing here asks an engine: every step is found by a technique on the
//! candidates alone. The tests check each step against the engines' solution.

mod bits;
mod board;
mod chains;
mod ctx;
mod exclusion;
mod fish;
mod intersections;
mod ladder;
mod singles;
mod step;
mod subsets;
mod text;
mod uniqueness;
mod variant;
mod wings;

pub(crate) use board::CellSets;
pub use board::{Board, BoardError};

/// Whether the chaining rungs (ER 6.5 and up) run on `geometry`: any 9x9
/// grid, boxes or jigsaw regions, extra houses included.
pub fn chains_run_on(geometry: &crate::Geometry) -> bool {
    chains::runs_on(geometry)
}
pub use ctx::{Ctx, Sink};
pub use ladder::{
    before_step, next_step, rate_within, solve_path, End, Fit, Level, NoSuchStep, Path, Rating,
    LADDER,
};
pub use step::{Candidate, Difficulty, Step, Technique};
pub use variant::{cell_list, cell_list_on, constraint_name, HARDEST_VARIANT_STEP, VARIANT_LADDER};
#[cfg(test)]
pub(crate) mod test_util;
