//! The `fpuzzles` format: variant puzzles as f-puzzles writes them — its
//! JSON, that JSON compressed with lz-string (`compressToBase64`, what
//! follows `?load=` in a link), or whole links:
//!
//! ```text
//! https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QMAG4wAdvlABjGABsjCEACUArAGEA7CAohDJs1esAOB2oAuACxgYALYA9oEw3gF6IEYQ2jBg+HgWttYAjCCo5gBsaRkWNumZACy5mQDMpRYlAEwgtLSOMXEJ8ATJ1kV52R1dNp3FPeWDVdZldQ2k0bHxiRYVWV0lC5k2yxY5a+YpC/WN0y1t5hWIi9YnK2ddOeftJ7tqMd7eRjAA1hAmAWAAroFRzqZ4BYAAyjPIAg4WVLWWqZaq5NTYCAYGD6bwQYK6IEAEQAMnkNABDIzfOBA1LpRwA1yg+yoCH4KEeLrwu6oJEotEYrEgbHmAnE0lmTxU4yAqGg2FOMWQ8yIBHs5Go9GYswAVXxqCJJLJIEpk2pQPMqVBY3pMsZcphXXcCpAHOV3PVmpA2qFQJOopcRpNdnBFtaFnlnkytrZ9qVXNVQLV/K1gt1IoNYtcvpD0pMsvl4YdUZ5sYFOuFXkVADNSwEdIZ/gGkuZbWaLLbahMDLWm37Q8yGmoMISVTXM5boY3jdbWxmjLLoXSmZ4e6gAI7fQnYDDfAAOL0HU8tOVHOX67VHKU6ajdM1aqWQ1WQZWQRQnDMD3U2OVnW2smxS9nPCYOWTILYyDuMgiA9kQQA===
//! https://sudokupad.app/fpuzzlesN4Ig…   https://sudokupad.app/?puzzle=fpuzzlesN4Ig…
//! ```
//!
//! - Input: one puzzle per line (a link, an lz-string, or a JSON object on
//!   one line); a JSON object over several lines (pretty-printed) is one
//!   puzzle; a JSON array is one puzzle per element (objects, links or
//!   lz-strings). Lines starting with `#` are comments. `%2B`-style escapes
//!   in links are decoded.
//! - The puzzle ([`puzzle`]): its side (3 to 16), givens, given pencil marks
//!   (the cell's candidates), regions (f-puzzles' default boxes, or
//!   irregular regions from the cells' `region`), diagonals, disjoint
//!   groups and extra regions of `n` cells as houses, and every constraint
//!   key as a [`Constraint`](crate::variant::Constraint), read as
//!   f-puzzles' solvers read it. Keys that only draw (`line`, `text`,
//!   `cage`, `title` …) are kept in the [`Source`], not read; any other key,
//!   or an option not supported, is an error naming it, never ignored.
//! - Output: a solution is the puzzle's JSON with the digits as values
//!   ([`solution_json`]), true candidates are centre pencil marks
//!   ([`candidates_json`]), written the way the puzzle came (a link, an
//!   lz-string or one-line JSON); [`to_json`] writes any puzzle, so that
//!   reading it back gives the same puzzle.

use std::io::{self, Write};
use std::sync::Arc;

use serde_json::Value;

mod board;
mod encode;
mod link;
mod places;
mod published;
mod reader;
mod rules;
#[cfg(test)]
mod tests;

pub(crate) use crate::format::lz::decompress_within;
pub use crate::format::lz::{decompress, is_lz_byte};
pub use encode::{candidates_json, solution_json, to_json};
pub use link::{compress, json_text, link, Form, LINK_PREFIX};
pub use reader::{Parser, Reader};

use super::records::open;
use super::sudokupad::{self, Assume, Pad};
use super::{Descriptor, Format};
use crate::{Geometry, Grid, Puzzle};

/// The puzzle as it was read: its JSON (drawings, title and author
/// included), the form it was written in and, for a SudokuPad puzzle, its
/// SudokuPad JSON, so that answers can reuse it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    json: Value,
    form: Form,
    pad: Option<Pad>,
}

impl Source {
    /// A source for `json` (an f-puzzles object) written in `form`.
    pub fn new(json: Value, form: Form) -> Source {
        Source {
            json,
            form,
            pad: None,
        }
    }

    /// A source for a SudokuPad puzzle read as `json`.
    pub fn sudokupad(json: Value, pad: Pad) -> Source {
        Source {
            json,
            form: Form::SudokuPad,
            pad: Some(pad),
        }
    }

