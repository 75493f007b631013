//! SudokuPad's puzzles: its links (`https://sudokupad.app/scl…`, `ctc…`,
//! `fpuzzles…`, `scf…`, and those payloads bare), its zipped puzzle JSON,
//! and its drawings read back as rules — the result is the f-puzzles JSON
//! that means the same puzzle, which [`fpuzzles`](super::fpuzzles) reads.
//! Answers go back the way the puzzle came: the SudokuPad puzzle with the
//! solution's digits (or the true candidates as centre marks), zipped into
//! a link of the same shape. [`scl_link`] writes any f-puzzles puzzle as a
//! SudokuPad link drawn as SudokuPad's own converter draws it.
//!
//! The reading (`read.rs`, `drawn.rs`): SudokuPad's converter draws each
//! f-puzzles constraint with a fixed signature (colour, size, thickness,
//! text), read back exactly; other lines take the kind the rules text gives
//! their colour ("green lines are German whispers"); global rules
//! (anti-knight, non-consecutive, disjoint groups, negative dots) come from
//! the metadata and the rules text. A rule the text names that nothing
//! draws, a line no rule names, a clone, a number outside the grid that no
//! rule explains: refused, naming the element, with `--assume COLOUR=KIND`
//! to settle a line's kind. The solution a puzzle publishes (`solution:`) is
//! kept ([`Decoded::solution`]) so the reader can check the reading by it.

use serde_json::Value;

mod assume;
mod colours;
mod drawn;
mod elements;
mod encode;
mod kinds;
mod link;
mod marks;
mod read;
mod rules_text;
mod zipper;

pub use assume::Assume;
pub use link::Kind;
pub use zipper::{unzip, zip};

use crate::format::lz;

/// How a SudokuPad puzzle was written, and its JSON, so that an answer goes
/// back the same way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pad {
    kind: Kind,
    head: String,
    json: Option<Value>,
}

impl Pad {
    /// The payload's kind.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The SudokuPad puzzle JSON (for `scl` and `ctc` payloads).
    pub fn json(&self) -> Option<&Value> {
        self.json.as_ref()
    }

    /// `answer` (f-puzzles JSON: the puzzle as read with digits as values,
    /// or true candidates as centre marks) written the way this puzzle was:
    /// the SudokuPad puzzle with the answer's values and centre marks, or
    /// the f-puzzles puzzle, in a link (or payload) of the same shape.
    pub fn encode(&self, answer: &Value) -> String {
        match (&self.json, self.kind) {
            (Some(pad), kind) => {
                let mut pad = pad.clone();
                fill(&mut pad, answer);
                format!("{}{}{}", self.head, kind.prefix(), lz::compress(&zip(&pad)))
            }
            (None, Kind::Fpuzzles) => {
                format!("{}fpuzzles{}", self.head, lz::compress(&answer.to_string()))
            }
            (None, _) => scl_link_with(&self.head, answer),
        }
    }
}

/// A puzzle read from a SudokuPad link or payload.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The f-puzzles JSON that means the same puzzle.
    pub fpuzzles: Value,
    /// How it was written.
    pub pad: Pad,
    /// The solution the puzzle publishes, if any: its digits row by row as
    /// written (`.` or `0` where unknown).
    pub solution: Option<String>,
}

/// Reads a SudokuPad link or bare payload; `None` when `text` is neither.
///
/// # Errors
/// What is wrong, naming the element: a short link, a payload that does
/// not decompress or unzip, a drawing that cannot be read as a rule.
pub fn decode(text: &str, assume: &Assume) -> Result<Option<Decoded>, String> {
    let Some(p) = link::payload(text)? else {
        return Ok(None);
    };
    let pad = |json| Pad {
        kind: p.kind,
        head: p.head.clone(),
        json,
    };
    match p.kind {
        Kind::Fpuzzles => {
            let text = link::inflate(&p.data)?;
            let json: Value =
                serde_json::from_str(&text).map_err(|e| format!("broken JSON: {e}"))?;
            Ok(Some(Decoded {
                fpuzzles: json,
                pad: pad(None),
                solution: None,
            }))
        }
        Kind::Scf => {
            let (givens, rules) = link::unpack_classic(&p.data)?;
            Ok(Some(Decoded {
                fpuzzles: classic(&givens, &rules),
                pad: pad(None),
                solution: None,
            }))
        }
        Kind::Scl | Kind::Ctc => {
            let text = link::inflate(&p.data)?;
            let json = match serde_json::from_str::<Value>(&text) {
                Ok(v) if v.is_object() => v,
                _ => unzip(&text)?,
            };
            let reading = read::reading(&json, assume)?;
            Ok(Some(Decoded {
                fpuzzles: reading.json,
                pad: pad(Some(json)),
                solution: reading.solution,
            }))
        }
    }
}

