//! The `hdu4069` input as whitespace-separated tokens.

use std::io::{self, BufRead};

use crate::format::text::{fill, is_blank};

const BOM: &[u8] = b"\xEF\xBB\xBF";
const TOKEN_TEXT: usize = 32;

/// A whitespace-separated token reader that tracks line and column and
/// stores at most [`TOKEN_TEXT`] bytes of a token.
#[derive(Debug)]
pub(super) struct Tokens {
    /// 1-based line of the next byte.
    pub(super) line: usize,
    /// Characters already read on the current line.
    column: usize,
    /// BOM bytes matched at the start of the stream; `None` once past it.
    bom: Option<usize>,
    text: Vec<u8>,
}

/// Where a token is and what number it is.
#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub(super) line: usize,
    pub(super) column: usize,
    /// The value when the token is an integer (saturated to `i64`).
    pub(super) value: Option<i64>,
}

impl Tokens {
    pub(super) fn new() -> Tokens {
        Tokens {
            line: 1,
            column: 0,
            bom: Some(0),
            text: Vec::with_capacity(TOKEN_TEXT),
        }
    }

    /// Skips blanks; returns whether a token follows (and its position).
    pub(super) fn skip_blanks<R: BufRead + ?Sized>(&mut self, reader: &mut R) -> io::Result<bool> {
        loop {
            if !fill(reader)? {
                return Ok(false);
            }
            let buf = reader.fill_buf()?;
            let mut used = 0;
            let mut found = false;
            for &b in buf {
                if let Some(k) = self.bom {
                    if b == BOM[k] {
                        used += 1;
                        self.bom = (k + 1 < BOM.len()).then_some(k + 1);
                        continue;
                    }
                    self.bom = None;
                }
                match b {
                    b'\n' => {
                        self.line += 1;
                        self.column = 0;
                    }
                    b if is_blank(b) => self.column += 1,
                    _ => {
                        found = true;
                        break;
                    }
                }
                used += 1;
            }
            reader.consume(used);
            if found {
                return Ok(true);
            }
        }
    }

    /// The next token, `None` at end of input.
    pub(super) fn next<R: BufRead + ?Sized>(
        &mut self,
        reader: &mut R,
    ) -> io::Result<Option<Token>> {
        if !self.skip_blanks(reader)? {
            return Ok(None);
        }
        let (line, column) = (self.line, self.column + 1);
        self.text.clear();
        let mut len = 0usize;
        let mut negative = false;
        let mut digits = 0usize;
        let mut numeric = true;
        let mut value: i64 = 0;
        loop {
            if !fill(reader)? {
                break;
            }
            let buf = reader.fill_buf()?;
            let mut used = 0;
            let mut end = false;
            for &b in buf {
                if b == b'\n' || is_blank(b) {
                    end = true;
                    break;
                }
                used += 1;
                if b & 0xC0 != 0x80 {
                    self.column += 1;
                }
                if self.text.len() < TOKEN_TEXT {
                    self.text.push(b);
                }
                match b {
                    b'-' | b'+' if len == 0 => negative = b == b'-',
                    b'0'..=b'9' => {
                        digits += 1;
                        value = value.saturating_mul(10).saturating_add(i64::from(b - b'0'));
                    }
                    _ => numeric = false,
                }
                len += 1;
            }
            reader.consume(used);
            if end {
                break;
            }
        }
        let value = (numeric && digits > 0).then_some(if negative { -value } else { value });
        Ok(Some(Token {
            line,
            column,
            value,
        }))
    }

    /// The text of the last token (cut to [`TOKEN_TEXT`] bytes).
    pub(super) fn text(&self) -> String {
        String::from_utf8_lossy(&self.text).into_owned()
    }
}
