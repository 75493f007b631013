//! The 9x9 tables the chaining search reads: the houses of each cell (region,
//! row, column in Sudoku Explainer's order, then any extra houses: X
//! diagonals, windoku windows) and their cells.

use std::cell::RefCell;
use std::sync::Arc;

use super::super::board::Board;
use crate::{Geometry, HouseKind};

/// Cells are `0..81`, candidates `cell * 9 + digit0` (`0..729`).
pub(super) const CANDS: usize = 729;

/// Houses a 9x9 board may have: 27 classic ones and up to 9 extra.
pub(super) const MAX_HOUSES: usize = 36;

/// Houses one cell may belong to (region, row, column, three extras: the
/// centre of an X-windoku grid lies on both diagonals and in a window).
pub(super) const MAX_PER_CELL: usize = 6;

#[derive(Clone)]
pub(super) struct Geo {
    /// Houses 0..9 regions, 9..18 rows, 18..27 columns, then the extra
    /// houses in board order; cells in board order.
    pub house_cells: [[u8; 9]; MAX_HOUSES],
    /// The houses of each cell: region, row, column, then extras
    /// (`cell_count[c]` of them).
    cell_houses: [[u8; MAX_PER_CELL]; 81],
    cell_count: [u8; 81],
    /// The cells of each house as a bit set.
    pub house_mask: [u128; MAX_HOUSES],
    /// The houses of each cell as a bit set (bit `h` = house `h`).
    pub house_bits: [u64; 81],
    /// Board house index of each of our houses (for names).
    pub board_house: [usize; MAX_HOUSES],
}

impl Geo {
    /// The tables of a 9x9 board (boxes or jigsaw regions, and extra houses
    /// of nine cells each, at most [`MAX_PER_CELL`] houses per cell).
    ///
    /// Every chaining rung asks for them on every state of a path: the last
    /// geometry's tables are kept (per thread, with the geometry itself, so
    /// that its address cannot be reused by another while it is the key).
    pub fn of(board: &Board) -> Option<Geo> {
        LAST.with(|last| {
            if let Some((g, geo)) = &*last.borrow() {
                if Arc::ptr_eq(g, board.geometry()) {
                    return geo.clone();
                }
            }
            let geo = Geo::build(board);
            *last.borrow_mut() = Some((Arc::clone(board.geometry()), geo.clone()));
            geo
        })
    }

    fn build(board: &Board) -> Option<Geo> {
        if !super::runs_on(board.geometry()) {
            return None;
        }
        let mut geo = Geo {
            house_cells: [[0; 9]; MAX_HOUSES],
            cell_houses: [[0; MAX_PER_CELL]; 81],
            cell_count: [0; 81],
            house_mask: [0; MAX_HOUSES],
            house_bits: [0; 81],
            board_house: [0; MAX_HOUSES],
        };
        // Classic houses first, by kind, then the extras (Sudoku Explainer's
        // order, the board's for the extras).
        let mut next = [0usize, 9, 18, 27];
        let ends = [9, 18, 27, MAX_HOUSES];
        for (kind, end) in ends.into_iter().enumerate() {
            for &h in board.houses_se_order() {
                let this = match board.house_kind(h) {
                    HouseKind::Region => 0,
                    HouseKind::Row => 1,
                    HouseKind::Column => 2,
                    _ => 3,
                };
                if this != kind {
                    continue;
                }
                let k = next[kind];
                if k >= end {
                    return None;
                }
                next[kind] += 1;
                geo.board_house[k] = h;
                let cells = board.house(h);
                if cells.len() != 9 {
                    return None;
                }
                for (i, c) in cells.iter().enumerate() {
                    let c = c.index();
                    let slot = usize::from(geo.cell_count[c]);
                    if slot == MAX_PER_CELL {
                        return None;
                    }
                    geo.house_cells[k][i] = c as u8;
                    geo.house_mask[k] |= 1u128 << c;
                    geo.cell_houses[c][slot] = k as u8;
                    geo.cell_count[c] += 1;
                }
            }
        }
        for c in 0..81 {
            geo.house_bits[c] = geo.cell_houses[c][..usize::from(geo.cell_count[c])]
                .iter()
                .fold(0, |b, &h| b | 1 << h);
        }
        // Every cell in one region, one row and one column, in that order.
        let classic = (0..81).all(|c| {
            geo.cell_count[c] >= 3
                && (0..3).all(|kind| usize::from(geo.cell_houses[c][kind]) / 9 == kind)
        });
        (classic && next[..3] == [9, 18, 27]).then_some(geo)
    }

    /// The houses of `cell`: region, row, column, then extras.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u8] {
        &self.cell_houses[cell][..usize::from(self.cell_count[cell])]
    }
}

thread_local! {
    /// The last geometry asked for and its tables.
    static LAST: RefCell<Option<(Arc<Geometry>, Option<Geo>)>> = const { RefCell::new(None) };
}

/// The candidate masks of a board (bit `d0` = digit `d0 + 1`), 0 for filled cells.
pub(super) fn masks(board: &Board) -> [u16; 81] {
    let mut out = [0u16; 81];
    for (c, m) in out.iter_mut().enumerate() {
        *m = board.candidates(c) as u16;
    }
    out
}

/// The set of cell `i` alone: a variable `u128` shift costs a branch or
/// two conditional moves on x86-64; one word shift and a select do.
#[inline]
pub(super) fn bit(i: usize) -> u128 {
    let b = u128::from(1u64 << (i & 63));
    if i < 64 {
        b
    } else {
        b << 64
    }
}

/// Whether `m` holds cell `i` (the word that holds it, shifted).
#[inline]
pub(super) fn has(m: u128, i: usize) -> bool {
    let w = if i < 64 { m as u64 } else { (m >> 64) as u64 };
    w >> (i & 63) & 1 != 0
}

// Bit-count tests for the innermost loops: the crate builds for baseline
// x86-64, where `count_ones` has no popcount instruction and costs a dozen.

/// Whether `m` has at least two bits set.
#[inline]
pub(super) fn two_or_more(m: u128) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// Whether `m` has exactly one bit set.
#[inline]
pub(super) fn one_bit(m: u128) -> bool {
    m != 0 && !two_or_more(m)
}

/// Whether `m` has exactly two bits set.
#[inline]
pub(super) fn two_bits(m: u128) -> bool {
    one_bit(m & m.wrapping_sub(1))
}

/// Whether `m` has three or more bits set.
#[inline]
pub(super) fn three_or_more(m: u128) -> bool {
    two_or_more(m & m.wrapping_sub(1))
}
