//! Reading and writing puzzles as text.
//!
//! Symbols live only here: engines see 0-based [`Digit`](crate::Digit)s.
//!
//! | [`Format`] | module | shape |
//! |---|---|---|
//! | `line` | [`line`](mod@line) | one puzzle per line, `end` ends the input (AcWing 166, POJ 3074; any size) |
//! | `poj3076` | [`poj3076`] | 16 lines of `A`-`P` / `-` per case (POJ 3076) |
//! | `hdu4069` | [`hdu4069`] | `T`, then 9×9 wall-coded integers per case (HDU 4069, jigsaw) |
//! | `grid` | [`grid`] | a human block grid, one row per line, puzzles separated by blank lines |
//! | `sdk` | [`sdk`] | SadMan Sudoku: `#` header lines, then 9 rows of 9 symbols |
//! | `ss` | [`ss`] | Simple Sudoku: rows like `\|4..\|...\|8.5\|`, `\|---+---+---\|` between bands |
//! | `sdm` | [`sdm`] | one 81-digit line per puzzle, `0` empty |
//! | `pencilmark` | [`pencilmark`] | 729 characters per line: the candidates of every cell (sukaku) |
//! | `jigsaw` | [`jigsaw`](mod@jigsaw) | a givens line and a region line of n² symbols each (or both on one line) |
//!
//! ## Reading
//! [`read`] (or a format's own `Reader`) takes any [`BufRead`] and yields one
//! `Result<`[`Entry`]`, `[`ReadError`]`>` per puzzle, in input order, reading
//! only as much as the next puzzle needs. Every reader follows the shared
//! reading rule: CRLF line ends, blank lines, leading and trailing blanks, tabs,
//! a missing final newline and a UTF-8 BOM at the start are accepted. Anything
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
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use crate::{Geometry, Grid, Puzzle};

pub mod alphabet;
mod detect;
pub mod grid;
pub mod hdu4069;
pub mod jigsaw;
pub mod line;
pub mod pencilmark;
pub mod poj3076;
pub mod sdk;
pub mod sdm;
pub mod ss;
mod text;

pub use alphabet::Alphabet;
pub use detect::{detect, detect_reader, DetectError, Rewound, DETECT_PREFIX};

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
}

impl Format {
    /// Every format, in the order of [`Format::NAMES`].
    pub const ALL: [Format; 9] = [
        Format::Line,
        Format::Poj3076,
        Format::Hdu4069,
        Format::Grid,
        Format::Sdk,
        Format::Ss,
        Format::Sdm,
        Format::Pencilmark,
        Format::Jigsaw,
    ];

    /// Every format name accepted by [`Format::from_str`].
    pub const NAMES: &'static [&'static str] = &[
        "line",
        "poj3076",
        "hdu4069",
        "grid",
        "sdk",
        "ss",
        "sdm",
        "pencilmark",
        "jigsaw",
    ];

    /// The name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Poj3076 => "poj3076",
            Format::Hdu4069 => "hdu4069",
            Format::Grid => "grid",
            Format::Sdk => "sdk",
            Format::Ss => "ss",
            Format::Sdm => "sdm",
            Format::Pencilmark => "pencilmark",
            Format::Jigsaw => "jigsaw",
        }
    }

    /// The solution limit to use when the caller asks for `limit`: the
    /// `hdu4069` judge asks whether the solution is unique, so that format
    /// always searches for at least 2 solutions; the others use `limit` as
    /// given (at least 1).
    pub fn effective_limit(self, limit: u64) -> u64 {
        match self {
            Format::Hdu4069 => limit.max(2),
            _ => limit.max(1),
        }
    }

    /// Whether a puzzle spans several lines (so positions name a case).
    pub fn is_multi_line(self) -> bool {
        !matches!(self, Format::Line | Format::Sdm | Format::Pencilmark)
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

/// How a puzzle was written, so its answer can be written the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Style {
    /// The symbols the input used (see [`alphabet`]).
    pub alphabet: Alphabet,
}

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

/// One puzzle read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based number of the puzzle in its input (the `hdu4069` case number).
    pub index: usize,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// How it was written.
    pub style: Style,
    /// Warnings about this puzzle (or about the input around it).
    pub warnings: Vec<Warning>,
}

