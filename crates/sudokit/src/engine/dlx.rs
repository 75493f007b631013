//! The exact-cover engine: a puzzle reduced to exact cover and solved by
//! Dancing Links (the [`exact_cover`] crate).
//!
//! # The reduction
//!
//! A filled grid is an exact cover. Take as *primary items* (each must be
//! covered exactly once):
//! - one item per cell ("the cell holds a digit"), and
//! - one item per (house, digit) ("the house holds this digit"), for every
//!   house of the geometry: rows, columns, regions (boxes or jigsaw), and
//!   extra houses such as diagonals or windows. Every house has exactly `n`
//!   cells, so "holds each digit once" is the same as "holds each digit
//!   exactly once".
//!
//! and as *options* one per (cell, digit), covering the cell's item and the
//! item (h, digit) of every house h of the cell. A set of options covering
//! every item exactly once puts exactly one digit in each cell and each digit
//! exactly once in each house: a solution. For plain `n`×`n` sudoku that is
//! Knuth's 4n² items (324 for 9x9) and n³ options of 4 items each; extra
//! houses add n items each and lengthen the options of their cells.
//!
//! # Only the options the givens allow
//!
//! The seed program this replaces filled a dense 729×324 matrix for every
//! puzzle and spent 92% of its time there. Here nothing is dense, and the
//! givens prune the problem before the search sees it:
//! - givens that clash (one digit twice in a house) are caught first: no
//!   solution, and the answer is exhaustive; so is an open cell that every
//!   digit is given in one of its houses;
//! - an open cell gets an option only for the digits given in none of its
//!   houses (that is, held by none of its peers);
//! - a given cell and the (house, digit) items its digit covers are taken as
//!   already covered.
//!
//! There are two ways to apply the last point ([`Reduction`]), both measured
//! on this machine (instructions per puzzle under callgrind, solve at limit 2,
//! 300 puzzles of the 17-clue set, with clues added from the solution for the
//! denser rows):
//!
//! | clues (9x9) | 17 | 25 | 30 | 40 | 55 |
//! |---|---:|---:|---:|---:|---:|
//! | [`Reduction::PerPuzzle`] | 442k | 228k | 178k | 116k | 62k |
//! | [`Reduction::PerGeometry`] | 369k | 222k | 214k | 210k | 212k |
//!
//! (On magictour top1465, 17–28 clues and much more search: 3.35M and
//! 3.31M.)
//!
//! - **Per puzzle**: build a small problem of just the open cells, their
//!   allowed options and the uncovered (house, digit) items (for a 17-clue
//!   puzzle about 64 cells, 250 items and 300 options instead of 81, 324 and
//!   729), into buffers reused from puzzle to puzzle
//!   ([`Problem::clear`], [`Solver::load`]). Its cost falls with every clue.
//! - **Per geometry**: load the full problem once per geometry and pass the
//!   givens' options as [`Solver::set_assumptions`]; each run then covers
//!   the givens' items (and the next run uncovers them). Cheaper when the
//!   givens are few, but covering a given costs about as much as the search
//!   it saves, so the cost stays flat as clues are added.
//!
//! Both explore the same search tree (the items and options left are the
//! same, in the same order), so they report the same solutions in the same
//! order and the same node counts.
//!
//! # The default: the same search, on bitsets
//!
//! [`Reduction::Auto`], the default, runs that same search (the full problem
//! of the geometry, the givens committed first, the same item and option
//! order, the same choice rule) without the generic solver's linked lists.
//! Sudoku's exact cover is regular: every item has exactly `n` options and
//! every option has one item per house of its cell plus one. So the engine
//! keeps, per item, the set of its options still present as a bitmask over
//! its `n` options, and a length byte; covering an item walks the set bits
//! (only the options still present, as Dancing Links does) and clears each
//! such option's bit in its few items, recording the covered set on a trail
//! that uncovering replays; the choice of item reads the length bytes 8 at a
//! time. For plain and jigsaw sudoku up to 16x16 (every cell in three
//! houses) a specialised version of it does less per step: the state after
//! the givens is built from the candidates instead of selecting each given,
//! and covering an option's 4 items is one loop over their options, each
//! reading a table of that option's three other items. It reports the same
//! solutions in the same order and the same node counts as the two
//! reductions above (the tests check this on every geometry), with far
//! fewer instructions (callgrind, whole `sudokit solve --engine dlx -f
//! line` process, per puzzle, first 2000 puzzles of the 17-clue set: 71k at
//! limit 1 and 105k at limit 2, against 109k and 166k for the
//! unspecialised bitset search and 383k at limit 2 for the previous
//! default; first 300 of magictour top1465: 0.56M and 0.95M, against 0.90M
//! and 1.52M). Those counts are 10% above an earlier version of it (64k and
//! 94k; 0.51M and 0.86M) that covered the 4 items in a loop each and built
//! the start state candidate by candidate, but this one is faster:
//! cachegrind's branch simulation counts half the mispredicted branches
//! (370 per puzzle at limit 1 against 720), and the wall time fell by about
//! 1.2x. The two reductions remain, as the reference the bitset search is
//! checked against, and to exercise the exact-cover crate.
//!
//! # Search and statistics
//!
//! The solver branches on the item with the fewest remaining options and
//! takes an item with one option at once, so it finds naked singles (a cell
//! item with one option) and hidden singles (a (house, digit) item with one
//! option) without any sudoku-specific code.
//!
//! [`Stats::nodes`] is the solver's node count (search levels entered, as
//! Knuth counts them). The solver does not count the alternatives it tries at
//! branch points, so [`Stats::guesses`] holds a measure of the same thing
//! that its counters allow: the nodes beyond the `e` that a search with no
//! wrong turn needs, where `e` is the number of open cells (every level fills
//! one cell). It is 0 when singles alone solved (or refuted) the puzzle, and
//! grows with every wrong turn.

use std::ops::ControlFlow;
use std::sync::Arc;

use exact_cover::{ItemId, Problem, Solver, Summary};

use super::{Budget, Engine, Meter, StopReason, Unsupported};
use crate::digits::{Cell, Digit, DigitSet, MAX_SIZE};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::{Solutions, Stats};
use crate::puzzle::Puzzle;

