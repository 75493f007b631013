//! The `pencilmark` format (sukaku): one 9x9 puzzle per line, 729
//! characters: the character at position `r*81 + c*9 + (d-1)` is the digit
//! `d` when `d` is still possible in row `r`, column `c`, and `.` (or `0`)
//! when it is not. An empty grid is `123456789` 81 times. The clues are the
//! candidates, not values: the puzzle ([`Puzzle::with_candidates`]) asks
//! for a solution that puts in every cell one of its candidates.
//!
//! - A cell with one candidate is also a given (so it shows as one).
//! - A cell with no candidate makes a puzzle without solution (an answer).
//! - Output: the solution as an 81-digit line (what sukaku solvers print);
//!   [`write`](fn@write) writes any puzzle back in the 729-character form.

use std::io::{self, Write};

use super::records::{open, Cells, OnePerLine, Problem, PuzzleLine};
use super::text::char_at;
use super::{Descriptor, Format, Limits, LineRecords, ParseErrorKind, Style};
use crate::{Cell, Digit, DigitSet, Grid, Puzzle};

/// Characters in a pencilmark line.
pub const LENGTH: usize = 729;

/// Whether `bytes` is a pencilmark line: 729 characters, each `.`/`0` or
/// the digit its position stands for.
pub fn is_pencilmark(bytes: &[u8]) -> bool {
    bytes.len() == LENGTH
        && bytes
            .iter()
            .enumerate()
            .all(|(i, &b)| matches!(b, b'.' | b'0') || b == b'1' + (i % 9) as u8)
}

/// Parses one trimmed line into givens (single candidates) and candidates.
fn parse(bytes: &[u8]) -> Result<(Grid, Vec<DigitSet>), (Option<usize>, ParseErrorKind)> {
    let chars = bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
    if chars != LENGTH {
        let kind = ParseErrorKind::LineLength {
            expected: LENGTH,
            found: chars,
        };
        return Err((None, kind));
    }
    let mut sets = vec![DigitSet::EMPTY; 81];
    for (i, &b) in bytes.iter().enumerate() {
        let expected = b'1' + (i % 9) as u8;
        match b {
            b'.' | b'0' => {}
            _ if b == expected => sets[i / 9].0 |= 1 << (i % 9),
            b'1'..=b'9' => {
                let kind = ParseErrorKind::Candidate {
                    found: b as char,
                    expected: expected as char,
                };
                return Err((Some(i), kind));
            }
            _ => {
                let found = char_at(bytes, i);
                return Err((Some(i), ParseErrorKind::Symbol { found }));
            }
        }
    }
    let givens = sets.iter().map(|&s| only(s)).collect();
    let grid = Grid::from_cells(9, givens).expect("81 cells of digits below 9");
    Ok((grid, sets))
}

/// Reads `pencilmark` puzzles from a
/// [`BufRead`](std::io::BufRead), one `Result` per
/// non-blank line (the side is always 9: [`Limits::max_side`] does not
/// apply).
pub type Reader<R> = LineRecords<R, OnePerLine<Parser>>;

/// The `pencilmark` record parser (see [`Reader`]).
#[derive(Debug)]
pub struct Parser;

impl PuzzleLine for Parser {
    fn parse(text: &[u8], _: Limits) -> Result<Cells, Problem> {
        let (grid, sets) = parse(text)?;
        Ok(Cells {
            grid,
            style: Style::default(),
            candidates: Some(sets),
        })
    }
}

/// The `pencilmark` format's descriptor: answers are written as `line`
/// answers (81 digits).
pub(crate) const DESCRIPTOR: Descriptor =
    Descriptor::new(Format::Pencilmark, "pencilmark", open::<OnePerLine<Parser>>);

