//! The shared reading rule, line by line: CRLF, a UTF-8 BOM at the start,
//! leading and trailing blanks (spaces, tabs), a missing final newline.
//!
//! Lines are read into one reused buffer with a cap ([`MAX_LINE`] unless
//! [`Limits::max_line`](super::Limits::max_line) says otherwise): a longer
//! line is consumed to its end without being stored and flagged as too long,
//! so no input, however malformed, makes a reader hold more than one capped
//! line.

use std::io::{self, BufRead};

use super::ParseErrorKind;

/// The longest line a line-based reader stores (bytes). The longest puzzle
/// line is 61² = 3721 symbols; grid rows with blanks and separators are
/// shorter still.
pub(crate) const MAX_LINE: usize = 1 << 16;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether `b` is a blank for the reading rule.
#[inline]
pub(crate) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0B' | b'\x0C')
}

/// A line reader over any [`BufRead`] (the record parsers' input; see
/// [`RecordParser`](super::records::RecordParser)).
#[derive(Debug)]
pub struct Lines<R: ?Sized> {
    buf: Vec<u8>,
    /// 1-based number of the line in `buf` (0 before the first read).
    number: usize,
    /// Bytes trimmed from the start of the line (BOM and blanks).
    start: usize,
    /// End of the trimmed line in `buf`.
    end: usize,
    too_long: bool,
    done: bool,
    /// The longest line stored.
    max: usize,
    /// Last, so that a `Lines<R>` is also a `Lines<dyn BufRead>`.
    reader: R,
}

impl<R: BufRead> Lines<R> {
    /// A reader with the default line bound ([`MAX_LINE`]).
    #[cfg(test)]
    pub(crate) fn new(reader: R) -> Lines<R> {
        Lines::with_max(reader, MAX_LINE)
    }

    /// A reader storing at most `max` bytes of a line.
    pub(crate) fn with_max(reader: R, max: usize) -> Lines<R> {
        Lines {
            max,
            reader,
            buf: Vec::new(),
            number: 0,
            start: 0,
            end: 0,
            too_long: false,
            done: false,
        }
    }
}

impl<R: BufRead + ?Sized> Lines<R> {
    /// The reader itself, for a format that reads tokens rather than lines
    /// (`hdu4069`: it then never calls [`Lines::advance`]).
    pub(crate) fn reader_mut(&mut self) -> &mut R {
        &mut self.reader
    }

