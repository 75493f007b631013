//! The box round of the vector kernels ([`box_round`]): the rules of the
//! [module docs](super::super) on one box in a 256-bit vector or two in a
//! 512-bit one, written once over [`BoxLanes`].
//!
//! Why `unsafe`: these are `std::arch` intrinsics, sound only on a CPU with
//! their instruction sets; every function here is reached only from a
//! kernel of [`simd`](super), which exists only on a token of
//! `engine::cpu` proving them (see its module docs).

#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256, _mm256_blendv_epi8,
    _mm256_cmpeq_epi16, _mm256_cmpgt_epi16, _mm256_loadu_si256, _mm256_maddubs_epi16,
    _mm256_or_si256, _mm256_permute4x64_epi64, _mm256_popcnt_epi16, _mm256_set1_epi16,
    _mm256_set1_epi8, _mm256_setr_epi16, _mm256_setr_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_sub_epi16,
};
use std::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_andnot_si512, _mm512_broadcast_i64x4,
    _mm512_cmpeq_epi16_mask, _mm512_cmpgt_epi16_mask, _mm512_mask_blend_epi16,
    _mm512_maskz_mov_epi16, _mm512_or_si512, _mm512_permutex_epi64, _mm512_popcnt_epi16,
    _mm512_set1_epi16, _mm512_shuffle_epi8, _mm512_sub_epi16, _mm512_test_epi16_mask,
};

use super::super::shuffles::ROT;

/// The lane operations of [`box_round`], on one box (a 256-bit vector,
/// [`OneBox`]) or two (a 512-bit vector, [`TwoBoxes`], one box per half):
/// the rules are written once, each width picks its instructions (vector
/// masks at 256 bits, mask registers at 512).
///
/// # Safety
/// Every method needs the features of its width: AVX2 (and AVX-512 VL and
/// BITALG with `BITALG`) for `OneBox`, AVX-512 F, BW and BITALG for
/// `TwoBoxes`; the callers are compiled for them, so these inline.
pub(super) trait BoxLanes: Copy {
    /// A per-lane condition.
    type Mask: Copy;
    /// What the round reports: the failing lanes, or whether any fails.
    type Fail;
    /// A box's constant lanes, in every box of the vector.
    unsafe fn splat(x: __m256i) -> Self;
    unsafe fn or(self, b: Self) -> Self;
    unsafe fn and(self, b: Self) -> Self;
    /// `!self & b`.
    unsafe fn andnot(self, b: Self) -> Self;
    /// Each lane less one.
    unsafe fn dec(self) -> Self;
    /// The OR of the three other lanes of each lane's matrix row.
    unsafe fn in_row(self) -> Self;
    /// The OR of the three other lanes of each lane's matrix column.
    unsafe fn in_col(self) -> Self;
    /// The digits (set bits) of each lane.
    unsafe fn count(self) -> Self;
    /// Lanes where `self > b` (signed).
    unsafe fn gt(self, b: Self) -> Self::Mask;
    /// Lanes where `self == b`.
    unsafe fn eq(self, b: Self) -> Self::Mask;
    /// `self` in the lanes of `m`, zero elsewhere.
    unsafe fn keep(self, m: Self::Mask) -> Self;
    /// Lanes of `lanes` (all ones or zero each) where `self` is not zero.
    unsafe fn nonzero_in(self, lanes: Self) -> Self::Mask;
    /// `b` in the lanes of `m`, `self` elsewhere.
    unsafe fn blend(self, b: Self, m: Self::Mask) -> Self;
    /// The round's report from the lanes short of digits and the lanes
    /// otherwise in contradiction.
    unsafe fn fail(short: Self::Mask, bad: Self) -> Self::Fail;
}

/// One box, for the AVX2 kernel (with AVX-512's 16-bit popcount when
/// `BITALG`).
#[derive(Clone, Copy)]
pub(super) struct OneBox<const BITALG: bool>(pub(super) __m256i);

/// Two boxes, one per 256-bit half, for the AVX-512 kernel.
#[derive(Clone, Copy)]
pub(super) struct TwoBoxes(pub(super) __m512i);

