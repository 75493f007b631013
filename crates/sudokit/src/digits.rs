//! Typed indices and candidate sets: [`Cell`], [`Digit`] and [`DigitSet`].
//!
//! Everything here is 0-based. Symbols (`1`-`9`, `A`-`P`, `.`) exist only in
//! the `format` module; engines and geometry speak in these types.

use std::fmt;
use std::num::NonZeroU8;

/// The largest grid side sudokit supports: a [`DigitSet`] is one `u64`.
pub const MAX_SIZE: usize = 64;

/// A cell index, row-major: `row * n + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u32);

impl Cell {
    /// The cell at `row`, `column` of a grid of side `n`.
    #[inline]
    pub fn at(row: usize, column: usize, n: usize) -> Cell {
        Cell((row * n + column) as u32)
    }

    /// The index as `usize`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Row of this cell in a grid of side `n`.
    #[inline]
    pub fn row(self, n: usize) -> usize {
        self.index() / n
    }

    /// Column of this cell in a grid of side `n`.
    #[inline]
    pub fn column(self, n: usize) -> usize {
        self.index() % n
    }
}

/// A digit, 0-based: digit `0` is written `1` (or `A`) by the formats.
///
/// It holds its *value*, `index + 1` (what a puzzle shows), in a
/// [`NonZeroU8`], so an `Option<Digit>` is one byte: the value, or `0` for
/// an empty cell ([`Digit::value_of`], [`Digit::from_value`]). Readers,
/// writers and engines turn a grid's cells into bytes and back at no cost.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// Digit `index` (0-based).
    ///
    /// # Panics
    /// Panics if `index` is not below [`MAX_SIZE`].
    #[inline]
    pub const fn new(index: u8) -> Digit {
        assert!((index as usize) < MAX_SIZE, "digit out of range");
        match NonZeroU8::new(index + 1) {
            Some(value) => Digit(value),
            None => unreachable!(),
        }
    }

    /// The digit of value `value` (1-based); `None` for `0` and for values
    /// above [`MAX_SIZE`]. The inverse of [`value_of`](Digit::value_of).
    #[inline]
    pub const fn from_value(value: u8) -> Option<Digit> {
        if value as usize > MAX_SIZE {
            return None;
        }
        match NonZeroU8::new(value) {
            Some(value) => Some(Digit(value)),
            None => None,
        }
    }

    /// The value, 1-based: digit `0` has value `1`.
    #[inline]
    pub const fn value(self) -> u8 {
        self.0.get()
    }

    /// A cell's value: its digit's, or `0` when it is empty.
    #[inline]
    pub const fn value_of(cell: Option<Digit>) -> u8 {
        match cell {
            Some(d) => d.value(),
            None => 0,
        }
    }

    /// The index (0-based) as `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digit({})", self.index())
    }
}

/// A set of digits (candidates), one bit per digit; holds digits `0..64`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(pub u64);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// All digits `0..n`.
    ///
    /// # Panics
    /// Panics if `n > 64`.
    #[inline]
    pub fn full(n: usize) -> DigitSet {
        assert!(n <= MAX_SIZE, "a DigitSet holds at most 64 digits");
        if n == 64 {
            DigitSet(u64::MAX)
        } else {
            DigitSet((1u64 << n) - 1)
        }
    }

    /// The set holding only `d`.
    #[inline]
    pub fn single(d: Digit) -> DigitSet {
        DigitSet(1u64 << d.index())
    }

    /// Whether `d` is in the set.
    #[inline]
    pub fn contains(self, d: Digit) -> bool {
        self.0 >> d.index() & 1 == 1
    }

    /// Adds `d`.
    #[inline]
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1u64 << d.index();
    }

    /// Removes `d`.
    #[inline]
    pub fn remove(&mut self, d: Digit) {
        self.0 &= !(1u64 << d.index());
    }

    /// Number of digits in the set.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit, if any.
    #[inline]
    pub fn first(self) -> Option<Digit> {
        (self.0 != 0).then(|| Digit::new(self.0.trailing_zeros() as u8))
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let d = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Digit::new(d))
        })
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Digit::index))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_set_basics() {
        let mut s = DigitSet::EMPTY;
        s.insert(Digit::new(3));
        s.insert(Digit::new(63));
        assert!(
            s.contains(Digit::new(3)) && s.contains(Digit::new(63)) && !s.contains(Digit::new(4))
        );
        assert_eq!(s.len(), 2);
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Digit::new(3), Digit::new(63)]
        );
        s.remove(Digit::new(3));
        assert_eq!(s.first(), Some(Digit::new(63)));
        assert_eq!(DigitSet::full(64).len(), 64);
        assert_eq!(DigitSet::full(9).0, 0x1ff);
    }
}
