//! The band round of the vector kernels: a band's messages to its boxes
//! ([`band_message`]) and the checks on them ([`check_message`]).
//!
//! Why `unsafe`: these are `std::arch` intrinsics, sound only on a CPU with
//! their instruction sets; every function here is reached only from a
//! kernel of [`simd`](super), which exists only on a token of
//! `engine::cpu` proving them (see its module docs).

#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi16, _mm256_cmpgt_epi16,
    _mm256_loadu_si256, _mm256_or_si256, _mm256_set1_epi16, _mm256_setr_epi16,
    _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_si256,
};

use super::super::shuffles::{NEXT_LINES, OTHER_LINES};
use super::boxes::popcount16;

/// Two boxes' messages from a band `v` (in both halves), one per 128-bit
/// half: lanes 0-2 the union of each line's two configurations (tables
/// `first` and `second` of [`BAND_LINES`](super::super::shuffles::BAND_LINES)),
/// 3-5 the union of the two other lines', 6 and 7 ones.
///
/// # Safety
/// The CPU must have AVX2 (the caller is compiled for it, so this inlines).
#[inline(always)]
pub(super) unsafe fn band_message(v: __m256i, first: &[u8; 32], second: &[u8; 32]) -> __m256i {
    // SAFETY: the caller guarantees AVX2; the loads read the 32-byte tables.
    unsafe {
        let load = |t: &[u8; 32]| _mm256_loadu_si256(t.as_ptr().cast::<__m256i>());
        let pos = _mm256_or_si256(
            _mm256_shuffle_epi8(v, load(first)),
            _mm256_shuffle_epi8(v, load(second)),
        );
        let ones = _mm256_setr_epi16(0, 0, 0, 0, 0, 0, -1, -1, 0, 0, 0, 0, 0, 0, -1, -1);
        _mm256_or_si256(
            _mm256_or_si256(pos, ones),
            _mm256_or_si256(
                _mm256_shuffle_epi8(pos, load(&OTHER_LINES[0])),
                _mm256_shuffle_epi8(pos, load(&OTHER_LINES[1])),
            ),
        )
    }
}

/// The checks of [`Kernel::band_settle`](super::super::kernel::Kernel::band_settle) on two messages of
/// [`band_message`]: lanes that fail, and per line (lanes 0-2 of each half)
/// what the configurations that take it lose: the line's possibly absent
/// digits when exactly six, and the other lines' possible digits when
/// exactly three (while a digit may still go either way there).
///
/// # Safety
/// The CPU must have AVX2 (the caller is compiled for it, so this inlines).
#[inline(always)]
pub(super) unsafe fn check_message<const BITALG: bool>(m: __m256i) -> (__m256i, __m256i) {
    // SAFETY: the caller guarantees AVX2; the loads read 32-byte tables.
    unsafe {
        // Fewest per lane: three digits in a line, six absent.
        let min = _mm256_setr_epi16(3, 3, 3, 6, 6, 6, 0, 0, 3, 3, 3, 6, 6, 6, 0, 0);
        let first3 = _mm256_setr_epi16(-1, -1, -1, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0, 0, 0);
        let all = _mm256_set1_epi16(0x1ff);
        let n = popcount16::<BITALG>(m);
        // Line i's two halves (lane i and lane 3 + i) side by side.
        let neg = _mm256_srli_si256::<6>(m);
        let fail = _mm256_or_si256(
            _mm256_cmpgt_epi16(min, n),
            _mm256_and_si256(first3, _mm256_andnot_si256(_mm256_or_si256(m, neg), all)),
        );
        let at_min = _mm256_cmpeq_epi16(min, n);
        let open = _mm256_andnot_si256(
            _mm256_cmpeq_epi16(_mm256_and_si256(m, neg), _mm256_setzero_si256()),
            first3,
        );
        // Lanes 0-2: the three possible digits, the six absent ones.
        let three = _mm256_and_si256(_mm256_and_si256(open, at_min), m);
        let six = _mm256_and_si256(_mm256_and_si256(open, _mm256_srli_si256::<6>(at_min)), neg);
        let load = |t: &[u8; 32]| _mm256_loadu_si256(t.as_ptr().cast::<__m256i>());
        let drop = _mm256_or_si256(
            six,
            _mm256_or_si256(
                _mm256_shuffle_epi8(three, load(&NEXT_LINES[0])),
                _mm256_shuffle_epi8(three, load(&NEXT_LINES[1])),
            ),
        );
        (fail, drop)
    }
}
