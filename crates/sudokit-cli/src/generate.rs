//! `sudokit generate`: the spec from the arguments, puzzles made in parallel
//! from one seed each, written in order.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

use anyhow::{bail, Context};
use rayon::prelude::*;
use sudokit::format::{self, Format, Style};
use sudokit::generate::{puzzle_seed, GaveUp, Generated, Generator, Shape, Spec, Tally};
use sudokit::{default_box_shape, EngineKind, Extra, Geometry, Puzzle};

use crate::cli::GenerateArgs;
use crate::progress::{Progress, Total};
use crate::status::Status;
use crate::variant::{self, Variant};

/// Puzzles made between two writes (and progress updates), per thread.
const CHUNK_PER_THREAD: u64 = 256;

/// Seconds a run may take per puzzle asked (per thread) when --timeout is
/// not given: far more than any reachable 9x9 target needs, and a bound on
/// the grids and targets whose tries go on for minutes.
pub(crate) const DEFAULT_SECONDS_PER_PUZZLE: u64 = 60;

/// The run's time limit without --timeout: [`DEFAULT_SECONDS_PER_PUZZLE`]
/// for each puzzle a thread has to make.
fn default_timeout(count: u64, threads: usize) -> Duration {
    let rounds = count.div_ceil(threads.max(1) as u64).max(1);
    Duration::from_secs(DEFAULT_SECONDS_PER_PUZZLE.saturating_mul(rounds))
}

/// Runs `sudokit generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<Status> {
    let mut spec = spec_of(args)?;
    let engine = args.engine;
    let make = |spec: Spec| match engine {
        EngineKind::Auto => Generator::new(spec),
        kind => Generator::with_engine(spec, kind.build()),
    };
    // Fail on a spec the library refuses before any thread starts.
    make(spec.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    let (format, variant) = output_of(args);
    let seed = args.seed.unwrap_or_else(sudokit::generate::random_seed);
    let threads = match args.threads {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("starting the worker threads")?;

    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut progress = Progress::new(args.progress, Total::Puzzles(args.count));
    let start = Instant::now();
    let timeout = args
        .timeout
        .unwrap_or_else(|| default_timeout(args.count, threads));
    spec.deadline = start.checked_add(timeout);
    let mut made: Vec<usize> = Vec::new();
    let mut tallies = Tally::default();
    let mut work = Duration::ZERO;
    let mut status = Status::Ok;
    let mut timed_out = false;
    // hdu4069 starts with its case count: the records wait until the run is
    // over, so that it counts the cases written, not the puzzles asked.
    let mut held = (format == Format::Hdu4069 && !args.json()).then(Vec::new);
    let mut records = 0;
    let chunk = CHUNK_PER_THREAD * threads as u64;
    let mut next = 0;
    while next < args.count && !timed_out {
        let end = (next + chunk).min(args.count);
        let batch: Vec<(Result<Generated, GaveUp>, Duration)> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map_init(
                    || make(spec.clone()).ok(),
                    |g, i| {
                        let t = Instant::now();
                        let result = match g {
                            Some(g) => g.generate(puzzle_seed(seed, i)),
                            None => Err(GaveUp::default()),
                        };
                        (result, t.elapsed())
                    },
                )
                .collect()
        });
        for (i, (result, took)) in (next..end).zip(batch) {
            work += took;
            match result {
                Ok(g) if args.json() => {
                    let record = json_record(i + 1, puzzle_seed(seed, i), &g);
                    writeln!(out, "{record}")?;
                    made.push(g.puzzle.givens().filled());
                    tallies.add(&g.tally);
                }
                Ok(g) => {
                    if records == 0 {
                        ensure_round_trip(format, variant, &g.puzzle)?;
                        if held.is_none() {
                            write_header(&mut out, format, variant, 0)?;
                        }
                    }
                    let mut sink: &mut dyn Write = match held.as_mut() {
                        Some(held) => held,
                        None => &mut out,
                    };
                    write_record(&mut sink, format, &g.puzzle)?;
                    records += 1;
                    if args.with_solution {
                        let solved =
                            Puzzle::new(Arc::clone(g.puzzle.geometry()), g.solution.clone())?;
                        write_record(&mut sink, format, &solved)?;
                        records += 1;
                    }
                    made.push(g.puzzle.givens().filled());
                    tallies.add(&g.tally);
                }
                // The time limit: one line for the whole run, below.
                Err(e) if e.timed_out => {
                    tallies.add(&e.tally);
                    timed_out = true;
                }
                Err(e) => {
                    tallies.add(&e.tally);
                    eprintln!("sudokit: puzzle {}: {e}", i + 1);
                    status = status.max(Status::Malformed);
                }
            }
        }
        out.flush()?;
        next = end;
        progress.update(next, 0);
    }
    progress.finish();
    if let Some(held) = held.filter(|_| records > 0) {
        write_header(&mut out, format, variant, records)?;
        out.write_all(&held)?;
        out.flush()?;
    }
    if timed_out {
        eprintln!(
            "sudokit: generated {} of {} puzzles: the time limit of {} s ({}) ran out",
            made.len(),
            args.count,
            timeout.as_secs_f64(),
            if args.timeout.is_some() {
                "--timeout".to_string()
            } else {
                format!(
                    "the default, {DEFAULT_SECONDS_PER_PUZZLE} s per puzzle per thread; \
                     --timeout sets it"
                )
            }
        );
        status = status.max(Status::Malformed);
    }
    if args.stats {
        let run = Run {
            wall: start.elapsed(),
            work,
            seed,
            threads,
            asked: args.count,
        };
        stats(&made, &tallies, &run);
    }
    Ok(status)
}

