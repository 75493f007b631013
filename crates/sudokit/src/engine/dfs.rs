//! The generic engine: candidate bitsets, singles to a fixpoint, MRV branching.
//!
//! Works for every [`Geometry`] (any box shape, jigsaw regions, extra houses,
//! sides up to 64). The state of a search node is one `u64` candidate mask per
//! cell, a bitset of placed cells and a count of cells left; branching copies
//! the state to the next slot of a flat stack (the last alternative of a branch
//! point reuses its parent's slot instead of copying).
//!
//! Propagation, repeated until nothing changes:
//! - **naked singles**: placing a digit removes it from every peer; a peer left
//!   with one candidate is queued for placement, with none is a contradiction;
//! - **hidden singles**: per house, bit-sliced "seen once / twice / three
//!   times" accumulators find the digits with exactly one place (placed there)
//!   and no place (contradiction), and remember a digit with exactly two places.
//!
//! Branching takes the most constrained choice: a cell with two candidates,
//! else a digit with two places in a house, else the cell with the fewest
//! candidates.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Engine, Unsupported};
use crate::digits::{Digit, MAX_SIZE};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::{Solutions, Stats};
use crate::puzzle::Puzzle;

/// The generic depth-first engine; see the [module docs](self).
#[derive(Debug, Default)]
pub struct Dfs {
    tables: Option<Tables>,
    /// Search states, `stride` words each.
    states: Vec<u64>,
    frames: Vec<Frame>,
    queue: Vec<u32>,
}

/// Geometry tables in the layout the search wants.
#[derive(Debug)]
struct Tables {
    geometry: Arc<Geometry>,
    n: usize,
    cells: usize,
    full: u64,
    /// `houses * n` cell indices.
    house_cells: Vec<u32>,
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    /// Words of the placed-cells bitset.
    words: usize,
    stride: usize,
}

impl Tables {
    fn new(geometry: &Arc<Geometry>) -> Tables {
        let n = geometry.size();
        let cells = geometry.cell_count();
        let house_cells = geometry
            .houses()
            .iter()
            .flat_map(|h| h.cells().iter().map(|c| c.0))
            .collect();
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peers = Vec::new();
        for c in 0..cells {
            peer_start.push(peers.len() as u32);
            peers.extend(geometry.peers(crate::Cell(c as u32)).iter().map(|p| p.0));
        }
        peer_start.push(peers.len() as u32);
        let words = cells.div_ceil(64);
        Tables {
            geometry: Arc::clone(geometry),
            n,
            cells,
            full: crate::DigitSet::full(n).0,
            house_cells,
            peer_start,
            peers,
            words,
            stride: cells + words + 1,
        }
    }
}

/// A branch point: the alternatives not yet tried.
#[derive(Clone, Copy, Debug)]
enum Frame {
    /// Try each remaining digit in `cell`.
    Cell { cell: u32, digits: u64 },
    /// Try each remaining position (index within the house) for `digit`.
    Place { house: u32, digit: u64, positions: u64 },
}

impl Frame {
    /// Takes the next alternative: `(cell, digit bit, was it the last)`.
    #[inline]
    fn take(&mut self, t: &Tables) -> (usize, u64, bool) {
        match self {
            Frame::Cell { cell, digits } => {
                let bit = *digits & digits.wrapping_neg();
                *digits &= !bit;
                (*cell as usize, bit, *digits == 0)
            }
            Frame::Place {
                house,
                digit,
                positions,
            } => {
                let pos = positions.trailing_zeros() as usize;
                *positions &= *positions - 1;
                let cell = t.house_cells[*house as usize * t.n + pos] as usize;
                (cell, *digit, *positions == 0)
            }
        }
    }
}

enum Step {
    Contradiction,
    Solved,
    Branch(Frame),
}

