//! Reading a request: a JSON object (`{"puzzle": "...", ...}`, whatever its
//! content type, so `curl -d` works), or the puzzle text itself. Each
//! endpoint names the fields it takes; any other is refused, so a typo is an
//! error rather than an ignored option.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use sudokit::format::sudokupad::Assume;
use sudokit::format::{Entry, Format};

use super::{board, ApiError, Limits};
use crate::variant::Variant;

/// The fields of every puzzle request.
pub const PUZZLE_FIELDS: &[&str] = &["puzzle", "format", "x", "windoku", "assume"];

/// A request about a puzzle: the puzzle and the options any endpoint takes
/// (each endpoint allows only its own, see [`decode`]).
#[derive(Debug, Default, Deserialize)]
pub struct PuzzleReq {
    /// The puzzle, in any format sudokit reads.
    #[serde(default)]
    pub puzzle: String,
    /// Its format's name (detected when absent).
    pub format: Option<String>,
    /// X-sudoku: the two diagonals are houses too.
    #[serde(default)]
    pub x: bool,
    /// Windoku: the four windows are houses too.
    #[serde(default)]
    pub windoku: bool,
    /// SudokuPad puzzles: how to read lines the rules do not explain
    /// (`green=whispers,#ff0000=renban`).
    pub assume: Option<String>,
    /// `solve`: the engine.
    pub engine: Option<String>,
    /// `count`: where to stop.
    pub limit: Option<u64>,
    /// `hint`: the player's digits, one per cell, 0 for empty.
    pub values: Option<Vec<u32>>,
    /// `render`: draw the solution.
    #[serde(default)]
    pub solution: bool,
    /// `render`: draw the candidates.
    #[serde(default)]
    pub candidates: bool,
    /// `render`: draw the board before this step (1-based).
    pub step: Option<u32>,
    /// `render`: `svg` or `png`.
    pub image: Option<String>,
    /// `render`: the side of a cell in pixels.
    pub cell: Option<f64>,
    /// `render`: a caption.
    pub title: Option<String>,
}

impl PuzzleReq {
    /// The request's one puzzle and its format.
    pub fn read(&self, limits: &Limits) -> Result<(Entry, Format), ApiError> {
        let variant = Variant {
            x: self.x,
            windoku: self.windoku,
        };
        let assume = match &self.assume {
            None => Assume::default(),
            Some(text) => {
                Assume::parse(text).map_err(|why| ApiError::bad(format!("`assume`: {why}")))?
            }
        };
        board::read(
            &self.puzzle,
            self.format.as_deref(),
            variant,
            assume,
            limits,
        )
    }
}

/// The request as `T`, taking the fields `allowed` only: a JSON object, or
/// the puzzle text itself (`{"puzzle": TEXT}`); an empty body is `{}`.
pub fn decode<T: DeserializeOwned>(text: &str, allowed: &[&[&str]]) -> Result<T, ApiError> {
    let value = match text.trim_start().as_bytes().first() {
        None => json!({}),
        Some(b'{') => serde_json::from_str(text)
            .map_err(|e| ApiError::bad(format!("the request body is not valid JSON: {e}")))?,
        // Endpoints without a puzzle (generate) take only an object.
        Some(_) if !allowed.contains(&PUZZLE_FIELDS) => {
            return Err(ApiError::bad(
                "the request body must be a JSON object of options, e.g. {\"level\":\"hard\"}",
            ))
        }
        Some(_) => json!({ "puzzle": text }),
    };
    let Value::Object(fields) = &value else {
        return Err(ApiError::bad("the request body is not a JSON object"));
    };
    let known = allowed.iter().flat_map(|list| list.iter());
    if let Some(unknown) = fields.keys().find(|k| !known.clone().any(|a| a == k)) {
        let names: Vec<String> = known.map(|a| format!("`{a}`")).collect();
        return Err(ApiError::bad(format!(
            "bad request: unknown field `{unknown}`, expected one of {}",
            names.join(", ")
        )));
    }
    if allowed.contains(&PUZZLE_FIELDS) && !fields.contains_key("puzzle") {
        return Err(ApiError::bad("bad request: missing field `puzzle`"));
    }
    serde_json::from_value(value).map_err(|e| ApiError::bad(format!("bad request: {e}")))
}
