//! The arguments and help texts of `sudokit generate`.

use clap::Args;
use sudokit::format::Format;
use sudokit::generate::Symmetry;
use sudokit::logic::{Difficulty, Level};
use sudokit::EngineKind;

use super::{engine_parser, When};

pub(super) const GENERATE_LONG_ABOUT: &str = "\
Generate puzzles with exactly one solution: a random complete grid, then
clues removed one at a time (or one symmetric set at a time), each removal
kept only when the engine proves the solution is still unique. Without
--clues the removal goes on while it can, so the puzzle is minimal.

Targets (a try that misses one is dropped and another is made):
  --minimal        no clue can be removed (each clue's removal is checked)
  --clues K|A..B   the number of clues
  --level NAME     easy, medium, hard, expert or extreme (ER ranges as in
                   `sudokit rate`: up to 1.9, 2.0-3.9, 4.0-6.4, 6.5-8.9, 9.0+)
  --rating A..B    an ER range, e.g. 7.0.. or 2.0..3.9 (Sudoku Explainer's
                   rating, 1.0 to 11.9; ratings above 6.4 need chains: 9x9
                   grids only, jigsaw, X and windoku included)
  --symmetry S     none, rotate180, rotate90, diagonal, antidiagonal,
                   horizontal, vertical (180, 90, mirror, flip also work)

Grids: --size N (default 9, boxes as square as N allows), --box RxC (boxes
of one row or column are the rows or columns: written as a jigsaw), --x,
--windoku, --jigsaw (new random regions for every puzzle).

Time: a run stops after --timeout seconds (default: 60 s for each puzzle a
thread has to make); the puzzles made are written, stderr says how many, and
the exit status is 1, as when a puzzle runs out of --max-tries. Exit status:
0 every puzzle asked was made, 1 some were not, 2 a usage error.

--seed S makes the run reproducible: each puzzle has its own seed derived
from S and its number, so the output is the same with any -j. Without
--seed a random seed is used and shown by --stats. The output is in --format
(default `line`, `jigsaw` for --jigsaw), one record per puzzle, in a shape
that `sudokit solve` and `sudokit rate` read back (a `# sudokit: x` line first
for --x and --windoku; the case count first for hdu4069).

Variant puzzles (--killer, --thermo N, --arrow N, --kropki full|min, --xv
full|min, --sandwich, --little-killer N, --whispers N, --renban N, --between
N, --palindrome N, --anti-knight, --anti-king, --non-consecutive, in any mix;
sizes 4x4 to 9x9, killer alone up to 16x16): rules drawn on a random solution,
givens removed while it stays the only one, every rule needed (the difficulty
card's check; --allow-unused keeps the rest), solved by the variant ladder
without a guess. --band and --difficulty aim at the card (`sudokit rate`);
--level names a band. Written as f-puzzles links (--format scl: SudokuPad
links); --json adds the card.";

pub(super) const GENERATE_EXAMPLES: &str = "\
Examples:
  sudokit generate -n 10 --symmetry rotate180 --level medium --seed 1
  sudokit generate -n 1000 --minimal --stats > minimal.txt
  sudokit generate --rating 7.0.. -n 100 -j 2
  sudokit generate --size 16 --format grid
  sudokit generate --jigsaw -n 5 --format jigsaw
  sudokit generate --layout samurai --symmetry rotate180 --level medium
  sudokit generate --x --clues 30..34 --with-solution --format grid
  sudokit generate --killer --band hard -n 5 --seed 1
  sudokit generate --thermo 4 --size 6 --format scl
  sudokit generate --kropki full --json --stats
  sudokit generate --thermo 2 --arrow 2 --whispers 1 --band medium";

/// Arguments of `sudokit generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// The side of the grid (boxes as square as the side allows; none for a
    /// prime side unless --jigsaw).
    #[arg(long, value_name = "N", conflicts_with = "box_shape",
          value_parser = clap::builder::TypedValueParser::map(clap::value_parser!(u64).range(1..=sudokit::MAX_SIZE as u64), |n| n as usize))]
    pub size: Option<usize>,

    /// The box shape, rows x columns (the side is their product), e.g. 2x3.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<(usize, usize)>,

    /// A multi-grid board: a preset (samurai, twodoku, butterfly, windmill,
    /// flower, sohei, …) or grid corners ("0,0 6,6"); written in the
    /// `multi` format (the board's rows, a space for a hole).
    #[arg(long, value_name = "NAME|CORNERS", value_parser = parse_multi_layout,
          conflicts_with_all = ["size", "box_shape", "jigsaw", "x", "windoku"])]
    pub layout: Option<sudokit::MultiLayout>,

    /// Jigsaw: random regions of N connected cells, new for every puzzle.
    #[arg(long, conflicts_with = "box_shape")]
    pub jigsaw: bool,

    /// X-sudoku: the two main diagonals hold every digit once too.
    #[arg(long = "x")]
    pub x: bool,

    /// Windoku: the windows hold every digit once too (square boxes only).
    #[arg(long, conflicts_with = "jigsaw")]
    pub windoku: bool,

    /// The symmetry of the clue pattern (and of jigsaw regions).
    #[arg(long, value_name = "S", default_value = "none", value_parser = parse_symmetry)]
    pub symmetry: Symmetry,

    /// No clue can be removed without losing uniqueness (checked).
    #[arg(long)]
    pub minimal: bool,

    /// The number of clues: K or A..B.
    #[arg(long, value_name = "K|A..B", value_parser = parse_clues)]
    pub clues: Option<(usize, usize)>,

    /// The difficulty level: easy, medium, hard, expert, extreme.
    #[arg(long, value_name = "NAME", conflicts_with = "rating", value_parser = parse_level)]
    pub level: Option<Level>,

    /// The ER range: A..B, A.. (no upper end), ..B or A.
    #[arg(long, value_name = "A..B", value_parser = parse_rating)]
    pub rating: Option<(Difficulty, Option<Difficulty>)>,

    /// The seed of the run [default: random, shown by --stats].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Worker threads [default: all cores]. The output does not depend on it.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,

    /// Output format [default: line; jigsaw for --jigsaw]; `json` is
    /// --json.
    #[arg(short, long, value_name = "FORMAT", value_parser = super::format_or_json_parser())]
    pub format: Option<super::FormatArg>,

    /// Write each puzzle's solution after it, as a record of the same format.
    #[arg(long)]
    pub with_solution: bool,

    /// One JSON object per puzzle (JSON Lines) instead of --format: number,
    /// seed, puzzle, solution, clues, regions (jigsaw), rating when known.
    #[arg(long, conflicts_with_all = ["format", "with_solution"])]
    pub json: bool,

    /// Print a summary to stderr: puzzles, tries and why tries were dropped,
    /// engine checks, time per puzzle, the clue-count histogram, the seed.
    #[arg(long)]
    pub stats: bool,

    /// Engine that completes grids and proves uniqueness.
    #[arg(short, long, value_name = "ENGINE", default_value = "auto", value_parser = engine_parser())]
    pub engine: EngineKind,

    /// Tries per puzzle before giving up (a try: one grid, one removal pass).
    #[arg(long, value_name = "N", default_value_t = sudokit::generate::Spec::MAX_TRIES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_tries: u64,

    /// Node budget of each uniqueness check [default: 2,000,000 up to 9x9,
    /// 500,000 up to 16x16 (20,000 for jigsaws), 5,000 above]: a check that
    /// runs out keeps its clue, so big puzzles stay unique but may not be
    /// minimal.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,

    /// Stop the run after SECS seconds (decimals allowed): the puzzles made
    /// are written, stderr says how many of how many, the exit status is 1.
    /// [default: 60 s for each puzzle a thread has to make]
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = super::parse_seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Progress bar on stderr (as in `sudokit solve`).
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = When::Auto)]
    pub progress: When,

    #[command(flatten)]
    pub variant: VariantArgs,
}

