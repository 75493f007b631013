//! `sudokit solve` and `sudokit count`: inputs → format reader → engine →
//! writer. What each puzzle's record is lives in [`crate::record`]; this
//! module runs the inputs through it.
//!
//! How the work is spread ([`crate::batch`]): with one thread every puzzle is
//! read, solved and written in turn on the main thread; with more, the main
//! thread reads chunks of puzzles and writes the answers in input order while
//! a pool of workers, one engine each, solves the chunks.
//!
//! Exit status ([`Status`]): 0 when every puzzle was read and answered, 1 when
//! any was malformed or given up on, 2 when an input could not be read or its
//! format not detected. (The judge formats' specification fixes these three
//! values; "malformed" and "gave up" share 1 and are told apart by their
//! records and messages.)
//!
//! [`execute`] is the whole run over any reader and writers, so tests run it
//! in process; [`run`] gives it the process's stdin, stdout and stderr.

use std::cell::Cell;
use std::fmt;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::rc::Rc;
use web_time::Instant;

use anyhow::Context as _;
use sudokit::format::{self, DetectError, Format, Limits, ReadError};

use crate::batch::{Batch, Buffered, Feed};
use crate::cli::{Shard, SolveArgs, When};
use crate::input::Input;
use crate::progress::{Counted, Progress, Total};
use crate::record::{answer, item_of, Admit, Mode, Settings, Sink, Tally, TERMINAL_TIMEOUT};
use crate::status::Status;

/// What a run is asked to do, besides its inputs: decided from the command
/// line ([`Job::new`]), or by a test.
#[derive(Clone, Debug)]
pub struct Job {
    /// What each puzzle's record depends on.
    pub settings: Settings,
    /// The input format (`None`: detected per input).
    pub format: Option<Format>,
    /// The share of the puzzles to answer (`--shard`).
    pub shard: Option<Shard>,
    /// Worker threads (1: the main thread alone).
    pub threads: usize,
    /// When to draw the progress bar.
    pub progress: When,
    /// Whether to print the summary at the end (`--stats`).
    pub stats: bool,
}

impl Job {
    /// The job `sudokit solve` (or `sudokit count`, `mode` [`Mode::Count`])
    /// is asked for by `args`, on `inputs`.
    pub fn new(args: &SolveArgs, mode: Mode, inputs: &[Input]) -> Job {
        let mode = match mode {
            Mode::Solve if args.count => Mode::Count,
            Mode::Solve if args.all => Mode::All,
            m => m,
        };
        // One puzzle given inline, with no --format or --to: a person
        // asked; draw it.
        let person = args.format.is_none()
            && args.to.is_none()
            && !args.json()
            && !mode.is_logic()
            && mode != Mode::Count
            && args.shard.is_none()
            && matches!(inputs, [Input::Inline(_)]);
        let color = crate::pretty::color_wanted(args.color);
        Job {
            settings: Settings {
                engine: args.engine,
                limit: args.limit,
                mode,
                pretty: person.then_some(color),
                grid_color: color && args.color != When::Never,
                budget: args.budget(),
                limits: args.limits(),
                to: args.to,
                variant: args.variant(),
                header: crate::variant::Variant::NONE,
                json: args.json(),
                timeout_is_default: false,
                card: crate::record::CardStyle::default(),
            },
            format: args.format(),
            shard: args.shard,
            threads: threads(args),
            progress: args.progress,
            stats: args.stats,
        }
    }
}

/// The sink of the main thread: the buffered output and the diagnostics
/// stream, the latter written with the progress bar suspended.
struct Direct<'a, W: Write, E: Write> {
    out: &'a mut W,
    err: &'a mut E,
    bar: Option<&'a indicatif::ProgressBar>,
}

/// Writes a diagnostic line to `err`, suspending the bar if one is drawn.
/// Diagnostics are best effort: a closed stderr must not stop solving.
fn eprint_line<E: Write>(
    err: &mut E,
    bar: Option<&indicatif::ProgressBar>,
    message: fmt::Arguments<'_>,
) {
    let mut print = || {
        let _ = writeln!(err, "{message}");
    };
    match bar {
        Some(bar) => bar.suspend(print),
        None => print(),
    }
}

impl<W: Write, E: Write> Sink for Direct<'_, W, E> {
    type Out = W;

    fn out(&mut self) -> &mut W {
        self.out
    }

    fn diagnose(&mut self, message: fmt::Arguments<'_>) -> io::Result<()> {
        // The output is flushed first so that both streams stay in order
        // when they go to the same place.
        self.out.flush()?;
        eprint_line(self.err, self.bar, message);
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

/// The whole run: inputs, output, diagnostics, progress and how it went.
struct Run<'a, W: Write, E: Write> {
    settings: Settings,
    format: Option<Format>,
    out: &'a mut W,
    err: &'a mut E,
    progress: Progress,
    status: Status,
    tally: Tally,
    window: Option<Window>,
    batch: Option<Batch>,
    bytes: Rc<Cell<u64>>,
    /// Bytes of the inputs finished so far (for the progress bar).
    bytes_done: u64,
    /// Inputs whose reading failed part way.
    read_errors: u64,
    /// The variant the output's header line says, once the first input
    /// with puzzles is open (`None` before).
    header: Option<crate::variant::Variant>,
}

