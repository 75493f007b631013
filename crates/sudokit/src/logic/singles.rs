//! Hidden singles (full houses first) and naked singles, in Sudoku
//! Explainer's scan order.

use std::ops::ControlFlow;

use crate::HouseKind;

use super::board::Board;
use super::ctx::{Ctx, Sink};
use super::step::{Candidate, Step, Technique};
use super::text;

/// Houses in the order Sudoku Explainer's single and subset rules scan
/// them: regions (boxes), columns, rows, then the extra houses.
pub(super) fn houses_region_column_row(board: &Board) -> impl Iterator<Item = usize> + '_ {
    const KINDS: [Option<HouseKind>; 4] = [
        Some(HouseKind::Region),
        Some(HouseKind::Column),
        Some(HouseKind::Row),
        None,
    ];
    let is_line_or_region =
        |k: HouseKind| matches!(k, HouseKind::Region | HouseKind::Column | HouseKind::Row);
    KINDS.into_iter().flat_map(move |kind| {
        (0..board.house_count()).filter(move |&h| {
            let k = board.house_kind(h);
            match kind {
                Some(kind) => k == kind,
                None => !is_line_or_region(k),
            }
        })
    })
}

/// The empty cells of house `h`.
pub(super) fn empty_count(board: &Board, h: usize) -> usize {
    board
        .house(h)
        .iter()
        .filter(|c| board.value(c.index()) == 0)
        .count()
}

/// Digits (as a mask) that are a candidate of exactly one cell of house `h`.
fn unique_digits(board: &Board, h: usize) -> u64 {
    let (mut once, mut more) = (0u64, 0u64);
    for c in board.house(h) {
        let m = board.candidates(c.index());
        more |= once & m;
        once |= m;
    }
    once & !more
}

