//! `triad9`: a classic 9x9 engine on boxes and bands (the triad
//! representation): the engine [`Auto`](super::Auto) gives classic puzzles
//! with more than 18 givens where a vector kernel runs, beside
//! [`Fast9`](super::Fast9).
//!
//! # Representation
//!
//! A *minirow* is the three cells a row shares with a box; a *minicolumn*
//! the three a column shares with a box. For a digit `v` and a minirow, the
//! *negative triad* says "`v` is not in this minirow".
//!
//! - **Box**: a 4x4 matrix of 9-bit digit sets (`u16` lanes, lane `4i + j`).
//!   The top-left 3x3 holds the box's cells (the digits still possible); lane
//!   `4i + 3` the digits that may still be absent from minirow `i`; lane
//!   `12 + j` the digits that may still be absent from minicolumn `j`; lane 15
//!   is unused (empty). Rows 0–2 and columns 0–2 of the matrix are
//!   *exactly-one* clauses per digit: a digit is in exactly one cell of the
//!   minirow, or absent from it.
//! - **Band**: for one digit, the three minirows it takes in a band of three
//!   boxes (one per box, one per row) form one of six permutations, its
//!   *configuration*. A band keeps, per configuration, the digits that may
//!   still take it. The three horizontal bands (rows) are bands 0–2, the
//!   three vertical ones (stacks, with minicolumns) bands 3–5.
//!
//! # Propagation
//!
//! Boxes and bands pass restrictions to each other until nothing changes:
//! - a **box** counts its lanes: a cell with no digit, or a minirow
//!   (minicolumn) with fewer than six possibly-absent digits, is a
//!   contradiction; a cell with one digit, a triad lane with exactly six
//!   (the other three are then in the minirow), and a digit left in one lane
//!   of a clause, are asserted, which removes the digit from the clause's
//!   other lanes (and the cell's other digits). It then tells its two bands
//!   which digits each of its minirows (minicolumns) may hold, and which may
//!   be absent from it: a configuration keeps a digit only if the digit may
//!   be in the minirows it takes and absent from the others;
//! - a **band** checks that every digit keeps a configuration, and that
//!   each minirow may still hold three digits and lack six (each minirow
//!   holds exactly three); exactly three, or exactly six, are asserted. It
//!   then tells each box which digits each minirow may hold (its cells lose
//!   the others) and which may be absent (its triad lane loses the others).
//!
//! This gives naked and hidden singles, pointing and claiming, and the
//! three-digits-a-minirow rule, none of them assuming a unique solution.
//!
//! The queue: at the start of a propagation every dirty box runs (the
//! givens' boxes all report to their bands), then bands before boxes.
//!
//! # Search
//!
//! Binary branching on a band configuration: the band with the fewest
//! configurations over all digits (but not settled), a digit with two there
//! (else the fewest), and that digit's first configuration, tried on a copy
//! of the state; when that branch is done, the configuration is taken from
//! the digit in place. [`Stats::guesses`](crate::outcome::Stats::guesses) counts the branches,
//! [`Stats::nodes`](crate::outcome::Stats::nodes) the propagations.
//!
//! # Kernels
//!
//! The hot operations (a box's rules, a band's rules, the messages both
//! ways) are the `Kernel` trait: the portable kernel is plain Rust and runs
//! everywhere; the AVX2 one does a box in one 256-bit vector and a band's
//! messages with byte shuffles; the AVX-512 one is the same code compiled
//! with AVX-512 VL, BW and BITALG (a lane's popcount in one instruction).
//! [`Triad9::new`] takes the [`Backend`] of [`Backend::detect`], once per
//! engine. All run the same search; the tests check it. Design notes:
//! docs/triad9.md.

use super::{solutions_of, Backend, Budget, Unsupported, Visitor};
#[cfg(target_arch = "x86_64")]
use crate::engine::cpu;
use crate::grid::Grid;
use crate::outcome::Solutions;
use crate::puzzle::Puzzle;

mod kernel;
mod portable;
mod search;
#[cfg(target_arch = "x86_64")]
mod shuffles;
#[cfg(target_arch = "x86_64")]
mod simd;
mod start;
mod state;
#[cfg(test)]
mod tests;

use portable::Portable;
use search::{search, Descent};
use start::Start;
use state::State;

