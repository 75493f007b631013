//! The state of fast9's search: nine digit planes, the open cells, and the
//! digits whose plane changed; see the [module docs](super).

use super::kernel::Kernel;
use super::tables::{ALL, BIT, PEERS, POS};
use crate::digits::{Digit, DigitSet};

/// The state of the search; see the [module docs](super).
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    /// Per digit, the cells where it is possible or placed.
    pub(super) planes: [u128; 9],
    /// The open cells.
    pub(super) open: u128,
    /// Digits whose plane changed since the band/stack rules last ran on
    /// it (`update` reads one plane only).
    pub(super) dirty: u32,
}

/// The [`State::dirty`] bit of digit `d`.
#[inline(always)]
fn dirty(d: usize) -> u32 {
    1 << d
}

impl State {
    pub(super) const EMPTY: State = State {
        planes: [ALL; 9],
        open: ALL,
        dirty: 0x1ff,
    };

    /// The state with the givens placed (and nothing propagated yet), or
    /// `None` when two givens clash. Built plane by plane: a digit's plane
    /// is its given cells plus the open cells that see none of them.
    pub(super) fn from_givens(
        cells: &[Option<Digit>],
        allowed: Option<&[DigitSet]>,
    ) -> Option<State> {
        let mut given = [0u128; 9];
        let mut seen = [0u128; 9];
        // The values as bytes (0 for an empty cell), then eight cells at a
        // time: only the givens are visited (a loop over the set bits of
        // a word), not every cell with a branch that the givens' random
        // places would mispredict.
        let values: [u8; 88] = crate::engine::cell_values(cells);
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        for (w, chunk) in values.chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            // The high bit of each nonzero byte.
            let mut nonzero = ((x & LOW7).wrapping_add(LOW7) | x) & !LOW7;
            while nonzero != 0 {
                let i = 8 * w + nonzero.trailing_zeros() as usize / 8;
                nonzero &= nonzero - 1;
                let pos = usize::from(POS[i]);
                let d = usize::from(values[i] - 1);
                given[d] |= BIT[pos];
                seen[d] |= PEERS[pos];
            }
        }
        let filled = given.iter().fold(0, |a, g| a | g);
        let mut s = State::EMPTY;
        s.open = ALL & !filled;
        // Two givens clash when one sees the other: checked once per digit
        // rather than per given.
        let mut clash = 0;
        for d in 0..9 {
            clash |= given[d] & seen[d];
            s.planes[d] = given[d] | (s.open & !seen[d]);
        }
        if clash != 0 {
            return None;
        }
        // Pencilmark puzzles: a cell keeps only its candidates (an open cell
        // left with none is refuted by the first propagation).
        if let Some(allowed) = allowed {
            for (&set, &pos) in allowed.iter().zip(POS.iter()) {
                let bit = 1u128 << pos;
                for (d, plane) in s.planes.iter_mut().enumerate() {
                    if set.0 >> d & 1 == 0 {
                        if given[d] & bit != 0 {
                            return None;
                        }
                        *plane &= !bit;
                    }
                }
            }
        }
        Some(s)
    }

    /// Puts digit `d` in the open cell at bit `pos`.
    #[inline(always)]
    pub(super) fn place<K: Kernel>(&mut self, k: K, pos: usize, d: usize) {
        let bit = 1u128 << pos;
        self.open &= !bit;
        let touched = k.clear(&mut self.planes, pos);
        self.planes[d] = (self.planes[d] & !PEERS[pos]) | bit;
        self.dirty |= touched | dirty(d);
    }

    /// Places the naked singles `singles` (open cells with one candidate
    /// each), all at once; `false` when two of them, with the same digit,
    /// see each other. Digit by digit rather than cell by cell: the planes
    /// are read before any is written, so no load waits on the store just
    /// made, and each digit's peers gather in a register.
    #[inline(always)]
    pub(super) fn place_singles(&mut self, singles: u128) -> bool {
        self.open &= !singles;
        for d in 0..9 {
            let placed = self.planes[d] & singles;
            if placed == 0 {
                continue;
            }
            let peers = peers_of(placed);
            if peers & placed != 0 {
                return false;
            }
            self.planes[d] &= !peers;
            self.dirty |= dirty(d);
        }
        true
    }

    /// Gives digit `d` its restricted `plane` and places it in the open
    /// cells `found` (its hidden singles), all at once; `false` when two of
    /// them see each other (one house has two places for it). In 64-bit
    /// pieces: a vector load here would wait on the narrower stores just
    /// made to the planes.
    #[inline(always)]
    pub(super) fn place_hidden(&mut self, d: usize, plane: u128, found: u128) -> bool {
        if found == 0 {
            self.planes[d] = plane;
            return true;
        }
        let peers = peers_of(found);
        if peers & found != 0 {
            return false;
        }
        self.open &= !found;
        let mut touched = 0;
        for (e, q) in self.planes.iter_mut().enumerate() {
            touched |= u32::from(*q & found != 0) << e;
            *q &= !found;
        }
        self.planes[d] = (plane & !peers) | found;
        self.dirty |= touched | dirty(d);
        true
    }

    /// Removes digit `d` from the cell at bit `pos`.
    #[inline(always)]
    pub(super) fn eliminate(&mut self, pos: usize, d: usize) {
        self.planes[d] &= !(1u128 << pos);
        self.dirty |= dirty(d);
    }
}

/// The union of the peers of the cells in `cells`.
#[inline(always)]
fn peers_of(cells: u128) -> u128 {
    let (mut peers, mut m) = (0, cells);
    while m != 0 {
        peers |= PEERS[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    peers
}
