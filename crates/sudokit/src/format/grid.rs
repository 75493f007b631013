//! The `grid` format: the human form, one row per line.
//!
//! - A puzzle is n rows of n cells; n is the number of cells in its first row.
//!   Each cell is one symbol ([`alphabet`](super::alphabet)); cells may be
//!   separated by blanks. `.`, `0`, `_` and `-` are empty cells.
//! - `|`, `+` and `*` inside a row are decoration. A line made only of `-`,
//!   `=`, `+`, `*`, `|` and blanks is a frame line (decoration), so a row of
//!   empty cells must use `.`, `0` or `_` (the writer uses `.`). Lines starting
//!   with `#` are comments (the `.sdk` header lines).
//! - The box shape comes from the decoration when there is some: the cells
//!   between `|` separators give the box width, the rows between frame lines
//!   the box height (one is enough, the other is n divided by it). Without
//!   separators the side's usual shape
//!   ([`default_box_shape`](crate::default_box_shape)) is used.
//! - Puzzles are separated by blank lines; a puzzle also ends after its n-th
//!   row (and the frame lines right after it), so puzzles may follow each
//!   other directly. A blank line (or the end of the input) before the n-th row
//!   makes the puzzle an error ([`ParseErrorKind::RowCount`]).
//! - The alphabet is chosen per puzzle as for [`line`](super::line): letters
//!   `A`-`Z` for sides 10..=26 without any `0`-`9`, else `1`-`9A`-`Za`-`z`.
//! - Cells may also be numbers (`16 . 10 3 | …`): a row whose blank-separated
//!   cells are numbers and empty marks, some 10 or more, is read that way (a
//!   number above the side is an error), and the puzzle is
//!   [`Alphabet::Decimal`]. So is every puzzle of a side above 61, which has
//!   no single symbol for every digit: sides up to
//!   [`MAX_SIZE`] (64) are read.
//! - Output ([`write`](fn@write)): rows like `4 1 7 | 3 6 9 | 8 2 5` with separator
//!   lines like `------+-------+------` between bands, empty cells `.`, and an
//!   empty line after every puzzle; an [`Alphabet::Decimal`] puzzle is written
//!   with numbers, right-aligned (`16  . 10  3 | …`).

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use super::records::{open, NextRecord, RecordParser};
use super::text::{symbol_error, Lines, Lookahead};
use super::{above_max_side, block, box_shape, choose_alphabet, Alphabet};
use super::{Descriptor, Format, LineRecords};
use super::{Entry, Limits, ParseError, ParseErrorKind, ReadError, Style};
use crate::{Digit, Geometry, Grid, Puzzle, MAX_SIZE};

mod numbers;

/// Reads `grid` puzzles from a [`BufRead`], one `Result` per puzzle; grids
/// above [`MAX_SIZE`] are errors whatever [`Limits::max_side`] says.
pub type Reader<R> = LineRecords<R, Parser>;

/// The `grid` record parser (see [`Reader`]).
#[derive(Debug)]
pub struct Parser {
    /// A line left for the next puzzle, and the end of the input.
    place: Lookahead,
    index: usize,
    geometry: Option<Arc<Geometry>>,
    symbols: Vec<u8>,
    /// Line and byte index in that line of each symbol (for error columns).
    positions: Vec<(usize, usize)>,
    /// The largest side accepted: [`Limits::max_side`], at most [`MAX_SIZE`].
    max_side: usize,
    /// A row of numbers: each cell's value (0 empty) and byte index.
    numbered: Vec<(u8, usize)>,
}

/// Widths of the `|`-separated segments of a row.
#[derive(Debug, Default)]
struct Segments {
    count: usize,
    first: usize,
    other: Option<usize>,
}

impl Segments {
    fn close(&mut self, width: usize) {
        if width == 0 {
            return;
        }
        if self.count == 0 {
            self.first = width;
        } else if width != self.first && self.other.is_none() {
            self.other = Some(width);
        }
        self.count += 1;
    }

