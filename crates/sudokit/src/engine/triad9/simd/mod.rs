//! The AVX2 kernel of `triad9`: a box is one 256-bit vector of sixteen `u16`
//! lanes (each round of [`Kernel::settle`] is some forty vector instructions
//! with no data-dependent branch but the loop's), and a band's messages to
//! and from its boxes are byte shuffles of the broadcast band or box (the
//! shuffle tables are in `shuffles`). The same code, compiled with AVX-512
//! VL, BW and BITALG as well ([`Avx512`]), counts a lane's digits in one
//! `vpopcntw` instead of two table shuffles, and lets the compiler fuse
//! three-input logic into `vpternlog`; it still works on 256-bit vectors.
//!
//! Why `unsafe`: `std::arch` intrinsics may only run on a CPU that has the
//! instruction set, which the compiler cannot check. The rule that makes it
//! sound here: an [`Avx`] kernel is built only from a token of
//! [`cpu`](crate::engine::cpu) ([`Avx2::new`] from a `cpu::Avx2`,
//! [`Avx512::new`] from a `cpu::Avx512`), which exists only after runtime
//! detection said yes to AVX2, BMI1, BMI2, POPCNT and LZCNT, and for the
//! second to AVX-512 F, VL, BW and BITALG as well; `search` remakes only the
//! kernel it was called on, to pick its compiled wrapper. Every `unsafe`
//! block here and in the submodules (`boxes`, the box round; `bands`, the
//! band round) is reached only through such a kernel. The
//! [`Portable`](super::portable::Portable) kernel is the reference: a test
//! compares each vector kernel with it on random boxes and bands, and the
//! engine tests require the same search from all of them.
//!
//! Lanes: `4i + j` is row `i`, column `j` of the box matrix, so a matrix row
//! is a 64-bit group (its rotations are byte shuffles inside 128-bit
//! halves) and a matrix column is the same lane of the four groups (its
//! rotations are 64-bit permutes).

#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m128i, _mm256_broadcastsi128_si256, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi16,
    _mm_loadu_si128, _mm_or_si128, _mm_set1_epi16, _mm_setr_epi16, _mm_shuffle_epi8,
    _mm_storeu_si128, _mm_testz_si128, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
};
use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_blendv_epi8, _mm256_castsi256_si128,
    _mm256_cmpeq_epi16, _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_or_si256,
    _mm256_packus_epi16, _mm256_permute4x64_epi64, _mm256_permutevar8x32_epi32, _mm256_set1_epi16,
    _mm256_set_m128i, _mm256_setr_epi16, _mm256_setr_epi32, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_storeu_si256, _mm256_testz_si256,
    _mm256_xor_si256,
};
use std::arch::x86_64::{
    _mm512_castsi256_si512, _mm512_castsi512_si256, _mm512_cmpeq_epi64_mask,
    _mm512_extracti64x4_epi64, _mm512_inserti64x4,
};

mod bands;
mod boxes;

use bands::{band_message, check_message};
use boxes::{box_round, OneBox, TwoBoxes};

use super::kernel::{BandLines, BoxBands, Kernel};
use super::search::{search, Descent};
use super::shuffles::{
    BAND_LINES, BIT_VALUE, LINE, LINE_EVEN, ROT, ROT3, SPREAD_COLS, SPREAD_ROWS, START_ROWS,
    VALUE_BIT,
};
use super::start::Start;
use super::state::State;
use super::VALUES;
use crate::engine::cpu;
use crate::engine::Outcome;

/// The vector kernel, with AVX-512's 16-bit popcount when `BITALG`: holds
/// the token that proves this CPU runs AVX2; see the [module docs](self).
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx<const BITALG: bool> {
    token: cpu::Avx2,
}

/// The AVX2 kernel.
pub(super) type Avx2 = Avx<false>;

/// The AVX2 kernel with AVX-512's 16-bit popcount and three-input logic.
pub(super) type Avx512 = Avx<true>;

impl Avx2 {
    /// The kernel, for a CPU that `token` proves runs it.
    pub(super) fn new(token: cpu::Avx2) -> Avx2 {
        Avx { token }
    }
}

impl Avx512 {
    /// The kernel, for a CPU that `token` proves runs it.
    pub(super) fn new(token: cpu::Avx512) -> Avx512 {
        Avx {
            token: token.avx2(),
        }
    }
}

