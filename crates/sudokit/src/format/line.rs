//! The `line` format: one puzzle per line (AcWing 166 / POJ 3074 for 9x9).
//!
//! - A puzzle is one line of n² symbols, row by row, for a side n that has a
//!   box shape ([`default_box_shape`](crate::default_box_shape)): 16 (4x4),
//!   36 (6x6), 64 (8x8), 81 (9x9), 100 (10x10), 144 (12x12), 256 (16x16),
//!   625 (25x25), 1296 (36x36) … up to 60x60 ([`side_for_cells`]). Sides 62
//!   to 64 have no single symbol for every digit: a line of 3844 to 4096
//!   cells is an error that says so; write such grids as a
//!   [`grid`](super::grid) of numbers.
//! - Symbols ([`alphabet`](super::alphabet)): `1`-`9`, then `A`-`Z`, then
//!   `a`-`z` ([`Alphabet::Numeric`]); empty cells are `.`, `0`, `-` or `_`.
//!   A line of side 10..=26 with no `0`-`9` and some letter is read in
//!   [`Alphabet::Letters`] (`A` is the first digit), so a 16x16 line written
//!   with the POJ 3076 letters `A`-`P` reads as such.
//! - A line `end` ends the input (whatever follows is not read); so does the
//!   end of the input. Blank lines are skipped.
//! - Output: the solution on one line in the input's alphabet, so every size
//!   has a one-line form that round-trips; 9x9 answers are 81 digits.

use std::io::{self, Write};

use super::alphabet::{is_empty_symbol, Alphabet};
use super::records::{open, Cells, OnePerLine, Problem, PuzzleLine};
use super::text::symbol_error;
use super::{above_max_side, choose_alphabet, empty_symbol_for, writable_alphabet};
use super::{Descriptor, Format, Limits, LineRecords, ParseErrorKind, Style};
use crate::{Digit, Geometry, Grid, Puzzle};

/// Why a single line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The length is not n² for a side a line can hold; the message says
    /// whether it is no square, a side without boxes or one without a
    /// symbol for every digit, and lists the lengths a line can have.
    #[error("{}", length_problem(*.0))]
    Length(usize),
    /// A character is not a symbol of the alphabet.
    #[error("column {column}: unexpected character {found:?}")]
    Symbol {
        /// 1-based column (in characters).
        column: usize,
        /// The character.
        found: char,
    },
    /// A symbol stands for a digit above the side.
    #[error("column {column}: symbol {found:?} is out of range for a {n}x{n} grid")]
    OutOfRange {
        /// 1-based column.
        column: usize,
        /// The character.
        found: char,
        /// Grid side.
        n: usize,
    },
}

/// The side whose square is `len`, if that side has a box shape and a
/// one-line alphabet (at most 61).
pub fn side_for_cells(len: usize) -> Option<usize> {
    let n = (len as f64).sqrt().round() as usize;
    (n.checked_mul(n) == Some(len)
        && n <= Alphabet::Numeric.max_size()
        && crate::default_box_shape(n).is_some())
    .then_some(n)
}

/// The sides a line can hold, smallest first: those [`side_for_cells`]
/// accepts.
pub(crate) fn line_sides() -> impl Iterator<Item = usize> {
    (1..=Alphabet::Numeric.max_size()).filter(|&n| side_for_cells(n * n) == Some(n))
}

/// What is wrong with a line of `cells` cells that [`side_for_cells`]
/// refuses: no square, a side without boxes, or a side with no single
/// symbol for every digit; then the lengths a line can have (from
/// [`line_sides`], so the list cannot drift from the rule).
pub(crate) fn length_problem(cells: usize) -> String {
    let n = cells.isqrt();
    let lengths: Vec<String> = line_sides().map(|n| (n * n).to_string()).collect();
    let (first, last) = (&lengths[..9], &lengths[lengths.len() - 1]);
    let expected = format!(
        "a line holds n*n cells for a side n with boxes ({}, ..., {last})",
        first.join(", ")
    );
    if n * n != cells {
        format!("line has {cells} cells, not a square: {expected}")
    } else if crate::default_box_shape(n).is_none() {
        format!("line has {cells} cells = side {n}, which has no box shape: {expected}")
    } else {
        let max = Alphabet::Numeric.max_size();
        format!(
            "line has {cells} cells = side {n}: one-line formats write sides up to {max} \
             with single symbols; use --format grid (cells as numbers) for larger"
        )
    }
}

