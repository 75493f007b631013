//! Writing: [`write_answer`] writes one output record in a format's shape,
//! and the alphabet helpers the writers share.

use std::io::{self, Write};

use super::{Alphabet, Entry, Format, Style};
use crate::{Geometry, Grid, Puzzle};

/// The answer to write for one puzzle.
#[derive(Clone, Copy, Debug)]
pub enum Answer<'a> {
    /// A solution.
    Solved {
        /// The solved grid.
        solution: &'a Grid,
        /// The puzzle's geometry (the `grid` writer draws its boxes).
        geometry: &'a Geometry,
        /// The style to write it in.
        style: Style,
        /// The puzzle as read, for formats whose answers reuse it
        /// (`fpuzzles`).
        source: Option<&'a super::fpuzzles::Source>,
    },
    /// The puzzle has no solution: `No solution`.
    NoSolution,
    /// The puzzle has several solutions: `Multiple Solutions`.
    Multiple,
    /// The puzzle could not be read (or solved): `Invalid puzzle`.
    Invalid,
    /// The search ran out of its [`Budget`](crate::Budget) before it could
    /// answer: `Gave up`.
    GaveUp,
}

impl<'a> Answer<'a> {
    /// `No solution`.
    pub const NO_SOLUTION: &'static str = "No solution";
    /// `Multiple Solutions`.
    pub const MULTIPLE: &'static str = "Multiple Solutions";
    /// `Invalid puzzle`.
    pub const INVALID: &'static str = "Invalid puzzle";
    /// `Gave up`.
    pub const GAVE_UP: &'static str = "Gave up";

    /// A solution of `entry`, written in the entry's style.
    pub fn solved(entry: &'a Entry, solution: &'a Grid) -> Answer<'a> {
        Answer::Solved {
            solution,
            geometry: entry.puzzle.geometry(),
            style: entry.style,
            source: entry.source.as_deref(),
        }
    }

    /// The fixed line written instead of a solution, if this is not one.
    pub fn message(&self) -> Option<&'static str> {
        match self {
            Answer::Solved { .. } => None,
            Answer::NoSolution => Some(Answer::NO_SOLUTION),
            Answer::Multiple => Some(Answer::MULTIPLE),
            Answer::Invalid => Some(Answer::INVALID),
            Answer::GaveUp => Some(Answer::GAVE_UP),
        }
    }
}

/// Writes the output record of puzzle `index` (1-based; `hdu4069` prints it
/// as `Case k:`) in `format`:
/// - `line`: the solution on one line, or the message line;
/// - `poj3076`: the solved rows or the message line, then an empty line (after
///   every case, including the last);
/// - `hdu4069`: `Case k:`, then the 9 solved rows or the message line;
/// - `grid`: the pretty grid or the message line, then an empty line;
/// - `sdk`: the n rows of n symbols or the message line, then an empty line;
/// - `ss`: the boxed rows between `*---*` frames or the message line, then an
///   empty line;
/// - `sdm`: the 81 digits on one line, or the message line;
/// - `pencilmark`: the solution as an 81-character line, or the message line;
/// - `jigsaw`: the solution line and the region line, or the message line;
/// - `fpuzzles`: the puzzle as read with the solution's digits, in the form
///   it was read (a link, an lz-string, one-line JSON or a SudokuPad link),
///   or the message line;
/// - `scl`: the same as a SudokuPad link (a SudokuPad puzzle's own link
///   with the digits filled in), or the message line;
/// - `multi`: the board's rows (holes as spaces) or the message line, then
///   an empty line.
///
/// # Errors
/// Errors of `out`; [`io::ErrorKind::InvalidInput`], before anything is
/// written, for a multi-grid board in another format than `multi` (see
/// [`write_puzzle`]).
pub fn write_answer<W: Write + ?Sized>(
    format: Format,
    out: &mut W,
    index: usize,
    answer: Answer<'_>,
) -> io::Result<()> {
    let descriptor = format.descriptor();
    if let Answer::Solved { geometry, .. } = answer {
        holds(format, geometry)?;
    }
    if let Some(label) = descriptor.case_label {
        writeln!(out, "{label} {index}:")?;
    }
    match answer {
        Answer::Solved {
            solution,
            geometry,
            source: Some(source),
            ..
        } if format == Format::Fpuzzles => {
            super::fpuzzles::write_solution(out, solution, geometry, Some(source))
        }
        Answer::Solved {
            solution,
            geometry,
            source,
            ..
        } if format == Format::Scl => {
            super::fpuzzles::write_scl_solution(out, solution, geometry, source)
        }
        Answer::Solved {
            solution,
            geometry,
            style,
            ..
        } => write_grid(format, out, solution, geometry, style),
        other => {
            let message = other.message().unwrap_or_default();
            out.write_all(message.as_bytes())?;
            out.write_all(descriptor.message_end)
        }
    }
}

