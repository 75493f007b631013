//! X-sudoku and windoku on the command line: the `--x` and `--windoku`
//! flags, and the header line a file can start with to say the same,
//! `# sudokit: x windoku`.
//!
//! The formats know nothing of variants: every puzzle is read as usual and
//! then rebuilt here on its geometry with the extra houses
//! ([`sudokit::Extra`]). The header is taken off the input before the
//! format reader sees it (it becomes an empty line, so line numbers stay
//! right).

use std::io::{self, BufRead, Cursor, Read};
use std::sync::Arc;

use sudokit::format::{Entry, ParseError, ParseErrorKind};
use sudokit::{Extra, Geometry, Puzzle};

/// A puzzle as read (as the run's record contract holds it).
type Item = Result<Entry, ParseError>;

/// The extra houses asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// The two main diagonals (X-sudoku).
    pub x: bool,
    /// The windoku windows.
    pub windoku: bool,
}

/// A geometry, a variant and the geometry with its houses.
type Built = (Arc<Geometry>, Variant, Arc<Geometry>);

/// What a header line starts with.
const HEADER: &[u8] = b"# sudokit:";

/// The longest header line read (a longer first line is no header).
const HEADER_MAX: u64 = 256;

impl Variant {
    /// No extra house.
    pub const NONE: Variant = Variant {
        x: false,
        windoku: false,
    };

    /// Both sets of extra houses.
    pub fn union(self, other: Variant) -> Variant {
        Variant {
            x: self.x || other.x,
            windoku: self.windoku || other.windoku,
        }
    }

    /// The header line that says this variant (`# sudokit: x windoku`),
    /// `None` for no extra house.
    pub fn header_line(self) -> Option<String> {
        let words: Vec<&str> = [(self.x, "x"), (self.windoku, "windoku")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, w)| *w)
            .collect();
        (!words.is_empty()).then(|| format!("# sudokit: {}", words.join(" ")))
    }

    /// The variant a header's words name (`x`, `windoku`, blank-separated).
    ///
    /// # Errors
    /// A word that names no variant.
    pub fn from_words(words: &str) -> Result<Variant, String> {
        let mut v = Variant::NONE;
        for word in words.split_whitespace() {
            match word.to_ascii_lowercase().as_str() {
                "x" => v.x = true,
                "windoku" => v.windoku = true,
                other => {
                    return Err(format!(
                        "unknown variant `{other}` in the `# sudokit:` header (known: x, windoku)"
                    ))
                }
            }
        }
        Ok(v)
    }

    /// `puzzle` with the extra houses added (the same puzzle when none are
    /// asked for).
    ///
    /// # Errors
    /// Why its geometry cannot take them (windows need square boxes).
    pub fn apply(self, puzzle: Puzzle) -> Result<Puzzle, String> {
        if self == Variant::NONE {
            return Ok(puzzle);
        }
        let geometry = self.geometry(puzzle.geometry())?;
        // The extra houses join the puzzle's rules (a variant puzzle keeps
        // its cages, lines and dots), never replace them.
        puzzle.with_geometry(geometry).map_err(|e| e.to_string())
    }

    /// [`Variant::apply`] on a puzzle as read, in place: a geometry that
    /// cannot take the extra houses makes the puzzle malformed (`Invalid
    /// puzzle`, the reason on stderr).
    #[inline]
    pub fn apply_item(self, item: &mut Item) {
        // Inlined, in place: plain sudoku (every puzzle of a big batch)
        // pays one comparison and no move.
        if self != Variant::NONE {
            self.rebuild_item(item);
        }
    }

    #[inline(never)]
    fn rebuild_item(self, item: &mut Item) {
        let Ok(entry) = item else {
            return;
        };
        match self.apply(entry.puzzle.clone()) {
            Ok(p) => entry.puzzle = p,
            Err(reason) => {
                let error = ParseError {
                    puzzle: entry.index,
                    line: entry.line,
                    column: None,
                    kind: ParseErrorKind::Shape {
                        reason: format!("{}: {reason}", self.name()),
                    },
                    warnings: std::mem::take(&mut entry.warnings),
                };
                *item = Err(error);
            }
        }
    }

    /// How messages name the variant.
    fn name(self) -> &'static str {
        match (self.x, self.windoku) {
            (true, true) => "X-windoku",
            (true, false) => "X-sudoku",
            (false, true) => "windoku",
            (false, false) => "sudoku",
        }
    }

    /// `base` with the extra houses, built once per thread for each base
    /// geometry (puzzles of a file share a few geometries).
    fn geometry(self, base: &Arc<Geometry>) -> Result<Arc<Geometry>, String> {
        thread_local! {
            static BUILT: std::cell::RefCell<Vec<Built>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        // Compared by value: a format may build a new `Arc` per puzzle.
        let found = BUILT.with(|b| {
            b.borrow()
                .iter()
                .find(|(from, v, _)| *v == self && (Arc::ptr_eq(from, base) || **from == **base))
                .map(|(_, _, to)| Arc::clone(to))
        });
        if let Some(g) = found {
            return Ok(g);
        }
        let mut g = (**base).clone();
        // A geometry that has them already (f-puzzles' diagonals) keeps them.
        if self.x && !g.extras().contains(&Extra::Diagonals) {
            g = g.with_extra(Extra::Diagonals).map_err(|e| e.to_string())?;
        }
        if self.windoku && !g.extras().contains(&Extra::Windows) {
            g = g.with_extra(Extra::Windows).map_err(|e| e.to_string())?;
        }
        let g = Arc::new(g);
        BUILT.with(|b| {
            let mut b = b.borrow_mut();
            // Jigsaw files may hold many region maps: keep the cache small.
            if b.len() >= 16 {
                b.clear();
            }
            b.push((Arc::clone(base), self, Arc::clone(&g)));
        });
        Ok(g)
    }
}

