//! Reading and writing puzzles as text.
//!
//! Symbols live only here: engines see 0-based [`Digit`](crate::Digit)s.
//!
//! | [`Format`] | module | shape |
//! |---|---|---|
//! | `line` | [`line`](mod@line) | one puzzle per line, `end` ends the input (AcWing 166, POJ 3074; sides with boxes up to 60) |
//! | `poj3076` | [`poj3076`] | 16 lines of `A`-`P` / `-` per case (POJ 3076) |
//! | `hdu4069` | [`hdu4069`] | `T`, then 9×9 wall-coded integers per case (HDU 4069, jigsaw) |
//! | `grid` | [`grid`] | a human block grid, one row per line, puzzles separated by blank lines (sides up to 64, cells as numbers above 61) |
//! | `sdk` | [`sdk`] | SadMan Sudoku: `#` header lines, then 9 rows of 9 symbols |
//! | `ss` | [`ss`] | Simple Sudoku: rows like `\|4..\|...\|8.5\|`, `\|---+---+---\|` between bands |
//! | `sdm` | [`sdm`] | one 81-digit line per puzzle, `0` empty |
//! | `pencilmark` | [`pencilmark`] | 729 characters per line: the candidates of every cell (sukaku) |
//! | `jigsaw` | [`jigsaw`](mod@jigsaw) | a givens line and a region line of n² symbols each (or both on one line) |
//! | `fpuzzles` | [`fpuzzles`] | f-puzzles JSON, lz-strings and links, one per line (variant puzzles: killer, thermo, arrow …) |
//! | `multi` | [`multi`] | a multi-grid board (samurai and its cousins) as its rows, spaces for holes, puzzles separated by blank lines; or a JSON array of rows |
//!
//! ## Reading
//! [`read`] (or a format's own `Reader`) takes any
//! [`BufRead`](std::io::BufRead) and yields one
//! `Result<`[`Entry`]`, `[`ReadError`]`>` per puzzle, in input order, reading
//! only as much as the next puzzle needs. Every reader follows the shared
//! reading rule: CRLF line ends, blank lines, leading and trailing blanks, tabs,
//! a missing final newline and a UTF-8 BOM at the start are accepted (but in
//! [`multi`], whose leading spaces place a board's rows and which refuses
//! tabs). Anything
//! else malformed is a [`ParseError`] for *that* puzzle, carrying its position
//! (1-based line, column where it makes sense, 1-based puzzle number); the
//! reader then goes on with the next puzzle. An I/O error ends the stream.
//! Readers never panic on input and never print: warnings (see
//! [`hdu4069`]) are returned as data in [`Entry::warnings`] and
//! [`ParseError::warnings`].
//!
//! [`detect`] and [`detect_reader`] guess the format from a bounded prefix of
//! the input (rules in [`detect`](detect())).
//!
//! ## Writing
//! [`write_answer`] writes one output record per puzzle: a solution, or one of
//! the fixed lines `No solution`, `Multiple Solutions`, `Invalid puzzle` and
//! `Gave up` (see [`Answer`]), shaped the way the format's judge wants
//! (the blank line after each `poj3076` case, `Case k:` before each `hdu4069`
//! record, …). The writers never allocate. Each format module also has a
//! `write` function for a grid (solved or not) so every format round-trips:
//! writing a puzzle and reading it back gives the same puzzle.
//!
//! ```
//! use sudokit::format::{self, Answer, Format};
//! use sudokit::{Dfs, Engine};
//!
//! let input = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\nend\n";
//! let mut out = Vec::new();
//! let mut engine = Dfs::new();
//! for entry in format::read(Format::Line, input.as_bytes()) {
//!     let entry = entry.unwrap();
//!     let answer = engine.solve(&entry.puzzle, 1).unwrap();
//!     let solution = answer.first.unwrap();
//!     format::write_answer(Format::Line, &mut out, entry.index, Answer::solved(&entry, &solution))
//!         .unwrap();
//! }
//! assert_eq!(
//!     out,
//!     b"417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"
//! );
//! ```

use std::fmt;
use std::str::FromStr;

