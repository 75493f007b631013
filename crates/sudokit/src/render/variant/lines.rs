//! Lines through cell centres (thermometers, arrows, whispers, renban …)
//! and the shapes at their ends (bulbs, arrow circles, between circles,
//! double arrow circles, lockout diamonds).

use std::fmt::Write;

use super::{arrowhead, polyline, Painter, P};
use crate::render::svg::N;
use crate::variant::Constraint;
use crate::Cell;

const THERMO: &str = "#c4c4c4";
const ARROW: &str = "#8f8f8f";
const BETWEEN: &str = "#a3b3c8";
/// f-puzzles' lockout line and diamonds.
const LOCKOUT: &str = "#aabeef";
const LOCKOUT_FILL: &str = "#e7e6ff";
const LOCKOUT_EDGE: &str = "#0000ff";
/// f-puzzles' double arrow: a line with a circle at each end.
const DOUBLE: &str = "#c54b8b";
const DOUBLE_FILL: &str = "#eaeaea";

/// How a line constraint is stroked: class, colour, width as a fraction
/// of the cell, and its cells in order. The colours and widths are the
/// ones f-puzzles draws (the shapes it stores with `fromConstraint`).
fn stroke(c: &Constraint) -> Option<(&'static str, &'static str, f64, &[Cell])> {
    Some(match c {
        Constraint::Thermometer(x) => ("thermometer", THERMO, 0.3, &x.line),
        Constraint::Whispers(x) => ("whispers", "#67f067", 0.25, &x.line),
        Constraint::Renban(x) => ("renban", "#f067f0", 0.25, &x.line),
        Constraint::Palindrome(x) => ("palindrome", "#b4b4b4", 0.25, &x.line),
        Constraint::SumLine(x) => ("region-sum-line", "#2ecbff", 0.16, &x.line),
        Constraint::Between(x) => ("between-line", BETWEEN, 0.07, &x.line),
        Constraint::Lockout(x) => ("lockout-line", LOCKOUT, 0.15, &x.line),
        Constraint::Entropic(x) => ("entropic-line", "#ffccaa", 0.2, &x.line),
        Constraint::Modular(x) => ("modular-line", "#33bbbb", 0.2, &x.line),
        Constraint::Zipper(x) => ("zipper-line", "#cdb1ec", 0.2, &x.line),
        Constraint::Nabner(x) => ("nabner-line", "#c9c883", 0.25, &x.line),
        Constraint::DoubleArrow(x) => ("double-arrow", DOUBLE, 0.15, &x.line),
        _ => return None,
    })
}

/// The radius of arrow circles, between circles and bulbs.
const ROUND: f64 = 0.4;

