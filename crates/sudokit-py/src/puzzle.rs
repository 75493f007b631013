//! One puzzle: `sudokit.Puzzle` keeps a [`NativePuzzle`] and turns what its
//! methods return into Python values. Every method releases the GIL while
//! the engine or the logic works.

use std::time::Instant;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use sudokit::format::{self, Alphabet, Style};
use sudokit::logic::{self, Ctx, End};
use sudokit::render::{self, Highlight, Options};
use sudokit::{Budget, Grid, Puzzle};

use crate::batch::{count_one, solve_one};
use crate::parse::{self, Houses, Parsed};
use crate::{budget, error, Status};

/// A parsed puzzle (immutable).
#[pyclass(frozen, module = "sudokit._native", name = "NativePuzzle")]
pub(crate) struct NativePuzzle {
    parsed: Parsed,
}

/// Reads one puzzle from `text` (any format sudokit reads, or `format`).
#[pyfunction]
#[pyo3(name = "parse", signature = (text, format, x, windoku, assume=None))]
pub(crate) fn parse_text(
    py: Python<'_>,
    text: &str,
    format: Option<&str>,
    x: bool,
    windoku: bool,
    assume: Option<&str>,
) -> PyResult<NativePuzzle> {
    let format = parse::format_named(format).map_err(error)?;
    let assume = sudokit::format::sudokupad::Assume::parse(assume.unwrap_or_default())
        .map_err(|why| error(format!("assume: {why}")))?;
    let parsed = py
        .detach(|| parse::parse_assuming(text, format, Houses { x, windoku }, assume))
        .map_err(error)?;
    Ok(NativePuzzle { parsed })
}

/// A puzzle from numbers, `0` empty, row-major, of a square grid with boxes.
#[pyfunction]
#[pyo3(signature = (values, x, windoku))]
pub(crate) fn from_values(values: &[u8], x: bool, windoku: bool) -> PyResult<NativePuzzle> {
    let n = parse::side_of(values.len()).map_err(error)?;
    let geometry = parse::square(n, Houses { x, windoku }).map_err(error)?;
    let puzzle = parse::from_values(&geometry, values).map_err(error)?;
    Ok(NativePuzzle {
        parsed: Parsed {
            puzzle,
            alphabet: Alphabet::Numeric,
            format: format::Format::Line,
        },
    })
}

/// Numbers of a grid, `0` empty.
fn values_of(grid: &Grid) -> Vec<u8> {
    grid.to_values()
}

/// The message of a puzzle that has no unique solution, for a method that
/// needs one (`what`: "a rating", "a hint" …).
fn not_unique(status: Status, what: &str, budget: &Budget) -> String {
    match status {
        Status::NoSolution => format!("the puzzle has no solution: {what} needs exactly one"),
        Status::Multiple => format!("the puzzle has several solutions: {what} needs exactly one"),
        Status::GaveUp => format!(
            "gave up: the solutions were not counted within the time limit ({} s)",
            budget.time_limit.map_or(0.0, |t| t.as_secs_f64())
        ),
        _ => "the puzzle is invalid: no engine takes its grid".to_owned(),
    }
}

impl NativePuzzle {
    fn puzzle(&self) -> &Puzzle {
        &self.parsed.puzzle
    }

    /// Checks that the puzzle has exactly one solution and returns it.
    fn unique(&self, what: &str, budget: &Budget) -> Result<Grid, String> {
        match solve_one(self.puzzle(), 2, budget) {
            (Status::Ok, Some(g)) => Ok(g),
            (s, _) => Err(not_unique(s, what, budget)),
        }
    }

    /// The drawing `to_svg` asks for (the CLI's `sudokit render` options).
    fn draw(
        &self,
        solution: bool,
        candidates: bool,
        step: Option<usize>,
        cell: f64,
        title: Option<String>,
    ) -> Result<String, String> {
        let puzzle = self.puzzle();
        if !(cell.is_finite() && (4.0..=400.0).contains(&cell)) {
            return Err(format!("cell must be between 4 and 400 pixels, not {cell}"));
        }
        let options = Options {
            cell,
            title,
            alphabet: self.parsed.alphabet,
            ..Options::default()
        };
        let mut filled = None;
        let mut marks = None;
        let mut highlight = None;
        if solution {
            filled = Some(self.unique("drawing the solution", &Budget::UNLIMITED)?);
        }
        if candidates || step.is_some() {
            let mut board = logic::Board::new(puzzle).map_err(|e| e.to_string())?;
            if let Some(n) = step {
                self.unique("a logical path", &Budget::UNLIMITED)?;
                let mut ctx = Ctx::new(true);
                if n == 0 {
                    return Err("step counts from 1".into());
                }
                let (before, s) =
                    logic::before_step(board, n, &mut ctx).map_err(|e| e.to_string())?;
                board = before;
                highlight = Some(Highlight::from(&s));
                filled = Some(
                    Grid::from_values(board.size(), board.values()).map_err(|e| e.to_string())?,
                );
            }
            marks = Some(board.all_candidates().to_vec());
        }
        Ok(render::svg_puzzle(
            puzzle,
            filled.as_ref(),
            marks.as_deref(),
            highlight.as_ref(),
            &options,
        ))
    }
}

