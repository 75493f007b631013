//! The Dancing Links engine: Knuth's Algorithm C (DLX2), which is
//! Algorithm X (DLX1) extended with secondary items and colours.
//!
//! # Memory layout
//!
//! Following TAOCP 7.2.2.1, everything lives in two flat arrays indexed by
//! `u32`:
//!
//! * `cl` holds the horizontal links of the items: index 0 is the head of
//!   the ring of active primary items, `1..=N` are the items (primary ones
//!   first), `N + 1` is the head of the ring of secondary items.
//! * `nd` holds 16-byte nodes `{up, down, item, color}`. Nodes `1..=N` are
//!   the item heads (their `item` field holds the length of the item's
//!   list). Then come the options, stored contiguously, each preceded and
//!   followed by a *spacer* node whose `item` field has the top bit set.
//!   A spacer's `up` is the first node of the option before it and its
//!   `down` the last node of the option after it, so that an option can be
//!   walked as a ring in either direction.
//!
//! A node's `color` is 0 for an uncoloured entry, `k + 1` for colour `k`,
//! and [`SATISFIED`] while its secondary item has been purified by a
//! chosen option of the same colour (`cover` then leaves the node alone).

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use web_time::Instant;

use crate::problem::Problem;

mod links;
mod search;

/// Marks spacer nodes in the `item` field; the low bits count the options
/// before the spacer.
const SPACER: u32 = 1 << 31;
/// Colour of a node whose secondary item is already satisfied by a chosen
/// option of the same colour (Knuth uses −1).
const SATISFIED: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    /// Item of an option node; list length in an item head; `SPACER | k`
    /// in a spacer.
    item: u32,
    color: u32,
}

#[derive(Clone, Copy, Debug, Default)]
struct Link {
    prev: u32,
    next: u32,
}

/// How the solver picks the item to branch on at each search node.
///
/// Both rules choose the leftmost active primary item with the fewest
/// remaining options (Knuth's "minimum remaining values" heuristic), so
/// both explore the same search tree and report the same node counts; they
/// differ only in how long the scan of the items runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Branching {
    /// Stop scanning at the first item with 0 options (a dead end) or 1
    /// option (a forced move). The default.
    ///
    /// Note that an item with 0 options further right is then not seen
    /// before the forced move is made, so the search tree (and the node
    /// count) can differ slightly from Knuth's programs.
    #[default]
    Mrv,
    /// Knuth-compatible ("oracle") mode: scan all active primary items
    /// (stopping only at an item with 0 options, as DLX1 does), so the
    /// node counts equal those of Knuth's DLX1/DLX2 on the same input.
    Knuth,
}

/// What one run of the solver did; returned by [`Solver::run`] and
/// [`Solver::count`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Number of solutions found (and visited).
    pub solutions: u64,
    /// Search tree nodes: the number of times the search entered a level
    /// with at least one uncovered primary item, as Knuth counts them.
    pub nodes: u64,
    /// Link updates: one per item removed from the active list and one
    /// per node removed from an item's list, as Knuth counts them.
    pub updates: u64,
    /// `true` if the whole search space was explored, so that
    /// `solutions` is the exact number of solutions; `false` if the run
    /// stopped early (solution limit, node limit or the visitor).
    pub complete: bool,
}

/// An error from [`Solver::set_assumptions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownOption(pub usize);

impl fmt::Display for UnknownOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown option #{}", self.0)
    }
}

impl std::error::Error for UnknownOption {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No search in progress; the links are in their initial state.
    Idle,
    /// Assumptions applied, search not started.
    Fresh,
    /// About to enter level `level` (choose and cover an item).
    Forward,
    /// About to try `choice[level]` (its item is covered).
    Advance,
    /// `choice[level]` is committed; undo it and try the next option.
    Recover,
    /// Search finished; assumptions still applied.
    Done,
}

/// Search nodes between two readings of the clock when a deadline is set.
const CLOCK_EVERY: u64 = 1024;

enum Step {
    /// A solution of this many levels is in `choice`.
    Solution(usize),
    Exhausted,
    NodeLimit,
}

