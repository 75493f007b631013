//! The search itself: starting and unwinding a run, applying the
//! assumptions, and the step machine that walks the search tree.

use super::links::{choose, commit_others, cover, uncommit_others, uncover};
use std::sync::atomic::Ordering;
use web_time::Instant;

use super::{Branching, Node, Phase, Solver, Step, CLOCK_EVERY, SPACER};

impl Solver {
    /// Restores the initial links (undoing an interrupted search and the
    /// assumptions), resets the counters and applies the assumptions.
    pub(super) fn start(&mut self) {
        self.unwind();
        self.nodes = 0;
        self.updates = 0;
        self.count = 0;
        self.complete = false;
        self.next_check = 0;
        self.timed_out = false;
        self.interrupted = false;
        self.base = 0;
        self.level = 0;
        if !self.assumptions.is_empty() && !self.apply_assumptions() {
            // Conflicting assumptions: nothing is applied, no solution.
            self.phase = Phase::Done;
            return;
        }
        self.phase = Phase::Fresh;
    }

    /// Checks that the assumed options are pairwise compatible and, if
    /// so, commits them as levels `0..base`.
    pub(super) fn apply_assumptions(&mut self) -> bool {
        let n = self.n_items as usize;
        self.scratch.clear();
        self.scratch.resize(n + 2, 0);
        for &o in &self.assumptions {
            let mut p = self.opt_first[o];
            loop {
                let x = self.nd[p as usize];
                if x.item >= SPACER {
                    break;
                }
                let mark = &mut self.scratch[x.item as usize];
                let want = x.color + 1; // 1 = uncoloured
                if *mark != 0 && (*mark == 1 || want == 1 || *mark != want) {
                    return false;
                }
                *mark = want;
                p += 1;
            }
        }
        let mut updates = 0;
        for k in 0..self.assumptions.len() {
            let o = self.assumptions[k];
            // Branch on the option's first primary item, as the search
            // would.
            let mut x = self.opt_first[o];
            while !self.is_primary_node(x) {
                x += 1;
            }
            let item = self.nd[x as usize].item;
            cover::<true>(&mut self.nd, &mut self.cl, item, &mut updates);
            commit_others::<true>(&mut self.nd, &mut self.cl, x, &mut updates);
            self.choice[k] = x;
        }
        self.updates += updates;
        self.base = self.assumptions.len();
        true
    }

    /// Whether option node `x` belongs to a primary item.
    pub(super) fn is_primary_node(&self, x: u32) -> bool {
        let item = self.nd[x as usize].item;
        // Primary items are numbered 1..=n1 internally.
        item < SPACER && item <= self.n_primary
    }

    /// Undoes whatever the current search state has covered, restoring
    /// the links as they were after [`load`](Self::load).
    pub(super) fn unwind(&mut self) {
        let nd = &mut self.nd[..];
        let cl = &mut self.cl[..];
        let item_of = |nd: &[Node], x: u32| {
            if x <= self.n_items {
                x
            } else {
                nd[x as usize].item
            }
        };
        let top = match self.phase {
            Phase::Idle => return,
            Phase::Fresh | Phase::Done => self.base,
            Phase::Forward => self.level,
            Phase::Advance => {
                let x = self.choice[self.level];
                uncover::<true>(nd, cl, item_of(nd, x));
                self.level
            }
            Phase::Recover => self.level + 1,
        };
        for l in (0..top).rev() {
            let x = self.choice[l];
            uncommit_others::<true>(nd, cl, x);
            uncover::<true>(nd, cl, item_of(nd, x));
        }
        self.phase = Phase::Idle;
    }

