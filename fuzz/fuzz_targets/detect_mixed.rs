//! Format detection on mixed input: the fuzzer's bytes shaped into one
//! record of a format (the damaged first record), followed by known-good
//! records of that format. Detection must either name a format whose reader
//! answers every good record, or refuse with an error that asks for
//! `--format`; never a format that silently drops the good records.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::{self, DetectError, Format};

const A: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const B: &str = "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.";
const C: &str = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const POJ: &str = include_str!("../../examples/poj3076.txt");
const GRID: &str = include_str!("../../examples/grid9.txt");
const SS: &str = include_str!("../../examples/ss.txt");
const HDU: &str = include_str!("../../examples/hdu4069.txt");
const PENCILMARK: &str = include_str!("../../examples/pencilmark.txt");

/// The readers' blanks.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0B' | b'\x0C')
}

/// `text` without the readers' blanks and line breaks around it.
fn trim(text: &[u8]) -> &[u8] {
    let keep = |b: &u8| !is_blank(*b) && *b != b'\n';
    let start = text.iter().position(keep).unwrap_or(text.len());
    let end = text.iter().rposition(keep).map_or(start, |e| e + 1);
    &text[start..end]
}

/// The fuzzer's bytes on one line (line breaks made blanks), never `end`.
fn one_line(data: &[u8]) -> Vec<u8> {
    let mut line: Vec<u8> = data
        .iter()
        .map(|&b| if b == b'\n' || b == b'\r' { b' ' } else { b })
        .collect();
    if trim(&line).is_empty() || trim(&line) == b"end" {
        line.push(b'x');
    }
    line.push(b'\n');
    line
}

/// The first record (from `data`) and the good records, for `format`.
fn mixed(format: Format, data: &[u8]) -> (Vec<u8>, String) {
    match format {
        Format::Line => (one_line(data), format!("{A}\n{B}\n{C}\n").repeat(20)),
        Format::Pencilmark => (one_line(data), PENCILMARK.repeat(4)),
        Format::Poj3076 => {
            // 16 non-blank lines, so the good cases stay aligned.
            let bytes: Vec<u8> = data
                .iter()
                .map(|&b| if is_blank(b) || b == b'\n' { b'?' } else { b })
                .collect();
            let mut record = Vec::new();
            for k in 0..16 {
                let part = bytes.chunks(16).nth(k).unwrap_or(b"?");
                record.extend_from_slice(part);
                record.push(b'\n');
            }
            record.push(b'\n');
            (record, format!("{POJ}\n").repeat(3))
        }
        Format::Hdu4069 => {
            // T, then exactly 81 of the fuzzer's tokens.
            let cases = &HDU[HDU.find('\n').unwrap() + 1..];
            // The readers' blanks (vertical tab included) and line breaks.
            let mut tokens: Vec<&[u8]> = data
                .split(|&b| is_blank(b) || b == b'\n')
                .filter(|t| !t.is_empty())
                .take(81)
                .collect();
            tokens.resize(81, b"0");
            let mut record = b"4\n".to_vec();
            for row in tokens.chunks(9) {
                record.extend_from_slice(&row.join(&b' '));
                record.push(b'\n');
            }
            (record, cases.to_owned())
        }
        // Block formats: the bytes without blank lines (one block), then a
        // blank line.
        _ => {
            let mut record = Vec::new();
            for line in data.split(|&b| b == b'\n') {
                if !trim(line).is_empty() {
                    record.extend_from_slice(line);
                    record.push(b'\n');
                }
            }
            record.extend_from_slice(b"x\n\n");
            let good = if format == Format::Ss { SS } else { GRID };
            (record, good.to_owned())
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, data)) = data.split_first() else {
        return;
    };
    let formats = [
        Format::Line,
        Format::Pencilmark,
        Format::Poj3076,
        Format::Hdu4069,
        Format::Grid,
        Format::Ss,
    ];
    let format = formats[pick as usize % formats.len()];
    let (record, good) = mixed(format, data);
    // A line `end` ends `line` input on purpose: the first record has none.
    let mut input = Vec::new();
    for line in record.split_inclusive(|&b| b == b'\n') {
        input.extend_from_slice(line);
        if trim(line) == b"end" {
            input.pop();
            input.extend_from_slice(b"x\n");
        }
    }
    // Lines before the good records start.
    let before = input.iter().filter(|&&b| b == b'\n').count();
    input.extend_from_slice(good.as_bytes());
    // The good records alone (`hdu4069`'s behind their own T).
    let alone = match format {
        Format::Hdu4069 => format!("3\n{good}"),
        _ => good.clone(),
    };
    let want = format::read(format, alone.as_bytes())
        .filter(Result::is_ok)
        .count();
    assert!(want > 0, "{format}: the good records read");
    match format::detect(&input) {
        Ok(found) => {
            let answered = format::read(found, &input[..])
                .filter_map(Result::ok)
                .filter(|e| e.line > before)
                .count();
            assert!(
                answered >= want,
                "{format} input detected as {found}: {answered} of {want} good records answered\n{}",
                String::from_utf8_lossy(&input)
            );
        }
        Err(e @ DetectError::Unknown { .. }) => {
            assert!(e.to_string().contains("--format"), "{e}");
        }
        Err(DetectError::Empty) => panic!("{format}: good records, yet empty"),
    }
});
