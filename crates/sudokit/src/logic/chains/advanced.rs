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

use super::geo::Geo;
use super::propagate::{Prop, ADVANCED, NONE};

/// What the rules read besides the grids: the board's filled cells.
#[derive(Clone)]
pub(super) struct Fixed {
    /// Empty cells (Sudoku Explainer's region empty-cell counts use values).
    pub empty: [bool; 81],
    /// Placed count of each digit (fish are skipped when it is high).
    pub placed: [u8; 9],
}

/// Pairs `(i, j)`, `i < j < 9`, in Sudoku Explainer's `Permutations` order
/// (increasing bit masks: (0,1), (0,2), (1,2), (0,3) ...).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|j| (0..j).map(move |i| (i, j)))
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
        let n = self.prop.off_idx[cand];
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

/// The level-1 rules, in Sudoku Explainer's order; the offs of the first
/// rule that finds anything new.
pub(super) fn level1(
    geo: &Geo,
    fixed: &Fixed,
    save: &[u16; 81],
    grid: &[u16; 81],
    prop: &mut Prop,
) -> Vec<u32> {
    let mut out = Out {
        prop,
        found: Vec::new(),
        removable: Vec::new(),
        parents: Vec::new(),
    };
    locking(geo, save, grid, &mut out);
    if out.found.is_empty() {
        hidden_pairs(geo, fixed, save, grid, &mut out);
    }
    if out.found.is_empty() {
        naked_pairs(geo, fixed, save, grid, &mut out);
    }
    if out.found.is_empty() {
        x_wings(geo, fixed, save, grid, &mut out);
    }
    out.found
}

fn positions(geo: &Geo, grid: &[u16; 81], h: usize, d: usize) -> u16 {
    let mut m = 0;
    for (i, &c) in geo.house_cells[h].iter().enumerate() {
        if grid[c as usize] >> d & 1 != 0 {
            m |= 1 << i;
        }
    }
    m
}

fn in_house(geo: &Geo, h: usize, cell: usize) -> bool {
    geo.house_cells[h].contains(&(cell as u8))
}

/// Pointing and claiming: (box, column), (box, row), (column, box), (row, box).
fn locking(geo: &Geo, save: &[u16; 81], grid: &[u16; 81], out: &mut Out<'_>) {
    for (k1, k2) in [(0, 2), (0, 1), (2, 0), (1, 0)] {
        for d in 0..9 {
            for i1 in 0..9 {
                let h1 = k1 * 9 + i1;
                let pos = positions(geo, grid, h1, d);
                if pos.count_ones() < 2 {
                    continue;
                }
                for i2 in 0..9 {
                    let h2 = k2 * 9 + i2;
                    let cells1 = &geo.house_cells[h1];
                    if !cells1.iter().any(|&c| in_house(geo, h2, c as usize)) {
                        continue;
                    }
                    let inside = (0..9)
                        .filter(|i| pos >> i & 1 != 0)
                        .all(|i| in_house(geo, h2, cells1[i] as usize));
                    if !inside {
                        continue;
                    }
                    out.begin();
                    for &c in &geo.house_cells[h2] {
                        let c = c as usize;
                        if !in_house(geo, h1, c) && grid[c] >> d & 1 != 0 {
                            out.removable.push((c, 1 << d));
                        }
                    }
                    if out.removable.is_empty() {
                        continue;
                    }
                    for &c in cells1 {
                        let c = c as usize;
                        if save[c] >> d & 1 != 0 && grid[c] >> d & 1 == 0 && !in_house(geo, h2, c) {
                            out.parent(c * 9 + d);
                        }
                    }
                    out.finish();
                }
            }
        }
    }
}

fn empty_count(geo: &Geo, fixed: &Fixed, h: usize) -> usize {
    geo.house_cells[h]
        .iter()
        .filter(|&&c| fixed.empty[c as usize])
        .count()
}

