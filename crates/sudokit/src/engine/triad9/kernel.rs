//! The hot operations of triad9's search, one trait for every backend.

use super::start::Start;
use super::VALUES;

/// The hot operations of the search (the rules of a box and of a band, the
/// messages between them). Every kernel implements each one:
/// [`Portable`](super::portable::Portable) is the reference, `simd::Avx2`
/// and `simd::Avx512` the vector versions.
pub(super) trait Kernel: Copy {
    /// Runs the box rules of the [module docs](super) on box `x` until it
    /// no longer changes; `false` on a contradiction (`x` is then garbage).
    fn settle(self, x: &mut [u16; 16]) -> bool;

    /// Whether [`settle_pair`](Kernel::settle_pair) settles two boxes for
    /// much less than two [`settle`](Kernel::settle)s; the propagation then
    /// takes dirty boxes two at a time.
    const PAIRS: bool = false;

    /// [`settle`](Kernel::settle) on boxes `x` and `y`; `false` when either
    /// has a contradiction (both are then garbage).
    fn settle_pair(self, x: &mut [u16; 16], y: &mut [u16; 16]) -> bool {
        self.settle(x) && self.settle(y)
    }

    /// Runs the band rules on band `c` until it no longer changes, and
    /// returns its lines: per box `at` and line, the digits that may take
    /// the line (`msg[at][line]`, the union of the two configurations that
    /// do) and that may be absent from it (`msg[at][3 + line]`, the other
    /// four). `None` on a contradiction: a digit with no configuration, a
    /// line with fewer than three possible digits or six possibly absent
    /// (each holds exactly three). A line with exactly three possible
    /// digits (six possibly absent) while a digit may still go either way
    /// asserts them: the configurations that do not take the line lose the
    /// three (that take it lose the six).
    fn band_settle(self, c: &mut [u16; 8]) -> Option<BandLines>;

    /// The messages of box `x` to its two `bands`: per line (minirow,
    /// minicolumn), the digits that may be in it and absent from the other
    /// two lines; configuration `p` of a band keeps only the digits of the
    /// line it takes in this box. Returns whether each band (horizontal,
    /// vertical) lost any.
    fn box_to_bands(self, x: &[u16; 16], bands: BoxBands<'_>) -> (bool, bool);

    /// Restricts box `x` from its horizontal band (`vertical` false: its
    /// minirows) or its vertical one (its minicolumns), by its message of
    /// [`band_settle`](Kernel::band_settle): the cells of line `i` keep only
    /// `msg[i]`, its triad lane `msg[3 + i]`; whether it lost any.
    fn restrict_box(self, x: &mut [u16; 16], vertical: bool, msg: &[u16; 8]) -> bool;

    /// Gives digit bit `d` configuration `p` of band `c` and no other (the
    /// branch of the search). One vector operation in the vector kernels:
    /// the band is read whole right after, and a whole read of eight
    /// separate 16-bit stores would wait for them (no store forwarding).
    fn assign(self, c: &mut [u16; 8], p: usize, d: u16);

    /// The boxes a search starts from: a given's lane holds its digit (if
    /// allowed), an empty cell's the allowed digits not given in its row,
    /// its column or its box, a triad lane its allowed digits. (Taking the
    /// givens' digits from their houses here spares the rules the first
    /// waves of messages: a row's given reaches the row's other boxes only
    /// through its band. The rules would find the same.)
    fn start(self, start: &Start) -> [[u16; 16]; 9];

    /// The values (1–9) of the cells of solved boxes `boxes`, row-major,
    /// in the first 81 bytes (the rest is scratch).
    fn values(self, boxes: &[[u16; 16]; 9]) -> [u8; VALUES];
}

/// A box's two bands, as [`Kernel::box_to_bands`] restricts them: its
/// horizontal band `h`, where it is box `at_h`, and its vertical band `v`,
/// where it is box `at_v`.
#[derive(Debug)]
pub(super) struct BoxBands<'a> {
    pub(super) at_h: usize,
    pub(super) h: &'a mut [u16; 8],
    pub(super) at_v: usize,
    pub(super) v: &'a mut [u16; 8],
}

/// What [`Kernel::band_settle`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BandLines {
    /// Per box of the band: the digits that may be in each line, then that
    /// may be absent from it, then two lanes of ones.
    pub(super) msg: [[u16; 8]; 3],
}
