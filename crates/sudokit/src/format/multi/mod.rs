//! The `multi` format: multi-grid boards (samurai and its cousins,
//! [`MultiLayout`]), the board's rows as text, one a line.
//!
//! ```text
//! ..5..9...   2.....6.1
//! ..2.1..6.   ...6..73.
//! ⋮
//!       ..6......
//! ⋮
//! ```
//!
//! - A puzzle is the board's rows, one a line: a space for a hole (a place
//!   no grid covers), `.` or `0` for an empty cell, `1`-`9` for a given
//!   (then `A`-`Z`, `a`-`z` for sides above 9, or `A`-`Z` alone, as
//!   [`line`](super::line) reads them). Trailing holes may be left out;
//!   leading ones may not, they place the row. Tabs are refused: their
//!   width is unclear.
//! - Puzzles are separated by one or more blank lines (no row of a preset
//!   is all holes; in a layout given before the board, a blank line where
//!   the layout has a row of holes is that row).
//! - The layout: a line `# layout: NAME` (a preset, or grid corners such as
//!   `0,0 6,6` or `6: 0,0 4,4`: anything [`MultiLayout::parse`] reads) sets
//!   it for the puzzles after it; else the reader's
//!   [`Limits::layout`](super::Limits::layout) (the CLI's `--layout`); else
//!   the board's shape, the places it fills, must be exactly one preset's.
//!   A board a few places off one preset (a digit in a hole) is read in that
//!   preset, so that the error names the place; a shape of no preset is an
//!   error that lists them. A description that is a preset's grids is that
//!   preset, and a layout of one grid at the corner (`0,0`, `16: 0,0`) is a
//!   plain square grid. Other `#` lines are comments.
//! - JSON: a record starting with `[` is one JSON array of rows, each an
//!   array of `null` (a hole), `0` (empty) or a digit's number
//!   (`[[5,0,null,…],…]`), over as many lines as it needs (at most
//!   [`MAX_JSON`] bytes, no blank line inside); its layout comes the same
//!   way, the shape from its `null`s (and rows cut short).
//! - Boards are at most 256 rows of 256 places ([`MultiLayout`]'s bound):
//!   a record holds no more than that, however long its input.
//! - Output ([`write`](fn@write)): the board's rows, holes as spaces
//!   (trailing ones left out), `.` empty, then an empty line; a
//!   `# layout:` line first when the shape does not tell the layout (grid
//!   corners of no preset, or a preset with no hole before a cell, such as
//!   `butterfly`, whose board is any 12x12 block). A square grid is written
//!   as the layout `0,0` (`16: 0,0`), which reads back as that grid.

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use serde_json::Value;

use super::records::{open, NextRecord, RecordParser};
use super::text::{char_column, symbol_error, Lines, Lookahead};
use super::{above_max_side, block_symbols, choose_alphabet, Alphabet};
use super::{Descriptor, Format, LineRecords};
use super::{Entry, Limits, ParseError, ParseErrorKind, Style};
use crate::{Digit, Geometry, Grid, MultiLayout, Puzzle};

// `read`'s `Limits` names the choice: it lives apart, importing no format.
pub(super) mod choice;
mod shape;

use shape::{by_shape, geometry_of, layout_header, presets};
pub(crate) use shape::{detect_board, is_json_board};

pub use choice::LayoutChoice;

/// Reads `multi` puzzles from a [`BufRead`], one `Result` per puzzle.
pub type Reader<R> = LineRecords<R, Parser>;

/// The most bytes one JSON board may hold (a 256x256 board of `null`s is
/// about 330 KB).
pub const MAX_JSON: usize = 1 << 20;

/// The most rows of a board, and places of a row ([`MultiLayout`]'s bound).
pub(super) const MAX_BOARD: usize = 256;

/// The `multi` record parser (see [`Reader`]).
#[derive(Debug)]
pub struct Parser {
    index: usize,
    /// The largest side accepted ([`Limits::max_side`]).
    max_side: usize,
    /// The reader's layout ([`Limits::layout`]).
    given: Option<MultiLayout>,
    /// The last `# layout:` line: its number and what it says.
    header: Option<(usize, Result<MultiLayout, String>)>,
    /// A line left for the next board (a `#` line that ended one), and the
    /// end of the input.
    place: Lookahead,
    /// The rows of the board being read, one after another, and where
    /// each ends.
    board: Vec<u8>,
    ends: Vec<usize>,
    /// The geometry of the last layout that is no preset.
    last: Option<Arc<Geometry>>,
}

