//! The SVG text itself, layer by layer: background, fills, constraint
//! shading, highlight backgrounds, thin lines, constraint lines, region
//! borders, constraint shapes and marks, digits, candidate marks.

use std::fmt::Write;

use super::palette::{region_colours, PASTELS};
use super::svg::{escape, EXTRA_HOUSE, N};
use super::variant::{self, HouseLook};
use super::{symbol, Highlight, Options};
use crate::variant::Constraint;
use crate::{Cell, Extra, Geometry, Grid, Layout};

pub(super) const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
pub(super) const GIVEN: &str = "#000000";
const FILLED: &str = "#1f5fbf";
const CANDIDATE: &str = "#555555";
pub(super) const THIN: &str = "#8c8c8c";
const WINDOW: &str = "#e0e0e0";
pub(super) const DIAGONAL: &str = "#9aa7c7";
const HL_HOUSE: &str = "#d6e6ff";
const HL_CELL: &str = "#ffe7a0";
const EVIDENCE_FILL: &str = "#bfe0ff";
const EVIDENCE_STROKE: &str = "#2a6fdb";
const ELIMINATION: &str = "#d01c1c";
const PLACEMENT_FILL: &str = "#c6efc6";
const PLACEMENT: &str = "#1e7d1e";

/// One drawing's inputs.
pub(super) struct Drawing<'a> {
    pub geometry: &'a Geometry,
    pub givens: &'a Grid,
    pub filled: Option<&'a Grid>,
    pub candidates: Option<&'a [u64]>,
    pub highlight: Option<&'a Highlight>,
    pub options: &'a Options,
    /// Variant constraints to draw (none for [`super::svg`]).
    pub constraints: &'a [Constraint],
}

/// Per-cell bit masks (bit `d` = 0-based digit `d`) of a highlight.
#[derive(Default)]
struct Marks {
    evidence: Vec<u64>,
    eliminations: Vec<u64>,
    placements: Vec<u64>,
}

