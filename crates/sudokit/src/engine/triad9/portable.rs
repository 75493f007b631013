//! The plain Rust [`Kernel`] of triad9: the reference the vector kernels
//! are tested against, and the one that runs on every CPU. Each operation
//! is written lane by lane, as the [module docs](super) state the rules.

use super::kernel::{BandLines, BoxBands, Kernel};
use super::start::{Start, FLAT};
use super::state::State;
use super::{is_cell, ALL, OTHERS, PAIRS, PERMS, VALUES};

/// The lanes of the six clauses of a box: matrix rows 0–2, then columns
/// 0–2.
const CLAUSES: [[usize; 4]; 6] = [
    [0, 1, 2, 3],
    [4, 5, 6, 7],
    [8, 9, 10, 11],
    [0, 4, 8, 12],
    [1, 5, 9, 13],
    [2, 6, 10, 14],
];

/// The lanes of a minirow (three cells, then its triad lane), per row of a
/// box.
const ROW_LANES: [[usize; 4]; 3] = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]];

/// The lanes of a minicolumn (three cells, then its triad lane), per column
/// of a box.
const COL_LANES: [[usize; 4]; 3] = [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14]];

/// The plain Rust [`Kernel`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn assign(self, c: &mut [u16; 8], p: usize, d: u16) {
        for (q, m) in c.iter_mut().enumerate() {
            if q != p {
                *m &= !d;
            }
        }
    }

    #[inline(always)]
    fn settle(self, x: &mut [u16; 16]) -> bool {
        loop {
            // Asserted digits per lane: a cell with one digit, a triad lane
            // with six, a digit in a single lane of a clause.
            let mut a = [0u16; 16];
            for (l, (&v, a)) in x.iter().zip(&mut a).enumerate().take(15) {
                let n = v.count_ones();
                let min = if is_cell(l) { 1 } else { 6 };
                if n < min {
                    return false;
                }
                if n == min {
                    *a = v;
                }
            }
            for clause in &CLAUSES {
                let (mut ones, mut twos) = (0u16, 0u16);
                for &l in clause {
                    twos |= ones & x[l];
                    ones |= x[l];
                }
                if ones != ALL {
                    return false;
                }
                let once = ones & !twos;
                for &l in clause {
                    a[l] |= x[l] & once;
                }
            }
            // A cell keeps its asserted digit only; a clause's other lanes
            // lose it.
            let mut new = *x;
            for l in 0..12 {
                if is_cell(l) && a[l] != 0 {
                    if a[l] & (a[l] - 1) != 0 {
                        return false;
                    }
                    new[l] = a[l];
                }
            }
            for clause in &CLAUSES {
                let (mut ones, mut twos) = (0u16, 0u16);
                for &l in clause {
                    twos |= ones & a[l];
                    ones |= a[l];
                }
                if twos != 0 {
                    return false;
                }
                for &l in clause {
                    new[l] &= !(ones & !a[l]);
                }
            }
            if new == *x {
                return true;
            }
            *x = new;
        }
    }

    #[inline(always)]
    fn band_settle(self, c: &mut [u16; 8]) -> Option<BandLines> {
        loop {
            let mut out = BandLines {
                msg: [[0, 0, 0, 0, 0, 0, 0xffff, 0xffff]; 3],
            };
            let mut drop = [0u16; 8];
            for (e, (&[a, b], others)) in PAIRS.iter().zip(&OTHERS).enumerate() {
                let p = c[a] | c[b];
                let n = others.iter().fold(0, |m, &o| m | c[o]);
                let (np, nn) = (p.count_ones(), n.count_ones());
                if p | n != ALL || np < 3 || nn < 6 {
                    return None;
                }
                let (at, line) = (e / 3, e % 3);
                out.msg[at][line] = p;
                out.msg[at][3 + line] = n;
                if p & n != 0 {
                    for (d, perm) in drop.iter_mut().zip(&PERMS) {
                        if perm[at] == line {
                            *d |= if nn == 6 { n } else { 0 };
                        } else {
                            *d |= if np == 3 { p } else { 0 };
                        }
                    }
                }
            }
            let mut lost = 0;
            for (c, d) in c.iter_mut().zip(drop) {
                lost |= *c & d;
                *c &= !d;
            }
            if lost == 0 {
                return Some(out);
            }
        }
    }

    #[inline(always)]
    fn box_to_bands(self, x: &[u16; 16], bands: BoxBands<'_>) -> (bool, bool) {
        let BoxBands { at_h, h, at_v, v } = bands;
        // Per line: may hold the digit, and may lack it.
        let row = |i: usize| (x[4 * i] | x[4 * i + 1] | x[4 * i + 2], x[4 * i + 3]);
        let col = |j: usize| (x[j] | x[4 + j] | x[8 + j], x[12 + j]);
        let only = |l: [(u16, u16); 3]| {
            [
                l[0].0 & l[1].1 & l[2].1,
                l[1].0 & l[0].1 & l[2].1,
                l[2].0 & l[0].1 & l[1].1,
            ]
        };
        (
            restrict_band(h, at_h, only([row(0), row(1), row(2)])),
            restrict_band(v, at_v, only([col(0), col(1), col(2)])),
        )
    }

    #[inline(always)]
    fn restrict_box(self, x: &mut [u16; 16], vertical: bool, msg: &[u16; 8]) -> bool {
        let lanes = if vertical { &COL_LANES } else { &ROW_LANES };
        let mut lost = 0;
        for (line, &[l0, l1, l2, l3]) in lanes.iter().enumerate() {
            let (p, n) = (msg[line], msg[3 + line]);
            lost |= (x[l0] | x[l1] | x[l2]) & !p | x[l3] & !n;
            x[l0] &= p;
            x[l1] &= p;
            x[l2] &= p;
            x[l3] &= n;
        }
        lost != 0
    }

    #[inline(always)]
    fn start(self, start: &Start) -> [[u16; 16]; 9] {
        // The givens in the box layout: a given's lane holds its digit's
        // bit (value `v`, bit `v - 1`), every other lane is empty.
        let mut given = [[0u16; 16]; 9];
        let lanes = given.as_flattened_mut();
        for (&v, &at) in start.values.iter().zip(&FLAT) {
            lanes[usize::from(at)] = ((1u32 << (v & 15)) >> 1) as u16;
        }
        let given = &given;
        // Per box, the digits given in a minirow or minicolumn.
        let line = |g: &[u16; 16], l: usize, vertical: bool| {
            if vertical {
                g[l] | g[4 + l] | g[8 + l]
            } else {
                g[4 * l] | g[4 * l + 1] | g[4 * l + 2]
            }
        };
        let mut boxes = start.allowed.unwrap_or(State::EMPTY.boxes);
        for (b, x) in boxes.iter_mut().enumerate() {
            let (h, v) = (b / 3 * 3, b % 3);
            // The digits given in each row and column through the box, and
            // in the box.
            let row = |i: usize| (0..3).fold(0, |m, k| m | line(&given[h + k], i, false));
            let col = |j: usize| (0..3).fold(0, |m, k| m | line(&given[v + 3 * k], j, true));
            let (r, c) = ([row(0), row(1), row(2)], [col(0), col(1), col(2)]);
            let seen = (0..3).fold(0, |m, i| m | line(&given[b], i, false));
            // Spread over the cell lanes.
            let rows = [
                r[0], r[0], r[0], 0, r[1], r[1], r[1], 0, r[2], r[2], r[2], 0, 0, 0, 0, 0,
            ];
            let cols = [
                c[0], c[1], c[2], 0, c[0], c[1], c[2], 0, c[0], c[1], c[2], 0, 0, 0, 0, 0,
            ];
            for (l, lane) in x.iter_mut().enumerate() {
                let g = given[b][l];
                let cell = if is_cell(l) { seen } else { 0 };
                *lane &= if g != 0 {
                    g
                } else {
                    !(cell | rows[l] | cols[l])
                };
            }
        }
        boxes
    }

    #[inline(always)]
    fn values(self, boxes: &[[u16; 16]; 9]) -> [u8; VALUES] {
        let lanes = boxes.as_flattened();
        let mut out = [0u8; VALUES];
        for (o, &at) in out.iter_mut().zip(&FLAT) {
            *o = lanes[usize::from(at)].trailing_zeros() as u8 + 1;
        }
        out
    }
}

/// Restricts band `c` from its box `at`: configuration `p` keeps only the
/// digits of `m[PERMS[p][at]]`; whether it lost any. (A step of
/// [`Kernel::box_to_bands`]; the vector kernels do it in registers.)
#[inline(always)]
fn restrict_band(c: &mut [u16; 8], at: usize, m: [u16; 3]) -> bool {
    let mut lost = 0;
    for (c, perm) in c.iter_mut().zip(&PERMS) {
        let r = m[perm[at]];
        lost |= *c & !r;
        *c &= r;
    }
    lost != 0
}