/// Parses the symbols of one trimmed line into givens.
fn parse_cells(bytes: &[u8]) -> Result<(Grid, Alphabet), Problem> {
    // The common case first, in one pass: a 9x9 line of `1`-`9` and empty
    // symbols. Anything else takes the general path below (which also
    // names the problem).
    if bytes.len() == 81 {
        // Two branch-free passes (the compiler vectorises both).
        let other = bytes.iter().fold(false, |other, &b| {
            other | (b.wrapping_sub(b'1') >= 9 && !is_empty_symbol(b))
        });
        if !other {
            let cells = bytes
                .iter()
                .map(|&b| {
                    // `1`-`9` are values 1-9, the empty symbols 0 (no
                    // digit): one byte in, one byte out.
                    let digit = b.wrapping_sub(b'1') < 9;
                    Digit::from_value(if digit { b - b'0' } else { 0 })
                })
                .collect();
            return Ok((Grid::from_cells_unchecked(9, cells), Alphabet::Numeric));
        }
    }
    let chars = bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
    let Some(n) = side_for_cells(chars) else {
        return Err((None, ParseErrorKind::Length { found: chars }));
    };
    if let Some(i) = bytes.iter().position(|b| !b.is_ascii()) {
        return Err((Some(i), symbol_error(bytes, i)));
    }
    parse_symbols(bytes, n).map_err(|(i, kind)| (Some(i), kind))
}

/// Parses the n² ASCII symbols of a puzzle of side `n`, in the alphabet
/// they read best in ([`choose_alphabet`]).
///
/// # Errors
/// The byte index and kind of the first symbol that is not a digit of
/// side `n`.
pub(crate) fn parse_symbols(
    bytes: &[u8],
    n: usize,
) -> Result<(Grid, Alphabet), (usize, ParseErrorKind)> {
    let alphabet = choose_alphabet(n, bytes);
    let mut cells = Vec::with_capacity(n * n);
    for (i, &b) in bytes.iter().enumerate() {
        match alphabet.digit(b) {
            Some(None) => cells.push(None),
            Some(Some(d)) if d < n => cells.push(Some(Digit::new(d as u8))),
            Some(Some(_)) => {
                let found = b as char;
                return Err((i, ParseErrorKind::OutOfRange { found, n }));
            }
            None => return Err((i, ParseErrorKind::Symbol { found: b as char })),
        }
    }
    let grid = Grid::from_cells(n, cells).expect("side and digits checked");
    Ok((grid, alphabet))
}

/// Parses one puzzle line (no line end, surrounding blanks already trimmed),
/// returning the puzzle and the alphabet it was written in.
///
/// # Errors
/// [`LineError`] naming the column.
pub fn parse_line_with_alphabet(line: &str) -> Result<(Puzzle, Alphabet), LineError> {
    let bytes = line.as_bytes();
    match parse_cells(bytes) {
        Ok((grid, alphabet)) => {
            let geometry = Geometry::shared_square(grid.size()).expect("side has a box shape");
            Ok((Puzzle::new(geometry, grid).expect("same side"), alphabet))
        }
        Err((at, kind)) => {
            let column = at.map_or(0, |i| super::text::char_column(bytes, i));
            Err(match kind {
                ParseErrorKind::Length { found } => LineError::Length(found),
                ParseErrorKind::OutOfRange { found, n } => {
                    LineError::OutOfRange { column, found, n }
                }
                ParseErrorKind::Symbol { found } => LineError::Symbol { column, found },
                // A `&str` is valid UTF-8.
                ParseErrorKind::NotUtf8 { .. } => LineError::Symbol {
                    column,
                    found: char::REPLACEMENT_CHARACTER,
                },
                other => unreachable!("parse_cells does not return {other:?}"),
            })
        }
    }
}

