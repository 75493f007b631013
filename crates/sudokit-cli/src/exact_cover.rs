//! `sudokit exact-cover`: a problem in Knuth's DLX format, solved by the
//! `exact-cover` crate.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use anyhow::{Context, Result};
use exact_cover::{ParseError, Problem, Solver, DEFAULT_MAX_LINE};

use crate::cli::ExactCoverArgs;
use crate::status::Status;

/// Runs the subcommand.
pub fn run(args: &ExactCoverArgs) -> Result<Status> {
    // Read through the parser's line cap, so a huge line is refused
    // without being held.
    let (name, parsed) = match args.input.as_deref() {
        None => ("<stdin>".to_owned(), read_stdin()?),
        Some(p) if p == "-" => ("<stdin>".to_owned(), read_stdin()?),
        Some(p) => {
            let name = p.to_string_lossy().into_owned();
            let parsed = std::fs::File::open(p)
                .and_then(|f| Problem::read(io::BufReader::new(f), DEFAULT_MAX_LINE))
                .with_context(|| format!("cannot read {name}"))?;
            (name, parsed)
        }
    };
    let problem = match parsed {
        Ok(p) => p,
        Err(e) => {
            // The error's own text starts with "line N: ".
            let text = e.to_string();
            let message = text.split_once(": ").map_or(text.as_str(), |(_, m)| m);
            eprintln!("{name}:{}: {message}", e.line);
            return Ok(Status::Malformed);
        }
    };
    let mut solver = Solver::new(&problem);
    solver.set_limit(args.limit);
    solver.set_node_limit(args.max_nodes);
    // The clock starts now: reading and building the problem are not
    // search.
    solver.set_deadline(
        args.timeout
            .and_then(|t| web_time::Instant::now().checked_add(t)),
    );
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failure = None;
    let mut sorted = Vec::new();
    let mut line = String::new();
    let summary = solver.run(|solution| {
        if args.count {
            return ControlFlow::Continue(());
        }
        sorted.clear();
        sorted.extend_from_slice(solution);
        sorted.sort_unstable();
        for &option in &sorted {
            line.clear();
            problem
                .write_option(option, &mut line)
                .expect("writing to a String cannot fail");
            if let Err(e) = writeln!(out, "{line}") {
                failure = Some(e);
                return ControlFlow::Break(());
            }
        }
        if let Err(e) = writeln!(out) {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if let Some(e) = failure {
        return Err(e).context("cannot write the solutions");
    }
    if args.count {
        let plus = if summary.complete { "" } else { "+" };
        writeln!(out, "{}{plus}", summary.solutions).context("cannot write the count")?;
    }
    out.flush().context("cannot write the solutions")?;
    let gave_up = if summary.complete || args.limit.is_some_and(|l| summary.solutions >= l) {
        None
    } else if solver.timed_out() {
        Some("time limit")
    } else {
        Some("node limit")
    };
    eprintln!(
        "{name}: {} solution{}{}, {} nodes, {} updates",
        summary.solutions,
        if summary.solutions == 1 { "" } else { "s" },
        match (summary.complete, gave_up) {
            (true, _) => String::new(),
            (false, None) => " (stopped at the limit)".to_owned(),
            (false, Some(why)) => format!(" (gave up: {why} reached)"),
        },
        summary.nodes,
        summary.updates
    );
    Ok(if gave_up.is_some() {
        Status::Malformed
    } else {
        Status::Ok
    })
}

fn read_stdin() -> Result<Result<Problem, ParseError>> {
    Problem::read(io::stdin().lock(), DEFAULT_MAX_LINE).context("cannot read <stdin>")
}
