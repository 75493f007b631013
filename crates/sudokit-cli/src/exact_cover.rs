//! `sudokit exact-cover`: a problem in Knuth's DLX format, solved by the
//! `exact-cover` crate.

use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;

use anyhow::{Context, Result};
use exact_cover::{Problem, Solver};

use crate::cli::ExactCoverArgs;
use crate::solve::Status;

/// Runs the subcommand.
pub fn run(args: &ExactCoverArgs) -> Result<Status> {
    let (name, bytes) = match args.input.as_deref() {
        None => ("<stdin>".to_owned(), read_stdin()?),
        Some(p) if p == "-" => ("<stdin>".to_owned(), read_stdin()?),
        Some(p) => {
            let name = p.to_string_lossy().into_owned();
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {name}"))?;
            (name, bytes)
        }
    };
    let problem = match Problem::parse_bytes(&bytes) {
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
    eprintln!(
        "{name}: {} solution{}{}, {} nodes, {} updates",
        summary.solutions,
        if summary.solutions == 1 { "" } else { "s" },
        if summary.complete {
            ""
        } else {
            " (stopped at the limit)"
        },
        summary.nodes,
        summary.updates
    );
    Ok(Status::Ok)
}

fn read_stdin() -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .context("cannot read <stdin>")?;
    Ok(bytes)
}
