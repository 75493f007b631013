//! [`Search::Bitset`] where every cell lies in exactly three houses and
//! `n <= 16` (plain and jigsaw sudoku up to 16x16): [`Small`], the bitset
//! search of [`Cells`](super::bitset::Cells) specialised to options of 4 items and `u16` masks.
//!
//! [`Search::Bitset`]: super::Search::Bitset

use std::sync::Arc;

use super::bitset::{choose16, filled, item_options, positions, COVERED};
use super::{same_geometry, Deliver, Run};
use crate::budget::Meter;
use crate::digits::Cell;
use crate::geometry::Geometry;

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

/// The [`Cells`](super::bitset::Cells) search specialised to the geometries where every cell lies
/// in exactly three houses and `n <= 16` (plain and jigsaw sudoku of any
/// size up to 16x16): every option has exactly 4 items, masks are `u16`.
///
/// Same state and same search as [`Cells`](super::bitset::Cells), with four changes that leave
/// the search tree alone:
/// - the initial state is built from the candidates [`Dlx::scan`](super::Dlx::scan) found
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
pub(super) struct Small {
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
    pub(super) fn prepare(&mut self, geometry: &Arc<Geometry>) -> bool {
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
        let pos = positions(g);
        self.n = n;
        self.cells = cells;
        self.homes.clear();
        for c in 0..cells {
            let houses = g.houses_of(Cell(c as u32));
            let home = |k: usize| {
                let h = houses[k] as usize;
                (h as u16, u16::from(pos[h * cells + c]))
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
        self.item_opts.extend(item_options(g).map(|o| o as u16));
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
    /// [`Dlx::scan`](super::Dlx::scan) leaves them. Returns the number of uncovered items.
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

    /// As [`Cells::solve`](super::bitset::Cells::solve), the givens given
    /// as [`Dlx::scan`](super::Dlx::scan) left them.
    pub(super) fn solve(
        &mut self,
        given: &[u64],
        candidates: &[u64],
        limit: u64,
        meter: &mut Meter,
        deliver: Deliver<'_>,
    ) -> Run {
        let remaining = self.start(given, candidates);
        let found = self.search(remaining, limit, meter, deliver);
        Run::metered(found, meter)
    }

    /// [`solve`](Self::solve) from the state [`start`](Self::start) set,
    /// `remaining` items uncovered: returns (solutions, nodes, complete).
    fn search(
        &mut self,
        mut remaining: usize,
        limit: u64,
        meter: &mut Meter,
        deliver: Deliver<'_>,
    ) -> (u64, u64, bool) {
        let (n, scan) = (self.n, self.scan);
        let cover = &self.cover[..];
        let others: &[[Link; 3]; SMALL_ROWS] = (&self.others[..]).try_into().expect("sized");
        let item_opts = &self.item_opts[..];
        let live: &mut [u16; SMALL_SLOTS] = (&mut self.live[..]).try_into().expect("sized");
        let len: &mut [u8; SMALL_SLOTS] = (&mut self.len[..]).try_into().expect("sized");
        let stack_item = &mut self.stack_item[..];
        let stack_rest = &mut self.stack_rest[..];
        let stack_opt = &mut self.stack_opt[..];
        if remaining == 0 {
            return filled(limit, deliver);
        }
        let mut count = 0;
        let mut nodes = 0;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Dlx;
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;

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

    /// The state [`Small`] builds from the candidates is the state [`Cells`](super::bitset::Cells)
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
                    let expected = match cells.stride() {
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