/// Writes `puzzle` as one input record of `format`, so that reading it back
/// gives the same puzzle: its givens (with `pencilmark`, its candidates), the
/// region line for `jigsaw`, the f-puzzles link of its JSON (constraints
/// included) for `fpuzzles`, the wall-coded case for `hdu4069` (whose input
/// starts with the number of cases: that line is the caller's). A format
/// that cannot hold the puzzle's geometry (regions in a `line`, 16x16 in an
/// `sdm`, diagonals anywhere) writes what it can: read it back to know; but
/// a multi-grid board (samurai), whose cells no other format places, is
/// refused by every format but `multi`.
///
/// # Errors
/// Errors of `out`; [`io::ErrorKind::InvalidInput`] from `hdu4069` for a grid
/// that is not 9x9, from the one-line formats for a side above 61, and from
/// every format but `multi` for a multi-grid board, before anything is
/// written.
pub fn write_puzzle<W: Write + ?Sized>(
    format: Format,
    out: &mut W,
    puzzle: &Puzzle,
    style: Style,
) -> io::Result<()> {
    let (grid, geometry) = (puzzle.givens(), &**puzzle.geometry());
    holds(format, geometry)?;
    match format {
        Format::Hdu4069 => super::hdu4069::write_case(out, puzzle),
        Format::Pencilmark => super::pencilmark::write(out, puzzle),
        Format::Fpuzzles => super::fpuzzles::write(out, puzzle),
        Format::Scl => super::fpuzzles::write_scl(out, puzzle),
        _ => write_grid(format, out, grid, geometry, style),
    }
}

/// `puzzle` as one input record of `format` (see [`write_puzzle`]), as a
/// string: what a test or a program that shows puzzles wants.
///
/// # Errors
/// Those of [`write_puzzle`]'s writers.
pub fn puzzle_text(format: Format, puzzle: &Puzzle, style: Style) -> io::Result<String> {
    let mut out = Vec::new();
    write_puzzle(format, &mut out, puzzle, style)?;
    // The writers write ASCII symbols only.
    String::from_utf8(out).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// Whether `format` can write a grid of `geometry`: every format but
/// `multi` refuses a multi-grid board (its cells are no square's).
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] naming the layout and the format that
/// can.
fn holds(format: Format, geometry: &Geometry) -> io::Result<()> {
    match geometry.multi_layout() {
        Some(layout) if format != Format::Multi => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "the {format} format cannot hold a multi-grid board ({}): write it as multi",
                layout.name()
            ),
        )),
        _ => Ok(()),
    }
}

