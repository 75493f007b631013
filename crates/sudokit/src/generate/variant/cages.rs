//! Killer cages on a known solution: a random tiling of the grid by cages
//! of distinct digits, split where the engine shows a second solution, and
//! merged while the solution stays unique (what makes a killer harder).

use rand::seq::SliceRandom;
use rand::Rng;

use crate::variant::{Cage, Constraint};
use crate::Cell;

use super::place::beside;

/// Cages as lists of cells.
pub(super) type Cages = Vec<Vec<usize>>;

fn digits(cage: &[usize], values: &[u8]) -> u32 {
    cage.iter().fold(0, |m, &c| m | 1 << values[c])
}

/// A cage grown from `start` over orthogonal neighbours in `free` with
/// digits not yet in it, up to `size` cells.
fn grow<R: Rng + ?Sized>(
    start: usize,
    size: usize,
    values: &[u8],
    n: usize,
    free: &[bool],
    rng: &mut R,
) -> Vec<usize> {
    let mut cage = vec![start];
    let mut seen = 1u32 << values[start];
    while cage.len() < size {
        let mut next: Vec<usize> = cage
            .iter()
            .flat_map(|&c| beside(c, n))
            .filter(|&c| free[c] && !cage.contains(&c) && seen >> values[c] & 1 == 0)
            .collect();
        next.sort_unstable();
        next.dedup();
        let Some(&c) = next.choose(rng) else { break };
        cage.push(c);
        seen |= 1 << values[c];
    }
    cage
}

/// The cells of an n×n grid in random order.
fn shuffled_cells<R: Rng + ?Sized>(n: usize, rng: &mut R) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    order
}

/// For each cell, the index of the cage holding it (`usize::MAX`: none).
fn owners(cages: &Cages, n: usize) -> Vec<usize> {
    let mut owner = vec![usize::MAX; n * n];
    for (k, cage) in cages.iter().enumerate() {
        for &c in cage {
            owner[c] = k;
        }
    }
    owner
}

/// A random tiling of the grid by cages of `sizes.0..=sizes.1` cells
/// (fewer where the neighbours' digits run out), each of distinct digits
/// of `values`.
pub(super) fn tiling<R: Rng + ?Sized>(
    values: &[u8],
    n: usize,
    sizes: (usize, usize),
    rng: &mut R,
) -> Cages {
    let mut free = vec![true; n * n];
    let order = shuffled_cells(n, rng);
    let mut cages: Cages = Vec::new();
    for &c in &order {
        if !free[c] {
            continue;
        }
        let size = rng.gen_range(sizes.0..=sizes.1);
        let cage = grow(c, size, values, n, &free, rng);
        for &x in &cage {
            free[x] = false;
        }
        cages.push(cage);
    }
    // A cage left smaller than asked joins a neighbour that takes it.
    let mut i = 0;
    while i < cages.len() {
        if cages[i].len() < sizes.0 {
            if let Some(j) = partner(&cages, i, values, n, sizes.1 + 1, rng) {
                let small = cages.swap_remove(i);
                let j = if j == cages.len() { i } else { j };
                cages[j].extend(small);
                continue;
            }
        }
        i += 1;
    }
    cages
}

/// `count` cages of `sizes` placed apart on the grid (a killer mode for a
/// puzzle that keeps givens).
pub(super) fn scattered<R: Rng + ?Sized>(
    values: &[u8],
    n: usize,
    count: usize,
    sizes: (usize, usize),
    rng: &mut R,
) -> Cages {
    let mut free = vec![true; n * n];
    let order = shuffled_cells(n, rng);
    let mut cages = Vec::new();
    for &c in &order {
        if cages.len() == count {
            break;
        }
        if !free[c] {
            continue;
        }
        let cage = grow(c, rng.gen_range(sizes.0..=sizes.1), values, n, &free, rng);
        if cage.len() < sizes.0.max(2) {
            continue;
        }
        // Cages do not touch, so each reads as its own shape.
        for &x in &cage {
            free[x] = false;
            for y in beside(x, n) {
                free[y] = false;
            }
        }
        cages.push(cage);
    }
    cages
}

/// A cage that touches cage `i`, whose digits differ from its digits, and
/// with which it makes at most `most` cells.
pub(super) fn partner<R: Rng + ?Sized>(
    cages: &Cages,
    i: usize,
    values: &[u8],
    n: usize,
    most: usize,
    rng: &mut R,
) -> Option<usize> {
    let owner = owners(cages, n);
    let mine = digits(&cages[i], values);
    let mut options: Vec<usize> = cages[i]
        .iter()
        .flat_map(|&c| beside(c, n))
        .map(|c| owner[c])
        .filter(|&k| {
            k != i
                && k != usize::MAX
                && digits(&cages[k], values) & mine == 0
                && cages[k].len() + cages[i].len() <= most
        })
        .collect();
    options.sort_unstable();
    options.dedup();
    options.choose(rng).copied()
}

/// Every pair of touching cages with distinct digits that make at most
/// `most` cells together, shuffled.
pub(super) fn merges<R: Rng + ?Sized>(
    cages: &Cages,
    values: &[u8],
    n: usize,
    most: usize,
    rng: &mut R,
) -> Vec<(usize, usize)> {
    let owner = owners(cages, n);
    let mut out = Vec::new();
    for (i, cage) in cages.iter().enumerate() {
        let mine = digits(cage, values);
        for &c in cage {
            for x in beside(c, n) {
                let k = owner[x];
                if k > i
                    && k != usize::MAX
                    && digits(&cages[k], values) & mine == 0
                    && cages[k].len() + cage.len() <= most
                {
                    out.push((i, k));
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out.shuffle(rng);
    out
}

/// Splits the cage holding `cell` in two connected parts, `cell`'s part
/// grown from it to half the cage (a cage of one cell stays).
pub(super) fn split(cages: &mut Cages, cell: usize, n: usize) -> bool {
    let Some(i) = cages.iter().position(|c| c.contains(&cell)) else {
        return false;
    };
    let cage = cages[i].clone();
    if cage.len() < 2 {
        return false;
    }
    let half = cage.len() / 2;
    let mut part = vec![cell];
    let mut k = 0;
    while part.len() < half && k < part.len() {
        for x in beside(part[k], n) {
            if part.len() < half && cage.contains(&x) && !part.contains(&x) {
                part.push(x);
            }
        }
        k += 1;
    }
    let rest: Vec<usize> = cage.iter().copied().filter(|c| !part.contains(c)).collect();
    cages.swap_remove(i);
    cages.push(part);
    cages.extend(components(&rest, n));
    true
}

/// The orthogonally connected parts of `cells`.
fn components(cells: &[usize], n: usize) -> Cages {
    let mut left: Vec<usize> = cells.to_vec();
    let mut out = Vec::new();
    while let Some(start) = left.pop() {
        let mut part = vec![start];
        let mut k = 0;
        while k < part.len() {
            for x in beside(part[k], n) {
                if let Some(j) = left.iter().position(|&y| y == x) {
                    left.swap_remove(j);
                    part.push(x);
                }
            }
            k += 1;
        }
        out.push(part);
    }
    out
}

/// The cages as killer cages with their totals from `values`, cells in
/// order.
pub(super) fn rules(cages: &Cages, values: &[u8]) -> Vec<Constraint> {
    cages
        .iter()
        .map(|cage| {
            let mut cells = cage.clone();
            cells.sort_unstable();
            Constraint::Cage(Cage {
                sum: Some(cells.iter().map(|&c| u32::from(values[c])).sum()),
                cells: cells.into_iter().map(|c| Cell(c as u32)).collect(),
            })
        })
        .collect()
}