/// What is wrong with a malformed puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A `line` puzzle whose length is not n² for a side n with boxes.
    #[error("line has {found} cells; expected n*n for a grid side n with boxes (16, 36, 64, 81, 144, 256, 625, ...)")]
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
    /// Box separators that do not cut the grid into equal boxes.
    #[error("box separators are uneven: {reason}")]
    Boxes {
        /// What is uneven.
        reason: String,
    },
    /// The `hdu4069` case count `T` is missing or not a number in range.
    #[error("expected the number of cases T (1..={max}), found {found:?}")]
    CaseCount {
        /// The token found (empty at end of input).
        found: String,
        /// The largest T accepted.
        max: usize,
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

/// A streaming reader for any [`Format`]; see [`read`].
#[derive(Debug)]
pub struct Reader<R> {
    inner: Inner<R>,
}

#[derive(Debug)]
enum Inner<R> {
    Line(line::Reader<R>),
    Poj3076(poj3076::Reader<R>),
    Hdu4069(hdu4069::Reader<R>),
    Grid(grid::Reader<R>),
    Sdm(sdm::Reader<R>),
    Pencilmark(pencilmark::Reader<R>),
    Jigsaw(jigsaw::Reader<R>),
}

/// Reads puzzles of `format` from `reader`, one `Result` per puzzle, with
/// the default [`Limits`]; see the [module docs](self).
pub fn read<R: BufRead>(format: Format, reader: R) -> Reader<R> {
    read_with_limits(format, reader, Limits::default())
}

/// [`read`] with the given [`Limits`].
pub fn read_with_limits<R: BufRead>(format: Format, reader: R, limits: Limits) -> Reader<R> {
    let inner = match format {
        Format::Line => Inner::Line(line::Reader::with_limits(reader, limits)),
        Format::Poj3076 => Inner::Poj3076(poj3076::Reader::with_limits(reader, limits)),
        Format::Hdu4069 => Inner::Hdu4069(hdu4069::Reader::new(reader)),
        // `sdk` and `ss` are shapes of the block grid: the grid reader reads
        // them (header lines are comments, `|` and frame lines decoration).
        Format::Grid | Format::Sdk | Format::Ss => {
            Inner::Grid(grid::Reader::with_limits(reader, limits))
        }
        Format::Sdm => Inner::Sdm(sdm::Reader::with_limits(reader, limits)),
        Format::Pencilmark => Inner::Pencilmark(pencilmark::Reader::with_limits(reader, limits)),
        Format::Jigsaw => Inner::Jigsaw(jigsaw::Reader::with_limits(reader, limits)),
    };
    Reader { inner }
}

/// The error for a puzzle of side `n` above [`Limits::max_side`].
pub(crate) fn above_max_side(n: usize) -> ParseErrorKind {
    ParseErrorKind::Side {
        n,
        reason: "larger than the reader's maximum side",
    }
}

/// What a reader accepts at most, so that no input makes it hold much
/// memory or hand an engine a grid larger than wanted. A line or puzzle over
/// a limit is a [`ParseError`] for that puzzle
/// ([`ParseErrorKind::LineTooLong`], [`ParseErrorKind::Side`]); the reader
/// goes on with the next one.
///
/// `hdu4069` reads tokens, not lines, and stores at most 32 bytes of any
/// token, so neither limit applies to it; nor does `max_side` to `poj3076`,
/// whose side is always 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The longest line a reader stores, in bytes (default
    /// [`Limits::DEFAULT_MAX_LINE`], 64 KiB: the longest puzzle line, 61²
    /// symbols, is 3721 bytes). A longer line is read to its end without
    /// being stored and reported as too long.
    pub max_line: usize,
    /// The largest grid side accepted (default [`MAX_SIZE`](crate::MAX_SIZE),
    /// 64, which every engine supports; the `line` and `grid` alphabets stop
    /// at 61 anyway).
    pub max_side: usize,
}

impl Limits {
    /// The default [`Limits::max_line`]: 64 KiB.
    pub const DEFAULT_MAX_LINE: usize = text::MAX_LINE;
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line: Limits::DEFAULT_MAX_LINE,
            max_side: crate::MAX_SIZE,
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Entry, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.inner {
            Inner::Line(r) => r.next(),
            Inner::Poj3076(r) => r.next(),
            Inner::Hdu4069(r) => r.next(),
            Inner::Grid(r) => r.next(),
            Inner::Sdm(r) => r.next(),
            Inner::Pencilmark(r) => r.next(),
            Inner::Jigsaw(r) => r.next(),
        }
    }
}

/// The answer to write for one puzzle.
#[derive(Clone, Copy, Debug)]
pub enum Answer<'a> {
    /// A solution.
    Solved {
        /// The solved grid.
        solution: &'a Grid,
        /// The puzzle's geometry (the `grid` writer draws its boxes).
        geometry: &'a Geometry,
        /// The style to write it in.
        style: Style,
    },
    /// The puzzle has no solution: `No solution`.
    NoSolution,
    /// The puzzle has several solutions: `Multiple Solutions`.
    Multiple,
    /// The puzzle could not be read (or solved): `Invalid puzzle`.
    Invalid,
    /// The search ran out of its [`Budget`](crate::Budget) before it could
    /// answer: `Gave up`.
    GaveUp,
}

