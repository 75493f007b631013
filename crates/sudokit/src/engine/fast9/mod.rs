//! `fast9`: the classic 9x9 engine, on digit planes.
//!
//! # Representation
//!
//! The state of a search is nine *digit planes*, one `u128` per digit with a
//! bit per cell where the digit is still possible (a placed digit keeps its
//! own bit, and only it, in its houses), the set of open cells, and the
//! digits whose plane changed since the band/stack rules last looked at it:
//! 164 bytes, copied whole at a guess. Cells sit in the band layout of
//! `tables` (band `b` in the 32 bits from `32b`), so a band of one digit
//! is one 27-bit word (three rows of nine).
//!
//! # Propagation
//!
//! Rounds until nothing changes, cheapest rule first:
//! - **naked singles**: the planes of the open cells are added bit-sliced
//!   (`ones`, `twos`), which also finds an open cell with no candidate;
//!   placing a digit clears the cell in every plane and the peers in its own
//!   plane, one `u128` operation each;
//! - **the band and stack rules**, per digit whose plane changed
//!   (`update`): a digit takes one minirow per row and per box of a band,
//!   and one minicolumn per column and per box of a stack, so only minirows
//!   (minicolumns) lying on such a permutation keep it (table `PERM`):
//!   pointing and claiming in every direction, and a house left with no
//!   place is a contradiction; then the cells that are the digit's only
//!   place in a row, column or box (hidden singles) are placed: a row or
//!   box of a band has one place when a single minirow is kept in it and
//!   that minirow has one cell (table `ALONE`), a column when one of its
//!   nine cells is left.
//!
//! None of them assumes the solution is unique, so counting (limit 2 and up)
//! is exact.
//!
//! # Search
//!
//! Binary branching on a cell: if there is a bivalue cell, the digit `d`
//! held by the most bivalue cells and, among them, the cell that sees the
//! most open cells and the most of those bivalue cells; else an open cell
//! with the fewest candidates and its lowest digit `d`; the branch *digit d
//! in cell c* runs on a
//! copy of the state, and when it is refuted (or its solutions are
//! counted) the state below it continues with *not d in c*, in place. The
//! stack of states is owned by the engine: no allocation per puzzle except
//! the first solution's [`Grid`]. [`Stats::guesses`](crate::outcome::Stats::guesses) counts the branches
//! taken; [`Stats::nodes`](crate::outcome::Stats::nodes) the propagations run.
//!
//! # Backends
//!
//! The `Kernel` holds the hot operations on all nine planes (the
//! bit-sliced candidate count, clearing a cell, the digits that hold a
//! cell) and the bit gathering of the band and stack rules.
//! [`Backend::Portable`] is plain Rust and runs everywhere; [`Backend::Avx2`]
//! does the plane operations two planes per 256-bit instruction (the digit
//! of a naked single without a data-dependent branch: `movemask` and
//! `pext`), and the gathering with BMI2 `pext`/`pdep`; its search is
//! compiled with BMI1, POPCNT and LZCNT as well. [`Backend::detect`] picks
//! the best one the CPU offers, once per engine; the environment variable
//! `SUDOKIT_FAST9_BACKEND` (`portable` or `avx2`) overrides it, so the
//! portable backend can be tested on any machine. Both run the same search
//! (the same nodes, guesses and solutions in the same order; the tests
//! check this).

use std::ops::ControlFlow;

use super::{ensure_supported, solutions_of, Budget, Engine, Meter, Outcome, Unsupported, Visitor};
#[cfg(test)]
use crate::digits::Cell;
use crate::digits::{Digit, DigitSet};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::Solutions;
use crate::puzzle::Puzzle;

#[cfg(target_arch = "x86_64")]
mod simd;
mod tables;

#[cfg(test)]
use tables::CELL;
use tables::{ALL, ALONE, BAND, BIT, EXPAND, PEERS, PERM, POS, SPREAD};

/// The state of the search; see the [module docs](self).
#[derive(Clone, Copy, Debug)]
struct State {
    /// Per digit, the cells where it is possible or placed.
    planes: [u128; 9],
    /// The open cells.
    open: u128,
    /// Digits whose plane changed since the band/stack rules last ran on
    /// it ([`update`] reads one plane only).
    dirty: u32,
}

/// The [`State::dirty`] bit of digit `d`.
#[inline(always)]
fn dirty(d: usize) -> u32 {
    1 << d
}

impl State {
    const EMPTY: State = State {
        planes: [ALL; 9],
        open: ALL,
        dirty: 0x1ff,
    };

