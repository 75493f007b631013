//! `sudokit solve`: inputs → format reader → engine → writer.
//!
//! Record rules (also in `sudokit solve --help`): exactly one output record
//! per input puzzle, in input order, in the input's format:
//! - the solution when the puzzle has one (with a limit of 2 or more: exactly
//!   one); with the default limit 1, the first solution found;
//! - `No solution` when it has none;
//! - `Multiple Solutions` when the limit is 2 or more and it has several;
//! - `Invalid puzzle` when it is malformed (or the engine cannot solve its
//!   geometry), with the reason on stderr as `FILE:LINE: message` (multi-line
//!   formats add `case K`);
//! - `Gave up` when the budget (`--timeout`, `--max-nodes`) ran out before
//!   the search could answer, with `FILE:LINE: gave up: …` on stderr.
//!
//! Warnings go to stderr as `FILE:LINE: warning: message`. A bad puzzle never
//! stops the others; an input that cannot be opened or read is reported and
//! the next input is read.
//!
//! Exit status ([`Status`]): 0 when every puzzle was read and answered, 1 when
//! any was malformed or given up on, 2 when an input could not be read or its
//! format not detected. (The format contract, `formats.md`, fixes these three
//! values; "malformed" and "gave up" share 1 and are told apart by their
//! records and messages.)

use std::io::{self, BufRead, BufWriter, Write};

use anyhow::Context as _;
use sudokit::format::{
    self, Answer, DetectError, Entry, Format, Limits, ParseError, ParseErrorKind, ReadError,
    Warning,
};
use sudokit::{Budget, Engine, Grid, StopReason};

use crate::cli::SolveArgs;
use crate::input::Input;

/// How a run went, in increasing order of severity; the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every puzzle was read and answered.
    Ok = 0,
    /// Some puzzle was malformed (or could not be solved by the engine), or
    /// the budget ran out on it.
    Malformed = 1,
    /// An input could not be read, or its format not detected.
    Failed = 2,
}

/// The answer to a puzzle, owning the solution it may carry.
#[derive(Debug)]
enum Outcome {
    Solved(Grid),
    NoSolution,
    Multiple,
    /// The budget ran out first: why, and the nodes searched.
    GaveUp(StopReason, u64),
}

/// The solving stage: one engine, reused for every puzzle.
pub struct Solver {
    engine: Box<dyn Engine + Send>,
    /// The limit asked for (`None`: the format's default).
    limit: Option<u64>,
}

impl Solver {
    /// A solver using `engine`, searching for up to `limit` solutions.
    pub fn new(engine: Box<dyn Engine + Send>, limit: Option<u64>) -> Solver {
        Solver { engine, limit }
    }

    /// Bounds the effort spent on each puzzle.
    pub fn with_budget(mut self, budget: Budget) -> Solver {
        self.engine.set_budget(budget);
        self
    }

    /// Solves one puzzle read in `format`.
    fn solve(&mut self, format: Format, entry: &Entry) -> Result<Outcome, sudokit::Unsupported> {
        let limit = format.effective_limit(self.limit.unwrap_or(1));
        let solutions = self.engine.solve(&entry.puzzle, limit)?;
        if let Some(reason) = solutions.stopped {
            return Ok(Outcome::GaveUp(reason, solutions.stats.nodes));
        }
        Ok(match solutions.first {
            None => Outcome::NoSolution,
            Some(_) if limit >= 2 && solutions.count >= 2 => Outcome::Multiple,
            Some(grid) => Outcome::Solved(grid),
        })
    }
}

/// The whole pipeline: its output, its diagnostics and how it went.
pub struct Pipeline<W: Write, E: Write> {
    solver: Solver,
    format: Option<Format>,
    limits: Limits,
    out: W,
    err: E,
    status: Status,
}

impl<W: Write, E: Write> Pipeline<W, E> {
    /// A pipeline writing answers to `out` and diagnostics to `err`.
    pub fn new(solver: Solver, format: Option<Format>, out: W, err: E) -> Self {
        Pipeline {
            solver,
            format,
            limits: Limits::default(),
            out,
            err,
            status: Status::Ok,
        }
    }

    /// Reads with `limits` (default: [`Limits::default`]).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The status so far.
    pub fn status(&self) -> Status {
        self.status
    }

    fn note(&mut self, status: Status) {
        self.status = self.status.max(status);
    }

    /// Writes one diagnostic line. The output is flushed first so that both
    /// streams stay in order when they go to the same place.
    fn diagnose(&mut self, message: std::fmt::Arguments<'_>) -> io::Result<()> {
        self.out.flush()?;
        // Diagnostics are best effort: a closed stderr must not stop solving.
        let _ = writeln!(self.err, "{message}");
        Ok(())
    }

    fn warn(
        &mut self,
        input: &Input,
        format: Format,
        index: usize,
        warnings: &[Warning],
    ) -> io::Result<()> {
        for w in warnings {
            if format.is_multi_line() {
                self.diagnose(format_args!(
                    "{input}:{}: warning: case {index}: {}",
                    w.line, w.message
                ))?;
            } else {
                self.diagnose(format_args!("{input}:{}: warning: {}", w.line, w.message))?;
            }
        }
        Ok(())
    }

