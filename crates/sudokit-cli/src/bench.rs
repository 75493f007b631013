//! `sudokit bench`: in-process throughput, in the style of tdoku's harness.
//!
//! For each file: read every puzzle (any format; malformed ones are reported
//! and left out), solve each once under the per-puzzle budget (puzzles that
//! run out of it are reported and left out, so an unsolvable monster cannot
//! hang the run), warm up, then solve the puzzles in order, round after
//! round, until the time budget is spent, and print one table row:
//! puzzles/s, µs per puzzle, the share solved without a guess and guesses
//! per puzzle (over the distinct puzzles timed), the mode and the puzzles
//! given up on. Parsing is outside the timed loop; the first solution is
//! built (the engine contract returns it) but not printed.

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::time::Duration;
use web_time::Instant;

use anyhow::{bail, Context};
use sudokit::engine::{Backend, Fast9, Triad9};
use sudokit::format::{self, Format};
use sudokit::{Budget, Engine, EngineKind, Puzzle};

use crate::cli::BenchArgs;
use crate::status::Status;
use crate::variant::Variant;

/// The CPU's model (from `/proc/cpuinfo` where there is one) and the vector
/// extensions the kernels use, so a table says what it was measured on.
pub(crate) fn cpu_line() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_owned())
        })
        .unwrap_or_else(|| format!("unknown {} CPU", std::env::consts::ARCH));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    #[cfg(target_arch = "x86_64")]
    let flags: Vec<&str> = [
        ("avx2", std::arch::is_x86_feature_detected!("avx2")),
        ("bmi2", std::arch::is_x86_feature_detected!("bmi2")),
        ("avx512f", std::arch::is_x86_feature_detected!("avx512f")),
        ("avx512bw", std::arch::is_x86_feature_detected!("avx512bw")),
        ("avx512vl", std::arch::is_x86_feature_detected!("avx512vl")),
        (
            "avx512bitalg",
            std::arch::is_x86_feature_detected!("avx512bitalg"),
        ),
    ]
    .into_iter()
    .filter_map(|(name, on)| on.then_some(name))
    .collect();
    #[cfg(not(target_arch = "x86_64"))]
    let flags: Vec<&str> = Vec::new();
    let flags = if flags.is_empty() {
        "none".to_owned()
    } else {
        flags.join(" ")
    };
    format!(
        "{model}, {threads} threads; vector extensions: {flags}; best backend {}",
        Backend::detect().name()
    )
}

/// A puzzle to time and the line it starts on.
pub(crate) struct Loaded {
    pub line: usize,
    pub puzzle: Puzzle,
}

/// What one file's timed run measured.
struct Row {
    solved: u64,
    seconds: f64,
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
                    sudokit::Auto::sparse_givens_for(triad9),
                    triad9.name(),
                )
            }
        }
        EngineKind::Triad9 => format!(", triad9 backend {}", triad9.name()),
        _ => String::new(),
    };
    let budget = Budget {
        max_nodes: args.max_nodes,
        time_limit: Some(args.timeout),
        cancel: None,
    };
    let variant = args.variant.variant();
    let extras = match (variant.x, variant.windoku) {
        (false, false) => "",
        (true, false) => "; X-sudoku",
        (false, true) => "; windoku",
        (true, true) => "; X-sudoku with windoku",
    };
    writeln!(out, "cpu: {}", cpu_line())?;
    writeln!(
        out,
        "engine {}{backend}; mode {mode}{extras}; {:.1} s per file after {:.1} s warm-up; one thread; giving up on a puzzle after {:.1} s{}\n",
        args.engine,
        args.seconds.as_secs_f64(),
        args.warmup.as_secs_f64(),
        args.timeout.as_secs_f64(),
        args.max_nodes.map(|n| format!(" or {n} nodes")).unwrap_or_default(),
    )?;
    writeln!(
        out,
        "| file | distinct puzzles | puzzles/s | µs/puzzle | no guess | guesses/puzzle | mode | gave up |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|---|---:|")?;
    out.flush()?;
    let mut status = Status::Ok;
    for path in &args.files {
        let (puzzles, malformed) = load(path, args.format, args.variant.variant())?;
        if malformed > 0 {
            status = Status::Malformed;
        }
        if puzzles.is_empty() {
            eprintln!("{}: no puzzle to time", path.display());
            status = Status::Malformed;
            continue;
        }
        let mut engine = args.engine.build();
        if let Some(p) = puzzles
            .iter()
            .find(|p| !engine.supports(p.puzzle.geometry()))
        {
            bail!(
                "{}: engine {} does not support {}",
                path.display(),
                args.engine,
                p.puzzle.geometry()
            );
        }
        let name = path
            .file_name()
            .unwrap_or(path.as_os_str())
            .to_string_lossy();
        let mode = if limit == 1 { "first" } else { "unique" };
        engine.set_budget(budget.clone());
        let screened = screen(&mut *engine, &puzzles, limit, path)?;
        if screened.gave_up > 0 {
            status = Status::Malformed;
        }
        if screened.kept.is_empty() {
            writeln!(
                out,
                "| {name} | 0 | - | - | - | - | {mode} | {} |",
                screened.gave_up
            )?;
            out.flush()?;
            continue;
        }
        // The timed rounds read no clock per puzzle; a node bound costs
        // nothing (engines compare the node count with it anyway).
        engine.set_budget(Budget {
            max_nodes: args.max_nodes,
            time_limit: None,
            cancel: None,
        });
        let row = time(
            &mut *engine,
            &screened.kept,
            limit,
            args.warmup,
            args.seconds,
        )?;
        let rate = row.solved as f64 / row.seconds;
        writeln!(
            out,
            "| {name} | {} | {rate:.0} | {:.2} | {:.1}% | {:.2} | {mode} | {} |",
            screened.kept.len(),
            1e6 / rate,
            100.0 * screened.no_guess as f64 / screened.kept.len() as f64,
            screened.guesses as f64 / screened.kept.len() as f64,
            screened.gave_up,
        )?;
        out.flush()?;
    }
    Ok(status)
}

