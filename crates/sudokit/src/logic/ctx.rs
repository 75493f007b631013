//! What a technique is given besides the board: the search's budget and
//! wishes ([`Ctx`]), and where it puts its steps ([`Sink`]). Below every
//! technique and the ladder, so that neither imports the other for them.

use std::ops::ControlFlow;
use web_time::Instant;

use super::step::{Difficulty, Step};
use crate::budget::Cancel;

/// Where a technique puts what it finds: return `ControlFlow::Break(())` to stop
/// the search (the ladder stops at the first step of the first rung that has one).
pub type Sink<'a> = dyn FnMut(Step) -> ControlFlow<()> + 'a;

/// What a search may spend, and whether steps need their words.
#[derive(Clone, Debug, Default)]
pub struct Ctx {
    /// Fill `Step::text` and `Step::chains` (a rating does not need them).
    pub want_text: bool,
    deadline: Option<Instant>,
    cancel: Option<Cancel>,
    timed_out: bool,
    /// The sink keeps only the first step: a rung may skip work that can only
    /// find steps sorting after one it already has.
    pub(crate) first_only: bool,
    /// Steps this hard or harder are not wanted: the chaining rungs may leave
    /// them out (and search less). Set by [`rate_within`](super::rate_within) only where every
    /// later rung starts at or above it.
    pub(crate) ceiling: Option<Difficulty>,
}

impl Ctx {
    /// A context that builds the words of each step or not, with no deadline.
    pub fn new(want_text: bool) -> Ctx {
        Ctx {
            want_text,
            deadline: None,
            cancel: None,
            timed_out: false,
            first_only: false,
            ceiling: None,
        }
    }

    /// Gives up at `deadline`: expensive techniques poll [`Ctx::expired`].
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Ctx {
        self.deadline = deadline;
        self
    }

    /// Gives up when `cancel` is raised, as at the deadline (a server's
    /// client hung up).
    pub fn with_cancel(mut self, cancel: Option<Cancel>) -> Ctx {
        self.cancel = cancel;
        self
    }

    /// Whether the deadline has passed or the work was cancelled (and
    /// remembers that it did).
    pub fn expired(&mut self) -> bool {
        if !self.timed_out {
            if let Some(d) = self.deadline {
                self.timed_out = Instant::now() >= d;
            }
            if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
                self.timed_out = true;
            }
        }
        self.timed_out
    }

    /// Whether a search gave up on the deadline (or was cancelled).
    pub fn timed_out(&self) -> bool {
        self.timed_out
    }
}
