//! Reachability in one static implication graph (a unary pass's tables):
//! which potentials each potential can reach, and which lie on a cycle.
//!
//! The unary search runs a breadth-first search from every candidate. A
//! forcing chain from `src` on can only end at `src` off if that potential is
//! reachable at all, and a cycle through `src` on needs `src` on to lie on a
//! directed cycle; where the graph says no, the search would find nothing
//! and is skipped. Both tests are exact necessary conditions (the searches
//! never use an edge the tables do not hold), so no hint is lost. One
//! Tarjan pass and a closure over the condensed graph cost a few edges'
//! worth of word operations each; the searches they skip cost a walk of
//! the reachable graph per candidate.

use super::geo::CANDS;

/// Potentials: `cand * 2 + on`.
const NODES: usize = CANDS * 2;
const NONE: u32 = u32::MAX;

/// Scratch and results for one graph.
pub(super) struct Reach {
    /// Strongly connected component of each potential (NONE: not in the graph).
    comp: Vec<u32>,
    /// Per component: whether it holds a cycle (two or more potentials).
    cyclic: Vec<bool>,
    /// Per component: its one potential's dense index when it reaches
    /// nothing else (a sink, as most offs of a pass are), else NONE:
    /// merging its reach is setting one bit, not or-ing a set's words.
    leaf: Vec<u32>,
    /// Per component: the last component that merged its reach (each
    /// component's set is merged at most once into another's).
    merged: Vec<u32>,
    /// Per component: the potentials it reaches (its own included), as
    /// dense indices, `w` words each.
    bits: Vec<u64>,
    /// Dense index of each potential of the graph (its place in `active`).
    dense: Vec<u32>,
    /// Whether each potential is in the graph (edges to others are left out).
    member: Vec<bool>,
    /// The potentials of the last graph built.
    active: Vec<u32>,
    /// Words of a potential set.
    w: usize,
    // Tarjan's scratch.
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    /// Explicit call stack: (potential, next edge position, end).
    calls: Vec<(u32, usize, usize)>,
    members: Vec<u32>,
}

/// The graph: each potential's successors, as the tables hold them.
pub(super) trait Graph {
    /// Where the successors of potential `k` (`cand * 2 + on`) are: `i` in
    /// the range stands for `target(k, i)`.
    fn range(&self, k: usize) -> (usize, usize);
    /// The successor at position `i` of `k`'s range.
    fn target(&self, k: usize, i: usize) -> u32;
}

impl Reach {
    pub fn new() -> Reach {
        Reach {
            comp: vec![NONE; NODES],
            cyclic: Vec::new(),
            leaf: Vec::new(),
            merged: Vec::new(),
            bits: Vec::new(),
            dense: vec![0; NODES],
            member: vec![false; NODES],
            active: Vec::new(),
            w: 0,
            index: vec![NONE; NODES],
            low: vec![0; NODES],
            on_stack: vec![false; NODES],
            stack: Vec::new(),
            calls: Vec::new(),
            members: Vec::new(),
        }
    }

    /// Computes the components and their reach over the potentials `active`:
    /// the graph they induce (edges to potentials not listed are left out, so
    /// a caller that needs only the cycles through some potentials may list
    /// just those that can lie on them). Potentials not listed are in no
    /// component afterwards.
    pub fn build(&mut self, g: &impl Graph, active: &[u32]) {
        for &k in &self.active {
            self.member[k as usize] = false;
            self.comp[k as usize] = NONE;
        }
        self.active.clear();
        self.active.extend_from_slice(active);
        for (i, &k) in active.iter().enumerate() {
            self.dense[k as usize] = i as u32;
            self.member[k as usize] = true;
            self.comp[k as usize] = NONE;
            self.index[k as usize] = NONE;
            self.on_stack[k as usize] = false;
        }
        self.w = active.len().div_ceil(64);
        self.cyclic.clear();
        self.leaf.clear();
        self.merged.clear();
        self.bits.clear();
        self.stack.clear();
        let mut next = 0u32;
        for &root in active {
            if self.index[root as usize] != NONE {
                continue;
            }
            self.calls.clear();
            self.enter(g, root, &mut next);
            while let Some(&(v, at, end)) = self.calls.last() {
                let vu = v as usize;
                if at < end {
                    self.calls.last_mut().expect("nonempty").1 = at + 1;
                    let w = g.target(vu, at);
                    let wu = w as usize;
                    if !self.member[wu] {
                        continue;
                    }
                    if self.index[wu] == NONE {
                        self.enter(g, w, &mut next);
                    } else if self.on_stack[wu] {
                        self.low[vu] = self.low[vu].min(self.index[wu]);
                    }
                    continue;
                }
                // All successors done.
                self.calls.pop();
                if let Some(&(u, _, _)) = self.calls.last() {
                    let uu = u as usize;
                    self.low[uu] = self.low[uu].min(self.low[vu]);
                }
                if self.low[vu] == self.index[vu] {
                    self.component(g, v);
                }
            }
        }
    }

