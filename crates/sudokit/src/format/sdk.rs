//! The `sdk` format (SadMan Sudoku): optional header lines starting with `#`
//! (`#A` author, `#D` description, `#C` comment, `#B` date, `#S` source, `#L`
//! level, `#U` url), then 9 rows of 9 symbols, `.` (or `0`) empty.
//!
//! ```text
//! #A someone
//! 2..1.5..3
//! .54...71.
//! ```
//!
//! - Reading: the [`grid`](super::grid) reader reads this shape (header
//!   lines are comments), so [`Reader`] is that reader: any side is read the
//!   same way, several puzzles may follow each other (a blank line between
//!   them is optional).
//! - Output ([`write`](fn@write)): the n rows of n symbols, `.` empty, then an empty
//!   line (the record separator; a single-puzzle file stays a valid `.sdk`).

use std::io::{self, Write};

use super::records::open;
use super::{block, Descriptor, Format, Style};
use crate::Grid;

use super::grid::Parser;
pub use super::grid::Reader;

/// Writes `grid` (solved or not) as n rows of n symbols in `style`'s
/// alphabet, `.` for empty cells (`0` where `.` would change the alphabet
/// read back), then an empty line; sides above 61 (no single symbol for
/// every digit) with numbers, blank-separated, which the reader reads back.
///
/// # Errors
/// Errors of `out`.
pub fn write<W: Write + ?Sized>(out: &mut W, grid: &Grid, style: Style) -> io::Result<()> {
    let n = grid.size();
    block::write(out, grid, (n, n), style, &block::SDK)
}

/// The `sdk` format's descriptor: read as a [`grid`](super::grid); an empty
/// line ends every record.
pub(crate) const DESCRIPTOR: Descriptor =
    Descriptor::new(Format::Sdk, "sdk", open::<Parser>).block();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{detect, read_all, Alphabet};
    use crate::{Digit, Geometry};
    use proptest::prelude::*;

    pub(crate) const SAMPLE: &str = "#A SadMan Software\n#D an example\n#L Easy\n4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n";

    #[test]
    fn reads_the_sadman_shape_and_detects_it() {
        assert_eq!(detect(SAMPLE.as_bytes()), Ok(Format::Sdk));
        let got = read_all(Format::Sdk, SAMPLE.as_bytes());
        assert_eq!(got.len(), 1);
        let e = got[0].as_ref().unwrap();
        assert_eq!((e.index, e.line), (1, 4));
        assert_eq!(e.puzzle.givens().filled(), 17);
        // Without headers, with zeros: still sdk.
        let bare: String = SAMPLE
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{}\n", l.replace('.', "0")))
            .collect();
        assert_eq!(detect(bare.as_bytes()), Ok(Format::Sdk));
        assert_eq!(
            read_all(Format::Sdk, bare.as_bytes())[0]
                .as_ref()
                .unwrap()
                .puzzle,
            e.puzzle
        );
    }

    #[test]
    fn writes_rows_then_an_empty_line() {
        let e = read_all(Format::Sdk, SAMPLE.as_bytes()).remove(0).unwrap();
        let mut out = Vec::new();
        write(&mut out, e.puzzle.givens(), Style::default()).unwrap();
        let want: String = SAMPLE
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
            + "\n";
        assert_eq!(String::from_utf8(out).unwrap(), want);
    }

    fn boxed(r: usize, c: usize) -> impl Strategy<Value = Grid> {
        let n = r * c;
        proptest::collection::vec(proptest::option::weighted(0.4, 0..n as u8), n * n).prop_map(
            move |cells| {
                Grid::from_cells(n, cells.into_iter().map(|c| c.map(Digit::new)).collect()).unwrap()
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn sdk_round_trips(
            grids in proptest::collection::vec(prop_oneof![boxed(3, 3), boxed(2, 2), boxed(4, 4)], 1..4),
            letters in any::<bool>(),
        ) {
            let alphabet = if letters { Alphabet::Letters } else { Alphabet::Numeric };
            let mut out = Vec::new();
            for g in &grids {
                write(&mut out, g, Style { alphabet }).unwrap();
            }
            let got = read_all(Format::Sdk, &out);
            prop_assert_eq!(got.len(), grids.len());
            for (e, g) in got.iter().zip(&grids) {
                let e = e.as_ref().unwrap();
                prop_assert_eq!(e.puzzle.givens(), g);
                prop_assert_eq!(
                    e.puzzle.geometry().box_shape(),
                    Geometry::square(g.size()).unwrap().box_shape()
                );
            }
        }
    }
}
