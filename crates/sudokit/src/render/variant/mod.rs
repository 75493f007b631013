//! Variant constraints in the drawing, the way f-puzzles and SudokuPad show
//! them, in three layers: shading under everything (odd/even, extrema,
//! clones, extra regions, indexers), line strokes between the thin cell
//! lines and the region borders (so boxes stay readable across them), and
//! shapes over the borders (bulbs, circles, cages, dots, letters, outside
//! clues). Cells off the grid are skipped everywhere.

mod cages;
mod edges;
mod lines;

pub(super) use cages::total_cells;

use std::collections::BTreeMap;
use std::fmt::Write;

use super::svg::{EXTRA_HOUSE, N};
use crate::format::alphabet::Alphabet;
use crate::variant::{Constraint, IndexerKind, Neighbours, PairRule};
use crate::{Cell, Geometry};

/// Which sides of the grid carry clues, each needing one more cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Pads {
    pub top: bool,
    pub bottom: bool,
    pub left: bool,
    pub right: bool,
}

/// The sides the outside clues (sandwich, x-sum, skyscraper, little
/// killer) are written on.
pub(super) fn pads(constraints: &[Constraint], n: usize) -> Pads {
    let mut pads = Pads::default();
    let n = n as i32;
    for c in constraints {
        let clue = match c {
            Constraint::Sandwich(x) => x.clue,
            Constraint::XSum(x) => x.clue,
            Constraint::Skyscraper(x) => x.clue,
            Constraint::LittleKiller(x) => x.clue,
            _ => continue,
        };
        pads.top |= clue.row < 0;
        pads.bottom |= clue.row >= n;
        pads.left |= clue.column < 0;
        pads.right |= clue.column >= n;
    }
    pads
}

/// How an extra house of the geometry is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HouseLook {
    /// The main diagonal (top left to bottom right): a line.
    MainDiagonal,
    /// The anti-diagonal: a line.
    AntiDiagonal,
    /// One of the disjoint groups (the same place in every box): named in
    /// the legend, since shading all of them would cover the grid.
    Disjoint,
    /// Anything else: shaded.
    Shade,
}

/// How to show the extra house `cells`.
pub(super) fn house_look(geometry: &Geometry, cells: &[Cell]) -> HouseLook {
    let n = geometry.size();
    if n < 2 || cells.len() != n || cells.iter().any(|c| c.index() >= n * n) {
        return HouseLook::Shade;
    }
    let rc = |c: &Cell| (c.row(n), c.column(n));
    if cells.iter().map(rc).all(|(r, c)| r == c) && distinct_rows(cells, n) {
        return HouseLook::MainDiagonal;
    }
    if cells.iter().map(rc).all(|(r, c)| r + c == n - 1) && distinct_rows(cells, n) {
        return HouseLook::AntiDiagonal;
    }
    if let Some((h, w)) = geometry.box_shape() {
        let (r0, c0) = rc(&cells[0]);
        let same_place = cells
            .iter()
            .map(rc)
            .all(|(r, c)| r % h == r0 % h && c % w == c0 % w);
        let mut boxes: Vec<usize> = cells.iter().map(|c| geometry.region_of(*c)).collect();
        boxes.sort_unstable();
        boxes.dedup();
        if same_place && boxes.len() == n {
            return HouseLook::Disjoint;
        }
    }
    HouseLook::Shade
}

fn distinct_rows(cells: &[Cell], n: usize) -> bool {
    let mut rows: Vec<usize> = cells.iter().map(|c| c.row(n)).collect();
    rows.sort_unstable();
    rows.dedup();
    rows.len() == n
}