impl<W: Write + Send, E: Write> Run<'_, W, E> {
    fn note(&mut self, status: Status) {
        self.status = self.status.max(status);
    }

    fn diagnose(&mut self, message: fmt::Arguments<'_>) -> io::Result<()> {
        self.out.flush()?;
        eprint_line(self.err, self.progress.bar(), message);
        Ok(())
    }

    /// Whether every puzzle of the shard has been answered.
    fn past_window(&self) -> bool {
        self.window.as_ref().is_some_and(|w| w.next >= w.range.end)
    }

    /// Opens an input (`stdin` for [`Input::Stdin`]) and detects its format;
    /// `None` (after reporting) when it cannot be read.
    fn open<'s>(
        &mut self,
        input: &Input,
        stdin: &'s mut (dyn BufRead + 's),
    ) -> io::Result<Option<(Format, Box<dyn BufRead + 's>)>> {
        let reader = match input.open(stdin) {
            Ok(r) => r,
            Err(e) => {
                self.note(Status::Failed);
                let why = crate::input::open_error(input, &e);
                self.diagnose(format_args!("sudokit: {why}"))?;
                return Ok(None);
            }
        };
        let reader = match crate::variant::read_header(reader) {
            Ok((Ok(header), reader)) => {
                self.settings.header = header;
                reader
            }
            Ok((Err(why), _)) => {
                self.note(Status::Failed);
                self.diagnose(format_args!("sudokit: {input}:1: {why}"))?;
                return Ok(None);
            }
            Err(e) => {
                self.note(Status::Failed);
                self.diagnose(format_args!("sudokit: cannot read {input}: {e}"))?;
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
    fn input(&mut self, input: &Input, stdin: &mut dyn BufRead) -> io::Result<()> {
        if self.past_window() {
            return Ok(());
        }
        let Some((format, reader)) = self.open(input, stdin)? else {
            return Ok(());
        };
        self.write_header(input)?;
        self.bytes.set(0);
        let (read_before, errors_before) = (self.read_so_far(), self.read_errors);
        let reader = Counted::new(reader, self.bytes.clone());
        let name = input.to_string();
        let items = format::read_with_limits(format, reader, self.settings.limits);
        let result = match self.batch.take() {
            Some(mut batch) => {
                let settings = self.settings.clone();
                let r = batch.input(self, &settings, &name, format, items);
                self.batch = Some(batch);
                r
            }
            None => self.sequential(&name, format, items),
        };
        self.bytes_done += self.bytes.get();
        if result.is_ok() && self.read_so_far() == read_before && self.read_errors == errors_before
        {
            // Nothing to answer is no error, but worth a word (as an input
            // too empty to detect its format gets).
            self.diagnose(format_args!("{input}: warning: no puzzle in the input"))?;
        }
        result
    }

    /// Starts the output with the variant's header line (`# sudokit: x`)
    /// when the records are puzzles' grids and the first input has extra
    /// houses, so that the output reads back as the same puzzles; later
    /// inputs of another variant get a warning, as the header speaks for the
    /// whole output. A shard after the first writes none: the shards'
    /// outputs concatenated are the whole output.
    fn write_header(&mut self, input: &Input) -> io::Result<()> {
        let s = &self.settings;
        let grids = matches!(s.mode, Mode::Solve | Mode::All) && !s.json && s.pretty.is_none();
        let variant = s.variant.union(s.header);
        match self.header {
            None => {
                self.header = Some(variant);
                let first_shard = self.window.as_ref().is_none_or(|w| w.range.start == 0);
                if let Some(line) = variant.header_line().filter(|_| grids && first_shard) {
                    writeln!(self.out, "{line}")?;
                }
            }
            Some(written) if grids && written != variant => {
                let said = written.header_line().unwrap_or("no header".into());
                self.diagnose(format_args!(
                    "{input}: warning: its puzzles' extra houses differ from the first input's, whose header the output starts with ({said})"
                ))?;
            }
            Some(_) => {}
        }
        Ok(())
    }

    /// Puzzles read so far (answered, or passed over by `--shard`).
    fn read_so_far(&self) -> u64 {
        match &self.window {
            Some(w) => w.next,
            None => self.tally.puzzles,
        }
    }

    /// The plain path: one engine on the main thread. Answers are made in a
    /// buffer and written to the output puzzle by puzzle, which a watchdog
    /// flushes while a puzzle takes long ([`crate::live`]).
    fn sequential<R: BufRead>(
        &mut self,
        name: &str,
        format: Format,
        items: format::Reader<R>,
    ) -> io::Result<()> {
        if self.settings.mode == Mode::All || self.settings.pretty.is_some() {
            return self.direct(name, format, items);
        }
        let mut engine = self.settings.build_engine();
        let Run {
            settings,
            out,
            err,
            progress,
            status,
            tally,
            window,
            bytes,
            bytes_done,
            read_errors,
            ..
        } = self;
        let mut answers = Buffered::default();
        crate::live::with_live(&mut **out, |live| {
            for item in items {
                let item = match item_of(item) {
                    Ok(item) => item,
                    Err(e) => {
                        *status = (*status).max(Status::Failed);
                        *read_errors += 1;
                        return live.write(|out| {
                            out.flush()?;
                            eprint_line(
                                &mut **err,
                                progress.bar(),
                                format_args!("sudokit: cannot read {name}: {e}"),
                            );
                            Ok(())
                        });
                    }
                };
                match admit(window) {
                    Admit::Take => {}
                    Admit::Skip => continue,
                    Admit::Stop => break,
                }
                answer(
                    settings,
                    engine.as_mut(),
                    name,
                    format,
                    item,
                    &mut answers,
                    tally,
                )?;
                live.write(|out| {
                    let mut at = 0;
                    for (pos, message) in &answers.notes {
                        out.write_all(&answers.out[at..*pos])?;
                        at = *pos;
                        out.flush()?;
                        eprint_line(&mut **err, progress.bar(), format_args!("{message}"));
                    }
                    out.write_all(&answers.out[at..])
                })?;
                answers.clear();
                if tally.puzzles.is_multiple_of(256) {
                    progress.update(tally.puzzles, *bytes_done + bytes.get());
                }
            }
            Ok(())
        })
    }

    /// One engine on the main thread, writing straight to the output (every
    /// solution of `--all` as found, a drawn grid), flushed after each
    /// puzzle.
    fn direct<R: BufRead>(
        &mut self,
        name: &str,
        format: Format,
        items: format::Reader<R>,
    ) -> io::Result<()> {
        let mut engine = self.settings.build_engine();
        for item in items {
            let item = match item_of(item) {
                Ok(item) => item,
                Err(e) => {
                    self.note(Status::Failed);
                    self.read_errors += 1;
                    return self.diagnose(format_args!("sudokit: cannot read {name}: {e}"));
                }
            };
            match self.admit() {
                Admit::Take => {}
                Admit::Skip => continue,
                Admit::Stop => break,
            }
            let mut sink = Direct {
                out: &mut *self.out,
                err: &mut *self.err,
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
            self.out.flush()?;
            self.tick();
        }
        Ok(())
    }

    /// Updates the progress bar.
    fn tick(&mut self) {
        let bytes = self.bytes_done + self.bytes.get();
        self.progress.update(self.tally.puzzles, bytes);
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
            self.err,
            None,
            format_args!(
                "puzzles      {}\nsolved       {}\nno solution  {}\nmultiple     {}\ninvalid      {}\ngave up      {}\nguesses      {}\nnodes        {}\ntime         {secs:.3} s\npuzzles/s    {rate:.0}",
                t.puzzles, t.solved, t.no_solution, t.multiple, t.invalid, t.gave_up, t.guesses, t.nodes
            ),
        );
    }
}

/// Whether to answer the next puzzle read, given the shard's window.
fn admit(window: &mut Option<Window>) -> Admit {
    let Some(w) = window else {
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

impl<W: Write + Send, E: Write> Feed for Run<'_, W, E> {
    fn admit(&mut self) -> Admit {
        admit(&mut self.window)
    }

    fn emit(&mut self, out: &[u8], notes: &[(usize, String)], tally: &Tally) -> io::Result<()> {
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

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn read_failed(&mut self, name: &str, e: &io::Error) -> io::Result<()> {
        self.note(Status::Failed);
        self.read_errors += 1;
        self.diagnose(format_args!("sudokit: cannot read {name}: {e}"))
    }
}

/// Whether `input` can be read twice: stdin, pipes (`/dev/stdin`,
/// `<(...)`), FIFOs and devices cannot (a FIFO would even block the count).
/// A file that cannot be examined counts as readable: opening it will report
/// the error.
fn readable_twice(input: &Input) -> bool {
    match input {
        Input::Stdin => false,
        Input::Inline(_) => true,
        Input::File(path) => std::fs::metadata(path).map_or(true, |m| m.is_file()),
    }
}

/// Counts the puzzles of every input (the first pass of `--shard`; the
/// inputs are files or inline puzzles, never stdin).
fn count_puzzles(inputs: &[Input], format: Option<Format>, limits: Limits) -> u64 {
    let mut total = 0;
    let mut no_stdin = io::empty();
    for input in inputs {
        let Ok((Ok(_), reader)) = input
            .open(&mut no_stdin)
            .and_then(crate::variant::read_header)
        else {
            continue;
        };
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

/// A person at a terminal who gave no budget gets [`TERMINAL_TIMEOUT`] per
/// puzzle, so a puzzle no engine finishes ends with `Gave up` and a hint
/// instead of a command that seems to hang. Files and pipes get no default
/// bound: a batch decides its own.
fn terminal_budget(settings: &mut Settings, stdout_is_terminal: bool) {
    if stdout_is_terminal && settings.budget.is_unlimited() {
        settings.budget = settings.budget.clone().with_time_limit(TERMINAL_TIMEOUT);
        settings.timeout_is_default = true;
    }
}

/// Runs `sudokit solve` (or `sudokit count`, `mode` [`Mode::Count`]) on the
/// process's stdin, stdout and stderr.
///
/// # Errors
/// As [`execute`].
pub fn run(args: &SolveArgs, mode: Mode) -> anyhow::Result<Status> {
    run_with(args, mode, |_| {})
}

/// [`run`], with `tweak` changing the settings first (`rate`'s card).
pub fn run_with(
    args: &SolveArgs,
    mode: Mode,
    tweak: impl FnOnce(&mut Settings),
) -> anyhow::Result<Status> {
    // A stdout closed at the start (`>&-`) cannot be told from one that is
    // `/dev/null` opened read-write (Python's `subprocess.DEVNULL`, systemd,
    // nohup): Rust's runtime puts exactly that in its place. Refusing it
    // failed those real runs, so neither is refused.
    let inputs = Input::all(&args.inputs);
    let mut job = Job::new(args, mode, &inputs);
    tweak(&mut job.settings);
    // A person typing puzzles gets each answer at once: the workers' read
    // ahead would wait for several puzzles.
    if args.threads.is_none() && inputs.contains(&Input::Stdin) && io::stdin().is_terminal() {
        job.threads = 1;
    }
    terminal_budget(&mut job.settings, io::stdout().is_terminal());
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout());
    execute(
        &job,
        &inputs,
        io::stdin().lock(),
        &mut out,
        &mut io::stderr(),
    )
}

/// Runs `job` on `inputs` ([`Input::Stdin`] reads `stdin`): the records to
/// `out`, diagnostics (and the `--stats` summary) to `err`. `out` is written
/// as is: the caller buffers it.
///
/// # Errors
/// Errors writing to `out` (a closed pipe included: the caller decides), or
/// starting the worker threads.
pub fn execute<R: BufRead, W: Write + Send, E: Write>(
    job: &Job,
    inputs: &[Input],
    mut stdin: R,
    out: &mut W,
    err: &mut E,
) -> anyhow::Result<Status> {
    let window = match job.shard {
        None => None,
        Some(shard) => {
            if let Some(input) = inputs.iter().find(|i| !readable_twice(i)) {
                let _ = writeln!(
                    err,
                    "sudokit: --shard reads the inputs twice (first to count the puzzles), so it needs files, not pipes or devices: save {input} to a file first"
                );
                return Ok(Status::Failed);
            }
            let total = count_puzzles(inputs, job.format, job.settings.limits);
            Some(Window {
                next: 0,
                range: shard.range(total),
            })
        }
    };
    let total = match (&window, inputs) {
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
    // `--all` and a puzzle drawn for a person stay on the main thread.
    let settings = job.settings.clone();
    // WebAssembly has no threads: its build leaves the pool out.
    let pooled = !cfg!(target_family = "wasm") && job.threads > 1;
    let batch = if pooled && settings.mode != Mode::All && settings.pretty.is_none() {
        Some(Batch::new(job.threads).context("cannot start the worker threads")?)
    } else {
        None
    };
    let progress = Progress::new(job.progress, total);
    let start = progress.start();
    let mut run = Run {
        settings,
        format: job.format,
        out,
        err,
        progress,
        status: Status::Ok,
        tally: Tally::default(),
        window,
        batch,
        bytes: Rc::new(Cell::new(0)),
        bytes_done: 0,
        read_errors: 0,
        header: None,
    };
    for input in inputs {
        run.input(input, &mut stdin)
            .context("cannot write the output")?;
    }
    run.out.flush().context("cannot write the output")?;
    run.progress.finish();
    if run.tally.invalid > 0 || run.tally.gave_up > 0 {
        run.note(Status::Malformed);
    }
    if job.stats {
        run.print_stats(start);
    }
    Ok(run.status)
}

#[cfg(test)]
#[path = "solve_tests.rs"]
mod tests;
