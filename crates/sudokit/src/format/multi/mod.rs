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
use std::sync::{Arc, OnceLock};

use serde_json::Value;

use super::records::{open, NextRecord, RecordParser};
use super::text::{char_column, symbol_error, Lines};
use super::{above_max_side, block_symbols, choose_alphabet, Alphabet};
use super::{Descriptor, Format, LineRecords};
use super::{Entry, Limits, ParseError, ParseErrorKind, Style};
use crate::{default_box_shape, Digit, Geometry, Grid, MultiLayout, Puzzle};

// `read`'s `Limits` names the choice: it lives apart, importing no format.
pub(super) mod choice;

use choice::canonical;
pub use choice::LayoutChoice;

/// Reads `multi` puzzles from a [`BufRead`], one `Result` per puzzle.
pub type Reader<R> = LineRecords<R, Parser>;

/// The most bytes one JSON board may hold (a 256x256 board of `null`s is
/// about 330 KB).
pub const MAX_JSON: usize = 1 << 20;

/// The most rows of a board, and places of a row ([`MultiLayout`]'s bound).
const MAX_BOARD: usize = 256;

/// A preset layout, its geometry once built, and whether its shape tells it.
#[derive(Debug)]
struct Preset {
    layout: MultiLayout,
    geometry: OnceLock<Arc<Geometry>>,
    /// Some row has a hole before a cell (a leading or inner run of
    /// spaces), and no other preset has its shape: detection tells it.
    detectable: bool,
}

/// Every preset, built once.
fn presets() -> &'static [Preset] {
    static PRESETS: OnceLock<Vec<Preset>> = OnceLock::new();
    PRESETS.get_or_init(|| {
        let layouts: Vec<MultiLayout> = MultiLayout::preset_names()
            .filter_map(MultiLayout::preset)
            .collect();
        layouts
            .iter()
            .map(|l| Preset {
                layout: l.clone(),
                geometry: OnceLock::new(),
                detectable: hole_before_cell(l)
                    && layouts.iter().filter(|o| same_shape(o, l)).count() == 1,
            })
            .collect()
    })
}

/// Whether two layouts cover the same places.
fn same_shape(a: &MultiLayout, b: &MultiLayout) -> bool {
    (a.rows(), a.columns()) == (b.rows(), b.columns())
        && (0..a.rows()).all(|r| (0..a.columns()).all(|c| a.covers(r, c) == b.covers(r, c)))
}

/// Whether some row of `layout` has a hole before a cell.
fn hole_before_cell(layout: &MultiLayout) -> bool {
    (0..layout.rows()).any(|r| {
        let mut hole = false;
        (0..layout.columns()).any(|c| {
            let covered = layout.covers(r, c);
            hole |= !covered;
            hole && covered
        })
    })
}

/// The places where `rows` (a space a hole, a row cut short ending in
/// holes) and `layout` disagree; `None` when the row counts differ.
fn mismatches(layout: &MultiLayout, rows: &[&[u8]]) -> Option<usize> {
    if rows.len() != layout.rows() {
        return None;
    }
    let mut wrong = 0;
    for (r, row) in rows.iter().enumerate() {
        for c in 0..row.len().max(layout.columns()) {
            let filled = row.get(c).is_some_and(|&b| b != b' ');
            let covered = c < layout.columns() && layout.covers(r, c);
            wrong += usize::from(filled != covered);
        }
    }
    Some(wrong)
}

/// The preset `rows` are nearly in: off in at most a twentieth of the
/// board's places (a digit in a hole, a cell left blank), the fewest.
fn nearest(rows: &[&[u8]]) -> Option<(&'static Preset, usize)> {
    presets()
        .iter()
        .filter_map(|p| mismatches(&p.layout, rows).map(|m| (p, m)))
        .filter(|(p, m)| m * 20 <= p.layout.rows() * p.layout.columns())
        .min_by_key(|&(_, m)| m)
}

/// The names of the presets, for messages.
fn preset_list() -> String {
    MultiLayout::preset_names().collect::<Vec<_>>().join(", ")
}

/// The layout a board's shape says: the one preset whose places it fills,
/// or the nearest (see [`nearest`]); else why none.
fn by_shape(rows: &[&[u8]]) -> Result<&'static Preset, String> {
    let exact: Vec<&Preset> = presets()
        .iter()
        .filter(|p| mismatches(&p.layout, rows) == Some(0))
        .collect();
    let say = "say which with a `# layout: NAME` line before it or --layout NAME \
               (a preset, or grid corners such as \"0,0 6,6\")";
    match exact[..] {
        [one] => return Ok(one),
        [] => {}
        _ => {
            let names: Vec<&str> = exact.iter().map(|p| p.layout.name()).collect();
            return Err(format!(
                "the board's shape is that of several layouts ({}); {say}",
                names.join(", ")
            ));
        }
    }
    if let Some((p, _)) = nearest(rows) {
        return Ok(p);
    }
    let widest = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    Err(format!(
        "a board of {} rows, up to {widest} places wide, in the shape of no layout ({}); {say}",
        rows.len(),
        preset_list()
    ))
}

