//! The hints of the unary search: a cycle's eliminations, and a cycle's or
//! forcing chain's complexity, difficulty and sort rank.

use super::super::super::step::Candidate;
use super::super::geo::Geo;
use super::super::hint::{length_added, About, Hint, Kind};
use super::super::measure::{measure_hint, Outer};
use super::Unary;

impl Unary {
    /// Candidates outside the cycle that see an on and an off of their digit in it.
    pub(super) fn cycle_hint(
        &mut self,
        geo: &Geo,
        grid: &[u16; 81],
        dst: u32,
        src: usize,
        y: bool,
        x: bool,
    ) -> Option<Hint> {
        // Cell sets (bit = cell): the cycle's cells, and per digit the
        // cells outside it that see an on, and an off, of that digit.
        let mut in_cycle: u128 = 0;
        let mut p = dst;
        loop {
            let ps = self.arena.parents(p);
            if ps.is_empty() {
                break;
            }
            in_cycle |= 1 << (self.arena.nodes[p as usize].cand as usize / 9);
            p = ps[0];
        }
        let mut forw = [0u128; 9];
        let mut back = [0u128; 9];
        let mut p = dst;
        loop {
            let ps = self.arena.parents(p);
            if ps.is_empty() {
                break;
            }
            let node = self.arena.nodes[p as usize];
            let (cell, d) = (node.cand as usize / 9, node.cand as usize % 9);
            let mut seen: u128 = 0;
            for &h in geo.houses_of(cell) {
                seen |= geo.house_mask[h as usize];
            }
            let m = seen & self.now[d] & !in_cycle & !(1 << cell);
            if node.on {
                forw[d] |= m;
            } else {
                back[d] |= m;
            }
            p = ps[0];
        }
        let mut any: u128 = 0;
        for d in 0..9 {
            forw[d] &= back[d];
            any |= forw[d];
        }
        if any == 0 {
            return None;
        }
        // Cell by cell, digits in order.
        let mut removable = Vec::new();
        while any != 0 {
            let cell = any.trailing_zeros() as usize;
            any &= any - 1;
            for (d, f) in forw.iter().enumerate() {
                if f >> cell & 1 != 0 {
                    removable.push(Candidate::new(cell, d as u8 + 1));
                }
            }
        }
        let about = About {
            src: src as u16,
            src_on: true,
            target: src as u16,
            target_on: true,
            house: 0,
        };
        Some(self.unary_hint(geo, grid, dst, Kind::Cycle, removable, about, x, y))
    }

    /// A cycle (ending at `end`, back at the source) or forcing chain (to
    /// `end`) as a hint: SE's complexity of the chain, its difficulty (cycles
    /// 6.5, forcing chains 6.6, 7.0 with both link kinds, plus the length
    /// addition) and its sort rank.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn unary_hint(
        &mut self,
        geo: &Geo,
        grid: &[u16; 81],
        end: u32,
        kind: Kind,
        removable: Vec<Candidate>,
        about: About,
        x: bool,
        y: bool,
    ) -> Hint {
        let cycle = kind == Kind::Cycle;
        let outer = self.outer.as_ref().map(|i| Outer {
            initial: i,
            current: grid,
        });
        let tg = [(&self.arena, &[][..], end)];
        let (complexity, sig, parents) =
            measure_hint(&mut self.counter, geo, &tg, 1, outer, 0, cycle, u32::MAX)
                .expect("no cap");
        let base = match (x && y, cycle) {
            (true, _) => 7.0,
            (false, true) => 6.5,
            (false, false) => 6.6,
        };
        Hint {
            kind,
            difficulty: base + length_added(complexity),
            complexity,
            sort_key: if x && y {
                4
            } else if y {
                3
            } else {
                2
            },
            removable,
            source: about.src as usize / 9,
            x,
            y,
            sig,
            parents,
            about,
        }
    }
}
