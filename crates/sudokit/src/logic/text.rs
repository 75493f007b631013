//! The words of a step, shared by the techniques.
//!
//! One rule keeps a learner from misreading numbers: a bare number is always
//! a digit (named with the puzzle's symbols, [`Board::digit_name`]); houses
//! carry their kind (`row 2`, `columns 2 and 6`) and cells are `r2c1`. Lists
//! end with "and" (or "or" for a cell's candidates), so a digit never trails
//! a list of house numbers.

use super::board::Board;
use super::step::Candidate;

/// `a`, `a and b`, `a, b and c` (`word` = `and`/`or`).
pub(crate) fn list(items: impl IntoIterator<Item = String>, word: &str) -> String {
    let items: Vec<String> = items.into_iter().collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// The digits of a mask (bit `d - 1` for digit `d`), ascending.
pub(crate) fn digits_of(mask: u64) -> impl Iterator<Item = u8> {
    (0..64u8).filter(move |d| mask >> d & 1 != 0).map(|d| d + 1)
}

/// `3 and 7` (`word` = `and`) or `3 or 7` for a digit mask.
pub(crate) fn digits(board: &Board, mask: u64, word: &str) -> String {
    list(digits_of(mask).map(|d| board.digit_name(d)), word)
}

/// `r1c2 and r1c3`.
pub(crate) fn cells(board: &Board, cells: impl IntoIterator<Item = usize>) -> String {
    list(cells.into_iter().map(|c| board.cell_name(c)), "and")
}

/// `r1c2 (3 or 7)`: a cell and its candidates in `mask`.
pub(crate) fn cell_with(board: &Board, cell: usize, mask: u64) -> String {
    format!("{} ({})", board.cell_name(cell), digits(board, mask, "or"))
}

/// `r1c2=3`.
pub(crate) fn placement(board: &Board, c: Candidate) -> String {
    format!("{}={}", board.cell_name(c.cell), board.digit_name(c.digit))
}

/// `r1c2<>3, r1c3<>3`: the notation of eliminations, in the given order.
pub(crate) fn eliminations(board: &Board, eliminations: &[Candidate]) -> String {
    eliminations
        .iter()
        .map(|e| format!("{}<>{}", board.cell_name(e.cell), board.digit_name(e.digit)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_end_with_their_word() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(list(s(&[]), "and"), "");
        assert_eq!(list(s(&["a"]), "and"), "a");
        assert_eq!(list(s(&["a", "b"]), "or"), "a or b");
        assert_eq!(list(s(&["a", "b", "c"]), "and"), "a, b and c");
    }

    #[test]
    fn digits_use_the_board_symbols() {
        let b = super::super::test_util::board(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(digits(&b, 0b1_0000_0101, "and"), "1, 3 and 9");
        let letters: Vec<char> = ('A'..='I').collect();
        let b = b.with_symbols(&letters);
        assert_eq!(digits(&b, 0b1_0000_0101, "or"), "A, C or I");
        assert_eq!(placement(&b, Candidate::new(10, 2)), "r2c2=B");
        assert_eq!(
            eliminations(&b, &[Candidate::new(0, 1), Candidate::new(80, 9)]),
            "r1c1<>A, r9c9<>I"
        );
    }
}