impl From<Limits> for Parser {
    fn from(limits: Limits) -> Parser {
        Parser {
            index: 0,
            max_side: limits.max_side,
            given: limits.layout.map(|c| c.layout()),
            header: None,
            place: Lookahead::default(),
            board: Vec::new(),
            ends: Vec::new(),
            last: None,
        }
    }
}

/// A problem found while reading a board: line, column, what.
type Problem = (usize, Option<usize>, ParseErrorKind);

/// Where a board came from, to place its errors.
#[derive(Clone, Copy, Debug)]
enum Place {
    /// Text rows from this line on, one a line.
    Text(usize),
    /// A JSON board starting at this line.
    Json(usize),
}

impl Place {
    /// The problem `kind` at row `r`, place `c` of the board (0-based).
    fn at(self, r: usize, c: usize, kind: ParseErrorKind) -> Problem {
        match self {
            Place::Text(first) => (first + r, Some(c + 1), kind),
            Place::Json(first) => (
                first,
                None,
                ParseErrorKind::Shape {
                    reason: format!("row {}, place {}: {kind}", r + 1, c + 1),
                },
            ),
        }
    }

    fn line(self) -> usize {
        match self {
            Place::Text(l) | Place::Json(l) => l,
        }
    }
}

fn shape(reason: impl Into<String>) -> ParseErrorKind {
    ParseErrorKind::Shape {
        reason: reason.into(),
    }
}

impl Parser {
    /// Makes the next line current; `Ok(false)` at end of input.
    fn advance<R: BufRead + ?Sized>(&mut self, lines: &mut Lines<R>) -> io::Result<bool> {
        self.place.advance(lines)
    }

    /// The layout given before the board (a `# layout:` line, else the
    /// reader's), or the line of a `# layout:` line that names none and why.
    fn known(&self) -> Option<Result<&MultiLayout, (usize, &str)>> {
        match &self.header {
            Some((_, Ok(l))) => Some(Ok(l)),
            Some((line, Err(why))) => Some(Err((*line, why))),
            None => self.given.as_ref().map(Ok),
        }
    }

    fn rows(&self) -> Vec<&[u8]> {
        let mut start = 0;
        self.ends
            .iter()
            .map(|&end| {
                let row = &self.board[start..end];
                start = end;
                row
            })
            .collect()
    }

    /// Adds the current line to the board as a row.
    fn row<R: BufRead + ?Sized>(&mut self, lines: &Lines<R>, problem: &mut Option<Problem>) {
        let line = lines.number();
        if self.ends.len() >= MAX_BOARD {
            let kind = shape(format!("more than {MAX_BOARD} rows: no board has more"));
            problem.get_or_insert((line, None, kind));
            return;
        }
        if let Some(kind) = lines.overflow() {
            problem.get_or_insert((line, None, kind));
            self.ends.push(self.board.len());
            return;
        }
        let raw = lines.untrimmed();
        if raw.len() > MAX_BOARD {
            let kind = shape(format!(
                "a row of {} places: no board is wider than {MAX_BOARD}",
                raw.len()
            ));
            problem.get_or_insert((line, None, kind));
            self.ends.push(self.board.len());
            return;
        }
        if let Some(i) = raw.iter().position(|&b| b == b'\t' || !b.is_ascii()) {
            let kind = match raw[i] {
                b'\t' => ParseErrorKind::Tab,
                _ => symbol_error(raw, i),
            };
            problem.get_or_insert((line, Some(char_column(raw, i)), kind));
        }
        self.board.extend_from_slice(raw);
        self.ends.push(self.board.len());
    }

