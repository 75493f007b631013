//! Where puzzles come from: files, stdin, or a puzzle given as an argument.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Write};
use std::path::{Path, PathBuf};

use sudokit::format::{self, Entry, Format, Limits};

use crate::record::Item;
use crate::variant::Variant;

/// One input named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`, or no input named).
    Stdin,
    /// A file.
    File(PathBuf),
    /// A puzzle line given as the argument itself.
    Inline(String),
}

impl Input {
    /// What an argument names: `-` is stdin; an existing path is a file; an
    /// argument that is not a path and reads as a `line` puzzle (n² symbols
    /// for a side n with boxes) is an inline puzzle; anything else is a file
    /// (which will fail to open, naming it).
    pub fn classify(arg: &OsStr) -> Input {
        if arg == "-" {
            return Input::Stdin;
        }
        let path = Path::new(arg);
        if path.exists() {
            return Input::File(path.to_owned());
        }
        match arg.to_str() {
            // A multi-grid board's leading spaces place its first row.
            Some(s) if is_board(s) => {
                Input::Inline(s.trim_end().trim_start_matches(['\n', '\r']).to_owned())
            }
            Some(s) if looks_like_puzzle(s) => Input::Inline(s.trim().to_owned()),
            _ => Input::File(path.to_owned()),
        }
    }

    /// The inputs for a list of arguments (stdin when there are none).
    pub fn all(args: &[OsString]) -> Vec<Input> {
        if args.is_empty() {
            vec![Input::Stdin]
        } else {
            args.iter().map(|a| Input::classify(a)).collect()
        }
    }

    /// Opens the input for buffered reading; [`Input::Stdin`] reads `stdin`
    /// (the process's, or a test's).
    ///
    /// # Errors
    /// The error of opening the file.
    pub fn open<'a>(&self, stdin: &'a mut (dyn BufRead + 'a)) -> io::Result<Box<dyn BufRead + 'a>> {
        Ok(match self {
            Input::Stdin => Box::new(stdin),
            Input::File(path) => Box::new(BufReader::with_capacity(1 << 16, File::open(path)?)),
            Input::Inline(text) => Box::new(Cursor::new(format!("{text}\n").into_bytes())),
        })
    }
}

/// How messages name the input: the path, `<stdin>` or `<argument>`.
impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Stdin => f.write_str("<stdin>"),
            Input::File(path) => write!(f, "{}", path.display()),
            Input::Inline(_) => f.write_str("<argument>"),
        }
    }
}

/// Whether an argument is a one-line puzzle rather than a path: it reads as
/// a `line` puzzle, or is detected as a one-line `jigsaw` layout (givens and
/// regions, 2n² symbols) or a `pencilmark` line and reads as one, or is
/// detected as `fpuzzles` (a link, an lz-string, JSON): a broken one then
/// gets the reader's message, not "cannot open".
fn looks_like_puzzle(arg: &str) -> bool {
    use sudokit::format::{self, Format};
    let text = arg.trim();
    if format::line::parse_line(text).is_ok() {
        return true;
    }
    match format::detect(text.as_bytes()) {
        Ok(Format::Fpuzzles) => true,
        Ok(f @ (Format::Jigsaw | Format::Pencilmark)) => {
            matches!(format::read(f, text.as_bytes()).next(), Some(Ok(_)))
        }
        _ => false,
    }
}

/// Whether an argument is a multi-grid board (samurai) given inline: it
/// is detected as `multi` and reads as a board.
fn is_board(arg: &str) -> bool {
    arg.contains('\n')
        && format::detect(arg.as_bytes()) == Ok(Format::Multi)
        && matches!(
            format::read(Format::Multi, arg.as_bytes()).next(),
            Some(Ok(_))
        )
}

/// What an argument that is no readable file says as a puzzle line.
#[derive(Debug, PartialEq, Eq)]
enum AsPuzzle {
    /// Puzzle symbols, but too few or too many of them.
    WrongLength(String),
    /// A puzzle-length line with something wrong in it.
    Malformed(String),
}

/// For an argument that is not a file, what it says as a puzzle line:
/// `None` for a name that does not look like one (`missing.txt`).
fn as_puzzle(input: &Input) -> Option<AsPuzzle> {
    let Input::File(path) = input else {
        return None;
    };
    let text = path.to_str()?.trim();
    match sudokit::format::line::parse_line(text) {
        // Of the wrong length: worth saying only when it is made of puzzle
        // symbols, mostly digits and dots (not `missing.txt`).
        Err(e @ sudokit::format::line::LineError::Length(_)) => {
            let symbols = text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-*".contains(&b));
            let digits = text
                .bytes()
                .filter(|b| b.is_ascii_digit() || *b == b'.')
                .count();
            (text.len() >= 16 && symbols && 2 * digits >= text.len())
                .then(|| AsPuzzle::WrongLength(e.to_string()))
        }
        Ok(_) => None,
        Err(e) => Some(AsPuzzle::Malformed(e.to_string())),
    }
}

