//! One puzzle's answer record: what `sudokit solve` and `sudokit count`
//! write for a puzzle, given the engine and the settings. The main thread
//! (one thread) and the worker pool both answer through [`answer`], so their
//! bytes are the same.
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
//! `--count` (`sudokit count`) writes one line per puzzle instead (`0`, `1`,
//! `2+` …) and `--all` every solution followed by an empty line.
//!
//! Warnings go to stderr as `FILE:LINE: warning: message`. A bad puzzle never
//! stops the others; an input that cannot be opened or read is reported and
//! the next input is read.

use std::fmt;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::Duration;

use sudokit::engine::StopReason;
use sudokit::format::{self, Answer, Entry, Format, Limits, ParseError, ParseErrorKind, Warning};
use sudokit::{Budget, Engine, EngineKind, Grid};

pub mod candidates;
pub mod json;
pub mod logic;

/// What to print for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One answer record per puzzle.
    Solve,
    /// The number of solutions, one line per puzzle.
    Count,
    /// Every solution, then an empty line.
    All,
    /// The puzzle's difficulty card (after Sudoku Explainer's `ER/EP/ED` for
    /// a classic puzzle), one line per puzzle; uniqueness is checked first.
    Rate,
    /// The next logical step, one line per puzzle; uniqueness is checked
    /// first.
    Hint,
    /// The whole logical path and the rating, then an empty line;
    /// uniqueness is checked first.
    Explain,
    /// The true candidates of every cell, one record per puzzle
    /// ([`candidates`]).
    Candidates,
}

impl Mode {
    /// Whether the mode answers a question about the puzzle's logic (the
    /// solution is checked to be unique first and not printed).
    pub fn is_logic(self) -> bool {
        matches!(self, Mode::Rate | Mode::Hint | Mode::Explain)
    }

    /// Whether each record ends with an empty line (several lines a
    /// puzzle: every solution, or every step).
    pub fn ends_with_blank(self) -> bool {
        matches!(self, Mode::All | Mode::Explain)
    }
}

/// Everything the answer to one puzzle depends on besides the puzzle.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The engine (one per worker).
    pub engine: EngineKind,
    /// The limit asked for (`None`: the mode's and format's default).
    pub limit: Option<u64>,
    /// What to print.
    pub mode: Mode,
    /// `Some(colour)` to draw solutions for a person ([`crate::pretty`]).
    pub pretty: Option<bool>,
    /// Colour in `grid` output.
    pub grid_color: bool,
    /// The effort bound per puzzle (`--timeout`, `--max-nodes`).
    pub budget: Budget,
    /// The readers' limits (`--max-line-bytes`, `--max-side`).
    pub limits: Limits,
    /// The output format (`--to`), when it is not the input's.
    pub to: Option<Format>,
    /// Extra houses for every puzzle (`--x`, `--windoku`).
    pub variant: crate::variant::Variant,
    /// Extra houses the current input's header asks for.
    pub header: crate::variant::Variant,
    /// One JSON object per puzzle instead of the format's records
    /// ([`json`]).
    pub json: bool,
    /// Whether the time limit is the default for a terminal
    /// ([`TERMINAL_TIMEOUT`]), not one asked for: giving up says how to
    /// raise it.
    pub timeout_is_default: bool,
    /// How `rate` gives the card.
    pub card: CardStyle,
}

/// How `rate` gives each puzzle's difficulty card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardStyle {
    /// A readable block per puzzle (`--report`) instead of one line.
    pub report: bool,
    /// Run the setter's checks (not with `--no-checks`).
    pub checks: bool,
}

impl Default for CardStyle {
    fn default() -> CardStyle {
        CardStyle {
            report: false,
            checks: true,
        }
    }
}