    /// A board of text rows, from the current line on.
    fn text_board<R: BufRead + ?Sized>(
        &mut self,
        lines: &mut Lines<R>,
    ) -> io::Result<Result<Entry, ParseError>> {
        let first = lines.number();
        let mut problem = None;
        self.row(lines, &mut problem);
        loop {
            if !self.advance(lines)? {
                break;
            }
            if lines.is_blank() {
                // A blank line where the layout given has a row of holes
                // is that row.
                let row = self.ends.len();
                let hole_row = match self.known() {
                    Some(Ok(l)) => row < l.rows() && (0..l.columns()).all(|c| !l.covers(row, c)),
                    _ => false,
                };
                if hole_row {
                    self.ends.push(self.board.len());
                    continue;
                }
                break;
            }
            if lines.text().starts_with(b"#") {
                self.place.keep();
                break;
            }
            self.row(lines, &mut problem);
        }
        let index = self.index;
        let error = |(line, column, kind): Problem| ParseError::new(index, line, column, kind);
        if let Some(p) = problem {
            return Ok(Err(error(p)));
        }
        Ok(self.finish(Place::Text(first)).map_err(error))
    }

    /// A JSON board, from the current line (which starts with `[`) to its
    /// closing bracket.
    fn json_board<R: BufRead + ?Sized>(
        &mut self,
        lines: &mut Lines<R>,
    ) -> io::Result<Result<Entry, ParseError>> {
        let first = lines.number();
        let error =
            |index, (line, column, kind): Problem| ParseError::new(index, line, column, kind);
        let mut text = String::new();
        let mut depth = 0usize;
        let mut problem: Option<Problem> = None;
        loop {
            let line = lines.number();
            if let Some(kind) = lines.overflow() {
                problem.get_or_insert((line, None, kind));
            }
            let t = lines.text();
            let mut end = None;
            for (i, &b) in t.iter().enumerate() {
                match b {
                    b'[' => depth += 1,
                    b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            end = Some(i + 1);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let part = &t[..end.unwrap_or(t.len())];
            if let Some(e) = end.filter(|&e| e < t.len()) {
                let after = t[e..].iter().take_while(|&&b| super::text::is_blank(b));
                let column = lines.column(e + after.count());
                let kind = shape("text after the end of the JSON board (one board a record)");
                problem.get_or_insert((line, Some(column), kind));
            }
            match std::str::from_utf8(part) {
                Err(e) => {
                    let at = e.valid_up_to();
                    problem.get_or_insert((line, Some(lines.column(at)), symbol_error(part, at)));
                }
                Ok(part) if text.len() + part.len() < MAX_JSON => {
                    text.push_str(part);
                    text.push('\n');
                }
                Ok(_) => {
                    let kind = shape(format!("a JSON board longer than {MAX_JSON} bytes"));
                    problem.get_or_insert((line, None, kind));
                }
            }
            if end.is_some() {
                break;
            }
            let more = self.advance(lines)?;
            if !more || lines.is_blank() {
                let kind = shape(if more {
                    format!(
                        "the JSON board is not closed before the blank line {}",
                        lines.number()
                    )
                } else {
                    "the JSON board is not closed before the end of the input".to_string()
                });
                problem.get_or_insert((first, None, kind));
                break;
            }
        }
        if let Some(p) = problem {
            return Ok(Err(error(self.index, p)));
        }
        let value: Value = match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(e) => {
                let kind = shape(format!("broken JSON: {e}"));
                return Ok(Err(error(self.index, (first, None, kind))));
            }
        };
        if let Err(kind) = self.json_rows(&value) {
            return Ok(Err(error(self.index, (first, None, kind))));
        }
        Ok(self
            .finish(Place::Json(first))
            .map_err(|p| error(self.index, p)))
    }

    /// The rows of a JSON board into the board's bytes: `null` a hole
    /// (space), `0` empty (`.`), a number its digit's symbol.
    fn json_rows(&mut self, value: &Value) -> Result<(), ParseErrorKind> {
        let Value::Array(rows) = value else {
            return Err(shape(
                "a JSON board is an array of rows, each an array of numbers and nulls",
            ));
        };
        if rows.len() > MAX_BOARD {
            return Err(shape(format!(
                "{} rows: no board has more than {MAX_BOARD}",
                rows.len()
            )));
        }
        for (r, row) in rows.iter().enumerate() {
            let Value::Array(places) = row else {
                return Err(shape(format!("row {} is not an array", r + 1)));
            };
            if places.len() > MAX_BOARD {
                return Err(shape(format!(
                    "row {} has {} places: no board is wider than {MAX_BOARD}",
                    r + 1,
                    places.len()
                )));
            }
            for (c, v) in places.iter().enumerate() {
                let symbol = match v {
                    Value::Null => Some(b' '),
                    Value::Number(x) => match x.as_u64() {
                        Some(0) => Some(b'.'),
                        Some(d) => usize::try_from(d - 1)
                            .ok()
                            .and_then(|d| Alphabet::Numeric.symbol(d)),
                        None => None,
                    },
                    _ => None,
                };
                let Some(symbol) = symbol else {
                    let mut found: String = v.to_string().chars().take(21).collect();
                    if found.chars().count() > 20 {
                        found.pop();
                        found.push('…');
                    }
                    return Err(shape(format!(
                        "row {}, place {}: expected a digit's number (1 to {}), 0 (empty) or null (a hole), found {found}",
                        r + 1,
                        c + 1,
                        Alphabet::Numeric.max_size()
                    )));
                };
                self.board.push(symbol);
            }
            self.ends.push(self.board.len());
        }
        Ok(())
    }

    /// The entry of the board read (`self.board`, `self.ends`), in its
    /// layout.
    fn finish(&mut self, place: Place) -> Result<Entry, Problem> {
        let json = matches!(place, Place::Json(_));
        let layout = match self.known() {
            Some(Ok(l)) => l.clone(),
            Some(Err((line, why))) => {
                return Err((line, None, shape(format!("# layout: {why}"))));
            }
            None => match by_shape(&self.rows()) {
                Ok(p) => p.layout.clone(),
                Err(why) => return Err((place.line(), None, shape(why))),
            },
        };
        let n = layout.side();
        if n > self.max_side {
            return Err((place.line(), None, above_max_side(n, self.max_side)));
        }
        let geometry = geometry_of(&layout, &mut self.last);
        let rows = self.rows();
        let name = layout.name();
        if rows.len() != layout.rows() {
            let kind = shape(format!(
                "the {name} layout has {} rows; this board has {}",
                layout.rows(),
                rows.len()
            ));
            let line = match place {
                Place::Text(first) => first + rows.len().min(layout.rows() + 1) - 1,
                Place::Json(first) => first,
            };
            return Err((line, None, kind));
        }
        let mut symbols = Vec::with_capacity(geometry.cell_count());
        let mut places = Vec::with_capacity(geometry.cell_count());
        let mut wrong = None;
        'rows: for (r, row) in rows.iter().enumerate() {
            for c in 0..row.len().max(layout.columns()) {
                let b = row.get(c).copied().unwrap_or(b' ');
                match (geometry.cell_at(r, c).is_some(), b == b' ') {
                    (true, false) => {
                        symbols.push(b);
                        places.push((r, c));
                    }
                    (false, true) => {}
                    (true, true) => {
                        let kind = ParseErrorKind::MissingCell {
                            layout: name.to_string(),
                        };
                        wrong = Some(((r, c), kind));
                        break 'rows;
                    }
                    (false, false) => {
                        let kind = ParseErrorKind::InHole {
                            found: char::from(b),
                            layout: name.to_string(),
                        };
                        wrong = Some(((r, c), kind));
                        break 'rows;
                    }
                }
            }
        }
        let alphabet = if json {
            Alphabet::Numeric
        } else {
            choose_alphabet(n, &symbols)
        };
        let mut cells = Vec::with_capacity(symbols.len());
        for (k, &b) in symbols.iter().enumerate() {
            let kind = match alphabet.digit(b) {
                Some(None) => {
                    cells.push(None);
                    continue;
                }
                Some(Some(d)) if d < n => {
                    cells.push(Some(Digit::new(d as u8)));
                    continue;
                }
                Some(Some(d)) if json => ParseErrorKind::NumberOutOfRange { value: d + 1, n },
                Some(Some(_)) => ParseErrorKind::OutOfRange {
                    found: char::from(b),
                    n,
                },
                None => ParseErrorKind::Symbol {
                    found: char::from(b),
                },
            };
            // The first wrong place in reading order.
            if wrong.as_ref().is_none_or(|(at, _)| places[k] < *at) {
                wrong = Some((places[k], kind));
            }
            break;
        }
        if let Some(((r, c), kind)) = wrong {
            return Err(place.at(r, c, kind));
        }
        let grid = Grid::from_cells_of(&geometry, cells).expect("a cell a covered place");
        Ok(Entry {
            index: self.index,
            line: place.line(),
            puzzle: Puzzle::new(geometry, grid).expect("the layout's geometry"),
            style: Style { alphabet },
            warnings: Vec::new(),
            source: None,
        })
    }
}

