//! On/off propagation with parents: from one assumption, every candidate
//! that must be on or off, each remembering what implied it (Sudoku
//! Explainer's `doChaining`, same queue order, same first-found parents).

use super::geo::{bit, has, two_bits, Geo, CANDS, MAX_HOUSES, MAX_PER_CELL};

pub(super) const NONE: u32 = u32::MAX;

/// One implication: a candidate on or off, and the nodes that imply it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub cand: u16,
    pub on: bool,
    /// Why it holds: 0 assumption, 1 cell, `HOUSE0 + h` house `h` of
    /// [`Geo`] (a house of the node's cell), [`ADVANCED`] an extra rule.
    pub cause: u8,
    /// The nested hint (index into `Prop::nested`) that implied it, or NONE.
    pub nested: u32,
    p0: u32,
    plen: u32,
}

/// Cause codes of [`Node::cause`].
pub(super) const CELL: u8 = 1;
pub(super) const HOUSE0: u8 = 2;
pub(super) const ADVANCED: u8 = HOUSE0 + MAX_HOUSES as u8;

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
        self.add_full(cand, on, parents, 0, NONE)
    }

    pub fn add_full(
        &mut self,
        cand: usize,
        on: bool,
        parents: &[u32],
        cause: u8,
        nested: u32,
    ) -> u32 {
        let p0 = self.parents.len() as u32;
        // Most nodes have one parent: a push, not a copy call.
        match parents {
            [p] => self.parents.push(*p),
            _ => self.parents.extend_from_slice(parents),
        }
        self.nodes.push(Node {
            cand: cand as u16,
            on,
            cause,
            nested,
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

/// Extra "off" implications asked for when nothing else is pending.
pub(super) type More<'a> = dyn FnMut(&[u16; 81], &[u128; 9], &mut Prop) -> Vec<u32> + 'a;

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
    /// Each candidate's on (off) node; only meaningful where `on_bits`
    /// (`off_bits`) has the candidate: a reset clears the bits alone, so it
    /// costs nothing per node (read through [`Prop::on_node`]).
    on_idx: Vec<u32>,
    off_idx: Vec<u32>,
    pub on_order: Vec<u32>,
    pub off_order: Vec<u32>,
    /// The (on, off) nodes of one candidate both on and off, if any.
    pub contradiction: Option<(u32, u32)>,
    /// Nested hints behind extra-rule offs: (complexity, chain signature).
    pub nested: Vec<(u32, u64)>,
    /// Queues: the next unprocessed entries of `on_order` and `off_order`.
    next_on: usize,
    next_off: usize,
    /// The cells of each digit found on / off so far.
    on_bits: [u128; 9],
    off_bits: [u128; 9],
    /// Stop once every pending node is at least this deep (no extra rules):
    /// what follows is deeper, so too complex to matter (`usize::MAX`: off).
    pub limit: usize,
    /// Depth of each queued node (by node index), when limited.
    depth: Vec<u32>,
    /// Queued, unprocessed nodes shallower than `limit`.
    shallow: usize,
    /// The depth of the nodes the node being processed implies.
    child_depth: u32,
}

/// The largest complexity whose hints, at `base`, could still sort no later
/// than `best` = (difficulty, complexity) in Sudoku Explainer's order (0 if none).
pub(super) fn max_complexity(base: f64, (d, c): (f64, u32)) -> usize {
    let mut cx = 0u32;
    loop {
        let next = cx + 1;
        let ok = match (base + super::hint::length_added(next)).partial_cmp(&d) {
            Some(std::cmp::Ordering::Less) => true,
            Some(std::cmp::Ordering::Equal) => next <= c,
            _ => false,
        };
        if !ok || next >= 1 << 20 {
            return cx as usize;
        }
        cx = next;
    }
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
            nested: Vec::new(),
            next_on: 0,
            next_off: 0,
            on_bits: [0; 9],
            off_bits: [0; 9],
            limit: usize::MAX,
            depth: Vec::new(),
            shallow: 0,
            child_depth: 0,
        }
    }

    fn reset(&mut self) {
        self.on_order.clear();
        self.off_order.clear();
        self.arena.clear();
        self.contradiction = None;
        self.nested.clear();
        self.next_on = 0;
        self.next_off = 0;
        self.on_bits = [0; 9];
        self.off_bits = [0; 9];
        self.depth.clear();
        self.shallow = 0;
        self.child_depth = 0;
    }

    /// Records the depth of queued node `n`: its first parent's plus one.
    /// The first parent is the node being processed (none for the start).
    #[inline]
    fn queued(&mut self, n: u32) {
        if self.limit == usize::MAX {
            return;
        }
        let d = self.child_depth;
        // Nodes come in order; only unqueued ones (contradictions) leave gaps.
        let n = n as usize;
        if self.depth.len() < n {
            self.depth.resize(n, 0);
        }
        if self.depth.len() == n {
            self.depth.push(d);
        } else {
            self.depth[n] = d;
        }
        if (d as usize) < self.limit {
            self.shallow += 1;
        }
    }

    /// Node `n` leaves the queue to be processed.
    #[inline]
    fn dequeued(&mut self, n: u32) {
        if self.limit != usize::MAX {
            let d = self.depth[n as usize];
            self.child_depth = d + 1;
            if (d as usize) < self.limit {
                self.shallow -= 1;
            }
        }
    }

    #[inline]
    pub fn has_on(&self, cand: usize) -> bool {
        has(self.on_bits[cand % 9], cand / 9)
    }

    #[inline]
    pub fn has_off(&self, cand: usize) -> bool {
        has(self.off_bits[cand % 9], cand / 9)
    }

    /// The cells of each digit found on (`on`) or off so far.
    #[inline]
    pub fn bits(&self, on: bool) -> &[u128; 9] {
        if on {
            &self.on_bits
        } else {
            &self.off_bits
        }
    }

    /// The on node of `cand`, NONE if it has none.
    #[inline]
    pub fn on_node(&self, cand: usize) -> u32 {
        if self.has_on(cand) {
            self.on_idx[cand]
        } else {
            NONE
        }
    }

    /// The off node of `cand`, NONE if it has none.
    #[inline]
    pub fn off_node(&self, cand: usize) -> u32 {
        if self.has_off(cand) {
            self.off_idx[cand]
        } else {
            NONE
        }
    }

    /// Records node `n` as its candidate's on (or off) node and queues it.
    #[inline]
    fn push(&mut self, n: u32) {
        let node = self.arena.nodes[n as usize];
        self.push_as(n, node.cand as usize, node.on);
    }

    /// [`Prop::push`] of a node whose candidate and state the caller knows.
    #[inline(always)]
    fn push_as(&mut self, n: u32, c: usize, on: bool) {
        let (bits, idx, order) = if on {
            (&mut self.on_bits, &mut self.on_idx, &mut self.on_order)
        } else {
            (&mut self.off_bits, &mut self.off_idx, &mut self.off_order)
        };
        bits[c % 9] |= bit(c / 9);
        idx[c] = n;
        order.push(n);
        self.queued(n);
    }

    /// Propagates the assumption that `cand` is on (or off) over `start`.
    /// `more` is asked for extra "off" implications when nothing else is
    /// pending (the advanced rules of the nested levels); it gets the
    /// current grid and this propagation, and adds nodes to the arena.
    pub fn run(
        &mut self,
        geo: &Geo,
        (start, start_planes, counts): (&[u16; 81], &[u128; 9], &Counts),
        cand: usize,
        on: bool,
        rules: Rules,
        more: Option<&mut More<'_>>,
    ) {
        self.reset();
        let s = self.arena.add(cand, on, &[]);
        self.push(s);
        // Most "off" starts imply nothing (no cell or house left with one
        // other place): said before the grid is copied.
        let (cell, d) = (cand / 9, cand % 9);
        let lone = |h: &u8| counts[d][usize::from(*h)] == 2;
        let may_imply = on
            || more.is_some()
            || (rules.y && two_bits(u128::from(start[cell])))
            || geo.houses_of(cell).iter().any(lone);
        if !may_imply {
            return;
        }
        let now = *start_planes;
        let mut st = State {
            grid: *start,
            now,
            before: now,
            count: *counts,
        };
        let mut more = more;
        // The depth bound holds only without extra rules (their offs may
        // have shallow parents).
        if more.is_some() {
            self.limit = usize::MAX;
        }
        let limited = self.limit != usize::MAX;
        loop {
            if limited && self.shallow == 0 {
                return;
            }
            if let Some(&p) = self.on_order.get(self.next_on) {
                self.next_on += 1;
                self.dequeued(p);
                let c = self.arena.nodes[p as usize].cand as usize;
                if self.on_to_off(geo, &st, (p, c), rules.y) {
                    return;
                }
                continue;
            }
            if let Some(&p) = self.off_order.get(self.next_off) {
                self.next_off += 1;
                self.dequeued(p);
                let c = self.arena.nodes[p as usize].cand as usize;
                if self.off_to_on(geo, start, &mut st, (p, c), rules) {
                    return;
                }
                continue;
            }
            if let Some(more) = more.as_deref_mut() {
                let found = more(&st.grid, &st.now, self);
                let mut any = false;
                for n in found {
                    let c = self.arena.nodes[n as usize].cand as usize;
                    if !self.has_off(c) {
                        self.push(n);
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
    fn imply_off(&mut self, c: usize, p: u32, cause: u8) -> bool {
        if self.has_on(c) {
            let off = self.arena.add_full(c, false, &[p], cause, NONE);
            self.contradiction = Some((self.on_idx[c], off));
            return true;
        }
        if !self.has_off(c) {
            let n = self.arena.add_full(c, false, &[p], cause, NONE);
            self.push_as(n, c, false);
        }
        false
    }

    fn on_to_off(&mut self, geo: &Geo, st: &State, (p, pc): (u32, usize), y: bool) -> bool {
        let (cell, d) = (pc / 9, pc % 9);
        if y {
            let mut m = st.grid[cell] & !(1 << d);
            while m != 0 {
                let w = m.trailing_zeros() as usize;
                m &= m - 1;
                if self.imply_off(cell * 9 + w, p, CELL) {
                    return true;
                }
            }
        }
        let mut seen = bit(cell);
        for &h in geo.houses_of(cell) {
            let hm = geo.house_mask[h as usize];
            let m = st.now[d] & hm & !seen;
            seen |= hm;
            // Known offs are skipped; a known on stops at its cell (in order).
            let bad = m & self.on_bits[d];
            let mut fresh = m & !self.off_bits[d];
            if bad != 0 {
                fresh &= (bad & bad.wrapping_neg()) - 1;
            }
            let cause = HOUSE0 + h;
            while fresh != 0 {
                let c2 = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                let n = self.arena.add_full(c2 * 9 + d, false, &[p], cause, NONE);
                self.push_as(n, c2 * 9 + d, false);
            }
            if bad != 0 {
                return self.imply_off(bad.trailing_zeros() as usize * 9 + d, p, cause);
            }
        }
        false
    }

    fn off_to_on(
        &mut self,
        geo: &Geo,
        save: &[u16; 81],
        st: &mut State,
        (p, pc): (u32, usize),
        rules: Rules,
    ) -> bool {
        let (cell, d) = (pc / 9, pc % 9);
        // Up to one "on" result per cell and house of the cell; parents are
        // gathered only for those that are new or contradict (grid as it was
        // before this off is applied).
        let mut found = [(0u16, 0u8); 1 + MAX_PER_CELL];
        let mut nfound = 0;
        if rules.y && two_bits(u128::from(st.grid[cell])) {
            let w = (st.grid[cell] & !(1 << d)).trailing_zeros() as usize;
            found[nfound] = ((cell * 9 + w) as u16, CELL);
            nfound += 1;
        }
        let me = bit(cell);
        for &h in geo.houses_of(cell) {
            // The off's own place is still there: one other place left.
            if st.count[d][usize::from(h)] == 2 {
                let others = st.now[d] & geo.house_mask[h as usize] & !me;
                found[nfound] = (
                    (others.trailing_zeros() as usize * 9 + d) as u16,
                    HOUSE0 + h,
                );
                nfound += 1;
            }
        }
        // Parents: the off, and the offs that emptied the rest of its cell
        // or house (the off's candidate and the result are still there).
        let mut buf = [0u32; 9];
        let mut hit = false;
        for &(c, cause) in &found[..nfound] {
            let c = c as usize;
            let contra = self.has_off(c);
            if !contra && self.has_on(c) {
                continue;
            }
            buf[0] = p;
            let mut nb = 1;
            if cause == CELL {
                let mut hidden = save[cell] & !st.grid[cell];
                while hidden != 0 {
                    let v = hidden.trailing_zeros() as usize;
                    hidden &= hidden - 1;
                    buf[nb] = self.off_idx[cell * 9 + v];
                    nb += 1;
                }
            } else {
                let h = (cause - HOUSE0) as usize;
                let mut hidden = st.before[d] & !st.now[d] & geo.house_mask[h];
                while hidden != 0 {
                    let c2 = hidden.trailing_zeros() as usize;
                    hidden &= hidden - 1;
                    buf[nb] = self.off_idx[c2 * 9 + d];
                    nb += 1;
                }
            }
            let n = self.arena.add_full(c, true, &buf[..nb], cause, NONE);
            if contra {
                self.contradiction = Some((n, self.off_idx[c]));
                hit = true;
                break;
            }
            self.push_as(n, c, true);
        }
        if rules.dynamic {
            st.grid[cell] &= !(1 << d);
            st.now[d] &= !me;
            for &h in geo.houses_of(cell) {
                st.count[d][usize::from(h)] -= 1;
            }
        }
        hit
    }
}

/// The grid a propagation changes, with its digit planes.
struct State {
    grid: [u16; 81],
    now: [u128; 9],
    before: [u128; 9],
    /// Places of each digit in each house of `now`.
    count: Counts,
}

/// Places of each digit (`[d]`) in each house (`[d][h]`) of a grid.
pub(super) type Counts = [[u8; MAX_HOUSES]; 9];

/// The [`Counts`] of a grid's digit planes.
pub(super) fn counts(geo: &Geo, planes: &[u128; 9]) -> Counts {
    std::array::from_fn(|d| {
        std::array::from_fn(|h| (planes[d] & geo.house_mask[h]).count_ones() as u8)
    })
}

/// Digit planes of a grid: the cells holding each digit.
pub(super) fn planes(grid: &[u16; 81]) -> [u128; 9] {
    super::super::subsets::transpose(grid.iter().map(|&m| u64::from(m)))
}
