//! The grid of an f-puzzles puzzle: its side, givens, given pencil marks and
//! regions (the default boxes, or irregular regions from the cells'
//! `region`), and the small readers of cell names and numbers that the
//! constraint keys share.

use serde_json::{Map, Value};

use crate::{Cell, Digit, DigitSet, Geometry, Grid};

/// What went wrong, as the message a [`ParseError`](crate::format::ParseError)
/// carries.
pub(super) type Res<T> = Result<T, String>;

/// The sides f-puzzles draws.
pub(super) const SIDES: std::ops::RangeInclusive<usize> = 3..=16;

/// Keys of a cell object that are read (`value`, `given`, `region`,
/// `givenPencilMarks`) or are the solver's marks and colours, ignored like
/// f-puzzles' own solver ignores them.
const CELL_KEYS: [&str; 8] = [
    "value",
    "given",
    "givenPencilMarks",
    "centerPencilMarks",
    "cornerPencilMarks",
    "region",
    "highlight",
    "c",
];

/// The grid part of a puzzle.
#[derive(Debug)]
pub(super) struct Board {
    /// Side.
    pub(super) n: usize,
    /// Givens.
    pub(super) givens: Grid,
    /// Candidates of every cell, when a cell has given pencil marks.
    pub(super) candidates: Option<Vec<DigitSet>>,
    /// Region of every cell, numbered in order of first appearance.
    pub(super) regions: Vec<usize>,
    /// Whether the regions are f-puzzles' default boxes.
    pub(super) boxed: bool,
}

/// f-puzzles' default region shape for side `n`: `h` rows (the largest
/// factor with `h * h <= n`) by `n / h` columns; 1-row regions for a prime
/// side.
pub(super) fn default_shape(n: usize) -> (usize, usize) {
    crate::default_box_shape(n).unwrap_or((1, n))
}

/// The geometry of a board (extra houses are added by the caller).
///
/// # Errors
/// None in practice: the board's regions were checked.
pub(super) fn geometry(board: &Board) -> Res<Geometry> {
    let n = board.n;
    let g = if board.boxed {
        let (h, w) = default_shape(n);
        Geometry::boxed(h, w)
    } else {
        Geometry::jigsaw(n, &board.regions)
    };
    g.map_err(|e| e.to_string())
}

/// The side of a puzzle object.
///
/// # Errors
/// A missing side, or one f-puzzles does not draw.
pub(super) fn side(obj: &Map<String, Value>) -> Res<usize> {
    let size = obj.get("size").ok_or("no `size`")?;
    let n = size
        .as_u64()
        .ok_or_else(|| format!("`size` {size} is not a whole number"))?;
    if !SIDES.contains(&(n as usize)) {
        return Err(format!(
            "a {n}x{n} grid is not supported: f-puzzles grids are 3x3 to 16x16"
        ));
    }
    Ok(n as usize)
}

/// Reads the `grid` of a puzzle of side `n`.
///
/// # Errors
/// A grid of the wrong shape, a cell key that is not supported, a given
/// out of range, regions that are not `n` regions of `n` cells.
pub(super) fn board(obj: &Map<String, Value>, n: usize) -> Res<Board> {
    let rows = obj
        .get("grid")
        .and_then(Value::as_array)
        .ok_or("no `grid` array")?;
    if rows.len() != n {
        return Err(format!("`grid` has {} rows, size is {n}", rows.len()));
    }
    let mut cells = Vec::with_capacity(n * n);
    let mut candidates = vec![DigitSet::full(n); n * n];
    let mut marked = false;
    let mut ids: Vec<Option<i64>> = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| format!("`grid` row {} is not an array of {n} cells", r + 1))?;
        for (c, cell) in row.iter().enumerate() {
            let at = || format!("cell R{}C{}", r + 1, c + 1);
            let cell = cell
                .as_object()
                .ok_or_else(|| format!("{} is not an object", at()))?;
            if let Some(key) = cell.keys().find(|k| !CELL_KEYS.contains(&k.as_str())) {
                return Err(format!("{}: key `{key}` is not supported", at()));
            }
            let given = match cell.get("given") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(other) => return Err(format!("{}: `given` is {other}", at())),
            };
            let given_digit = if given {
                let v = cell.get("value").unwrap_or(&Value::Null);
                let d = digit(v, n);
                Some(d.ok_or_else(|| format!("{}: given value {v} is not 1..={n}", at()))?)
            } else {
                None
            };
            let marks = cell.get("givenPencilMarks").filter(|m| !m.is_null());
            if let (false, Some(marks)) = (given, marks) {
                let marks = marks
                    .as_array()
                    .ok_or_else(|| format!("{}: `givenPencilMarks` is not an array", at()))?;
                if !marks.is_empty() {
                    let mut set = DigitSet::EMPTY;
                    for m in marks {
                        let d = digit(m, n)
                            .ok_or_else(|| format!("{}: pencil mark {m} is not 1..={n}", at()))?;
                        set.insert(d);
                    }
                    candidates[r * n + c] = set;
                    marked = true;
                }
            }
            ids.push(match cell.get("region") {
                None => None,
                Some(Value::Null) => Some(-1),
                Some(v) => Some(
                    v.as_i64()
                        .ok_or_else(|| format!("{}: `region` {v} is not a number", at()))?,
                ),
            });
            cells.push(given_digit);
        }
    }
    let (regions, boxed) = regions(&ids, n)?;
    Ok(Board {
        n,
        givens: Grid::from_cells(n, cells).map_err(|e| e.to_string())?,
        candidates: marked.then_some(candidates),
        regions,
        boxed,
    })
}

