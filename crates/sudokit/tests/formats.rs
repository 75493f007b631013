//! Every reader's `Ok` round-trips: a puzzle read from any input (arbitrary
//! bytes, puzzle-like bytes, or a written puzzle with a few bytes changed),
//! written back in the same format by that format's own `write`, reads
//! again as the same puzzle in the same style. Public API only.

use std::io::Write as _;

use proptest::prelude::*;
use sudokit::format::{self, Entry, Format, ReadError};
use sudokit::{Digit, Geometry, Grid, Puzzle};

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
    (shape, 0.0f64..0.9).prop_flat_map(|((r, c), keep)| {
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
            let entry = Entry {
                index: 1,
                line: 1,
                puzzle: puzzle.clone(),
                style: format::Style::default(),
                warnings: Vec::new(),
            };
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
                Format::Grid | Format::Ss | Format::Jigsaw | Format::Hdu4069 => Geometry::clone(puzzle.geometry()),
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