/// Writes `grid` (a solution, or givens where a puzzle is no more) in
/// `format`'s shape, boxes or regions from `geometry`: a `pencilmark` answer
/// is a solution line, an `hdu4069` one the rows of digits.
fn write_grid<W: Write + ?Sized>(
    format: Format,
    out: &mut W,
    grid: &Grid,
    geometry: &Geometry,
    style: Style,
) -> io::Result<()> {
    match format {
        Format::Line | Format::Pencilmark => super::line::write(out, grid, style),
        Format::Poj3076 => super::poj3076::write(out, grid),
        Format::Hdu4069 => super::hdu4069::write(out, grid),
        Format::Grid => super::grid::write(out, grid, geometry, style),
        Format::Sdk => super::sdk::write(out, grid, style),
        Format::Ss => super::ss::write(out, grid, geometry, style),
        Format::Sdm => super::sdm::write(out, grid),
        Format::Jigsaw => super::jigsaw::write(out, grid, geometry, style),
        Format::Fpuzzles => super::fpuzzles::write_solution(out, grid, geometry, None),
        Format::Scl => super::fpuzzles::write_scl_solution(out, grid, geometry, None),
        Format::Multi => super::multi::write(out, grid, geometry, style),
    }
}

/// The symbol to write for empty cells of `grid` in `alphabet` so that the
/// written form reads back in the same alphabet: `.` (numeric) or `-`
/// (letters), but `0` for a numeric grid above 9x9 whose givens are all
/// letters (which would otherwise read back as [`Alphabet::Letters`]).
pub(crate) fn empty_symbol_for(grid: &Grid, alphabet: Alphabet) -> u8 {
    let n = grid.size();
    if alphabet == Alphabet::Numeric
        && (10..=26).contains(&n)
        && grid.cells().iter().flatten().all(|d| d.index() >= 9)
    {
        b'0'
    } else {
        alphabet.empty_symbol()
    }
}

/// The alphabet actually used to write a grid of side `n`: `style`'s when it
/// has a symbol for every digit and reads back as itself, else numeric.
pub(crate) fn writable_alphabet(n: usize, alphabet: Alphabet) -> Alphabet {
    match alphabet {
        Alphabet::Letters if (10..=26).contains(&n) => Alphabet::Letters,
        _ => Alphabet::Numeric,
    }
}

/// The alphabet and the empty-cell symbol of a grid written as a block of
/// rows (`grid`, `sdk`, `ss`): `style`'s alphabet where it can write the
/// side, and `.` for empty cells (`0` where `.` would change the alphabet
/// read back), never `-`, which would make a row of empty cells look like a
/// frame line.
pub(crate) fn block_symbols(grid: &Grid, style: Style) -> (Alphabet, u8) {
    let alphabet = writable_alphabet(grid.size(), style.alphabet);
    let empty = match empty_symbol_for(grid, alphabet) {
        b'0' => b'0',
        _ => b'.',
    };
    (alphabet, empty)
}

/// The box shape (rows, columns) to draw `grid` with: `geometry`'s, or one
/// box for the whole grid when it has none (a jigsaw) or another side.
pub(crate) fn box_shape(grid: &Grid, geometry: &Geometry) -> (usize, usize) {
    let n = grid.size();
    geometry
        .box_shape()
        .filter(|_| geometry.size() == n)
        .unwrap_or((n, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_written_in_each_format_shape() {
        let mut out = Vec::new();
        for f in Format::ALL {
            write_answer(f, &mut out, 2, Answer::NoSolution).unwrap();
            write_answer(f, &mut out, 3, Answer::Multiple).unwrap();
            write_answer(f, &mut out, 4, Answer::Invalid).unwrap();
            write_answer(f, &mut out, 5, Answer::GaveUp).unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n\
             No solution\n\nMultiple Solutions\n\nInvalid puzzle\n\nGave up\n\n\
             Case 2:\nNo solution\nCase 3:\nMultiple Solutions\nCase 4:\nInvalid puzzle\n\
             Case 5:\nGave up\n\
             No solution\n\nMultiple Solutions\n\nInvalid puzzle\n\nGave up\n\n\
             No solution\n\nMultiple Solutions\n\nInvalid puzzle\n\nGave up\n\n\
             No solution\n\nMultiple Solutions\n\nInvalid puzzle\n\nGave up\n\n\
             No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n\
             No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n\
             No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n\
             No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n\
             No solution\nMultiple Solutions\nInvalid puzzle\nGave up\n\
             No solution\n\nMultiple Solutions\n\nInvalid puzzle\n\nGave up\n\n"
        );
    }
}