    /// The common width when there are two segments or more; the first two
    /// different widths when they differ.
    fn width(&self) -> Option<Result<usize, (usize, usize)>> {
        let width = match self.other {
            None => Ok(self.first),
            Some(w) => Err((self.first, w)),
        };
        (self.count >= 2).then_some(width)
    }
}

fn is_frame_char(b: u8) -> bool {
    matches!(b, b'-' | b'=' | b'+' | b'*' | b'|')
}

/// Whether a non-blank line is a frame line.
fn is_frame(text: &[u8]) -> bool {
    text.iter()
        .all(|&b| is_frame_char(b) || super::text::is_blank(b))
}

/// What one puzzle's lines looked like so far.
#[derive(Debug, Default)]
struct Block {
    first_line: usize,
    last_line: usize,
    n: usize,
    rows: usize,
    /// Box width seen in `|` separators.
    width: Option<usize>,
    /// Row counts after which a frame line came (inside the grid).
    frames_after: Vec<usize>,
    problem: Option<(usize, Option<usize>, ParseErrorKind)>,
    /// Bit `r` set: row `r` was written with numbers, so its stored
    /// symbols are values (0 empty) rather than symbols. A stored puzzle has
    /// at most [`MAX_SIZE`] rows.
    number_rows: u64,
}

impl From<Limits> for Parser {
    fn from(limits: Limits) -> Parser {
        Parser {
            max_side: limits.max_side.min(MAX_SIZE),
            place: Lookahead::default(),
            index: 0,
            geometry: None,
            symbols: Vec::new(),
            positions: Vec::new(),
            numbered: Vec::new(),
        }
    }
}

/// Whether a line is a comment (the `.sdk` header lines).
fn is_comment(text: &[u8]) -> bool {
    text.first() == Some(&b'#')
}

impl Parser {
    /// Makes the next line current; `Ok(false)` at end of input.
    fn advance<R: BufRead + ?Sized>(&mut self, lines: &mut Lines<R>) -> io::Result<bool> {
        self.place.advance(lines)
    }