    /// Reads the next line; `Ok(false)` at end of input.
    ///
    /// # Errors
    /// I/O errors of the underlying reader.
    pub(crate) fn advance(&mut self) -> io::Result<bool> {
        if self.done {
            return Ok(false);
        }
        self.buf.clear();
        self.too_long = false;
        let mut any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    return Err(e);
                }
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (chunk, found) = match memchr::memchr(b'\n', available) {
                Some(i) => (&available[..i], i + 1),
                None => (available, available.len()),
            };
            let room = self.max.saturating_sub(self.buf.len());
            if chunk.len() > room {
                self.too_long = true;
            }
            self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            let newline = found > chunk.len();
            self.reader.consume(found);
            if newline {
                break;
            }
        }
        if !any {
            self.done = true;
            return Ok(false);
        }
        self.number += 1;
        let mut start = 0;
        if self.number == 1 && self.buf.starts_with(BOM) {
            start = BOM.len();
        }
        let mut end = self.buf.len();
        while start < end && is_blank(self.buf[start]) {
            start += 1;
        }
        while end > start && is_blank(self.buf[end - 1]) {
            end -= 1;
        }
        self.start = start;
        self.end = end;
        Ok(true)
    }

    /// Reads up to the next non-blank line; `Ok(false)` at end of input,
    /// and on every call after the end or an error.
    ///
    /// # Errors
    /// I/O errors of the underlying reader.
    pub(crate) fn next_nonblank(&mut self) -> io::Result<bool> {
        while self.advance()? {
            if !self.is_blank() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Moves to the first line of the next record (the next non-blank
    /// line): `None` at the end of input and on every call after the end or
    /// an I/O error, which is returned once.
    #[inline]
    pub(crate) fn next_record_line(&mut self) -> Option<io::Result<()>> {
        match self.next_nonblank() {
            Err(e) => Some(Err(e)),
            Ok(false) => None,
            Ok(true) => Some(Ok(())),
        }
    }

    /// The current line without its line end and surrounding blanks.
    #[inline]
    pub(crate) fn text(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    /// The current line with its leading blanks (but not the BOM), without
    /// its line end and trailing blanks: for a format whose leading spaces
    /// mean something (`multi`'s holes).
    pub(crate) fn untrimmed(&self) -> &[u8] {
        let bom = if self.number == 1 && self.buf.starts_with(BOM) {
            BOM.len()
        } else {
            0
        };
        &self.buf[bom.min(self.end)..self.end]
    }

    /// 1-based number of the current line.
    #[inline]
    pub(crate) fn number(&self) -> usize {
        self.number
    }

    /// Whether the current line was longer than the bound (and cut).
    #[inline]
    pub(crate) fn too_long(&self) -> bool {
        self.too_long
    }

    /// The error for the current line when it was longer than the bound
    /// (and cut), else `None`.
    #[inline]
    pub(crate) fn overflow(&self) -> Option<ParseErrorKind> {
        self.too_long
            .then_some(ParseErrorKind::LineTooLong { max: self.max })
    }

    /// Whether the current line is blank.
    #[inline]
    pub(crate) fn is_blank(&self) -> bool {
        self.start == self.end && !self.too_long
    }

    /// 1-based column (in characters) of byte `i` of [`Lines::text`].
    pub(crate) fn column(&self, i: usize) -> usize {
        let bom = if self.number == 1 && self.buf.starts_with(BOM) {
            BOM.len()
        } else {
            0
        };
        char_column(&self.buf[bom..], self.start - bom + i)
    }
}

/// A block reader's place in [`Lines`]: a line it read but left for the
/// next record (the first line of the next block), and whether the input
/// ran out.
#[derive(Debug, Default)]
pub(crate) struct Lookahead {
    pending: bool,
    ended: bool,
}

impl Lookahead {
    /// Makes the next line current (the one left over, if any); `Ok(false)`
    /// at end of input.
    pub(crate) fn advance<R: BufRead + ?Sized>(
        &mut self,
        lines: &mut Lines<R>,
    ) -> io::Result<bool> {
        if self.pending {
            self.pending = false;
            return Ok(true);
        }
        match lines.advance() {
            Ok(more) => {
                self.ended |= !more;
                Ok(more)
            }
            Err(e) => {
                self.ended = true;
                Err(e)
            }
        }
    }

    /// Leaves the current line for the next record.
    pub(crate) fn keep(&mut self) {
        self.pending = true;
    }

    /// Whether every line has been handled.
    pub(crate) fn done(&self) -> bool {
        self.ended && !self.pending
    }
}

/// Fills `reader`'s buffer, trying again when interrupted: whether there
/// is more input. (The caller then takes the bytes with `fill_buf`, which
/// does no I/O while the buffer holds some; the borrow checker does not let
/// a loop return them.)
pub(crate) fn fill<R: BufRead + ?Sized>(reader: &mut R) -> io::Result<bool> {
    loop {
        match reader.fill_buf() {
            Ok(buf) => return Ok(!buf.is_empty()),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// 1-based column, counted in characters, of byte `i` of `bytes`.
pub(crate) fn char_column(bytes: &[u8], i: usize) -> usize {
    1 + bytes[..i.min(bytes.len())]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count()
}

/// The error for an unexpected symbol at byte `i`: the character, or the
/// byte when it does not start valid UTF-8.
pub(crate) fn symbol_error(bytes: &[u8], i: usize) -> ParseErrorKind {
    let chunk = &bytes[i.min(bytes.len())..(i + 4).min(bytes.len())];
    let valid = match std::str::from_utf8(chunk) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&chunk[..e.valid_up_to()]).unwrap_or_default(),
    };
    match valid.chars().next() {
        Some(found) => ParseErrorKind::Symbol { found },
        None => ParseErrorKind::NotUtf8 {
            byte: chunk.first().copied().unwrap_or_default(),
        },
    }
}

/// The character starting at byte `i` (U+FFFD when it is not valid UTF-8).
pub(crate) fn char_at(bytes: &[u8], i: usize) -> char {
    let end = (i + 4).min(bytes.len());
    String::from_utf8_lossy(&bytes[i..end])
        .chars()
        .next()
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(usize, String)> {
        let mut l = Lines::new(input);
        let mut out = Vec::new();
        while l.advance().unwrap() {
            out.push((l.number(), String::from_utf8_lossy(l.text()).into_owned()));
        }
        out
    }

    #[test]
    fn crlf_bom_blanks_and_missing_final_newline_are_accepted() {
        let got = lines(b"\xEF\xBB\xBF  abc\t\r\n\r\n\tdef");
        assert_eq!(
            got,
            vec![(1, "abc".into()), (2, String::new()), (3, "def".into())]
        );
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n"), vec![(1, String::new())]);
    }

    #[test]
    fn columns_count_characters_after_the_trimmed_prefix() {
        let mut l = Lines::new(&b"\xEF\xBB\xBF  a\xC3\xA9b"[..]);
        assert!(l.advance().unwrap());
        assert_eq!(l.text(), b"a\xC3\xA9b");
        assert_eq!(l.column(0), 3);
        assert_eq!(l.column(1), 4);
        assert_eq!(l.column(3), 5);
        assert_eq!(char_at(l.text(), 1), 'é');
        assert_eq!(
            symbol_error(l.text(), 1),
            crate::format::ParseErrorKind::Symbol { found: 'é' }
        );
        assert_eq!(
            symbol_error(b"a\xffb", 1),
            crate::format::ParseErrorKind::NotUtf8 { byte: 0xff }
        );
        assert_eq!(
            symbol_error(b"\xe2\x82", 0),
            crate::format::ParseErrorKind::NotUtf8 { byte: 0xe2 }
        );
    }

    #[test]
    fn overlong_lines_are_cut_and_flagged() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nok\n");
        let mut l = Lines::new(&input[..]);
        assert!(l.advance().unwrap());
        assert!(l.too_long());
        assert_eq!(l.text().len(), MAX_LINE);
        assert!(l.advance().unwrap());
        assert_eq!((l.number(), l.text()), (2, &b"ok"[..]));
        assert!(!l.advance().unwrap());
    }
}
