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
//!   a round's singles are placed digit by digit: a digit's singles are
//!   `plane & singles`, and their peers leave its plane in one operation;
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
//! in cell c* runs on a copy of the state, and when it is refuted (or its
//! solutions are counted) the state below it continues with *not d in c*,
//! in place. The stack of states is owned by the engine: no allocation per
//! puzzle except the first solution's [`Grid`].
//! [`Stats::guesses`](crate::outcome::Stats::guesses) counts the branches
//! taken; [`Stats::nodes`](crate::outcome::Stats::nodes) the propagations
//! run.
//!
//! # Kernels
//!
//! The `Kernel` trait holds the hot operations on all nine planes (the
//! bit-sliced candidate count, clearing a cell, the digits that hold a
//! cell) and the bit gathering of the band and stack rules. The portable
//! kernel is plain Rust and runs everywhere; the AVX2 one does the plane
//! operations two planes per 256-bit instruction, except the digits holding
//! a cell, read as nine 64-bit words (a vector read there would wait on the
//! scalar store that has just narrowed one plane: a store-forwarding stall
//! that cost about 10% on sparse puzzles), and the gathering with BMI2
//! `pext`/`pdep`; its search is compiled with BMI1,
//! POPCNT and LZCNT as well. Both run the same search (the same nodes,
//! guesses and solutions in the same order; the tests check this).
//!
//! fast9 has no AVX-512 kernel: the planes are 144 bytes and its hot
//! operations gain nothing from wider vectors. [`Backend::Avx512`] (asked
//! for, or detected) runs the AVX2 kernel, and [`Fast9::backend`] reports
//! [`Backend::Avx2`]. Design notes: docs/fast9.md.

use std::ops::ControlFlow;

use super::{solutions_of, Backend, Budget, Meter, Outcome, Unsupported, Visitor};
#[cfg(target_arch = "x86_64")]
use crate::engine::cpu;
use crate::grid::Grid;
use crate::outcome::Solutions;
use crate::puzzle::Puzzle;

#[cfg(target_arch = "x86_64")]
mod avx2;
mod kernel;
mod portable;
mod search;
mod state;
mod tables;
#[cfg(test)]
mod tests;

use portable::Portable;
use search::search;
use state::State;
use tables::SPREAD;

/// The kernel an engine runs, with the proof that this CPU runs it.
#[derive(Clone, Copy, Debug)]
enum Chosen {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2(avx2::Avx2),
}

impl Chosen {
    /// The kernel for `backend`, when this CPU runs it: AVX-512 runs the
    /// AVX2 kernel.
    fn of(backend: Backend) -> Option<Chosen> {
        match backend {
            Backend::Portable => Some(Chosen::Portable),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => cpu::Avx2::detect().map(|t| Chosen::Avx2(avx2::Avx2::new(t))),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => {
                cpu::Avx512::detect().map(|t| Chosen::Avx2(avx2::Avx2::new(t.avx2())))
            }
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 | Backend::Avx512 => None,
        }
    }

    fn backend(self) -> Backend {
        match self {
            Chosen::Portable => Backend::Portable,
            #[cfg(target_arch = "x86_64")]
            Chosen::Avx2(_) => Backend::Avx2,
        }
    }
}

/// The classic 9x9 engine; see the [module docs](self).
#[derive(Debug)]
pub struct Fast9 {
    kernel: Chosen,
    stack: Vec<State>,
    budget: Budget,
}

impl Fast9 {
    /// The engine on `kernel`.
    fn on(kernel: Chosen) -> Fast9 {
        Fast9 {
            kernel,
            stack: vec![State::EMPTY; 82],
            budget: Budget::UNLIMITED,
        }
    }

    /// Runs the search on the kernel.
    fn run(
        &mut self,
        limit: u64,
        meter: &mut Meter,
        visit: &mut dyn FnMut(&State) -> ControlFlow<()>,
    ) -> Outcome {
        if self.stack.len() < 82 {
            self.stack.resize(82, State::EMPTY);
        }
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            Chosen::Avx2(avx2) => avx2.search(&mut self.stack, limit, meter, visit),
            Chosen::Portable => search(Portable, &mut self.stack, limit, meter, visit),
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
        let budget = self.budget.clone();
        Ok(solutions_of(&budget, visit, to_grid, |meter, on| {
            self.run(limit.max(1), meter, on)
        }))
    }
}

super::classic_engine!(Fast9, "fast9", Chosen);

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
