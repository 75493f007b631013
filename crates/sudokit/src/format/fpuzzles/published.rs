//! A reading checked by the solution its puzzle publishes (SudokuPad's
//! `solution:` metadata): the solution must keep every given, house and
//! rule of the reading, and the reading must have no other solution — a
//! reading with two solutions misses a rule the drawings do not show. Either
//! failure refuses the puzzle, saying what broke, instead of answering.

use crate::{Auto, Budget, Engine, Grid, Puzzle};

/// The most search nodes the uniqueness check may take: far more than any
/// published puzzle needs, and a bound on a crafted one.
const MAX_NODES: u64 = 200_000;

/// Checks `puzzle` against `solution` (digits row by row; a solution with
/// an unknown cell, `.` or `0`, checks nothing).
///
/// # Errors
/// The published solution breaks a given, a house or a rule of the reading
/// (naming it), or the reading has another solution.
pub(super) fn check(puzzle: &Puzzle, solution: &str) -> Result<(), String> {
    let n = puzzle.size();
    // Unknown cells (`.`, `0`, `?`…) leave nothing to check.
    let digits: Option<Vec<u32>> = solution
        .chars()
        .map(|c| c.to_digit(36).filter(|&d| d >= 1))
        .collect();
    let Some(digits) = digits.filter(|d| d.len() == n * n) else {
        return Ok(());
    };
    if let Some(d) = digits.iter().find(|&&d| d as usize > n) {
        return Err(format!(
            "the solution the puzzle publishes holds {d} on a {n}x{n} grid: its rules are not a sudoku's"
        ));
    }
    let values: Vec<u8> = digits.iter().map(|&d| d as u8).collect();
    let grid = Grid::from_values(n, &values).map_err(|e| e.to_string())?;
    // The validator checks givens, houses and every constraint.
    if let Err(why) = crate::validate(puzzle, &grid) {
        return Err(format!(
            "the solution the puzzle publishes does not fit this reading ({why}): the drawings are not read as the setter meant"
        ));
    }
    let mut engine = Auto::default();
    engine.set_budget(Budget::UNLIMITED.with_max_nodes(MAX_NODES));
    if let Ok(found) = engine.solve(puzzle, 2) {
        if found.count >= 2 {
            return Err(
                "this reading has more than one solution where the puzzle publishes one: \
                 a rule is missing from the drawings (or their reading)"
                    .to_owned(),
            );
        }
    }
    Ok(())
}