impl RecordParser for Parser {
    fn next_record<R: BufRead + ?Sized>(&mut self, lines: &mut Lines<R>) -> NextRecord {
        // Blank lines and comments; a `# layout:` line is kept.
        loop {
            if self.place.done() {
                return None;
            }
            match self.advance(lines) {
                Err(e) => return Some(Err(e.into())),
                Ok(false) => return None,
                Ok(true) => {}
            }
            if lines.is_blank() {
                continue;
            }
            if lines.text().starts_with(b"#") {
                if let Some(said) = layout_header(lines.text()) {
                    self.header = Some((lines.number(), said));
                }
                continue;
            }
            break;
        }
        self.index += 1;
        self.board.clear();
        self.ends.clear();
        let read = if lines.text().starts_with(b"[") && !lines.too_long() {
            self.json_board(lines)
        } else {
            self.text_board(lines)
        };
        Some(match read {
            Ok(entry) => entry.map_err(Into::into),
            Err(e) => Err(e.into()),
        })
    }
}

/// The `multi` format's descriptor: an empty line ends every record.
pub(crate) const DESCRIPTOR: Descriptor =
    Descriptor::new(Format::Multi, "multi", open::<Parser>).block();

/// The `# layout:` line `geometry`'s board needs to read back as it: none
/// for a preset its shape tells; the grid corners of other layouts; `0,0`
/// (`16: 0,0`) for a square grid.
fn header_line(geometry: &Geometry) -> Option<String> {
    let Some(layout) = geometry.multi_layout() else {
        let n = geometry.size();
        let corner = if n == 9 {
            "0,0".to_string()
        } else {
            format!("{n}: 0,0")
        };
        return Some(format!("# layout: {corner}\n"));
    };
    match presets()
        .iter()
        .find(|p| p.layout.grids() == layout.grids())
    {
        Some(p) if p.detectable => None,
        Some(p) => Some(format!("# layout: {}\n", p.layout.name())),
        None => Some(format!("# layout: {}\n", layout.description())),
    }
}