/// Whether `text` starts like a SudokuPad link or bare payload.
pub fn is_sudokupad(text: &str) -> bool {
    let lower = text
        .trim_start()
        .get(..40)
        .unwrap_or(text)
        .to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or(&lower);
    link::HOSTS
        .iter()
        .any(|h| rest.starts_with(&format!("{h}/")))
        || ["scl", "ctc", "scf"].iter().any(|p| {
            rest.starts_with(p)
                && rest.len() > 8
                && rest
                    .bytes()
                    .skip(3)
                    .all(|b| lz::is_lz_byte(b) || b == b'\\' || b == b'%')
        })
}

/// A packed classic as f-puzzles JSON: its givens, diagonals (`x`) and
/// windows (`w`).
fn classic(givens: &str, rules: &str) -> Value {
    let grid: Vec<Vec<Value>> = givens
        .as_bytes()
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&b| match b {
                    b'1'..=b'9' => serde_json::json!({ "value": b - b'0', "given": true }),
                    _ => serde_json::json!({}),
                })
                .collect()
        })
        .collect();
    let mut json = serde_json::json!({ "size": 9, "grid": grid });
    if rules.contains('x') {
        json["diagonal+"] = true.into();
        json["diagonal-"] = true.into();
    }
    if rules.contains('w') {
        let windows: Vec<Value> = [(1, 1), (1, 5), (5, 1), (5, 5)]
            .iter()
            .map(|&(r, c)| {
                let cells: Vec<String> = (0..9)
                    .map(|k| format!("R{}C{}", r + 1 + k / 3, c + 1 + k % 3))
                    .collect();
                serde_json::json!({ "cells": cells })
            })
            .collect();
        json["extraregion"] = windows.into();
    }
    json
}

/// Copies the answer's values and centre marks into SudokuPad's cells.
fn fill(pad: &mut Value, answer: &Value) {
    let Some(rows) = answer.get("grid").and_then(Value::as_array) else {
        return;
    };
    let Some(cells) = pad.get_mut("cells").and_then(Value::as_array_mut) else {
        return;
    };
    for (row, out) in rows.iter().zip(cells.iter_mut()) {
        let (Some(row), Some(out)) = (row.as_array(), out.as_array_mut()) else {
            continue;
        };
        for (cell, o) in row.iter().zip(out.iter_mut()) {
            if !o.is_object() {
                *o = Value::Object(serde_json::Map::new());
            }
            if let Some(v) = cell.get("value").filter(|v| !v.is_null()) {
                o["value"] = v.clone();
            }
            if let Some(m) = cell.get("centerPencilMarks").filter(|m| m.is_array()) {
                o["centremarks"] = m.clone();
            }
        }
    }
}

/// The prefix [`scl_link`] writes.
pub const SCL_PREFIX: &str = "https://sudokupad.app/scl";

/// An f-puzzles puzzle (its JSON) as a SudokuPad link (`scl`), drawn as
/// SudokuPad's converter draws it; its values and centre marks kept.
pub fn scl_link(fpuzzles: &Value) -> String {
    scl_link_with("https://sudokupad.app/", fpuzzles)
}

fn scl_link_with(head: &str, fpuzzles: &Value) -> String {
    let pad = encode::from_fpuzzles(fpuzzles);
    format!("{head}scl{}", lz::compress(&zip(&pad)))
}

/// A SudokuPad puzzle (its JSON, as [`Pad::json`] gives it) as a link.
pub fn link_of(pad: &Value) -> String {
    format!("{SCL_PREFIX}{}", lz::compress(&zip(pad)))
}

/// The SudokuPad puzzle JSON an f-puzzles puzzle is drawn as.
pub fn pad_json(fpuzzles: &Value) -> Value {
    encode::from_fpuzzles(fpuzzles)
}
