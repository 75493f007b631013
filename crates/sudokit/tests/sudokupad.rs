//! SudokuPad links: the 85 setter puzzles as SudokuPad's own f-puzzles
//! converter writes them (committed, CC BY 4.0, `fixtures/sudokupad/
//! setters.json`), real links made in Sudoku Maker and SudokuPad (MIT,
//! `real.json`), and the links sudokit writes, read back here and, when
//! Node and SudokuPad's code are present, by SudokuPad's own decoder.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use sudokit::format::{fpuzzles, sudokupad};
use sudokit::{Auto, Engine, Grid, Puzzle};

fn fixture(name: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sudokupad")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the fixture is committed");
    serde_json::from_str::<Value>(&text)
        .expect("JSON")
        .as_array()
        .expect("an array")
        .clone()
}

fn digits(s: &str) -> Vec<u8> {
    s.bytes().map(|b| b - b'0').collect()
}

/// The unique solution of `p`, checked by the independent validator.
fn unique(p: &Puzzle) -> Option<Grid> {
    let mut engine = Auto::default();
    let found = engine.solve(p, 2).expect("a supported puzzle");
    let grid = found.first.filter(|_| found.count == 1)?;
    sudokit::validate(p, &grid).expect("the engine's solution keeps the houses");
    Some(grid)
}

/// The f-puzzles originals, when the shared corpus is present.
fn originals() -> Option<Vec<Value>> {
    crate::datasets::setter_corpus("the f-puzzles originals")
}

#[test]
fn the_converters_links_read_as_their_fpuzzles_originals() {
    let links = fixture("setters.json");
    assert_eq!(links.len(), 85);
    let originals = originals();
    if originals.is_none() {
        eprintln!("../shared is absent: comparing with the published solutions only");
    }
    let (mut read, mut refused) = (0, Vec::new());
    for (i, e) in links.iter().enumerate() {
        let title = e["title"].as_str().unwrap();
        match fpuzzles::parse(e["link"].as_str().unwrap()) {
            Ok((p, source)) => {
                read += 1;
                assert_eq!(source.form(), fpuzzles::Form::SudokuPad, "{title}");
                let grid = unique(&p).unwrap_or_else(|| panic!("{title}: not unique"));
                let published =
                    Grid::from_values(p.size(), &digits(e["solution"].as_str().unwrap())).unwrap();
                assert_eq!(grid, published, "{title}: a different answer");
                if let Some(o) = &originals {
                    let (f, _) = fpuzzles::parse(o[i]["puzzle"].as_str().unwrap()).unwrap();
                    let mut engine = Auto::default();
                    assert_eq!(
                        engine.true_candidates(&p, 2).unwrap().candidates,
                        engine.true_candidates(&f, 2).unwrap().candidates,
                        "{title}"
                    );
                }
            }
            Err(why) => refused.push(format!("{title}: {why}")),
        }
    }
    eprintln!("{read} read, refused: {refused:#?}");
    assert!(read >= 80, "{read} read; refused: {refused:#?}");
}

#[test]
fn real_links_solve_to_their_published_solution_or_are_refused_by_name() {
    let links = fixture("real.json");
    let mut solved = 0;
    for e in &links {
        let title = e["title"].as_str().unwrap();
        let Some(sol) = e["solution"].as_str() else {
            continue;
        };
        match fpuzzles::parse(e["link"].as_str().unwrap()) {
            Ok((p, _)) => {
                let grid =
                    unique(&p).unwrap_or_else(|| panic!("{title}: read, but not to one solution"));
                let published = Grid::from_values(p.size(), &digits(sol)).unwrap();
                assert_eq!(grid, published, "{title}: a different answer");
                solved += 1;
            }
            Err(why) => assert!(why.len() > 20, "{title}: {why}"),
        }
    }
    eprintln!(
        "{solved} of {} real links solved, the rest refused by name",
        links.len()
    );
    assert!(solved >= 23, "{solved}");
}

