//! Batch `solve`, `count` and `rate` over one chunk of puzzles: a list of
//! texts (`*_lines`) or a block of numbers, `cells` bytes a puzzle
//! (`*_values`). The GIL is released for the whole chunk; answers are kept
//! by position, one status byte each ([`Status`]).
//!
//! Each puzzle is answered as `sudokit solve`, `count` and `rate` answer it
//! (the same engine, limits and rules as the CLI's `record` module): the
//! Python tests compare the two on the benchmark sets.

use std::sync::Arc;
use std::time::Instant;

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sudokit::format::{self, Alphabet, Format};
use sudokit::logic::{self, Board, Ctx, End};
use sudokit::{Budget, Geometry, Grid, Puzzle};

use crate::parse::{self, Houses};
use crate::{budget, error, map_indexed, thread_count, with_engine, Status};

/// The puzzles of a chunk.
enum Source<'a> {
    /// One text a puzzle, in `format` or detected.
    Lines {
        lines: &'a [String],
        format: Option<Format>,
        houses: Houses,
    },
    /// `cells` numbers a puzzle on one geometry.
    Values {
        data: &'a [u8],
        geometry: Arc<Geometry>,
    },
}

impl Source<'_> {
    fn len(&self) -> usize {
        match self {
            Source::Lines { lines, .. } => lines.len(),
            Source::Values { data, geometry } => data.len() / (geometry.size() * geometry.size()),
        }
    }

    /// Puzzle `i`, the symbols it was written with and its format; `None`
    /// when it is malformed.
    fn get(&self, i: usize) -> Option<(Puzzle, Alphabet, Format)> {
        match self {
            Source::Lines {
                lines,
                format,
                houses,
            } => parse::parse(&lines[i], *format, *houses)
                .ok()
                .map(|p| (p.puzzle, p.alphabet, p.format)),
            Source::Values { data, geometry } => {
                let cells = geometry.size() * geometry.size();
                parse::from_values(geometry, &data[i * cells..(i + 1) * cells])
                    .ok()
                    .map(|p| (p, Alphabet::Numeric, Format::Line))
            }
        }
    }
}

/// The chunk of numbers `data`, `cells` a puzzle, checked.
fn values<'a>(data: &'a [u8], cells: usize, houses: Houses) -> PyResult<Source<'a>> {
    let n = parse::side_of(cells).map_err(error)?;
    if !data.len().is_multiple_of(cells) {
        return Err(error(format!(
            "{} bytes are not whole puzzles of {cells} cells",
            data.len()
        )));
    }
    let geometry = parse::square(n, houses).map_err(error)?;
    Ok(Source::Values { data, geometry })
}

/// The chunk of texts `lines`.
fn lines<'a>(
    lines: &'a [String],
    format: Option<&str>,
    x: bool,
    windoku: bool,
) -> PyResult<Source<'a>> {
    Ok(Source::Lines {
        lines,
        format: parse::format_named(format).map_err(error)?,
        houses: Houses { x, windoku },
    })
}

/// Solves one puzzle as `sudokit solve --limit LIMIT` does: the solution
/// (unique when `limit` is 2 or more), or why there is none.
pub(crate) fn solve_one(puzzle: &Puzzle, limit: u64, budget: &Budget) -> (Status, Option<Grid>) {
    with_engine(budget, |engine| match engine.solve(puzzle, limit) {
        Err(_) => (Status::Invalid, None),
        Ok(s) if s.stopped.is_some() => (Status::GaveUp, None),
        Ok(s) => match (s.first, limit >= 2 && s.count >= 2) {
            (None, _) => (Status::NoSolution, None),
            (Some(_), true) => (Status::Multiple, None),
            (Some(grid), false) => (Status::Ok, Some(grid)),
        },
    })
}

