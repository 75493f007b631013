//! Symbols for digits.
//!
//! Two alphabets cover every size a one-line puzzle can have:
//! - [`Alphabet::Numeric`]: `1`-`9`, then `A`-`Z`, then `a`-`z` (sides up to
//!   61). A 9x9 puzzle uses `1`-`9`; a 16x16 one `1`-`9A`-`G`.
//! - [`Alphabet::Letters`]: `A`-`Z` (sides up to 26), the POJ 3076 style
//!   (`A`-`P` for 16x16).
//! - [`Alphabet::Decimal`]: `grid` rows written with numbers, `10 11 . 3`
//!   (see [`grid`](super::grid)); every other writer writes it as
//!   [`Alphabet::Numeric`], whose symbols it shares one by one.
//!
//! Empty cells are read from `.`, `0`, `-` and `_`; they are written as `.`
//! (numeric) or `-` (letters).
//!
//! Which alphabet a puzzle is read in (`line` and `grid`): letters when the
//! side is 10..=26, no `0`-`9` appears and some letter does; numeric
//! otherwise. So a 16x16 line in the POJ 3076 letters `A`-`P` reads as
//! letters, and a numeric puzzle above 9x9 whose givens happen to be all
//! letters is written with `0` for its empty cells so that it reads back as
//! numeric: every size has a one-line form that round-trips.

/// A way of writing digits as characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// `1`-`9`, `A`-`Z`, `a`-`z`.
    #[default]
    Numeric,
    /// `A`-`Z`.
    Letters,
    /// Cells written as decimal numbers separated by blanks (`grid` only);
    /// a symbol, where one is needed, is [`Alphabet::Numeric`]'s.
    Decimal,
}

const NUMERIC: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

impl Alphabet {
    /// The largest side this alphabet can write.
    pub fn max_size(self) -> usize {
        match self {
            Alphabet::Numeric | Alphabet::Decimal => NUMERIC.len(),
            Alphabet::Letters => 26,
        }
    }

    /// The symbol for 0-based digit `d`, if the alphabet has one.
    pub fn symbol(self, d: usize) -> Option<u8> {
        match self {
            Alphabet::Numeric | Alphabet::Decimal => NUMERIC.get(d).copied(),
            Alphabet::Letters => (d < 26).then(|| b'A' + d as u8),
        }
    }

    /// The symbol written for an empty cell.
    pub fn empty_symbol(self) -> u8 {
        match self {
            Alphabet::Numeric | Alphabet::Decimal => b'.',
            Alphabet::Letters => b'-',
        }
    }

    /// The 0-based digit for a symbol, `Some(None)` for an empty cell, `None`
    /// when the symbol is not part of the alphabet.
    pub fn digit(self, symbol: u8) -> Option<Option<usize>> {
        if is_empty_symbol(symbol) {
            return Some(None);
        }
        match self {
            Alphabet::Numeric | Alphabet::Decimal => match symbol {
                b'1'..=b'9' => Some(Some((symbol - b'1') as usize)),
                b'A'..=b'Z' => Some(Some((symbol - b'A') as usize + 9)),
                b'a'..=b'z' => Some(Some((symbol - b'a') as usize + 35)),
                _ => None,
            },
            Alphabet::Letters => symbol
                .is_ascii_uppercase()
                .then(|| Some((symbol - b'A') as usize)),
        }
    }
}

/// The alphabet a block of symbols reads best in: [`Alphabet::Letters`] when
/// the side is 10..=26, no `0`-`9` appears and some letter does; else
/// [`Alphabet::Numeric`].
pub(crate) fn choose_alphabet(n: usize, symbols: &[u8]) -> Alphabet {
    if (10..=26).contains(&n)
        && !symbols.iter().any(u8::is_ascii_digit)
        && symbols.iter().any(u8::is_ascii_uppercase)
    {
        Alphabet::Letters
    } else {
        Alphabet::Numeric
    }
}

/// Whether `symbol` marks an empty cell (`.`, `0`, `-`, `_`).
pub fn is_empty_symbol(symbol: u8) -> bool {
    matches!(symbol, b'.' | b'0' | b'-' | b'_')
}
