//! The `ss` format (Simple Sudoku): a boxed grid with `|` between boxes,
//! `|---+---+---|` lines between bands and, optionally, a `*-----------*`
//! frame above and below; `.` (or `0`) empty.
//!
//! ```text
//! *-----------*
//! |4..|...|8.5|
//! |.3.|...|...|
//! |...|7..|...|
//! |---+---+---|
//! ...
//! *-----------*
//! ```
//!
//! - Reading: the [`grid`](super::grid) reader reads this shape (`|`, `+`,
//!   `*` and frame lines are decoration, and give the box shape), so
//!   [`Reader`] is that reader.
//! - Output ([`write`](fn@write)): the frame, the rows and the band lines as above
//!   (boxes from the geometry; none for a jigsaw), then an empty line.

use std::io::{self, Write};

use super::records::open;
use super::{block, box_shape, Descriptor, Format, Style};
use crate::{Geometry, Grid};

use super::grid::Parser;
pub use super::grid::Reader;

/// Writes `grid` (solved or not) in the Simple Sudoku shape, boxes from
/// `geometry`, `.` for empty cells, then an empty line; sides above 61 (no
/// single symbol for every digit) with numbers, blank-separated, which the
/// reader reads back.
///
/// # Errors
/// Errors of `out`.
pub fn write<W: Write + ?Sized>(
    out: &mut W,
    grid: &Grid,
    geometry: &Geometry,
    style: Style,
) -> io::Result<()> {
    block::write(out, grid, box_shape(grid, geometry), style, &block::SS)
}

/// The `ss` format's descriptor: read as a [`grid`](super::grid); an empty
/// line ends every record.
pub(crate) const DESCRIPTOR: Descriptor = Descriptor::new(Format::Ss, "ss", open::<Parser>).block();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{detect, read_all, Alphabet};
    use crate::Digit;
    use proptest::prelude::*;
    use std::sync::Arc;

    pub(crate) const SAMPLE: &str = "\
*-----------*
|4..|...|8.5|
|.3.|...|...|
|...|7..|...|
|---+---+---|
|.2.|...|.6.|
|...|.8.|4..|
|...|.1.|...|
|---+---+---|
|...|6.3|.7.|
|5..|2..|...|
|1.4|...|...|
*-----------*

";

    #[test]
    fn writes_reads_and_detects_the_simple_sudoku_shape() {
        assert_eq!(detect(SAMPLE.as_bytes()), Ok(Format::Ss));
        // Without the outer frame, too.
        let bare: String = SAMPLE
            .lines()
            .filter(|l| !l.starts_with('*'))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(detect(bare.as_bytes()), Ok(Format::Ss));
        let e = read_all(Format::Ss, SAMPLE.as_bytes()).remove(0).unwrap();
        assert_eq!(e.puzzle.givens().filled(), 17);
        let mut out = Vec::new();
        write(&mut out, e.puzzle.givens(), e.puzzle.geometry(), e.style).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), SAMPLE);
    }

    fn boxed(r: usize, c: usize) -> impl Strategy<Value = (Grid, Arc<Geometry>)> {
        let n = r * c;
        proptest::collection::vec(proptest::option::weighted(0.4, 0..n as u8), n * n).prop_map(
            move |cells| {
                let g = Grid::from_cells(n, cells.into_iter().map(|c| c.map(Digit::new)).collect())
                    .unwrap();
                (g, Arc::new(Geometry::boxed(r, c).unwrap()))
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn ss_round_trips(
            puzzles in proptest::collection::vec(prop_oneof![
                boxed(3, 3), boxed(2, 2), boxed(2, 3), boxed(3, 2), boxed(4, 4), boxed(3, 4)
            ], 1..4),
            letters in any::<bool>(),
        ) {
            let alphabet = if letters { Alphabet::Letters } else { Alphabet::Numeric };
            let mut out = Vec::new();
            for (g, geo) in &puzzles {
                write(&mut out, g, geo, Style { alphabet }).unwrap();
            }
            let got = read_all(Format::Ss, &out);
            prop_assert_eq!(got.len(), puzzles.len());
            for (e, (g, geo)) in got.iter().zip(&puzzles) {
                let e = e.as_ref().unwrap();
                prop_assert_eq!(e.puzzle.givens(), g);
                prop_assert_eq!(e.puzzle.geometry().box_shape(), geo.box_shape());
            }
        }
    }
}
