//! The one reader every format shares: [`LineRecords`] reads the input with
//! the shared reading rule ([`Lines`]) and hands it to the format's record
//! parser, one record (puzzle) at a time. Formats with one puzzle per line
//! only parse the line ([`PuzzleLine`], driven by [`OnePerLine`]).

use std::fmt::Debug;
use std::io::BufRead;
use std::marker::PhantomData;
use std::sync::Arc;

use super::text::Lines;
use super::{Entry, Limits, ParseError, ParseErrorKind, ReadError, Style};
use crate::{DigitSet, Geometry, Grid, Puzzle};

/// What a record parser yields: the next record, or `None` at the end.
pub type NextRecord = Option<Result<Entry, ReadError>>;

/// A format's record parser: what a reader of that format keeps between
/// records, and how it reads the next one.
///
/// The trait is sealed (it names the crate's line reader); each format
/// module has its parser, and its `Reader` is a [`LineRecords`] over it.
pub trait RecordParser {
    /// The next record read from `lines`: `None` at the end of the input
    /// (and on every call after it or after an I/O error).
    fn next_record<R: BufRead + ?Sized>(&mut self, lines: &mut Lines<R>) -> NextRecord;
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
    fn next_dyn(&mut self, lines: &mut Lines<dyn BufRead + '_>) -> NextRecord;
}

impl<P: RecordParser + Debug + Send + Sync> DynParser for P {
    fn next_dyn(&mut self, lines: &mut Lines<dyn BufRead + '_>) -> NextRecord {
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
/// puzzles, gives them their geometry and builds their entries and errors.
pub trait PuzzleLine {
    /// A line that ends the input (`end` for `line`; none by default).
    const STOP: Option<&'static [u8]> = None;

    /// Parses one trimmed line, within `limits`.
    ///
    /// # Errors
    /// The first problem in the line.
    fn parse(text: &[u8], limits: Limits) -> Result<Cells, Problem>;
}

/// A problem in a line: what is wrong, and the byte index in the line where
/// it is one spot.
pub type Problem = (Option<usize>, ParseErrorKind);

/// A puzzle line's content.
#[derive(Debug)]
pub struct Cells {
    /// The givens; the side has a box shape.
    pub grid: Grid,
    /// How they were written.
    pub style: Style,
    /// Every cell's candidates (pencilmarks), when the line gives them.
    pub candidates: Option<Vec<DigitSet>>,
}

/// The [`RecordParser`] of a [`PuzzleLine`] format.
#[derive(Debug)]
pub struct OnePerLine<P> {
    format: PhantomData<P>,
    limits: Limits,
    /// The geometry of the last side read, shared by the puzzles after it.
    geometry: Option<Arc<Geometry>>,
    /// 1-based number of the current puzzle.
    index: usize,
    /// A stop line was read.
    ended: bool,
}

impl<P> From<Limits> for OnePerLine<P> {
    fn from(limits: Limits) -> OnePerLine<P> {
        OnePerLine {
            format: PhantomData,
            limits,
            geometry: None,
            index: 0,
            ended: false,
        }
    }
}

/// The 9x9 geometry, built once for the whole process: a reader made for
/// one puzzle (each request of the API, each call of the WebAssembly
/// build) would otherwise spend a third of its time building it.
fn shared_nine(n: usize) -> Option<Arc<Geometry>> {
    static NINE: std::sync::OnceLock<Arc<Geometry>> = std::sync::OnceLock::new();
    (n == 9).then(|| {
        Arc::clone(NINE.get_or_init(|| Arc::new(Geometry::square(9).expect("9 has 3x3 boxes"))))
    })
}

/// The shared geometry of side `n` (boxes of the default shape), rebuilt only
/// when the side changes. `cache` only ever holds a geometry built here, so
/// its side tells it all.
fn cached_square(cache: &mut Option<Arc<Geometry>>, n: usize) -> Arc<Geometry> {
    match cache {
        Some(g) if g.size() == n => g.clone(),
        _ => {
            let g = shared_nine(n)
                .unwrap_or_else(|| Arc::new(Geometry::square(n).expect("side has a box shape")));
            *cache = Some(g.clone());
            g
        }
    }
}

impl<P: PuzzleLine> RecordParser for OnePerLine<P> {
    /// Skips blank lines: `None` at the end of input, at the stop line and on
    /// every call after either; an error for an I/O failure (which ends the
    /// input) or a line over the bound (a puzzle of its own: reading goes on
    /// after it); else the puzzle the line holds.
    #[inline]
    fn next_record<R: BufRead + ?Sized>(&mut self, lines: &mut Lines<R>) -> NextRecord {
        if self.ended {
            return None;
        }
        if let Err(e) = lines.next_record_line()? {
            // `Lines` is done after an error: the next call ends.
            return Some(Err(e.into()));
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
        Some(match P::parse(lines.text(), self.limits) {
            Ok(cells) => {
                let geometry = cached_square(&mut self.geometry, cells.grid.size());
                let mut puzzle = Puzzle::new(geometry, cells.grid).expect("same side");
                if let Some(sets) = cells.candidates {
                    puzzle = puzzle.with_candidates(sets).expect("a set per cell");
                }
                Ok(Entry {
                    index: self.index,
                    line: lines.number(),
                    puzzle,
                    style: cells.style,
                    warnings: Vec::new(),
                    source: None,
                })
            }
            Err((at, kind)) => error(at, kind),
        })
    }
}