/// The rules that are not marks on the grid, in words, for the line under
/// it: `None` when there are none.
pub(super) fn legend(constraints: &[Constraint], geometry: &Geometry) -> Option<String> {
    let mut names: Vec<String> = Vec::new();
    let mut add = |name: String| {
        if !names.contains(&name) {
            names.push(name);
        }
    };
    for c in constraints {
        if let Constraint::Neighbours(rule) = c {
            add(neighbour_rule(rule));
        }
    }
    let disjoint = geometry.extras().iter().any(|e| {
        matches!(e, crate::Extra::House(cells) if house_look(geometry, cells) == HouseLook::Disjoint)
    });
    if disjoint {
        add("disjoint groups".into());
    }
    (!names.is_empty()).then(|| format!("Also: {}", names.join("; ")))
}

/// A global rule's name as setters write it.
fn neighbour_rule(rule: &Neighbours) -> String {
    label(rule.kind, rule.rule)
}

/// The words for a rule between all neighbours, from its f-puzzles key
/// and its pair rule (ASCII only: the PNG's embedded font has no more).
fn label(kind: &str, rule: PairRule) -> String {
    match (kind, rule) {
        ("antiking", _) => "anti-king".into(),
        ("antiknight", _) => "anti-knight".into(),
        ("nonconsecutive", _) => "nonconsecutive".into(),
        (_, PairRule::NotDifference(1)) => "every white dot is given".into(),
        (_, PairRule::NotDifference(k)) => format!("every difference-{k} dot is given"),
        (_, PairRule::NotRatio(2)) => "every black dot is given".into(),
        (_, PairRule::NotRatio(k)) => format!("every ratio-{k} dot is given"),
        (_, PairRule::NotSum(10)) => "every X is given".into(),
        (_, PairRule::NotSum(5)) => "every V is given".into(),
        (_, PairRule::NotSum(k)) => format!("every sum-{k} mark is given"),
        (kind, _) => kind.to_string(),
    }
}

/// Draws the constraints of one drawing, in grid coordinates (the grid's
/// top-left corner at the origin).
pub(super) struct Painter<'a> {
    pub constraints: &'a [Constraint],
    /// Grid side.
    pub n: usize,
    /// Cell side, in pixels.
    pub cell: f64,
    /// Symbols of the digits (quadruples).
    pub alphabet: Alphabet,
}

/// A point in pixels.
type P = (f64, f64);

const PARITY: &str = "#d0d0d0";
const EXTREMUM: &str = "#ececec";
const EXTREMUM_MARK: &str = "#6f6f6f";
/// Clone pairs, each in its own colour (both shapes alike).
const CLONES: [&str; 6] = [
    "#ffd59e", "#b9e6b3", "#bcd6ff", "#f6c3dc", "#dccbf5", "#c4ece6",
];