    /// The puzzle's JSON as read.
    pub fn json(&self) -> &Value {
        &self.json
    }

    /// How the puzzle was written.
    pub fn form(&self) -> Form {
        self.form
    }

    /// The SudokuPad puzzle, when it was one.
    pub fn pad(&self) -> Option<&Pad> {
        self.pad.as_ref()
    }

    /// The puzzle's title, if it has one.
    pub fn title(&self) -> Option<&str> {
        self.text("title")
    }

    /// The setter, if named.
    pub fn author(&self) -> Option<&str> {
        self.text("author")
    }

    /// The rules as the setter wrote them, if any.
    pub fn ruleset(&self) -> Option<&str> {
        self.text("ruleset")
    }

    fn text(&self, key: &str) -> Option<&str> {
        self.json.get(key).and_then(Value::as_str)
    }

    /// `json` as a SudokuPad link: the SudokuPad puzzle this source was
    /// read from, with `json`'s values and centre marks; otherwise `json`
    /// drawn as SudokuPad's converter draws.
    pub fn encode_scl(&self, json: &Value) -> String {
        match &self.pad {
            Some(pad) if pad.json().is_some() => pad.encode(json),
            _ => sudokupad::scl_link(json),
        }
    }

    /// `json` in this source's form: one-line JSON, an lz-string, a link,
    /// or the SudokuPad link it came as (the answer's digits and centre
    /// marks in SudokuPad's cells).
    pub fn encode(&self, json: &Value) -> String {
        match (&self.pad, self.form) {
            (Some(pad), _) => pad.encode(json),
            (None, form) => encode_as(json, form),
        }
    }
}

fn encode_as(json: &Value, form: Form) -> String {
    match form {
        Form::Json => json.to_string(),
        Form::Lz => compress(json),
        Form::Link => link(json),
        Form::SudokuPad => sudokupad::scl_link(json),
    }
}

/// The puzzle an f-puzzles JSON object describes.
///
/// # Errors
/// What is wrong, naming the key or cell: a side outside 3..=16, a grid of
/// the wrong shape, a key or option not supported, a cell off the grid, a
/// constraint that cannot be met.
pub fn puzzle(json: &Value) -> Result<Puzzle, String> {
    let obj = json
        .as_object()
        .ok_or("an f-puzzles puzzle is a JSON object")?;
    let n = board::side(obj)?;
    let board = board::board(obj, n)?;
    let rules = rules::rules(obj, &board)?;
    let mut geometry = board::geometry(&board)?;
    for extra in rules.extras {
        geometry = geometry.with_extra(extra).map_err(|e| e.to_string())?;
    }
    let mut p = Puzzle::new(Arc::new(geometry), board.givens).map_err(|e| e.to_string())?;
    if let Some(sets) = board.candidates {
        p = p.with_candidates(sets).map_err(|e| e.to_string())?;
    }
    p.with_constraints(rules.constraints)
        .map_err(|e| e.to_string())
}

/// The digits a puzzle's JSON shows in its grid, givens or not: what an
/// answer written by [`write_solution`] holds (a cell without a digit, or
/// with one out of range, is empty).
///
/// # Errors
/// When the JSON has no side or no grid of that side.
pub fn shown(json: &Value) -> Result<Grid, String> {
    let obj = json
        .as_object()
        .ok_or("an f-puzzles puzzle is a JSON object")?;
    let n = board::side(obj)?;
    let rows = obj
        .get("grid")
        .and_then(Value::as_array)
        .filter(|rows| rows.len() == n)
        .ok_or_else(|| format!("no `grid` of {n} rows"))?;
    let mut cells = Vec::with_capacity(n * n);
    for row in rows {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| format!("a `grid` row is not {n} cells"))?;
        cells.extend(
            row.iter()
                .map(|c| c.get("value").and_then(|v| board::digit(v, n))),
        );
    }
    Grid::from_cells(n, cells).map_err(|e| e.to_string())
}

/// One puzzle from a link (f-puzzles or SudokuPad), an lz-string, a
/// SudokuPad payload or a JSON object, with its source.
///
/// # Errors
/// As [`read_text`] and [`puzzle`].
pub fn parse(text: &str) -> Result<(Puzzle, Source), String> {
    parse_with(text, &Assume::default())
}

/// [`parse`], reading SudokuPad lines as `assume` settles.
///
/// # Errors
/// As [`parse`].
pub fn parse_with(text: &str, assume: &Assume) -> Result<(Puzzle, Source), String> {
    let read = read_text(text, assume)?;
    let p = read.puzzle()?;
    Ok((p, read.source))
}