impl<'a> Answer<'a> {
    /// `No solution`.
    pub const NO_SOLUTION: &'static str = "No solution";
    /// `Multiple Solutions`.
    pub const MULTIPLE: &'static str = "Multiple Solutions";
    /// `Invalid puzzle`.
    pub const INVALID: &'static str = "Invalid puzzle";
    /// `Gave up`.
    pub const GAVE_UP: &'static str = "Gave up";

    /// A solution of `entry`, written in the entry's style.
    pub fn solved(entry: &'a Entry, solution: &'a Grid) -> Answer<'a> {
        Answer::Solved {
            solution,
            geometry: entry.puzzle.geometry(),
            style: entry.style,
        }
    }

    /// The fixed line written instead of a solution, if this is not one.
    pub fn message(&self) -> Option<&'static str> {
        match self {
            Answer::Solved { .. } => None,
            Answer::NoSolution => Some(Answer::NO_SOLUTION),
            Answer::Multiple => Some(Answer::MULTIPLE),
            Answer::Invalid => Some(Answer::INVALID),
            Answer::GaveUp => Some(Answer::GAVE_UP),
        }
    }
}

/// Writes the output record of puzzle `index` (1-based; `hdu4069` prints it
/// as `Case k:`) in `format`:
/// - `line`: the solution on one line, or the message line;
/// - `poj3076`: the solved rows or the message line, then an empty line (after
///   every case, including the last);
/// - `hdu4069`: `Case k:`, then the 9 solved rows or the message line;
/// - `grid`: the pretty grid or the message line, then an empty line;
/// - `sdk`: the n rows of n symbols or the message line, then an empty line;
/// - `ss`: the boxed rows between `*---*` frames or the message line, then an
///   empty line;
/// - `sdm`: the 81 digits on one line, or the message line;
/// - `pencilmark`: the solution as an 81-character line, or the message line;
/// - `jigsaw`: the solution line and the region line, or the message line.
///
/// # Errors
/// Errors of `out`.
pub fn write_answer<W: Write + ?Sized>(
    format: Format,
    out: &mut W,
    index: usize,
    answer: Answer<'_>,
) -> io::Result<()> {
    if format == Format::Hdu4069 {
        writeln!(out, "Case {index}:")?;
    }
    match answer {
        Answer::Solved {
            solution,
            geometry,
            style,
        } => match format {
            Format::Line => line::write(out, solution, style),
            Format::Poj3076 => poj3076::write(out, solution),
            Format::Hdu4069 => hdu4069::write(out, solution),
            Format::Grid => grid::write(out, solution, geometry, style),
            Format::Sdk => sdk::write(out, solution, style),
            Format::Ss => ss::write(out, solution, geometry, style),
            Format::Sdm => sdm::write(out, solution),
            Format::Pencilmark => line::write(out, solution, style),
            Format::Jigsaw => jigsaw::write(out, solution, geometry, style),
        },
        other => {
            let message = other.message().unwrap_or_default();
            out.write_all(message.as_bytes())?;
            match format {
                Format::Poj3076 | Format::Grid | Format::Sdk | Format::Ss => out.write_all(b"\n\n"),
                Format::Line
                | Format::Hdu4069
                | Format::Sdm
                | Format::Pencilmark
                | Format::Jigsaw => out.write_all(b"\n"),
            }
        }
    }
}

/// The alphabet a block of symbols reads best in: [`Alphabet::Letters`] when
/// the side is 10..=26, no `0`-`9` appears and some letter does; else
/// [`Alphabet::Numeric`].
pub(crate) fn choose_alphabet(n: usize, symbols: &[u8]) -> Alphabet {
    if (10..=26).contains(&n)
        && !symbols.iter().any(u8::is_ascii_digit)
        && symbols.iter().any(u8::is_ascii_uppercase)
    {
        Alphabet::Letters
    } else {
        Alphabet::Numeric
    }
}

/// The symbol to write for empty cells of `grid` in `alphabet` so that the
/// written form reads back in the same alphabet: `.` (numeric) or `-`
/// (letters), but `0` for a numeric grid above 9x9 whose givens are all
/// letters (which would otherwise read back as [`Alphabet::Letters`]).
pub(crate) fn empty_symbol_for(grid: &Grid, alphabet: Alphabet) -> u8 {
    let n = grid.size();
    if alphabet == Alphabet::Numeric
        && (10..=26).contains(&n)
        && grid.cells().iter().flatten().all(|d| d.index() >= 9)
    {
        b'0'
    } else {
        alphabet.empty_symbol()
    }
}

/// The alphabet actually used to write a grid of side `n`: `style`'s when it
/// has a symbol for every digit and reads back as itself, else numeric.
pub(crate) fn writable_alphabet(n: usize, alphabet: Alphabet) -> Alphabet {
    match alphabet {
        Alphabet::Letters if (10..=26).contains(&n) => Alphabet::Letters,
        _ => Alphabet::Numeric,
    }
}

