//! "Nothing found" facts of a search that sees one digit's plane and nothing
//! else: Nishio's propagations (no cell links, no extra rules). What they
//! find from a cell depends on the plane and the houses alone, and a path
//! meets the same planes again and again (a step changes a few digits), as
//! do the puzzles of one run.

use std::hash::{BuildHasherDefault, Hasher};

/// Starts of single-digit searches (cells of a digit's plane) that ran to
/// their end and found nothing, by plane, for one set of houses. A later
/// state (or puzzle) with the same plane skips them: they cannot yield a
/// hint, and skipping what yields nothing changes neither the hints found
/// nor their order.
#[derive(Default)]
pub(super) struct Clear {
    /// The houses the facts hold for (other houses: other facts).
    houses: Vec<u128>,
    cells: std::collections::HashMap<u128, u128, BuildHasherDefault<PlaneHash>>,
}

/// A multiply-and-fold hash of a plane (SipHash cost more than the lookups saved).
#[derive(Default)]
pub(super) struct PlaneHash(u64);

impl Hasher for PlaneHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100000001b3);
        }
    }

    fn write_u128(&mut self, v: u128) {
        let x = (v as u64) ^ ((v >> 64) as u64).rotate_left(29);
        self.0 = (self.0 ^ x).wrapping_mul(0x9e3779b97f4a7c15);
        self.0 ^= self.0 >> 29;
    }
}

/// Entries kept before the table is emptied.
const ENTRIES: usize = 1 << 16;

impl Clear {
    /// Keeps the facts if they are about `houses`, else starts anew.
    pub fn houses(&mut self, houses: &[u128]) {
        if self.houses != houses {
            self.houses = houses.to_vec();
            self.cells.clear();
        }
    }

    pub fn known(&self, plane: u128, cell: usize) -> bool {
        self.cells.get(&plane).is_some_and(|m| m >> cell & 1 != 0)
    }

    pub fn add(&mut self, plane: u128, cell: usize) {
        if self.cells.len() >= ENTRIES {
            self.cells.clear();
        }
        *self.cells.entry(plane).or_default() |= 1 << cell;
    }
}
