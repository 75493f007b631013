//! Command-line arguments (clap derive).
//!
//! The lists of format and engine names live in the library
//! ([`Format::NAMES`], [`EngineKind::NAMES`]); the parsers here are built from
//! them, so clap shows the possible values and suggests the closest one for a
//! typo, and a new engine or format needs no change here.

use std::ffi::OsString;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use sudokit::format::{Format, Limits};
use sudokit::{Budget, EngineKind};

const EXAMPLES: &str = "\
Examples:
  sudokit solve puzzles.txt
  sudokit solve --format hdu4069 < cases.txt
  sudokit solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit bench --limit 2 puzzles.txt";

const SOLVE_ABOUT: &str = "Solve every puzzle of the inputs and print one answer per puzzle";

const SOLVE_LONG_ABOUT: &str = "\
Solve every puzzle of the inputs and print one answer per puzzle, in input
order, in the input's format.

Formats (--format; detected from the start of each input when not given):
  line     one puzzle per line (81 characters for 9x9, n*n for other sizes),
           `.` or `0` empty, a line `end` ends the input (AcWing 166, POJ 3074)
  poj3076  16 lines of A-P and `-` per case (POJ 3076)
  hdu4069  T, then 9 lines of 9 wall-coded numbers per case (HDU 4069 jigsaw)
  grid     a block grid, one row per line, `|` and frame lines as decoration

Records: exactly one per puzzle, so output lines up with input.
  - the solution, when the puzzle has one (with --limit 2 or more: exactly
    one); with the default limit 1 the first solution found is printed;
  - `No solution` when it has none;
  - `Multiple Solutions` when --limit is 2 or more and it has several;
  - `Invalid puzzle` when it is malformed; the reason goes to stderr as
    `FILE:LINE: message` (FILE is the path, <stdin> or <argument>; multi-line
    formats add the case number). Warnings go to stderr as
    `FILE:LINE: warning: message`;
  - `Gave up` when --timeout or --max-nodes stopped the search before it
    could answer (`FILE:LINE: gave up: ...` on stderr).
  poj3076 and grid records are followed by an empty line; hdu4069 records
  start with `Case k:` and always check uniqueness (limit at least 2).

Exit status: 0 when every puzzle was read and answered (`No solution` and
`Multiple Solutions` are answers), 1 when any puzzle was malformed or given
up on (see the records and stderr to tell which), 2 for usage or I/O errors
(an input that cannot be read, a format that cannot be detected).";

const SOLVE_EXAMPLES: &str = "\
Examples:
  sudokit solve examples/acwing166.txt          a file, format detected
  sudokit solve -f poj3076 - < examples/poj3076.txt
  sudokit solve --limit 2 --engine dfs examples/line16.txt
                                                check uniqueness as well
  sudokit solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
                                                a puzzle given inline";

/// The sudokit command line.
#[derive(Debug, Parser)]
#[command(
    name = "sudokit",
    version,
    about = "Sudoku of any size, jigsaw and judge formats: solve, count, check",
    after_help = EXAMPLES,
    arg_required_else_help = true
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every puzzle of the inputs and print one answer per puzzle.
    #[command(about = SOLVE_ABOUT, long_about = SOLVE_LONG_ABOUT, after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Solve an exact-cover problem written in Knuth's DLX format.
    #[command(long_about = EXACT_COVER_LONG_ABOUT, after_help = EXACT_COVER_EXAMPLES)]
    ExactCover(ExactCoverArgs),
    /// Time an engine on puzzle files, in process, and print a table.
    #[command(long_about = BENCH_LONG_ABOUT, after_help = BENCH_EXAMPLES)]
    Bench(BenchArgs),
}

const BENCH_LONG_ABOUT: &str = "\
Time an engine on puzzle files, in process, one thread, in the style of
tdoku's benchmark: every puzzle of a file is read first (parsing is not
timed), the engine warms up, then solves the puzzles in order, round after
round, for the time given. One table row per file: puzzles/s, µs per puzzle,
the share solved without a guess and guesses per puzzle (over the distinct
puzzles solved), and the mode (`first` = limit 1, `unique` = limit 2: find the
solution and prove there is no other).

Use a release build (`cargo run --release -- bench ...`); the figures of a
debug build mean nothing.";

