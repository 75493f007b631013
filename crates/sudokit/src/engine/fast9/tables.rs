//! Constant tables of the classic 9x9 geometry in the band layout.
//!
//! A set of cells is a `u128` in which band `b` (rows `3b..3b+3`) holds the
//! 32 bits from `32b`, of which the 27 lowest are used: cell `(r, c)` is bit
//! `32 * (r / 3) + 9 * (r % 3) + c`. Rows and boxes then never straddle the
//! two 64-bit halves (bands 0 and 1 are the low half, band 2 the high one),
//! which keeps the per-house tests on 64-bit words.

/// Houses: rows 0–8, columns 9–17, boxes 18–26.
pub(super) const HOUSES: usize = 27;

/// The bit of cell `(r, c)`.
pub(super) const fn pos(r: usize, c: usize) -> usize {
    32 * (r / 3) + 9 * (r % 3) + c
}

/// Bit position of each cell, in row-major order.
pub(super) const POS: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = pos(i / 9, i % 9) as u8;
        i += 1;
    }
    t
};

/// Row-major cell index of each bit position; 255 for unused bits.
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

/// The low 64 bits of each house.
pub(super) const HOUSE_LO: [u64; HOUSES] = {
    let mut t = [0u64; HOUSES];
    let mut h = 0;
    while h < HOUSES {
        t[h] = HOUSE[h] as u64;
        h += 1;
    }
    t
};

/// The high 64 bits of each house.
pub(super) const HOUSE_HI: [u64; HOUSES] = {
    let mut t = [0u64; HOUSES];
    let mut h = 0;
    while h < HOUSES {
        t[h] = (HOUSE[h] >> 64) as u64;
        h += 1;
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

/// All 27 houses, as a house set.
pub(super) const ALL_HOUSES: u32 = (1 << HOUSES) - 1;

/// By bit position: the houses of the cell (a 27-bit set).
pub(super) const HOUSES_OF: [u32; 128] = {
    let mut t = [0u32; 128];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        t[pos(r, c)] = 1 << r | 1 << (9 + c) | 1 << (18 + 3 * (r / 3) + c / 3);
        i += 1;
    }
    t
};

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

/// Each box and line that cross, with the cells of the line outside the box
/// and of the box outside the line: the locked-candidates pairs (18 per box).
pub(super) struct Cross {
    pub(super) line: u128,
    pub(super) line_rest: u128,
    pub(super) box_rest: u128,
}

/// The 54 box/line intersections.
pub(super) const CROSSES: [Cross; 54] = {
    let mut t = [const {
        Cross {
            line: 0,
            line_rest: 0,
            box_rest: 0,
        }
    }; 54];
    let mut b = 0;
    let mut k = 0;
    while b < 9 {
        let bx = HOUSE[18 + b];
        let mut j = 0;
        while j < 3 {
            // Row 3*(b/3)+j and column 3*(b%3)+j.
            let lines = [3 * (b / 3) + j, 9 + 3 * (b % 3) + j];
            let mut l = 0;
            while l < 2 {
                let line = HOUSE[lines[l]];
                let inter = line & bx;
                t[k] = Cross {
                    line: inter,
                    line_rest: line & !inter,
                    box_rest: bx & !inter,
                };
                k += 1;
                l += 1;
            }
            j += 1;
        }
        b += 1;
    }
    t
};
