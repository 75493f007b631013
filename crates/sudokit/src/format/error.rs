//! What can go wrong reading a puzzle: a [`ParseError`] (with its
//! [`ParseErrorKind`]) for one malformed puzzle, a [`ReadError`] for what a
//! reader yields instead of a puzzle, and the [`Warning`]s that do not stop
//! a puzzle from being read.

use std::fmt;
use std::io;

/// Something worth telling the user that does not stop the puzzle from being
/// read (for example `hdu4069` walls declared by only one neighbour).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    /// 1-based line the warning is about.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// What is wrong with a malformed puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A `line` puzzle whose length is not n² for a side n that a line can
    /// hold (see [`line::side_for_cells`](super::line::side_for_cells)); the
    /// message says whether it is no square, a side without boxes or a side
    /// too large for single symbols, and lists the lengths a line can have.
    #[error("{}", super::line::length_problem(*found))]
    Length {
        /// Cells (characters) found.
        found: usize,
    },
    /// A character that is not a symbol of the format.
    #[error("unexpected character {found:?}")]
    Symbol {
        /// The character.
        found: char,
    },
    /// A byte that does not start valid UTF-8 (binary data, or text in
    /// another encoding).
    #[error("byte 0x{byte:02X} is not valid UTF-8 (binary data or another encoding?)")]
    NotUtf8 {
        /// The byte.
        byte: u8,
    },
    /// A symbol standing for a digit above the side.
    #[error("symbol {found:?} is out of range for a {n}x{n} grid")]
    OutOfRange {
        /// The character.
        found: char,
        /// Grid side.
        n: usize,
    },
    /// A line longer than any puzzle line (cut while reading).
    #[error("line is too long (more than {max} bytes)")]
    LineTooLong {
        /// The longest line read.
        max: usize,
    },
    /// A row with the wrong number of cells.
    #[error("row has {found} cells, expected {expected}")]
    RowLength {
        /// Cells a row must have.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A multi-line puzzle with the wrong number of rows.
    #[error("puzzle has {found} rows, expected {expected}")]
    RowCount {
        /// Rows a puzzle must have.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A grid side this format cannot use.
    #[error("a grid of side {n} is not supported: {reason}")]
    Side {
        /// The side (cells in the first row).
        n: usize,
        /// Why.
        reason: &'static str,
    },
    /// A puzzle whose side is above [`Limits::max_side`](super::Limits::max_side)
    /// (the CLI's `--max-side`).
    #[error("side {n} is above the maximum side {max} (--max-side)")]
    AboveMaxSide {
        /// The puzzle's side.
        n: usize,
        /// The largest side the reader accepts.
        max: usize,
    },
    /// A block's first row with more cells than any grid has a side
    /// ([`MAX_SIZE`](crate::MAX_SIZE)).
    #[error("first row has {found} cells; the largest side is {max}")]
    RowTooLong {
        /// Cells in the row.
        found: usize,
        /// The largest side.
        max: usize,
    },
    /// A cell written as a number (a `grid` row of numbers) above the side.
    #[error("number {value} is out of range for a {n}x{n} grid")]
    NumberOutOfRange {
        /// The number.
        value: usize,
        /// The grid side (the row's cell count).
        n: usize,
    },
    /// Box separators that do not cut the grid into equal boxes.
    #[error("box separators are uneven: {reason}")]
    Boxes {
        /// What is uneven.
        reason: String,
    },
    /// The `hdu4069` case count `T` is missing or not a positive integer.
    #[error("expected the number of cases T (a positive integer), found {found:?}")]
    CaseCount {
        /// The token found (empty at end of input).
        found: String,
    },
    /// A token that is not an integer.
    #[error("expected an integer, found {found:?}")]
    NotANumber {
        /// The token (cut to 32 bytes).
        found: String,
    },
    /// An integer outside `0..=255`.
    #[error("value {value} is out of range (0..=255)")]
    ValueRange {
        /// The token.
        value: String,
    },
    /// A wall-coded value whose low 4 bits are above 9.
    #[error("value {value} holds digit {digit} in its low 4 bits; digits are 0 (empty) to 9")]
    DigitRange {
        /// The value.
        value: u32,
        /// Its low 4 bits.
        digit: u32,
    },
    /// A case that ends before its 81 numbers.
    #[error("input ends after {found} of the case's {expected} numbers")]
    Truncated {
        /// Numbers a case has.
        expected: usize,
        /// Numbers found.
        found: usize,
    },
    /// A case announced by `T` that is not in the input.
    #[error("input ends before case {case} (T = {cases})")]
    MissingCase {
        /// The missing case's number.
        case: usize,
        /// The first missing case (all from it to `cases` are missing), so
        /// that a report can say it once, at that case.
        first: usize,
        /// The number of cases announced.
        cases: usize,
    },
    /// Cases announced by an `hdu4069` `T` above
    /// [`MAX_CASES`](super::hdu4069::MAX_CASES) that are not in the input:
    /// one error stands for all of them (a result per missing case would
    /// never end).
    #[error("input ends before case {first} (T = {cases}): cases {first} to {cases} are missing, reported once")]
    CasesMissing {
        /// The first missing case.
        first: usize,
        /// `T` as written (cut to 32 bytes).
        cases: String,
    },
    /// A line whose length is not the format's.
    #[error("line has {found} characters, expected {expected}")]
    LineLength {
        /// Characters a line must have.
        expected: usize,
        /// Characters found.
        found: usize,
    },
    /// A pencilmark digit out of its place (position `r*81 + c*9 + d - 1`
    /// holds `d` or an empty mark).
    #[error("candidate {found:?} where only {expected:?} or `.` can be")]
    Candidate {
        /// The character.
        found: char,
        /// The digit that place stands for.
        expected: char,
    },
    /// A puzzle whose shape fits no form of the format.
    #[error("{reason}")]
    Shape {
        /// What is wrong.
        reason: String,
    },
    /// A jigsaw region line that is not n regions of n cells.
    #[error("region line: {reason}")]
    RegionMap {
        /// What is wrong.
        reason: String,
    },
    /// A symbol where no grid of a multi-grid layout covers the board (a
    /// hole, written as a space).
    #[error(
        "{found:?} in a hole of the {layout} layout (no grid covers this place; a hole is a space)"
    )]
    InHole {
        /// The character.
        found: char,
        /// The layout's name or description.
        layout: String,
    },
    /// A hole (a space, or the end of a short row) where a multi-grid
    /// layout has a cell.
    #[error("a hole where the {layout} layout has a cell (`.` or `0` for an empty cell)")]
    MissingCell {
        /// The layout's name or description.
        layout: String,
    },
    /// A tab in a multi-grid board, whose holes are spaces, one a column.
    #[error("a tab: a multi-grid board writes its holes as spaces, one a column (a tab's width is unclear)")]
    Tab,
    /// Walls that do not cut the grid into n connected regions of n cells.
    #[error("walls cut the grid into {} regions of sizes {sizes:?}; expected {n} connected regions of {n} cells", sizes.len())]
    Regions {
        /// Size of each connected region, in order of first cell.
        sizes: Vec<usize>,
        /// Grid side.
        n: usize,
    },
}

