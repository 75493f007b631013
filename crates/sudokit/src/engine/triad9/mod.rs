//! `triad9`: a classic 9x9 engine on boxes and bands (the triad
//! representation of `../shared/design/algorithms.md` §1, written from its
//! description): the engine [`Auto`](super::Auto) gives classic puzzles with
//! more than 18 givens where a vector kernel runs, beside [`Fast9`](super::Fast9).
//!
//! # Representation
//!
//! A *minirow* is the three cells a row shares with a box; a *minicolumn*
//! the three a column shares with a box. For a digit `v` and a minirow, the
//! *negative triad* says "`v` is not in this minirow".
//!
//! - **Box**: a 4x4 matrix of 9-bit digit sets (`u16` lanes, lane `4i + j`).
//!   The top-left 3x3 holds the box's cells (the digits still possible); lane
//!   `4i + 3` the digits that may still be absent from minirow `i`; lane
//!   `12 + j` the digits that may still be absent from minicolumn `j`; lane 15
//!   is unused (empty). Rows 0–2 and columns 0–2 of the matrix are
//!   *exactly-one* clauses per digit: a digit is in exactly one cell of the
//!   minirow, or absent from it.
//! - **Band**: for one digit, the three minirows it takes in a band of three
//!   boxes (one per box, one per row) form one of six permutations, its
//!   *configuration*. A band keeps, per configuration, the digits that may
//!   still take it. The three horizontal bands (rows) are bands 0–2, the
//!   three vertical ones (stacks, with minicolumns) bands 3–5.
//!
//! # Propagation
//!
//! Boxes and bands pass restrictions to each other until nothing changes:
//! - a **box** counts its lanes: a cell with no digit, or a minirow
//!   (minicolumn) with fewer than six possibly-absent digits, is a
//!   contradiction; a cell with one digit, a triad lane with exactly six
//!   (the other three are then in the minirow), and a digit left in one lane
//!   of a clause, are asserted, which removes the digit from the clause's
//!   other lanes (and the cell's other digits). It then tells its two bands
//!   which digits each of its minirows (minicolumns) may hold, and which may
//!   be absent from it: a configuration keeps a digit only if the digit may
//!   be in the minirows it takes and absent from the others;
//! - a **band** checks that every digit keeps a configuration, and that
//!   each minirow may still hold three digits and lack six (each minirow
//!   holds exactly three); exactly three, or exactly six, are asserted. It
//!   then tells each box which digits each minirow may hold (its cells lose
//!   the others) and which may be absent (its triad lane loses the others).
//!
//! This gives naked and hidden singles, pointing and claiming, and the
//! three-digits-a-minirow rule, none of them assuming a unique solution.
//!
//! The queue: at the start of a propagation every dirty box runs (the
//! givens' boxes all report to their bands), then bands before boxes.
//!
//! # Search
//!
//! Binary branching on a band configuration: the band with the fewest
//! configurations over all digits (but not settled), a digit with two there
//! (else the fewest), and that digit's first configuration, tried on a copy
//! of the state; when that branch is done, the configuration is taken from
//! the digit in place. [`Stats::guesses`](crate::outcome::Stats::guesses) counts the branches,
//! [`Stats::nodes`](crate::outcome::Stats::nodes) the propagations.
//!
//! # Kernels
//!
//! The hot operations (a box's rules, a band's rules, the messages both
//! ways) are the `Kernel` trait: `Portable` is plain Rust and runs
//! everywhere; `simd::Avx2` does a box in one 256-bit vector and a band's
//! messages with byte shuffles; `simd::Avx512` is the same code compiled
//! with AVX-512 VL, BW and BITALG (a lane's popcount in one instruction).
//! [`Backend::detect`] picks the best one the CPU runs, once per engine
//! (`SUDOKIT_FAST9_BACKEND=portable`, `avx2` or `avx512` forces one). All
//! run the same search; the tests check it.

use std::ops::ControlFlow;

use super::{ensure_supported, solutions_of, Budget, Engine, Meter, Outcome, Unsupported, Visitor};
use crate::digits::Digit;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::Solutions;
use crate::puzzle::Puzzle;

#[cfg(target_arch = "x86_64")]
mod simd;

/// All nine digits.
const ALL: u16 = 0x1ff;

