//! Reading a batch of f-puzzles puzzles: one per line (a link, an
//! lz-string, a one-line JSON object), a JSON object over several lines, or
//! a JSON array of puzzles.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::Arc;

use serde_json::Value;

use super::{read_text, Form, ReadText, Source};
use crate::format::records::{NextRecord, RecordParser};
use crate::format::sudokupad::Assume;
use crate::format::text::Lines;
use crate::format::{above_max_side, Entry, Limits, LineRecords, ParseError, ParseErrorKind};
use crate::format::{ReadError, Style};

/// The most bytes of JSON one record (object or array) may hold.
pub const MAX_JSON: usize = 16 << 20;

/// Reads `fpuzzles` puzzles from a [`BufRead`], one `Result` per puzzle.
pub type Reader<R> = LineRecords<R, Parser>;

/// The `fpuzzles` record parser (see [`Reader`]).
#[derive(Debug)]
pub struct Parser {
    index: usize,
    max_side: usize,
    /// How SudokuPad lines that the rules do not explain are read.
    assume: Assume,
    /// Puzzles of a JSON array not yet handed out: line, and the element.
    queue: VecDeque<(usize, Value)>,
    /// A line read while looking for the end of a JSON object that turned
    /// out to start the next record: its number and text.
    pending: Option<(usize, String)>,
}

impl From<Limits> for Parser {
    fn from(limits: Limits) -> Parser {
        Parser {
            index: 0,
            max_side: limits.max_side,
            assume: limits.assume,
            queue: VecDeque::new(),
            pending: None,
        }
    }
}

/// Where a JSON value's brackets balance.
#[derive(Debug, Default)]
struct Scan {
    depth: usize,
    in_string: bool,
    escape: bool,
}

