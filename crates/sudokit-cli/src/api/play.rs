//! The endpoints about the player's own grid: `POST /api/check` (is it
//! right so far; a full grid goes through the library's validator, every
//! variant constraint included) and `POST /api/candidates` (the true
//! candidates from the player's digits), and the rebuilding of a puzzle
//! from those digits that `hint` shares: the puzzle's constraints and given
//! candidates are kept, so a killer stays a killer.

use serde_json::{json, Value};
use sudokit::format::Entry;
use sudokit::variant::Rule;
use sudokit::{Grid, Puzzle};

use super::request::PuzzleReq;
use super::{engine, gave_up, ApiError, Limits};

/// `r2c3`: a cell by its board row and column (a multi-grid board's cells
/// are its covered slots).
pub(crate) fn cell_name(cell: usize, geometry: &sudokit::Geometry) -> String {
    let (r, c) = geometry.position(sudokit::Cell(cell as u32));
    format!("r{}c{}", r + 1, c + 1)
}

/// The givens with the player's digits (`values`, one per cell, 0 for
/// empty) over them: 400 for a list of the wrong length, a digit out of
/// range, or one that contradicts a given.
pub(crate) fn merged_values(entry: &Entry, values: Option<&[u32]>) -> Result<Vec<u8>, ApiError> {
    let n = entry.puzzle.size();
    let geometry = entry.puzzle.geometry();
    let mut merged = entry.puzzle.givens().to_values();
    let Some(player) = values else {
        return Ok(merged);
    };
    if player.len() != merged.len() {
        return Err(ApiError::bad(format!(
            "values: expected {} numbers (one per cell, 0 for empty), got {}",
            merged.len(),
            player.len()
        )));
    }
    for (cell, &v) in player.iter().enumerate() {
        if v as usize > n {
            return Err(ApiError::bad(format!(
                "values: {} holds {v}, but digits go from 1 to {n}",
                cell_name(cell, geometry)
            )));
        }
        if merged[cell] != 0 && v != 0 && v != u32::from(merged[cell]) {
            return Err(ApiError::bad(format!(
                "values: {} holds {v}, but the puzzle gives {} there",
                cell_name(cell, geometry),
                merged[cell]
            )));
        }
        if merged[cell] == 0 {
            merged[cell] = v as u8;
        }
    }
    Ok(merged)
}

/// `puzzle` with `values` as its givens: the same geometry, variant
/// constraints and given candidates (422 when the digits clash in a house
/// or leave a cell none of its given candidates).
pub(crate) fn with_values(puzzle: &Puzzle, values: &[u8]) -> Result<Puzzle, ApiError> {
    let grid = Grid::from_values_of(puzzle.geometry(), values)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let mut rebuilt = Puzzle::new(std::sync::Arc::clone(puzzle.geometry()), grid)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    if let Some(candidates) = puzzle.candidates() {
        rebuilt = rebuilt
            .with_candidates(candidates.to_vec())
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    }
    rebuilt
        .with_constraints(puzzle.constraints().to_vec())
        .map_err(|e| ApiError::unprocessable(e.to_string()))
}

/// Runs `work` with the request's cancel flag raised at its deadline: an
/// engine's time budget bounds each search, but true candidates run one
/// search per candidate (thousands on an empty 25x25, seconds each time
/// limit apart), and `check` runs two; the flag bounds them all together.
///
/// WebAssembly has no threads to keep the watch: there each search keeps
/// to its own time limit.
fn by_deadline<T>(limits: &Limits, work: impl FnOnce() -> T) -> T {
    if cfg!(target_family = "wasm") {
        return work();
    }
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let cancel = limits.cancel.clone();
    let time = limits.time;
    let watchdog = std::thread::spawn(move || {
        // Woken early (the sender dropped) when the work ends first.
        if finished.recv_timeout(time) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
            cancel.cancel();
        }
    });
    let out = work();
    drop(done);
    let _ = watchdog.join();
    out
}

/// `POST /api/check`: the player's digits against the puzzle. A full grid
/// is `solved` when the library's validator passes it (houses, givens and
/// every variant constraint), else `broken` with what breaks and the cells
/// of each broken constraint; a partial grid is `wrong` with the cells
/// that differ from the unique solution, or `ok`; for a puzzle without a
/// unique solution, `ok` when some solution still fits the digits.
pub fn check(req: &PuzzleReq, limits: &Limits) -> Result<Value, ApiError> {
    by_deadline(limits, || check_work(req, limits))
}

