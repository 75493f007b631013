//! What each f-puzzles key becomes, and every refusal with its message.

use serde_json::{json, Value};

use super::*;
use crate::variant::{Adjacency, Constraint, Neighbours, Pair, PairRule};
use crate::{Cell, Extra, Layout};

/// A puzzle of side `n` with no givens and `keys` added.
fn board(n: usize, keys: Value) -> Value {
    let row: Vec<Value> = (0..n).map(|_| json!({})).collect();
    let mut obj = json!({ "size": n, "grid": vec![Value::Array(row); n] });
    for (k, v) in keys.as_object().unwrap() {
        obj[k] = v.clone();
    }
    obj
}

fn read(n: usize, keys: Value) -> Puzzle {
    puzzle(&board(n, keys)).unwrap_or_else(|e| panic!("{e}"))
}

fn refused(n: usize, keys: Value) -> String {
    match puzzle(&board(n, keys)) {
        Ok(_) => panic!("read"),
        Err(e) => e,
    }
}

#[test]
fn default_regions_follow_f_puzzles() {
    assert_eq!(board::default_shape(9), (3, 3));
    assert_eq!(board::default_shape(6), (2, 3));
    assert_eq!(board::default_shape(8), (2, 4));
    assert_eq!(board::default_shape(12), (3, 4));
    // A prime side: regions are the rows.
    assert_eq!(board::default_shape(7), (1, 7));
    let p = read(5, json!({}));
    assert_eq!(
        p.geometry().layout(),
        Layout::Boxes {
            rows: 1,
            columns: 5
        }
    );
}

#[test]
fn irregular_regions_make_a_jigsaw() {
    // 4x4: regions are the rows, written cell by cell.
    let mut obj = board(4, json!({}));
    for r in 0..4 {
        for c in 0..4 {
            obj["grid"][r][c] = json!({ "region": r });
        }
    }
    let p = puzzle(&obj).unwrap();
    assert_eq!(p.geometry().layout(), Layout::Jigsaw);
    assert_eq!(p.geometry().region_of(Cell(5)), 1);
    // The default boxes written out stay boxes.
    for r in 0..4 {
        for c in 0..4 {
            obj["grid"][r][c] = json!({ "region": (r / 2) * 2 + c / 2 });
        }
    }
    assert!(matches!(
        puzzle(&obj).unwrap().geometry().layout(),
        Layout::Boxes { .. }
    ));
    // A cell without a region, or a region of 5 cells, is refused.
    obj["grid"][0][0] = json!({ "region": null });
    let e = puzzle(&obj).unwrap_err();
    assert!(e.contains("1 cells have no region"), "{e}");
    obj["grid"][0][0] = json!({ "region": 1 });
    let e = puzzle(&obj).unwrap_err();
    assert!(e.contains("has 5 cells"), "{e}");
}

#[test]
fn diagonal_plus_runs_from_bottom_left() {
    let p = read(4, json!({ "diagonal+": true }));
    let anti = vec![Cell(3), Cell(6), Cell(9), Cell(12)];
    assert_eq!(p.geometry().extras(), &[Extra::House(anti)]);
    let p = read(4, json!({ "diagonal+": true, "diagonal-": true }));
    assert_eq!(p.geometry().extras(), &[Extra::Diagonals]);
    let p = read(4, json!({ "disjointgroups": true, "diagonal-": false }));
    assert_eq!(p.geometry().extras().len(), 4);
    assert_eq!(
        p.geometry().extras()[0],
        Extra::House(vec![Cell(0), Cell(2), Cell(8), Cell(10)])
    );
}

#[test]
fn extra_regions_are_houses_or_distinct_cells() {
    let p = read(
        4,
        json!({ "extraregion": [
            { "cells": ["R1C1", "R2C2", "R3C3", "R4C4"] },
            { "cells": ["R1C4", "R4C1"] },
        ] }),
    );
    assert_eq!(p.geometry().extras().len(), 1);
    assert!(matches!(p.constraints(), [Constraint::Distinct(_)]));
    let e = refused(
        4,
        json!({ "extraregion": [{ "cells": ["R1C1", "R1C2", "R1C3", "R1C4", "R2C1"] }] }),
    );
    assert!(e.contains("5 cells"), "{e}");
}

fn neighbours(p: &Puzzle) -> Vec<(PairRule, &'static str, usize)> {
    p.constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::Neighbours(Neighbours {
                rule, kind, except, ..
            }) => Some((*rule, *kind, except.len())),
            _ => None,
        })
        .collect()
}

