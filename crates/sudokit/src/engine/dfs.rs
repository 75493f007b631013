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

use std::sync::Arc;

use super::{Budget, Engine, Meter, Unsupported, Visitor};
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
    /// Conflict counts per house (dom/wdeg branching), reset per puzzle.
    weights: Vec<u32>,
    /// Per-house dirty flags (see [`DIRTY`]).
    dirty: Vec<u8>,
    /// The effort bound of each solve.
    budget: Budget,
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
    /// Houses of each cell: `cell_houses[c * per_cell..][..per_cell]` is
    /// padded with `u32::MAX` for cells in fewer houses.
    cell_houses: Vec<u32>,
    per_cell: usize,
    /// Intersections of two houses with 2+ cells, for locked candidates:
    /// `seg_start[i]..` indexes `seg_cells` as [intersection, rest of the
    /// first house, rest of the second house] with lengths in `seg_len[i]`.
    seg_start: Vec<u32>,
    seg_len: Vec<[u32; 3]>,
    seg_houses: Vec<[u32; 2]>,
    seg_cells: Vec<u32>,
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
        let (seg_start, seg_len, seg_houses, seg_cells) = intersections(geometry);
        let per_cell = (0..cells)
            .map(|c| geometry.houses_of(crate::Cell(c as u32)).len())
            .max()
            .unwrap_or(0);
        let mut cell_houses = vec![u32::MAX; cells * per_cell];
        for c in 0..cells {
            for (k, &h) in geometry.houses_of(crate::Cell(c as u32)).iter().enumerate() {
                cell_houses[c * per_cell + k] = h;
            }
        }
        let words = cells.div_ceil(64);
        Tables {
            geometry: Arc::clone(geometry),
            n,
            cells,
            full: crate::DigitSet::full(n).0,
            house_cells,
            peer_start,
            peers,
            cell_houses,
            per_cell,
            seg_start,
            seg_len,
            seg_houses,
            seg_cells,
            words,
            stride: cells + words + 1,
        }
    }
}

/// Every pair of houses sharing two or more cells, as (intersection, rest of
/// the first, rest of the second) cell lists.
#[allow(clippy::type_complexity)]
fn intersections(geometry: &Geometry) -> (Vec<u32>, Vec<[u32; 3]>, Vec<[u32; 2]>, Vec<u32>) {
    let houses = geometry.houses();
    let mut start = Vec::new();
    let mut len = Vec::new();
    let mut pairs = Vec::new();
    let mut list = Vec::new();
    let mut member = vec![usize::MAX; geometry.cell_count()];
    for (a, ha) in houses.iter().enumerate() {
        for c in ha.cells() {
            member[c.index()] = a;
        }
        for (b, hb) in houses.iter().enumerate().skip(a + 1) {
            let both: Vec<u32> = hb
                .cells()
                .iter()
                .filter(|c| member[c.index()] == a)
                .map(|c| c.0)
                .collect();
            if both.len() < 2 || both.len() == hb.cells().len() {
                continue;
            }
            let rest = |h: &crate::House| -> Vec<u32> {
                h.cells()
                    .iter()
                    .map(|c| c.0)
                    .filter(|c| !both.contains(c))
                    .collect()
            };
            let (rest_a, rest_b) = (rest(ha), rest(hb));
            start.push(list.len() as u32);
            len.push([both.len() as u32, rest_a.len() as u32, rest_b.len() as u32]);
            pairs.push([a as u32, b as u32]);
            list.extend(both);
            list.extend(rest_a);
            list.extend(rest_b);
        }
    }
    (start, len, pairs, list)
}

/// A branch point: the alternatives not yet tried.
#[derive(Clone, Copy, Debug)]
enum Frame {
    /// Try each remaining digit in `cell`.
    Cell { cell: u32, digits: u64 },
    /// Try each remaining position (index within the house) for `digit`.
    Place {
        house: u32,
        digit: u64,
        positions: u64,
    },
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

/// Per-house dirty flags: bit 0 = changed since the last hidden-single scan,
/// bit 1 = changed since the last locked-candidates pass.
const DIRTY: u8 = 0b11;

/// Scratch shared by the propagation steps of one search.
struct Work<'a> {
    queue: &'a mut Vec<u32>,
    /// Conflict counts per house (for dom/wdeg branching).
    weights: &'a mut [u32],
    dirty: &'a mut [u8],
}

impl Work<'_> {
    #[inline]
    fn touch(&mut self, t: &Tables, c: usize) {
        for &h in &t.cell_houses[c * t.per_cell..(c + 1) * t.per_cell] {
            if let Some(d) = self.dirty.get_mut(h as usize) {
                *d = DIRTY;
            }
        }
    }

    #[inline]
    fn blame_cell(&mut self, t: &Tables, c: usize) {
        self.queue.clear();
        for &h in &t.cell_houses[c * t.per_cell..(c + 1) * t.per_cell] {
            if let Some(w) = self.weights.get_mut(h as usize) {
                *w += 1;
            }
        }
    }

    #[inline]
    fn blame_house(&mut self, h: usize) {
        self.queue.clear();
        self.weights[h] += 1;
    }
}