/// How [`Dlx`] turns the givens into an exact cover problem and searches it;
/// see the [module docs](self) for the measurements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// The full problem of the geometry, searched on bitsets by the engine
    /// itself (same search tree as the other two, several times faster);
    /// see the [module docs](self). The default.
    #[default]
    Auto,
    /// A problem of only the open cells and the options the givens allow,
    /// built for each puzzle.
    PerPuzzle,
    /// The full problem of the geometry, built once, with the givens as the
    /// solver's assumptions.
    PerGeometry,
}

/// No item: a given cell, or a (house, digit) whose digit is given in the
/// house.
const NONE: u32 = u32::MAX;

/// The Dancing Links engine; see the [module docs](self).
#[derive(Debug, Default)]
pub struct Dlx {
    reduction: Reduction,
    /// Digits given in each house, as bitsets.
    given: Vec<u64>,
    /// Candidates of each cell (after the givens' eliminations); 0 for a
    /// given cell.
    candidates: Vec<u64>,
    sparse: Sparse,
    full: Full,
    cells: Cells,
    small: Small,
    /// The effort bound of each solve.
    budget: Budget,
}

/// The per-puzzle problem and its buffers.
#[derive(Debug, Default)]
struct Sparse {
    problem: Problem,
    solver: Solver,
    /// `(cell, digit)` of each option.
    options: Vec<(u32, u8)>,
    /// Item of each open cell, [`NONE`] for a given.
    cell_item: Vec<u32>,
    /// Item of each (house, digit), at `house * n + digit`.
    house_item: Vec<u32>,
}

/// The full problem of one geometry: option `cell * n + digit` for every
/// cell and digit; items are the cells, then (house, digit) at
/// `cells + house * n + digit`.
#[derive(Debug, Default)]
struct Full {
    geometry: Option<Arc<Geometry>>,
    problem: Problem,
    solver: Solver,
    assumptions: Vec<usize>,
}

/// Whether `a` is (or equals) the geometry `b`.
fn same_geometry(a: Option<&Arc<Geometry>>, b: &Arc<Geometry>) -> bool {
    a.is_some_and(|a| Arc::ptr_eq(a, b) || **a == **b)
}

impl Sparse {
    /// Builds the problem of the open cells and loads it.
    fn load(&mut self, g: &Geometry, given: &[u64], candidates: &[u64]) {
        let n = g.size();
        let p = &mut self.problem;
        p.clear();
        self.options.clear();
        self.cell_item.clear();
        for &c in candidates {
            let item = if c == 0 {
                NONE
            } else {
                item_index(p.add_primary(""))
            };
            self.cell_item.push(item);
        }
        self.house_item.clear();
        for &seen in given {
            for d in 0..n {
                let item = if seen >> d & 1 == 0 {
                    item_index(p.add_primary(""))
                } else {
                    NONE
                };
                self.house_item.push(item);
            }
        }
        for (c, (&item, &cands)) in self.cell_item.iter().zip(candidates).enumerate() {
            let houses = g.houses_of(Cell(c as u32));
            let mut rest = cands;
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let house_item = &self.house_item;
                let items = std::iter::once(item)
                    .chain(houses.iter().map(|&h| house_item[h as usize * n + d]))
                    .map(|i| (ItemId::from_index(i as usize), None));
                // The items exist (the digit is given in none of the cell's
                // houses) and are distinct (so are the houses), and the
                // problem is far below the size limit: this cannot fail.
                p.add_option_iter(items).expect("a valid option");
                self.options.push((c as u32, d as u8));
            }
        }
        self.solver.load(p);
    }
}

fn item_index(id: ItemId) -> u32 {
    id.index() as u32
}

impl Full {
    /// Builds and loads the full problem of `geometry`, unless it is loaded.
    fn prepare(&mut self, geometry: &Arc<Geometry>) {
        if same_geometry(self.geometry.as_ref(), geometry) {
            return;
        }
        let g = geometry;
        let (n, cells) = (g.size(), g.cell_count());
        let p = &mut self.problem;
        p.clear();
        for _ in 0..cells + g.houses().len() * n {
            p.add_primary("");
        }
        for c in 0..cells {
            let houses = g.houses_of(Cell(c as u32));
            for d in 0..n {
                let items = std::iter::once(c)
                    .chain(houses.iter().map(|&h| cells + h as usize * n + d))
                    .map(|i| (ItemId::from_index(i), None));
                // Distinct existing items, far below the size limit.
                p.add_option_iter(items).expect("a valid option");
            }
        }
        self.solver.load(p);
        self.geometry = Some(Arc::clone(geometry));
    }
}

/// Flag added to the length of a covered item, so that the MRV scan over
/// the lengths skips covered items without a test of its own (lengths are at
/// most `n <= 64`).
const COVERED: u8 = 128;

/// The full problem of one geometry, searched with bitsets instead of links.
///
/// Every item has exactly `n` options and every option at most `stride`
/// items, so both incidence lists are fixed-stride tables. The state is, per
/// item, the set of its options not yet hidden, as a bitmask over its
/// option list (`live`), and its size plus [`COVERED`] once covered (`len`).
/// Covering an item hides the options of its `live` set (clearing their bit
/// in each of their items) and records that set on a trail; uncovering sets
/// the same bits again, in reverse order. As with Dancing Links, only the
/// options still present are visited, but with no pointers to chase.
///
/// Items and options are numbered as in [`Full`] (items: cells, then
/// (house, digit) at `cells + house * n + digit`; option `cell * n + digit`),
/// each item's options are listed in increasing order, and the search picks
/// the leftmost uncovered item with the fewest options (taking one with 0 or
/// 1 at once) and tries its options in order, exactly as the exact-cover
/// [`Solver`] does on the full problem: the search tree, the solutions'
/// order and the node counts are the same (the tests check this).
#[derive(Debug, Default)]
struct Cells {
    geometry: Option<Arc<Geometry>>,
    n: usize,
    /// Number of items.
    items: usize,
    /// `items` rounded up to a multiple of 8: the MRV scan reads `len` 8
    /// bytes at a time; the bytes past `items` stay `u8::MAX`. Item `scan`
    /// is a padding item, which no option lists but options of cells with
    /// fewer houses than others hold to fill their stride.
    scan: usize,
    /// Items per option, padded to `stride` with the padding item.
    stride: usize,
    /// Items of each option (`stride` per option), each with the bit of
    /// its `live` mask that stands for the option.
    opt_items: Vec<Entry>,
    /// Real items of each option.
    opt_len: Vec<u8>,
    /// The `n` options of each item, in increasing order.
    item_opts: Vec<u32>,
    /// Per item (and the padding): options not hidden.
    live: Vec<u64>,
    /// Per item (and the padding): number of options not hidden, plus
    /// [`COVERED`].
    len: Vec<u8>,
    /// Per level, `stride` slots: the `live` set of each covered item.
    trail: Vec<u64>,
    /// Per level: the item branched on, its options not tried yet, and the
    /// option being tried.
    stack_item: Vec<u32>,
    stack_rest: Vec<u64>,
    stack_opt: Vec<u32>,
}