#[test]
fn negative_constraints_skip_every_marked_pair_of_their_family() {
    let dots = json!({
        "difference": [{ "cells": ["R1C1", "R1C2"] }, { "cells": ["R2C1", "R2C2"], "value": "3" }],
        "ratio": [{ "cells": ["R3C1", "R3C2"] }],
        "xv": [{ "cells": ["R4C1", "R4C2"], "value": "x" }],
        "negative": ["ratio", "xv"],
        "nonconsecutive": true,
    });
    let p = read(4, dots);
    assert_eq!(
        neighbours(&p),
        vec![
            (PairRule::NotDifference(1), "nonconsecutive", 3),
            (PairRule::NotRatio(2), "negative", 3),
            (PairRule::NotSum(5), "negative", 1),
            (PairRule::NotSum(10), "negative", 1),
        ]
    );
    let p = read(
        4,
        json!({ "difference": [{ "cells": ["R1C1", "R1C2"], "value": "2" }], "negative": ["difference"] }),
    );
    assert_eq!(
        neighbours(&p),
        vec![
            (PairRule::NotDifference(1), "negative", 1),
            (PairRule::NotDifference(2), "negative", 1),
        ]
    );
    let p = read(4, json!({ "antiknight": true, "antiking": false }));
    assert!(matches!(
        p.constraints(),
        [Constraint::Neighbours(Neighbours {
            adjacency: Adjacency::Knight,
            rule: PairRule::Different,
            ..
        })]
    ));
}

