//! `Puzzle.check(grid)`: is a filled or partly filled grid right? The lines
//! of `sudokit check GRID --puzzle PUZZLE` (the library's
//! [`sudokit::check`]), and whether any is a problem.

use sudokit::check::{self, Report, Words};
use sudokit::format::Alphabet;
use sudokit::{Budget, Grid, Puzzle};

use crate::with_engine;

/// Checks `grid` (same side as `puzzle`) against `puzzle`.
///
/// # Errors
/// They cannot be compared (sides differ, no engine takes the grid).
pub(crate) fn check(
    puzzle: &Puzzle,
    grid: &Grid,
    alphabet: Alphabet,
    budget: &Budget,
) -> Result<Report, String> {
    let words = Words {
        out_of_time:
            "the puzzle's solution was not found within the time limit: cells not compared with it",
        no_solution: "the puzzle has no solution",
    };
    with_engine(budget, |engine| {
        check::check(puzzle, grid, alphabet, engine, &words)
    })
}
