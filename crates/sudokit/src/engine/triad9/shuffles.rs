//! The constant byte shuffles of triad9's vector kernel (`simd`): which
//! `u16` lane of a 256-bit vector each lane takes, as `vpshufb` tables.
//! Safe code, built at compile time.

use super::{PAIRS, PERMS};

/// Byte shuffles moving, in each half, lane `(i + 1) % 3` (table 0) or
/// `(i + 2) % 3` (table 1) to lane `i` for `i < 3`; other lanes zeroed.
pub(super) static NEXT_LINES: [[u8; 32]; 2] = tables(Map::NextLines);

/// Byte shuffles of a band (in both halves) onto lanes 0-2 of each half:
/// the first, then the second, configuration of [`PAIRS`] for line `i` of
/// box 0 (low half) and box 1 (high half) (tables 0 and 1), and of box 2 in
/// both halves (tables 2 and 3); other lanes zeroed.
pub(super) static BAND_LINES: [[u8; 32]; 4] = tables(Map::BandLines);

/// Byte shuffles moving, in each half, lane `(i + 1) % 3` (table 0) or
/// `(i + 2) % 3` (table 1) to lane `3 + i`; other lanes zeroed.
pub(super) static OTHER_LINES: [[u8; 32]; 2] = tables(Map::OtherLines);

/// Rotations of the lanes inside each group of four, by one, two and three
/// (lane `l` takes lane `l + r` of its group).
pub(super) static ROT: [[u8; 32]; 3] = tables(Map::Rot);

/// Rotations of lanes 0–2 of each group of four, by one and two (lane 3
/// stays).
pub(super) static ROT3: [[u8; 32]; 2] = tables(Map::Rot3);

/// The lane maps of the tables built by [`tables`].
#[derive(Clone, Copy)]
enum Map {
    NextLines,
    BandLines,
    OtherLines,
    Rot,
    Rot3,
}

/// Lane `l`'s source in table `r` of `map`: a lane of its 128-bit half
/// (0–7), or [`ZERO`].
const fn source(map: Map, r: usize, l: usize) -> u8 {
    let (half, i) = (l / 8, l % 8);
    match map {
        Map::NextLines if i < 3 => ((i + r + 1) % 3) as u8,
        Map::BandLines if i < 3 => {
            let at = if r < 2 { half } else { 2 };
            PAIRS[3 * at + i][r % 2] as u8
        }
        Map::OtherLines if 3 <= i && i < 6 => ((i - 3 + r + 1) % 3) as u8,
        Map::Rot => ((i / 4) * 4 + (l % 4 + r + 1) % 4) as u8,
        Map::Rot3 => {
            let at = if l % 4 == 3 { 3 } else { (l % 4 + r + 1) % 3 };
            ((i / 4) * 4 + at) as u8
        }
        _ => ZERO,
    }
}

/// The `N` shuffles of `map`.
const fn tables<const N: usize>(map: Map) -> [[u8; 32]; N] {
    let mut t = [[0u8; 32]; N];
    let mut r = 0;
    while r < N {
        let mut lanes = [ZERO; 16];
        let mut l = 0;
        while l < 16 {
            lanes[l] = source(map, r, l);
            l += 1;
        }
        t[r] = shuffle(lanes);
        r += 1;
    }
    t
}

/// A lane that a shuffle zeroes.
const ZERO: u8 = 0xff;

/// The byte shuffle (`vpshufb`) of a 256-bit vector of `u16` lanes in which
/// lane `l` takes lane `map[l]` of its own 128-bit half (0–7), or is zeroed
/// ([`ZERO`]).
const fn shuffle(map: [u8; 16]) -> [u8; 32] {
    let mut t = [0x80u8; 32];
    let mut l = 0;
    while l < 16 {
        if map[l] != ZERO {
            t[2 * l] = 2 * map[l];
            t[2 * l + 1] = 2 * map[l] + 1;
        }
        l += 1;
    }
    t
}

/// [`shuffle`] for a 128-bit vector.
const fn shuffle_half(map: [u8; 8]) -> [u8; 16] {
    let mut wide = [ZERO; 16];
    let mut l = 0;
    while l < 8 {
        wide[l] = map[l];
        l += 1;
    }
    let t = shuffle(wide);
    let mut out = [0u8; 16];
    let mut b = 0;
    while b < 16 {
        out[b] = t[b];
        b += 1;
    }
    out
}

/// Byte shuffles taking configuration lane `p` of a band from line
/// `PERMS[p][at]` of the box message (lanes 6 and 7 zeroed).
pub(super) static LINE: [[u8; 16]; 3] = line_shuffles(1);

/// [`LINE`] for a message whose lines are in lanes 0, 2 and 4.
pub(super) static LINE_EVEN: [[u8; 16]; 3] = line_shuffles(2);

/// [`LINE`] for a message whose line `i` is in lane `step * i`.
const fn line_shuffles(step: usize) -> [[u8; 16]; 3] {
    let mut t = [[0u8; 16]; 3];
    let mut at = 0;
    while at < 3 {
        let mut map = [ZERO; 8];
        let mut p = 0;
        while p < 6 {
            map[p] = (step * PERMS[p][at]) as u8;
            p += 1;
        }
        t[at] = shuffle_half(map);
        at += 1;
    }
    t
}

/// Byte shuffles gathering a box's values from 16 bytes at its first
/// cell (minirows 0 and 1 to bytes 0–2 and 4–6), and from 16 bytes 18
/// later (minirow 2 to bytes 8–10); every other byte zero.
pub(super) static START_ROWS: [[u8; 16]; 2] = [
    [
        0, 1, 2, 0x80, 9, 10, 11, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    ],
    [
        0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0, 1, 2, 0x80, 0x80, 0x80, 0x80, 0x80,
    ],
];

/// A value's digit bit, low byte then high byte (value `v` is bit `v -
/// 1`; 0 has none).
pub(super) static VALUE_BIT: [[u8; 16]; 2] = [
    [0, 1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
];

/// The value of a single digit bit in a lane's low nibble (bits 0–3), and
/// in its second (bits 4–7).
pub(super) static BIT_VALUE: [[u8; 16]; 2] = [
    [0, 1, 2, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0],
    [0, 5, 6, 0, 7, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0],
];

/// Byte shuffles spreading `(pos[0..3], neg[0..3], all, all)` over the
/// lanes of a box: by minirows, and by minicolumns.
pub(super) static SPREAD_ROWS: [u8; 32] = spread(false);
/// See [`SPREAD_ROWS`].
pub(super) static SPREAD_COLS: [u8; 32] = spread(true);

/// The shuffle of [`SPREAD_ROWS`] or [`SPREAD_COLS`]: lane `4i + j` of
/// the box takes message lane `line` (`pos`), `3 + line` (`neg`) or 6 (all).
const fn spread(vertical: bool) -> [u8; 32] {
    let mut map = [0u8; 16];
    let mut l = 0;
    while l < 16 {
        let (i, j) = (l / 4, l % 4);
        let (line, other) = if vertical { (j, i) } else { (i, j) };
        // Both 128-bit halves hold the message.
        map[l] = if line == 3 {
            6
        } else if other == 3 {
            3 + line as u8
        } else {
            line as u8
        };
        l += 1;
    }
    shuffle(map)
}
