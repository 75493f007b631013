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
use sudokit::format::multi::LayoutChoice;
use sudokit::format::{Format, Limits};
use sudokit::{Budget, EngineKind};

mod generate;
mod logic;
mod render;
mod serve;
mod tools;
pub use generate::GenerateArgs;
use generate::{GENERATE_EXAMPLES, GENERATE_LONG_ABOUT};
pub use logic::{ExplainArgs, RateArgs};
use logic::{
    EXPLAIN_EXAMPLES, EXPLAIN_LONG_ABOUT, HINT_EXAMPLES, HINT_LONG_ABOUT, RATE_EXAMPLES,
    RATE_LONG_ABOUT,
};
pub use render::RenderArgs;
use render::{RENDER_EXAMPLES, RENDER_LONG_ABOUT};
pub use serve::ServeArgs;
use serve::{SERVE_EXAMPLES, SERVE_LONG_ABOUT};
pub use tools::{BenchArgs, CheckArgs, ExactCoverArgs};
use tools::{
    BENCH_EXAMPLES, BENCH_LONG_ABOUT, CHECK_EXAMPLES, CHECK_LONG_ABOUT, EXACT_COVER_EXAMPLES,
    EXACT_COVER_LONG_ABOUT,
};

const EXAMPLES: &str = "\
Every command that reads puzzles takes files, `-` for stdin, or puzzles
given inline, and reads stdin when none is named; the format is detected
(or --format). Commands that answer puzzles write one record per puzzle, in
input order, malformed ones included (`Invalid puzzle`, the reason on
stderr as FILE:LINE: message); --json (or --format json) writes one JSON
object per puzzle instead.

Exit status, every command: 0 when every puzzle was read and answered (`No
solution`, `Multiple Solutions`, `Unrated` are answers); 1 when a puzzle was
malformed, given up on (--timeout), could not be drawn, or (check) a grid
is wrong; 2 when the command could not run (usage, an input that cannot be
opened or whose format cannot be detected). An empty input is a warning.

Examples:
  sudokit solve puzzles.txt                     answers, in the input's format
  sudokit solve --format hdu4069 < cases.txt
  sudokit solve -j 8 --stats big.txt > answers.txt
  sudokit count --limit 2 puzzles.txt           0, 1 or 2+ per puzzle
  sudokit candidates 'https://www.f-puzzles.com/?load=N4Ig...'   true candidates of a variant
  sudokit solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit solve --x x-sudoku.txt
  sudokit rate puzzles.txt                      Sudoku Explainer ratings
  sudokit hint puzzle.txt                       the next logical step
  sudokit explain --json puzzle.txt             every step, then the rating
  sudokit generate -n 10 --level hard --symmetry rotate180
  sudokit render puzzle.txt --solution -o solved.png
  sudokit check answers.txt --puzzle puzzles.txt
  sudokit serve                                 the web app on 127.0.0.1:8080
  sudokit exact-cover problem.dlx
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
  sdk      SadMan: `#` header lines, then 9 rows of 9 symbols
  ss       Simple Sudoku: rows like `|4..|...|8.5|`, `|---+---+---|` lines
  sdm      81 digits per line, `0` empty (detected as `line`: same answers)
  pencilmark
           729 characters per line: the candidates of every cell (sukaku);
           answered with 81-digit lines
  jigsaw   a givens line and a region line of n*n symbols (or both on one
           line); answered with the solution line and the region line
  multi    a multi-grid board (samurai and its cousins): its rows, a space
           for a hole, puzzles separated by blank lines; the layout from a
           `# layout: NAME` line, --layout, or the board's shape; also a
           JSON array of rows (`null` a hole, 0 empty); answered with the
           board in the same layout

Variants: --x adds the two main diagonals as houses (X-sudoku), --windoku
the windows (the four shaded 3x3 boxes of a 9x9, (b-1)^2 windows for b x b
boxes). A file can say it on its first line instead: `# sudokit: x`,
`# sudokit: windoku` or `# sudokit: x windoku`; that header applies to the
puzzles of that file only.

