//! Steps and ratings as Python dicts, with the keys and values of the CLI's
//! `--json` records (`sudokit hint --json`, `explain --json`): the Python
//! side turns them into dataclasses.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudokit::format::Alphabet;
use sudokit::logic::{Board, Level, Path, Step};
use sudokit::Puzzle;

/// The board of `puzzle` whose steps name digits in its own symbols (`A`-`P`
/// for a POJ 3076 grid), as `sudokit hint` names them.
///
/// # Errors
/// The givens clash (a digit twice in a house).
pub(crate) fn board(puzzle: &Puzzle, alphabet: Alphabet) -> Result<Board, String> {
    let n = puzzle.geometry().size();
    let symbols: Vec<char> = (0..n)
        .map_while(|d| alphabet.symbol(d).map(char::from))
        .collect();
    Ok(Board::new(puzzle)
        .map_err(|e| e.to_string())?
        .with_symbols(&symbols))
}

/// A step as a dict: `technique`, `difficulty`, `placements` (`r4c6=7`),
/// `eliminations` (`r4c6<>7`), `cells`, `houses`, `chains`, `text`, `line`.
pub(crate) fn step_dict<'py>(
    py: Python<'py>,
    board: &Board,
    step: &Step,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("technique", step.name.to_string())?;
    d.set_item("difficulty", step.difficulty.value())?;
    let placements: Vec<String> = step
        .placements
        .iter()
        .map(|c| format!("{}={}", board.cell_name(c.cell), board.digit_name(c.digit)))
        .collect();
    d.set_item("placements", placements)?;
    let eliminations: Vec<String> = step
        .eliminations
        .iter()
        .map(|c| format!("{}<>{}", board.cell_name(c.cell), board.digit_name(c.digit)))
        .collect();
    d.set_item("eliminations", eliminations)?;
    let cells: Vec<String> = step.cells.iter().map(|&c| board.cell_name(c)).collect();
    d.set_item("cells", cells)?;
    let houses: Vec<String> = step.houses.iter().map(|&h| board.house_name(h)).collect();
    d.set_item("houses", houses)?;
    d.set_item("chains", step.chains.clone())?;
    d.set_item("text", step.text.clone())?;
    d.set_item("line", step.line())?;
    Ok(d)
}

/// The rating of a path as a dict: `er`, `ep`, `ed`, `level`, `steps`.
pub(crate) fn rating_dict<'py>(py: Python<'py>, path: &Path) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("er", path.rating.er.value())?;
    d.set_item("ep", path.rating.ep.value())?;
    d.set_item("ed", path.rating.ed.value())?;
    d.set_item("level", Level::of(path.rating.er).name())?;
    d.set_item("steps", path.step_count)?;
    Ok(d)
}
