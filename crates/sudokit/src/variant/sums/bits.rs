//! Sets of reachable sums as fixed-size bitsets, and the forward/backward
//! pass that keeps in each cell only the digits that complete a wanted total.
//!
//! Bit `s` of a set stands for the sum `s` (actual sums, not offsets). The
//! width is picked per call from the largest sum the cells can make: a
//! `u128` for the usual lines and cages, 512 or 4160 bits for long lines on
//! big grids, so the hot path stays allocation-free.

use super::super::{bit, restrict, values, Contradiction, Mask};
use crate::digits::Cell;

/// A set of sums `0..CAPACITY`; sums beyond it are dropped (callers pick a
/// width above every sum their cells can make).
pub(crate) trait Bits: Copy {
    /// The empty set.
    const ZERO: Self;
    /// How many sums the set holds.
    const CAPACITY: u32;
    /// `{s}` (empty when `s` is out of range).
    fn single(s: u32) -> Self;
    /// Union.
    fn or(self, other: Self) -> Self;
    /// Intersection.
    fn and(self, other: Self) -> Self;
    /// Whether the set is empty.
    fn is_zero(self) -> bool;
    /// Every sum plus `k`.
    fn shl(self, k: u32) -> Self;
    /// Every sum minus `k` (those below `k` dropped).
    fn shr(self, k: u32) -> Self;
    /// Whether `s` is in the set.
    fn contains(self, s: u32) -> bool;
    /// The sums `1..=16` as a [`Mask`] (bit `v - 1` for sum `v`).
    fn digits(self) -> Mask;
}

impl Bits for u128 {
    const ZERO: Self = 0;
    const CAPACITY: u32 = 128;
    #[inline]
    fn single(s: u32) -> Self {
        1u128.checked_shl(s).unwrap_or(0)
    }
    #[inline]
    fn or(self, other: Self) -> Self {
        self | other
    }
    #[inline]
    fn and(self, other: Self) -> Self {
        self & other
    }
    #[inline]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline]
    fn shl(self, k: u32) -> Self {
        self.checked_shl(k).unwrap_or(0)
    }
    #[inline]
    fn shr(self, k: u32) -> Self {
        self.checked_shr(k).unwrap_or(0)
    }
    #[inline]
    fn contains(self, s: u32) -> bool {
        s < 128 && (self >> s) & 1 == 1
    }
    #[inline]
    fn digits(self) -> Mask {
        (self >> 1) as Mask
    }
}

/// A set of `64 * W` sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wide<const W: usize>([u64; W]);

