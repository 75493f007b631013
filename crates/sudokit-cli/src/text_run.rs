//! The command line's puzzle verbs on a text instead of files: `solve`,
//! `count`, `candidates`, `rate`, `hint` and `explain` with their own
//! arguments, the text as their standard input, and what they would print
//! to stdout and stderr. The WebAssembly build's `cli` call (a batch of
//! puzzles answered byte for byte as `sudokit VERB` answers them, at the
//! engines' speed, without a JSON round trip per puzzle).

use std::io::Cursor;

use crate::api::generate::parse_args;
use crate::cli::{ExplainArgs, RateArgs, SolveArgs};
use crate::input::Input;
use crate::record::{CardStyle, Mode};
use crate::solve::{execute, Job};

/// What a verb printed and its exit status.
#[derive(Debug)]
pub struct TextRun {
    /// The exit status (0 answered; see `status.rs`).
    pub status: u8,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error: one line per puzzle not answered, and any summary.
    pub stderr: String,
}

/// `sudokit VERB ARGS` with `text` as its standard input, on this thread.
///
/// # Errors
/// An unknown verb, arguments the verb refuses (clap's message), or options
/// that need files or threads (`--render`, `--shard`).
pub fn run_text(verb: &str, args: &[String], text: &str) -> Result<TextRun, String> {
    let clap = |e: clap::Error| crate::api::generate::clap_message(&e);
    let mut argv: Vec<String> = args.to_vec();
    argv.push("-".into());
    let (mut solve, mode, card) = match verb {
        "solve" => (
            parse_args::<SolveArgs>("solve", argv).map_err(clap)?,
            Mode::Solve,
            None,
        ),
        "count" => (
            parse_args::<SolveArgs>("count", argv).map_err(clap)?,
            Mode::Count,
            None,
        ),
        "candidates" => (
            parse_args::<SolveArgs>("candidates", argv).map_err(clap)?,
            Mode::Candidates,
            None,
        ),
        "hint" => (
            parse_args::<SolveArgs>("hint", argv).map_err(clap)?,
            Mode::Hint,
            None,
        ),
        "explain" => {
            let args = parse_args::<ExplainArgs>("explain", argv).map_err(clap)?;
            if args.render.is_some() {
                return Err("explain --render writes files: not here".into());
            }
            (args.solve, Mode::Explain, None)
        }
        "rate" => {
            let args = parse_args::<RateArgs>("rate", argv).map_err(clap)?;
            let card = CardStyle {
                report: args.report,
                checks: !args.no_checks && (args.report || args.solve.json()),
            };
            (args.solve, Mode::Rate, Some(card))
        }
        _ => {
            return Err(format!(
                "unknown verb `{verb}`: expected solve, count, candidates, rate, hint or explain"
            ))
        }
    };
    if solve.shard.is_some() {
        return Err("--shard reads files twice: not here".into());
    }
    if mode != Mode::Solve && (solve.all || (solve.count && mode != Mode::Count)) {
        return Err(format!("`{verb}` takes neither --all nor --count"));
    }
    // One thread: the caller decides where the work runs.
    solve.threads = Some(1);
    let inputs = Input::all(&solve.inputs);
    let mut job = Job::new(&solve, mode, &inputs);
    if let Some(card) = card {
        job.settings.card = card;
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = execute(
        &job,
        &inputs,
        Cursor::new(text.as_bytes()),
        &mut out,
        &mut err,
    )
    .map_err(|e| format!("{e:#}"))?;
    Ok(TextRun {
        status: status as u8,
        stdout: String::from_utf8_lossy(&out).into_owned(),
        stderr: String::from_utf8_lossy(&err).into_owned(),
    })
}
