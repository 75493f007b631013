//! The dancing-links primitives: hide and unhide an option, cover and
//! uncover an item, purify a coloured secondary item, and the MRV choice.
//! They work on slices so that the hot loops index plain memory; all
//! indices are valid by construction.

use super::{Link, Node, SATISFIED, SPACER};

/// Index mask of the node array. The solver pads its node array to a
/// power-of-two length, so `i & mask(nd)` is always in bounds and the
/// compiler can drop the bounds checks in the inner loops; for valid
/// indices (all of them, by construction) the mask changes nothing.
#[inline(always)]
pub(super) fn mask(nd: &[Node]) -> usize {
    nd.len() - 1
}

/// The node array with its power-of-two length made visible to the
/// optimiser (a no-op reslice for arrays padded by [`Solver::load`]).
#[inline(always)]
pub(super) fn pow2(nd: &mut [Node]) -> &mut [Node] {
    let len = 1usize << nd.len().trailing_zeros();
    &mut nd[..len]
}

/// `i` as an index into a node array with mask `m`.
#[inline(always)]
pub(super) fn ix(i: u32, m: usize) -> usize {
    i as usize & m
}

/// Removes the nodes of the option containing `p`, other than `p` itself,
/// from their items' lists and returns the number of nodes removed. With
/// `COLORS`, nodes of satisfied secondary items are skipped (Knuth's
/// `hide'`); without, the problem has no colours and the test is omitted.
#[inline(always)]
pub(super) fn hide<const COLORS: bool>(nd: &mut [Node], p: u32) -> u64 {
    let m = mask(nd);
    let mut removed = 0;
    let mut q = p + 1;
    while q != p {
        let x = nd[ix(q, m)];
        if x.item >= SPACER {
            q = x.up;
            continue;
        }
        if !COLORS || x.color != SATISFIED {
            nd[ix(x.up, m)].down = x.down;
            nd[ix(x.down, m)].up = x.up;
            nd[ix(x.item, m)].item -= 1;
            removed += 1;
        }
        q += 1;
    }
    removed
}

/// Undoes [`hide`], walking the option in the opposite direction.
#[inline(always)]
pub(super) fn unhide<const COLORS: bool>(nd: &mut [Node], p: u32) {
    let m = mask(nd);
    let mut q = p - 1;
    while q != p {
        let x = nd[ix(q, m)];
        if x.item >= SPACER {
            q = x.down;
            continue;
        }
        if !COLORS || x.color != SATISFIED {
            nd[ix(x.up, m)].down = q;
            nd[ix(x.down, m)].up = q;
            nd[ix(x.item, m)].item += 1;
        }
        q -= 1;
    }
}

/// Removes item `c` from its ring and hides every option in its list.
#[inline(never)]
pub(super) fn cover<const COLORS: bool>(
    nd: &mut [Node],
    cl: &mut [Link],
    c: u32,
    updates: &mut u64,
) {
    let nd = pow2(nd);
    let m = mask(nd);
    let Link { prev, next } = cl[c as usize];
    cl[prev as usize].next = next;
    cl[next as usize].prev = prev;
    let mut removed = 1;
    let mut r = nd[ix(c, m)].down;
    while r != c {
        removed += hide::<COLORS>(nd, r);
        r = nd[ix(r, m)].down;
    }
    *updates += removed;
}

/// Undoes [`cover`].
#[inline(never)]
pub(super) fn uncover<const COLORS: bool>(nd: &mut [Node], cl: &mut [Link], c: u32) {
    let nd = pow2(nd);
    let m = mask(nd);
    let mut r = nd[ix(c, m)].up;
    while r != c {
        unhide::<COLORS>(nd, r);
        r = nd[ix(r, m)].up;
    }
    let Link { prev, next } = cl[c as usize];
    cl[prev as usize].next = c;
    cl[next as usize].prev = c;
}

/// Knuth's `purify(p)`: node `p` gives its secondary item colour `color`;
/// hide the options giving that item another colour (or none) and mark
/// the same-coloured nodes as satisfied.
#[inline]
pub(super) fn purify(nd: &mut [Node], p: u32, item: u32, color: u32, updates: &mut u64) {
    let nd = pow2(nd);
    let m = mask(nd);
    let mut removed = 0;
    let mut r = nd[ix(item, m)].down;
    while r != item {
        if nd[ix(r, m)].color == color {
            if r != p {
                nd[ix(r, m)].color = SATISFIED;
            }
        } else {
            removed += hide::<true>(nd, r);
        }
        r = nd[ix(r, m)].down;
    }
    *updates += removed;
}

/// Undoes [`purify`].
#[inline]
pub(super) fn unpurify(nd: &mut [Node], p: u32, item: u32, color: u32) {
    let nd = pow2(nd);
    let m = mask(nd);
    let mut r = nd[ix(item, m)].up;
    while r != item {
        if nd[ix(r, m)].color == SATISFIED {
            nd[ix(r, m)].color = color;
        } else if r != p {
            unhide::<true>(nd, r);
        }
        r = nd[ix(r, m)].up;
    }
}

/// Covers or purifies the items of the option containing `x`, other than
/// `x`'s own item.
#[inline]
pub(super) fn commit_others<const COLORS: bool>(
    nd: &mut [Node],
    cl: &mut [Link],
    x: u32,
    updates: &mut u64,
) {
    let m = mask(nd);
    let mut p = x + 1;
    while p != x {
        let n = nd[ix(p, m)];
        if n.item >= SPACER {
            p = n.up;
            continue;
        }
        if !COLORS || n.color == 0 {
            cover::<COLORS>(nd, cl, n.item, updates);
        } else if n.color != SATISFIED {
            purify(nd, p, n.item, n.color, updates);
        }
        p += 1;
    }
}

/// Undoes [`commit_others`], in reverse order.
#[inline]
pub(super) fn uncommit_others<const COLORS: bool>(nd: &mut [Node], cl: &mut [Link], x: u32) {
    let m = mask(nd);
    let mut p = x - 1;
    while p != x {
        let n = nd[ix(p, m)];
        if n.item >= SPACER {
            p = n.down;
            continue;
        }
        if !COLORS || n.color == 0 {
            uncover::<COLORS>(nd, cl, n.item);
        } else if n.color != SATISFIED {
            unpurify(nd, p, n.item, n.color);
        }
        p -= 1;
    }
}

/// The leftmost active primary item with the fewest options; the scan
/// stops at the first item whose length is `<= stop_at`.
#[inline]
pub(super) fn choose(nd: &[Node], cl: &[Link], stop_at: u32) -> u32 {
    let m = mask(nd);
    let mut best = 0;
    let mut best_len = u32::MAX;
    let mut k = cl[0].next;
    while k != 0 {
        let len = nd[ix(k, m)].item;
        if len < best_len {
            best = k;
            best_len = len;
            if len <= stop_at {
                break;
            }
        }
        k = cl[k as usize].next;
    }
    best
}