    /// The state with the givens placed (and nothing propagated yet), or
    /// `None` when two givens clash. Built plane by plane: a digit's plane
    /// is its given cells plus the open cells that see none of them.
    fn from_givens(cells: &[Option<Digit>], allowed: Option<&[DigitSet]>) -> Option<State> {
        let mut given = [0u128; 9];
        let mut seen = [0u128; 9];
        // The values as bytes (0 for an empty cell), then eight cells at a
        // time: only the givens are visited (a loop over the set bits of
        // a word), not every cell with a branch that the givens' random
        // places would mispredict.
        let values: [u8; 88] = super::cell_values(cells);
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        for (w, chunk) in values.chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            // The high bit of each nonzero byte.
            let mut nonzero = ((x & LOW7).wrapping_add(LOW7) | x) & !LOW7;
            while nonzero != 0 {
                let i = 8 * w + nonzero.trailing_zeros() as usize / 8;
                nonzero &= nonzero - 1;
                let pos = usize::from(POS[i]);
                let d = usize::from(values[i] - 1);
                given[d] |= BIT[pos];
                seen[d] |= PEERS[pos];
            }
        }
        let filled = given.iter().fold(0, |a, g| a | g);
        let mut s = State::EMPTY;
        s.open = ALL & !filled;
        // Two givens clash when one sees the other: checked once per digit
        // rather than per given.
        let mut clash = 0;
        for d in 0..9 {
            clash |= given[d] & seen[d];
            s.planes[d] = given[d] | (s.open & !seen[d]);
        }
        if clash != 0 {
            return None;
        }
        // Pencilmark puzzles: a cell keeps only its candidates (an open cell
        // left with none is refuted by the first propagation).
        if let Some(allowed) = allowed {
            for (&set, &pos) in allowed.iter().zip(POS.iter()) {
                let bit = 1u128 << pos;
                for (d, plane) in s.planes.iter_mut().enumerate() {
                    if set.0 >> d & 1 == 0 {
                        if given[d] & bit != 0 {
                            return None;
                        }
                        *plane &= !bit;
                    }
                }
            }
        }
        Some(s)
    }

    /// Puts digit `d` in the open cell at bit `pos`.
    #[inline(always)]
    fn place<K: Kernel>(&mut self, k: K, pos: usize, d: usize) {
        let bit = 1u128 << pos;
        self.open &= !bit;
        let touched = k.clear(&mut self.planes, pos);
        self.planes[d] = (self.planes[d] & !PEERS[pos]) | bit;
        self.dirty |= touched | dirty(d);
    }

    /// Puts digit `d` in the open cell at bit `pos` when `d` is the cell's
    /// only candidate: only the plane of `d` changes.
    #[inline(always)]
    fn place_single(&mut self, pos: usize, d: usize) {
        self.open &= !(1u128 << pos);
        self.planes[d] &= !PEERS[pos];
        self.dirty |= dirty(d);
    }

    /// Removes digit `d` from the cell at bit `pos`.
    #[inline(always)]
    fn eliminate(&mut self, pos: usize, d: usize) {
        self.planes[d] &= !(1u128 << pos);
        self.dirty |= dirty(d);
    }
}

/// The two operations on all nine planes at once, the hot spots of the
/// search; [`Portable`] is the reference, `simd::Avx2` the vector version.
pub(crate) trait Kernel: Copy {
    /// Bit-sliced count of the candidates of the cells in `open`: the cells
    /// with at least one, at least two and at least three candidates.
    fn counts(self, planes: &[u128; 9], open: u128) -> [u128; 3];

    /// Clears the cell at bit `pos` in every plane; returns the digits whose
    /// plane had it (a 9-bit set).
    fn clear(self, planes: &mut [u128; 9], pos: usize) -> u32;

    /// The digits whose plane has the cell at bit `pos` (a 9-bit set),
    /// without a data-dependent branch.
    #[inline(always)]
    fn holders(self, planes: &[u128; 9], pos: usize) -> u32 {
        let mut set = 0;
        for (d, p) in planes.iter().enumerate() {
            set |= ((p >> pos) as u32 & 1) << d;
        }
        set
    }

    /// Bits `0, 3, 6, …, 24` of a band word gathered into 9 bits: with
    /// `x | x >> 1 | x >> 2` the minirows that hold a cell, as a 3x3 matrix
    /// (bit `3i + j`: row i, box j).
    #[inline(always)]
    fn gather(self, t: u32) -> u32 {
        let t = t & 0x124_9249;
        let t = (t | t >> 2) & 0x10_c30c3;
        let t = (t | t >> 4) & 0x100_f00f;
        (t | t >> 8 | t >> 16) & 0x1ff
    }