impl<const BITALG: bool> Avx<BITALG> {
    /// [`search`] with these box rules, compiled as a whole for AVX2 (and
    /// with `BITALG` for AVX-512 VL, BW and BITALG too) so that the
    /// intrinsics inline.
    pub(super) fn search(self, start: &Start, run: Descent<'_>) -> Outcome {
        // SAFETY: `self` is made only from a token of its features (with
        // `BITALG`, the AVX-512 ones as well, as only `Avx512::new` makes an
        // `Avx<true>`), and each kernel made here claims no more than `self`
        // proves.
        let token = self.token;
        unsafe {
            if BITALG {
                search_avx512(Avx { token }, start, run)
            } else {
                search_avx2(Avx { token }, start, run)
            }
        }
    }
}

/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn search_avx2(k: Avx2, start: &Start, run: Descent<'_>) -> Outcome {
    search(k, start, run.stack, run.limit, run.meter, run.visit)
}

/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT, LZCNT and AVX-512 F, VL, BW
/// and BITALG.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512vl,avx512bw,avx512bitalg")]
unsafe fn search_avx512(k: Avx512, start: &Start, run: Descent<'_>) -> Outcome {
    search(k, start, run.stack, run.limit, run.meter, run.visit)
}

impl<const BITALG: bool> Kernel for Avx<BITALG> {
    const PAIRS: bool = true;

    #[inline(always)]
    fn settle_pair(self, x: &mut [u16; 16], y: &mut [u16; 16]) -> bool {
        if !BITALG {
            // SAFETY: `self` proves AVX2; the loads and stores touch the 32
            // bytes of `x` and of `y`.
            unsafe {
                // The two boxes' rounds interleaved: one loop exit for both,
                // and two independent chains for the out-of-order core.
                let (px, py) = (
                    x.as_mut_ptr().cast::<__m256i>(),
                    y.as_mut_ptr().cast::<__m256i>(),
                );
                let (mut v, mut w) = (_mm256_loadu_si256(px), _mm256_loadu_si256(py));
                loop {
                    let (OneBox(nv), fv) = box_round(OneBox::<BITALG>(v));
                    let (OneBox(nw), fw) = box_round(OneBox::<BITALG>(w));
                    let fail = _mm256_or_si256(fv, fw);
                    if _mm256_testz_si256(fail, fail) == 0 {
                        return false;
                    }
                    let diff = _mm256_or_si256(_mm256_xor_si256(nv, v), _mm256_xor_si256(nw, w));
                    (v, w) = (nv, nw);
                    if _mm256_testz_si256(diff, diff) != 0 {
                        _mm256_storeu_si256(px, v);
                        _mm256_storeu_si256(py, w);
                        return true;
                    }
                }
            }
        }
        // SAFETY: `BITALG` holds only for a kernel made by `Avx512::new`
        // from a token proving AVX-512 F, BW and BITALG; the loads and
        // stores touch the 32 bytes of `x` and of `y`.
        unsafe {
            let (px, py) = (
                x.as_mut_ptr().cast::<__m256i>(),
                y.as_mut_ptr().cast::<__m256i>(),
            );
            let mut v = _mm512_inserti64x4::<1>(
                _mm512_castsi256_si512(_mm256_loadu_si256(px)),
                _mm256_loadu_si256(py),
            );
            loop {
                let (TwoBoxes(new), fail) = box_round(TwoBoxes(v));
                if fail {
                    return false;
                }
                let same = _mm512_cmpeq_epi64_mask(new, v) == 0xff;
                v = new;
                if same {
                    _mm256_storeu_si256(px, _mm512_castsi512_si256(v));
                    _mm256_storeu_si256(py, _mm512_extracti64x4_epi64::<1>(v));
                    return true;
                }
            }
        }
    }

