//! Print-ready SVG drawings of a grid: givens, filled digits, candidate
//! marks, the highlight of a logical step, and a variant puzzle's
//! constraints ([`svg_puzzle`]: cages, thermometers, arrows, dots, lines,
//! outside clues …).
//!
//! ```
//! use sudokit::render::{svg, Options};
//!
//! let puzzle = sudokit::format::line::parse_line(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! )
//! .unwrap();
//! let drawing = svg(puzzle.geometry(), puzzle.givens(), None, None, None, &Options::default());
//! assert!(drawing.starts_with("<svg"));
//! ```
//!
//! The drawing is plain SVG 1.1 text (no scripts, no external resources),
//! sized in pixels with a `viewBox`, so it scales to any paper size. Every
//! element is written in a fixed order with coordinates rounded to 0.01, so
//! the same input gives the same bytes.
//!
//! Elements carry classes a stylesheet or a test can select: `cell-line`
//! (thin lines between cells), `region-border` (thick lines, one per
//! straight run, wherever two cells of different regions meet and along the
//! frame), `region-fill`, `window`, `extra-house`, `diagonal`, `given`,
//! `filled`, `candidate`, and for a highlight `hl-house`, `hl-cell`,
//! `hl-evidence`, `hl-elimination`, `hl-placement`. Constraints carry the
//! class of their kind (`killer-cage`, `cage-total`, `thermometer`,
//! `thermo-bulb`, `arrow`, `arrow-circle`, `kropki-white`, `kropki-black`,
//! `xv`, `whispers`, `little-killer`, `sandwich`, `legend` …; the full list
//! is in `docs/render.md`).

mod draw;
mod overlay;
mod palette;
mod svg;
mod variant;

pub use overlay::{overlay, Overlay};

use crate::format::alphabet::Alphabet;
use crate::logic::{Candidate, Step};
use crate::variant::Constraint;
use crate::{Geometry, Grid, Puzzle};

/// How to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Side of one cell, in pixels (SVG user units).
    pub cell: f64,
    /// Blank space around the grid, in pixels.
    pub margin: f64,
    /// Pastel fills per region for jigsaw layouts (neighbouring regions get
    /// different colours). Box layouts are never filled: their thick lines
    /// already show the boxes.
    pub region_fills: bool,
    /// A caption drawn above the grid (and the SVG `<title>`).
    pub title: Option<String>,
    /// The symbols of the digits, as the text writers choose them
    /// (`Entry::style`): `1`-`9` then letters, or `A`-`Z`.
    pub alphabet: Alphabet,
}

impl Default for Options {
    /// 52 px cells and a 16 px margin: a 9x9 grid is 500 px wide.
    fn default() -> Options {
        Options {
            cell: 52.0,
            margin: 16.0,
            region_fills: true,
            title: None,
            alphabet: Alphabet::Numeric,
        }
    }
}

/// What to emphasise: a step's pattern, the candidates that justify it, and
/// what it places and removes. Cells are row-major indices, houses indices
/// into [`Geometry::houses`], digits 1-based (as in [`Candidate`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// Cells of the pattern (soft background).
    pub cells: Vec<usize>,
    /// Houses of the pattern (a softer background).
    pub houses: Vec<usize>,
    /// Candidates of the pattern (circled).
    pub evidence: Vec<Candidate>,
    /// Candidates removed (struck through, red).
    pub eliminations: Vec<Candidate>,
    /// Digits placed (circled, green).
    pub placements: Vec<Candidate>,
}

impl From<&Step> for Highlight {
    fn from(step: &Step) -> Highlight {
        Highlight {
            cells: step.cells.clone(),
            houses: step.houses.clone(),
            evidence: step.evidence.clone(),
            eliminations: step.eliminations.clone(),
            placements: step.placements.clone(),
        }
    }
}

/// Draws a grid as an SVG document.
///
/// - `givens`: the puzzle's digits (bold black);
/// - `filled`: digits found since (a solution or a board's placed digits),
///   drawn in blue where `givens` has none;
/// - `candidates`: one bit mask per cell (bit `d` = 0-based digit `d`, the
///   masks of
///   [`logic::Board::all_candidates`](crate::logic::Board::all_candidates)),
///   drawn as small digits in the empty cells;
/// - `highlight`: a step to emphasise; its candidate marks are drawn even
///   when `candidates` is `None`.
///
/// Grids, masks or highlights that do not match the geometry are drawn as
/// far as they fit: cells and digits out of range are skipped.
pub fn svg(
    geometry: &Geometry,
    givens: &Grid,
    filled: Option<&Grid>,
    candidates: Option<&[u64]>,
    highlight: Option<&Highlight>,
    options: &Options,
) -> String {
    draw::Drawing {
        geometry,
        givens,
        filled,
        candidates,
        highlight,
        options,
        constraints: &[],
    }
    .render()
}

/// Draws a whole puzzle: its geometry and givens as [`svg`] does, and its
/// variant constraints ([`Puzzle::constraints`]) the way f-puzzles and
/// SudokuPad show them — killer cages, thermometers, arrows, kropki dots,
/// XV, coloured lines, odd/even cells, quadruples, and the clues outside the
/// grid (sandwich, x-sum, skyscraper, little killer), for which the drawing
/// grows by one cell on the sides that carry them. Rules that are not marks
/// on the grid (anti-king, anti-knight, nonconsecutive, negative
/// constraints, disjoint groups) are named in a line under the grid.
///
/// `filled`, `candidates` and `highlight` are as for [`svg`]. A constraint's
/// cells off the grid are skipped; nothing panics.
pub fn svg_puzzle(
    puzzle: &Puzzle,
    filled: Option<&Grid>,
    candidates: Option<&[u64]>,
    highlight: Option<&Highlight>,
    options: &Options,
) -> String {
    let constraints: &[Constraint] = puzzle.constraints();
    draw::Drawing {
        geometry: puzzle.geometry(),
        givens: puzzle.givens(),
        filled,
        candidates,
        highlight,
        options,
        constraints,
    }
    .render()
}

/// The symbol of 0-based digit `d`: the alphabet's, else the numeric one,
/// else its 1-based number (sides past the numeric alphabet).
fn symbol(alphabet: Alphabet, d: usize) -> String {
    match alphabet.symbol(d).or_else(|| Alphabet::Numeric.symbol(d)) {
        Some(s) => char::from(s).to_string(),
        None => (d + 1).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_follow_the_alphabet_and_fall_back() {
        assert_eq!(symbol(Alphabet::Numeric, 0), "1");
        assert_eq!(symbol(Alphabet::Numeric, 15), "G");
        assert_eq!(symbol(Alphabet::Letters, 15), "P");
        // Letters stop at Z: the numeric symbols take over.
        assert_eq!(symbol(Alphabet::Letters, 30), "V");
        assert_eq!(symbol(Alphabet::Numeric, 63), "64");
    }
}