/// The variant rules of `sudokit generate` (any of them makes a variant
/// puzzle, written as an f-puzzles link).
#[derive(Debug, Default, Args)]
#[command(next_help_heading = "Variant puzzles")]
pub struct VariantArgs {
    /// Killer: cages tile the grid, no givens (--givens N allows some).
    #[arg(long, conflicts_with = "killer_cages")]
    pub killer: bool,

    /// Killer cages on a classic puzzle: N cages among givens.
    #[arg(long, value_name = "N")]
    pub killer_cages: Option<usize>,

    /// Cells per cage: K or A..B [default: 1..5 on 9x9; up to 3 on 4x4, 4 on
    /// 6x6, 6 on 16x16].
    #[arg(long, value_name = "A..B", value_parser = parse_clues)]
    pub cage_size: Option<(usize, usize)>,

    /// How many cages: K or A..B.
    #[arg(long, value_name = "A..B", value_parser = parse_clues)]
    pub cages: Option<(usize, usize)>,

    /// At most N givens (a tiled killer has none without it).
    #[arg(long, value_name = "N")]
    pub givens: Option<usize>,

    /// N thermometers.
    #[arg(long, value_name = "N")]
    pub thermo: Option<usize>,

    /// N arrows.
    #[arg(long, value_name = "N")]
    pub arrow: Option<usize>,

