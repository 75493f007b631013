//! The contract every verb keeps: one record per puzzle, in order,
//! malformed puzzles included; one exit-status rule; inputs from files,
//! arguments or stdin by default; `--json` and `--format json` alike.

use crate::common::{sudokit, tempdir};

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Runs `sudokit ARGS` on `stdin`: (exit status, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = sudokit().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A 4-line file whose lines 2 and 3 are malformed.
fn four_lines() -> String {
    format!("{P}\nabc\n12345\n{P}\n")
}

#[test]
fn every_record_verb_answers_each_puzzle_in_order_malformed_ones_included() {
    let input = four_lines();
    for verb in ["solve", "count", "rate", "hint", "explain"] {
        // From stdin by default, as text and as JSON.
        let (code, out, err) = run(&[verb], &input);
        assert_eq!(code, 1, "{verb}: a malformed puzzle is status 1\n{err}");
        let records: Vec<&str> = if verb == "explain" {
            out.split_terminator("\n\n").collect()
        } else {
            out.lines().collect()
        };
        assert_eq!(records.len(), 4, "{verb}: {out}");
        assert_eq!(records[1], "Invalid puzzle", "{verb}");
        assert_eq!(records[2], "Invalid puzzle", "{verb}");
        assert_eq!(records[0], records[3], "{verb}");
        assert!(
            err.contains("<stdin>:2: ") && err.contains("<stdin>:3: "),
            "{verb}: {err}"
        );
        for json in [&[verb, "--json"][..], &[verb, "--format", "json"]] {
            let (code, out, _) = run(json, &input);
            assert_eq!(code, 1, "{json:?}");
            let verdicts: Vec<String> = out
                .lines()
                .map(|l| {
                    let v: serde_json::Value = serde_json::from_str(l).unwrap();
                    v["verdict"].as_str().unwrap().to_owned()
                })
                .collect();
            assert_eq!(verdicts.len(), 4, "{json:?}: {out}");
            assert_eq!(verdicts[1..3], ["invalid", "invalid"], "{json:?}");
        }
    }
}

#[test]
fn no_solution_and_several_are_answers_for_every_verb() {
    let several = ".".repeat(81);
    let none = format!("11{}", &P[2..]);
    for verb in ["solve", "rate", "hint", "explain"] {
        let (code, out, _) = run(
            &[verb, "--limit", "2", "-"],
            &format!("{several}\n{none}\n"),
        );
        assert_eq!(code, 0, "{verb}: {out}");
        assert!(out.starts_with("Multiple Solutions\n"), "{verb}: {out}");
        assert!(out.contains("No solution\n"), "{verb}: {out}");
    }
}

#[test]
fn an_empty_input_is_a_warning_and_status_0_for_every_verb() {
    for verb in [
        "solve", "count", "rate", "hint", "explain", "render", "check",
    ] {
        let (code, out, err) = run(&[verb], "");
        assert_eq!(code, 0, "{verb}: {err}");
        assert_eq!(out, "", "{verb}");
        assert!(err.contains("<stdin>: warning: no"), "{verb}: {err}");
    }
}

#[test]
fn every_verb_that_reads_puzzles_takes_several_inputs() {
    let dir = tempdir("contract-inputs");
    let a = dir.join("a.txt");
    let b = dir.join("b.txt");
    std::fs::write(&a, format!("{P}\n")).unwrap();
    std::fs::write(&b, format!("{P}\n")).unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    for verb in ["solve", "count", "rate", "hint"] {
        let (code, out, _) = run(&[verb, a, P, b], "");
        assert_eq!(code, 0, "{verb}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{verb}: {out}");
        assert!(lines.iter().all(|l| *l == lines[0]), "{verb}: {out}");
    }
    // render numbers one file per puzzle across the inputs.
    let svg = dir.join("p.svg");
    let (code, _, err) = run(&["render", a, b, "-o", svg.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(dir.join("p-1.svg").exists() && dir.join("p-2.svg").exists());
    // check reads the grids from stdin when none is named.
    let (_, solved, _) = run(&["solve", "--format", "line", a, b], "");
    let (code, out, _) = run(
        &["check", "--puzzle", a],
        &solved[..solved.find('\n').unwrap() + 1],
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("<stdin>:1: ok"), "{out}");
}

#[test]
fn json_is_a_format_value_wherever_json_is_written() {
    for verb in ["solve", "count", "rate", "hint", "explain", "generate"] {
        let help = run(&[verb, "--help"], "").1;
        assert!(
            help.contains("json]"),
            "{verb}: `json` is not listed:\n{help}"
        );
    }
    let (code, out, _) = run(&["generate", "--format", "json", "--seed", "1"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v["puzzle"].is_string(), "{v}");
}

#[test]
fn render_refuses_to_draw_one_of_several_solutions() {
    let (code, out, err) = run(&["render", "--solution", &".".repeat(16)], "");
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    assert!(err.contains("<argument>:1: several solutions"), "{err}");
    // A unique one is drawn.
    let (code, out, _) = run(&["render", "--solution", P], "");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("<svg") || out.starts_with("<?xml"),
        "{}",
        &out[..40]
    );
}

#[test]
fn an_f_puzzles_link_given_as_an_argument_is_a_puzzle() {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/fpuzzles.txt");
    let text = std::fs::read_to_string(examples).unwrap();
    let link = text.lines().find(|l| l.starts_with("https://")).unwrap();
    let (code, out, _) = run(&["count", link], "");
    assert_eq!((code, out.as_str()), (0, "2+\n"));
    // A broken one is an invalid puzzle with the reader's reason, not a
    // file that cannot be opened.
    let (code, out, err) = run(&["count", "https://www.f-puzzles.com/?load=N4Ig..."], "");
    assert_eq!((code, out.as_str()), (1, "Invalid puzzle\n"), "{err}");
    assert!(err.contains("lz-string"), "{err}");
}