    /// Adds the current line (a row) to the block.
    fn row<R: BufRead + ?Sized>(&mut self, lines: &Lines<R>, block: &mut Block) {
        let line = lines.number();
        block.last_line = line;
        block.rows += 1;
        if let Some(kind) = lines.overflow() {
            block.problem.get_or_insert((line, None, kind));
            return;
        }
        let text = lines.text();
        let base = lines.column(0);
        let mut chars = 0;
        let mut cells = 0;
        let mut bar = false;
        let mut segments = Segments::default();
        let mut segment = 0;
        let mut bad = None;
        // Cells are stored only while the side is one a puzzle can have, so a
        // huge "row" cannot make the reader hold a huge grid.
        let store = block.rows == 1 || block.n <= self.max_side;
        let later = (block.rows > 1).then_some(block.n);
        let kind = numbers::read_row(text, later, &mut self.numbered, &mut segments);
        if let numbers::Row::OutOfRange(value, i) = kind {
            let n = later.unwrap_or(self.numbered.len());
            let kind = ParseErrorKind::NumberOutOfRange { value, n };
            block.problem.get_or_insert((line, Some(base + i), kind));
        }
        if kind != numbers::Row::Symbols {
            if let Some(bit) = u32::try_from(block.rows - 1)
                .ok()
                .and_then(|r| 1u64.checked_shl(r))
            {
                block.number_rows |= bit;
            }
            cells = self.numbered.len();
            if store {
                for &(symbol, i) in &self.numbered {
                    self.symbols.push(symbol);
                    self.positions.push((line, base + i));
                }
            }
        } else {
            for (i, &b) in text.iter().enumerate() {
                let column = base + chars;
                if b & 0xC0 == 0x80 {
                    continue;
                }
                chars += 1;
                if super::text::is_blank(b) || b == b'+' || b == b'*' {
                    continue;
                }
                if b == b'|' {
                    bar = true;
                    segments.close(segment);
                    segment = 0;
                    continue;
                }
                segment += 1;
                cells += 1;
                if !b.is_ascii_alphanumeric()
                    && !super::alphabet::is_empty_symbol(b)
                    && bad.is_none()
                {
                    bad = Some((column, symbol_error(text, i)));
                }
                if store {
                    self.symbols.push(b);
                    self.positions.push((line, column));
                }
            }
            if bar {
                segments.close(segment);
            }
        }
        if block.rows == 1 {
            block.n = cells;
            if cells > self.max_side {
                self.symbols.clear();
                self.positions.clear();
                let kind = if cells > MAX_SIZE {
                    ParseErrorKind::RowTooLong {
                        found: cells,
                        max: MAX_SIZE,
                    }
                } else {
                    above_max_side(cells, self.max_side)
                };
                block.problem.get_or_insert((line, None, kind));
            }
        }
        if let Some((column, kind)) = bad {
            block.problem.get_or_insert((line, Some(column), kind));
        }
        if cells != block.n {
            let kind = ParseErrorKind::RowLength {
                expected: block.n,
                found: cells,
            };
            block.problem.get_or_insert((line, None, kind));
        }
        match segments.width() {
            Some(Ok(w)) if w < block.n => match block.width {
                None => block.width = Some(w),
                Some(prev) if prev != w => {
                    let kind = ParseErrorKind::Boxes {
                        reason: format!("boxes {prev} cells wide, then {w}"),
                    };
                    block.problem.get_or_insert((line, None, kind));
                }
                Some(_) => {}
            },
            Some(Err((a, b))) => {
                let kind = ParseErrorKind::Boxes {
                    reason: format!("`|` separators {a} cells apart, then {b}"),
                };
                block.problem.get_or_insert((line, None, kind));
            }
            _ => {}
        }
    }

    /// Box shape for a block of side `n`.
    fn shape(block: &Block) -> Result<(usize, usize), ParseErrorKind> {
        let n = block.n;
        let uneven = |reason: String| ParseErrorKind::Boxes { reason };
        let mut height = None;
        let mut prev = 0;
        for &k in &block.frames_after {
            let h = k - prev;
            match height {
                None => height = Some(h),
                Some(x) if x != h => {
                    return Err(uneven(format!("frame lines {x} rows apart, then {h}")))
                }
                Some(_) => {}
            }
            prev = k;
        }
        if let Some(h) = height {
            if n - prev != h {
                return Err(uneven(format!(
                    "frame lines {h} rows apart, then {}",
                    n - prev
                )));
            }
        }
        let (r, c) = match (height, block.width) {
            (Some(r), Some(c)) => (r, c),
            (Some(r), None) => (r, n / r),
            (None, Some(c)) => (n / c, c),
            (None, None) => crate::default_box_shape(n).ok_or(ParseErrorKind::Side {
                n,
                reason: "it has no box shape (prime or below 4)",
            })?,
        };
        if r * c != n || r < 2 || c < 2 {
            return Err(uneven(format!(
                "boxes of {r}x{c} do not tile a {n}x{n} grid"
            )));
        }
        Ok((r, c))
    }

