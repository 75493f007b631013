//! The three ways an f-puzzles puzzle is written: its JSON, that JSON
//! compressed with lz-string's `compressToBase64` (what follows `?load=` in
//! an f-puzzles link), and whole links (f-puzzles, and SudokuPad links that
//! carry an f-puzzles puzzle).

use serde_json::Value;

use crate::format::lz::{self, decompress, percent_decode, query_param};

/// How a puzzle was written, so that its answer can be written the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Form {
    /// The JSON object itself.
    Json,
    /// The lz-string (base64) of the JSON.
    Lz,
    /// A link holding the lz-string.
    #[default]
    Link,
    /// A SudokuPad link or payload (its [`Source`](super::Source) holds the
    /// SudokuPad puzzle).
    SudokuPad,
}

/// The f-puzzles link prefix that [`link`] writes.
pub const LINK_PREFIX: &str = "https://www.f-puzzles.com/?load=";

/// `json` as an f-puzzles link (`?load=` and lz-string's `compressToBase64`
/// of the compact JSON).
pub fn link(json: &Value) -> String {
    format!("{LINK_PREFIX}{}", compress(json))
}

/// lz-string's `compressToBase64` of `json` written compactly.
pub fn compress(json: &Value) -> String {
    lz::compress(&json.to_string())
}

/// The JSON text of a puzzle written as a link, an lz-string or JSON (which
/// is returned as is), and the form it had.
///
/// # Errors
/// What is wrong: a link of another site, an lz-string that does not
/// decompress.
pub fn json_text(text: &str) -> Result<(String, Form), String> {
    let text = text.trim();
    if text.starts_with('{') || text.starts_with('[') {
        return Ok((text.to_owned(), Form::Json));
    }
    if let Some(lz) = link_payload(text)? {
        return decompress(&lz).map(|json| (json, Form::Link));
    }
    decompress(text).map(|json| (json, Form::Lz))
}

/// The lz-string a link carries: `None` when `text` is not a link.
///
/// # Errors
/// A link of another site, or one that carries no f-puzzles puzzle.
fn link_payload(text: &str) -> Result<Option<String>, String> {
    let lower = text.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    let bare_host = |h: &str| lower.starts_with(&format!("{h}/"));
    let known = ["f-puzzles.com", "www.f-puzzles.com"]
        .into_iter()
        .any(bare_host);
    if rest.is_none() && !known {
        return Ok(None);
    }
    // Same offsets in `text` and `lower` (ASCII lowercasing keeps lengths).
    let start = text.len() - rest.unwrap_or(&lower).len();
    let after_scheme = &text[start..];
    let host_end = after_scheme
        .find(['/', '?', '#'])
        .unwrap_or(after_scheme.len());
    let host = after_scheme[..host_end].to_ascii_lowercase();
    let tail = &after_scheme[host_end..];
    if host == "f-puzzles.com" || host == "www.f-puzzles.com" {
        return match query_param(tail, "load") {
            Some(lz) => Ok(Some(percent_decode(lz))),
            None => Err(
                "an f-puzzles link without `?load=`: only links that hold the \
                 puzzle (`?load=...`) can be read offline"
                    .to_owned(),
            ),
        };
    }
    Err(format!(
        "a link to {host}: only f-puzzles links (`?load=`) and SudokuPad links can be read"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_give_their_payload() {
        let cases = [
            ("https://www.f-puzzles.com/?load=N4Ig", "N4Ig"),
            ("http://f-puzzles.com/?load=N4Ig%3D%3D&x=1", "N4Ig=="),
            ("f-puzzles.com/?load=N4Ig", "N4Ig"),
        ];
        for (link, lz) in cases {
            assert_eq!(link_payload(link), Ok(Some(lz.to_owned())), "{link}");
        }
        assert_eq!(link_payload("N4IgzglgXg"), Ok(None));
        let e = link_payload("https://example.com/?load=N4Ig").unwrap_err();
        assert!(e.contains("example.com"), "{e}");
        let e = link_payload("https://www.f-puzzles.com/?id=abc").unwrap_err();
        assert!(e.contains("?load="), "{e}");
    }
}
