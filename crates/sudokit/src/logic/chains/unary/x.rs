//! Reachability in the X graph alone, what an X pass under a ceiling
//! below the XY pass walks: an on turns off its digit's other places in its
//! houses, an off turns on the one other place of a house. Those links never
//! leave a digit, so per digit the graph is a few dozen cells: cell sets of
//! the digit's candidates and a transitive closure of the one-step on-to-on
//! relation (Warshall's, one row per cell), where a [`Reach`](super::Reach)
//! of the whole grid runs Tarjan over every potential with seven-word sets.
//! The edges are the tables' own, so the answers are the same.

use super::super::geo::{one_bit, Geo};

/// The closure, per candidate (`cell * 9 + d`).
pub(super) struct XClosure {
    /// The cells of digit d whose on the candidate's on reaches in one step
    /// (on, off, on) or more.
    on: Vec<u128>,
    /// Its peers: the offs its on implies.
    peer: Vec<u128>,
    /// Its conjugates: the ons its off implies.
    conj: Vec<u128>,
}

impl XClosure {
    pub fn new() -> XClosure {
        XClosure {
            on: vec![0; 729],
            peer: vec![0; 729],
            conj: vec![0; 729],
        }
    }

    /// The closure of the grid whose digit planes are `now`.
    pub fn build(&mut self, geo: &Geo, now: &[u128; 9]) {
        for (d, &plane) in now.iter().enumerate() {
            let mut m = plane;
            while m != 0 {
                let e = m.trailing_zeros() as usize;
                m &= m - 1;
                let me = 1u128 << e;
                let (mut peer, mut conj) = (0u128, 0u128);
                for &h in geo.houses_of(e) {
                    let others = plane & geo.house_mask[h as usize] & !me;
                    peer |= others;
                    if one_bit(others) {
                        conj |= others;
                    }
                }
                self.peer[e * 9 + d] = peer;
                self.conj[e * 9 + d] = conj;
            }
            // One step: on(e) turns off its peers, each of whose offs turns
            // on its conjugates. Only cells with a step out (`live`) and
            // reached by one (`reached`) take part in the closure: a placed
            // digit's cell has neither.
            let (mut m, mut live, mut reached) = (plane, 0u128, 0u128);
            while m != 0 {
                let e = m.trailing_zeros() as usize;
                m &= m - 1;
                let (mut step, mut p) = (0u128, self.peer[e * 9 + d]);
                while p != 0 {
                    step |= self.conj[p.trailing_zeros() as usize * 9 + d];
                    p &= p - 1;
                }
                self.on[e * 9 + d] = step;
                if step != 0 {
                    live |= 1 << e;
                    reached |= step;
                }
            }
            let mut ks = live & reached;
            while ks != 0 {
                let k = ks.trailing_zeros() as usize;
                ks &= ks - 1;
                let (via, bit) = (self.on[k * 9 + d], 1u128 << k);
                let mut is = live;
                while is != 0 {
                    let i = is.trailing_zeros() as usize;
                    is &= is - 1;
                    if self.on[i * 9 + d] & bit != 0 {
                        self.on[i * 9 + d] |= via;
                    }
                }
            }
        }
    }

    /// For candidate `src`: whether its on lies on a cycle, whether it
    /// reaches its off, and whether its off reaches its on (the
    /// [`Reach`](super::Reach) tests the unary search is gated by).
    pub fn gates(&self, src: usize) -> (bool, bool, bool) {
        let (s, d) = (src / 9, src % 9);
        let (on, bit) = (self.on[src], 1u128 << s);
        // off(s) follows an on that is a peer of s: s's own or one reached.
        let on_off = (on | bit) & self.peer[src] != 0;
        let mut conj = self.conj[src];
        let mut off_on = false;
        while conj != 0 {
            let f = conj.trailing_zeros() as usize;
            conj &= conj - 1;
            off_on |= self.on[f * 9 + d] & bit != 0;
        }
        (on & bit != 0, on_off, off_on)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::super::{ladder, test_util, Ctx};
    use super::super::super::geo::{masks, two_or_more, Geo};
    use super::super::Unary;
    use super::*;

    /// Every gate the closure answers is the [`Reach`](super::super::Reach)
    /// one over the X-only tables, and every source of a Y pass lies on a
    /// cycle of the Y graph, on every state of the rating paths of puzzles
    /// that need cycles and chains.
    #[test]
    fn the_closure_answers_as_tarjan_does() {
        let lines = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ];
        let mut states = 0;
        for line in lines {
            let mut board = test_util::board(line);
            let mut ctx = Ctx::new(false);
            for _ in 0..60 {
                let geo = Geo::of(&board).unwrap();
                let grid = masks(&board);
                let mut u = Unary::new();
                u.tables(&geo, &grid);
                // The Y pass's sources, bivalue cells' candidates, all lie
                // on a cycle of the Y graph (so it builds no reachability).
                let bivalue: Vec<u32> = u
                    .keys
                    .iter()
                    .copied()
                    .filter(|&k| grid[k as usize / 18].count_ones() == 2)
                    .collect();
                u.build_reach((true, false), Some(&bivalue));
                assert!(bivalue.iter().all(|&k| u.reach.on_cycle(k as usize)));
                u.build_reach((false, true), None);
                let mut closure = XClosure::new();
                closure.build(&geo, &u.now);
                for (cell, &g) in grid.iter().enumerate() {
                    if !two_or_more(u128::from(g)) {
                        continue;
                    }
                    for d in (0..9).filter(|d| g >> d & 1 != 0) {
                        let src = cell * 9 + d;
                        let (on, off) = (src * 2 + 1, src * 2);
                        let want = (
                            u.reach.on_cycle(on),
                            u.reach.reaches(on, off),
                            u.reach.reaches(off, on),
                        );
                        assert_eq!(closure.gates(src), want, "{line} cell {cell} digit {d}");
                    }
                }
                states += 1;
                let Some(step) = ladder::next_step(&board, &mut ctx) else {
                    break;
                };
                board.apply(&step);
                if board.is_solved() {
                    break;
                }
            }
        }
        assert!(states > 60, "{states}");
    }
}
