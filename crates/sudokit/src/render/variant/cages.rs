//! Killer cages: a dashed outline inset inside the cage's cells, following
//! its boundary, and the total in small type in the top-left corner of the
//! cage's first cell (topmost, then leftmost), on a white patch that breaks
//! the dashes.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::Painter;
use crate::render::svg::{escape, N};
use crate::variant::{Cage, Constraint};

/// Inset of the outline from the cell edges, as a fraction of the cell.
const INSET: f64 = 0.08;

/// A straight piece of outline, in cell units: `fixed` is the y of a
/// horizontal piece (the x of a vertical one), `from..to` its extent.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Piece {
    fixed: f64,
    from: f64,
    to: f64,
}

/// The outline of a set of cells (row-major indices on an `n` grid): the
/// horizontal and the vertical pieces, each run of touching collinear
/// pieces merged into one.
fn outline(cells: &BTreeSet<usize>, n: usize) -> (Vec<Piece>, Vec<Piece>) {
    let d = INSET;
    let inside = |r: i64, c: i64| {
        r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n && {
            cells.contains(&(r as usize * n + c as usize))
        }
    };
    // Where a piece ends: short of the corner when the boundary turns
    // away (convex), at the cell edge when it runs on, past it when it
    // turns in (concave), so the pieces of a corner meet.
    let end = |base: f64, outward: f64, along: bool, diagonal: bool| {
        base + outward
            * if !along {
                -d
            } else if !diagonal {
                0.0
            } else {
                d
            }
    };
    let (mut across, mut down) = (Vec::new(), Vec::new());
    for &i in cells {
        let (r, c) = ((i / n) as i64, (i % n) as i64);
        let (rf, cf) = (r as f64, c as f64);
        // Top and bottom edges: the neighbour beyond is a row away.
        for (dr, y) in [(-1, rf + d), (1, rf + 1.0 - d)] {
            if !inside(r + dr, c) {
                across.push(Piece {
                    fixed: y,
                    from: end(cf, -1.0, inside(r, c - 1), inside(r + dr, c - 1)),
                    to: end(cf + 1.0, 1.0, inside(r, c + 1), inside(r + dr, c + 1)),
                });
            }
        }
        // Left and right edges.
        for (dc, x) in [(-1, cf + d), (1, cf + 1.0 - d)] {
            if !inside(r, c + dc) {
                down.push(Piece {
                    fixed: x,
                    from: end(rf, -1.0, inside(r - 1, c), inside(r - 1, c + dc)),
                    to: end(rf + 1.0, 1.0, inside(r + 1, c), inside(r + 1, c + dc)),
                });
            }
        }
    }
    (merge(across), merge(down))
}

/// Joins pieces on the same line that touch or overlap.
fn merge(mut pieces: Vec<Piece>) -> Vec<Piece> {
    pieces.sort_by(|a, b| a.fixed.total_cmp(&b.fixed).then(a.from.total_cmp(&b.from)));
    let mut out: Vec<Piece> = Vec::new();
    for p in pieces {
        match out.last_mut() {
            Some(q) if (q.fixed - p.fixed).abs() < 1e-9 && p.from <= q.to + 1e-9 => {
                q.to = q.to.max(p.to);
            }
            _ => out.push(p),
        }
    }
    out
}

/// Which of `cells` cells hold a cage total (the first cell of a cage with
/// a total), so the candidate marks can make room for it.
pub(in crate::render) fn total_cells(constraints: &[Constraint], cells: usize) -> Vec<bool> {
    let mut out = vec![false; cells];
    for c in constraints {
        if let Constraint::Cage(Cage {
            cells: list,
            sum: Some(_),
        }) = c
        {
            if let Some(first) = list.iter().map(|c| c.index()).filter(|&i| i < cells).min() {
                out[first] = true;
            }
        }
    }
    out
}