/// A reusable Dancing Links solver.
///
/// A `Solver` copies a [`Problem`] into Knuth's linked layout
/// ([`Solver::new`] or [`Solver::load`]) and then searches it any number
/// of times, delivering solutions to a visitor ([`Solver::run`]), counting
/// them ([`Solver::count`]) or yielding them ([`Solver::solutions`]). Each
/// solution is the list of the chosen options' indices (0-based, in the
/// order the options were added to the problem), listed in the order the
/// search chose them (not sorted).
///
/// All buffers are sized when a problem is loaded: the search itself never
/// allocates, and [`load`](Solver::load)ing a problem no larger than one
/// loaded before allocates nothing either.
///
/// ```
/// use exact_cover::{Problem, Solver};
///
/// let mut p = Problem::new();
/// let [a, b, c] = ["a", "b", "c"].map(|n| p.add_primary(n));
/// p.add_option(&[a, b]).unwrap();
/// p.add_option(&[c]).unwrap();
/// p.add_option(&[a]).unwrap();
/// p.add_option(&[b, c]).unwrap();
///
/// let mut solver = Solver::new(&p);
/// let mut found = Vec::new();
/// let summary = solver.run(|s| {
///     let mut s = s.to_vec();
///     s.sort_unstable();
///     found.push(s);
///     std::ops::ControlFlow::Continue(())
/// });
/// assert!(summary.complete);
/// found.sort();
/// assert_eq!(found, vec![vec![0, 1], vec![2, 3]]);
/// ```
#[derive(Clone)]
pub struct Solver {
    nd: Vec<Node>,
    cl: Vec<Link>,
    /// Number of items `N`; nodes `1..=N` are item heads.
    n_items: u32,
    /// Number of primary items; they are items `1..=n_primary`.
    n_primary: u32,
    /// Whether any option entry has a colour (selects the search loop).
    colors: bool,
    /// `nd.len() == 1 << shift`.
    shift: u32,
    /// First node of each option.
    opt_first: Vec<u32>,
    /// The choice stack: the node chosen at each level.
    choice: Vec<u32>,
    /// Option indices of the current solution.
    solution: Vec<usize>,
    /// Scratch: declaration index → internal item, and assumption checks.
    scratch: Vec<u32>,
    assumptions: Vec<usize>,
    phase: Phase,
    level: usize,
    /// Number of levels taken by assumptions.
    base: usize,
    limit: Option<u64>,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    /// Node count at which the search next checks its node limit and
    /// deadline (so the clock is read once per [`CLOCK_EVERY`] nodes).
    next_check: u64,
    /// Whether the latest run stopped at the deadline.
    timed_out: bool,
    /// Raised by another thread to stop the run (polled with the clock).
    interrupt: Option<Arc<AtomicBool>>,
    /// Whether the latest run stopped because `interrupt` was raised.
    interrupted: bool,
    branching: Branching,
    nodes: u64,
    updates: u64,
    count: u64,
    complete: bool,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("items", &self.n_items)
            .field("options", &self.opt_first.len())
            .field("nodes_in_memory", &self.nd.len())
            .field("limit", &self.limit)
            .field("node_limit", &self.node_limit)
            .field("deadline", &self.deadline)
            .field("branching", &self.branching)
            .field("nodes", &self.nodes)
            .field("updates", &self.updates)
            .field("solutions", &self.count)
            .field("complete", &self.complete)
            .finish_non_exhaustive()
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver {
            nd: vec![Node::default()],
            cl: vec![Link::default(); 2],
            n_items: 0,
            n_primary: 0,
            colors: false,
            shift: 0,
            opt_first: Vec::new(),
            choice: vec![0],
            solution: Vec::new(),
            scratch: Vec::new(),
            assumptions: Vec::new(),
            phase: Phase::Idle,
            level: 0,
            base: 0,
            limit: None,
            node_limit: None,
            deadline: None,
            next_check: 0,
            timed_out: false,
            interrupt: None,
            interrupted: false,
            branching: Branching::Mrv,
            nodes: 0,
            updates: 0,
            count: 0,
            complete: false,
        }
    }
}

impl Solver {
    /// A solver loaded with `problem`, with the default settings (no
    /// solution limit, no node limit, [`Branching::Mrv`]).
    #[must_use]
    pub fn new(problem: &Problem) -> Self {
        let mut s = Solver::default();
        s.load(problem);
        s
    }

