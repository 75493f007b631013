//! Guessing the format from the start of the input.

use std::io::{self, BufRead, Chain, Cursor, Read};

use super::alphabet::is_empty_symbol;
use super::line::side_for_cells;
use super::text::is_blank;
use super::{choose_alphabet, Format};
use super::{fpuzzles, jigsaw, multi, pencilmark};
use crate::MAX_SIZE;

/// How many bytes [`detect_reader`] looks at.
pub const DETECT_PREFIX: usize = 64 * 1024;

/// Why the format could not be told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DetectError {
    /// The input has no puzzle at all (only blanks).
    #[error("the input is empty")]
    Empty,
    /// The first meaningful line fits no format, or several.
    #[error("cannot tell the format from line {line} (`{excerpt}`): {reason}; use --format (one of {})", Format::NAMES.join(", "))]
    Unknown {
        /// 1-based line.
        line: usize,
        /// The start of that line.
        excerpt: String,
        /// What was unclear.
        reason: &'static str,
    },
}

/// A meaningful (non-blank, non-comment) line of the prefix.
struct Line<'a> {
    number: usize,
    text: &'a [u8],
}

fn meaningful(prefix: &[u8]) -> impl Iterator<Item = Line<'_>> + Clone {
    let prefix = prefix.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(prefix);
    prefix
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, text)| {
            let start = text
                .iter()
                .position(|&b| !is_blank(b))
                .unwrap_or(text.len());
            let end = text
                .iter()
                .rposition(|&b| !is_blank(b))
                .map_or(start, |e| e + 1);
            Line {
                number: i + 1,
                text: &text[start..end],
            }
        })
        .filter(|l| !l.text.is_empty() && l.text[0] != b'#')
}

fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| is_blank(b)).filter(|t| !t.is_empty())
}

fn is_integer(token: &[u8]) -> bool {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
}

fn is_poj_row(text: &[u8]) -> bool {
    text.len() == 16
        && text.iter().all(|&b| matches!(b, b'A'..=b'P' | b'-'))
        && text.iter().any(u8::is_ascii_uppercase)
}

/// Whether blank-separated integers are a full `grid` row written with
/// numbers (`1 2 … 16`): 10 to [`MAX_SIZE`] of them, none above the count, no number
/// twice (wall-coded `hdu4069` values repeat and run up to 255).
fn is_number_row(words: &[&[u8]]) -> bool {
    let count = words.len();
    let mut seen = [false; MAX_SIZE + 1];
    (10..=MAX_SIZE).contains(&count)
        && words.iter().all(|w| {
            let v = std::str::from_utf8(w)
                .ok()
                .and_then(|w| w.parse::<usize>().ok())
                .filter(|&v| v <= count);
            match v {
                Some(0) => true,
                Some(v) => !std::mem::replace(&mut seen[v], true),
                None => false,
            }
        })
}

/// Whether a line is a frame line (only `-`, `=`, `+`, `*`, `|`, blanks).
fn is_frame_line(text: &[u8]) -> bool {
    text.iter()
        .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'*' | b'|') || is_blank(b))
}

/// Whether a line is a 9x9 `sdk` row: 9 of `1`-`9`, `.` and `0`.
fn is_sdk_row(text: &[u8]) -> bool {
    text.len() == 9 && text.iter().all(|&b| matches!(b, b'0'..=b'9' | b'.'))
}

/// Whether the first row of a block of `more + 1` rows is followed by the
/// rest: the next `more` meaningful lines are rows too (`is_row`), or all
/// the lines there are, at least `least` of them (the input ends inside
/// the block).
fn rows_follow<'a>(
    lines: impl Iterator<Item = Line<'a>> + Clone,
    more: usize,
    least: usize,
    is_row: fn(&[u8]) -> bool,
) -> bool {
    let alike = lines
        .clone()
        .take(more)
        .take_while(|l| is_row(l.text))
        .count();
    alike == more || (alike >= least && alike == lines.count())
}

