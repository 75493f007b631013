//! `sudokit candidates`: the true candidates of each puzzle — for every
//! cell the digits some solution puts there — and, with `--limit K`, how
//! many solutions use each candidate, up to K.
//!
//! Text: an f-puzzles puzzle comes back in the form it came in (a link, an
//! lz-string, JSON) with its candidates as centre pencil marks; a classic
//! 9x9 puzzle's record is one `pencilmark` line (729 characters, which reads
//! back as a puzzle); other sides get one line of `n²` space-separated
//! cells, each its candidates' symbols; in the `multi` format (a
//! multi-grid board, samurai), the board's rows, each cell its candidates'
//! symbols in a column as wide as the most candidates of a cell, holes
//! blank, then an empty line (after every record of that format, messages
//! too). A puzzle without
//! solution gets `No solution`. JSON: `candidates` (per cell, row-major,
//! the values), `counts` (with `--limit` 2 or more: per cell, the capped
//! count of each candidate, in the order of `candidates`), `cap`; for a
//! multi-grid board `cells`, each cell's place on the board (`r1c13`), in
//! the order of `candidates`.

use std::io::{self, Write};

use serde::Serialize;
use sudokit::engine::TrueCandidates;
use sudokit::format::{self, Answer, Entry, Format};
use sudokit::{Cell, Engine, Geometry, Puzzle};

use super::{Settings, Sink, Tally};

/// The cap on solutions counted per candidate (`--limit`, default 1: no
/// counts).
pub fn cap(settings: &Settings) -> u32 {
    settings.limit.unwrap_or(1).clamp(1, u64::from(u32::MAX)) as u32
}

/// Per cell, the values of its true candidates.
pub fn values(tc: &TrueCandidates) -> Vec<Vec<u8>> {
    tc.candidates
        .iter()
        .map(|set| set.iter().map(|d| d.index() as u8 + 1).collect())
        .collect()
}

/// Per cell, the capped counts of its candidates, in increasing digit order.
pub fn counts(tc: &TrueCandidates) -> Vec<Vec<u32>> {
    tc.candidates
        .iter()
        .enumerate()
        .map(|(cell, set)| {
            set.iter()
                .map(|d| tc.counts[cell * tc.n + d.index()])
                .collect()
        })
        .collect()
}

/// The verdict the true candidates give: `no_solution`, `unique` (one
/// candidate a cell) or `multiple`.
pub fn verdict(tc: &TrueCandidates) -> &'static str {
    if tc.is_empty() {
        "no_solution"
    } else if tc.candidates.iter().all(|c| c.len() == 1) {
        "unique"
    } else {
        "multiple"
    }
}

/// Counts the answer in `tally`.
pub fn tally_of(tc: &TrueCandidates, tally: &mut Tally) {
    tally.nodes += tc.stats.nodes;
    tally.guesses += tc.stats.guesses;
    if tc.stopped.is_some() {
        tally.gave_up += 1;
        return;
    }
    match verdict(tc) {
        "no_solution" => tally.no_solution += 1,
        "unique" => tally.solved += 1,
        _ => tally.multiple += 1,
    }
}

/// Writes the text record of a puzzle's true candidates, read in `format`
/// (written in `to`'s shape when given).
///
/// # Errors
/// Errors of `out`; [`io::ErrorKind::InvalidInput`] for a multi-grid board
/// to be written in another format than `multi`.
pub fn write_text<W: Write>(
    out: &mut W,
    entry: &Entry,
    tc: &TrueCandidates,
    format: Format,
    to: Option<Format>,
) -> io::Result<()> {
    let geometry = entry.puzzle.geometry();
    let output = to.unwrap_or(format);
    let board = output == Format::Multi;
    if geometry.multi_layout().is_some() && !board {
        let why = format!(
            "the {output} format cannot hold a multi-grid board's candidates: write them as multi"
        );
        return Err(io::Error::new(io::ErrorKind::InvalidInput, why));
    }
    if tc.stopped.is_some() {
        return message(out, Answer::GAVE_UP, board);
    }
    if tc.is_empty() {
        return message(out, Answer::NO_SOLUTION, board);
    }
    if board {
        return write_board(out, geometry, tc, entry.style);
    }
    // An f-puzzles puzzle comes back in its own form (a link, an lz-string
    // or JSON) with the candidates as centre marks, for the setter to open.
    if let Some(source) = &entry.source {
        let json = format::fpuzzles::candidates_json(source.json(), &tc.candidates);
        if to == Some(Format::Scl) {
            return writeln!(out, "{}", source.encode_scl(&json));
        }
        return writeln!(out, "{}", source.encode(&json));
    }
    if to == Some(Format::Scl) {
        let base = format::fpuzzles::to_json(&entry.puzzle);
        let json = format::fpuzzles::candidates_json(&base, &tc.candidates);
        return writeln!(out, "{}", format::sudokupad::scl_link(&json));
    }
    let n = tc.n;
    if n == 9 && entry.puzzle.geometry().box_shape() == Some((3, 3)) {
        let p = Puzzle::new(
            entry.puzzle.geometry().clone(),
            entry.puzzle.givens().clone(),
        )
        .and_then(|p| p.with_candidates(tc.candidates.clone()))
        .expect("same geometry, one set per cell");
        return format::pencilmark::write(out, &p);
    }
    let mut line = Vec::new();
    for (i, set) in tc.candidates.iter().enumerate() {
        if i > 0 {
            line.push(b' ');
        }
        for d in set.iter() {
            line.push(entry.style.alphabet.symbol(d.index()).unwrap_or(b'?'));
        }
    }
    line.push(b'\n');
    out.write_all(&line)
}