/// An item of an option, and the bit of the item's `live` mask that
/// stands for the option.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    item: u32,
    bit: u32,
}

/// The tables [`select`] and [`deselect`] read. `S` is the stride when
/// known at compile time (plain sudoku: 4), 0 when it is `stride`.
#[derive(Clone, Copy)]
struct Tables<'a, const S: usize> {
    n: usize,
    stride: usize,
    opt_items: &'a [Entry],
    opt_len: &'a [u8],
    item_opts: &'a [u32],
}

impl<const S: usize> Tables<'_, S> {
    #[inline(always)]
    fn stride(&self) -> usize {
        if S == 0 {
            self.stride
        } else {
            S
        }
    }

    /// The entries of option `o`, padding included.
    #[inline(always)]
    fn entries(&self, o: usize) -> &[Entry] {
        let s = self.stride();
        &self.opt_items[o * s..o * s + s]
    }
}

/// Chooses option `o`: covers its items, hiding every option in their
/// `live` sets, and records those sets in `trail`.
#[inline(always)]
fn select<const S: usize>(
    t: Tables<'_, S>,
    live: &mut [u64],
    len: &mut [u8],
    trail: &mut [u64],
    o: usize,
) {
    let own = t.entries(o);
    for k in 0..t.opt_len[o] as usize {
        let c = own[k].item as usize;
        len[c] = len[c].wrapping_add(COVERED);
        let mut m = live[c];
        trail[k] = m;
        while m != 0 {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            let o2 = t.item_opts[c * t.n + b] as usize;
            for (j, e) in t.entries(o2).iter().enumerate() {
                // With a fixed stride every option lists its items in the
                // same order (cell, row, column, region), so item `c` is
                // entry `k` of `o2` too: as in Knuth's `hide`, the item
                // being covered is left alone (it is covered, and its
                // `live` set is restored from the trail).
                if S != 0 && j == k {
                    continue;
                }
                let c2 = e.item as usize;
                live[c2] &= !(1 << e.bit);
                len[c2] = len[c2].wrapping_sub(1);
            }
        }
    }
}

/// Undoes [`select`].
#[inline(always)]
fn deselect<const S: usize>(
    t: Tables<'_, S>,
    live: &mut [u64],
    len: &mut [u8],
    trail: &[u64],
    o: usize,
) {
    let own = t.entries(o);
    for k in (0..t.opt_len[o] as usize).rev() {
        let c = own[k].item as usize;
        let mut m = trail[k];
        while m != 0 {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            let o2 = t.item_opts[c * t.n + b] as usize;
            for (j, e) in t.entries(o2).iter().enumerate() {
                if S != 0 && j == k {
                    continue;
                }
                let c2 = e.item as usize;
                live[c2] |= 1 << e.bit;
                len[c2] = len[c2].wrapping_add(1);
            }
        }
        len[c] = len[c].wrapping_sub(COVERED);
    }
}

/// The leftmost item with at most one option left if there is one (a dead
/// end or a forced move), else the leftmost item with the fewest options:
/// the item the exact-cover [`Solver`] picks. `len` (see [`Cells::len`]) has
/// a multiple of 8 bytes, read 8 at a time: the leftmost byte below `t` is
/// spotted with the "has a byte less than t" trick (exact for the lowest
/// such byte; covered items and padding have their top bit set and never
/// match), for `t` = 2, then 3, 4, …: the first `t` that matches gives the
/// leftmost item of the smallest length. Lengths are at most 64, so the
/// loop ends by `t` = 65.
#[inline(always)]
fn choose(len: &[u8]) -> usize {
    const ONES: u64 = u64::MAX / 255;
    for t in 2..=65 {
        for (k, chunk) in len.chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            let low = x.wrapping_sub(t * ONES) & !x & (128 * ONES);
            if low != 0 {
                return k * 8 + (low.trailing_zeros() / 8) as usize;
            }
        }
    }
    // Only when every item is covered, which the search never asks.
    0
}

/// [`choose`] for `len` of a multiple of 16 bytes: each pass reads two
/// words per step and tests them together.
#[inline(always)]
fn choose16(len: &[u8]) -> usize {
    const ONES: u64 = u64::MAX / 255;
    const HIGH: u64 = 128 * ONES;
    for t in 2..=65 {
        for (k, block) in len.chunks_exact(16).enumerate() {
            let x = u64::from_le_bytes(block[..8].try_into().expect("8 bytes"));
            let y = u64::from_le_bytes(block[8..].try_into().expect("8 bytes"));
            let lx = x.wrapping_sub(t * ONES) & !x;
            let ly = y.wrapping_sub(t * ONES) & !y;
            if (lx | ly) & HIGH != 0 {
                let (low, base) = if lx & HIGH != 0 {
                    (lx & HIGH, 0)
                } else {
                    (ly & HIGH, 8)
                };
                return k * 16 + base + (low.trailing_zeros() / 8) as usize;
            }
        }
    }
    // Only when every item is covered, which the search never asks.
    0
}

/// Receives each solution's (cell, digit) pairs; `Break` stops the search.
type Deliver<'a> = &'a mut dyn FnMut(&mut dyn Iterator<Item = (u32, u8)>) -> ControlFlow<()>;

