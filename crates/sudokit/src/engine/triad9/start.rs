//! Where triad9's search starts: the givens and the candidate
//! restrictions of a puzzle, as every [`Kernel`](super::kernel::Kernel)
//! takes them.

use super::{OPEN_BOX, VALUES};
use crate::digits::{Digit, DigitSet};

/// Where a search starts, as the kernels take it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Start {
    /// The givens' values (1–9, 0 for an empty cell), row-major; zeros
    /// past cell 80.
    pub(super) values: [u8; VALUES],
    /// The digits each lane may hold when the puzzle restricts its
    /// candidates: [`OPEN_BOX`]es less what the restrictions take out.
    pub(super) allowed: Option<[[u16; 16]; 9]>,
}

impl Start {
    /// The givens of a classic puzzle (row-major), and its candidate
    /// restrictions if it has any.
    pub(super) fn new(cells: &[Option<Digit>], allowed: Option<&[DigitSet]>) -> Start {
        let values = crate::engine::cell_values(cells);
        let allowed = allowed.map(|allowed| {
            let mut boxes = [OPEN_BOX; 9];
            let lanes = boxes.as_flattened_mut();
            for (set, &at) in allowed.iter().zip(&FLAT) {
                lanes[usize::from(at)] &= set.0 as u16;
            }
            boxes
        });
        Start { values, allowed }
    }
}

/// Where cell `i` (row-major) is in the boxes taken as one array: lane
/// `4 (r % 3) + c % 3` of box `3 (r / 3) + c / 3`, at `16 box + lane`.
pub(super) const FLAT: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        t[i] = (16 * (3 * (r / 3) + c / 3) + 4 * (r % 3) + c % 3) as u8;
        i += 1;
    }
    t
};
