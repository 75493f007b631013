//! The arguments and help texts of `sudokit render`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use sudokit::format::Format;
use sudokit::EngineKind;

use super::{engine_parser, format_parser, parse_seconds, VariantArgs};

pub(super) const RENDER_LONG_ABOUT: &str = "\
Draw each puzzle of the inputs (files, `-` for stdin, puzzles given inline;
stdin when none is named; any format, pencil marks included) as a print-ready picture: thin cell lines,
thick box borders (for a jigsaw, thick lines exactly where regions meet, and
a pastel fill per region), X-sudoku diagonals, windoku windows in grey,
givens in bold black.

--solution adds the solution's digits in blue; --candidates the candidate
marks left by the givens (and the pencil marks, if any); --step N draws the
board just before the N-th step of the logical path (as `sudokit explain`
lists it), with its candidates, the step's cells and houses shaded, its
evidence circled, its eliminations struck through in red and its placements
circled in green.

The output format comes from the name given to -o: `.svg` or `.png` (PNG is
drawn with a built-in DejaVu Sans, one pixel per SVG unit: raise --cell for
print). Without -o, one SVG goes to stdout. When the inputs hold several puzzles,
-o out.svg writes out-1.svg, out-2.svg, ... (numbered by puzzle, across the
inputs in order). --solution draws only a unique solution: a puzzle with
several is refused.

Exit status as in `sudokit solve`: 0 when every puzzle was drawn; 1 when a
puzzle is malformed or cannot be drawn (no solution, several for
--solution, a step out of range, a timeout), reported as
`FILE:LINE: message` on stderr; 2 when an input or output file cannot be
opened.";

pub(super) const RENDER_EXAMPLES: &str = "\
Examples:
  sudokit render 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... > p.svg
  sudokit render puzzle.txt --solution -o solved.png
  sudokit render puzzle.txt --step 3 -o step3.svg
  sudokit render puzzles.txt -o page.svg      page-1.svg, page-2.svg, ...";

/// Arguments of `sudokit render`.
#[derive(Clone, Debug, Args)]
pub struct RenderArgs {
    /// Files, `-` for stdin, or puzzles given inline; stdin when none is
    /// named.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,

    /// Output file, `.svg` or `.png`; several puzzles give OUT-1, OUT-2, ...
    /// [default: SVG on stdout]
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Draw the solution's digits (in blue).
    #[arg(long, conflicts_with = "step")]
    pub solution: bool,

    /// Draw the candidate marks of the empty cells.
    #[arg(long)]
    pub candidates: bool,

    /// Draw the board before the N-th step (1-based) of the logical path,
    /// with the step highlighted (implies --candidates).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub step: Option<u32>,

    /// Input format [default: detected].
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

    /// Side of a cell in pixels (a 9x9 grid is 9 cells plus a 16 px margin
    /// on each side); raise it for a sharper PNG.
    #[arg(long, value_name = "PX", default_value = "52", value_parser = parse_cell)]
    pub cell: f64,

    /// A caption above the grid (at most 200 characters: laying out text
    /// costs more than linear time, and the server takes titles too).
    #[arg(long, value_name = "TEXT", value_parser = parse_title)]
    pub title: Option<String>,

    /// Engine for --solution and the uniqueness check of --step.
    #[arg(short, long, value_name = "ENGINE", default_value = "auto", value_parser = engine_parser())]
    pub engine: EngineKind,

    /// Give up on a puzzle after SECS seconds.
    #[arg(long, value_name = "SECS", default_value = "60",
          allow_negative_numbers = true, value_parser = parse_seconds)]
    pub timeout: Duration,

    /// X-sudoku, windoku (see `sudokit solve --help`).
    #[command(flatten)]
    pub variant: VariantArgs,

    /// Stops a logical path when raised (the server's client hung up).
    #[arg(skip)]
    pub cancel: Option<sudokit::Cancel>,
}

/// A cell side from 8 to 400 pixels.
/// The longest `--title`, in characters.
pub const MAX_TITLE: usize = 200;

fn parse_title(text: &str) -> Result<String, String> {
    let chars = text.chars().count();
    if chars > MAX_TITLE {
        return Err(format!(
            "a caption of at most {MAX_TITLE} characters (this one has {chars})"
        ));
    }
    Ok(text.to_owned())
}

fn parse_cell(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(px) if (8.0..=400.0).contains(&px) => Ok(px),
        _ => Err("a cell side in pixels from 8 to 400 (e.g. 52)".into()),
    }
}
