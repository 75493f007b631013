//! The known-answer corpus (`tests/data/corpus.txt`): its line syntax, read
//! and written here for the harness (`corpus.rs`) and its generator
//! (`corpus_gen.rs`). The syntax is described in the file's header.

use std::fmt::Write as _;
use std::sync::Arc;

use sudokit::format::{self, Alphabet, Format, Style};
use sudokit::{Digit, Extra, Geometry, Grid, Layout, Puzzle};

/// The corpus, relative to the crate.
pub const PATH: &str = "tests/data/corpus.txt";

/// The corpus text, compiled into the test binary.
pub const TEXT: &str = include_str!("../data/corpus.txt");

/// A stored solution count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many solutions.
    Exact(u64),
    /// More than this many (`N+`): a count at limit N + 1 found N + 1.
    MoreThan(u64),
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Count::Exact(n) => write!(f, "{n}"),
            Count::MoreThan(n) => write!(f, "{n}+"),
        }
    }
}

/// One corpus line.
#[derive(Clone, Debug)]
pub struct Case {
    /// 1-based line number in the corpus.
    pub line: usize,
    /// The geometry field, as written (names the case in messages).
    pub kind: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its solution count.
    pub count: Count,
    /// The solution, exactly when the count is 1.
    pub solution: Option<Grid>,
}

/// Every case of `text`.
///
/// # Panics
/// On a malformed line, naming it.
pub fn parse(text: &str) -> Vec<Case> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let mut case = parse_line(l).unwrap_or_else(|e| panic!("{PATH}:{}: {e}", i + 1));
            case.line = i + 1;
            case
        })
        .collect()
}

/// One line (`line` left at 0).
///
/// # Errors
/// What is wrong with it.
pub fn parse_line(text: &str) -> Result<Case, String> {
    let fields: Vec<&str> = text.split(':').collect();
    let [kind, givens, count, rest @ ..] = fields.as_slice() else {
        return Err("expected GEOMETRY:GIVENS:COUNT[:SOLUTION]".into());
    };
    let mut parts = kind.split('+');
    let base = parts.next().unwrap_or_default();
    let puzzle = match base {
        "jigsaw" => read_one(Format::Jigsaw, givens)?,
        "pencilmark" => read_one(Format::Pencilmark, givens)?,
        boxes => {
            let (r, c) = boxes
                .split_once('x')
                .ok_or_else(|| format!("unknown geometry {boxes:?}"))?;
            let (r, c) = (parse_num(r)?, parse_num(c)?);
            let g = Geometry::boxed(r, c).map_err(|e| e.to_string())?;
            Puzzle::new(Arc::new(g), grid(givens, r * c)?).map_err(|e| e.to_string())?
        }
    };
    let mut geometry = Geometry::clone(puzzle.geometry());
    for extra in parts {
        let extra = match extra {
            "diagonals" => Extra::Diagonals,
            "windows" => Extra::Windows,
            other => return Err(format!("unknown extra {other:?}")),
        };
        geometry = geometry.with_extra(extra).map_err(|e| e.to_string())?;
    }
    let mut rebuilt = Puzzle::new(Arc::new(geometry), puzzle.givens().clone()).unwrap();
    if let Some(sets) = puzzle.candidates() {
        rebuilt = rebuilt.with_candidates(sets.to_vec()).unwrap();
    }
    let count = match count.strip_suffix('+') {
        Some(n) => Count::MoreThan(parse_num(n)? as u64),
        None => Count::Exact(parse_num(count)? as u64),
    };
    let solution = match rest {
        [] => None,
        [s] => Some(grid(s, rebuilt.size())?),
        _ => return Err("too many fields".into()),
    };
    if solution.is_some() != (count == Count::Exact(1)) {
        return Err("a solution is given exactly when the count is 1".into());
    }
    Ok(Case {
        line: 0,
        kind: (*kind).to_owned(),
        puzzle: rebuilt,
        count,
        solution,
    })
}

fn parse_num(s: &str) -> Result<usize, String> {
    s.parse().map_err(|_| format!("{s:?} is not a number"))
}

/// The one puzzle of `text` read in `format` by the library's reader.
fn read_one(format: Format, text: &str) -> Result<Puzzle, String> {
    let mut entries = format::read(format, text.as_bytes());
    let entry = entries
        .next()
        .ok_or("no puzzle")?
        .map_err(|e| e.to_string())?;
    if entries.next().is_some() {
        return Err("more than one puzzle".into());
    }
    Ok(entry.puzzle)
}

/// A grid of side `n` in the numeric alphabet.
fn grid(text: &str, n: usize) -> Result<Grid, String> {
    if text.len() != n * n {
        return Err(format!("{} symbols for a side of {n}", text.len()));
    }
    let cells = text
        .bytes()
        .map(|b| match Alphabet::Numeric.digit(b) {
            Some(Some(d)) if d < n => Ok(Some(Digit::new(d as u8))),
            Some(None) => Ok(None),
            _ => Err(format!("bad symbol {:?}", b as char)),
        })
        .collect::<Result<_, _>>()?;
    Grid::from_cells(n, cells).map_err(|e| e.to_string())
}

/// `grid` in the numeric alphabet, `.` for an empty cell.
pub fn grid_text(grid: &Grid) -> String {
    grid.cells()
        .iter()
        .map(|c| {
            c.map_or('.', |d| {
                Alphabet::Numeric.symbol(d.index()).expect("side up to 61") as char
            })
        })
        .collect()
}

/// The `GEOMETRY:GIVENS` fields of `puzzle`.
///
/// # Panics
/// For a puzzle the syntax cannot hold (custom extra houses, candidates
/// outside 9x9 boxes).
pub fn puzzle_text(puzzle: &Puzzle) -> String {
    let g = puzzle.geometry();
    let mut out = String::new();
    let givens = if puzzle.candidates().is_some() {
        assert_eq!(g.box_shape(), Some((3, 3)), "pencilmark lines are 9x9");
        out.push_str("pencilmark");
        let mut text = Vec::new();
        format::pencilmark::write(&mut text, puzzle).unwrap();
        String::from_utf8(text).unwrap().trim_end().to_owned()
    } else if g.layout() == Layout::Jigsaw {
        out.push_str("jigsaw");
        let mut text = Vec::new();
        format::jigsaw::write(&mut text, puzzle.givens(), g, Style::default()).unwrap();
        String::from_utf8(text).unwrap().replace('\n', "")
    } else {
        let (r, c) = g.box_shape().expect("boxes");
        write!(out, "{r}x{c}").unwrap();
        grid_text(puzzle.givens())
    };
    for extra in g.extras() {
        match extra {
            Extra::Diagonals => out.push_str("+diagonals"),
            Extra::Windows => out.push_str("+windows"),
            Extra::House(_) => panic!("custom houses have no corpus syntax"),
        }
    }
    format!("{out}:{givens}")
}

/// A corpus line for `puzzle`.
pub fn line_text(puzzle: &Puzzle, count: Count, solution: Option<&Grid>) -> String {
    let mut line = format!("{}:{count}", puzzle_text(puzzle));
    if let Some(s) = solution {
        write!(line, ":{}", grid_text(s)).unwrap();
    }
    line
}
