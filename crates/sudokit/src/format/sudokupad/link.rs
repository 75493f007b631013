//! SudokuPad's links and payloads: `https://sudokupad.app/` (or
//! `…/sudoku/`, `?puzzleid=`, `?puzzle=`, the Cracking the Cryptic app and
//! beta hosts) followed by a payload — `scl`/`ctc` (SudokuPad's own
//! puzzle, zipped JSON), `fpuzzles`/`fpuz` (an f-puzzles puzzle) or `scf`
//! (a packed classic) — in lz-string base64 with `\` as its 65th character.
//! A `/` that a mail client made of a `//` is repaired as SudokuPad repairs
//! it. Short ids need SudokuPad's server and are refused, saying so.

use crate::format::lz::{self, percent_decode, query_param};

/// Hosts whose links carry a SudokuPad puzzle.
pub(super) const HOSTS: [&str; 5] = [
    "sudokupad.app",
    "www.sudokupad.app",
    "beta.sudokupad.app",
    "app.crackingthecryptic.com",
    "test.crackingthecryptic.com",
];

/// What a payload holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// SudokuPad's puzzle JSON (`scl`; `ctc` is the same).
    Scl,
    /// The same, written `ctc`.
    Ctc,
    /// An f-puzzles puzzle (`fpuzzles`; `fpuz` is the same).
    Fpuzzles,
    /// A packed classic (`scf`).
    Scf,
}

impl Kind {
    /// The payload's prefix.
    pub fn prefix(self) -> &'static str {
        match self {
            Kind::Scl => "scl",
            Kind::Ctc => "ctc",
            Kind::Fpuzzles => "fpuzzles",
            Kind::Scf => "scf",
        }
    }
}

/// A payload: its kind, what precedes it (`https://sudokupad.app/`, or
/// nothing for a bare payload), so that an answer is written the same way,
/// and its data (the lz-string, or the packed classic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Payload {
    pub kind: Kind,
    pub head: String,
    pub data: String,
}

/// The SudokuPad payload of `text`: `None` when it is neither a SudokuPad
/// link nor a bare payload (`scl…`, `ctc…`, `scf…`).
///
/// # Errors
/// A SudokuPad link without a readable payload (a short id, an empty one).
pub(super) fn payload(text: &str) -> Result<Option<Payload>, String> {
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or(&lower);
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if !HOSTS.contains(&&rest[..host_end]) {
        return Ok(bare(text));
    }
    let start = text.len() - rest.len() + host_end;
    let tail = &text[start..];
    let (head_len, raw) =
        match query_param(tail, "puzzleid").or_else(|| query_param(tail, "puzzle")) {
            Some(p) => (start + tail.find(p).unwrap_or(0), p),
            None => {
                let path = &tail[..tail.find(['?', '#']).unwrap_or(tail.len())];
                let trimmed = path.trim_start_matches('/');
                let skip = path.len() - trimmed.len();
                let (skip, p) = match trimmed.strip_prefix("sudoku/") {
                    Some(p) => (skip + 7, p),
                    None => (skip, trimmed),
                };
                (start + skip, p)
            }
        };
    let head = text[..head_len].to_owned();
    let decoded = decode_uri(raw);
    match bare(&decoded) {
        Some(p) => Ok(Some(Payload { head, ..p })),
        None if decoded.is_empty() => Err("a SudokuPad link without a puzzle".to_owned()),
        None => {
            let shown: String = decoded.chars().take(24).collect();
            Err(format!(
                "a SudokuPad short link (`{shown}`): its puzzle is on SudokuPad's server; \
                 open it in SudokuPad and share it as a full link (Settings, Share)"
            ))
        }
    }
}

/// A bare payload: a known prefix and the rest.
fn bare(text: &str) -> Option<Payload> {
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    let kind = [Kind::Fpuzzles, Kind::Scl, Kind::Ctc, Kind::Scf]
        .into_iter()
        .find(|k| lower.starts_with(k.prefix()))
        .or_else(|| lower.starts_with("fpuz").then_some(Kind::Fpuzzles))?;
    let skip = match kind {
        Kind::Fpuzzles if !lower.starts_with("fpuzzles") => 4,
        k => k.prefix().len(),
    };
    let data = &text[skip..];
    // A bare payload is one token of lz-string base64 (or, for `scf`, the
    // packed classic's characters).
    let ok = !data.is_empty()
        && data
            .bytes()
            .all(|b| lz::is_lz_byte(b) || b == b'\\' || b == b'%' || b == b' ');
    ok.then(|| Payload {
        kind,
        head: String::new(),
        data: decode_uri(data),
    })
}

/// `%XX` escapes decoded, as SudokuPad does (only when that shortens it).
fn decode_uri(s: &str) -> String {
    let d = percent_decode(s);
    if d.len() < s.len() {
        d
    } else {
        s.to_owned()
    }
}