    fn finish(&mut self, block: Block) -> Result<Entry, ParseError> {
        let n = block.n;
        let error = |line, column, kind| ParseError::new(self.index, line, column, kind);
        if let Some((line, column, kind)) = block.problem {
            return Err(error(line, column, kind));
        }
        if block.rows < n {
            let kind = ParseErrorKind::RowCount {
                expected: n,
                found: block.rows,
            };
            return Err(error(block.last_line, None, kind));
        }
        let (r, c) = Self::shape(&block).map_err(|kind| error(block.first_line, None, kind))?;
        let alphabet = if block.number_rows != 0 || n > Alphabet::Numeric.max_size() {
            Alphabet::Decimal
        } else {
            choose_alphabet(n, &self.symbols)
        };
        let mut cells = Vec::with_capacity(n * n);
        for (k, &b) in self.symbols.iter().enumerate() {
            let digit = if block.number_rows >> (k / n) & 1 == 1 {
                // A value, checked against the side by `numbers::read_row`.
                Some(usize::from(b).checked_sub(1))
            } else {
                alphabet.digit(b)
            };
            match digit {
                Some(None) => cells.push(None),
                Some(Some(d)) if d < n => cells.push(Some(Digit::new(d as u8))),
                _ => {
                    let (line, column) = self.positions[k];
                    let kind = ParseErrorKind::OutOfRange {
                        found: b as char,
                        n,
                    };
                    return Err(error(line, Some(column), kind));
                }
            }
        }
        let geometry = match &self.geometry {
            Some(g) if g.box_shape() == Some((r, c)) => g.clone(),
            _ => {
                let g = Arc::new(Geometry::boxed(r, c).expect("shape checked"));
                self.geometry = Some(g.clone());
                g
            }
        };
        let grid = Grid::from_cells(n, cells).expect("digits checked");
        Ok(Entry {
            index: self.index,
            line: block.first_line,
            puzzle: Puzzle::new(geometry, grid).expect("same side"),
            style: Style { alphabet },
            warnings: Vec::new(),
            source: None,
        })
    }
}

impl RecordParser for Parser {
    fn next_record<R: BufRead + ?Sized>(&mut self, lines: &mut Lines<R>) -> NextRecord {
        // Skip blank lines, comments and stray frame-only blocks.
        let mut block = Block::default();
        loop {
            if self.place.done() {
                return None;
            }
            match self.advance(lines) {
                Err(e) => return Some(Err(ReadError::Io(e))),
                Ok(false) => return None,
                Ok(true) => {}
            }
            if lines.is_blank() || is_comment(lines.text()) {
                block.first_line = 0;
                continue;
            }
            if block.first_line == 0 {
                block.first_line = lines.number();
            }
            if lines.too_long() || !is_frame(lines.text()) {
                break;
            }
        }
        self.index += 1;
        self.symbols.clear();
        self.positions.clear();
        self.row(lines, &mut block);
        let mut bottom_frame = false;
        loop {
            match self.advance(lines) {
                Err(e) => return Some(Err(ReadError::Io(e))),
                Ok(false) => break,
                Ok(true) => {}
            }
            if lines.is_blank() {
                break;
            }
            if is_comment(lines.text()) {
                continue;
            }
            if !lines.too_long() && is_frame(lines.text()) {
                if block.rows < block.n {
                    // More frame lines than rows cannot tile anything: keep
                    // no more, so endless frame lines hold no memory.
                    if block.frames_after.len() <= block.n {
                        block.frames_after.push(block.rows);
                    }
                } else if std::mem::replace(&mut bottom_frame, true) {
                    // One frame line closes the grid; a second one opens the
                    // next puzzle.
                    self.place.keep();
                    break;
                }
                continue;
            }
            if block.rows >= block.n {
                // The next puzzle starts right here.
                self.place.keep();
                break;
            }
            self.row(lines, &mut block);
        }
        Some(self.finish(block).map_err(ReadError::from))
    }
}

/// The `grid` format's descriptor: an empty line ends every record.
pub(crate) const DESCRIPTOR: Descriptor =
    Descriptor::new(Format::Grid, "grid", open::<Parser>).block();

