//! On/off propagation with parents: from one assumption, every candidate
//! that must be on or off, each remembering what implied it (Sudoku
//! Explainer's `doChaining`, same queue order, same first-found parents).

use std::collections::VecDeque;

use super::geo::{Geo, CANDS};

pub(super) const NONE: u32 = u32::MAX;

/// One implication: a candidate on or off, and the nodes that imply it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub cand: u16,
    pub on: bool,
    p0: u32,
    plen: u32,
}

/// A graph of implications (nodes and their parent lists).
#[derive(Default)]
pub(super) struct Arena {
    pub nodes: Vec<Node>,
    parents: Vec<u32>,
}

impl Arena {
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
    }

    pub fn add(&mut self, cand: usize, on: bool, parents: &[u32]) -> u32 {
        let p0 = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            cand: cand as u16,
            on,
            p0,
            plen: parents.len() as u32,
        });
        (self.nodes.len() - 1) as u32
    }

    pub fn parents(&self, n: u32) -> &[u32] {
        let node = self.nodes[n as usize];
        &self.parents[node.p0 as usize..(node.p0 + node.plen) as usize]
    }

    pub fn key(&self, n: u32) -> usize {
        let node = self.nodes[n as usize];
        node.cand as usize * 2 + node.on as usize
    }
}

/// Scratch for counting ancestors (distinct on/off candidates) of a node.
pub(super) struct Counter {
    stamp: Vec<u32>,
    gen: u32,
    todo: Vec<u32>,
    next: Vec<u32>,
}

impl Counter {
    pub fn new() -> Counter {
        Counter {
            stamp: vec![0; CANDS * 2],
            gen: 0,
            todo: Vec::new(),
            next: Vec::new(),
        }
    }

    /// The number of distinct potentials among `n` and its ancestors
    /// (Sudoku Explainer's `getAncestorCount`).
    pub fn ancestors(&mut self, arena: &Arena, n: u32) -> u32 {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.gen = 1;
        }
        let mut count = 0;
        self.todo.clear();
        self.todo.push(n);
        while !self.todo.is_empty() {
            self.next.clear();
            for i in 0..self.todo.len() {
                let p = self.todo[i];
                let k = arena.key(p);
                if self.stamp[k] != self.gen {
                    self.stamp[k] = self.gen;
                    count += 1;
                    self.next.extend_from_slice(arena.parents(p));
                }
            }
            std::mem::swap(&mut self.todo, &mut self.next);
        }
        count
    }
}

/// Extra "off" implications asked for when nothing else is pending.
pub(super) type More<'a> = dyn FnMut(&[u16; 81], &mut Prop) -> Vec<u32> + 'a;

/// What a propagation may use.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rules {
    /// Cell links (bivalue cells, one value per cell): off for Nishio.
    pub y: bool,
    /// Offs are removed from the grid as they are processed.
    pub dynamic: bool,
}

/// The result of one propagation: every on and off implied, in the order found.
pub(super) struct Prop {
    pub arena: Arena,
    pub on_idx: Vec<u32>,
    pub off_idx: Vec<u32>,
    pub on_order: Vec<u32>,
    pub off_order: Vec<u32>,
    /// The (on, off) nodes of one candidate both on and off, if any.
    pub contradiction: Option<(u32, u32)>,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    buf: Vec<u32>,
}

impl Prop {
    pub fn new() -> Prop {
        Prop {
            arena: Arena::default(),
            on_idx: vec![NONE; CANDS],
            off_idx: vec![NONE; CANDS],
            on_order: Vec::new(),
            off_order: Vec::new(),
            contradiction: None,
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            buf: Vec::new(),
        }
    }

    fn reset(&mut self) {
        for &n in &self.on_order {
            self.on_idx[self.arena.nodes[n as usize].cand as usize] = NONE;
        }
        for &n in &self.off_order {
            self.off_idx[self.arena.nodes[n as usize].cand as usize] = NONE;
        }
        self.on_order.clear();
        self.off_order.clear();
        self.arena.clear();
        self.contradiction = None;
        self.pending_on.clear();
        self.pending_off.clear();
    }

    pub fn has_on(&self, cand: usize) -> bool {
        self.on_idx[cand] != NONE
    }

    pub fn has_off(&self, cand: usize) -> bool {
        self.off_idx[cand] != NONE
    }

    fn push_on(&mut self, n: u32) {
        let c = self.arena.nodes[n as usize].cand as usize;
        self.on_idx[c] = n;
        self.on_order.push(n);
        self.pending_on.push_back(n);
    }

    fn push_off(&mut self, n: u32) {
        let c = self.arena.nodes[n as usize].cand as usize;
        self.off_idx[c] = n;
        self.off_order.push(n);
        self.pending_off.push_back(n);
    }