    fn enter(&mut self, g: &impl Graph, v: u32, next: &mut u32) {
        let vu = v as usize;
        self.index[vu] = *next;
        self.low[vu] = *next;
        *next += 1;
        self.stack.push(v);
        self.on_stack[vu] = true;
        let (a, b) = g.range(vu);
        self.calls.push((v, a, b));
    }

    /// Pops the component rooted at `v`: every component it reaches is done
    /// (Tarjan completes components in reverse topological order).
    fn component(&mut self, g: &impl Graph, v: u32) {
        let id = self.cyclic.len() as u32;
        self.members.clear();
        loop {
            let w = self.stack.pop().expect("on stack");
            self.on_stack[w as usize] = false;
            self.comp[w as usize] = id;
            self.members.push(w);
            if w == v {
                break;
            }
        }
        self.cyclic.push(self.members.len() > 1);
        self.merged.push(id);
        let words = self.w;
        let base = self.bits.len();
        self.bits.resize(base + words, 0);
        let mut alone = self.members.len() == 1;
        for i in 0..self.members.len() {
            let m = self.members[i] as usize;
            let d = self.dense[m] as usize;
            self.bits[base + d / 64] |= 1 << (d % 64);
            let (a, b) = g.range(m);
            for e in a..b {
                let t = g.target(m, e) as usize;
                if !self.member[t] {
                    continue;
                }
                let c = self.comp[t] as usize;
                // Edges into one's own component add nothing; neither does
                // a component already merged.
                if c == id as usize || self.merged[c] == id {
                    continue;
                }
                self.merged[c] = id;
                alone = false;
                let leaf = self.leaf[c];
                if leaf != NONE {
                    let l = leaf as usize;
                    self.bits[base + l / 64] |= 1 << (l % 64);
                    continue;
                }
                let (done, mine) = self.bits.split_at_mut(base);
                let from = &done[c * words..(c + 1) * words];
                for k in 0..words {
                    mine[k] |= from[k];
                }
            }
        }
        let only = self.dense[self.members[0] as usize];
        self.leaf.push(if alone { only } else { NONE });
    }

    /// Whether potential `to` is reachable from potential `from` (both in the graph).
    pub fn reaches(&self, from: usize, to: usize) -> bool {
        let c = self.comp[from];
        let d = self.dense[to] as usize;
        c != NONE && self.bits[c as usize * self.w + d / 64] >> (d % 64) & 1 != 0
    }

    /// Whether some potential is reachable from every potential of `ks`
    /// (all in the graph).
    pub fn meet(&self, ks: &[usize]) -> bool {
        let w = self.w;
        (0..w).any(|i| {
            ks.iter()
                .map(|&k| self.bits[self.comp[k] as usize * w + i])
                .fold(u64::MAX, |a, b| a & b)
                != 0
        })
    }

    /// Whether potential `k` lies on a directed cycle.
    pub fn on_cycle(&self, k: usize) -> bool {
        let c = self.comp[k];
        c != NONE && self.cyclic[c as usize]
    }
}
