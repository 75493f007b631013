//! The arguments and help texts of `check`, `bench` and `exact-cover`.

use std::ffi::OsString;
use std::time::Duration;

use clap::Args;
use sudokit::format::Format;
use sudokit::EngineKind;

use super::{
    engine_parser, format_parser, parse_limit, parse_nodes, parse_seconds, parse_seconds_or_zero,
    VariantArgs,
};

pub(super) const CHECK_LONG_ABOUT: &str = "\
Check filled or partly filled grids. Every record of the GRID inputs (files,
`-` for stdin, grids given inline; stdin when none is named; any format,
detected unless --format is given; a file's `# sudokit: x windoku` header
and --x/--windoku add the variant's houses) is checked against PUZZLE (the
puzzle of the same position) or, without --puzzle, against its own digits.
`sudokit solve`'s output reads back as it is, in every format: `Case k:`
labels are skipped and its answer lines are records too.

  - every house (row, column, box or region, diagonal, window) in which a
    digit repeats, with the cells that hold it;
  - every given of the puzzle that the grid changes;
  - every filled cell that differs from the puzzle's unique solution (found
    with --engine); a puzzle with no solution, or with several, is said so;
  - an answer line is confirmed or refuted: `No solution` and `Multiple
    Solutions` by counting the puzzle's solutions, `Invalid puzzle` by the
    puzzle being malformed; `Gave up` is never right.

Output (stdout): one line per problem, `FILE:LINE: problem`, cells named
r1c1 (row 1, column 1); or one `FILE:LINE: ok: ...` line for a record
without problems.

Exit status: 0 when every record is right (complete or not), 1 when any is
wrong (a clash, a changed given, a wrong cell, a refuted answer line, a
solution not found in --timeout) or malformed, 2 when an input cannot be
read (a missing file, an undetectable format) or the grids and puzzles do
not pair up.";

pub(super) const CHECK_EXAMPLES: &str = "\
Examples:
  sudokit check solved.txt                      is every grid a valid solution?
  sudokit check --puzzle puzzle.txt mine.txt    my partial grid against the puzzle
  sudokit solve puzzles.txt | sudokit check --puzzle puzzles.txt
  sudokit check --x 123456789456789123789123456214365897365897214897214365531642978642978531978531642";

pub(super) const BENCH_LONG_ABOUT: &str = "\
Time an engine on puzzle files, in process, one thread, in the style of
tdoku's benchmark: every puzzle of a file is read first (parsing is not
timed), the engine warms up, then solves the puzzles in order, round after
round, for the time given. One table row per file: puzzles/s, µs per puzzle,
the share solved without a guess and guesses per puzzle (over the distinct
puzzles solved), and the mode (`first` = limit 1, `unique` = limit 2: find the
solution and prove there is no other).

Each puzzle is first solved once under the per-puzzle budget (--timeout,
default 1 s; --max-nodes): a puzzle that runs out of it is named on stderr
(`FILE:LINE: gave up: ...`), counted in the `gave up` column and left out of
the timing, and the exit status is 1. The timed rounds then read no clock
per puzzle (--max-nodes still applies).

Use a release build (`cargo run --release -- bench ...`); the figures of a
debug build mean nothing.";

