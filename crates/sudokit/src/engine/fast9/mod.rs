//! `fast9`: the classic 9x9 engine, on digit planes.
//!
//! # Representation
//!
//! The state of a search is nine *digit planes*, one `u128` per digit with a
//! bit per cell where the digit is still possible (a placed digit keeps its
//! own bit, and only it, in its houses), the set of open cells, and per
//! digit the set of houses where it is placed: 196 bytes, copied whole at a
//! guess. Cells sit in the band layout of [`tables`] (band `b` in the 32 bits
//! from `32b`), so rows and boxes lie inside one 64-bit half.
//!
//! # Propagation
//!
//! Rounds until nothing changes, cheapest rule first:
//! - **naked singles**: the planes of the open cells are added bit-sliced
//!   (`ones`, `twos`), which also finds an open cell with no candidate;
//!   placing a digit clears the cell in every plane and the peers in its own
//!   plane, one `u128` operation each;
//! - **hidden singles**: for each digit, every house where it is not placed
//!   yet is tested for zero places (a contradiction) or one place; this scan
//!   is the [`Kernel`], the part with an AVX2 version ([`Backend`]);
//! - **locked candidates** (pointing and claiming) over the 54 box/line
//!   intersections, only when singles stall.
//!
//! None of them assumes the solution is unique, so counting (limit 2 and up)
//! is exact.
//!
//! # Search
//!
//! Binary branching on a cell: a bivalue cell if there is one, else an open
//! cell with the fewest candidates; the branch *digit d in cell c* runs on a
//! copy of the state, and when it is refuted (or its solutions are
//! counted) the state below it continues with *not d in c*, in place. The
//! stack of states is owned by the engine: no allocation per puzzle except
//! the first solution's [`Grid`]. [`Stats::guesses`] counts the branches
//! taken; [`Stats::nodes`] the propagations run.
//!
//! # Backends
//!
//! [`Backend::Portable`] is plain Rust and runs everywhere;
//! [`Backend::Avx2`] tests two houses per 256-bit operation in the
//! hidden-singles scan. [`Backend::detect`] picks the best one the CPU
//! offers, once per engine; the environment variable `SUDOKIT_FAST9_BACKEND`
//! (`portable` or `avx2`) overrides it, so the portable backend can be
//! tested on any machine. Both run the same search (the same nodes, guesses
//! and solutions in the same order; the tests check this).

use std::ops::ControlFlow;

use super::{Engine, Unsupported};
#[cfg(test)]
use crate::digits::Cell;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::{Solutions, Stats};
use crate::puzzle::Puzzle;

#[cfg(target_arch = "x86_64")]
mod simd;
mod tables;

use tables::{ALL, ALL_HOUSES, CELL, CROSSES, HOUSE, HOUSES_OF, HOUSE_HI, HOUSE_LO, PEERS, POS};

/// The state of the search; see the [module docs](self).
#[derive(Clone, Copy, Debug)]
struct State {
    /// Per digit, the cells where it is possible or placed.
    planes: [u128; 9],
    /// The open cells.
    open: u128,
    /// Per digit, the houses where it is placed.
    done: [u32; 9],
    /// Digits whose plane changed since their last hidden-singles scan
    /// (bits 0–8) and since their last locked-candidates pass (bits 16–24):
    /// both rules read one plane only.
    dirty: u32,
}

/// [`State::dirty`] bits of digit `d`, for both rules.
#[inline(always)]
fn dirty(d: usize) -> u32 {
    0x1_0001 << d
}

impl State {
    const EMPTY: State = State {
        planes: [ALL; 9],
        open: ALL,
        done: [0; 9],
        dirty: 0x1ff_01ff,
    };

    /// Puts digit `d` in the open cell at bit `pos`.
    #[inline(always)]
    fn place(&mut self, pos: usize, d: usize) {
        let bit = 1u128 << pos;
        self.open &= !bit;
        let mut touched = 1 << d;
        for (k, plane) in self.planes.iter_mut().enumerate() {
            touched |= u32::from(*plane & bit != 0) << k;
            *plane &= !bit;
        }
        self.planes[d] = (self.planes[d] & !PEERS[pos]) | bit;
        self.done[d] |= HOUSES_OF[pos];
        self.dirty |= touched * 0x1_0001;
    }