impl Cells {
    /// Builds the tables of `geometry`, unless they are built.
    fn prepare(&mut self, geometry: &Arc<Geometry>) {
        if same_geometry(self.geometry.as_ref(), geometry) {
            return;
        }
        let g = geometry;
        let (n, cells) = (g.size(), g.cell_count());
        let items = cells + g.houses().len() * n;
        let stride = (0..cells)
            .map(|c| 1 + g.houses_of(Cell(c as u32)).len())
            .max()
            .unwrap_or(1);
        // Position of each cell in each of its houses.
        let mut pos = vec![0u8; g.houses().len() * cells];
        for (h, house) in g.houses().iter().enumerate() {
            for (k, c) in house.cells().iter().enumerate() {
                pos[h * cells + c.index()] = k as u8;
            }
        }
        let scan = items.div_ceil(8) * 8;
        self.n = n;
        self.items = items;
        self.scan = scan;
        self.stride = stride;
        self.opt_items.clear();
        self.opt_len.clear();
        for c in 0..cells {
            let houses = g.houses_of(Cell(c as u32));
            for d in 0..n {
                let entry = |item: usize, bit: u8| Entry {
                    item: item as u32,
                    bit: u32::from(bit),
                };
                self.opt_items.push(entry(c, d as u8));
                for &h in houses {
                    let h = h as usize;
                    self.opt_items
                        .push(entry(cells + h * n + d, pos[h * cells + c]));
                }
                for _ in houses.len() + 1..stride {
                    self.opt_items.push(entry(scan, 0));
                }
                self.opt_len.push((houses.len() + 1) as u8);
            }
        }
        self.item_opts.clear();
        for c in 0..cells {
            self.item_opts.extend((0..n).map(|d| (c * n + d) as u32));
        }
        for house in g.houses() {
            for d in 0..n {
                // A house's cells are in increasing order, so are the options.
                self.item_opts
                    .extend(house.cells().iter().map(|c| (c.index() * n + d) as u32));
            }
        }
        self.live.clear();
        self.live.resize(scan + 1, 0);
        self.len.clear();
        self.len.resize(scan + 1, u8::MAX);
        self.trail.clear();
        self.trail.resize((cells + 1) * stride, 0);
        self.stack_item.clear();
        self.stack_item.resize(cells + 1, 0);
        self.stack_rest.clear();
        self.stack_rest.resize(cells + 1, 0);
        self.stack_opt.clear();
        self.stack_opt.resize(cells + 1, 0);
        self.geometry = Some(Arc::clone(geometry));
    }

    /// Searches the puzzle whose givens are `givens` (cell → digit), calling
    /// `deliver` with the (cell, digit) pairs of each solution, up to `limit`
    /// solutions, while `meter` allows. Returns (solutions, nodes,
    /// complete).
    fn solve(
        &mut self,
        givens: &[Option<Digit>],
        limit: u64,
        meter: &mut Meter,
        deliver: Deliver<'_>,
    ) -> (u64, u64, bool) {
        match self.stride {
            4 => self.solve_impl::<4>(givens, limit, meter, deliver),
            _ => self.solve_impl::<0>(givens, limit, meter, deliver),
        }
    }

    /// Sets the state after the givens (cell → digit), selecting each
    /// given's option. Returns the number of uncovered items.
    fn start<const S: usize>(&mut self, givens: &[Option<Digit>]) -> usize {
        let (n, items, stride) = (self.n, self.items, self.stride);
        let t = Tables::<S> {
            n,
            stride,
            opt_items: &self.opt_items,
            opt_len: &self.opt_len,
            item_opts: &self.item_opts,
        };
        let (live, len, trail) = (&mut self.live[..], &mut self.len[..], &mut self.trail[..]);
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        live[..items].fill(all);
        len[..items].fill(n as u8);
        let mut remaining = items;
        for (c, v) in givens.iter().enumerate() {
            if let Some(d) = v {
                let o = c * n + d.index();
                // The givens do not clash (checked by `scan`): every item of
                // the option is still uncovered. Nothing undoes them (the
                // next puzzle starts afresh), so the trail slot is scratch.
                select(t, live, len, &mut trail[..stride], o);
                remaining -= t.opt_len[o] as usize;
            }
        }
        remaining
    }

    /// [`solve`](Self::solve) with the stride `S` (0: `self.stride`).
    fn solve_impl<const S: usize>(
        &mut self,
        givens: &[Option<Digit>],
        limit: u64,
        meter: &mut Meter,
        deliver: Deliver<'_>,
    ) -> (u64, u64, bool) {
        let mut remaining = self.start::<S>(givens);
        let (n, scan, stride) = (self.n, self.scan, self.stride);
        let t = Tables::<S> {
            n,
            stride,
            opt_items: &self.opt_items,
            opt_len: &self.opt_len,
            item_opts: &self.item_opts,
        };
        let live = &mut self.live[..];
        let len = &mut self.len[..];
        let trail = &mut self.trail[..];
        let stack_item = &mut self.stack_item[..];
        let stack_rest = &mut self.stack_rest[..];
        let stack_opt = &mut self.stack_opt[..];
        let mut count = 0;
        let mut nodes = 0;
        if remaining == 0 {
            count = 1;
            let stop = deliver(&mut std::iter::empty()).is_break() || count >= limit;
            return (count, nodes, !stop);
        }
        let mut level = 0;
        // Enter a new search level.
        'forward: loop {
            if !meter.allows(nodes) {
                return (count, nodes, false);
            }
            nodes += 1;
            let best = choose(&len[..scan]);
            stack_item[level] = best as u32;
            stack_rest[level] = live[best];
            // Try the next option at this level, backing up when none is left.
            loop {
                let rest = stack_rest[level];
                if rest != 0 {
                    stack_rest[level] = rest & (rest - 1);
                    let it = stack_item[level] as usize;
                    let o = t.item_opts[it * n + rest.trailing_zeros() as usize] as usize;
                    stack_opt[level] = o as u32;
                    let slot = level * stride;
                    select(t, live, len, &mut trail[slot..slot + stride], o);
                    remaining -= t.opt_len[o] as usize;
                    if remaining != 0 {
                        level += 1;
                        continue 'forward;
                    }
                    count += 1;
                    let mut cells = stack_opt[..=level]
                        .iter()
                        .map(|&o| (o / n as u32, (o % n as u32) as u8));
                    if deliver(&mut cells).is_break() || count >= limit {
                        return (count, nodes, false);
                    }
                    deselect(t, live, len, &trail[slot..slot + stride], o);
                    remaining += t.opt_len[o] as usize;
                    continue;
                }
                if level == 0 {
                    return (count, nodes, true);
                }
                level -= 1;
                let o = stack_opt[level] as usize;
                let slot = level * stride;
                deselect(t, live, len, &trail[slot..slot + stride], o);
                remaining += t.opt_len[o] as usize;
            }
        }
    }
}

