//! `grid` rows written with numbers (`10 11 . 3 | …`), the usual way to print
//! 16x16 and larger grids, and the only way for sides above 61.

use super::Segments;
use crate::format::alphabet::is_empty_symbol;
use crate::format::text::is_blank;

/// What a row is, for [`read_row`].
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Row {
    /// Not a row of numbers: read it as symbols.
    Symbols,
    /// A row of numbers, its cells in the caller's buffer.
    Numbers,
    /// A row of numbers (its cells in the caller's buffer) with one above
    /// its cell count: the number and the byte index where it starts.
    OutOfRange(usize, usize),
}

/// Reads `text` as a row of numbers, filling `cells` with each cell's value
/// (0 when empty) and the byte index where it starts, and `segments` with
/// the `|` groups. Cells are tokens separated by blanks, `|`, `+` or `*`: a
/// number of one or two digits without a leading zero, or an empty mark
/// (`.`, `0`, `-`, `_`). It is one when some number is 10 or more and the
/// count is `n` (a later row) or at least 10 (a first row, `n` = `None`):
/// so `417 369 825`, a compact 9x9 row, is not one. A number above the
/// count is [`Row::OutOfRange`].
pub(super) fn read_row(
    text: &[u8],
    n: Option<usize>,
    cells: &mut Vec<(u8, usize)>,
    segments: &mut Segments,
) -> Row {
    cells.clear();
    let is_separator = |b: u8| is_blank(b) || matches!(b, b'|' | b'+' | b'*');
    let mut groups = Segments::default();
    let mut group = 0;
    let mut bar = false;
    let mut largest = (0, 0);
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if is_separator(b) {
            if b == b'|' {
                bar = true;
                groups.close(group);
                group = 0;
            }
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && !is_separator(text[i]) {
            i += 1;
        }
        let token = &text[start..i];
        let value = match token {
            [b] if is_empty_symbol(*b) => 0,
            [b'1'..=b'9'] | [b'1'..=b'9', b'0'..=b'9'] => {
                let value = token.iter().fold(0, |v, &d| v * 10 + (d - b'0'));
                if value > largest.0 {
                    largest = (value, start);
                }
                value
            }
            _ => return Row::Symbols,
        };
        cells.push((value, start));
        group += 1;
    }
    if bar {
        groups.close(group);
    }
    let count = cells.len();
    let fits = match n {
        Some(n) => count == n,
        None => count >= 10,
    };
    if largest.0 < 10 || !fits {
        return Row::Symbols;
    }
    *segments = groups;
    if usize::from(largest.0) > count {
        return Row::OutOfRange(largest.0.into(), largest.1);
    }
    Row::Numbers
}
