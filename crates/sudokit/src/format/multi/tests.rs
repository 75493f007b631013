//! The `multi` format's tests: reading, writing, errors, detection.

use super::*;
use crate::format::{puzzle_text, read_all, read_with_limits, ReadError};

/// A samurai with one solution.
pub(crate) const SAMURAI: &str = "\
..5..9...   2.....6.1
..2.1..6.   ...6..73.
14...3...   1.3...2..
5.9.....4   ..8.9....
.3.5.....   ..67.1..9
.....89..   ....46...
.....2.....9.....38..
...8......5..........
.6.....9.......5.7...
      ..6......
      8...243..
      .5..1....
..924....8.2....5.6..
..6..............8...
5....3...76....49....
7..4.9...   ....4..5.
........9   .96..5.1.
4...5.2..   ....6.72.
87..2....   ..5......
..1....25   7......6.
......8..   8.9.....4
";

pub(crate) fn geometry(name: &str) -> Arc<Geometry> {
    Arc::new(Geometry::multi(MultiLayout::preset(name).unwrap()))
}

/// A puzzle on `geometry` with about a third of its cells given, any
/// digit (the format does not care whether it solves).
pub(crate) fn seeded(geometry: &Arc<Geometry>, seed: u64) -> Puzzle {
    let mut x = seed | 1;
    let n = geometry.size() as u64;
    let cells = (0..geometry.cell_count())
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x.is_multiple_of(3)
                .then(|| Digit::new(((x >> 8) % n) as u8))
        })
        .collect();
    let grid = Grid::from_cells_of(geometry, cells).unwrap();
    Puzzle::new(geometry.clone(), grid).unwrap()
}

/// `puzzle` as a JSON board: rows of numbers, `null` for holes.
pub(crate) fn json_of(puzzle: &Puzzle) -> String {
    let g = puzzle.geometry();
    let (rows, columns) = g.board_shape();
    let rows: Vec<Vec<Value>> = (0..rows)
        .map(|r| {
            (0..columns)
                .map(|c| match g.cell_at(r, c) {
                    None => Value::Null,
                    Some(cell) => {
                        Value::from(puzzle.givens().get(cell).map_or(0, |d| d.index() + 1))
                    }
                })
                .collect()
        })
        .collect();
    serde_json::to_string(&rows).unwrap()
}

fn one(input: &str) -> Result<Entry, ParseError> {
    let mut got = read_all(Format::Multi, input.as_bytes());
    assert_eq!(got.len(), 1, "{input}");
    got.remove(0)
}

#[test]
fn reads_the_samurai() {
    let e = one(SAMURAI).unwrap();
    assert_eq!((e.index, e.line), (1, 1));
    let g = e.puzzle.geometry();
    assert_eq!(g.multi_layout().unwrap().name(), "samurai");
    assert_eq!(g.cell_count(), 369);
    let givens = SAMURAI.bytes().filter(u8::is_ascii_digit).count();
    assert_eq!(e.puzzle.givens().filled(), givens);
    // Written back: the same bytes, then the record's empty line.
    let text = puzzle_text(Format::Multi, &e.puzzle, e.style).unwrap();
    assert_eq!(text, format!("{SAMURAI}\n"));
    // The same as JSON, pretty or not, and with zeros for dots.
    let json = json_of(&e.puzzle);
    assert_eq!(one(&json).unwrap().puzzle, e.puzzle);
    let pretty = json.replace("],[", "],\n  [").replace("[[", "[\n  [");
    assert_eq!(one(&pretty).unwrap().puzzle, e.puzzle);
    assert_eq!(one(&SAMURAI.replace('.', "0")).unwrap().puzzle, e.puzzle);
}