const BENCH_EXAMPLES: &str = "\
Examples:
  sudokit bench ../shared/bench-data/*.txt
  sudokit bench --limit 1 --seconds 5 puzzles.txt
  sudokit bench --engine dfs --limit 2 examples/line16.txt";

/// Arguments of `sudokit bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files (any format; detected unless --format is given).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<std::path::PathBuf>,

    /// 1: stop at the first solution; 2: prove uniqueness as well.
    #[arg(short, long, value_name = "K", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,

    /// Engine to time.
    #[arg(
        short,
        long,
        value_name = "ENGINE",
        default_value = "auto",
        value_parser = PossibleValuesParser::new(EngineKind::NAMES)
            .map(|s| s.parse::<EngineKind>().expect("a listed name"))
    )]
    pub engine: EngineKind,

    /// Input format [default: detected].
    #[arg(
        short,
        long,
        value_name = "FORMAT",
        value_parser = PossibleValuesParser::new(Format::NAMES)
            .map(|s| s.parse::<Format>().expect("a listed name"))
    )]
    pub format: Option<Format>,

    /// Seconds of timed solving per file.
    #[arg(long, value_name = "S", default_value_t = 3.0)]
    pub seconds: f64,

    /// Seconds of warm-up per file.
    #[arg(long, value_name = "S", default_value_t = 0.5)]
    pub warmup: f64,
}

const EXACT_COVER_LONG_ABOUT: &str = "\
Solve an exact-cover problem written in Knuth's DLX text format: the first
line lists the items, primary first, then `|` and the secondary items (covered
at most once); every further line is one option, a list of items, where a
secondary item may carry a colour as `item:colour`; lines starting with `|`
are comments.

Each solution is printed as its option lines (in input order), followed by an
empty line. With --count only the number of solutions is printed (`N+` when
the search stopped at --limit). A summary (solutions, nodes, updates) goes to
stderr.

Exit status: 0 when solved (no solution is an answer), 1 when the problem is
malformed (`FILE:LINE: message` on stderr) or --timeout/--max-nodes stopped
the search first, 2 for usage or I/O errors.";

const EXACT_COVER_EXAMPLES: &str = "\
Examples:
  sudokit exact-cover problem.dlx
  sudokit exact-cover --count < queens8.dlx
  printf 'a b c\\na b\\nc\\na\\nb c\\n' | sudokit exact-cover";

/// Arguments of `sudokit exact-cover`.
#[derive(Debug, Args)]
pub struct ExactCoverArgs {
    /// The problem file, `-` or nothing for stdin.
    #[arg(value_name = "FILE")]
    pub input: Option<OsString>,

    /// Stop after K solutions [default: find them all].
    #[arg(short, long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Print only the number of solutions.
    #[arg(short, long)]
    pub count: bool,

    /// Give up after SECS seconds of search (decimals allowed): the
    /// solutions found so far are printed, the count gets a `+`, and the
    /// exit status is 1. [default: no limit]
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Give up after N search nodes, as --timeout does. [default: no limit]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
}

/// Arguments of `sudokit solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Files to read, `-` for stdin, or a puzzle line given inline (an
    /// argument that is not an existing file and looks like a puzzle line).
    /// Reads stdin when none is given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,

    /// Input format; the output uses the same one. Detected from the start of
    /// each input when not given.
    #[arg(
        short,
        long,
        value_name = "FORMAT",
        value_parser = PossibleValuesParser::new(Format::NAMES)
            .map(|s| s.parse::<Format>().expect("a listed name"))
    )]
    pub format: Option<Format>,

    /// Solving engine.
    #[arg(
        short,
        long,
        value_name = "ENGINE",
        default_value = "auto",
        value_parser = PossibleValuesParser::new(EngineKind::NAMES)
            .map(|s| s.parse::<EngineKind>().expect("a listed name"))
    )]
    pub engine: EngineKind,

    /// Search for up to K solutions per puzzle: 1 prints the first solution
    /// found, 2 or more also tells `Multiple Solutions` apart. [default: 1;
    /// hdu4069 always uses at least 2]
    #[arg(short, long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    /// Give up on a puzzle after SECS seconds of search (decimals allowed,
    /// e.g. 0.5); its record is `Gave up` and the exit status 1. [default:
    /// no limit]
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Give up on a puzzle after N search nodes (deterministic, unlike
    /// --timeout); its record is `Gave up` and the exit status 1. [default:
    /// no limit]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,

    /// Reject (as `Invalid puzzle`) any input line longer than N bytes; it is
    /// skipped without being held in memory.
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT_MAX_LINE,
          value_parser = clap::value_parser!(u64).range(1..=1 << 30).map(|n| n as usize))]
    pub max_line_bytes: usize,

    /// Reject (as `Invalid puzzle`) puzzles of a side above N (e.g. 25 to
    /// refuse 36x36 and larger).
    #[arg(long, value_name = "N", default_value_t = sudokit::MAX_SIZE,
          value_parser = clap::value_parser!(u64).range(1..=sudokit::MAX_SIZE as u64).map(|n| n as usize))]
    pub max_side: usize,
}

impl SolveArgs {
    /// The reader limits the arguments ask for.
    pub fn limits(&self) -> Limits {
        Limits {
            max_line: self.max_line_bytes,
            max_side: self.max_side,
        }
    }

    /// The per-puzzle effort bound the arguments ask for.
    pub fn budget(&self) -> Budget {
        Budget {
            max_nodes: self.max_nodes,
            time_limit: self.timeout,
        }
    }
}

/// A positive, finite number of seconds.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    // NaN is not positive either.
    if secs.is_nan() || secs <= 0.0 {
        return Err(format!("the timeout must be positive, not {text}"));
    }
    Duration::try_from_secs_f64(secs).map_err(|e| format!("`{text}`: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn timeouts_are_positive_finite_seconds() {
        assert_eq!(parse_seconds("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_seconds("0.25"), Ok(Duration::from_millis(250)));
        for bad in ["0", "-1", "nan", "inf", "1e300", "", "soon"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