impl Painter<'_> {
    /// The line strokes, in the order of the constraints, with the
    /// thermometer bulbs (the same grey, part of the shape) and arrow
    /// shafts and heads.
    pub(in crate::render) fn lines(&self, s: &mut String) {
        let k = self.cell;
        for c in self.constraints {
            if let Constraint::Arrow(x) = c {
                self.arrow_shaft(s, &x.circle, &x.line);
                continue;
            }
            let Some((class, colour, width, cells)) = stroke(c) else {
                continue;
            };
            let points = self.centres(cells);
            if points.is_empty() {
                continue;
            }
            let mut d = polyline(&points);
            if points.len() == 1 {
                // A one-cell line: a round dot.
                let (x, y) = points[0];
                let _ = write!(d, "L{} {}", N(x), N(y));
            }
            let _ = writeln!(
                s,
                r#"<path class="{class}" d="{d}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
                N((width * k).max(0.5))
            );
            if class == "thermometer" {
                let (x, y) = points[0];
                let _ = writeln!(
                    s,
                    r#"<circle class="thermo-bulb" cx="{}" cy="{}" r="{}" fill="{THERMO}"/>"#,
                    N(x),
                    N(y),
                    N(ROUND * k)
                );
            }
        }
    }

    /// An arrow's line: from the circle's edge through the line cells,
    /// ending in an open head.
    fn arrow_shaft(&self, s: &mut String, circle: &[Cell], line: &[Cell]) {
        let k = self.cell;
        let points = self.centres(line);
        let bulb = self.centres(circle);
        let (Some(&first), false) = (points.first(), bulb.is_empty()) else {
            return;
        };
        // Leave from the circle cell nearest the first line cell.
        let near = bulb
            .iter()
            .copied()
            .min_by(|a, b| dist(*a, first).total_cmp(&dist(*b, first)))
            .unwrap_or(first);
        let start = beyond(first, near, -ROUND * k);
        let mut path = vec![start];
        path.extend_from_slice(&points);
        let last = path.len() - 1;
        let tip = beyond(path[last - 1], path[last], 0.15 * k);
        path[last] = tip;
        let mut d = polyline(&path);
        d.push_str(&arrowhead(path[last - 1], tip, 0.24 * k));
        let _ = writeln!(
            s,
            r#"<path class="arrow" d="{d}" fill="none" stroke="{ARROW}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
            N((0.045 * k).max(0.5))
        );
    }

    /// Arrow circles (a pill when the circle spans a straight run of
    /// cells), between-line and double arrow circles and lockout diamonds,
    /// over the borders.
    pub(super) fn line_ends(&self, s: &mut String) {
        let k = self.cell;
        let r = ROUND * k;
        for c in self.constraints {
            match c {
                Constraint::Arrow(x) => self.arrow_circle(s, &x.circle),
                Constraint::Between(x) => {
                    for p in ends(&self.centres(&x.line)) {
                        let _ = writeln!(
                            s,
                            r##"<circle class="between-end" cx="{}" cy="{}" r="{}" fill="#ffffff" stroke="{BETWEEN}" stroke-width="{}"/>"##,
                            N(p.0),
                            N(p.1),
                            N(r),
                            N((0.05 * k).max(0.5))
                        );
                    }
                }
                Constraint::DoubleArrow(x) => {
                    for p in ends(&self.centres(&x.line)) {
                        let _ = writeln!(
                            s,
                            r##"<circle class="double-arrow-end" cx="{}" cy="{}" r="{}" fill="{DOUBLE_FILL}" stroke="{DOUBLE}" stroke-width="{}"/>"##,
                            N(p.0),
                            N(p.1),
                            N(0.425 * k),
                            N((0.045 * k).max(0.5))
                        );
                    }
                }
                Constraint::Lockout(x) => {
                    for (x, y) in ends(&self.centres(&x.line)) {
                        // A square of 0.55 cell turned 45°.
                        let h = 0.39 * k;
                        let _ = writeln!(
                            s,
                            r##"<path class="lockout-end" d="M{} {}L{} {}L{} {}L{} {}Z" fill="{LOCKOUT_FILL}" stroke="{LOCKOUT_EDGE}" stroke-width="{}"/>"##,
                            N(x),
                            N(y - h),
                            N(x + h),
                            N(y),
                            N(x),
                            N(y + h),
                            N(x - h),
                            N(y),
                            N((0.03 * k).max(0.5))
                        );
                    }
                }
                _ => {}
            }
        }
    }

    fn arrow_circle(&self, s: &mut String, circle: &[Cell]) {
        let k = self.cell;
        let r = ROUND * k;
        let width = N((0.045 * k).max(0.5));
        let cells: Vec<Cell> = circle.iter().copied().filter(|&c| self.on(c)).collect();
        if cells.is_empty() {
            return;
        }
        let n = self.n;
        let rows: Vec<usize> = cells.iter().map(|c| c.row(n)).collect();
        let columns: Vec<usize> = cells.iter().map(|c| c.column(n)).collect();
        let span = |v: &[usize]| {
            let (lo, hi) = (v.iter().min(), v.iter().max());
            lo.zip(hi).map_or((0, 0), |(&a, &b)| (a, b))
        };
        let (r0, r1) = span(&rows);
        let (c0, c1) = span(&columns);
        let mut unique = cells.clone();
        unique.sort_unstable();
        unique.dedup();
        // One straight, unbroken run: a pill; anything else: a circle each.
        let straight =
            (r0 == r1 && unique.len() == c1 - c0 + 1) || (c0 == c1 && unique.len() == r1 - r0 + 1);
        if straight {
            let _ = writeln!(
                s,
                r##"<rect class="arrow-circle" x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#ffffff" stroke="{ARROW}" stroke-width="{width}"/>"##,
                N((c0 as f64 + 0.5) * k - r),
                N((r0 as f64 + 0.5) * k - r),
                N((c1 - c0) as f64 * k + 2.0 * r),
                N((r1 - r0) as f64 * k + 2.0 * r),
                N(r)
            );
        } else {
            for c in unique {
                let (x, y) = self.centre(c);
                let _ = writeln!(
                    s,
                    r##"<circle class="arrow-circle" cx="{}" cy="{}" r="{}" fill="#ffffff" stroke="{ARROW}" stroke-width="{width}"/>"##,
                    N(x),
                    N(y),
                    N(r)
                );
            }
        }
    }
}

/// The first and last points (one when the line has one cell).
fn ends(points: &[P]) -> Vec<P> {
    match points {
        [] => Vec::new(),
        [p] => vec![*p],
        [first, .., last] => vec![*first, *last],
    }
}

fn dist(a: P, b: P) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// The point `by` past `to` on the ray `from → to` (before it when `by` is
/// negative); `to` itself when the points coincide.
fn beyond(from: P, to: P, by: f64) -> P {
    let d = dist(from, to);
    if d < 1e-9 {
        return to;
    }
    (
        to.0 + (to.0 - from.0) / d * by,
        to.1 + (to.1 - from.1) / d * by,
    )
}
