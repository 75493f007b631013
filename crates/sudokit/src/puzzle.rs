//! [`Puzzle`]: a geometry and its givens.

use std::sync::Arc;

use crate::geometry::Geometry;
use crate::grid::Grid;

/// A puzzle: the geometry (shared) and the given digits.
///
/// Givens that contradict each other are allowed: such a puzzle simply has no
/// solution, which is an answer, not an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    geometry: Arc<Geometry>,
    givens: Grid,
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The givens' side differs from the geometry's.
    #[error("givens are {found}x{found} but the geometry is {expected}x{expected}")]
    SizeMismatch {
        /// The geometry's side.
        expected: usize,
        /// The givens' side.
        found: usize,
    },
}

impl Puzzle {
    /// A puzzle from a geometry and givens of the same side.
    ///
    /// # Errors
    /// [`PuzzleError::SizeMismatch`].
    pub fn new(geometry: Arc<Geometry>, givens: Grid) -> Result<Puzzle, PuzzleError> {
        if geometry.size() != givens.size() {
            return Err(PuzzleError::SizeMismatch {
                expected: geometry.size(),
                found: givens.size(),
            });
        }
        Ok(Puzzle { geometry, givens })
    }

    /// The geometry.
    #[inline]
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The givens.
    #[inline]
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Side of the grid.
    #[inline]
    pub fn size(&self) -> usize {
        self.givens.size()
    }
}