/// Writes `grid` (solved or not) on `geometry`'s board: its rows, holes as
/// spaces (none at the end of a row), `.` empty (`0` where `.` would change
/// the alphabet read back), then an empty line; a `# layout:` line first
/// when the board's shape does not tell its layout (see the
/// [module docs](self)). A square grid is written as the layout `0,0`.
///
/// # Errors
/// Errors of `out`; [`io::ErrorKind::InvalidInput`] for a side above 61,
/// which has no single symbol for every digit, before writing anything.
pub fn write<W: Write + ?Sized>(
    out: &mut W,
    grid: &Grid,
    geometry: &Geometry,
    style: Style,
) -> io::Result<()> {
    let n = grid.size();
    let (alphabet, empty) = block_symbols(grid, style);
    if n > alphabet.max_size() {
        let message = format!(
            "side {n}: the multi format writes sides up to {} with single symbols",
            alphabet.max_size()
        );
        return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
    }
    // Givens of another side than the geometry's: their own square grid.
    let square;
    let geometry = if geometry.cell_count() == grid.cells().len() && geometry.size() == n {
        geometry
    } else {
        square = Geometry::shared_square(n)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e.to_string()))?;
        &*square
    };
    if let Some(line) = header_line(geometry) {
        out.write_all(line.as_bytes())?;
    }
    let (rows, columns) = geometry.board_shape();
    let mut line = Vec::with_capacity(columns + 1);
    for r in 0..rows {
        line.clear();
        for c in 0..columns {
            line.push(match geometry.cell_at(r, c) {
                None => b' ',
                Some(cell) => grid
                    .get(cell)
                    .map_or(empty, |d| alphabet.symbol(d.index()).unwrap_or(b'?')),
            });
        }
        while line.last() == Some(&b' ') {
            line.pop();
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    out.write_all(b"\n")
}

#[cfg(test)]
pub(crate) mod tests;