#[test]
fn every_preset_round_trips_as_text_and_json() {
    for name in MultiLayout::preset_names() {
        let g = geometry(name);
        let puzzles: Vec<Puzzle> = (1..=3).map(|s| seeded(&g, s * 7919)).collect();
        let mut text = Vec::new();
        for p in &puzzles {
            write(&mut text, p.givens(), &g, Style::default()).unwrap();
        }
        let got = read_all(Format::Multi, &text);
        assert_eq!(got.len(), 3, "{name}");
        for (e, p) in got.iter().zip(&puzzles) {
            let e = e.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(&e.puzzle, p, "{name}");
            let again = puzzle_text(Format::Multi, &e.puzzle, e.style).unwrap();
            assert_eq!(
                again,
                puzzle_text(Format::Multi, p, Style::default()).unwrap()
            );
        }
        // A preset whose shape tells it is written without a header;
        // the others say their layout.
        let text = String::from_utf8(text).unwrap();
        let detectable = presets()
            .iter()
            .any(|p| p.layout.name() == name && p.detectable);
        assert_eq!(!text.starts_with("# layout:"), detectable, "{name}");
        for p in &puzzles {
            assert_eq!(&one(&json_of(p)).unwrap().puzzle, p, "{name} JSON");
        }
    }
    // Butterfly fills its 12x12 board: only its header tells it from a
    // 12x12 grid.
    let butterfly = seeded(&geometry("butterfly"), 5);
    let text = puzzle_text(Format::Multi, &butterfly, Style::default()).unwrap();
    assert!(text.starts_with("# layout: butterfly\n"), "{text}");
}

#[test]
fn layouts_come_from_a_header_the_reader_or_the_shape() {
    // Grid corners: written with a header, a row of holes as a blank
    // line inside the board.
    let layout = MultiLayout::parse("0,0 12,0").unwrap();
    let g = Arc::new(Geometry::multi(layout));
    let p = seeded(&g, 3);
    let text = puzzle_text(Format::Multi, &p, Style::default()).unwrap();
    assert!(text.starts_with("# layout: 0,0 12,0\n"), "{text}");
    assert!(text.contains("\n\n\n"), "{text}");
    let e = one(&text).unwrap();
    assert_eq!(e.puzzle, p);
    assert_eq!(e.line, 2);
    // Six-wide grids.
    let six = Arc::new(Geometry::multi(MultiLayout::parse("6: 0,0 4,3").unwrap()));
    let p = seeded(&six, 11);
    let text = puzzle_text(Format::Multi, &p, Style::default()).unwrap();
    assert!(text.starts_with("# layout: 6: 0,0 4,3\n"), "{text}");
    assert_eq!(one(&text).unwrap().puzzle, p);
    // A header naming a preset's grids is that preset, and stays for
    // the boards after it.
    let twodoku = seeded(&geometry("twodoku"), 2);
    let rows = puzzle_text(Format::Multi, &twodoku, Style::default()).unwrap();
    let two = format!("# layout: 0,0 6,6\n{rows}{rows}");
    let got = read_all(Format::Multi, two.as_bytes());
    assert_eq!(got.len(), 2);
    for e in got {
        assert_eq!(e.unwrap().puzzle, twodoku);
    }
    // The reader's layout, when the input says none.
    let butterfly = seeded(&geometry("butterfly"), 9);
    let text = puzzle_text(Format::Multi, &butterfly, Style::default()).unwrap();
    let bare: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let limits = Limits {
        layout: Some(LayoutChoice::parse("butterfly").unwrap()),
        ..Limits::default()
    };
    let got: Vec<_> = read_with_limits(Format::Multi, bare.as_bytes(), limits).collect();
    assert_eq!(got[0].as_ref().unwrap().puzzle, butterfly);
    // Without it, a full 12x12 block is butterfly's shape alone.
    assert_eq!(one(&bare).unwrap().puzzle, butterfly);
    // One grid at the corner is a plain grid.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let classic = crate::format::line::parse_line(line).unwrap();
    let text = puzzle_text(Format::Multi, &classic, Style::default()).unwrap();
    assert!(text.starts_with("# layout: 0,0\n4.....8.5\n"), "{text}");
    assert_eq!(one(&text).unwrap().puzzle, classic);
    assert_eq!(
        LayoutChoice::parse("samurai").unwrap().layout(),
        MultiLayout::preset("samurai").unwrap()
    );
    assert!(LayoutChoice::parse("hexagon").is_err());
}