    /// The minirows of a band word that hold a cell (see [`gather`](Kernel::gather)).
    #[inline(always)]
    fn minirows(self, x: u32) -> u32 {
        self.gather(x | x >> 1 | x >> 2)
    }

    /// Stack `s` of a 27-bit word whose rows are the bands and whose
    /// columns are the grid's columns, as a 3x3 matrix (bit `3b + j`: band
    /// b, column `3s + j`).
    #[inline(always)]
    fn stack(self, present: u32, s: usize) -> u32 {
        let t = present >> (3 * s);
        (t & 7) | (t >> 6 & 0o70) | (t >> 12 & 0o700)
    }

    /// The inverse of [`stack`](Kernel::stack): the 3x3 matrix `m` put back
    /// in stack `s` of a 27-bit word.
    #[inline(always)]
    fn unstack(self, m: u32, s: usize) -> u32 {
        ((m & 7) | (m & 0o70) << 6 | (m & 0o700) << 12) << (3 * s)
    }
}

/// The plain Rust [`Kernel`].
#[derive(Clone, Copy, Debug)]
struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn counts(self, planes: &[u128; 9], open: u128) -> [u128; 3] {
        let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
        for p in planes {
            let m = p & open;
            threes |= twos & m;
            twos |= ones & m;
            ones |= m;
        }
        [ones, twos, threes]
    }

    #[inline(always)]
    fn clear(self, planes: &mut [u128; 9], pos: usize) -> u32 {
        let bit = 1u128 << pos;
        let mut touched = 0;
        for (k, plane) in planes.iter_mut().enumerate() {
            touched |= u32::from(*plane & bit != 0) << k;
            *plane &= !bit;
        }
        touched
    }
}

/// Copies a 9-bit set of columns to the three rows of a band word.
#[inline(always)]
fn rows3(columns: u32) -> u32 {
    columns * 0x4_0201
}

/// The band/stack rules for the plane `p` of one digit: the digit takes one
/// minirow per row and per box of a band, and one minicolumn per column and
/// per box of a stack, so only minirows (minicolumns) on such a permutation
/// keep it ([`PERM`]): this is pointing and claiming in all directions, and
/// it finds a house left with no place. Returns the restricted plane and the
/// cells that are the digit's only place in a row, a column or a box
/// (placed cells included), or `None` on a contradiction.
#[inline(always)]
fn update<K: Kernel>(k: K, p: u128) -> Option<(u128, u128)> {
    let mut w = [
        p as u32 & BAND,
        (p >> 32) as u32 & BAND,
        (p >> 64) as u32 & BAND,
    ];
    // The minirows each band keeps, as 3x3 matrices.
    let mut kept = [0u32; 3];
    // Bands, then stacks, until the stacks remove nothing (the bands are
    // then settled too, and `kept` is theirs). After the stacks narrowed
    // the bands, a band pass that removes nothing ends it: the columns
    // present are then the stacks' own result, which they keep.
    let mut first = true;
    loop {
        let mut removed = 0;
        for (x, kept) in w.iter_mut().zip(&mut kept) {
            let allowed = PERM[k.minirows(*x) as usize];
            if allowed == 0 {
                return None;
            }
            *kept = u32::from(allowed);
            removed |= *x & !EXPAND[allowed as usize];
            *x &= EXPAND[allowed as usize];
        }
        if removed == 0 && !first {
            break;
        }
        first = false;
        // Columns present in each band, as the rows of one 27-bit word;
        // each stack is a 3x3 matrix (band, column of the stack) of it.
        let fold = |x: u32| (x | x >> 9 | x >> 18) & 0x1ff;
        let present = fold(w[0]) | fold(w[1]) << 9 | fold(w[2]) << 18;
        let mut columns = 0;
        for s in 0..3 {
            let allowed = u32::from(PERM[k.stack(present, s) as usize]);
            if allowed == 0 {
                return None;
            }
            columns |= k.unstack(allowed, s);
        }
        if columns == present {
            break;
        }
        for (b, x) in w.iter_mut().enumerate() {
            *x &= rows3(columns >> (9 * b) & 0x1ff);
        }
    }
    // Hidden singles. A row (box) of a band has one place when one minirow
    // is kept in it and that minirow has one cell (table `ALONE`); a
    // column has one place when one of its nine cells is left (counted
    // bit-sliced over the nine rows).
    let (mut ones, mut twos) = (0u32, 0u32);
    let mut single = [0u32; 3];
    for ((x, kept), single) in w.iter().zip(kept).zip(&mut single) {
        let (x, y, z) = (*x, *x >> 1, *x >> 2);
        let lone = k.gather((x ^ y ^ z) & !(x & y & z));
        *single = EXPAND[usize::from(ALONE[kept as usize]) & lone as usize] & x;
        for i in 0..3 {
            let f = x >> (9 * i) & 0x1ff;
            twos |= ones & f;
            ones |= f;
        }
    }
    let lone_columns = rows3(ones & !twos);
    let plane = u128::from(w[0]) | u128::from(w[1]) << 32 | u128::from(w[2]) << 64;
    let singles = u128::from(single[0] | w[0] & lone_columns)
        | u128::from(single[1] | w[1] & lone_columns) << 32
        | u128::from(single[2] | w[2] & lone_columns) << 64;
    Some((plane, singles))
}

