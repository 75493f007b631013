//! Bounds on the effort of one solve: [`Budget`], and the [`Meter`] engines
//! use to honour it.
//!
//! A batch must not hang on one pathological puzzle (a near-empty 36x36, a
//! 25x25 with a contradiction deep in the search). Every engine takes a
//! [`Budget`] through [`Engine::set_budget`](crate::Engine::set_budget) and
//! honours it in every later solve: when the budget runs out the search
//! stops and the answer says so ([`Solutions::stopped`](crate::Solutions::stopped)
//! is set and [`Solutions::complete`](crate::Solutions::complete) is `false`,
//! so [`Solutions::verdict`](crate::Solutions::verdict) never claims
//! `NoSolution` or `Unique` for a cut search).
//!
//! The cost in the hot loop is one comparison per search node
//! ([`Meter::allows`]): the meter keeps the node count at which it next has
//! something to check, and only then looks at the node bound and, every
//! [`CLOCK_EVERY`] nodes, at the clock and at the [`Cancel`] flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// Search nodes between two readings of the clock when a time limit is set.
pub const CLOCK_EVERY: u64 = 1024;

/// A flag another thread raises to stop work in progress: a server sets it
/// when the client who asked has gone, so the work frees its worker at once
/// instead of running on to its deadline. Clones share the flag; two tokens
/// are equal when they are the same flag.
///
/// Searches read it where they read the clock (every [`CLOCK_EVERY`]
/// nodes), the logic ladder where it checks its deadline, the generator
/// between tries.
///
/// ```
/// use sudokit::engine::Cancel;
///
/// let cancel = Cancel::new();
/// let seen_by_work = cancel.clone();
/// assert!(!seen_by_work.is_cancelled());
/// cancel.cancel();
/// assert!(seen_by_work.is_cancelled());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not yet raised.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: work holding a clone stops at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for a solver outside this crate that polls it (the
    /// exact-cover crate's `set_interrupt`).
    pub(crate) fn flag(&self) -> &Arc<AtomicBool> {
        &self.0
    }
}

impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Cancel {}

impl std::hash::Hash for Cancel {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(Arc::as_ptr(&self.0), state);
    }
}

/// How much effort one solve may spend. The default is unlimited.
///
/// Both bounds apply to each call of [`Engine::solve_with`](crate::Engine::solve_with)
/// separately (a time limit is counted from the start of the call).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The most search nodes (as counted in
    /// [`Stats::nodes`](crate::Stats::nodes)) a solve may explore; `None`
    /// (the default): no bound.
    pub max_nodes: Option<u64>,
    /// The longest a solve may run, by the wall clock; `None` (the
    /// default): no bound. The clock is read every [`CLOCK_EVERY`] nodes,
    /// so a solve may overrun by that much work.
    pub time_limit: Option<Duration>,
    /// Stops the solve when raised (read with the clock, every
    /// [`CLOCK_EVERY`] nodes); `None` (the default): nobody can.
    pub cancel: Option<Cancel>,
}

impl Budget {
    /// No bound at all (the default).
    pub const UNLIMITED: Budget = Budget {
        max_nodes: None,
        time_limit: None,
        cancel: None,
    };

    /// This budget with at most `nodes` search nodes per solve.
    #[must_use]
    pub fn with_max_nodes(self, nodes: u64) -> Budget {
        Budget {
            max_nodes: Some(nodes),
            ..self
        }
    }

    /// This budget with at most `limit` of wall-clock time per solve.
    #[must_use]
    pub fn with_time_limit(self, limit: Duration) -> Budget {
        Budget {
            time_limit: Some(limit),
            ..self
        }
    }

    /// This budget, stopped when `cancel` is raised.
    #[must_use]
    pub fn with_cancel(self, cancel: Cancel) -> Budget {
        Budget {
            cancel: Some(cancel),
            ..self
        }
    }

    /// Whether this budget bounds nothing.
    pub fn is_unlimited(&self) -> bool {
        self.max_nodes.is_none() && self.time_limit.is_none() && self.cancel.is_none()
    }
}

/// Why a search stopped before it was exhaustive and before reaching the
/// solution limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// [`Budget::max_nodes`] was reached.
    Nodes,
    /// [`Budget::time_limit`] was reached.
    Time,
    /// [`Budget::cancel`] was raised.
    Cancelled,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Nodes => "node limit reached",
            StopReason::Time => "time limit reached",
            StopReason::Cancelled => "cancelled",
        })
    }
}

/// A [`Budget`] being spent by one solve. Engines start one per solve and
/// ask [`Meter::allows`] before each search node.
///
/// ```
/// use sudokit::engine::{Budget, Meter, StopReason};
///
/// let mut meter = Meter::start(&Budget::UNLIMITED.with_max_nodes(3));
/// let mut nodes = 0;
/// while meter.allows(nodes) {
///     nodes += 1;
/// }
/// assert_eq!(nodes, 3);
/// assert_eq!(meter.stopped(), Some(StopReason::Nodes));
/// ```
#[derive(Clone, Debug)]
pub struct Meter {
    /// Node count at which [`Meter::check`] next runs.
    next: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<Cancel>,
    stopped: Option<StopReason>,
}

