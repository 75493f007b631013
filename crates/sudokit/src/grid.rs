//! [`Grid`]: a value (or nothing) per cell.

use crate::digits::{Cell, Digit, MAX_SIZE};

/// The contents of an `n`×`n` grid: `None` for an empty cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    n: usize,
    cells: Vec<Option<Digit>>,
}

/// Why a grid could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The number of cells is not the geometry's (`n * n`).
    #[error("a grid of digits 1..={n} has {expected} cells, got {found}")]
    CellCount {
        /// Grid side.
        n: usize,
        /// `n * n`.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A digit is not below `n`.
    #[error("cell r{r}c{c} holds digit {d}, a {n}x{n} grid uses 1..={n}", r = row + 1, c = column + 1, d = digit + 1)]
    DigitOutOfRange {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The 0-based digit.
        digit: usize,
        /// Grid side.
        n: usize,
    },
    /// The side is 0 or above [`MAX_SIZE`].
    #[error("grid side {0} is out of range (1..={max})", max = MAX_SIZE)]
    SizeOutOfRange(usize),
}

impl Grid {
    /// An empty grid of side `n`.
    ///
    /// # Panics
    /// Panics if `n` is 0 or above [`MAX_SIZE`].
    pub fn empty(n: usize) -> Grid {
        assert!((1..=MAX_SIZE).contains(&n), "grid side out of range");
        Grid {
            n,
            cells: vec![None; n * n],
        }
    }

    /// A grid from its cells, row-major.
    ///
    /// # Errors
    /// [`GridError`] when the count or a digit is out of range.
    pub fn from_cells(n: usize, cells: Vec<Option<Digit>>) -> Result<Grid, GridError> {
        if n == 0 || n > MAX_SIZE {
            return Err(GridError::SizeOutOfRange(n));
        }
        if cells.len() != n * n {
            return Err(GridError::CellCount {
                n,
                expected: n * n,
                found: cells.len(),
            });
        }
        if let Some((i, d)) = cells
            .iter()
            .enumerate()
            .find_map(|(i, d)| d.filter(|d| d.index() >= n).map(|d| (i, d)))
        {
            return Err(GridError::DigitOutOfRange {
                row: i / n,
                column: i % n,
                digit: d.index(),
                n,
            });
        }
        Ok(Grid { n, cells })
    }

    /// An empty grid with a cell per cell of `geometry` (its side's digits):
    /// [`Grid::empty`] of a square grid, the covered slots of a multi-grid
    /// board.
    pub fn empty_of(geometry: &crate::Geometry) -> Grid {
        Grid {
            n: geometry.size(),
            cells: vec![None; geometry.cell_count()],
        }
    }

    /// A grid of `geometry`'s cells (in its cell order), digits below its
    /// side.
    ///
    /// # Errors
    /// [`GridError`] when the count or a digit is out of range.
    pub fn from_cells_of(
        geometry: &crate::Geometry,
        cells: Vec<Option<Digit>>,
    ) -> Result<Grid, GridError> {
        let n = geometry.size();
        if cells.len() != geometry.cell_count() {
            return Err(GridError::CellCount {
                n,
                expected: geometry.cell_count(),
                found: cells.len(),
            });
        }
        if let Some((i, d)) = cells
            .iter()
            .enumerate()
            .find_map(|(i, d)| d.filter(|d| d.index() >= n).map(|d| (i, d)))
        {
            let (row, column) = geometry.position(Cell(i as u32));
            return Err(GridError::DigitOutOfRange {
                row,
                column,
                digit: d.index(),
                n,
            });
        }
        Ok(Grid { n, cells })
    }

