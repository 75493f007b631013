//! Reading: [`read`] and [`read_with_limits`] open a [`Reader`] for any
//! [`Format`]; the format's descriptor names its record parser.

use std::io::BufRead;
use std::sync::Arc;

use super::fpuzzles::Source;
use super::records::DynParser;
use super::text::Lines;
use super::{Alphabet, Format, ReadError, Warning};
use crate::Puzzle;

/// How a puzzle was written, so its answer can be written the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Style {
    /// The symbols the input used (see [`alphabet`](super::alphabet)).
    pub alphabet: Alphabet,
}

/// One puzzle read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1-based number of the puzzle in its input (the `hdu4069` case number).
    pub index: usize,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// How it was written.
    pub style: Style,
    /// Warnings about this puzzle (or about the input around it).
    pub warnings: Vec<Warning>,
    /// The puzzle as written, for formats whose answers reuse it
    /// (`fpuzzles`: its JSON, drawings, title and author); `None` for the
    /// others.
    pub source: Option<Arc<Source>>,
}

/// A streaming reader for any [`Format`]; see [`read`]. It reads lines as a
/// format's own `Reader` does (a [`LineRecords`](super::LineRecords)) and
/// calls the format's record parser through a pointer, once per record.
#[derive(Debug)]
pub struct Reader<R> {
    parser: Box<dyn DynParser>,
    lines: Lines<R>,
}

/// Reads puzzles of `format` from `reader`, one `Result` per puzzle, with
/// the default [`Limits`]; see the [module docs](super).
pub fn read<R: BufRead>(format: Format, reader: R) -> Reader<R> {
    read_with_limits(format, reader, Limits::default())
}

/// [`read`] with the given [`Limits`].
pub fn read_with_limits<R: BufRead>(format: Format, reader: R, limits: Limits) -> Reader<R> {
    Reader {
        parser: (format.descriptor().open)(limits),
        lines: Lines::with_max(reader, limits.max_line),
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Entry, ReadError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.parser.next_dyn(&mut self.lines)
    }
}

/// What a reader accepts at most, so that no input makes it hold much
/// memory or hand an engine a grid larger than wanted. A line or puzzle over
/// a limit is a [`ParseError`](super::ParseError) for that puzzle
/// ([`LineTooLong`](super::ParseErrorKind::LineTooLong),
/// [`AboveMaxSide`](super::ParseErrorKind::AboveMaxSide)); the reader
/// goes on with the next one.
///
/// `hdu4069` reads tokens, not lines, and stores at most 32 bytes of any
/// token, so neither limit applies to it; nor does `max_side` to `poj3076`,
/// whose side is always 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The longest line a reader stores, in bytes (default
    /// [`Limits::DEFAULT_MAX_LINE`], 64 KiB: the longest puzzle line, 61²
    /// symbols, is 3721 bytes). A longer line is read to its end without
    /// being stored and reported as too long.
    pub max_line: usize,
    /// The largest grid side accepted (default [`MAX_SIZE`](crate::MAX_SIZE),
    /// 64, which every engine supports; one-line formats stop at 61, the
    /// single symbols there are, and `grid` reads sides above 61 written
    /// with numbers).
    pub max_side: usize,
    /// How to read the lines of SudokuPad puzzles whose rules do not say
    /// (`--assume green=whispers`); empty by default.
    pub assume: super::sudokupad::Assume,
    /// The layout of `multi` boards that no `# layout:` line names (the
    /// CLI's `--layout`); `None` (the default): told from each board's
    /// shape.
    pub layout: Option<super::multi::choice::LayoutChoice>,
}

impl Limits {
    /// The default [`Limits::max_line`]: 64 KiB.
    pub const DEFAULT_MAX_LINE: usize = super::text::MAX_LINE;
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_line: Limits::DEFAULT_MAX_LINE,
            max_side: crate::MAX_SIZE,
            assume: super::sudokupad::Assume::default(),
            layout: None,
        }
    }
}

/// Every entry of an in-memory input, parse errors kept, for the format tests.
#[cfg(test)]
pub(crate) fn read_all(format: Format, input: &[u8]) -> Vec<Result<Entry, super::ParseError>> {
    read(format, input)
        .map(|r| match r {
            Ok(e) => Ok(e),
            Err(ReadError::Parse(e)) => Err(e),
            Err(ReadError::Io(e)) => panic!("reading memory cannot fail: {e}"),
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Up to 1500 bytes, mostly the symbols of the line formats.
    pub(crate) fn line_bytes() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(
            prop_oneof![
                Just(b'.'),
                Just(b'0'),
                Just(b'\n'),
                b'1'..=b'9',
                b'A'..=b'Z',
                any::<u8>()
            ],
            0..1500,
        )
    }

    /// Reads all of `input` as `format`, which may not panic (detection of
    /// arbitrary bytes is `tests/hostile.rs`'s).
    pub(crate) fn read_everything(format: Format, input: &[u8]) {
        for r in read(format, input) {
            let _ = r;
        }
    }

    /// A source that hands out its bytes, then fails on every read.
    struct Broken(&'static [u8]);

    impl std::io::Read for Broken {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Err(std::io::Error::other("disk on fire"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// An I/O error ends every reader: it is reported once, then the
    /// iterator ends (the readers rely on `Lines` staying at the end).
    #[test]
    fn an_io_error_is_reported_once_and_ends_the_input() {
        for format in Format::ALL {
            for data in [&b""[..], b"1..", b"\n\n1\n1.2."] {
                let got: Vec<_> = read(format, std::io::BufReader::new(Broken(data)))
                    .take(10)
                    .collect();
                let io = got
                    .iter()
                    .filter(|r| matches!(r, Err(ReadError::Io(_))))
                    .count();
                assert_eq!(io, 1, "{format} {data:?}: {got:?}");
                assert!(
                    matches!(got.last(), Some(Err(ReadError::Io(_)))),
                    "{format} {data:?}: {got:?}"
                );
            }
        }
    }
}
