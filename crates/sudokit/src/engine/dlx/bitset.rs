//! [`Search::Bitset`] on any geometry: the full problem of the geometry,
//! searched on bitsets by the engine itself ([`Cells`]). Where every cell
//! lies in three houses and `n <= 16`, [`Small`](super::small::Small) runs a
//! specialised version of it instead.
//!
//! [`Search::Bitset`]: super::Search::Bitset

use std::sync::Arc;

use super::{same_geometry, Deliver, Run};
use crate::budget::Meter;
use crate::digits::{Cell, Digit};
use crate::geometry::Geometry;

/// Flag added to the length of a covered item, so that the MRV scan over
/// the lengths skips covered items without a test of its own (lengths are at
/// most `n <= 64`).
pub(super) const COVERED: u8 = 128;

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
/// Items and options are numbered as in [`Full`](super::links::Full) (items: cells, then
/// (house, digit) at `cells + house * n + digit`; option `cell * n + digit`),
/// each item's options are listed in increasing order, and the search picks
/// the leftmost uncovered item with the fewest options (taking one with 0 or
/// 1 at once) and tries its options in order, exactly as the exact-cover
/// [`Solver`](exact_cover::Solver) does on the full problem: the search tree, the solutions'
/// order and the node counts are the same (the tests check this).
#[derive(Debug, Default)]
pub(super) struct Cells {
    geometry: Option<Arc<Geometry>>,
    /// Number of items.
    items: usize,
    /// `items` rounded up to a multiple of 8: the MRV scan reads `len` 8
    /// bytes at a time; the bytes past `items` stay `u8::MAX`. Item `scan`
    /// is a padding item, which no option lists but options of cells with
    /// fewer houses than others hold to fill their stride.
    pub(super) scan: usize,
    /// The tables of the geometry.
    shape: Shape,
    /// Per item (and the padding): options not hidden.
    pub(super) live: Vec<u64>,
    /// Per item (and the padding): number of options not hidden, plus
    /// [`COVERED`].
    pub(super) len: Vec<u8>,
    /// Per level, `stride` slots: the `live` set of each covered item.
    trail: Vec<u64>,
    /// Per level: the item branched on, its options not tried yet, and the
    /// option being tried.
    stack_item: Vec<u32>,
    stack_rest: Vec<u64>,
    stack_opt: Vec<u32>,
}

/// The option and item tables of one geometry, which a search only reads.
#[derive(Debug, Default)]
struct Shape {
    n: usize,
    /// Items per option, padded to `stride` with the padding item.
    stride: usize,
    /// Items of each option (`stride` per option), each with the bit of
    /// its `live` mask that stands for the option.
    opt_items: Vec<Entry>,
    /// Real items of each option.
    opt_len: Vec<u8>,
    /// The `n` options of each item, in increasing order.
    item_opts: Vec<u32>,
}

impl Shape {
    /// The tables, for a search with stride `S` (0: `self.stride`).
    fn tables<const S: usize>(&self) -> Tables<'_, S> {
        Tables {
            n: self.n,
            stride: self.stride,
            opt_items: &self.opt_items,
            opt_len: &self.opt_len,
            item_opts: &self.item_opts,
        }
    }
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
        let m = live[c];
        trail[k] = m;
        toggle::<S, true>(t, live, len, c, k, m);
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
        toggle::<S, false>(t, live, len, c, k, trail[k]);
        len[c] = len[c].wrapping_sub(COVERED);
    }
}

/// Hides (`HIDE`) or restores the options `m` of item `c`, entry `k` of
/// the option being selected or deselected: clears or sets their bit in
/// each of their other items.
#[inline(always)]
fn toggle<const S: usize, const HIDE: bool>(
    t: Tables<'_, S>,
    live: &mut [u64],
    len: &mut [u8],
    c: usize,
    k: usize,
    mut m: u64,
) {
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
            if HIDE {
                live[c2] &= !(1 << e.bit);
                len[c2] = len[c2].wrapping_sub(1);
            } else {
                live[c2] |= 1 << e.bit;
                len[c2] = len[c2].wrapping_add(1);
            }
        }
    }
}