/// `check`'s answer (see [`check`]).
fn check_work(req: &PuzzleReq, limits: &Limits) -> Result<Value, ApiError> {
    let (entry, _) = req.read(limits)?;
    let n = entry.puzzle.size();
    let values = merged_values(&entry, req.values.as_deref())?;
    if values.iter().all(|&v| v != 0) {
        let grid = Grid::from_values_of(entry.puzzle.geometry(), &values)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        return Ok(match sudokit::validate(&entry.puzzle, &grid) {
            Ok(()) => json!({
                "verdict": "solved",
                "text": "Solved: every cell is filled and every rule holds",
            }),
            Err(why) => {
                // Every broken constraint, with its cells, for the page
                // to frame (the validator names the first problem).
                let broken: Vec<Value> = entry
                    .puzzle
                    .constraints()
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| !c.check(&values, n))
                    .map(|(i, c)| {
                        json!({
                            "index": i,
                            "name": c.name(),
                            "cells": c.cells(n).iter().map(|x| x.index()).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                json!({
                    "verdict": "broken",
                    "text": format!("Every cell is filled, but {why}"),
                    "broken": broken,
                })
            }
        });
    }
    let mut engine = engine(None, limits)?;
    let solutions = engine.solve(&entry.puzzle, 2).map_err(|e| {
        ApiError::unprocessable(format!("puzzle:{}: {e}", entry.line))
            .with(json!({ "verdict": "invalid" }))
    })?;
    if solutions.stopped.is_some() {
        return Err(gave_up(limits, "searching for the solution"));
    }
    if let (1, Some(solution)) = (solutions.count, &solutions.first) {
        let solution = solution.to_values();
        let wrong: Vec<usize> = (0..values.len())
            .filter(|&c| values[c] != 0 && values[c] != solution[c])
            .collect();
        return Ok(if wrong.is_empty() {
            json!({ "verdict": "ok", "text": "All correct so far" })
        } else {
            json!({
                "verdict": "wrong",
                "wrong": wrong,
                "text": format!("{} {} not the solution's digit",
                    wrong.iter().map(|&c| cell_name(c, entry.puzzle.geometry())).collect::<Vec<_>>().join(", "),
                    if wrong.len() == 1 { "holds" } else { "hold" }),
            })
        });
    }
    if solutions.count == 0 {
        return Err(ApiError::unprocessable("the puzzle has no solution")
            .with(json!({ "verdict": "no_solution" })));
    }
    // Several solutions: the digits are right so far when one of them
    // still fits.
    let fits = match with_values(&entry.puzzle, &values) {
        Err(_) => false,
        Ok(puzzle) => {
            let found = engine
                .solve(&puzzle, 1)
                .map_err(|e| ApiError::unprocessable(format!("puzzle:{}: {e}", entry.line)))?;
            if found.stopped.is_some() {
                return Err(gave_up(limits, "searching for a solution"));
            }
            found.count > 0
        }
    };
    Ok(if fits {
        json!({ "verdict": "ok", "text": "Some solution fits your digits so far" })
    } else {
        json!({ "verdict": "wrong", "wrong": [], "text": "No solution fits your digits" })
    })
}

/// `POST /api/candidates`: the true candidates from the player's digits —
/// for every cell, the digits some solution of the puzzle with those
/// digits puts there (the engine's `true_candidates`, within the request's
/// time) — as one bit mask per cell (bit `d - 1` for digit `d`).
pub fn candidates(req: &PuzzleReq, limits: &Limits) -> Result<Value, ApiError> {
    let (entry, _) = req.read(limits)?;
    let values = merged_values(&entry, req.values.as_deref())?;
    let no_solution = || {
        json!({
            "verdict": "no_solution",
            "text": "No solution fits the digits on the board: some digit is wrong",
        })
    };
    let puzzle = match with_values(&entry.puzzle, &values) {
        Ok(puzzle) => puzzle,
        // Digits that clash in a house fit no solution.
        Err(_) => return Ok(no_solution()),
    };
    let mut engine = engine(None, limits)?;
    let tc = by_deadline(limits, || engine.true_candidates(&puzzle, 1)).map_err(|e| {
        ApiError::unprocessable(format!("puzzle:{}: {e}", entry.line))
            .with(json!({ "verdict": "invalid" }))
    })?;
    if !tc.complete {
        return Err(gave_up(limits, "finding the true candidates"));
    }
    if tc.is_empty() {
        return Ok(no_solution());
    }
    let masks: Vec<u64> = tc
        .candidates
        .iter()
        .zip(&values)
        .map(|(set, &v)| if v == 0 { set.0 } else { 0 })
        .collect();
    Ok(json!({
        "verdict": "ok",
        "candidates": masks,
        "text": "The true candidates: the digits some solution puts in each empty cell",
    }))
}
