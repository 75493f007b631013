//! Random shapes on a grid for the constraint builders: walks (lines,
//! arrows), connected blobs (cages), rows and columns seen from a clue
//! outside the grid, diagonals from an edge, boxes. Plain coordinates, no
//! library code, so the builders stay independent of what they test.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;
use sudokit::variant::Outside;
use sudokit::Cell;

/// King steps (lines may go diagonally).
pub const KING: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Orthogonal steps.
pub const ORTHO: [(i32, i32); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// The box shape (rows, columns) sudokit gives a square grid of side `n`
/// (asserted against the geometry by the tests that rely on it).
pub fn box_shape(n: usize) -> (usize, usize) {
    match n {
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        _ => panic!("no box shape for {n}"),
    }
}

/// The box (0-based, row-major over boxes) of cell `(r, c)`.
pub fn box_of(r: usize, c: usize, n: usize) -> usize {
    let (br, bc) = box_shape(n);
    (r / br) * (n / bc) + c / bc
}

/// The cells of box `b`, row-major.
pub fn box_cells(b: usize, n: usize) -> Vec<usize> {
    (0..n * n)
        .filter(|&i| box_of(i / n, i % n, n) == b)
        .collect()
}

/// The cell at `(r, c)` when it is on the grid.
pub fn on_grid(r: i32, c: i32, n: usize) -> Option<usize> {
    (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n).then(|| r as usize * n + c as usize)
}

/// The neighbours of cell `i` by `steps`.
pub fn step_cells(i: usize, n: usize, steps: &[(i32, i32)]) -> Vec<usize> {
    let (r, c) = ((i / n) as i32, (i % n) as i32);
    steps
        .iter()
        .filter_map(|&(dr, dc)| on_grid(r + dr, c + dc, n))
        .collect()
}

/// A random self-avoiding walk of `len` cells by `steps` (starting at
/// `start` when given), or `None` when it got stuck (callers retry).
pub fn walk(
    n: usize,
    len: usize,
    steps: &[(i32, i32)],
    start: Option<usize>,
    rng: &mut SmallRng,
) -> Option<Vec<usize>> {
    let first = start.unwrap_or_else(|| rng.gen_range(0..n * n));
    let mut path = vec![first];
    while path.len() < len {
        let last = *path.last().unwrap();
        let next: Vec<usize> = step_cells(last, n, steps)
            .into_iter()
            .filter(|c| !path.contains(c))
            .collect();
        path.push(*next.choose(rng)?);
    }
    Some(path)
}

/// A walk that retries until it is not stuck.
pub fn walk_any(n: usize, len: usize, steps: &[(i32, i32)], rng: &mut SmallRng) -> Vec<usize> {
    loop {
        if let Some(p) = walk(n, len, steps, None, rng) {
            return p;
        }
    }
}

/// A random orthogonally connected set of `size` cells.
pub fn blob(n: usize, size: usize, rng: &mut SmallRng) -> Vec<usize> {
    let mut cells = vec![rng.gen_range(0..n * n)];
    while cells.len() < size {
        let frontier: Vec<usize> = cells
            .iter()
            .flat_map(|&c| step_cells(c, n, &ORTHO))
            .filter(|c| !cells.contains(c))
            .collect();
        cells.push(*frontier.choose(rng).expect("a grid has room"));
    }
    cells
}

/// A row or column seen from a clue outside the grid: the clue's position
/// and the cells from the clue's side.
pub fn outside_line(n: usize, rng: &mut SmallRng) -> (Outside, Vec<usize>) {
    let k = rng.gen_range(0..n);
    let ni = n as i32;
    match rng.gen_range(0..4) {
        0 => (
            Outside {
                row: -1,
                column: k as i32,
            },
            (0..n).map(|r| r * n + k).collect(),
        ),
        1 => (
            Outside {
                row: ni,
                column: k as i32,
            },
            (0..n).rev().map(|r| r * n + k).collect(),
        ),
        2 => (
            Outside {
                row: k as i32,
                column: -1,
            },
            (0..n).map(|c| k * n + c).collect(),
        ),
        _ => (
            Outside {
                row: k as i32,
                column: ni,
            },
            (0..n).rev().map(|c| k * n + c).collect(),
        ),
    }
}

/// A little killer's diagonal: a clue outside the grid beside a row or
/// column end, pointing diagonally into the grid, and the cells it sums
/// (at least `min_len`).
pub fn diagonal(n: usize, min_len: usize, rng: &mut SmallRng) -> (Outside, Vec<usize>) {
    let ni = n as i32;
    loop {
        // A clue on one of the four sides, then a direction into the grid.
        let k = rng.gen_range(0..ni);
        let (row, column) = match rng.gen_range(0..4) {
            0 => (-1, k),
            1 => (ni, k),
            2 => (k, -1),
            _ => (k, ni),
        };
        let (dr, dc) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][rng.gen_range(0..4)];
        let mut cells = Vec::new();
        let (mut r, mut c) = (row + dr, column + dc);
        while let Some(i) = on_grid(r, c, n) {
            cells.push(i);
            r += dr;
            c += dc;
        }
        if cells.len() >= min_len {
            return (Outside { row, column }, cells);
        }
    }
}

/// Cells from indices.
pub fn cells(v: &[usize]) -> Vec<Cell> {
    v.iter().map(|&i| Cell(i as u32)).collect()
}

/// The runs of consecutive cells of `line` in the same box (a region sum
/// line's segments, as f-puzzles splits them).
pub fn box_segments(line: &[usize], n: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut last = usize::MAX;
    for &i in line {
        let b = box_of(i / n, i % n, n);
        if b == last {
            out.last_mut().unwrap().push(i);
        } else {
            out.push(vec![i]);
            last = b;
        }
    }
    out
}
