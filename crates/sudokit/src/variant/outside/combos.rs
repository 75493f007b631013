//! Whether a run of cells can hold a set of different digits (a row's
//! digits differ, so a run of its cells holds a set of digits; the sets by
//! size and total are `variant::combinations`).

use super::Mask;
use crate::digits::Cell;

/// The sets of `count` different digits of `1..=n` that sum to `total`.
pub(super) fn sets(n: usize, count: usize, total: u32) -> &'static [Mask] {
    crate::variant::combinations::combinations(n).get(count, total)
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