/// Whether `word` (with the next meaningful line `next`) is a `jigsaw`
/// layout: n² givens followed by n² region symbols making n *connected*
/// regions of n cells, on one line or on the next. Connectivity is what
/// tells a region line from a second `line` puzzle (a solved grid's digits
/// never touch their own kind).
fn is_jigsaw(word: &[u8], next: Option<&[u8]>) -> bool {
    let side = |cells: usize| {
        let n = (cells as f64).sqrt().round() as usize;
        (n >= 2 && n * n == cells && n <= 61).then_some(n)
    };
    let regions_ok = |regions: &[u8], n: usize| {
        jigsaw::region_map(regions, n).is_ok_and(|m| jigsaw::connected(&m, n))
    };
    if word.len().is_multiple_of(2) {
        if let Some(n) = side(word.len() / 2) {
            let (givens, regions) = word.split_at(n * n);
            if fits(givens, n) && regions_ok(regions, n) {
                return true;
            }
        }
    }
    match (side(word.len()), next) {
        (Some(n), Some(next)) => fits(word, n) && regions_ok(next, n),
        _ => false,
    }
}

/// Whether `token` is a valid `line` puzzle (or grid row) of side `n`.
fn fits(token: &[u8], n: usize) -> bool {
    let alphabet = choose_alphabet(n, token);
    token
        .iter()
        .all(|&b| is_empty_symbol(b) || alphabet.digit(b).flatten().is_some_and(|d| d < n))
}

/// Whether a line starts an `fpuzzles` record: JSON (`{` or `[`), a link to
/// f-puzzles or SudokuPad, or an lz-string (`N4Ig…`, the start of every
/// compressed JSON object) that decompresses to an f-puzzles object.
fn is_fpuzzles(text: &[u8]) -> bool {
    if text.starts_with(b"{") || text.starts_with(b"[") {
        return true;
    }
    if std::str::from_utf8(text).is_ok_and(super::sudokupad::is_sudokupad) {
        return true;
    }
    let lower = text.to_ascii_lowercase();
    let link = |host: &[u8]| {
        let rest = lower
            .strip_prefix(b"https://")
            .or_else(|| lower.strip_prefix(b"http://"))
            .unwrap_or(&lower);
        rest.strip_prefix(b"www.").unwrap_or(rest).starts_with(host)
    };
    if link(b"f-puzzles.com/") {
        return true;
    }
    text.starts_with(b"N4Ig")
        && text.len() >= 20
        && text.iter().all(|&b| fpuzzles::is_lz_byte(b))
        && std::str::from_utf8(text)
            .ok()
            // A puzzle's JSON is a few KiB: a small cap keeps detection quick.
            .and_then(|t| fpuzzles::decompress_within(t, 1 << 20).ok())
            .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
            .is_some_and(|v| v.get("size").is_some())
}

/// Guesses the format of an input from its first bytes (a prefix as long as
/// you have; [`DETECT_PREFIX`] bytes are plenty). Blank lines, a BOM and `#`
/// comment lines are skipped; then, on the first meaningful line:
///
/// - first of all, a `# layout:` line that names a layout, or a block of
///   rows of `0`-`9`, `.` and spaces with a hole before a cell in some row,
///   in the shape of one preset multi-grid layout (the first block may be a
///   few places off; see [`multi`](super::multi)), or `[` then `[` (a JSON
///   board) → [`Format::Multi`];
/// 0. `{` or `[` (JSON), an f-puzzles or SudokuPad link, a bare SudokuPad
///    payload (`scl…`, `ctc…`, `scf…`), or an lz-string
///    (`N4Ig…`) that decompresses to an f-puzzles object →
///    [`Format::Fpuzzles`];
/// 1. an integer alone on its line and followed by a line of integers (or,
///    for at most 4 digits, by a lone integer of at most 3 digits, or by
///    nothing), or one of at most 4 digits followed on its own line by
///    integers of which one has 2 digits or more (and that are not a `grid`
///    row of numbers, `1 2 … 16`) → [`Format::Hdu4069`] (the case count `T`);
/// 2. the first row of the block (the first line that is not a frame line)
///    has `|` and no blanks (`|4..|...|8.5|`) → [`Format::Ss`];
/// 3. several words (cells separated by blanks) or a frame line →
///    [`Format::Grid`];
/// 4. a single word:
///    - 729 characters, each `.`/`0` or the digit its place stands for →
///      [`Format::Pencilmark`];
///    - n² symbols that fit side n, followed by n² region symbols forming n
///      *connected* regions of n cells (on the same line or the next) →
///      [`Format::Jigsaw`];
///    - 9 characters of `0`-`9` and `.`, with the next 8 meaningful lines
///      alike (or all the lines there are) → [`Format::Sdk`];
///    - `end` or 81 characters → [`Format::Line`] (an `.sdm` file is `line`
///      input, and its answers are the same bytes);
///    - 16 characters of `A`-`P` and `-` with the next 15 meaningful lines
///      alike (or all the lines there are) → [`Format::Poj3076`];
///    - n² characters for a side n with boxes → [`Format::Line`] when its
///      symbols fit that side, and [`Format::Grid`] (a compact first row)
///      when they fit a side equal to its length instead;
///    - any other word longer than the largest side ([`MAX_SIZE`]) →
///      [`Format::Line`] (whose reader says what is wrong with its length);
///    - a shorter word → [`Format::Grid`] (a compact first row).
///
/// The guess is then checked by reading the prefix in that format: when a
/// record fails (other than a last one, which the prefix may cut), the first
/// record may be the damaged one, so the rules also run from each of the
/// next meaningful lines and the guesses are compared by how much of the
/// prefix their readers read as puzzles (see the source's `vote`): a damaged
/// first record does not change how the rest is read.
///
/// # Errors
/// [`DetectError::Empty`] when there is nothing but blanks;
/// [`DetectError::Unknown`] when the first line fits no format (or, for a
/// word that could be a 4x4 or 6x6 `line` or a 16x16 or 36x36 compact `grid`
/// row, fits neither's symbols) and no guess from the lines after it reads a
/// puzzle.
pub fn detect(prefix: &[u8]) -> Result<Format, DetectError> {
    if multi::detect_board(prefix) {
        return Ok(Format::Multi);
    }
    let lines = meaningful(prefix);
    let first = guess(lines.clone());
    if first == Err(DetectError::Empty) {
        return first;
    }
    if let Ok(format) = first {
        if score(format, prefix).clean() {
            return first;
        }
    }
    vote(prefix, lines, first)
}