/// Largest `n` the [`Small`] search handles: its `live` masks are `u16`.
const SMALL_N: usize = 16;

/// Length of the [`Small`] state arrays: any `u16` indexes them, so the hot
/// loops need no bounds checks (only the first `scan` entries are used).
const SMALL_SLOTS: usize = 1 << 16;

/// Length of [`Small::others`]: rows for 1024 items of 16 options (16x16).
const SMALL_ROWS: usize = 1 << 14;

/// Covering option `o` in [`Small`]: the `live` sets of its 4 items side by
/// side in a `u64` (16 bits each, the option's items in order), less the
/// options that an item before in that order also lists (`keep`), are the
/// options to hide, each exactly once; lane `k` of `rows` is `items[k] * n`,
/// the first row of `others` for that item.
#[derive(Clone, Copy, Debug, Default)]
struct Cover {
    items: [u16; 4],
    rows: u64,
    keep: u64,
}

/// An item of an option and the bit of the item's `live` mask that stands
/// for the option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Link {
    item: u16,
    bit: u16,
}

/// The [`Cells`] search specialised to the geometries where every cell lies
/// in exactly three houses and `n <= 16` (plain and jigsaw sudoku of any
/// size up to 16x16): every option has exactly 4 items, masks are `u16`.
///
/// Same state and same search as [`Cells`], with four changes that leave
/// the search tree alone:
/// - the initial state is built from the candidates [`Dlx::scan`] found
///   instead of selecting every given's option, and without a branch per
///   cell or candidate: a cell item's `live` set is the cell's candidates,
///   and the (house, digit) items' sets are gathered per house, 4 digits to
///   a `u64` ([`gather`]);
/// - hiding option `b` of item `c` updates the three *other* items of that
///   option, read from a table made for `(c, b)` (`others`), so the inner
///   loop has neither an option lookup nor a test for the item being
///   covered;
/// - the 4 items of an option are covered in one loop over their `live`
///   sets side by side in a `u64`, an option listed by two of them taken
///   once ([`Cover`]): one loop exit (mostly a mispredicted branch) per
///   option chosen instead of one per item;
/// - a covered item's `live` set is never touched while it is covered (every
///   option hidden or restored meanwhile is present, so none of its items
///   is covered), so uncovering reads it back from `live`: no trail. For the
///   same reason a hidden option's bit is set in each of its items, and
///   hiding and restoring both toggle it.
#[derive(Debug, Default)]
struct Small {
    geometry: Option<Arc<Geometry>>,
    /// Whether the geometry fits (n <= 16, every cell in three houses).
    fits: bool,
    n: usize,
    cells: usize,
    items: usize,
    /// `items` rounded up to a multiple of 16, for [`choose16`].
    scan: usize,
    /// The 4 items of each option: its cell, then its houses' items.
    opt: Vec<[Link; 4]>,
    /// What covering each option reads: see [`Cover`].
    cover: Vec<Cover>,
    /// At `item * n + b`: the other 3 items of the item's option `b`
    /// ([`SMALL_ROWS`] long, so that a masked index needs no check).
    others: Vec<[Link; 3]>,
    /// The `n` options of each item, in increasing order.
    item_opts: Vec<u16>,
    /// Per item: options not hidden ([`SMALL_SLOTS`] long).
    live: Vec<u16>,
    /// Per item: number of options not hidden, plus [`COVERED`]
    /// ([`SMALL_SLOTS`] long; `u8::MAX` from `items` to `scan`).
    len: Vec<u8>,
    /// Per level: the item branched on, its options not tried yet, and the
    /// option being tried.
    stack_item: Vec<u16>,
    stack_rest: Vec<u16>,
    stack_opt: Vec<u16>,
    /// The three houses of each cell and the cell's position in each.
    homes: Vec<[(u16, u16); 3]>,
    /// Per house, scratch for [`Small::start`]: the house's `live` sets,
    /// digit `d` in bits `16 * (d % 4)..` of word `d / 4`.
    lanes: Vec<[u64; 4]>,
}

/// Bits 0 to 3 of `x` moved to bits 0, 16, 32 and 48.
#[inline(always)]
fn spread4(x: u64) -> u64 {
    // The products x_i * 2^(15 j) land at distinct bits i + 15 j (i < 4),
    // so nothing carries; bit 16 i holds x_i.
    ((x & 15) * 0x0000_2000_4000_8001) & 0x0001_0001_0001_0001
}

/// The number of set bits of each 16-bit lane of `x`, in the lane.
#[inline(always)]
fn lane_counts(x: u64) -> u64 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let x = x - ((x >> 1) & M1);
    let x = (x & M2) + ((x >> 2) & M2);
    let x = (x + (x >> 4)) & M4;
    (x + (x >> 8)) & 0x00ff_00ff_00ff_00ff
}

/// The cell items' part of [`Small::start`], and the gathering of the
/// (house, digit) items' `live` sets into `lanes`, `G` words per house (4
/// digits to a word). Returns the number of given cells.
#[inline(always)]
fn gather<const G: usize>(
    candidates: &[u64],
    homes: &[[(u16, u16); 3]],
    lanes: &mut [[u64; 4]],
    live: &mut [u16; SMALL_SLOTS],
    len: &mut [u8; SMALL_SLOTS],
) -> usize {
    let mut givens = 0;
    for ((c, &cands), home) in candidates.iter().enumerate().zip(homes) {
        live[c % SMALL_SLOTS] = cands as u16;
        let count = cands.count_ones() as u8;
        // A given cell (an open one has a candidate) is covered.
        len[c % SMALL_SLOTS] = if cands == 0 { COVERED } else { count };
        givens += usize::from(cands == 0);
        let spread: [u64; G] = std::array::from_fn(|g| spread4(cands >> (4 * g)));
        for &(h, pos) in home {
            let words = &mut lanes[usize::from(h)];
            for g in 0..G {
                words[g] |= spread[g] << pos;
            }
        }
    }
    givens
}

