//! XY-Wing (4.2) and XYZ-Wing (4.4), found in Sudoku Explainer's order: the
//! pivot cell by cell index, then its first wing, then its second wing, both
//! among the pivot's peers in increasing index order.
//!
//! Works on any geometry (peers and `sees` carry the houses).

use std::ops::ControlFlow;

use super::board::Board;
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
            if xz_mask.count_ones() != 2 || (xy_mask & !xz_mask).count_ones() != 1 {
                continue;
            }
            for yz in peers.iter().map(|c| c.index()) {
                let yz_mask = board.candidates(yz);
                if yz_mask.count_ones() != 2
                    || (xy_mask | xz_mask | yz_mask).count_ones() != 3
                    || (xy_mask & xz_mask & yz_mask).count_ones() != common_size
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
                let (technique, name, tenths) = if xyz {
                    (Technique::XyzWing, "XYZ-Wing", 44)
                } else {
                    (Technique::XyWing, "XY-Wing", 42)
                };
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
                        text::cell_with(board, xz, xz_mask),
                        text::cell_with(board, yz, yz_mask),
                        board.digit_name(z),
                        text::eliminations(board, &eliminations)
                    );
                }
                step.eliminations = eliminations;
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{all_sound, marked};
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
}