One puzzle given as the only argument (no --format) is drawn for a person:
the grid with box separators (jigsaw: region letters beside each row),
coloured on a terminal. `--format line` prints the line instead.

Batches: --threads N solves with N workers (default: every core) and prints
the same bytes as --threads 1, in input order, in bounded memory; answers are
flushed as they are ready while a later puzzle runs. --shard K/N answers the
K-th of N contiguous blocks of the puzzles (regular files only), so shard
outputs concatenated in order are the unsharded output. --json writes one JSON
object per puzzle instead (JSON Lines). --stats prints a summary to
stderr; a progress bar appears on stderr when it is a terminal and the run is
long.

Counting: --count (or `sudokit count`) prints the number of solutions of each
puzzle up to --limit (default 2): `0`, `1`, `2+`. --all prints every solution
(up to --limit), then an empty line after each puzzle.

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
  poj3076, grid and multi records are followed by an empty line; hdu4069
  records start with `Case k:` and always check uniqueness (limit at least
  2).

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
                                                one puzzle given inline: drawn
  sudokit solve -j 2 --stats big.txt > answers.txt
                                                two workers, a summary on stderr
  sudokit solve --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT big.txt
                                                one block of a job array
  sudokit solve --all --limit 10 examples/line16.txt
                                                every solution, at most 10
  sudokit count --limit 1000 puzzles.txt        0, 1, 2, ... or 1000+ per puzzle
  sudokit solve --x --windoku puzzles.txt       X-sudoku with windoku windows";

/// `solve`'s arguments as `rate`, `hint` and `explain` show them.
fn logic_arg(arg: clap::Arg) -> clap::Arg {
    match arg.get_id().as_str() {
        "limit" | "count" | "all" | "color" => arg.hide(true),
        "json" => arg.help("One JSON object per puzzle (also `--format json`); the schema is in the README"),
        "timeout" => arg.help("Give up on a puzzle (its uniqueness check, then its logic) after SECS seconds [default: none; 10 s when stdout is a terminal]"),
        _ => arg,
    }
}

/// The sudokit command line.
#[derive(Debug, Parser)]
#[command(
    name = "sudokit",
    version,
    about = "Sudoku of any size, jigsaw, X, windoku and variants (killer, thermo, arrow, kropki … from f-puzzles and SudokuPad links): solve, count, candidates, rate, hint, explain, generate, render, check and serve, in the judges' formats and the common ones",
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
    /// Count the solutions of every puzzle (up to --limit, default 2).
    #[command(
        long_about = COUNT_LONG_ABOUT,
        after_help = COUNT_EXAMPLES,
        // `count` shares `solve`'s arguments; say what they mean here and
        // hide those that change nothing (`--all` is refused in `main`).
        mut_arg("limit", |a| a.help(COUNT_LIMIT_HELP).long_help(None::<&str>)),
        mut_arg("count", |a| a.hide(true)),
        mut_arg("all", |a| a.hide(true)),
        mut_arg("color", |a| a.hide(true)),
    )]
    Count(SolveArgs),
    /// Print the true candidates of every puzzle: the digits some solution puts in each cell.
    #[command(
        long_about = CANDIDATES_LONG_ABOUT,
        after_help = CANDIDATES_EXAMPLES,
        mut_arg("limit", |a| a.help(CANDIDATES_LIMIT_HELP).long_help(None::<&str>)),
        mut_arg("count", |a| a.hide(true)),
        mut_arg("all", |a| a.hide(true)),
        mut_arg("color", |a| a.hide(true)),
    )]
    Candidates(SolveArgs),
    /// The difficulty card of every puzzle: band, difficulty, minutes, techniques, checks.
    // `rate`, `hint` and `explain` share `solve`'s arguments; those that
    // change nothing are hidden (`--all`, `--count` are refused in `main`).
    #[command(long_about = RATE_LONG_ABOUT, after_help = RATE_EXAMPLES, mut_args(logic_arg))]
    Rate(RateArgs),
    /// Print the next logical step of every puzzle, in words.
    #[command(long_about = HINT_LONG_ABOUT, after_help = HINT_EXAMPLES, mut_args(logic_arg))]
    Hint(SolveArgs),
    /// Print the whole logical path of every puzzle, one step per line, then its rating.
    #[command(long_about = EXPLAIN_LONG_ABOUT, after_help = EXPLAIN_EXAMPLES, mut_args(logic_arg))]
    Explain(ExplainArgs),
    /// Generate puzzles with one solution: any size, shape, symmetry, clue count and difficulty.
    #[command(long_about = GENERATE_LONG_ABOUT, after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Draw a puzzle as a print-ready SVG or PNG: its solution, candidates or a logical step.
    #[command(long_about = RENDER_LONG_ABOUT, after_help = RENDER_EXAMPLES)]
    Render(RenderArgs),
    /// Check a filled or partly filled grid: clashes, and cells that differ
    /// from the puzzle's solution.
    #[command(long_about = CHECK_LONG_ABOUT, after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Serve a local web app (paste, play, hint, solve, rate, generate) and its JSON API.
    #[command(long_about = SERVE_LONG_ABOUT, after_help = SERVE_EXAMPLES)]
    Serve(ServeArgs),
    /// Solve an exact-cover problem written in Knuth's DLX format.
    #[command(long_about = EXACT_COVER_LONG_ABOUT, after_help = EXACT_COVER_EXAMPLES)]
    ExactCover(ExactCoverArgs),
    /// Time an engine on puzzle files, in process, and print a table.
    #[command(long_about = BENCH_LONG_ABOUT, after_help = BENCH_EXAMPLES)]
    Bench(BenchArgs),
}

