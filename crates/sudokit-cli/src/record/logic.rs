//! The records of `sudokit rate`, `hint` and `explain`: a puzzle's rating,
//! its next logical step, or its whole path and rating. All three are record
//! modes of the solve pipeline ([`crate::record::Mode::is_logic`]): inputs,
//! one record per puzzle, exit status, `--json`, threads and shards are
//! `solve`'s. This module answers a puzzle whose solution is unique.

use std::io::{self, Write};

use sudokit::card::{Card, CardError, CardOptions};
use sudokit::format::{Answer, Entry, Format};
use sudokit::logic::{self, Board, Ctx, End, Path, Step};

use super::{case_prefix, Mode, Settings, Sink, Tally};
use crate::rate::{RatingJson, StepJson};

/// What the logic found for a puzzle with a unique solution.
pub enum Found {
    /// `hint`: the next step, or `None` when every cell is filled.
    Step(Board, Option<Step>),
    /// `explain`: the path (solved, stuck or timed out) from the board,
    /// with its steps.
    Path(Board, Path),
    /// `rate`: the difficulty card (or why there is none).
    Card(Board, Result<Card, CardError>),
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
        .map(|t| web_time::Instant::now() + t);
    if settings.mode == Mode::Rate {
        let options = CardOptions {
            checks: settings.card.checks,
            deadline,
            ..CardOptions::default()
        };
        let card = sudokit::card::card_of(&entry.puzzle, board.clone(), &options);
        return Found::Card(board, card);
    }
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
        Found::Card(board, card) => card_problem(board, card),
        Found::Path(board, path) if board.is_variant() => variant_problem(path),
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

/// [`problem`] for `rate`'s card: a stuck path is an answer (band Extreme,
/// the guess check) whose reason goes to stderr; the time limit and
/// clashing givens are failures.
fn card_problem(board: &Board, card: &Result<Card, CardError>) -> Option<(String, bool)> {
    match card {
        Ok(c) => {
            let mut why = c.unrated_reason()?;
            if !board.is_variant() {
                if let Some(missing) = crate::rate::stuck_needs(board) {
                    why.push_str(&format!("; {missing}"));
                }
            }
            Some((why, false))
        }
        Err(CardError::Complete) => None,
        Err(e @ CardError::TimedOut { .. }) => Some((e.to_string(), true)),
        Err(e @ CardError::Board(_)) => Some((e.to_string(), true)),
    }
}

/// [`problem`] for a variant puzzle's path (`explain`): a stuck path is
/// reported.
fn variant_problem(path: &Path) -> Option<(String, bool)> {
    let timed_out = path.end == End::TimedOut;
    if crate::rate::complete_as_given(path) {
        return None;
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
    let Some((why, failed)) = problem(&found) else {
        return Ok(found);
    };
    if failed {
        tally.solved -= 1;
        match found {
            Found::Invalid(_) | Found::Card(_, Err(CardError::Board(_))) => tally.invalid += 1,
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
        Found::Card(_, Ok(card)) if settings.card.report => writeln!(out, "{}", card.report()),
        Found::Card(_, Ok(card)) => writeln!(out, "{}", card.line()),
        Found::Card(_, Err(CardError::Complete)) => writeln!(out, "Solved"),
        Found::Card(_, Err(CardError::TimedOut { .. })) => writeln!(out, "{}", Answer::GAVE_UP),
        Found::Card(_, Err(CardError::Board(_))) => writeln!(out, "{}", Answer::INVALID),
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
    /// `rate`: the difficulty card.
    pub card: Option<serde_json::Value>,
    /// Why there is no step or no rating.
    pub error: Option<String>,
}

/// The JSON part of the `rate`, `hint` or `explain` record of what was
/// found.
pub fn json(found: &Found) -> JsonPart {
    let mut part = JsonPart {
        error: problem(found).map(|(why, _)| why),
        ..JsonPart::default()
    };
    match found {
        Found::Card(board, card) => match card {
            Ok(c) => {
                part.rating = c.rating.map(|r| RatingJson::from_rating(r, c.steps));
                part.card = Some(c.to_json(board.geometry()));
                if !c.solved {
                    part.verdict = Some("unrated");
                }
            }
            Err(CardError::Complete) => part.verdict = Some(crate::rate::SOLVED_VERDICT),
            Err(CardError::TimedOut { .. }) => part.verdict = Some("gave_up"),
            Err(CardError::Board(_)) => part.verdict = Some("invalid"),
        },
        Found::Step(board, step) => {
            part.step = step.as_ref().map(|s| StepJson::new(board, s));
            if step.is_none() {
                part.verdict = Some(crate::rate::SOLVED_VERDICT);
            }
        }
        Found::Path(board, path) => {
            part.steps = Some(path.steps.iter().map(|s| StepJson::new(board, s)).collect());
            match path.end {
                End::Solved if crate::rate::complete_as_given(path) => {
                    part.verdict = Some(crate::rate::SOLVED_VERDICT)
                }
                // No SE rating for a variant puzzle's path: a unique
                // puzzle with its steps.
                End::Solved if board.is_variant() => {}
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