/// The rules of [`detect`] applied to the lines from `lines` on.
fn guess<'a>(mut lines: impl Iterator<Item = Line<'a>> + Clone) -> Result<Format, DetectError> {
    let start = lines.clone();
    let first = lines.next().ok_or(DetectError::Empty)?;
    let unknown = |reason| DetectError::Unknown {
        line: first.number,
        excerpt: String::from_utf8_lossy(&first.text[..first.text.len().min(40)]).into_owned(),
        reason,
    };
    if multi::is_json_board(first.text, lines.clone().next().map(|l| l.text)) {
        return Ok(Format::Multi);
    }
    if is_fpuzzles(first.text) {
        return Ok(Format::Fpuzzles);
    }
    let words: Vec<&[u8]> = tokens(first.text).take(64).collect();
    let head = words[0];
    let short = head.len() <= 4;
    if head.iter().all(u8::is_ascii_digit) {
        if words.len() == 1 {
            match lines.clone().next() {
                None if short => return Ok(Format::Hdu4069),
                None => {}
                Some(next) => {
                    let next_words: Vec<&[u8]> = tokens(next.text).take(64).collect();
                    let all_integers = next_words.iter().all(|t| is_integer(t));
                    // A `T` of any size before a row of wall codes.
                    if all_integers
                        && (next_words.len() >= 2 || (short && next_words[0].len() <= 3))
                    {
                        return Ok(Format::Hdu4069);
                    }
                }
            }
        } else if short
            && words.iter().all(|t| is_integer(t))
            && words.iter().any(|t| t.len() >= 2)
            && !is_number_row(&words)
        {
            return Ok(Format::Hdu4069);
        }
    }
    // A boxed block whose rows have no blanks: Simple Sudoku.
    let first_row = start.clone().find(|l| !is_frame_line(l.text));
    if let Some(row) = first_row {
        if row.text.contains(&b'|') && !row.text.iter().any(|&b| is_blank(b)) {
            return Ok(Format::Ss);
        }
    }
    if words.len() > 1
        || first
            .text
            .iter()
            .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'*' | b'|') || is_blank(b))
    {
        return Ok(Format::Grid);
    }
    let word = head;
    if pencilmark::is_pencilmark(word) {
        return Ok(Format::Pencilmark);
    }
    if is_jigsaw(word, lines.clone().next().map(|l| l.text)) {
        return Ok(Format::Jigsaw);
    }
    if is_sdk_row(word) && rows_follow(lines.clone(), 8, 1, is_sdk_row) {
        return Ok(Format::Sdk);
    }
    if word == b"end" || word.len() == 81 {
        return Ok(Format::Line);
    }
    if is_poj_row(word) && rows_follow(lines, 15, 0, is_poj_row) {
        return Ok(Format::Poj3076);
    }
    let cells = word.iter().filter(|&&b| b & 0xC0 != 0x80).count();
    let as_line = side_for_cells(cells);
    let as_row = (4..=61).contains(&cells) && crate::default_box_shape(cells).is_some();
    match (as_line, as_row) {
        // A long word is a `line` puzzle even when a symbol is wrong: the
        // reader then reports that puzzle, and only it, as malformed.
        (Some(_), false) => Ok(Format::Line),
        (Some(n), true) => {
            if fits(word, n) {
                Ok(Format::Line)
            } else if fits(word, cells) {
                Ok(Format::Grid)
            } else {
                Err(unknown(
                    "it could be a `line` puzzle or a compact `grid` row, and fits neither",
                ))
            }
        }
        // Longer than any grid row: a `line` puzzle of a wrong length,
        // which that reader names.
        (None, _) if cells > MAX_SIZE => Ok(Format::Line),
        (None, _) if cells >= 4 => Ok(Format::Grid),
        (None, _) => Err(unknown("too short for a puzzle line or a grid row")),
    }
}