/// `--x`, `--windoku`: extra houses for every puzzle.
#[derive(Debug, Args, Clone, Copy)]
pub struct VariantArgs {
    /// X-sudoku: the two main diagonals hold every digit once too (a file
    /// can say it with a first line `# sudokit: x`).
    #[arg(long = "x")]
    pub x: bool,

    /// Windoku: the windows (the four shaded 3x3 boxes of a 9x9) hold every
    /// digit once too (`# sudokit: windoku` in a file). Needs square boxes.
    #[arg(long)]
    pub windoku: bool,
}

impl VariantArgs {
    /// The variant the flags ask for.
    pub fn variant(&self) -> crate::variant::Variant {
        crate::variant::Variant {
            x: self.x,
            windoku: self.windoku,
        }
    }
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
    /// each input when not given. `json` keeps the input's format detected
    /// and writes JSON Lines (same as --json).
    #[arg(short, long, value_name = "FORMAT", value_parser = format_or_json_parser())]
    pub format: Option<FormatArg>,

    /// Solving engine.
    #[arg(short, long, value_name = "ENGINE", default_value = "auto", value_parser = engine_parser())]
    pub engine: EngineKind,

    /// Search for up to K solutions per puzzle: 1 prints the first solution
    /// found, 2 or more also tells `Multiple Solutions` apart. [default: 1;
    /// hdu4069 always uses at least 2; with --count 2; with --all every
    /// solution]
    #[arg(short, long, value_name = "K", allow_negative_numbers = true, value_parser = parse_limit)]
    pub limit: Option<u64>,

