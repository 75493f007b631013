//! `sudokit solve` and `sudokit count`: inputs → format reader → engine →
//! writer.
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
//!
//! How the work is spread ([`crate::batch`]): with one thread every puzzle is
//! read, solved and written in turn on the main thread; with more, the main
//! thread reads chunks of puzzles and writes the answers in input order while
//! a pool of workers, one engine each, solves the chunks.
//!
//! Exit status ([`Status`]): 0 when every puzzle was read and answered, 1 when
//! any was malformed or given up on, 2 when an input could not be read or its
//! format not detected. (The format contract, `formats.md`, fixes these three
//! values; "malformed" and "gave up" share 1 and are told apart by their
//! records and messages.)

use std::cell::Cell;
use std::fmt;
use std::io::{self, BufRead, BufWriter, Write};
use std::ops::ControlFlow;
use std::rc::Rc;
use std::time::Instant;

use anyhow::Context as _;
use sudokit::format::{
    self, Answer, DetectError, Entry, Format, Limits, ParseError, ParseErrorKind, ReadError,
    Warning,
};
use sudokit::{Budget, Engine, EngineKind, Grid};

use crate::batch::Batch;
use crate::cli::{SolveArgs, When};
use crate::input::Input;
use crate::progress::{Counted, Progress, Total};

/// How a run went, in increasing order of severity; the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every puzzle was read and answered.
    Ok = 0,
    /// Some puzzle was malformed (or could not be solved by the engine).
    Malformed = 1,
    /// An input could not be read, or its format not detected.
    Failed = 2,
}

/// What to print for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One answer record per puzzle.
    Solve,
    /// The number of solutions, one line per puzzle.
    Count,
    /// Every solution, then an empty line.
    All,
}

/// Everything the answer to one puzzle depends on besides the puzzle.
#[derive(Clone, Copy, Debug)]
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
}

impl Settings {
    /// A new engine of the chosen kind, with the budget set.
    pub fn build_engine(&self) -> Box<dyn Engine + Send> {
        let mut engine = self.engine.build();
        engine.set_budget(self.budget);
        engine
    }

    /// The limit for a puzzle read in `format`.
    fn limit(&self, format: Format) -> u64 {
        match self.mode {
            Mode::Solve => format.effective_limit(self.limit.unwrap_or(1)),
            Mode::Count => self.limit.unwrap_or(2).max(1),
            Mode::All => self.limit.unwrap_or(u64::MAX).max(1),
        }
    }
}

/// Counts of answers, summed over workers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Puzzles answered (malformed ones included).
    pub puzzles: u64,
    /// Puzzles with a solution (unique when the limit is 2 or more).
    pub solved: u64,
    /// Puzzles without a solution.
    pub no_solution: u64,
    /// Puzzles with several solutions (limit 2 or more).
    pub multiple: u64,
    /// Malformed puzzles (or puzzles the engine cannot solve).
    pub invalid: u64,
    /// Puzzles given up on (the budget ran out).
    pub gave_up: u64,
    /// Guesses the engines made.
    pub guesses: u64,
    /// Search nodes the engines visited.
    pub nodes: u64,
}