/// Why `input` could not be opened, in words: an argument that names no
/// file but is a line of puzzle symbols of the wrong length is called a
/// puzzle of the wrong length, not a missing file.
pub fn open_error(input: &Input, e: &io::Error) -> String {
    match as_puzzle(input) {
        Some(AsPuzzle::WrongLength(why)) if e.kind() == io::ErrorKind::NotFound => {
            format!("{input} looks like a puzzle of the wrong length: {why} (and no file has that name)")
        }
        Some(AsPuzzle::WrongLength(why) | AsPuzzle::Malformed(why)) => {
            format!("cannot open {input}: {e} (and as a puzzle line: {why})")
        }
        None => format!("cannot open {input}: {e}"),
    }
}

/// An input being read: its name and its records.
pub struct Source<'a> {
    /// The input's name, for messages.
    pub name: String,
    /// The input's format (given or detected).
    pub format: Format,
    records: format::Reader<Box<dyn BufRead + 'a>>,
    variant: Variant,
}

impl Source<'_> {
    /// The next record, with the variant's houses; `Err` for a record that
    /// cannot be read (already described).
    pub fn next(&mut self) -> Option<Result<Entry, String>> {
        let mut item: Item = match crate::record::item_of(self.records.next()?) {
            Ok(item) => item,
            Err(e) => return Some(Err(format!("cannot read {}: {e}", self.name))),
        };
        self.variant.apply_item(&mut item);
        Some(item.map_err(|e| format!("{}:{}: {}", self.name, e.line, e.kind)))
    }
}

/// Why an input gives no records.
#[derive(Debug)]
pub enum Opened {
    /// It holds nothing (its name).
    Empty(String),
    /// It cannot be read, or its format cannot be detected (why).
    Failed(String),
}

impl fmt::Display for Opened {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opened::Empty(name) => write!(f, "{name}: no puzzle in the input"),
            Opened::Failed(why) => f.write_str(why),
        }
    }
}

/// Opens an input, to be read within `limits` (`--assume`, `--layout`).
///
/// # Errors
/// Why it gives no records.
pub fn open<'a>(
    input: &Input,
    stdin: &'a mut dyn BufRead,
    format: Option<Format>,
    variant: Variant,
    limits: Limits,
) -> Result<Source<'a>, Opened> {
    let reader = input
        .open(stdin)
        .map_err(|e| Opened::Failed(open_error(input, &e)))?;
    open_reader(input.to_string(), reader, format, variant, limits)
}

/// Reads the records of `reader`, named `name` in messages, within
/// `limits`: its variant header, then its format (detected when `None`).
///
/// # Errors
/// Why it gives no records.
pub fn open_reader<'a>(
    name: String,
    reader: Box<dyn BufRead + 'a>,
    format: Option<Format>,
    variant: Variant,
    limits: Limits,
) -> Result<Source<'a>, Opened> {
    let failed = Opened::Failed;
    let (header, reader) = crate::variant::read_header(reader)
        .map_err(|e| failed(format!("cannot read {name}: {e}")))?;
    let variant = variant.union(header.map_err(|why| failed(format!("{name}:1: {why}")))?);
    let (format, reader): (Format, Box<dyn BufRead>) = match format {
        Some(f) => (f, reader),
        None => match format::detect_reader(reader) {
            Ok((Ok(f), rewound)) => (f, Box::new(rewound)),
            Ok((Err(format::DetectError::Empty), _)) => return Err(Opened::Empty(name)),
            Ok((Err(e), _)) => return Err(failed(format!("{name}: {e}"))),
            Err(e) => return Err(failed(format!("cannot read {name}: {e}"))),
        },
    };
    Ok(Source {
        name,
        format,
        records: format::read_with_limits(format, reader, limits),
        variant,
    })
}