impl Small {
    /// Builds the tables of `geometry` unless they are built; returns
    /// whether this search handles the geometry.
    fn prepare(&mut self, geometry: &Arc<Geometry>) -> bool {
        if same_geometry(self.geometry.as_ref(), geometry) {
            return self.fits;
        }
        let g = geometry;
        let (n, cells) = (g.size(), g.cell_count());
        self.geometry = Some(Arc::clone(geometry));
        self.fits = n <= SMALL_N && (0..cells).all(|c| g.houses_of(Cell(c as u32)).len() == 3);
        if !self.fits {
            return false;
        }
        let items = cells + g.houses().len() * n;
        let scan = items.div_ceil(16) * 16;
        let mut pos = vec![0u16; g.houses().len() * cells];
        for (h, house) in g.houses().iter().enumerate() {
            for (k, c) in house.cells().iter().enumerate() {
                pos[h * cells + c.index()] = k as u16;
            }
        }
        self.n = n;
        self.cells = cells;
        self.homes.clear();
        for c in 0..cells {
            let houses = g.houses_of(Cell(c as u32));
            let home = |k: usize| {
                let h = houses[k] as usize;
                (h as u16, pos[h * cells + c])
            };
            self.homes.push([home(0), home(1), home(2)]);
        }
        self.lanes.clear();
        self.lanes.resize(g.houses().len(), [0; 4]);
        self.items = items;
        self.scan = scan;
        self.opt.clear();
        for c in 0..cells {
            let houses = g.houses_of(Cell(c as u32));
            for d in 0..n {
                let mut links = [Link {
                    item: c as u16,
                    bit: 1 << d,
                }; 4];
                for (l, &h) in links[1..].iter_mut().zip(houses) {
                    let h = h as usize;
                    *l = Link {
                        item: (cells + h * n + d) as u16,
                        bit: 1 << pos[h * cells + c],
                    };
                }
                self.opt.push(links);
            }
        }
        self.item_opts.clear();
        for c in 0..cells {
            self.item_opts.extend((0..n).map(|d| (c * n + d) as u16));
        }
        for house in g.houses() {
            for d in 0..n {
                // A house's cells are in increasing order, so are the options.
                self.item_opts
                    .extend(house.cells().iter().map(|c| (c.index() * n + d) as u16));
            }
        }
        self.others.clear();
        for (item, opts) in self.item_opts.chunks_exact(n).enumerate() {
            for &o in opts {
                let mut rest = self.opt[o as usize]
                    .iter()
                    .filter(|l| usize::from(l.item) != item);
                let mut next = || *rest.next().expect("an option has 4 distinct items");
                self.others.push([next(), next(), next()]);
            }
        }
        self.others.resize(SMALL_ROWS, [Link::default(); 3]);
        self.cover.clear();
        for links in &self.opt {
            let items = links.map(|l| l.item);
            let (mut rows, mut keep) = (0, 0);
            for (k, &c) in items.iter().enumerate() {
                let c = usize::from(c);
                rows |= ((c * n) as u64) << (16 * k);
                // The options of item `k` that an earlier item lists (the
                // option itself, and those of a row or column that share the
                // region with it) are hidden through that earlier item.
                let mut lane = 0u64;
                for (b, &p) in self.item_opts[c * n..c * n + n].iter().enumerate() {
                    let shared = self.opt[usize::from(p)]
                        .iter()
                        .any(|l| items[..k].contains(&l.item));
                    if !shared {
                        lane |= 1 << b;
                    }
                }
                keep |= lane << (16 * k);
            }
            self.cover.push(Cover { items, rows, keep });
        }
        self.live.clear();
        self.live.resize(SMALL_SLOTS, 0);
        self.len.clear();
        self.len.resize(SMALL_SLOTS, u8::MAX);
        for v in [
            &mut self.stack_item,
            &mut self.stack_rest,
            &mut self.stack_opt,
        ] {
            v.clear();
            v.resize(cells + 1, 0);
        }
        true
    }

    /// Sets the state after the givens: `candidates` and `given` as
    /// [`Dlx::scan`] leaves them. Returns the number of uncovered items.
    fn start(&mut self, given: &[u64], candidates: &[u64]) -> usize {
        let (n, cells, items) = (self.n, self.cells, self.items);
        let live: &mut [u16; SMALL_SLOTS] = (&mut self.live[..]).try_into().expect("sized");
        let len: &mut [u8; SMALL_SLOTS] = (&mut self.len[..]).try_into().expect("sized");
        // Without a branch per cell or per candidate: a cell item's options
        // are its candidates; a (house, digit) item's are the house's cells
        // with the digit, gathered 4 digits to a word.
        let lanes = &mut self.lanes[..];
        lanes.fill([0; 4]);
        let groups = n.div_ceil(4);
        let cands = &candidates[..cells];
        let givens = match groups {
            1 => gather::<1>(cands, &self.homes, lanes, live, len),
            2 => gather::<2>(cands, &self.homes, lanes, live, len),
            3 => gather::<3>(cands, &self.homes, lanes, live, len),
            _ => gather::<4>(cands, &self.homes, lanes, live, len),
        };
        for (h, (words, &seen)) in lanes.iter().zip(given).enumerate() {
            let first = cells + h * n;
            for (g, &w) in words.iter().enumerate().take(groups) {
                let counts = lane_counts(w);
                for k in 0..4.min(n - 4 * g) {
                    let d = 4 * g + k;
                    live[first + d] = (w >> (16 * k)) as u16;
                    // A digit given in the house: no open cell of the house
                    // has it, and its item is covered.
                    let covered = (seen >> d & 1) as u8 * COVERED;
                    len[first + d] = (counts >> (16 * k)) as u8 | covered;
                }
            }
        }
        // Each given covers its cell and its three (house, digit) items.
        items - 4 * givens
    }