    /// Give up on a puzzle after SECS seconds of search (decimals allowed,
    /// e.g. 0.5); its record is `Gave up` and the exit status 1. [default:
    /// no limit; 10 s when stdout is a terminal and --max-nodes is not
    /// given]
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Give up on a puzzle after N search nodes (deterministic, unlike
    /// --timeout); its record is `Gave up` and the exit status 1. [default:
    /// no limit]
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_nodes)]
    pub max_nodes: Option<u64>,

    /// Write the answers in FORMAT instead of the input's (`scl`: any
    /// puzzle's solution or true candidates as a SudokuPad link, to open in
    /// SudokuPad).
    #[arg(long, value_name = "FORMAT", value_parser = format_parser())]
    pub to: Option<Format>,

    /// How to read the lines of SudokuPad puzzles whose rules text does not
    /// say (or says twice): COLOUR=KIND pairs, separated by commas, a colour
    /// being a name (green, purple…) or #RRGGBB, a kind one of thermometer,
    /// whispers, renban, palindrome, between, regionsum, entropic, modular,
    /// zipper, nabner, lockout, doublearrow or cosmetic (drawn only).
    #[arg(long, value_name = "COLOUR=KIND,...", value_parser = parse_assume)]
    pub assume: Option<sudokit::format::sudokupad::Assume>,

    /// The layout of multi-grid boards (samurai and its cousins) that no
    /// `# layout:` line names: a preset (samurai, twodoku, butterfly,
    /// windmill, flower, sohei, …) or the top-left corners of the grids
    /// (`0,0 6,6`, `6: 0,0 4,3` for 6x6 grids); reads the `multi` format.
    /// Without it, a board's layout is told from its shape.
    #[arg(long, value_name = "NAME|CORNERS", value_parser = parse_layout)]
    pub layout: Option<LayoutChoice>,

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

    /// Worker threads [default: all cores]. Output stays in input order;
    /// `--threads 1` solves on the main thread.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,

    /// Answer only shard K of N (K from 1): the K-th of N contiguous,
    /// equal (±1) blocks of the puzzles of all inputs, so the outputs of
    /// shards 1..N concatenated in order are the unsharded output. Reads the
    /// inputs twice (first to count), so it needs files, not stdin.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<Shard>,

    /// Print a summary to stderr at the end: puzzles, solved, no solution,
    /// multiple, invalid, time, puzzles/s, guesses.
    #[arg(long)]
    pub stats: bool,

    /// Print the number of solutions of each puzzle instead of a solution
    /// (one line per puzzle: `0`, `1`, `2+` …; `N+` when the search stopped at
    /// --limit, default 2). Same as `sudokit count`.
    #[arg(long, conflicts_with = "all")]
    pub count: bool,

    /// Print every solution of each puzzle (up to --limit, default all), then
    /// an empty line after each puzzle's solutions. Runs on one thread.
    #[arg(long)]
    pub all: bool,

    /// Write one JSON object per puzzle (JSON Lines) instead of the input
    /// format's records: input, line, case, puzzle, verdict, solution(s),
    /// count, stats, and the error of a malformed puzzle (also `--format
    /// json`).
    #[arg(long)]
    pub json: bool,

    /// Progress bar on stderr: `auto` draws it when stderr is a terminal and
    /// the run lasts over a second, `always` whenever stderr is a terminal,
    /// `never` not at all. Never drawn into a pipe or a file.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = When::Auto)]
    pub progress: When,

    /// Colour in the drawn grid (one puzzle for a person, `grid` output):
    /// `auto` when stdout is a terminal and NO_COLOR is not set.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = When::Auto)]
    pub color: When,

    /// X-sudoku, windoku.
    #[command(flatten)]
    pub variant_args: VariantArgs,
}

impl SolveArgs {
    /// The input format asked for (`None`: detected); `--layout` asks for
    /// `multi`.
    pub fn format(&self) -> Option<Format> {
        match self.format {
            Some(FormatArg::Text(f)) => Some(f),
            Some(FormatArg::Json) | None => self.layout.map(|_| Format::Multi),
        }
    }

    /// Why the arguments cannot go together: `--layout` with a `--format`
    /// other than `multi`.
    pub fn conflict(&self) -> Option<String> {
        match (self.layout, self.format) {
            (Some(_), Some(FormatArg::Text(f))) if f != Format::Multi => Some(format!(
                "--layout reads multi-grid boards (--format multi); it cannot go with --format {f}"
            )),
            _ => None,
        }
    }

