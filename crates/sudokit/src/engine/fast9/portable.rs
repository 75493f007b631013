//! The plain Rust [`Kernel`] of fast9: the reference the vector kernel is
//! tested against, and the one that runs on every CPU.

use super::kernel::Kernel;

/// The plain Rust [`Kernel`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn counts(self, planes: &[u128; 9], open: u128) -> [u128; 3] {
        let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
        for p in planes {
            let m = p & open;
            threes |= twos & m;
            twos |= ones & m;
            ones |= m;
        }
        [ones, twos, threes]
    }

    #[inline(always)]
    fn clear(self, planes: &mut [u128; 9], pos: usize) -> u32 {
        let bit = 1u128 << pos;
        let mut touched = 0;
        for (k, plane) in planes.iter_mut().enumerate() {
            touched |= u32::from(*plane & bit != 0) << k;
            *plane &= !bit;
        }
        touched
    }

    #[inline(always)]
    fn holders(self, planes: &[u128; 9], pos: usize) -> u32 {
        let mut set = 0;
        for (d, p) in planes.iter().enumerate() {
            set |= ((p >> pos) as u32 & 1) << d;
        }
        set
    }

    #[inline(always)]
    fn gather(self, t: u32) -> u32 {
        let t = t & 0x124_9249;
        let t = (t | t >> 2) & 0x10_c30c3;
        let t = (t | t >> 4) & 0x100_f00f;
        (t | t >> 8 | t >> 16) & 0x1ff
    }

    #[inline(always)]
    fn minirows(self, x: u32) -> u32 {
        self.gather(x | x >> 1 | x >> 2)
    }

    #[inline(always)]
    fn stack(self, present: u32, s: usize) -> u32 {
        let t = present >> (3 * s);
        (t & 7) | (t >> 6 & 0o70) | (t >> 12 & 0o700)
    }

    #[inline(always)]
    fn unstack(self, m: u32, s: usize) -> u32 {
        ((m & 7) | (m & 0o70) << 6 | (m & 0o700) << 12) << (3 * s)
    }
}
