//! `--json`: one JSON object per puzzle (JSON Lines) instead of the input
//! format's records, for programs. Each object names the puzzle (`input`,
//! `line`, `case`), gives its text (`puzzle`: the givens as one line, `.`
//! for an empty cell; `regions`: a letter per cell for a jigsaw; for a
//! multi-grid board, cells in board order, its `layout` and `board`: its
//! rows as numbers, `null` a hole, `0` empty, and `solution_board` the
//! solution's), the `verdict`, the solution(s), the count, the
//! engine's `stats`, and for a malformed puzzle or a search given up on the
//! `error` message; `warnings` when the reader had any. Diagnostics still
//! go to stderr as well, so a person watching sees the same messages.
//!
//! Verdicts: `solved` (a solution found with limit 1, not checked for
//! uniqueness), `unique`, `multiple`, `no_solution`, `invalid`, `gave_up`;
//! `rate`, `hint` and `explain` add `unrated` (no technique of the ladder
//! applies) and say `solved` of a grid complete as given (no step, no
//! rating).

use std::io::{self, Write};

use serde::Serialize;
use sudokit::format::{self, Entry, Format, ParseError, Style};
use sudokit::{Digit, Engine, Geometry, Grid, Solutions};

use super::{Mode, Settings, Sink, Tally};

/// One puzzle's object.
#[derive(Debug, Default, Serialize)]
struct Record<'a> {
    input: &'a str,
    line: usize,
    case: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    /// The region of each cell (`A` for the first) when they are not boxes.
    #[serde(skip_serializing_if = "Option::is_none")]
    regions: Option<String>,
    /// A multi-grid board's layout: a preset's name, or its grid corners.
    #[serde(skip_serializing_if = "Option::is_none")]
    layout: Option<String>,
    /// A multi-grid board's givens, row by row: `null` a hole, `0` empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<Board>,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// The solution's values, row by row (numbers, for any side; a
    /// multi-grid board's cells in board order).
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Vec<u8>>,
    /// A multi-grid board's solution, row by row, `null` a hole.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution_board: Option<Board>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    candidates: Option<super::candidates::Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<Stats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<crate::rate::StepJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<crate::rate::StepJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<crate::rate::RatingJson>,
    /// `rate`: the difficulty card.
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<String>,
}

/// The engine's effort on the puzzle.
#[derive(Debug, Serialize)]
struct Stats {
    nodes: u64,
    guesses: u64,
}

/// A grid as one line of symbols (`.` for an empty cell).
pub fn line(grid: &Grid, style: Style) -> String {
    let mut text = Vec::with_capacity(grid.cells().len() + 1);
    format::line::write(&mut text, grid, style).expect("writing to memory");
    text.pop();
    String::from_utf8_lossy(&text).into_owned()
}

/// A board's rows: each place a digit's value, `0` for an empty cell,
/// `null` for a hole (the JSON the `multi` format reads).
pub type Board = Vec<Vec<Option<u8>>>;

/// `grid` on a multi-grid board as its rows, `None` for other geometries.
pub fn board(grid: &Grid, geometry: &Geometry) -> Option<Board> {
    geometry.multi_layout()?;
    let (rows, columns) = geometry.board_shape();
    Some(
        (0..rows)
            .map(|r| {
                (0..columns)
                    .map(|c| {
                        geometry
                            .cell_at(r, c)
                            .map(|cell| Digit::value_of(grid.get(cell)))
                    })
                    .collect()
            })
            .collect(),
    )
}

/// The description of a multi-grid board's layout, `None` for other
/// geometries.
pub fn layout(geometry: &Geometry) -> Option<String> {
    geometry.multi_layout().map(|l| l.description())
}

/// The region letters of a geometry without boxes (jigsaw), else `None`
/// (a multi-grid board's boxes are its layout's).
pub fn regions(geometry: &Geometry) -> Option<String> {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    if geometry.box_shape().is_some() || geometry.multi_layout().is_some() {
        return None;
    }
    Some(
        geometry
            .regions()
            .map(|r| LETTERS.get(r).map_or('?', |&b| b as char))
            .collect(),
    )
}

fn write<W: Write>(out: &mut W, record: &Record<'_>) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.write_all(b"\n")
}

