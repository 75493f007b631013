//! Reader for Knuth's DLX text format (the input of his DLX1/DLX2
//! programs).

use std::collections::HashMap;
use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;

use crate::problem::{Color, ItemId, Problem};

/// What is wrong with a DLX text; see [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The line is not valid UTF-8.
    InvalidUtf8,
    /// The input has no item line (it is empty or holds only comments and
    /// blank lines).
    MissingItems,
    /// A name in the item line contains `:` or `|`, or a token of an
    /// option line has an empty name or an empty or malformed colour
    /// (`x:`, `:c`, `x:c:d`).
    InvalidName(String),
    /// The item line has more than one `|` separator.
    ExtraSeparator,
    /// The item line declares the same name twice.
    DuplicateItem(String),
    /// An option names an item that the item line does not declare.
    UnknownItem(String),
    /// An option names the same item twice.
    RepeatedItem(String),
    /// An option gives a colour to a primary item.
    ColorOnPrimary(String),
    /// An option has no primary item.
    NoPrimaryItem,
    /// The problem is too large for the solver's 31-bit indices.
    TooLarge,
    /// The line is longer than the cap ([`DEFAULT_MAX_LINE`] unless the
    /// caller gave another).
    LineTooLong {
        /// The cap, in bytes.
        max: usize,
    },
}

/// The longest line [`Problem::parse`] and [`Problem::parse_bytes`]
/// accept, in bytes (1 MiB: an item line of 100,000 names of 9 characters).
/// [`Problem::read`] takes its own cap.
pub const DEFAULT_MAX_LINE: usize = 1 << 20;

/// A malformed DLX text, with the 1-based line where the problem was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number. For [`ParseErrorKind::MissingItems`] this is
    /// one past the last line.
    pub line: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            ParseErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8"),
            ParseErrorKind::MissingItems => f.write_str("no item line"),
            ParseErrorKind::InvalidName(t) => write!(f, "invalid name `{t}`"),
            ParseErrorKind::ExtraSeparator => f.write_str("more than one `|` in the item line"),
            ParseErrorKind::DuplicateItem(t) => write!(f, "duplicate item name `{t}`"),
            ParseErrorKind::UnknownItem(t) => write!(f, "unknown item `{t}`"),
            ParseErrorKind::RepeatedItem(t) => write!(f, "item `{t}` repeated in this option"),
            ParseErrorKind::ColorOnPrimary(t) => {
                write!(f, "primary item in `{t}` cannot have a colour")
            }
            ParseErrorKind::NoPrimaryItem => f.write_str("option has no primary item"),
            ParseErrorKind::TooLarge => f.write_str("problem too large"),
            ParseErrorKind::LineTooLong { max } => {
                write!(f, "line is too long (more than {max} bytes)")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// Whether `line` is blank or a comment (first non-blank character `|`).
fn is_skipped(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('|')
}

impl Problem {
    /// Reads a problem in Knuth's DLX format (as accepted by his DLX1 and
    /// DLX2 programs).
    ///
    /// * Blank lines are ignored, and so are lines whose first non-blank
    ///   character is `|` (comments).
    /// * The first other line lists the item names separated by
    ///   whitespace; a `|` token separates the primary items (before it)
    ///   from the secondary items (after it). A name is any run of
    ///   non-whitespace characters without `:` and `|` (Knuth limits names
    ///   to 8 characters; longer ones are accepted).
    /// * Every further line is one option: item names separated by
    ///   whitespace, where a secondary item may be written `name:colour`.
    ///   Each option must contain at least one primary item.
    ///
    /// The resulting problem keeps the item and colour names and each
    /// option's line number ([`Problem::option_line`]).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the 1-based line and the offending token.
    ///
    /// A line longer than [`DEFAULT_MAX_LINE`] is an error
    /// ([`ParseErrorKind::LineTooLong`]).
    pub fn parse(text: &str) -> Result<Problem, ParseError> {
        parse_lines(text.split('\n').map(Ok), DEFAULT_MAX_LINE)
    }

    /// As [`Problem::parse`], for bytes that are not known to be UTF-8.
    ///
    /// # Errors
    ///
    /// As [`Problem::parse`], plus [`ParseErrorKind::InvalidUtf8`] naming
    /// the first line that is not valid UTF-8.
    pub fn parse_bytes(bytes: &[u8]) -> Result<Problem, ParseError> {
        parse_bytes_capped(bytes, DEFAULT_MAX_LINE)
    }

    /// As [`Problem::parse_bytes`], reading the text from `reader` and
    /// refusing any line longer than `max_line` bytes as soon as it is
    /// seen: no more than `max_line` bytes of such a line are held, and the
    /// rest of the input is not read.
    ///
    /// # Errors
    ///
    /// An I/O error, or (the inner `Result`) a [`ParseError`] as
    /// [`Problem::parse_bytes`] gives, with
    /// [`ParseErrorKind::LineTooLong`] for a line over `max_line`.
    pub fn read<R: BufRead>(
        mut reader: R,
        max_line: usize,
    ) -> io::Result<Result<Problem, ParseError>> {
        let mut text = Vec::new();
        let mut line_start = 0;
        let mut line_no = 1;
        loop {
            let buf = match reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                break;
            }
            let (chunk, ends_line) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..=i], true),
                None => (buf, false),
            };
            let used = chunk.len();
            // The line so far, without its `\n`; one byte more than the
            // cap may be a `\r`, which the parser strips and then checks.
            let length = text.len() - line_start + used - usize::from(ends_line);
            if length > max_line.saturating_add(1) {
                return Ok(Err(ParseError {
                    line: line_no,
                    kind: ParseErrorKind::LineTooLong { max: max_line },
                }));
            }
            text.extend_from_slice(chunk);
            reader.consume(used);
            if ends_line {
                line_no += 1;
                line_start = text.len();
            }
        }
        Ok(parse_bytes_capped(&text, max_line))
    }
}

