//! `sudokit bench --each`: the time of each puzzle on its own, for a side
//! by side with a peer solver driven the same way (one warm-up run, then
//! runs until 300 ms or 25 runs, at least 3; the median).

use std::io::Write;
use std::time::Duration;
use web_time::Instant;

use sudokit::variant::Rule;
use sudokit::{Budget, Engine, Puzzle};

use crate::bench::{cpu_line, load};
use crate::cli::BenchArgs;
use crate::status::Status;

/// Total time after which a puzzle's runs stop.
const ENOUGH: Duration = Duration::from_millis(300);
/// Runs after which a puzzle's runs stop.
const MOST_RUNS: usize = 25;
/// Runs a puzzle gets at least.
const LEAST_RUNS: usize = 3;

/// Runs `sudokit bench --each`: times every puzzle of `args.files` on its
/// own and prints a table row per puzzle.
pub fn run(args: &BenchArgs) -> anyhow::Result<Status> {
    let stdout = std::io::stdout();
    let out = &mut stdout.lock();
    let budget = Budget {
        max_nodes: args.max_nodes,
        time_limit: Some(args.timeout),
        cancel: None,
    };
    let op = if args.candidates {
        "true candidates".to_owned()
    } else {
        format!("solve, limit {}", args.limit)
    };
    writeln!(out, "cpu: {}", cpu_line())?;
    writeln!(
        out,
        "engine {}; {op}; per puzzle: one warm-up run, then runs until {} ms or {MOST_RUNS} runs (at least {LEAST_RUNS}); median; one thread\n",
        args.engine,
        ENOUGH.as_millis()
    )?;
    writeln!(
        out,
        "| file | puzzle | constraints | answer | runs | median ms |"
    )?;
    writeln!(out, "|---|---:|---|---|---:|---:|")?;
    let mut status = Status::Ok;
    for path in &args.files {
        let (puzzles, malformed) = load(path, args.format, args.variant.variant())?;
        if malformed > 0 {
            status = Status::Malformed;
        }
        let name = path
            .file_name()
            .unwrap_or(path.as_os_str())
            .to_string_lossy();
        let mut engine = args.engine.build();
        engine.set_budget(budget.clone());
        for (i, p) in puzzles.iter().enumerate() {
            let mut answer = String::new();
            let mut once = |engine: &mut dyn Engine| -> anyhow::Result<Duration> {
                let start = Instant::now();
                answer = measure(engine, &p.puzzle, args)?;
                Ok(start.elapsed())
            };
            once(&mut *engine)?;
            let mut times = Vec::new();
            let mut total = Duration::ZERO;
            while times.len() < LEAST_RUNS || (total < ENOUGH && times.len() < MOST_RUNS) {
                let t = once(&mut *engine)?;
                total += t;
                times.push(t);
            }
            if answer == "gave up" {
                status = Status::Malformed;
            }
            times.sort();
            let median = times[times.len() / 2].as_secs_f64() * 1e3;
            writeln!(
                out,
                "| {name} | {} | {} | {answer} | {} | {median:.3} |",
                i + 1,
                kinds(&p.puzzle),
                times.len()
            )?;
            out.flush()?;
        }
    }
    Ok(status)
}

/// One run of the operation; its answer in a few words.
fn measure(engine: &mut dyn Engine, puzzle: &Puzzle, args: &BenchArgs) -> anyhow::Result<String> {
    if args.candidates {
        let tc = engine.true_candidates(puzzle, 1)?;
        let open = tc.candidates.iter().filter(|c| c.len() > 1).count();
        return Ok(match (tc.stopped, tc.is_empty()) {
            (Some(_), _) => "gave up".to_owned(),
            (None, true) => "no solution".to_owned(),
            (None, false) => format!("{open} open cells"),
        });
    }
    let s = engine.solve(puzzle, args.limit)?;
    Ok(match s.stopped {
        Some(_) => "gave up".to_owned(),
        None => format!("{}{}", s.count, if s.complete { "" } else { "+" }),
    })
}

/// The kinds of constraint in a puzzle, each once, comma-separated.
fn kinds(puzzle: &Puzzle) -> String {
    let mut names: Vec<&str> = puzzle.constraints().iter().map(|c| c.name()).collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        "-".to_owned()
    } else {
        names.join(", ")
    }
}