/// The time limit per puzzle when stdout is a terminal and no budget was
/// given: a person waiting gets `Gave up` and a hint rather than a command
/// that seems to hang.
pub const TERMINAL_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a search was given up on: `gave up: REASON after N nodes`, and for
/// the default time limit of a terminal how to raise it.
pub fn gave_up_message(settings: &Settings, reason: StopReason, nodes: u64) -> String {
    let mut message = format!("gave up: {reason} after {nodes} nodes");
    if settings.timeout_is_default && reason == StopReason::Time {
        message.push_str(&format!(
            " (the default of {} s per puzzle when stdout is a terminal; give --timeout SECS to wait longer)",
            TERMINAL_TIMEOUT.as_secs()
        ));
    }
    message
}

impl Settings {
    /// A new engine of the chosen kind, with the budget set.
    pub fn build_engine(&self) -> Box<dyn Engine + Send> {
        let mut engine = self.engine.build();
        engine.set_budget(self.budget.clone());
        engine
    }

    /// The limit for a puzzle read in `format`.
    pub fn limit(&self, format: Format) -> u64 {
        match self.mode {
            Mode::Solve => format.effective_limit(self.limit.unwrap_or(1)),
            Mode::Count => self.limit.unwrap_or(2).max(1),
            Mode::All => self.limit.unwrap_or(u64::MAX).max(1),
            Mode::Rate | Mode::Hint | Mode::Explain => 2,
            Mode::Candidates => u64::from(candidates::cap(self)),
        }
    }
}

sudokit::counters! {
    /// Counts of answers, summed over workers.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Tally {
        /// Puzzles answered (malformed ones included).
        pub puzzles,
        /// Puzzles with a solution (unique when the limit is 2 or more).
        pub solved,
        /// Puzzles without a solution.
        pub no_solution,
        /// Puzzles with several solutions (limit 2 or more).
        pub multiple,
        /// Malformed puzzles (or puzzles the engine cannot solve).
        pub invalid,
        /// Puzzles given up on (the budget ran out).
        pub gave_up,
        /// Guesses the engines made.
        pub guesses,
        /// Search nodes the engines visited.
        pub nodes,
    }
}

