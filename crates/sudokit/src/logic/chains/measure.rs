//! A hint's measure: its complexity (the distinct potentials its chains
//! pass through), its chain signature and, inside an outer chain, its rule
//! parents (Sudoku Explainer's `getComplexity`, `FullChain`,
//! `getRuleParents`).

use super::geo::{Geo, CANDS};
use super::propagate::{Arena, Node, ADVANCED, CELL, HOUSE0, NONE};

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
    /// (Sudoku Explainer's `getAncestorCount`), and what `m` asks besides:
    /// the nested hints met (complexity added once per distinct chain), the
    /// chain's signature, the rule parents.
    ///
    /// Stops as soon as the count passes `cap` (and returns it, over `cap`).
    pub fn measure(
        &mut self,
        arena: &Arena,
        nested: &[(u32, u64)],
        n: u32,
        m: &mut Measure<'_>,
        cap: u32,
    ) -> u32 {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.gen = 1;
        }
        let mut count = 0;
        self.todo.clear();
        self.todo.push(n);
        m.sig = m.sig.wrapping_mul(0x100000001b3).wrapping_add(0x9e37);
        while !self.todo.is_empty() {
            self.next.clear();
            for i in 0..self.todo.len() {
                let p = self.todo[i];
                let k = arena.key(p);
                if self.stamp[k] != self.gen {
                    self.stamp[k] = self.gen;
                    count += 1;
                    if count > cap {
                        return count;
                    }
                    m.sig = (m.sig ^ k as u64).wrapping_mul(0x100000001b3);
                    let node = arena.nodes[p as usize];
                    if node.nested != NONE {
                        let (cx, sig) = nested[node.nested as usize];
                        if !m.seen.contains(&sig) {
                            m.seen.push(sig);
                            m.nested += cx;
                        }
                    }
                    if let Some(rp) = m.parents.as_mut() {
                        rp.add(&node);
                    }
                    self.next.extend_from_slice(arena.parents(p));
                }
            }
            std::mem::swap(&mut self.todo, &mut self.next);
        }
        count
    }
}

/// What a hint's measure gathers besides its flat complexity.
#[derive(Default)]
pub(super) struct Measure<'a> {
    /// Signatures of the nested chains counted.
    pub seen: Vec<u64>,
    /// Their complexities, summed.
    pub nested: u32,
    /// A signature of the chains walked (Sudoku Explainer's `FullChain`).
    pub sig: u64,
    /// Rule parents, when the hint is used inside a bigger chain.
    pub parents: Option<RuleParents<'a>>,
}

/// Sudoku Explainer's `getRuleParents`: the candidates removed by the outer
/// chain (present in `initial`, gone in `current`) that a nested hint's
/// singles relied on.
pub(super) struct RuleParents<'a> {
    pub geo: &'a Geo,
    pub initial: &'a [u16; 81],
    pub current: &'a [u16; 81],
    /// Cause given to uncaused "on" nodes (cell and region hints' assumptions).
    pub default_cause: u8,
    /// Cycles: "off" nodes count too (their reversed chain turns them on).
    pub cycle: bool,
    pub out: Vec<u16>,
}

impl RuleParents<'_> {
    fn add(&mut self, node: &Node) {
        if !(node.on || (self.cycle && node.cause != 0)) {
            return;
        }
        let cause = if node.cause == 0 {
            self.default_cause
        } else {
            node.cause
        };
        let (cell, d) = (node.cand as usize / 9, node.cand as usize % 9);
        match cause {
            0 | ADVANCED => {}
            CELL => {
                let mut m = self.initial[cell] & !self.current[cell];
                while m != 0 {
                    let v = m.trailing_zeros() as usize;
                    m &= m - 1;
                    self.push((cell * 9 + v) as u16);
                }
            }
            _ => {
                let h = (cause - HOUSE0) as usize;
                for &c in &self.geo.house_cells[h] {
                    let c = c as usize;
                    if self.initial[c] >> d & 1 != 0 && self.current[c] >> d & 1 == 0 {
                        self.push((c * 9 + d) as u16);
                    }
                }
            }
        }
    }

    fn push(&mut self, cand: u16) {
        if !self.out.contains(&cand) {
            self.out.push(cand);
        }
    }
}

/// Where a hint's chains end: the graph, its nested store, the node.
pub(super) type Target<'a> = (&'a Arena, &'a [(u32, u64)], u32);

/// The outer chain a nested search runs inside: its grid before (`initial`)
/// and now (`current`, the grid searched).
#[derive(Clone, Copy)]
pub(super) struct Outer<'a> {
    pub initial: &'a [u16; 81],
    pub current: &'a [u16; 81],
}

/// A hint's complexity (flat over the first `flat` targets, plus the nested
/// chains of all targets), its chain signature and, inside an outer chain,
/// its rule parents (Sudoku Explainer's `getComplexity`, `FullChain`,
/// `getRuleParents`). `None` as soon as the flat complexity must pass `cap`:
/// a bounded search has no use for such a hint.
#[allow(clippy::too_many_arguments)]
pub(super) fn measure_hint(
    counter: &mut Counter,
    geo: &Geo,
    targets: &[Target<'_>],
    flat: usize,
    outer: Option<Outer<'_>>,
    default_cause: u8,
    cycle: bool,
    cap: u32,
) -> Option<(u32, u64, Vec<u16>)> {
    let mut m = Measure {
        parents: outer.map(|o| RuleParents {
            geo,
            initial: o.initial,
            current: o.current,
            default_cause,
            cycle,
            out: Vec::new(),
        }),
        ..Measure::default()
    };
    let mut cx = 0;
    for (i, &(arena, nested, n)) in targets.iter().enumerate() {
        if i < flat {
            // What this branch may count: every later flat one counts one at least.
            let budget = cap.saturating_sub(cx).saturating_sub((flat - i - 1) as u32);
            let a = counter.measure(arena, nested, n, &mut m, budget);
            if a > budget {
                return None;
            }
            cx += a;
        } else {
            counter.measure(arena, nested, n, &mut m, u32::MAX);
        }
    }
    let parents = m.parents.map(|p| p.out).unwrap_or_default();
    Some((cx + m.nested, m.sig, parents))
}