/// Parses one puzzle line; see [`parse_line_with_alphabet`].
///
/// # Errors
/// [`LineError`] naming the column.
pub fn parse_line(line: &str) -> Result<Puzzle, LineError> {
    parse_line_with_alphabet(line).map(|(p, _)| p)
}

/// Reads `line` puzzles from a
/// [`BufRead`](std::io::BufRead), one `Result` per non-blank line,
/// up to a line `end` or the end of the input.
pub type Reader<R> = LineRecords<R, OnePerLine<Parser>>;

/// The `line` record parser (see [`Reader`]).
#[derive(Debug)]
pub struct Parser;

impl PuzzleLine for Parser {
    const STOP: Option<&'static [u8]> = Some(b"end");

    #[inline]
    fn parse(text: &[u8], limits: Limits) -> Result<Cells, Problem> {
        match parse_cells(text) {
            Ok((grid, _)) if grid.size() > limits.max_side => {
                Err((None, above_max_side(grid.size(), limits.max_side)))
            }
            Ok((grid, alphabet)) => Ok(Cells {
                grid,
                style: Style { alphabet },
                candidates: None,
            }),
            Err(problem) => Err(problem),
        }
    }
}

/// The `line` format's descriptor.
pub(crate) const DESCRIPTOR: Descriptor =
    Descriptor::new(Format::Line, "line", open::<OnePerLine<Parser>>);

/// Writes `grid` (solved or not) as one line in `style`'s alphabet (numeric
/// when that alphabet cannot write the side), then a line end.
///
/// # Errors
/// Errors of `out`; [`io::ErrorKind::InvalidInput`] for a side above 61,
/// which has no single symbol for every digit (write it as a
/// [`grid`](super::grid)).
pub fn write<W: Write + ?Sized>(out: &mut W, grid: &Grid, style: Style) -> io::Result<()> {
    let alphabet = writable_alphabet(grid.size(), style.alphabet);
    let empty = empty_symbol_for(grid, alphabet);
    write_symbols(out, grid, alphabet, empty, grid.cells().len())?;
    out.write_all(b"\n")
}