impl Tally {
    /// Adds `other` to this tally.
    pub fn add(&mut self, other: &Tally) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.no_solution += other.no_solution;
        self.multiple += other.multiple;
        self.invalid += other.invalid;
        self.gave_up += other.gave_up;
        self.guesses += other.guesses;
        self.nodes += other.nodes;
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

fn warn<S: Sink>(
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

fn report<S: Sink>(sink: &mut S, input: &str, format: Format, e: &ParseError) -> io::Result<()> {
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
    sink.diagnose(format_args!("{input}:{}: {place}{}", e.line, e.kind))
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
        (Mode::Count, _) | (_, Some(_)) => {
            let message = answer.message().unwrap_or_default();
            writeln!(out, "{message}")
        }
        _ => format::write_answer(format, out, index, answer),
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
    if let Some(color) = settings.pretty {
        return crate::pretty::write(
            out,
            entry.puzzle.givens(),
            grid,
            entry.puzzle.geometry(),
            entry.style,
            color,
        );
    }
    if settings.grid_color && format == Format::Grid {
        return crate::pretty::write(
            out,
            entry.puzzle.givens(),
            grid,
            entry.puzzle.geometry(),
            entry.style,
            true,
        );
    }
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
    item: Item,
    sink: &mut S,
    tally: &mut Tally,
) -> io::Result<()> {
    tally.puzzles += 1;
    let entry = match item {
        Ok(entry) => entry,
        Err(e) => {
            tally.invalid += 1;
            warn(sink, input, format, e.puzzle, &e.warnings)?;
            report(sink, input, format, &e)?;
            write_message(settings, format, sink.out(), e.puzzle, Answer::Invalid)?;
            if settings.mode == Mode::All {
                sink.out().write_all(b"\n")?;
            }
            return Ok(());
        }
    };
    warn(sink, input, format, entry.index, &entry.warnings)?;
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
            if settings.mode == Mode::All {
                sink.out().write_all(b"\n")?;
            }
            return Ok(());
        }
    };
    tally.guesses += solutions.stats.guesses;
    tally.nodes += solutions.stats.nodes;
    if let Some(reason) = solutions.stopped {
        tally.gave_up += 1;
        let case = if format.is_multi_line() {
            format!("case {}: ", entry.index)
        } else {
            String::new()
        };
        sink.diagnose(format_args!(
            "{input}:{}: {case}gave up: {reason} after {} nodes",
            entry.line, solutions.stats.nodes
        ))?;
        write_message(settings, format, sink.out(), entry.index, Answer::GaveUp)?;
        if settings.mode == Mode::All {
            sink.out().write_all(b"\n")?;
        }
        return Ok(());
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
        Mode::Solve => match (&solutions.first, multiple) {
            (None, _) => write_message(
                settings,
                format,
                sink.out(),
                entry.index,
                Answer::NoSolution,
            ),
            (Some(_), true) => {
                write_message(settings, format, sink.out(), entry.index, Answer::Multiple)
            }
            (Some(grid), false) => write_solution(settings, format, sink.out(), &entry, grid),
        },
    }
}

/// The sink of the main thread: the buffered stdout and stderr, the latter
/// printed with the progress bar suspended.
pub struct Direct<'a, W: Write> {
    /// The output.
    pub out: &'a mut W,
    /// The bar to suspend while printing diagnostics.
    pub bar: Option<&'a indicatif::ProgressBar>,
}

/// Writes a diagnostic line to stderr, suspending the bar if one is drawn.
/// Diagnostics are best effort: a closed stderr must not stop solving.
pub fn eprint_line(bar: Option<&indicatif::ProgressBar>, message: fmt::Arguments<'_>) {
    let print = || {
        let _ = writeln!(io::stderr().lock(), "{message}");
    };
    match bar {
        Some(bar) => bar.suspend(print),
        None => print(),
    }
}

impl<W: Write> Sink for Direct<'_, W> {
    type Out = W;

    fn out(&mut self) -> &mut W {
        self.out
    }

    fn diagnose(&mut self, message: fmt::Arguments<'_>) -> io::Result<()> {
        // The output is flushed first so that both streams stay in order
        // when they go to the same place.
        self.out.flush()?;
        eprint_line(self.bar, message);
        Ok(())
    }
}

/// Which puzzles of the run to answer (`--shard`): a range of positions in
/// the sequence of all puzzles of all inputs.
#[derive(Clone, Debug)]
struct Window {
    /// Position of the next puzzle read.
    next: u64,
    range: std::ops::Range<u64>,
}

/// What to do with the next puzzle read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admit {
    /// Answer it.
    Take,
    /// Read past it (before the shard).
    Skip,
    /// Stop reading (after the shard).
    Stop,
}

/// The whole run: inputs, output, diagnostics, progress and how it went.
pub struct Run {
    settings: Settings,
    format: Option<Format>,
    out: BufWriter<io::StdoutLock<'static>>,
    progress: Progress,
    status: Status,
    tally: Tally,
    window: Option<Window>,
    batch: Option<Batch>,
    bytes: Rc<Cell<u64>>,
    /// Bytes of the inputs finished so far (for the progress bar).
    bytes_done: u64,
}

impl Run {
    fn note(&mut self, status: Status) {
        self.status = self.status.max(status);
    }

    fn diagnose(&mut self, message: fmt::Arguments<'_>) -> io::Result<()> {
        self.out.flush()?;
        eprint_line(self.progress.bar(), message);
        Ok(())
    }

    /// Whether to answer the next puzzle read.
    pub fn admit(&mut self) -> Admit {
        let Some(w) = &mut self.window else {
            return Admit::Take;
        };
        let at = w.next;
        w.next += 1;
        if at < w.range.start {
            Admit::Skip
        } else if at < w.range.end {
            Admit::Take
        } else {
            Admit::Stop
        }
    }

