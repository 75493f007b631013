//! Generating puzzles: a random complete grid for any geometry (and random
//! jigsaw regions), then clues removed one orbit at a time while an engine
//! proves the puzzle still has one solution.

mod regions;
mod symmetry;

pub use symmetry::{Symmetry, SymmetryError, UnknownSymmetry};