/// The six configurations of a band: `PERMS[p][k]` is the line (row of a
/// horizontal band, column of a vertical one) that configuration `p` takes
/// in the band's box `k`.
const PERMS: [[usize; 3]; 6] = super::PERMUTATIONS_OF_3;

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

/// The hot operations of the search (the rules of a box and of a band, the
/// messages between them): [`Portable`] is the reference, `simd::Avx2` the
/// vector version.
pub(crate) trait Kernel: Copy {
    /// Runs the box rules of the [module docs](self) on box `x` until it no
    /// longer changes; `false` on a contradiction (`x` is then garbage).
    fn settle(self, x: &mut [u16; 16]) -> bool;

    /// Runs the band rules on band `c` until it no longer changes, and
    /// returns its lines: per box `at` and line, the digits that may take
    /// the line (`msg[at][line]`, the union of the two configurations that
    /// do) and that may be absent from it (`msg[at][3 + line]`, the other
    /// four). `None` on a contradiction: a digit with no configuration, a
    /// line with fewer than three possible digits or six possibly absent
    /// (each holds exactly three). A line with exactly three possible
    /// digits (six possibly absent) while a digit may still go either way
    /// asserts them: the configurations that do not take the line lose the
    /// three (that take it lose the six).
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

    /// The messages of box `x` to its horizontal band `h` (where it is box
    /// `at_h`) and its vertical band `v` (box `at_v`): per line (minirow,
    /// minicolumn), the digits that may be in it and absent from the other
    /// two lines, for [`restrict_band`](Kernel::restrict_band); whether
    /// each band lost any.
    #[inline(always)]
    fn box_to_bands(
        self,
        x: &[u16; 16],
        at_h: usize,
        h: &mut [u16; 8],
        at_v: usize,
        v: &mut [u16; 8],
    ) -> (bool, bool) {
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
            self.restrict_band(h, at_h, only([row(0), row(1), row(2)])),
            self.restrict_band(v, at_v, only([col(0), col(1), col(2)])),
        )
    }

    /// Restricts band `c` from its box `at`: configuration `p` keeps only
    /// the digits of `m[PERMS[p][at]]`; whether it lost any. (A step of the
    /// portable [`box_to_bands`](Kernel::box_to_bands); the vector one does
    /// it in registers.)
    #[inline(always)]
    fn restrict_band(self, c: &mut [u16; 8], at: usize, m: [u16; 3]) -> bool {
        let mut lost = 0;
        for (c, perm) in c.iter_mut().zip(&PERMS) {
            let r = m[perm[at]];
            lost |= *c & !r;
            *c &= r;
        }
        lost != 0
    }

    /// Restricts box `x` from its horizontal band (`vertical` false: its
    /// minirows) or its vertical one (its minicolumns), by its message of
    /// [`band_settle`](Kernel::band_settle): the cells of line `i` keep only
    /// `msg[i]`, its triad lane `msg[3 + i]`; whether it lost any.
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

    /// The boxes a search starts from: a given's lane holds its digit (if
    /// allowed), an empty cell's the allowed digits not given in its row,
    /// its column or its box, a triad lane its allowed digits. (Taking the
    /// givens' digits from their houses here spares the rules the first
    /// waves of messages: a row's given reaches the row's other boxes only
    /// through its band. The rules would find the same.)
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

    /// The values (1–9) of the cells of solved boxes `boxes`, row-major,
    /// in the first 81 bytes (the rest is scratch).
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

/// The bytes of a grid's values (row-major, 0 for an empty cell) as the
/// kernels take and give them: 81 cells and room for vector loads and
/// stores past the last one.
const VALUES: usize = 96;

/// The plain Rust [`Kernel`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Kernel for Portable {
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
}

/// What [`Kernel::band_settle`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BandLines {
    /// Per box of the band: the digits that may be in each line, then that
    /// may be absent from it, then two lanes of ones.
    msg: [[u16; 8]; 3],
}

/// The two configurations that take line `e % 3` in box `e / 3` of a band.
const PAIRS: [[usize; 2]; 9] = {
    let mut t = [[0; 2]; 9];
    let mut e = 0;
    while e < 9 {
        let (mut p, mut n) = (0, 0);
        while p < 6 {
            if PERMS[p][e / 3] == e % 3 {
                t[e][n] = p;
                n += 1;
            }
            p += 1;
        }
        e += 1;
    }
    t
};

