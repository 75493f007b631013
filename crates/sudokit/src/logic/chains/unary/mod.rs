//! Bidirectional cycles and forcing X-/Y-chains from one candidate (Sudoku
//! Explainer's static "unary" chaining: no grid changes, single parents).

use super::geo::{one_bit, three_or_more, two_bits, two_or_more, Geo, CANDS, MAX_HOUSES};
use super::hint::{least, removable, About, Hint, Kind};
use super::measure::Counter;
use super::propagate::{max_complexity, Arena, CELL, HOUSE0, NONE};
use super::queues::Queues;
use super::reach::{Graph, Reach};
use x::XClosure;

mod hints;
mod x;

/// Buffers for one pass, reused across candidates.
pub(super) struct Unary {
    /// Implications of each candidate on (off), cell links first, then house links.
    on_tab: Vec<(usize, u8)>,
    off_tab: Vec<(usize, u8)>,
    /// Per candidate: where its on (off) implications start, where its
    /// house links start, where they end.
    on_at: Vec<[u32; 3]>,
    off_at: Vec<[u32; 3]>,
    /// The grid and houses the tables were built for: the three passes,
    /// and the rungs of one state, share them.
    tab_grid: Option<[u16; 81]>,
    tab_houses: [u128; MAX_HOUSES],
    /// The potentials of the grid's candidates (`cand * 2 + on`).
    keys: Vec<u32>,
    /// The link kinds of the current pass: (y, x).
    links: (bool, bool),
    /// Reachability for the X and XY passes, and the links of the graph it
    /// was built on (for the current tables).
    reach: Reach,
    reach_of: Option<(bool, bool)>,
    /// Reachability for an X pass on the X graph alone, built for the
    /// current tables when `x_ok`.
    xclosure: XClosure,
    x_ok: bool,
    /// The current pass reads the X closure instead of a [`Reach`].
    per_digit: bool,
    /// Digit planes of the grid searched.
    now: [u128; 9],
    /// Inside an outer chain: the outer propagation's grid before it started.
    pub outer: Option<[u16; 81]>,
    arena: Arena,
    q: Queues,
    cycles: Vec<u32>,
    chains: Vec<u32>,
    counter: Counter,
    /// Only the first hint (in Sudoku Explainer's sort) is wanted: searches
    /// stop where every hint they could still find sorts after `best`.
    pub first_only: bool,
    /// The least (difficulty, complexity) found so far, when `first_only`.
    best: Option<(f64, u32)>,
    /// Nodes at this depth or deeper are not expanded: every hint through
    /// them would be too complex (a node at depth `d` has at least `d`
    /// distinct ancestors, its own potential included).
    limit: usize,
    /// Cycle search: each node's parent (NONE for the root) and candidate,
    /// indexed as the arena (a compact copy for the ancestor walks).
    up: Vec<(u32, u16)>,
}

/// What candidate `pc` being on (`on`) or off implies, in Sudoku Explainer's
/// order: an on turns off its cell's other candidates (`y`) and its digit's
/// other places in its houses; an off turns on the other candidate of a
/// bivalue cell (`y`) and its digit's one other place in a house (`x`).
#[allow(clippy::too_many_arguments)]
pub(super) fn implied(
    geo: &Geo,
    grid: &[u16; 81],
    now: &[u128; 9],
    pc: usize,
    on: bool,
    y: bool,
    x: bool,
    out: &mut Vec<(usize, u8)>,
) {
    out.clear();
    let (cell, d) = (pc / 9, pc % 9);
    if on {
        if y {
            let mut m = grid[cell] & !(1 << d);
            while m != 0 {
                out.push((cell * 9 + m.trailing_zeros() as usize, CELL));
                m &= m - 1;
            }
        }
        let mut seen: u128 = 1 << cell;
        for &h in geo.houses_of(cell) {
            let hm = geo.house_mask[h as usize];
            let mut m = now[d] & hm & !seen;
            seen |= hm;
            while m != 0 {
                out.push((m.trailing_zeros() as usize * 9 + d, HOUSE0 + h));
                m &= m - 1;
            }
        }
        return;
    }
    if y && two_bits(u128::from(grid[cell])) {
        out.push((
            cell * 9 + (grid[cell] & !(1 << d)).trailing_zeros() as usize,
            CELL,
        ));
    }
    if x {
        for &h in geo.houses_of(cell) {
            let others = now[d] & geo.house_mask[h as usize] & !(1u128 << cell);
            if one_bit(others) {
                let c = others.trailing_zeros() as usize * 9 + d;
                if !out.iter().any(|&(o, _)| o == c) {
                    out.push((c, HOUSE0 + h));
                }
            }
        }
    }
}