#[pymethods]
impl NativePuzzle {
    /// The side of the grid.
    #[getter]
    fn size(&self) -> usize {
        self.puzzle().size()
    }

    /// The givens as numbers, `0` empty, row-major.
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &values_of(self.puzzle().givens()))
    }

    /// The format the puzzle was read in.
    #[getter]
    fn format(&self) -> &'static str {
        self.parsed.format.name()
    }

    /// The grid: `9x9`, `9x9 jigsaw`, `9x9 +diagonals` …
    #[getter]
    fn geometry(&self) -> String {
        self.puzzle().geometry().to_string()
    }

    /// Variant constraints (killer cages, thermometers …): how many.
    #[getter]
    fn constraint_count(&self) -> usize {
        self.puzzle().constraints().len()
    }

    /// The puzzle written in `format` (its symbols kept).
    fn text(&self, format: &str) -> PyResult<String> {
        let format = format
            .parse::<format::Format>()
            .map_err(|e| error(e.to_string()))?;
        let style = Style {
            alphabet: self.parsed.alphabet,
        };
        format::puzzle_text(format, self.puzzle(), style)
            .map_err(|e| error(format!("cannot write the puzzle as {format}: {e}")))
    }

    /// A grid written with the puzzle's symbols as one line.
    fn line_of(&self, values: &[u8]) -> PyResult<Option<String>> {
        let grid = Grid::from_values(self.size(), values).map_err(|e| error(e.to_string()))?;
        Ok(parse::line_of(&grid, self.parsed.alphabet))
    }

    /// Solves: the status and the solution's numbers.
    fn solve<'py>(
        &self,
        py: Python<'py>,
        limit: u64,
        timeout: Option<f64>,
    ) -> PyResult<(u8, Option<Bound<'py, PyBytes>>)> {
        let budget = budget(timeout)?;
        let (status, grid) = py.detach(|| solve_one(self.puzzle(), limit.max(1), &budget));
        Ok((status as u8, grid.map(|g| PyBytes::new(py, &values_of(&g)))))
    }

    /// Counts the solutions up to `limit`: the status and the count.
    fn count(&self, py: Python<'_>, limit: u64, timeout: Option<f64>) -> PyResult<(u8, u64)> {
        let budget = budget(timeout)?;
        let (status, count) = py.detach(|| count_one(self.puzzle(), limit.max(1), &budget));
        Ok((status as u8, count))
    }

    /// Rates: a dict with `verdict` (`rated`, `complete`, `unrated`,
    /// `gave_up`), the difficulty card as JSON text (`card`, with the CLI's
    /// line under `line`, as the batch gives it; `None` without one) and
    /// `reason` when unrated.
    #[pyo3(signature = (timeout=None, checks=true))]
    fn rate<'py>(
        &self,
        py: Python<'py>,
        timeout: Option<f64>,
        checks: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        use sudokit::card::{card, CardError, CardOptions};
        let budget = budget(timeout)?;
        let found = py
            .detach(|| {
                self.unique("a rating", &budget)?;
                let options = CardOptions {
                    checks,
                    deadline: budget.time_limit.map(|t| Instant::now() + t),
                    ..CardOptions::default()
                };
                Ok::<_, String>(card(self.puzzle(), &options))
            })
            .map_err(error)?;
        let d = PyDict::new(py);
        d.set_item("card", py.None())?;
        let verdict = match &found {
            Ok(c) => {
                d.set_item("card", crate::batch::card_text(c, self.puzzle().geometry()))?;
                match c.unrated_reason() {
                    Some(why) => {
                        d.set_item("reason", why)?;
                        "unrated"
                    }
                    None => "rated",
                }
            }
            Err(CardError::Complete) => "complete",
            Err(e @ CardError::TimedOut { .. }) => {
                d.set_item("reason", e.to_string())?;
                "gave_up"
            }
            Err(e) => return Err(error(e.to_string())),
        };
        d.set_item("verdict", verdict)?;
        Ok(d)
    }

    /// The next logical step as a dict, `None` when every cell is filled.
    fn hint<'py>(
        &self,
        py: Python<'py>,
        timeout: Option<f64>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let budget = budget(timeout)?;
        let found = py
            .detach(|| {
                self.unique("a hint", &budget)?;
                let board = crate::logic::board(self.puzzle(), self.parsed.alphabet)?;
                if board.is_solved() {
                    return Ok(None);
                }
                let deadline = budget.time_limit.map(|t| Instant::now() + t);
                let mut ctx = Ctx::new(true).with_deadline(deadline);
                match logic::next_step(&board, &mut ctx) {
                    Some(step) => Ok(Some((board, step))),
                    None if ctx.timed_out() => Err("gave up: time limit".to_owned()),
                    None => Err("no step found: no technique of the ladder applies".to_owned()),
                }
            })
            .map_err(error)?;
        found
            .map(|(board, step)| crate::logic::step_dict(py, &board, &step))
            .transpose()
    }

    /// Every step, then the rating: `(steps, rating dict, end)`, `end` one
    /// of `solved`, `unrated`, `gave_up`.
    #[allow(clippy::type_complexity)]
    fn explain<'py>(
        &self,
        py: Python<'py>,
        timeout: Option<f64>,
    ) -> PyResult<(Vec<Bound<'py, PyDict>>, Bound<'py, PyDict>, &'static str)> {
        let budget = budget(timeout)?;
        let (board, path) = py
            .detach(|| {
                self.unique("an explanation", &budget)?;
                let board = crate::logic::board(self.puzzle(), self.parsed.alphabet)?;
                let deadline = budget.time_limit.map(|t| Instant::now() + t);
                let mut ctx = Ctx::new(true).with_deadline(deadline);
                let path = logic::solve_path(board.clone(), &mut ctx, true);
                Ok::<_, String>((board, path))
            })
            .map_err(error)?;
        let steps = path
            .steps
            .iter()
            .map(|s| crate::logic::step_dict(py, &board, s))
            .collect::<PyResult<Vec<_>>>()?;
        let end = match path.end {
            End::Solved => "solved",
            End::Stuck => "unrated",
            End::TimedOut => "gave_up",
        };
        Ok((steps, crate::logic::rating_dict(py, &path)?, end))
    }

    /// Checks a grid's numbers against the puzzle: `(bad, lines)`.
    fn check(
        &self,
        py: Python<'_>,
        values: &[u8],
        timeout: Option<f64>,
    ) -> PyResult<(bool, Vec<String>)> {
        let budget = budget(timeout)?;
        let n = self.size();
        if values.len() != n * n {
            let m = parse::side_of(values.len()).unwrap_or(0);
            return Err(error(if m > 0 {
                format!("the grid is {m}x{m} but the puzzle is {n}x{n}")
            } else {
                format!(
                    "the grid has {} cells but the puzzle {}",
                    values.len(),
                    n * n
                )
            }));
        }
        let grid = Grid::from_values(n, values).map_err(|e| error(e.to_string()))?;
        let report = py
            .detach(|| crate::check::check(self.puzzle(), &grid, self.parsed.alphabet, &budget))
            .map_err(error)?;
        Ok((report.bad, report.lines))
    }

    /// The SVG drawing.
    #[pyo3(signature = (solution, candidates, step, cell, title))]
    fn svg(
        &self,
        py: Python<'_>,
        solution: bool,
        candidates: bool,
        step: Option<usize>,
        cell: f64,
        title: Option<String>,
    ) -> PyResult<String> {
        py.detach(|| self.draw(solution, candidates, step, cell, title))
            .map_err(error)
    }

    /// The PNG drawing.
    #[pyo3(signature = (solution, candidates, step, cell, title))]
    fn png<'py>(
        &self,
        py: Python<'py>,
        solution: bool,
        candidates: bool,
        step: Option<usize>,
        cell: f64,
        title: Option<String>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = py
            .detach(|| {
                let svg = self.draw(solution, candidates, step, cell, title)?;
                crate::png::png(&svg)
            })
            .map_err(error)?;
        Ok(PyBytes::new(py, &bytes))
    }
}