    /// Whether every puzzle of the shard has been answered.
    fn past_window(&self) -> bool {
        self.window.as_ref().is_some_and(|w| w.next >= w.range.end)
    }

    /// Opens an input and detects its format; `None` (after reporting) when
    /// it cannot be read.
    fn open(&mut self, input: &Input) -> io::Result<Option<(Format, Box<dyn BufRead>)>> {
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                self.note(Status::Failed);
                match crate::input::not_a_puzzle_because(input) {
                    Some(why) => self.diagnose(format_args!(
                        "sudokit: cannot open {input}: {e} (and as a puzzle line: {why})"
                    ))?,
                    None => self.diagnose(format_args!("sudokit: cannot open {input}: {e}"))?,
                }
                return Ok(None);
            }
        };
        Ok(match self.format {
            Some(f) => Some((f, reader)),
            None => match format::detect_reader(reader) {
                Err(e) => {
                    self.note(Status::Failed);
                    self.diagnose(format_args!("sudokit: cannot read {input}: {e}"))?;
                    None
                }
                Ok((Err(DetectError::Empty), _)) => {
                    // Nothing to answer is no error, but worth a word.
                    self.diagnose(format_args!("{input}: warning: no puzzle in the input"))?;
                    None
                }
                Ok((Err(e), _)) => {
                    self.note(Status::Failed);
                    self.diagnose(format_args!("sudokit: {input}: {e}"))?;
                    None
                }
                Ok((Ok(f), rewound)) => Some((f, Box::new(rewound))),
            },
        })
    }

    /// Reads, solves and answers every puzzle of one input.
    ///
    /// # Errors
    /// Errors writing the output (reading errors are reported and noted).
    fn input(&mut self, input: &Input) -> io::Result<()> {
        if self.past_window() {
            return Ok(());
        }
        let Some((format, reader)) = self.open(input)? else {
            return Ok(());
        };
        self.bytes.set(0);
        let reader = Counted::new(reader, self.bytes.clone());
        let name = input.to_string();
        let items = format::read_with_limits(format, reader, self.settings.limits);
        let result = match self.batch.take() {
            Some(mut batch) => {
                let r = batch.input(self, &name, format, items);
                self.batch = Some(batch);
                r
            }
            None => self.sequential(&name, format, items),
        };
        self.bytes_done += self.bytes.get();
        result
    }

    /// The plain path: one engine on the main thread.
    fn sequential<R: BufRead>(
        &mut self,
        name: &str,
        format: Format,
        items: format::Reader<R>,
    ) -> io::Result<()> {
        let mut engine = self.settings.build_engine();
        for item in items {
            let item = match item {
                Ok(entry) => Ok(entry),
                Err(ReadError::Parse(e)) => Err(e),
                Err(ReadError::Io(e)) => {
                    self.note(Status::Failed);
                    return self.diagnose(format_args!("sudokit: cannot read {name}: {e}"));
                }
            };
            match self.admit() {
                Admit::Take => {}
                Admit::Skip => continue,
                Admit::Stop => break,
            }
            let mut sink = Direct {
                out: &mut self.out,
                bar: self.progress.bar(),
            };
            answer(
                &self.settings,
                engine.as_mut(),
                name,
                format,
                item,
                &mut sink,
                &mut self.tally,
            )?;
            if self.tally.puzzles.is_multiple_of(256) {
                self.tick();
            }
        }
        Ok(())
    }

    /// Updates the progress bar.
    pub fn tick(&mut self) {
        let bytes = self.bytes_done + self.bytes.get();
        self.progress.update(self.tally.puzzles, bytes);
    }

    /// Writes a finished chunk's output and diagnostics in order.
    ///
    /// # Errors
    /// Errors writing the output.
    pub fn emit(&mut self, out: &[u8], notes: &[(usize, String)], tally: &Tally) -> io::Result<()> {
        let mut at = 0;
        for (pos, message) in notes {
            self.out.write_all(&out[at..*pos])?;
            at = *pos;
            self.diagnose(format_args!("{message}"))?;
        }
        self.out.write_all(&out[at..])?;
        self.tally.add(tally);
        self.tick();
        Ok(())
    }

    /// Notes an I/O error reading an input.
    ///
    /// # Errors
    /// Errors flushing the output.
    pub fn read_failed(&mut self, name: &str, e: &io::Error) -> io::Result<()> {
        self.note(Status::Failed);
        self.diagnose(format_args!("sudokit: cannot read {name}: {e}"))
    }

    /// The settings of the run.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    fn print_stats(&mut self, start: Instant) {
        let t = self.tally;
        let secs = start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 {
            t.puzzles as f64 / secs
        } else {
            0.0
        };
        eprint_line(
            None,
            format_args!(
                "puzzles      {}\nsolved       {}\nno solution  {}\nmultiple     {}\ninvalid      {}\ngave up      {}\nguesses      {}\nnodes        {}\ntime         {secs:.3} s\npuzzles/s    {rate:.0}",
                t.puzzles, t.solved, t.no_solution, t.multiple, t.invalid, t.gave_up, t.guesses, t.nodes
            ),
        );
    }
}