/// The four configurations that do not take line `e % 3` in box `e / 3`.
const OTHERS: [[usize; 4]; 9] = {
    let mut t = [[0; 4]; 9];
    let mut e = 0;
    while e < 9 {
        let (mut p, mut n) = (0, 0);
        while p < 6 {
            if PERMS[p][e / 3] != e % 3 {
                t[e][n] = p;
                n += 1;
            }
            p += 1;
        }
        e += 1;
    }
    t
};

/// Whether lane `l` of a box holds a cell.
const fn is_cell(l: usize) -> bool {
    l < 12 && l % 4 != 3
}

/// The state of the search; see the [module docs](self).
///
/// Aligned to a cache line, boxes first, so that no box (32 bytes) or band
/// (16 bytes) straddles two lines: the kernels load and store them whole.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
struct State {
    boxes: [[u16; 16]; 9],
    /// Per band, the digits of each configuration (lanes 6 and 7 are
    /// empty).
    bands: [[u16; 8]; 6],
    /// Boxes (bits 0–8) and bands (bits 9–14) to process.
    dirty: u32,
}

impl State {
    const EMPTY: State = State {
        boxes: [[
            ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, 0,
        ]; 9],
        bands: [[ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]; 6],
        dirty: 0,
    };

    /// The state the search starts from: the boxes of
    /// [`Kernel::start`], every box dirty.
    #[inline(always)]
    fn start<K: Kernel>(k: K, start: &Start) -> State {
        State {
            boxes: k.start(start),
            bands: State::EMPTY.bands,
            // Every box is looked at once (an empty box finds nothing,
            // cheaply).
            dirty: 0x1ff,
        }
    }

    /// Runs the box and band rules until nothing changes; `false` on a
    /// contradiction.
    #[inline(always)]
    fn propagate<K: Kernel>(&mut self, k: K) -> bool {
        // The queue is kept in two locals (registers), not in `self`:
        // dirty boxes (bits 0–8) and dirty bands (bits 0–5).
        let (mut boxes, mut bands) = (self.dirty & 0x1ff, self.dirty >> 9);
        self.dirty = 0;
        // The boxes the givens went into first, all of them, so that the
        // bands start from every box's message (not from the first box's).
        while boxes != 0 {
            let Some(woken) = self.box_rules(k, pop(&mut boxes)) else {
                return false;
            };
            bands |= woken;
        }
        loop {
            // Bands first.
            while bands != 0 {
                let Some(woken) = self.band_rules(k, pop(&mut bands)) else {
                    return false;
                };
                boxes |= woken;
            }
            if boxes == 0 {
                return true;
            }
            let Some(woken) = self.box_rules(k, pop(&mut boxes)) else {
                return false;
            };
            bands |= woken;
        }
    }

    /// The rules of box `b` ([`Kernel::settle`]), then its messages to its
    /// two bands: a configuration keeps a digit only if the digit may be
    /// in the line it takes in this box and absent from the other two.
    /// Returns the bands that lost a digit (bit `t` for band `t`), or `None` on
    /// a contradiction.
    #[inline(always)]
    fn box_rules<K: Kernel>(&mut self, k: K, b: usize) -> Option<u32> {
        if !k.settle(&mut self.boxes[b]) {
            return None;
        }
        let (h, v) = (b / 3, 3 + b % 3);
        let (horizontal, vertical) = self.bands.split_at_mut(3);
        let (lost_h, lost_v) = k.box_to_bands(
            &self.boxes[b],
            b % 3,
            &mut horizontal[h],
            b / 3,
            &mut vertical[v - 3],
        );
        Some(u32::from(lost_h) << h | u32::from(lost_v) << v)
    }

    /// The rules of band `t`, then its messages to its three boxes.
    /// Returns the boxes that lost a digit (bit `b` for box `b`), or `None` on
    /// a contradiction.
    #[inline(always)]
    fn band_rules<K: Kernel>(&mut self, k: K, t: usize) -> Option<u32> {
        let lines = k.band_settle(&mut self.bands[t])?;
        let vertical = t >= 3;
        let mut lost = 0;
        for (&b, msg) in BAND_BOXES[t].iter().zip(&lines.msg) {
            let b = usize::from(b);
            lost |= u32::from(k.restrict_box(&mut self.boxes[b], vertical, msg)) << b;
        }
        Some(lost)
    }