/// The leftmost item with at most one option left if there is one (a dead
/// end or a forced move), else the leftmost item with the fewest options:
/// the item the exact-cover [`Solver`](exact_cover::Solver) picks. `len` (see [`Cells::len`]) has
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
pub(super) fn choose16(len: &[u8]) -> usize {
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

impl Cells {
    /// Builds the tables of `geometry`, unless they are built.
    pub(super) fn prepare(&mut self, geometry: &Arc<Geometry>) {
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
        let pos = positions(g);
        let scan = items.div_ceil(8) * 8;
        self.items = items;
        self.scan = scan;
        let shape = &mut self.shape;
        shape.n = n;
        shape.stride = stride;
        shape.opt_items.clear();
        shape.opt_len.clear();
        for c in 0..cells {
            let houses = g.houses_of(Cell(c as u32));
            for d in 0..n {
                let entry = |item: usize, bit: u8| Entry {
                    item: item as u32,
                    bit: u32::from(bit),
                };
                shape.opt_items.push(entry(c, d as u8));
                for &h in houses {
                    let h = h as usize;
                    shape
                        .opt_items
                        .push(entry(cells + h * n + d, pos[h * cells + c]));
                }
                for _ in houses.len() + 1..stride {
                    shape.opt_items.push(entry(scan, 0));
                }
                shape.opt_len.push((houses.len() + 1) as u8);
            }
        }
        shape.item_opts.clear();
        shape.item_opts.extend(item_options(g).map(|o| o as u32));
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
    /// solutions, while `meter` allows.
    // Kept out of the engine's `solve_with`: inlined there with the other
    // searches, the search loop compiles to more instructions per step.
    #[inline(never)]
    pub(super) fn solve(
        &mut self,
        givens: &[Option<Digit>],
        limit: u64,
        meter: &mut Meter,
        deliver: Deliver<'_>,
    ) -> Run {
        let found = match self.shape.stride {
            4 => self.solve_impl::<4>(givens, limit, meter, deliver),
            _ => self.solve_impl::<0>(givens, limit, meter, deliver),
        };
        Run::metered(found, meter)
    }

    /// Sets the state after the givens (cell → digit), selecting each
    /// given's option. Returns the number of uncovered items.
    pub(super) fn start<const S: usize>(&mut self, givens: &[Option<Digit>]) -> usize {
        let (n, items, stride) = (self.shape.n, self.items, self.shape.stride);
        let t = self.shape.tables::<S>();
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
        let (n, scan, stride) = (self.shape.n, self.scan, self.shape.stride);
        let t = self.shape.tables::<S>();
        let live = &mut self.live[..];
        let len = &mut self.len[..];
        let trail = &mut self.trail[..];
        let stack_item = &mut self.stack_item[..];
        let stack_rest = &mut self.stack_rest[..];
        let stack_opt = &mut self.stack_opt[..];
        if remaining == 0 {
            return filled(limit, deliver);
        }
        let mut count = 0;
        let mut nodes = 0;
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

    /// Items per option (every option padded to it); 4 where every cell
    /// lies in three houses.
    #[cfg(test)]
    pub(super) fn stride(&self) -> usize {
        self.shape.stride
    }
}

/// A bitset search's answer when the givens cover every item: the grid of
/// givens, its one solution. Returns (solutions, nodes, complete).
pub(super) fn filled(limit: u64, deliver: Deliver<'_>) -> (u64, u64, bool) {
    let count = 1;
    let stop = deliver(&mut std::iter::empty()).is_break() || count >= limit;
    (count, 0, !stop)
}

/// The position of each cell in each of its houses, at `house * cells +
/// cell` (0 elsewhere).
pub(super) fn positions(g: &Geometry) -> Vec<u8> {
    let cells = g.cell_count();
    let mut pos = vec![0u8; g.houses().len() * cells];
    for (h, house) in g.houses().iter().enumerate() {
        for (k, c) in house.cells().iter().enumerate() {
            pos[h * cells + c.index()] = k as u8;
        }
    }
    pos
}

/// The `n` options of each item of `g`'s full problem, in increasing order:
/// the cells' items, then the (house, digit) items.
pub(super) fn item_options(g: &Geometry) -> impl Iterator<Item = usize> + '_ {
    let (n, cells) = (g.size(), g.cell_count());
    let of_cells = (0..cells).flat_map(move |c| (0..n).map(move |d| c * n + d));
    // A house's cells are in increasing order, so are the options.
    let of_houses = g.houses().iter().flat_map(move |house| {
        (0..n).flat_map(move |d| house.cells().iter().map(move |c| c.index() * n + d))
    });
    of_cells.chain(of_houses)
}
