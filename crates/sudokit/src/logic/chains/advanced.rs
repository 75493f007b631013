//! The extra "off" implications of Sudoku Explainer's dynamic chains "(+)"
//! (`getAdvancedPotentials` at level 1 with FCPlus=0): pointing/claiming,
//! hidden pairs, naked pairs and X-wings on the propagation's current grid.
//! Each pattern's eliminations become offs whose parents are the offs that
//! made the pattern appear (its "rule parents"); a pattern that was already
//! there without the chain (no parent) is ignored. The first rule that
//! yields something wins, as in Sudoku Explainer.
//!
//! These patterns are searched here, on the propagation's bit grid, rather
//! than through the ladder's technique dispatch: the dispatch's `Step` does
//! not carry what the rule parents need (base and cover houses, the set's
//! digits), every instance is needed in Sudoku Explainer's enumeration order,
//! and a `Board` per query would cost too much in this innermost loop.

use super::super::board::Board;
use super::geo::{two_bits, two_or_more, Geo, MAX_HOUSES};
use super::propagate::{Prop, ADVANCED, NONE};

/// What the rules read besides the grids: the board's filled cells.
#[derive(Clone)]
pub(super) struct Fixed {
    /// Empty cells (Sudoku Explainer's region empty-cell counts use values).
    pub empty: [bool; 81],
    /// Placed count of each digit (fish are skipped when it is high).
    pub placed: [u8; 9],
    /// Empty cells of each house.
    pub empty_in: [u8; MAX_HOUSES],
}

impl Fixed {
    /// The board's filled cells, as the nested rules read them.
    pub fn of(board: &Board, geo: &Geo) -> Fixed {
        let mut f = Fixed {
            empty: [false; 81],
            placed: [0; 9],
            empty_in: [0; MAX_HOUSES],
        };
        for c in 0..81 {
            match board.value(c) {
                0 => {
                    f.empty[c] = true;
                    for &h in geo.houses_of(c) {
                        f.empty_in[h as usize] += 1;
                    }
                }
                v => f.placed[v as usize - 1] += 1,
            }
        }
        f
    }
}

/// Pairs `(i, j)`, `i < j < 9`, with at least one member in `m`, in Sudoku
/// Explainer's `Permutations` order (increasing bit masks: (0,1), (0,2),
/// (1,2), (0,3) ...); the pairs it leaves out are those the rules skip.
fn pairs_touching(m: u16) -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(move |j| {
        let below = (1u16 << j) - 1;
        let mut is = if m >> j & 1 != 0 { below } else { m & below };
        std::iter::from_fn(move || {
            (is != 0).then(|| {
                let i = is.trailing_zeros() as usize;
                is &= is - 1;
                (i, j)
            })
        })
    })
}

/// One pattern's eliminations, in the order of Java's `HashMap<Cell, BitSet>`
/// (cell index modulo the table size, then insertion), and its rule parents.
struct Out<'a> {
    prop: &'a mut Prop,
    found: Vec<u32>,
    removable: Vec<(usize, u16)>,
    parents: Vec<u32>,
}

impl Out<'_> {
    fn begin(&mut self) {
        self.removable.clear();
        self.parents.clear();
    }

    fn parent(&mut self, cand: usize) {
        let n = self.prop.off_node(cand);
        if n != NONE {
            self.parents.push(n);
        }
    }

    fn finish(&mut self) {
        if self.parents.is_empty() || self.removable.is_empty() {
            return;
        }
        let size = self.removable.len();
        let mut cap = 16;
        while size * 4 > cap * 3 {
            cap *= 2;
        }
        self.removable.sort_by_key(|&(c, _)| c & (cap - 1));
        for i in 0..self.removable.len() {
            let (cell, mut m) = self.removable[i];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let n =
                    self.prop
                        .arena
                        .add_full(cell * 9 + d, false, &self.parents, ADVANCED, NONE);
                self.found.push(n);
            }
        }
    }
}

fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

