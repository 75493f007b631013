//! The records of `sudokit rate`, `hint` and `explain`: a puzzle's rating,
//! its next logical step, or its whole path and rating. All three are record
//! modes of the solve pipeline ([`crate::record::Mode::is_logic`]): inputs,
//! one record per puzzle, exit status, `--json`, threads and shards are
//! `solve`'s. This module answers a puzzle whose solution is unique.

use std::io::{self, Write};

use sudokit::format::{Answer, Entry, Format};
use sudokit::logic::{self, Board, Ctx, End, Path, Step};

use super::{case_prefix, Mode, Settings, Sink, Tally};
use crate::rate::{RatingJson, StepJson};

/// What the logic found for a puzzle with a unique solution.
pub enum Found {
    /// `hint`: the next step, or `None` when every cell is filled.
    Step(Board, Option<Step>),
    /// `rate`, `explain`: the path (solved, stuck or timed out) from the
    /// board (with its steps for `explain`).
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
    let board = match crate::rate::board(&entry.puzzle, entry.style) {
        Ok(b) => b,
        Err(e) => return Found::Invalid(e.to_string()),
    };
    let deadline = settings
        .budget
        .time_limit
        .map(|t| std::time::Instant::now() + t);
    if settings.mode != Mode::Hint {
        let keep = settings.mode == Mode::Explain;
        let mut ctx = Ctx::new(keep).with_deadline(deadline);
        let path = logic::solve_path(board.clone(), &mut ctx, keep);
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
fn problem(settings: &Settings, found: &Found) -> Option<(String, bool)> {
    match found {
        Found::Step(..) => None,
        Found::Path(board, path) if board.is_variant() => variant_problem(settings, path),
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

/// [`problem`] for a variant puzzle's path: `rate` never rates one (SE's
/// ratings are for the classic ladder), `explain` reports a stuck path.
fn variant_problem(settings: &Settings, path: &Path) -> Option<(String, bool)> {
    let timed_out = path.end == End::TimedOut;
    if crate::rate::complete_as_given(path) {
        return None;
    }
    if settings.mode == Mode::Rate {
        return Some((crate::rate::variant_unrated_reason(path), timed_out));
    }
    match path.end {
        End::Solved => None,
        _ => Some((
            crate::rate::variant_end_line(path).to_lowercase(),
            timed_out,
        )),
    }
}

/// Finds what `settings.mode` asks for about a puzzle with a unique
/// solution; reports what went wrong (stderr) and counts a failure in the
/// tally instead of a solved puzzle.
///
/// # Errors
/// Errors writing to the sink.
pub fn find_and_report<S: Sink>(
    settings: &Settings,
    input: &str,
    format: Format,
    entry: &Entry,
    sink: &mut S,
    tally: &mut Tally,
) -> io::Result<Found> {
    let found = find(settings, entry);
    let Some((why, failed)) = problem(settings, &found) else {
        return Ok(found);
    };
    if failed {
        tally.solved -= 1;
        match found {
            Found::Invalid(_) => tally.invalid += 1,
            _ => tally.gave_up += 1,
        }
    }
    let case = case_prefix(format, entry.index);
    sink.diagnose(format_args!("{input}:{}: {case}{why}", entry.line))?;
    Ok(found)
}

/// Writes the `rate`, `hint` or `explain` record of what was found: the
/// rating line, the step line, or the numbered steps and the rating line.
///
/// # Errors
/// Errors writing to `out`.
pub fn write(settings: &Settings, found: &Found, out: &mut impl Write) -> io::Result<()> {
    match found {
        Found::Path(board, path) if board.is_variant() && settings.mode == Mode::Rate => {
            match path.end {
                End::Solved if crate::rate::complete_as_given(path) => writeln!(out, "Solved"),
                End::TimedOut => writeln!(out, "{}", Answer::GAVE_UP),
                _ => writeln!(out, "Unrated"),
            }
        }
        Found::Path(_, path) if settings.mode == Mode::Rate => match path.end {
            End::Solved => writeln!(out, "{}", crate::rate::rating_line(path)),
            End::Stuck => writeln!(out, "Unrated"),
            End::TimedOut => writeln!(out, "{}", Answer::GAVE_UP),
        },
        Found::Step(_, Some(step)) => writeln!(out, "{}", step.line()),
        Found::Step(_, None) => writeln!(out, "{}", crate::rate::SOLVED_TEXT),
        Found::Stuck => writeln!(out, "No step found"),
        Found::GaveUp => writeln!(out, "{}", Answer::GAVE_UP),
        Found::Invalid(_) => writeln!(out, "{}", Answer::INVALID),
        Found::Path(board, path) => {
            let width = path.steps.len().to_string().len();
            for (i, s) in path.steps.iter().enumerate() {
                writeln!(out, "{:>width$}. {} {}", i + 1, s.difficulty, s.line())?;
            }
            match path.end {
                End::Solved if crate::rate::complete_as_given(path) => {
                    writeln!(out, "{}", crate::rate::SOLVED_TEXT)
                }
                _ if board.is_variant() => {
                    writeln!(out, "{}", crate::rate::variant_end_line(path))
                }
                End::Solved => writeln!(out, "Rating: {}", crate::rate::rating_line(path)),
                End::Stuck => writeln!(out, "Unrated: no technique of the ladder applies"),
                End::TimedOut => writeln!(out, "Gave up: time limit"),
            }
        }
    }
}

/// What `rate`, `hint` or `explain` adds to a puzzle's JSON object.
#[derive(Debug, Default)]
pub struct JsonPart {
    /// The verdict, when not `unique`.
    pub verdict: Option<&'static str>,
    /// `hint`: the step.
    pub step: Option<StepJson>,
    /// `explain`: every step.
    pub steps: Option<Vec<StepJson>>,
    /// `rate`, `explain`: the rating of a solved path.
    pub rating: Option<RatingJson>,
    /// Why there is no step or no rating.
    pub error: Option<String>,
}

/// The JSON part of the `rate`, `hint` or `explain` record of what was
/// found.
pub fn json(settings: &Settings, found: &Found) -> JsonPart {
    let mut part = JsonPart {
        error: problem(settings, found).map(|(why, _)| why),
        ..JsonPart::default()
    };
    match found {
        Found::Step(board, step) => {
            part.step = step.as_ref().map(|s| StepJson::new(board, s));
            if step.is_none() {
                part.verdict = Some(crate::rate::SOLVED_VERDICT);
            }
        }
        Found::Path(board, path) => {
            if settings.mode == Mode::Explain {
                part.steps = Some(path.steps.iter().map(|s| StepJson::new(board, s)).collect());
            }
            match path.end {
                End::Solved if crate::rate::complete_as_given(path) => {
                    part.verdict = Some(crate::rate::SOLVED_VERDICT)
                }
                // No SE rating for a variant puzzle: `rate` says unrated,
                // `explain` a unique puzzle with its steps.
                End::Solved if board.is_variant() => {
                    if settings.mode == Mode::Rate {
                        part.verdict = Some("unrated");
                    }
                }
                End::Solved => match RatingJson::of(path) {
                    Some(r) => part.rating = Some(r),
                    None => part.verdict = Some(crate::rate::SOLVED_VERDICT),
                },
                End::Stuck => part.verdict = Some("unrated"),
                End::TimedOut => part.verdict = Some("gave_up"),
            }
        }
        Found::Stuck => part.verdict = Some("unrated"),
        Found::GaveUp => part.verdict = Some("gave_up"),
        Found::Invalid(_) => part.verdict = Some("invalid"),
    }
    part
}
