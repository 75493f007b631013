//! Basic fish (X-wing, swordfish, jellyfish) on rows and columns, as Sudoku
//! Explainer's Fisherman finds them.

use std::ops::ControlFlow;

use super::board::Board;
use super::ctx::{Ctx, Sink};
use super::step::{Candidate, Step, Technique};
use super::subsets::{for_each_subset, union_of};
use super::text;

/// A fish found: base lines (as a mask of line numbers), the digit, the
/// cover lines (mask), and whether the base lines are columns.
struct Fish {
    base: u64,
    digit: u8,
    cover: u64,
    columns: bool,
}

/// Sudoku Explainer's Fisherman(k) (3.2 X-wing, 3.8 swordfish, 5.2
/// jellyfish): `k` base lines (columns first, then rows) in which the digit
/// has 2..=k places each, all within `k` cross lines; the digit leaves the
/// other cells of those cross lines. Only digits placed at most `n - 2k`
/// times are tried. Within a family, Sudoku Explainer tries line sets in
/// colex order, digits ascending within a set: steps come out in that order.
pub(super) fn fish(board: &Board, k: usize, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let n = board.size();
    let geometry = board.geometry();
    // One grid, or each grid of a multi-grid board: its lines are its own.
    let corners: Vec<(usize, usize)> = match geometry.multi_layout() {
        Some(l) => l.grids().iter().map(|g| (g.top, g.left)).collect(),
        None => vec![(0, 0)],
    };
    let multi = corners.len() > 1 || geometry.multi_layout().is_some();
    for (grid, &(top, left)) in corners.iter().enumerate() {
        let at = |r: usize, c: usize| match multi {
            true => geometry.cell_at(top + r, left + c).map_or(0, |c| c.index()),
            false => r * n + c,
        };
        let mut placed = [0usize; 64];
        for r in 0..n {
            for c in 0..n {
                let v = board.values()[at(r, c)];
                if v != 0 {
                    placed[v as usize - 1] += 1;
                }
            }
        }
        fish_in(board, k, ctx, sink, &at, &placed, multi.then_some(grid))?;
    }
    ControlFlow::Continue(())
}