fn parse_bytes_capped(bytes: &[u8], max_line: usize) -> Result<Problem, ParseError> {
    parse_lines(
        bytes.split(|&b| b == b'\n').map(std::str::from_utf8),
        max_line,
    )
}

impl FromStr for Problem {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Problem::parse(s)
    }
}

fn parse_lines<'a, I>(lines: I, max_line: usize) -> Result<Problem, ParseError>
where
    I: Iterator<Item = Result<&'a str, std::str::Utf8Error>>,
{
    let mut problem = Problem::new();
    let mut items: HashMap<&'a str, ItemId> = HashMap::new();
    let mut colors: HashMap<&'a str, Color> = HashMap::new();
    // Line number (1-based) of the last option that used each item, to
    // detect repeats in O(1).
    let mut seen: Vec<usize> = Vec::new();
    let mut option: Vec<(ItemId, Option<Color>)> = Vec::new();
    let mut have_header = false;
    // Number of lines seen, not counting an empty piece after a final
    // newline.
    let mut num_lines = 0;
    for (index, line) in lines.enumerate() {
        let line_no = index + 1;
        num_lines = match line {
            Ok("") => index,
            _ => line_no,
        };
        let err = |kind| ParseError {
            line: line_no,
            kind,
        };
        let line = line.map_err(|_| err(ParseErrorKind::InvalidUtf8))?;
        // Accept CRLF line endings.
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.len() > max_line {
            return Err(err(ParseErrorKind::LineTooLong { max: max_line }));
        }
        if is_skipped(line) {
            continue;
        }
        if !have_header {
            have_header = true;
            let mut secondary = false;
            for token in line.split_whitespace() {
                if token == "|" {
                    if secondary {
                        return Err(err(ParseErrorKind::ExtraSeparator));
                    }
                    secondary = true;
                    continue;
                }
                if token.contains([':', '|']) {
                    return Err(err(ParseErrorKind::InvalidName(token.to_owned())));
                }
                if items.contains_key(token) {
                    return Err(err(ParseErrorKind::DuplicateItem(token.to_owned())));
                }
                let id = if secondary {
                    problem.add_secondary(token)
                } else {
                    problem.add_primary(token)
                };
                items.insert(token, id);
            }
            seen.resize(problem.num_items(), 0);
            continue;
        }
        // An option line: check each token in order, so that the error
        // names the first offending one.
        option.clear();
        let mut has_primary = false;
        for token in line.split_whitespace() {
            let (name, color) = match token.split_once(':') {
                None => (token, None),
                Some((name, c)) => {
                    if name.is_empty() || c.is_empty() || c.contains(':') {
                        return Err(err(ParseErrorKind::InvalidName(token.to_owned())));
                    }
                    (name, Some(c))
                }
            };
            let Some(&id) = items.get(name) else {
                return Err(err(ParseErrorKind::UnknownItem(token.to_owned())));
            };
            if seen[id.index()] == line_no {
                return Err(err(ParseErrorKind::RepeatedItem(name.to_owned())));
            }
            seen[id.index()] = line_no;
            let primary = problem.is_primary(id);
            has_primary |= primary;
            let color = match color {
                None => None,
                Some(_) if primary => {
                    return Err(err(ParseErrorKind::ColorOnPrimary(token.to_owned())))
                }
                Some(c) => Some(match colors.get(c) {
                    Some(&color) => color,
                    None => {
                        let color = problem.push_color(c);
                        colors.insert(c, color);
                        color
                    }
                }),
            };
            option.push((id, color));
        }
        if !has_primary {
            return Err(err(ParseErrorKind::NoPrimaryItem));
        }
        match problem.add_option_colored(&option) {
            Ok(_) => problem.set_last_line(line_no),
            // Every other rule was checked above.
            Err(_) => return Err(err(ParseErrorKind::TooLarge)),
        }
    }
    if !have_header {
        return Err(ParseError {
            line: num_lines + 1,
            kind: ParseErrorKind::MissingItems,
        });
    }
    Ok(problem)
}