    /// Whether JSON Lines are asked for (`--json` or `--format json`).
    pub fn json(&self) -> bool {
        self.json || self.format == Some(FormatArg::Json)
    }

    /// The reader limits the arguments ask for.
    pub fn limits(&self) -> Limits {
        Limits {
            max_line: self.max_line_bytes,
            max_side: self.max_side,
            assume: self.assume.unwrap_or_default(),
            layout: self.layout,
        }
    }

    /// The extra houses the arguments ask for.
    pub fn variant(&self) -> crate::variant::Variant {
        self.variant_args.variant()
    }

    /// The per-puzzle effort bound the arguments ask for.
    pub fn budget(&self) -> Budget {
        Budget {
            max_nodes: self.max_nodes,
            time_limit: self.timeout,
            cancel: None,
        }
    }
}

/// `--engine`: one of the library's engine names.
fn engine_parser() -> impl TypedValueParser<Value = EngineKind> {
    PossibleValuesParser::new(EngineKind::NAMES)
        .map(|s| s.parse::<EngineKind>().expect("a listed name"))
}

/// `--format`: one of the library's format names.
pub(crate) fn parse_assume(s: &str) -> Result<sudokit::format::sudokupad::Assume, String> {
    sudokit::format::sudokupad::Assume::parse(s)
}

/// `--layout`: a preset name or grid corners.
pub(crate) fn parse_layout(s: &str) -> Result<LayoutChoice, String> {
    LayoutChoice::parse(s)
}

fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::NAMES).map(|s| s.parse::<Format>().expect("a listed name"))
}

/// A `--format` value where JSON output is possible: a text format (read,
/// and written), or `json` (JSON Lines out, the input format detected).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    /// A text format.
    Text(Format),
    /// JSON Lines output.
    Json,
}

/// `--format` where `json` is accepted too.
pub fn format_or_json_parser() -> impl TypedValueParser<Value = FormatArg> {
    let names: Vec<&'static str> = Format::NAMES.iter().copied().chain(["json"]).collect();
    PossibleValuesParser::new(names).map(|s| match s.as_str() {
        "json" => FormatArg::Json,
        name => FormatArg::Text(name.parse::<Format>().expect("a listed name")),
    })
}

/// A positive, finite number of seconds.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    seconds(text, false)
}

/// A finite number of seconds, 0 or more.
fn parse_seconds_or_zero(text: &str) -> Result<Duration, String> {
    seconds(text, true)
}

fn seconds(text: &str, zero: bool) -> Result<Duration, String> {
    let valid = if zero {
        "a number of seconds, 0 or more (e.g. 0 or 0.5)"
    } else {
        "a number of seconds above 0 (e.g. 3 or 0.5)"
    };
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not {valid}"))?;
    // NaN fails every comparison.
    if !(secs > 0.0 || (zero && secs == 0.0)) {
        return Err(format!("`{text}`: expected {valid}"));
    }
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("`{text}` is too long: expected {valid}, at most about 1e19"))
}

/// A solution limit: a whole number, 1 or more.
fn parse_limit(text: &str) -> Result<u64, String> {
    parse_count(text, "the limit is a whole number of solutions, 1 or more")
}

/// A node budget: a whole number, 1 or more.
fn parse_nodes(text: &str) -> Result<u64, String> {
    parse_count(text, "the node budget is a whole number, 1 or more")
}

fn parse_count(text: &str, what: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Err(format!(
            "`{text}` is too large ({what}, at most {})",
            u64::MAX
        )),
        _ => Err(format!("`{text}`: {what}")),
    }
}

/// When to do something that only makes sense on a terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum When {
    /// When the stream is a terminal (and, for progress, the run is long).
    Auto,
    /// Whenever the stream is a terminal (progress) or always (colour).
    Always,
    /// Never.
    Never,
}

/// `--shard K/N`: the K-th (1-based) of N blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 1-based shard number.
    pub k: u64,
    /// Number of shards.
    pub n: u64,
}