/// [`fish`] on the lines of one grid: `at(row, column)` its cells, `placed`
/// the count of each digit in it, `grid` its number on a multi-grid board.
fn fish_in<F: Fn(usize, usize) -> usize>(
    board: &Board,
    k: usize,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
    at: &F,
    placed: &[usize; 64],
    grid: Option<usize>,
) -> ControlFlow<()> {
    let n = board.size();
    use Technique::*;
    let technique = Technique::of_size(k, [XWing, Swordfish, Jellyfish]);
    for columns in [true, false] {
        let cell_at = |line: usize, i: usize| if columns { at(i, line) } else { at(line, i) };
        let mut found: Vec<Fish> = Vec::new();
        for digit in 1..=n as u8 {
            if placed[digit as usize - 1] + 2 * k > n {
                continue;
            }
            let bit = 1u64 << (digit - 1);
            // Per base line: the positions (cross line numbers) of the digit.
            let mut pos = [0u64; 64];
            let mut items = 0u64;
            for (line, p) in pos.iter_mut().enumerate().take(n) {
                for i in 0..n {
                    if board.candidates(cell_at(line, i)) & bit != 0 {
                        *p |= 1 << i;
                    }
                }
                if (2..=k as u32).contains(&p.count_ones()) {
                    items |= 1 << line;
                }
            }
            let _ = for_each_subset(items, k, |base| {
                let cover = union_of(base, &pos);
                if cover.count_ones() as usize == k && has_victim(&pos, base, cover, n) {
                    found.push(Fish {
                        base,
                        digit,
                        cover,
                        columns,
                    });
                }
                ControlFlow::Continue(())
            });
        }
        // Sudoku Explainer's order: line sets (colex = as numbers), then digits.
        found.sort_by_key(|f| (f.base, f.digit));
        for f in &found {
            let bit = 1u64 << (f.digit - 1);
            let mut step = Step::of_set(technique);
            for cross in (0..n).filter(|i| f.cover >> i & 1 != 0) {
                for line in 0..n {
                    let c = cell_at(line, cross);
                    if board.candidates(c) & bit == 0 {
                        continue;
                    }
                    if f.base >> line & 1 != 0 {
                        step.cells.push(c);
                        step.evidence.push(Candidate::new(c, f.digit));
                    } else {
                        step.eliminations.push(Candidate::new(c, f.digit));
                    }
                }
            }
            step.eliminations.sort();
            step.cells.sort();
            step.evidence.sort();
            let line_house = |line: usize, as_column: bool| match grid {
                None if as_column => n + line,
                None => line,
                Some(_) => {
                    // The house of that kind holding the line's two ends.
                    let (a, b) = match as_column {
                        true => (at(0, line), at(n - 1, line)),
                        false => (at(line, 0), at(line, n - 1)),
                    };
                    let kind = if as_column {
                        crate::HouseKind::Column
                    } else {
                        crate::HouseKind::Row
                    };
                    let houses = board.geometry().houses();
                    board
                        .geometry()
                        .houses_of(crate::Cell(a as u32))
                        .iter()
                        .map(|&h| h as usize)
                        .find(|&h| {
                            houses[h].kind() == kind
                                && houses[h].cells().contains(&crate::Cell(b as u32))
                        })
                        .unwrap_or(0)
                }
            };
            for line in (0..n).filter(|l| f.base >> l & 1 != 0) {
                step.houses.push(line_house(line, f.columns));
            }
            for line in (0..n).filter(|l| f.cover >> l & 1 != 0) {
                step.houses.push(line_house(line, !f.columns));
            }
            if ctx.want_text {
                // `columns 2 and 6`: the line numbers are houses, not digits.
                let names = |mask: u64, as_column: bool| {
                    let nums = (0..n)
                        .filter(|l| mask >> l & 1 != 0)
                        .map(|l| (l + 1).to_string());
                    let kind = if as_column { "columns" } else { "rows" };
                    let of = grid.map_or(String::new(), |g| format!(" of grid {}", g + 1));
                    format!("{kind} {}{of}", text::list(nums, "and"))
                };
                step.text = format!(
                    "every place for {} in {} is in {}, so {}",
                    board.digit_name(f.digit),
                    names(f.base, f.columns),
                    names(f.cover, !f.columns),
                    text::eliminations(board, &step.eliminations)
                );
            }
            sink(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Whether a line outside `base` holds the digit on a cover line.
fn has_victim(pos: &[u64; 64], base: u64, cover: u64, n: usize) -> bool {
    (0..n).any(|line| base >> line & 1 == 0 && pos[line] & cover != 0)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::expect_step;
    use super::*;

    #[test]
    fn x_wing_as_serate() {
        // serate's step on this state: X-Wing.
        expect_step(
            "58 =4 =6 89 35 =7 39 =2 =1 =1 59 =7 =6 35 =2 39 =4 =8 =2 89 =3 =1 89 =4 =7 =5 =6 =4 =3 58 58 =7 =6 =2 =1 =9 =9 =6 =2 =3 =4 =1 =5 =8 =7 58 =7 =1 2589 289 59 =4 =6 =3 =7 58 589 =4 =1 59 =6 =3 =2 =3 =2 =4 =7 =6 =8 =1 =9 =5 =6 =1 59 259 29 =3 =8 =7 =4",
            Technique::XWing,
            ("X-Wing", 32),
            &[],
            &[(48, 5), (56, 5)],
        );
    }

    #[test]
    fn swordfish_as_serate() {
        // serate's step on this state: Swordfish.
        expect_step(
            "59 =3 =7 49 =2 =8 45 =6 =1 =6 59 =8 =1 =7 49 45 =2 =3 =1 =2 =4 =3 =5 =6 =7 =8 =9 78 49 =2 58 49 =1 =3 57 =6 49 =1 =3 =7 =6 45 =8 59 =2 78 =6 =5 89 =3 =2 =1 79 =4 45 45 =9 =6 =8 =3 =2 =1 =7 =2 =7 =1 459 49 459 =6 =3 =8 =3 =8 =6 =2 =1 =7 =9 =4 =5",
            Technique::Swordfish,
            ("Swordfish", 38),
            &[],
            &[(66, 9)],
        );
    }
}