/// One `--json` record: the puzzle and solution as lines, the regions line
/// of a jigsaw, the rating when the generator finished it.
fn json_record(number: u64, seed: u64, g: &Generated) -> String {
    use crate::record::json::{board, layout, line, regions};
    let level = |er| sudokit::logic::Level::of(er).name();
    // Numbers, as `sudokit rate --json` writes them.
    let rating = match (g.rating, g.er) {
        (Some(r), _) => Some(serde_json::json!({
            "er": r.er.value(), "ep": r.ep.value(), "ed": r.ed.value(), "level": level(r.er),
        })),
        (None, Some(er)) => Some(serde_json::json!({ "er": er.value(), "level": level(er) })),
        (None, None) => None,
    };
    let value = serde_json::json!({
        "number": number,
        "seed": seed,
        "geometry": g.puzzle.geometry().to_string(),
        "puzzle": line(g.puzzle.givens(), Style::default()),
        "solution": line(&g.solution, Style::default()),
        "clues": g.puzzle.givens().filled(),
        "regions": regions(g.puzzle.geometry()),
        "rating": rating,
        "tries": g.tally.tries,
    });
    let mut value = value;
    let geometry = g.puzzle.geometry();
    if let (Some(name), Some(givens), Some(solution)) = (
        layout(geometry),
        board(g.puzzle.givens(), geometry),
        board(&g.solution, geometry),
    ) {
        value["layout"] = name.into();
        value["board"] = serde_json::json!(givens);
        value["solution_board"] = serde_json::json!(solution);
    }
    value.to_string()
}

/// The output format the arguments ask for (`line`, or `jigsaw` for a
/// jigsaw and for boxes of one row or column) and the variant header the
/// puzzles need.
pub(crate) fn output_of(args: &GenerateArgs) -> (Format, Variant) {
    let lines = args.box_shape.is_some_and(|(r, c)| r == 1 || c == 1);
    let format = args.text_format().unwrap_or(if args.layout.is_some() {
        Format::Multi
    } else if args.jigsaw || lines {
        Format::Jigsaw
    } else {
        Format::Line
    });
    let variant = Variant {
        x: args.x,
        windoku: args.windoku,
    };
    (format, variant)
}

/// The spec the arguments ask for.
pub(crate) fn spec_of(args: &GenerateArgs) -> anyhow::Result<Spec> {
    let mut extras = Vec::new();
    if args.x {
        extras.push(Extra::Diagonals);
    }
    if args.windoku {
        extras.push(Extra::Windows);
    }
    let shape = if let Some(layout) = &args.layout {
        Shape::Fixed(Arc::new(Geometry::multi(layout.clone())))
    } else if args.jigsaw {
        Shape::Jigsaw {
            size: args.size.unwrap_or(9),
            extras,
        }
    } else {
        let (rows, columns) = match (args.box_shape, args.size) {
            (Some(b), _) => b,
            (None, n) => {
                let n = n.unwrap_or(9);
                match default_box_shape(n) {
                    Some(b) => b,
                    None => bail!(
                        "a {n}x{n} grid has no boxes ({n} is not a product of two sides above 1): \
                         use --jigsaw for regions (sides 4 to 36), or another --size"
                    ),
                }
            }
        };
        let mut g = if rows == 1 || columns == 1 {
            // Boxes of one row (column) are the rows (columns): no format
            // writes such boxes, the jigsaw formats write them as regions.
            let n = rows * columns;
            let line = |c: usize| if rows == 1 { c / n } else { c % n };
            let regions: Vec<usize> = (0..n * n).map(line).collect();
            Geometry::jigsaw(n, &regions)?
        } else {
            Geometry::boxed(rows, columns)?
        };
        for e in extras {
            g = g.with_extra(e)?;
        }
        Shape::Fixed(Arc::new(g))
    };
    let mut spec = Spec::new(shape);
    spec.symmetry = args.symmetry;
    spec.minimal = args.minimal;
    spec.clues = args.clues;
    spec.rating = args.level.map(|l| l.range()).or(args.rating);
    spec.max_tries = args.max_tries;
    if let Some(n) = args.max_nodes {
        spec.check_nodes = n;
    }
    Ok(spec)
}