/// Runs propagation on one state until a fixpoint, a contradiction or a
/// solution, and picks the branch when stuck.
fn propagate(t: &Tables, s: &mut [u64], queue: &mut Vec<u32>) -> Step {
    let (n, cells, full) = (t.n, t.cells, t.full);
    let rem = cells + t.words;
    loop {
        // Naked singles.
        while let Some(c) = queue.pop() {
            let c = c as usize;
            let (w, b) = (cells + (c >> 6), 1u64 << (c & 63));
            if s[w] & b != 0 {
                continue;
            }
            s[w] |= b;
            s[rem] -= 1;
            let bit = s[c];
            let peers = &t.peers[t.peer_start[c] as usize..t.peer_start[c + 1] as usize];
            for &p in peers {
                let x = s[p as usize];
                if x & bit != 0 {
                    let y = x & !bit;
                    if y == 0 {
                        queue.clear();
                        return Step::Contradiction;
                    }
                    s[p as usize] = y;
                    if y & (y - 1) == 0 {
                        queue.push(p);
                    }
                }
            }
        }
        if s[rem] == 0 {
            return Step::Solved;
        }
        // Hidden singles, and a digit with two places for branching.
        let mut progress = false;
        let mut pair: Option<(usize, u64)> = None;
        for (h, house) in t.house_cells.chunks_exact(n).enumerate() {
            let (mut once, mut twice, mut thrice, mut solved) = (0u64, 0u64, 0u64, 0u64);
            for &c in house {
                let x = s[c as usize];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
                if x & (x - 1) == 0 {
                    solved |= x;
                }
            }
            if once != full {
                queue.clear();
                return Step::Contradiction;
            }
            let mut hidden = once & !twice & !solved;
            if hidden != 0 {
                progress = true;
                while hidden != 0 {
                    let d = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    // The cell may already have taken another hidden digit.
                    match house.iter().find(|&&c| s[c as usize] & d != 0) {
                        Some(&c) if s[c as usize] & (s[c as usize] - 1) != 0 => {
                            s[c as usize] = d;
                            queue.push(c);
                        }
                        _ => {
                            queue.clear();
                            return Step::Contradiction;
                        }
                    }
                }
            } else if pair.is_none() {
                let two = twice & !thrice & !solved;
                if two != 0 {
                    pair = Some((h, two & two.wrapping_neg()));
                }
            }
        }
        if progress {
            continue;
        }
        // Stuck: branch on the most constrained choice.
        let mut best = (u32::MAX, 0usize);
        for w in 0..t.words {
            let mut open = !s[cells + w];
            if w == t.words - 1 && cells % 64 != 0 {
                open &= (1u64 << (cells % 64)) - 1;
            }
            while open != 0 {
                let c = w * 64 + open.trailing_zeros() as usize;
                open &= open - 1;
                let k = s[c].count_ones();
                if k < best.0 {
                    best = (k, c);
                    if k == 2 {
                        break;
                    }
                }
            }
            if best.0 == 2 {
                break;
            }
        }
        if best.0 > 2 {
            if let Some((h, digit)) = pair {
                let house = &t.house_cells[h * n..(h + 1) * n];
                let positions = house
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| s[c as usize] & digit != 0)
                    .fold(0u64, |m, (i, _)| m | 1 << i);
                return Step::Branch(Frame::Place {
                    house: h as u32,
                    digit,
                    positions,
                });
            }
        }
        let c = best.1;
        return Step::Branch(Frame::Cell {
            cell: c as u32,
            digits: s[c],
        });
    }
}

impl Dfs {
    /// A new engine; tables are built on first use for each geometry.
    pub fn new() -> Dfs {
        Dfs::default()
    }

    fn tables_for(&mut self, geometry: &Arc<Geometry>) -> &Tables {
        let stale = match &self.tables {
            Some(t) => !(Arc::ptr_eq(&t.geometry, geometry) || *t.geometry == **geometry),
            None => true,
        };
        if stale {
            self.tables = Some(Tables::new(geometry));
        }
        self.tables.as_ref().expect("tables just built")
    }
}

impl Engine for Dfs {
    fn name(&self) -> &'static str {
        "dfs"
    }

    fn supports(&self, geometry: &Geometry) -> bool {
        geometry.size() <= MAX_SIZE
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Solutions, Unsupported> {
        let limit = limit.max(1);
        self.tables_for(puzzle.geometry());
        let Dfs {
            tables,
            states,
            frames,
            queue,
        } = self;
        let t = tables.as_ref().expect("tables built above");
        let (cells, stride) = (t.cells, t.stride);
        if states.len() < 2 * stride {
            states.resize(2 * stride, 0);
        }
        frames.clear();
        queue.clear();

        // Initial state.
        {
            let s = &mut states[..stride];
            s[..cells].fill(t.full);
            s[cells..cells + t.words].fill(0);
            s[cells + t.words] = cells as u64;
            for (i, g) in puzzle.givens().cells().iter().enumerate() {
                if let Some(d) = g {
                    s[i] = 1u64 << d.0;
                    queue.push(i as u32);
                }
            }
            if t.n == 1 {
                queue.extend((0..cells as u32).filter(|&i| puzzle.givens().cells()[i as usize].is_none()));
            }
        }

        let mut out = Solutions {
            complete: true,
            ..Solutions::default()
        };
        let mut stats = Stats::default();
        let mut grid = Grid::empty(t.n);
        let mut cur = 0usize;
        loop {
            stats.nodes += 1;
            let s = &mut states[cur * stride..(cur + 1) * stride];
            match propagate(t, s, queue) {
                Step::Contradiction => {}
                Step::Solved => {
                    out.count += 1;
                    for (i, &x) in s[..cells].iter().enumerate() {
                        grid.set(crate::Cell(i as u32), Some(Digit(x.trailing_zeros() as u8)));
                    }
                    if out.first.is_none() {
                        out.first = Some(grid.clone());
                    }
                    let flow = visit(&grid);
                    if out.count >= limit || flow.is_break() {
                        // Exhaustive only if nothing was left to explore.
                        out.complete = frames.is_empty() && flow.is_continue();
                        break;
                    }
                }
                Step::Branch(f) => frames.push(f),
            }
            let k = frames.len().wrapping_sub(1);
            let Some(f) = frames.last_mut() else {
                break;
            };
            let (cell, bit, last) = f.take(t);
            if last {
                frames.pop();
                cur = k;
            } else {
                stats.guesses += 1;
                if states.len() < (k + 2) * stride {
                    states.resize((k + 2) * stride, 0);
                }
                states.copy_within(k * stride..(k + 1) * stride, (k + 1) * stride);
                cur = k + 1;
            }
            states[cur * stride + cell] = bit;
            queue.push(cell as u32);
        }
        out.stats = stats;
        Ok(out)
    }
}
