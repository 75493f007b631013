//! Constant tables of the classic 9x9 geometry in the band layout.
//!
//! A set of cells is a `u128` in which band `b` (rows `3b..3b+3`) holds the
//! 32 bits from `32b`, of which the 27 lowest are used: cell `(r, c)` is bit
//! `32 * (r / 3) + 9 * (r % 3) + c`. Rows and boxes then never straddle the
//! two 64-bit halves (bands 0 and 1 are the low half, band 2 the high one),
//! and a band is one 32-bit word.

/// A constant table of `N` entries: entry `i` is `$entry` (an expression of
/// `i`). Constants cannot run `for` loops or call closures, so each table
/// would otherwise spell out the same `while` loop.
macro_rules! table {
    ($n:expr, |$i:ident| $entry:expr) => {{
        let mut t = [0; $n];
        let mut $i = 0;
        while $i < $n {
            t[$i] = $entry;
            $i += 1;
        }
        t
    }};
}

/// The bits of `m` below `count`, each bit `b` widened to `pattern <<
/// (stride * b)`.
const fn widen(m: usize, count: usize, stride: usize, pattern: u64) -> u64 {
    let (mut out, mut b) = (0, 0);
    while b < count {
        if m >> b & 1 != 0 {
            out |= pattern << (stride * b);
        }
        b += 1;
    }
    out
}

/// Houses: rows 0–8, columns 9–17, boxes 18–26.
pub(super) const HOUSES: usize = 27;

/// The bit of cell `(r, c)`.
pub(super) const fn pos(r: usize, c: usize) -> usize {
    32 * (r / 3) + 9 * (r % 3) + c
}

/// Bit position of each cell, in row-major order.
pub(super) const POS: [u8; 81] = table!(81, |i| pos(i / 9, i % 9) as u8);

/// `1 << pos` for each bit position (a table: a variable `u128` shift costs
/// more than a load).
pub(super) const BIT: [u128; 128] = table!(128, |i| 1 << i);

/// Row-major cell index of each bit position; 255 for unused bits.
#[cfg(test)]
pub(super) const CELL: [u8; 128] = {
    let mut t = [255u8; 128];
    let mut i = 0;
    while i < 81 {
        t[pos(i / 9, i % 9)] = i as u8;
        i += 1;
    }
    t
};

/// The cells of each house.
pub(super) const HOUSE: [u128; HOUSES] = {
    let mut t = [0u128; HOUSES];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let bit = 1u128 << pos(r, c);
        t[r] |= bit;
        t[9 + c] |= bit;
        t[18 + 3 * (r / 3) + c / 3] |= bit;
        i += 1;
    }
    t
};

/// All 81 cells.
pub(super) const ALL: u128 = HOUSE[0]
    | HOUSE[1]
    | HOUSE[2]
    | HOUSE[3]
    | HOUSE[4]
    | HOUSE[5]
    | HOUSE[6]
    | HOUSE[7]
    | HOUSE[8];

/// By bit position: the cell's peers (the other cells of its houses).
pub(super) const PEERS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let p = pos(r, c);
        t[p] = (HOUSE[r] | HOUSE[9 + c] | HOUSE[18 + 3 * (r / 3) + c / 3]) & !(1u128 << p);
        i += 1;
    }
    t
};

/// The 27 bits of a band word.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// A 3x3 boolean matrix `m` (bit `3i + j` = entry (i, j)) → the entries that
/// lie on a permutation (one entry per row and per column) inside `m`; 0
/// when there is none. For a digit in a band, rows are the band's rows and
/// columns its boxes: the digit takes one minirow per row and per box, so
/// only these minirows can hold it (pointing and claiming, both ways). The
/// same holds for a stack, with bands and columns.
pub(super) const PERM: [u16; 512] = table!(512, |m| on_permutations(m));

/// The entries of 3x3 matrix `m` on a permutation inside it ([`PERM`]).
const fn on_permutations(m: usize) -> u16 {
    const PERMS: [[usize; 3]; 6] = crate::engine::PERMUTATIONS_OF_3;
    let (mut out, mut k) = (0, 0);
    while k < 6 {
        let p = PERMS[k];
        let bits = 1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2]);
        if m & bits == bits {
            out |= bits as u16;
        }
        k += 1;
    }
    out
}

/// A 3x3 boolean matrix (bit `3i + j`) → its entries that are the only one
/// in their row or the only one in their column. For the minirows a band
/// keeps for a digit, these are the minirows that are the digit's only
/// place in their row or in their box.
pub(super) const ALONE: [u16; 512] = table!(512, |m| alone(m));

/// The entries of 3x3 matrix `m` alone in their row or column ([`ALONE`]).
const fn alone(m: usize) -> u16 {
    let (mut out, mut e) = (0, 0);
    while e < 9 {
        let (row, column) = (7 << (3 * (e / 3)), 0o111 << (e % 3));
        if m >> e & 1 != 0 && (m & row == 1 << e || m & column == 1 << e) {
            out |= 1 << e;
        }
        e += 1;
    }
    out
}

/// 9 minirow bits (bit `3i + j`: row i, box j of a band) → the band's cells
/// in those minirows. (Minirow `3i + j` starts at bit `9i + 3j`, that is
/// `3b` for minirow `b`.)
pub(super) const EXPAND: [u32; 512] = table!(512, |m| widen(m, 9, 3, 7) as u32);

/// A byte → its eight bits as the eight bytes of a `u64` (bit `i` in the
/// low bit of byte `i`).
pub(super) const SPREAD: [u64; 256] = table!(256, |x| widen(x, 8, 8, 1));
