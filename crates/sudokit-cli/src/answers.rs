//! Reading back what `sudokit solve` writes, for `sudokit check`: in any
//! output format, a record is a grid or one of the answer lines (`No
//! solution`, `Multiple Solutions`, `Invalid puzzle`, `Gave up`), and
//! `hdu4069` records start with `Case k:`.
//!
//! The answer lines and case labels are blanked out (so line numbers stay
//! right and they separate records, as an empty line does) and what is left
//! is read in the format the answers are written in; the grids and the
//! answer lines are then put back in the order of their lines.

use std::io::{BufRead, Cursor, Read};

use sudokit::format::{self, Answer, Entry, Format, ReadError};

use crate::input::Opened;
use crate::variant::Variant;

/// One record of an answer file.
#[derive(Debug)]
pub enum Record {
    /// A grid (complete or not).
    Grid(Entry),
    /// An answer without a grid, at a 1-based line.
    Verdict(Verdict, usize),
    /// A record that cannot be read: why, with its place.
    Malformed(String),
}

/// An answer line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `No solution`.
    NoSolution,
    /// `Multiple Solutions`.
    Multiple,
    /// `Invalid puzzle`.
    Invalid,
    /// `Gave up`.
    GaveUp,
}

impl Verdict {
    /// The verdict a whole line says, if any.
    fn of(line: &str) -> Option<Verdict> {
        Some(match line.trim() {
            Answer::NO_SOLUTION => Verdict::NoSolution,
            Answer::MULTIPLE => Verdict::Multiple,
            Answer::INVALID => Verdict::Invalid,
            Answer::GAVE_UP => Verdict::GaveUp,
            _ => return None,
        })
    }

    /// The line as written.
    pub fn text(self) -> &'static str {
        match self {
            Verdict::NoSolution => Answer::NO_SOLUTION,
            Verdict::Multiple => Answer::MULTIPLE,
            Verdict::Invalid => Answer::INVALID,
            Verdict::GaveUp => Answer::GAVE_UP,
        }
    }
}

/// `Case 12:`, the label of an `hdu4069` answer.
fn is_case_label(line: &str) -> bool {
    line.trim()
        .strip_prefix("Case ")
        .and_then(|rest| rest.strip_suffix(':'))
        .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
}

/// The format the answers to puzzles of `format` are written in.
pub fn answer_format(format: Format) -> Format {
    match format {
        // Nine rows of nine digits after `Case k:`; 81-digit lines.
        Format::Hdu4069 => Format::Grid,
        Format::Pencilmark => Format::Line,
        other => other,
    }
}

/// Reads every record of an answer input named `name`: its variant header,
/// then its grids (in `format`'s answer format, detected when `None`,
/// within `limits`: a multi-grid board's `--layout`) and answer lines, in
/// order.
///
/// # Errors
/// Why the input gives no records.
pub fn read(
    name: &str,
    reader: Box<dyn BufRead + '_>,
    format: Option<Format>,
    variant: Variant,
    limits: format::Limits,
) -> Result<(Variant, Vec<Record>), Opened> {
    let failed = |e: std::io::Error| Opened::Failed(format!("cannot read {name}: {e}"));
    let (header, mut reader) = crate::variant::read_header(reader).map_err(failed)?;
    let variant = variant.union(header.map_err(|why| Opened::Failed(format!("{name}:1: {why}")))?);
    let mut text = Vec::new();
    reader.read_to_end(&mut text).map_err(failed)?;
    let text = String::from_utf8_lossy(&text);
    let mut verdicts = Vec::new();
    let mut rest = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if let Some(v) = Verdict::of(line) {
            verdicts.push((i + 1, v));
        } else if !is_case_label(line) {
            rest.push_str(line);
        }
        rest.push('\n');
    }
    let format = match format.map(answer_format) {
        Some(f) => Some(f),
        None if rest.trim().is_empty() => None,
        None => match format::detect(rest.as_bytes()) {
            Ok(f) => Some(f),
            Err(e) => return Err(Opened::Failed(format!("{name}: {e}"))),
        },
    };
    if format.is_none() && verdicts.is_empty() {
        return Err(Opened::Empty(name.to_owned()));
    }
    let mut records: Vec<(usize, Record)> = verdicts
        .into_iter()
        .map(|(line, v)| (line, Record::Verdict(v, line)))
        .collect();
    if let Some(format) = format {
        for item in format::read_with_limits(format, Cursor::new(rest.as_bytes()), limits) {
            records.push(match item.map(shown) {
                Ok(Ok(entry)) => (entry.line, Record::Grid(entry)),
                Ok(Err((line, why))) => (line, Record::Malformed(format!("{name}:{line}: {why}"))),
                Err(ReadError::Parse(e)) => (
                    e.line,
                    Record::Malformed(format!(
                        "{name}:{}: {}",
                        e.line,
                        crate::record::parse_error_message(format, &e)
                    )),
                ),
                Err(ReadError::Io(e)) => return Err(failed(e)),
            });
        }
    }
    records.sort_by_key(|(line, _)| *line);
    Ok((variant, records.into_iter().map(|(_, r)| r).collect()))
}

/// An answer as the grid it shows: an f-puzzles answer carries its digits
/// as values that are not givens, which reading a puzzle leaves out; they
/// are what is checked.
fn shown(mut entry: format::Entry) -> Result<format::Entry, (usize, String)> {
    let Some(source) = &entry.source else {
        return Ok(entry);
    };
    let line = entry.line;
    let grid = format::fpuzzles::shown(source.json()).map_err(|why| (line, why))?;
    entry.puzzle = sudokit::Puzzle::new(entry.puzzle.geometry().clone(), grid)
        .and_then(|p| p.with_constraints(entry.puzzle.constraints().to_vec()))
        .map_err(|e| (line, e.to_string()))?;
    Ok(entry)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &str, format: Option<Format>) -> Vec<Record> {
        let reader: Box<dyn BufRead> = Box::new(Cursor::new(text.as_bytes().to_vec()));
        read(
            "t",
            reader,
            format,
            Variant::NONE,
            format::Limits::default(),
        )
        .unwrap()
        .1
    }

    #[test]
    fn answer_lines_and_grids_come_back_in_order() {
        let solved =
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
        let text = format!("No solution\n{solved}\nMultiple Solutions\n{solved}\n");
        let got = read_text(&text, None);
        assert_eq!(got.len(), 4);
        assert!(matches!(got[0], Record::Verdict(Verdict::NoSolution, 1)));
        assert!(matches!(&got[1], Record::Grid(e) if e.line == 2));
        assert!(matches!(got[2], Record::Verdict(Verdict::Multiple, 3)));
        assert!(matches!(&got[3], Record::Grid(e) if e.line == 4));
    }

    #[test]
    fn hdu4069_answers_read_as_grids_after_their_case_labels() {
        let rows = "521439678\n763895124\n984527361\n346182795\n157964832\n812743956\n235678419\n479216583\n698351247\n";
        let text = format!("Case 1:\n{rows}Case 2:\nNo solution\nCase 3:\n{rows}");
        let got = read_text(&text, Some(Format::Hdu4069));
        assert_eq!(got.len(), 3);
        assert!(matches!(&got[0], Record::Grid(e) if e.line == 2));
        assert!(matches!(got[1], Record::Verdict(Verdict::NoSolution, 12)));
        assert!(matches!(&got[2], Record::Grid(e) if e.line == 14));
        assert!(is_case_label("Case 12:") && !is_case_label("Case :") && !is_case_label("Case x:"));
    }
}
