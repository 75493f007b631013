//! `sudokit hint` and `sudokit explain`: the next logical step of a puzzle,
//! or its whole path and rating, in words or JSON.

use std::io::{self, BufRead, Write};

use serde::Serialize;
use sudokit::format::Entry;
use sudokit::logic::{self, Board, Ctx, End};
use sudokit::{Budget, Engine};

use crate::cli::ExplainArgs;
use crate::input::{entry_or_report, open_or_report};
use crate::rate::{RatingJson, StepJson};
use crate::status::Status;

/// Which command: the next step, or the whole path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// `sudokit hint`.
    Hint,
    /// `sudokit explain`.
    Explain,
}

/// Runs `sudokit hint` or `sudokit explain`.
pub fn run(args: &ExplainArgs, what: What) -> anyhow::Result<Status> {
    crate::input::with_stdio(|stdin, out, err| execute(args, what, stdin, out, err))
}

/// One puzzle's JSON object.
#[derive(Debug, Serialize)]
struct Record<'a> {
    input: &'a str,
    line: usize,
    case: usize,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<StepJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<RatingJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Answers every puzzle of `args.puzzle` (stdin is `stdin`).
///
/// # Errors
/// Errors writing to `out`.
pub fn execute(
    args: &ExplainArgs,
    what: What,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let Some(mut source) = open_or_report(
        &args.puzzle,
        stdin,
        args.format,
        args.variant.variant(),
        err,
    ) else {
        return Ok(Status::Failed);
    };
    let mut engine = args.engine.build();
    engine.set_budget(Budget::UNLIMITED.with_time_limit(args.timeout));
    let mut status = Status::Ok;
    let mut seen = 0usize;
    while let Some(item) = source.next() {
        let Some(entry) = entry_or_report(item, err, &mut status) else {
            continue;
        };
        if seen > 0 && what == What::Explain && !args.json {
            writeln!(out)?;
        }
        seen += 1;
        let place = format!("{}:{}", source.name, entry.line);
        let answered = one(args, what, &source.name, &entry, &mut *engine, out);
        match answered? {
            Ok(()) => {}
            Err((why, s)) => {
                let _ = writeln!(err, "sudokit: {place}: {why}");
                status = status.max(s);
            }
        }
    }
    if seen == 0 && status == Status::Ok {
        let _ = writeln!(err, "sudokit: {}: no puzzle", source.name);
        status = Status::Failed;
    }
    Ok(status)
}

/// Answers one puzzle; the inner `Err` is a problem to report on stderr.
fn one(
    args: &ExplainArgs,
    what: What,
    input: &str,
    entry: &Entry,
    engine: &mut dyn Engine,
    out: &mut dyn Write,
) -> io::Result<Result<(), (String, Status)>> {
    let mut record = Record {
        input,
        line: entry.line,
        case: entry.index,
        verdict: "unique",
        step: None,
        steps: None,
        rating: None,
        error: None,
    };
    let problem = match engine.solve(&entry.puzzle, 2) {
        Err(e) => Some((
            "invalid",
            "Invalid puzzle",
            e.to_string(),
            Status::Malformed,
        )),
        Ok(s) if s.stopped.is_some() => Some((
            "gave_up",
            "Gave up",
            format!(
                "gave up checking the solution after {} s",
                args.timeout.as_secs_f64()
            ),
            Status::Malformed,
        )),
        Ok(s) if s.count == 0 => Some((
            "no_solution",
            "No solution",
            "no solution: nothing to explain".into(),
            Status::Malformed,
        )),
        Ok(s) if s.count > 1 => Some((
            "multiple",
            "Multiple Solutions",
            "several solutions: a logical path needs a unique one".into(),
            Status::Malformed,
        )),
        Ok(_) => None,
    };
    if let Some((verdict, text, why, status)) = problem {
        if args.json {
            record.verdict = verdict;
            record.error = Some(why.clone());
            write_json(out, &record)?;
        } else {
            writeln!(out, "{text}")?;
        }
        return Ok(Err((why, status)));
    }
    let board = match Board::new(&entry.puzzle) {
        Ok(b) => b,
        Err(e) => return Ok(Err((e.to_string(), Status::Malformed))),
    };
    let deadline = Some(std::time::Instant::now() + args.timeout);
    let mut ctx = Ctx::new(true).with_deadline(deadline);
    match what {
        What::Hint => {
            let step = if board.is_solved() {
                None
            } else {
                logic::next_step(&board, &mut ctx)
            };
            let why = match &step {
                Some(_) => None,
                None if board.is_solved() => None,
                None if ctx.timed_out() => Some(("gave_up", "gave up: time limit".to_string())),
                None => Some(("unrated", "no technique of the ladder applies".to_string())),
            };
            if args.json {
                record.step = step.as_ref().map(|s| StepJson::new(&board, s));
                if board.is_solved() {
                    record.verdict = "solved";
                }
                if let Some((v, e)) = &why {
                    record.verdict = v;
                    record.error = Some(e.clone());
                }
                write_json(out, &record)?;
            } else {
                match &step {
                    Some(s) => writeln!(out, "{}", crate::rate::step_line(s))?,
                    None if board.is_solved() => writeln!(out, "Solved: every cell is filled")?,
                    None => writeln!(out, "No step found")?,
                }
            }
            Ok(match why {
                Some((_, e)) => Err((e, Status::Malformed)),
                None => Ok(()),
            })
        }
        What::Explain => {
            let path = logic::solve_path(board.clone(), &mut ctx, true);
            let why = (path.end != End::Solved).then(|| crate::rate::unrated_reason(&path));
            if args.json {
                record.steps = Some(
                    path.steps
                        .iter()
                        .map(|s| StepJson::new(&board, s))
                        .collect(),
                );
                match path.end {
                    End::Solved => record.rating = Some(RatingJson::new(&path)),
                    End::Stuck => record.verdict = "unrated",
                    End::TimedOut => record.verdict = "gave_up",
                }
                record.error = why.clone();
                write_json(out, &record)?;
            } else {
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
                    End::Solved => writeln!(out, "Rating: {}", crate::rate::rating_line(&path))?,
                    End::Stuck => writeln!(out, "Unrated: no technique of the ladder applies")?,
                    End::TimedOut => writeln!(out, "Gave up: time limit")?,
                }
            }
            Ok(match why {
                Some(e) => Err((e, Status::Malformed)),
                None => Ok(()),
            })
        }
    }
}

fn write_json(out: &mut dyn Write, record: &Record<'_>) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.write_all(b"\n")
}