/// Counts the puzzles of every input (the first pass of `--shard`).
fn count_puzzles(inputs: &[Input], format: Option<Format>, limits: Limits) -> u64 {
    let mut total = 0;
    for input in inputs {
        let Ok(reader) = input.open() else { continue };
        let (format, reader): (Format, Box<dyn BufRead>) = match format {
            Some(f) => (f, reader),
            None => match format::detect_reader(reader) {
                Ok((Ok(f), rewound)) => (f, Box::new(rewound)),
                _ => continue,
            },
        };
        for item in format::read_with_limits(format, reader, limits) {
            if matches!(item, Err(ReadError::Io(_))) {
                break;
            }
            total += 1;
        }
    }
    total
}

/// The number of worker threads: `--threads`, else every core.
fn threads(args: &SolveArgs) -> usize {
    match args.threads {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// Runs `sudokit solve` (or `sudokit count`, `mode` [`Mode::Count`]).
///
/// # Errors
/// Errors writing to stdout (a closed pipe included: the caller decides), or
/// usage errors found before reading.
pub fn run(args: &SolveArgs, mode: Mode) -> anyhow::Result<Status> {
    let inputs = Input::all(&args.inputs);
    let mode = match mode {
        Mode::Solve if args.count => Mode::Count,
        Mode::Solve if args.all => Mode::All,
        m => m,
    };
    // One puzzle given inline, with no --format: a person asked; draw it.
    let person = args.format.is_none()
        && mode != Mode::Count
        && args.shard.is_none()
        && matches!(inputs.as_slice(), [Input::Inline(_)]);
    let color = crate::pretty::color_wanted(args.color);
    let settings = Settings {
        engine: args.engine,
        limit: args.limit,
        mode,
        pretty: person.then_some(color),
        grid_color: color && args.color != When::Never,
        budget: args.budget(),
        limits: args.limits(),
    };
    let window = match args.shard {
        None => None,
        Some(shard) => {
            if inputs.contains(&Input::Stdin) {
                eprintln!(
                    "sudokit: --shard reads the inputs twice (first to count the puzzles), so it needs files; save stdin to a file first"
                );
                return Ok(Status::Failed);
            }
            let total = count_puzzles(&inputs, args.format, args.limits());
            Some(Window {
                next: 0,
                range: shard.range(total),
            })
        }
    };
    let total = match (&window, &inputs[..]) {
        (Some(w), _) => Total::Puzzles(w.range.end - w.range.start),
        (None, inputs) if inputs.iter().all(|i| matches!(i, Input::File(_))) => Total::Bytes(
            inputs
                .iter()
                .filter_map(|i| match i {
                    Input::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
                    _ => None,
                })
                .sum(),
        ),
        _ => Total::Unknown,
    };
    let threads = threads(args);
    let batch = if threads > 1 && mode != Mode::All && !person {
        Some(Batch::new(threads).context("cannot start the worker threads")?)
    } else {
        None
    };
    let progress = Progress::new(args.progress, total);
    let start = progress.start();
    let mut run = Run {
        settings,
        format: args.format,
        out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        progress,
        status: Status::Ok,
        tally: Tally::default(),
        window,
        batch,
        bytes: Rc::new(Cell::new(0)),
        bytes_done: 0,
    };
    for input in &inputs {
        run.input(input).context("cannot write the output")?;
    }
    run.out.flush().context("cannot write the output")?;
    run.progress.finish();
    if run.tally.invalid > 0 || run.tally.gave_up > 0 {
        run.note(Status::Malformed);
    }
    if args.stats {
        run.print_stats(start);
    }
    Ok(run.status)
}
