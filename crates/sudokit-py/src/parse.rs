//! Puzzles from Python: text in any format sudokit reads (detected, as the
//! CLI detects a file), or a row of numbers (`0` empty) of a square grid.
//! Messages are the CLI's (`line 1: column 82: …`), with `format=` where
//! the CLI says `--format`.

use std::sync::Arc;

use sudokit::format::{self, Alphabet, DetectError, Format, ReadError};
use sudokit::{Extra, Geometry, Grid, Puzzle};

/// Extra houses asked for every puzzle (`x=`, `windoku=`): the CLI's `--x`
/// and `--windoku`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Houses {
    pub x: bool,
    pub windoku: bool,
}

impl Houses {
    /// `geometry` with the extra houses added (the same `Arc` when none).
    ///
    /// # Errors
    /// Why the geometry cannot take them (windows need square boxes).
    pub fn geometry(self, geometry: &Arc<Geometry>) -> Result<Arc<Geometry>, String> {
        if !self.x && !self.windoku {
            return Ok(Arc::clone(geometry));
        }
        let mut g = (**geometry).clone();
        if self.x && !g.extras().contains(&Extra::Diagonals) {
            g = g.with_extra(Extra::Diagonals).map_err(|e| e.to_string())?;
        }
        if self.windoku && !g.extras().contains(&Extra::Windows) {
            g = g.with_extra(Extra::Windows).map_err(|e| e.to_string())?;
        }
        Ok(Arc::new(g))
    }

    /// `puzzle` with the extra houses added.
    ///
    /// # Errors
    /// As [`Houses::geometry`].
    pub fn apply(self, puzzle: Puzzle) -> Result<Puzzle, String> {
        if !self.x && !self.windoku {
            return Ok(puzzle);
        }
        let geometry = self.geometry(puzzle.geometry())?;
        puzzle.with_geometry(geometry).map_err(|e| e.to_string())
    }
}

/// A puzzle as read: the puzzle, the symbols it was written with, its
/// format.
#[derive(Clone, Debug)]
pub(crate) struct Parsed {
    pub puzzle: Puzzle,
    pub alphabet: Alphabet,
    pub format: Format,
}

/// The CLI's advice, for Python: `format=` where it says `--format`.
fn pythonic(message: String) -> String {
    message.replace("--format", "format=")
}

/// Reads one puzzle from `text`, in `format` or the detected one; a
/// `line` puzzle (the common case of a batch) takes the fast path.
///
/// # Errors
/// What is wrong, as the CLI says it (`line L: …`).
pub(crate) fn parse(text: &str, format: Option<Format>, houses: Houses) -> Result<Parsed, String> {
    parse_assuming(text, format, houses, format::sudokupad::Assume::default())
}