    /// Puts digit `d` in the open cell at bit `pos` when `d` is the cell's
    /// only candidate: only the plane of `d` changes.
    #[inline(always)]
    fn place_single(&mut self, pos: usize, d: usize) {
        self.open &= !(1u128 << pos);
        self.planes[d] &= !PEERS[pos];
        self.done[d] |= HOUSES_OF[pos];
        self.dirty |= dirty(d);
    }

    /// Removes digit `d` from the cell at bit `pos`.
    #[inline(always)]
    fn eliminate(&mut self, pos: usize, d: usize) {
        self.planes[d] &= !(1u128 << pos);
        self.dirty |= dirty(d);
    }
}

/// The hidden-singles scan: for the plane `p` of one digit and the houses
/// `todo` where it is not placed, the houses with no place for it and those
/// with exactly one, as house sets.
pub(crate) trait Kernel: Copy {
    /// Returns `(zero, single)`.
    fn scan(self, p: u128, todo: u32) -> (u32, u32);
}

/// The plain Rust [`Kernel`].
#[derive(Clone, Copy, Debug)]
struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn scan(self, p: u128, todo: u32) -> (u32, u32) {
        // Rows and boxes lie in one 64-bit half (see [`tables`]), columns
        // in both.
        let (lo, hi) = (p as u64, (p >> 64) as u64);
        let (mut zero, mut single) = (0, 0);
        let mut t = todo;
        while t != 0 {
            let h = t.trailing_zeros();
            t &= t - 1;
            let (x, y) = (lo & HOUSE_LO[h as usize], hi & HOUSE_HI[h as usize]);
            let any = x | y;
            if any == 0 {
                zero |= 1 << h;
            } else if x & x.wrapping_sub(1) == 0 && y & y.wrapping_sub(1) == 0 && (x == 0 || y == 0)
            {
                single |= 1 << h;
            }
        }
        (zero, single)
    }
}

