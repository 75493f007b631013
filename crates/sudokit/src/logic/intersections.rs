//! Pointing and claiming (locked candidates), and their "direct" form that
//! leaves a hidden single, as Sudoku Explainer's Locking finds them.

use std::ops::ControlFlow;

use crate::HouseKind;

use super::board::Board;
use super::ctx::{Ctx, Sink};
use super::step::{Candidate, Step, Technique};
use super::text;

/// Pairs of house kinds `(first, second)` in Sudoku Explainer's order:
/// a digit of a `first` house confined to a `second` house. The classic four
/// come first (box/column, box/row, column/box, row/box), then the pairs
/// with extra houses (kinds absent from the board are skipped).
const KIND_PAIRS: [(HouseKind, HouseKind); 22] = {
    use HouseKind::*;
    [
        (Region, Column),
        (Region, Row),
        (Column, Region),
        (Row, Region),
        (Diagonal, Column),
        (Diagonal, Row),
        (Column, Diagonal),
        (Row, Diagonal),
        (Region, Diagonal),
        (Diagonal, Region),
        (Window, Column),
        (Window, Row),
        (Column, Window),
        (Row, Window),
        (Region, Window),
        (Window, Region),
        (Diagonal, Window),
        (Window, Diagonal),
        (Custom, Column),
        (Custom, Row),
        (Column, Custom),
        (Row, Custom),
    ]
};

fn in_house(board: &Board, cell: usize, h: usize) -> bool {
    board.houses_of(cell).contains(&(h as u32))
}

/// A digit of house `h1` whose candidates all lie in house `h2` too.
struct Lock<'a> {
    h1: usize,
    h2: usize,
    digit: u8,
    /// Pointing (the second house is a row or a column) or claiming.
    pointing: bool,
    /// The board's cell sets, on a board of at most 128 cells.
    masks: Option<&'a Masks<'a>>,
}

/// Houses and digit candidates as cell sets (bit = cell), for boards of at
/// most 128 cells: a lock and what it removes become a few bit operations.
struct Masks<'b> {
    house: &'b [u128],
    /// The cells where each digit (index digit - 1) is a candidate.
    digit: Vec<u128>,
}

impl Masks<'_> {
    fn of(board: &Board) -> Option<Masks<'_>> {
        let house = &board.cell_sets()?.houses;
        let digit = board.digit_cells();
        Some(Masks { house, digit })
    }
}