    /// As [`Cells::solve`], the givens given as [`Dlx::scan`] left them.
    fn solve(
        &mut self,
        given: &[u64],
        candidates: &[u64],
        limit: u64,
        meter: &mut Meter,
        deliver: Deliver<'_>,
    ) -> (u64, u64, bool) {
        let mut remaining = self.start(given, candidates);
        let (n, scan) = (self.n, self.scan);
        let cover = &self.cover[..];
        let others: &[[Link; 3]; SMALL_ROWS] = (&self.others[..]).try_into().expect("sized");
        let item_opts = &self.item_opts[..];
        let live: &mut [u16; SMALL_SLOTS] = (&mut self.live[..]).try_into().expect("sized");
        let len: &mut [u8; SMALL_SLOTS] = (&mut self.len[..]).try_into().expect("sized");
        let stack_item = &mut self.stack_item[..];
        let stack_rest = &mut self.stack_rest[..];
        let stack_opt = &mut self.stack_opt[..];
        let mut count = 0;
        let mut nodes = 0;
        if remaining == 0 {
            count = 1;
            let stop = deliver(&mut std::iter::empty()).is_break() || count >= limit;
            return (count, nodes, !stop);
        }
        // Covers the items of option `o` (`$cover`), hiding the options of
        // their `live` sets, or uncovers them, restoring those options. The
        // options to hide are read before any is hidden, each from the first
        // of its items in the option's order ([`Cover`]), so the work is one
        // loop, and it is the same as covering the items one after the
        // other. A covered item's `live` set then lacks exactly the options
        // the `keep` mask drops (they were hidden through an earlier item),
        // so uncovering reads the same options from `live` unmasked.
        macro_rules! visit {
            ($o:expr, $cover:expr) => {{
                let Cover { items, rows, keep } = cover[$o];
                let mut m = 0;
                for (k, &c) in items.iter().enumerate() {
                    let c = usize::from(c);
                    m |= u64::from(live[c]) << (16 * k);
                    if $cover {
                        len[c] = len[c].wrapping_add(COVERED);
                    } else {
                        len[c] = len[c].wrapping_sub(COVERED);
                    }
                }
                if $cover {
                    m &= keep;
                }
                while m != 0 {
                    let b = m.trailing_zeros();
                    m &= m - 1;
                    let first = (rows >> (b & 48)) as u16;
                    let row = (usize::from(first) + (b & 15) as usize) % SMALL_ROWS;
                    for l in &others[row] {
                        let i = l.item as usize;
                        live[i] ^= l.bit;
                        if $cover {
                            len[i] = len[i].wrapping_sub(1);
                        } else {
                            len[i] = len[i].wrapping_add(1);
                        }
                    }
                }
            }};
        }
        let mut level = 0;
        // Enter a new search level.
        'forward: loop {
            if !meter.allows(nodes) {
                return (count, nodes, false);
            }
            nodes += 1;
            let best = choose16(&len[..scan]);
            stack_item[level] = best as u16;
            stack_rest[level] = live[best & (SMALL_SLOTS - 1)];
            // Try the next option at this level, backing up when none is left.
            loop {
                let rest = stack_rest[level];
                if rest != 0 {
                    stack_rest[level] = rest & (rest - 1);
                    let it = stack_item[level] as usize;
                    let o = item_opts[it * n + rest.trailing_zeros() as usize] as usize;
                    stack_opt[level] = o as u16;
                    visit!(o, true);
                    remaining -= 4;
                    if remaining != 0 {
                        level += 1;
                        continue 'forward;
                    }
                    count += 1;
                    let mut cells = stack_opt[..=level]
                        .iter()
                        .map(|&o| (u32::from(o) / n as u32, (u32::from(o) % n as u32) as u8));
                    if deliver(&mut cells).is_break() || count >= limit {
                        return (count, nodes, false);
                    }
                    visit!(o, false);
                    remaining += 4;
                    continue;
                }
                if level == 0 {
                    return (count, nodes, true);
                }
                level -= 1;
                let o = stack_opt[level] as usize;
                visit!(o, false);
                remaining += 4;
            }
        }
    }
}

impl Dlx {
    /// A new engine, with [`Reduction::Auto`].
    pub fn new() -> Dlx {
        Dlx::default()
    }

    /// A new engine that reduces puzzles as `reduction` says.
    pub fn with_reduction(reduction: Reduction) -> Dlx {
        Dlx {
            reduction,
            ..Dlx::default()
        }
    }

    /// The reduction this engine uses.
    pub fn reduction(&self) -> Reduction {
        self.reduction
    }

    /// Records the digits given in each house and the candidates of each
    /// cell. Returns the number of open cells, or `None` when the givens
    /// clash or leave an open cell without a candidate.
    fn scan(&mut self, puzzle: &Puzzle) -> Option<usize> {
        let g = puzzle.geometry();
        let full = DigitSet::full(g.size()).0;
        let givens = puzzle.givens().cells();
        self.given.clear();
        self.given.resize(g.houses().len(), 0);
        for (i, v) in givens.iter().enumerate() {
            if let Some(d) = v {
                let bit = 1u64 << d.index();
                for &h in g.houses_of(Cell(i as u32)) {
                    let seen = &mut self.given[h as usize];
                    if *seen & bit != 0 {
                        return None;
                    }
                    *seen |= bit;
                }
            }
        }
        self.candidates.clear();
        let mut open = 0;
        for (i, v) in givens.iter().enumerate() {
            let mut c = 0;
            if v.is_none() {
                open += 1;
                c = full;
                for &h in g.houses_of(Cell(i as u32)) {
                    c &= !self.given[h as usize];
                }
                if let Some(allowed) = puzzle.candidates() {
                    c &= allowed[i].0;
                }
                if c == 0 {
                    return None;
                }
            } else if let (Some(d), Some(allowed)) = (v, puzzle.candidates()) {
                if !allowed[i].contains(*d) {
                    return None;
                }
            }
            self.candidates.push(c);
        }
        Some(open)
    }
}

/// Passes the budget being spent to an exact-cover solver.
fn bound(solver: &mut Solver, meter: &Meter) {
    let max = meter.max_nodes();
    solver.set_node_limit((max != u64::MAX).then_some(max));
    solver.set_deadline(meter.deadline());
}

/// Why the exact-cover solver's latest run stopped short, if the budget
/// stopped it (and not the solution limit or the visitor).
fn stop_reason(solver: &Solver, meter: &Meter, limit: u64) -> Option<StopReason> {
    if solver.is_complete() || solver.solution_count() >= limit {
        None
    } else if solver.timed_out() {
        Some(StopReason::Time)
    } else if solver.nodes() >= meter.max_nodes() {
        Some(StopReason::Nodes)
    } else {
        None
    }
}

/// The answer for a puzzle refuted without a search.
fn no_solution() -> Solutions {
    Solutions {
        complete: true,
        ..Solutions::default()
    }
}