    /// The branch: a band with the fewest configurations left (over all
    /// digits) but not settled, a digit with the fewest configurations in
    /// it (two if any), and that digit's first configuration, as (band,
    /// configuration, digit bit); `None` when every band is settled (each
    /// digit has one configuration: the grid is solved).
    #[inline(always)]
    fn choose(&self) -> Option<(usize, usize, u16)> {
        let mut best: Option<usize> = None;
        let mut fewest = u32::MAX;
        for (t, c) in self.bands.iter().enumerate() {
            // Lanes 0–3 and 4–5 as two words (lanes 6 and 7 are empty):
            // two loads and two popcounts.
            let word = |l: &[u16]| l.iter().rev().fold(0u64, |w, &m| w << 16 | u64::from(m));
            let n = word(&c[..4]).count_ones() + word(&c[4..6]).count_ones();
            if n > 9 && n < fewest {
                fewest = n;
                best = Some(t);
            }
        }
        let t = best?;
        let c = &self.bands[t];
        // Bit-sliced counts of configurations per digit.
        let (mut ones, mut twos, mut threes) = (0u16, 0u16, 0u16);
        for &m in c {
            threes |= twos & m;
            twos |= ones & m;
            ones |= m;
        }
        let two = twos & !threes;
        let open = twos;
        let pick = if two != 0 { two } else { open };
        let d = pick & pick.wrapping_neg();
        let p = c.iter().position(|&m| m & d != 0).unwrap_or(0);
        Some((t, p, d))
    }

    /// `*self = *other`, in pieces small enough to be copied inline (a
    /// whole state is a call to `memcpy`).
    #[inline(always)]
    fn copy_from(&mut self, other: &State) {
        // Every field, by name: a new one would not compile until copied.
        let State {
            boxes,
            bands,
            dirty,
        } = other;
        let (a, b) = self.boxes.split_at_mut(5);
        a.copy_from_slice(&boxes[..5]);
        b.copy_from_slice(&boxes[5..]);
        self.bands = *bands;
        self.dirty = *dirty;
    }

    /// Gives digit bit `d` configuration `p` of band `t` (and no other).
    #[inline(always)]
    fn assign(&mut self, t: usize, p: usize, d: u16) {
        for (q, m) in self.bands[t].iter_mut().enumerate() {
            if q != p {
                *m &= !d;
            }
        }
        self.dirty |= 1 << (9 + t);
    }

    /// Takes configuration `p` of band `t` away from digit bit `d`.
    #[inline(always)]
    fn refute(&mut self, t: usize, p: usize, d: u16) {
        self.bands[t][p] &= !d;
        self.dirty |= 1 << (9 + t);
    }
}

/// The boxes of each band, in order: bands 0–2 are rows of boxes, 3–5
/// columns.
const BAND_BOXES: [[u8; 3]; 6] = {
    let mut t = [[0u8; 3]; 6];
    let mut band = 0;
    while band < 6 {
        let mut at = 0;
        while at < 3 {
            t[band][at] = if band < 3 {
                3 * band + at
            } else {
                3 * at + band - 3
            } as u8;
            at += 1;
        }
        band += 1;
    }
    t
};

/// Where cell `i` (row-major) is in the boxes taken as one array: lane
/// `4 (r % 3) + c % 3` of box `3 (r / 3) + c / 3`, at `16 box + lane`.
/// The lowest bit of `mask`, taken out of it (`mask` is not zero).
#[inline(always)]
fn pop(mask: &mut u32) -> usize {
    let i = mask.trailing_zeros() as usize;
    *mask &= *mask - 1;
    i
}

/// Where a search starts, as the kernels take it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Start {
    /// The givens' values (1–9, 0 for an empty cell), row-major; zeros
    /// past cell 80.
    values: [u8; VALUES],
    /// The digits each lane may hold when the puzzle restricts its
    /// candidates: [`State::EMPTY`]'s boxes less what the restrictions take
    /// out.
    allowed: Option<[[u16; 16]; 9]>,
}

impl Start {
    /// The givens of a classic puzzle (row-major), and its candidate
    /// restrictions if it has any.
    fn new(cells: &[Option<Digit>], allowed: Option<&[crate::digits::DigitSet]>) -> Start {
        let values = super::cell_values(cells);
        let allowed = allowed.map(|allowed| {
            let mut boxes = State::EMPTY.boxes;
            let lanes = boxes.as_flattened_mut();
            for (set, &at) in allowed.iter().zip(&FLAT) {
                lanes[usize::from(at)] &= set.0 as u16;
            }
            boxes
        });
        Start { values, allowed }
    }
}