/// Writes a 9x9 `puzzle` as a 729-character line (its candidates, or for a
/// puzzle without candidates, the givens as single candidates and every
/// digit in open cells), then a line end.
///
/// # Errors
/// Errors of `out`; an [`io::ErrorKind::InvalidInput`] error for a puzzle
/// that is not 9x9.
pub fn write<W: Write + ?Sized>(out: &mut W, puzzle: &Puzzle) -> io::Result<()> {
    if puzzle.size() != 9 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "pencilmark lines are 9x9 only",
        ));
    }
    let mut line = [b'.'; LENGTH + 1];
    for cell in 0..81 {
        let given = puzzle.givens().get(Cell(cell as u32));
        let allowed = match (puzzle.candidates(), given) {
            (_, Some(d)) => DigitSet(
                puzzle
                    .candidates()
                    .map_or(1 << d.index(), |c| c[cell].0 & (1 << d.index())),
            ),
            (Some(c), None) => c[cell],
            (None, None) => DigitSet::full(9),
        };
        for d in allowed.iter() {
            line[cell * 9 + d.index()] = b'0' + d.value();
        }
    }
    line[LENGTH] = b'\n';
    out.write_all(&line)
}

/// The digit of a set of one.
fn only(set: DigitSet) -> Option<Digit> {
    (set.len() == 1).then(|| set.iter().next().expect("one digit"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read_all, ParseError};
    use crate::{validate, Dfs, Dlx, Engine, Geometry};
    use proptest::prelude::*;

    /// The 17-clue puzzle of the `line` docs as pencilmarks: givens as
    /// single candidates, every digit elsewhere.
    fn from_line(line: &str) -> String {
        let mut out = String::new();
        for b in line.bytes() {
            for d in b'1'..=b'9' {
                out.push(if b == b'.' || b == d { d as char } else { '.' });
            }
        }
        out
    }

    const LINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn candidates_restrict_the_solution() {
        let text = from_line(LINE);
        assert!(is_pencilmark(text.as_bytes()));
        let e = read_all(Format::Pencilmark, text.as_bytes())
            .remove(0)
            .unwrap();
        assert_eq!(e.puzzle.givens().filled(), 17);
        let solution = Dfs::new().solve(&e.puzzle, 2).unwrap();
        assert_eq!(solution.count, 1);
        let grid = solution.first.unwrap();
        validate(&e.puzzle, &grid).unwrap();
        // Take the solution's digit out of the candidates of cell 1: the
        // puzzle changes, and every engine must respect the new candidates.
        let d = grid.cells()[1].unwrap();
        let mut bytes = text.into_bytes();
        bytes[9 + d.index()] = b'.';
        let e = read_all(Format::Pencilmark, &bytes).remove(0).unwrap();
        for engine in [&mut Dfs::new() as &mut dyn Engine, &mut Dlx::new()] {
            let s = engine.solve(&e.puzzle, 5).unwrap();
            assert_ne!(s.first.as_ref().map(|g| g.cells()[1]), Some(Some(d)));
            for g in s.first.iter() {
                validate(&e.puzzle, g).unwrap();
            }
        }
    }

    #[test]
    fn misplaced_digits_are_errors_with_columns() {
        let mut text = from_line(LINE).into_bytes();
        text[10] = b'5';
        let got = read_all(Format::Pencilmark, &text);
        let e = got[0].as_ref().unwrap_err();
        assert_eq!(e.column, Some(11));
        assert_eq!(
            e.kind,
            ParseErrorKind::Candidate {
                found: '5',
                expected: '2'
            }
        );
        let got = read_all(Format::Pencilmark, b"123\n");
        assert!(matches!(
            got[0],
            Err(ParseError {
                kind: ParseErrorKind::LineLength {
                    expected: 729,
                    found: 3
                },
                ..
            })
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn pencilmarks_round_trip(sets in proptest::collection::vec(0u64..512, 81)) {
            let givens = Grid::from_cells(
                9,
                sets.iter().map(|&s| only(DigitSet(s))).collect(),
            ).unwrap();
            let puzzle = Puzzle::new(Geometry::shared_square(9).unwrap(), givens)
                .unwrap()
                .with_candidates(sets.iter().map(|&s| DigitSet(s)).collect())
                .unwrap();
            let mut out = Vec::new();
            write(&mut out, &puzzle).unwrap();
            let got = read_all(Format::Pencilmark, &out);
            prop_assert_eq!(got.len(), 1);
            prop_assert_eq!(&got[0].as_ref().unwrap().puzzle, &puzzle);
        }

        #[test]
        fn arbitrary_input_never_panics(input in crate::format::read::tests::line_bytes()) {
            crate::format::read::tests::read_everything(Format::Pencilmark, &input);
        }
    }
}