    #[inline(always)]
    fn assign(self, c: &mut [u16; 8], p: usize, d: u16) {
        // SAFETY: `self` proves AVX2; the load and the store touch the 16
        // bytes of `c`.
        unsafe {
            let at = c.as_mut_ptr().cast::<__m128i>();
            let lane = _mm_cmpeq_epi16(
                _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7),
                _mm_set1_epi16(p as i16),
            );
            let keep = _mm_or_si128(lane, _mm_set1_epi16(!d as i16));
            _mm_storeu_si128(at, _mm_and_si128(_mm_loadu_si128(at), keep));
        }
    }

    #[inline(always)]
    fn start(self, start: &Start) -> [[u16; 16]; 9] {
        // SAFETY: `self` proves AVX2; the loads read 16 bytes of
        // `start.values` at most at 27 * 2 + 6 + 18 = 78 (of 96), the
        // 32-byte boxes of `start.allowed` and the tables; the stores write
        // the boxes of `out`.
        unsafe {
            let load = |p: &[u16; 16]| _mm256_loadu_si256(p.as_ptr().cast::<__m256i>());
            let table = |t: &[u8; 32]| _mm256_loadu_si256(t.as_ptr().cast::<__m256i>());
            let table16 = |t: &[u8; 16]| _mm_loadu_si128(t.as_ptr().cast::<__m128i>());
            let (rot1, rot2) = (table(&ROT[0]), table(&ROT[1]));
            let (first, third) = (table16(&START_ROWS[0]), table16(&START_ROWS[1]));
            let (bit_lo, bit_hi) = (table16(&VALUE_BIT[0]), table16(&VALUE_BIT[1]));
            // Every lane of a group of four takes the union of the group.
            let group = |v: __m256i| {
                let v = _mm256_or_si256(v, _mm256_shuffle_epi8(v, rot1));
                _mm256_or_si256(v, _mm256_shuffle_epi8(v, rot2))
            };
            let zero = _mm256_setzero_si256();
            let (mut g, mut rows, mut cols) = ([zero; 9], [zero; 9], [zero; 9]);
            for b in 0..9 {
                // The box's values, one byte a lane: its first two
                // minirows are bytes 0–2 and 9–11 from its first cell,
                // the third bytes 18–20.
                let at = start.values.as_ptr().add(27 * (b / 3) + 3 * (b % 3));
                let bytes = _mm_or_si128(
                    _mm_shuffle_epi8(_mm_loadu_si128(at.cast::<__m128i>()), first),
                    _mm_shuffle_epi8(_mm_loadu_si128(at.add(18).cast::<__m128i>()), third),
                );
                // Value v to bit v - 1 (0 to none), as two bytes.
                let (lo, hi) = (
                    _mm_shuffle_epi8(bit_lo, bytes),
                    _mm_shuffle_epi8(bit_hi, bytes),
                );
                let v = _mm256_set_m128i(_mm_unpackhi_epi8(lo, hi), _mm_unpacklo_epi8(lo, hi));
                g[b] = v;
                // Lane 4i + j: the digits given in minirow i (empty lanes
                // are zero, so a group's union is the minirow's).
                rows[b] = group(v);
                // Lane 4i + j: the digits given in minicolumn j (the union
                // of the four groups, by swapping pairs, then halves).
                let c = _mm256_or_si256(v, _mm256_permute4x64_epi64::<0b10_11_00_01>(v));
                cols[b] = _mm256_or_si256(c, _mm256_permute4x64_epi64::<0b01_00_11_10>(c));
            }
            let cells = _mm256_setr_epi16(-1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, 0, 0, 0, 0);
            let empty_box = load(&State::EMPTY.boxes[0]);
            let mut out = [[0u16; 16]; 9];
            for (b, x) in out.iter_mut().enumerate() {
                let (h, v) = (b / 3 * 3, b % 3);
                let row = _mm256_or_si256(rows[h], _mm256_or_si256(rows[h + 1], rows[h + 2]));
                let col = _mm256_or_si256(cols[v], _mm256_or_si256(cols[v + 3], cols[v + 6]));
                // The box's givens: the union of its minicolumns.
                let seen = _mm256_or_si256(_mm256_or_si256(row, col), group(cols[b]));
                let allowed = match &start.allowed {
                    Some(allowed) => load(&allowed[b]),
                    None => empty_box,
                };
                let open = _mm256_andnot_si256(_mm256_and_si256(seen, cells), allowed);
                let given = _mm256_and_si256(g[b], allowed);
                let empty = _mm256_cmpeq_epi16(g[b], zero);
                _mm256_storeu_si256(
                    x.as_mut_ptr().cast::<__m256i>(),
                    _mm256_blendv_epi8(given, open, empty),
                );
            }
            out
        }
    }

    #[inline(always)]
    fn values(self, boxes: &[[u16; 16]; 9]) -> [u8; VALUES] {
        // SAFETY: `self` proves AVX2; the loads read the 32-byte boxes and
        // the tables, the stores write `packed` (32 bytes a box) and four
        // bytes of `out` at most at 9 * 8 + 6 + 3 = 81 (of 96).
        unsafe {
            let table = |t: &[u8; 16]| {
                _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast::<__m128i>()))
            };
            let (low, high) = (table(&BIT_VALUE[0]), table(&BIT_VALUE[1]));
            let nibble = _mm256_set1_epi16(0xf);
            let nine = _mm256_set1_epi16(9);
            let mut out = [0u8; VALUES];
            for t in 0..3 {
                // Per box of the band, its lanes' values as bytes: minirow
                // i is bytes 4i to 4i + 2 (of the low half for i < 2, else
                // of the high half).
                let mut packed = [[0u8; 32]; 3];
                for (k, p) in packed.iter_mut().enumerate() {
                    let x = _mm256_loadu_si256(boxes[3 * t + k].as_ptr().cast::<__m256i>());
                    // A solved cell has one digit: bits 0–3, 4–7 or 8.
                    let v = _mm256_or_si256(
                        _mm256_or_si256(
                            _mm256_shuffle_epi8(low, _mm256_and_si256(x, nibble)),
                            _mm256_shuffle_epi8(
                                high,
                                _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble),
                            ),
                        ),
                        _mm256_and_si256(
                            _mm256_cmpeq_epi16(_mm256_srli_epi16::<8>(x), _mm256_set1_epi16(1)),
                            nine,
                        ),
                    );
                    _mm256_storeu_si256(
                        p.as_mut_ptr().cast::<__m256i>(),
                        _mm256_packus_epi16(v, v),
                    );
                }
                // Row by row, box by box: each store of four bytes spills
                // one into the next minirow's place, written after it.
                for i in 0..3 {
                    let from = if i < 2 { 4 * i } else { 16 };
                    for (k, p) in packed.iter().enumerate() {
                        let at = 9 * (3 * t + i) + 3 * k;
                        out[at..at + 4].copy_from_slice(&p[from..from + 4]);
                    }
                }
            }
            out
        }
    }

    #[inline(always)]
    fn settle(self, x: &mut [u16; 16]) -> bool {
        // SAFETY: `self` proves AVX2; the load and the store touch the 32
        // bytes of `x`.
        unsafe {
            let p = x.as_mut_ptr().cast::<__m256i>();
            let mut v = _mm256_loadu_si256(p);
            loop {
                let (OneBox(new), fail) = box_round(OneBox::<BITALG>(v));
                if _mm256_testz_si256(fail, fail) == 0 {
                    return false;
                }
                let diff = _mm256_xor_si256(new, v);
                v = new;
                if _mm256_testz_si256(diff, diff) != 0 {
                    _mm256_storeu_si256(p, v);
                    return true;
                }
            }
        }
    }

    #[inline(always)]
    fn band_settle(self, c: &mut [u16; 8]) -> Option<BandLines> {
        // SAFETY: `self` proves AVX2; the loads read `c` (16 bytes) and the
        // 32-byte tables, the stores write `c` and the 48 bytes of `msg` (32
        // from `lo`, the first 16 of `hi`).
        unsafe {
            let at = c.as_mut_ptr().cast::<__m128i>();
            let mut band = _mm_loadu_si128(at);
            loop {
                let v = _mm256_broadcastsi128_si256(band);
                let lo = band_message(v, &BAND_LINES[0], &BAND_LINES[1]);
                let hi = band_message(v, &BAND_LINES[2], &BAND_LINES[3]);
                let (fail_lo, drop_lo) = check_message::<BITALG>(lo);
                let (fail_hi, drop_hi) = check_message::<BITALG>(hi);
                let fail = _mm256_or_si256(fail_lo, fail_hi);
                if _mm256_testz_si256(fail, fail) == 0 {
                    return None;
                }
                // The configurations' losses, box by box (box 1 is the high
                // half of `drop_lo`).
                let line = |g: __m128i, at: usize| {
                    _mm_shuffle_epi8(g, _mm_loadu_si128(LINE[at].as_ptr().cast::<__m128i>()))
                };
                let drop = _mm_or_si128(
                    _mm_or_si128(
                        line(_mm256_castsi256_si128(drop_lo), 0),
                        line(_mm256_extracti128_si256::<1>(drop_lo), 1),
                    ),
                    line(_mm256_castsi256_si128(drop_hi), 2),
                );
                if _mm_testz_si128(drop, band) != 0 {
                    let mut out = BandLines { msg: [[0; 8]; 3] };
                    let p = out.msg.as_mut_ptr().cast::<__m128i>();
                    _mm256_storeu_si256(p.cast::<__m256i>(), lo);
                    _mm_storeu_si128(p.add(2), _mm256_castsi256_si128(hi));
                    _mm_storeu_si128(at, band);
                    return Some(out);
                }
                band = _mm_andnot_si128(drop, band);
            }
        }
    }

    #[inline(always)]
    fn box_to_bands(self, x: &[u16; 16], bands: BoxBands<'_>) -> (bool, bool) {
        let BoxBands { at_h, h, at_v, v } = bands;
        // SAFETY: `self` proves AVX2; the loads read `x` (32 bytes), the
        // bands (16 bytes each) and the tables, the stores write the bands;
        // `at_h, at_v < 3` index `LINE`.
        unsafe {
            let w = _mm256_loadu_si256(x.as_ptr().cast::<__m256i>());
            let shuffle = |t: &[u8; 32]| {
                _mm256_shuffle_epi8(w, _mm256_loadu_si256(t.as_ptr().cast::<__m256i>()))
            };
            // Minirows: lane 4i holds the union of row i's cells, and its
            // triad lane; the triad lanes of the two other rows are moved in
            // by 64-bit permutes.
            let present = _mm256_or_si256(w, _mm256_or_si256(shuffle(&ROT[0]), shuffle(&ROT[1])));
            let absent = shuffle(&ROT[2]);
            let rows = _mm256_and_si256(
                present,
                _mm256_and_si256(
                    _mm256_permute4x64_epi64::<0b11_00_10_01>(absent),
                    _mm256_permute4x64_epi64::<0b11_01_00_10>(absent),
                ),
            );
            // Lanes 0, 4 and 8 to 16-bit lanes 0, 2 and 4 of the low half.
            let rows = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(
                rows,
                _mm256_setr_epi32(0, 2, 4, 0, 0, 0, 0, 0),
            ));
            // Minicolumns: lane j of the first group holds the union of
            // column j's cells, and lane 12 + j its triad lane; the triad
            // lanes of the other two columns are rotated in.
            let present = _mm256_or_si256(
                w,
                _mm256_or_si256(
                    _mm256_permute4x64_epi64::<0b11_00_10_01>(w),
                    _mm256_permute4x64_epi64::<0b11_01_00_10>(w),
                ),
            );
            let absent = _mm256_permute4x64_epi64::<0b00_00_00_11>(w);
            let cols = _mm256_castsi256_si128(_mm256_and_si256(
                present,
                _mm256_and_si256(
                    _mm256_shuffle_epi8(
                        absent,
                        _mm256_loadu_si256(ROT3[0].as_ptr().cast::<__m256i>()),
                    ),
                    _mm256_shuffle_epi8(
                        absent,
                        _mm256_loadu_si256(ROT3[1].as_ptr().cast::<__m256i>()),
                    ),
                ),
            ));
            let restrict = |c: &mut [u16; 8], m: __m128i, line: &[u8; 16]| {
                let r = _mm_shuffle_epi8(m, _mm_loadu_si128(line.as_ptr().cast::<__m128i>()));
                let p = c.as_mut_ptr().cast::<__m128i>();
                let old = _mm_loadu_si128(p);
                let lost = _mm_andnot_si128(r, old);
                _mm_storeu_si128(p, _mm_and_si128(old, r));
                _mm_testz_si128(lost, lost) == 0
            };
            (
                restrict(h, rows, &LINE_EVEN[at_h]),
                restrict(v, cols, &LINE[at_v]),
            )
        }
    }

    #[inline(always)]
    fn restrict_box(self, x: &mut [u16; 16], vertical: bool, msg: &[u16; 8]) -> bool {
        // SAFETY: `self` proves AVX2; the loads read `msg` (16 bytes), the
        // table and `x` (32 bytes), the store writes `x`.
        unsafe {
            let q = _mm_loadu_si128(msg.as_ptr().cast::<__m128i>());
            let spread = if vertical { &SPREAD_COLS } else { &SPREAD_ROWS };
            let r = _mm256_shuffle_epi8(
                _mm256_broadcastsi128_si256(q),
                _mm256_loadu_si256(spread.as_ptr().cast::<__m256i>()),
            );
            let p = x.as_mut_ptr().cast::<__m256i>();
            let v = _mm256_loadu_si256(p);
            let lost = _mm256_andnot_si256(r, v);
            _mm256_storeu_si256(p, _mm256_and_si256(v, r));
            _mm256_testz_si256(lost, lost) == 0
        }
    }
}
