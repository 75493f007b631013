//! One descriptor per format: everything the reader, the writer and the
//! [`Format`] methods need to know about it, so that a new format is its own
//! module, a [`Format`] variant and one line in [`DESCRIPTORS`].

use std::io::{self, Write};

use super::records::DynParser;
use super::{grid, hdu4069, jigsaw, line, pencilmark, poj3076, sdk, sdm, ss};
use super::{Format, Limits, Style};
use crate::{Geometry, Grid};

/// What is known about a format.
#[derive(Debug)]
pub(crate) struct Descriptor {
    /// Its [`Format`] (the table is in the order of the variants).
    pub(crate) format: Format,
    /// The name on the command line and in messages.
    pub(crate) name: &'static str,
    /// Whether a puzzle spans several lines (positions then name a case).
    pub(crate) multi_line: bool,
    /// The least number of solutions to search for (2 where the judge asks
    /// whether the solution is unique).
    pub(crate) min_limit: u64,
    /// The format's record parser, for [`read`](super::read).
    pub(crate) open: fn(Limits) -> Box<dyn DynParser>,
    /// Writes a solution (grid, the puzzle's geometry, the input's style).
    pub(crate) write: fn(&mut dyn Write, &Grid, &Geometry, Style) -> io::Result<()>,
    /// Written as `{label} {index}:` on its own line before each record.
    pub(crate) case_label: Option<&'static str>,
    /// What ends a message record (`No solution`, …): its line end, and for
    /// formats whose records are blocks, the empty line after the block.
    pub(crate) message_end: &'static [u8],
}

/// Every format's descriptor, in the order of the [`Format`] variants.
pub(crate) const DESCRIPTORS: [Descriptor; 9] = [
    line::DESCRIPTOR,
    poj3076::DESCRIPTOR,
    hdu4069::DESCRIPTOR,
    grid::DESCRIPTOR,
    sdk::DESCRIPTOR,
    ss::DESCRIPTOR,
    sdm::DESCRIPTOR,
    pencilmark::DESCRIPTOR,
    jigsaw::DESCRIPTOR,
];

// `Format::descriptor` indexes the table by variant.
const _: () = {
    let mut i = 0;
    while i < DESCRIPTORS.len() {
        assert!(DESCRIPTORS[i].format as usize == i);
        i += 1;
    }
};

/// The names of [`DESCRIPTORS`], in order ([`Format::NAMES`]).
pub(crate) const NAMES: [&str; DESCRIPTORS.len()] = {
    let mut names = [""; DESCRIPTORS.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = DESCRIPTORS[i].name;
        i += 1;
    }
    names
};