/// All nine digits.
const ALL: u16 = 0x1ff;

/// A box where every lane may still hold (or lack) every digit; lane 15 is
/// unused (empty).
const OPEN_BOX: [u16; 16] = [
    ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, 0,
];

/// The six configurations of a band: `PERMS[p][k]` is the line (row of a
/// horizontal band, column of a vertical one) that configuration `p` takes
/// in the band's box `k`.
const PERMS: [[usize; 3]; 6] = super::PERMUTATIONS_OF_3;

/// The bytes of a grid's values (row-major, 0 for an empty cell) as the
/// kernels take and give them: 81 cells and room for vector loads and
/// stores past the last one.
const VALUES: usize = 96;

/// The two configurations that take line `e % 3` in box `e / 3` of a band.
const PAIRS: [[usize; 2]; 9] = configurations(true);

/// The four configurations that do not take line `e % 3` in box `e / 3`.
const OTHERS: [[usize; 4]; 9] = configurations(false);

/// Per line `e % 3` of box `e / 3` of a band, the configurations that take
/// it (`takes`) or that do not.
const fn configurations<const N: usize>(takes: bool) -> [[usize; N]; 9] {
    let mut t = [[0; N]; 9];
    let mut e = 0;
    while e < 9 {
        let (mut p, mut n) = (0, 0);
        while p < 6 {
            if (PERMS[p][e / 3] == e % 3) == takes {
                t[e][n] = p;
                n += 1;
            }
            p += 1;
        }
        e += 1;
    }
    t
}

/// Whether lane `l` of a box holds a cell.
const fn is_cell(l: usize) -> bool {
    l < 12 && l % 4 != 3
}

/// The kernel an engine runs, with the proof that this CPU runs it.
#[derive(Clone, Copy, Debug)]
enum Chosen {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2(simd::Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(simd::Avx512),
}

impl Chosen {
    /// The kernel for `backend`, when this CPU runs it.
    fn of(backend: Backend) -> Option<Chosen> {
        match backend {
            Backend::Portable => Some(Chosen::Portable),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => cpu::Avx2::detect().map(|t| Chosen::Avx2(simd::Avx2::new(t))),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => cpu::Avx512::detect().map(|t| Chosen::Avx512(simd::Avx512::new(t))),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 | Backend::Avx512 => None,
        }
    }

    fn backend(self) -> Backend {
        match self {
            Chosen::Portable => Backend::Portable,
            #[cfg(target_arch = "x86_64")]
            Chosen::Avx2(_) => Backend::Avx2,
            #[cfg(target_arch = "x86_64")]
            Chosen::Avx512(_) => Backend::Avx512,
        }
    }
}

/// The triad engine; see the [module docs](self).
#[derive(Debug)]
pub struct Triad9 {
    stack: Vec<State>,
    budget: Budget,
    kernel: Chosen,
}

impl Triad9 {
    /// The engine on `kernel`.
    fn on(kernel: Chosen) -> Triad9 {
        Triad9 {
            // The search is at most 6 x 9 + 1 deep (see `search`).
            stack: vec![State::EMPTY; 56],
            budget: Budget::UNLIMITED,
            kernel,
        }
    }

    /// [`Engine::solve_with`](super::Engine::solve_with), with the visitor
    /// optional.
    fn solve_inner(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: Option<Visitor<'_>>,
    ) -> Result<Solutions, Unsupported> {
        super::ensure_supported(self, puzzle)?;
        let start = Start::new(puzzle.givens().cells(), puzzle.candidates());
        let (budget, limit) = (self.budget.clone(), limit.max(1));
        let to_grid = |values: &[u8; VALUES]| Grid::classic_from_values(values);
        Ok(solutions_of(&budget, visit, to_grid, |meter, visit| {
            let stack = &mut self.stack;
            let run = Descent {
                stack,
                limit,
                meter,
                visit,
            };
            match self.kernel {
                Chosen::Portable => {
                    search(Portable, &start, run.stack, run.limit, run.meter, run.visit)
                }
                #[cfg(target_arch = "x86_64")]
                Chosen::Avx2(k) => k.search(&start, run),
                #[cfg(target_arch = "x86_64")]
                Chosen::Avx512(k) => k.search(&start, run),
            }
        }))
    }
}

super::classic_engine!(Triad9, "triad9", Chosen);