/// How many meaningful lines [`vote`] starts the rules from.
const VOTERS: usize = 64;

/// At most this many records of the sample are read to score a format.
const SCORED: usize = 100_000;

/// How a format reads a sample.
#[derive(Clone, Copy, Debug, Default)]
struct Score {
    /// Puzzles read.
    good: usize,
    /// Malformed records, but for a last one (it may be the sample's cut).
    bad: usize,
    /// Lines from the start of each puzzle read to the start of the next
    /// record: how much of the sample the good records account for, a
    /// measure that does not favour a reader for cutting records small.
    covered: usize,
}

impl Score {
    fn clean(self) -> bool {
        self.good > 0 && self.bad == 0
    }
}

fn score(format: Format, sample: &[u8]) -> Score {
    let mut score = Score::default();
    let mut last_bad = false;
    let mut open: Option<usize> = None;
    for r in super::read(format, sample).take(SCORED) {
        let line = match &r {
            Ok(e) => e.line,
            Err(super::ReadError::Parse(e)) => e.line,
            Err(super::ReadError::Io(_)) => break,
        };
        if let Some(start) = open.take() {
            score.covered += line.saturating_sub(start);
        }
        score.bad += usize::from(last_bad);
        last_bad = r.is_err();
        if r.is_ok() {
            score.good += 1;
            open = Some(line);
        }
    }
    if let Some(start) = open {
        let lines = sample.iter().filter(|&&b| b == b'\n').count() + 1;
        score.covered += (lines + 1).saturating_sub(start);
    }
    score
}

/// When the first line's guess does not read the sample cleanly (a damaged
/// first record): the rules are applied from each of the first [`VOTERS`]
/// meaningful lines, and every format guessed reads the sample. The winner
/// reads some puzzle and its puzzles account for nearly as many lines as
/// the best's (within a tenth); among those, a format with a shape of its
/// own beats `line` and the block formats (`grid`, `sdk`, `ss`, which read
/// almost anything: a jigsaw's region lines as `line` puzzles, a POJ 3076
/// case as a compact grid), then more lines, more votes, more puzzles.
/// Nothing read by any guess: the first line's verdict stands.
fn vote<'a>(
    sample: &[u8],
    mut lines: impl Iterator<Item = Line<'a>> + Clone,
    first: Result<Format, DetectError>,
) -> Result<Format, DetectError> {
    let mut votes = [0usize; Format::ALL.len()];
    if let Ok(f) = first {
        votes[f as usize] += 1;
    }
    for _ in 1..VOTERS {
        if lines.next().is_none() {
            break;
        }
        if let Ok(f) = guess(lines.clone()) {
            votes[f as usize] += 1;
        }
    }
    let scored: Vec<(Format, Score)> = Format::ALL
        .into_iter()
        .filter(|&f| votes[f as usize] > 0)
        .map(|f| (f, score(f, sample)))
        .filter(|(_, s)| s.good > 0)
        .collect();
    let most = scored.iter().map(|(_, s)| s.covered).max().unwrap_or(0);
    scored
        .into_iter()
        .filter(|(_, s)| s.covered * 10 >= most * 9)
        .max_by_key(|&(f, s)| {
            let specific = !matches!(f, Format::Line | Format::Grid | Format::Sdk | Format::Ss);
            (specific, s.covered, votes[f as usize], s.good)
        })
        .map_or(first, |(f, _)| Ok(f))
}

