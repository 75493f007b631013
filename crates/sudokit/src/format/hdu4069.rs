//! The `hdu4069` format: HDU 4069 "Squiggly Sudoku" (9x9 jigsaw by walls).
//!
//! - Input: `T` (the number of cases, a positive integer), then per case 81
//!   integers in any whitespace layout (normally 9 lines of 9). Each integer is
//!   a digit in its low 4 bits (0 empty, 1-9) plus 16 for a wall on the cell's
//!   top, 32 right, 64 bottom and 128 left.
//! - A wall between two cells counts if either cell declares it. When the two
//!   disagree the case is still read, with a [`Warning`] naming the cells.
//!   Outer border walls may be present or absent.
//! - The regions are the connected groups of cells not separated by walls; a
//!   case whose walls do not cut the grid into 9 groups of 9 cells is an error
//!   for that case ([`ParseErrorKind::Regions`]).
//! - A number that is not an integer, is negative or above 255, or whose low 4
//!   bits are above 9 is an error for its case, naming its line and column; the
//!   case's other numbers are still consumed, so the next case is read
//!   normally.
//! - After the `T`-th case the input is not read further: data there is
//!   ignored with a warning on the last case. When the input ends early, the
//!   case it ends in is an error ([`ParseErrorKind::Truncated`]) and each
//!   missing case is an error ([`ParseErrorKind::MissingCase`]), so the reader
//!   yields `T` results; above [`MAX_CASES`], one error
//!   ([`ParseErrorKind::CasesMissing`]) stands for all the missing cases.
//! - Output per case: `Case k:` then the 9 solved rows of 9 digits, or
//!   `No solution` / `Multiple Solutions` (written by
//!   [`write_answer`](super::write_answer)). The question is uniqueness, so
//!   this format is always solved with a limit of at least 2
//!   ([`Format::effective_limit`](super::Format::effective_limit)).

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use super::alphabet::Alphabet;
use super::records::{open, NextRecord, RecordParser};
use super::text::Lines;
use super::{Descriptor, Format, Limits, LineRecords};
use super::{Entry, ParseError, ParseErrorKind, ReadError, Style, Warning};
use crate::{Cell, Geometry, Grid, Puzzle};

mod tokens;
mod walls;

use tokens::Tokens;

/// The side of an HDU 4069 grid.
pub const SIZE: usize = 9;
const CELLS: usize = SIZE * SIZE;

/// The largest case count `T` whose missing cases each get their own error
/// (the judge promises at most 2500); a larger `T` is read all the same, its
/// missing cases reported by one error.
pub const MAX_CASES: usize = 1_000_000;

/// Wall bits of a cell value.
pub const TOP: u32 = 16;
/// Wall on the cell's right.
pub const RIGHT: u32 = 32;
/// Wall on the cell's bottom.
pub const BOTTOM: u32 = 64;
/// Wall on the cell's left.
pub const LEFT: u32 = 128;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Start,
    Cases,
    Missing,
    Done,
}

/// Reads `hdu4069` cases from a [`BufRead`]: exactly `T` results when the
/// case count is valid, one error when it is not. It reads tokens, not
/// lines, so [`Limits`] do not apply.
pub type Reader<R> = LineRecords<R, Parser>;

/// The `hdu4069` record parser (see [`Reader`]).
#[derive(Debug)]
pub struct Parser {
    tokens: Tokens,
    state: State,
    cases: usize,
    index: usize,
    /// The first case found missing, once the input has ended early.
    first_missing: usize,
    /// `T` as written, when it is above [`MAX_CASES`].
    many: Option<String>,
    geometry: Option<Arc<Geometry>>,
}

impl From<Limits> for Parser {
    fn from(_: Limits) -> Parser {
        Parser {
            tokens: Tokens::new(),
            state: State::Start,
            cases: 0,
            index: 0,
            first_missing: 0,
            many: None,
            geometry: None,
        }
    }
}

impl Parser {
    fn io_error(&mut self, e: io::Error) -> Option<Result<Entry, ReadError>> {
        self.state = State::Done;
        Some(Err(ReadError::Io(e)))
    }

