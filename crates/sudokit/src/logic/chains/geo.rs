//! The 9x9 tables the chaining search reads: the three houses of each cell
//! (region, row, column, in Sudoku Explainer's order) and their cells.

use super::super::board::Board;
use crate::HouseKind;

/// Cells are `0..81`, candidates `cell * 9 + digit0` (`0..729`).
pub(super) const CANDS: usize = 729;

pub(super) struct Geo {
    /// Houses 0..9 regions, 9..18 rows, 18..27 columns; cells in board order.
    pub house_cells: [[u8; 9]; 27],
    /// The region, row and column of each cell.
    pub cell_houses: [[u8; 3]; 81],
    /// The cells of each house as a bit set.
    pub house_mask: [u128; 27],
    /// Board house index of each of our houses (for names).
    pub board_house: [usize; 27],
}

impl Geo {
    /// The tables of a plain 9x9 board (boxes or jigsaw regions, no extra houses).
    pub fn of(board: &Board) -> Option<Geo> {
        if board.size() != 9 || !board.is_plain() || board.house_count() != 27 {
            return None;
        }
        let mut geo = Geo {
            house_cells: [[0; 9]; 27],
            cell_houses: [[0; 3]; 81],
            house_mask: [0; 27],
            board_house: [0; 27],
        };
        let mut next = [0usize, 9, 18];
        for &h in board.houses_se_order() {
            let kind = match board.house_kind(h) {
                HouseKind::Region => 0,
                HouseKind::Row => 1,
                HouseKind::Column => 2,
                _ => return None,
            };
            let k = next[kind];
            if k >= 9 * (kind + 1) {
                return None;
            }
            next[kind] += 1;
            geo.board_house[k] = h;
            let cells = board.house(h);
            if cells.len() != 9 {
                return None;
            }
            for (i, c) in cells.iter().enumerate() {
                geo.house_cells[k][i] = c.index() as u8;
                geo.house_mask[k] |= 1u128 << c.index();
                geo.cell_houses[c.index()][kind] = k as u8;
            }
        }
        Some(geo)
    }
}

/// The candidate masks of a board (bit `d0` = digit `d0 + 1`), 0 for filled cells.
pub(super) fn masks(board: &Board) -> [u16; 81] {
    let mut out = [0u16; 81];
    for (c, m) in out.iter_mut().enumerate() {
        *m = board.candidates(c) as u16;
    }
    out
}