/// Where `cand`'s on (or off) implications are for a pass with links
/// `(y, x)`: an on always has its house links (and its cell links with Y
/// links); an off has its cell link with Y links, its house links with X links.
fn pass_range(
    on_at: &[[u32; 3]],
    off_at: &[[u32; 3]],
    (y, x): (bool, bool),
    on: bool,
    cand: usize,
) -> (usize, usize) {
    let [lo, mid, hi] = if on { on_at[cand] } else { off_at[cand] };
    let (a, b) = match (on, y, x) {
        (true, false, _) => (mid, hi),
        (true, true, _) => (lo, hi),
        (false, true, true) => (lo, hi),
        (false, true, false) => (lo, mid),
        (false, false, _) => (mid, hi),
    };
    (a as usize, b as usize)
}

/// One pass's implication graph, for [`Reach`].
struct Links<'a> {
    on_tab: &'a [(usize, u8)],
    off_tab: &'a [(usize, u8)],
    on_at: &'a [[u32; 3]],
    off_at: &'a [[u32; 3]],
    links: (bool, bool),
}

impl Graph for Links<'_> {
    fn range(&self, k: usize) -> (usize, usize) {
        pass_range(self.on_at, self.off_at, self.links, k & 1 == 1, k / 2)
    }

    fn target(&self, k: usize, i: usize) -> u32 {
        // An on implies offs, an off ons.
        if k & 1 == 1 {
            self.on_tab[i].0 as u32 * 2
        } else {
            self.off_tab[i].0 as u32 * 2 + 1
        }
    }
}

thread_local! {
    /// A searcher kept between rungs and nested searches: its tables are
    /// big, and nested levels make one per grid they search.
    static SPARE: std::cell::RefCell<Option<Box<Unary>>> = const { std::cell::RefCell::new(None) };
}

impl Unary {
    /// Runs `f` with a fresh searcher (settings at their defaults), reusing
    /// the buffers of the last one this thread made.
    pub fn with<R>(f: impl FnOnce(&mut Unary) -> R) -> R {
        let mut u = SPARE
            .with(|s| s.borrow_mut().take())
            .unwrap_or_else(|| Box::new(Unary::new()));
        u.first_only = false;
        u.best = None;
        u.outer = None;
        u.limit = usize::MAX;
        // The tables are the grid's and the geometry's: kept for the same
        // grid on the same houses (the rungs of one state share them).
        let r = f(&mut u);
        SPARE.with(|s| *s.borrow_mut() = Some(u));
        r
    }

    pub fn new() -> Unary {
        Unary {
            on_tab: Vec::new(),
            off_tab: Vec::new(),
            on_at: Vec::new(),
            off_at: Vec::new(),
            tab_grid: None,
            tab_houses: [0; MAX_HOUSES],
            keys: Vec::new(),
            links: (false, false),
            reach: Reach::new(),
            reach_of: None,
            xclosure: XClosure::new(),
            x_ok: false,
            per_digit: false,
            now: [0; 9],
            outer: None,
            arena: Arena::default(),
            q: Queues::new(),
            cycles: Vec::new(),
            chains: Vec::new(),
            counter: Counter::new(),
            first_only: false,
            best: None,
            limit: usize::MAX,
            up: Vec::new(),
        }
    }

    /// Whether an off of `cand` is a strict ancestor of cycle node `n`.
    fn is_parent_off(&self, n: u32, cand: usize) -> bool {
        if self.q.off_idx[cand] == NONE {
            // No off of `cand` exists yet.
            return false;
        }
        // Ons and offs alternate: the parent of an on is an off.
        let mut p = self.up[n as usize].0;
        while p != NONE {
            let (q, c) = self.up[p as usize];
            if c as usize == cand {
                return true;
            }
            if q == NONE {
                return false;
            }
            p = self.up[q as usize].0;
        }
        false
    }

    /// Leaves out hints of `ceiling` tenths or more (when `first_only`): they
    /// bound the search as a hint just under the ceiling would.
    pub fn cap(&mut self, ceiling: Option<super::super::step::Difficulty>) {
        if let Some(c) = ceiling.filter(|_| self.first_only) {
            self.best = Some((f64::from(c.0) / 10.0 - 0.05, 0));
        }
    }

