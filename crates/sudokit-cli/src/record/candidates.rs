//! `sudokit candidates`: the true candidates of each puzzle — for every
//! cell the digits some solution puts there — and, with `--limit K`, how
//! many solutions use each candidate, up to K.
//!
//! Text: an f-puzzles puzzle comes back in the form it came in (a link, an
//! lz-string, JSON) with its candidates as centre pencil marks; a classic
//! 9x9 puzzle's record is one `pencilmark` line (729 characters, which reads
//! back as a puzzle); other sides get one line of `n²` space-separated
//! cells, each its candidates' symbols. A puzzle without
//! solution gets `No solution`. JSON: `candidates` (per cell, row-major,
//! the values), `counts` (with `--limit` 2 or more: per cell, the capped
//! count of each candidate, in the order of `candidates`), `cap`.

use std::io::{self, Write};

use serde::Serialize;
use sudokit::engine::TrueCandidates;
use sudokit::format::{self, Answer, Entry, Format};
use sudokit::{Engine, Puzzle};

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

/// Writes the text record of a puzzle's true candidates.
pub fn write_text<W: Write>(
    out: &mut W,
    entry: &Entry,
    tc: &TrueCandidates,
    to: Option<Format>,
) -> io::Result<()> {
    if tc.stopped.is_some() {
        return writeln!(out, "{}", Answer::GAVE_UP);
    }
    if tc.is_empty() {
        return writeln!(out, "{}", Answer::NO_SOLUTION);
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

/// The JSON fields of a candidates record.
#[derive(Debug, Default, Serialize)]
pub struct Json {
    /// Per cell, the values of its true candidates.
    pub candidates: Vec<Vec<u8>>,
    /// Per cell, the capped counts (with a cap of 2 or more).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<Vec<u32>>>,
    /// The cap.
    pub cap: u32,
}

/// The JSON fields of `tc`.
pub fn json(tc: &TrueCandidates) -> Json {
    Json {
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
            write_text(sink.out(), entry, &tc, settings.to)
        }
        Err(e) => {
            tally.invalid += 1;
            sink.diagnose(format_args!("{input}:{}: {e}", entry.line))?;
            writeln!(sink.out(), "{}", Answer::INVALID)
        }
    }
}