    /// Kropki dots: every dot with the negative rule (full), or as few as
    /// uniqueness needs (min).
    #[arg(long, value_name = "full|min", value_parser = parse_amount)]
    pub kropki: Option<sudokit::generate::Amount>,

    /// X and V marks: every mark with the negative rule (full), or as few as
    /// uniqueness needs (min).
    #[arg(long, value_name = "full|min", value_parser = parse_amount)]
    pub xv: Option<sudokit::generate::Amount>,

    /// Sandwich sums outside rows and columns (as many as uniqueness needs).
    #[arg(long)]
    pub sandwich: bool,

    /// N little killer diagonals.
    #[arg(long, value_name = "N")]
    pub little_killer: Option<usize>,

    /// N German whispers lines.
    #[arg(long, value_name = "N")]
    pub whispers: Option<usize>,

    /// N renban lines.
    #[arg(long, value_name = "N")]
    pub renban: Option<usize>,

    /// N between lines.
    #[arg(long, value_name = "N")]
    pub between: Option<usize>,

    /// N palindrome lines.
    #[arg(long, value_name = "N")]
    pub palindrome: Option<usize>,

    /// Global rule: cells a knight's move apart differ.
    #[arg(long)]
    pub anti_knight: bool,

    /// Global rule: cells a king's move apart differ.
    #[arg(long)]
    pub anti_king: bool,

    /// Global rule: orthogonal neighbours are not consecutive.
    #[arg(long)]
    pub non_consecutive: bool,

    /// The difficulty card's band: NAME or A..B (very-easy, easy, medium,
    /// hard, very-hard, extreme). For variants --level names a band too.
    #[arg(long, value_name = "A..B", value_parser = parse_bands)]
    pub band: Option<(sudokit::card::Band, sudokit::card::Band)>,

    /// The difficulty card's difficulty: A..B (Sudoku Explainer's scale).
    #[arg(long, value_name = "A..B", value_parser = parse_difficulty)]
    pub difficulty: Option<(f64, f64)>,

    /// Keep rules the puzzle does not need (the card lists them).
    #[arg(long)]
    pub allow_unused: bool,
}

impl VariantArgs {
    /// Whether any variant rule is asked for.
    pub fn any(&self) -> bool {
        self.killer
            || self.killer_cages.is_some()
            || [
                self.thermo,
                self.arrow,
                self.little_killer,
                self.whispers,
                self.renban,
                self.between,
                self.palindrome,
            ]
            .iter()
            .any(Option::is_some)
            || self.kropki.is_some()
            || self.xv.is_some()
            || self.sandwich
            || self.anti_knight
            || self.anti_king
            || self.non_consecutive
    }
}

fn parse_amount(text: &str) -> Result<sudokit::generate::Amount, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "full" | "all" => Ok(sudokit::generate::Amount::Full),
        "min" | "minimal" => Ok(sudokit::generate::Amount::Min),
        _ => Err(format!("`{text}`: expected full or min")),
    }
}

fn parse_bands(text: &str) -> Result<(sudokit::card::Band, sudokit::card::Band), String> {
    use sudokit::card::Band;
    let bad = || {
        format!(
            "`{text}` is not a band or range of bands (very-easy, easy, medium, hard, very-hard, \
             extreme; A..B)"
        )
    };
    let one = |s: &str| Band::parse(s);
    let (lo, hi) = range(text, one).ok_or_else(bad)?;
    let lo = lo.unwrap_or(Band::VeryEasy);
    let hi = hi.unwrap_or(if text.contains("..") {
        Band::Extreme
    } else {
        lo
    });
    if lo > hi {
        return Err(format!("`{text}`: the bands are the wrong way round"));
    }
    Ok((lo, hi))
}

fn parse_difficulty(text: &str) -> Result<(f64, f64), String> {
    let bad = || format!("`{text}` is not a difficulty range: expected A..B, e.g. 3.0..4.5");
    let one = |s: &str| s.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0);
    let (lo, hi) = range(text, one).ok_or_else(bad)?;
    let lo = lo.unwrap_or(0.0);
    let hi = hi.unwrap_or(if text.contains("..") { 100.0 } else { lo });
    if lo > hi {
        return Err(format!("`{text}`: the ends are the wrong way round"));
    }
    Ok((lo, hi))
}

impl GenerateArgs {
    /// Whether JSON Lines are asked for (`--json` or `--format json`).
    pub fn json(&self) -> bool {
        self.json || self.format == Some(super::FormatArg::Json)
    }