/// Sudoku Explainer's HiddenSingle: first every full house (the last empty
/// cell of a house, 1.0), then every hidden single (1.2 in a region, 1.5 in
/// a line or an extra house); houses in the order regions, columns, rows,
/// extras, digits ascending within a house.
pub(super) fn hidden_single(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for full_house in [true, false] {
        for h in houses_region_column_row(board) {
            let mut digits = unique_digits(board, h);
            if digits == 0 || (empty_count(board, h) == 1) != full_house {
                continue;
            }
            while digits != 0 {
                let digit = digits.trailing_zeros() as u8 + 1;
                digits &= digits - 1;
                let bit = 1u64 << (digit - 1);
                let Some(cell) = board
                    .house(h)
                    .iter()
                    .map(|c| c.index())
                    .find(|&c| board.candidates(c) & bit != 0)
                else {
                    continue;
                };
                let tenths = if full_house {
                    10
                } else if board.house_kind(h) == HouseKind::Region {
                    12
                } else {
                    15
                };
                let mut step = Step::new(Technique::HiddenSingle, "Hidden Single", tenths);
                step.placements.push(Candidate::new(cell, digit));
                step.cells.push(cell);
                step.houses.push(h);
                step.evidence.push(Candidate::new(cell, digit));
                if ctx.want_text {
                    step.text = if full_house {
                        format!(
                            "{} is the last empty cell of {}, so {}",
                            board.cell_name(cell),
                            board.house_name(h),
                            text::placement(board, Candidate::new(cell, digit))
                        )
                    } else {
                        format!(
                            "the only place for {} in {} is {}",
                            board.digit_name(digit),
                            board.house_name(h),
                            board.cell_name(cell)
                        )
                    };
                }
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Sudoku Explainer's NakedSingle (2.3): cells in row-major order.
pub(super) fn naked_single(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for cell in 0..board.cell_count() {
        let m = board.candidates(cell);
        if board.value(cell) != 0 || m.count_ones() != 1 {
            continue;
        }
        let digit = m.trailing_zeros() as u8 + 1;
        let mut step = Step::new(Technique::NakedSingle, "Naked Single", 23);
        step.placements.push(Candidate::new(cell, digit));
        step.cells.push(cell);
        step.evidence.push(Candidate::new(cell, digit));
        if ctx.want_text {
            step.text = format!(
                "only {} fits {}",
                board.digit_name(digit),
                board.cell_name(cell)
            );
        }
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// A filled grid of `geometry` (the engine's first solution of the empty
/// grid), row-major values, for tests that blank a few cells of it.
#[cfg(test)]
pub(super) fn filled_grid(geometry: &std::sync::Arc<crate::Geometry>) -> Vec<u8> {
    use crate::Engine;
    let n = geometry.size();
    let puzzle = super::test_util::puzzle_in(std::sync::Arc::clone(geometry), &".".repeat(n * n));
    let out = crate::Dfs::new().solve(&puzzle, 1).unwrap();
    out.first.unwrap().to_values()
}

/// The line of a grid of values with `blank` cells emptied.
#[cfg(test)]
pub(super) fn line_without(values: &[u8], blank: &[usize]) -> String {
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if v == 0 || blank.contains(&i) {
                '.'
            } else if v < 10 {
                char::from(b'0' + v)
            } else {
                char::from(b'A' + v - 10)
            }
        })
        .collect()
}

/// A minimal puzzle of `geometry`: the filled grid with cells blanked in a
/// fixed pseudo-random order while the solution stays unique.
#[cfg(test)]
pub(super) fn minimal_puzzle(geometry: &std::sync::Arc<crate::Geometry>, seed: u64) -> Board {
    let mut values = filled_grid(geometry);
    let cells = values.len();
    let mut order: Vec<usize> = (0..cells).collect();
    let mut x = seed | 1;
    for i in (1..cells).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        order.swap(i, (x % (i as u64 + 1)) as usize);
    }
    for c in order {
        let v = values[c];
        values[c] = 0;
        let b = super::test_util::board_in(
            std::sync::Arc::clone(geometry),
            &line_without(&values, &[]),
        );
        if super::test_util::solution(&b).is_none() {
            values[c] = v;
        }
    }
    super::test_util::board_in(std::sync::Arc::clone(geometry), &line_without(&values, &[]))
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{all_sound, board, board_in, solution};
    use super::*;
    use crate::{Extra, Geometry};
    use std::sync::Arc;

    const EULER1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn first(b: &Board, t: Technique) -> Option<Step> {
        t.first(b, &mut Ctx::new(true))
    }

    fn euler1_solution() -> Vec<u8> {
        solution(&board(EULER1)).unwrap()
    }

    #[test]
    fn full_houses_first_region_then_column_then_row() {
        let sol = euler1_solution();
        // r1c9 is alone in box 3 (and its row and column); r2c2 and r3c3 are
        // alone in their columns and rows, not in box 1.
        let b = board(&line_without(&sol, &[8, 10, 20]));
        let steps = all_sound(&b, Technique::HiddenSingle);
        let got: Vec<(usize, u16, &str)> = steps
            .iter()
            .map(|s| (s.placements[0].cell, s.difficulty.0, s.text.as_str()))
            .collect();
        let t0 = format!("r1c9 is the last empty cell of box 3, so r1c9={}", sol[8]);
        let t1 = format!(
            "r2c2 is the last empty cell of column 2, so r2c2={}",
            sol[10]
        );
        assert_eq!(got[0], (8, 10, t0.as_str()));
        assert_eq!(got[1], (10, 10, t1.as_str()));
        assert_eq!((got[2].0, got[3].0), (20, 8));
        // Seven full houses (box 3, columns 2, 3, 9, rows 1, 2, 3), then box 1's
        // two hidden singles.
        let tenths: Vec<u16> = steps.iter().map(|s| s.difficulty.0).collect();
        assert_eq!(tenths, [10, 10, 10, 10, 10, 10, 10, 12, 12]);
    }

    #[test]
    fn hidden_single_as_serate_finds_it() {
        // serate's first step: "Hidden Single: r2c2: 6 in block".
        let b = board(EULER1);
        let steps = all_sound(&b, Technique::HiddenSingle);
        assert_eq!(steps[0].placements, vec![Candidate::new(10, 6)]);
        assert_eq!(steps[0].difficulty.0, 12);
        assert_eq!(steps[0].text, "the only place for 6 in box 1 is r2c2");
        // Boxes, then columns, then rows.
        let kinds: Vec<HouseKind> = steps.iter().map(|s| b.house_kind(s.houses[0])).collect();
        let first_column = kinds.iter().position(|&k| k == HouseKind::Column).unwrap();
        let first_row = kinds.iter().position(|&k| k == HouseKind::Row).unwrap();
        assert!(first_column < first_row);
        assert!(kinds[..first_column]
            .iter()
            .all(|&k| k == HouseKind::Region));
        assert!(kinds[first_row..].iter().all(|&k| k == HouseKind::Row));
        assert!(steps[first_column..].iter().all(|s| s.difficulty.0 == 15));
    }

    #[test]
    fn naked_single_in_row_major_order() {
        let sol = euler1_solution();
        let b = board(&line_without(&sol, &[40, 7, 79]));
        let steps = all_sound(&b, Technique::NakedSingle);
        let cells: Vec<usize> = steps.iter().map(|s| s.placements[0].cell).collect();
        assert_eq!(cells, vec![7, 40, 79]);
        assert_eq!(steps[0].placements[0].digit, sol[7]);
        assert_eq!(steps[0].difficulty.0, 23);
        assert_eq!(steps[0].text, format!("only {} fits r1c8", sol[7]));
        // On the puzzle itself: every naked single is sound.
        for s in all_sound(&board(EULER1), Technique::NakedSingle) {
            assert_eq!(s.difficulty.0, 23);
        }
    }

    #[test]
    fn nothing_on_a_board_without_singles() {
        let b = board(&".".repeat(81));
        assert!(first(&b, Technique::HiddenSingle).is_none());
        assert!(first(&b, Technique::NakedSingle).is_none());
    }

    #[test]
    fn singles_on_16x16_and_x_sudoku() {
        let g = Geometry::shared_square(16).unwrap();
        let sol = filled_grid(&g);
        // r1c16 is alone in box 4; r1c1 and r2c2 share box 1, row 1 has two holes.
        let b = board_in(Arc::clone(&g), &line_without(&sol, &[15, 0, 17]));
        let steps = all_sound(&b, Technique::HiddenSingle);
        assert_eq!(steps[0].placements, vec![Candidate::new(15, sol[15])]);
        assert_eq!(steps[0].difficulty.0, 10);
        assert_eq!(
            steps[0].text.split(',').next().unwrap(),
            "r1c16 is the last empty cell of box 4"
        );
        // X-sudoku: only the main diagonal has a single hole (r1c1).
        let g = Arc::new(Geometry::classic().with_extra(Extra::Diagonals).unwrap());
        let sol = filled_grid(&g);
        let b = board_in(Arc::clone(&g), &line_without(&sol, &[0, 1, 18, 19]));
        let s = all_sound(&b, Technique::HiddenSingle).remove(0);
        assert_eq!(s.placements, vec![Candidate::new(0, sol[0])]);
        assert_eq!(s.difficulty.0, 10);
        assert_eq!(
            s.text,
            format!(
                "r1c1 is the last empty cell of diagonal 1, so r1c1={}",
                sol[0]
            )
        );
    }
}
