//! SudokuPad links through the binary: read as arguments and files, answered
//! as SudokuPad links, `--to scl` and `generate --format scl`, and
//! `--assume` settling a line the rules text does not explain.

use serde_json::Value;
use sudokit::format::sudokupad;

use crate::common::{stdout, sudokit};

fn setters() -> Vec<Value> {
    let text = include_str!("../../../sudokit/tests/fixtures/sudokupad/setters.json");
    serde_json::from_str::<Value>(text)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = sudokit().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_sudokupad_link_is_counted_and_solved_into_a_sudokupad_link() {
    let e = &setters()[0];
    let link = e["link"].as_str().unwrap();
    let (code, out, err) = run(&["count", link]);
    assert_eq!((code, out.trim()), (0, "1"), "{err}");
    // (Given inline without --format, a person asked: the answer is drawn.)
    let (code, out, _) = run(&["solve", "--format", "fpuzzles", link]);
    assert_eq!(code, 0);
    let answer = out.trim();
    assert!(answer.starts_with(sudokupad::SCL_PREFIX), "{answer}");
    // The answer is the puzzle with every cell filled: its givens are the
    // published solution.
    let (code, out, _) = run(&["solve", "--json", answer]);
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(out.trim()).unwrap();
    let values: String = json["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(values, e["solution"].as_str().unwrap());
}

#[test]
fn any_answer_and_any_generated_puzzle_can_be_a_sudokupad_link() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let assert = sudokit()
        .args(["solve", "--to", "scl", line])
        .assert()
        .success();
    let link = stdout(&assert);
    assert!(link.starts_with(sudokupad::SCL_PREFIX), "{link}");
    let (code, out, _) = run(&["count", link.trim()]);
    assert_eq!((code, out.trim()), (0, "1"));
    let assert = sudokit()
        .args(["generate", "-n", "3", "--seed", "9", "--format", "scl"])
        .assert()
        .success();
    let links = stdout(&assert);
    assert_eq!(links.lines().count(), 3);
    for l in links.lines() {
        assert!(l.starts_with(sudokupad::SCL_PREFIX), "{l}");
        let (code, out, _) = run(&["count", l]);
        assert_eq!((code, out.trim()), (0, "1"), "{l}");
    }
}

#[test]
fn assume_settles_a_line_the_rules_do_not_explain() {
    // "Renban Whispers": pink renban and green whispers, by the rules text.
    let e = setters()
        .into_iter()
        .find(|e| e["title"].as_str().unwrap().contains("Renban Whispers"))
        .unwrap();
    let decoded = sudokupad::decode(e["link"].as_str().unwrap(), &Default::default())
        .unwrap()
        .unwrap();
    let mut pad = decoded.pad.json().unwrap().clone();
    // Its renban lines drawn in a colour no rule names.
    for line in pad["lines"].as_array_mut().unwrap() {
        if line["color"] == "#F067F0" {
            line["color"] = "#123456".into();
        }
    }
    let link = sudokupad::link_of(&pad);
    let (code, out, err) = run(&["count", &link]);
    assert_eq!((code, out.trim()), (1, "Invalid puzzle"));
    assert!(err.contains("#123456") && err.contains("--assume"), "{err}");
    let (code, out, err) = run(&["count", "--assume", "#123456=renban", &link]);
    assert_eq!((code, out.trim()), (0, "1"), "{err}");
    // render and check take it too.
    let svg = std::env::temp_dir().join(format!("sudokit-assume-{}.svg", std::process::id()));
    let out = svg.to_str().unwrap();
    let (code, _, _) = run(&["render", "-o", out, &link]);
    assert_eq!(code, 1);
    let (code, _, err) = run(&["render", "--assume", "#123456=renban", "-o", out, &link]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let _ = std::fs::remove_file(&svg);
    let (code, _, err) = run(&["count", "--assume", "#123456=wobble", &link]);
    assert_eq!(code, 2);
    assert!(err.contains("not a kind of line"), "{err}");
}