/// Runs the rules of the [module docs](self) to a fixpoint; `false` on a
/// contradiction.
#[inline(always)]
fn propagate<K: Kernel>(k: K, s: &mut State) -> bool {
    'naked: loop {
        let [ones, twos, _] = k.counts(&s.planes, s.open);
        if s.open & !ones != 0 {
            return false;
        }
        let mut singles = s.open & !twos;
        if singles != 0 {
            while singles != 0 {
                let pos = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this round may have taken the only
                // candidate.
                let holders = k.holders(&s.planes, pos);
                if holders == 0 {
                    return false;
                }
                s.place_single(pos, holders.trailing_zeros() as usize);
            }
            continue;
        }
        if s.open == 0 {
            return true;
        }
        while s.dirty & 0x1ff != 0 {
            let d = s.dirty.trailing_zeros() as usize;
            s.dirty &= !(1 << d);
            let p = s.planes[d];
            if p & s.open == 0 {
                continue;
            }
            let Some((plane, found)) = update(k, p) else {
                return false;
            };
            // `update` ran to its own fixpoint: no need to run it again
            // unless another placement changes the plane.
            let mut changed = plane != p;
            s.planes[d] = plane;
            let mut found = found & s.open;
            while found != 0 {
                let pos = found.trailing_zeros() as usize;
                found &= found - 1;
                // Two places found for the digit in one house: the first
                // took the second away.
                if s.planes[d] >> pos & 1 == 0 {
                    return false;
                }
                s.place(k, pos, d);
                changed = true;
            }
            if changed {
                continue 'naked;
            }
        }
        return true;
    }
}

/// The branch of the [module docs](self): `(bit position, digit)`.
#[inline(always)]
fn choose<K: Kernel>(k: K, s: &State) -> (usize, usize) {
    let [_, twos, threes] = k.counts(&s.planes, s.open);
    let bivalue = s.open & twos & !threes;
    if bivalue != 0 {
        // The digit held by the most bivalue cells; among those cells, the
        // one that sees the most open cells and the most of the others
        // (weights 2 and 3), so that its branches propagate furthest; that
        // digit is tried first. The scan is short (only that digit's
        // bivalue cells). Guesses and instructions against the earlier
        // choices are in DEVELOPERS.md.
        let (mut with, mut digit, mut most) = (0, 0, 0);
        for (d, p) in s.planes.iter().enumerate() {
            let w = bivalue & p;
            let n = w.count_ones();
            if n > most {
                (most, with, digit) = (n, w, d);
            }
        }
        // `with` is not empty: a bivalue cell is in the plane of each of
        // its two digits.
        let mut best = (0u32, with.trailing_zeros() as usize);
        let mut b = with;
        while b != 0 {
            let pos = b.trailing_zeros() as usize;
            b &= b - 1;
            let peers = PEERS[pos];
            let score = 2 * (peers & s.open).count_ones() + 3 * (peers & with).count_ones();
            if score > best.0 {
                best = (score, pos);
            }
        }
        return (best.1, digit);
    }
    // No bivalue cell: the first cell with the fewest candidates, from
    // bit-sliced counts (`at[k]`: at least k + 1 candidates).
    let mut at = [0u128; 9];
    for p in &s.planes {
        let m = p & s.open;
        for k in (1..9).rev() {
            at[k] |= at[k - 1] & m;
        }
        at[0] |= m;
    }
    let fewest = (2..9)
        .map(|k| s.open & at[k] & !at.get(k + 1).copied().unwrap_or(0))
        .find(|&cells| cells != 0)
        .unwrap_or(s.open);
    let pos = fewest.trailing_zeros() as usize;
    let bit = 1u128 << pos;
    let d = s
        .planes
        .iter()
        .position(|p| p & bit != 0)
        .unwrap_or_default();
    (pos, d)
}