pub(super) const BENCH_EXAMPLES: &str = "\
Examples:
  sudokit bench ../shared/bench-data/*.txt
  sudokit bench --limit 1 --seconds 5 puzzles.txt
  sudokit bench --engine dfs --limit 2 examples/line16.txt
  sudokit bench --timeout 0.1 --seconds 1 hard25.txt
  sudokit bench --x x-sudoku.txt";

/// Arguments of `sudokit bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files (any format; detected unless --format is given).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<std::path::PathBuf>,

    /// 1: stop at the first solution; 2: prove uniqueness as well.
    #[arg(short, long, value_name = "K", default_value_t = 2,
          allow_negative_numbers = true, value_parser = parse_limit)]
    pub limit: u64,

    /// Engine to time.
    #[arg(short, long, value_name = "ENGINE", default_value = "auto", value_parser = engine_parser())]
    pub engine: EngineKind,

    /// Input format [default: detected].
    #[arg(short, long, value_name = "FORMAT", value_parser = format_parser())]
    pub format: Option<Format>,

    /// Seconds of timed solving per file (above 0, decimals allowed).
    #[arg(long, value_name = "S", default_value = "3",
          allow_negative_numbers = true, value_parser = parse_seconds)]
    pub seconds: Duration,

    /// Seconds of warm-up per file (0 or more, decimals allowed).
    #[arg(long, value_name = "S", default_value = "0.5",
          allow_negative_numbers = true, value_parser = parse_seconds_or_zero)]
    pub warmup: Duration,

    /// Give up on a puzzle that takes more than SECS seconds (decimals
    /// allowed); it is reported and left out of the timing.
    #[arg(long, value_name = "SECS", default_value = "1",
          allow_negative_numbers = true, value_parser = parse_seconds)]
    pub timeout: Duration,

    /// Give up on a puzzle after N search nodes, as --timeout does.
    /// [default: no limit]
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_nodes)]
    pub max_nodes: Option<u64>,

    /// X-sudoku, windoku (see `sudokit solve --help`).
    #[command(flatten)]
    pub variant: VariantArgs,

    /// Time each puzzle on its own, as a peer's harness does (one warm-up
    /// run, then runs until 300 ms or 25 runs, at least 3) and print the
    /// median per puzzle instead of a rate per file.
    #[arg(long)]
    pub each: bool,

    /// With --each: time the true candidates (`sudokit candidates`)
    /// instead of the solve at --limit.
    #[arg(long, requires = "each")]
    pub candidates: bool,
}

/// Arguments of `sudokit check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The grids to check: files, `-` for stdin, or grids given inline (as
    /// `solve` takes puzzles); stdin when none is named. Every record is
    /// checked, `solve`'s answer lines (`No solution`, ...) included.
    #[arg(value_name = "GRID")]
    pub grids: Vec<OsString>,

    /// The puzzle the grid should solve (a file, `-` or inline): givens
    /// must be kept and filled cells must agree with its solution. With
    /// several grids, the puzzles pair with them in order. Without it, the
    /// grid's own digits are the givens.
    #[arg(short, long, value_name = "PUZZLE")]
    pub puzzle: Option<OsString>,

    /// Format of both inputs [default: detected for each].
    #[arg(short, long, value_name = "FORMAT", value_parser = format_parser())]
    pub format: Option<Format>,

    /// How to read the lines of SudokuPad puzzles whose rules text does not
    /// say: COLOUR=KIND pairs, as for `solve`.
    #[arg(long, value_name = "COLOUR=KIND,...", value_parser = super::parse_assume)]
    pub assume: Option<sudokit::format::sudokupad::Assume>,

    /// The layout of multi-grid boards that no `# layout:` line names: a
    /// preset (samurai, twodoku, …) or grid corners (`0,0 6,6`), as for
    /// `solve`; reads the `multi` format.
    #[arg(long, value_name = "NAME|CORNERS", value_parser = super::parse_layout)]
    pub layout: Option<sudokit::format::multi::LayoutChoice>,

    /// Engine that finds the puzzle's solution.
    #[arg(short, long, value_name = "ENGINE", default_value = "auto", value_parser = engine_parser())]
    pub engine: EngineKind,

    /// Give up looking for the solution after SECS seconds (the rule
    /// checks are still made; the exit status is 1).
    #[arg(long, value_name = "SECS", default_value = "10",
          allow_negative_numbers = true, value_parser = parse_seconds)]
    pub timeout: Duration,

    /// X-sudoku, windoku (see `sudokit solve --help`).
    #[command(flatten)]
    pub variant: VariantArgs,
}

pub(super) const EXACT_COVER_LONG_ABOUT: &str = "\
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

pub(super) const EXACT_COVER_EXAMPLES: &str = "\
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
    #[arg(short, long, value_name = "K", allow_negative_numbers = true, value_parser = parse_limit)]
    pub limit: Option<u64>,

    /// Print only the number of solutions.
    #[arg(short, long)]
    pub count: bool,

    /// Give up after SECS seconds of search (decimals allowed): the
    /// solutions found so far are printed, the count gets a `+`, and the
    /// exit status is 1. [default: no limit]
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Give up after N search nodes, as --timeout does. [default: no limit]
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_nodes)]
    pub max_nodes: Option<u64>,
}