/// Runs the rules of the [module docs](self) to a fixpoint; `false` on a
/// contradiction.
#[inline(always)]
fn propagate<K: Kernel>(k: K, s: &mut State) -> bool {
    loop {
        let (mut ones, mut twos) = (0u128, 0u128);
        for p in &s.planes {
            let m = p & s.open;
            twos |= ones & m;
            ones |= m;
        }
        if s.open & !ones != 0 {
            return false;
        }
        let mut singles = s.open & !twos;
        if singles != 0 {
            while singles != 0 {
                let pos = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let bit = 1u128 << pos;
                // An earlier single of this round may have taken the only
                // candidate.
                let Some(d) = s.planes.iter().position(|p| p & bit != 0) else {
                    return false;
                };
                s.place_single(pos, d);
            }
            continue;
        }
        if s.open == 0 {
            return true;
        }
        let mut placed = false;
        while s.dirty & 0x1ff != 0 {
            let d = s.dirty.trailing_zeros() as usize;
            s.dirty &= !(1 << d);
            let todo = !s.done[d] & ALL_HOUSES;
            if todo == 0 {
                continue;
            }
            let (zero, mut single) = k.scan(s.planes[d], todo);
            if zero != 0 {
                return false;
            }
            while single != 0 {
                let h = single.trailing_zeros() as usize;
                single &= single - 1;
                // Placements since the scan only remove places.
                let x = s.planes[d] & HOUSE[h];
                if x == 0 {
                    return false;
                }
                if x & s.open != 0 && x & (x - 1) == 0 {
                    s.place(x.trailing_zeros() as usize, d);
                    placed = true;
                }
            }
        }
        if placed {
            continue;
        }
        let mut changed = false;
        while s.dirty >> 16 != 0 {
            let d = (s.dirty >> 16).trailing_zeros() as usize;
            s.dirty &= !(0x1_0000 << d);
            let mut p = s.planes[d];
            for cross in &CROSSES {
                // A house where `d` is placed needs no test: the placed
                // cell's peers are cleared, so either nothing of the line
                // is in the box or nothing is outside it.
                if p & cross.line == 0 {
                    continue;
                }
                let line_rest = p & cross.line_rest;
                let box_rest = p & cross.box_rest;
                if box_rest == 0 && line_rest != 0 {
                    p &= !cross.line_rest;
                } else if line_rest == 0 && box_rest != 0 {
                    p &= !cross.box_rest;
                }
            }
            if p != s.planes[d] {
                s.planes[d] = p;
                s.dirty |= dirty(d);
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The branch of the [module docs](self): `(bit position, digit)`.
#[inline(always)]
fn choose(s: &State) -> (usize, usize) {
    let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
    for p in &s.planes {
        let m = p & s.open;
        threes |= twos & m;
        twos |= ones & m;
        ones |= m;
    }
    let bivalue = s.open & twos & !threes;
    let pos = if bivalue != 0 {
        bivalue.trailing_zeros() as usize
    } else {
        let mut best = (u32::MAX, 0);
        let mut open = s.open;
        while open != 0 {
            let pos = open.trailing_zeros() as usize;
            open &= open - 1;
            let bit = 1u128 << pos;
            let n = s.planes.iter().filter(|p| *p & bit != 0).count() as u32;
            if n < best.0 {
                best = (n, pos);
            }
        }
        best.1
    };
    let bit = 1u128 << pos;
    let d = s
        .planes
        .iter()
        .position(|p| p & bit != 0)
        .unwrap_or_default();
    (pos, d)
}

/// What [`search`] reports: solutions, nodes, guesses, exhaustive.
type Outcome = (u64, u64, u64, bool);

/// Counts the solutions below `stack[0]` up to `limit`, calling `visit` with
/// each solved state; see the [module docs](self).
#[inline(always)]
fn search<K: Kernel>(
    k: K,
    stack: &mut [State],
    limit: u64,
    visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
) -> Outcome {
    let (mut count, mut nodes, mut guesses) = (0, 0, 0);
    let mut sp = 0;
    loop {
        nodes += 1;
        if propagate(k, &mut stack[sp]) {
            if stack[sp].open == 0 {
                count += 1;
                if visit(&stack[sp]).is_break() || count >= limit {
                    return (count, nodes, guesses, false);
                }
            } else {
                let (pos, d) = choose(&stack[sp]);
                guesses += 1;
                let mut child = stack[sp];
                child.place(pos, d);
                stack[sp].eliminate(pos, d);
                sp += 1;
                stack[sp] = child;
                continue;
            }
        }
        if sp == 0 {
            return (count, nodes, guesses, true);
        }
        sp -= 1;
    }
}

/// Which implementation of the hidden-singles scan runs; see the
/// [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// Plain Rust; every CPU.
    Portable,
    /// AVX2 (x86-64 CPUs that have it).
    Avx2,
}

impl Backend {
    /// Every backend, portable first.
    pub const ALL: [Backend; 2] = [Backend::Portable, Backend::Avx2];

    /// The name (`portable`, `avx2`).
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Avx2 => "avx2",
        }
    }

    /// Whether this CPU can run the backend.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => simd::Avx2::detect().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 => false,
        }
    }

    /// The backend named by `SUDOKIT_FAST9_BACKEND` when it is set to an
    /// available one, else the best this CPU runs.
    pub fn detect() -> Backend {
        let forced = std::env::var("SUDOKIT_FAST9_BACKEND").ok();
        if let Some(b) = Backend::ALL
            .into_iter()
            .find(|b| forced.as_deref() == Some(b.name()))
        {
            if b.is_available() {
                return b;
            }
        }
        if Backend::Avx2.is_available() {
            Backend::Avx2
        } else {
            Backend::Portable
        }
    }
}

/// The classic 9x9 engine; see the [module docs](self).
#[derive(Debug)]
pub struct Fast9 {
    backend: Backend,
    stack: Vec<State>,
}

impl Default for Fast9 {
    fn default() -> Fast9 {
        Fast9::new()
    }
}

impl Fast9 {
    /// A new engine on the backend [`Backend::detect`] picks.
    pub fn new() -> Fast9 {
        Fast9::with_backend(Backend::detect()).unwrap_or(Fast9 {
            backend: Backend::Portable,
            stack: Vec::new(),
        })
    }

