//! Sets of cells as bits (grids up to 16x16: 256 cells), for the rules'
//! tables and the rule of 45's regions.

/// A set of cells.
pub(crate) type Bits = [u64; 4];

/// Adds `cell` to `bits`.
#[inline]
pub(crate) fn insert(bits: &mut Bits, cell: usize) {
    bits[cell / 64] |= 1 << (cell % 64);
}

/// Whether `cell` is in `bits`.
#[inline]
pub(crate) fn has(bits: &Bits, cell: usize) -> bool {
    bits[cell / 64] >> (cell % 64) & 1 != 0
}

/// The set of `cells`.
pub(crate) fn set_of(cells: impl IntoIterator<Item = usize>) -> Bits {
    let mut b = [0u64; 4];
    for c in cells {
        insert(&mut b, c);
    }
    b
}