/// Counts the solutions below `stack[0]` up to `limit`, calling `visit` with
/// each solved state; see the [module docs](self).
#[inline(always)]
fn search<K: Kernel>(
    k: K,
    stack: &mut [State],
    limit: u64,
    meter: &mut Meter,
    visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
) -> Outcome {
    let (mut count, mut nodes, mut guesses) = (0, 0, 0);
    let mut sp = 0;
    loop {
        if !meter.allows(nodes) {
            return (count, nodes, guesses, false);
        }
        nodes += 1;
        if propagate(k, &mut stack[sp]) {
            if stack[sp].open == 0 {
                count += 1;
                if visit(&stack[sp]).is_break() || count >= limit {
                    return (count, nodes, guesses, false);
                }
            } else {
                let (pos, d) = choose(k, &stack[sp]);
                guesses += 1;
                let mut child = stack[sp];
                child.place(k, pos, d);
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
    /// AVX2 and BMI2 (x86-64 CPUs that have both).
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
        super::forced_or_best(&Backend::ALL, Backend::name, Backend::is_available)
    }
}

/// The classic 9x9 engine; see the [module docs](self).
#[derive(Debug)]
pub struct Fast9 {
    backend: Backend,
    stack: Vec<State>,
    budget: Budget,
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
            budget: Budget::UNLIMITED,
        })
    }

    /// A new engine on `backend`, or `None` when this CPU cannot run it.
    pub fn with_backend(backend: Backend) -> Option<Fast9> {
        backend.is_available().then(|| Fast9 {
            backend,
            stack: vec![State::EMPTY; 82],
            budget: Budget::UNLIMITED,
        })
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Runs the search on the backend.
    fn run(
        &mut self,
        limit: u64,
        meter: &mut Meter,
        visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
    ) -> Outcome {
        if self.stack.len() < 82 {
            self.stack.resize(82, State::EMPTY);
        }
        match self.backend {
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => {
                if let Some(avx2) = simd::Avx2::detect() {
                    return avx2.search(&mut self.stack, limit, meter, visit);
                }
                search(Portable, &mut self.stack, limit, meter, visit)
            }
            _ => search(Portable, &mut self.stack, limit, meter, visit),
        }
    }
}

/// The grid of a solved state.
fn to_grid(s: &State) -> Grid {
    // The four bits of each cell's digit index, as four sets of cells.
    let p = &s.planes;
    let bits = [
        p[1] | p[3] | p[5] | p[7],
        p[2] | p[3] | p[6] | p[7],
        p[4] | p[5] | p[6] | p[7],
        p[8],
    ];
    // Band `b` holds cells `27b..27b + 27` in row-major order, one bit
    // each: spread eight bits at a time into eight bytes.
    let mut cells = [0u8; 88];
    for b in 0..3 {
        let mut bytes = [0u64; 4];
        for (k, set) in bits.iter().enumerate() {
            let word = (set >> (32 * b)) as u32;
            for (c, bytes) in bytes.iter_mut().enumerate() {
                *bytes |= SPREAD[(word >> (8 * c)) as usize & 0xff] << k;
            }
        }
        for (c, bytes) in bytes.iter().enumerate() {
            let at = 27 * b + 8 * c;
            cells[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
        }
    }
    let digits: &[u8; 81] = cells[..81].try_into().expect("81 of 88 bytes");
    Grid::classic_from_digits(digits)
}

impl Engine for Fast9 {
    fn name(&self) -> &'static str {
        "fast9"
    }

    fn supports(&self, geometry: &Geometry) -> bool {
        geometry.is_classic()
    }

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Solutions, Unsupported> {
        self.solve_inner(puzzle, limit, Some(visit))
    }

    /// As [`solve_with`](Engine::solve_with) with no visitor, but only the
    /// first solution is turned into a [`Grid`].
    fn solve(&mut self, puzzle: &Puzzle, limit: u64) -> Result<Solutions, Unsupported> {
        self.solve_inner(puzzle, limit, None)
    }
}

