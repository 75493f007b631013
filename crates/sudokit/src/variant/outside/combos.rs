//! Sets of different digits by size and total, for the sum clues (a row's
//! digits differ, so a run of its cells holds a set of digits).

use super::Mask;
use crate::digits::Cell;
use std::sync::OnceLock;

/// The largest total of different digits of a 16x16 grid, plus one.
const TOTALS: usize = 137;

/// Per grid side, the sets of digits of `1..=n` grouped by how many digits
/// and their total: `table[count * TOTALS + total]`.
static TABLES: [OnceLock<Vec<Vec<Mask>>>; 17] = [const { OnceLock::new() }; 17];

/// The sets of `count` different digits of `1..=n` that sum to `total`
/// (built once per side, then borrowed: no allocation when pruning).
pub(super) fn sets(n: usize, count: usize, total: u32) -> &'static [Mask] {
    if n > 16 || count > n || total as usize >= TOTALS {
        return &[];
    }
    let table = TABLES[n].get_or_init(|| {
        let mut table = vec![Vec::new(); (n + 1) * TOTALS];
        for set in 0..1u32 << n {
            let sum: u32 = (0..n as u32)
                .filter(|b| set >> b & 1 == 1)
                .map(|b| b + 1)
                .sum();
            table[set.count_ones() as usize * TOTALS + sum as usize].push(set as Mask);
        }
        table
    });
    &table[count * TOTALS + total as usize]
}

/// Whether the cells of `parts` can take digits of `set`: each cell has
/// one, and with `cover` together they have them all (they take exactly
/// those digits, one each: necessary, and enough unless a matching fails).
pub(super) fn fits(masks: &[Mask], parts: &[&[Cell]], set: Mask, cover: bool) -> bool {
    let mut union = 0;
    for part in parts {
        for c in *part {
            let m = masks[c.index()] & set;
            if m == 0 {
                return false;
            }
            union |= m;
        }
    }
    !cover || union == set
}

/// Adds to `keep[k]` the digits of `set` that `cells[k]` may take.
pub(super) fn lend(masks: &[Mask], cells: &[Cell], set: Mask, keep: &mut [Mask]) {
    for (k, c) in keep.iter_mut().zip(cells) {
        *k |= masks[c.index()] & set;
    }
}
