//! Shared checks of the parser targets.

use sudokit::format::{self, Format, ParseErrorKind, ReadError, Style};
use sudokit::Grid;

/// Reads every puzzle of `data` in `format` (the reader must never panic)
/// and, when `round_trip`, writes each puzzle read with the format's own
/// writer and reads it back: the same puzzle must come out.
pub fn read_all(format: Format, data: &[u8], round_trip: bool) {
    let mut count = 0usize;
    let mut reader = format::read(format, data);
    while let Some(item) = reader.next() {
        count += 1;
        // A reader yields at most one result per input line (plus the
        // missing `hdu4069` cases, at most T of them) and never loops.
        assert!(count <= data.len() + 1_000_001, "reader does not end");
        let entry = match item {
            Ok(entry) => entry,
            Err(ReadError::Parse(e)) => {
                assert!(e.line >= 1, "{e}");
                if let ParseErrorKind::MissingCase { case, first, cases } = e.kind {
                    // `hdu4069` cases announced by T but absent: all the
                    // rest are (up to a million of them; the reader makes
                    // each in constant time, checked on a few).
                    for k in case + 1..=cases.min(case + 3) {
                        match reader.next() {
                            Some(Err(ReadError::Parse(e))) => {
                                assert_eq!(e.kind, ParseErrorKind::MissingCase { case: k, first, cases })
                            }
                            other => panic!("case {k} of {cases}: {other:?}"),
                        }
                    }
                    return;
                }
                // The message renders.
                let _ = e.to_string();
                continue;
            }
            Err(ReadError::Io(e)) => panic!("reading memory cannot fail: {e}"),
        };
        let puzzle = &entry.puzzle;
        assert_eq!(puzzle.givens().size(), puzzle.geometry().size());
        let mut out = Vec::new();
        if round_trip
            && write(
                format,
                &mut out,
                puzzle.givens(),
                puzzle.geometry(),
                entry.style,
            )
        {
            let back: Vec<_> = format::read(format, &out[..]).collect();
            assert_eq!(back.len(), 1, "{}", String::from_utf8_lossy(&out));
            match &back[0] {
                Ok(again) => assert_eq!(&again.puzzle, puzzle, "{}", String::from_utf8_lossy(&out)),
                Err(e) => panic!("{e}: {}", String::from_utf8_lossy(&out)),
            }
        }
    }
}

/// Writes the givens in `format`; `false` for the formats whose writers
/// write solutions only or need more than the grid (`sdk`, `ss`, `sdm`,
/// `pencilmark`, `jigsaw`: their round trips are property tests in the
/// library).
fn write(
    format: Format,
    out: &mut Vec<u8>,
    grid: &Grid,
    geometry: &sudokit::Geometry,
    style: Style,
) -> bool {
    match format {
        Format::Line => format::line::write(out, grid, style),
        Format::Poj3076 => format::poj3076::write(out, grid),
        Format::Grid => format::grid::write(out, grid, geometry, style),
        Format::Hdu4069 => format::hdu4069::write(out, grid),
        _ => return false,
    }
    .expect("writing to memory cannot fail");
    true
}