    /// Reads the case count `T`.
    fn start<R: BufRead + ?Sized>(&mut self, reader: &mut R) -> Option<Result<Entry, ReadError>> {
        let token = match self.tokens.next(reader) {
            Err(e) => return self.io_error(e),
            Ok(None) => {
                self.state = State::Done;
                return None;
            }
            Ok(Some(t)) => t,
        };
        match token.value {
            Some(t) if t >= 1 => {
                self.cases = usize::try_from(t).unwrap_or(usize::MAX);
                if self.cases > MAX_CASES {
                    self.many = Some(self.tokens.text());
                }
                self.state = State::Cases;
                None
            }
            _ => {
                self.state = State::Done;
                let kind = ParseErrorKind::CaseCount {
                    found: self.tokens.text(),
                };
                let e = ParseError::new(1, token.line, Some(token.column), kind);
                Some(Err(e.into()))
            }
        }
    }

    /// The error for missing case `case`: its own, or, above [`MAX_CASES`],
    /// one for all the cases from it on.
    fn missing(&self, case: usize) -> ParseErrorKind {
        match &self.many {
            Some(cases) => ParseErrorKind::CasesMissing {
                first: case,
                cases: cases.clone(),
            },
            None => ParseErrorKind::MissingCase {
                case,
                first: self.first_missing,
                cases: self.cases,
            },
        }
    }

    fn case<R: BufRead + ?Sized>(&mut self, reader: &mut R) -> Option<Result<Entry, ReadError>> {
        self.index += 1;
        let index = self.index;
        let mut values = [0u32; CELLS];
        let mut lines = [0usize; CELLS];
        let mut problem: Option<ParseError> = None;
        for k in 0..CELLS {
            let token = match self.tokens.next(reader) {
                Err(e) => return self.io_error(e),
                Ok(Some(t)) => t,
                Ok(None) => {
                    self.state = State::Missing;
                    // This case is the first missing one when none of it
                    // was read, else the next one.
                    self.first_missing = if k == 0 { index } else { index + 1 };
                    let e = problem.unwrap_or_else(|| {
                        let kind = if k == 0 {
                            self.missing(index)
                        } else {
                            ParseErrorKind::Truncated {
                                expected: CELLS,
                                found: k,
                            }
                        };
                        ParseError::new(index, self.tokens.line, None, kind)
                    });
                    if k == 0 && self.many.is_some() {
                        self.state = State::Done;
                    }
                    return Some(Err(e.into()));
                }
            };
            lines[k] = token.line;
            let kind = match token.value {
                None => Some(ParseErrorKind::NotANumber {
                    found: self.tokens.text(),
                }),
                Some(v) if !(0..=255).contains(&v) => Some(ParseErrorKind::ValueRange {
                    value: self.tokens.text(),
                }),
                Some(v) if v & 15 > 9 => Some(ParseErrorKind::DigitRange {
                    value: v as u32,
                    digit: v as u32 & 15,
                }),
                Some(v) => {
                    values[k] = v as u32;
                    None
                }
            };
            if let Some(kind) = kind {
                problem.get_or_insert_with(|| {
                    ParseError::new(index, token.line, Some(token.column), kind)
                });
            }
        }
        let mut warnings = Vec::new();
        if index == self.cases {
            self.state = State::Done;
            match self.tokens.skip_blanks(reader) {
                Err(e) => return self.io_error(e),
                Ok(true) => warnings.push(Warning {
                    line: self.tokens.line,
                    message: format!("data after the last case (T = {}) is ignored", self.cases),
                }),
                Ok(false) => {}
            }
        }
        if let Some(mut e) = problem {
            e.warnings = warnings;
            return Some(Err(e.into()));
        }
        match walls::build(&values, &lines, &mut self.geometry) {
            Ok((puzzle, disagreement)) => {
                warnings.splice(0..0, disagreement);
                Some(Ok(Entry {
                    index,
                    line: lines[0],
                    puzzle,
                    style: Style {
                        alphabet: Alphabet::Numeric,
                    },
                    warnings,
                    source: None,
                }))
            }
            Err(kind) => {
                let mut e = ParseError::new(index, lines[0], None, kind);
                e.warnings = warnings;
                Some(Err(e.into()))
            }
        }
    }
}

