//! `grid` rows written with numbers (`10 11 . 3 | …`), the usual way to print
//! 16x16 and 25x25 grids.

use super::Segments;
use crate::format::alphabet::{is_empty_symbol, Alphabet};
use crate::format::text::is_blank;

/// Reads `text` as a row of numbers, filling `cells` with each cell's
/// [`Alphabet::Numeric`] symbol (`.` when empty) and the byte index where it
/// starts, and `segments` with the `|` groups. Cells are tokens separated by
/// blanks, `|`, `+` or `*`: a number without a leading zero, or an empty mark
/// (`.`, `0`, `-`, `_`). It is one when some number is 10 or more, no number
/// is above the cell count, and the count is `n` (a later row) or at least
/// 10 (a first row, `n` = `None`): so `417 369 825`, a compact 9x9 row, is
/// not one.
pub(super) fn read_row(
    text: &[u8],
    n: Option<usize>,
    cells: &mut Vec<(u8, usize)>,
    segments: &mut Segments,
) -> bool {
    cells.clear();
    let is_separator = |b: u8| is_blank(b) || matches!(b, b'|' | b'+' | b'*');
    let mut groups = Segments::default();
    let mut group = 0;
    let mut bar = false;
    let mut largest = 0;
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
        let symbol = match token {
            [b] if is_empty_symbol(*b) => b'.',
            [b'1'..=b'9'] | [b'1'..=b'9', b'0'..=b'9'] => {
                let value = token.iter().fold(0, |v, &d| v * 10 + usize::from(d - b'0'));
                largest = largest.max(value);
                match Alphabet::Numeric.symbol(value - 1) {
                    Some(s) => s,
                    None => return false,
                }
            }
            _ => return false,
        };
        cells.push((symbol, start));
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
    if largest < 10 || largest > count || !fits {
        return false;
    }
    *segments = groups;
    true
}

/// Decimal digits of `n`: the width of a cell in a grid of side `n` written
/// with numbers.
pub(super) fn width(n: usize) -> usize {
    n.to_string().len()
}