impl<const BITALG: bool> BoxLanes for OneBox<BITALG> {
    type Mask = __m256i;
    type Fail = __m256i;
    #[inline(always)]
    unsafe fn splat(x: __m256i) -> Self {
        OneBox(x)
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        OneBox(unsafe { _mm256_or_si256(self.0, b.0) })
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        OneBox(unsafe { _mm256_and_si256(self.0, b.0) })
    }
    #[inline(always)]
    unsafe fn andnot(self, b: Self) -> Self {
        OneBox(unsafe { _mm256_andnot_si256(self.0, b.0) })
    }
    #[inline(always)]
    unsafe fn dec(self) -> Self {
        OneBox(unsafe { _mm256_sub_epi16(self.0, _mm256_set1_epi16(1)) })
    }
    #[inline(always)]
    unsafe fn in_row(self) -> Self {
        OneBox(unsafe { in_row(self.0) })
    }
    #[inline(always)]
    unsafe fn in_col(self) -> Self {
        OneBox(unsafe { in_col(self.0) })
    }
    #[inline(always)]
    unsafe fn count(self) -> Self {
        OneBox(unsafe { popcount16::<BITALG>(self.0) })
    }
    #[inline(always)]
    unsafe fn gt(self, b: Self) -> __m256i {
        unsafe { _mm256_cmpgt_epi16(self.0, b.0) }
    }
    #[inline(always)]
    unsafe fn eq(self, b: Self) -> __m256i {
        unsafe { _mm256_cmpeq_epi16(self.0, b.0) }
    }
    #[inline(always)]
    unsafe fn keep(self, m: __m256i) -> Self {
        OneBox(unsafe { _mm256_and_si256(self.0, m) })
    }
    #[inline(always)]
    unsafe fn nonzero_in(self, lanes: Self) -> __m256i {
        unsafe { _mm256_andnot_si256(_mm256_cmpeq_epi16(self.0, _mm256_setzero_si256()), lanes.0) }
    }
    #[inline(always)]
    unsafe fn blend(self, b: Self, m: __m256i) -> Self {
        OneBox(unsafe { _mm256_blendv_epi8(self.0, b.0, m) })
    }
    #[inline(always)]
    unsafe fn fail(short: __m256i, bad: Self) -> __m256i {
        unsafe { _mm256_or_si256(short, bad.0) }
    }
}

impl BoxLanes for TwoBoxes {
    type Mask = u32;
    type Fail = bool;
    #[inline(always)]
    unsafe fn splat(x: __m256i) -> Self {
        TwoBoxes(unsafe { _mm512_broadcast_i64x4(x) })
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        TwoBoxes(unsafe { _mm512_or_si512(self.0, b.0) })
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        TwoBoxes(unsafe { _mm512_and_si512(self.0, b.0) })
    }
    #[inline(always)]
    unsafe fn andnot(self, b: Self) -> Self {
        TwoBoxes(unsafe { _mm512_andnot_si512(self.0, b.0) })
    }
    #[inline(always)]
    unsafe fn dec(self) -> Self {
        TwoBoxes(unsafe { _mm512_sub_epi16(self.0, _mm512_set1_epi16(1)) })
    }
    #[inline(always)]
    unsafe fn in_row(self) -> Self {
        // SAFETY: the loads read 32-byte tables.
        unsafe {
            let rot = |t: &[u8; 32]| {
                _mm512_shuffle_epi8(
                    self.0,
                    _mm512_broadcast_i64x4(_mm256_loadu_si256(t.as_ptr().cast::<__m256i>())),
                )
            };
            TwoBoxes(_mm512_or_si512(
                _mm512_or_si512(rot(&ROT[0]), rot(&ROT[1])),
                rot(&ROT[2]),
            ))
        }
    }
    #[inline(always)]
    unsafe fn in_col(self) -> Self {
        let w = self.0;
        TwoBoxes(unsafe {
            _mm512_or_si512(
                _mm512_or_si512(
                    _mm512_permutex_epi64::<0x39>(w),
                    _mm512_permutex_epi64::<0x4e>(w),
                ),
                _mm512_permutex_epi64::<0x93>(w),
            )
        })
    }
    #[inline(always)]
    unsafe fn count(self) -> Self {
        TwoBoxes(unsafe { _mm512_popcnt_epi16(self.0) })
    }
    #[inline(always)]
    unsafe fn gt(self, b: Self) -> u32 {
        unsafe { _mm512_cmpgt_epi16_mask(self.0, b.0) }
    }
    #[inline(always)]
    unsafe fn eq(self, b: Self) -> u32 {
        unsafe { _mm512_cmpeq_epi16_mask(self.0, b.0) }
    }
    #[inline(always)]
    unsafe fn keep(self, m: u32) -> Self {
        TwoBoxes(unsafe { _mm512_maskz_mov_epi16(m, self.0) })
    }
    #[inline(always)]
    unsafe fn nonzero_in(self, lanes: Self) -> u32 {
        unsafe { _mm512_test_epi16_mask(self.0, lanes.0) }
    }
    #[inline(always)]
    unsafe fn blend(self, b: Self, m: u32) -> Self {
        TwoBoxes(unsafe { _mm512_mask_blend_epi16(m, self.0, b.0) })
    }
    #[inline(always)]
    unsafe fn fail(short: u32, bad: Self) -> bool {
        short != 0 || unsafe { _mm512_test_epi16_mask(bad.0, bad.0) } != 0
    }
}