/// Reads every puzzle of `args` (files, `-`, inline puzzles; stdin when
/// none) within `limits`, input after input, and hands each to `each` with the input's
/// name: an entry, or why it is malformed (`FILE:LINE: message`, already
/// written to `err`). An input that cannot be opened or detected is reported
/// and the next one is read; an input without a puzzle gets a warning, as in
/// `sudokit solve`.
///
/// # Errors
/// What `each` returns.
pub fn each_puzzle(
    args: &[std::ffi::OsString],
    stdin: &mut dyn BufRead,
    format: Option<Format>,
    variant: Variant,
    limits: Limits,
    err: &mut dyn Write,
    mut each: impl FnMut(&str, Result<Entry, String>) -> io::Result<()>,
) -> io::Result<crate::status::Status> {
    use crate::status::Status;
    let mut status = Status::Ok;
    for input in Input::all(args) {
        let mut source = match open(&input, &mut *stdin, format, variant, limits) {
            Ok(s) => s,
            Err(Opened::Empty(name)) => {
                let _ = writeln!(err, "{name}: warning: no puzzle in the input");
                continue;
            }
            Err(Opened::Failed(why)) => {
                let _ = writeln!(err, "sudokit: {why}");
                status = Status::Failed;
                continue;
            }
        };
        let mut seen = false;
        while let Some(item) = source.next() {
            seen = true;
            if let Err(why) = &item {
                let _ = writeln!(err, "{why}");
                status = status.max(Status::Malformed);
            }
            each(&source.name, item)?;
        }
        if !seen {
            let _ = writeln!(err, "{}: warning: no puzzle in the input", source.name);
        }
    }
    Ok(status)
}

/// Runs a subcommand's `execute` on the process's stdin, a buffered stdout
/// (flushed at the end) and stderr.
///
/// # Errors
/// What `execute` returns, and errors flushing stdout.
pub fn with_stdio(
    execute: impl FnOnce(
        &mut dyn BufRead,
        &mut dyn Write,
        &mut dyn Write,
    ) -> io::Result<crate::status::Status>,
) -> anyhow::Result<crate::status::Status> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    let status = execute(&mut stdin, &mut out, &mut io::stderr())?;
    out.flush()?;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_classified() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert_eq!(Input::classify(OsStr::new("-")), Input::Stdin);
        assert_eq!(
            Input::classify(OsStr::new(line)),
            Input::Inline(line.into())
        );
        assert_eq!(
            Input::classify(OsStr::new("missing.txt")),
            Input::File("missing.txt".into())
        );
        // 80 symbols is no puzzle: a (missing) file, so the error names it.
        assert!(matches!(
            Input::classify(OsStr::new(&line[1..])),
            Input::File(_)
        ));
        // A puzzle-length name with symbols out of range is a file too.
        let bad = Input::classify(OsStr::new("no-such-file.txt"));
        assert_eq!(bad, Input::File("no-such-file.txt".into()));
        assert!(
            matches!(as_puzzle(&bad), Some(AsPuzzle::Malformed(why)) if why.contains("column 1"))
        );
        assert_eq!(as_puzzle(&Input::File("x.txt".into())), None);
        assert_eq!(Input::all(&[]), vec![Input::Stdin]);
        // One-line jigsaw layouts and pencilmark lines are puzzles too.
        let jigsaw = format!("{}{}", ".".repeat(16), "0011001122332233");
        assert_eq!(
            Input::classify(OsStr::new(&jigsaw)),
            Input::Inline(jigsaw.clone())
        );
        let pencilmark = "123456789".repeat(81);
        assert_eq!(
            Input::classify(OsStr::new(&pencilmark)),
            Input::Inline(pencilmark.clone())
        );
        let broken = format!("{}{}", ".".repeat(16), "0011001122332234");
        assert!(matches!(
            Input::classify(OsStr::new(&broken)),
            Input::File(_)
        ));
        // A multi-grid board given inline, its first row's leading holes
        // kept; one with a digit in a hole is no board.
        let windmill = sudokit::MultiLayout::preset("windmill").unwrap();
        let geometry = std::sync::Arc::new(sudokit::Geometry::multi(windmill));
        let empty = sudokit::Grid::empty_of(&geometry);
        let empty = sudokit::Puzzle::new(geometry, empty).unwrap();
        let text = format::puzzle_text(Format::Multi, &empty, format::Style::default()).unwrap();
        assert!(text.starts_with("   ........."), "{text}");
        assert_eq!(
            Input::classify(OsStr::new(&format!("\n{text}"))),
            Input::Inline(text.trim_end().to_owned())
        );
        let hole = text.replacen("   ", "  5", 1);
        assert!(matches!(Input::classify(OsStr::new(&hole)), Input::File(_)));
        assert_eq!(Input::Stdin.to_string(), "<stdin>");
        assert_eq!(Input::Inline(line.into()).to_string(), "<argument>");
    }
}
