//! The independent brute-force counter: plain backtracking over rows,
//! columns, regions (boxes, or an irregular map) and the two diagonals when
//! asked, computed from coordinates here, then every full grid filtered by
//! each constraint's validator ([`Rule::check`]). Nothing is shared with the
//! engine or the propagators.

use std::sync::OnceLock;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;
use sudokit::variant::{Constraint, Rule};

use super::shapes::{box_of, step_cells, ORTHO};

/// The houses of a grid: rows, columns, regions, maybe the diagonals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Houses {
    /// Side.
    pub n: usize,
    /// The region of every cell.
    pub region: Vec<usize>,
    /// Whether the regions are sudokit's boxes.
    pub boxed: bool,
    /// Whether the two diagonals are houses.
    pub diagonals: bool,
}

impl Houses {
    /// Boxes (as sudokit shapes them for `n`).
    pub fn boxes(n: usize, diagonals: bool) -> Houses {
        Houses {
            n,
            region: (0..n * n).map(|i| box_of(i / n, i % n, n)).collect(),
            boxed: true,
            diagonals,
        }
    }

    /// Random irregular regions: `n` connected regions of `n` cells each,
    /// grown from random seeds (a growth that gets stuck starts again).
    pub fn jigsaw(n: usize, diagonals: bool, rng: &mut SmallRng) -> Houses {
        'again: loop {
            let mut region = vec![usize::MAX; n * n];
            let mut size = vec![0usize; n];
            let cells: Vec<usize> = (0..n * n).collect();
            for (k, &s) in cells.choose_multiple(rng, n).enumerate() {
                region[s] = k;
                size[k] = 1;
            }
            for _ in n..n * n {
                // A region still short of n cells, grown by one neighbour.
                let open: Vec<(usize, usize)> = (0..n * n)
                    .filter(|&i| region[i] != usize::MAX && size[region[i]] < n)
                    .flat_map(|i| {
                        let region = &region;
                        step_cells(i, n, &ORTHO)
                            .into_iter()
                            .filter(move |&j| region[j] == usize::MAX)
                            .map(move |j| (region[i], j))
                    })
                    .collect();
                let Some(&(k, j)) = open.choose(rng) else {
                    continue 'again;
                };
                region[j] = k;
                size[k] += 1;
            }
            return Houses {
                n,
                region,
                boxed: false,
                diagonals,
            };
        }
    }

    /// Whether cells `i` and `j` share a house.
    fn see(&self, i: usize, j: usize) -> bool {
        let n = self.n;
        let (r, c, rj, cj) = (i / n, i % n, j / n, j % n);
        r == rj
            || c == cj
            || self.region[i] == self.region[j]
            || (self.diagonals && ((r == c && rj == cj) || (r + c == n - 1 && rj + cj == n - 1)))
    }

    /// Whether value `v` can go in cell `i` of the partial grid `g` (0
    /// empty): no equal value in a house it shares.
    fn fits(&self, g: &[u8], i: usize, v: u8) -> bool {
        (0..g.len()).all(|j| j == i || g[j] != v || !self.see(i, j))
    }

    /// Whether the full grid `g` repeats no digit in a house.
    fn holds(&self, g: &[u8]) -> bool {
        (0..g.len()).all(|i| self.fits(g, i, g[i]))
    }
}

/// Every completion of `givens` (values `1..=n`, 0 empty) within the
/// houses, the digits of each cell tried in the order `order` gives; stops
/// after `limit` grids, or (returning `None`) after `nodes` placements.
fn fill(
    h: &Houses,
    givens: &[u8],
    limit: usize,
    nodes: u64,
    mut order: impl FnMut() -> Vec<u8>,
) -> Option<Vec<Vec<u8>>> {
    let n = h.n;
    let mut g = givens.to_vec();
    for i in 0..n * n {
        if g[i] != 0 && !h.fits(&g, i, g[i]) {
            return Some(Vec::new());
        }
    }
    let open: Vec<usize> = (0..n * n).filter(|&i| givens[i] == 0).collect();
    let mut out = Vec::new();
    let mut spent = 0u64;
    // Iterative backtracking: `choices[k]` the digits left to try at open[k].
    let mut choices: Vec<Vec<u8>> = vec![order()];
    while !choices.is_empty() {
        let k = choices.len() - 1;
        let Some(&i) = open.get(k) else {
            out.push(g.clone());
            if out.len() >= limit {
                return Some(out);
            }
            choices.pop();
            continue;
        };
        g[i] = 0;
        match choices[k].pop() {
            Some(v) => {
                spent += 1;
                if spent > nodes {
                    return None;
                }
                if h.fits(&g, i, v) {
                    g[i] = v;
                    choices.push(order());
                }
            }
            None => {
                choices.pop();
            }
        }
    }
    Some(out)
}

/// Every completion of `givens`.
pub fn completions(h: &Houses, givens: &[u8]) -> Vec<Vec<u8>> {
    let n = h.n;
    fill(h, givens, usize::MAX, u64::MAX, || {
        (1..=n as u8).rev().collect()
    })
    .unwrap()
}

/// A random full grid of `h`, or `None` when none turned up within
/// `nodes` placements (an irregular map may have none).
pub fn random_grid_in(h: &Houses, nodes: u64, rng: &mut SmallRng) -> Option<Vec<u8>> {
    let n = h.n;
    let start = rng.gen::<u64>();
    let mut k = 0u64;
    let mut order = || {
        // Each cell's order from its own stream, so the closure need not
        // borrow `rng` while `fill` runs.
        k += 1;
        let mut r = <SmallRng as rand::SeedableRng>::seed_from_u64(start ^ k);
        let mut d: Vec<u8> = (1..=n as u8).collect();
        d.shuffle(&mut r);
        d
    };
    fill(h, &vec![0; n * n], 1, nodes, &mut order)?.pop()
}

/// A random full grid with boxes (and diagonals when asked).
pub fn random_grid(n: usize, diagonals: bool, rng: &mut SmallRng) -> Vec<u8> {
    random_grid_in(&Houses::boxes(n, diagonals), u64::MAX, rng).expect("boxed grids exist")
}

/// The 288 grids of 4x4, enumerated once.
pub fn all_4x4() -> &'static [Vec<u8>] {
    static ALL: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    ALL.get_or_init(|| {
        let all = completions(&Houses::boxes(4, false), &[0; 16]);
        assert_eq!(all.len(), 288, "4x4 sudoku has 288 grids");
        all
    })
}

/// The solutions of a puzzle: `givens` (0 empty), the houses, and
/// `constraints` by their validators. 4x4 with boxes filters the 288 grids;
/// anything else backtracks over the givens' completions.
pub fn solutions(h: &Houses, givens: &[u8], constraints: &[Constraint]) -> Vec<Vec<u8>> {
    let n = h.n;
    let keep = |g: &Vec<u8>| constraints.iter().all(|c| c.check(g, n));
    if n == 4 && h.boxed {
        all_4x4()
            .iter()
            .filter(|g| givens.iter().zip(g.iter()).all(|(&a, &b)| a == 0 || a == b))
            .filter(|g| h.holds(g))
            .filter(|g| keep(g))
            .cloned()
            .collect()
    } else {
        completions(h, givens).into_iter().filter(keep).collect()
    }
}
