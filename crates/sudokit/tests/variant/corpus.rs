//! The committed corpus (`tests/data/variants/corpus.json`, written by
//! `corpus_gen`): every puzzle read through the f-puzzles reader has its
//! stored solution (valid), exactly one solution, and that solution's digit
//! as the only true candidate of every cell; every kind has its three
//! puzzles.

use std::collections::BTreeMap;

use serde_json::Value;
use sudokit::engine::Variant;
use sudokit::format::fpuzzles;
use sudokit::{validate, Engine, Grid, Puzzle};

use super::corpus_gen::{kind_names, PER_KIND};

/// The corpus text, compiled into the test binary.
const TEXT: &str = include_str!("../data/variants/corpus.json");

/// The f-puzzles key a corpus kind must carry.
fn key_of(kind: &str) -> &str {
    match kind {
        "killercage-nototal" => "killercage",
        "difference-negative" | "ratio-negative" | "xv-negative" => "negative",
        "extraregion-small" => "extraregion",
        other => other,
    }
}

/// The solution stored with an f-puzzles entry.
fn stored_solution(entry: &Value, n: usize) -> Grid {
    let values: Vec<u8> = entry["solution"]
        .as_array()
        .expect("a solution array")
        .iter()
        .map(|v| v.as_u64().expect("a digit") as u8)
        .collect();
    Grid::from_values(n, &values).unwrap()
}

/// `puzzle` has `solution` as its one solution (validated), counted by the
/// variant engine to 2, and as its true candidates (cap 2).
pub fn assert_unique(name: &str, puzzle: &Puzzle, solution: &Grid) {
    validate(puzzle, solution).unwrap_or_else(|e| panic!("{name}: its solution is invalid: {e}"));
    let mut engine = Variant::new();
    let s = engine.solve(puzzle, 2).unwrap();
    assert!(s.complete, "{name}: count incomplete");
    assert_eq!(s.count, 1, "{name}: solutions");
    assert_eq!(s.first.as_ref(), Some(solution), "{name}: another solution");
    let tc = engine.true_candidates(puzzle, 2).unwrap();
    assert!(tc.complete && tc.is_unique(), "{name}: true candidates");
    for (cell, (set, digit)) in tc.candidates.iter().zip(solution.cells()).enumerate() {
        let d = digit.expect("a full solution");
        assert!(
            set.len() == 1 && set.contains(d),
            "{name}: cell {cell} has true candidates {set:?}, not only {}",
            d.index() + 1
        );
    }
}

#[test]
fn corpus_puzzles_have_their_one_solution() {
    let all: Value = serde_json::from_str(TEXT).expect("the corpus is JSON");
    let mut per_kind: BTreeMap<String, usize> = BTreeMap::new();
    for entry in all.as_array().expect("an array of puzzles") {
        let title = entry["title"].as_str().expect("a title");
        let (kind, _) = title
            .strip_prefix("sudokit corpus ")
            .and_then(|t| t.rsplit_once(' '))
            .unwrap_or_else(|| panic!("{title}: not a corpus title"));
        assert_eq!(entry["author"], "sudokit", "{title}");
        if kind == "irregular" {
            assert!(
                entry["grid"][0][0].get("region").is_some(),
                "{title}: regions"
            );
        } else {
            assert!(
                entry.get(key_of(kind)).is_some(),
                "{title}: no `{}` key",
                key_of(kind)
            );
        }
        let puzzle = fpuzzles::puzzle(entry).unwrap_or_else(|e| panic!("{title}: {e}"));
        let solution = stored_solution(entry, puzzle.size());
        assert_unique(title, &puzzle, &solution);
        *per_kind.entry(kind.to_string()).or_default() += 1;
    }
    for kind in kind_names() {
        let k = per_kind.get(kind).copied().unwrap_or(0);
        assert!(k >= PER_KIND, "{kind}: {k} puzzles in the corpus");
    }
}
