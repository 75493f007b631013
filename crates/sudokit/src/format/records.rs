//! The one reader every format shares: [`LineRecords`] reads the input with
//! the shared reading rule ([`Lines`]) and hands it to the format's record
//! parser, one record (puzzle) at a time. Formats with one puzzle per line
//! only parse the line ([`PuzzleLine`], driven by [`OnePerLine`]).

use std::fmt::Debug;
use std::io::BufRead;

use super::text::Lines;
use super::{Entry, Limits, ParseError, ParseErrorKind, ReadError, Style};
use crate::Puzzle;

/// A format's record parser: what a reader of that format keeps between
/// records, and how it reads the next one.
///
/// The trait is sealed (it names the crate's line reader); each format
/// module has its parser, and its `Reader` is a [`LineRecords`] over it.
pub trait RecordParser {
    /// The next record read from `lines`: `None` at the end of the input
    /// (and on every call after it or after an I/O error).
    fn next_record<R: BufRead + ?Sized>(
        &mut self,
        lines: &mut Lines<R>,
    ) -> Option<Result<Entry, ReadError>>;
}

/// A reader of one format: the lines of a [`BufRead`] and `P`, the format's
/// record parser. Each format module names its own as `Reader`, for
/// example [`line::Reader`](super::line::Reader).
#[derive(Debug)]
pub struct LineRecords<R, P> {
    parser: P,
    lines: Lines<R>,
}

impl<R: BufRead, P: From<Limits>> LineRecords<R, P> {
    /// A reader over `reader`, with the default [`Limits`].
    pub fn new(reader: R) -> LineRecords<R, P> {
        LineRecords::with_limits(reader, Limits::default())
    }

    /// A reader over `reader` that reports lines longer than
    /// [`Limits::max_line`] and puzzles of a side above [`Limits::max_side`]
    /// (for the formats whose side varies; `hdu4069` reads tokens and
    /// applies neither).
    pub fn with_limits(reader: R, limits: Limits) -> LineRecords<R, P> {
        LineRecords {
            parser: P::from(limits),
            lines: Lines::with_max(reader, limits.max_line),
        }
    }
}

impl<R: BufRead, P: RecordParser> Iterator for LineRecords<R, P> {
    type Item = Result<Entry, ReadError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.parser.next_record(&mut self.lines)
    }
}

/// A [`RecordParser`] behind a pointer, for the reader that serves every
/// format ([`format::Reader`](super::Reader)): one indirect call per record.
pub(crate) trait DynParser: Debug + Send + Sync {
    /// [`RecordParser::next_record`] over any reader.
    fn next_dyn(&mut self, lines: &mut Lines<dyn BufRead + '_>)
        -> Option<Result<Entry, ReadError>>;
}

impl<P: RecordParser + Debug + Send + Sync> DynParser for P {
    fn next_dyn(
        &mut self,
        lines: &mut Lines<dyn BufRead + '_>,
    ) -> Option<Result<Entry, ReadError>> {
        self.next_record(lines)
    }
}

/// The parser of format `P`, boxed for [`format::Reader`](super::Reader).
pub(crate) fn open<P>(limits: Limits) -> Box<dyn DynParser>
where
    P: RecordParser + From<Limits> + Debug + Send + Sync + 'static,
{
    Box::new(P::from(limits))
}

/// A format with one puzzle per non-blank line (`line`, `sdm`,
/// `pencilmark`): it only parses the line; [`OnePerLine`] numbers the
/// puzzles and builds their entries and errors.
pub trait PuzzleLine {
    /// A line that ends the input (`end` for `line`).
    const STOP: Option<&'static [u8]>;

    /// Parses one trimmed line: the puzzle and how it was written, or the
    /// problem (with the byte index in the line where it is one spot).
    ///
    /// # Errors
    /// The first problem in the line.
    fn parse(&mut self, text: &[u8]) -> Result<(Puzzle, Style), (Option<usize>, ParseErrorKind)>;
}

/// The [`RecordParser`] of a [`PuzzleLine`] format.
#[derive(Debug)]
pub struct OnePerLine<P> {
    line: P,
    /// 1-based number of the current puzzle.
    index: usize,
    /// A stop line was read.
    ended: bool,
}

impl<P: From<Limits>> From<Limits> for OnePerLine<P> {
    fn from(limits: Limits) -> OnePerLine<P> {
        OnePerLine {
            line: P::from(limits),
            index: 0,
            ended: false,
        }
    }
}

impl<P: PuzzleLine> RecordParser for OnePerLine<P> {
    /// Skips blank lines: `None` at the end of input, at the stop line and on
    /// every call after either; an error for an I/O failure (which ends the
    /// input) or a line over the bound (a puzzle of its own: reading goes on
    /// after it); else the puzzle the line holds.
    #[inline]
    fn next_record<R: BufRead + ?Sized>(
        &mut self,
        lines: &mut Lines<R>,
    ) -> Option<Result<Entry, ReadError>> {
        if self.ended {
            return None;
        }
        match lines.next_nonblank() {
            // `Lines` is done after an error: the next call ends.
            Err(e) => return Some(Err(ReadError::Io(e))),
            Ok(false) => return None,
            Ok(true) => {}
        }
        if P::STOP == Some(lines.text()) {
            self.ended = true;
            return None;
        }
        self.index += 1;
        let error = |at: Option<usize>, kind| {
            let column = at.map(|i| lines.column(i));
            Err(ParseError::new(self.index, lines.number(), column, kind).into())
        };
        if let Some(kind) = lines.overflow() {
            return Some(error(None, kind));
        }
        Some(match self.line.parse(lines.text()) {
            Ok((puzzle, style)) => Ok(Entry {
                index: self.index,
                line: lines.number(),
                puzzle,
                style,
                warnings: Vec::new(),
            }),
            Err((at, kind)) => error(at, kind),
        })
    }
}
