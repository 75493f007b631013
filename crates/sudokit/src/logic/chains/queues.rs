//! The node queues of the static searches (the unary search's and the
//! Eureka writer's): each candidate's first on and off node, and the nodes
//! still to expand, first in first out.

use super::geo::CANDS;
use super::propagate::NONE;

/// One static search's nodes by candidate and its nodes still to expand
/// (the unary search's and the Eureka writer's).
pub(super) struct Queues {
    /// Each candidate's first on node (`NONE`: none yet).
    pub on_idx: Vec<u32>,
    /// Each candidate's first off node.
    pub off_idx: Vec<u32>,
    /// The candidates with a node: a reset costs what the search did.
    touched: Vec<usize>,
    pub pending_on: Fifo,
    pub pending_off: Fifo,
}

/// A queue of nodes: a vector and its next unread place (the searches push
/// and pop millions of nodes; a ring buffer's wrap-around costs more).
#[derive(Default)]
pub(super) struct Fifo {
    items: Vec<u32>,
    head: usize,
}

impl Fifo {
    #[inline]
    pub fn push_back(&mut self, n: u32) {
        self.items.push(n);
    }

    #[inline]
    fn pop_front(&mut self) -> Option<u32> {
        let n = *self.items.get(self.head)?;
        self.head += 1;
        if self.head == self.items.len() {
            self.clear();
        }
        Some(n)
    }

    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }
}

impl Queues {
    pub fn new() -> Queues {
        Queues {
            on_idx: vec![NONE; CANDS],
            off_idx: vec![NONE; CANDS],
            touched: Vec::new(),
            pending_on: Fifo::default(),
            pending_off: Fifo::default(),
        }
    }

    pub fn reset(&mut self) {
        for &c in &self.touched {
            self.on_idx[c] = NONE;
            self.off_idx[c] = NONE;
        }
        self.touched.clear();
        self.pending_on.clear();
        self.pending_off.clear();
    }

    /// Records node `n` as candidate `c`'s on (or off) node.
    pub fn first(&mut self, c: usize, n: u32, on: bool) {
        if on {
            self.on_idx[c] = n;
        } else {
            self.off_idx[c] = n;
        }
        self.touched.push(c);
    }

    /// Records node `n` as candidate `c`'s on (or off) node and queues it.
    pub fn mark(&mut self, c: usize, n: u32, on: bool) {
        self.first(c, n, on);
        if on {
            self.pending_on.push_back(n);
        } else {
            self.pending_off.push_back(n);
        }
    }

    /// The next on (or off) node to expand.
    pub fn pop(&mut self, on: bool) -> Option<u32> {
        if on {
            self.pending_on.pop_front()
        } else {
            self.pending_off.pop_front()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.pending_on.is_empty() && self.pending_off.is_empty()
    }
}