#[test]
fn short_links_and_damaged_payloads_are_refused_by_name() {
    let cases = [
        ("https://sudokupad.app/psxczr0jpr", "short link"),
        ("https://sudokupad.app/sclN4Ig!!", "short link"),
        ("https://sudokupad.app/", "without a puzzle"),
        ("sclAAAAAAAAAAAA", "does not decompress"),
    ];
    for (text, says) in cases {
        let e = fpuzzles::parse(text).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    } // A grid larger than any variant grid is refused before it is walked.
    let row = Value::Array(vec![serde_json::json!({}); 40]);
    let big = serde_json::json!({ "cells": vec![row; 40] });
    let e = fpuzzles::parse(&sudokupad::link_of(&big)).unwrap_err();
    assert!(e.contains("3x3 to 16x16"), "{e}");
}

/// Puzzles to write: the setters' puzzles that read, and the examples.
fn puzzles() -> Vec<Puzzle> {
    let mut out: Vec<Puzzle> = fixture("setters.json")
        .iter()
        .filter_map(|e| fpuzzles::parse(e["link"].as_str()?).ok().map(|(p, _)| p))
        .collect();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    for name in ["fpuzzles.txt", "jigsaw.txt", "acwing166.txt", "line16.txt"] {
        let text = std::fs::read(examples.join(name)).unwrap();
        let (format, _) = sudokit::format::detect_reader(&text[..]).unwrap();
        out.extend(
            sudokit::format::read(format.unwrap(), &text[..])
                .filter_map(Result::ok)
                .map(|e| e.puzzle),
        );
    }
    out
}

#[test]
fn written_links_read_back_as_the_same_puzzle() {
    let mut engine = Auto::default();
    for p in puzzles() {
        let json = fpuzzles::to_json(&p);
        let link = sudokupad::scl_link(&json);
        assert!(link.starts_with(sudokupad::SCL_PREFIX));
        let (back, _) = fpuzzles::parse(&link).unwrap_or_else(|e| panic!("{e}: {link}"));
        assert_eq!(back.givens(), p.givens());
        assert_eq!(
            engine.true_candidates(&back, 2).unwrap().candidates,
            engine.true_candidates(&p, 2).unwrap().candidates,
            "{link}"
        );
    }
}

/// SudokuPad's code, from `SUDOKUTOOLS` or a checkout beside the project.
fn sudokutools() -> Option<PathBuf> {
    let dir = std::env::var_os("SUDOKUTOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../peers/sudokutools/src")
        });
    dir.join("puzzlezipper_lib.js").exists().then_some(dir)
}

#[test]
fn sudokupads_own_decoder_reads_the_links_sudokit_writes() {
    let Some(dir) = sudokutools() else {
        eprintln!(
            "skipping: SudokuPad's code is absent (SUDOKUTOOLS, or ../peers/sudokutools/src)"
        );
        return;
    };
    let mut links = Vec::new();
    let mut ours = Vec::new();
    for p in puzzles() {
        let link = sudokupad::scl_link(&fpuzzles::to_json(&p));
        let payload = &link[sudokupad::SCL_PREFIX.len()..];
        let text = sudokit::format::fpuzzles::decompress(payload).unwrap();
        ours.push(sudokupad::unzip(&text).unwrap());
        links.push(link);
    }
    // The fixtures too: SudokuPad's reading and ours of the same links.
    for e in fixture("setters.json").iter().chain(&fixture("real.json")) {
        let link = e["link"].as_str().unwrap();
        let at = link.rfind("/scl").unwrap() + 4;
        let text = sudokit::format::fpuzzles::decompress(&link[at..].replace('\\', "=")).unwrap();
        ours.push(sudokupad::unzip(&text).unwrap());
        links.push(link.to_owned());
    }
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/peers/sudokupad-unzip.js");
    let mut child = match Command::new("node")
        .arg(script)
        .env("SUDOKUTOOLS", &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("skipping: node cannot run ({e})");
            return;
        }
    };
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(links.join("\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let theirs: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(theirs.len(), links.len());
    for ((a, b), link) in theirs.iter().zip(&ours).zip(&links) {
        assert_eq!(numbers(a), numbers(b), "{link}");
    }
}

/// `v` with every number as a float: JavaScript has one kind of number.
fn numbers(v: &Value) -> Value {
    match v {
        Value::Array(a) => Value::Array(a.iter().map(numbers).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), numbers(v))).collect()),
        Value::Number(n) => serde_json::json!(n.as_f64()),
        other => other.clone(),
    }
}