impl Painter<'_> {
    /// The cages' dashed outlines.
    pub(super) fn cages(&self, s: &mut String) {
        let k = self.cell;
        for c in self.constraints {
            let Constraint::Cage(cage) = c else { continue };
            let cells: BTreeSet<usize> = cage
                .cells
                .iter()
                .filter(|&&c| self.on(c))
                .map(|c| c.index())
                .collect();
            if cells.is_empty() {
                continue;
            }
            let (across, down) = outline(&cells, self.n);
            let mut d = String::new();
            for p in &across {
                let _ = write!(d, "M{} {}H{}", N(p.from * k), N(p.fixed * k), N(p.to * k));
            }
            for p in &down {
                let _ = write!(d, "M{} {}V{}", N(p.fixed * k), N(p.from * k), N(p.to * k));
            }
            let _ = writeln!(
                s,
                r##"<path class="killer-cage" d="{d}" fill="none" stroke="#000000" stroke-width="{}" stroke-dasharray="{} {}"/>"##,
                N((0.022 * k).max(0.5)),
                N(0.07 * k),
                N(0.05 * k)
            );
        }
    }

    /// Cage totals, over everything else in the grid but the digits.
    pub(super) fn cage_totals(&self, s: &mut String) {
        let k = self.cell;
        let size = 0.24 * k;
        for c in self.constraints {
            let Constraint::Cage(cage) = c else { continue };
            let Some(sum) = cage.sum else { continue };
            let Some(first) = cage.cells.iter().copied().filter(|&c| self.on(c)).min() else {
                continue;
            };
            let text = sum.to_string();
            let x = first.column(self.n) as f64 * k + 0.025 * k;
            let y = first.row(self.n) as f64 * k + 0.025 * k;
            let width = text.len() as f64 * size * 0.62 + 0.04 * k;
            let _ = writeln!(
                s,
                r##"<rect class="cage-total-patch" x="{}" y="{}" width="{}" height="{}" fill="#ffffff"/>"##,
                N(x),
                N(y),
                N(width),
                N(size * 0.95)
            );
            let _ = writeln!(
                s,
                r##"<text class="cage-total" x="{}" y="{}" font-size="{}" fill="#000000">{}</text>"##,
                N(x + 0.02 * k),
                N(y + size * 0.8),
                N(size),
                escape(&text)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_cell_cage_is_a_square_inset_on_every_side() {
        let (across, down) = outline(&BTreeSet::from([4]), 3);
        let d = INSET;
        assert_eq!(
            across,
            vec![
                Piece {
                    fixed: 1.0 + d,
                    from: 1.0 + d,
                    to: 2.0 - d
                },
                Piece {
                    fixed: 2.0 - d,
                    from: 1.0 + d,
                    to: 2.0 - d
                },
            ]
        );
        assert_eq!(down.len(), 2);
        assert!(down.iter().all(|p| p.from == 1.0 + d && p.to == 2.0 - d));
    }

    #[test]
    fn an_l_cage_has_six_sides_meeting_at_its_inner_corner() {
        // Cells (0,0), (1,0), (1,1) of a 3x3 grid: an L.
        let (across, down) = outline(&BTreeSet::from([0, 3, 4]), 3);
        let d = INSET;
        assert_eq!(across.len(), 3);
        assert_eq!(down.len(), 3);
        // The inner corner: the top of (1,1) runs left past the cell edge to
        // meet the right side of (0,0), which runs down past its own.
        let top_of_11 = across.iter().find(|p| (p.fixed - (1.0 + d)).abs() < 1e-9);
        assert_eq!(top_of_11.map(|p| (p.from, p.to)), Some((1.0 - d, 2.0 - d)));
        let right_of_00 = down.iter().find(|p| (p.fixed - (1.0 - d)).abs() < 1e-9);
        assert_eq!(right_of_00.map(|p| (p.from, p.to)), Some((d, 1.0 + d)));
        // The bottom runs unbroken under both cells of row 1.
        let bottom = across.iter().find(|p| (p.fixed - (2.0 - d)).abs() < 1e-9);
        assert_eq!(bottom.map(|p| (p.from, p.to)), Some((d, 2.0 - d)));
    }
}