    /// Replaces the loaded problem by `problem`, reusing the solver's
    /// buffers. Settings (limits, branching) are kept; assumptions are
    /// cleared and the counters reset.
    pub fn load(&mut self, problem: &Problem) {
        let n = problem.num_items();
        let n1 = problem.num_primary();
        // Internal numbering: primary items 1..=n1, secondary n1+1..=n.
        self.scratch.clear();
        let (mut next_p, mut next_s) = (0u32, n1 as u32);
        for &primary in &problem.primary {
            if primary {
                next_p += 1;
                self.scratch.push(next_p);
            } else {
                next_s += 1;
                self.scratch.push(next_s);
            }
        }
        // Item rings: 0 → 1 → … → n1 → 0 and n+1 → n1+1 → … → n → n+1.
        self.cl.clear();
        self.cl.resize(n + 2, Link::default());
        let ring = |cl: &mut [Link], head: usize, first: usize, last: usize| {
            // Members are first..=last (possibly none).
            let mut prev = head;
            for i in first..=last {
                cl[prev].next = i as u32;
                cl[i].prev = prev as u32;
                prev = i;
            }
            cl[prev].next = head as u32;
            cl[head].prev = prev as u32;
        };
        ring(&mut self.cl, 0, 1, n1);
        ring(&mut self.cl, n + 1, n1 + 1, n);

        let total = n + 2 + problem.entries.len() + problem.num_options();
        self.nd.clear();
        self.nd.reserve(total);
        self.nd.push(Node::default());
        for i in 1..=n as u32 {
            self.nd.push(Node {
                up: i,
                down: i,
                item: 0,
                color: 0,
            });
        }
        let mut spacer = self.nd.len();
        self.nd.push(Node {
            up: 0,
            down: 0,
            item: SPACER,
            color: 0,
        });
        self.opt_first.clear();
        for j in 0..problem.num_options() {
            let first = self.nd.len() as u32;
            let range = problem.opt_start[j] as usize..problem.opt_start[j + 1] as usize;
            for e in &problem.entries[range] {
                let i = self.scratch[e.item as usize];
                let x = self.nd.len() as u32;
                let up = self.nd[i as usize].up;
                self.nd.push(Node {
                    up,
                    down: i,
                    item: i,
                    color: e.color,
                });
                self.nd[up as usize].down = x;
                self.nd[i as usize].up = x;
                self.nd[i as usize].item += 1;
            }
            let last = self.nd.len() as u32 - 1;
            self.nd[spacer].down = last;
            self.opt_first.push(first);
            spacer = self.nd.len();
            self.nd.push(Node {
                up: first,
                down: 0,
                item: SPACER | (j as u32 + 1),
                color: 0,
            });
        }
        // Pad to a power of two (see `mask`).
        let padded = self.nd.len().next_power_of_two();
        self.nd.resize(padded, Node::default());
        self.shift = padded.trailing_zeros();
        self.n_items = n as u32;
        self.n_primary = n1 as u32;
        self.colors = problem.entries.iter().any(|e| e.color != 0);
        self.choice.clear();
        self.choice.resize(n1 + 1, 0);
        self.solution.clear();
        self.solution.reserve(n1);
        self.assumptions.clear();
        self.phase = Phase::Idle;
        self.level = 0;
        self.base = 0;
        self.nodes = 0;
        self.updates = 0;
        self.count = 0;
        self.complete = false;
    }

    /// Sets the maximum number of solutions a run reports; the run stops
    /// (with [`Summary::complete`] `false`) once it has found that many.
    /// `None` (the default) means no limit; `Some(0)` makes runs stop at
    /// once.
    pub fn set_limit(&mut self, limit: Option<u64>) -> &mut Self {
        self.limit = limit;
        self
    }

    /// Sets the maximum number of search tree nodes a run may explore; the
    /// run stops (with [`Summary::complete`] `false`) when the budget is
    /// used up. `None` (the default) means no limit.
    pub fn set_node_limit(&mut self, node_limit: Option<u64>) -> &mut Self {
        self.node_limit = node_limit;
        self
    }

