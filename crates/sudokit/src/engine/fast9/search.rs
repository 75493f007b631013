//! fast9's search: the propagation rules, the choice of a branch, and the
//! depth-first loop; see the [module docs](super).

use std::ops::ControlFlow;

use super::kernel::Kernel;
use super::state::State;
use super::tables::{ALONE, BAND, EXPAND, PEERS, PERM};
use crate::engine::{Meter, Outcome};

/// Copies a 9-bit set of columns to the three rows of a band word.
#[inline(always)]
fn rows3(columns: u32) -> u32 {
    columns * 0x4_0201
}

/// The band/stack rules for the plane `p` of one digit: the digit takes one
/// minirow per row and per box of a band, and one minicolumn per column and
/// per box of a stack, so only minirows (minicolumns) on such a permutation
/// keep it ([`PERM`]): this is pointing and claiming in all directions, and
/// it finds a house left with no place. Returns the restricted plane and the
/// cells that are the digit's only place in a row, a column or a box
/// (placed cells included), or `None` on a contradiction.
#[inline(always)]
fn update<K: Kernel>(k: K, p: u128) -> Option<(u128, u128)> {
    let mut w = [
        p as u32 & BAND,
        (p >> 32) as u32 & BAND,
        (p >> 64) as u32 & BAND,
    ];
    // The minirows each band keeps, as 3x3 matrices.
    let mut kept = [0u32; 3];
    // Bands, then stacks, until the stacks remove nothing (the bands are
    // then settled too, and `kept` is theirs). After the stacks narrowed
    // the bands, a band pass that removes nothing ends it: the columns
    // present are then the stacks' own result, which they keep.
    let mut first = true;
    loop {
        let mut removed = 0;
        for (x, kept) in w.iter_mut().zip(&mut kept) {
            let allowed = PERM[k.minirows(*x) as usize];
            if allowed == 0 {
                return None;
            }
            *kept = u32::from(allowed);
            removed |= *x & !EXPAND[allowed as usize];
            *x &= EXPAND[allowed as usize];
        }
        if removed == 0 && !first {
            break;
        }
        first = false;
        // Columns present in each band, as the rows of one 27-bit word;
        // each stack is a 3x3 matrix (band, column of the stack) of it.
        let fold = |x: u32| (x | x >> 9 | x >> 18) & 0x1ff;
        let present = fold(w[0]) | fold(w[1]) << 9 | fold(w[2]) << 18;
        let mut columns = 0;
        for s in 0..3 {
            let allowed = u32::from(PERM[k.stack(present, s) as usize]);
            if allowed == 0 {
                return None;
            }
            columns |= k.unstack(allowed, s);
        }
        if columns == present {
            break;
        }
        for (b, x) in w.iter_mut().enumerate() {
            *x &= rows3(columns >> (9 * b) & 0x1ff);
        }
    }
    // Hidden singles. A row (box) of a band has one place when one minirow
    // is kept in it and that minirow has one cell (table `ALONE`); a
    // column has one place when one of its nine cells is left (counted
    // bit-sliced over the nine rows).
    let (mut ones, mut twos) = (0u32, 0u32);
    let mut single = [0u32; 3];
    for ((x, kept), single) in w.iter().zip(kept).zip(&mut single) {
        let (x, y, z) = (*x, *x >> 1, *x >> 2);
        let lone = k.gather((x ^ y ^ z) & !(x & y & z));
        *single = EXPAND[usize::from(ALONE[kept as usize]) & lone as usize] & x;
        for i in 0..3 {
            let f = x >> (9 * i) & 0x1ff;
            twos |= ones & f;
            ones |= f;
        }
    }
    let lone_columns = rows3(ones & !twos);
    let plane = u128::from(w[0]) | u128::from(w[1]) << 32 | u128::from(w[2]) << 64;
    let singles = u128::from(single[0] | w[0] & lone_columns)
        | u128::from(single[1] | w[1] & lone_columns) << 32
        | u128::from(single[2] | w[2] & lone_columns) << 64;
    Some((plane, singles))
}