impl<const W: usize> Bits for Wide<W> {
    const ZERO: Self = Wide([0; W]);
    const CAPACITY: u32 = 64 * W as u32;
    fn single(s: u32) -> Self {
        let mut out = Self::ZERO;
        if s < Self::CAPACITY {
            out.0[(s / 64) as usize] = 1 << (s % 64);
        }
        out
    }
    fn or(mut self, other: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        self
    }
    fn and(mut self, other: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        self
    }
    fn is_zero(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn shl(self, k: u32) -> Self {
        let (words, bits) = ((k / 64) as usize, k % 64);
        let mut out = Self::ZERO;
        for i in (words..W).rev() {
            let lo = self.0[i - words];
            out.0[i] = lo << bits;
            if bits > 0 && i > words {
                out.0[i] |= self.0[i - words - 1] >> (64 - bits);
            }
        }
        out
    }
    fn shr(self, k: u32) -> Self {
        let (words, bits) = ((k / 64) as usize, k % 64);
        let mut out = Self::ZERO;
        for i in 0..W.saturating_sub(words) {
            out.0[i] = self.0[i + words] >> bits;
            if bits > 0 && i + words + 1 < W {
                out.0[i] |= self.0[i + words + 1] << (64 - bits);
            }
        }
        out
    }
    fn contains(self, s: u32) -> bool {
        s < Self::CAPACITY && (self.0[(s / 64) as usize] >> (s % 64)) & 1 == 1
    }
    fn digits(self) -> Mask {
        (self.0[0] >> 1) as Mask
    }
}

/// The sums `f + v` for `f` in `from` and `v` in `mask`.
#[inline]
pub(crate) fn add<B: Bits>(from: B, mask: Mask) -> B {
    let mut out = B::ZERO;
    for v in values(mask) {
        out = out.or(from.shl(v));
    }
    out
}

/// The sums `t - v` (non-negative) for `t` in `to` and `v` in `mask`.
#[inline]
fn sub<B: Bits>(to: B, mask: Mask) -> B {
    let mut out = B::ZERO;
    for v in values(mask) {
        out = out.or(to.shr(v));
    }
    out
}

/// The sums the cells can make within their masks (a cell listed twice
/// counts as two independent cells: a superset of the true sums).
#[inline]
pub(crate) fn reachable<B: Bits>(masks: &[Mask], cells: &[Cell]) -> B {
    cells
        .iter()
        .fold(B::single(0), |acc, c| add(acc, masks[c.index()]))
}

/// Cells up to this many keep their backward states on the stack.
const INLINE: usize = 16;

/// Keeps in each cell the digits that some assignment of the cells, within
/// their masks, summing to a value in `targets`, uses; returns whether a
/// digit went and the sums still reachable within `targets`.
///
/// Exact (each kept digit completes some total) when the cells are
/// distinct; a cell listed twice is treated as two cells, which keeps more
/// digits but never loses one.
pub(crate) fn restrict_sum<B: Bits>(
    masks: &mut [Mask],
    cells: &[Cell],
    targets: B,
) -> Result<(bool, B), Contradiction> {
    let len = cells.len();
    let mut inline = [B::ZERO; INLINE + 1];
    let mut heap = Vec::new();
    // back[i]: the partial sums of cells[..i] that cells[i..] can complete.
    let back: &mut [B] = if len <= INLINE && size_of::<B>() <= 16 {
        &mut inline[..=len]
    } else {
        heap.resize(len + 1, B::ZERO);
        &mut heap
    };
    back[len] = targets;
    for i in (0..len).rev() {
        back[i] = sub(back[i + 1], masks[cells[i].index()]);
    }
    if !back[0].contains(0) {
        return Err(Contradiction);
    }
    let mut changed = false;
    let mut forward = B::single(0);
    for (i, &c) in cells.iter().enumerate() {
        let mut keep: Mask = 0;
        for v in values(masks[c.index()]) {
            if !forward.shl(v).and(back[i + 1]).is_zero() {
                keep |= bit(v);
            }
        }
        changed |= restrict(masks, c, keep)?;
        forward = add(forward, keep);
    }
    Ok((changed, forward.and(targets)))
}

/// Which width to use for sums up to `bound`: 0 for `u128`, 1 for
/// 512 bits, 2 for 4160 bits (any line of distinct cells of a 16x16 grid),
/// 3 when even that is too small (pruning then does nothing).
#[inline]
pub(crate) fn width(bound: u64) -> u8 {
    match bound {
        0..128 => 0,
        128..512 => 1,
        512..4160 => 2,
        _ => 3,
    }
}

/// Calls `$f::<B>($args)` with the set type for sums up to `$bound`, or
/// evaluates to `Ok(false)` (no pruning, still sound) beyond every width.
macro_rules! by_width {
    ($bound:expr, $f:ident ( $($arg:expr),* $(,)? )) => {
        match $crate::variant::sums::bits::width($bound) {
            0 => $f::<u128>($($arg),*),
            1 => $f::<$crate::variant::sums::bits::Wide<8>>($($arg),*),
            2 => $f::<$crate::variant::sums::bits::Wide<65>>($($arg),*),
            _ => Ok(false),
        }
    };
}
pub(crate) use by_width;