/// What a `# layout:` comment line says, if it is one.
fn layout_header(text: &[u8]) -> Option<Result<MultiLayout, String>> {
    let text = std::str::from_utf8(text.strip_prefix(b"#")?)
        .ok()?
        .trim_start();
    let word = text.get(..6)?;
    if !word.eq_ignore_ascii_case("layout") {
        return None;
    }
    let rest = text[6..].trim_start().strip_prefix(':')?.trim();
    Some(
        MultiLayout::parse(rest)
            .map(canonical)
            .map_err(|e| e.to_string()),
    )
}

/// Whether the board of `layout` is a plain square grid: one grid at the
/// corner, with its side's usual boxes.
fn is_square(layout: &MultiLayout) -> bool {
    matches!(layout.grids(), [g] if (g.top, g.left) == (0, 0)
        && Some(g.boxes) == default_box_shape(g.size))
}

/// The geometry of `layout`: a preset's built once for the process, a
/// square grid's shared, another's kept in `last` while it repeats.
fn geometry_of(layout: &MultiLayout, last: &mut Option<Arc<Geometry>>) -> Arc<Geometry> {
    if is_square(layout) {
        if let Ok(g) = Geometry::shared_square(layout.side()) {
            return g;
        }
    }
    if let Some(p) = presets().iter().find(|p| &p.layout == layout) {
        return p
            .geometry
            .get_or_init(|| Arc::new(Geometry::multi(layout.clone())))
            .clone();
    }
    match last {
        Some(g) if g.multi_layout() == Some(layout) => g.clone(),
        _ => {
            let g = Arc::new(Geometry::multi(layout.clone()));
            *last = Some(g.clone());
            g
        }
    }
}

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
    /// Whether the current line of the input is still to be handled (a
    /// `#` line that ended a board).
    pending: bool,
    ended: bool,
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
            pending: false,
            ended: false,
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
        if self.pending {
            self.pending = false;
            return Ok(true);
        }
        match lines.advance() {
            Ok(more) => {
                self.ended |= !more;
                Ok(more)
            }
            Err(e) => {
                self.ended = true;
                Err(e)
            }
        }
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
                self.pending = true;
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
            if self.ended && !self.pending {
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

/// Whether `prefix` (the start of an input) reads as `multi`: a
/// `# layout:` line that names a layout before or between its first
/// boards, or a board of `0`-`9`, `.` and spaces with a hole before a cell
/// in some row, whose shape is a preset's (the first board may be a few
/// places off, as [`Parser`] then reads it and names the place; later ones
/// must be exact). Up to 8 boards are looked at.
pub(crate) fn detect_board(prefix: &[u8]) -> bool {
    let prefix = prefix.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(prefix);
    let mut block: Vec<&[u8]> = Vec::new();
    let mut boards = 0;
    let mut too_tall = false;
    let mut lines = prefix.split(|&b| b == b'\n').peekable();
    while let Some(line) = lines.next() {
        let end = line
            .iter()
            .rposition(|&b| !super::text::is_blank(b))
            .map_or(0, |e| e + 1);
        let line = &line[..end];
        let trimmed = line.trim_ascii_start();
        let last = lines.peek().is_none();
        let boundary = trimmed.is_empty() || trimmed.starts_with(b"#");
        if trimmed.starts_with(b"#") && layout_header(trimmed).is_some_and(|r| r.is_ok()) {
            return true;
        }
        if !boundary {
            too_tall |= block.len() >= MAX_BOARD;
            if !too_tall {
                block.push(line);
            }
        }
        if (boundary || last) && !block.is_empty() {
            if !too_tall && board_fits(&block, boards == 0) {
                return true;
            }
            boards += 1;
            if boards >= 8 {
                return false;
            }
            block.clear();
            too_tall = false;
        }
    }
    false
}

/// Whether the rows of a block are a preset's board (see [`detect_board`]).
fn board_fits(rows: &[&[u8]], near: bool) -> bool {
    let symbols = rows
        .iter()
        .all(|r| r.iter().all(|&b| matches!(b, b'0'..=b'9' | b'.' | b' ')));
    let hole_first = rows.iter().any(|r| {
        r.iter()
            .position(|&b| b == b' ')
            .is_some_and(|i| r[i..].iter().any(|&b| b != b' '))
    });
    if !symbols || !hole_first {
        return false;
    }
    match nearest(rows) {
        Some((p, 0)) => p.detectable,
        Some(_) => near,
        None => false,
    }
}

/// Whether a line (and the next meaningful one, `next`) starts a JSON
/// board: `[` then `[` (f-puzzles arrays hold objects and strings).
pub(crate) fn is_json_board(text: &[u8], next: Option<&[u8]>) -> bool {
    let Some(rest) = text.strip_prefix(b"[") else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    if rest.is_empty() {
        next.is_some_and(|n| n.starts_with(b"["))
    } else {
        rest.starts_with(b"[")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::format::{puzzle_text, read_all, read_with_limits, ReadError};

    /// A samurai with one solution.
    pub(crate) const SAMURAI: &str = "\
..5..9...   2.....6.1
..2.1..6.   ...6..73.
14...3...   1.3...2..
5.9.....4   ..8.9....
.3.5.....   ..67.1..9
.....89..   ....46...
.....2.....9.....38..
...8......5..........
.6.....9.......5.7...
      ..6......
      8...243..
      .5..1....
..924....8.2....5.6..
..6..............8...
5....3...76....49....
7..4.9...   ....4..5.
........9   .96..5.1.
4...5.2..   ....6.72.
87..2....   ..5......
..1....25   7......6.
......8..   8.9.....4
";

    pub(crate) fn geometry(name: &str) -> Arc<Geometry> {
        Arc::new(Geometry::multi(MultiLayout::preset(name).unwrap()))
    }

    /// A puzzle on `geometry` with about a third of its cells given, any
    /// digit (the format does not care whether it solves).
    pub(crate) fn seeded(geometry: &Arc<Geometry>, seed: u64) -> Puzzle {
        let mut x = seed | 1;
        let n = geometry.size() as u64;
        let cells = (0..geometry.cell_count())
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x.is_multiple_of(3)
                    .then(|| Digit::new(((x >> 8) % n) as u8))
            })
            .collect();
        let grid = Grid::from_cells_of(geometry, cells).unwrap();
        Puzzle::new(geometry.clone(), grid).unwrap()
    }

    /// `puzzle` as a JSON board: rows of numbers, `null` for holes.
    pub(crate) fn json_of(puzzle: &Puzzle) -> String {
        let g = puzzle.geometry();
        let (rows, columns) = g.board_shape();
        let rows: Vec<Vec<Value>> = (0..rows)
            .map(|r| {
                (0..columns)
                    .map(|c| match g.cell_at(r, c) {
                        None => Value::Null,
                        Some(cell) => {
                            Value::from(puzzle.givens().get(cell).map_or(0, |d| d.index() + 1))
                        }
                    })
                    .collect()
            })
            .collect();
        serde_json::to_string(&rows).unwrap()
    }

    fn one(input: &str) -> Result<Entry, ParseError> {
        let mut got = read_all(Format::Multi, input.as_bytes());
        assert_eq!(got.len(), 1, "{input}");
        got.remove(0)
    }

    #[test]
    fn reads_the_samurai() {
        let e = one(SAMURAI).unwrap();
        assert_eq!((e.index, e.line), (1, 1));
        let g = e.puzzle.geometry();
        assert_eq!(g.multi_layout().unwrap().name(), "samurai");
        assert_eq!(g.cell_count(), 369);
        let givens = SAMURAI.bytes().filter(u8::is_ascii_digit).count();
        assert_eq!(e.puzzle.givens().filled(), givens);
        // Written back: the same bytes, then the record's empty line.
        let text = puzzle_text(Format::Multi, &e.puzzle, e.style).unwrap();
        assert_eq!(text, format!("{SAMURAI}\n"));
        // The same as JSON, pretty or not, and with zeros for dots.
        let json = json_of(&e.puzzle);
        assert_eq!(one(&json).unwrap().puzzle, e.puzzle);
        let pretty = json.replace("],[", "],\n  [").replace("[[", "[\n  [");
        assert_eq!(one(&pretty).unwrap().puzzle, e.puzzle);
        assert_eq!(one(&SAMURAI.replace('.', "0")).unwrap().puzzle, e.puzzle);
    }

    #[test]
    fn every_preset_round_trips_as_text_and_json() {
        for name in MultiLayout::preset_names() {
            let g = geometry(name);
            let puzzles: Vec<Puzzle> = (1..=3).map(|s| seeded(&g, s * 7919)).collect();
            let mut text = Vec::new();
            for p in &puzzles {
                write(&mut text, p.givens(), &g, Style::default()).unwrap();
            }
            let got = read_all(Format::Multi, &text);
            assert_eq!(got.len(), 3, "{name}");
            for (e, p) in got.iter().zip(&puzzles) {
                let e = e.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(&e.puzzle, p, "{name}");
                let again = puzzle_text(Format::Multi, &e.puzzle, e.style).unwrap();
                assert_eq!(
                    again,
                    puzzle_text(Format::Multi, p, Style::default()).unwrap()
                );
            }
            // A preset whose shape tells it is written without a header;
            // the others say their layout.
            let text = String::from_utf8(text).unwrap();
            let detectable = presets()
                .iter()
                .any(|p| p.layout.name() == name && p.detectable);
            assert_eq!(!text.starts_with("# layout:"), detectable, "{name}");
            for p in &puzzles {
                assert_eq!(&one(&json_of(p)).unwrap().puzzle, p, "{name} JSON");
            }
        }
        // Butterfly fills its 12x12 board: only its header tells it from a
        // 12x12 grid.
        let butterfly = seeded(&geometry("butterfly"), 5);
        let text = puzzle_text(Format::Multi, &butterfly, Style::default()).unwrap();
        assert!(text.starts_with("# layout: butterfly\n"), "{text}");
    }

    #[test]
    fn layouts_come_from_a_header_the_reader_or_the_shape() {
        // Grid corners: written with a header, a row of holes as a blank
        // line inside the board.
        let layout = MultiLayout::parse("0,0 12,0").unwrap();
        let g = Arc::new(Geometry::multi(layout));
        let p = seeded(&g, 3);
        let text = puzzle_text(Format::Multi, &p, Style::default()).unwrap();
        assert!(text.starts_with("# layout: 0,0 12,0\n"), "{text}");
        assert!(text.contains("\n\n\n"), "{text}");
        let e = one(&text).unwrap();
        assert_eq!(e.puzzle, p);
        assert_eq!(e.line, 2);
        // Six-wide grids.
        let six = Arc::new(Geometry::multi(MultiLayout::parse("6: 0,0 4,3").unwrap()));
        let p = seeded(&six, 11);
        let text = puzzle_text(Format::Multi, &p, Style::default()).unwrap();
        assert!(text.starts_with("# layout: 6: 0,0 4,3\n"), "{text}");
        assert_eq!(one(&text).unwrap().puzzle, p);
        // A header naming a preset's grids is that preset, and stays for
        // the boards after it.
        let twodoku = seeded(&geometry("twodoku"), 2);
        let rows = puzzle_text(Format::Multi, &twodoku, Style::default()).unwrap();
        let two = format!("# layout: 0,0 6,6\n{rows}{rows}");
        let got = read_all(Format::Multi, two.as_bytes());
        assert_eq!(got.len(), 2);
        for e in got {
            assert_eq!(e.unwrap().puzzle, twodoku);
        }
        // The reader's layout, when the input says none.
        let butterfly = seeded(&geometry("butterfly"), 9);
        let text = puzzle_text(Format::Multi, &butterfly, Style::default()).unwrap();
        let bare: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let limits = Limits {
            layout: Some(LayoutChoice::parse("butterfly").unwrap()),
            ..Limits::default()
        };
        let got: Vec<_> = read_with_limits(Format::Multi, bare.as_bytes(), limits).collect();
        assert_eq!(got[0].as_ref().unwrap().puzzle, butterfly);
        // Without it, a full 12x12 block is butterfly's shape alone.
        assert_eq!(one(&bare).unwrap().puzzle, butterfly);
        // One grid at the corner is a plain grid.
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let classic = crate::format::line::parse_line(line).unwrap();
        let text = puzzle_text(Format::Multi, &classic, Style::default()).unwrap();
        assert!(text.starts_with("# layout: 0,0\n4.....8.5\n"), "{text}");
        assert_eq!(one(&text).unwrap().puzzle, classic);
        assert_eq!(
            LayoutChoice::parse("samurai").unwrap().layout(),
            MultiLayout::preset("samurai").unwrap()
        );
        assert!(LayoutChoice::parse("hexagon").is_err());
    }

    #[test]
    fn errors_name_the_line_the_column_and_the_layout() {
        let rows: Vec<&str> = SAMURAI.lines().collect();
        let with = |r: usize, row: String| {
            let mut rows: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
            rows[r] = row;
            rows.join("\n") + "\n"
        };
        // A digit in a hole (line 2, column 11): still samurai, by a place.
        let bad = with(1, format!("{}5{}", &rows[1][..10], &rows[1][11..]));
        let e = one(&bad).unwrap_err();
        assert_eq!((e.puzzle, e.line, e.column), (1, 2, Some(11)));
        assert_eq!(
            e.kind,
            ParseErrorKind::InHole {
                found: '5',
                layout: "samurai".into()
            }
        );
        assert!(
            e.to_string()
                .starts_with("puzzle 1, line 2, column 11: '5' in a hole of the samurai layout"),
            "{e}"
        );
        // A hole where a cell is, and a row cut short.
        let bad = with(7, format!("{} {}", &rows[7][..4], &rows[7][5..]));
        let e = one(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (8, Some(5)));
        assert!(matches!(e.kind, ParseErrorKind::MissingCell { .. }), "{e}");
        let e = one(&with(0, rows[0][..18].to_string())).unwrap_err();
        assert_eq!((e.line, e.column), (1, Some(19)));
        // Tabs, symbols out of range, other characters.
        let e = one(&with(9, rows[9].replacen("      ", "\t", 1))).unwrap_err();
        assert_eq!(
            (e.line, e.column, &e.kind),
            (10, Some(1), &ParseErrorKind::Tab)
        );
        let at = rows[20].find('8').unwrap();
        let e = one(&with(20, rows[20].replacen('8', "A", 1))).unwrap_err();
        assert_eq!((e.line, e.column), (21, Some(at + 1)));
        assert_eq!(e.kind, ParseErrorKind::OutOfRange { found: 'A', n: 9 });
        let at = rows[3].find('9').unwrap();
        let e = one(&with(3, rows[3].replacen('9', "?", 1))).unwrap_err();
        assert_eq!((e.line, e.column), (4, Some(at + 1)));
        assert_eq!(e.kind, ParseErrorKind::Symbol { found: '?' });
        // A shape of no layout lists them; a header that names none says so.
        let e = one("123\n456\n").unwrap_err();
        let said = e.to_string();
        assert!(said.contains("in the shape of no layout (samurai, "), "{e}");
        assert!(said.contains("# layout: NAME"), "{e}");
        let e = one(&format!("# layout: hexagon\n{SAMURAI}")).unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.to_string().contains("unknown layout \"hexagon\""), "{e}");
        // A header of another layout: the board does not fit it.
        let e = one(&format!("# layout: twodoku\n{SAMURAI}")).unwrap_err();
        let said = e.to_string();
        assert!(
            said.contains("the twodoku layout has 15 rows; this board has 21"),
            "{e}"
        );
        // Reading goes on after a malformed board.
        let input = format!("{bad}\n{SAMURAI}");
        let got = read_all(Format::Multi, input.as_bytes());
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].as_ref().unwrap().line, 23);
        // JSON: what is wrong, and where.
        let e = one("[[1, 2, \"x\"]]\n").unwrap_err();
        let said = e.to_string();
        assert!(
            said.contains("row 1, place 3: expected a digit's number"),
            "{e}"
        );
        let e = one("[[1, 2],\n[3, 4]\n").unwrap_err();
        let said = e.to_string();
        assert!(
            said.contains("not closed before the end of the input"),
            "{e}"
        );
        let e = one("[[1, 2]] x\n").unwrap_err();
        assert_eq!(e.column, Some(10));
        let samurai = one(SAMURAI).unwrap().puzzle;
        let json = json_of(&samurai).replacen("null", "5", 1);
        let e = one(&json).unwrap_err();
        assert_eq!(
            e.to_string(),
            "puzzle 1, line 1: row 1, place 10: '5' in a hole of the samurai layout \
             (no grid covers this place; a hole is a space)"
        );
        let json = json_of(&samurai).replacen(",0,", ",12,", 1);
        let said = one(&json).unwrap_err().to_string();
        assert!(said.contains("number 12 is out of range"), "{said}");
    }

    #[test]
    fn a_huge_board_or_a_cut_one_holds_little() {
        // More rows than any board: one error, the rows not kept.
        let tall = "1\n".repeat(1000);
        let got = read_all(Format::Multi, tall.as_bytes());
        assert_eq!(got.len(), 1);
        let said = got[0].as_ref().unwrap_err().to_string();
        assert!(said.contains("more than 256 rows"), "{said}");
        let wide = format!("{}\n", "1".repeat(300));
        let said = one(&wide).unwrap_err().to_string();
        assert!(said.contains("no board is wider"), "{said}");
        let mut r = read_with_limits(Format::Multi, &b"[[1,"[..], Limits::default());
        assert!(matches!(r.next(), Some(Err(ReadError::Parse(_)))));
        assert!(r.next().is_none());
    }
}