/// Removes `digits` from `cells`; queues new singles. `false` on a
/// contradiction.
#[inline]
fn eliminate(t: &Tables, s: &mut [u64], cells: &[u32], digits: u64, work: &mut Work<'_>) -> bool {
    for &c in cells {
        let x = s[c as usize];
        if x & digits != 0 {
            let y = x & !digits;
            if y == 0 {
                work.blame_cell(t, c as usize);
                return false;
            }
            s[c as usize] = y;
            work.touch(t, c as usize);
            if y & (y - 1) == 0 {
                work.queue.push(c);
            }
        }
    }
    true
}

/// Locked candidates (pointing and claiming, for any pair of houses): a digit
/// whose places in one house all lie in its intersection with another house
/// is removed from the rest of that other house. Only intersections with a
/// house changed since the last pass are examined. Returns `None` on a
/// contradiction, else whether anything changed.
fn locked_candidates(t: &Tables, s: &mut [u64], work: &mut Work<'_>) -> Option<bool> {
    let or = |s: &[u64], cells: &[u32]| cells.iter().fold(0u64, |m, &c| m | s[c as usize]);
    let mut changed = false;
    for (i, &[k, ra, rb]) in t.seg_len.iter().enumerate() {
        let [ha, hb] = t.seg_houses[i];
        if (work.dirty[ha as usize] | work.dirty[hb as usize]) & 0b10 == 0 {
            continue;
        }
        let at = t.seg_start[i] as usize;
        let (k, ra, rb) = (k as usize, ra as usize, rb as usize);
        let both = &t.seg_cells[at..at + k];
        let rest_a = &t.seg_cells[at + k..at + k + ra];
        let rest_b = &t.seg_cells[at + k + ra..at + k + ra + rb];
        let inside = or(s, both);
        let (out_a, out_b) = (or(s, rest_a), or(s, rest_b));
        let only_a = inside & !out_a & out_b;
        if only_a != 0 {
            changed = true;
            if !eliminate(t, s, rest_b, only_a, work) {
                return None;
            }
        }
        let only_b = inside & !out_b & out_a;
        if only_b != 0 {
            changed = true;
            if !eliminate(t, s, rest_a, only_b, work) {
                return None;
            }
        }
    }
    if !changed {
        for d in work.dirty.iter_mut() {
            *d &= !0b10;
        }
    }
    Some(changed)
}

/// Runs propagation on one state until a fixpoint, a contradiction or a
/// solution, and picks the branch when stuck.
fn propagate(t: &Tables, s: &mut [u64], work: &mut Work<'_>) -> Step {
    let (n, cells, full) = (t.n, t.cells, t.full);
    let rem = cells + t.words;
    loop {
        // Naked singles.
        while let Some(c) = work.queue.pop() {
            let c = c as usize;
            let (w, b) = (cells + (c >> 6), 1u64 << (c & 63));
            if s[w] & b != 0 {
                continue;
            }
            s[w] |= b;
            s[rem] -= 1;
            let bit = s[c];
            let peers = &t.peers[t.peer_start[c] as usize..t.peer_start[c + 1] as usize];
            if !eliminate(t, s, peers, bit, work) {
                return Step::Contradiction;
            }
        }
        if s[rem] == 0 {
            return Step::Solved;
        }
        // Hidden singles in the houses that changed.
        let mut progress = false;
        for (h, house) in t.house_cells.chunks_exact(n).enumerate() {
            if work.dirty[h] & 1 == 0 {
                continue;
            }
            work.dirty[h] &= !1;
            let (mut once, mut twice, mut solved) = (0u64, 0u64, 0u64);
            for &c in house {
                let x = s[c as usize];
                twice |= once & x;
                once |= x;
                if x & (x - 1) == 0 {
                    solved |= x;
                }
            }
            if once != full {
                work.blame_house(h);
                return Step::Contradiction;
            }
            let mut hidden = once & !twice & !solved;
            while hidden != 0 {
                progress = true;
                let d = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // The cell may already have taken another hidden digit.
                match house.iter().find(|&&c| s[c as usize] & d != 0) {
                    Some(&c) if s[c as usize] & (s[c as usize] - 1) != 0 => {
                        s[c as usize] = d;
                        work.touch(t, c as usize);
                        work.queue.push(c);
                    }
                    _ => {
                        work.blame_house(h);
                        return Step::Contradiction;
                    }
                }
            }
        }
        if progress {
            continue;
        }
        match locked_candidates(t, s, work) {
            None => return Step::Contradiction,
            Some(true) => continue,
            Some(false) => {}
        }
        return choose_branch(t, s, work);
    }
}

