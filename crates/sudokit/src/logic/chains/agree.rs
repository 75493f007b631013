//! What the propagations of a multiple forcing chain agree on, and the
//! measure of a hint whose branches end in two propagations.

use super::geo::Geo;
use super::hint::{length_added, removable, About, Hint, Kind};
use super::measure::{measure_hint, Counter, Outer, Target};
use super::propagate::{Arena, Prop, NONE};

/// The complexity, signature and rule parents of a hint whose two branches
/// end at node `a` of one propagation and node `b` of another (or the same).
pub(super) fn measure_two(
    counter: &mut Counter,
    geo: &Geo,
    outer: Option<Outer<'_>>,
    (pa, a): (&Prop, u32),
    (pb, b): (&Prop, u32),
    cap: u32,
) -> Option<(u32, u64, Vec<u16>)> {
    let t = [
        (&pa.arena, &pa.nested[..], a),
        (&pb.arena, &pb.nested[..], b),
    ];
    measure_hint(counter, geo, &t, 2, outer, 0, false, cap)
}

/// The words of a hint: assumption `src` (on or off), conclusion node `n`.
pub(super) fn about(arena: &Arena, src: usize, src_on: bool, n: u32, target_on: bool) -> About {
    About {
        src: src as u16,
        src_on,
        target: arena.nodes[n as usize].cand,
        target_on,
        house: 0,
    }
}

/// What every assumption of `ps` (all the candidates of a cell, or all the
/// positions of a digit in a house) implies alike: ons first, then offs, in
/// the order the first assumption found them.
#[allow(clippy::too_many_arguments)]
pub(super) fn agree(
    on: &[Option<Box<Prop>>],
    counter: &mut Counter,
    at: (&Geo, &[u16; 81], Option<Outer<'_>>, u32),
    ps: &[usize],
    (base, y): (f64, bool),
    kind: Kind,
    cause: u8,
    (source, house, digit): (usize, u8, u8),
    hints: &mut Vec<Hint>,
) {
    let (geo, grid, outer, cap) = at;
    let prop = |p: usize| on[p].as_deref().expect("computed");
    let first = prop(ps[0]);
    for want_on in [true, false] {
        let rest = ps[1..].iter().map(|&p| prop(p));
        for (_, t) in shared(first, rest, want_on) {
            // An "on" removes its cell's other candidates: none, no hint.
            if want_on && grid[t / 9] & !(1 << (t % 9)) == 0 {
                continue;
            }
            let none: Target<'_> = (&first.arena, &[], NONE);
            let mut tg = [none; 9];
            for (slot, &p) in tg.iter_mut().zip(ps) {
                let pr = prop(p);
                let node = if want_on {
                    pr.on_node(t)
                } else {
                    pr.off_node(t)
                };
                *slot = (&pr.arena, &pr.nested[..], node);
            }
            let tg = &tg[..ps.len()];
            let Some((cx, sig, parents)) =
                measure_hint(counter, geo, tg, tg.len(), outer, cause, false, cap)
            else {
                continue;
            };
            let r = removable(grid, t, want_on);
            hints.push(Hint {
                kind,
                difficulty: base + length_added(cx),
                complexity: cx,
                sort_key: if kind == Kind::Cell { 5 } else { 6 },
                removable: r,
                source,
                x: true,
                y,
                sig,
                parents,
                about: About {
                    src: (source * 9 + digit as usize) as u16,
                    src_on: true,
                    target: t as u16,
                    target_on: want_on,
                    house,
                },
            });
        }
    }
}

/// The nodes of `first` in state `on` (its "on" or "off" order) whose
/// candidate every propagation of `rest` has in that state too, with that
/// candidate, in the order `first` found them. The candidates all share
/// are taken as digit planes first: the other nodes need no look-up.
pub(super) fn shared<'a>(
    first: &'a Prop,
    rest: impl Iterator<Item = &'a Prop>,
    on: bool,
) -> impl Iterator<Item = (u32, usize)> + 'a {
    let mut all = *first.bits(on);
    for p in rest {
        let b = p.bits(on);
        for d in 0..9 {
            all[d] &= b[d];
        }
    }
    let order = if on {
        &first.on_order
    } else {
        &first.off_order
    };
    let none = all.iter().all(|&m| m == 0);
    order[..if none { 0 } else { order.len() }]
        .iter()
        .filter_map(move |&n| {
            let t = first.arena.nodes[n as usize].cand as usize;
            (all[t % 9] >> (t / 9) & 1 != 0).then_some((n, t))
        })
}