#[test]
fn touching_extremum_cells_compare_only_with_unmarked_neighbours() {
    let p = read(
        4,
        json!({ "maximum": [{ "cell": "R1C1" }, { "cell": "R1C2" }, { "cell": "R4C4" }] }),
    );
    let got: Vec<String> = p
        .constraints()
        .iter()
        .map(|c| match c {
            Constraint::Pair(Pair { cells, .. }) => format!("{}>{}", cells[0].0, cells[1].0),
            Constraint::Extremum(x) => format!("max {}", x.cell.0),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(got, ["0>4", "1>2", "1>5", "max 15"]);
    // Written back and read again: the same.
    assert_eq!(puzzle(&to_json(&p)).unwrap(), p);
}

#[test]
fn clues_outside_look_from_their_side() {
    let p = read(
        4,
        json!({
            "sandwichsum": [{ "cell": "R0C2", "value": "3" }],
            "xsum": [{ "cell": "R2C5", "value": "6" }],
            "skyscraper": [{ "cell": "R5C1", "value": "2" }],
        }),
    );
    let cells: Vec<Vec<u32>> = p
        .constraints()
        .iter()
        .map(|c| match c {
            Constraint::Sandwich(s) => s.cells.iter().map(|c| c.0).collect(),
            Constraint::XSum(s) => s.cells.iter().map(|c| c.0).collect(),
            Constraint::Skyscraper(s) => s.cells.iter().map(|c| c.0).collect(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        cells,
        [vec![1, 5, 9, 13], vec![7, 6, 5, 4], vec![12, 8, 4, 0]]
    );
    let e = refused(4, json!({ "xsum": [{ "cell": "R0C0", "value": "3" }] }));
    assert!(e.contains("not beside a row or column"), "{e}");
}

#[test]
fn region_sum_lines_split_where_the_region_changes() {
    let p = read(
        4,
        json!({ "regionsumline": [{ "lines": [["R1C1", "R1C2", "R1C3", "R2C3", "R2C2"]] }] }),
    );
    match p.constraints() {
        [Constraint::SumLine(s)] => assert_eq!(
            s.segments,
            [
                vec![Cell(0), Cell(1)],
                vec![Cell(2), Cell(6)],
                vec![Cell(5)]
            ]
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn defaults_of_values_follow_f_puzzles() {
    let p = read(
        6,
        json!({
            "whispers": [{ "lines": [["R1C1", "R1C2"]] }],
            "lockout": [{ "lines": [["R1C1", "R2C2", "R3C3"]] }],
            "killercage": [{ "cells": ["R1C1"], "value": "" }],
            "cage": [{ "cells": ["R2C2", "R2C3"], "value": "7" }],
            "littlekillersum": [{ "cell": "R0C1", "cells": ["R1C2"], "direction": "DR" }],
        }),
    );
    let got: Vec<String> = p.constraints().iter().map(|c| format!("{c:?}")).collect();
    assert_eq!(got.len(), 4, "{got:?}");
    assert!(got.iter().any(|c| c.contains("sum: None")), "{got:?}");
    // A cosmetic cage with a whole-number total is a killer cage.
    assert!(got.iter().any(|c| c.contains("sum: Some(7)")), "{got:?}");
    assert!(
        got.iter()
            .any(|c| c.starts_with("Whispers") && c.contains("gap: 3")),
        "{got:?}"
    );
    assert!(
        got.iter()
            .any(|c| c.starts_with("Lockout") && c.contains("gap: 3")),
        "{got:?}"
    );
}

#[test]
fn every_refusal_names_its_problem() {
    let cases: [(usize, Value, &str); 12] = [
        (
            4,
            json!({ "fogofwar": [] }),
            "key `fogofwar` is not supported",
        ),
        (
            4,
            json!({ "killercage": [{ "cells": ["R5C1"], "value": "3" }] }),
            "cell \"R5C1\" is off the 4x4 grid",
        ),
        (
            4,
            json!({ "killercage": [{ "cells": ["X1"], "value": "3" }] }),
            "\"X1\" is not a cell name",
        ),
        (
            4,
            json!({ "killercage": [{ "cells": ["R1C1"], "value": "abc" }] }),
            "value \"abc\" is not a number",
        ),
        (
            4,
            json!({ "thermometer": [{ "lines": [["R1C1", "R1C2"]], "value": "3" }] }),
            "`thermometer`: value 3 is not supported",
        ),
        (
            4,
            json!({ "whispers": [{ "lines": [["R1C1", "R1C2"]], "value": "9" }] }),
            "a difference of 9 is not supported",
        ),
        (
            4,
            json!({ "xv": [{ "cells": ["R1C1", "R1C2"], "value": "W" }] }),
            "neither X nor V",
        ),
        (
            4,
            json!({ "difference": [{ "cells": ["R1C1"] }] }),
            "between 1 cells, not 2",
        ),
        (
            4,
            json!({ "negative": ["parity"] }),
            "`negative`: \"parity\" is not supported",
        ),
        (
            4,
            json!({ "clone": [{ "cells": ["R1C1"], "cloneCells": [] }] }),
            "1 cells cloned to 0 cells",
        ),
        (
            4,
            json!({ "arrow": [{ "cells": ["R1C1"], "lines": [["R1C1", "R1C2"]], "colour": "red" }] }),
            "field `colour` is not supported",
        ),
        (4, json!({ "antiking": "yes" }), "`antiking` is \"yes\""),
    ];
    for (n, keys, message) in cases {
        let e = refused(n, keys.clone());
        assert!(e.contains(message), "{keys}: {e}");
    }
    for (json, message) in [
        (
            json!({ "size": 17, "grid": [] }),
            "a 17x17 grid is not supported",
        ),
        (json!({ "size": 4 }), "no `grid` array"),
        (json!({ "size": 4, "grid": [[]] }), "`grid` has 1 rows"),
        (json!([1]), "a JSON object"),
    ] {
        let e = puzzle(&json).unwrap_err();
        assert!(e.contains(message), "{json}: {e}");
    }
    let mut obj = board(4, json!({}));
    obj["grid"][1][2] = json!({ "value": 7, "given": true });
    assert!(puzzle(&obj)
        .unwrap_err()
        .contains("cell R2C3: given value 7"));
    obj["grid"][1][2] = json!({ "colour": 1 });
    assert!(puzzle(&obj)
        .unwrap_err()
        .contains("cell R2C3: key `colour`"));
}

#[test]
fn givens_and_given_pencil_marks_are_read_and_marks_of_the_solver_are_not() {
    let mut obj = board(4, json!({}));
    obj["grid"][0][0] = json!({ "value": 2, "given": true, "givenPencilMarks": [1] });
    obj["grid"][0][1] = json!({ "givenPencilMarks": [3, 4], "centerPencilMarks": [3] });
    obj["grid"][0][2] = json!({ "value": 1, "cornerPencilMarks": [1, 2] });
    let p = puzzle(&obj).unwrap();
    assert_eq!(p.givens().get(Cell(0)).map(|d| d.index()), Some(1));
    assert_eq!(p.givens().get(Cell(2)), None);
    let sets = p.candidates().unwrap();
    assert_eq!(sets[1].0, 0b1100);
    assert_eq!(sets[0], crate::DigitSet::full(4));
    assert_eq!(puzzle(&to_json(&p)).unwrap(), p);
}

#[test]
fn solutions_and_candidates_are_written_into_the_source() {
    let (p, source) = parse(&link(&board(4, json!({ "title": "T" })))).unwrap();
    assert_eq!(source.form(), Form::Link);
    assert_eq!(source.title(), Some("T"));
    let solution =
        crate::Grid::from_values(4, &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
    let solved = solution_json(source.json(), &solution);
    assert_eq!(solved["grid"][1][0], json!({ "value": 3 }));
    assert_eq!(solved["title"], json!("T"));
    // The digits are not givens: the puzzle read back is the same.
    assert_eq!(puzzle(&solved).unwrap(), p);
    let sets = vec![crate::DigitSet(0b0101); 16];
    let marked = candidates_json(source.json(), &sets);
    assert_eq!(marked["grid"][3][3], json!({ "centerPencilMarks": [1, 3] }));
    assert_eq!(shown(&solved).unwrap(), solution);
    assert_eq!(shown(source.json()).unwrap(), crate::Grid::empty(4));
    let mut out = Vec::new();
    write_solution(&mut out, &solution, p.geometry(), Some(&source)).unwrap();
    let line = String::from_utf8(out).unwrap();
    assert!(
        line.starts_with(LINK_PREFIX) && line.ends_with('\n'),
        "{line}"
    );
    let (again, _) = parse(line.trim()).unwrap();
    assert_eq!(again, p);
}
