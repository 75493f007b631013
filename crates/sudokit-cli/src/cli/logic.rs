//! The arguments and help texts of `rate`, `hint` and `explain` (`rate`
//! shares `solve`'s arguments), and the `--format json` alias they accept.

use std::ffi::OsString;
use std::time::Duration;

use clap::Args;
use sudokit::format::Format;
use sudokit::EngineKind;

use super::{engine_parser, format_parser, parse_seconds, VariantArgs};

pub(super) const RATE_LONG_ABOUT: &str = "\
Rate every puzzle of the inputs as Sudoku Explainer 1.2.1 does (its `serate`
with the classic technique set): take the easiest step available, apply it,
repeat. One line per puzzle, in input order:

  ER/EP/ED LEVEL     e.g. `4.5/1.2/1.2 hard`

ER is the hardest step of the path, EP the hardest up to the first placed
digit, ED the first step. LEVEL, from ER: easy (up to 1.9), medium (2.0-3.9),
hard (4.0-6.4), expert (6.5-8.9), extreme (9.0 and above).

The solution is checked first: a puzzle with no solution or several gets
`No solution` or `Multiple Solutions` and is never rated; a malformed one
`Invalid puzzle`; one that runs out of --timeout `Gave up`; one no technique
of the ladder can finish (a big grid: chains are 9x9 only) `Unrated`; the
reason goes to stderr as `FILE:LINE: message`. Inputs, formats, -j, --shard,
--progress and --stats work as in `sudokit solve`.";

pub(super) const RATE_EXAMPLES: &str = "\
Examples:
  sudokit rate puzzles.txt                 one rating per line
  sudokit rate -j 2 --stats puzzles.txt    two threads, a summary on stderr
  sudokit rate --json puzzles.txt          JSON Lines (also --format json)
  sudokit rate 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

pub(super) const HINT_LONG_ABOUT: &str = "\
Print the next logical step of each puzzle of PUZZLE (a file, `-` for stdin,
or a puzzle given inline, any format, pencil marks included), in words and in
the standard notation (r4c6 a cell, r4c6=7 a placement, r4c6<>7 an
elimination, Eureka notation for chains):

  Hidden single: in box 5, 7 fits only r4c6

The step is the one Sudoku Explainer would take: the easiest of its ladder.
A puzzle with no solution or several is reported as such and gets no hint.";

pub(super) const HINT_EXAMPLES: &str = "\
Examples:
  sudokit hint 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit hint --json puzzle.txt";

pub(super) const EXPLAIN_LONG_ABOUT: &str = "\
Print the whole logical path of each puzzle of PUZZLE (a file, `-` for stdin,
or a puzzle given inline, any format, pencil marks included): one numbered
step per line with its difficulty, then the rating line as `sudokit rate`
prints it. --json writes one JSON object per puzzle (the schema is in the
README).";

pub(super) const EXPLAIN_EXAMPLES: &str = "\
Examples:
  sudokit explain 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit explain --json puzzle.txt | jq '.steps[].technique'";

/// Arguments of `sudokit hint` and `sudokit explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The puzzle: a file, `-` for stdin, or a puzzle given inline. Every
    /// puzzle of the input is answered.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: OsString,

    /// Input format [default: detected]; `json` asks for JSON output.
    #[arg(short, long, value_name = "FORMAT", value_parser = format_parser())]
    pub format: Option<Format>,

    /// JSON output, one object per puzzle (also `--format json`).
    #[arg(long)]
    pub json: bool,

    /// Engine that checks the puzzle has one solution.
    #[arg(short, long, value_name = "ENGINE", default_value = "auto", value_parser = engine_parser())]
    pub engine: EngineKind,

    /// Give up on a puzzle after SECS seconds.
    #[arg(long, value_name = "SECS", default_value = "60",
          allow_negative_numbers = true, value_parser = parse_seconds)]
    pub timeout: Duration,

    /// X-sudoku, windoku (see `sudokit solve --help`).
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// `--format json` (and `-f json`, `--format=json`) for `rate`, `hint` and
/// `explain` means JSON output: the input format stays detected.
pub fn json_format_alias(args: Vec<OsString>) -> Vec<OsString> {
    let logic = args
        .iter()
        .skip(1)
        .find(|a| !a.to_string_lossy().starts_with('-'))
        .is_some_and(|a| matches!(a.to_str(), Some("rate" | "hint" | "explain")));
    if !logic {
        return args;
    }
    let mut out = Vec::with_capacity(args.len());
    let mut i = 0;
    while i < args.len() {
        let a = args[i].to_string_lossy();
        if matches!(a.as_ref(), "--format" | "-f") && args.get(i + 1).is_some_and(|v| v == "json") {
            out.push(OsString::from("--json"));
            i += 2;
            continue;
        }
        if a == "--format=json" || a == "-fjson" {
            out.push(OsString::from("--json"));
        } else {
            out.push(args[i].clone());
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use super::json_format_alias;

    fn run(args: &[&str]) -> Vec<String> {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        json_format_alias(args)
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect()
    }

    #[test]
    fn format_json_means_json_output_for_the_logic_commands_only() {
        assert_eq!(
            run(&["sudokit", "rate", "--format", "json", "f"]),
            ["sudokit", "rate", "--json", "f"]
        );
        assert_eq!(
            run(&["sudokit", "explain", "--format=json", "p"]),
            ["sudokit", "explain", "--json", "p"]
        );
        assert_eq!(
            run(&["sudokit", "hint", "-f", "json", "p"]),
            ["sudokit", "hint", "--json", "p"]
        );
        assert_eq!(
            run(&["sudokit", "rate", "-f", "line", "p"]),
            ["sudokit", "rate", "-f", "line", "p"]
        );
        // `solve` keeps `--format` as the input format (json is refused there).
        assert_eq!(
            run(&["sudokit", "solve", "--format", "json"]),
            ["sudokit", "solve", "--format", "json"]
        );
    }
}