/// Answers one puzzle as a JSON object (see the module docs); diagnostics
/// and the tally as [`super::answer`] does.
///
/// # Errors
/// Errors writing to the sink.
pub fn answer<S: Sink>(
    settings: &Settings,
    engine: &mut dyn Engine,
    input: &str,
    format: Format,
    item: Result<Entry, ParseError>,
    sink: &mut S,
    tally: &mut Tally,
) -> io::Result<()> {
    tally.puzzles += 1;
    let entry = match item {
        Ok(entry) => entry,
        Err(e) => {
            tally.invalid += 1;
            super::warn(sink, input, format, e.puzzle, &e.warnings)?;
            super::report(sink, input, format, &e)?;
            let record = Record {
                input,
                line: e.line,
                case: e.puzzle,
                verdict: "invalid",
                error: Some(super::parse_error_message(format, &e)),
                warnings: e.warnings.iter().map(|w| w.message.clone()).collect(),
                ..Record::default()
            };
            return write(sink.out(), &record);
        }
    };
    super::warn(sink, input, format, entry.index, &entry.warnings)?;
    let limit = settings.limit(format);
    let mut record = Record {
        input,
        line: entry.line,
        case: entry.index,
        puzzle: Some(line(entry.puzzle.givens(), entry.style)),
        regions: regions(entry.puzzle.geometry()),
        layout: layout(entry.puzzle.geometry()),
        board: board(entry.puzzle.givens(), entry.puzzle.geometry()),
        limit: Some(limit),
        warnings: entry.warnings.iter().map(|w| w.message.clone()).collect(),
        ..Record::default()
    };
    if settings.mode == Mode::Candidates {
        return match engine.true_candidates(&entry.puzzle, super::candidates::cap(settings)) {
            Ok(tc) => {
                super::candidates::tally_of(&tc, tally);
                record.stats = Some(Stats {
                    nodes: tc.stats.nodes,
                    guesses: tc.stats.guesses,
                });
                record.verdict = super::candidates::verdict(&tc);
                if let Some(reason) = tc.stopped {
                    let case = super::case_prefix(format, entry.index);
                    let message = super::gave_up_message(settings, reason, tc.stats.nodes);
                    sink.diagnose(format_args!("{input}:{}: {case}{message}", entry.line))?;
                    record.verdict = "gave_up";
                    record.error = Some(message);
                }
                record.candidates = Some(super::candidates::json(&tc, entry.puzzle.geometry()));
                write(sink.out(), &record)
            }
            Err(e) => {
                tally.invalid += 1;
                sink.diagnose(format_args!("{input}:{}: {e}", entry.line))?;
                record.verdict = "invalid";
                record.error = Some(e.to_string());
                write(sink.out(), &record)
            }
        };
    }
    let mut all = Vec::new();
    let solved = if settings.mode == Mode::All {
        engine.solve_with(&entry.puzzle, limit, &mut |grid| {
            all.push(line(grid, entry.style));
            std::ops::ControlFlow::Continue(())
        })
    } else {
        engine.solve(&entry.puzzle, limit)
    };
    let solutions: Solutions = match solved {
        Ok(s) => s,
        Err(e) => {
            tally.invalid += 1;
            sink.diagnose(format_args!("{input}:{}: {e}", entry.line))?;
            record.verdict = "invalid";
            record.error = Some(e.to_string());
            return write(sink.out(), &record);
        }
    };
    tally.guesses += solutions.stats.guesses;
    tally.nodes += solutions.stats.nodes;
    record.stats = Some(Stats {
        nodes: solutions.stats.nodes,
        guesses: solutions.stats.guesses,
    });
    if settings.mode == Mode::Count {
        record.count = Some(solutions.count);
        record.complete = Some(solutions.complete);
    }
    if settings.mode == Mode::All {
        record.solutions = Some(all);
    }
    if let Some(reason) = solutions.stopped {
        tally.gave_up += 1;
        let case = super::case_prefix(format, entry.index);
        let message = super::gave_up_message(settings, reason, solutions.stats.nodes);
        sink.diagnose(format_args!("{input}:{}: {case}{message}", entry.line))?;
        record.verdict = "gave_up";
        record.error = Some(message);
        return write(sink.out(), &record);
    }
    let multiple = limit >= 2 && solutions.count >= 2;
    record.verdict = match (&solutions.first, multiple) {
        (None, _) => {
            tally.no_solution += 1;
            "no_solution"
        }
        (Some(_), true) => {
            tally.multiple += 1;
            "multiple"
        }
        (Some(_), false) => {
            tally.solved += 1;
            if limit >= 2 {
                "unique"
            } else {
                "solved"
            }
        }
    };
    if settings.mode == Mode::Solve && !multiple {
        record.solution = solutions.first.as_ref().map(|g| line(g, entry.style));
        record.values = solutions.first.as_ref().map(|g| g.to_values());
        record.solution_board = solutions
            .first
            .as_ref()
            .and_then(|g| board(g, entry.puzzle.geometry()));
    }
    if settings.mode.is_logic() && record.verdict == "unique" {
        let found = super::logic::find_and_report(settings, input, format, &entry, sink, tally)?;
        let part = super::logic::json(&found);
        record.verdict = part.verdict.unwrap_or(record.verdict);
        record.step = part.step;
        record.steps = part.steps;
        record.rating = part.rating;
        record.card = part.card;
        record.error = part.error;
    }
    write(sink.out(), &record)
}
