//! The implementation before the bitmask rewrite, kept as the reference the
//! equivalence tests compare the fast one against (same steps, same order).
use std::ops::ControlFlow;

use super::super::board::Board;
use super::super::ctx::{Ctx, Sink};
use super::super::step::Step;

fn cells_of(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

fn bits(mask: u64) -> impl Iterator<Item = u64> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            b
        })
    })
}

pub(super) fn aligned_ref(
    board: &Board,
    k: usize,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let cells = board.cell_count();
    if !(2..=3).contains(&k) || cells > 128 {
        return ControlFlow::Continue(());
    }
    let peers: Vec<u128> = (0..cells)
        .map(|c| board.peers(c).iter().fold(0u128, |m, p| m | 1 << p.index()))
        .collect();
    let size = |c: usize| board.candidates(c).count_ones() as usize;
    let singles = (0..cells)
        .filter(|&c| size(c) == 1)
        .fold(0u128, |m, c| m | 1 << c);
    let small = (0..cells)
        .filter(|&c| (2..=k).contains(&size(c)))
        .fold(0u128, |m, c| m | 1 << c);
    // Base cells and their excluders.
    let mut base = Vec::new();
    let mut excluders = vec![0u128; cells];
    for c in 0..cells {
        if size(c) >= 2 && peers[c] & singles == 0 && peers[c] & small != 0 {
            base.push(c);
            excluders[c] = peers[c] & small;
        }
    }
    let base_set = base.iter().fold(0u128, |m, &c| m | 1 << c);
    let mut locks: Vec<u64> = Vec::with_capacity(32);
    for j in 1..base.len() {
        if k == 3 && ctx.expired() {
            return ControlFlow::Continue(());
        }
        for &c0 in &base[..j] {
            let c1 = base[j];
            let pair_common = excluders[c0] & excluders[c1];
            if pair_common.count_ones() < 2 {
                // A third cell can only shrink the common excluders.
                continue;
            }
            if k == 2 {
                locks.clear();
                locks.extend(cells_of(pair_common).map(|e| board.candidates(e)));
                if let Some(step) = exclude(board, &[c0, c1], &locks, &peers, ctx) {
                    sink(step)?;
                }
                continue;
            }
            let not_pair = !(1u128 << c0 | 1u128 << c1);
            let first = excluders[c0] & base_set & not_pair;
            let second = excluders[c1] & base_set & not_pair & !first;
            for c2 in cells_of(first).chain(cells_of(second)) {
                let common = pair_common & excluders[c2];
                if common.count_ones() < 2 {
                    continue;
                }
                locks.clear();
                locks.extend(cells_of(common).map(|e| board.candidates(e)));
                if let Some(step) = exclude(board, &[c0, c1, c2], &locks, &peers, ctx) {
                    sink(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step of base cells `set` with common excluders' candidates `locks`,
/// if some digit is in no possible combination.
fn exclude(board: &Board, set: &[usize], locks: &[u64], peers: &[u128], ctx: &Ctx) -> Option<Step> {
    let mut cands = [0u64; 3];
    for (m, &c) in cands.iter_mut().zip(set) {
        *m = board.candidates(c);
    }
    let sees = |i: usize, j: usize| peers[set[i]] >> set[j] & 1 != 0;
    let locked = |m: u64| locks.iter().any(|&e| e & !m == 0);
    let mut allowed = [0u64; 3];
    if set.len() == 2 {
        let same_ok = !sees(0, 1);
        for b0 in bits(cands[0]) {
            for b1 in bits(cands[1]) {
                if (b0 == b1 && !same_ok) || locked(b0 | b1) {
                    continue;
                }
                allowed[0] |= b0;
                allowed[1] |= b1;
            }
        }
    } else {
        let (s01, s02, s12) = (sees(0, 1), sees(0, 2), sees(1, 2));
        'outer: for b0 in bits(cands[0]) {
            for b1 in bits(cands[1]) {
                if (b0 == b1 && s01) || locked(b0 | b1) {
                    continue;
                }
                for b2 in bits(cands[2]) {
                    if (b2 == b0 && s02) || (b2 == b1 && s12) || locked(b0 | b1 | b2) {
                        continue;
                    }
                    allowed[0] |= b0;
                    allowed[1] |= b1;
                    allowed[2] |= b2;
                    if allowed[0] == cands[0] && allowed[1] == cands[1] && allowed[2] == cands[2] {
                        break 'outer;
                    }
                }
            }
        }
    }
    // The step itself is built as the new code builds it: only the search is
    // the reference.
    let any_gone = (0..set.len()).any(|i| cands[i] & !allowed[i] != 0);
    any_gone.then(|| super::step(board, set, &allowed[..set.len()], ctx))
}
