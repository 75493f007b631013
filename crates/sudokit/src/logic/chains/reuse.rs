//! Propagations kept from one search to the next. A rating path meets the
//! dynamic chains rung on grids that differ by a few eliminations, and a
//! propagation is a function of the places of its start grid it read
//! ([`super::propagate::Reads`]): where none of them changed, it runs the same again, so the
//! next search takes it instead of running it.

use std::cell::RefCell;

use super::geo::{Geo, CANDS};
use super::propagate::Prop;

/// Propagations per candidate, "on" and "off".
pub(super) type Props = Vec<Option<Box<Prop>>>;

/// The propagations of the last search, the grid (digit planes) and houses
/// they started on.
struct Kept {
    houses: Vec<u128>,
    planes: [u128; 9],
    on: Props,
    off: Props,
}

thread_local! {
    static KEPT: RefCell<Option<Kept>> = const { RefCell::new(None) };
}

/// An empty table of propagations.
pub(super) fn none() -> Props {
    (0..CANDS).map(|_| None).collect()
}

/// The kept propagations that still hold on `planes` over `geo`'s houses,
/// ("on", "off"); the others go to `spare`.
pub(super) fn take(
    geo: &Geo,
    planes: &[u128; 9],
    mut spare: impl FnMut(Box<Prop>),
) -> (Props, Props) {
    let Some(mut kept) = KEPT.with(|k| k.borrow_mut().take()) else {
        return (none(), none());
    };
    let same_houses = kept.houses[..] == geo.house_mask[..];
    let changed: [u128; 9] = std::array::from_fn(|d| kept.planes[d] ^ planes[d]);
    let cells = changed.iter().fold(0, |a, &m| a | m);
    for slot in kept.on.iter_mut().chain(kept.off.iter_mut()) {
        let holds = |p: &Prop| same_houses && p.reads.unchanged_by(&changed, cells);
        if slot.as_deref().is_some_and(|p| !holds(p)) {
            slot.take().into_iter().for_each(&mut spare);
        }
    }
    (kept.on, kept.off)
}

/// Keeps the propagations of a search on `planes` over `geo`'s houses.
pub(super) fn keep(geo: &Geo, planes: &[u128; 9], on: Props, off: Props) {
    let houses = geo.house_mask.to_vec();
    KEPT.with(|k| {
        *k.borrow_mut() = Some(Kept {
            houses,
            planes: *planes,
            on,
            off,
        })
    });
}