impl Fast9 {
    /// [`Engine::solve_with`], with the visitor optional.
    fn solve_inner(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: Option<Visitor<'_>>,
    ) -> Result<Solutions, Unsupported> {
        ensure_supported(self, puzzle)?;
        let Some(start) = State::from_givens(puzzle.givens().cells(), puzzle.candidates()) else {
            // Two givens clash, or a given is outside its cell's candidates.
            return Ok(Solutions {
                complete: true,
                ..Solutions::default()
            });
        };
        if self.stack.is_empty() {
            self.stack.push(start);
        } else {
            self.stack[0] = start;
        }
        let budget = self.budget;
        Ok(solutions_of(budget, visit, to_grid, |meter, on| {
            self.run(limit.max(1), meter, on)
        }))
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
        }
        for h in tables::HOUSE {
            assert_eq!(h.count_ones(), 9);
        }
        assert_eq!(ALL.count_ones(), 81);
        assert_eq!((0..128).filter(|&p| cell_of(p).is_some()).count(), 81);
    }

    /// `gather`, `minirows`, `stack` and `unstack` by their definitions.
    fn naive_bit_ops(word: u32, s: usize, m: u32) -> (u32, u32, u32, u32) {
        let (mut gather, mut minirows, mut stack, mut unstack) = (0, 0, 0, 0);
        for k in 0..9 {
            gather |= (word >> (3 * k) & 1) << k;
            minirows |= u32::from(word >> (3 * k) & 7 != 0) << k;
            let (band, j) = (k / 3, k % 3);
            stack |= (word >> (9 * band + 3 * s + j) & 1) << k;
            unstack |= (m >> k & 1) << (9 * band + 3 * s + j);
        }
        (gather, minirows, stack, unstack)
    }

    #[test]
    fn alone_table() {
        for (m, &alone) in ALONE.iter().enumerate() {
            for e in 0..9 {
                let (i, j) = (e / 3, e % 3);
                let in_row = (0..3).filter(|&c| m >> (3 * i + c) & 1 != 0).count();
                let in_column = (0..3).filter(|&r| m >> (3 * r + j) & 1 != 0).count();
                let want = m >> e & 1 != 0 && (in_row == 1 || in_column == 1);
                assert_eq!(alone >> e & 1 != 0, want, "matrix {m:o}, entry {e}");
            }
        }
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
        let mut random = || (u128::from(next() & next()) << 64 | u128::from(next() & next())) & ALL;
        for _ in 0..20_000 {
            let planes: [u128; 9] = std::array::from_fn(|_| random());
            let open = random() | random();
            let pos = POS[(random() % 81) as usize] as usize;
            let (mut a, counts) = (planes, Portable.counts(&planes, open));
            let touched = Portable.clear(&mut a, pos);
            for b in Backend::ALL.into_iter().filter(|b| b.is_available()) {
                let mut c = planes;
                let (got_counts, got_touched) = match b {
                    Backend::Portable => {
                        (Portable.counts(&planes, open), Portable.clear(&mut c, pos))
                    }
                    #[cfg(target_arch = "x86_64")]
                    Backend::Avx2 => {
                        let k = simd::Avx2::detect().unwrap();
                        (k.counts(&planes, open), k.clear(&mut c, pos))
                    }
                    #[cfg(not(target_arch = "x86_64"))]
                    Backend::Avx2 => unreachable!(),
                };
                assert_eq!(got_counts, counts, "{b:?} counts");
                let word = (planes[0] >> 32) as u32 & BAND;
                let s = pos % 3;
                let m = (planes[1] as u32) & 0x1ff;
                let got = match b {
                    #[cfg(target_arch = "x86_64")]
                    Backend::Avx2 => {
                        let k = simd::Avx2::detect().unwrap();
                        (
                            k.gather(word),
                            k.minirows(word),
                            k.stack(word, s),
                            k.unstack(m, s),
                        )
                    }
                    _ => (
                        Portable.gather(word),
                        Portable.minirows(word),
                        Portable.stack(word, s),
                        Portable.unstack(m, s),
                    ),
                };
                assert_eq!(got, naive_bit_ops(word, s, m), "{b:?} gather/stack");
                let got_holders = match b {
                    #[cfg(target_arch = "x86_64")]
                    Backend::Avx2 => simd::Avx2::detect().unwrap().holders(&planes, pos),
                    _ => Portable.holders(&planes, pos),
                };
                assert_eq!(got_holders, touched, "{b:?} holders");
                assert_eq!((got_touched, c), (touched, a), "{b:?} clear");
            }
        }
    }
}