/// Picks the most constrained choice of a stalled state: for small grids the
/// first cell with two candidates, else a digit with two places in a house,
/// else the cell with fewest candidates. From 16x16 up, cells are ranked by
/// candidates divided by the conflict weight of their houses (dom/wdeg), which
/// tames the heavy-tailed searches of large grids.
fn choose_branch(t: &Tables, s: &[u64], work: &Work<'_>) -> Step {
    let (n, cells) = (t.n, t.cells);
    let weighted = n >= 16;
    let mut best = (u64::MAX, 1u64, 0usize); // (candidates, weight, cell)
    'scan: for w in 0..t.words {
        let mut open = !s[cells + w];
        if w == t.words - 1 && cells % 64 != 0 {
            open &= (1u64 << (cells % 64)) - 1;
        }
        while open != 0 {
            let c = w * 64 + open.trailing_zeros() as usize;
            open &= open - 1;
            let k = s[c].count_ones() as u64;
            if weighted {
                let wc = 1 + t.cell_houses[c * t.per_cell..(c + 1) * t.per_cell]
                    .iter()
                    .map(|&h| work.weights.get(h as usize).map_or(0, |&w| w as u64))
                    .sum::<u64>();
                if (k as u128) * (best.1 as u128) < (best.0 as u128) * (wc as u128) {
                    best = (k, wc, c);
                }
            } else if k < best.0 {
                best = (k, 1, c);
                if k == 2 {
                    break 'scan;
                }
            }
        }
    }
    if best.0 > 2 && !weighted {
        // A digit with exactly two places in some house beats a cell with 3+.
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
            let two = twice & !thrice & !solved;
            if two != 0 {
                let digit = two & two.wrapping_neg();
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
    }
    Step::Branch(Frame::Cell {
        cell: best.2 as u32,
        digits: s[best.2],
    })
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

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: Visitor<'_>,
    ) -> Result<Solutions, Unsupported> {
        super::ensure_supported(self, puzzle)?;
        let limit = limit.max(1);
        self.tables_for(puzzle.geometry());
        let mut meter = Meter::start(&self.budget);
        let Dfs {
            tables,
            states,
            frames,
            queue,
            weights,
            dirty,
            budget: _,
        } = self;
        let t = tables.as_ref().expect("tables built above");
        let (cells, stride) = (t.cells, t.stride);
        if states.len() < 2 * stride {
            states.resize(2 * stride, 0);
        }
        frames.clear();
        queue.clear();
        weights.clear();
        let houses = t.house_cells.len() / t.n;
        weights.resize(houses, 0);
        dirty.clear();
        dirty.resize(houses, DIRTY);
        let mut work = Work {
            queue,
            weights,
            dirty,
        };

        // Initial state.
        {
            let s = &mut states[..stride];
            s[..cells].fill(t.full);
            s[cells..cells + t.words].fill(0);
            s[cells + t.words] = cells as u64;
            for (i, g) in puzzle.givens().cells().iter().enumerate() {
                if let Some(d) = g {
                    s[i] = 1u64 << d.index();
                    work.queue.push(i as u32);
                }
            }
            if let Some(allowed) = puzzle.candidates() {
                for (i, a) in allowed.iter().enumerate() {
                    let before = s[i];
                    s[i] &= a.0;
                    if s[i] == 0 {
                        // A given outside its candidates, or none left.
                        return Ok(Solutions {
                            complete: true,
                            ..Solutions::default()
                        });
                    }
                    if s[i] != before && s[i].is_power_of_two() {
                        work.queue.push(i as u32);
                    }
                }
            }
            if t.n == 1 {
                work.queue.extend(
                    (0..cells as u32).filter(|&i| puzzle.givens().cells()[i as usize].is_none()),
                );
            }
        }

        let mut out = Solutions {
            complete: true,
            ..Solutions::default()
        };
        let mut stats = Stats::default();
        let mut grid = Grid::empty_of(puzzle.geometry());
        let mut cur = 0usize;
        loop {
            if !meter.allows(stats.nodes) {
                out.complete = false;
                out.stopped = meter.stopped();
                break;
            }
            stats.nodes += 1;
            let s = &mut states[cur * stride..(cur + 1) * stride];
            match propagate(t, s, &mut work) {
                Step::Contradiction => {}
                Step::Solved => {
                    out.count += 1;
                    for (i, &x) in s[..cells].iter().enumerate() {
                        grid.set(
                            crate::Cell(i as u32),
                            Some(Digit::new(x.trailing_zeros() as u8)),
                        );
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
            // The state at `k` was a stalled fixpoint: every house is clean
            // except those the new assignment touches.
            work.dirty.fill(0);
            work.touch(t, cell);
            states[cur * stride + cell] = bit;
            work.queue.push(cell as u32);
        }
        out.stats = stats;
        Ok(out)
    }
}
