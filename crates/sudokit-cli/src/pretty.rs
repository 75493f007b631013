//! The drawn grid for a person (`sudokit solve '<puzzle>'`).
//!
//! - Boxed geometries: exactly the `grid` format's drawing (`4 1 7 | 3 6 9 |
//!   8 2 5`, `------+-------+------` between bands, an empty line after), so
//!   without colour the bytes are those of `--format grid`.
//! - Jigsaw geometries: the digits, and beside each row the region of each
//!   cell as a letter (`A`, `B`, …), so the regions are visible without
//!   colour.
//! - Multi-grid boards (samurai): the `multi` format's rows, holes blank,
//!   so without colour the bytes are those of `--format multi`.
//! - With colour (a terminal, `NO_COLOR` unset, or `--color always`): givens
//!   bold, digits the solver filled in cyan; jigsaw cells on a background
//!   colour per region (neighbouring regions get different colours).

use std::io::{self, Write};

use sudokit::format::{self, Alphabet, Style};
use sudokit::{Cell, Geometry, Grid, Layout};

const BOLD: &[u8] = b"\x1b[1m";
const FILLED: &[u8] = b"\x1b[36m";
const RESET: &[u8] = b"\x1b[0m";
/// Background colours for regions (ANSI 41-46 and their bright twins).
const BACKGROUNDS: [&[u8]; 12] = [
    b"\x1b[41m",
    b"\x1b[42m",
    b"\x1b[43m",
    b"\x1b[44m",
    b"\x1b[45m",
    b"\x1b[46m",
    b"\x1b[101m",
    b"\x1b[102m",
    b"\x1b[103m",
    b"\x1b[104m",
    b"\x1b[105m",
    b"\x1b[106m",
];
/// Region labels.
const REGION_LABELS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// Whether colour is wanted on stdout for `when`.
pub fn color_wanted(when: crate::cli::When) -> bool {
    use std::io::IsTerminal;
    match when {
        crate::cli::When::Always => true,
        crate::cli::When::Never => false,
        crate::cli::When::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

/// One cell of the drawn grid: its symbol, bold for a given, coloured for
/// a filled-in digit.
fn push_cell(
    line: &mut Vec<u8>,
    givens: &Grid,
    solution: &Grid,
    cell: Cell,
    style: Style,
    n: usize,
) {
    line.extend_from_slice(if givens.get(cell).is_some() {
        BOLD
    } else {
        FILLED
    });
    line.push(symbol(style.alphabet, n, solution, cell));
    line.extend_from_slice(RESET);
}

fn symbol(alphabet: Alphabet, n: usize, grid: &Grid, cell: Cell) -> u8 {
    let alphabet = match alphabet {
        Alphabet::Letters if n <= 26 => Alphabet::Letters,
        _ => Alphabet::Numeric,
    };
    match grid.get(cell) {
        Some(d) => alphabet.symbol(d.index()).unwrap_or(b'?'),
        None => b'.',
    }
}

/// Colours for the regions of `geometry` such that regions sharing an edge
/// differ (greedy; planar maps need few colours).
fn region_colours(geometry: &Geometry) -> Vec<usize> {
    let n = geometry.size();
    let mut touching = vec![vec![false; n]; n];
    for r in 0..n {
        for c in 0..n {
            let a = geometry.region_of(Cell::at(r, c, n));
            for (rr, cc) in [(r + 1, c), (r, c + 1)] {
                if rr < n && cc < n {
                    let b = geometry.region_of(Cell::at(rr, cc, n));
                    if a != b {
                        touching[a][b] = true;
                        touching[b][a] = true;
                    }
                }
            }
        }
    }
    let mut colour = vec![usize::MAX; n];
    for region in 0..n {
        let used: Vec<usize> = (0..n)
            .filter(|&o| touching[region][o] && colour[o] != usize::MAX)
            .map(|o| colour[o])
            .collect();
        colour[region] = (0..).find(|k| !used.contains(k)).expect("a free colour");
    }
    colour
}

/// Writes `solution` of a puzzle with `givens` on `geometry` for a person,
/// then an empty line.
///
/// # Errors
/// Errors of `out`.
pub fn write<W: Write + ?Sized>(
    out: &mut W,
    givens: &Grid,
    solution: &Grid,
    geometry: &Geometry,
    style: Style,
    color: bool,
) -> io::Result<()> {
    let n = solution.size();
    if geometry.multi_layout().is_some() {
        return write_board(out, givens, solution, geometry, style, color);
    }
    if geometry.layout() != Layout::Jigsaw {
        if !color {
            return format::grid::write(out, solution, geometry, style);
        }
        let (rows, columns) = geometry.box_shape().unwrap_or((n, n));
        let mut rule = Vec::new();
        for c in 0..n {
            if c > 0 {
                rule.extend_from_slice(if c % columns == 0 { b"-+-" } else { b"-" });
            }
            rule.push(b'-');
        }
        rule.push(b'\n');
        for r in 0..n {
            if r > 0 && r % rows == 0 {
                out.write_all(&rule)?;
            }
            let mut line = Vec::with_capacity(16 * n);
            for c in 0..n {
                if c > 0 {
                    line.extend_from_slice(if c % columns == 0 { b" | " } else { b" " });
                }
                push_cell(&mut line, givens, solution, Cell::at(r, c, n), style, n);
            }
            line.push(b'\n');
            out.write_all(&line)?;
        }
        return out.write_all(b"\n");
    }
    let colours = if color {
        region_colours(geometry)
    } else {
        Vec::new()
    };
    for r in 0..n {
        let mut line = Vec::with_capacity(16 * n);
        for c in 0..n {
            let cell = Cell::at(r, c, n);
            let region = geometry.region_of(cell);
            if color {
                line.extend_from_slice(BACKGROUNDS[colours[region] % BACKGROUNDS.len()]);
                if givens.get(cell).is_some() {
                    line.extend_from_slice(BOLD);
                }
                line.push(b' ');
                line.push(symbol(style.alphabet, n, solution, cell));
                line.push(b' ');
                line.extend_from_slice(RESET);
            } else {
                if c > 0 {
                    line.push(b' ');
                }
                line.push(symbol(style.alphabet, n, solution, cell));
            }
        }
        line.extend_from_slice(b"    ");
        for c in 0..n {
            if c > 0 {
                line.push(b' ');
            }
            let region = geometry.region_of(Cell::at(r, c, n));
            line.push(REGION_LABELS.get(region).copied().unwrap_or(b'?'));
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    out.write_all(b"\n")
}

/// A multi-grid board: the `multi` format's rows, in colour the givens
/// bold and the digits filled in cyan.
fn write_board<W: Write + ?Sized>(
    out: &mut W,
    givens: &Grid,
    solution: &Grid,
    geometry: &Geometry,
    style: Style,
    color: bool,
) -> io::Result<()> {
    if !color {
        return format::multi::write(out, solution, geometry, style);
    }
    let n = solution.size();
    let (rows, columns) = geometry.board_shape();
    for r in 0..rows {
        let mut line = Vec::with_capacity(12 * columns);
        let mut holes = 0;
        for c in 0..columns {
            let Some(cell) = geometry.cell_at(r, c) else {
                holes += 1;
                continue;
            };
            line.resize(line.len() + holes, b' ');
            holes = 0;
            push_cell(&mut line, givens, solution, cell, style, n);
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn boxed_grids_without_colour_are_the_grid_format() {
        let p = sudokit::format::line::parse_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .unwrap();
        let mut a = Vec::new();
        write(
            &mut a,
            p.givens(),
            p.givens(),
            p.geometry(),
            Style::default(),
            false,
        )
        .unwrap();
        let b = format::puzzle_text(format::Format::Grid, &p, Style::default()).unwrap();
        assert_eq!(String::from_utf8(a).unwrap(), b);
        let mut c = Vec::new();
        write(
            &mut c,
            p.givens(),
            p.givens(),
            p.geometry(),
            Style::default(),
            true,
        )
        .unwrap();
        let plain = String::from_utf8(c)
            .unwrap()
            .replace("\x1b[1m", "")
            .replace("\x1b[36m", "")
            .replace("\x1b[0m", "");
        assert_eq!(plain, b);
    }

    #[test]
    fn jigsaw_regions_are_labelled_and_neighbours_coloured_apart() {
        // 4x4: regions are the 2x2 boxes, but jigsaw-typed.
        let regions = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        let g = Arc::new(Geometry::jigsaw(4, &regions).unwrap());
        let solution =
            Grid::from_values(4, &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        let mut out = Vec::new();
        write(
            &mut out,
            &Grid::empty(4),
            &solution,
            &g,
            Style::default(),
            false,
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "1 2 3 4    A A B B\n3 4 1 2    A A B B\n2 1 4 3    C C D D\n4 3 2 1    C C D D\n\n"
        );
        let colours = region_colours(&g);
        assert_ne!(colours[0], colours[1]);
        assert_ne!(colours[0], colours[2]);
        assert_ne!(colours[1], colours[3]);
    }
}