/// The region of every cell (numbered from 0 in order of first appearance)
/// and whether they are the default boxes. A cell without `region` is in
/// its default box.
///
/// # Errors
/// Cells outside every region of `n` cells: f-puzzles' solvers leave such
/// cells regionless, which no geometry here can say.
fn regions(ids: &[Option<i64>], n: usize) -> Res<(Vec<usize>, bool)> {
    let (h, w) = default_shape(n);
    let id = |i: usize| {
        ids[i].unwrap_or_else(|| {
            let (r, c) = (i / n, i % n);
            ((r / h) * h + c / w) as i64
        })
    };
    let mut seen: Vec<i64> = Vec::new();
    let mut sizes: Vec<usize> = Vec::new();
    let mut map = Vec::with_capacity(n * n);
    for i in 0..n * n {
        let k = id(i);
        let slot = match seen.iter().position(|&s| s == k) {
            Some(p) => p,
            None => {
                seen.push(k);
                sizes.push(0);
                seen.len() - 1
            }
        };
        sizes[slot] += 1;
        map.push(slot);
    }
    if let Some(p) = (0..seen.len()).find(|&p| seen[p] < 0 || sizes[p] != n) {
        let what = if seen[p] < 0 {
            format!("{} cells have no region", sizes[p])
        } else {
            format!("region {} has {} cells", seen[p], sizes[p])
        };
        return Err(format!(
            "{what}: every cell must be in a region of {n} cells (cells outside every \
             region are not supported)"
        ));
    }
    let default: Vec<usize> = {
        let mut order: Vec<i64> = Vec::new();
        (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let k = ((r / h) * h + c / w) as i64;
                match order.iter().position(|&o| o == k) {
                    Some(p) => p,
                    None => {
                        order.push(k);
                        order.len() - 1
                    }
                }
            })
            .collect()
    };
    let boxed = map == default;
    Ok((map, boxed))
}

/// A digit from a JSON number (or numeric string) `1..=n`.
pub(super) fn digit(v: &Value, n: usize) -> Option<Digit> {
    number(v)
        .filter(|&v| (1..=n as i64).contains(&v))
        .map(|v| Digit::new(v as u8 - 1))
}

/// A whole number written as a JSON number or a string of digits (f-puzzles
/// writes most values as strings).
pub(super) fn number(v: &Value) -> Option<i64> {
    match v {
        Value::Number(x) => x.as_i64(),
        Value::String(s) => {
            let t = s.trim();
            let digits = t.strip_prefix('-').unwrap_or(t);
            if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            t.parse().ok()
        }
        _ => None,
    }
}

/// Row and column (1-based, as written) of a cell name `R1C1` (any case).
pub(super) fn coordinates(v: &Value) -> Option<(i64, i64)> {
    let s = v.as_str()?.to_ascii_lowercase();
    let (r, c) = s.strip_prefix('r')?.split_once('c')?;
    let parse = |t: &str| {
        (!t.is_empty() && t.len() <= 4 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    Some((parse(r)?, parse(c)?))
}

/// The cell a name stands for on a grid of side `n`.
///
/// # Errors
/// A name that is not `RxCy`, or a cell off the grid.
pub(super) fn cell(v: &Value, n: usize, key: &str) -> Res<Cell> {
    let (r, c) = coordinates(v).ok_or_else(|| format!("`{key}`: {v} is not a cell name"))?;
    if !(1..=n as i64).contains(&r) || !(1..=n as i64).contains(&c) {
        return Err(format!("`{key}`: cell {v} is off the {n}x{n} grid"));
    }
    Ok(Cell::at(r as usize - 1, c as usize - 1, n))
}

/// The cells of a JSON array of names.
///
/// # Errors
/// As [`cell`], or when `v` is not an array.
pub(super) fn cells(v: Option<&Value>, n: usize, key: &str) -> Res<Vec<Cell>> {
    v.and_then(Value::as_array)
        .ok_or_else(|| format!("`{key}`: an entry without its cells"))?
        .iter()
        .map(|c| cell(c, n, key))
        .collect()
}

/// The name f-puzzles gives a cell.
pub(super) fn name(cell: Cell, n: usize) -> String {
    format!("R{}C{}", cell.row(n) + 1, cell.column(n) + 1)
}