/// Runs the rules of the [module docs](super) to a fixpoint; `false` on a
/// contradiction.
#[inline(always)]
fn propagate<K: Kernel>(k: K, s: &mut State) -> bool {
    'naked: loop {
        let [ones, twos, _] = k.counts(&s.planes, s.open);
        if s.open & !ones != 0 {
            return false;
        }
        let singles = s.open & !twos;
        if singles != 0 {
            if !s.place_singles(singles) {
                return false;
            }
            continue;
        }
        if s.open == 0 {
            return true;
        }
        while s.dirty & 0x1ff != 0 {
            let d = s.dirty.trailing_zeros() as usize;
            s.dirty &= !(1 << d);
            let p = s.planes[d];
            if p & s.open == 0 {
                continue;
            }
            let Some((plane, found)) = update(k, p) else {
                return false;
            };
            // `update` ran to its own fixpoint: no need to run it again
            // unless another placement changes the plane.
            let found = found & s.open;
            let changed = plane != p || found != 0;
            if !s.place_hidden(d, plane, found) {
                return false;
            }
            if changed {
                continue 'naked;
            }
        }
        return true;
    }
}

/// The branch of the [module docs](super): `(bit position, digit)`.
#[inline(always)]
fn choose<K: Kernel>(k: K, s: &State) -> (usize, usize) {
    let [_, twos, threes] = k.counts(&s.planes, s.open);
    let bivalue = s.open & twos & !threes;
    if bivalue != 0 {
        // The digit held by the most bivalue cells; among those cells, the
        // one that sees the most open cells and the most of the others
        // (weights 2 and 3), so that its branches propagate furthest; that
        // digit is tried first. The scan is short (only that digit's
        // bivalue cells).
        let (mut with, mut digit, mut most) = (0, 0, 0);
        for (d, p) in s.planes.iter().enumerate() {
            let w = bivalue & p;
            let n = w.count_ones();
            if n > most {
                (most, with, digit) = (n, w, d);
            }
        }
        // `with` is not empty: a bivalue cell is in the plane of each of
        // its two digits.
        let mut best = (0u32, with.trailing_zeros() as usize);
        let mut b = with;
        while b != 0 {
            let pos = b.trailing_zeros() as usize;
            b &= b - 1;
            let peers = PEERS[pos];
            let score = 2 * (peers & s.open).count_ones() + 3 * (peers & with).count_ones();
            if score > best.0 {
                best = (score, pos);
            }
        }
        return (best.1, digit);
    }
    // No bivalue cell: the first cell with the fewest candidates, from
    // bit-sliced counts (`at[k]`: at least k + 1 candidates).
    let mut at = [0u128; 9];
    for p in &s.planes {
        let m = p & s.open;
        for k in (1..9).rev() {
            at[k] |= at[k - 1] & m;
        }
        at[0] |= m;
    }
    let fewest = (2..9)
        .map(|k| s.open & at[k] & !at.get(k + 1).copied().unwrap_or(0))
        .find(|&cells| cells != 0)
        .unwrap_or(s.open);
    let pos = fewest.trailing_zeros() as usize;
    let bit = 1u128 << pos;
    let d = s
        .planes
        .iter()
        .position(|p| p & bit != 0)
        .unwrap_or_default();
    (pos, d)
}

/// Counts the solutions below `stack[0]` up to `limit`, calling `visit` with
/// each solved state; see the [module docs](super).
#[inline(always)]
pub(super) fn search<K: Kernel>(
    k: K,
    stack: &mut [State],
    limit: u64,
    meter: &mut Meter,
    visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
) -> Outcome {
    let (mut count, mut nodes, mut guesses) = (0, 0, 0);
    let mut sp = 0;
    loop {
        if !meter.allows(nodes) {
            return (count, nodes, guesses, false);
        }
        nodes += 1;
        if propagate(k, &mut stack[sp]) {
            if stack[sp].open == 0 {
                count += 1;
                if visit(&stack[sp]).is_break() || count >= limit {
                    return (count, nodes, guesses, false);
                }
            } else {
                let (pos, d) = choose(k, &stack[sp]);
                guesses += 1;
                let mut child = stack[sp];
                child.place(k, pos, d);
                stack[sp].eliminate(pos, d);
                sp += 1;
                stack[sp] = child;
                continue;
            }
        }
        if sp == 0 {
            return (count, nodes, guesses, true);
        }
        sp -= 1;
    }
}