    /// The text format asked for, if any.
    pub fn text_format(&self) -> Option<Format> {
        match self.format {
            Some(super::FormatArg::Text(f)) => Some(f),
            _ => None,
        }
    }
}

fn parse_box(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}` is not a box shape: expected RxC, e.g. 3x3 or 2x3");
    let (r, c) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 || r * c > sudokit::MAX_SIZE {
        return Err(format!(
            "`{text}`: boxes of {r}x{c} make a side of {}; the side must be 1 to {}",
            r * c,
            sudokit::MAX_SIZE
        ));
    }
    Ok((r, c))
}

fn parse_symmetry(text: &str) -> Result<Symmetry, String> {
    text.parse()
        .map_err(|e: sudokit::generate::UnknownSymmetry| e.to_string())
}

/// `A..B`, `A..`, `..B` or `A` into (low, high), each end parsed by `one`.
fn range<T: Copy>(text: &str, one: impl Fn(&str) -> Option<T>) -> Option<(Option<T>, Option<T>)> {
    let text = text.trim();
    match text.split_once("..") {
        Some((a, b)) => {
            let a = a.trim();
            let b = b.trim().trim_start_matches('=');
            let low = if a.is_empty() { None } else { Some(one(a)?) };
            let high = if b.is_empty() { None } else { Some(one(b)?) };
            (low.is_some() || high.is_some()).then_some((low, high))
        }
        None => {
            let v = one(text)?;
            Some((Some(v), Some(v)))
        }
    }
}

fn parse_clues(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}` is not a clue count: expected K or A..B, e.g. 25 or 22..26");
    let (low, high) = range(text, |s| s.parse::<usize>().ok()).ok_or_else(bad)?;
    let (low, high) = (low.unwrap_or(0), high.unwrap_or(usize::MAX));
    if low > high {
        return Err(format!("`{text}`: the range is empty"));
    }
    Ok((low, high))
}

/// An ER such as `7`, `7.0` or `8.3`, in tenths.
fn tenths(text: &str) -> Option<Difficulty> {
    let v: f64 = text.parse().ok()?;
    (0.0..=100.0)
        .contains(&v)
        .then(|| Difficulty((v * 10.0).round() as u16))
}

fn parse_rating(text: &str) -> Result<(Difficulty, Option<Difficulty>), String> {
    let bad = || {
        format!("`{text}` is not an ER range: expected A..B, A.., ..B or A, e.g. 7.0.. or 2.0..3.9")
    };
    let (low, high) = range(text, tenths).ok_or_else(bad)?;
    let low = low.unwrap_or(Difficulty(0));
    sudokit::generate::check_rating(low, high).map_err(|e| format!("`{text}`: {e}"))?;
    Ok((low, high))
}

fn parse_multi_layout(text: &str) -> Result<sudokit::MultiLayout, String> {
    sudokit::MultiLayout::parse(text).map_err(|e| e.to_string())
}

fn parse_level(text: &str) -> Result<Level, String> {
    let all = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];
    let lower = text.trim().to_ascii_lowercase();
    all.into_iter().find(|l| l.name() == lower).ok_or_else(|| {
        format!("unknown level `{text}` (expected one of: easy, medium, hard, expert, extreme)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse() {
        assert_eq!(parse_clues("25"), Ok((25, 25)));
        assert_eq!(parse_clues("22..26"), Ok((22, 26)));
        assert_eq!(parse_clues("..30"), Ok((0, 30)));
        assert!(parse_clues("30..20").is_err());
        assert!(parse_clues("x").is_err());
        assert_eq!(parse_rating("7.0.."), Ok((Difficulty(70), None)));
        assert_eq!(
            parse_rating("2..3.9"),
            Ok((Difficulty(20), Some(Difficulty(39))))
        );
        assert_eq!(
            parse_rating("..1.9"),
            Ok((Difficulty(0), Some(Difficulty(19))))
        );
        assert!(parse_rating("9..2").is_err());
        // Ranges no puzzle rates in, from the library's bounds.
        let top = sudokit::generate::MAX_ER;
        assert_eq!(parse_rating(&top.to_string()), Ok((top, Some(top))));
        let above = sudokit::logic::Difficulty(top.0 + 1);
        assert!(parse_rating(&format!("{above}..")).is_err());
        assert!(parse_rating("99").is_err());
        assert!(parse_rating("..0.9").is_err());
        assert!(parse_rating("..").is_err());
        assert_eq!(parse_box("2x3"), Ok((2, 3)));
        assert!(parse_box("9x9").is_err());
        assert_eq!(parse_level("Expert"), Ok(Level::Expert));
    }
}