    /// A new engine on `backend`, or `None` when this CPU cannot run it.
    pub fn with_backend(backend: Backend) -> Option<Fast9> {
        backend.is_available().then(|| Fast9 {
            backend,
            stack: vec![State::EMPTY; 82],
        })
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Runs the search on the backend.
    fn run(&mut self, limit: u64, visit: &mut dyn FnMut(&State) -> ControlFlow<()>) -> Outcome {
        if self.stack.len() < 82 {
            self.stack.resize(82, State::EMPTY);
        }
        match self.backend {
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => {
                if let Some(avx2) = simd::Avx2::detect() {
                    return avx2.search(&mut self.stack, limit, visit);
                }
                search(Portable, &mut self.stack, limit, visit)
            }
            _ => search(Portable, &mut self.stack, limit, visit),
        }
    }
}

/// The grid of a solved state.
fn to_grid(s: &State) -> Grid {
    let mut values = [0u8; 81];
    for (d, plane) in s.planes.iter().enumerate() {
        let mut p = *plane;
        while p != 0 {
            let pos = p.trailing_zeros() as usize;
            p &= p - 1;
            if let Some(v) = CELL.get(pos).and_then(|&c| values.get_mut(usize::from(c))) {
                *v = d as u8 + 1;
            }
        }
    }
    // 81 values from 1 to 9: a valid 9x9 grid.
    Grid::from_values(9, &values).unwrap_or_else(|_| Grid::empty(9))
}

impl Engine for Fast9 {
    fn name(&self) -> &'static str {
        "fast9"
    }

    fn supports(&self, geometry: &Geometry) -> bool {
        geometry.is_classic()
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Solutions, Unsupported> {
        if !self.supports(puzzle.geometry()) {
            return Err(Unsupported {
                engine: self.name(),
                geometry: puzzle.geometry().to_string(),
            });
        }
        let mut start = State::EMPTY;
        for (i, v) in puzzle.givens().cells().iter().enumerate() {
            if let Some(d) = v {
                let (pos, d) = (POS[i] as usize, d.index());
                if start.planes[d] >> pos & 1 == 0 {
                    // A given clashes with an earlier one.
                    return Ok(Solutions {
                        complete: true,
                        ..Solutions::default()
                    });
                }
                start.place(pos, d);
            }
        }
        if self.stack.is_empty() {
            self.stack.push(start);
        } else {
            self.stack[0] = start;
        }
        let mut first = None;
        let (count, nodes, guesses, complete) = self.run(limit.max(1), &mut |s| {
            let grid = to_grid(s);
            let flow = visit(&grid);
            if first.is_none() {
                first = Some(grid);
            }
            flow
        });
        Ok(Solutions {
            count,
            first,
            complete,
            stats: Stats { nodes, guesses },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cell of a bit position.
    fn cell_of(pos: usize) -> Option<Cell> {
        (CELL[pos] != 255).then(|| Cell(u32::from(CELL[pos])))
    }

    #[test]
    fn tables_agree_with_the_geometry() {
        let g = Geometry::classic();
        for (i, &pos) in POS.iter().enumerate() {
            let pos = pos as usize;
            assert_eq!(cell_of(pos), Some(Cell(i as u32)));
            let peers: u128 = g
                .peers(Cell(i as u32))
                .iter()
                .map(|c| 1u128 << POS[c.index()])
                .fold(0, |a, b| a | b);
            assert_eq!(PEERS[pos], peers, "peers of {i}");
            assert_eq!(HOUSES_OF[pos].count_ones(), 3);
        }
        for h in HOUSE {
            assert_eq!(h.count_ones(), 9);
        }
        assert_eq!(ALL.count_ones(), 81);
        assert_eq!((0..128).filter(|&p| cell_of(p).is_some()).count(), 81);
    }

    #[test]
    fn kernels_agree() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for b in Backend::ALL.into_iter().filter(|b| b.is_available()) {
            for _ in 0..10_000 {
                // Sparse planes, so that zero and one place both occur.
                let p = (u128::from(next() & next() & next()) << 64
                    | u128::from(next() & next() & next()))
                    & ALL;
                let todo = (next() as u32) & ALL_HOUSES;
                let expected = Portable.scan(p, todo);
                let got = match b {
                    Backend::Portable => Portable.scan(p, todo),
                    #[cfg(target_arch = "x86_64")]
                    Backend::Avx2 => simd::Avx2::detect().map(|a| a.scan(p, todo)).unwrap(),
                    #[cfg(not(target_arch = "x86_64"))]
                    Backend::Avx2 => unreachable!(),
                };
                assert_eq!(got, expected, "{b:?} on {p:#x} / {todo:#x}");
            }
        }
    }
}