    /// Every cycle and forcing chain from each candidate, in scan order
    /// (Sudoku Explainer's `getLoopHintList` for one pass).
    pub fn pass(&mut self, geo: &Geo, grid: &[u16; 81], y: bool, x: bool, hints: &mut Vec<Hint>) {
        // The least base difficulty of the pass's hints (cycles, chains).
        let base = if x && y { 7.0 } else { 6.5 };
        self.limit = usize::MAX;
        if let Some(best) = self.best.filter(|_| self.first_only) {
            self.limit = max_complexity(base, best);
            if self.limit == 0 {
                return;
            }
        }
        self.tables(geo, grid);
        self.links = (y, x);
        // Which potentials reach which. Without X links an off implies only
        // its bivalue cell's other candidate, and the Y pass searches only
        // from bivalue cells (cycles alone, no forcing chains): there an on
        // turns the cell's other candidate off, whose off turns it back on,
        // so every source is on a cycle and the pass needs no reachability.
        // Unless a bound already rules the XY pass out, the X pass reads the
        // XY graph's reachability, built once for both: a superset of its
        // own, so still a necessary condition.
        let y_only = y && !x;
        let xy_runs = match self.best.filter(|_| self.first_only) {
            Some(best) => max_complexity(7.0, best) > 0,
            None => true,
        };
        let graph = if y_only || !xy_runs {
            (y, x)
        } else {
            (true, true)
        };
        self.per_digit = graph == (false, true);
        if self.per_digit {
            if !self.x_ok {
                self.xclosure.build(geo, &self.now);
                self.x_ok = true;
            }
        } else if !y_only && self.reach_of != Some(graph) {
            self.build_reach(graph, None);
        }
        for cell in 0..81 {
            if !two_or_more(u128::from(grid[cell])) {
                continue;
            }
            let mut m = grid[cell];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let from = hints.len();
                self.unary(geo, grid, cell * 9 + d, y, x, hints);
                if self.first_only && hints.len() > from {
                    let best = least(self.best, &hints[from..]);
                    self.best = Some(best);
                    self.limit = max_complexity(base, best);
                    if self.limit == 0 {
                        return;
                    }
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn unary(
        &mut self,
        geo: &Geo,
        grid: &[u16; 81],
        src: usize,
        y: bool,
        x: bool,
        hints: &mut Vec<Hint>,
    ) {
        if !x && three_or_more(u128::from(grid[src / 9])) {
            return;
        }
        self.arena.clear();
        self.cycles.clear();
        self.chains.clear();
        // A search the reachability rules out would find nothing.
        let (on, off) = (src * 2 + 1, src * 2);
        let (cycle, forcing_on, forcing_off) = if y && !x {
            // A bivalue cell's candidate: on a cycle through its cell (see `pass`).
            (true, false, false)
        } else if self.per_digit {
            self.xclosure.gates(src)
        } else {
            let reach = &self.reach;
            (
                reach.on_cycle(on),
                reach.reaches(on, off),
                reach.reaches(off, on),
            )
        };
        if cycle {
            self.cycles_from(src);
        }
        if x {
            if forcing_on {
                self.forcing_from(src, true);
            }
            if forcing_off {
                self.forcing_from(src, false);
            }
        }
        for i in 0..self.cycles.len() {
            let dst = self.cycles[i];
            if let Some(h) = self.cycle_hint(geo, grid, dst, src, y, x) {
                hints.push(h);
            }
        }
        for i in 0..self.chains.len() {
            let t = self.chains[i];
            let node = self.arena.nodes[t as usize];
            let removable = removable(grid, node.cand as usize, node.on);
            if removable.is_empty() {
                continue;
            }
            let about = About {
                src: src as u16,
                src_on: !node.on,
                target: node.cand,
                target_on: node.on,
                house: 0,
            };
            let hint = self.unary_hint(geo, grid, t, Kind::Forcing, removable, about, x, y);
            hints.push(hint);
        }
    }

    /// Reachability over `grid`'s static graph with both link kinds (what a
    /// static multiple-chain propagation walks), for `f`.
    pub fn xy_reach<R>(&mut self, geo: &Geo, grid: &[u16; 81], f: impl FnOnce(&Reach) -> R) -> R {
        self.tables(geo, grid);
        if self.reach_of != Some((true, true)) {
            self.build_reach((true, true), None);
        }
        f(&self.reach)
    }

    /// Builds the reachability over the tables' links of the kinds `graph`
    /// names, from `keys` (every potential present if `None`, the case
    /// `reach_of` remembers).
    fn build_reach(&mut self, graph: (bool, bool), keys: Option<&[u32]>) {
        let links = Links {
            on_tab: &self.on_tab,
            off_tab: &self.off_tab,
            on_at: &self.on_at,
            off_at: &self.off_at,
            links: graph,
        };
        self.reach.build(&links, keys.unwrap_or(&self.keys));
        self.reach_of = keys.is_none().then_some(graph);
    }

    fn cycles_from(&mut self, src: usize) {
        self.q.reset();
        let s = self.arena.add(src, true, &[]);
        self.up.clear();
        self.up.push((NONE, src as u16));
        self.q.mark(src, s, true);
        let mut length = 0;
        while !self.q.is_empty() {
            length += 1;
            // Nodes processed now are at depth `length - 1`.
            if length > self.limit {
                break;
            }
            while let Some(p) = self.q.pop(true) {
                let (a, b) = self.range(true, self.arena.nodes[p as usize].cand as usize);
                for i in a..b {
                    let (c, cause) = self.on_tab[i];
                    // A second off of c is processed only for its link
                    // back to the source (it implies what the first one
                    // did), and no node ever follows it otherwise: unless
                    // its table holds the source, it is left out (hints
                    // are measured by potentials, not node numbers).
                    if self.q.off_idx[c] != NONE && !self.off_implies(c, src) {
                        continue;
                    }
                    if !self.is_parent_off(p, c) {
                        let n = self.arena.add_full(c, false, &[p], cause, NONE);
                        self.up.push((p, c as u16));
                        self.q.pending_off.push_back(n);
                        if self.q.off_idx[c] == NONE {
                            self.q.first(c, n, false);
                        }
                    }
                }
            }
            length += 1;
            if length > self.limit {
                break;
            }
            while let Some(p) = self.q.pop(false) {
                let pc = self.arena.nodes[p as usize].cand as usize;
                let (a, b) = self.range(false, pc);
                // A repeated off implies what its first instance (processed
                // earlier, same table) did: all known now but a cycle's end.
                let repeat = self.q.off_idx[pc] != p;
                for i in a..b {
                    let (c, cause) = self.off_tab[i];
                    if repeat && c != src {
                        continue;
                    }
                    if length >= 4 && c == src {
                        let n = self.arena.add_full(c, true, &[p], cause, NONE);
                        self.up.push((p, c as u16));
                        self.cycles.push(n);
                        if self.q.on_idx[c] == NONE {
                            self.q.mark(c, n, true);
                        }
                        continue;
                    }
                    if repeat || self.q.on_idx[c] != NONE {
                        continue;
                    }
                    let n = self.arena.add_full(c, true, &[p], cause, NONE);
                    self.up.push((p, c as u16));
                    self.q.mark(c, n, true);
                }
            }
        }
    }

    fn forcing_from(&mut self, src: usize, on: bool) {
        self.q.reset();
        let s = self.arena.add(src, on, &[]);
        self.q.mark(src, s, on);
        // Depth of the ons processed next (the offs: one more).
        let mut depth: usize = if on { 0 } else { usize::MAX };
        while !self.q.is_empty() {
            if depth != usize::MAX && depth >= self.limit {
                break;
            }
            if self.drain(true, src, on) {
                break;
            }
            depth = depth.wrapping_add(1);
            if depth >= self.limit {
                break;
            }
            if self.drain(false, src, on) {
                break;
            }
            depth = depth.wrapping_add(1);
        }
    }

    /// Processes the queued ons (`from_on`) or offs: each implies the
    /// opposite state of the candidates in its table; an implication that
    /// brings `src` back to the opposite of its assumed state `on` ends a
    /// forcing chain (kept once per state).
    fn drain(&mut self, from_on: bool, src: usize, on: bool) -> bool {
        let to = !from_on;
        while let Some(p) = self.q.pop(from_on) {
            let (a, b) = self.range(from_on, self.arena.nodes[p as usize].cand as usize);
            for i in a..b {
                let (c, cause) = if from_on {
                    self.on_tab[i]
                } else {
                    self.off_tab[i]
                };
                let known = if to {
                    self.q.on_idx[c]
                } else {
                    self.q.off_idx[c]
                } != NONE;
                let back = on == from_on && c == src && !self.chain_has(c, to);
                if known && !back {
                    continue;
                }
                let n = self.arena.add_full(c, to, &[p], cause, NONE);
                if back {
                    // The only chain this search can end: what follows
                    // would add nodes nothing reads.
                    self.chains.push(n);
                    return true;
                }
                if !known {
                    self.q.mark(c, n, to);
                }
            }
        }
        false
    }

    /// Whether `cand` off implies `target` on in this pass.
    fn off_implies(&self, cand: usize, target: usize) -> bool {
        let (a, b) = self.range(false, cand);
        self.off_tab[a..b].iter().any(|&(c, _)| c == target)
    }

    /// Where the tabled implications of `cand` on (or off) are, for this pass.
    fn range(&self, on: bool, cand: usize) -> (usize, usize) {
        pass_range(&self.on_at, &self.off_at, self.links, on, cand)
    }

    /// Tables every candidate's implications with both link kinds (cell
    /// links first, then house links, as [`implied`] lists them), once per
    /// grid: the X, Y and XY passes read parts of them.
    fn tables(&mut self, geo: &Geo, grid: &[u16; 81]) {
        if self.tab_grid.as_ref() == Some(grid) && self.tab_houses == geo.house_mask {
            return;
        }
        self.tab_grid = Some(*grid);
        self.tab_houses = geo.house_mask;
        self.reach_of = None;
        self.x_ok = false;
        self.now = super::propagate::planes(grid);
        self.keys.clear();
        // What `implied` lists with both link kinds, written in place (this
        // runs once per grid a nested chain searches: many thousand times).
        // Only the candidates present get ranges; the others keep empty ones.
        let now = &self.now;
        let (on_tab, on_at) = (&mut self.on_tab, &mut self.on_at);
        let (off_tab, off_at) = (&mut self.off_tab, &mut self.off_at);
        on_tab.clear();
        off_tab.clear();
        on_at.clear();
        on_at.resize(CANDS, [0; 3]);
        off_at.clear();
        off_at.resize(CANDS, [0; 3]);
        for (cell, &g) in grid.iter().enumerate() {
            let houses = geo.houses_of(cell);
            let bivalue = two_bits(u128::from(g));
            let me: u128 = 1 << cell;
            let mut ds = g;
            while ds != 0 {
                let d = ds.trailing_zeros() as usize;
                ds &= ds - 1;
                let plane = now[d];
                let cand = cell * 9 + d;
                let key = cand as u32 * 2;
                self.keys.extend([key, key + 1]);
                // On: the cell's other candidates, then the digit's other
                // places in each house.
                let lo = on_tab.len() as u32;
                let mut m = g & !(1 << d);
                while m != 0 {
                    on_tab.push((cell * 9 + m.trailing_zeros() as usize, CELL));
                    m &= m - 1;
                }
                let mid = on_tab.len() as u32;
                let mut seen = me;
                for &h in houses {
                    let hm = geo.house_mask[h as usize];
                    let mut m = plane & hm & !seen;
                    seen |= hm;
                    while m != 0 {
                        on_tab.push((m.trailing_zeros() as usize * 9 + d, HOUSE0 + h));
                        m &= m - 1;
                    }
                }
                on_at[cand] = [lo, mid, on_tab.len() as u32];
                // Off: a bivalue cell's other candidate, then the digit's
                // one other place in a house.
                let lo = off_tab.len() as u32;
                if bivalue {
                    off_tab.push((cell * 9 + (g & !(1 << d)).trailing_zeros() as usize, CELL));
                }
                let mid = off_tab.len();
                for &h in houses {
                    let others = plane & geo.house_mask[h as usize] & !me;
                    if one_bit(others) {
                        let c = others.trailing_zeros() as usize * 9 + d;
                        // One place may close two houses (a box and a line).
                        if !off_tab[mid..].iter().any(|&(o, _)| o == c) {
                            off_tab.push((c, HOUSE0 + h));
                        }
                    }
                }
                off_at[cand] = [lo, mid as u32, off_tab.len() as u32];
            }
        }
    }

    fn chain_has(&self, cand: usize, on: bool) -> bool {
        self.chains.iter().any(|&n| {
            let node = self.arena.nodes[n as usize];
            node.cand as usize == cand && node.on == on
        })
    }
}