    /// Advances the search to its next solution, fills `self.solution`
    /// and returns it; `None` when the search is over or stopped by a
    /// limit.
    pub(super) fn next_solution(&mut self) -> Option<&[usize]> {
        if self.limit.is_some_and(|l| self.count >= l) {
            return None;
        }
        match self.step() {
            Step::Solution(len) => {
                self.count += 1;
                self.solution.clear();
                for &x in &self.choice[..len] {
                    let mut q = x;
                    while self.nd[q as usize].item < SPACER {
                        q += 1;
                    }
                    self.solution
                        .push(((self.nd[q as usize].item & !SPACER) - 1) as usize);
                }
                Some(&self.solution)
            }
            Step::Exhausted => {
                self.complete = true;
                None
            }
            Step::NodeLimit => None,
        }
    }

    /// Runs the search state machine (Knuth's steps C2–C8) until the next
    /// solution, the end of the search, or the node limit.
    pub(super) fn step(&mut self) -> Step {
        if self.colors {
            self.step_impl::<true>()
        } else {
            self.step_impl::<false>()
        }
    }

    /// [`step`](Self::step), specialised for problems with or without
    /// colours.
    pub(super) fn step_impl<const COLORS: bool>(&mut self) -> Step {
        let stop_at = match self.branching {
            Branching::Mrv => 1,
            Branching::Knuth => 0,
        };
        let node_limit = self.node_limit.unwrap_or(u64::MAX);
        let deadline = self.deadline;
        // Both are looked at every CLOCK_EVERY nodes, never more often.
        let polled = deadline.is_some() || self.interrupt.is_some();
        let interrupt = self.interrupt.as_deref();
        let mut next_check = self.next_check;
        let n_items = self.n_items;
        let base = self.base;
        let nd = &mut self.nd[..1usize << self.shift];
        let cl = &mut self.cl[..];
        let choice = &mut self.choice[..];
        let mut level = self.level;
        let mut phase = self.phase;
        let mut nodes = self.nodes;
        let mut updates = 0u64;
        let result = loop {
            match phase {
                Phase::Idle | Phase::Done => break Step::Exhausted,
                Phase::Fresh => {
                    if cl[0].next == 0 {
                        // No primary item left: the assumptions (possibly
                        // none) are the only solution.
                        phase = Phase::Done;
                        break Step::Solution(base);
                    }
                    level = base;
                    phase = Phase::Forward;
                }
                Phase::Forward => {
                    if nodes >= next_check {
                        if nodes >= node_limit {
                            break Step::NodeLimit;
                        }
                        if interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                            self.interrupted = true;
                            break Step::NodeLimit;
                        }
                        if deadline.is_some_and(|d| Instant::now() >= d) {
                            self.timed_out = true;
                            break Step::NodeLimit;
                        }
                        next_check = if polled {
                            node_limit.min(nodes + CLOCK_EVERY)
                        } else {
                            node_limit
                        };
                    }
                    nodes += 1;
                    let best = choose(nd, cl, stop_at);
                    cover::<COLORS>(nd, cl, best, &mut updates);
                    choice[level] = nd[best as usize].down;
                    phase = Phase::Advance;
                }
                Phase::Advance => {
                    let x = choice[level];
                    if x <= n_items {
                        // Back at the item head: every option was tried.
                        uncover::<COLORS>(nd, cl, x);
                        if level == base {
                            phase = Phase::Done;
                            break Step::Exhausted;
                        }
                        level -= 1;
                        phase = Phase::Recover;
                        continue;
                    }
                    commit_others::<COLORS>(nd, cl, x, &mut updates);
                    if cl[0].next == 0 {
                        phase = Phase::Recover;
                        break Step::Solution(level + 1);
                    }
                    level += 1;
                    phase = Phase::Forward;
                }
                Phase::Recover => {
                    let x = choice[level];
                    uncommit_others::<COLORS>(nd, cl, x);
                    choice[level] = nd[x as usize].down;
                    phase = Phase::Advance;
                }
            }
        };
        self.level = level;
        self.phase = phase;
        self.nodes = nodes;
        self.next_check = next_check;
        self.updates += updates;
        result
    }
}