impl RecordParser for Parser {
    fn next_record<R: BufRead + ?Sized>(&mut self, lines: &mut Lines<R>) -> NextRecord {
        let reader = lines.reader_mut();
        loop {
            match self.state {
                State::Done => return None,
                State::Start => {
                    if let Some(r) = self.start(reader) {
                        return Some(r);
                    }
                }
                State::Cases => return self.case(reader),
                State::Missing => {
                    if self.index >= self.cases {
                        self.state = State::Done;
                        return None;
                    }
                    self.index += 1;
                    if self.many.is_some() {
                        self.state = State::Done;
                    }
                    let kind = self.missing(self.index);
                    let e = ParseError::new(self.index, self.tokens.line, None, kind);
                    return Some(Err(e.into()));
                }
            }
        }
    }
}

/// The `hdu4069` format's descriptor: `Case k:` before every record, and at
/// least 2 solutions searched (the judge asks whether the solution is
/// unique).
pub(crate) const DESCRIPTOR: Descriptor =
    Descriptor::new(Format::Hdu4069, "hdu4069", open::<Parser>)
        .multi_line()
        .cases_asking_uniqueness("Case");

/// Writes a solution's rows (digits `1`-`9`, one row per line); `Case k:` is
/// written by [`write_answer`](super::write_answer).
///
/// # Errors
/// Errors of `out`.
pub fn write<W: Write + ?Sized>(out: &mut W, grid: &Grid) -> io::Result<()> {
    super::line::write_symbols(out, grid, Alphabet::Numeric, b'0', grid.size())?;
    out.write_all(b"\n")
}

