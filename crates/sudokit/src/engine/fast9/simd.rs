//! The AVX2 hidden-singles scan: the only `unsafe` code of the library.
//!
//! Why `unsafe`: `std::arch` intrinsics may only run on a CPU that has the
//! instruction set, which the compiler cannot check. The rule that makes it
//! sound here: an [`Avx2`] value is a token that exists only after
//! `is_x86_feature_detected!("avx2")` said yes ([`Avx2::detect`] is its one
//! constructor), and every `unsafe` block below is reached only through such
//! a token. The portable [`Portable`](super::Portable) scan is the reference:
//! the tests compare the two on random planes, and the engine tests run the
//! whole corpus on both backends.

#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_castsi256_pd, _mm256_cmpeq_epi64,
    _mm256_loadu_si256, _mm256_movemask_pd, _mm256_set1_epi64x, _mm256_set_epi64x,
    _mm256_setzero_si256,
};
use std::ops::ControlFlow;

use super::tables::{HOUSE, HOUSES};
use super::{search, Kernel, Outcome, State};

/// The houses as 64-bit lanes, low half first, two houses per 256 bits; the
/// 28th house is empty padding (always "zero places", never asked for).
#[repr(C, align(32))]
struct Lanes([u64; 56]);

static LANES: Lanes = Lanes({
    let mut t = [0u64; 56];
    let mut h = 0;
    while h < HOUSES {
        t[2 * h] = HOUSE[h] as u64;
        t[2 * h + 1] = (HOUSE[h] >> 64) as u64;
        h += 1;
    }
    t
});

/// Proof that this CPU runs AVX2; see the [module docs](self).
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2 {
    _detected: (),
}

impl Avx2 {
    /// The token, when the CPU has AVX2.
    pub(super) fn detect() -> Option<Avx2> {
        std::arch::is_x86_feature_detected!("avx2").then_some(Avx2 { _detected: () })
    }

    /// [`search`] with the AVX2 scan, compiled for AVX2 as a whole so that
    /// the intrinsics inline.
    pub(super) fn search(
        self,
        stack: &mut [State],
        limit: u64,
        visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
    ) -> Outcome {
        // SAFETY: `self` exists only when AVX2 was detected.
        unsafe { search_avx2(self, stack, limit, visit) }
    }
}

/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
unsafe fn search_avx2(
    k: Avx2,
    stack: &mut [State],
    limit: u64,
    visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
) -> Outcome {
    search(k, stack, limit, visit)
}

impl Kernel for Avx2 {
    #[inline(always)]
    fn scan(self, p: u128, todo: u32) -> (u32, u32) {
        // Per 64-bit lane: is it zero, has it at most one bit. Lane 2h is the
        // low half of house h, lane 2h+1 the high half.
        let (mut zero_lanes, mut le1_lanes) = (0u64, 0u64);
        // SAFETY: an `Avx2` exists only when AVX2 was detected; the loads
        // read 32 bytes at `4 * i` < 56 - 3 lanes of `LANES`, in bounds.
        unsafe {
            let v = _mm256_set_epi64x((p >> 64) as i64, p as i64, (p >> 64) as i64, p as i64);
            let minus_one = _mm256_set1_epi64x(-1);
            let zero = _mm256_setzero_si256();
            for i in 0..14 {
                let h = _mm256_loadu_si256(LANES.0.as_ptr().add(4 * i).cast::<__m256i>());
                let x = _mm256_and_si256(v, h);
                let z = _mm256_cmpeq_epi64(x, zero);
                let le1 =
                    _mm256_cmpeq_epi64(_mm256_and_si256(x, _mm256_add_epi64(x, minus_one)), zero);
                zero_lanes |= (_mm256_movemask_pd(_mm256_castsi256_pd(z)) as u64) << (4 * i);
                le1_lanes |= (_mm256_movemask_pd(_mm256_castsi256_pd(le1)) as u64) << (4 * i);
            }
        }
        // Per house (the even bit of each lane pair): no place in either
        // half; or at most one in each half and exactly one half empty.
        const EVEN: u64 = 0x5555_5555_5555_5555;
        let both_zero = zero_lanes & (zero_lanes >> 1) & EVEN;
        let one_zero = (zero_lanes ^ (zero_lanes >> 1)) & EVEN;
        let single = le1_lanes & (le1_lanes >> 1) & one_zero;
        (
            compress_even(both_zero) & todo,
            compress_even(single) & todo,
        )
    }
}

/// The even bits of `x` (at most 56 used), packed: bit `2i` goes to bit `i`.
#[inline(always)]
fn compress_even(x: u64) -> u32 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | (x >> 4)) & 0x00ff_00ff_00ff_00ff;
    x = (x | (x >> 8)) & 0x0000_ffff_0000_ffff;
    x = (x | (x >> 16)) & 0x0000_0000_ffff_ffff;
    x as u32
}
