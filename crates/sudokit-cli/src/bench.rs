//! `sudokit bench`: in-process throughput, in the style of tdoku's harness.
//!
//! For each file: read every puzzle (any format; malformed ones are reported
//! and left out), warm up, then solve the puzzles in order, round after
//! round, until the time budget is spent, and print one table row:
//! puzzles/s, µs per puzzle, the share solved without a guess and guesses
//! per puzzle (over the distinct puzzles solved), and the mode. Parsing is outside the timed loop; the
//! first solution is built (the engine contract returns it) but not printed.

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use sudokit::engine::{Backend, Fast9, Triad9};
use sudokit::format::{self, Format};
use sudokit::{Engine, EngineKind, Puzzle};

use crate::cli::BenchArgs;
use crate::status::Status;

/// What one file's timed run measured.
struct Row {
    /// Distinct puzzles solved (the guess statistics cover these).
    puzzles: usize,
    solved: u64,
    seconds: f64,
    no_guess: usize,
    guesses: u64,
}

/// Runs `sudokit bench`.
pub fn run(args: &BenchArgs) -> anyhow::Result<Status> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let limit = args.limit;
    let mode = if limit == 1 {
        "first (limit 1)".to_owned()
    } else if limit == 2 {
        "unique (limit 2)".to_owned()
    } else {
        format!("count (limit {limit})")
    };
    // The kernels the engines run (fast9 runs its AVX2 kernel on an
    // AVX-512 CPU).
    let fast9 = Fast9::new().backend().name();
    let triad9 = Triad9::new().backend();
    let backend = match args.engine {
        EngineKind::Fast9 => format!(", fast9 backend {fast9}"),
        EngineKind::Auto => {
            if triad9 == Backend::Portable {
                format!(": 9x9 to fast9 ({fast9})")
            } else {
                format!(
                    ": 9x9 with over {} givens to triad9 ({}), others to fast9 ({fast9})",
                    sudokit::Auto::SPARSE_GIVENS,
                    triad9.name(),
                )
            }
        }
        EngineKind::Triad9 => format!(", triad9 backend {}", triad9.name()),
        _ => String::new(),
    };
    writeln!(
        out,
        "engine {}{backend}; mode {mode}; {:.1} s per file after {:.1} s warm-up; one thread\n",
        args.engine, args.seconds, args.warmup
    )?;
    writeln!(
        out,
        "| file | distinct puzzles | puzzles/s | µs/puzzle | no guess | guesses/puzzle | mode |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|---|")?;
    out.flush()?;
    let mut status = Status::Ok;
    for path in &args.files {
        let (puzzles, malformed) = load(path, args.format)?;
        if malformed > 0 {
            status = Status::Malformed;
        }
        if puzzles.is_empty() {
            eprintln!("{}: no puzzle to time", path.display());
            status = Status::Malformed;
            continue;
        }
        let mut engine = args.engine.build();
        if let Some(p) = puzzles.iter().find(|p| !engine.supports(p.geometry())) {
            bail!(
                "{}: engine {} does not support {}",
                path.display(),
                args.engine,
                p.geometry()
            );
        }
        let row = time(&mut *engine, &puzzles, limit, args.warmup, args.seconds)?;
        let name = path
            .file_name()
            .unwrap_or(path.as_os_str())
            .to_string_lossy();
        let rate = row.solved as f64 / row.seconds;
        writeln!(
            out,
            "| {name} | {} | {rate:.0} | {:.2} | {:.1}% | {:.2} | {} |",
            row.puzzles,
            1e6 / rate,
            100.0 * row.no_guess as f64 / row.puzzles as f64,
            row.guesses as f64 / row.puzzles as f64,
            if limit == 1 { "first" } else { "unique" },
        )?;
        out.flush()?;
    }
    Ok(status)
}

/// Reads every puzzle of `path`; malformed ones are reported on stderr and
/// counted.
fn load(path: &Path, format: Option<Format>) -> anyhow::Result<(Vec<Puzzle>, usize)> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let (format, reader) = match format {
        Some(f) => (f, format::detect_reader(BufReader::new(file))?.1),
        None => {
            let (found, reader) = format::detect_reader(BufReader::new(file))?;
            let f = found.with_context(|| format!("{}: cannot tell the format", path.display()))?;
            (f, reader)
        }
    };
    let mut puzzles = Vec::new();
    let mut malformed = 0;
    for entry in format::read(format, reader) {
        match entry {
            Ok(e) => puzzles.push(e.puzzle),
            Err(format::ReadError::Parse(e)) => {
                eprintln!("{}:{}: {e}", path.display(), e.line);
                malformed += 1;
            }
            Err(format::ReadError::Io(e)) => {
                return Err(e).with_context(|| format!("cannot read {}", path.display()))
            }
        }
    }
    Ok((puzzles, malformed))
}

/// Warms up for `warmup` seconds, then solves the puzzles in order, round
/// after round, until `seconds` have passed (the clock is read every 16
/// puzzles). Guess statistics cover each puzzle once (the first round, or as
/// much of it as the time allowed).
fn time(
    engine: &mut dyn Engine,
    puzzles: &[Puzzle],
    limit: u64,
    warmup: f64,
    seconds: f64,
) -> anyhow::Result<Row> {
    let mut run =
        |budget: f64, stats: &mut Option<(usize, usize, u64)>| -> anyhow::Result<(u64, f64)> {
            let budget = Duration::from_secs_f64(budget);
            let start = Instant::now();
            let mut solved = 0u64;
            for (i, p) in puzzles.iter().cycle().enumerate() {
                let answer = engine.solve(p, limit)?;
                if let Some((seen, no_guess, guesses)) = stats.as_mut() {
                    if i < puzzles.len() {
                        *seen += 1;
                        *no_guess += usize::from(answer.stats.guesses == 0);
                        *guesses += answer.stats.guesses;
                    }
                }
                std::hint::black_box(&answer);
                solved += 1;
                if solved.is_multiple_of(16) && start.elapsed() >= budget {
                    break;
                }
            }
            Ok((solved, start.elapsed().as_secs_f64()))
        };
    run(warmup, &mut None)?;
    let mut stats = Some((0, 0, 0));
    let (solved, seconds) = run(seconds, &mut stats)?;
    let (seen, no_guess, guesses) = stats.unwrap_or_default();
    Ok(Row {
        puzzles: seen,
        solved,
        seconds,
        no_guess,
        guesses,
    })
}
