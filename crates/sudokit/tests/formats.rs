//! Every reader's `Ok` round-trips: a puzzle read from any input (arbitrary
//! bytes, puzzle-like bytes, or a written puzzle with a few bytes changed),
//! written back in the same format by that format's own `write`, reads
//! again as the same puzzle in the same style. Public API only.

use std::io::Write as _;

use proptest::prelude::*;
use sudokit::format::{self, Alphabet, Entry, Format, Limits, ReadError};
use sudokit::{default_box_shape, Digit, Geometry, Grid, Puzzle, MAX_SIZE};

/// `puzzle` as the first entry of an input, in `alphabet`.
fn entry_of(puzzle: &Puzzle, alphabet: Alphabet) -> Entry {
    Entry {
        index: 1,
        line: 1,
        puzzle: puzzle.clone(),
        style: format::Style { alphabet },
        warnings: Vec::new(),
        source: None,
    }
}

/// `entry`'s puzzle written back in `format` (a whole input: `hdu4069`
/// gets its case count).
fn write_back(format: Format, entry: &Entry) -> Vec<u8> {
    let mut out = Vec::new();
    if format == Format::Hdu4069 {
        writeln!(out, "1").unwrap();
    }
    format::write_puzzle(format, &mut out, &entry.puzzle, entry.style).expect("writing to memory");
    out
}

/// Reads `input` in `format` and checks that every puzzle read round-trips;
/// returns how many were read.
fn round_trip_all(format: Format, input: &[u8]) -> Result<usize, TestCaseError> {
    let mut read = 0;
    for item in format::read(format, input) {
        let entry = match item {
            Ok(entry) => entry,
            Err(ReadError::Parse(_)) => continue,
            Err(ReadError::Io(e)) => panic!("memory cannot fail: {e}"),
        };
        read += 1;
        let text = write_back(format, &entry);
        let again: Vec<_> = format::read(format, &text[..]).collect();
        prop_assert_eq!(
            again.len(),
            1,
            "{}: {:?}",
            format,
            String::from_utf8_lossy(&text)
        );
        match &again[0] {
            Ok(e) => {
                prop_assert_eq!(
                    &e.puzzle,
                    &entry.puzzle,
                    "{}: {:?}",
                    format,
                    String::from_utf8_lossy(&text)
                );
                prop_assert_eq!(e.style, entry.style, "{}", format);
            }
            Err(e) => {
                return Err(TestCaseError::fail(format!(
                    "{format}: {e} on {:?}",
                    String::from_utf8_lossy(&text)
                )))
            }
        }
    }
    Ok(read)
}

/// The houses of `g` as sorted cell lists, sorted: the same for two
/// geometries with the same rules, whatever their layout or numbering.
fn houses(g: &Geometry) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = g
        .houses()
        .iter()
        .map(|h| {
            let mut cells: Vec<usize> = h.cells().iter().map(|c| c.index()).collect();
            cells.sort_unstable();
            cells
        })
        .collect();
    out.sort();
    out
}

/// The one side `format` can write, if it has one.
fn fixed_side(format: Format) -> Option<usize> {
    match format {
        Format::Poj3076 => Some(16),
        Format::Hdu4069 | Format::Sdm | Format::Pencilmark => Some(9),
        _ => None,
    }
}

