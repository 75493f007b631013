//! The `jigsaw` layout format: a jigsaw puzzle of any side n as a givens
//! line of n² symbols (as in [`line`](super::line), but any side, boxes or
//! not) followed by a region line of n² symbols, each naming the region of
//! its cell, row by row; or both on one line (2n² symbols).
//!
//! ```text
//! 3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7
//! 111222333111222333111222333444555666444555666444555666777888999777888999777888999
//! ```
//!
//! - Region symbols are any of `0`-`9`, `A`-`Z`, `a`-`z`; regions are
//!   numbered in order of first appearance. There must be n of them, of n
//!   cells each (they need not be connected: the rules do not require it).
//! - Output ([`write`](fn@write)): the solution line, then the region line
//!   (`0`-`9`, then `A`-`Z`, `a`-`z`, by region number), so an answer is
//!   itself a (solved) jigsaw puzzle.

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use super::alphabet::Alphabet;
use super::line::parse_symbols;
use super::records::{open, NextRecord, RecordParser};
use super::text::{char_at, Lines};
use super::{above_max_side, Descriptor, Format, LineRecords};
use super::{Entry, Limits, ParseError, ParseErrorKind, ReadError, Style};
use crate::{Cell, Geometry, Grid, Puzzle};

/// The symbols [`write`](fn@write) uses for region numbers.
const REGION_SYMBOLS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The side n whose square is `cells` (n ≤ 61, the numeric alphabet's).
fn side(cells: usize) -> Option<usize> {
    let n = (cells as f64).sqrt().round() as usize;
    (n >= 1 && n * n == cells && n <= Alphabet::Numeric.max_size()).then_some(n)
}

/// What is wrong with a first line of `chars` symbols that is neither n²
/// nor 2n² for a side n a line can hold.
fn length_problem(chars: usize) -> String {
    let square = |c: usize| Some(c.isqrt()).filter(|n| n * n == c);
    let side = square(chars).or_else(|| square(chars / 2).filter(|_| chars.is_multiple_of(2)));
    let max = Alphabet::Numeric.max_size();
    match side {
        Some(n) if n > max => format!(
            "line has {chars} symbols, for side {n}: one-line formats write sides up to {max} \
             with single symbols, and only they hold jigsaw regions"
        ),
        _ => format!(
            "line has {chars} symbols; a jigsaw puzzle is n*n givens and n*n region symbols, \
             on one line or two"
        ),
    }
}

/// The region of each cell of a region line of side `n`, numbered in order
/// of first appearance.
///
/// # Errors
/// What is wrong, with the byte index where it makes sense.
pub(crate) fn region_map(bytes: &[u8], n: usize) -> Result<Vec<usize>, (Option<usize>, String)> {
    if bytes.len() != n * n {
        return Err((None, format!("{} symbols for {} cells", bytes.len(), n * n)));
    }
    let mut ids = [usize::MAX; 128];
    let mut count = 0;
    let mut sizes = Vec::with_capacity(n);
    let mut map = Vec::with_capacity(n * n);
    for (i, &b) in bytes.iter().enumerate() {
        if !b.is_ascii_alphanumeric() {
            return Err((
                Some(i),
                format!("unexpected character {:?}", char_at(bytes, i)),
            ));
        }
        let id = &mut ids[b as usize];
        if *id == usize::MAX {
            if count == n {
                return Err((Some(i), format!("more than {n} regions")));
            }
            *id = count;
            count += 1;
            sizes.push(0);
        }
        sizes[*id] += 1;
        map.push(*id);
    }
    if count != n || sizes.iter().any(|&s| s != n) {
        return Err((
            None,
            format!("{count} regions of sizes {sizes:?}; expected {n} regions of {n} cells"),
        ));
    }
    Ok(map)
}

/// The cells beside cell `i` of an n x n grid: right, left, below, above
/// (`None` past an edge).
pub(crate) fn neighbours(i: usize, n: usize) -> [Option<usize>; 4] {
    let (r, c) = (i / n, i % n);
    [
        (c + 1 < n).then(|| i + 1),
        (c > 0).then(|| i - 1),
        (r + 1 < n).then(|| i + n),
        (r > 0).then(|| i - n),
    ]
}

/// Whether every region of `map` (side `n`) is connected (edge to edge).
pub(crate) fn connected(map: &[usize], n: usize) -> bool {
    let mut seen = vec![false; map.len()];
    let mut done = vec![false; n];
    let mut stack = Vec::new();
    for start in 0..map.len() {
        let region = map[start];
        if done[region] {
            continue;
        }
        done[region] = true;
        let mut size = 0;
        seen[start] = true;
        stack.push(start);
        while let Some(i) = stack.pop() {
            size += 1;
            for j in neighbours(i, n).into_iter().flatten() {
                if !seen[j] && map[j] == region {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if size != n {
            return false;
        }
    }
    true
}

/// Parses a givens line of side `n`.
fn parse_givens(bytes: &[u8], n: usize) -> Result<(Grid, Alphabet), (usize, ParseErrorKind)> {
    if let Some(i) = bytes.iter().position(|b| !b.is_ascii()) {
        let found = char_at(bytes, i);
        return Err((i, ParseErrorKind::Symbol { found }));
    }
    parse_symbols(bytes, n)
}

/// Reads `jigsaw` layout puzzles from a [`BufRead`], one `Result` per
/// puzzle (one line of 2n² symbols, or two lines of n²).
pub type Reader<R> = LineRecords<R, Parser>;

/// The `jigsaw` record parser (see [`Reader`]).
#[derive(Debug)]
pub struct Parser {
    index: usize,
    geometry: Option<Arc<Geometry>>,
    givens: Vec<u8>,
    max_side: usize,
}

impl From<Limits> for Parser {
    fn from(limits: Limits) -> Parser {
        Parser {
            index: 0,
            geometry: None,
            givens: Vec::new(),
            max_side: limits.max_side,
        }
    }
}

impl Parser {
    fn geometry(&mut self, n: usize, map: &[usize]) -> Result<Arc<Geometry>, String> {
        if let Some(g) = &self.geometry {
            if g.size() == n && g.regions().eq(map.iter().copied()) {
                return Ok(g.clone());
            }
        }
        let g = Arc::new(Geometry::jigsaw(n, map).map_err(|e| e.to_string())?);
        self.geometry = Some(g.clone());
        Ok(g)
    }
}

impl RecordParser for Parser {
    fn next_record<R: BufRead + ?Sized>(&mut self, lines: &mut Lines<R>) -> NextRecord {
        // After the end of input or an I/O error, `Lines` reports the end
        // on every call.
        if let Err(e) = lines.next_record_line()? {
            return Some(Err(e.into()));
        }
        self.index += 1;
        let index = self.index;
        let first = lines.number();
        let error =
            |line, column, kind| Some(Err(ParseError::new(index, line, column, kind).into()));
        if let Some(kind) = lines.overflow() {
            return error(first, None, kind);
        }
        let text = lines.text();
        let chars = text.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        self.givens.clear();
        self.givens.extend_from_slice(text);
        let (n, region_line, region_offset) = if let Some(n) = (chars % 2 == 0)
            .then(|| side(chars / 2))
            .flatten()
            .filter(|_| text.is_ascii())
        {
            // Both on one line.
            self.givens.truncate(n * n);
            (n, first, n * n)
        } else if let Some(n) = side(chars) {
            match lines.next_nonblank() {
                Err(e) => return Some(Err(ReadError::Io(e))),
                Ok(false) => {
                    let kind = ParseErrorKind::RowCount {
                        expected: 2,
                        found: 1,
                    };
                    return error(first, None, kind);
                }
                Ok(true) => {}
            }
            if let Some(kind) = lines.overflow() {
                return error(lines.number(), None, kind);
            }
            (n, lines.number(), 0)
        } else {
            return error(
                first,
                None,
                ParseErrorKind::Shape {
                    reason: length_problem(chars),
                },
            );
        };
        if n > self.max_side {
            return error(first, None, above_max_side(n, self.max_side));
        }
        let (grid, alphabet) = match parse_givens(&self.givens, n) {
            Ok(g) => g,
            Err((i, kind)) => {
                let column = super::text::char_column(&self.givens, i);
                return error(first, Some(column), kind);
            }
        };
        let regions = if region_offset > 0 {
            &lines.text()[region_offset..]
        } else {
            lines.text()
        };
        let map = match region_map(regions, n) {
            Ok(m) => m,
            Err((at, reason)) => {
                let column = at.map(|i| lines.column(region_offset + i));
                return error(region_line, column, ParseErrorKind::RegionMap { reason });
            }
        };
        let geometry = match self.geometry(n, &map) {
            Ok(g) => g,
            Err(reason) => return error(region_line, None, ParseErrorKind::RegionMap { reason }),
        };
        Some(Ok(Entry {
            index,
            line: first,
            puzzle: Puzzle::new(geometry, grid).expect("same side"),
            style: Style { alphabet },
            warnings: Vec::new(),
            source: None,
        }))
    }
}

/// Writes `grid` (solved or not) as a givens line in `style`'s alphabet
/// (see [`line::write`](super::line::write)), then the region line of
/// `geometry` (a boxed geometry's boxes are its regions).
///
/// # Errors
/// Errors of `out`; [`io::ErrorKind::InvalidInput`] for a side above 61
/// (see [`line::write`](super::line::write)).
pub fn write<W: Write + ?Sized>(
    out: &mut W,
    grid: &Grid,
    geometry: &Geometry,
    style: Style,
) -> io::Result<()> {
    super::line::write(out, grid, style)?;
    let n = geometry.size();
    let mut line = Vec::with_capacity(n * n + 1);
    for i in 0..n * n {
        let region = geometry.region_of(Cell(i as u32));
        line.push(REGION_SYMBOLS.get(region).copied().unwrap_or(b'?'));
    }
    line.push(b'\n');
    out.write_all(&line)
}

/// The `jigsaw` format's descriptor.
pub(crate) const DESCRIPTOR: Descriptor =
    Descriptor::new(Format::Jigsaw, "jigsaw", open::<Parser>).multi_line();

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::format::{read, read_all, read_with_limits, Limits, ReadError};
    use crate::{validate, Dfs, Digit, Engine};
    use proptest::prelude::*;

    pub(crate) const GIVENS: &str =
        "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7";
    /// Nine connected regions: the 3x3 boxes, but the first two trade
    /// cells.
    pub(crate) const REGIONS: &str =
        "000011222001111222000111222333444555333444555333444555666777888666777888666777888";

    #[test]
    fn two_lines_or_one_read_the_same() {
        let two = format!("{GIVENS}\n{REGIONS}\n");
        let one = format!("{GIVENS}{REGIONS}\n");
        let a = read_all(Format::Jigsaw, two.as_bytes()).remove(0).unwrap();
        let b = read_all(Format::Jigsaw, one.as_bytes()).remove(0).unwrap();
        assert_eq!(a.puzzle, b.puzzle);
        assert_eq!(a.puzzle.geometry().layout(), crate::Layout::Jigsaw);
        let answer = Dfs::new().solve(&a.puzzle, 2).unwrap();
        if let Some(s) = &answer.first {
            validate(&a.puzzle, s).unwrap();
        }
    }

    /// `sdm`, `pencilmark` and `jigsaw` honour the caller's line bound (and
    /// `jigsaw` the side bound): the overlong puzzle is an error that names
    /// its line, and the puzzles around it are read.
    #[test]
    fn every_line_reader_honours_the_limits() {
        let sdm = "0".repeat(81);
        let pencilmark = "123456789".repeat(81);
        let jigsaw = format!("{}{}", GIVENS, REGIONS);
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
        let jigsaw = format!("{}{}\n", GIVENS, REGIONS);
        let limits = Limits {
            max_side: 8,
            ..Limits::default()
        };
        match read_with_limits(Format::Jigsaw, jigsaw.as_bytes(), limits).next() {
            Some(Err(ReadError::Parse(e))) => {
                assert_eq!(e.kind, ParseErrorKind::AboveMaxSide { n: 9, max: 8 }, "{e}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_region_lines_are_errors_and_reading_goes_on() {
        let few = REGIONS.replacen('8', "7", 1);
        let input = format!(
            "{GIVENS}\n{few}\n{GIVENS}\n{}\n{GIVENS}\n{REGIONS}\n",
            &REGIONS[..80]
        );
        let got = read_all(Format::Jigsaw, input.as_bytes());
        assert_eq!(got.len(), 3);
        let e = got[0].as_ref().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(matches!(e.kind, ParseErrorKind::RegionMap { .. }), "{e}");
        let e = got[1].as_ref().unwrap_err();
        assert_eq!(e.line, 4);
        assert_eq!(got[2].as_ref().unwrap().line, 5);
        // A 7x7 jigsaw: no boxes needed.
        let seven_regions: String = (0..49).map(|i| (b'a' + (i / 7) as u8) as char).collect();
        let seven = format!("{}\n{seven_regions}\n", ".".repeat(49));
        let e = read_all(Format::Jigsaw, seven.as_bytes())
            .remove(0)
            .unwrap();
        assert_eq!(e.puzzle.size(), 7);
        let s = Dfs::new().solve(&e.puzzle, 1).unwrap().first.unwrap();
        validate(&e.puzzle, &s).unwrap();
    }

    /// A random partition of an n x n grid into n connected regions of n
    /// cells, grown from the rows (swapping cells along region borders keeps
    /// sizes; any map is fine for the format, connected or not).
    fn region_strategy(n: usize) -> impl Strategy<Value = Vec<usize>> {
        proptest::collection::vec((0..n * n, 0..n * n), 0..3 * n).prop_map(move |swaps| {
            let mut map: Vec<usize> = (0..n * n).map(|i| i / n).collect();
            for (a, b) in swaps {
                map.swap(a, b);
            }
            map
        })
    }

    fn puzzle_strategy() -> impl Strategy<Value = (Vec<Option<u8>>, Vec<usize>, usize)> {
        (4usize..=12).prop_flat_map(|n| {
            (
                proptest::collection::vec(proptest::option::weighted(0.4, 0..n as u8), n * n),
                region_strategy(n),
                Just(n),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn jigsaw_layouts_round_trip((cells, map, n) in puzzle_strategy(), letters in any::<bool>()) {
            let grid = Grid::from_cells(n, cells.into_iter().map(|c| c.map(Digit::new)).collect()).unwrap();
            let geometry = Geometry::jigsaw(n, &map).unwrap();
            let alphabet = if letters { Alphabet::Letters } else { Alphabet::Numeric };
            let mut out = Vec::new();
            write(&mut out, &grid, &geometry, Style { alphabet }).unwrap();
            let got = read_all(Format::Jigsaw, &out);
            prop_assert_eq!(got.len(), 1);
            let e = got[0].as_ref().unwrap();
            prop_assert_eq!(e.puzzle.givens(), &grid);
            // Same partition (region numbers may differ).
            let same = (0..n * n).all(|i| (0..n * n).all(|j| {
                (map[i] == map[j]) == (e.puzzle.geometry().region_of(Cell(i as u32))
                    == e.puzzle.geometry().region_of(Cell(j as u32)))
            }));
            prop_assert!(same);
        }

        #[test]
        fn arbitrary_input_never_panics(input in crate::format::read::tests::line_bytes()) {
            crate::format::read::tests::read_everything(Format::Jigsaw, &input);
        }
    }
}