/// The text an lz-string payload holds, with SudokuPad's repair of `//`
/// turned into `/`: the payload as is, then with one, two… of its first 16
/// slashes doubled, fewest first, up to 3000 tries.
///
/// # Errors
/// When no repair decompresses.
pub(super) fn inflate(data: &str) -> Result<String, String> {
    // `\` is SudokuPad's 65th character: padding, like `=`.
    let data = data.trim().replace('\\', "=");
    let first = lz::decompress(&data);
    if first.is_ok() || !data.contains('/') {
        return first;
    }
    let slashes: Vec<usize> = data.match_indices('/').map(|(i, _)| i).take(16).collect();
    let mut patterns: Vec<u32> = (1..1u32 << slashes.len()).collect();
    patterns.sort_by_key(|p| p.count_ones());
    // SudokuPad's 3000 tries, fewer for a long payload: about 16 MiB of
    // decompressing at the most.
    let tries = (16 << 20) / data.len().max(1);
    for p in patterns.into_iter().take(tries.clamp(16, 3000)) {
        let mut fixed = String::with_capacity(data.len() + 16);
        let mut from = 0;
        for (k, &at) in slashes.iter().enumerate() {
            // Bits from the left, as SudokuPad's binary strings read.
            if p >> (slashes.len() - 1 - k) & 1 == 1 {
                fixed.push_str(&data[from..=at]);
                fixed.push('/');
                from = at + 1;
            }
        }
        fixed.push_str(&data[from..]);
        if let Ok(text) = lz::decompress(&fixed) {
            return Ok(text);
        }
    }
    first
}

/// The givens and rules of a packed classic (`scf`): 81 digits and the
/// letters after them (`w` windoku, `x` diagonals).
///
/// # Errors
/// A character outside the packing, or fewer than 81 cells.
pub(super) fn unpack_classic(data: &str) -> Result<(String, String), String> {
    let mut givens = String::with_capacity(90);
    let mut chars = data.chars();
    while givens.len() < 81 {
        let Some(ch) = chars.next() else {
            return Err(format!(
                "a packed classic (`scf`) of {} cells, not 81",
                givens.len()
            ));
        };
        let code = match ch {
            '0'..='9' => ch as u32 - 48,
            'A'..='Z' => ch as u32 - 55,
            'a'..='z' => ch as u32 - 61,
            _ => return Err(format!("a packed classic (`scf`) with {ch:?}")),
        };
        givens.push(char::from_digit(code % 10, 10).unwrap_or('0'));
        for _ in 0..code / 10 {
            givens.push('0');
        }
    }
    givens.truncate(81);
    Ok((givens, chars.collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(kind: Kind, head: &str, data: &str) -> Option<Payload> {
        Some(Payload {
            kind,
            head: head.to_owned(),
            data: data.to_owned(),
        })
    }

    #[test]
    fn links_and_bare_payloads_give_their_payload() {
        let cases = [
            (
                "https://sudokupad.app/sclN4Ig",
                p(Kind::Scl, "https://sudokupad.app/", "N4Ig"),
            ),
            (
                "sudokupad.app/ctcN4Ig%2B",
                p(Kind::Ctc, "sudokupad.app/", "N4Ig+"),
            ),
            (
                "https://sudokupad.app/sudoku/sclN4/g",
                p(Kind::Scl, "https://sudokupad.app/sudoku/", "N4/g"),
            ),
            (
                "https://sudokupad.app/?puzzleid=sclN4Ig&x=1",
                p(Kind::Scl, "https://sudokupad.app/?puzzleid=", "N4Ig"),
            ),
            (
                "https://app.crackingthecryptic.com/sudoku/fpuzN4Ig",
                p(
                    Kind::Fpuzzles,
                    "https://app.crackingthecryptic.com/sudoku/",
                    "N4Ig",
                ),
            ),
            ("scfoooooooooooook", p(Kind::Scf, "", "oooooooooooook")),
            ("sclN4Ig\\", p(Kind::Scl, "", "N4Ig\\")),
        ];
        for (text, expected) in cases {
            assert_eq!(payload(text).unwrap(), expected, "{text}");
        }
        assert_eq!(payload("N4IgzglgXg").unwrap(), None);
        assert_eq!(
            payload("https://www.f-puzzles.com/?load=N4Ig").unwrap(),
            None
        );
        let e = payload("https://sudokupad.app/4xk2kz9a").unwrap_err();
        assert!(e.contains("short link") && e.contains("4xk2kz9a"), "{e}");
    }

    #[test]
    fn a_slash_lost_in_mail_is_repaired() {
        // A text whose base64 holds `//`, found by trying a few.
        let (text, lz) = (0..24)
            // A 16-bit literal of sixteen one bits, at every alignment.
            .map(|k| format!("{}\u{ffff}\u{7fff}", "ab".repeat(k % 12)))
            .map(|t| {
                let lz = lz::compress(&t);
                (t, lz)
            })
            .find(|(_, lz)| lz.contains("//"))
            .expect("some text compresses to a `//`");
        let i = lz.find("//").unwrap();
        let damaged = format!("{}{}", &lz[..i], &lz[i + 1..]);
        assert!(lz::decompress(&damaged).map_or(true, |t| t != text));
        assert_eq!(inflate(&damaged).unwrap(), text);
        assert_eq!(inflate(&lz).unwrap(), text);
    }

    #[test]
    fn packed_classics_unpack() {
        // Packed by SudokuPad's own `codoku`, read back by its `decodeSCF`
        // as this puzzle with the diagonals.
        let (givens, rules) = unpack_classic("sIFrev0quIs0pAGDHPqBs0x").unwrap();
        assert_eq!(
            givens,
            "400000805030000000000700000020000060000080400000010000000603070500200000104000000"
        );
        assert_eq!(rules, "x");
        // SudokuPad's own blank-grid example reads as its decodeSCF reads it
        // (a 6 in r9c7: the example's last character also packs a digit).
        let (givens, _) = unpack_classic("oooooooooooook").unwrap();
        assert_eq!(givens, format!("{}600", "0".repeat(78)));
        assert!(unpack_classic("12").is_err());
        assert!(unpack_classic("12!").is_err());
    }
}
