//! What an engine answers: [`Solutions`], [`Stats`] and [`Verdict`].

use crate::budget::StopReason;
use crate::grid::Grid;

/// Search effort, comparable between runs of the same engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search states examined (propagations run).
    pub nodes: u64,
    /// Tentative choices made at branch points; `0` means the puzzle was
    /// solved by propagation alone.
    pub guesses: u64,
}

/// The answer to "solve this puzzle, stopping after `limit` solutions".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solutions {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// The first solution found.
    pub first: Option<Grid>,
    /// Whether the search space was exhausted, i.e. `count` is the exact
    /// number of solutions. `false` when the search stopped at the limit,
    /// was stopped by the visitor, or ran out of [`Budget`](crate::Budget).
    pub complete: bool,
    /// Why the search gave up before it was exhaustive and before the
    /// limit: the [`Budget`](crate::Budget) ran out. `None` otherwise. When
    /// set, `complete` is `false`, and `count` and `first` hold what was
    /// found before the stop.
    pub stopped: Option<StopReason>,
    /// Effort spent.
    pub stats: Stats,
}

/// The classification puzzle makers and judges want.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No solution.
    NoSolution,
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multiple,
}

impl Solutions {
    /// The verdict, when this answer determines it: always with a limit of 2
    /// or more; with limit 1 only when there was no solution. A search cut
    /// by the budget ([`Solutions::stopped`]) determines only
    /// [`Verdict::Multiple`] (when it found two solutions before the stop).
    pub fn verdict(&self) -> Option<Verdict> {
        match (self.count, self.complete && self.stopped.is_none()) {
            (0, true) => Some(Verdict::NoSolution),
            (1, true) => Some(Verdict::Unique),
            (c, _) if c >= 2 => Some(Verdict::Multiple),
            _ => None,
        }
    }
}