pub mod alphabet;
mod block;
mod descriptor;
mod detect;
mod error;
pub mod fpuzzles;
pub mod grid;
pub mod hdu4069;
pub mod jigsaw;
pub mod line;
mod lz;
pub mod multi;
pub mod pencilmark;
pub mod poj3076;
pub(crate) mod read;
mod records;
pub mod sdk;
pub mod sdm;
pub mod ss;
pub mod sudokupad;
mod text;
mod write;

pub use alphabet::Alphabet;
pub use detect::{detect, detect_reader, DetectError, Rewound, DETECT_PREFIX};
pub use error::{ParseError, ParseErrorKind, ReadError, Warning};
pub use read::{read, read_with_limits, Entry, Limits, Reader, Style};
pub use records::LineRecords;
pub use write::{puzzle_text, write_answer, write_puzzle, Answer};

pub(crate) use alphabet::choose_alphabet;
pub(crate) use descriptor::Descriptor;
pub(crate) use error::above_max_side;
#[cfg(test)]
pub(crate) use read::read_all;
pub(crate) use write::{block_symbols, box_shape, empty_symbol_for, writable_alphabet};

/// A text format, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One puzzle per line; see [`line`](mod@line).
    Line,
    /// POJ 3076 16x16 letters; see [`poj3076`].
    Poj3076,
    /// HDU 4069 squiggly sudoku; see [`hdu4069`].
    Hdu4069,
    /// The human block grid; see [`grid`].
    Grid,
    /// SadMan Sudoku `.sdk`; see [`sdk`].
    Sdk,
    /// Simple Sudoku `.ss`; see [`ss`].
    Ss,
    /// `.sdm`: 81 digits per line; see [`sdm`].
    Sdm,
    /// Pencilmark (sukaku) lines of 729 characters; see [`pencilmark`].
    Pencilmark,
    /// Jigsaw givens and region lines; see [`jigsaw`](mod@jigsaw).
    Jigsaw,
    /// f-puzzles JSON, lz-strings and links (variant puzzles); see
    /// [`fpuzzles`].
    Fpuzzles,
    /// SudokuPad links (`https://sudokupad.app/scl…`): read as
    /// [`Format::Fpuzzles`] reads (SudokuPad and f-puzzles alike), written
    /// as SudokuPad links; see [`sudokupad`].
    Scl,
    /// Multi-grid boards (samurai and its cousins); see [`multi`].
    Multi,
}

impl Format {
    /// Every format, in the order of [`Format::NAMES`].
    pub const ALL: [Format; 12] = [
        Format::Line,
        Format::Poj3076,
        Format::Hdu4069,
        Format::Grid,
        Format::Sdk,
        Format::Ss,
        Format::Sdm,
        Format::Pencilmark,
        Format::Jigsaw,
        Format::Fpuzzles,
        Format::Scl,
        Format::Multi,
    ];

    /// Every format name accepted by [`Format::from_str`].
    pub const NAMES: &'static [&'static str] = &descriptor::NAMES;

    /// The name.
    pub fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// The solution limit to use when the caller asks for `limit`: the
    /// `hdu4069` judge asks whether the solution is unique, so that format
    /// always searches for at least 2 solutions; the others use `limit` as
    /// given (at least 1).
    pub fn effective_limit(self, limit: u64) -> u64 {
        limit.max(self.descriptor().min_limit)
    }

    /// Whether a puzzle spans several lines (so positions name a case).
    pub fn is_multi_line(self) -> bool {
        self.descriptor().multi_line
    }

    /// What the rest of the crate needs to know about the format.
    pub(crate) fn descriptor(self) -> &'static Descriptor {
        &descriptor::DESCRIPTORS[self as usize]
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format `{0}` (expected one of: {names})", names = Format::NAMES.join(", "))]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownFormat(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_names_round_trip() {
        for (f, name) in Format::ALL.iter().zip(Format::NAMES) {
            assert_eq!(f.name(), *name);
            assert_eq!(name.parse::<Format>().unwrap(), *f);
            assert_eq!(f.to_string(), *name);
        }
        assert!("lines".parse::<Format>().is_err());
    }

    #[test]
    fn hdu4069_always_checks_uniqueness() {
        assert_eq!(Format::Hdu4069.effective_limit(1), 2);
        assert_eq!(Format::Hdu4069.effective_limit(5), 5);
        assert_eq!(Format::Line.effective_limit(0), 1);
        assert_eq!(Format::Grid.effective_limit(3), 3);
    }
}
