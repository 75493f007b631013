//! One descriptor per format: everything the reader, the record writer and
//! the [`Format`] methods need to know about it, so that a new format is its
//! own module, a [`Format`] variant, one line in [`DESCRIPTORS`] and its
//! writer in [`write`](super::write)'s match.

use super::records::DynParser;
use super::{fpuzzles, grid, hdu4069, jigsaw, line, multi, pencilmark, poj3076, sdk, sdm, ss};
use super::{Format, Limits};

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
    /// Written as `{label} {index}:` on its own line before each record.
    pub(crate) case_label: Option<&'static str>,
    /// What ends a message record (`No solution`, …): its line end, and for
    /// formats whose records are blocks, the empty line after the block.
    pub(crate) message_end: &'static [u8],
}

impl Descriptor {
    /// A format with one puzzle per line, read by `open`'s parser; each
    /// message record is one line. The methods below change what differs.
    pub(crate) const fn new(
        format: Format,
        name: &'static str,
        open: fn(Limits) -> Box<dyn DynParser>,
    ) -> Descriptor {
        Descriptor {
            format,
            name,
            multi_line: false,
            min_limit: 1,
            open,
            case_label: None,
            message_end: b"\n",
        }
    }

    /// Puzzles span several lines.
    pub(crate) const fn multi_line(self) -> Descriptor {
        Descriptor {
            multi_line: true,
            ..self
        }
    }

    /// Records are blocks of rows, each followed by an empty line (the
    /// writer writes it after a grid, and it follows each message too).
    pub(crate) const fn block(self) -> Descriptor {
        Descriptor {
            multi_line: true,
            message_end: b"\n\n",
            ..self
        }
    }

    /// Each record starts with `{label} {index}:`, and the judge asks
    /// whether the solution is unique (so at least 2 solutions are
    /// searched for).
    pub(crate) const fn cases_asking_uniqueness(self, label: &'static str) -> Descriptor {
        Descriptor {
            case_label: Some(label),
            min_limit: 2,
            ..self
        }
    }
}

/// Every format's descriptor, in the order of the [`Format`] variants.
pub(crate) const DESCRIPTORS: [Descriptor; 12] = [
    line::DESCRIPTOR,
    poj3076::DESCRIPTOR,
    hdu4069::DESCRIPTOR,
    grid::DESCRIPTOR,
    sdk::DESCRIPTOR,
    ss::DESCRIPTOR,
    sdm::DESCRIPTOR,
    pencilmark::DESCRIPTOR,
    jigsaw::DESCRIPTOR,
    fpuzzles::DESCRIPTOR,
    fpuzzles::SCL_DESCRIPTOR,
    multi::DESCRIPTOR,
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