/// Counts the solutions of one puzzle up to `limit`, as `sudokit count`.
pub(crate) fn count_one(puzzle: &Puzzle, limit: u64, budget: &Budget) -> (Status, u64) {
    with_engine(budget, |engine| match engine.solve(puzzle, limit) {
        Err(_) => (Status::Invalid, 0),
        Ok(s) if s.stopped.is_some() => (Status::GaveUp, s.count),
        Ok(s) if s.complete => (Status::Ok, s.count),
        Ok(s) => (Status::AtLeast, s.count),
    })
}

/// ER, EP, ED in tenths and the number of steps.
pub(crate) type Rated = ([u16; 3], u32);

/// Rates one puzzle as `sudokit rate`: its uniqueness first (within the
/// budget), then the logical path (within the same time limit again).
pub(crate) fn rate_one(puzzle: &Puzzle, budget: &Budget) -> (Status, Rated) {
    let none = ([0; 3], 0);
    let (status, _) = solve_one(puzzle, 2, budget);
    if status != Status::Ok {
        return (status, none);
    }
    let Ok(board) = Board::new(puzzle) else {
        return (Status::Invalid, none);
    };
    let deadline = budget.time_limit.map(|t| Instant::now() + t);
    let mut ctx = Ctx::new(false).with_deadline(deadline);
    let path = logic::solve_path(board, &mut ctx, false);
    let r = path.rating;
    let rated = ([r.er.0, r.ep.0, r.ed.0], path.step_count as u32);
    let status = match path.end {
        End::Solved if path.step_count == 0 => Status::Complete,
        End::Solved => Status::Ok,
        End::Stuck => Status::Unrated,
        End::TimedOut => Status::GaveUp,
    };
    (status, rated)
}

/// Solutions of a chunk: what each puzzle is, then its answer.
fn solve_chunk(
    source: &Source<'_>,
    limit: u64,
    budget: &Budget,
    threads: usize,
) -> Result<Vec<(Status, Option<Grid>, Alphabet)>, String> {
    map_indexed(threads, source.len(), |i| match source.get(i) {
        None => (Status::Invalid, None, Alphabet::Numeric),
        Some((puzzle, alphabet, format)) => {
            let (status, grid) = solve_one(&puzzle, format.effective_limit(limit), budget);
            (status, grid, alphabet)
        }
    })
}

/// Solves a chunk of texts: the solution lines (`None` where there is
/// none) and the statuses.
#[pyfunction]
#[pyo3(signature = (lines, limit, threads, timeout, format, x, windoku))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_lines<'py>(
    py: Python<'py>,
    lines: Vec<String>,
    limit: u64,
    threads: Option<usize>,
    timeout: Option<f64>,
    format: Option<&str>,
    x: bool,
    windoku: bool,
) -> PyResult<(Vec<Option<String>>, Bound<'py, PyBytes>)> {
    let source = self::lines(&lines, format, x, windoku)?;
    let budget = budget(timeout)?;
    let threads = thread_count(threads);
    let (answers, status) = py
        .detach(|| {
            let solved = solve_chunk(&source, limit.max(1), &budget, threads)?;
            let status: Vec<u8> = solved.iter().map(|(s, _, _)| *s as u8).collect();
            let answers: Vec<Option<String>> = solved
                .into_iter()
                .map(|(_, grid, alphabet)| grid.and_then(|g| parse::line_of(&g, alphabet)))
                .collect();
            Ok::<_, String>((answers, status))
        })
        .map_err(error)?;
    Ok((answers, PyBytes::new(py, &status)))
}

/// Solves a chunk of numbers: the solutions (zeros where there is none)
/// and the statuses.
#[pyfunction]
#[pyo3(signature = (data, cells, limit, threads, timeout, x, windoku))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_values<'py>(
    py: Python<'py>,
    data: &[u8],
    cells: usize,
    limit: u64,
    threads: Option<usize>,
    timeout: Option<f64>,
    x: bool,
    windoku: bool,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let source = values(data, cells, Houses { x, windoku })?;
    let budget = budget(timeout)?;
    let threads = thread_count(threads);
    let (out, status) = py
        .detach(|| {
            let solved = solve_chunk(&source, limit.max(1), &budget, threads)?;
            let mut out = vec![0u8; data.len()];
            let mut status = Vec::with_capacity(solved.len());
            for ((s, grid, _), row) in solved.iter().zip(out.chunks_exact_mut(cells)) {
                status.push(*s as u8);
                if let Some(g) = grid {
                    for (o, c) in row.iter_mut().zip(g.cells()) {
                        *o = c.map_or(0, |d| d.index() as u8 + 1);
                    }
                }
            }
            Ok::<_, String>((out, status))
        })
        .map_err(error)?;
    Ok((PyBytes::new(py, &out), PyBytes::new(py, &status)))
}