/// The level-1 rules, in Sudoku Explainer's order; the offs of the first
/// rule that finds anything new.
pub(super) fn level1(
    geo: &Geo,
    fixed: &Fixed,
    save: &[u16; 81],
    grid: &[u16; 81],
    now: &[u128; 9],
    before: &[u128; 9],
    prop: &mut Prop,
) -> Vec<u32> {
    let now = *now;
    let mut gone = [0u128; 9];
    let mut any = 0u128;
    // The houses where each digit lost a place (bit = house), from the few
    // cells it lost: cheaper than testing every house.
    let mut touched = [0u64; 9];
    for d in 0..9 {
        gone[d] = before[d] & !now[d];
        any |= gone[d];
        let mut m = gone[d];
        while m != 0 {
            touched[d] |= geo.house_bits[m.trailing_zeros() as usize];
            m &= m - 1;
        }
    }
    if any == 0 {
        // Nothing removed yet: every pattern would be there without the chain.
        return Vec::new();
    }
    let mut out = Out {
        prop,
        found: Vec::new(),
        removable: Vec::new(),
        parents: Vec::new(),
    };
    let p = Planes {
        geo,
        now: &now,
        gone: &gone,
        any,
        touched: &touched,
        any_touched: touched.iter().fold(0, |a, &t| a | t),
        grid,
        save,
    };
    p.locking(&mut out);
    if out.found.is_empty() {
        p.hidden_pairs(fixed, &mut out);
    }
    if out.found.is_empty() {
        p.naked_pairs(fixed, &mut out);
    }
    if out.found.is_empty() {
        p.x_wings(fixed, &mut out);
    }
    out.found
}

struct Planes<'a> {
    geo: &'a Geo,
    now: &'a [u128; 9],
    gone: &'a [u128; 9],
    /// Cells that lost a candidate.
    any: u128,
    /// Per digit, the houses where it lost a place; any digit.
    touched: &'a [u64; 9],
    any_touched: u64,
    grid: &'a [u16; 81],
    save: &'a [u16; 81],
}

/// Houses in the order of Sudoku Explainer's subset searches: boxes, columns, rows.
fn subset_houses() -> impl Iterator<Item = usize> {
    (0..9).chain(18..27).chain(9..18)
}

