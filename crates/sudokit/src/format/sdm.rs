//! The `sdm` format: one 9x9 puzzle per line, 81 digits row by row, `0` (or
//! `.`) empty; no terminator line. Blank lines are skipped.
//!
//! ```text
//! 400000805030000000000700000020000060000080400000010000000603070500200000104000000
//! ```
//!
//! An `.sdm` file is also a valid [`line`](super::line) input, and the
//! answers are the same bytes (81 digits), so detection calls such input
//! `line`; `--format sdm` reads strictly 81 characters per line, an `end`
//! line included, and [`write`](fn@write) writes `0` for empty cells.

use std::io::{self, Write};

use super::alphabet::Alphabet;
use super::line::write_symbols;
use super::records::{open, Cells, OnePerLine, Problem, PuzzleLine};
use super::text::char_at;
use super::{Descriptor, Format, Limits, LineRecords, ParseErrorKind, Style};
use crate::{Digit, Grid};

/// Parses one trimmed `sdm` line.
fn parse(bytes: &[u8]) -> Result<Grid, (Option<usize>, ParseErrorKind)> {
    let chars = bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
    if chars != 81 {
        let kind = ParseErrorKind::LineLength {
            expected: 81,
            found: chars,
        };
        return Err((None, kind));
    }
    let mut cells = Vec::with_capacity(81);
    for (i, &b) in bytes.iter().enumerate() {
        cells.push(match b {
            b'1'..=b'9' => Some(Digit::new(b - b'1')),
            b'0' | b'.' => None,
            _ => {
                let found = char_at(bytes, i);
                return Err((Some(i), ParseErrorKind::Symbol { found }));
            }
        });
    }
    Ok(Grid::from_cells(9, cells).expect("81 cells of digits below 9"))
}

/// Reads `sdm` puzzles from a
/// [`BufRead`](std::io::BufRead), one `Result` per non-blank line
/// (the side is always 9: [`Limits::max_side`] does not apply).
pub type Reader<R> = LineRecords<R, OnePerLine<Parser>>;

/// The `sdm` record parser (see [`Reader`]).
#[derive(Debug)]
pub struct Parser;

impl PuzzleLine for Parser {
    fn parse(text: &[u8], _: Limits) -> Result<Cells, Problem> {
        Ok(Cells {
            grid: parse(text)?,
            style: Style::default(),
            candidates: None,
        })
    }
}

/// The `sdm` format's descriptor.
pub(crate) const DESCRIPTOR: Descriptor =
    Descriptor::new(Format::Sdm, "sdm", open::<OnePerLine<Parser>>);

/// Writes a 9x9 `grid` (solved or not) as 81 digits, `0` for empty cells,
/// then a line end. Other sides are written like [`line`](super::line)
/// (numeric symbols, `0` empty).
///
/// # Errors
/// Errors of `out`.
pub fn write<W: Write + ?Sized>(out: &mut W, grid: &Grid) -> io::Result<()> {
    write_symbols(out, grid, Alphabet::Numeric, b'0', grid.cells().len())?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{detect, read_all};
    use proptest::prelude::*;

    const SAMPLE: &str = "400000805030000000000700000020000060000080400000010000000603070500200000104000000\n000000520080400000030009000501000600200700000000300000600010000000000704000000030\n";

    #[test]
    fn reads_zeros_as_empty_and_is_answered_like_line() {
        let got = read_all(Format::Sdm, SAMPLE.as_bytes());
        assert_eq!(got.len(), 2);
        let e = got[0].as_ref().unwrap();
        assert_eq!(e.puzzle.givens().filled(), 17);
        // The same puzzles as the `line` reader reads.
        let line = read_all(Format::Line, SAMPLE.as_bytes());
        assert_eq!(
            line[1].as_ref().unwrap().puzzle,
            got[1].as_ref().unwrap().puzzle
        );
        // Detection: `line` (same answers, byte for byte).
        assert_eq!(detect(SAMPLE.as_bytes()), Ok(Format::Line));
        let mut out = Vec::new();
        write(&mut out, e.puzzle.givens()).unwrap();
        assert_eq!(
            &out[..],
            SAMPLE
                .lines()
                .next()
                .unwrap()
                .as_bytes()
                .iter()
                .chain(b"\n")
                .copied()
                .collect::<Vec<u8>>()
                .as_slice()
        );
    }

    #[test]
    fn other_lengths_and_symbols_are_errors_and_reading_goes_on() {
        let input = format!("end\n{}x\n{}", &SAMPLE[..80], SAMPLE);
        let got = read_all(Format::Sdm, input.as_bytes());
        assert_eq!(got.len(), 4);
        let e = got[0].as_ref().unwrap_err();
        assert_eq!(
            (e.line, &e.kind),
            (
                1,
                &ParseErrorKind::LineLength {
                    expected: 81,
                    found: 3
                }
            )
        );
        let e = got[1].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(81)));
        assert_eq!(got[3].as_ref().unwrap().line, 4);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn sdm_round_trips(cells in proptest::collection::vec(proptest::option::weighted(0.4, 0..9u8), 81)) {
            let grid = Grid::from_cells(9, cells.into_iter().map(|c| c.map(Digit::new)).collect()).unwrap();
            let mut out = Vec::new();
            write(&mut out, &grid).unwrap();
            prop_assert_eq!(out.len(), 82);
            let got = read_all(Format::Sdm, &out);
            prop_assert_eq!(got.len(), 1);
            prop_assert_eq!(got[0].as_ref().unwrap().puzzle.givens(), &grid);
        }

        #[test]
        fn arbitrary_input_never_panics(input in crate::format::read::tests::line_bytes()) {
            crate::format::read::tests::read_everything(Format::Sdm, &input);
        }
    }
}