/// Reads the header line off the start of `reader`, if it has one: the
/// variant it names (or why it names none) and a reader over the same text
/// with the header line left empty. Without a header, the variant is
/// [`Variant::NONE`] and the text is unchanged.
///
/// # Errors
/// Errors reading the input.
pub fn read_header<'a>(
    mut reader: Box<dyn BufRead + 'a>,
) -> io::Result<(Result<Variant, String>, Box<dyn BufRead + 'a>)> {
    // Most inputs start with neither `#` nor a BOM: they are handed on as
    // they are, without a wrapper on the hot path.
    if !matches!(reader.fill_buf()?.first(), Some(b'#' | 0xEF)) {
        return Ok((Ok(Variant::NONE), reader));
    }
    let mut first = Vec::new();
    reader
        .by_ref()
        .take(HEADER_MAX)
        .read_until(b'\n', &mut first)?;
    let text = first.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&first);
    let complete = first.ends_with(b"\n") || (first.len() as u64) < HEADER_MAX;
    let words = text
        .strip_prefix(HEADER)
        .filter(|_| complete)
        .and_then(|w| std::str::from_utf8(w).ok());
    Ok(match words {
        Some(words) => {
            let variant = Variant::from_words(words);
            let rest: Box<dyn BufRead + 'a> = Box::new(Cursor::new(&b"\n"[..]).chain(reader));
            (variant, rest)
        }
        None => (
            Ok(Variant::NONE),
            Box::new(Cursor::new(first).chain(reader)),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit::{Grid, HouseKind};

    fn text_of(reader: Box<dyn BufRead + '_>) -> String {
        let mut s = String::new();
        let mut reader = reader;
        reader.read_to_string(&mut s).expect("in memory");
        s
    }

    /// `--x` and `--windoku` add houses to a variant puzzle: its rules stay,
    /// so it never gains a solution (`count --x` once answered 12 where the
    /// puzzle alone has 2, the thermometers and dots dropped).
    #[test]
    fn extra_houses_keep_a_variant_puzzles_rules() {
        use sudokit::Engine;
        let text = include_str!("../../../examples/fpuzzles.txt");
        let entries: Vec<_> =
            sudokit::format::read(sudokit::format::Format::Fpuzzles, text.as_bytes())
                .filter_map(Result::ok)
                .collect();
        assert!(entries.len() >= 3);
        let count = |p: &Puzzle| sudokit::Auto::default().solve(p, 100).unwrap().count;
        for e in &entries {
            for v in [
                Variant {
                    x: true,
                    windoku: false,
                },
                Variant {
                    x: false,
                    windoku: true,
                },
            ] {
                let Ok(with) = v.apply(e.puzzle.clone()) else {
                    continue;
                };
                assert_eq!(with.constraints(), e.puzzle.constraints());
                assert!(count(&with) <= count(&e.puzzle), "line {}", e.line);
            }
        }
    }

    #[test]
    fn a_header_names_the_variant_and_keeps_the_line_numbers() {
        let input = "# sudokit: x Windoku\r\nabc\n";
        let (v, rest) = read_header(Box::new(input.as_bytes())).expect("in memory");
        assert_eq!(
            v,
            Ok(Variant {
                x: true,
                windoku: true
            })
        );
        assert_eq!(text_of(rest), "\nabc\n");
        let (v, rest) = read_header(Box::new("# sudokit: y\n".as_bytes())).expect("in memory");
        assert!(v.unwrap_err().contains("`y`"));
        assert_eq!(text_of(rest), "\n");
        for plain in ["#A author\nabc\n", "abc", "", &"x".repeat(1000)] {
            let (v, rest) = read_header(Box::new(plain.as_bytes())).expect("in memory");
            assert_eq!(v, Ok(Variant::NONE));
            assert_eq!(text_of(rest), plain);
        }
    }

    #[test]
    fn puzzles_get_the_extra_houses() {
        let puzzle = Puzzle::new(Geometry::shared_square(9).unwrap(), Grid::empty(9)).unwrap();
        let x = Variant {
            x: true,
            windoku: true,
        }
        .apply(puzzle.clone())
        .unwrap();
        let kinds = |p: &Puzzle, k| {
            p.geometry()
                .houses()
                .iter()
                .filter(|h| h.kind() == k)
                .count()
        };
        assert_eq!(kinds(&x, HouseKind::Diagonal), 2);
        assert_eq!(kinds(&x, HouseKind::Window), 4);
        assert_eq!(Variant::NONE.apply(puzzle.clone()).unwrap(), puzzle);
        let jigsaw = Puzzle::new(
            Arc::new(
                Geometry::jigsaw(4, &[0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]).unwrap(),
            ),
            Grid::empty(4),
        )
        .unwrap();
        let windoku = Variant {
            x: false,
            windoku: true,
        };
        assert!(windoku.apply(jigsaw).unwrap_err().contains("square boxes"));
    }
}
