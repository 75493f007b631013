//! Independent checking of solutions.
//!
//! This module deliberately shares no code with any engine: it recomputes rows
//! and columns from coordinates, and reads regions and extra houses straight
//! from the geometry's house list, so a bug in an engine's tables cannot hide
//! itself here.

use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::variant::Rule;

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// The grid's side differs from the puzzle's.
    #[error("grid is {found}x{found}, puzzle is {expected}x{expected}")]
    Size {
        /// Puzzle side.
        expected: usize,
        /// Grid side.
        found: usize,
    },
    /// A cell is empty.
    #[error("cell r{row}c{column} is empty", row = row + 1, column = column + 1)]
    Empty {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
    },
    /// A cell's value differs from its given.
    #[error("cell r{row}c{column} changes a given", row = row + 1, column = column + 1)]
    GivenChanged {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
    },
    /// A cell's value is not one of its candidates (pencilmark puzzles).
    #[error("cell r{row}c{column} holds a digit outside its candidates", row = row + 1, column = column + 1)]
    NotACandidate {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
    },
    /// A variant constraint is broken.
    #[error("constraint {index} ({name}) is broken", index = index + 1)]
    Constraint {
        /// Its position in the puzzle's list, 0-based.
        index: usize,
        /// Its f-puzzles name.
        name: &'static str,
    },
    /// A digit repeats within a house.
    #[error("digit {digit} repeats in {house}", digit = digit + 1)]
    Repeat {
        /// Which house ("row 3", "column 5", "house 20").
        house: String,
        /// 0-based digit.
        digit: usize,
    },
}

/// Checks that `grid` is a complete solution of `puzzle`: every cell filled,
/// givens kept, every cell one of its candidates (when the puzzle restricts
/// them), every row, column, region and extra house holding each digit
/// exactly once.
///
/// # Errors
/// The first problem found.
pub fn validate(puzzle: &Puzzle, grid: &Grid) -> Result<(), Invalid> {
    let n = puzzle.size();
    if grid.size() != n {
        return Err(Invalid::Size {
            expected: n,
            found: grid.size(),
        });
    }
    let values = grid.cells();
    let geometry = puzzle.geometry();
    if values.len() != geometry.cell_count() {
        return Err(Invalid::Size {
            expected: n,
            found: grid.size(),
        });
    }
    let at = |i: usize| geometry.position(crate::Cell(i as u32));
    for (i, (v, g)) in values.iter().zip(puzzle.givens().cells()).enumerate() {
        match (v, g) {
            (None, _) => {
                let (row, column) = at(i);
                return Err(Invalid::Empty { row, column });
            }
            (Some(v), Some(g)) if v != g => {
                let (row, column) = at(i);
                return Err(Invalid::GivenChanged { row, column });
            }
            _ => {}
        }
        if let (Some(v), Some(allowed)) = (v, puzzle.candidates()) {
            // Read the mask bit by hand rather than through `DigitSet`
            // helpers the engines use.
            if allowed[i].0 >> v.index() & 1 == 0 {
                let (row, column) = at(i);
                return Err(Invalid::NotACandidate { row, column });
            }
        }
    }
    let value = |r: usize, c: usize| values[r * n + c].map_or(usize::MAX, |d| d.index());
    let check = |name: &dyn Fn() -> String, digits: &mut dyn Iterator<Item = usize>| {
        let mut seen = vec![false; n];
        for d in digits {
            if d >= n || std::mem::replace(&mut seen[d], true) {
                return Err(Invalid::Repeat {
                    house: name(),
                    digit: d.min(n),
                });
            }
        }
        Ok(())
    };
    if let Some(layout) = geometry.multi_layout() {
        // Each grid of the board walked by its coordinates, not through
        // the geometry's houses.
        let on_board = |r: usize, c: usize| {
            geometry
                .cell_at(r, c)
                .and_then(|cell| values[cell.index()])
                .map_or(usize::MAX, |d| d.index())
        };
        for (k, g) in layout.grids().iter().enumerate() {
            let (br, bc) = g.boxes;
            for i in 0..n {
                check(
                    &|| format!("row {} of grid {}", i + 1, k + 1),
                    &mut (0..n).map(|j| on_board(g.top + i, g.left + j)),
                )?;
                check(
                    &|| format!("column {} of grid {}", i + 1, k + 1),
                    &mut (0..n).map(|j| on_board(g.top + j, g.left + i)),
                )?;
                let (r0, c0) = (g.top + i / (n / bc) * br, g.left + i % (n / bc) * bc);
                check(
                    &|| format!("box {} of grid {}", i + 1, k + 1),
                    &mut (0..n).map(|j| on_board(r0 + j / bc, c0 + j % bc)),
                )?;
            }
        }
    } else {
        for r in 0..n {
            check(
                &|| format!("row {}", r + 1),
                &mut (0..n).map(|c| value(r, c)),
            )?;
        }
        for c in 0..n {
            check(
                &|| format!("column {}", c + 1),
                &mut (0..n).map(|r| value(r, c)),
            )?;
        }
    }
    for (h, house) in geometry.houses().iter().enumerate() {
        check(
            &|| format!("house {h} ({:?})", house.kind()),
            &mut house
                .cells()
                .iter()
                .map(|cell| values[cell.index()].map_or(usize::MAX, |d| d.index())),
        )?;
    }
    // Each constraint checks itself with plain arithmetic on the values
    // (`Rule::check`), sharing nothing with its pruning.
    let digits: Vec<u8> = values
        .iter()
        .map(|v| v.map_or(0, |d| d.index() as u8 + 1))
        .collect();
    for (index, c) in puzzle.constraints().iter().enumerate() {
        if !c.check(&digits, n) {
            return Err(Invalid::Constraint {
                index,
                name: c.name(),
            });
        }
    }
    Ok(())
}
