//! The independent brute-force counter: plain backtracking over rows,
//! columns, boxes (and the two diagonals when asked) computed from
//! coordinates here, then every full grid filtered by each constraint's
//! validator ([`Rule::check`]). Nothing is shared with the engine or the
//! propagators.

use std::sync::OnceLock;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use sudokit::variant::{Constraint, Rule};

use super::shapes::box_of;

/// Whether value `v` can go in cell `i` of the partial grid `g` (0 empty):
/// no equal value in its row, column, box, or diagonal (when `diagonals`).
fn fits(g: &[u8], i: usize, v: u8, n: usize, diagonals: bool) -> bool {
    let (r, c) = (i / n, i % n);
    let b = box_of(r, c, n);
    (0..n * n).all(|j| {
        if j == i || g[j] != v {
            return true;
        }
        let (rj, cj) = (j / n, j % n);
        let shares = rj == r
            || cj == c
            || box_of(rj, cj, n) == b
            || (diagonals && ((r == c && rj == cj) || (r + c == n - 1 && rj + cj == n - 1)));
        !shares
    })
}

/// Every completion of `givens` (values `1..=n`, 0 empty) to a grid with
/// no repeat in a row, column, box (or diagonal), in the order `order`
/// gives the digits of each cell; stops after `limit`.
fn fill(
    n: usize,
    givens: &[u8],
    diagonals: bool,
    limit: usize,
    mut order: impl FnMut() -> Vec<u8>,
) -> Vec<Vec<u8>> {
    let mut g = givens.to_vec();
    for i in 0..n * n {
        if g[i] != 0 && !fits(&g, i, g[i], n, diagonals) {
            return Vec::new();
        }
    }
    let open: Vec<usize> = (0..n * n).filter(|&i| givens[i] == 0).collect();
    let mut out = Vec::new();
    // Iterative backtracking: `choices[k]` the digits left to try at open[k].
    let mut choices: Vec<Vec<u8>> = vec![order()];
    while !choices.is_empty() {
        let k = choices.len() - 1;
        let Some(&i) = open.get(k) else {
            out.push(g.clone());
            if out.len() >= limit {
                return out;
            }
            choices.pop();
            continue;
        };
        g[i] = 0;
        match choices[k].pop() {
            Some(v) => {
                if fits(&g, i, v, n, diagonals) {
                    g[i] = v;
                    choices.push(order());
                }
            }
            None => {
                choices.pop();
            }
        }
    }
    out
}

/// Every completion of `givens`.
pub fn completions(n: usize, givens: &[u8], diagonals: bool) -> Vec<Vec<u8>> {
    fill(n, givens, diagonals, usize::MAX, || {
        (1..=n as u8).rev().collect()
    })
}

/// A random full grid (with diagonals when asked).
pub fn random_grid(n: usize, diagonals: bool, rng: &mut SmallRng) -> Vec<u8> {
    let mut order = || {
        let mut d: Vec<u8> = (1..=n as u8).collect();
        d.shuffle(rng);
        d
    };
    fill(n, &vec![0; n * n], diagonals, 1, &mut order)
        .pop()
        .expect("every side used has a grid")
}

/// The 288 grids of 4x4, enumerated once.
pub fn all_4x4() -> &'static [Vec<u8>] {
    static ALL: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    ALL.get_or_init(|| {
        let all = completions(4, &[0; 16], false);
        assert_eq!(all.len(), 288, "4x4 sudoku has 288 grids");
        all
    })
}

/// Whether the diagonals of `g` hold no repeat.
fn diagonals_ok(g: &[u8], n: usize) -> bool {
    let distinct = |cells: Vec<usize>| {
        let mut seen = 0u32;
        cells.iter().all(|&i| {
            let b = 1 << g[i];
            let fresh = seen & b == 0;
            seen |= b;
            fresh
        })
    };
    distinct((0..n).map(|k| k * n + k).collect())
        && distinct((0..n).map(|k| k * n + n - 1 - k).collect())
}

/// The solutions of a puzzle: `givens` (0 empty), the houses (and
/// diagonals), and `constraints` by their validators. 4x4 filters the 288
/// grids; larger sides backtrack over the givens' completions.
pub fn solutions(
    n: usize,
    givens: &[u8],
    diagonals: bool,
    constraints: &[Constraint],
) -> Vec<Vec<u8>> {
    let keep = |g: &Vec<u8>| constraints.iter().all(|c| c.check(g, n));
    if n == 4 {
        all_4x4()
            .iter()
            .filter(|g| givens.iter().zip(g.iter()).all(|(&a, &b)| a == 0 || a == b))
            .filter(|g| !diagonals || diagonals_ok(g, n))
            .filter(|g| keep(g))
            .cloned()
            .collect()
    } else {
        completions(n, givens, diagonals)
            .into_iter()
            .filter(keep)
            .collect()
    }
}
