//! `sudokit hint` and `sudokit explain`: the next logical step of a puzzle,
//! or its whole path and rating. Both are record modes of the solve
//! pipeline ([`crate::record::Mode::Hint`], [`crate::record::Mode::Explain`]):
//! inputs, one record per puzzle, exit status, `--json`, threads and shards
//! are `solve`'s. This module answers a puzzle whose solution is unique.

use std::io::{self, Write};

use sudokit::format::{Entry, Format};
use sudokit::logic::{self, Board, Ctx, End, Path, Step};

use crate::rate::{RatingJson, StepJson};
use crate::record::{case_prefix, Mode, Settings, Sink, Tally};

/// What the logic found for a puzzle with a unique solution.
pub enum Found {
    /// `hint`: the next step, or `None` when every cell is filled.
    Step(Board, Option<Step>),
    /// `explain`: the path (solved, stuck or timed out) from the board.
    Path(Board, Path),
    /// The ladder found no step (`hint`).
    Stuck,
    /// The time limit passed before a step was found (`hint`).
    GaveUp,
    /// The givens cannot be put on a board.
    Invalid(String),
}

/// Runs the logic `settings.mode` asks for on a puzzle with a unique
/// solution, within the time limit of the run's budget.
fn find(settings: &Settings, entry: &Entry) -> Found {
    let board = match Board::new(&entry.puzzle) {
        Ok(b) => b,
        Err(e) => return Found::Invalid(e.to_string()),
    };
    let deadline = settings
        .budget
        .time_limit
        .map(|t| std::time::Instant::now() + t);
    if settings.mode == Mode::Explain {
        let mut ctx = Ctx::new(true).with_deadline(deadline);
        let path = logic::solve_path(board.clone(), &mut ctx, true);
        return Found::Path(board, path);
    }
    if board.is_solved() {
        return Found::Step(board, None);
    }
    let mut ctx = Ctx::new(true).with_deadline(deadline);
    match logic::next_step(&board, &mut ctx) {
        Some(step) => Found::Step(board, Some(step)),
        None if ctx.timed_out() => Found::GaveUp,
        None => Found::Stuck,
    }
}

/// Why a puzzle got no step or no complete path, for stderr, and whether
/// that is a failure (gave up, invalid) rather than an answer (unrated).
fn problem(found: &Found) -> Option<(String, bool)> {
    match found {
        Found::Step(..) => None,
        Found::Path(_, path) if path.end == End::Solved => None,
        Found::Path(_, path) => {
            Some((crate::rate::unrated_reason(path), path.end == End::TimedOut))
        }
        Found::Stuck => Some((
            "unrated: no technique of the ladder applies".to_owned(),
            false,
        )),
        Found::GaveUp => Some(("gave up: time limit".to_owned(), true)),
        Found::Invalid(why) => Some((why.clone(), true)),
    }
}

/// Reports what went wrong (stderr) and counts a failure in the tally
/// instead of a solved puzzle.
fn report<S: Sink>(
    found: &Found,
    input: &str,
    format: Format,
    entry: &Entry,
    sink: &mut S,
    tally: &mut Tally,
) -> io::Result<()> {
    let Some((why, failed)) = problem(found) else {
        return Ok(());
    };
    if failed {
        tally.solved -= 1;
        match found {
            Found::Invalid(_) => tally.invalid += 1,
            _ => tally.gave_up += 1,
        }
    }
    let case = case_prefix(format, entry.index);
    sink.diagnose(format_args!("{input}:{}: {case}{why}", entry.line))
}

/// Writes the `hint` or `explain` record of a puzzle with a unique
/// solution: the step line, or the numbered steps and the rating line.
///
/// # Errors
/// Errors writing to the sink.
pub fn answer<S: Sink>(
    settings: &Settings,
    input: &str,
    format: Format,
    entry: &Entry,
    sink: &mut S,
    tally: &mut Tally,
) -> io::Result<()> {
    let found = find(settings, entry);
    report(&found, input, format, entry, sink, tally)?;
    let out = sink.out();
    match &found {
        Found::Step(_, Some(step)) => writeln!(out, "{}", crate::rate::step_line(step)),
        Found::Step(_, None) => writeln!(out, "Solved: every cell is filled"),
        Found::Stuck => writeln!(out, "No step found"),
        Found::GaveUp => writeln!(out, "Gave up"),
        Found::Invalid(_) => writeln!(out, "Invalid puzzle"),
        Found::Path(_, path) => {
            let width = path.steps.len().to_string().len();
            for (i, s) in path.steps.iter().enumerate() {
                writeln!(
                    out,
                    "{:>width$}. {} {}",
                    i + 1,
                    s.difficulty,
                    crate::rate::step_line(s)
                )?;
            }
            match path.end {
                End::Solved => writeln!(out, "Rating: {}", crate::rate::rating_line(path)),
                End::Stuck => writeln!(out, "Unrated: no technique of the ladder applies"),
                End::TimedOut => writeln!(out, "Gave up: time limit"),
            }
        }
    }
}

/// What `hint` or `explain` adds to a puzzle's JSON object.
#[derive(Debug, Default)]
pub struct JsonPart {
    /// The verdict, when not `unique`.
    pub verdict: Option<&'static str>,
    /// `hint`: the step.
    pub step: Option<StepJson>,
    /// `explain`: every step.
    pub steps: Option<Vec<StepJson>>,
    /// `explain`: the rating of a solved path.
    pub rating: Option<RatingJson>,
    /// Why there is no step or no rating.
    pub error: Option<String>,
}

/// The JSON part of the `hint` or `explain` answer of a puzzle with a
/// unique solution; diagnostics and tally as [`answer`].
///
/// # Errors
/// Errors writing to the sink.
pub fn json<S: Sink>(
    settings: &Settings,
    input: &str,
    format: Format,
    entry: &Entry,
    sink: &mut S,
    tally: &mut Tally,
) -> io::Result<JsonPart> {
    let found = find(settings, entry);
    report(&found, input, format, entry, sink, tally)?;
    let mut part = JsonPart {
        error: problem(&found).map(|(why, _)| why),
        ..JsonPart::default()
    };
    match &found {
        Found::Step(board, step) => {
            part.step = step.as_ref().map(|s| StepJson::new(board, s));
            if step.is_none() {
                part.verdict = Some("complete");
            }
        }
        Found::Path(board, path) => {
            part.steps = Some(path.steps.iter().map(|s| StepJson::new(board, s)).collect());
            match path.end {
                End::Solved => part.rating = Some(RatingJson::new(path)),
                End::Stuck => part.verdict = Some("unrated"),
                End::TimedOut => part.verdict = Some("gave_up"),
            }
        }
        Found::Stuck => part.verdict = Some("unrated"),
        Found::GaveUp => part.verdict = Some("gave_up"),
        Found::Invalid(_) => part.verdict = Some("invalid"),
    }
    Ok(part)
}