const FLAT: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        t[i] = (16 * (3 * (r / 3) + c / 3) + 4 * (r % 3) + c % 3) as u8;
        i += 1;
    }
    t
};

/// Counts the solutions from `start` up to `limit` (`stack[0]` is the root).
#[inline(always)]
fn search<K: Kernel>(
    k: K,
    start: &Start,
    stack: &mut [State],
    limit: u64,
    meter: &mut Meter,
    visit: &mut dyn FnMut(&[u8; VALUES]) -> ControlFlow<()>,
) -> Outcome {
    stack[0] = State::start(k, start);
    let (mut count, mut nodes, mut guesses) = (0, 0, 0);
    let mut sp = 0;
    loop {
        if !meter.allows(nodes) {
            return (count, nodes, guesses, false);
        }
        nodes += 1;
        if stack[sp].propagate(k) {
            match stack[sp].choose() {
                None => {
                    count += 1;
                    if visit(&k.values(&stack[sp].boxes)).is_break() || count >= limit {
                        return (count, nodes, guesses, false);
                    }
                }
                Some((t, p, d)) => {
                    guesses += 1;
                    debug_assert!(sp + 1 < stack.len(), "the search is at most 55 deep");
                    if sp + 1 == stack.len() {
                        // Cannot happen: each level gives a digit one
                        // configuration in a band where it had several, so
                        // the stack is at most 6 x 9 + 1 deep.
                        return (count, nodes, guesses, false);
                    }
                    // The child is copied once, straight into its slot.
                    let (parents, children) = stack.split_at_mut(sp + 1);
                    children[0].copy_from(&parents[sp]);
                    children[0].assign(t, p, d);
                    parents[sp].refute(t, p, d);
                    sp += 1;
                    continue;
                }
            }
        }
        if sp == 0 {
            return (count, nodes, guesses, true);
        }
        sp -= 1;
    }
}

/// Which kernel (the hot operations) runs the search; see the [module
/// docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// Plain Rust; every CPU.
    Portable,
    /// AVX2 (with BMI1, BMI2, POPCNT and LZCNT): a box in one 256-bit
    /// vector.
    Avx2,
    /// The AVX2 kernel with AVX-512 VL, BW and BITALG as well: a lane's
    /// popcount in one instruction (`vpopcntw`), and three-input logic
    /// (`vpternlog`) where the compiler finds it.
    Avx512,
}

impl Backend {
    /// Every backend, portable first.
    pub const ALL: [Backend; 3] = [Backend::Portable, Backend::Avx2, Backend::Avx512];

    /// The name (`portable`, `avx2`, `avx512`).
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Avx2 => "avx2",
            Backend::Avx512 => "avx512",
        }
    }

    /// Whether this CPU can run the backend.
    pub fn is_available(self) -> bool {
        Chosen::of(self).is_some()
    }

    /// The backend named by `SUDOKIT_FAST9_BACKEND` when it is set to an
    /// available one, else the best this CPU runs.
    pub fn detect() -> Backend {
        super::forced_or_best(&Backend::ALL, Backend::name, Backend::is_available)
    }
}

/// A [`Backend`] with the proof that this CPU runs it.
#[derive(Clone, Copy, Debug)]
enum Chosen {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2(simd::Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(simd::Avx512),
}

impl Chosen {
    /// `backend`, when this CPU runs it.
    fn of(backend: Backend) -> Option<Chosen> {
        match backend {
            Backend::Portable => Some(Chosen::Portable),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => simd::Avx2::detect().map(Chosen::Avx2),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => simd::Avx512::detect().map(Chosen::Avx512),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 | Backend::Avx512 => None,
        }
    }

    fn backend(self) -> Backend {
        match self {
            Chosen::Portable => Backend::Portable,
            #[cfg(target_arch = "x86_64")]
            Chosen::Avx2(_) => Backend::Avx2,
            #[cfg(target_arch = "x86_64")]
            Chosen::Avx512(_) => Backend::Avx512,
        }
    }
}

/// The triad engine; see the [module docs](self).
#[derive(Debug)]
pub struct Triad9 {
    stack: Vec<State>,
    budget: Budget,
    kernel: Chosen,
}

impl Default for Triad9 {
    fn default() -> Triad9 {
        Triad9::new()
    }
}

impl Triad9 {
    /// A new engine on [`Backend::detect`]'s kernel: the best this CPU
    /// runs, unless `SUDOKIT_FAST9_BACKEND` names another.
    pub fn new() -> Triad9 {
        Triad9::with_backend(Backend::detect()).unwrap_or_else(|| Triad9::on(Chosen::Portable))
    }