/// A malformed puzzle: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("puzzle {puzzle}, line {line}{}: {kind}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct ParseError {
    /// 1-based number of the puzzle in its input (the case number).
    pub puzzle: usize,
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column (in characters), when the problem is one spot.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: ParseErrorKind,
    /// Warnings found while reading the puzzle.
    pub warnings: Vec<Warning>,
}

impl ParseError {
    pub(crate) fn new(
        puzzle: usize,
        line: usize,
        column: Option<usize>,
        kind: ParseErrorKind,
    ) -> ParseError {
        ParseError {
            puzzle,
            line,
            column,
            kind,
            warnings: Vec::new(),
        }
    }
}

/// Why a reader could not yield a puzzle.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The puzzle is malformed; the reader goes on with the next one.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Reading failed; the reader yields nothing after this.
    #[error("read error: {0}")]
    Io(#[from] io::Error),
}

/// The error for a puzzle of side `n` above `max`, the reader's
/// [`Limits::max_side`](super::Limits::max_side).
pub(crate) fn above_max_side(n: usize, max: usize) -> ParseErrorKind {
    ParseErrorKind::AboveMaxSide { n, max }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_display_their_position() {
        let e = ParseError::new(3, 7, Some(5), ParseErrorKind::Symbol { found: 'x' });
        assert_eq!(
            e.to_string(),
            "puzzle 3, line 7, column 5: unexpected character 'x'"
        );
        let e = ParseError::new(1, 2, None, ParseErrorKind::Length { found: 80 });
        assert!(e
            .to_string()
            .starts_with("puzzle 1, line 2: line has 80 cells"));
    }
}