/// Counts of a chunk, and the statuses.
fn count_chunk(
    source: &Source<'_>,
    limit: u64,
    budget: &Budget,
    threads: usize,
) -> Result<(Vec<u64>, Vec<u8>), String> {
    let counted = map_indexed(threads, source.len(), |i| match source.get(i) {
        None => (Status::Invalid, 0),
        Some((puzzle, _, _)) => count_one(&puzzle, limit, budget),
    })?;
    Ok(counted.into_iter().map(|(s, c)| (c, s as u8)).unzip())
}

/// Counts the solutions of a chunk of texts up to `limit`.
#[pyfunction]
#[pyo3(signature = (lines, limit, threads, timeout, format, x, windoku))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_lines<'py>(
    py: Python<'py>,
    lines: Vec<String>,
    limit: u64,
    threads: Option<usize>,
    timeout: Option<f64>,
    format: Option<&str>,
    x: bool,
    windoku: bool,
) -> PyResult<(Vec<u64>, Bound<'py, PyBytes>)> {
    let source = self::lines(&lines, format, x, windoku)?;
    let budget = budget(timeout)?;
    let threads = thread_count(threads);
    let (counts, status) = py
        .detach(|| count_chunk(&source, limit.max(1), &budget, threads))
        .map_err(error)?;
    Ok((counts, PyBytes::new(py, &status)))
}

/// Counts the solutions of a chunk of numbers up to `limit`.
#[pyfunction]
#[pyo3(signature = (data, cells, limit, threads, timeout, x, windoku))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_values<'py>(
    py: Python<'py>,
    data: &[u8],
    cells: usize,
    limit: u64,
    threads: Option<usize>,
    timeout: Option<f64>,
    x: bool,
    windoku: bool,
) -> PyResult<(Vec<u64>, Bound<'py, PyBytes>)> {
    let source = values(data, cells, Houses { x, windoku })?;
    let budget = budget(timeout)?;
    let threads = thread_count(threads);
    let (counts, status) = py
        .detach(|| count_chunk(&source, limit.max(1), &budget, threads))
        .map_err(error)?;
    Ok((counts, PyBytes::new(py, &status)))
}

/// Ratings of a chunk: ER, EP, ED in tenths (three little-endian `u16`
/// a puzzle), steps (`u32`) and statuses.
fn rate_chunk(
    py: Python<'_>,
    source: &Source<'_>,
    budget: &Budget,
    threads: usize,
) -> PyResult<(Vec<u8>, Vec<u8>, Vec<u8>)> {
    py.detach(|| {
        let rated = map_indexed(threads, source.len(), |i| match source.get(i) {
            None => (Status::Invalid, ([0; 3], 0)),
            Some((puzzle, _, _)) => rate_one(&puzzle, budget),
        })?;
        let mut tenths = Vec::with_capacity(rated.len() * 6);
        let mut steps = Vec::with_capacity(rated.len() * 4);
        let mut status = Vec::with_capacity(rated.len());
        for (s, (r, k)) in rated {
            status.push(s as u8);
            for t in r {
                tenths.extend_from_slice(&t.to_le_bytes());
            }
            steps.extend_from_slice(&k.to_le_bytes());
        }
        Ok::<_, String>((tenths, steps, status))
    })
    .map_err(error)
}

/// The bytes of a rating chunk, for Python.
type RateBytes<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
);

