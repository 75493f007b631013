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

#[cfg(test)]
mod tests {
    use super::super::geo::{masks, Geo};
    use super::super::propagate::{counts, planes, Prop, Rules};
    use crate::logic::test_util::board;

    const PUZZLES: [&str; 3] = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
    ];

    /// Every node of a propagation: candidate, state, cause, parents.
    type Nodes = Vec<(u16, bool, u8, Vec<u32>)>;

    /// A propagation's graph: every node with its parents, and the contradiction.
    fn graph(p: &Prop) -> (Nodes, Option<(u32, u32)>) {
        let nodes = (0..p.arena.nodes.len() as u32)
            .map(|n| {
                let node = p.arena.nodes[n as usize];
                (node.cand, node.on, node.cause, p.arena.parents(n).to_vec())
            })
            .collect();
        (nodes, p.contradiction)
    }

    #[test]
    fn a_propagation_whose_reads_did_not_change_runs_the_same() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut same, mut differ, mut changed) = (0, 0, 0);
        for line in PUZZLES {
            let b = board(line);
            let geo = Geo::of(&b).expect("9x9");
            let grid = masks(&b);
            for _ in 0..300 {
                let cands: Vec<usize> = (0..729)
                    .filter(|&c| grid[c / 9] >> (c % 9) & 1 != 0)
                    .collect();
                let start = cands[next(cands.len())];
                let rules = Rules {
                    y: next(3) != 0,
                    dynamic: next(3) != 0,
                };
                let on = next(2) == 0;
                // A later grid: one to three other candidates gone.
                let mut later = grid;
                for _ in 0..1 + next(3) {
                    let c = cands[next(cands.len())];
                    if c != start && later[c / 9].count_ones() > 1 {
                        later[c / 9] &= !(1 << (c % 9));
                    }
                }
                let (p0, p1) = (planes(&grid), planes(&later));
                let diff: [u128; 9] = std::array::from_fn(|d| p0[d] ^ p1[d]);
                let cells = diff.iter().fold(0, |a, &m| a | m);
                let mut a = Prop::new();
                a.run(
                    &geo,
                    (&grid, &p0, &counts(&geo, &p0)),
                    start,
                    on,
                    rules,
                    None,
                );
                let mut b = Prop::new();
                b.run(
                    &geo,
                    (&later, &p1, &counts(&geo, &p1)),
                    start,
                    on,
                    rules,
                    None,
                );
                if a.reads.unchanged_by(&diff, cells) {
                    same += 1;
                    assert_eq!(
                        graph(&a),
                        graph(&b),
                        "{line}: start {start} on={on} {rules:?}"
                    );
                } else if graph(&a) != graph(&b) {
                    changed += 1;
                } else {
                    differ += 1;
                }
            }
        }
        // Both verdicts were met, and some changed reads did change the run.
        assert!(
            same > 50 && changed > 50,
            "same {same}, changed {changed}, read but same {differ}"
        );
    }
}