/// Every entry of an in-memory input, parse errors kept, for the format tests.
#[cfg(test)]
pub(crate) fn read_all(format: Format, input: &[u8]) -> Vec<Result<Entry, ParseError>> {
    read(format, input)
        .map(|r| match r {
            Ok(e) => Ok(e),
            Err(ReadError::Parse(e)) => Err(e),
            Err(ReadError::Io(e)) => panic!("reading memory cannot fail: {e}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sdm`, `pencilmark` and `jigsaw` honour the caller's line bound (and
    /// `jigsaw` the side bound): the overlong puzzle is an error that names
    /// its line, and the puzzles around it are read.
    #[test]
    fn every_line_reader_honours_the_limits() {
        let sdm = "0".repeat(81);
        let pencilmark = "123456789".repeat(81);
        let jigsaw = format!("{}{}", jigsaw::tests::GIVENS, jigsaw::tests::REGIONS);
        for (format, good) in [
            (Format::Sdm, sdm),
            (Format::Pencilmark, pencilmark),
            (Format::Jigsaw, jigsaw),
        ] {
            let long = format!("{good}{}", " ".repeat(good.len()));
            let input = format!("{good}\n{long}\n{good}\n");
            let limits = Limits {
                max_line: good.len() + 1,
                ..Limits::default()
            };
            let got: Vec<_> = read_with_limits(format, input.as_bytes(), limits).collect();
            assert_eq!(got.len(), 3, "{format}");
            assert!(got[0].is_ok() && got[2].is_ok(), "{format}: {got:?}");
            match &got[1] {
                Err(ReadError::Parse(e)) => {
                    assert_eq!(e.line, 2, "{format}");
                    assert_eq!(
                        e.kind,
                        ParseErrorKind::LineTooLong {
                            max: good.len() + 1
                        }
                    );
                }
                other => panic!("{format}: {other:?}"),
            }
            // The default bound reads all three.
            let got: Vec<_> = read(format, input.as_bytes()).collect();
            assert!(got.iter().all(Result::is_ok), "{format}: {got:?}");
        }
        let jigsaw = format!("{}{}\n", jigsaw::tests::GIVENS, jigsaw::tests::REGIONS);
        let limits = Limits {
            max_side: 8,
            ..Limits::default()
        };
        match read_with_limits(Format::Jigsaw, jigsaw.as_bytes(), limits).next() {
            Some(Err(ReadError::Parse(e))) => {
                assert!(matches!(e.kind, ParseErrorKind::Side { n: 9, .. }), "{e}");
            }
            other => panic!("{other:?}"),
        }
    }

    /// A source that hands out its bytes, then fails on every read.
    struct Broken(&'static [u8]);

    impl std::io::Read for Broken {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Err(std::io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// An I/O error ends every reader: it is reported once, then the
    /// iterator ends (the readers rely on `Lines` staying at the end).
    #[test]
    fn an_io_error_is_reported_once_and_ends_the_input() {
        for format in Format::ALL {
            for data in [&b""[..], b"1..", b"\n\n1\n1.2."] {
                let got: Vec<_> = read(format, std::io::BufReader::new(Broken(data)))
                    .take(10)
                    .collect();
                let io = got
                    .iter()
                    .filter(|r| matches!(r, Err(ReadError::Io(_))))
                    .count();
                assert_eq!(io, 1, "{format} {data:?}: {got:?}");
                assert!(
                    matches!(got.last(), Some(Err(ReadError::Io(_)))),
                    "{format} {data:?}: {got:?}"
                );
            }
        }
    }

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

    #[test]
    fn messages_are_written_in_each_format_shape() {
        let mut out = Vec::new();
        for f in Format::ALL {
            write_answer(f, &mut out, 2, Answer::NoSolution).unwrap();
            write_answer(f, &mut out, 3, Answer::Multiple).unwrap();
            write_answer(f, &mut out, 4, Answer::Invalid).unwrap();
            write_answer(f, &mut out, 5, Answer::GaveUp).unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n\
             No solution\n\nMultiple Solutions\n\nInvalid puzzle\n\nGave up\n\n\
             Case 2:\nNo solution\nCase 3:\nMultiple Solutions\nCase 4:\nInvalid puzzle\n\
             Case 5:\nGave up\n\
             No solution\n\nMultiple Solutions\n\nInvalid puzzle\n\nGave up\n\n\
             No solution\n\nMultiple Solutions\n\nInvalid puzzle\n\nGave up\n\n\
             No solution\n\nMultiple Solutions\n\nInvalid puzzle\n\nGave up\n\n\
             No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n\
             No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n\
             No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n"
        );
    }

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