impl Shard {
    /// The puzzles (0-based positions, end excluded) this shard answers out
    /// of `total`: `[(K-1)*total/N, K*total/N)`.
    pub fn range(self, total: u64) -> std::ops::Range<u64> {
        let at = |k: u64| ((k as u128 * total as u128) / self.n as u128) as u64;
        at(self.k - 1)..at(self.k)
    }
}

fn parse_shard(s: &str) -> Result<Shard, String> {
    let usage = || format!("`{s}` is not K/N with 1 <= K <= N (for example 3/8)");
    let (k, n) = s.split_once('/').ok_or_else(usage)?;
    let k: u64 = k.trim().parse().map_err(|_| usage())?;
    let n: u64 = n.trim().parse().map_err(|_| usage())?;
    if k == 0 || n == 0 || k > n {
        return Err(usage());
    }
    Ok(Shard { k, n })
}

const COUNT_LONG_ABOUT: &str = "\
Count the solutions of every puzzle, up to --limit (default 2): one line per
puzzle, in input order, whatever the format: the number of solutions, with a
`+` when the search stopped at the limit (`0`, `1`, `2+` with the default), or
`Invalid puzzle` for a malformed one (the reason on stderr as FILE:LINE).
Same as `sudokit solve --count`; every option of `solve` applies.";

const COUNT_LIMIT_HELP: &str =
    "Count up to K solutions per puzzle; a puzzle with K or more prints \
`K+` [default: 2]";

const COUNT_EXAMPLES: &str = "\
Examples:
  sudokit count puzzles.txt                  0, 1 or 2+ per puzzle
  sudokit count --limit 1000 examples/line16.txt
  sudokit count ................................................................................. --limit 10";

const CANDIDATES_LONG_ABOUT: &str = "\
Print the true candidates of every puzzle: for each cell, the digits that some
solution puts there (what a setter checks before publishing). One record per
puzzle, in input order: an f-puzzles puzzle comes back as it came (a link, an
lz-string or JSON) with its candidates as centre marks, to open in f-puzzles or
SudokuPad; a classic 9x9 puzzle's is one 729-character `pencilmark` line (it
reads back as a puzzle), other sides get one line of space-separated cells, a
multi-grid board (samurai, the `multi` format) its rows with each cell's
candidates in a column, then an empty line; `No solution` when there is none,
`Invalid puzzle` for a malformed one. With --json, `candidates` lists each
cell's values (a multi-grid board's `cells` name their places, `r1c13`), and
with --limit K (2 or more)
`counts` says how many solutions use each candidate, up to K. Takes variant
puzzles (f-puzzles JSON, links) like every verb; one search per candidate not
yet seen in a solution, never an enumeration of all solutions.";

const CANDIDATES_LIMIT_HELP: &str =
    "Count up to K solutions per candidate (shown with --json) [default: 1: candidates only]";

const CANDIDATES_EXAMPLES: &str = "\
Examples:
  sudokit candidates puzzles.txt             one pencilmark line per puzzle
  sudokit candidates --json --limit 8 killer.json
  sudokit candidates 'https://www.f-puzzles.com/?load=N4Ig...'";

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
        for bad in ["0", "-1", "nan", "inf", "1e300", "1e20", "", "soon"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_seconds_or_zero("0"), Ok(Duration::ZERO));
        assert!(parse_seconds_or_zero("-0.5").is_err());
        assert_eq!(parse_limit("3"), Ok(3));
        for bad in ["0", "-1", "1.5", "", "99999999999999999999"] {
            assert!(parse_limit(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shards_cover_every_puzzle_once_in_order() {
        assert_eq!(parse_shard("2/3"), Ok(Shard { k: 2, n: 3 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
        for total in [0u64, 1, 2, 7, 100, 101] {
            for n in 1..=9u64 {
                let mut next = 0;
                for k in 1..=n {
                    let r = Shard { k, n }.range(total);
                    assert_eq!(r.start, next);
                    assert!(r.end - r.start <= total / n + 1);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
    }
}
