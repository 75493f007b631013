//! XY-Wing (4.2) and XYZ-Wing (4.4), found in Sudoku Explainer's order: the
//! pivot cell by cell index, then its first wing, then its second wing, both
//! among the pivot's peers in increasing index order.
//!
//! Works on any geometry (peers and `sees` carry the houses).

use std::ops::ControlFlow;

use super::bits::count_is;
use super::board::{Board, CellSets};
use super::ctx::{Ctx, Sink};
use super::step::{Candidate, Step, Technique};
use super::text::{self, digits_of as digits};

pub(super) fn xy_wing(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    wing(board, false, ctx, sink)
}

pub(super) fn xyz_wing(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    wing(board, true, ctx, sink)
}

fn wing(board: &Board, xyz: bool, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match board.cell_sets() {
        Some(sets) => wing_sets(board, sets, xyz, ctx, sink),
        None => wing_scan(board, xyz, ctx, sink),
    }
}

/// The wings by a scan of the peers (any board).
fn wing_scan(board: &Board, xyz: bool, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    // The pivot holds x, y (and z for the XYZ-Wing); each wing holds two of
    // the three digits, z common to both wings (and, for XYZ, to the pivot).
    let pivot_size = if xyz { 3 } else { 2 };
    let common_size = if xyz { 1 } else { 0 };
    for xy in 0..board.cell_count() {
        let xy_mask = board.candidates(xy);
        if xy_mask.count_ones() != pivot_size {
            continue;
        }
        let peers = board.peers(xy);
        for xz in peers.iter().map(|c| c.index()) {
            let xz_mask = board.candidates(xz);
            if !count_is(xz_mask, 2) || !count_is(xy_mask & !xz_mask, 1) {
                continue;
            }
            for yz in peers.iter().map(|c| c.index()) {
                let yz_mask = board.candidates(yz);
                if !count_is(yz_mask, 2)
                    || !count_is(xy_mask | xz_mask | yz_mask, 3)
                    || !count_is(xy_mask & xz_mask & yz_mask, common_size)
                {
                    continue;
                }
                let z_bits = xz_mask & yz_mask;
                let z = z_bits.trailing_zeros() as u8 + 1;
                let eliminations: Vec<Candidate> = board
                    .peers(xz)
                    .iter()
                    .map(|c| c.index())
                    .filter(|&v| {
                        v != xy
                            && v != yz
                            && board.has(v, z)
                            && board.sees(v, yz)
                            && (!xyz || board.sees(v, xy))
                    })
                    .map(|v| Candidate::new(v, z))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                sink(wing_step(board, xyz, [xy, xz, yz], z, eliminations, ctx))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// [`wing`] on the cell sets of a board of at most 128 cells: the same
/// wings in the same order (peers ascending, as `Board::peers` lists them),
/// with the wings drawn from the bivalue peers only and what they remove
/// found by a few bit operations.
fn wing_sets(
    board: &Board,
    sets: &CellSets,
    xyz: bool,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let pivot_size = if xyz { 3 } else { 2 };
    let common_size = if xyz { 1 } else { 0 };
    let mut bivalue = 0u128;
    let mut digit = [0u128; 64];
    for (c, &m) in board.all_candidates().iter().enumerate() {
        if count_is(m, 2) {
            bivalue |= 1 << c;
        }
        let mut rest = m;
        while rest != 0 {
            digit[rest.trailing_zeros() as usize] |= 1 << c;
            rest &= rest - 1;
        }
    }
    for xy in 0..board.cell_count() {
        let xy_mask = board.candidates(xy);
        if xy_mask.count_ones() != pivot_size {
            continue;
        }
        let wings = sets.peers[xy] & bivalue;
        for xz in cells_of(wings) {
            let xz_mask = board.candidates(xz);
            if !count_is(xy_mask & !xz_mask, 1) {
                continue;
            }
            for yz in cells_of(wings) {
                let yz_mask = board.candidates(yz);
                if !count_is(xy_mask | xz_mask | yz_mask, 3)
                    || !count_is(xy_mask & xz_mask & yz_mask, common_size)
                {
                    continue;
                }
                let z = (xz_mask & yz_mask).trailing_zeros() as u8 + 1;
                // The peers of xz holding z that see yz (and xy for XYZ).
                let mut gone = sets.peers[xz] & sets.peers[yz] & digit[z as usize - 1];
                gone &= !(1u128 << xy | 1u128 << yz);
                if xyz {
                    gone &= sets.peers[xy];
                }
                if gone == 0 {
                    continue;
                }
                let eliminations = cells_of(gone).map(|v| Candidate::new(v, z)).collect();
                sink(wing_step(board, xyz, [xy, xz, yz], z, eliminations, ctx))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The cells of a cell set, ascending.
fn cells_of(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

/// The step of the wing on pivot `xy` and wings `xz`, `yz` removing `z`.
fn wing_step(
    board: &Board,
    xyz: bool,
    [xy, xz, yz]: [usize; 3],
    z: u8,
    eliminations: Vec<Candidate>,
    ctx: &Ctx,
) -> Step {
    let (technique, name, tenths) = if xyz {
        (Technique::XyzWing, "XYZ-Wing", 44)
    } else {
        (Technique::XyWing, "XY-Wing", 42)
    };
    let xy_mask = board.candidates(xy);
    let mut step = Step::new(technique, name, tenths);
    step.cells = vec![xy, xz, yz];
    step.evidence = digits(xy_mask)
        .map(|d| Candidate::new(xy, d))
        .chain([Candidate::new(xz, z), Candidate::new(yz, z)])
        .collect();
    if ctx.want_text {
        step.text = format!(
            "pivot {} with wings {} and {}: one of them is {}, so {}",
            text::cell_with(board, xy, xy_mask),
            text::cell_with(board, xz, board.candidates(xz)),
            text::cell_with(board, yz, board.candidates(yz)),
            board.digit_name(z),
            text::eliminations(board, &eliminations)
        );
    }
    step.eliminations = eliminations;
    step
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{all_sound, board, marked};
    use super::super::uniqueness::tests::{se_board, SE_POSITIONS};
    use super::*;

    /// Textbook wings on an open grid: the rung finds the pattern with its
    /// difficulty, cells and eliminations, and the other wing rung does not.
    #[test]
    fn wings_textbook() {
        // The rung, its marks, difficulty, cells, cells losing 9, the other rung.
        type Case = (
            Technique,
            &'static [(usize, &'static str)],
            u16,
            &'static [usize],
            &'static [usize],
            Technique,
        );
        let cases: [Case; 2] = [
            // Pivot r5c5 {4,7}, wings r5c1 {4,9} (row 5) and r2c5 {7,9}
            // (column 5): r2c1 sees both wings and loses 9.
            (
                Technique::XyWing,
                &[(40, "47"), (36, "49"), (13, "79")],
                42,
                &[40, 13, 36],
                &[9],
                Technique::XyzWing,
            ),
            // Pivot r5c5 {4,7,9}, wings r5c4 {4,9} (row 5 and box 5) and
            // r2c5 {7,9} (column 5): only r4c5 and r6c5 (box 5, column 5)
            // see all three, and lose 9.
            (
                Technique::XyzWing,
                &[(40, "479"), (39, "49"), (13, "79")],
                44,
                &[40, 13, 39],
                &[31, 49],
                Technique::XyWing,
            ),
        ];
        for (t, marks, tenths, cells, gone, other) in cases {
            let b = marked("123456789", marks);
            let step = t.first(&b, &mut Ctx::new(true)).unwrap();
            assert_eq!(step.difficulty.0, tenths, "{t:?}");
            assert_eq!(step.cells, cells, "{t:?}");
            let nines: Vec<Candidate> = gone.iter().map(|&c| Candidate::new(c, 9)).collect();
            assert_eq!(step.eliminations, nines, "{t:?}");
            assert!(other.first(&b, &mut Ctx::new(false)).is_none(), "{t:?}");
        }
    }

    #[test]
    fn xy_wing_on_6x6() {
        // Pivot r3c3 {1,2}, wings r3c6 {1,3} (row 3) and r6c3 {2,3}
        // (column 3): r6c6 sees both and loses 3.
        let g = crate::Geometry::shared_square(6).unwrap();
        let mut m = vec![0b111100u64; 36];
        m[14] = 0b011;
        m[17] = 0b101;
        m[32] = 0b110;
        m[35] = 0b111100 | 0b100;
        let b = super::super::uniqueness::tests::open_board(g, &m);
        let s = Technique::XyWing.first(&b, &mut Ctx::new(true)).unwrap();
        assert_eq!(s.cells, vec![14, 17, 32]);
        assert_eq!(s.eliminations, vec![Candidate::new(35, 3)]);
    }

    #[test]
    fn wings_on_serate_positions() {
        // Same wing and eliminations as serate; every wing found is sound.
        for &(name, values, marks, elims) in SE_POSITIONS {
            let b = se_board(values, marks);
            for t in [Technique::XyWing, Technique::XyzWing] {
                let steps = all_sound(&b, t);
                let want = if t == Technique::XyWing {
                    "XY-Wing"
                } else {
                    "XYZ-Wing"
                };
                if name == want {
                    let got: Vec<(usize, u8)> = steps[0]
                        .eliminations
                        .iter()
                        .map(|e| (e.cell, e.digit))
                        .collect();
                    assert_eq!(got, elims.to_vec(), "{name}");
                }
            }
        }
    }

    /// The cell-set search finds the same wings, in the same order and
    /// words, as the scan, on boards along the rating paths of puzzles.
    #[test]
    fn cell_sets_and_the_scan_agree() {
        use super::super::ladder::next_step;
        let all = |b: &Board, sets: bool, xyz: bool| {
            let mut out = Vec::new();
            let mut sink = |s: Step| {
                out.push(s);
                ControlFlow::Continue(())
            };
            let mut ctx = Ctx::new(true);
            let _ = match b.cell_sets() {
                Some(cs) if sets => wing_sets(b, cs, xyz, &mut ctx, &mut sink),
                _ => wing_scan(b, xyz, &mut ctx, &mut sink),
            };
            out
        };
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ];
        let mut compared = 0;
        for p in puzzles {
            let mut b = board(p);
            while !b.is_solved() {
                for xyz in [false, true] {
                    let (fast, slow) = (all(&b, true, xyz), all(&b, false, xyz));
                    assert_eq!(fast, slow);
                    compared += fast.len();
                }
                let Some(step) = next_step(&b, &mut Ctx::new(false)) else {
                    break;
                };
                b.apply(&step);
            }
        }
        assert!(compared > 10, "{compared}");
    }
}
