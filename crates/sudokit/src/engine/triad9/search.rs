//! triad9's depth-first search; see the [module docs](super).

use std::ops::ControlFlow;

use super::kernel::Kernel;
use super::start::Start;
use super::state::State;
use super::VALUES;
use crate::engine::{Meter, Outcome};

/// One search, as it passes from the engine through a kernel's compiled
/// wrappers to [`search`]: the stack of states (`stack[0]` the root), the
/// solution limit, the meter, and the visitor of each solution's values.
/// `search` takes the fields as separate `&mut` arguments, which the
/// compiler knows do not alias (fields of a struct it does not).
pub(super) struct Descent<'a> {
    pub(super) stack: &'a mut [State],
    pub(super) limit: u64,
    pub(super) meter: &'a mut Meter,
    pub(super) visit: &'a mut dyn FnMut(&[u8; VALUES]) -> ControlFlow<()>,
}

/// Counts the solutions from `start` up to `limit` (`stack[0]` is the root).
#[inline(always)]
pub(super) fn search<K: Kernel>(
    k: K,
    start: &Start,
    stack: &mut [State],
    limit: u64,
    meter: &mut Meter,
    visit: &mut dyn FnMut(&[u8; VALUES]) -> ControlFlow<()>,
) -> Outcome {
    stack[0] = State::start(k, start);
    let (mut count, mut nodes, mut guesses) = (0, 0, 0);
    let mut sp = 0;
    loop {
        if !meter.allows(nodes) {
            return (count, nodes, guesses, false);
        }
        nodes += 1;
        if stack[sp].propagate(k) {
            match stack[sp].choose() {
                None => {
                    count += 1;
                    if visit(&k.values(&stack[sp].boxes)).is_break() || count >= limit {
                        return (count, nodes, guesses, false);
                    }
                }
                Some((t, p, d)) => {
                    guesses += 1;
                    debug_assert!(sp + 1 < stack.len(), "the search is at most 55 deep");
                    if sp + 1 == stack.len() {
                        // Cannot happen: each level gives a digit one
                        // configuration in a band where it had several, so
                        // the stack is at most 6 x 9 + 1 deep.
                        return (count, nodes, guesses, false);
                    }
                    // The child is copied once, straight into its slot.
                    let (parents, children) = stack.split_at_mut(sp + 1);
                    children[0].copy_from(&parents[sp]);
                    children[0].assign(k, t, p, d);
                    parents[sp].refute(t, p, d);
                    sp += 1;
                    continue;
                }
            }
        }
        if sp == 0 {
            return (count, nodes, guesses, true);
        }
        sp -= 1;
    }
}