impl Planes<'_> {
    /// Pointing and claiming: (box, column), (box, row), (column, box), (row, box).
    fn locking(&self, out: &mut Out<'_>) {
        let hm = &self.geo.house_mask;
        for (k1, k2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
            for d in 0..9 {
                let mut hs = self.touched[d] >> (k1 * 9) & 0x1ff;
                while hs != 0 {
                    let h1 = k1 * 9 + hs.trailing_zeros() as usize;
                    hs &= hs - 1;
                    let pos = self.now[d] & hm[h1];
                    if !two_or_more(pos) {
                        continue;
                    }
                    // The houses of one kind are disjoint: only the one of
                    // kind `k2` through a cell of `pos` can hold it all.
                    let first = pos.trailing_zeros() as usize;
                    let h2 = usize::from(self.geo.houses_of(first)[k2]);
                    if pos & !hm[h2] != 0 {
                        continue;
                    }
                    let rem = self.now[d] & hm[h2] & !hm[h1];
                    let par = self.gone[d] & hm[h1] & !hm[h2];
                    if rem == 0 || par == 0 {
                        continue;
                    }
                    out.begin();
                    for &c in &self.geo.house_cells[h2] {
                        if rem >> c & 1 != 0 {
                            out.removable.push((c as usize, 1 << d));
                        }
                    }
                    for c in bits(par) {
                        out.parent(c * 9 + d);
                    }
                    out.finish();
                }
            }
        }
    }

    fn hidden_pairs(&self, fixed: &Fixed, out: &mut Out<'_>) {
        for h in subset_houses() {
            if fixed.empty_in[h] <= 4 {
                continue;
            }
            let hm = self.geo.house_mask[h];
            if self.any_touched >> h & 1 == 0 {
                continue;
            }
            // The digits that lost a place in the house, and those left
            // with two places (a hidden pair's digits have the same two).
            let (mut lost, mut twos) = (0u16, 0u16);
            for d in 0..9 {
                lost |= ((self.touched[d] >> h) as u16 & 1) << d;
                twos |= u16::from(two_bits(self.now[d] & hm)) << d;
            }
            for (a, b) in pairs_touching(lost) {
                let (pa, pb) = (self.now[a] & hm, self.now[b] & hm);
                if twos >> a & twos >> b & 1 == 0 || pa != pb {
                    continue;
                }
                let common = pa;
                if (self.gone[a] | self.gone[b]) & hm & !common == 0 {
                    continue;
                }
                let values: u16 = 1 << a | 1 << b;
                out.begin();
                for &c in &self.geo.house_cells[h] {
                    let c = c as usize;
                    if common >> c & 1 != 0 {
                        let r = self.grid[c] & !values;
                        if r != 0 {
                            out.removable.push((c, r));
                        }
                    }
                }
                if out.removable.is_empty() {
                    continue;
                }
                for &c in &self.geo.house_cells[h] {
                    let c = c as usize;
                    if common >> c & 1 == 0 {
                        for d in [a, b] {
                            if self.save[c] >> d & 1 != 0 {
                                out.parent(c * 9 + d);
                            }
                        }
                    }
                }
                out.finish();
            }
        }
    }

    fn naked_pairs(&self, fixed: &Fixed, out: &mut Out<'_>) {
        for h in subset_houses() {
            if fixed.empty_in[h] < 4 {
                continue;
            }
            if self.any_touched >> h & 1 == 0 {
                continue;
            }
            let cells = self.geo.house_cells[h];
            // The places of the house whose cell lost a candidate.
            let mut lost = 0u16;
            for (i, &c) in cells.iter().enumerate() {
                lost |= ((self.any >> c) as u16 & 1) << i;
            }
            for (a, b) in pairs_touching(lost) {
                let (ca, cb) = (cells[a] as usize, cells[b] as usize);
                let (ma, mb) = (self.grid[ca], self.grid[cb]);
                let values = ma | mb;
                if !two_or_more(ma.into()) || !two_or_more(mb.into()) || !two_bits(values.into()) {
                    continue;
                }
                if (self.save[ca] | self.save[cb]) & !values == 0 {
                    continue;
                }
                out.begin();
                for &c in &cells {
                    let c = c as usize;
                    if c != ca && c != cb && self.grid[c] & values != 0 {
                        out.removable.push((c, self.grid[c] & values));
                    }
                }
                if out.removable.is_empty() {
                    continue;
                }
                for c in [ca, cb] {
                    let mut m = self.save[c] & !values;
                    while m != 0 {
                        let d = m.trailing_zeros() as usize;
                        m &= m - 1;
                        out.parent(c * 9 + d);
                    }
                }
                out.finish();
            }
        }
    }

    fn x_wings(&self, fixed: &Fixed, out: &mut Out<'_>) {
        let hm = &self.geo.house_mask;
        // (base columns, cover rows), then (base rows, cover columns); a
        // cell's index in a column is its row, in a row its column.
        for (base, cover) in [(18usize, 9usize), (9, 18)] {
            let index = |c: usize| if base == 18 { c / 9 } else { c % 9 };
            // Per digit, the base lines that lost a place of it (none for
            // digits placed too often to make a fish).
            let mut lost = [0u16; 9];
            for (d, l) in lost.iter_mut().enumerate() {
                if fixed.placed[d] as usize + 4 > 9 || self.gone[d] == 0 {
                    continue;
                }
                *l = (self.touched[d] >> base) as u16 & 0x1ff;
            }
            let any_lost = lost.iter().fold(0, |a, &l| a | l);
            for (i, j) in pairs_touching(any_lost) {
                for (d, &l) in lost.iter().enumerate() {
                    if (l >> i | l >> j) & 1 == 0 {
                        continue;
                    }
                    let (ci, cj) = (self.now[d] & hm[base + i], self.now[d] & hm[base + j]);
                    if !two_or_more(ci) || !two_or_more(cj) {
                        continue;
                    }
                    let mut common = 0u16;
                    for c in bits(ci | cj) {
                        common |= 1 << index(c);
                    }
                    if !two_bits(common.into()) {
                        continue;
                    }
                    let covers = bits(common as u128).fold(0u128, |m, k| m | hm[cover + k]);
                    let bases = hm[base + i] | hm[base + j];
                    if self.gone[d] & bases & !covers == 0 {
                        continue;
                    }
                    out.begin();
                    for k in bits(common as u128) {
                        for &c in &self.geo.house_cells[cover + k] {
                            if (self.now[d] & !bases) >> c & 1 != 0 {
                                out.removable.push((c as usize, 1 << d));
                            }
                        }
                    }
                    if out.removable.is_empty() {
                        continue;
                    }
                    for c in bits(self.gone[d] & bases & !covers) {
                        out.parent(c * 9 + d);
                    }
                    out.finish();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::pairs_touching;

    #[test]
    fn pairs_touching_is_the_filtered_permutation_order() {
        let all: Vec<(usize, usize)> = (1..9).flat_map(|j| (0..j).map(move |i| (i, j))).collect();
        assert_eq!(all.len(), 36);
        for m in 0u16..512 {
            let want: Vec<_> = all
                .iter()
                .copied()
                .filter(|&(i, j)| (m >> i | m >> j) & 1 != 0)
                .collect();
            assert_eq!(pairs_touching(m).collect::<Vec<_>>(), want, "mask {m:#b}");
        }
    }
}
