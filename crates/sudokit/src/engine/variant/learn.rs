//! Learning at the root, for puzzles the plain search finds hard: every
//! candidate is tried and propagated once. A candidate that fails is in no
//! solution and goes; one that succeeds leaves a list of what it removes
//! elsewhere ("this digit here rules out those there"), and the search then
//! applies that list whenever the candidate is placed: implications that
//! come from several rules at once, which no single rule sees.

use super::model::Model;
use super::propagate::Propagator;
use crate::variant::{Contradiction, Mask};

/// Probes every candidate of the propagated start of `model`: narrows
/// `model.start` and fills `model.learned`. A contradiction means the
/// puzzle has no solution.
pub(super) fn learn(model: &mut Model, propagator: &mut Propagator) -> Result<(), Contradiction> {
    let cells = model.cells;
    let mut root = model.start.clone();
    propagator.reset(model);
    propagator.touch_all(model);
    propagator.run(model, &mut root)?;
    let mut learned: Vec<Vec<(u16, Mask)>> = vec![Vec::new(); cells * 16];
    let mut trial = vec![0 as Mask; cells];
    for c in 0..cells {
        let mut bits = root[c];
        if bits & bits.wrapping_sub(1) == 0 {
            continue;
        }
        while bits != 0 {
            let b = bits & bits.wrapping_neg();
            bits &= bits - 1;
            if root[c] & b == 0 {
                continue;
            }
            trial.copy_from_slice(&root);
            trial[c] = b;
            propagator.touch(c);
            if propagator.run(model, &mut trial).is_err() {
                root[c] &= !b;
                propagator.touch(c);
                propagator.run(model, &mut root)?;
                continue;
            }
            let list = &mut learned[c * 16 + b.trailing_zeros() as usize];
            for (i, (&r, &t)) in root.iter().zip(&trial).enumerate() {
                let mut removed = r & !t;
                if i == c || removed == 0 {
                    continue;
                }
                // A peer losing the digit itself is what placing it does anyway.
                if model.peers[c].binary_search(&(i as u16)).is_ok() {
                    removed &= !b;
                }
                if removed != 0 {
                    list.push((i as u16, removed));
                }
            }
        }
    }
    model.start = root;
    model.learned = learned;
    Ok(())
}
