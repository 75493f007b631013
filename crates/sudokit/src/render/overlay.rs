//! The constraint layer alone ([`overlay`]): what [`super::svg_puzzle`]
//! draws for a puzzle's variant constraints and shaded extra houses, with no
//! cells, digits or borders, for a page that draws its own cells and lays
//! this layer between their backgrounds and their digits. One drawing code
//! for the picture and the page.

use std::fmt::Write;

use super::svg::{EXTRA_HOUSE, N};
use super::variant::{self, HouseLook};
use super::Options;
use crate::{Extra, Puzzle};

/// A puzzle's constraint layer, in grid coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overlay {
    /// A standalone `<svg>` element (no size attributes: its box is the
    /// caller's) whose `viewBox` spans the grid and the ring of cells that
    /// carry clues outside it: the grid's top-left corner is at 0,0 and one
    /// cell is [`Options::cell`] units wide.
    pub svg: String,
    /// Whether the clues outside the grid need one more cell above, to the
    /// right, below and to the left of it (`[top, right, bottom, left]`).
    pub pads: [bool; 4],
    /// The rules that are not marks on the grid (`Also: anti-king`), to
    /// write near it.
    pub legend: Option<String>,
    /// The cells (row-major) whose top-left corner holds a cage total, so a
    /// page can keep its own marks clear of it.
    pub total_cells: Vec<usize>,
}

/// The layer of `puzzle`'s variant constraints ([`Puzzle::constraints`])
/// and of the extra houses [`super::svg`] shades, drawn exactly as
/// [`super::svg_puzzle`] draws them (shading, lines, then shapes, cage
/// totals and outside clues); `None` when the puzzle has neither (the
/// diagonals of an X-sudoku and windoku windows are not in it: pages draw
/// those with the houses).
pub fn overlay(puzzle: &Puzzle, options: &Options) -> Option<Overlay> {
    let geometry = puzzle.geometry();
    let n = geometry.size();
    let constraints = puzzle.constraints();
    let shaded: Vec<&[crate::Cell]> = geometry
        .extras()
        .iter()
        .filter_map(|e| match e {
            Extra::House(cells) if variant::house_look(geometry, cells) == HouseLook::Shade => {
                Some(cells.as_slice())
            }
            _ => None,
        })
        .collect();
    let legend = variant::legend(constraints, geometry);
    if constraints.is_empty() && shaded.is_empty() && legend.is_none() {
        return None;
    }
    let cell = if options.cell.is_finite() && options.cell >= 4.0 {
        options.cell.min(1000.0)
    } else {
        Options::default().cell
    };
    let pads = variant::pads(constraints, n);
    let pad = |on: bool| if on { 1.0 } else { 0.0 };
    let (left, top) = (pad(pads.left) * cell, pad(pads.top) * cell);
    let width = (n as f64 + pad(pads.left) + pad(pads.right)) * cell;
    let height = (n as f64 + pad(pads.top) + pad(pads.bottom)) * cell;
    let mut s = String::with_capacity(4096);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="constraints" viewBox="{} {} {} {}" font-family="{}">"#,
        N(-left),
        N(-top),
        N(width),
        N(height),
        super::draw::FONT
    );
    if !shaded.is_empty() {
        s.push_str("<g shape-rendering=\"crispEdges\">\n");
        for cells in shaded {
            for c in cells.iter().filter(|c| c.index() < n * n) {
                let _ = writeln!(
                    s,
                    r#"<rect class="extra-house" x="{}" y="{}" width="{}" height="{}" fill="{EXTRA_HOUSE}"/>"#,
                    N(c.column(n) as f64 * cell),
                    N(c.row(n) as f64 * cell),
                    N(cell),
                    N(cell)
                );
            }
        }
        s.push_str("</g>\n");
    }
    let painter = variant::Painter {
        constraints,
        n,
        cell,
        alphabet: options.alphabet,
    };
    painter.shading(&mut s);
    painter.lines(&mut s);
    painter.shapes(&mut s);
    s.push_str("</svg>\n");
    let total_cells = variant::total_cells(constraints, n * n)
        .iter()
        .enumerate()
        .filter_map(|(i, &t)| t.then_some(i))
        .collect();
    Some(Overlay {
        svg: s,
        pads: [pads.top, pads.right, pads.bottom, pads.left],
        legend,
        total_cells,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg_puzzle;

    /// The layer is the picture's own drawing: every element of it is in
    /// `svg_puzzle`'s drawing of the same puzzle, byte for byte, and none of
    /// the cells, digits or borders are in it.
    #[test]
    fn the_layer_is_the_pictures_constraint_drawing() {
        let puzzle = crate::render::variant::tests::showcase();
        let options = Options::default();
        let layer = overlay(&puzzle, &options).expect("constraints to draw");
        let picture = svg_puzzle(&puzzle, None, None, None, &options);
        let body: Vec<&str> = layer
            .svg
            .lines()
            .skip(1)
            .filter(|l| *l != "</svg>")
            .collect();
        assert!(body.len() > 50, "{}", layer.svg);
        for line in &body {
            assert!(picture.contains(line), "not in the picture: {line}");
        }
        for class in [
            "region-border",
            "cell-line",
            "class=\"given\"",
            "background",
        ] {
            assert!(!layer.svg.contains(class), "{class} in the layer");
        }
        // The showcase has clues on every side: the view box spans the ring.
        assert_eq!(layer.pads, [true; 4]);
        assert!(
            layer.svg.contains(r#"viewBox="-52 -52 572 572""#),
            "{}",
            &layer.svg[..200]
        );
        assert_eq!(
            layer.legend,
            crate::render::variant::legend(puzzle.constraints(), puzzle.geometry())
        );
        assert!(!layer.total_cells.is_empty());
        // The XML parses.
        roxmltree::Document::parse(&layer.svg).expect("well-formed SVG");
    }

    #[test]
    fn a_classic_puzzle_has_no_layer() {
        let puzzle = crate::format::line::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        assert_eq!(overlay(&puzzle, &Options::default()), None);
    }
}
