//! What the CPU runs: the [`Backend`] of the vector engines, and the tokens
//! that prove a set of instructions is there.
//!
//! [`Backend`] is the public name of a kernel family (portable, AVX2,
//! AVX-512), which the engines with vector kernels ([`Fast9`](super::Fast9),
//! [`Triad9`](super::Triad9)) take and report. [`Backend::detect`] picks the
//! best one this CPU runs; the environment variable `SUDOKIT_BACKEND`
//! (`portable`, `avx2` or `avx512`) asks for another, so that every kernel
//! can be tested on one machine (a backend the CPU cannot run falls back to
//! the best one it runs).
//!
//! [`Avx2`] and [`Avx512`] are zero-sized tokens whose only constructor is
//! their `detect`: holding one proves that the CPU runs its instructions.
//! The vector kernels are built from a token, which is what makes their
//! `unsafe` intrinsics sound.

use std::env;

/// The environment variable that overrides [`Backend::detect`].
const OVERRIDE: &str = "SUDOKIT_BACKEND";

/// A family of kernels, ordered worst to best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Backend {
    /// Plain Rust; every CPU.
    Portable,
    /// AVX2, with BMI1, BMI2, POPCNT and LZCNT (x86-64 CPUs that have
    /// AVX2 have them).
    Avx2,
    /// AVX-512 F, VL, BW and BITALG on top of [`Backend::Avx2`]'s set.
    Avx512,
}

impl Backend {
    /// Every backend, worst (portable) to best.
    pub const ALL: [Backend; 3] = [Backend::Portable, Backend::Avx2, Backend::Avx512];

    /// The name (`portable`, `avx2`, `avx512`), as `SUDOKIT_BACKEND` takes
    /// it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Avx2 => "avx2",
            Backend::Avx512 => "avx512",
        }
    }

    /// Whether this CPU can run the backend.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Portable => true,
            Backend::Avx2 => Avx2::detect().is_some(),
            Backend::Avx512 => Avx512::detect().is_some(),
        }
    }

    /// The backend named by `SUDOKIT_BACKEND` when it is set to one this CPU
    /// runs, else the best this CPU runs.
    pub fn detect() -> Backend {
        let forced = env::var(OVERRIDE).ok();
        let named = Backend::ALL
            .into_iter()
            .find(|b| forced.as_deref() == Some(b.name()));
        match named {
            Some(b) if b.is_available() => b,
            _ => Backend::best(),
        }
    }

    /// The best backend this CPU runs.
    fn best() -> Backend {
        Backend::ALL
            .into_iter()
            .rev()
            .find(|b| b.is_available())
            .unwrap_or(Backend::Portable)
    }
}

/// Proof that this CPU runs AVX2, BMI1, BMI2, POPCNT and LZCNT: made only by
/// [`Avx2::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// The token, when this CPU has AVX2, BMI1, BMI2, POPCNT and LZCNT.
    pub(crate) fn detect() -> Option<Avx2> {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            (has!("avx2") && has!("bmi1") && has!("bmi2") && has!("popcnt") && has!("lzcnt"))
                .then_some(Avx2(()))
        }
        #[cfg(not(target_arch = "x86_64"))]
        None
    }
}

/// Proof that this CPU runs what [`Avx2`] proves and AVX-512 F, VL, BW and
/// BITALG: made only by [`Avx512::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(Avx2);

impl Avx512 {
    /// The token, when this CPU has what [`Avx2::detect`] asks for and
    /// AVX-512 F, VL, BW and BITALG.
    pub(crate) fn detect() -> Option<Avx512> {
        let avx2 = Avx2::detect()?;
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            (has!("avx512f") && has!("avx512vl") && has!("avx512bw") && has!("avx512bitalg"))
                .then_some(Avx512(avx2))
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = avx2;
            None
        }
    }

    /// The [`Avx2`] token this one includes.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // used by x86 kernels only
    pub(crate) fn avx2(self) -> Avx2 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backends_are_ordered_and_named() {
        assert!(Backend::ALL.windows(2).all(|w| w[0] < w[1]));
        let names: Vec<_> = Backend::ALL.iter().map(|b| b.name()).collect();
        assert_eq!(names, ["portable", "avx2", "avx512"]);
        assert!(Backend::Portable.is_available());
    }

    #[test]
    fn tokens_agree_with_availability() {
        assert_eq!(Backend::Avx2.is_available(), Avx2::detect().is_some());
        assert_eq!(Backend::Avx512.is_available(), Avx512::detect().is_some());
        // AVX-512 includes AVX2.
        assert!(!Backend::Avx512.is_available() || Backend::Avx2.is_available());
        let best = Backend::best();
        assert!(best.is_available());
        assert!(Backend::ALL.iter().all(|&b| b <= best || !b.is_available()));
    }
}