    /// A grid of `geometry`'s cells from numbers (`0` empty, `1..=n`
    /// digits), in its cell order.
    ///
    /// # Errors
    /// [`GridError`] when the count or a value is out of range.
    pub fn from_values_of(geometry: &crate::Geometry, values: &[u8]) -> Result<Grid, GridError> {
        let n = geometry.size();
        if values.len() != geometry.cell_count() {
            return Err(GridError::CellCount {
                n,
                expected: geometry.cell_count(),
                found: values.len(),
            });
        }
        let cells = values
            .iter()
            .map(|&v| Digit::from_value(v).filter(|d| d.index() < n).ok_or(v))
            .enumerate()
            .map(|(i, d)| match d {
                Ok(d) => Ok(Some(d)),
                Err(0) => Ok(None),
                Err(v) => {
                    let (row, column) = geometry.position(Cell(i as u32));
                    Err(GridError::DigitOutOfRange {
                        row,
                        column,
                        digit: usize::from(v) - 1,
                        n,
                    })
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Grid::from_cells_of(geometry, cells)
    }

    /// A grid from cells already known to be `n * n` digits below `n`
    /// (checked in debug builds).
    pub(crate) fn from_cells_unchecked(n: usize, cells: Vec<Option<Digit>>) -> Grid {
        debug_assert!(cells.iter().flatten().all(|d| d.index() < n));
        Grid { n, cells }
    }

    /// A full 9x9 grid from its 81 digits, row-major, for engines whose
    /// digits are in range by construction (checked in debug builds).
    pub(crate) fn classic_from_digits(digits: &[u8; 81]) -> Grid {
        debug_assert!(digits.iter().all(|&d| d < 9));
        Grid {
            n: 9,
            cells: digits.iter().map(|&d| Digit::from_value(d + 1)).collect(),
        }
    }

    /// A full 9x9 grid from its 81 values (1–9), row-major, for engines
    /// whose values are in range by construction (checked in debug builds);
    /// bytes past the 81st are ignored.
    pub(crate) fn classic_from_values(values: &[u8]) -> Grid {
        let values = &values[..81];
        debug_assert!(values.iter().all(|&v| (1..=9).contains(&v)));
        Grid {
            n: 9,
            cells: values.iter().map(|&v| Digit::from_value(v)).collect(),
        }
    }

    /// A grid from numbers, row-major: `0` is empty, `1..=n` are digits.
    ///
    /// # Errors
    /// [`GridError`] when the count or a value is out of range.
    pub fn from_values(n: usize, values: &[u8]) -> Result<Grid, GridError> {
        let mut cells = Vec::with_capacity(values.len());
        for (i, &v) in values.iter().enumerate() {
            if v as usize > n {
                return Err(GridError::DigitOutOfRange {
                    row: i / n.max(1),
                    column: i % n.max(1),
                    digit: v as usize - 1,
                    n,
                });
            }
            cells.push(Digit::from_value(v));
        }
        Grid::from_cells(n, cells)
    }

    /// Side of the grid.
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }

    /// The cells, row-major.
    #[inline]
    pub fn cells(&self) -> &[Option<Digit>] {
        &self.cells
    }

    /// The value of a cell.
    ///
    /// # Panics
    /// Panics if the cell is outside the grid.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[cell.index()]
    }

    /// Sets the value of a cell.
    ///
    /// # Panics
    /// Panics if the cell is outside the grid or the digit is not below `n`.
    #[inline]
    pub fn set(&mut self, cell: Cell, value: Option<Digit>) {
        assert!(
            value.is_none_or(|d| d.index() < self.n),
            "digit out of range"
        );
        self.cells[cell.index()] = value;
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        // Byte sums of 0s and 1s over chunks a byte can count (the
        // compiler vectorises them), not a count of a filter.
        self.cells
            .chunks(255)
            .map(|chunk| {
                let n = chunk.iter().fold(0u8, |n, c| n + u8::from(c.is_some()));
                usize::from(n)
            })
            .sum()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The values as numbers: `0` empty, `1..=n` digits.
    pub fn to_values(&self) -> Vec<u8> {
        self.cells.iter().map(|&c| Digit::value_of(c)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digit_out_of_range_is_named_by_its_cell_from_one() {
        let mut values = vec![0u8; 81];
        values[11] = 12;
        let e = Grid::from_values(9, &values).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cell r2c3 holds digit 12, a 9x9 grid uses 1..=9"
        );
    }

    /// `filled` counts by chunks of 255 cells: grids past one chunk, full
    /// and partly filled, empty, and a cell's value round-trips as a byte.
    #[test]
    fn filled_counts_every_chunk() {
        for n in [1, 4, 9, 16, 25, 36, 64] {
            let mut g = Grid::empty(n);
            assert_eq!(g.filled(), 0);
            let mut want = 0;
            for i in (0..n * n).step_by(3) {
                g.set(Cell(i as u32), Some(Digit::new((i % n) as u8)));
                want += 1;
            }
            assert_eq!(g.filled(), want, "side {n}");
            let full = Grid::from_cells(n, vec![Some(Digit::new(0)); n * n]).unwrap();
            assert_eq!(full.filled(), n * n, "side {n}");
            assert!(full.is_complete());
        }
        for v in 0..=64u8 {
            assert_eq!(Digit::value_of(Digit::from_value(v)), v);
        }
        assert_eq!(Digit::from_value(65), None);
        assert_eq!(std::mem::size_of::<Option<Digit>>(), 1);
    }
}
