//! `sudokit check`: is a filled or partly filled grid right? It names every
//! house where a digit repeats, every given the grid changes, and every
//! filled cell that differs from the puzzle's unique solution (found by an
//! engine through the [`Engine`] trait); a complete grid is also passed to
//! [`sudokit::validate`], the checker that shares no code with the engines.

use std::io::{self, BufRead, Write};

use sudokit::check::{self, Report};
use sudokit::format::Entry;
use sudokit::{Budget, Engine};

use crate::answers::{Record, Verdict};
use crate::cli::CheckArgs;
use crate::input::{Input, Source};
use crate::status::Status;

/// Runs `sudokit check`.
pub fn run(args: &CheckArgs) -> anyhow::Result<Status> {
    crate::input::with_stdio(|stdin, out, err| execute(args, stdin, out, err))
}

/// Checks every grid of `args.grids` (stdin is `stdin`; every record
/// `sudokit solve` writes, answer lines included): the findings to `out`,
/// why an input cannot be read to `err`.
///
/// # Errors
/// Errors writing to `out`.
pub fn execute(
    args: &CheckArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let variant = args.variant.variant();
    // `--layout` reads multi-grid boards.
    let format = args
        .format
        .or(args.layout.map(|_| sudokit::format::Format::Multi));
    let limits = sudokit::format::Limits {
        assume: args.assume.unwrap_or_default(),
        layout: args.layout,
        ..sudokit::format::Limits::default()
    };
    let grids = Input::all(&args.grids);
    let puzzle = args.puzzle.as_deref().map(Input::classify);
    let grids_read_stdin = grids.contains(&Input::Stdin);
    let puzzle_is_stdin = puzzle == Some(Input::Stdin);
    if grids_read_stdin && puzzle_is_stdin {
        let _ = writeln!(err, "sudokit: the grids and --puzzle cannot both be stdin");
        return Ok(Status::Failed);
    }
    // Only one side reads stdin; the other gets an empty reader.
    let mut none = io::empty();
    let (grid_stdin, puzzle_stdin): (&mut dyn BufRead, &mut dyn BufRead) = if puzzle_is_stdin {
        (&mut none, stdin)
    } else {
        (stdin, &mut none)
    };
    let mut puzzles = match &puzzle {
        None => None,
        Some(p) => match crate::input::open(p, puzzle_stdin, format, variant, limits) {
            Ok(s) => Some(s),
            Err(why) => {
                let _ = writeln!(err, "sudokit: {why}");
                return Ok(Status::Failed);
            }
        },
    };
    let mut engine = args.engine.build();
    engine.set_budget(Budget::UNLIMITED.with_time_limit(args.timeout));
    let mut status = Status::Ok;
    let mut seen = 0usize;
    for input in &grids {
        let name = input.to_string();
        let records = match input.open(&mut *grid_stdin) {
            Err(e) => Err(crate::input::Opened::Failed(crate::input::open_error(
                input, &e,
            ))),
            Ok(reader) => crate::answers::read(&name, reader, format, variant, limits),
        };
        let (variant, records) = match records {
            Ok(r) => r,
            Err(crate::input::Opened::Empty(name)) => {
                let _ = writeln!(err, "{name}: warning: no grid in the input");
                continue;
            }
            Err(why) => {
                let _ = writeln!(err, "sudokit: {why}");
                status = Status::Failed;
                continue;
            }
        };
        for record in records {
            let puzzle = match puzzles.as_mut().map(Source::next) {
                None => None,
                Some(Some(p)) => Some(p),
                Some(None) => {
                    let puzzles = puzzles.as_ref().map_or("", |p| &p.name);
                    let _ = writeln!(err, "sudokit: {}", unpaired(&name, puzzles, seen));
                    return Ok(Status::Failed);
                }
            };
            seen += 1;
            let (place, found) = match record {
                Record::Malformed(why) => {
                    let _ = writeln!(err, "{why}");
                    status = status.max(Status::Malformed);
                    continue;
                }
                Record::Verdict(verdict, line) => (
                    format!("{name}:{line}"),
                    Ok(check_verdict(verdict, puzzle, &mut *engine)),
                ),
                Record::Grid(mut grid) => {
                    let place = format!("{name}:{}", grid.line);
                    let found = match puzzle.transpose() {
                        Err(why) => Err(format!("its puzzle cannot be read: {why}")),
                        Ok(p) => match variant.apply(grid.puzzle.clone()) {
                            Err(why) => Err(why),
                            Ok(with_houses) => {
                                grid.puzzle = with_houses;
                                check_one(&grid, p.as_ref(), &mut *engine, args.timeout)
                            }
                        },
                    };
                    (place, found)
                }
            };
            match found {
                Err(why) => {
                    let _ = writeln!(err, "{place}: {why}");
                    status = status.max(Status::Malformed);
                }
                Ok(report) => {
                    for line in &report.lines {
                        writeln!(out, "{place}: {line}")?;
                    }
                    if report.bad {
                        status = status.max(Status::Malformed);
                    }
                }
            }
        }
    }
    if let Some(p) = puzzles.as_mut() {
        if p.next().is_some() {
            let grids = grids.iter().map(Input::to_string);
            let grids = grids.collect::<Vec<_>>().join(", ");
            let _ = writeln!(err, "sudokit: {}", unpaired(&grids, &p.name, seen));
            status = Status::Failed;
        }
    }
    Ok(status)
}

