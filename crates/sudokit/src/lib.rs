//! # sudokit
//!
//! Sudoku and its relatives — any box size, jigsaw regions, extra houses
//! (X-sudoku diagonals, windoku windows) — solved, counted and checked by
//! several engines behind one contract.
//!
//! ```
//! use sudokit::{Dfs, Engine, Verdict};
//!
//! let puzzle = sudokit::format::line::parse_line(
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//! )
//! .unwrap();
//! let mut engine = Dfs::new();
//! let answer = engine.solve(&puzzle, 2).unwrap();
//! assert_eq!(answer.verdict(), Some(Verdict::Unique));
//! let solution = answer.first.unwrap();
//! sudokit::validate(&puzzle, &solution).unwrap();
//! ```
//!
//! ## API themes
//! - [`Geometry`] describes the grid (side, regions, extra houses); a
//!   [`Puzzle`] is a geometry plus givens; a [`Grid`] holds values.
//! - Every [`Engine`] answers *solve this puzzle, stopping after `limit`
//!   solutions* with [`Solutions`] (count, first solution, exhaustive or not,
//!   [`Stats`]); a [`Budget`] (node and time bounds, set with
//!   [`Engine::set_budget`]) stops a search that runs too long, and the
//!   answer says so ([`Solutions::stopped`]).
//! - [`validate`] checks any grid against a puzzle and shares no code with
//!   the engines.
//! - [`variant`] holds the rules beyond houses (killer cages, thermometers,
//!   arrows, kropki dots … each checks a grid and prunes candidates);
//!   [`Puzzle::with_constraints`] adds them to a puzzle, the
//!   [`engine::Variant`] engine solves them (`Auto` picks it), and
//!   [`Engine::true_candidates`] gives the digits some solution puts in
//!   each cell. [`format::fpuzzles`] reads them from f-puzzles and SudokuPad
//!   links.
//! - [`format`](mod@format) reads and writes text: the judge formats (`line`, `poj3076`,
//!   `hdu4069`) and a human `grid` form; readers stream one result per puzzle.
//! - Indices and digits are 0-based ([`Cell`], [`Digit`], [`DigitSet`]);
//!   symbols exist only in [`format`](mod@format). Nothing in this crate prints or panics on
//!   input.

#![deny(missing_docs)]
// `unsafe` is denied everywhere but in `engine::fast9::avx2` and `engine::triad9::simd` (SIMD
// intrinsics behind the CPU tokens of `engine::cpu`), which allow it and say why.
#![deny(unsafe_code)]

mod budget;
pub mod card;
pub mod check;
mod digits;
pub mod engine;
pub mod format;
pub mod generate;
mod geometry;
mod grid;
pub mod logic;
mod outcome;
mod puzzle;
pub mod render;
mod validate;
pub mod variant;

pub use budget::{Budget, Cancel, StopReason};
pub use digits::{Cell, Digit, DigitSet, MAX_SIZE};
pub use engine::{Auto, Dfs, Dlx, Engine, EngineKind, Unsupported};
pub use geometry::{
    default_box_shape, Extra, Geometry, GeometryError, House, HouseKind, Layout, LayoutError,
    MultiLayout, SubGrid,
};
pub use grid::{Grid, GridError};
pub use outcome::{Solutions, Stats, Verdict};
pub use puzzle::{Puzzle, PuzzleError};
pub use validate::{validate, Invalid};

/// The README's code blocks, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
