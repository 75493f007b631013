//! Digit combinations for the sum rules (killer cages, sandwiches, little
//! killers, X-sums…): for a grid side `n`, every set of distinct digits
//! `1..=n`, grouped by (how many digits, their sum). Built once per side,
//! on first use, then borrowed: no allocation when pruning.

use super::{Mask, MAX_VARIANT_SIZE};
use std::sync::OnceLock;

/// The largest sum of distinct digits: `1 + 2 + … + 16`.
const MAX_SUM: usize = MAX_VARIANT_SIZE * (MAX_VARIANT_SIZE + 1) / 2;

/// The sets of distinct digits of one grid side, by (count, sum).
#[derive(Debug)]
pub(crate) struct Combinations {
    /// Every non-empty digit set, sorted by (count, sum).
    sets: Vec<Mask>,
    /// `start[count * (MAX_SUM + 2) + sum]`: where the sets of that count
    /// and sum begin in `sets` (they end where the next key begins).
    start: Vec<u32>,
}

const STRIDE: usize = MAX_SUM + 2;

impl Combinations {
    fn build(n: usize) -> Combinations {
        let key = |m: Mask| {
            let sum: u32 = super::values(m).sum();
            m.count_ones() as usize * STRIDE + sum as usize
        };
        let mut sets: Vec<Mask> = (1..=super::full_mask(n)).collect();
        sets.sort_by_key(|&m| key(m));
        // Counting by key, then prefix sums, gives each key's first index.
        let mut start = vec![0u32; (MAX_VARIANT_SIZE + 1) * STRIDE + 1];
        for &m in &sets {
            start[key(m) + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        Combinations { sets, start }
    }

    /// The sets of `count` distinct digits summing to `sum` (empty when
    /// there are none; the empty set for no digits summing to 0).
    pub(crate) fn get(&self, count: usize, sum: u32) -> &[Mask] {
        if count == 0 {
            return if sum == 0 { &[0] } else { &[] };
        }
        let sum = sum as usize;
        if count > MAX_VARIANT_SIZE || sum > MAX_SUM {
            return &[];
        }
        let k = count * STRIDE + sum;
        &self.sets[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// The table for grids of side `n` (`1..=16`).
pub(crate) fn combinations(n: usize) -> &'static Combinations {
    static TABLES: [OnceLock<Combinations>; MAX_VARIANT_SIZE + 1] =
        [const { OnceLock::new() }; MAX_VARIANT_SIZE + 1];
    TABLES[n.min(MAX_VARIANT_SIZE)].get_or_init(|| Combinations::build(n.min(MAX_VARIANT_SIZE)))
}