/// Writes a 9x9 puzzle as one case of the input format: 9 lines of 9
/// wall-coded numbers, every wall declared by both neighbours and the outer
/// border drawn. (Useful to make test input; the count `T` is the caller's.)
///
/// # Errors
/// Errors of `out`; [`io::ErrorKind::InvalidInput`] when the puzzle is not
/// 9x9.
pub fn write_case<W: Write + ?Sized>(out: &mut W, puzzle: &Puzzle) -> io::Result<()> {
    let n = SIZE;
    if puzzle.size() != n {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "hdu4069 cases are 9x9",
        ));
    }
    let g = puzzle.geometry();
    let region = |r: usize, c: usize| g.region_of(Cell::at(r, c, n));
    for r in 0..n {
        for c in 0..n {
            let mut v = puzzle
                .givens()
                .get(Cell::at(r, c, n))
                .map_or(0, |d| u32::from(d.value()));
            let here = region(r, c);
            if r == 0 || region(r - 1, c) != here {
                v |= TOP;
            }
            if c + 1 == n || region(r, c + 1) != here {
                v |= RIGHT;
            }
            if r + 1 == n || region(r + 1, c) != here {
                v |= BOTTOM;
            }
            if c == 0 || region(r, c - 1) != here {
                v |= LEFT;
            }
            let sep = if c + 1 == n { "\n" } else { " " };
            write!(out, "{v}{sep}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::format::read;
    use crate::Digit;
    use proptest::prelude::*;

    pub(crate) const SAMPLE: &str = "3
144 18 112 208 80 25 54 144 48
135 38 147 80 121 128 97 130 32
137 32 160 144 114 167 208 0 32
192 100 160 160 208 96 183 192 101
209 80 39 192 86 48 136 80 114
152 48 226 144 112 160 160 149 48
128 0 112 166 215 96 160 128 41
128 39 153 32 209 80 101 136 35
192 96 200 67 80 112 208 68 96

144 48 144 81 81 16 53 144 48
128 96 224 144 48 128 103 128 38
163 208 80 0 37 224 209 0 32
135 48 176 192 64 112 176 192 104
192 101 128 89 80 82 32 150 48
149 48 224 208 16 48 224 192 33
128 0 114 176 135 0 80 112 169
137 32 148 32 192 96 176 144 32
192 96 193 64 80 80 96 192 96

144 88 48 217 16 16 80 112 176
224 176 129 48 128 40 208 16 37
145 32 128 96 196 96 176 136 32
192 32 227 176 144 80 96 192 32
176 192 80 98 160 145 80 48 224
128 48 144 80 96 224 183 128 48
128 36 224 144 51 144 32 128 105
131 64 112 136 32 192 36 224 176
224 208 80 64 64 116 192 83 96
";

    fn entries(input: &[u8]) -> Vec<Result<Entry, ParseError>> {
        crate::format::read_all(Format::Hdu4069, input)
    }

    #[test]
    fn reads_the_sample() {
        let got = entries(SAMPLE.as_bytes());
        assert_eq!(got.len(), 3);
        let lines: Vec<_> = got.iter().map(|e| e.as_ref().unwrap().line).collect();
        assert_eq!(lines, [2, 12, 22]);
        let first = got[0].as_ref().unwrap();
        assert_eq!(first.puzzle.geometry().layout(), crate::Layout::Jigsaw);
        // 25 = 16 + 9: digit 9 in row 1, column 6.
        assert_eq!(first.puzzle.givens().cells()[5], Some(Digit::new(8)));
        assert!(got.iter().all(|e| e.as_ref().unwrap().warnings.is_empty()));
    }

    #[test]
    fn any_whitespace_layout_crlf_and_bom() {
        let flat = format!(
            "\u{feff}{}",
            SAMPLE
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" \t")
                .replace("48 ", "48\r\n")
        );
        let a = entries(SAMPLE.as_bytes());
        let b = entries(flat.as_bytes());
        assert_eq!(a.len(), b.len());
        for (a, b) in a.iter().zip(&b) {
            assert_eq!(a.as_ref().unwrap().puzzle, b.as_ref().unwrap().puzzle);
        }
    }

    #[test]
    fn bad_values_are_errors_for_their_case_only() {
        let bad = SAMPLE
            .replacen("135 38 147", "135 38 300", 1)
            .replacen("128 96 224 144", "128 96 224 -1", 1)
            .replacen("145 32 128 96", "145 32 128 x9", 1);
        let got = entries(bad.as_bytes());
        assert_eq!(got.len(), 3);
        let e: Vec<_> = got
            .iter()
            .map(|e| e.as_ref().unwrap_err().clone())
            .collect();
        assert_eq!(
            (e[0].puzzle, e[0].line, e[0].column, &e[0].kind),
            (
                1,
                3,
                Some(8),
                &ParseErrorKind::ValueRange {
                    value: "300".into()
                }
            )
        );
        assert_eq!((e[1].line, e[1].column), (13, Some(12)));
        assert!(matches!(e[1].kind, ParseErrorKind::ValueRange { .. }));
        assert_eq!(
            (e[2].line, &e[2].kind),
            (24, &ParseErrorKind::NotANumber { found: "x9".into() })
        );
        let bad = SAMPLE.replacen("144 18 112", "144 18 111", 1);
        let got = entries(bad.as_bytes());
        assert_eq!(
            got[0].as_ref().unwrap_err().kind,
            ParseErrorKind::DigitRange {
                value: 111,
                digit: 15
            }
        );
        assert!(got[1].is_ok() && got[2].is_ok());
    }

    #[test]
    fn missing_cases_each_get_an_error_and_extra_data_a_warning() {
        let lines: Vec<&str> = SAMPLE.lines().collect();
        let input = format!("5\n{}\n", lines[1..15].join("\n"));
        let got = entries(input.as_bytes());
        assert_eq!(got.len(), 5);
        assert!(got[0].is_ok());
        assert!(matches!(
            got[1].as_ref().unwrap_err().kind,
            ParseErrorKind::Truncated { found: 36, .. }
        ));
        for (k, e) in got[2..].iter().enumerate() {
            assert_eq!(
                e.as_ref().unwrap_err().kind,
                ParseErrorKind::MissingCase {
                    case: k + 3,
                    first: 3,
                    cases: 5
                }
            );
        }
        let input = SAMPLE.replacen('3', "1", 1);
        let got = entries(input.as_bytes());
        assert_eq!(got.len(), 1);
        let w = &got[0].as_ref().unwrap().warnings;
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].line, 12);
        assert!(w[0].message.contains("ignored"));
    }

    #[test]
    fn bad_case_counts_are_one_error() {
        for (input, line) in [("0\n", 1), ("\n\n abc", 3), ("-2", 1)] {
            let got = entries(input.as_bytes());
            assert_eq!(got.len(), 1, "{input:?}");
            let e = got[0].as_ref().unwrap_err();
            assert_eq!(e.line, line);
            assert!(matches!(e.kind, ParseErrorKind::CaseCount { .. }));
        }
        assert!(entries(b"").is_empty());
        assert!(entries(b"  \n").is_empty());
    }

    /// A `T` above [`MAX_CASES`], however large, is read: the cases there
    /// are answered, and one error stands for the missing ones.
    #[test]
    fn a_huge_case_count_reads_the_cases_there() {
        let cases = &SAMPLE[SAMPLE.find('\n').unwrap()..];
        for t in ["1000001", "99999999999999999999999"] {
            let got = entries(format!("{t}{cases}").as_bytes());
            assert_eq!(got.len(), 4, "{t}");
            assert!(got[0].is_ok(), "{t}");
            assert_eq!(
                got[3].as_ref().unwrap_err().kind,
                ParseErrorKind::CasesMissing {
                    first: 4,
                    cases: t.to_owned()
                }
            );
        }
        // Ending inside a case: that case is truncated, then one error.
        let got = entries(format!("5000000{}", &cases[..cases.len() - 20]).as_bytes());
        assert_eq!(got.len(), 4);
        assert!(matches!(
            got[2].as_ref().unwrap_err().kind,
            ParseErrorKind::Truncated { .. }
        ));
        assert!(matches!(
            got[3].as_ref().unwrap_err().kind,
            ParseErrorKind::CasesMissing { first: 4, .. }
        ));
    }

    #[test]
    fn walls_declared_by_one_side_count_with_a_warning() {
        // Case 1 row 1: cell (1,3) = 112 declares a right wall; drop the left
        // wall of (1,4) = 208 → 80.
        let input = SAMPLE.replacen("3\n144 18 112 208", "1\n144 18 112 80", 1);
        let got = entries(input.as_bytes());
        let entry = got[0].as_ref().unwrap();
        let original = entries(SAMPLE.as_bytes()).remove(0).unwrap();
        assert_eq!(entry.puzzle, original.puzzle);
        assert_eq!(entry.warnings.len(), 2);
        assert_eq!(entry.warnings[0].line, 2);
        assert!(
            entry.warnings[0].message.contains("r1c3 and r1c4"),
            "{}",
            entry.warnings[0].message
        );
    }

    #[test]
    fn regions_must_be_nine_groups_of_nine() {
        // No walls at all: one region of 81 cells.
        let input = format!("1\n{}", "0 ".repeat(81));
        let got = entries(input.as_bytes());
        assert_eq!(
            got[0].as_ref().unwrap_err().kind,
            ParseErrorKind::Regions {
                sizes: vec![81],
                n: 9
            }
        );
    }

    fn jigsaw_strategy() -> impl Strategy<Value = Puzzle> {
        // Classic boxes, rows-as-regions, or the sample's layouts, with random givens.
        let layouts: Vec<Arc<Geometry>> = {
            let mut v = vec![Arc::new(Geometry::classic())];
            for e in entries(SAMPLE.as_bytes()) {
                v.push(e.unwrap().puzzle.geometry().clone());
            }
            v.push(Arc::new(
                Geometry::jigsaw(9, &(0..81).map(|i| i / 9).collect::<Vec<_>>()).unwrap(),
            ));
            v
        };
        (
            0..layouts.len(),
            proptest::collection::vec(proptest::option::weighted(0.3, 0..9u8), 81),
        )
            .prop_map(move |(k, cells)| {
                let grid =
                    Grid::from_cells(9, cells.into_iter().map(|c| c.map(Digit::new)).collect())
                        .unwrap();
                Puzzle::new(layouts[k].clone(), grid).unwrap()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn cases_round_trip(puzzles in proptest::collection::vec(jigsaw_strategy(), 1..4)) {
            let mut out = format!("{}\n", puzzles.len()).into_bytes();
            for p in &puzzles {
                write_case(&mut out, p).unwrap();
            }
            let got = entries(&out);
            prop_assert_eq!(got.len(), puzzles.len());
            for (e, p) in got.iter().zip(&puzzles) {
                let e = e.as_ref().unwrap();
                prop_assert_eq!(e.puzzle.givens(), p.givens());
                // Same regions up to numbering: same partition.
                let (a, b): (Vec<_>, Vec<_>) = (e.puzzle.geometry().regions().collect(), p.geometry().regions().collect());
                for i in 0..81 {
                    for j in 0..81 {
                        prop_assert_eq!(a[i] == a[j], b[i] == b[j]);
                    }
                }
                prop_assert!(e.warnings.is_empty());
            }
        }

        #[test]
        fn arbitrary_input_never_panics(input in proptest::collection::vec(
            prop_oneof![Just(b' '), Just(b'\n'), b'0'..=b'9', any::<u8>()], 0..600)
        ) {
            let n = read(Format::Hdu4069, &input[..]).take(MAX_CASES + 1).count();
            prop_assert!(n <= MAX_CASES);
        }
    }
}