impl Meter {
    /// Starts spending `budget` now (reads the clock only when the budget
    /// has a time limit).
    pub fn start(budget: &Budget) -> Meter {
        let deadline = budget
            .time_limit
            .and_then(|limit| Instant::now().checked_add(limit));
        let max_nodes = budget.max_nodes.unwrap_or(u64::MAX);
        let cancel = budget.cancel.clone();
        Meter {
            // A zero time limit, or a flag raised before the start, is
            // seen at the first node.
            next: if deadline.is_some() || cancel.is_some() {
                0
            } else {
                max_nodes
            },
            max_nodes,
            deadline,
            cancel,
            stopped: None,
        }
    }

    /// Whether the search may explore one more node, having explored
    /// `nodes` so far. Once it returns `false` the search must stop;
    /// [`Meter::stopped`] then says why. One comparison unless a check is
    /// due.
    #[inline(always)]
    pub fn allows(&mut self, nodes: u64) -> bool {
        nodes < self.next || self.check(nodes)
    }

    #[cold]
    #[inline(never)]
    fn check(&mut self, nodes: u64) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if nodes >= self.max_nodes {
            self.stopped = Some(StopReason::Nodes);
            self.next = 0;
            return false;
        }
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            self.stopped = Some(StopReason::Cancelled);
            self.next = 0;
            return false;
        }
        if let Some(deadline) = self.deadline {
            if Instant::now() >= deadline {
                self.stopped = Some(StopReason::Time);
                self.next = 0;
                return false;
            }
        }
        self.next = if self.deadline.is_some() || self.cancel.is_some() {
            self.max_nodes.min(nodes.saturating_add(CLOCK_EVERY))
        } else {
            self.max_nodes
        };
        true
    }

    /// Whether the budget's [`Cancel`] flag was raised (a check for work
    /// between searches, e.g. a generator's tries).
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
    }

    /// Why the search was stopped, if [`Meter::allows`] refused a node.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped
    }

    /// The deadline, if the budget has a time limit.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The cancel flag, if the budget has one.
    pub fn cancel(&self) -> Option<&Cancel> {
        self.cancel.as_ref()
    }

    /// The node bound (`u64::MAX` when there is none).
    pub fn max_nodes(&self) -> u64 {
        self.max_nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unlimited_meter_never_stops_and_never_checks() {
        let mut m = Meter::start(&Budget::default());
        assert!(Budget::default().is_unlimited());
        for n in [0, 1, 1 << 20, u64::MAX - 1] {
            assert!(m.allows(n));
        }
        assert_eq!(m.stopped(), None);
    }

    #[test]
    fn the_node_bound_stops_at_exactly_that_many_nodes() {
        let mut m = Meter::start(&Budget::UNLIMITED.with_max_nodes(5000));
        assert!((0..5000).all(|n| m.allows(n)));
        assert!(!m.allows(5000));
        assert_eq!(m.stopped(), Some(StopReason::Nodes));
        // Once stopped, it stays stopped.
        assert!(!m.allows(0));
        let mut zero = Meter::start(&Budget::UNLIMITED.with_max_nodes(0));
        assert!(!zero.allows(0));
    }

    #[test]
    fn the_time_limit_stops_once_the_clock_says_so() {
        let mut m = Meter::start(&Budget::UNLIMITED.with_time_limit(Duration::ZERO));
        assert!(!m.allows(0));
        assert_eq!(m.stopped(), Some(StopReason::Time));
        let mut m = Meter::start(&Budget::UNLIMITED.with_time_limit(Duration::from_secs(3600)));
        assert!((0..10 * CLOCK_EVERY).all(|n| m.allows(n)));
        assert_eq!(m.stopped(), None);
        let mut m = Meter::start(
            &Budget::UNLIMITED
                .with_time_limit(Duration::from_millis(20))
                .with_max_nodes(u64::MAX),
        );
        let mut n = 0;
        while m.allows(n) {
            n += 1;
            if n % CLOCK_EVERY == 0 {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        assert_eq!(m.stopped(), Some(StopReason::Time));
        // A huge limit overflows no clock.
        let mut m = Meter::start(&Budget::UNLIMITED.with_time_limit(Duration::MAX));
        assert!(m.allows(CLOCK_EVERY * 3));
    }

    #[test]
    fn a_raised_cancel_flag_stops_within_one_clock_period() {
        let cancel = Cancel::new();
        let budget = Budget::UNLIMITED.with_cancel(cancel.clone());
        assert!(!budget.is_unlimited());
        let mut m = Meter::start(&budget);
        assert!((0..5 * CLOCK_EVERY).all(|n| m.allows(n)));
        cancel.cancel();
        let stopped_at = (5 * CLOCK_EVERY..7 * CLOCK_EVERY).find(|&n| !m.allows(n));
        assert!(
            stopped_at.is_some_and(|n| n <= 6 * CLOCK_EVERY),
            "{stopped_at:?}"
        );
        assert_eq!(m.stopped(), Some(StopReason::Cancelled));
        assert!(m.cancelled());
        // Raised before the start: the first node is refused.
        let mut m = Meter::start(&budget);
        assert!(!m.allows(0));
        // Clones share the flag; other tokens are other flags.
        assert_eq!(budget.cancel, Some(cancel.clone()));
        assert_ne!(Some(Cancel::new()), budget.cancel);
    }
}