#[test]
fn errors_name_the_line_the_column_and_the_layout() {
    let rows: Vec<&str> = SAMURAI.lines().collect();
    let with = |r: usize, row: String| {
        let mut rows: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
        rows[r] = row;
        rows.join("\n") + "\n"
    };
    // A digit in a hole (line 2, column 11): still samurai, by a place.
    let bad = with(1, format!("{}5{}", &rows[1][..10], &rows[1][11..]));
    let e = one(&bad).unwrap_err();
    assert_eq!((e.puzzle, e.line, e.column), (1, 2, Some(11)));
    assert_eq!(
        e.kind,
        ParseErrorKind::InHole {
            found: '5',
            layout: "samurai".into()
        }
    );
    assert!(
        e.to_string()
            .starts_with("puzzle 1, line 2, column 11: '5' in a hole of the samurai layout"),
        "{e}"
    );
    // A hole where a cell is, and a row cut short.
    let bad = with(7, format!("{} {}", &rows[7][..4], &rows[7][5..]));
    let e = one(&bad).unwrap_err();
    assert_eq!((e.line, e.column), (8, Some(5)));
    assert!(matches!(e.kind, ParseErrorKind::MissingCell { .. }), "{e}");
    let e = one(&with(0, rows[0][..18].to_string())).unwrap_err();
    assert_eq!((e.line, e.column), (1, Some(19)));
    // Tabs, symbols out of range, other characters.
    let e = one(&with(9, rows[9].replacen("      ", "\t", 1))).unwrap_err();
    assert_eq!(
        (e.line, e.column, &e.kind),
        (10, Some(1), &ParseErrorKind::Tab)
    );
    let at = rows[20].find('8').unwrap();
    let e = one(&with(20, rows[20].replacen('8', "A", 1))).unwrap_err();
    assert_eq!((e.line, e.column), (21, Some(at + 1)));
    assert_eq!(e.kind, ParseErrorKind::OutOfRange { found: 'A', n: 9 });
    let at = rows[3].find('9').unwrap();
    let e = one(&with(3, rows[3].replacen('9', "?", 1))).unwrap_err();
    assert_eq!((e.line, e.column), (4, Some(at + 1)));
    assert_eq!(e.kind, ParseErrorKind::Symbol { found: '?' });
    // A shape of no layout lists them; a header that names none says so.
    let e = one("123\n456\n").unwrap_err();
    let said = e.to_string();
    assert!(said.contains("in the shape of no layout (samurai, "), "{e}");
    assert!(said.contains("# layout: NAME"), "{e}");
    let e = one(&format!("# layout: hexagon\n{SAMURAI}")).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.to_string().contains("unknown layout \"hexagon\""), "{e}");
    // A header of another layout: the board does not fit it.
    let e = one(&format!("# layout: twodoku\n{SAMURAI}")).unwrap_err();
    let said = e.to_string();
    assert!(
        said.contains("the twodoku layout has 15 rows; this board has 21"),
        "{e}"
    );
    // Reading goes on after a malformed board.
    let input = format!("{bad}\n{SAMURAI}");
    let got = read_all(Format::Multi, input.as_bytes());
    assert_eq!(got.len(), 2);
    assert_eq!(got[1].as_ref().unwrap().line, 23);
    // JSON: what is wrong, and where.
    let e = one("[[1, 2, \"x\"]]\n").unwrap_err();
    let said = e.to_string();
    assert!(
        said.contains("row 1, place 3: expected a digit's number"),
        "{e}"
    );
    let e = one("[[1, 2],\n[3, 4]\n").unwrap_err();
    let said = e.to_string();
    assert!(
        said.contains("not closed before the end of the input"),
        "{e}"
    );
    let e = one("[[1, 2]] x\n").unwrap_err();
    assert_eq!(e.column, Some(10));
    let samurai = one(SAMURAI).unwrap().puzzle;
    let json = json_of(&samurai).replacen("null", "5", 1);
    let e = one(&json).unwrap_err();
    assert_eq!(
        e.to_string(),
        "puzzle 1, line 1: row 1, place 10: '5' in a hole of the samurai layout \
             (no grid covers this place; a hole is a space)"
    );
    let json = json_of(&samurai).replacen(",0,", ",12,", 1);
    let said = one(&json).unwrap_err().to_string();
    assert!(said.contains("number 12 is out of range"), "{said}");
}

#[test]
fn a_huge_board_or_a_cut_one_holds_little() {
    // More rows than any board: one error, the rows not kept.
    let tall = "1\n".repeat(1000);
    let got = read_all(Format::Multi, tall.as_bytes());
    assert_eq!(got.len(), 1);
    let said = got[0].as_ref().unwrap_err().to_string();
    assert!(said.contains("more than 256 rows"), "{said}");
    let wide = format!("{}\n", "1".repeat(300));
    let said = one(&wide).unwrap_err().to_string();
    assert!(said.contains("no board is wider"), "{said}");
    let mut r = read_with_limits(Format::Multi, &b"[[1,"[..], Limits::default());
    assert!(matches!(r.next(), Some(Err(ReadError::Parse(_)))));
    assert!(r.next().is_none());
}
