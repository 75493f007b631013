//! The hot operations of fast9's search, one trait for every backend.

/// The operations on all nine planes at once (the hot spots of the search)
/// and the bit gathering of the band and stack rules. Every kernel
/// implements each one: [`Portable`](super::portable::Portable) is the
/// reference, `avx2::Avx2` the vector version.
pub(super) trait Kernel: Copy {
    /// Bit-sliced count of the candidates of the cells in `open`: the cells
    /// with at least one, at least two and at least three candidates.
    fn counts(self, planes: &[u128; 9], open: u128) -> [u128; 3];

    /// Clears the cell at bit `pos` in every plane; returns the digits whose
    /// plane had it (a 9-bit set).
    fn clear(self, planes: &mut [u128; 9], pos: usize) -> u32;

    /// The digits whose plane has the cell at bit `pos` (a 9-bit set),
    /// without a data-dependent branch.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // used by the AVX2 kernel only
    fn holders(self, planes: &[u128; 9], pos: usize) -> u32;

    /// Bits `0, 3, 6, …, 24` of a band word gathered into 9 bits: with
    /// `x | x >> 1 | x >> 2` the minirows that hold a cell, as a 3x3 matrix
    /// (bit `3i + j`: row i, box j).
    fn gather(self, t: u32) -> u32;

    /// The minirows of a band word that hold a cell (see
    /// [`gather`](Kernel::gather)).
    fn minirows(self, x: u32) -> u32;

    /// Stack `s` of a 27-bit word whose rows are the bands and whose
    /// columns are the grid's columns, as a 3x3 matrix (bit `3b + j`: band
    /// b, column `3s + j`).
    fn stack(self, present: u32, s: usize) -> u32;

    /// The inverse of [`stack`](Kernel::stack): the 3x3 matrix `m` put back
    /// in stack `s` of a 27-bit word.
    fn unstack(self, m: u32, s: usize) -> u32;
}