    fn report(&mut self, input: &Input, format: Format, e: &ParseError) -> io::Result<()> {
        let mut place = String::new();
        if format.is_multi_line() {
            place = format!("case {}", e.puzzle);
        }
        if let Some(c) = e.column {
            if !place.is_empty() {
                place.push_str(", ");
            }
            place.push_str(&format!("column {c}"));
        }
        if !place.is_empty() {
            place.push_str(": ");
        }
        self.diagnose(format_args!("{input}:{}: {place}{}", e.line, e.kind))
    }

    /// Reads, solves and answers every puzzle of one input.
    ///
    /// # Errors
    /// Errors writing the output (reading errors are reported and noted).
    pub fn input(&mut self, input: &Input) -> io::Result<()> {
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                self.note(Status::Failed);
                return match crate::input::not_a_puzzle_because(input) {
                    Some(why) => self.diagnose(format_args!(
                        "sudokit: cannot open {input}: {e} (and as a puzzle line: {why})"
                    )),
                    None => self.diagnose(format_args!("sudokit: cannot open {input}: {e}")),
                };
            }
        };
        let (format, reader): (Format, Box<dyn BufRead>) = match self.format {
            Some(f) => (f, reader),
            None => match format::detect_reader(reader) {
                Err(e) => {
                    self.note(Status::Failed);
                    return self.diagnose(format_args!("sudokit: cannot read {input}: {e}"));
                }
                Ok((Err(DetectError::Empty), _)) => {
                    // Nothing to answer is no error, but worth a word.
                    return self.diagnose(format_args!("{input}: warning: no puzzle in the input"));
                }
                Ok((Err(e), _)) => {
                    self.note(Status::Failed);
                    return self.diagnose(format_args!("sudokit: {input}: {e}"));
                }
                Ok((Ok(f), rewound)) => (f, Box::new(rewound)),
            },
        };
        let mut missing_noted = false;
        for item in format::read_with_limits(format, reader, self.limits) {
            match item {
                Ok(entry) => {
                    self.warn(input, format, entry.index, &entry.warnings)?;
                    match self.solver.solve(format, &entry) {
                        Ok(Outcome::Solved(grid)) => format::write_answer(
                            format,
                            &mut self.out,
                            entry.index,
                            Answer::solved(&entry, &grid),
                        )?,
                        Ok(Outcome::NoSolution) => format::write_answer(
                            format,
                            &mut self.out,
                            entry.index,
                            Answer::NoSolution,
                        )?,
                        Ok(Outcome::Multiple) => format::write_answer(
                            format,
                            &mut self.out,
                            entry.index,
                            Answer::Multiple,
                        )?,
                        Ok(Outcome::GaveUp(reason, nodes)) => {
                            self.note(Status::Malformed);
                            let case = if format.is_multi_line() {
                                format!("case {}: ", entry.index)
                            } else {
                                String::new()
                            };
                            self.diagnose(format_args!(
                                "{input}:{}: {case}gave up: {reason} after {nodes} nodes",
                                entry.line
                            ))?;
                            format::write_answer(
                                format,
                                &mut self.out,
                                entry.index,
                                Answer::GaveUp,
                            )?;
                        }
                        Err(e) => {
                            self.note(Status::Malformed);
                            self.diagnose(format_args!("{input}:{}: {e}", entry.line))?;
                            format::write_answer(
                                format,
                                &mut self.out,
                                entry.index,
                                Answer::Invalid,
                            )?;
                        }
                    }
                }
                Err(ReadError::Parse(e)) => {
                    self.note(Status::Malformed);
                    self.warn(input, format, e.puzzle, &e.warnings)?;
                    match e.kind {
                        // Cases announced but absent (`hdu4069` T = 1000000
                        // and nothing else): each gets its record, but one
                        // line on stderr says it for all of them.
                        ParseErrorKind::MissingCase { case, cases } => {
                            if !missing_noted {
                                missing_noted = true;
                                if cases > case {
                                    self.diagnose(format_args!(
                                        "{input}:{}: case {case}: {}; cases {case} to {cases} \
                                         are all missing (one `Invalid puzzle` record each)",
                                        e.line, e.kind
                                    ))?;
                                } else {
                                    self.report(input, format, &e)?;
                                }
                            }
                        }
                        _ => self.report(input, format, &e)?,
                    }
                    format::write_answer(format, &mut self.out, e.puzzle, Answer::Invalid)?;
                }
                Err(ReadError::Io(e)) => {
                    self.note(Status::Failed);
                    return self.diagnose(format_args!("sudokit: cannot read {input}: {e}"));
                }
            }
        }
        Ok(())
    }

    /// Flushes the output.
    ///
    /// # Errors
    /// Errors writing the output.
    pub fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Runs `sudokit solve`.
///
/// # Errors
/// Errors writing to stdout (a closed pipe included: the caller decides).
pub fn run(args: &SolveArgs) -> anyhow::Result<Status> {
    let solver = Solver::new(args.engine.build(), args.limit).with_budget(args.budget());
    let out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut pipeline =
        Pipeline::new(solver, args.format, out, io::stderr().lock()).with_limits(args.limits());
    for input in Input::all(&args.inputs) {
        pipeline.input(&input).context("cannot write the output")?;
    }
    pipeline.finish().context("cannot write the output")?;
    Ok(pipeline.status())
}
