//! Writing a grid as a block of rows: the one writer behind `grid`, `ss` and
//! `sdk`, which differ only in what goes between cells, between boxes and
//! around the block (all three are read back by the [`grid`](super::grid)
//! reader).

use std::io::{self, Write};

use super::{block_symbols, Alphabet, Style};
use crate::{Cell, Grid, MAX_SIZE};

/// What a block format writes around its cells.
#[derive(Debug)]
pub(crate) struct Layout {
    /// Between two cells of a box.
    cell_gap: &'static [u8],
    /// Between two boxes of a row.
    box_gap: &'static [u8],
    /// A rule line between bands, drawn from the row below it (`|` becomes
    /// `+`, anything else `-`).
    rules: bool,
    /// `|` at both ends of every row and `*---*` lines above and below.
    border: bool,
    /// Whether an [`Alphabet::Decimal`] puzzle is written with numbers
    /// (otherwise only sides without a symbol for every digit are).
    decimal: bool,
}

/// `grid`: `4 1 7 | 3 6 9 | 8 2 5`, `------+-------+------` between bands.
pub(crate) const GRID: Layout = Layout {
    cell_gap: b" ",
    box_gap: b" | ",
    rules: true,
    border: false,
    decimal: true,
};

/// `ss`: `|4..|...|8.5|`, `|---+---+---|` between bands, framed by `*---*`.
pub(crate) const SS: Layout = Layout {
    cell_gap: b"",
    box_gap: b"|",
    rules: true,
    border: true,
    decimal: false,
};

/// `sdk`: rows of bare symbols.
pub(crate) const SDK: Layout = Layout {
    cell_gap: b"",
    box_gap: b"",
    rules: false,
    border: false,
    decimal: false,
};

/// Whether `grid` is written with numbers: an [`Alphabet::Decimal`] puzzle
/// where the layout keeps them, and any side without a single symbol for
/// every digit (above 61), which only numbers can write.
pub(crate) fn with_numbers(n: usize, style: Style, layout: &Layout) -> bool {
    (layout.decimal && style.alphabet == Alphabet::Decimal) || n > Alphabet::Numeric.max_size()
}

/// Writes `grid` (solved or not) in `layout`, with boxes of `rows` x
/// `columns`, then an empty line. Cells are symbols (`style`'s alphabet
/// where it can write the side, `.` empty), or numbers right-aligned to the
/// side's width (see [`with_numbers`]), a blank between them at least.
pub(crate) fn write<W: Write + ?Sized>(
    out: &mut W,
    grid: &Grid,
    (rows, columns): (usize, usize),
    style: Style,
    layout: &Layout,
) -> io::Result<()> {
    let n = grid.size();
    let (alphabet, empty) = block_symbols(grid, style);
    let numbers = with_numbers(n, style, layout);
    let (width, cell_gap) = match (numbers, layout.cell_gap) {
        (true, b"") => (digits(n), &b" "[..]),
        (true, gap) => (digits(n), gap),
        (false, gap) => (1, gap),
    };
    let box_gap = match (numbers, layout.box_gap) {
        (true, b"") => cell_gap,
        (_, gap) => gap,
    };
    // Widest row: n cells of at most 2 bytes, a gap of at most 3 bytes
    // between them, the border and the line end.
    let mut row = [0u8; 6 * MAX_SIZE];
    let mut rule = [0u8; 6 * MAX_SIZE];
    let mut frame_width = 0;
    for r in 0..n {
        let mut len = 0;
        if layout.border {
            put(&mut row, &mut len, b"|");
        }
        for c in 0..n {
            if c > 0 {
                let gap = if c % columns == 0 { box_gap } else { cell_gap };
                put(&mut row, &mut len, gap);
            }
            let cell = &mut row[len..len + width];
            cell.fill(b' ');
            match grid.get(Cell::at(r, c, n)) {
                Some(d) if numbers => {
                    let mut v = d.index() + 1;
                    for slot in cell.iter_mut().rev() {
                        *slot = b'0' + (v % 10) as u8;
                        v /= 10;
                        if v == 0 {
                            break;
                        }
                    }
                }
                Some(d) => cell[0] = alphabet.symbol(d.index()).unwrap_or(b'?'),
                None => cell[width - 1] = empty,
            }
            len += width;
        }
        if layout.border {
            put(&mut row, &mut len, b"|");
        }
        if r == 0 && layout.border {
            frame_width = len;
            frame(out, &mut rule, len)?;
        }
        if layout.rules && r > 0 && r % rows == 0 {
            for (dst, &src) in rule.iter_mut().zip(&row[..len]) {
                *dst = if src == b'|' { b'+' } else { b'-' };
            }
            if layout.border {
                (rule[0], rule[len - 1]) = (b'|', b'|');
            }
            rule[len] = b'\n';
            out.write_all(&rule[..=len])?;
        }
        row[len] = b'\n';
        out.write_all(&row[..=len])?;
    }
    if layout.border {
        frame(out, &mut rule, frame_width)?;
    }
    out.write_all(b"\n")
}

/// Copies `bytes` to `buf` at `len`, and moves `len` past them.
fn put(buf: &mut [u8], len: &mut usize, bytes: &[u8]) {
    buf[*len..*len + bytes.len()].copy_from_slice(bytes);
    *len += bytes.len();
}

/// Writes the `*---*` line of a bordered block whose rows are `len` bytes.
fn frame<W: Write + ?Sized>(out: &mut W, buf: &mut [u8], len: usize) -> io::Result<()> {
    buf[0] = b'*';
    buf[1..len - 1].fill(b'-');
    buf[len - 1] = b'*';
    buf[len] = b'\n';
    out.write_all(&buf[..=len])
}

/// Decimal digits of `n`: the width of a cell in a grid of side `n` written
/// with numbers.
fn digits(n: usize) -> usize {
    n.to_string().len()
}