/// A puzzle of a few shapes with random givens, and a few byte edits to
/// make of its written form (position, byte; a byte of 0 deletes).
fn edited_puzzle() -> impl Strategy<Value = (Puzzle, Vec<(usize, u8)>)> {
    let shape = prop_oneof![
        Just((2, 2)),
        Just((3, 3)),
        Just((2, 3)),
        Just((3, 2)),
        Just((4, 4))
    ];
    (shape, 0.01f64..0.9).prop_flat_map(|((r, c), keep)| {
        let n = r * c;
        let cells = proptest::collection::vec(proptest::option::weighted(keep, 0..n as u8), n * n);
        let edits = proptest::collection::vec(
            (
                any::<usize>(),
                prop_oneof![
                    Just(0u8),
                    Just(b'.'),
                    b'0'..=b'9',
                    Just(b'\n'),
                    Just(b' '),
                    Just(b'|'),
                    b'A'..=b'G'
                ],
            ),
            0..4,
        );
        (cells, edits).prop_map(move |(cells, edits)| {
            let g = Geometry::boxed(r, c).unwrap();
            let cells = cells.into_iter().map(|d| d.map(Digit::new)).collect();
            let grid = Grid::from_cells(n, cells).unwrap();
            (Puzzle::new(g.into(), grid).unwrap(), edits)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_read_in_any_format_round_trip(
        input in proptest::collection::vec(any::<u8>(), 0..800),
    ) {
        let _ = format::detect(&input);
        for f in Format::ALL {
            round_trip_all(f, &input)?;
        }
    }

    #[test]
    fn puzzle_like_bytes_read_in_any_format_round_trip(input in crate::common::puzzle_bytes(1500)) {
        let _ = format::detect(&input);
        for f in Format::ALL {
            round_trip_all(f, &input)?;
        }
    }

    #[test]
    fn edited_puzzles_round_trip((puzzle, edits) in edited_puzzle()) {
        for f in Format::ALL {
            let entry = entry_of(&puzzle, Alphabet::Numeric);
            if fixed_side(f).is_some_and(|n| n != puzzle.size()) {
                continue;
            }
            let mut text = write_back(f, &entry);
            // Unedited, the written puzzle reads back as itself: the same
            // givens, and the same houses where the format can say them.
            let read: Vec<_> = format::read(f, &text[..]).collect();
            prop_assert_eq!(read.len(), 1, "{}", f);
            let back = read[0].as_ref().map_err(|e| TestCaseError::fail(format!("{f}: {e}")))?;
            prop_assert_eq!(back.puzzle.givens(), puzzle.givens(), "{}", f);
            let expected = match f {
                Format::Grid
                | Format::Ss
                | Format::Jigsaw
                | Format::Hdu4069
                | Format::Fpuzzles
                | Format::Scl => {
                    Geometry::clone(puzzle.geometry())
                }
                _ => Geometry::square(puzzle.size()).unwrap(),
            };
            prop_assert_eq!(houses(back.puzzle.geometry()), houses(&expected), "{}", f);
            prop_assert_eq!(round_trip_all(f, &text)?, 1, "{}", f);
            for &(at, byte) in &edits {
                if text.is_empty() {
                    break;
                }
                let at = at % text.len();
                if byte == 0 {
                    text.remove(at);
                } else {
                    text[at] = byte;
                }
            }
            round_trip_all(f, &text)?;
        }
    }
}

/// The sides `format` reads and writes: the block formats every side a
/// grid has (up to [`MAX_SIZE`], written with numbers above 61), `line` the
/// sides with boxes and a single symbol per digit, `multi` every side with
/// boxes and a single symbol per digit (a square grid is its layout `0,0`),
/// `jigsaw` every side with a single symbol per digit (2 to 61), `fpuzzles`
/// f-puzzles' sides (3 to 16) with boxes, the judge formats their one side.
fn sides(format: Format) -> Vec<usize> {
    if let Some(n) = fixed_side(format) {
        return vec![n];
    }
    let boxed = (1..=MAX_SIZE).filter(|&n| default_box_shape(n).is_some());
    match format {
        Format::Line => boxed
            .filter(|&n| format::line::side_for_cells(n * n) == Some(n))
            .collect(),
        Format::Jigsaw => (2..=61).collect(),
        Format::Multi => boxed.filter(|&n| n <= 61).collect(),
        Format::Fpuzzles | Format::Scl => boxed.filter(|&n| (3..=16).contains(&n)).collect(),
        _ => boxed.collect(),
    }
}

/// A puzzle of side `n` for `format` with cells drawn from `seed`: about
/// `filled` in 8 given, any digit. Boxes of the side's usual shape, but for
/// `jigsaw`: regions that wrap along the diagonals (any side has them).
fn seeded_puzzle(format: Format, n: usize, seed: u64, filled: u64) -> Puzzle {
    let mut x = seed | 1;
    let cells = (0..n * n)
        .map(|_| {
            // xorshift64: cheap, so a 64x64 grid costs nothing to draw.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 8 < filled).then(|| Digit::new(((x >> 8) % n as u64) as u8))
        })
        .collect();
    let grid = Grid::from_cells(n, cells).unwrap();
    let geometry = if format == Format::Jigsaw {
        let regions: Vec<usize> = (0..n * n).map(|i| (i / n + i % n) % n).collect();
        Geometry::jigsaw(n, &regions).unwrap().into()
    } else {
        Geometry::shared_square(n).unwrap()
    };
    Puzzle::new(geometry, grid).unwrap()
}

/// Reads `text` in `format`: its one puzzle.
fn read_one(format: Format, text: &[u8], n: usize) -> Entry {
    let mut read: Vec<_> = format::read(format, text).collect();
    assert_eq!(read.len(), 1, "{format} side {n}");
    match read.remove(0) {
        Ok(e) => e,
        Err(e) => panic!("{format} side {n}: {e}"),
    }
}

/// Writes `puzzle` in `format` and `style` and reads it back: the same
/// givens. Written again in the style it was read in, it reads back as the
/// same bytes (a style may settle once: a puzzle written with numbers but
/// none above 9 reads back as symbols).
fn writes_and_reads_back(format: Format, puzzle: &Puzzle, alphabet: Alphabet) {
    let entry = entry_of(puzzle, alphabet);
    let n = puzzle.size();
    let back = read_one(format, &write_back(format, &entry), n);
    assert_eq!(back.puzzle.givens(), puzzle.givens(), "{format} side {n}");
    let text = write_back(format, &back);
    let again = read_one(format, &text, n);
    assert_eq!(again.puzzle.givens(), puzzle.givens(), "{format} side {n}");
    assert_eq!(write_back(format, &again), text, "{format} side {n}");
}

#[test]
fn every_format_round_trips_every_side_it_supports() {
    for format in Format::ALL {
        let sides = sides(format);
        for &n in &sides {
            let puzzle = seeded_puzzle(format, n, n as u64 * 7919, 7);
            let entry = entry_of(&puzzle, Alphabet::Numeric);
            let back = read_one(format, &write_back(format, &entry), n);
            assert_eq!(back.puzzle.givens(), puzzle.givens(), "{format} side {n}");
            let (got, want) = (back.puzzle.geometry(), puzzle.geometry());
            assert_eq!(houses(got), houses(want), "{format} side {n}");
        }
        let largest = *sides.last().unwrap();
        match format {
            Format::Grid | Format::Sdk | Format::Ss => assert_eq!(largest, MAX_SIZE),
            Format::Line => assert_eq!(largest, 60),
            Format::Jigsaw => assert_eq!(largest, 61),
            Format::Multi => assert_eq!(largest, 60),
            _ => {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn written_puzzles_of_any_side_read_back(
        pick in any::<prop::sample::Index>(),
        seed in any::<u64>(),
        filled in 0..=8u64,
        alphabet in prop_oneof![Just(Alphabet::Numeric), Just(Alphabet::Letters), Just(Alphabet::Decimal)],
    ) {
        for format in Format::ALL {
            let sides = sides(format);
            let n = sides[pick.index(sides.len())];
            writes_and_reads_back(format, &seeded_puzzle(format, n, seed, filled), alphabet);
        }
    }
}

#[test]
fn one_line_writers_refuse_sides_without_a_symbol_per_digit() {
    for n in [62, 63, 64] {
        let puzzle = seeded_puzzle(Format::Line, n, 1, 8);
        for format in [Format::Line, Format::Jigsaw] {
            let mut out = Vec::new();
            let e = format::write_puzzle(format, &mut out, &puzzle, format::Style::default())
                .unwrap_err();
            assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput);
            assert_eq!(
                e.to_string(),
                format!(
                    "side {n}: one-line formats write sides up to 61 with single symbols; \
                     use the grid format (cells as numbers) for larger"
                )
            );
            assert!(out.is_empty(), "{format}");
        }
    }
}

/// The first error reading `input` in `format` under `limits`.
fn first_error(format: Format, input: &str, limits: Limits) -> String {
    match format::read_with_limits(format, input.as_bytes(), limits).next() {
        Some(Err(e)) => e.to_string(),
        other => panic!("{format}: {other:?}"),
    }
}

#[test]
fn wrong_line_lengths_are_named() {
    let line = |cells: usize| first_error(Format::Line, &".".repeat(cells), Limits::default());
    let lengths = "(16, 36, 64, 81, 100, 144, 196, 225, 256, ..., 3600)";
    assert_eq!(
        line(4097),
        format!("puzzle 1, line 1: line has 4097 cells, not a square: a line holds n*n cells for a side n with boxes {lengths}")
    );
    assert_eq!(
        line(49),
        format!("puzzle 1, line 1: line has 49 cells = side 7, which has no box shape: a line holds n*n cells for a side n with boxes {lengths}")
    );
    assert_eq!(
        line(4096),
        "puzzle 1, line 1: line has 4096 cells = side 64: one-line formats write sides up to 61 \
         with single symbols; use --format grid (cells as numbers) for larger"
    );
    // The list is the rule's: every length it names reads, every length
    // between the first ones it names does not.
    let listed: Vec<usize> = lengths
        .trim_matches(|c| c == '(' || c == ')')
        .split(", ")
        .filter_map(|s| s.parse().ok())
        .collect();
    for cells in 1..=*listed.last().unwrap() {
        let reads = format::line::side_for_cells(cells).is_some();
        if cells <= listed[8] || listed.contains(&cells) {
            assert_eq!(reads, listed.contains(&cells), "{cells}");
        }
    }
    // A single word longer than any grid row is a `line` puzzle of a wrong
    // length, not a grid of that side.
    for cells in [65, 80, 4096, 4097] {
        assert_eq!(
            format::detect(".".repeat(cells).as_bytes()),
            Ok(Format::Line)
        );
    }
}

/// A 64x64 grid written with numbers, `.` for every third cell, and rows
/// `edit` changes.
fn numbered_grid(edit: impl Fn(usize, &mut Vec<String>)) -> String {
    let mut text = String::new();
    for r in 0..64 {
        let mut row: Vec<String> = (0..64)
            .map(|c| match (r + c) % 3 {
                0 => ".".to_owned(),
                _ => ((r * 8 + r / 8 + c) % 64 + 1).to_string(),
            })
            .collect();
        edit(r, &mut row);
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

#[test]
fn grids_of_side_64_read_and_wrong_ones_are_named() {
    let grid = numbered_grid(|_, _| {});
    let got: Vec<_> = format::read(Format::Grid, grid.as_bytes()).collect();
    let e = got[0].as_ref().unwrap();
    assert_eq!(e.puzzle.size(), 64);
    assert_eq!(e.puzzle.geometry().box_shape(), Some((8, 8)));
    assert_eq!(e.style.alphabet, Alphabet::Decimal);
    assert_eq!(format::detect(grid.as_bytes()), Ok(Format::Grid));
    let grid = |text: &str, max_side| {
        let limits = Limits {
            max_side,
            ..Limits::default()
        };
        first_error(Format::Grid, text, limits)
    };
    let wrong = numbered_grid(|r, row| {
        if r == 2 {
            row[5] = "70".to_owned();
        }
    });
    let column = 1
        + (0..5)
            .map(|c| {
                if (2 + c) % 3 == 0 {
                    2
                } else {
                    (2 * 8 + c) % 64 + 1
                }
                .to_string()
                .len()
                    + 1
            })
            .sum::<usize>();
    assert_eq!(
        grid(&wrong, MAX_SIZE),
        format!("puzzle 1, line 3, column {column}: number 70 is out of range for a 64x64 grid")
    );
    let wide = numbered_grid(|_, row| row.push("65".to_owned()));
    assert_eq!(
        grid(&wide, MAX_SIZE),
        "puzzle 1, line 1: first row has 65 cells; the largest side is 64"
    );
    assert_eq!(
        grid(&numbered_grid(|_, _| {}), 16),
        "puzzle 1, line 1: side 64 is above the maximum side 16 (--max-side)"
    );
    let line36 = ".".repeat(36 * 36);
    let limits = Limits {
        max_side: 16,
        ..Limits::default()
    };
    assert_eq!(
        first_error(Format::Line, &line36, limits),
        "puzzle 1, line 1: side 36 is above the maximum side 16 (--max-side)"
    );
}