/// Calls `f` with every lock, in Sudoku Explainer's order: kind pairs, then
/// digits, then first houses, then second houses (by index); with the cell
/// sets, only those that remove something.
fn for_each_lock(
    board: &Board,
    masks: Option<&Masks<'_>>,
    mut f: impl FnMut(&Lock<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let kinds: Vec<HouseKind> = (0..board.house_count())
        .map(|h| board.house_kind(h))
        .collect();
    // The houses of each kind, ascending (by the kind's place in the enum).
    let mut of_kind: [Vec<usize>; 6] = Default::default();
    for (h, &k) in kinds.iter().enumerate() {
        if let Some(list) = of_kind.get_mut(k as usize) {
            list.push(h);
        }
    }
    let present = |k: HouseKind| of_kind.get(k as usize).is_some_and(|l| !l.is_empty());
    for (kind1, kind2) in KIND_PAIRS {
        if !present(kind1) || !present(kind2) {
            continue;
        }
        let pointing = matches!(kind2, HouseKind::Row | HouseKind::Column);
        for digit in 1..=board.size() as u8 {
            let bit = 1u64 << (digit - 1);
            // A digit with fewer than two candidates locks nowhere.
            if masks.is_some_and(|m| m.digit[digit as usize - 1].count_ones() < 2) {
                continue;
            }
            for &h1 in &of_kind[kind1 as usize] {
                // A cell of the digit in h1 (any will do: the second houses
                // holding every candidate are among its houses, ascending).
                let first = match masks {
                    Some(m) => {
                        let d1 = m.digit[digit as usize - 1] & m.house[h1];
                        if d1.count_ones() < 2 {
                            continue;
                        }
                        d1.trailing_zeros() as usize
                    }
                    None => {
                        let mut cells = board
                            .house(h1)
                            .iter()
                            .map(|c| c.index())
                            .filter(|&c| board.candidates(c) & bit != 0);
                        let Some(first) = cells.next() else { continue };
                        if cells.next().is_none() {
                            continue;
                        }
                        first
                    }
                };
                for &h2 in board.houses_of(first) {
                    let h2 = h2 as usize;
                    if kinds[h2] != kind2 {
                        continue;
                    }
                    // Most locks remove nothing (neither form can use them):
                    // the cell sets tell at once; the generic scan leaves it
                    // to `f`.
                    let (all_in, removes) = match masks {
                        Some(m) => {
                            let d = m.digit[digit as usize - 1];
                            (
                                d & m.house[h1] & !m.house[h2] == 0,
                                d & m.house[h2] & !m.house[h1] != 0,
                            )
                        }
                        None => {
                            let all_in = board.house(h1).iter().all(|c| {
                                board.candidates(c.index()) & bit == 0
                                    || in_house(board, c.index(), h2)
                            });
                            (all_in, true)
                        }
                    };
                    if all_in && removes {
                        f(&Lock {
                            h1,
                            h2,
                            digit,
                            pointing,
                            masks,
                        })?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The locked candidates of a lock (in both houses), for evidence.
fn lock_evidence(board: &Board, lock: &Lock<'_>, step: &mut Step) {
    let bit = 1u64 << (lock.digit - 1);
    for c in board.house(lock.h1) {
        if board.candidates(c.index()) & bit != 0 {
            step.cells.push(c.index());
            step.evidence.push(Candidate::new(c.index(), lock.digit));
        }
    }
    step.houses.extend([lock.h1, lock.h2]);
}

/// Sudoku Explainer's Locking(direct): pointing and claiming
/// ([`pointing_claiming_with`]), or their direct forms
/// ([`direct_pointing_with`]), with the cell sets where the board is small
/// enough for them.
pub(super) fn locking(
    board: &Board,
    direct: bool,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let masks = Masks::of(board);
    if direct {
        direct_pointing_with(board, masks.as_ref(), ctx, sink)
    } else {
        pointing_claiming_with(board, masks.as_ref(), ctx, sink)
    }
}

/// Sudoku Explainer's Locking(false): pointing (2.6) and claiming (2.8). The
/// digit leaves the cells of the second house outside the first. With the
/// cell sets, or without them (`None`: the generic scan).
fn pointing_claiming_with(
    board: &Board,
    masks: Option<&Masks<'_>>,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for_each_lock(board, masks, |lock| {
        let bit = 1u64 << (lock.digit - 1);
        let elims: Vec<Candidate> = board
            .house(lock.h2)
            .iter()
            .map(|c| c.index())
            .filter(|&c| board.candidates(c) & bit != 0 && !in_house(board, c, lock.h1))
            .map(|c| Candidate::new(c, lock.digit))
            .collect();
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let (name, tenths) = if lock.pointing {
            ("Pointing", 26)
        } else {
            ("Claiming", 28)
        };
        let mut step = Step::new(Technique::Intersection, name, tenths);
        step.eliminations = elims;
        lock_evidence(board, lock, &mut step);
        if ctx.want_text {
            step.text = format!(
                "every place for {} in {} is in {}, so {}",
                board.digit_name(lock.digit),
                board.house_name(lock.h1),
                board.house_name(lock.h2),
                text::eliminations(board, &step.eliminations)
            );
        }
        sink(step)
    })
}

/// Sudoku Explainer's Locking(true): direct pointing (1.7) and direct
/// claiming (1.9). For a lock of `h1` in `h2`, another house `h3` of the
/// kind of `h1` (ascending) that would keep the digit in one cell only once
/// `h2` loses it outside `h1`: the step places it there. As Sudoku Explainer
/// applies it, it removes nothing else (the placement clears the peers).
/// With the cell sets, or without them (`None`: the generic scan).
fn direct_pointing_with(
    board: &Board,
    masks: Option<&Masks<'_>>,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for_each_lock(board, masks, |lock| {
        let bit = 1u64 << (lock.digit - 1);
        let kind1 = board.house_kind(lock.h1);
        // Removed: candidates of h2 outside h1.
        let removed = |c: usize| in_house(board, c, lock.h2) && !in_house(board, c, lock.h1);
        for h3 in 0..board.house_count() {
            if h3 == lock.h1 || board.house_kind(h3) != kind1 {
                continue;
            }
            let (kept, gone, cell) = match lock.masks {
                Some(m) => {
                    let d = m.digit[lock.digit as usize - 1];
                    let gone = d & m.house[lock.h2] & !m.house[lock.h1];
                    let here = d & m.house[h3];
                    let kept = here & !gone;
                    (
                        kept.count_ones(),
                        (here & gone).count_ones(),
                        kept.trailing_zeros() as usize,
                    )
                }
                None => {
                    let (mut kept, mut gone, mut cell) = (0, 0, 0);
                    for c in board.house(h3) {
                        let c = c.index();
                        if board.candidates(c) & bit == 0 {
                            continue;
                        }
                        if removed(c) {
                            gone += 1;
                        } else {
                            kept += 1;
                            cell = c;
                        }
                    }
                    (kept, gone, cell)
                }
            };
            if kept != 1 || gone == 0 {
                continue;
            }
            let (name, tenths) = if lock.pointing {
                ("Direct Pointing", 17)
            } else {
                ("Direct Claiming", 19)
            };
            let mut step = Step::new(Technique::DirectPointing, name, tenths);
            step.placements.push(Candidate::new(cell, lock.digit));
            lock_evidence(board, lock, &mut step);
            step.houses.push(h3);
            if ctx.want_text {
                let d = board.digit_name(lock.digit);
                step.text = format!(
                    "every place for {d} in {} is in {} ({}), so the only place for {d} in {} is {}",
                    board.house_name(lock.h1),
                    board.house_name(lock.h2),
                    text::cells(board, step.cells.iter().copied()),
                    board.house_name(h3),
                    board.cell_name(cell)
                );
            }
            sink(step)?;
        }
        ControlFlow::Continue(())
    })
}

#[cfg(test)]
mod tests {
    use super::super::singles::{filled_grid, line_without};
    use super::super::test_util::{all_sound, board, board_in, expect_step};
    use super::*;
    use crate::Geometry;

    #[test]
    fn pointing_as_serate() {
        // serate's step on this state: Pointing.
        expect_step(
            "2789 236789 2369 234789 46789 234789 46789 =5 =1 15789 56789 1569 4789 146789 14789 46789 =2 =3 12789 236789 =4 23789 16789 =5 6789 6789 689 2589 2589 259 235789 15789 =6 123789 =4 289 24589 =1 2569 2345789 45789 234789 236789 36789 2689 =3 24689 =7 2489 1489 12489 =5 1689 2689 1479 3479 139 =6 =2 4789 1389 1389 =5 2459 2459 259 =1 =3 489 2689 689 =7 =6 23579 =8 579 579 79 1239 139 =4",
            Technique::Intersection,
            ("Pointing", 26),
            &[],
            &[(33, 2), (42, 2)],
        );
    }

    #[test]
    fn claiming_as_serate() {
        // serate's step on this state: Claiming.
        expect_step(
            "478 478 =3 =2 678 =5 =9 4678 =1 =6 478 =5 =9 =1 78 47 =2 =3 =9 =2 =1 =3 678 =4 =5 678 78 48 =5 =2 78 =3 =6 =1 47 =9 =1 =9 48 78 =5 =2 =6 =3 47 =3 =6 =7 =1 =4 =9 =8 =5 =2 478 =1 48 =6 =2 78 =3 =9 =5 =2 =3 =6 =5 =9 =1 47 478 478 =5 78 =9 =4 78 =3 =2 =1 =6",
            Technique::Intersection,
            ("Claiming", 28),
            &[],
            &[(0, 4)],
        );
    }

    #[test]
    fn direct_pointing_as_serate() {
        // serate's step on this state: Direct Pointing.
        expect_step(
            "2789 236789 2369 234789 46789 234789 46789 =5 =1 15789 56789 1569 4789 146789 14789 46789 =2 =3 12789 236789 =4 23789 16789 =5 6789 6789 689 2589 2589 259 235789 15789 =6 123789 =4 289 24589 =1 2569 2345789 45789 234789 236789 36789 2689 =3 24689 =7 2489 1489 12489 =5 1689 2689 14579 34579 1359 =6 =2 4789 13489 1389 4589 2459 2459 259 =1 =3 489 24689 689 =7 =6 234579 =8 4579 4579 479 12349 139 2459",
            Technique::DirectPointing,
            ("Direct Pointing", 17),
            &[(62, 5)],
            &[],
        );
    }

    /// The cell-set scan finds the same steps, in the same order, as the
    /// generic one, on boards along the rating paths of random puzzles.
    #[test]
    fn cell_sets_and_the_generic_scan_agree() {
        use super::super::ladder::next_step;
        let all = |b: &Board, fast: bool, direct: bool| {
            let masks = if fast { Masks::of(b) } else { None };
            let mut out = Vec::new();
            let mut sink = |s: Step| {
                out.push(s);
                ControlFlow::Continue(())
            };
            let mut ctx = Ctx::new(true);
            let _ = if direct {
                direct_pointing_with(b, masks.as_ref(), &mut ctx, &mut sink)
            } else {
                pointing_claiming_with(b, masks.as_ref(), &mut ctx, &mut sink)
            };
            out
        };
        let puzzles = [
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        ];
        let mut compared = 0;
        for p in puzzles {
            let mut b = board(p);
            while !b.is_solved() {
                for direct in [false, true] {
                    let (fast, slow) = (all(&b, true, direct), all(&b, false, direct));
                    assert_eq!(fast, slow);
                    compared += fast.len();
                }
                let Some(step) = next_step(&b, &mut Ctx::new(false)) else {
                    break;
                };
                b.apply(&step);
            }
        }
        assert!(compared > 100, "{compared}");
    }

    #[test]
    fn nothing_without_candidates_to_lock() {
        let b = board(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let sol = super::super::test_util::solution(&b).unwrap();
        let b = board(&line_without(&sol, &[0, 40, 80]));
        assert!(Technique::Intersection
            .first(&b, &mut Ctx::new(false))
            .is_none());
        assert!(Technique::DirectPointing
            .first(&b, &mut Ctx::new(false))
            .is_none());
    }

    #[test]
    fn pointing_on_16x16() {
        // Box 1 of a 16x16 grid misses r1c1, r1c2 (and r5c1, r9c1 below it
        // in column 1): the digit of r5c1 lies in box 1 only on... column 1,
        // so pointing removes it from r9c1 when it is not that cell's digit.
        let g = Geometry::shared_square(16).unwrap();
        let sol = filled_grid(&g);
        let b = board_in(g, &line_without(&sol, &[0, 1, 16, 17, 64, 128]));
        for s in all_sound(&b, Technique::Intersection) {
            assert!(s.difficulty.0 == 26 || s.difficulty.0 == 28);
        }
    }
}
