//! Detection past a damaged first record, `grid` rows written with numbers,
//! and large `hdu4069` case counts.

use std::sync::Arc;

use proptest::prelude::*;
use sudokit::format::{self, Alphabet, DetectError, Entry, Format, Style};
use sudokit::{Digit, Geometry, Grid};

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");

fn example(name: &str) -> String {
    std::fs::read_to_string(format!("{EXAMPLES}/{name}")).unwrap()
}

/// Detects `input`'s format and reads it: the format and one `Ok` flag per
/// record.
fn detect_and_read(input: &str) -> (Format, Vec<bool>) {
    let format = format::detect(input.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{input}"));
    let records = format::read(format, input.as_bytes())
        .map(|r| r.is_ok())
        .collect();
    (format, records)
}

const P: &str = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

#[test]
fn a_cut_first_line_does_not_turn_line_input_into_grid() {
    for more in [2, 50, 2000] {
        let input = format!("{}\n{}", &P[..80], format!("{P}\n").repeat(more));
        let (format, records) = detect_and_read(&input);
        assert_eq!(format, Format::Line, "{more}");
        assert_eq!(records.len(), more + 1, "{more}");
        assert!(!records[0] && records[1..].iter().all(|&ok| ok), "{more}");
    }
}

/// A change to one row of text.
type Damage = fn(&str) -> String;

/// The POJ 3076 example three times, the first case's first row damaged by
/// `damage`.
fn poj_with(damage: impl Fn(&str) -> String) -> String {
    let case = example("poj3076.txt");
    let (first, rest) = case.split_once('\n').unwrap();
    format!("{}\n{rest}\n{case}\n{case}", damage(first))
}

#[test]
fn a_damaged_first_poj3076_case_keeps_the_others_poj3076() {
    let damages: [(&str, Damage); 4] = [
        ("Z", |row| format!("Z{}", &row[1..])),
        ("d", |row| format!("d{}", &row[1..])),
        ("17 characters", |row| format!("-{row}")),
        ("15 characters", |row| row[1..].to_owned()),
    ];
    for (what, damage) in damages {
        let (format, records) = detect_and_read(&poj_with(damage));
        assert_eq!(format, Format::Poj3076, "{what}");
        assert_eq!(records, [false, true, true], "{what}");
    }
}

#[test]
fn a_large_hdu4069_case_count_is_still_hdu4069() {
    let sample = example("hdu4069.txt");
    let cases = &sample[sample.find('\n').unwrap()..];
    for t in ["10000", "99999", "123456789", "99999999999999999999999"] {
        let (format, records) = detect_and_read(&format!("{t}{cases}"));
        assert_eq!(format, Format::Hdu4069, "{t}");
        assert!(records[0], "{t}");
    }
}

#[test]
fn a_damaged_first_record_of_other_formats() {
    // Jigsaw: a region line reads as a `line` puzzle, but the format with a
    // shape of its own wins.
    let jigsaw = example("jigsaw.txt");
    let damaged = format!("{}\n{jigsaw}", &jigsaw[..40]);
    let (format, records) = detect_and_read(&damaged);
    assert_eq!(format, Format::Jigsaw);
    assert!(!records[0] && records[1..].iter().all(|&ok| ok));
    // Grid: a first row with a stray symbol.
    let grid = example("grid9.txt");
    let damaged = grid.replacen("4 . .", "4 ? .", 1);
    let (format, records) = detect_and_read(&damaged);
    assert_eq!(format, Format::Grid);
    assert_eq!(records.len(), detect_and_read(&grid).1.len());
}

#[test]
fn input_no_format_reads_is_refused_naming_format() {
    let e = format::detect(b"1234567890abcdeZ\n?? ??\n").unwrap_err();
    assert!(matches!(e, DetectError::Unknown { line: 1, .. }));
    assert!(e.to_string().contains("--format"), "{e}");
}

#[test]
fn clean_examples_are_detected_as_before() {
    // An example named after a format (`examples/NAME.txt`) is detected as
    // it, but an `.sdm` file, which is `line` input (its answers are the
    // same bytes); the rest are one-line judge inputs, and `grid9.txt`.
    let mut named = 0;
    for f in Format::ALL {
        if let Ok(text) = std::fs::read_to_string(format!("{EXAMPLES}/{f}.txt")) {
            let want = if f == Format::Sdm { Format::Line } else { f };
            assert_eq!(format::detect(text.as_bytes()), Ok(want), "{f}.txt");
            named += 1;
        }
    }
    assert_eq!(named, 8);
    let lines = ["acwing166", "poj3074", "line16", "line25", "line36"];
    for name in lines.iter().map(|name| format!("{name}.txt")) {
        assert_eq!(
            format::detect(example(&name).as_bytes()),
            Ok(Format::Line),
            "{name}"
        );
    }
    assert_eq!(
        format::detect(example("grid9.txt").as_bytes()),
        Ok(Format::Grid)
    );
}

/// The 16x16 example as a `grid` written with numbers.
fn numbers16() -> (String, Entry) {
    let line = example("line16.txt");
    let entry = format::read(Format::Line, line.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    let style = Style {
        alphabet: Alphabet::Decimal,
    };
    let text = format::puzzle_text(Format::Grid, &entry.puzzle, style).unwrap();
    (text, entry)
}

#[test]
fn grids_written_with_numbers_are_read_and_written_back() {
    let (text, entry) = numbers16();
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        " .  .  . 3 | 12  .  .  . |  6  .  . 15 | 13  .  .  .".replace(" 3 ", "  3 ")
    );
    assert!(text.contains("16"), "{text}");
    assert_eq!(format::detect(text.as_bytes()), Ok(Format::Grid));
    let got: Vec<_> = format::read(Format::Grid, text.as_bytes()).collect();
    assert_eq!(got.len(), 1);
    let got = got[0].as_ref().unwrap();
    assert_eq!(got.puzzle, entry.puzzle);
    assert_eq!(got.style.alphabet, Alphabet::Decimal);
    // Written back in the same style, byte for byte.
    let again = format::puzzle_text(Format::Grid, &got.puzzle, got.style).unwrap();
    assert_eq!(again, text);
    // Any spacing, no separators, and `0` for empty cells read the same.
    let plain: String = text
        .lines()
        .filter(|l| !l.starts_with('-'))
        .map(|l| {
            let cells: Vec<_> = l
                .split_whitespace()
                .filter(|t| *t != "|")
                .map(|t| if t == "." { "0" } else { t })
                .collect();
            format!("{}\n", cells.join(" "))
        })
        .collect();
    let got = format::read(Format::Grid, plain.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(got.puzzle, entry.puzzle);
}

#[test]
fn a_full_first_row_of_numbers_is_a_grid_not_hdu4069() {
    let row: Vec<String> = (1..=16).map(|v| v.to_string()).collect();
    let input = format!("{}\n{}\n", row.join(" "), ". ".repeat(16));
    assert_eq!(format::detect(input.as_bytes()), Ok(Format::Grid));
}

#[test]
fn symbol_rows_stay_symbol_rows() {
    // Groups of digits are a compact 9x9 row, not numbers.
    let compact = "417 369 825\n632 158 947\n958 724 316\n825 437 169\n791 586 432\n346 912 758\n289 643 571\n573 291 684\n164 875 293\n";
    let e = format::read(Format::Grid, compact.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(e.style.alphabet, Alphabet::Numeric);
    assert_eq!(e.puzzle.givens().size(), 9);
    // A 16x16 symbol grid stays in symbols.
    let (text, _) = numbers16();
    let entry = format::read(Format::Grid, text.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    let symbols = format::puzzle_text(Format::Grid, &entry.puzzle, Style::default()).unwrap();
    let e = format::read(Format::Grid, symbols.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(e.style.alphabet, Alphabet::Numeric);
    assert_eq!(e.puzzle, entry.puzzle);
}

fn boxed(r: usize, c: usize) -> impl Strategy<Value = (Grid, Arc<Geometry>)> {
    let n = r * c;
    proptest::collection::vec(proptest::option::weighted(0.5, 0..n as u8), n * n).prop_map(
        move |cells| {
            let cells = cells.into_iter().map(|c| c.map(Digit::new)).collect();
            let grid = Grid::from_cells(n, cells).unwrap();
            (grid, Arc::new(Geometry::boxed(r, c).unwrap()))
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Every grid written with numbers reads back as itself; as numbers
    /// whenever a cell is 10 or more.
    #[test]
    fn numbers_round_trip(puzzles in proptest::collection::vec(prop_oneof![
        boxed(3, 3), boxed(4, 4), boxed(3, 4), boxed(5, 5), boxed(6, 6), boxed(7, 8),
    ], 1..3)) {
        let mut out = Vec::new();
        let style = Style { alphabet: Alphabet::Decimal };
        for (g, geo) in &puzzles {
            format::grid::write(&mut out, g, geo, style).unwrap();
        }
        let got: Vec<_> = format::read(Format::Grid, &out[..]).collect();
        prop_assert_eq!(got.len(), puzzles.len());
        for (e, (g, geo)) in got.iter().zip(&puzzles) {
            let e = e.as_ref().unwrap();
            prop_assert_eq!(e.puzzle.givens(), g);
            prop_assert_eq!(e.puzzle.geometry().box_shape(), geo.box_shape());
            let big = g.cells().iter().flatten().any(|d| d.index() >= 9);
            prop_assert_eq!(e.style.alphabet == Alphabet::Decimal, big);
        }
    }
}