/// Houses in the order of Sudoku Explainer's subset searches: boxes, columns, rows.
fn subset_houses() -> impl Iterator<Item = usize> {
    (0..9).chain(18..27).chain(9..18)
}

fn hidden_pairs(geo: &Geo, fixed: &Fixed, save: &[u16; 81], grid: &[u16; 81], out: &mut Out<'_>) {
    for h in subset_houses() {
        if empty_count(geo, fixed, h) <= 4 {
            continue;
        }
        let cells = geo.house_cells[h];
        for (a, b) in pairs() {
            let (pa, pb) = (positions(geo, grid, h, a), positions(geo, grid, h, b));
            if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                continue;
            }
            let common = pa | pb;
            let values: u16 = 1 << a | 1 << b;
            out.begin();
            for (i, &c) in cells.iter().enumerate() {
                let c = c as usize;
                if common >> i & 1 != 0 {
                    let r = grid[c] & !values;
                    if r != 0 {
                        out.removable.push((c, r));
                    }
                }
            }
            if out.removable.is_empty() {
                continue;
            }
            for (i, &c) in cells.iter().enumerate() {
                let c = c as usize;
                if common >> i & 1 == 0 {
                    for d in [a, b] {
                        if save[c] >> d & 1 != 0 {
                            out.parent(c * 9 + d);
                        }
                    }
                }
            }
            out.finish();
        }
    }
}

fn naked_pairs(geo: &Geo, fixed: &Fixed, save: &[u16; 81], grid: &[u16; 81], out: &mut Out<'_>) {
    for h in subset_houses() {
        if empty_count(geo, fixed, h) < 4 {
            continue;
        }
        let cells = geo.house_cells[h];
        for (a, b) in pairs() {
            let (ca, cb) = (cells[a] as usize, cells[b] as usize);
            let (ma, mb) = (grid[ca], grid[cb]);
            if ma.count_ones() <= 1 || mb.count_ones() <= 1 || (ma | mb).count_ones() != 2 {
                continue;
            }
            let values = ma | mb;
            out.begin();
            for &c in &cells {
                let c = c as usize;
                if c != ca && c != cb && grid[c] & values != 0 {
                    out.removable.push((c, grid[c] & values));
                }
            }
            if out.removable.is_empty() {
                continue;
            }
            for c in [ca, cb] {
                let mut m = save[c] & !values;
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

fn x_wings(geo: &Geo, fixed: &Fixed, save: &[u16; 81], grid: &[u16; 81], out: &mut Out<'_>) {
    // (base columns, cover rows), then (base rows, cover columns).
    for (base, cover) in [(18, 9), (9, 18)] {
        for (i, j) in pairs() {
            for d in 0..9 {
                if fixed.placed[d] as usize + 4 > 9 {
                    continue;
                }
                let (pi, pj) = (
                    positions(geo, grid, base + i, d),
                    positions(geo, grid, base + j, d),
                );
                if pi.count_ones() <= 1 || pj.count_ones() <= 1 || (pi | pj).count_ones() != 2 {
                    continue;
                }
                let common = pi | pj;
                let bases: u16 = 1 << i | 1 << j;
                out.begin();
                for k in 0..9 {
                    if common >> k & 1 == 0 {
                        continue;
                    }
                    let mut rest = positions(geo, grid, cover + k, d) & !bases;
                    while rest != 0 {
                        let p = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        out.removable
                            .push((geo.house_cells[cover + k][p] as usize, 1 << d));
                    }
                }
                if out.removable.is_empty() {
                    continue;
                }
                for b in [i, j] {
                    for &c in &geo.house_cells[base + b] {
                        let c = c as usize;
                        let covered =
                            (0..9).any(|k| common >> k & 1 != 0 && in_house(geo, cover + k, c));
                        if save[c] >> d & 1 != 0 && grid[c] >> d & 1 == 0 && !covered {
                            out.parent(c * 9 + d);
                        }
                    }
                }
                out.finish();
            }
        }
    }
}