/// Writes `grid` (solved or not) as a pretty grid: cells separated by blanks,
/// `|` between boxes and `-`/`+` lines between bands (from `geometry`'s box
/// shape; none for jigsaw geometries), empty cells `.`, then an empty line.
/// With [`Alphabet::Decimal`], and for sides above 61, the cells are
/// numbers, right-aligned.
///
/// # Errors
/// Errors of `out`.
pub fn write<W: Write + ?Sized>(
    out: &mut W,
    grid: &Grid,
    geometry: &Geometry,
    style: Style,
) -> io::Result<()> {
    block::write(out, grid, box_shape(grid, geometry), style, &block::GRID)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{read, writable_alphabet, Alphabet};
    use proptest::prelude::*;

    fn entries(input: &[u8]) -> Vec<Result<Entry, ParseError>> {
        crate::format::read_all(Format::Grid, input)
    }

    const PRETTY: &str = "\
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .

";

    #[test]
    fn writes_and_reads_the_pretty_grid() {
        let puzzle = crate::format::line::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let text = crate::format::puzzle_text(Format::Grid, &puzzle, Style::default());
        assert_eq!(text.unwrap(), PRETTY);
        let got = entries(PRETTY.as_bytes());
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].as_ref().unwrap().puzzle, puzzle);
    }

    #[test]
    fn reads_sdk_ss_and_compact_forms() {
        let sdk = "#A someone\n#D a puzzle\n4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......\n";
        let ss = "*-----------*\n|4..|...|8.5|\n|.3.|...|...|\n|...|7..|...|\n|---+---+---|\n|.2.|...|.6.|\n|...|.8.|4..|\n|...|.1.|...|\n|---+---+---|\n|...|6.3|.7.|\n|5..|2..|...|\n|1.4|...|...|\n*-----------*\n";
        let zeros = sdk.replace('.', "0");
        let spaced = "4 _ _ _ _ _ 8 _ 5\r\n. 3 . . . . . . .\r\n. . . 7 . . . . .\r\n. 2 . . . . . 6 .\r\n. . . . 8 . 4 . .\r\n. . . . 1 . . . .\r\n. . . 6 . 3 . 7 .\r\n5 . . 2 . . . . .\r\n1 . 4 . . . . . .";
        let want = entries(PRETTY.as_bytes()).remove(0).unwrap().puzzle;
        for input in [sdk, ss, &zeros, spaced] {
            let got = entries(input.as_bytes());
            assert_eq!(got.len(), 1, "{input}");
            assert_eq!(got[0].as_ref().unwrap().puzzle, want, "{input}");
        }
        // Puzzles may follow each other without a blank line.
        let two = format!("{ss}{ss}\n\n{sdk}");
        let got = entries(two.as_bytes());
        assert_eq!(got.len(), 3);
        assert_eq!(got[1].as_ref().unwrap().line, 14);
        assert_eq!(got[2].as_ref().unwrap().line, 31);
    }

    #[test]
    fn box_shape_comes_from_the_separators() {
        let six = "1 2 | 3 4 | 5 6\n. . | . . | . .\n. . | . . | . .\n----+-----+----\n. . | . . | . .\n. . | . . | . .\n. . | . . | . .\n";
        let e = entries(six.as_bytes()).remove(0).unwrap();
        assert_eq!(e.puzzle.geometry().box_shape(), Some((3, 2)));
        let plain = "123456\n......\n......\n......\n......\n......\n";
        let e = entries(plain.as_bytes()).remove(0).unwrap();
        assert_eq!(e.puzzle.geometry().box_shape(), Some((2, 3)));
        let uneven = "1 2 | 3 4 5 6\n......\n......\n......\n......\n......\n";
        let e = entries(uneven.as_bytes()).remove(0).unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Boxes { .. }));
        assert_eq!(e.line, 1);
    }

    #[test]
    fn malformed_puzzles_are_errors_and_reading_goes_on() {
        let short_row = PRETTY.replacen(". 2 . | . . . | . 6 .", ". 2 . | . . . | . 6", 1);
        let bad_char = PRETTY.replacen(". . . | . 8 .", ". . . | . 8 ?", 1);
        let big = PRETTY.replacen("5 . . | 2", "5 . . | A", 1);
        let truncated: String = PRETTY.lines().take(6).map(|l| format!("{l}\n")).collect();
        let input = format!("{short_row}{bad_char}{big}{truncated}\n{PRETTY}");
        let got = entries(input.as_bytes());
        assert_eq!(got.len(), 5);
        let e: Vec<_> = got[..4].iter().map(|e| e.as_ref().unwrap_err()).collect();
        assert_eq!(
            (e[0].puzzle, e[0].line, &e[0].kind),
            (
                1,
                5,
                &ParseErrorKind::RowLength {
                    expected: 9,
                    found: 8
                }
            )
        );
        assert_eq!((e[1].line, e[1].column), (18, Some(13)));
        assert_eq!(e[1].kind, ParseErrorKind::Symbol { found: '?' });
        assert_eq!((e[2].line, e[2].column), (34, Some(9)));
        assert_eq!(e[2].kind, ParseErrorKind::OutOfRange { found: 'A', n: 9 });
        assert_eq!(
            (e[3].line, &e[3].kind),
            (
                42,
                &ParseErrorKind::RowCount {
                    expected: 9,
                    found: 5
                }
            )
        );
        assert_eq!(got[4].as_ref().unwrap().line, 44);
        // Sides without boxes.
        let e = entries(b"1 2 3\n. . .\n. . .\n").remove(0).unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Side { n: 3, .. }));
    }

    fn boxed_grid(r: usize, c: usize) -> impl Strategy<Value = (Grid, Arc<Geometry>)> {
        let n = r * c;
        proptest::collection::vec(proptest::option::weighted(0.4, 0..n as u8), n * n).prop_map(
            move |cells| {
                let grid =
                    Grid::from_cells(n, cells.into_iter().map(|c| c.map(Digit::new)).collect())
                        .unwrap();
                (grid, Arc::new(Geometry::boxed(r, c).unwrap()))
            },
        )
    }

    fn round_trip(puzzles: &[(Grid, Arc<Geometry>)], alphabet: Alphabet) {
        let mut out = Vec::new();
        for (g, geo) in puzzles {
            write(&mut out, g, geo, Style { alphabet }).unwrap();
        }
        let got = entries(&out);
        assert_eq!(got.len(), puzzles.len());
        for (e, (g, geo)) in got.iter().zip(puzzles) {
            let e = e.as_ref().unwrap();
            assert_eq!(e.puzzle.givens(), g);
            assert_eq!(e.puzzle.geometry().box_shape(), geo.box_shape());
            assert_eq!(e.style.alphabet, writable_alphabet(g.size(), alphabet));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn numeric_grids_round_trip(puzzles in proptest::collection::vec(prop_oneof![
            boxed_grid(2, 2), boxed_grid(2, 3), boxed_grid(3, 2), boxed_grid(2, 4), boxed_grid(4, 2),
            boxed_grid(3, 3), boxed_grid(3, 4), boxed_grid(4, 3), boxed_grid(4, 4), boxed_grid(5, 5),
        ], 1..3)) {
            round_trip(&puzzles, Alphabet::Numeric);
        }

        #[test]
        fn letter_grids_round_trip(puzzles in proptest::collection::vec(prop_oneof![
            boxed_grid(3, 4), boxed_grid(4, 4), boxed_grid(5, 5), boxed_grid(2, 5)
        ], 1..3)) {
            round_trip(&puzzles, Alphabet::Letters);
        }

        #[test]
        fn arbitrary_input_never_panics(input in proptest::collection::vec(
            prop_oneof![Just(b'.'), Just(b'|'), Just(b'-'), Just(b' '), Just(b'\n'), b'0'..=b'9', any::<u8>()],
            0..600)
        ) {
            for r in read(Format::Grid, &input[..]) {
                let _ = r;
            }
        }
    }
}