impl Drawing<'_> {
    fn n(&self) -> usize {
        self.geometry.size()
    }

    /// A sane cell size: a non-finite or tiny one would make an unusable
    /// drawing.
    fn cell(&self) -> f64 {
        let c = self.options.cell;
        if c.is_finite() && c >= 4.0 {
            c.min(1000.0)
        } else {
            Options::default().cell
        }
    }

    fn margin(&self) -> f64 {
        let m = self.options.margin;
        if m.is_finite() && m >= 0.0 {
            m.min(1000.0)
        } else {
            0.0
        }
    }

    /// The digit in a cell: 0-based, and whether it is a given.
    fn value(&self, i: usize) -> Option<(usize, bool)> {
        if let Some(Some(d)) = self.givens.cells().get(i) {
            return Some((d.index(), true));
        }
        match self.filled.and_then(|f| f.cells().get(i)) {
            Some(Some(d)) => Some((d.index(), false)),
            _ => None,
        }
    }

    /// Board row and column of cell `i`.
    fn at(&self, i: usize) -> (usize, usize) {
        self.geometry.position(Cell(i as u32))
    }

    fn marks(&self) -> Marks {
        let cells = self.geometry.cell_count();
        let n = self.n();
        let mut marks = Marks {
            evidence: vec![0; cells],
            eliminations: vec![0; cells],
            placements: vec![0; cells],
        };
        let Some(h) = self.highlight else {
            return marks;
        };
        for (list, masks) in [
            (&h.evidence, &mut marks.evidence),
            (&h.eliminations, &mut marks.eliminations),
            (&h.placements, &mut marks.placements),
        ] {
            for c in list {
                let d = usize::from(c.digit);
                if (1..=n).contains(&d) && c.cell < cells {
                    masks[c.cell] |= 1 << (d - 1);
                }
            }
        }
        marks
    }

    pub(super) fn render(&self) -> String {
        let n = self.n();
        let cell = self.cell();
        let margin = self.margin();
        let caption = cell * 0.8;
        let title = self.options.title.as_deref().map(escape);
        let band = if title.is_some() { caption } else { 0.0 };
        let (board_rows, board_columns) = self.geometry.board_shape();
        let (side_w, side_h) = (board_columns as f64 * cell, board_rows as f64 * cell);
        // Clues outside the grid need one more cell on their side.
        let pads = variant::pads(self.constraints, n);
        let pad = |on: bool| if on { cell } else { 0.0 };
        let (left, top) = (pad(pads.left), pad(pads.top));
        let legend = variant::legend(self.constraints, self.geometry);
        let legend_band = if legend.is_some() { cell * 0.6 } else { 0.0 };
        let width = side_w + 2.0 * margin + left + pad(pads.right);
        let height = side_h + 2.0 * margin + band + top + pad(pads.bottom) + legend_band;
        // Title and legend are centred on the grid, not on the clues around it.
        let middle = margin + left + side_w / 2.0;
        let mut s = String::with_capacity(4096 + self.geometry.cell_count() * 64);
        // `write!` into a String cannot fail; the results are ignored.
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}">"#,
            w = N(width),
            h = N(height)
        );
        if let Some(t) = &title {
            let _ = writeln!(s, "<title>{t}</title>");
        }
        let _ = writeln!(
            s,
            r##"<rect class="background" x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
            N(width),
            N(height)
        );
        if let Some(t) = &title {
            let _ = writeln!(
                s,
                r#"<text class="caption" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{GIVEN}">{t}</text>"#,
                N(middle),
                N(margin + caption * 0.6),
                N(caption * 0.55)
            );
        }
        let _ = writeln!(
            s,
            r#"<g class="grid" transform="translate({},{})">"#,
            N(margin + left),
            N(margin + band + top)
        );
        let painter = variant::Painter {
            constraints: self.constraints,
            n,
            cell,
            alphabet: self.options.alphabet,
        };
        self.fills(&mut s, cell);
        self.highlight_backgrounds(&mut s, cell);
        painter.shading(&mut s);
        self.thin_lines(&mut s, cell);
        painter.lines(&mut s);
        self.region_borders(&mut s, cell);
        painter.shapes(&mut s);
        self.digits(&mut s, cell);
        self.candidate_marks(&mut s, cell);
        s.push_str("</g>\n");
        if let Some(text) = legend {
            // Rules that are not marks (anti-king …) in words, under the grid.
            let room = 2.0 * middle.min(width - middle);
            let size = (cell * 0.3).min(room * 0.95 / (text.chars().count() as f64 * 0.55));
            let _ = writeln!(
                s,
                r#"<text class="legend" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{GIVEN}">{}</text>"#,
                N(middle),
                N(height - margin - legend_band * 0.3),
                N(size),
                escape(&text)
            );
        }
        s.push_str("</svg>\n");
        s
    }

    fn rect(&self, s: &mut String, class: &str, cell: f64, i: usize, fill: &str) {
        let (r, c) = self.at(i);
        let _ = writeln!(
            s,
            r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"#,
            N(c as f64 * cell),
            N(r as f64 * cell),
            N(cell),
            N(cell)
        );
    }

    /// Region fills (jigsaw), windows and custom extra houses.
    fn fills(&self, s: &mut String, cell: f64) {
        let g = self.geometry;
        let start = s.len();
        s.push_str("<g shape-rendering=\"crispEdges\">\n");
        if self.options.region_fills && g.layout() == Layout::Jigsaw {
            let colours = region_colours(g);
            for i in 0..g.cell_count() {
                let region = g.region_of(Cell(i as u32));
                let colour = colours.get(region).map_or(PASTELS[0], |&c| PASTELS[c]);
                self.rect(s, "region-fill", cell, i, colour);
            }
        }
        for extra in g.extras() {
            match extra {
                Extra::Windows => {
                    let Some((b, _)) = g.box_shape() else {
                        continue;
                    };
                    for k in 0..b.saturating_sub(1) {
                        for l in 0..b.saturating_sub(1) {
                            let _ = writeln!(
                                s,
                                r#"<rect class="window" x="{}" y="{}" width="{}" height="{}" fill="{WINDOW}"/>"#,
                                N((1 + l * (b + 1)) as f64 * cell),
                                N((1 + k * (b + 1)) as f64 * cell),
                                N(b as f64 * cell),
                                N(b as f64 * cell)
                            );
                        }
                    }
                }
                // Diagonals are drawn as lines, disjoint groups named in
                // the legend: shading them would cover the whole grid.
                Extra::House(cells) if variant::house_look(g, cells) != HouseLook::Shade => {}
                Extra::House(cells) => {
                    for c in cells.iter().filter(|c| c.index() < g.cell_count()) {
                        self.rect(s, "extra-house", cell, c.index(), EXTRA_HOUSE);
                    }
                }
                Extra::Diagonals => {}
            }
        }
        if s.ends_with("\"crispEdges\">\n") {
            // Nothing filled: no empty group.
            s.truncate(start);
        } else {
            s.push_str("</g>\n");
        }
    }

    /// The step's houses, then its cells, as soft backgrounds.
    fn highlight_backgrounds(&self, s: &mut String, cell: f64) {
        let Some(h) = self.highlight else { return };
        let cells = self.geometry.cell_count();
        s.push_str("<g shape-rendering=\"crispEdges\">\n");
        let mut in_house = vec![false; cells];
        for &house in &h.houses {
            if let Some(house) = self.geometry.houses().get(house) {
                for c in house.cells() {
                    if let Some(flag) = in_house.get_mut(c.index()) {
                        *flag = true;
                    }
                }
            }
        }
        for (i, _) in in_house.iter().enumerate().filter(|(_, &f)| f) {
            self.rect(s, "hl-house", cell, i, HL_HOUSE);
        }
        let mut in_pattern = vec![false; cells];
        for &c in &h.cells {
            if let Some(flag) = in_pattern.get_mut(c) {
                *flag = true;
            }
        }
        for (i, _) in in_pattern.iter().enumerate().filter(|(_, &f)| f) {
            self.rect(s, "hl-cell", cell, i, HL_CELL);
        }
        s.push_str("</g>\n");
    }

    /// Diagonals (both of X-sudoku, or one drawn as an extra house), then
    /// thin cell lines.
    fn thin_lines(&self, s: &mut String, cell: f64) {
        let n = self.n();
        let side = n as f64 * cell;
        let thin = (cell * 0.02).max(0.5);
        let both = self.geometry.extras().contains(&Extra::Diagonals);
        let mut main = both;
        let mut anti = both;
        for extra in self.geometry.extras() {
            if let Extra::House(cells) = extra {
                match variant::house_look(self.geometry, cells) {
                    HouseLook::MainDiagonal => main = true,
                    HouseLook::AntiDiagonal => anti = true,
                    _ => {}
                }
            }
        }
        if main || anti {
            let _ = writeln!(
                s,
                r#"<g class="diagonals" stroke="{DIAGONAL}" stroke-width="{}">"#,
                N(thin * 1.5)
            );
            for (x1, x2, on) in [(0.0, side, main), (side, 0.0, anti)] {
                if !on {
                    continue;
                }
                let _ = writeln!(
                    s,
                    r#"<line class="diagonal" x1="{}" y1="0" x2="{}" y2="{}"/>"#,
                    N(x1),
                    N(x2),
                    N(side)
                );
            }
            s.push_str("</g>\n");
        }
        let _ = writeln!(s, r#"<g stroke="{THIN}" stroke-width="{}">"#, N(thin));
        // Each grid's own lines (one grid, or each of a multi-grid board).
        let corners: Vec<(usize, usize)> = match self.geometry.multi_layout() {
            Some(l) => l.grids().iter().map(|g| (g.top, g.left)).collect(),
            None => vec![(0, 0)],
        };
        for (top, left) in corners {
            let (y0, x0) = (top as f64 * cell, left as f64 * cell);
            for k in 1..n {
                let p = k as f64 * cell;
                let _ = writeln!(
                    s,
                    r#"<line class="cell-line" x1="{x}" y1="{}" x2="{x}" y2="{}"/>"#,
                    N(y0),
                    N(y0 + side),
                    x = N(x0 + p)
                );
                let _ = writeln!(
                    s,
                    r#"<line class="cell-line" x1="{}" y1="{y}" x2="{}" y2="{y}"/>"#,
                    N(x0),
                    N(x0 + side),
                    y = N(y0 + p)
                );
            }
        }
        s.push_str("</g>\n");
    }

    /// The thick region borders and the frame.
    fn region_borders(&self, s: &mut String, cell: f64) {
        let thick = (cell * 0.06).max(1.5);
        // Square caps fill the corners where runs meet.
        let _ = writeln!(
            s,
            r##"<g stroke="#000000" stroke-width="{}" stroke-linecap="square">"##,
            N(thick)
        );
        let g = self.geometry;
        let (rows, columns) = g.board_shape();
        // A hole or the outside is no region: a border runs along it.
        let region = |r: usize, c: usize| g.cell_at(r, c).map(|cell| g.region_of(cell));
        let above = |k: usize, c: usize| k.checked_sub(1).and_then(|r| region(r, c));
        let left_of = |r: usize, k: usize| k.checked_sub(1).and_then(|c| region(r, c));
        // Horizontal lines: line `k` lies above row `k`.
        for k in 0..=rows {
            let border = |c: usize| above(k, c) != region(k, c);
            for (a, b) in runs(columns, border) {
                let _ = writeln!(
                    s,
                    r#"<line class="region-border" x1="{}" y1="{y}" x2="{}" y2="{y}"/>"#,
                    N(a as f64 * cell),
                    N(b as f64 * cell),
                    y = N(k as f64 * cell)
                );
            }
        }
        // Vertical lines: line `k` lies left of column `k`.
        for k in 0..=columns {
            let border = |r: usize| left_of(r, k) != region(r, k);
            for (a, b) in runs(rows, border) {
                let _ = writeln!(
                    s,
                    r#"<line class="region-border" x1="{x}" y1="{}" x2="{x}" y2="{}"/>"#,
                    N(a as f64 * cell),
                    N(b as f64 * cell),
                    x = N(k as f64 * cell)
                );
            }
        }
        s.push_str("</g>\n");
    }

    /// Givens (bold black) and filled digits (blue).
    fn digits(&self, s: &mut String, cell: f64) {
        for (given, class, colour, weight) in [
            (true, "given", GIVEN, "bold"),
            (false, "filled", FILLED, "normal"),
        ] {
            let size = cell * 0.62;
            let _ = writeln!(
                s,
                r#"<g fill="{colour}" font-weight="{weight}" font-size="{}" text-anchor="middle">"#,
                N(size)
            );
            for i in 0..self.geometry.cell_count() {
                let Some((d, is_given)) = self.value(i) else {
                    continue;
                };
                if is_given != given {
                    continue;
                }
                let text = symbol(self.options.alphabet, d);
                let (r, c) = self.at(i);
                let cx = (c as f64 + 0.5) * cell;
                let cy = (r as f64 + 0.5) * cell;
                text_element(s, class, cx, cy, size, &text, "");
            }
            s.push_str("</g>\n");
        }
    }

    /// Candidate marks in the empty cells, with the highlight's marks.
    fn candidate_marks(&self, s: &mut String, cell: f64) {
        let n = self.n();
        let marks = self.marks();
        // ceil(sqrt n) columns: 3x3 for 9, 4x4 for 16, 5x5 for 25, 3x2 for 6.
        let mut columns = 1;
        while columns * columns < n {
            columns += 1;
        }
        let rows = n.div_ceil(columns).max(1);
        let w = cell / columns as f64;
        let h = cell / rows as f64;
        let size = w.min(h) * 0.72;
        let radius = w.min(h) * 0.44;
        let _ = writeln!(
            s,
            r#"<g fill="{CANDIDATE}" font-size="{}" text-anchor="middle">"#,
            N(size)
        );
        let totals = variant::total_cells(self.constraints, self.geometry.cell_count());
        for (i, &total) in totals.iter().enumerate() {
            if self.value(i).is_some() {
                continue;
            }
            // A cage total takes the cell's top: the marks go below it.
            let (top, height) = if total { (0.22, 0.78) } else { (0.0, 1.0) };
            let listed = self.candidates.and_then(|c| c.get(i).copied()).unwrap_or(0);
            let (ev, el, pl) = (
                marks.evidence[i],
                marks.eliminations[i],
                marks.placements[i],
            );
            let all = listed | ev | el | pl;
            let (r, c) = self.at(i);
            for d in (0..n).filter(|&d| all >> d & 1 == 1) {
                let cx = (c as f64 + ((d % columns) as f64 + 0.5) / columns as f64) * cell;
                let cy =
                    (r as f64 + top + height * ((d / columns) as f64 + 0.5) / rows as f64) * cell;
                let bit = 1u64 << d;
                let text = symbol(self.options.alphabet, d);
                if pl & bit != 0 {
                    circle(s, "hl-placement", cx, cy, radius, PLACEMENT_FILL, PLACEMENT);
                } else if ev & bit != 0 {
                    circle(
                        s,
                        "hl-evidence",
                        cx,
                        cy,
                        radius,
                        EVIDENCE_FILL,
                        EVIDENCE_STROKE,
                    );
                }
                let style = if pl & bit != 0 {
                    format!(r#" fill="{PLACEMENT}" font-weight="bold""#)
                } else if el & bit != 0 {
                    format!(r#" fill="{ELIMINATION}""#)
                } else {
                    String::new()
                };
                text_element(s, "candidate", cx, cy, size, &text, &style);
                if el & bit != 0 {
                    let r = radius * 0.9;
                    let _ = writeln!(
                        s,
                        r#"<line class="hl-elimination" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{ELIMINATION}" stroke-width="{}"/>"#,
                        N(cx - r),
                        N(cy + r),
                        N(cx + r),
                        N(cy - r),
                        N((size * 0.1).max(0.5))
                    );
                }
            }
        }
        s.push_str("</g>\n");
    }
}

/// Centred text: the baseline sits 0.36 em below the centre (half the
/// height of a digit), without `dominant-baseline`, which not every
/// renderer honours.
pub(super) fn text_element(
    s: &mut String,
    class: &str,
    cx: f64,
    cy: f64,
    size: f64,
    text: &str,
    extra: &str,
) {
    // Symbols past one character (sides over 61) are shrunk to fit.
    let chars = text.chars().count().max(1) as f64;
    let shrink = if chars > 1.0 {
        format!(r#" font-size="{}""#, N(size / chars * 1.4))
    } else {
        String::new()
    };
    let baseline = if chars > 1.0 {
        size / chars * 1.4
    } else {
        size
    } * 0.36;
    let _ = writeln!(
        s,
        r#"<text class="{class}" x="{}" y="{}"{shrink}{extra}>{}</text>"#,
        N(cx),
        N(cy + baseline),
        escape(text)
    );
}

pub(super) fn circle(
    s: &mut String,
    class: &str,
    cx: f64,
    cy: f64,
    r: f64,
    fill: &str,
    stroke: &str,
) {
    let _ = writeln!(
        s,
        r#"<circle class="{class}" cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
        N(cx),
        N(cy),
        N(r),
        N((r * 0.12).max(0.5))
    );
}

/// Maximal runs `[a, b)` of positions `0..n` where `on` holds.
fn runs(n: usize, on: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for p in 0..=n {
        let lit = p < n && on(p);
        match (lit, start) {
            (true, None) => start = Some(p),
            (false, Some(a)) => {
                out.push((a, p));
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_rounded_and_short() {
        assert_eq!(N(57.777_777).to_string(), "57.78");
        assert_eq!(N(52.0).to_string(), "52");
        assert_eq!(N(-0.001).to_string(), "0");
        assert_eq!(N(0.1 + 0.2).to_string(), "0.3");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>\u{1}"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
    }

    #[test]
    fn runs_are_maximal() {
        assert_eq!(runs(6, |p| p != 2), vec![(0, 2), (3, 6)]);
        assert_eq!(runs(3, |_| false), vec![]);
        assert_eq!(runs(3, |_| true), vec![(0, 3)]);
    }
}