/// Where the answers of puzzles go: output bytes, and diagnostic lines that
/// must appear in order with them.
pub trait Sink {
    /// The output stream.
    type Out: Write;
    /// The output.
    fn out(&mut self) -> &mut Self::Out;
    /// Writes one diagnostic line (after everything written so far).
    ///
    /// # Errors
    /// Errors flushing the output.
    fn diagnose(&mut self, message: fmt::Arguments<'_>) -> io::Result<()>;
}

/// A puzzle as read: an entry, or why it is malformed.
pub type Item = Result<Entry, ParseError>;

/// A reader's record as the contract takes it, or the I/O error that ends
/// its input.
///
/// # Errors
/// The I/O error.
pub fn item_of(read: Result<Entry, format::ReadError>) -> io::Result<Item> {
    match read {
        Ok(entry) => Ok(Ok(entry)),
        Err(format::ReadError::Parse(e)) => Ok(Err(e)),
        Err(format::ReadError::Io(e)) => Err(e),
    }
}

/// Writes the reader's warnings about a puzzle as diagnostics.
pub fn warn<S: Sink>(
    sink: &mut S,
    input: &str,
    format: Format,
    index: usize,
    warnings: &[Warning],
) -> io::Result<()> {
    for w in warnings {
        if format.is_multi_line() {
            sink.diagnose(format_args!(
                "{input}:{}: warning: case {index}: {}",
                w.line, w.message
            ))?;
        } else {
            sink.diagnose(format_args!("{input}:{}: warning: {}", w.line, w.message))?;
        }
    }
    Ok(())
}

/// Reports why a puzzle is malformed, as a diagnostic.
pub fn report<S: Sink>(
    sink: &mut S,
    input: &str,
    format: Format,
    e: &ParseError,
) -> io::Result<()> {
    // Cases announced but absent (`hdu4069` T = 1000000 and nothing else):
    // each gets its record, but one line on stderr says it for all of them.
    if let ParseErrorKind::MissingCase { case, first, cases } = e.kind {
        if case != first {
            return Ok(());
        }
        if cases > case {
            return sink.diagnose(format_args!(
                "{input}:{}: case {case}: {}; cases {case} to {cases} are all missing (one `Invalid puzzle` record each)",
                e.line, e.kind
            ));
        }
    }
    sink.diagnose(format_args!(
        "{input}:{}: {}",
        e.line,
        parse_error_message(format, e)
    ))
}

/// `case K: ` for puzzle K of a multi-line format (where one line does not
/// name a puzzle), nothing for the others.
pub fn case_prefix(format: Format, index: usize) -> String {
    if format.is_multi_line() {
        format!("case {index}: ")
    } else {
        String::new()
    }
}

/// What is wrong with a malformed puzzle, with its place (the case in a
/// multi-line format, the column) but not the input and line.
pub fn parse_error_message(format: Format, e: &ParseError) -> String {
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
    format!("{place}{}", e.kind)
}

/// Writes the record of a puzzle that has no solution to show (a message
/// or, in count mode, the count).
fn write_message<W: Write>(
    settings: &Settings,
    format: Format,
    out: &mut W,
    index: usize,
    answer: Answer<'_>,
) -> io::Result<()> {
    match (settings.mode, settings.pretty) {
        (Mode::Candidates, None) => {
            let board = settings.to.unwrap_or(format) == Format::Multi;
            candidates::message(out, answer.message().unwrap_or_default(), board)
        }
        (Mode::Count | Mode::Rate | Mode::Hint | Mode::Explain | Mode::Candidates, _)
        | (_, Some(_)) => {
            let message = answer.message().unwrap_or_default();
            writeln!(out, "{message}")
        }
        _ => format::write_answer(settings.to.unwrap_or(format), out, index, answer),
    }
}

/// Writes one solution in the run's output shape.
fn write_solution<W: Write>(
    settings: &Settings,
    format: Format,
    out: &mut W,
    entry: &Entry,
    grid: &Grid,
) -> io::Result<()> {
    // Drawn for a person (in their colour choice), or `grid` output in colour.
    let drawn = settings
        .pretty
        .or((settings.grid_color && format == Format::Grid).then_some(true));
    if let Some(color) = drawn {
        return crate::pretty::write(
            out,
            entry.puzzle.givens(),
            grid,
            entry.puzzle.geometry(),
            entry.style,
            color,
        );
    }
    let format = settings.to.unwrap_or(format);
    format::write_answer(format, out, entry.index, Answer::solved(entry, grid))
}

/// Answers one puzzle: warnings and errors to the sink's diagnostics, the
/// record to its output, the outcome to `tally`.
///
/// # Errors
/// Errors writing to the sink.
pub fn answer<S: Sink>(
    settings: &Settings,
    engine: &mut dyn Engine,
    input: &str,
    format: Format,
    mut item: Item,
    sink: &mut S,
    tally: &mut Tally,
) -> io::Result<()> {
    settings
        .variant
        .union(settings.header)
        .apply_item(&mut item);
    if settings.json {
        return json::answer(settings, engine, input, format, item, sink, tally);
    }
    tally.puzzles += 1;
    let entry = match item {
        Ok(entry) => entry,
        Err(e) => {
            tally.invalid += 1;
            warn(sink, input, format, e.puzzle, &e.warnings)?;
            report(sink, input, format, &e)?;
            write_message(settings, format, sink.out(), e.puzzle, Answer::Invalid)?;
            return end_record(settings, sink);
        }
    };
    warn(sink, input, format, entry.index, &entry.warnings)?;
    if let Some(why) = unwritable(settings, format, &entry) {
        tally.invalid += 1;
        let case = case_prefix(format, entry.index);
        sink.diagnose(format_args!("{input}:{}: {case}{why}", entry.line))?;
        write_message(settings, format, sink.out(), entry.index, Answer::Invalid)?;
        return end_record(settings, sink);
    }
    if settings.mode == Mode::Candidates {
        return candidates::answer(settings, engine, input, format, &entry, sink, tally);
    }
    let limit = settings.limit(format);
    let solved = if settings.mode == Mode::All {
        let mut failed = None;
        let result = engine.solve_with(&entry.puzzle, limit, &mut |grid| match write_solution(
            settings,
            format,
            sink.out(),
            &entry,
            grid,
        ) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        result
    } else {
        engine.solve(&entry.puzzle, limit)
    };
    let solutions = match solved {
        Ok(s) => s,
        Err(e) => {
            tally.invalid += 1;
            sink.diagnose(format_args!("{input}:{}: {e}", entry.line))?;
            write_message(settings, format, sink.out(), entry.index, Answer::Invalid)?;
            return end_record(settings, sink);
        }
    };
    tally.guesses += solutions.stats.guesses;
    tally.nodes += solutions.stats.nodes;
    if let Some(reason) = solutions.stopped {
        tally.gave_up += 1;
        let case = case_prefix(format, entry.index);
        sink.diagnose(format_args!(
            "{input}:{}: {case}{}",
            entry.line,
            gave_up_message(settings, reason, solutions.stats.nodes)
        ))?;
        write_message(settings, format, sink.out(), entry.index, Answer::GaveUp)?;
        return end_record(settings, sink);
    }
    let multiple = limit >= 2 && solutions.count >= 2;
    match (&solutions.first, multiple) {
        (None, _) => tally.no_solution += 1,
        (Some(_), true) => tally.multiple += 1,
        (Some(_), false) => tally.solved += 1,
    }
    match settings.mode {
        Mode::Count => {
            let plus = if solutions.complete { "" } else { "+" };
            writeln!(sink.out(), "{}{plus}", solutions.count)
        }
        Mode::All => {
            if solutions.first.is_none() {
                write_message(
                    settings,
                    format,
                    sink.out(),
                    entry.index,
                    Answer::NoSolution,
                )?;
            }
            sink.out().write_all(b"\n")
        }
        Mode::Candidates => unreachable!("answered above"),
        Mode::Solve | Mode::Rate | Mode::Hint | Mode::Explain => {
            match (&solutions.first, multiple) {
                (None, _) => write_message(
                    settings,
                    format,
                    sink.out(),
                    entry.index,
                    Answer::NoSolution,
                )?,
                (Some(_), true) => {
                    write_message(settings, format, sink.out(), entry.index, Answer::Multiple)?
                }
                (Some(_), false) if settings.mode.is_logic() => {
                    let found =
                        logic::find_and_report(settings, input, format, &entry, sink, tally)?;
                    logic::write(settings, &found, sink.out())?
                }
                (Some(grid), false) => write_solution(settings, format, sink.out(), &entry, grid)?,
            }
            if settings.mode == Mode::Explain {
                sink.out().write_all(b"\n")?;
            }
            Ok(())
        }
    }
}

/// Why the run's output cannot show `entry`'s grid: a multi-grid board
/// (samurai), whose cells no other format places, in a format other than
/// `multi` (`--to line`); `None` when it can, or when the mode writes no
/// grid (counts, ratings, JSON, a grid drawn for a person).
fn unwritable(settings: &Settings, format: Format, entry: &Entry) -> Option<String> {
    let layout = entry.puzzle.geometry().multi_layout()?;
    let output = settings.to.unwrap_or(format);
    let grids = matches!(settings.mode, Mode::Solve | Mode::All | Mode::Candidates)
        && settings.pretty.is_none();
    (grids && output != Format::Multi).then(|| {
        format!(
            "the {output} format cannot hold a multi-grid board ({}): write it as multi (--to multi)",
            layout.name()
        )
    })
}

/// Ends a record that could not be answered: the empty line of the modes
/// whose records have several lines.
fn end_record<S: Sink>(settings: &Settings, sink: &mut S) -> io::Result<()> {
    if settings.mode.ends_with_blank() {
        sink.out().write_all(b"\n")?;
    }
    Ok(())
}

/// What to do with the next puzzle read (`--shard` answers a window of the
/// run's puzzles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admit {
    /// Answer it.
    Take,
    /// Read past it (before the shard).
    Skip,
    /// Stop reading (after the shard).
    Stop,
}