impl Scan {
    /// Feeds `text`: the byte index just past the value's end, if it ends.
    fn feed(&mut self, text: &str) -> Option<usize> {
        for (i, b) in text.bytes().enumerate() {
            if self.in_string {
                match (self.escape, b) {
                    (true, _) => self.escape = false,
                    (false, b'\\') => self.escape = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }
}

/// A record's JSON text, or what is wrong with it.
type Record = Result<String, ParseErrorKind>;

fn shape(reason: impl Into<String>) -> ParseErrorKind {
    ParseErrorKind::Shape {
        reason: reason.into(),
    }
}

impl Parser {
    /// The next non-blank, non-comment line: its number and text.
    fn next_line<R: BufRead + ?Sized>(
        &mut self,
        lines: &mut Lines<R>,
    ) -> Option<Result<(usize, Record), ReadError>> {
        if let Some((number, text)) = self.pending.take() {
            return Some(Ok((number, Ok(text))));
        }
        loop {
            if let Err(e) = lines.next_record_line()? {
                return Some(Err(e.into()));
            }
            let number = lines.number();
            if let Some(kind) = lines.overflow() {
                return Some(Ok((number, Err(kind))));
            }
            if lines.text().starts_with(b"#") {
                continue;
            }
            return Some(Ok((number, text_of(lines.text()))));
        }
    }

    /// The rest of a JSON value that starts on `first` (line `start`):
    /// lines are read until its brackets balance. An object cut short by a
    /// new record (a line at the margin starting `{`, `[` or a link) ends
    /// there, and that line is kept for the next call.
    fn json_record<R: BufRead + ?Sized>(
        &mut self,
        lines: &mut Lines<R>,
        first: String,
    ) -> Result<Record, ReadError> {
        let object = first.starts_with('{');
        let mut scan = Scan::default();
        let mut text = first;
        let mut fed = 0;
        loop {
            if let Some(end) = scan.feed(&text[fed..]) {
                let end = fed + end;
                if !text[end..].trim().is_empty() {
                    return Ok(Err(shape(
                        "text after the end of the JSON value (one puzzle per line)",
                    )));
                }
                text.truncate(end);
                return Ok(Ok(text));
            }
            fed = text.len();
            match lines.advance() {
                Err(e) => return Err(e.into()),
                Ok(false) => {
                    return Ok(Err(shape(
                        "the JSON value is not closed before the end of the input",
                    )))
                }
                Ok(true) => {}
            }
            if let Some(kind) = lines.overflow() {
                return Ok(Err(kind));
            }
            let line = match text_of(lines.text()) {
                Ok(l) => l,
                Err(kind) => return Ok(Err(kind)),
            };
            let at_margin = lines.column(0) == 1;
            if object && at_margin && starts_record(&line) {
                self.pending = Some((lines.number(), line));
                return Ok(Err(shape(format!(
                    "the JSON object is not closed before line {}",
                    lines.number()
                ))));
            }
            if text.len() + line.len() > MAX_JSON {
                return Ok(Err(shape(format!(
                    "a JSON value longer than {MAX_JSON} bytes"
                ))));
            }
            text.push('\n');
            text.push_str(&line);
        }
    }

    /// The entry (or error) for one puzzle's JSON.
    fn entry(&self, index: usize, line: usize, read: Result<ReadText, String>) -> NextRecord {
        let error = |kind| Some(Err(ParseError::new(index, line, None, kind).into()));
        let read = match read {
            Ok(r) => r,
            Err(reason) => return error(shape(reason)),
        };
        if let Some(n) = read
            .source
            .json()
            .get("size")
            .and_then(Value::as_u64)
            .filter(|&n| n as usize > self.max_side && n <= 16)
        {
            return error(above_max_side(n as usize, self.max_side));
        }
        match read.puzzle() {
            Ok(puzzle) => Some(Ok(Entry {
                index,
                line,
                puzzle,
                style: Style::default(),
                warnings: Vec::new(),
                source: Some(Arc::new(read.source)),
            })),
            Err(reason) => error(shape(reason)),
        }
    }
}

fn starts_record(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let link = [
        "http",
        "f-puzzles.",
        "www.",
        "sudokupad.",
        "beta.sudokupad.",
        "app.crack",
    ]
    .iter()
    .any(|p| lower.starts_with(p));
    let json = |b: u8| b.is_ascii_digit() || b"\"}],:-tfn".contains(&b);
    line.starts_with(['{', '[']) || link || !line.bytes().next().is_some_and(json)
}

/// A line as text.
fn text_of(bytes: &[u8]) -> Result<String, ParseErrorKind> {
    std::str::from_utf8(bytes)
        .map(str::to_owned)
        .map_err(|e| crate::format::text::symbol_error(bytes, e.valid_up_to()))
}

/// JSON from text, naming the problem.
fn parse_json(text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("broken JSON: {e}"))
}

/// A puzzle given as a JSON string (a link, an lz-string, a SudokuPad
/// payload) or object.
fn element(v: Value, assume: &Assume) -> Result<ReadText, String> {
    match v {
        Value::String(s) => read_text(&s, assume),
        other => Ok(json_read(other)),
    }
}

fn json_read(json: Value) -> ReadText {
    ReadText {
        source: Source::new(json, Form::Json),
        published: None,
    }
}

impl RecordParser for Parser {
    fn next_record<R: BufRead + ?Sized>(&mut self, lines: &mut Lines<R>) -> NextRecord {
        if let Some((line, v)) = self.queue.pop_front() {
            self.index += 1;
            let read = element(v, &self.assume);
            return self.entry(self.index, line, read);
        }
        let (start, text) = match self.next_line(lines)? {
            Ok(l) => l,
            Err(e) => return Some(Err(e)),
        };
        self.index += 1;
        let index = self.index;
        let text = match text {
            Ok(t) => t,
            Err(kind) => return Some(Err(ParseError::new(index, start, None, kind).into())),
        };
        if !(text.starts_with('{') || text.starts_with('[')) {
            let read = read_text(&text, &self.assume);
            return self.entry(index, start, read);
        }
        let json = match self.json_record(lines, text) {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        let json = match json {
            Ok(j) => j,
            Err(kind) => return Some(Err(ParseError::new(index, start, None, kind).into())),
        };
        match parse_json(&json) {
            Ok(Value::Array(items)) if !items.is_empty() => {
                self.queue = items.into_iter().map(|v| (start, v)).collect();
                self.index -= 1;
                self.next_record(lines)
            }
            Ok(Value::Array(_)) => self.entry(index, start, Err("an empty JSON array".into())),
            Ok(v) => self.entry(index, start, Ok(json_read(v))),
            Err(reason) => self.entry(index, start, Err(reason)),
        }
    }
}
