//! `sudokit generate` for variant puzzles: the spec from the arguments,
//! puzzles made in parallel from one seed each, written in order as
//! f-puzzles (or SudokuPad) links, or JSON with the card.

use std::io::{self, BufWriter, Write};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

use anyhow::{bail, Context};
use rayon::prelude::*;
use sudokit::card::Band;
use sudokit::format::{self, Format, Style};
use sudokit::generate::{
    puzzle_seed, Global, Killer, LineKind, MadeVariant, Shape, VariantGaveUp, VariantGenerator,
    VariantSpec, VariantTally,
};
use sudokit::Puzzle;

use crate::cli::GenerateArgs;
use crate::generate::{spec_of, DEFAULT_SECONDS_PER_PUZZLE};
use crate::progress::{Progress, Total};
use crate::status::Status;

/// Puzzles made between two writes, per thread.
const CHUNK_PER_THREAD: u64 = 16;

/// The variant spec the arguments ask for.
pub(crate) fn variant_spec_of(args: &GenerateArgs) -> anyhow::Result<VariantSpec> {
    for (given, name) in [
        (args.minimal, "--minimal"),
        (args.clues.is_some(), "--clues"),
        (args.rating.is_some(), "--rating"),
        (args.x, "--x"),
        (args.windoku, "--windoku"),
    ] {
        if given {
            bail!(
                "{name} is for classic puzzles; a variant puzzle takes --givens N, --band and \
                 --difficulty"
            );
        }
    }
    let base = spec_of(args)?;
    let v = &args.variant;
    let n = base.shape.size();
    let mut spec = VariantSpec::new(match base.shape {
        Shape::Jigsaw { size, extras } => Shape::Jigsaw { size, extras },
        fixed => fixed,
    });
    let sizes = v.cage_size.unwrap_or_else(|| Killer::default_sizes(n));
    if v.killer {
        spec.killer = Some(Killer {
            sizes,
            count: v.cages,
            tiled: true,
        });
    } else if let Some(count) = v.killer_cages {
        spec.killer = Some(Killer {
            sizes: (sizes.0.max(2), sizes.1),
            count: Some((count, count)),
            tiled: false,
        });
    } else if v.cage_size.is_some() || v.cages.is_some() {
        bail!("--cage-size and --cages go with --killer or --killer-cages");
    }
    for (count, kind) in [
        (v.thermo, LineKind::Thermo),
        (v.arrow, LineKind::Arrow),
        (v.whispers, LineKind::Whispers),
        (v.renban, LineKind::Renban),
        (v.between, LineKind::Between),
        (v.palindrome, LineKind::Palindrome),
    ] {
        if let Some(count) = count {
            spec.lines.push((kind, count));
        }
    }
    spec.little_killers = v.little_killer.unwrap_or(0);
    spec.kropki = v.kropki;
    spec.xv = v.xv;
    spec.sandwich = v.sandwich;
    for (on, g) in [
        (v.anti_knight, Global::AntiKnight),
        (v.anti_king, Global::AntiKing),
        (v.non_consecutive, Global::NonConsecutive),
    ] {
        if on {
            spec.globals.push(g);
        }
    }
    spec.givens = v.givens;
    spec.bands = v.band.or_else(|| {
        args.level.map(|l| {
            let b = match l {
                sudokit::logic::Level::Expert => Band::VeryHard,
                l => Band::parse(l.name()).unwrap_or(Band::Extreme),
            };
            (b, b)
        })
    });
    spec.difficulty = v.difficulty;
    spec.symmetry = args.symmetry;
    spec.allow_unused = v.allow_unused;
    if args.max_tries != sudokit::generate::Spec::MAX_TRIES {
        spec.max_tries = args.max_tries;
    }
    if let Some(nodes) = args.max_nodes {
        spec.check_nodes = nodes;
    }
    VariantGenerator::new(spec.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(spec)
}

/// Runs `sudokit generate` for a variant spec.
pub fn run(args: &GenerateArgs) -> anyhow::Result<Status> {
    let mut spec = variant_spec_of(args)?;
    let format = match args.text_format() {
        None => Format::Fpuzzles,
        Some(f @ (Format::Fpuzzles | Format::Scl)) => f,
        Some(f) => bail!(
            "the {f} format cannot hold variant rules: use --format fpuzzles (the default), \
             --format scl or --json"
        ),
    };
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
    let rounds = args.count.div_ceil(threads.max(1) as u64).max(1);
    let timeout = args.timeout.unwrap_or(Duration::from_secs(
        DEFAULT_SECONDS_PER_PUZZLE.saturating_mul(rounds),
    ));
    spec.deadline = start.checked_add(timeout);
    let mut made: Vec<Band> = Vec::new();
    let mut difficulties: Vec<f64> = Vec::new();
    let mut tallies = VariantTally::default();
    let mut status = Status::Ok;
    let mut timed_out = false;
    let chunk = CHUNK_PER_THREAD * threads as u64;
    let mut next = 0;
    while next < args.count && !timed_out {
        let end = (next + chunk).min(args.count);
        let batch: Vec<Result<MadeVariant, VariantGaveUp>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map_init(
                    || VariantGenerator::new(spec.clone()).ok(),
                    |g, i| match g {
                        Some(g) => g.generate(puzzle_seed(seed, i)),
                        None => Err(VariantGaveUp::default()),
                    },
                )
                .collect()
        });
        for (i, result) in (next..end).zip(batch) {
            match result {
                Ok(m) => {
                    if args.json() {
                        writeln!(out, "{}", json_record(i + 1, puzzle_seed(seed, i), &m))?;
                    } else {
                        write_puzzle(&mut out, format, &m.puzzle)?;
                        if args.with_solution {
                            let solved = solved_puzzle(&m)?;
                            write_puzzle(&mut out, format, &solved)?;
                        }
                    }
                    made.push(m.card.band);
                    difficulties.extend(m.card.difficulty);
                    tallies.add(&m.tally);
                }
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
    if timed_out {
        eprintln!(
            "sudokit: generated {} of {} puzzles: the time limit of {} s ran out{}",
            made.len(),
            args.count,
            timeout.as_secs_f64(),
            if args.timeout.is_some() {
                ""
            } else {
                " (the default; --timeout sets it)"
            }
        );
        status = status.max(Status::Malformed);
    }
    if args.stats {
        stats(
            &made,
            &difficulties,
            &tallies,
            start.elapsed(),
            seed,
            threads,
        );
    }
    Ok(status)
}

fn write_puzzle(out: &mut impl Write, format: Format, puzzle: &Puzzle) -> io::Result<()> {
    format::write_puzzle(format, out, puzzle, Style::default())
}

/// The puzzle with its solution as givens (what `--with-solution` writes).
fn solved_puzzle(m: &MadeVariant) -> anyhow::Result<Puzzle> {
    Ok(
        Puzzle::new(Arc::clone(m.puzzle.geometry()), m.solution.clone())?
            .with_constraints(m.puzzle.constraints().to_vec())?,
    )
}

/// One `--json` record: the puzzle as an f-puzzles and a SudokuPad link, the
/// solution line, the card.
fn json_record(number: u64, seed: u64, m: &MadeVariant) -> String {
    let text = |f| format::puzzle_text(f, &m.puzzle, Style::default()).unwrap_or_default();
    serde_json::json!({
        "number": number,
        "seed": seed,
        "geometry": m.puzzle.geometry().to_string(),
        "fpuzzles": text(Format::Fpuzzles).trim_end(),
        "scl": text(Format::Scl).trim_end(),
        "solution": crate::record::json::line(&m.solution, Style::default()),
        "givens": m.puzzle.givens().filled(),
        "rules": m.puzzle.constraints().len(),
        "card": m.card.to_json(m.puzzle.geometry()),
        "tries": m.tally.tries,
    })
    .to_string()
}

/// The `--stats` summary on stderr.
fn stats(
    made: &[Band],
    difficulties: &[f64],
    t: &VariantTally,
    wall: Duration,
    seed: u64,
    threads: usize,
) {
    let secs = wall.as_secs_f64();
    let n = made.len();
    eprintln!(
        "generated {n} puzzles in {secs:.3} s wall ({:.2} puzzles/s, {:.1} a minute; {threads} \
         thread{}); seed {seed}",
        n as f64 / secs.max(1e-9),
        60.0 * n as f64 / secs.max(1e-9),
        if threads == 1 { "" } else { "s" },
    );
    eprintln!(
        "tries {}: {} off the band, {} with an unneeded rule, {} not made unique, {} not drawn; \
         {} uniqueness checks ({} out of budget), {} cards, {} cage merges",
        t.tries,
        t.off_band,
        t.unused,
        t.not_unique,
        t.failed_draws,
        t.checks,
        t.unknown,
        t.cards,
        t.merges
    );
    if n > 0 {
        let bands: Vec<String> = Band::ALL
            .iter()
            .map(|b| (b, made.iter().filter(|m| *m == b).count()))
            .filter(|(_, k)| *k > 0)
            .map(|(b, k)| format!("{b}: {k}"))
            .collect();
        let mut d = difficulties.to_vec();
        d.sort_by(f64::total_cmp);
        let at = |q: f64| d.get(((d.len() - 1) as f64 * q).round() as usize).copied();
        eprintln!(
            "bands: {}; difficulty min {:.2}, median {:.2}, max {:.2}",
            bands.join(", "),
            at(0.0).unwrap_or(0.0),
            at(0.5).unwrap_or(0.0),
            at(1.0).unwrap_or(0.0)
        );
    }
}