/// Writes a message record (`No solution`, `Invalid puzzle` …): one line,
/// and for boards (the `multi` format) the empty line that ends their
/// records.
///
/// # Errors
/// Errors of `out`.
pub fn message<W: Write + ?Sized>(out: &mut W, text: &str, board: bool) -> io::Result<()> {
    writeln!(out, "{text}")?;
    if board {
        writeln!(out)?;
    }
    Ok(())
}

/// Writes the true candidates of a multi-grid board as its rows: each cell
/// its candidates' symbols, left-aligned in a column as wide as the most
/// candidates of a cell, a blank between columns, holes blank (no trailing
/// blanks); then an empty line.
fn write_board<W: Write + ?Sized>(
    out: &mut W,
    geometry: &Geometry,
    tc: &TrueCandidates,
    style: format::Style,
) -> io::Result<()> {
    let alphabet = match style.alphabet {
        format::Alphabet::Letters if tc.n <= 26 => format::Alphabet::Letters,
        _ => format::Alphabet::Numeric,
    };
    let width = tc
        .candidates
        .iter()
        .map(|s| s.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let (rows, columns) = geometry.board_shape();
    let mut line = Vec::new();
    for r in 0..rows {
        line.clear();
        for c in 0..columns {
            if c > 0 {
                line.push(b' ');
            }
            let start = line.len();
            if let Some(cell) = geometry.cell_at(r, c) {
                for d in tc.candidates[cell.index()].iter() {
                    line.push(alphabet.symbol(d.index()).unwrap_or(b'?'));
                }
            }
            line.resize(start + width.max(line.len() - start), b' ');
        }
        while line.last() == Some(&b' ') {
            line.pop();
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    out.write_all(b"\n")
}

/// The board place of each cell of a multi-grid board (`r1c13`, 1-based),
/// `None` for other geometries.
pub fn places(geometry: &Geometry) -> Option<Vec<String>> {
    geometry.multi_layout()?;
    Some(
        (0..geometry.cell_count())
            .map(|i| {
                let (r, c) = geometry.position(Cell(i as u32));
                format!("r{}c{}", r + 1, c + 1)
            })
            .collect(),
    )
}

/// The JSON fields of a candidates record.
#[derive(Debug, Default, Serialize)]
pub struct Json {
    /// A multi-grid board's cells, each its place (`r1c13`), in the order
    /// of `candidates`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<String>>,
    /// Per cell, the values of its true candidates.
    pub candidates: Vec<Vec<u8>>,
    /// Per cell, the capped counts (with a cap of 2 or more).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<Vec<u32>>>,
    /// The cap.
    pub cap: u32,
}

/// The JSON fields of `tc`, on `geometry`.
pub fn json(tc: &TrueCandidates, geometry: &Geometry) -> Json {
    Json {
        cells: places(geometry),
        candidates: values(tc),
        counts: (tc.cap >= 2).then(|| counts(tc)),
        cap: tc.cap,
    }
}

/// Answers one well-formed puzzle in text.
///
/// # Errors
/// Errors writing to the sink.
pub fn answer<S: Sink>(
    settings: &Settings,
    engine: &mut dyn Engine,
    input: &str,
    format: Format,
    entry: &Entry,
    sink: &mut S,
    tally: &mut Tally,
) -> io::Result<()> {
    match engine.true_candidates(&entry.puzzle, cap(settings)) {
        Ok(tc) => {
            tally_of(&tc, tally);
            if let Some(reason) = tc.stopped {
                let case = super::case_prefix(format, entry.index);
                sink.diagnose(format_args!(
                    "{input}:{}: {case}{}",
                    entry.line,
                    super::gave_up_message(settings, reason, tc.stats.nodes)
                ))?;
            }
            write_text(sink.out(), entry, &tc, format, settings.to)
        }
        Err(e) => {
            tally.invalid += 1;
            sink.diagnose(format_args!("{input}:{}: {e}", entry.line))?;
            let board = settings.to.unwrap_or(format) == Format::Multi;
            message(sink.out(), Answer::INVALID, board)
        }
    }
}
