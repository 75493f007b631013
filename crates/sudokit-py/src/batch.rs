//! Batch `solve`, `count` and `rate` over one chunk of puzzles ([`batch`]):
//! a list of texts or a block of numbers, `cells` bytes a puzzle. The GIL is
//! released for the whole chunk; answers are kept by position, one status
//! byte each ([`Status`]).
//!
//! Each puzzle is answered as `sudokit solve`, `count` and `rate` answer it
//! (the same engine, limits and rules as the CLI's `record` module): the
//! Python tests compare the two on the benchmark sets.

use std::sync::Arc;
use std::time::Instant;

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sudokit::format::{Alphabet, Format};
use sudokit::logic::{self, Board, Ctx, End};
use sudokit::{Budget, Geometry, Grid, Puzzle};

use crate::parse::{self, Houses};
use crate::{budget, error, map_indexed, thread_count, with_engine, Status};

/// The puzzles of a chunk.
enum Source<'a> {
    /// One text a puzzle, in `format` or detected.
    Lines {
        lines: Vec<&'a str>,
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
            } => parse::parse(lines[i], *format, *houses)
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

/// A card as the JSON text `sudokit rate --json` gives, with the card's
/// line under `line`: what Python's `Rating` is made from.
pub(crate) fn card_text(card: &sudokit::card::Card, geometry: &sudokit::Geometry) -> String {
    let mut json = card.to_json(geometry);
    json["line"] = card.line().into();
    json.to_string()
}

/// The difficulty card of one puzzle as `sudokit rate --json` gives it
/// (with the card's line under `line`), after its uniqueness (within the
/// budget): `None` where there is none (its status says why).
pub(crate) fn card_one(puzzle: &Puzzle, budget: &Budget, checks: bool) -> (Status, Option<String>) {
    use sudokit::card::{card, CardError, CardOptions};
    let (status, _) = solve_one(puzzle, 2, budget);
    if status != Status::Ok {
        return (status, None);
    }
    let options = CardOptions {
        checks,
        deadline: budget.time_limit.map(|t| Instant::now() + t),
        ..CardOptions::default()
    };
    match card(puzzle, &options) {
        Ok(c) => {
            let status = if c.solved {
                Status::Ok
            } else {
                Status::Unrated
            };
            (status, Some(card_text(&c, puzzle.geometry())))
        }
        Err(CardError::Complete) => (Status::Complete, None),
        Err(CardError::TimedOut { .. }) => (Status::GaveUp, None),
        Err(CardError::Board(_)) => (Status::Invalid, None),
    }
}

/// What a batch call asks of each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verb {
    Solve,
    Count,
    Rate,
    /// The card (JSON text), with the setter's checks or not.
    Card {
        checks: bool,
    },
}

impl Verb {
    fn named(name: &str) -> PyResult<Verb> {
        match name {
            "solve" => Ok(Verb::Solve),
            "count" => Ok(Verb::Count),
            "rate" => Ok(Verb::Rate),
            "card" => Ok(Verb::Card { checks: false }),
            "card-checks" => Ok(Verb::Card { checks: true }),
            _ => Err(error(format!("unknown batch verb `{name}`"))),
        }
    }
}

/// One puzzle's answer.
enum Answer {
    Solved(Option<Grid>),
    /// A solution of a text puzzle as a line in its symbols, made by the
    /// worker (no grid kept until the chunk is done).
    Line(Option<String>),
    Counted(u64),
    Rated(Rated),
    /// The card's JSON text.
    Card(Option<String>),
}

/// The puzzles of one call: a list of texts, or the bytes of a
/// `(n, cells)` array.
#[derive(FromPyObject)]
pub(crate) enum Input<'py> {
    Texts(Vec<String>),
    Values(Bound<'py, PyBytes>),
}