/// Writes the cells of `grid`, `per_line` to a line (no final line end),
/// through a stack buffer.
///
/// # Errors
/// Errors of `out`; [`io::ErrorKind::InvalidInput`] for a side `alphabet`
/// has no symbol for every digit of (above 61), before writing anything.
pub(crate) fn write_symbols<W: Write + ?Sized>(
    out: &mut W,
    grid: &Grid,
    alphabet: Alphabet,
    empty: u8,
    per_line: usize,
) -> io::Result<()> {
    if grid.size() > alphabet.max_size() {
        let message = format!(
            "side {}: one-line formats write sides up to {} with single symbols; \
             use the grid format (cells as numbers) for larger",
            grid.size(),
            alphabet.max_size()
        );
        return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
    }
    let cells = grid.cells().len();
    if alphabet == Alphabet::Numeric && grid.size() <= 9 && per_line >= cells && cells <= 81 {
        // One line of `1`-`9` (the common case): no per-cell lookups. (A
        // multi-grid board of 9x9 grids has more cells: the loop below.)
        let mut line = [0u8; 81];
        for (out, cell) in line.iter_mut().zip(grid.cells()) {
            *out = match Digit::value_of(*cell) {
                0 => empty,
                v => b'0' + v,
            };
        }
        return out.write_all(&line[..grid.cells().len()]);
    }
    let mut buf = [0u8; 256];
    let mut len = 0;
    for (i, cell) in grid.cells().iter().enumerate() {
        if i > 0 && i % per_line == 0 {
            buf[len] = b'\n';
            len += 1;
        }
        buf[len] = match cell {
            Some(d) => alphabet.symbol(d.index()).unwrap_or(b'?'),
            None => empty,
        };
        len += 1;
        if len >= buf.len() - 1 {
            out.write_all(&buf[..len])?;
            len = 0;
        }
    }
    out.write_all(&buf[..len])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read, Entry, ParseError, ReadError};
    use proptest::prelude::*;
    use std::sync::Arc;

    const ACWING: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.\nend\n";

    fn entries(input: &[u8]) -> Vec<Result<Entry, ParseError>> {
        crate::format::read_all(Format::Line, input)
    }

    #[test]
    fn sides_may_change_from_line_to_line() {
        let nine = ACWING.lines().next().unwrap();
        let (a, b) = ("1...........2...", "..3.......4.....");
        let input = format!("{a}\n{b}\n{nine}\n{nine}\n{a}\n");
        let sides: Vec<_> = entries(input.as_bytes())
            .iter()
            .map(|e| {
                let g = e.as_ref().unwrap().puzzle.geometry();
                (g.size(), g.box_shape())
            })
            .collect();
        let four = (4, Some((2, 2)));
        let nine = (9, Some((3, 3)));
        assert_eq!(sides, [four, four, nine, nine, four]);
    }

    #[test]
    fn reads_the_acwing_sample_and_stops_at_end() {
        let mut input = ACWING.to_owned();
        input.push_str("this is not read\n");
        let got = entries(input.as_bytes());
        assert_eq!(got.len(), 2);
        let first = got[0].as_ref().unwrap();
        assert_eq!((first.index, first.line), (1, 1));
        assert_eq!(first.puzzle.givens().filled(), 17);
        assert_eq!(first.style.alphabet, Alphabet::Numeric);
        assert!(first.puzzle.geometry().is_classic());
        // Consecutive puzzles share one geometry.
        let second = got[1].as_ref().unwrap();
        assert!(Arc::ptr_eq(
            first.puzzle.geometry(),
            second.puzzle.geometry()
        ));
    }

    #[test]
    fn crlf_bom_blanks_and_no_final_newline() {
        let input = format!("\u{feff}  {}\t\r\n\r\n{}1", &ACWING[..81], "0".repeat(80));
        let got = entries(input.as_bytes());
        assert_eq!(got.len(), 2);
        assert!(got.iter().all(Result::is_ok));
        assert_eq!(got[1].as_ref().unwrap().line, 3);
    }

    #[test]
    fn a_bad_line_is_an_error_for_that_puzzle_only() {
        let input = format!(
            "{}\n  4.....8.5.3..?.......7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n{}",
            &ACWING[..80],
            ACWING
        );
        let got = entries(input.as_bytes());
        assert_eq!(got.len(), 4);
        assert_eq!(
            got[0].as_ref().unwrap_err(),
            &ParseError::new(1, 1, None, ParseErrorKind::Length { found: 80 })
        );
        assert_eq!(
            got[1].as_ref().unwrap_err(),
            &ParseError::new(2, 2, Some(16), ParseErrorKind::Symbol { found: '?' })
        );
        assert_eq!(got[2].as_ref().unwrap().index, 3);
        assert_eq!(got[3].as_ref().unwrap().line, 4);
    }

    #[test]
    fn non_ascii_and_out_of_range_symbols_are_named() {
        let mut line: String = ".".repeat(16);
        line.replace_range(3..4, "é");
        assert_eq!(
            parse_line(&line),
            Err(LineError::Symbol {
                column: 4,
                found: 'é'
            })
        );
        assert_eq!(
            parse_line("5..............."),
            Err(LineError::OutOfRange {
                column: 1,
                found: '5',
                n: 4
            })
        );
        assert_eq!(parse_line("..."), Err(LineError::Length(3)));
        // 7x7 has no box shape.
        assert_eq!(parse_line(&".".repeat(49)), Err(LineError::Length(49)));
    }

    #[test]
    fn an_overlong_line_is_an_error_and_reading_goes_on() {
        let mut input = vec![b'1'; Limits::DEFAULT_MAX_LINE * 2];
        input.push(b'\n');
        input.extend_from_slice(ACWING.as_bytes());
        let got = entries(&input);
        assert_eq!(got.len(), 3);
        assert!(matches!(
            got[0],
            Err(ParseError {
                kind: ParseErrorKind::LineTooLong { .. },
                ..
            })
        ));
        assert_eq!(got[1].as_ref().unwrap().line, 2);
    }

    #[test]
    fn limits_bound_the_line_length_and_the_side() {
        let p16 = "1234341221434321";
        let input = format!("{p16}\n{}\n{p16}\n", ACWING.lines().next().unwrap());
        let limits = Limits {
            max_line: 40,
            max_side: 64,
            ..Limits::default()
        };
        let got: Vec<_> = Reader::with_limits(input.as_bytes(), limits).collect();
        assert_eq!(got.len(), 3);
        assert!(got[0].is_ok() && got[2].is_ok());
        match &got[1] {
            Err(ReadError::Parse(e)) => {
                assert_eq!(e.line, 2);
                assert_eq!(e.kind, ParseErrorKind::LineTooLong { max: 40 });
            }
            other => panic!("{other:?}"),
        }
        let limits = Limits {
            max_line: 1 << 16,
            max_side: 4,
            ..Limits::default()
        };
        let got: Vec<_> = Reader::with_limits(input.as_bytes(), limits).collect();
        assert!(got[0].is_ok() && got[2].is_ok());
        match &got[1] {
            Err(ReadError::Parse(e)) => {
                assert_eq!(e.kind, ParseErrorKind::AboveMaxSide { n: 9, max: 4 });
                assert_eq!(
                    e.to_string(),
                    "puzzle 2, line 2: side 9 is above the maximum side 4 (--max-side)"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sixteen_by_sixteen_letters_read_as_poj_letters() {
        let mut line = "-".repeat(256);
        line.replace_range(0..2, "AP");
        let (p, alphabet) = parse_line_with_alphabet(&line).unwrap();
        assert_eq!(alphabet, Alphabet::Letters);
        assert_eq!(
            p.givens().cells()[..2],
            [Some(Digit::new(0)), Some(Digit::new(15))]
        );
        // With a digit it is numeric: `G` is 16, `P` is out of range.
        line.replace_range(2..3, "1");
        assert!(matches!(
            parse_line_with_alphabet(&line),
            Err(LineError::OutOfRange { column: 2, .. })
        ));
    }

    /// A puzzle of side `n` from cell choices (not necessarily consistent:
    /// contradictory givens are still a puzzle).
    fn grid_strategy(n: usize) -> impl Strategy<Value = Grid> {
        proptest::collection::vec(proptest::option::weighted(0.4, 0..n as u8), n * n).prop_map(
            move |cells| {
                Grid::from_cells(n, cells.into_iter().map(|c| c.map(Digit::new)).collect()).unwrap()
            },
        )
    }

    fn round_trip(grid: &Grid, alphabet: Alphabet) {
        let mut out = Vec::new();
        write(&mut out, grid, Style { alphabet }).unwrap();
        let got = entries(&out);
        assert_eq!(got.len(), 1);
        let entry = got[0].as_ref().unwrap();
        assert_eq!(entry.puzzle.givens(), grid);
        assert_eq!(
            entry.style.alphabet,
            writable_alphabet(grid.size(), alphabet)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn numeric_lines_round_trip(
            grid in prop_oneof![
                grid_strategy(4), grid_strategy(6), grid_strategy(9), grid_strategy(12),
                grid_strategy(16), grid_strategy(25), grid_strategy(36),
            ]
        ) {
            round_trip(&grid, Alphabet::Numeric);
        }

        #[test]
        fn letter_lines_round_trip(
            grid in prop_oneof![grid_strategy(12), grid_strategy(16), grid_strategy(25)]
        ) {
            round_trip(&grid, Alphabet::Letters);
        }

        #[test]
        fn sparse_numeric_lines_round_trip(
            cells in proptest::collection::vec(proptest::option::weighted(0.05, 9..16u8), 256)
        ) {
            // Givens that are all letters still read back as numeric.
            let grid = Grid::from_cells(16, cells.into_iter().map(|c| c.map(Digit::new)).collect()).unwrap();
            round_trip(&grid, Alphabet::Numeric);
        }

        #[test]
        fn arbitrary_bytes_never_panic(input in proptest::collection::vec(any::<u8>(), 0..400)) {
            for r in read(Format::Line, &input[..]) {
                let _ = r;
            }
        }
    }
}