/// Reads every puzzle of `path` (with the extra houses of `variant` and of
/// the file's header); malformed ones are reported on stderr and counted.
pub(crate) fn load(
    path: &Path,
    format: Option<Format>,
    variant: Variant,
) -> anyhow::Result<(Vec<Loaded>, usize)> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let (header, reader) = crate::variant::read_header(Box::new(BufReader::new(file)))
        .with_context(|| format!("cannot read {}", path.display()))?;
    let variant = match header {
        Ok(h) => variant.union(h),
        Err(why) => bail!("{}:1: {why}", path.display()),
    };
    let (format, reader) = match format {
        Some(f) => (f, format::detect_reader(reader)?.1),
        None => {
            let (found, reader) = format::detect_reader(reader)?;
            let f = found.with_context(|| format!("{}: cannot tell the format", path.display()))?;
            (f, reader)
        }
    };
    let mut puzzles = Vec::new();
    let mut malformed = 0;
    for entry in format::read(format, reader) {
        let entry = match entry {
            Ok(e) => {
                let mut item = Ok(e);
                variant.apply_item(&mut item);
                item.map_err(format::ReadError::Parse)
            }
            Err(e) => Err(e),
        };
        match entry {
            Ok(e) => puzzles.push(Loaded {
                line: e.line,
                puzzle: e.puzzle,
            }),
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

/// The puzzles of a file that were solved within the budget, with their
/// guess statistics.
struct Screened {
    kept: Vec<Puzzle>,
    gave_up: usize,
    no_guess: usize,
    guesses: u64,
}

/// Solves every puzzle once under the engine's budget: those that run out
/// of it are named on stderr and left out; the others are kept, with their
/// guess statistics (the engines are deterministic, so the timed rounds
/// repeat these searches).
fn screen(
    engine: &mut dyn Engine,
    puzzles: &[Loaded],
    limit: u64,
    path: &Path,
) -> anyhow::Result<Screened> {
    let mut s = Screened {
        kept: Vec::with_capacity(puzzles.len()),
        gave_up: 0,
        no_guess: 0,
        guesses: 0,
    };
    for p in puzzles {
        let answer = engine.solve(&p.puzzle, limit)?;
        if let Some(reason) = answer.stopped {
            eprintln!(
                "{}:{}: gave up: {reason} after {} nodes (left out of the timing)",
                path.display(),
                p.line,
                answer.stats.nodes
            );
            s.gave_up += 1;
            continue;
        }
        s.no_guess += usize::from(answer.stats.guesses == 0);
        s.guesses += answer.stats.guesses;
        s.kept.push(p.puzzle.clone());
    }
    Ok(s)
}

/// Warms up for `warmup`, then solves the puzzles in order, round after
/// round, until `seconds` have passed (the clock is read every 16 puzzles).
fn time(
    engine: &mut dyn Engine,
    puzzles: &[Puzzle],
    limit: u64,
    warmup: Duration,
    seconds: Duration,
) -> anyhow::Result<Row> {
    let mut run = |budget: Duration| -> anyhow::Result<(u64, f64)> {
        let start = Instant::now();
        let mut solved = 0u64;
        for p in puzzles.iter().cycle() {
            let answer = engine.solve(p, limit)?;
            std::hint::black_box(&answer);
            solved += 1;
            if solved.is_multiple_of(16) && start.elapsed() >= budget {
                break;
            }
        }
        Ok((solved, start.elapsed().as_secs_f64()))
    };
    run(warmup)?;
    let (solved, seconds) = run(seconds)?;
    Ok(Row { solved, seconds })
}