    /// Sets a deadline for every following run: a run still searching at
    /// that instant stops (with [`Summary::complete`] `false`, and
    /// [`timed_out`](Self::timed_out) `true`). The clock is read once every
    /// 1024 search nodes, so a run may overshoot by that much work. `None`
    /// (the default) means no deadline.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) -> &mut Self {
        self.deadline = deadline;
        self
    }

    /// Whether the latest run stopped because it reached the deadline set
    /// with [`set_deadline`](Self::set_deadline).
    #[must_use]
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }

    /// Sets a flag another thread may raise to stop every following run (a
    /// server whose client hung up): a run that sees it raised stops with
    /// [`Summary::complete`] `false` and [`interrupted`](Self::interrupted)
    /// `true`. It is read when the clock would be, once every 1024 search
    /// nodes. `None` (the default) means no flag.
    pub fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) -> &mut Self {
        self.interrupt = flag;
        self
    }

    /// Whether the latest run stopped because the flag set with
    /// [`set_interrupt`](Self::set_interrupt) was raised.
    #[must_use]
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Sets the branching rule. The default is [`Branching::Mrv`].
    pub fn set_branching(&mut self, branching: Branching) -> &mut Self {
        self.branching = branching;
        self
    }

    /// Makes every following run assume the given options are part of the
    /// solution: they are committed before the search starts, and every
    /// reported solution begins with them (in the given order). If the
    /// assumed options conflict with each other, runs find no solution.
    /// An empty slice (the default, and the state after
    /// [`load`](Self::load)) assumes nothing.
    ///
    /// This is the cheap way to solve many instances that differ only in
    /// some fixed choices (e.g. the givens of a puzzle): load the full
    /// problem once and change the assumptions.
    ///
    /// # Errors
    ///
    /// [`UnknownOption`] if an index is not an option of the loaded
    /// problem; the assumptions are then left unchanged.
    pub fn set_assumptions(&mut self, options: &[usize]) -> Result<(), UnknownOption> {
        if let Some(&bad) = options.iter().find(|&&o| o >= self.opt_first.len()) {
            return Err(UnknownOption(bad));
        }
        self.assumptions.clear();
        self.assumptions.extend_from_slice(options);
        Ok(())
    }

    /// Search tree nodes explored by the latest run (see [`Summary::nodes`]).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Link updates made by the latest run (see [`Summary::updates`]).
    #[must_use]
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// Solutions found by the latest run.
    #[must_use]
    pub fn solution_count(&self) -> u64 {
        self.count
    }

    /// Whether the latest run explored the whole search space.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The summary of the latest run.
    #[must_use]
    pub fn summary(&self) -> Summary {
        Summary {
            solutions: self.count,
            nodes: self.nodes,
            updates: self.updates,
            complete: self.complete,
        }
    }

    /// Searches from the beginning and calls `visit` with each solution
    /// (the chosen option indices). `visit` returns
    /// [`ControlFlow::Break`] to stop the search. Stops also at the
    /// solution limit or node limit.
    pub fn run<F>(&mut self, mut visit: F) -> Summary
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.start();
        while let Some(solution) = self.next_solution() {
            if visit(solution).is_break() {
                break;
            }
        }
        self.summary()
    }

    /// Searches from the beginning and counts the solutions (up to the
    /// solution limit).
    pub fn count(&mut self) -> Summary {
        self.start();
        loop {
            if self.limit.is_some_and(|l| self.count >= l) {
                break;
            }
            match self.step() {
                Step::Solution(_) => self.count += 1,
                Step::Exhausted => {
                    self.complete = true;
                    break;
                }
                Step::NodeLimit => break,
            }
        }
        self.summary()
    }

    /// Searches from the beginning and returns the first solution found,
    /// if any.
    pub fn first(&mut self) -> Option<Vec<usize>> {
        self.start();
        self.next_solution().map(<[usize]>::to_vec)
    }

    /// Starts a search from the beginning and returns an iterator over
    /// its solutions. The search advances only as the iterator is
    /// advanced; the counters ([`nodes`](Self::nodes) …) can be read once
    /// the iterator is dropped.
    pub fn solutions(&mut self) -> SolutionIter<'_> {
        self.start();
        SolutionIter { solver: self }
    }
}

/// An iterator over the solutions of a search, made by
/// [`Solver::solutions`]. Each item is a solution's option indices.
#[derive(Debug)]
pub struct SolutionIter<'a> {
    solver: &'a mut Solver,
}

impl SolutionIter<'_> {
    /// The next solution as a borrowed slice (no allocation), or `None`
    /// when the search is over or stopped by a limit.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        self.solver.next_solution()
    }

    /// The summary of the search so far.
    #[must_use]
    pub fn summary(&self) -> Summary {
        self.solver.summary()
    }
}

impl Iterator for SolutionIter<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.solver.next_solution().map(<[usize]>::to_vec)
    }
}
