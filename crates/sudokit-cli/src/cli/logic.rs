//! The help texts of `rate`, `hint` and `explain`, which share `solve`'s
//! arguments and record contract, and `explain`'s own arguments.

use std::path::PathBuf;

use clap::Args;

use super::SolveArgs;

/// `sudokit rate`'s arguments: `solve`'s, and how to give the card.
#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub solve: SolveArgs,
    /// A readable block per puzzle (band, difficulty, minutes, techniques,
    /// checks) instead of one line.
    #[arg(long)]
    pub report: bool,
    /// Leave out the setter's checks (unused rules and totals, redundant
    /// givens: one count per rule and per given) from --report and --json;
    /// the spike and guess checks, which come from the path, stay. The
    /// one-line card shows no checks and never runs them.
    #[arg(long)]
    pub no_checks: bool,
}

/// `sudokit explain`'s arguments: `solve`'s, and where to draw the steps.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub solve: SolveArgs,
    /// Also draw every step of each puzzle's path: DIR/step-001.svg … (with
    /// several puzzles DIR/p2-step-001.svg …), and DIR/steps.txt naming them.
    #[arg(long, value_name = "DIR")]
    pub render: Option<PathBuf>,
    /// With --render: a PNG beside each SVG.
    #[arg(long, requires = "render")]
    pub png: bool,
}

pub(super) const RATE_LONG_ABOUT: &str = "\
Give every puzzle of the inputs its difficulty card, classic or variant, one
line per puzzle in input order:

  4.5/1.2/1.2  Hard  4.55  11 min  Unique Rectangle type 1, Naked Triplet, ...
  Very Hard  7.06  42 min  Simple Contradiction, Rule of 45, ...

A classic puzzle's line starts with Sudoku Explainer 1.2.1's ER/EP/ED (its
`serate` with the classic technique set: ER the hardest step, EP the hardest
up to the first placed digit, ED the first step; --json adds the level:
easy up to 1.9, medium 2.0-3.9, hard 4.0-6.4, expert 6.5-8.9, extreme 9.0
up). Then the card: the band (Very Easy up to 2.3, Easy up to 3.4, Medium up
to 4.4, Hard up to 6.4, Very Hard up to 8.9, Extreme above or when the path
gets stuck), the difficulty (the hardest step plus less than a tenth for the
steps near it), the minutes an average solver takes, and the techniques above
the singles, hardest first. --report gives a block per puzzle with the
counts of every technique and the setter's checks: a rule or a cage total
the puzzle stays unique without, a redundant given, a spike, a path that
needs a guess. --json gives the card in full (`card`). --no-checks leaves
out the counts those checks need. How each field is made: docs/card.md.

The solution is checked first: a puzzle with no solution or several gets
`No solution` or `Multiple Solutions` and is never rated; a malformed one
`Invalid puzzle`; one that runs out of --timeout `Gave up`; one the ladder
cannot finish an Extreme card with no number (the reason on stderr as
`FILE:LINE: message`). Inputs, formats, records, exit status, --json, -j,
--shard, --progress and --stats work as in `sudokit solve`.";

pub(super) const RATE_EXAMPLES: &str = "\
Examples:
  sudokit rate puzzles.txt                 one card per line
  sudokit rate --report killer.json        a readable card, checks included
  sudokit rate -j 2 --stats puzzles.txt    two threads, a summary on stderr
  sudokit rate --json puzzles.txt          JSON Lines (also --format json)
  sudokit rate 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

pub(super) const HINT_LONG_ABOUT: &str = "\
Print the next logical step of every puzzle of the inputs (files, `-` for
stdin, puzzles given inline; stdin when none is named; any format, pencil
marks included), one line per puzzle, in words and in the standard notation
(r4c6 a cell, r4c6=7 a placement, r4c6<>7 an elimination, Eureka notation
for chains):

  Hidden Single: the only place for 7 in box 5 is r4c6

The step is the one Sudoku Explainer would take: the first its ladder
finds, rung by rung in SE's order (within a rung, the first found, not the
one with the smallest number). The solution is checked first: a puzzle with
no solution or several gets `No solution` or `Multiple Solutions` and no
hint; a filled grid `Solved: every cell is filled`; a puzzle no technique
of the ladder helps `No step found`; a malformed one `Invalid puzzle`, one
that runs out of --timeout `Gave up` (the reason on stderr as
`FILE:LINE: message`). Inputs, records, exit status, --json, -j and --shard
work as in `sudokit solve`.";

pub(super) const HINT_EXAMPLES: &str = "\
Examples:
  sudokit hint 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit hint --json puzzle.txt";

pub(super) const EXPLAIN_LONG_ABOUT: &str = "\
Print the whole logical path of every puzzle of the inputs (files, `-` for
stdin, puzzles given inline; stdin when none is named; any format, pencil
marks included): one numbered step per line with its difficulty, then
`Rating: ` and the rating as `sudokit rate` prints it (or `Unrated: ...`,
`Gave up: ...`), then an empty line. A puzzle without a unique solution gets
the one-line record `sudokit solve` gives it, then an empty line. Inputs,
records, exit status, --json (one JSON object per puzzle, the schema in the
README), -j and --shard work as in `sudokit solve`. With --render DIR, each step is
also drawn (DIR/step-001.svg …, the board before the step with the step on
it; --png adds PNGs; DIR/steps.txt lists them).";

pub(super) const EXPLAIN_EXAMPLES: &str = "\
Examples:
  sudokit explain --render steps/ killer.json   a picture per step
  sudokit explain 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit explain --json puzzle.txt | jq '.steps[].technique'";
