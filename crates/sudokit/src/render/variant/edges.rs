//! Marks between cells (kropki dots, XV letters, inequality signs),
//! quadruple circles at cell corners, and the clues outside the grid
//! (sandwich, x-sum, skyscraper, little killer).

use std::fmt::Write;

use super::{arrowhead, centred_text, Painter, P};
use crate::render::svg::N;
use crate::render::symbol;
use crate::variant::{Constraint, Outside, PairRule};

impl Painter<'_> {
    /// One mark per pair of cells, on the middle of the edge between them.
    pub(super) fn edge_marks(&self, s: &mut String) {
        let k = self.cell;
        let stroke = N((0.025 * k).max(0.5));
        for c in self.constraints {
            let Constraint::Pair(pair) = c else { continue };
            if super::extremum_pair(c).is_some() {
                // Drawn with the shading, as a minimum or maximum cell.
                continue;
            }
            let [a, b] = pair.cells;
            if !self.on(a) || !self.on(b) {
                continue;
            }
            let (pa, pb) = (self.centre(a), self.centre(b));
            let mid = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
            match pair.rule {
                PairRule::Difference(v) | PairRule::Ratio(v) => {
                    let white = matches!(pair.rule, PairRule::Difference(_));
                    let plain = if white { v == 1 } else { v == 2 };
                    let (class, fill, ink) = if white {
                        ("kropki-white", "#ffffff", "#000000")
                    } else {
                        ("kropki-black", "#000000", "#ffffff")
                    };
                    // A dot with another value than 1 or 2 shows it, a bit larger.
                    let r = if plain { 0.12 } else { 0.15 } * k;
                    let _ = writeln!(
                        s,
                        r##"<circle class="{class}" cx="{}" cy="{}" r="{}" fill="{fill}" stroke="#000000" stroke-width="{stroke}"/>"##,
                        N(mid.0),
                        N(mid.1),
                        N(r)
                    );
                    if !plain {
                        let text = v.to_string();
                        let size = 0.19 * k / (text.len() as f64).max(1.0).sqrt();
                        let fill = format!(r#" fill="{ink}""#);
                        centred_text(s, "kropki-value", mid, size, &text, &fill);
                    }
                }
                PairRule::Sum(v) => {
                    let text = match v {
                        10 => "X".to_string(),
                        5 => "V".to_string(),
                        v => v.to_string(),
                    };
                    self.edge_label(s, "xv", mid, &text, 0.4 * k);
                }
                PairRule::Less | PairRule::Greater => {
                    // The tip points at the smaller digit.
                    let (small, large) = if pair.rule == PairRule::Less {
                        (pa, pb)
                    } else {
                        (pb, pa)
                    };
                    let d = ((small.0 - large.0).powi(2) + (small.1 - large.1).powi(2)).sqrt();
                    if d < 1e-9 {
                        continue;
                    }
                    let (ux, uy) = ((small.0 - large.0) / d, (small.1 - large.1) / d);
                    let tip = (mid.0 + ux * 0.08 * k, mid.1 + uy * 0.08 * k);
                    let from = (mid.0 - ux * 0.08 * k, mid.1 - uy * 0.08 * k);
                    let _ = writeln!(
                        s,
                        r##"<path class="inequality" d="{}" fill="none" stroke="#000000" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"##,
                        arrowhead(from, tip, 0.2 * k),
                        N((0.04 * k).max(0.5))
                    );
                }
                rule => {
                    // Rules f-puzzles has no mark for (read from elsewhere):
                    // a short label, so the drawing still shows them.
                    let text = match rule {
                        PairRule::Equal => "=".to_string(),
                        PairRule::Different => "!=".to_string(),
                        PairRule::NotDifference(v) => format!("!-{v}"),
                        PairRule::NotRatio(v) => format!("!x{v}"),
                        PairRule::NotSum(v) => format!("!+{v}"),
                        PairRule::AtLeast(v) => format!(">={v}"),
                        PairRule::OtherThird => "3rd".to_string(),
                        PairRule::SameThird => "=3rd".to_string(),
                        PairRule::OtherResidue => "!%3".to_string(),
                        PairRule::SameResidue => "%3".to_string(),
                        PairRule::FarApart => "!~".to_string(),
                        _ => pair.kind.to_string(),
                    };
                    self.edge_label(s, "pair-rule", mid, &text, 0.2 * k);
                }
            }
        }
    }

    /// A letter or number on an edge, on a white patch so that the border
    /// under it does not cross it.
    fn edge_label(&self, s: &mut String, class: &str, at: P, text: &str, size: f64) {
        let chars = text.chars().count().max(1) as f64;
        let (w, h) = (size * (0.25 + 0.6 * chars), size * 0.95);
        let _ = writeln!(
            s,
            r##"<rect class="{class}-patch" x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#ffffff"/>"##,
            N(at.0 - w / 2.0),
            N(at.1 - h / 2.0),
            N(w),
            N(h),
            N(size * 0.2)
        );
        centred_text(s, class, at, size, text, r##" fill="#000000""##);
    }

    /// A small white circle at the corner the cells share, with the digits.
    pub(super) fn quadruples(&self, s: &mut String) {
        let k = self.cell;
        for c in self.constraints {
            let Constraint::Quadruple(q) = c else {
                continue;
            };
            let points = self.centres(&q.cells);
            if points.is_empty() {
                continue;
            }
            // The grid corner nearest the cells' middle (the shared corner of
            // a 2x2 block), kept off the frame.
            let count = points.len() as f64;
            let (mx, my) = points
                .iter()
                .fold((0.0, 0.0), |(x, y), p| (x + p.0 / count, y + p.1 / count));
            let last = (self.n.max(2) - 1) as f64;
            let corner = |v: f64| (v / k).round().clamp(1.0, last) * k;
            let at = (corner(mx), corner(my));
            let texts: Vec<String> = q
                .digits
                .iter()
                .map(|&d| match d {
                    0 => "0".to_string(),
                    d => symbol(self.alphabet, usize::from(d) - 1),
                })
                .collect();
            // One row for up to two digits, else two rows.
            let rows = if texts.len() <= 2 { 1 } else { 2 };
            let columns = texts.len().div_ceil(rows).max(1);
            let size = (0.19 * k).min(0.38 * k / columns as f64);
            let r = if texts.len() <= 2 { 0.21 } else { 0.24 } * k;
            let _ = writeln!(
                s,
                r##"<circle class="quadruple" cx="{}" cy="{}" r="{}" fill="#ffffff" stroke="#000000" stroke-width="{}"/>"##,
                N(at.0),
                N(at.1),
                N(r),
                N((0.022 * k).max(0.5))
            );
            for (i, text) in texts.iter().enumerate() {
                let (row, column) = (i / columns, i % columns);
                // A short last row is centred too.
                let in_row = columns.min(texts.len() - row * columns) as f64;
                let x = at.0 + (column as f64 - (in_row - 1.0) / 2.0) * size * 0.75;
                let y = at.1 + (row as f64 - (rows as f64 - 1.0) / 2.0) * size * 0.95;
                centred_text(
                    s,
                    "quadruple-digit",
                    (x, y),
                    size,
                    text,
                    r##" fill="#000000""##,
                );
            }
        }
    }

    /// The centre of a clue's place, clamped to the ring around the grid.
    fn outside_centre(&self, clue: Outside) -> P {
        let n = self.n as i32;
        let (r, c) = (clue.row.clamp(-1, n), clue.column.clamp(-1, n));
        (
            (f64::from(c) + 0.5) * self.cell,
            (f64::from(r) + 0.5) * self.cell,
        )
    }

    /// Sandwich, x-sum and skyscraper numbers next to their row or column,
    /// and little killer totals with a small arrow along their diagonal.
    pub(super) fn outside_clues(&self, s: &mut String) {
        let k = self.cell;
        for c in self.constraints {
            let (class, clue, value) = match c {
                Constraint::Sandwich(x) => ("sandwich", x.clue, x.sum),
                Constraint::XSum(x) => ("xsum", x.clue, x.sum),
                Constraint::Skyscraper(x) => ("skyscraper", x.clue, x.visible),
                Constraint::LittleKiller(x) => {
                    self.little_killer(s, x.clue, &x.cells, x.sum);
                    continue;
                }
                _ => continue,
            };
            let at = self.outside_centre(clue);
            // f-puzzles rings an x-sum and boxes a skyscraper, so that the
            // kinds of clue tell apart.
            let stroke = N((0.025 * k).max(0.5));
            if class == "xsum" {
                let _ = writeln!(
                    s,
                    r##"<circle class="xsum-frame" cx="{}" cy="{}" r="{}" fill="none" stroke="#000000" stroke-width="{stroke}"/>"##,
                    N(at.0),
                    N(at.1),
                    N(0.4 * k)
                );
            } else if class == "skyscraper" {
                let (w, h) = (0.6 * k, 0.84 * k);
                let _ = writeln!(
                    s,
                    r##"<rect class="skyscraper-frame" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#000000" stroke-width="{stroke}"/>"##,
                    N(at.0 - w / 2.0),
                    N(at.1 - h / 2.0),
                    N(w),
                    N(h)
                );
            }
            centred_text(
                s,
                class,
                at,
                0.45 * k,
                &value.to_string(),
                r##" fill="#000000""##,
            );
        }
    }

    fn little_killer(&self, s: &mut String, clue: Outside, cells: &[crate::Cell], sum: u32) {
        let k = self.cell;
        let at = self.outside_centre(clue);
        let n = self.n as i32;
        let (cr, cc) = (clue.row.clamp(-1, n), clue.column.clamp(-1, n));
        // The diagonal's cell nearest the clue gives the direction.
        let nearest = cells
            .iter()
            .filter(|&&c| self.on(c))
            .map(|c| (c.row(self.n) as i32, c.column(self.n) as i32))
            .min_by_key(|&(r, c)| (r - cr).abs().max((c - cc).abs()));
        let step = nearest.map_or((0, 0), |(r, c)| ((c - cc).signum(), (r - cr).signum()));
        let (dx, dy) = (f64::from(step.0), f64::from(step.1));
        // The total sits back from the corner the arrow leaves by.
        let text_at = (at.0 - dx * 0.1 * k, at.1 - dy * 0.1 * k);
        centred_text(
            s,
            "little-killer",
            text_at,
            0.34 * k,
            &sum.to_string(),
            r##" fill="#000000""##,
        );
        if step == (0, 0) {
            return;
        }
        let from = (at.0 + dx * 0.24 * k, at.1 + dy * 0.24 * k);
        let tip = (at.0 + dx * 0.44 * k, at.1 + dy * 0.44 * k);
        let _ = writeln!(
            s,
            r##"<path class="little-killer-arrow" d="M{} {}L{} {}{}" fill="none" stroke="#000000" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"##,
            N(from.0),
            N(from.1),
            N(tip.0),
            N(tip.1),
            arrowhead(from, tip, 0.1 * k),
            N((0.025 * k).max(0.5))
        );
    }
}