    /// A new engine on `backend`, or `None` when this CPU cannot run it.
    pub fn with_backend(backend: Backend) -> Option<Triad9> {
        Chosen::of(backend).map(Triad9::on)
    }

    fn on(kernel: Chosen) -> Triad9 {
        Triad9 {
            // The search is at most 6 x 9 + 1 deep (see `search`).
            stack: vec![State::EMPTY; 56],
            budget: Budget::UNLIMITED,
            kernel,
        }
    }

    /// The kernel in use.
    pub fn backend(&self) -> Backend {
        self.kernel.backend()
    }
}

impl Engine for Triad9 {
    fn name(&self) -> &'static str {
        "triad9"
    }

    fn supports(&self, geometry: &Geometry) -> bool {
        geometry.is_classic()
    }

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Solutions, Unsupported> {
        self.solve_inner(puzzle, limit, Some(visit))
    }

    /// As [`solve_with`](Engine::solve_with) with no visitor, but only the
    /// first solution is turned into a [`Grid`].
    fn solve(&mut self, puzzle: &Puzzle, limit: u64) -> Result<Solutions, Unsupported> {
        self.solve_inner(puzzle, limit, None)
    }
}

impl Triad9 {
    /// [`Engine::solve_with`], with the visitor optional.
    fn solve_inner(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: Option<Visitor<'_>>,
    ) -> Result<Solutions, Unsupported> {
        ensure_supported(self, puzzle)?;
        let start = Start::new(puzzle.givens().cells(), puzzle.candidates());
        let (budget, limit) = (self.budget, limit.max(1));
        let to_grid = |values: &[u8; VALUES]| Grid::classic_from_values(values);
        Ok(solutions_of(
            budget,
            visit,
            to_grid,
            |meter, on| match self.kernel {
                Chosen::Portable => search(Portable, &start, &mut self.stack, limit, meter, on),
                #[cfg(target_arch = "x86_64")]
                Chosen::Avx2(k) => k.search(&start, &mut self.stack, limit, meter, on),
                #[cfg(target_arch = "x86_64")]
                Chosen::Avx512(k) => k.search(&start, &mut self.stack, limit, meter, on),
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    #[cfg(target_arch = "x86_64")]
    use super::*;

    /// Each vector kernel this CPU runs against the portable one.
    #[test]
    fn vector_kernels_agree_with_the_portable_one() {
        #[cfg(target_arch = "x86_64")]
        {
            let mut ran = 0;
            if let Some(k) = simd::Avx2::detect() {
                agrees_with_portable(k);
                ran += 1;
            }
            if let Some(k) = simd::Avx512::detect() {
                agrees_with_portable(k);
                ran += 1;
            }
            if ran < 2 {
                eprintln!(
                    "skipping {} of the 2 vector kernels: this CPU lacks them",
                    2 - ran
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        eprintln!("skipping: no vector kernel off x86-64");
    }

    /// Random boxes, most of them consistent enough to take a few rounds,
    /// and random bands and messages: `vector` gives what [`Portable`] gives.
    #[cfg(target_arch = "x86_64")]
    fn agrees_with_portable<K: Kernel>(vector: K) {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut outcomes = [0usize; 2];
        for _ in 0..200_000 {
            let mut x = State::EMPTY.boxes[0];
            for (l, v) in x.iter_mut().enumerate().take(15) {
                // Cells keep one to nine digits, triad lanes lose few.
                let r = next();
                let drop = if is_cell(l) {
                    r & r >> 9 & r >> 18
                } else {
                    r & r >> 9 & r >> 18 & r >> 27
                };
                *v &= !(drop as u16);
                if is_cell(l) && r >> 50 & 3 == 0 {
                    *v = 1 << ((r >> 52) % 9);
                }
            }
            let (mut a, mut b) = (x, x);
            let ok = Portable.settle(&mut a);
            assert_eq!(vector.settle(&mut b), ok, "{x:?}");
            if ok {
                assert_eq!(a, b, "{x:?}");
            }
            outcomes[usize::from(ok)] += 1;
        }
        assert!(outcomes.iter().all(|&n| n > 10_000), "{outcomes:?}");
        // The band rules, the box-to-band messages and the band-to-box
        // restriction, on random lanes.
        let mut settled = [0usize; 2];
        for _ in 0..50_000 {
            let r = next();
            let m = [
                r as u16 & ALL,
                (r >> 9) as u16 & ALL,
                (r >> 18) as u16 & ALL,
            ];
            let n = [
                (r >> 27) as u16 & ALL,
                (r >> 36) as u16 & ALL,
                (r >> 45) as u16 & ALL,
            ];
            let mut band = State::EMPTY.bands[0];
            band.iter_mut()
                .take(6)
                .for_each(|c| *c &= next() as u16 | next() as u16);
            // Bands where each digit keeps a few configurations, so that
            // lines get tight; every other one also loses a digit.
            let mut sparse = [0u16; 8];
            for d in 0..9 {
                let r = next();
                let keep = (r & r >> 6 & 0x3f) | 1 << ((r >> 12) % 6);
                let lose = r >> 20 & 1 == 1 && d == (r >> 24) as usize % 9;
                for (p, c) in sparse.iter_mut().enumerate().take(6) {
                    if keep >> p & 1 == 1 && !lose {
                        *c |= 1 << d;
                    }
                }
            }
            for start in [band, sparse] {
                let (mut a, mut b) = (start, start);
                let got = vector.band_settle(&mut b);
                let want = Portable.band_settle(&mut a);
                settled[usize::from(want.is_some())] += 1;
                assert_eq!(want, got, "{start:?}");
                if want.is_some() {
                    assert_eq!(a, b, "{start:?}");
                }
            }
            let mut x = State::EMPTY.boxes[0];
            x.iter_mut()
                .for_each(|v| *v &= next() as u16 | next() as u16);
            let (at_h, at_v) = ((r >> 56) as usize % 3, (r >> 58) as usize % 3);
            let other = [band, State::EMPTY.bands[0]].map(|mut b| {
                b.iter_mut().take(6).for_each(|c| *c &= next() as u16);
                b
            });
            let (mut a, mut b) = (other, other);
            let [ah, av] = &mut a;
            let [bh, bv] = &mut b;
            assert_eq!(
                Portable.box_to_bands(&x, at_h, ah, at_v, av),
                vector.box_to_bands(&x, at_h, bh, at_v, bv)
            );
            assert_eq!(a, b);
            let msg = [m[0], m[1], m[2], n[0], n[1], n[2], 0xffff, 0xffff];
            for vertical in [false, true] {
                let (mut a, mut b) = (x, x);
                assert_eq!(
                    Portable.restrict_box(&mut a, vertical, &msg),
                    vector.restrict_box(&mut b, vertical, &msg)
                );
                assert_eq!(a, b);
            }
        }
        assert!(settled.iter().all(|&n| n > 5_000), "{settled:?}");
        // The starting boxes, from random givens (clashing ones too) and,
        // every other time, random candidate restrictions.
        for round in 0..20_000 {
            let cells: Vec<Option<Digit>> = (0..81)
                .map(|_| {
                    let r = next();
                    (r % (2 + round % 5) == 0).then_some(Digit::new((r >> 8) as u8 % 9))
                })
                .collect();
            let sets: Vec<crate::digits::DigitSet> = (0..81)
                .map(|_| crate::digits::DigitSet(next() | next()))
                .collect();
            let start = Start::new(&cells, (round % 2 == 1).then_some(&sets[..]));
            assert_eq!(Portable.start(&start), vector.start(&start), "{cells:?}");
            // The values of solved boxes: one digit a cell, anything in the
            // triad lanes.
            let mut boxes = [[0u16; 16]; 9];
            for x in &mut boxes {
                for (l, lane) in x.iter_mut().enumerate().take(15) {
                    let r = next();
                    *lane = if is_cell(l) {
                        1 << (r % 9)
                    } else {
                        r as u16 & ALL
                    };
                }
            }
            let want = Portable.values(&boxes);
            assert!(want[..81].iter().all(|v| (1..=9).contains(v)));
            assert_eq!(want[..81], vector.values(&boxes)[..81], "{boxes:?}");
        }
    }
}