/// One round of the box rules on the box (or boxes) `v`: with every
/// assertion applied, and the contradictions found.
///
/// # Safety
/// The CPU must have the features of `L` (see [`BoxLanes`]).
#[inline(always)]
pub(super) unsafe fn box_round<L: BoxLanes>(v: L) -> (L, L::Fail) {
    // SAFETY: the caller guarantees the features of `L`.
    unsafe {
        let all = L::splat(_mm256_set1_epi16(0x1ff));
        // Fewest digits per lane: a cell one, a triad lane six.
        let min = L::splat(_mm256_setr_epi16(
            1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0,
        ));
        // Lanes in a row clause (matrix rows 0–2), in a column clause
        // (columns 0–2), and the cells.
        let rows = L::splat(_mm256_setr_epi16(
            -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0,
        ));
        let cols = L::splat(_mm256_setr_epi16(
            -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0,
        ));
        let cells = L::splat(_mm256_setr_epi16(
            -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, 0, 0, 0, 0,
        ));
        let count = v.count();
        let short = min.gt(count);
        let at_min = min.eq(count);
        let (ro, co) = (v.in_row(), v.in_col());
        // A clause that lost a digit everywhere.
        let lost = v
            .or(ro)
            .andnot(all)
            .and(rows)
            .or(v.or(co).andnot(all).and(cols));
        // Asserted: a lane at its minimum, a digit alone in a clause.
        let a = v
            .keep(at_min)
            .or(ro.andnot(v).and(rows).or(co.andnot(v).and(cols)));
        // Two digits asserted in one cell, or one digit in two lanes of a
        // clause.
        let others = a.in_row().and(rows).or(a.in_col().and(cols));
        let clash = a.and(a.dec()).and(cells).or(a.and(others));
        let assigned = a.nonzero_in(cells);
        let new = others.andnot(v.blend(a, assigned));
        (new, L::fail(short, lost.or(clash)))
    }
}

/// The OR of the three other lanes of each lane's matrix row (its group of
/// four).
///
/// # Safety
/// The CPU must have AVX2 (the caller is compiled for it, so this inlines).
#[inline(always)]
unsafe fn in_row(w: __m256i) -> __m256i {
    // SAFETY: the caller guarantees AVX2; the loads read 32-byte tables.
    unsafe {
        let load = |t: &[u8; 32]| _mm256_loadu_si256(t.as_ptr().cast::<__m256i>());
        _mm256_or_si256(
            _mm256_or_si256(
                _mm256_shuffle_epi8(w, load(&ROT[0])),
                _mm256_shuffle_epi8(w, load(&ROT[1])),
            ),
            _mm256_shuffle_epi8(w, load(&ROT[2])),
        )
    }
}

/// The OR of the three other lanes of each lane's matrix column (the same
/// lane of the other groups).
///
/// # Safety
/// The CPU must have AVX2 (the caller is compiled for it, so this inlines).
#[inline(always)]
unsafe fn in_col(w: __m256i) -> __m256i {
    // SAFETY: the caller guarantees AVX2.
    unsafe {
        _mm256_or_si256(
            _mm256_or_si256(
                _mm256_permute4x64_epi64::<0x39>(w),
                _mm256_permute4x64_epi64::<0x4e>(w),
            ),
            _mm256_permute4x64_epi64::<0x93>(w),
        )
    }
}

/// The popcount of each `u16` lane: with `BITALG`, `vpopcntw`; else per
/// nibble from a table, then the two bytes of each lane added.
///
/// # Safety
/// The CPU must have AVX2, and with `BITALG` AVX-512 VL and BITALG (the
/// caller is compiled for them, so this inlines).
#[inline(always)]
pub(super) unsafe fn popcount16<const BITALG: bool>(v: __m256i) -> __m256i {
    // SAFETY: the caller guarantees AVX2, and AVX-512 VL and BITALG when
    // `BITALG` (an `Avx<true>` token exists).
    unsafe {
        if BITALG {
            return _mm256_popcnt_epi16(v);
        }
        let nibbles = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        let low = _mm256_set1_epi8(0x0f);
        let lo = _mm256_and_si256(v, low);
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), low);
        let bytes = _mm256_add_epi8(
            _mm256_shuffle_epi8(nibbles, lo),
            _mm256_shuffle_epi8(nibbles, hi),
        );
        _mm256_maddubs_epi16(bytes, _mm256_set1_epi8(1))
    }
}