/// Writes what the output starts with: the variant header that `solve` and
/// `rate` read, and `hdu4069`'s case count.
fn write_header(
    out: &mut impl Write,
    format: Format,
    variant: Variant,
    cases: u64,
) -> io::Result<()> {
    if let Some(line) = variant.header_line() {
        writeln!(out, "{line}")?;
    }
    if format == Format::Hdu4069 {
        writeln!(out, "{cases}")?;
    }
    Ok(())
}

fn write_record(out: &mut impl Write, format: Format, puzzle: &Puzzle) -> io::Result<()> {
    format::write_puzzle(format, out, puzzle, Style::default())
}

/// Fails unless `puzzle`, written in `format` (after the variant header),
/// reads back as the same puzzle: a format that cannot hold the grid (regions
/// in a `line`, a 16x16 in `sdm`) is refused before anything is written,
/// naming the formats that can.
pub(crate) fn ensure_round_trip(
    format: Format,
    variant: Variant,
    puzzle: &Puzzle,
) -> anyhow::Result<()> {
    if round_trips(format, variant, puzzle) {
        return Ok(());
    }
    let others: Vec<&str> = Format::ALL
        .iter()
        .filter(|&&f| f != format && round_trips(f, variant, puzzle))
        .map(|f| f.name())
        .collect();
    let geometry = puzzle.geometry();
    let hint = if others.is_empty() {
        "; no format sudokit writes can (--json can)".to_string()
    } else {
        format!("; try --format {}", others.join(" or --format "))
    };
    bail!("the {format} format cannot hold a {geometry} puzzle{hint}")
}

/// Whether `puzzle`, written in `format` after the variant header, reads
/// back with the same geometry and givens.
fn round_trips(format: Format, variant: Variant, puzzle: &Puzzle) -> bool {
    let mut text = Vec::new();
    if write_header(&mut text, format, variant, 1).is_err()
        || write_record(&mut text, format, puzzle).is_err()
    {
        return false;
    }
    let Ok((Ok(found), rest)) = variant::read_header(Box::new(&text[..])) else {
        return false;
    };
    let Some(Ok(entry)) = format::read(format, rest).next() else {
        return false;
    };
    found
        .apply(entry.puzzle)
        .is_ok_and(|back| back.geometry() == puzzle.geometry() && back.givens() == puzzle.givens())
}

/// What `--stats` reports about the run as a whole.
struct Run {
    /// Wall-clock time of the run.
    wall: Duration,
    /// Time the threads spent making puzzles, summed.
    work: Duration,
    seed: u64,
    threads: usize,
    asked: u64,
}

/// The `--stats` summary on stderr: the rate is puzzles over wall-clock
/// time; the time per puzzle is the threads' working time over the puzzles
/// made, so it does not shrink with more threads.
fn stats(made: &[usize], t: &Tally, run: &Run) {
    let secs = run.wall.as_secs_f64();
    let n = made.len();
    let work = run.work.as_secs_f64();
    let each = match work / (n.max(1)) as f64 {
        _ if n == 0 => format!("{work:.3} s of thread time"),
        each if each < 1e-3 => format!("{:.0} µs of thread time per puzzle", each * 1e6),
        each => format!("{:.1} ms of thread time per puzzle", each * 1e3),
    };
    // Enough digits that wall time × rate gives back the count.
    let rate = n as f64 / secs.max(1e-9);
    eprintln!(
        "generated {n} of {} puzzles in {} s wall ({} puzzles/s); {each} ({} thread{}); \
         seed {}",
        run.asked,
        if secs < 1.0 {
            format!("{secs:.6}")
        } else {
            format!("{secs:.3}")
        },
        if rate < 10.0 {
            format!("{rate:.3}")
        } else {
            format!("{rate:.1}")
        },
        run.threads,
        if run.threads == 1 { "" } else { "s" },
        run.seed,
    );
    eprintln!(
        "tries {}: {} off the clue range, {} not minimal, {} off the rating range, {} with a grid \
         standing alone, {} grids not completed; {} engine runs ({} out of budget)",
        t.tries,
        t.off_clues,
        t.not_minimal,
        t.off_rating,
        t.standalone,
        t.failed_fills,
        t.checks + t.fills,
        t.unknown
    );
    if n > 0 {
        let mut hist: BTreeMap<usize, usize> = BTreeMap::new();
        for &c in made {
            *hist.entry(c).or_default() += 1;
        }
        let mean = made.iter().sum::<usize>() as f64 / n as f64;
        let line: Vec<String> = hist.iter().map(|(c, k)| format!("{c}:{k}")).collect();
        eprintln!("clues: mean {mean:.2}; histogram {}", line.join(" "));
    }
}
