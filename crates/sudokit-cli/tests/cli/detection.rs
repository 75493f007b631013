//! A damaged first record, grids written with numbers, large `hdu4069`
//! case counts and line caps, through the binary.

use std::fs;

use sudokit::format::Format;

use super::{example_text, records, stdout, sudokit, tempdir};

const P: &str = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

/// Runs `sudokit solve` on `input` (stdin, format detected) and returns the
/// output's records read as `format`, and stderr.
fn solve(input: &str, format: Format) -> (Vec<String>, String) {
    let out = sudokit().arg("solve").write_stdin(input).assert();
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    (records(format, &stdout(&out)), err)
}

#[test]
fn a_cut_first_line_loses_no_puzzle() {
    for more in [2, 1500] {
        let input = format!("{}\n{}", &P[..80], format!("{P}\n").repeat(more));
        let (records, err) = solve(&input, Format::Line);
        assert_eq!(records.len(), more + 1, "{err}");
        assert_eq!(records[0], "Invalid puzzle");
        assert!(records[1..].iter().all(|r| r.len() == 81), "{err}");
        assert!(err.starts_with("<stdin>:1: "), "{err}");
    }
}

#[test]
fn a_damaged_first_poj3076_case_loses_no_case() {
    let case = example_text("poj3076.txt");
    let (first, rest) = case.split_once('\n').unwrap();
    for first in [
        format!("Z{}", &first[1..]),
        format!("d{}", &first[1..]),
        format!("-{first}"),
    ] {
        let input = format!("{first}\n{rest}\n{case}\n{case}");
        let out = sudokit().arg("solve").write_stdin(input).assert().code(1);
        let records = records(Format::Poj3076, &stdout(&out));
        assert_eq!(records.len(), 3, "{first}");
        assert_eq!(records[0], "Invalid puzzle\n", "{first}");
        // The others are answered in poj3076's shape: 16 lines of letters.
        for r in &records[1..] {
            assert_eq!(r.lines().count(), 16, "{first}: {r}");
            assert!(r.lines().all(|l| l.len() == 16 && !l.contains(' ')), "{r}");
        }
    }
}

#[test]
fn a_large_hdu4069_case_count_answers_the_cases_there() {
    let sample = example_text("hdu4069.txt");
    let cases = &sample[sample.find('\n').unwrap()..];
    // T = 10000: detected as hdu4069, the three cases answered, the rest
    // one record each.
    let (records, err) = solve(&format!("10000{cases}"), Format::Hdu4069);
    assert_eq!(records.len(), 10000);
    let expected = example_text("hdu4069.out");
    let want = super::records(Format::Hdu4069, &expected);
    assert_eq!(records[..3], want[..3]);
    assert_eq!(err.lines().count(), 1, "{err}");
    // A T beyond any count: the cases there, and one record for the rest.
    let (records, err) = solve(&format!("99999999999999999999{cases}"), Format::Hdu4069);
    assert_eq!(records.len(), 4, "{err}");
    assert_eq!(records[..3], want[..3]);
    assert_eq!(records[3], "Invalid puzzle\n");
    assert!(
        err.contains("case 4") && err.contains("99999999999999999999"),
        "{err}"
    );
}

#[test]
fn grids_written_with_numbers_are_answered_with_numbers() {
    // examples/line16.txt's first puzzle, written with numbers.
    let line = example_text("line16.txt");
    let symbols = b"123456789ABCDEFG";
    let grid: String = line.as_bytes()[..256]
        .chunks(16)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&b| match symbols.iter().position(|&s| s == b) {
                    Some(d) => (d + 1).to_string(),
                    None => ".".to_owned(),
                })
                .collect();
            format!("{}\n", cells.join(" "))
        })
        .collect();
    let out = sudokit().arg("solve").write_stdin(grid).assert().success();
    let text = stdout(&out);
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        " 2 11  9  3 | 12 14 10  7 |  6  4  1 15 | 13 16  8  5"
    );
    // The same puzzle in symbols is answered in symbols, as before.
    let symbols: String = line.as_bytes()[..256]
        .chunks(16)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    let out = sudokit()
        .args(["solve", "-f", "grid"])
        .write_stdin(symbols)
        .assert()
        .success();
    let text = stdout(&out);
    assert_eq!(
        text.lines().next().unwrap(),
        "2 B 9 3 | C E A 7 | 6 4 1 F | D G 8 5"
    );
}

#[test]
fn every_line_reader_honours_max_line_bytes() {
    for format in [Format::Sdm, Format::Pencilmark, Format::Jigsaw] {
        let name = format.name();
        let text = example_text(&format!("{name}.txt"));
        let out = sudokit()
            .args(["solve", "--max-line-bytes", "40", "-f", format.name()])
            .write_stdin(text)
            .assert()
            .code(1);
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(
            err.contains(":1: ") && err.contains("line is too long (more than 40 bytes)"),
            "{name}: {err}"
        );
    }
}

#[test]
fn exact_cover_refuses_a_huge_line_without_reading_it() {
    let dir = tempdir("detection_exact_cover");
    let path = dir.join("long.dlx");
    let mut text = b"a b\n".to_vec();
    text.resize(4 + 8 * 1024 * 1024, b'a');
    fs::write(&path, text).unwrap();
    let out = sudokit().arg("exact-cover").arg(&path).assert().code(1);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.ends_with(":2: line is too long (more than 1048576 bytes)\n"),
        "{err}"
    );
    assert!(err.len() < 300, "the message quotes no line");
}