/// Answers a chunk of puzzles: `puzzles` is a list of texts or rows of
/// `cells` numbers. Returns the answers and one status byte a puzzle:
/// - solve: a list of solution lines (`None` where there is none) for
///   texts, the solutions' numbers (zeros where none) for numbers;
/// - count: one little-endian `u64` a puzzle;
/// - rate: ER, EP, ED in tenths (`u16` each) and the steps (`u32`), ten
///   little-endian bytes a puzzle;
/// - card, card-checks (texts only): a list of the cards' JSON texts
///   (`None` where there is none).
#[pyfunction]
#[pyo3(signature = (verb, puzzles, cells, limit, threads, timeout, format, x, windoku))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn batch<'py>(
    py: Python<'py>,
    verb: &str,
    puzzles: Input<'py>,
    cells: usize,
    limit: u64,
    threads: Option<usize>,
    timeout: Option<f64>,
    format: Option<&str>,
    x: bool,
    windoku: bool,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyBytes>)> {
    let verb = Verb::named(verb)?;
    let houses = Houses { x, windoku };
    let budget = budget(timeout)?;
    let threads = thread_count(threads);
    let limit = limit.max(1);
    let source = match &puzzles {
        Input::Texts(texts) => Source::Lines {
            lines: texts.iter().map(String::as_str).collect(),
            format: parse::format_named(format).map_err(error)?,
            houses,
        },
        Input::Values(data) => values(data.as_bytes(), cells, houses)?,
    };
    let texts = matches!(source, Source::Lines { .. });
    let listed = matches!(verb, Verb::Solve | Verb::Card { .. });
    if !texts && matches!(verb, Verb::Card { .. }) {
        return Err(error("cards are given for puzzle texts, not arrays"));
    }
    let (out, lines, status) = py
        .detach(|| {
            let answered = answer_all(verb, &source, limit, &budget, threads)?;
            let mut out = Vec::new();
            let mut lines = Vec::new();
            let mut status = Vec::with_capacity(answered.len());
            for (s, answer) in answered {
                status.push(s as u8);
                match answer {
                    // Solutions of texts are texts, in the puzzle's symbols.
                    Some(Answer::Line(line) | Answer::Card(line)) => lines.push(line),
                    None if texts && listed => lines.push(None),
                    _ => encode(&mut out, verb, cells, answer),
                }
            }
            Ok::<_, String>((out, lines, status))
        })
        .map_err(error)?;
    let out = if texts && listed {
        lines.into_pyobject(py)?.into_any()
    } else {
        PyBytes::new(py, &out).into_any()
    };
    Ok((out, PyBytes::new(py, &status)))
}

/// Each puzzle's status and answer, in order, on `threads` workers.
fn answer_all(
    verb: Verb,
    source: &Source<'_>,
    limit: u64,
    budget: &Budget,
    threads: usize,
) -> Result<Vec<(Status, Option<Answer>)>, String> {
    map_indexed(threads, source.len(), |i| {
        let Some((puzzle, alphabet, format)) = source.get(i) else {
            return (Status::Invalid, None);
        };
        let (status, answer) = match verb {
            Verb::Solve => {
                let (s, g) = solve_one(&puzzle, format.effective_limit(limit), budget);
                match source {
                    Source::Lines { .. } => (
                        s,
                        Answer::Line(g.and_then(|g| parse::line_of(&g, alphabet))),
                    ),
                    Source::Values { .. } => (s, Answer::Solved(g)),
                }
            }
            Verb::Count => {
                let (s, c) = count_one(&puzzle, limit, budget);
                (s, Answer::Counted(c))
            }
            Verb::Rate => {
                let (s, r) = rate_one(&puzzle, budget);
                (s, Answer::Rated(r))
            }
            Verb::Card { checks } => {
                let (s, c) = card_one(&puzzle, budget, checks);
                (s, Answer::Card(c))
            }
        };
        (status, Some(answer))
    })
}

/// Appends puzzle `i`'s answer to `out` in the layout [`batch`] returns.
fn encode(out: &mut Vec<u8>, verb: Verb, cells: usize, answer: Option<Answer>) {
    match (verb, answer) {
        (Verb::Solve, answer) => match answer {
            Some(Answer::Solved(Some(g))) => out.extend(
                g.cells()
                    .iter()
                    .map(|c| c.map_or(0, |d| d.index() as u8 + 1)),
            ),
            _ => out.resize(out.len() + cells, 0),
        },
        (Verb::Count, answer) => {
            let c = match answer {
                Some(Answer::Counted(c)) => c,
                _ => 0,
            };
            out.extend_from_slice(&c.to_le_bytes());
        }
        (Verb::Card { .. }, _) => {}
        (Verb::Rate, answer) => {
            let (tenths, steps) = match answer {
                Some(Answer::Rated(r)) => r,
                _ => ([0; 3], 0),
            };
            for t in tenths {
                out.extend_from_slice(&t.to_le_bytes());
            }
            out.extend_from_slice(&steps.to_le_bytes());
        }
    }
}

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
            let source = Source::Lines {
                lines: chunk.to_vec(),
                format: Some(Format::Line),
                houses,
            };
            for (status, answer) in
                answer_all(Verb::Solve, &source, limit.max(1), &budget, threads)?
            {
                match answer {
                    Some(Answer::Line(Some(line))) => out.extend_from_slice(line.as_bytes()),
                    _ => out.extend_from_slice(message(status).as_bytes()),
                }
                out.push(b'\n');
            }
        }
        let out = String::from_utf8(out).map_err(|e| e.to_string())?;
        Ok::<_, String>(out)
    })
    .map_err(error)
}