/// Why the grids and the puzzles cannot be checked to the end.
fn unpaired(grids: &str, puzzles: &str, seen: usize) -> String {
    format!("{grids} and {puzzles} hold different numbers of puzzles (they pair up in order); stopped after {seen}")
}

/// Checks an answer line against its puzzle: is it the right answer?
fn check_verdict(
    verdict: Verdict,
    puzzle: Option<Result<Entry, String>>,
    engine: &mut dyn Engine,
) -> Report {
    let said = verdict.text();
    let problem = |line: String| Report {
        lines: vec![line],
        bad: true,
    };
    let ok = |line: &str| Report {
        lines: vec![format!("ok: `{said}`, {line}")],
        bad: false,
    };
    let Some(puzzle) = puzzle else {
        return problem(format!(
            "`{said}` cannot be checked without its puzzle (--puzzle)"
        ));
    };
    let entry = match (verdict, puzzle) {
        (Verdict::Invalid, Err(_)) => return ok("and the puzzle is malformed"),
        (_, Err(why)) => return problem(format!("`{said}`, but its puzzle cannot be read: {why}")),
        (_, Ok(entry)) => entry,
    };
    if verdict == Verdict::GaveUp {
        return problem(format!("`{said}`: the puzzle was not answered"));
    }
    match (verdict, engine.solve(&entry.puzzle, 2)) {
        (Verdict::Invalid, Err(_)) => ok("and the engines refuse the puzzle"),
        (_, Err(e)) => problem(format!("`{said}`, but the puzzle is malformed: {e}")),
        (_, Ok(s)) if s.stopped.is_some() => problem(format!(
            "`{said}` not confirmed: the puzzle's solutions were not counted within --timeout"
        )),
        (Verdict::NoSolution, Ok(s)) if s.count == 0 => ok("and the puzzle has no solution"),
        (Verdict::Multiple, Ok(s)) if s.count >= 2 => ok("and the puzzle has several solutions"),
        (_, Ok(s)) => problem(format!(
            "`{said}`, but the puzzle has {}",
            match s.count {
                0 => "no solution",
                1 => "exactly one solution",
                _ => "several solutions",
            }
        )),
    }
}

/// Checks one grid against its puzzle (itself when there is none).
/// `Err`: they cannot be compared.
fn check_one(
    grid: &Entry,
    puzzle: Option<&Entry>,
    engine: &mut dyn Engine,
    timeout: std::time::Duration,
) -> Result<Report, String> {
    let out_of_time = format!(
        "the puzzle's solution was not found within {} s (--timeout): cells not compared with it",
        timeout.as_secs_f64()
    );
    let words = check::Words {
        out_of_time: &out_of_time,
        no_solution: match puzzle {
            Some(_) => "the puzzle has no solution",
            None => "no solution can be reached from these digits: some are wrong",
        },
    };
    let base = puzzle.unwrap_or(grid);
    check::check(
        &base.puzzle,
        grid.puzzle.givens(),
        grid.style.alphabet,
        engine,
        &words,
    )
}