/// A puzzle's text read as f-puzzles JSON, with its source and the
/// solution it publishes.
#[derive(Clone, Debug)]
pub struct ReadText {
    /// The source: JSON and form.
    pub source: Source,
    /// The solution a SudokuPad puzzle publishes (`solution:`), if any.
    pub published: Option<String>,
}

impl ReadText {
    /// The puzzle, checked against the solution it publishes: a reading
    /// that the published solution breaks is refused, naming the rule.
    ///
    /// # Errors
    /// As [`puzzle`], and a published solution the reading rejects.
    pub fn puzzle(&self) -> Result<Puzzle, String> {
        let p = puzzle(&self.source.json)?;
        if let Some(sol) = &self.published {
            published::check(&p, sol)?;
        }
        Ok(p)
    }
}

/// Reads one puzzle's text: a SudokuPad link or payload (its drawings read
/// as rules), an f-puzzles link, an lz-string or JSON.
///
/// # Errors
/// As [`json_text`] and [`sudokupad::decode`], and broken JSON.
pub fn read_text(text: &str, assume: &Assume) -> Result<ReadText, String> {
    if let Some(d) = sudokupad::decode(text, assume)? {
        return Ok(ReadText {
            source: Source::sudokupad(d.fpuzzles, d.pad),
            published: d.solution,
        });
    }
    let (json, form) = json_text(text)?;
    let json: Value = serde_json::from_str(&json).map_err(|e| format!("broken JSON: {e}"))?;
    Ok(ReadText {
        source: Source::new(json, form),
        published: None,
    })
}

/// Writes `puzzle` as one line: the link of its JSON ([`to_json`]).
///
/// # Errors
/// Errors of `out`.
pub fn write<W: Write + ?Sized>(out: &mut W, puzzle: &Puzzle) -> io::Result<()> {
    writeln!(out, "{}", link(&to_json(puzzle)))
}

/// Writes a solution as one line: `source`'s JSON with the solution's
/// digits ([`solution_json`]) in the source's form; without a source, the
/// JSON of `geometry` (the grid's houses only) as a link.
///
/// # Errors
/// Errors of `out`.
pub fn write_solution<W: Write + ?Sized>(
    out: &mut W,
    solution: &Grid,
    geometry: &Geometry,
    source: Option<&Source>,
) -> io::Result<()> {
    match source {
        Some(s) => writeln!(out, "{}", s.encode(&solution_json(&s.json, solution))),
        None => writeln!(
            out,
            "{}",
            encode_as(&solution_json(&bare_json(geometry), solution), Form::Link)
        ),
    }
}

/// The `fpuzzles` format's descriptor.
pub(crate) const DESCRIPTOR: Descriptor =
    Descriptor::new(Format::Fpuzzles, "fpuzzles", open::<Parser>);

/// The `scl` format's descriptor: read as `fpuzzles`, written as SudokuPad
/// links.
pub(crate) const SCL_DESCRIPTOR: Descriptor = Descriptor::new(Format::Scl, "scl", open::<Parser>);

/// Writes `puzzle` as a SudokuPad link (`scl`) of its JSON ([`to_json`]).
///
/// # Errors
/// Errors of `out`.
pub fn write_scl<W: Write + ?Sized>(out: &mut W, puzzle: &Puzzle) -> io::Result<()> {
    writeln!(out, "{}", sudokupad::scl_link(&to_json(puzzle)))
}

/// Writes a solution as a SudokuPad link: a SudokuPad puzzle's own link
/// with the digits filled in, or the puzzle's JSON (`source`, or the
/// houses of `geometry`) drawn as a SudokuPad puzzle with them.
///
/// # Errors
/// Errors of `out`.
pub fn write_scl_solution<W: Write + ?Sized>(
    out: &mut W,
    solution: &Grid,
    geometry: &Geometry,
    source: Option<&Source>,
) -> io::Result<()> {
    let link = match source {
        Some(s) => s.encode_scl(&solution_json(&s.json, solution)),
        None => sudokupad::scl_link(&solution_json(&bare_json(geometry), solution)),
    };
    writeln!(out, "{link}")
}

/// The JSON of `geometry` alone (its houses, no givens): what an answer is
/// written into when no puzzle JSON came with it.
fn bare_json(geometry: &Geometry) -> Value {
    let bare = Puzzle::new(Arc::new(geometry.clone()), Grid::empty(geometry.size()));
    bare.as_ref().map(to_json).unwrap_or(Value::Null)
}