/// [`parse`], reading SudokuPad lines the rules do not explain as `assume`
/// settles (`assume=` in Python, the CLI's `--assume`).
///
/// # Errors
/// As [`parse`].
pub(crate) fn parse_assuming(
    text: &str,
    format: Option<Format>,
    houses: Houses,
    assume: format::sudokupad::Assume,
) -> Result<Parsed, String> {
    let trimmed = text.trim();
    let one_line = !trimmed.is_empty() && !trimmed.contains('\n');
    // One line is a `line` puzzle (the fast path of a batch), unless it is
    // detected as a one-line form of another format (729 pencil marks, a
    // jigsaw's givens and regions, an f-puzzles link), as the CLI reads an
    // argument; its errors are then the line reader's.
    let as_line = match format {
        Some(f) => f == Format::Line && one_line,
        None if !one_line => false,
        None if trimmed.len() == 81 => true,
        None => !matches!(
            format::detect(trimmed.as_bytes()),
            Ok(Format::Pencilmark | Format::Jigsaw | Format::Fpuzzles)
        ),
    };
    if as_line {
        return match format::line::parse_line_with_alphabet(trimmed) {
            Ok((puzzle, alphabet)) => Ok(Parsed {
                puzzle: houses.apply(puzzle)?,
                alphabet,
                format: Format::Line,
            }),
            Err(e) => Err(format!("line 1: {e}")),
        };
    }
    let format = match format {
        Some(f) => f,
        None => match format::detect(text.as_bytes()) {
            Ok(f) => f,
            Err(DetectError::Empty) => return Err("no puzzle in the text: it is empty".into()),
            Err(e) => {
                // A line of puzzle symbols of a wrong length says so, not
                // "cannot tell the format".
                if let Err(line @ format::line::LineError::Length(_)) =
                    format::line::parse_line(trimmed)
                {
                    if trimmed
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"._-*".contains(&b))
                    {
                        return Err(format!("line 1: {line}"));
                    }
                }
                return Err(pythonic(e.to_string()));
            }
        },
    };
    let limits = format::Limits {
        assume,
        ..format::Limits::default()
    };
    let mut reader = format::read_with_limits(format, text.as_bytes(), limits);
    let entry = match reader.next() {
        None => return Err(format!("no puzzle in the text (read as {format})")),
        Some(Ok(entry)) => entry,
        Some(Err(ReadError::Parse(e))) => {
            let mut place = format!("line {}", e.line);
            if let Some(c) = e.column {
                place.push_str(&format!(": column {c}"));
            }
            return Err(pythonic(format!("{place}: {}", e.kind)));
        }
        Some(Err(ReadError::Io(e))) => return Err(format!("cannot read the text: {e}")),
    };
    if reader.next().is_some() {
        return Err(format!(
            "the text holds more than one {format} puzzle: a Puzzle is one (batches take a list, one puzzle an item)"
        ));
    }
    Ok(Parsed {
        puzzle: houses.apply(entry.puzzle)?,
        alphabet: entry.style.alphabet,
        format,
    })
}

/// The side of a row of `cells` numbers: a square of a side with boxes.
///
/// # Errors
/// A count that is no such square.
pub(crate) fn side_of(cells: usize) -> Result<usize, String> {
    let n = (cells as f64).sqrt().round() as usize;
    if n * n == cells && n <= sudokit::MAX_SIZE && sudokit::default_box_shape(n).is_some() {
        return Ok(n);
    }
    Err(format!(
        "{cells} cells per puzzle is not the square of a side with boxes (81 for 9x9, 256 for 16x16, …)"
    ))
}

/// The geometry of square `n`x`n` grids with boxes and the extra houses.
///
/// # Errors
/// As [`Houses::geometry`].
pub(crate) fn square(n: usize, houses: Houses) -> Result<Arc<Geometry>, String> {
    let g = Geometry::shared_square(n).map_err(|e| e.to_string())?;
    houses.geometry(&g)
}

/// A puzzle from numbers (`0` empty, `1..=n` digits) on `geometry`.
///
/// # Errors
/// A number above the side (`cell r1c3 holds digit 12, a 9x9 grid uses 1..=9`).
pub(crate) fn from_values(geometry: &Arc<Geometry>, values: &[u8]) -> Result<Puzzle, String> {
    let n = geometry.size();
    // Named here, 1-based as everywhere in sudokit's messages.
    if let Some(i) = values.iter().position(|&v| usize::from(v) > n) {
        return Err(format!(
            "cell r{}c{} holds {}, a {n}x{n} grid holds 0 (empty) to {n}",
            i / n + 1,
            i % n + 1,
            values[i]
        ));
    }
    let grid = Grid::from_values(geometry.size(), values).map_err(|e| e.to_string())?;
    Puzzle::new(Arc::clone(geometry), grid).map_err(|e| e.to_string())
}

/// `line` text of a grid in `alphabet` (no line end); `None` for sides
/// above 61, which have no one-symbol digits.
pub(crate) fn line_of(grid: &Grid, alphabet: Alphabet) -> Option<String> {
    let mut out = Vec::with_capacity(grid.cells().len() + 1);
    let style = format::Style { alphabet };
    format::line::write(&mut out, grid, style).ok()?;
    out.pop();
    String::from_utf8(out).ok()
}

/// A format by name.
///
/// # Errors
/// An unknown name, listing the known ones.
pub(crate) fn format_named(name: Option<&str>) -> Result<Option<Format>, String> {
    name.map(|n| n.parse::<Format>().map_err(|e| e.to_string()))
        .transpose()
}