impl Painter<'_> {
    /// Whether a cell lies on the grid.
    fn on(&self, c: Cell) -> bool {
        c.index() < self.n * self.n
    }

    /// The centre of a cell, in pixels.
    fn centre(&self, c: Cell) -> P {
        (
            (c.column(self.n) as f64 + 0.5) * self.cell,
            (c.row(self.n) as f64 + 0.5) * self.cell,
        )
    }

    /// The centres of the cells on the grid, in order.
    fn centres(&self, cells: &[Cell]) -> Vec<P> {
        cells
            .iter()
            .filter(|&&c| self.on(c))
            .map(|&c| self.centre(c))
            .collect()
    }

    /// Odd/even cells, extrema, clones, extra regions and indexers: shapes
    /// and soft fills under the lines and digits.
    pub(super) fn shading(&self, s: &mut String) {
        let start = s.len();
        s.push_str("<g class=\"constraint-shading\">\n");
        let mut clones = 0;
        for c in self.constraints {
            match c {
                Constraint::Clone(x) => {
                    let colour = CLONES[clones % CLONES.len()];
                    clones += 1;
                    for &cell in x.cells.iter().chain(&x.clones) {
                        self.cell_rect(s, "clone", cell, colour, r#" fill-opacity="0.75""#);
                    }
                }
                Constraint::Distinct(x) => {
                    for &cell in &x.cells {
                        // The colour of the geometry's extra houses: the same idea.
                        self.cell_rect(s, "extra-region", cell, EXTRA_HOUSE, "");
                    }
                }
                Constraint::Indexer(x) => {
                    let (class, colour) = match x.kind {
                        // f-puzzles' hues (green, red, blue), lightened.
                        IndexerKind::Row => ("row-indexer", "#d5eed5"),
                        IndexerKind::Column => ("column-indexer", "#eed5d5"),
                        IndexerKind::Box => ("box-indexer", "#d5d5ee"),
                    };
                    self.cell_rect(s, class, x.cell, colour, "");
                }
                _ => {}
            }
        }
        // Parity and extrema over the fills, so a shaded clone still shows them.
        for c in self.constraints {
            match c {
                Constraint::Parity(x) if self.on(x.cell) => {
                    let (cx, cy) = self.centre(x.cell);
                    let r = self.cell * 0.38;
                    if x.odd {
                        let _ = writeln!(
                            s,
                            r#"<circle class="odd" cx="{}" cy="{}" r="{}" fill="{PARITY}"/>"#,
                            N(cx),
                            N(cy),
                            N(r)
                        );
                    } else {
                        let _ = writeln!(
                            s,
                            r#"<rect class="even" x="{}" y="{}" width="{}" height="{}" fill="{PARITY}"/>"#,
                            N(cx - r),
                            N(cy - r),
                            N(2.0 * r),
                            N(2.0 * r)
                        );
                    }
                }
                Constraint::Extremum(x) if self.on(x.cell) => {
                    let n = self.n;
                    let all: Vec<Cell> = crate::variant::orthogonal(x.cell, n).collect();
                    self.extremum(s, x.cell, x.maximum, &all);
                }
                _ => {}
            }
        }
        // A marked cell beside another marked the same way reaches us as
        // pairs, one per unmarked neighbour: drawn as the same grey cell,
        // with chevrons only toward those neighbours.
        for ((cell, maximum), toward) in self.extremum_pairs() {
            self.extremum(s, Cell(cell), maximum, &toward);
        }
        if s.ends_with("\"constraint-shading\">\n") {
            s.truncate(start);
        } else {
            s.push_str("</g>\n");
        }
    }

    fn cell_rect(&self, s: &mut String, class: &str, cell: Cell, fill: &str, extra: &str) {
        if !self.on(cell) {
            return;
        }
        let (cx, cy) = self.centre(cell);
        let h = self.cell / 2.0;
        let _ = writeln!(
            s,
            r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" fill="{fill}"{extra}/>"#,
            N(cx - h),
            N(cy - h),
            N(self.cell),
            N(self.cell)
        );
    }

    /// A light cell with a chevron by each edge that has a neighbour: tips
    /// outward for a maximum (it is greater than each neighbour, and the
    /// tip of `>` faces the smaller side), inward for a minimum.
    fn extremum(&self, s: &mut String, cell: Cell, maximum: bool, toward: &[Cell]) {
        let class = if maximum { "maximum" } else { "minimum" };
        self.cell_rect(s, class, cell, EXTREMUM, "");
        let (cx, cy) = self.centre(cell);
        let k = self.cell;
        let mut d = String::new();
        for &other in toward.iter().filter(|&&o| self.on(o)) {
            let (ox, oy) = self.centre(other);
            // The unit step to an orthogonal neighbour; anything else has
            // no edge to mark.
            let (dx, dy) = ((ox - cx) / k, (oy - cy) / k);
            let unit = |a: f64, b: f64| (a.abs() - 1.0).abs() < 1e-6 && b.abs() < 1e-6;
            if !unit(dx, dy) && !unit(dy, dx) {
                continue;
            }
            let (dx, dy) = (dx.round(), dy.round());
            // Tip and base along the edge's normal, arms along the edge.
            let (tip, base) = if maximum { (0.44, 0.36) } else { (0.36, 0.44) };
            let (tx, ty) = (cx + dx * tip * k, cy + dy * tip * k);
            let (bx, by) = (cx + dx * base * k, cy + dy * base * k);
            let (px, py) = (-dy * 0.1 * k, dx * 0.1 * k);
            let _ = write!(
                d,
                "M{} {}L{} {}L{} {}",
                N(bx + px),
                N(by + py),
                N(tx),
                N(ty),
                N(bx - px),
                N(by - py)
            );
        }
        if !d.is_empty() {
            let _ = writeln!(
                s,
                r#"<path class="extremum-chevron" d="{d}" fill="none" stroke="{EXTREMUM_MARK}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
                N((k * 0.03).max(0.5))
            );
        }
    }

    /// The cells of `minimum`/`maximum` pairs (the f-puzzles reader's form of
    /// a marked cell next to another marked one), each with the neighbours
    /// it is compared with.
    fn extremum_pairs(&self) -> BTreeMap<(u32, bool), Vec<Cell>> {
        let mut out: BTreeMap<(u32, bool), Vec<Cell>> = BTreeMap::new();
        for c in self.constraints {
            if let Some((cell, maximum, other)) = extremum_pair(c) {
                if self.on(cell) {
                    out.entry((cell.0, maximum)).or_default().push(other);
                }
            }
        }
        out
    }

    /// Shapes over the region borders: line ends, cages, edge marks,
    /// quadruples, cage totals and the clues outside the grid.
    pub(super) fn shapes(&self, s: &mut String) {
        self.line_ends(s);
        self.cages(s);
        self.edge_marks(s);
        self.quadruples(s);
        self.cage_totals(s);
        self.outside_clues(s);
    }
}