/// A reader whose first bytes were read for detection, put back in front of
/// the rest: the prefix, then the rest of `R`.
pub type Rewound<R> = Chain<Cursor<Vec<u8>>, R>;

/// Reads up to [`DETECT_PREFIX`] bytes of `reader`, guesses the format with
/// [`detect`], and gives back a reader that yields the whole input again
/// (the prefix, then the rest of `reader`).
///
/// # Errors
/// I/O errors while reading the prefix. The detection result is the inner
/// `Result`.
pub fn detect_reader<R: BufRead>(
    mut reader: R,
) -> io::Result<(Result<Format, DetectError>, Rewound<R>)> {
    let mut prefix = Vec::with_capacity(4096);
    (&mut reader)
        .take(DETECT_PREFIX as u64)
        .read_to_end(&mut prefix)?;
    let sample = if prefix.len() == DETECT_PREFIX {
        // More may follow: leave out the line the prefix cuts.
        match prefix.iter().rposition(|&b| b == b'\n') {
            Some(i) => &prefix[..=i],
            None => &prefix[..],
        }
    } else {
        &prefix[..]
    };
    let format = detect(sample);
    Ok((format, Cursor::new(prefix).chain(reader)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ACWING: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\nend\n";

    #[test]
    fn jigsaw_layouts_and_pencilmarks_are_detected() {
        use super::jigsaw::tests::{GIVENS, REGIONS};
        for text in [
            format!("{GIVENS}\n{REGIONS}\n"),
            format!("{GIVENS}{REGIONS}\n"),
        ] {
            assert_eq!(detect(text.as_bytes()), Ok(Format::Jigsaw));
        }
        // Two `line` puzzles are not a jigsaw: the second line's "regions"
        // are not connected.
        let lines = format!("{GIVENS}\n{}\n", GIVENS.replace('.', "0"));
        assert_eq!(detect(lines.as_bytes()), Ok(Format::Line));
        // A 7x7 jigsaw: no boxes needed.
        let seven_regions: String = (0..49).map(|i| (b'a' + (i / 7) as u8) as char).collect();
        let seven = format!("{}\n{seven_regions}\n", ".".repeat(49));
        assert_eq!(detect(seven.as_bytes()), Ok(Format::Jigsaw));
        // The 17-clue puzzle as pencil marks: givens as single candidates.
        let line = ACWING.lines().next().unwrap();
        let marks: String = line
            .bytes()
            .flat_map(|b| {
                (b'1'..=b'9').map(move |d| if b == b'.' || b == d { d as char } else { '.' })
            })
            .collect();
        assert_eq!(
            detect(format!("{marks}\n").as_bytes()),
            Ok(Format::Pencilmark)
        );
    }

    #[test]
    fn the_judge_samples_are_recognised() {
        assert_eq!(detect(ACWING.as_bytes()), Ok(Format::Line));
        assert_eq!(detect(b"\xEF\xBB\xBF\r\n  end\r\n"), Ok(Format::Line));
        assert_eq!(
            detect(crate::format::hdu4069::tests::SAMPLE.as_bytes()),
            Ok(Format::Hdu4069)
        );
        let poj = crate::format::poj3076::tests::SAMPLE;
        assert_eq!(detect(poj.as_bytes()), Ok(Format::Poj3076));
        // A truncated first case is still poj3076 (the reader reports it).
        let short: String = poj.lines().take(10).map(|l| format!("{l}\n")).collect();
        assert_eq!(detect(short.as_bytes()), Ok(Format::Poj3076));
    }

    #[test]
    fn other_sizes_and_grids() {
        let line16 = format!("{}\n", "1.3.".repeat(4));
        assert_eq!(detect(line16.as_bytes()), Ok(Format::Line));
        let line256 = format!("{}\n", "G".repeat(256));
        assert_eq!(detect(line256.as_bytes()), Ok(Format::Line));
        assert_eq!(detect(b"4 1 7 | 3 6 9 | 8 2 5\n"), Ok(Format::Grid));
        assert_eq!(detect(b"*-----------*\n|4..|...|8.5|\n"), Ok(Format::Ss));
        assert_eq!(detect(b"#A me\n4.....8.5\n.3.......\n"), Ok(Format::Sdk));
        assert_eq!(detect(b"4 . . | . . .\n"), Ok(Format::Grid));
        assert_eq!(detect(b"+-------+\n| 4 . . | . . .\n"), Ok(Format::Grid));
        assert_eq!(detect(b"1234\n3412\n2143\n4321\n"), Ok(Format::Grid));
        assert_eq!(detect(b"1 2 3 4\n3 4 1 2\n"), Ok(Format::Grid));
        // A 16x16 compact grid row is not a 4x4 line.
        assert_eq!(detect(b"123456789ABCDEFG\n"), Ok(Format::Grid));
        // hdu4069 in other layouts.
        assert_eq!(detect(b"1 144 18 112\n"), Ok(Format::Hdu4069));
        assert_eq!(detect(b"2\n144\n18\n"), Ok(Format::Hdu4069));
        assert_eq!(detect(b"2"), Ok(Format::Hdu4069));
    }

    #[test]
    fn unclear_input_is_an_error() {
        assert_eq!(detect(b""), Err(DetectError::Empty));
        assert_eq!(detect(b"\n \t\r\n"), Err(DetectError::Empty));
        assert!(matches!(
            detect(b"ab\n"),
            Err(DetectError::Unknown { line: 1, .. })
        ));
        let e = detect(b"\n1234567890abcdeZ\n").unwrap_err();
        assert!(matches!(e, DetectError::Unknown { line: 2, .. }));
        assert!(e.to_string().contains("--format"));
    }

    #[test]
    fn multi_grid_boards_are_detected_and_nothing_else_changes() {
        use crate::format::multi::tests::{geometry, json_of, seeded, SAMURAI};
        use crate::format::{puzzle_text, Style};
        use crate::MultiLayout;
        assert_eq!(detect(SAMURAI.as_bytes()), Ok(Format::Multi));
        // A digit in a hole: still a samurai, whose reader names the place.
        let mut rows: Vec<String> = SAMURAI.lines().map(str::to_owned).collect();
        rows[1].replace_range(10..11, "5");
        assert_eq!(detect(rows.join("\n").as_bytes()), Ok(Format::Multi));
        // Every preset as written, and as JSON (one line or pretty).
        for name in MultiLayout::preset_names() {
            let p = seeded(&geometry(name), 17);
            let text = puzzle_text(Format::Multi, &p, Style::default()).unwrap();
            assert_eq!(detect(text.as_bytes()), Ok(Format::Multi), "{name}");
            let json = json_of(&p);
            assert_eq!(detect(json.as_bytes()), Ok(Format::Multi), "{name}");
            let pretty = json.replace("],[", "],\n  [").replace("[[", "[\n  [");
            assert_eq!(detect(pretty.as_bytes()), Ok(Format::Multi), "{name}");
        }
        // Butterfly fills its 12x12 board: without its header it is a grid.
        let butterfly = seeded(&geometry("butterfly"), 5);
        let text = puzzle_text(Format::Multi, &butterfly, Style::default()).unwrap();
        let bare = text.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert_eq!(detect(bare.as_bytes()), Ok(Format::Grid));
        // f-puzzles arrays hold objects and strings.
        assert_eq!(detect(b"[{\"size\": 9}]\n"), Ok(Format::Fpuzzles));
        let array = b"[\n  \"N4IgzglgXgpiBcBOANCA\"\n]\n";
        assert_eq!(detect(array), Ok(Format::Fpuzzles));
        // Grids with blanks between cells, indented grids.
        assert_eq!(detect(b"  1 2 3 4\n  3 4 1 2\n"), Ok(Format::Grid));
        // A header names the format even before a board without holes; a
        // comment that names no layout does not.
        assert_eq!(detect(b"# layout: butterfly\n"), Ok(Format::Multi));
        let comment = b"# layout of the page\n1234\n3412\n2143\n4321\n";
        assert_eq!(detect(comment), Ok(Format::Grid));
    }

    #[test]
    fn detect_reader_gives_the_whole_input_back() {
        let mut input = ACWING.repeat(2000).into_bytes();
        input.extend_from_slice(b"tail");
        let (format, mut rest) = detect_reader(&input[..]).unwrap();
        assert_eq!(format, Ok(Format::Line));
        let mut all = Vec::new();
        rest.read_to_end(&mut all).unwrap();
        assert_eq!(all, input);
    }
}