    /// Propagates the assumption that `cand` is on (or off) over `start`.
    /// `more` is asked for extra "off" implications when nothing else is
    /// pending (the advanced rules of the nested levels); it gets the
    /// current grid and this propagation, and adds nodes to the arena.
    pub fn run(
        &mut self,
        geo: &Geo,
        start: &[u16; 81],
        cand: usize,
        on: bool,
        rules: Rules,
        more: Option<&mut More<'_>>,
    ) {
        self.reset();
        let mut grid = *start;
        let s = self.arena.add(cand, on, &[]);
        if on {
            self.push_on(s);
        } else {
            self.push_off(s);
        }
        let mut more = more;
        loop {
            if let Some(p) = self.pending_on.pop_front() {
                if self.on_to_off(geo, &grid, p, rules.y) {
                    return;
                }
                continue;
            }
            if let Some(p) = self.pending_off.pop_front() {
                if self.off_to_on(geo, start, &mut grid, p, rules) {
                    return;
                }
                continue;
            }
            if let Some(more) = more.as_deref_mut() {
                let found = more(&grid, self);
                let mut any = false;
                for n in found {
                    let c = self.arena.nodes[n as usize].cand as usize;
                    if self.off_idx[c] == NONE {
                        self.push_off(n);
                        any = true;
                    }
                }
                if any {
                    continue;
                }
            }
            return;
        }
    }

    /// An off implied by on `p`: contradiction, new, or known.
    fn imply_off(&mut self, c: usize, p: u32) -> bool {
        if self.on_idx[c] != NONE {
            let off = self.arena.add(c, false, &[p]);
            self.contradiction = Some((self.on_idx[c], off));
            return true;
        }
        if self.off_idx[c] == NONE {
            let n = self.arena.add(c, false, &[p]);
            self.push_off(n);
        }
        false
    }

    fn on_to_off(&mut self, geo: &Geo, grid: &[u16; 81], p: u32, y: bool) -> bool {
        let pc = self.arena.nodes[p as usize].cand as usize;
        let (cell, d) = (pc / 9, pc % 9);
        if y {
            let mut m = grid[cell] & !(1 << d);
            while m != 0 {
                let w = m.trailing_zeros() as usize;
                m &= m - 1;
                if self.imply_off(cell * 9 + w, p) {
                    return true;
                }
            }
        }
        let mut added = [false; 81];
        added[cell] = true;
        for &h in &geo.cell_houses[cell] {
            for &c2 in &geo.house_cells[h as usize] {
                let c2 = c2 as usize;
                if !added[c2] && grid[c2] >> d & 1 != 0 {
                    added[c2] = true;
                    if self.imply_off(c2 * 9 + d, p) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn off_to_on(
        &mut self,
        geo: &Geo,
        save: &[u16; 81],
        grid: &mut [u16; 81],
        p: u32,
        rules: Rules,
    ) -> bool {
        let pc = self.arena.nodes[p as usize].cand as usize;
        let (cell, d) = (pc / 9, pc % 9);
        // Up to four "on" results (cell, region, row, column), each with parents.
        let mut found: [(usize, usize, usize); 4] = [(0, 0, 0); 4];
        let mut nfound = 0;
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        if rules.y && grid[cell].count_ones() == 2 {
            let w = (grid[cell] & !(1 << d)).trailing_zeros() as usize;
            let b0 = buf.len();
            buf.push(p);
            let mut hidden = save[cell] & !grid[cell];
            while hidden != 0 {
                let v = hidden.trailing_zeros() as usize;
                hidden &= hidden - 1;
                buf.push(self.off_idx[cell * 9 + v]);
            }
            found[nfound] = (cell * 9 + w, b0, buf.len());
            nfound += 1;
        }
        for &h in &geo.cell_houses[cell] {
            let cells = &geo.house_cells[h as usize];
            let mut other = usize::MAX;
            let mut unique = true;
            for &c2 in cells {
                let c2 = c2 as usize;
                if c2 != cell && grid[c2] >> d & 1 != 0 {
                    if other != usize::MAX {
                        unique = false;
                        break;
                    }
                    other = c2;
                }
            }
            if unique && other != usize::MAX {
                let b0 = buf.len();
                buf.push(p);
                for &c2 in cells {
                    let c2 = c2 as usize;
                    if save[c2] >> d & 1 != 0 && grid[c2] >> d & 1 == 0 {
                        buf.push(self.off_idx[c2 * 9 + d]);
                    }
                }
                found[nfound] = (other * 9 + d, b0, buf.len());
                nfound += 1;
            }
        }
        if rules.dynamic {
            grid[cell] &= !(1 << d);
        }
        let mut hit = false;
        for &(c, b0, b1) in &found[..nfound] {
            if self.off_idx[c] != NONE {
                let on = self.arena.add(c, true, &buf[b0..b1]);
                self.contradiction = Some((on, self.off_idx[c]));
                hit = true;
                break;
            }
            if self.on_idx[c] == NONE {
                let n = self.arena.add(c, true, &buf[b0..b1]);
                self.push_on(n);
            }
        }
        self.buf = buf;
        hit
    }
}
