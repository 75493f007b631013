//! [`Puzzle`]: a geometry and its givens.

use std::sync::Arc;

use crate::digits::DigitSet;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::variant::{Constraint, MAX_VARIANT_SIZE};

/// A puzzle: the geometry (shared) and the given digits.
///
/// Givens that contradict each other are allowed: such a puzzle simply has no
/// solution, which is an answer, not an error.
///
/// A puzzle may also restrict the digits each cell can take
/// ([`Puzzle::with_candidates`]): the pencilmark (sukaku) form, where the
/// clues are candidates rather than values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    geometry: Arc<Geometry>,
    givens: Grid,
    candidates: Option<Arc<[DigitSet]>>,
    constraints: Arc<[Constraint]>,
}

/// Why a puzzle could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The givens' side (or cell count) differs from the geometry's.
    #[error("givens are {found}x{found} but the geometry is {expected}x{expected}")]
    SizeMismatch {
        /// The geometry's side.
        expected: usize,
        /// The givens' side.
        found: usize,
    },
    /// The givens have another number of cells than the geometry.
    #[error("{found} givens' cells for a geometry of {expected} cells")]
    CellCount {
        /// Cells of the geometry.
        expected: usize,
        /// Cells of the givens.
        found: usize,
    },
    /// Not one candidate set per cell.
    #[error("{found} candidate sets for {expected} cells")]
    CandidatesLength {
        /// Cells of the geometry.
        expected: usize,
        /// Sets given.
        found: usize,
    },
    /// Variant constraints on a grid larger than they support.
    #[error("variant constraints need a grid of at most {max}x{max}, this one is {found}x{found}", max = MAX_VARIANT_SIZE)]
    VariantSize {
        /// The grid's side.
        found: usize,
    },
}

/// Whether `givens` fit `geometry`: same side, one value per cell.
fn check_fit(geometry: &Geometry, givens: &Grid) -> Result<(), PuzzleError> {
    if geometry.size() != givens.size() {
        return Err(PuzzleError::SizeMismatch {
            expected: geometry.size(),
            found: givens.size(),
        });
    }
    if geometry.cell_count() != givens.cells().len() {
        return Err(PuzzleError::CellCount {
            expected: geometry.cell_count(),
            found: givens.cells().len(),
        });
    }
    Ok(())
}

impl Puzzle {
    /// A puzzle from a geometry and givens of the same side (every digit
    /// allowed in every open cell).
    ///
    /// # Errors
    /// [`PuzzleError::SizeMismatch`].
    pub fn new(geometry: Arc<Geometry>, givens: Grid) -> Result<Puzzle, PuzzleError> {
        check_fit(&geometry, &givens)?;
        Ok(Puzzle {
            geometry,
            givens,
            candidates: None,
            constraints: Arc::new([]),
        })
    }

    /// This puzzle with each cell restricted to `candidates[cell]` (row-major,
    /// one set per cell): a solution must put in every cell one of its
    /// candidates. A given outside its cell's candidates, or an empty set,
    /// makes a puzzle without solution (an answer, not an error).
    ///
    /// # Errors
    /// [`PuzzleError::CandidatesLength`] when there is not one set per cell.
    pub fn with_candidates(mut self, candidates: Vec<DigitSet>) -> Result<Puzzle, PuzzleError> {
        if candidates.len() != self.geometry.cell_count() {
            return Err(PuzzleError::CandidatesLength {
                expected: self.geometry.cell_count(),
                found: candidates.len(),
            });
        }
        self.candidates = Some(candidates.into());
        Ok(self)
    }

    /// The candidates of each cell, when the puzzle restricts them (see
    /// [`Puzzle::with_candidates`]); `None` means every digit is allowed.
    #[inline]
    pub fn candidates(&self) -> Option<&[DigitSet]> {
        self.candidates.as_deref()
    }

    /// This puzzle with variant constraints (killer cages, thermometers …)
    /// besides its houses: a solution must satisfy every one. Only engines
    /// that handle constraints solve it ([`crate::engine::Variant`]).
    ///
    /// # Errors
    /// [`PuzzleError::VariantSize`] when the grid is larger than 16x16 and
    /// `constraints` is not empty.
    pub fn with_constraints(mut self, constraints: Vec<Constraint>) -> Result<Puzzle, PuzzleError> {
        if !constraints.is_empty() && self.size() > MAX_VARIANT_SIZE {
            return Err(PuzzleError::VariantSize { found: self.size() });
        }
        self.constraints = constraints.into();
        Ok(self)
    }

    /// The same puzzle — givens, candidates and constraints — on another
    /// geometry of the same side (extra houses added, say): its rules join
    /// the geometry's houses.
    ///
    /// # Errors
    /// [`PuzzleError::SizeMismatch`] when the sides differ.
    pub fn with_geometry(mut self, geometry: Arc<Geometry>) -> Result<Puzzle, PuzzleError> {
        check_fit(&geometry, &self.givens)?;
        self.geometry = geometry;
        Ok(self)
    }

    /// The variant constraints (empty for a classic or jigsaw puzzle).
    #[inline]
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
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

    /// The givens, to change in place: the generator's removal checks
    /// change a clue or two between engine runs, and a new puzzle per run
    /// (its grid, candidate sets and constraints) cost a tenth of a check.
    /// Any grid of the puzzle's side is a valid puzzle, so nothing to keep.
    #[inline]
    pub(crate) fn givens_mut(&mut self) -> &mut Grid {
        &mut self.givens
    }

    /// The candidate sets, to change in place (see [`Puzzle::givens_mut`]):
    /// `None` when the puzzle does not restrict them or shares them with a
    /// clone.
    #[inline]
    pub(crate) fn candidates_mut(&mut self) -> Option<&mut [DigitSet]> {
        self.candidates.as_mut().and_then(Arc::get_mut)
    }
}