fn rate_bytes(py: Python<'_>, (t, k, s): (Vec<u8>, Vec<u8>, Vec<u8>)) -> RateBytes<'_> {
    (
        PyBytes::new(py, &t),
        PyBytes::new(py, &k),
        PyBytes::new(py, &s),
    )
}

/// Rates a chunk of texts.
#[pyfunction]
#[pyo3(signature = (lines, threads, timeout, format, x, windoku))]
pub(crate) fn rate_lines<'py>(
    py: Python<'py>,
    lines: Vec<String>,
    threads: Option<usize>,
    timeout: Option<f64>,
    format: Option<&str>,
    x: bool,
    windoku: bool,
) -> PyResult<RateBytes<'py>> {
    let source = self::lines(&lines, format, x, windoku)?;
    let found = rate_chunk(py, &source, &budget(timeout)?, thread_count(threads))?;
    Ok(rate_bytes(py, found))
}

/// Rates a chunk of numbers.
#[pyfunction]
#[pyo3(signature = (data, cells, threads, timeout, x, windoku))]
pub(crate) fn rate_values<'py>(
    py: Python<'py>,
    data: &[u8],
    cells: usize,
    threads: Option<usize>,
    timeout: Option<f64>,
    x: bool,
    windoku: bool,
) -> PyResult<RateBytes<'py>> {
    let source = values(data, cells, Houses { x, windoku })?;
    let found = rate_chunk(py, &source, &budget(timeout)?, thread_count(threads))?;
    Ok(rate_bytes(py, found))
}

/// The record `sudokit solve` writes for an unsolved puzzle.
fn message(status: Status) -> &'static str {
    match status {
        Status::NoSolution => "No solution",
        Status::Multiple => "Multiple Solutions",
        Status::GaveUp => "Gave up",
        _ => "Invalid puzzle",
    }
}

/// Solves a whole text of `line` puzzles, one a line (blank lines skipped,
/// a line `end` ends it, as the CLI's `line` reader): the CLI's output, one
/// record a line (the solution, `No solution`, `Multiple Solutions`,
/// `Invalid puzzle`, `Gave up`). One Python string in and one out: the fast
/// path for a file, with no Python object per puzzle.
#[pyfunction]
#[pyo3(signature = (text, limit, threads, timeout, x, windoku))]
pub(crate) fn solve_text(
    py: Python<'_>,
    text: &str,
    limit: u64,
    threads: Option<usize>,
    timeout: Option<f64>,
    x: bool,
    windoku: bool,
) -> PyResult<String> {
    let budget = budget(timeout)?;
    let threads = thread_count(threads);
    let houses = Houses { x, windoku };
    py.detach(|| {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .take_while(|l| *l != "end")
            .collect();
        let mut out = Vec::with_capacity(text.len() + lines.len());
        // Chunks bound the answers held besides the output.
        for chunk in lines.chunks(crate::TEXT_CHUNK) {
            let solved = map_indexed(threads, chunk.len(), |i| {
                // `lines` are trimmed and hold no line end: the line reader's
                // parser directly.
                match format::line::parse_line_with_alphabet(chunk[i]) {
                    Err(_) => (Status::Invalid, None, Alphabet::Numeric),
                    Ok((puzzle, alphabet)) => match houses.apply(puzzle) {
                        Err(_) => (Status::Invalid, None, alphabet),
                        Ok(puzzle) => {
                            let (s, g) = solve_one(&puzzle, limit.max(1), &budget);
                            (s, g, alphabet)
                        }
                    },
                }
            })?;
            for (status, grid, alphabet) in solved {
                // Written straight into the output: no string per puzzle.
                let written = grid.is_some_and(|g| {
                    format::line::write(&mut out, &g, format::Style { alphabet }).is_ok()
                });
                if !written {
                    out.extend_from_slice(message(status).as_bytes());
                    out.push(b'\n');
                }
            }
        }
        let out = String::from_utf8(out).map_err(|e| e.to_string())?;
        Ok::<_, String>(out)
    })
    .map_err(error)
}
