//! `sudokit generate`: the spec from the arguments, puzzles made in parallel
//! from one seed each, written in order.

use std::collections::BTreeMap;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufWriter, Write};
use std::sync::Arc;
use std::time::Instant;

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

/// Runs `sudokit generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<Status> {
    let spec = spec_of(args)?;
    let engine = args.engine;
    let make = |spec: Spec| match engine {
        EngineKind::Auto => Generator::new(spec),
        kind => Generator::with_engine(spec, kind.build()),
    };
    // Fail on a spec the library refuses before any thread starts.
    make(spec.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    let (format, variant) = output_of(args);
    let seed = args.seed.unwrap_or_else(random_seed);
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
    let mut made: Vec<usize> = Vec::new();
    let mut tallies = Tally::default();
    let mut status = Status::Ok;
    let mut first = true;
    let chunk = CHUNK_PER_THREAD * threads as u64;
    let mut next = 0;
    while next < args.count {
        let end = (next + chunk).min(args.count);
        let batch: Vec<Result<Generated, GaveUp>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map_init(
                    || make(spec.clone()).ok(),
                    |g, i| match g {
                        Some(g) => g.generate(puzzle_seed(seed, i)),
                        None => Err(GaveUp::default()),
                    },
                )
                .collect()
        });
        for (i, result) in (next..end).zip(batch) {
            match result {
                Ok(g) if args.json => {
                    let record = json_record(i + 1, puzzle_seed(seed, i), &g);
                    writeln!(out, "{record}")?;
                    made.push(g.puzzle.givens().filled());
                    tallies.add(&g.tally);
                }
                Ok(g) => {
                    if first {
                        first = false;
                        ensure_round_trip(format, variant, &g.puzzle)?;
                        let cases = args.count * if args.with_solution { 2 } else { 1 };
                        write_header(&mut out, format, variant, cases)?;
                    }
                    write_record(&mut out, format, &g.puzzle)?;
                    if args.with_solution {
                        let solved =
                            Puzzle::new(Arc::clone(g.puzzle.geometry()), g.solution.clone())?;
                        write_record(&mut out, format, &solved)?;
                    }
                    made.push(g.puzzle.givens().filled());
                    tallies.add(&g.tally);
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
    if args.stats {
        stats(&made, &tallies, start, seed, threads, args.count);
    }
    Ok(status)
}

/// One `--json` record: the puzzle and solution as lines, the regions line
/// of a jigsaw, the rating when the generator finished it.
fn json_record(number: u64, seed: u64, g: &Generated) -> String {
    use crate::rate::tenths;
    use crate::record::json::{line, regions};
    let level = |er| sudokit::logic::Level::of(er).name();
    // Numbers, as `sudokit rate --json` writes them.
    let rating = match (g.rating, g.er) {
        (Some(r), _) => Some(serde_json::json!({
            "er": tenths(r.er), "ep": tenths(r.ep), "ed": tenths(r.ed), "level": level(r.er),
        })),
        (None, Some(er)) => Some(serde_json::json!({ "er": tenths(er), "level": level(er) })),
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
    value.to_string()
}

/// The output format the arguments ask for (`line`, or `jigsaw` for a
/// jigsaw) and the variant header the puzzles need.
pub(crate) fn output_of(args: &GenerateArgs) -> (Format, Variant) {
    let format = args.format.unwrap_or(if args.jigsaw {
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
    let shape = if args.jigsaw {
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
        let mut g = Geometry::boxed(rows, columns)?;
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

/// A seed for a run without `--seed` (shown by `--stats`).
pub(crate) fn random_seed() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.write_u32(std::process::id());
    h.finish()
}

/// Writes what the output starts with: the variant header that `solve` and
/// `rate` read, and `hdu4069`'s case count.
fn write_header(
    out: &mut impl Write,
    format: Format,
    variant: Variant,
    cases: u64,
) -> io::Result<()> {
    if variant.x || variant.windoku {
        let words: Vec<&str> = [(variant.x, "x"), (variant.windoku, "windoku")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, w)| *w)
            .collect();
        writeln!(out, "# sudokit: {}", words.join(" "))?;
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
/// in a `line`, a 16x16 in `sdm`) is refused before anything is written.
pub(crate) fn ensure_round_trip(
    format: Format,
    variant: Variant,
    puzzle: &Puzzle,
) -> anyhow::Result<()> {
    let mut text = Vec::new();
    write_header(&mut text, format, variant, 1)?;
    write_record(&mut text, format, puzzle)?;
    let refuse = || {
        anyhow::anyhow!(
            "the {format} format cannot hold a {} puzzle; try --format {}",
            puzzle.geometry(),
            if puzzle.geometry().layout() == sudokit::Layout::Jigsaw {
                "jigsaw"
            } else {
                "line"
            }
        )
    };
    let (found, rest) = variant::read_header(Box::new(&text[..]))?;
    let found = found.map_err(|_| refuse())?;
    let entry = format::read(format, rest)
        .next()
        .ok_or_else(refuse)?
        .map_err(|_| refuse())?;
    let back = found.apply(entry.puzzle).map_err(|_| refuse())?;
    if back.geometry() != puzzle.geometry() || back.givens() != puzzle.givens() {
        return Err(refuse());
    }
    Ok(())
}

/// The `--stats` summary on stderr.
fn stats(made: &[usize], t: &Tally, start: Instant, seed: u64, threads: usize, asked: u64) {
    let secs = start.elapsed().as_secs_f64();
    let n = made.len();
    // Thread time per puzzle, in the unit that keeps it readable.
    let each = secs * threads as f64 / (n.max(1)) as f64;
    let each = if each < 1e-3 {
        format!("{:.0} µs", each * 1e6)
    } else {
        format!("{:.1} ms", each * 1e3)
    };
    eprintln!(
        "generated {n} of {asked} puzzles in {secs:.3} s: {:.1} puzzles/s, {each} each ({threads} thread{}), seed {seed}",
        n as f64 / secs.max(1e-9),
        if threads == 1 { "" } else { "s" },
    );
    eprintln!(
        "tries {}: {} off the clue range, {} not minimal, {} off the rating range, {} grids not completed; \
         {} engine runs ({} out of budget)",
        t.tries,
        t.off_clues,
        t.not_minimal,
        t.off_rating,
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