/// A pair that stands for part of a minimum or maximum cell: its marked
/// cell, whether it is a maximum, and the neighbour it is compared with.
fn extremum_pair(c: &Constraint) -> Option<(Cell, bool, Cell)> {
    let Constraint::Pair(p) = c else { return None };
    match (p.kind, p.rule) {
        ("maximum", PairRule::Greater) => Some((p.cells[0], true, p.cells[1])),
        ("minimum", PairRule::Less) => Some((p.cells[0], false, p.cells[1])),
        _ => None,
    }
}

/// `M x y L x y …` through the points.
fn polyline(points: &[P]) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(d, "{}{} {}", if i == 0 { "M" } else { "L" }, N(*x), N(*y));
    }
    d
}

/// An open arrowhead (two strokes) with its tip at `tip`, pointing along
/// `from → tip`, as path data.
fn arrowhead(from: P, tip: P, length: f64) -> String {
    let (dx, dy) = (tip.0 - from.0, tip.1 - from.1);
    let norm = (dx * dx + dy * dy).sqrt();
    if norm < 1e-9 {
        return String::new();
    }
    let (ux, uy) = (dx / norm, dy / norm);
    // Arms 35° either side of the shaft.
    let (cos, sin) = (0.819_152, 0.573_576);
    let arm = |sign: f64| {
        let (ax, ay) = (ux * cos - sign * uy * sin, uy * cos + sign * ux * sin);
        (tip.0 - ax * length, tip.1 - ay * length)
    };
    let (a, b) = (arm(1.0), arm(-1.0));
    format!(
        "M{} {}L{} {}L{} {}",
        N(a.0),
        N(a.1),
        N(tip.0),
        N(tip.1),
        N(b.0),
        N(b.1)
    )
}

/// Text centred on `(x, y)` with its own size (the baseline 0.36 em below
/// the centre, as the digits).
fn centred_text(s: &mut String, class: &str, (x, y): P, size: f64, text: &str, extra: &str) {
    let _ = writeln!(
        s,
        r#"<text class="{class}" x="{}" y="{}" font-size="{}" text-anchor="middle"{extra}>{}</text>"#,
        N(x),
        N(y + size * 0.36),
        N(size),
        super::svg::escape(text)
    );
}

#[cfg(test)]
pub(super) mod tests;
