//! fast9's AVX2 [`Kernel`] (with BMI1, BMI2, POPCNT and LZCNT).
//!
//! Why `unsafe`: `std::arch` intrinsics may only run on a CPU that has the
//! instruction set, which the compiler cannot check. The rule that makes it
//! sound here: an [`Avx2`] kernel is built only from a [`cpu::Avx2`] token,
//! which exists only after runtime detection said yes to AVX2, BMI1, BMI2,
//! POPCNT and LZCNT, and every `unsafe` block below is reached only through
//! such a kernel. The [`Portable`](super::portable::Portable) kernel is the
//! reference: the tests compare the two on random planes, and the engine
//! tests run the whole corpus on both backends and require the same search.
//!
//! The nine planes are 144 bytes: planes 0–7 are four 256-bit vectors (two
//! planes each) and plane 8 is done in scalar code.

#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m128i, __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128,
    _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_or_si256, _mm256_set_epi64x,
    _mm256_setzero_si256, _mm256_storeu_si256, _mm_and_si128, _mm_loadu_si128, _mm_or_si128,
    _mm_storeu_si128,
};
use std::arch::x86_64::{_pdep_u32, _pext_u32};
use std::ops::ControlFlow;

use super::kernel::Kernel;
use super::search::search;
use super::state::State;
use crate::engine::cpu;
use crate::engine::{Meter, Outcome};

/// The AVX2 kernel: holds the token that proves this CPU runs it; see the
/// [module docs](self).
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2 {
    _token: cpu::Avx2,
}

impl Avx2 {
    /// The kernel, for a CPU that `token` proves runs it.
    pub(super) fn new(token: cpu::Avx2) -> Avx2 {
        Avx2 { _token: token }
    }

    /// [`search`] with this kernel, compiled for AVX2 as a whole so that the
    /// intrinsics inline.
    pub(super) fn search(
        self,
        stack: &mut [State],
        limit: u64,
        meter: &mut Meter,
        visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
    ) -> Outcome {
        // SAFETY: `self` holds a token made only when these features were
        // detected.
        unsafe { search_avx2(self, stack, limit, meter, visit) }
    }
}

/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn search_avx2(
    k: Avx2,
    stack: &mut [State],
    limit: u64,
    meter: &mut Meter,
    visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
) -> Outcome {
    search(k, stack, limit, meter, visit)
}

/// A `u128` in both 128-bit halves of a vector.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn splat(x: u128) -> __m256i {
    let (lo, hi) = (x as u64 as i64, (x >> 64) as u64 as i64);
    // SAFETY: the caller guarantees AVX2.
    unsafe { _mm256_set_epi64x(hi, lo, hi, lo) }
}

impl Kernel for Avx2 {
    #[inline(always)]
    fn counts(self, planes: &[u128; 9], open: u128) -> [u128; 3] {
        // SAFETY: `self` proves AVX2; the four 32-byte loads read planes
        // 0–7 and the 16-byte load plane 8, inside the 144-byte array; the
        // stores write one `u128` each.
        unsafe {
            let base = planes.as_ptr().cast::<__m256i>();
            let o = splat(open);
            let mut ones = _mm256_setzero_si256();
            let mut twos = _mm256_setzero_si256();
            let mut threes = _mm256_setzero_si256();
            for i in 0..4 {
                let m = _mm256_and_si256(_mm256_loadu_si256(base.add(i)), o);
                threes = _mm256_or_si256(threes, _mm256_and_si256(twos, m));
                twos = _mm256_or_si256(twos, _mm256_and_si256(ones, m));
                ones = _mm256_or_si256(ones, m);
            }
            // Add the two halves (even and odd planes), then plane 8, in
            // 128-bit registers.
            let (o0, o1) = (
                _mm256_castsi256_si128(ones),
                _mm256_extracti128_si256::<1>(ones),
            );
            let (t0, t1) = (
                _mm256_castsi256_si128(twos),
                _mm256_extracti128_si256::<1>(twos),
            );
            let (h0, h1) = (
                _mm256_castsi256_si128(threes),
                _mm256_extracti128_si256::<1>(threes),
            );
            let mut three = _mm_or_si128(
                _mm_or_si128(h0, h1),
                _mm_or_si128(_mm_and_si128(t0, o1), _mm_and_si128(o0, t1)),
            );
            let mut two = _mm_or_si128(_mm_or_si128(t0, t1), _mm_and_si128(o0, o1));
            let mut one = _mm_or_si128(o0, o1);
            let m = _mm_and_si128(
                _mm_loadu_si128(planes.as_ptr().add(8).cast::<__m128i>()),
                _mm256_castsi256_si128(o),
            );
            three = _mm_or_si128(three, _mm_and_si128(two, m));
            two = _mm_or_si128(two, _mm_and_si128(one, m));
            one = _mm_or_si128(one, m);
            let mut out = [0u128; 3];
            _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), one);
            _mm_storeu_si128(out.as_mut_ptr().add(1).cast::<__m128i>(), two);
            _mm_storeu_si128(out.as_mut_ptr().add(2).cast::<__m128i>(), three);
            out
        }
    }

    #[inline(always)]
    fn clear(self, planes: &mut [u128; 9], pos: usize) -> u32 {
        let touched = self.holders(planes, pos);
        let bit = 1u128 << pos;
        // SAFETY: `self` proves AVX2; the loads and stores touch planes 0–7,
        // 32 bytes each, inside the 144-byte array.
        unsafe {
            let base = planes.as_mut_ptr().cast::<__m256i>();
            let b = splat(bit);
            for i in 0..4 {
                let v = _mm256_loadu_si256(base.add(i));
                _mm256_storeu_si256(base.add(i), _mm256_andnot_si256(b, v));
            }
        }
        planes[8] &= !bit;
        touched
    }

    #[inline(always)]
    fn holders(self, planes: &[u128; 9], pos: usize) -> u32 {
        let (lane, sh) = (pos >> 6, pos & 63);
        let mut set = 0;
        for (d, p) in planes.iter().enumerate() {
            let w = if lane == 0 {
                *p as u64
            } else {
                (*p >> 64) as u64
            };
            set |= ((w >> sh) as u32 & 1) << d;
        }
        set
    }

    #[inline(always)]
    fn gather(self, t: u32) -> u32 {
        // SAFETY: `self` proves BMI2.
        unsafe { _pext_u32(t, 0x124_9249) }
    }

    #[inline(always)]
    fn minirows(self, x: u32) -> u32 {
        self.gather(x | x >> 1 | x >> 2)
    }

    #[inline(always)]
    fn stack(self, present: u32, s: usize) -> u32 {
        // SAFETY: `self` proves BMI2.
        unsafe { _pext_u32(present, 0x1c_0e07 << (3 * s)) }
    }

    #[inline(always)]
    fn unstack(self, m: u32, s: usize) -> u32 {
        // SAFETY: `self` proves BMI2.
        unsafe { _pdep_u32(m, 0x1c_0e07 << (3 * s)) }
    }
}