impl Engine for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn supports(&self, geometry: &Geometry) -> bool {
        geometry.size() <= MAX_SIZE
    }

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Solutions, Unsupported> {
        let limit = limit.max(1);
        let geometry = puzzle.geometry();
        let mut meter = Meter::start(self.budget);
        let Some(open) = self.scan(puzzle) else {
            return Ok(no_solution());
        };
        let n = geometry.size();
        let mut grid = puzzle.givens().clone();
        let mut first = None;
        // Writes a solution's (cell, digit) pairs into `grid` and visits it.
        let mut deliver = |grid: &mut Grid, cells: &mut dyn Iterator<Item = (u32, u8)>| {
            for (c, d) in cells {
                grid.set(Cell(c), Some(Digit::new(d)));
            }
            if first.is_none() {
                first = Some(grid.clone());
            }
            visit(grid)
        };
        // Candidate restrictions (pencilmark puzzles) are honoured by the
        // per-puzzle problem only, which is built from `self.candidates`.
        let restricted = puzzle.candidates().is_some();
        // Each search says why it stopped: the meter for the bitset searches,
        // the exact-cover solver that ran for the other two.
        let (summary, stopped): (Summary, Option<StopReason>) =
            if self.reduction == Reduction::Auto && !restricted {
                let (solutions, nodes, complete) = if self.small.prepare(geometry) {
                    self.small.solve(
                        &self.given,
                        &self.candidates,
                        limit,
                        &mut meter,
                        &mut |it| deliver(&mut grid, it),
                    )
                } else {
                    let cells = &mut self.cells;
                    cells.prepare(geometry);
                    cells.solve(puzzle.givens().cells(), limit, &mut meter, &mut |it| {
                        deliver(&mut grid, it)
                    })
                };
                let summary = Summary {
                    solutions,
                    nodes,
                    updates: 0,
                    complete,
                };
                (summary, meter.stopped())
            } else if self.reduction == Reduction::PerGeometry && !restricted {
                let full = &mut self.full;
                full.prepare(geometry);
                full.assumptions.clear();
                for (c, v) in puzzle.givens().cells().iter().enumerate() {
                    if let Some(d) = v {
                        full.assumptions.push(c * n + d.index());
                    }
                }
                // The indices are options of the loaded problem: cannot fail.
                full.solver
                    .set_assumptions(&full.assumptions)
                    .expect("options of the full problem");
                full.solver.set_limit(Some(limit));
                bound(&mut full.solver, &meter);
                let summary = full.solver.run(|solution| {
                    let mut cells = solution.iter().map(|&o| ((o / n) as u32, (o % n) as u8));
                    deliver(&mut grid, &mut cells)
                });
                (summary, stop_reason(&full.solver, &meter, limit))
            } else {
                let sparse = &mut self.sparse;
                sparse.load(geometry, &self.given, &self.candidates);
                sparse.solver.set_limit(Some(limit));
                bound(&mut sparse.solver, &meter);
                let options = &sparse.options;
                let summary = sparse.solver.run(|solution| {
                    let mut cells = solution.iter().map(|&o| options[o]);
                    deliver(&mut grid, &mut cells)
                });
                (summary, stop_reason(&sparse.solver, &meter, limit))
            };
        Ok(Solutions {
            count: summary.solutions,
            first,
            complete: summary.complete && stopped.is_none(),
            stopped,
            stats: Stats {
                nodes: summary.nodes,
                guesses: summary.nodes.saturating_sub(open as u64),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few puzzles of `g`: givens placed at random (xorshift seeded with
    /// `seed`) wherever they do not clash, about `keep` of the cells in 16.
    fn puzzles(g: &Arc<Geometry>, seed: u64, keep: u64) -> Vec<Puzzle> {
        let (n, cells) = (g.size(), g.cell_count());
        let mut x = seed | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut out = Vec::new();
        for _ in 0..20 {
            let mut values = vec![0u8; cells];
            for c in 0..cells {
                if next() % 16 >= keep {
                    continue;
                }
                let d = (next() % n as u64) as u8 + 1;
                let clash = g.houses_of(Cell(c as u32)).iter().any(|&h| {
                    g.houses()[h as usize]
                        .cells()
                        .iter()
                        .any(|p| values[p.index()] == d)
                });
                if !clash {
                    values[c] = d;
                }
            }
            let grid = Grid::from_values(n, &values).expect("digits in range");
            out.push(Puzzle::new(Arc::clone(g), grid).expect("a puzzle"));
        }
        out
    }

    /// The state [`Small`] builds from the candidates is the state [`Cells`]
    /// reaches by selecting the givens' options: same covered items, and
    /// for every uncovered item the same options and length.
    #[test]
    fn dlx_small_start_matches_selected_givens() {
        let mut region: Vec<usize> = Geometry::classic().regions().collect();
        region.swap(0, 80);
        region.swap(10, 40);
        let geometries = [
            Geometry::boxed(2, 2).unwrap(),
            Geometry::boxed(2, 3).unwrap(),
            Geometry::classic(),
            Geometry::jigsaw(9, &region).unwrap(),
            Geometry::boxed(3, 4).unwrap(),
            Geometry::boxed(4, 4).unwrap(),
        ];
        let mut checked = 0;
        for g in geometries.map(Arc::new) {
            for (seed, keep) in [(1, 2), (2, 4), (3, 6), (4, 9), (5, 16)] {
                for puzzle in puzzles(&g, seed, keep) {
                    let mut dlx = Dlx::new();
                    if dlx.scan(&puzzle).is_none() {
                        continue;
                    }
                    let (small, cells) = (&mut dlx.small, &mut dlx.cells);
                    assert!(small.prepare(&g));
                    cells.prepare(&g);
                    let remaining = small.start(&dlx.given, &dlx.candidates);
                    let expected = match cells.stride {
                        4 => cells.start::<4>(puzzle.givens().cells()),
                        _ => unreachable!("every cell in three houses"),
                    };
                    assert_eq!(remaining, expected);
                    for i in 0..cells.scan {
                        let covered = cells.len[i] >= COVERED;
                        assert_eq!(small.len[i] >= COVERED, covered, "item {i}");
                        if !covered {
                            assert_eq!(u64::from(small.live[i]), cells.live[i], "item {i}");
                            assert_eq!(small.len[i], cells.len[i], "item {i}");
                        }
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 300, "{checked} puzzles checked");
    }
}
