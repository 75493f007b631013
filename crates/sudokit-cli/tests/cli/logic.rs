//! `sudokit rate`, `hint` and `explain`: byte for byte on the examples, the
//! records of bad puzzles, JSON that parses to the documented schema.

use super::*;

/// `sudokit ARGS examples/NAME`, run to its end.
fn on_example(args: &[&str], name: &str) -> assert_cmd::assert::Assert {
    sudokit().args(args).arg(example(name)).assert()
}

/// `examples/rate.out`: each puzzle's card, after Sudoku Explainer's
/// ER/EP/ED (`examples/rate-se.out`: serate with the SE 1.2.1 technique set
/// gave the same ER/EP/ED for the eight puzzles); then a puzzle with several
/// solutions, one with none, a malformed line.
#[test]
fn rate_prints_one_rating_line_per_puzzle_in_order() {
    for threads in ["1", "2"] {
        let assert = on_example(&["rate", "-j", threads], "rate.txt")
            .code(1)
            .stderr(predicate::str::contains("rate.txt:11: line has 80 cells"));
        assert_eq!(stdout(&assert), example_text("rate.out"), "-j {threads}");
    }
}

#[test]
fn rate_json_gives_er_ep_ed_level_and_the_verdicts() {
    let assert = on_example(&["rate", "--format", "json"], "rate.txt").code(1);
    let text = stdout(&assert);
    let expected: Vec<String> = example_text("rate-se.out")
        .lines()
        .map(String::from)
        .collect();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), expected.len());
    for (line, want) in lines.iter().zip(&expected) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        match want.as_str() {
            "Multiple Solutions" => assert_eq!(v["verdict"], "multiple"),
            "No solution" => assert_eq!(v["verdict"], "no_solution"),
            "Invalid puzzle" => assert_eq!(v["verdict"], "invalid"),
            rated => {
                assert_eq!(v["verdict"], "unique");
                let r = &v["rating"];
                let text = format!(
                    "{:.1}/{:.1}/{:.1} {}",
                    r["er"].as_f64().unwrap(),
                    r["ep"].as_f64().unwrap(),
                    r["ed"].as_f64().unwrap(),
                    r["level"].as_str().unwrap()
                );
                assert_eq!(text, rated);
                assert!(r["steps"].as_u64().unwrap() > 0);
                // The card's band never contradicts ER.
                let er =
                    sudokit::logic::Difficulty((r["er"].as_f64().unwrap() * 10.0).round() as u16);
                assert_eq!(v["card"]["band"], sudokit::card::Band::of(er).name());
                assert_eq!(v["card"]["er"], r["er"]);
            }
        }
    }
}

#[test]
fn hint_names_the_next_step_in_words() {
    let assert = sudokit()
        .args([
            "hint",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ])
        .assert()
        .success();
    assert_eq!(
        stdout(&assert),
        "Hidden Single: the only place for 4 in box 4 is r6c2\n"
    );
    // A pencil-mark puzzle starts from its marks; `No solution` is an
    // answer (exit status 0), as in `solve`.
    let assert = on_example(&["hint"], "pencilmark.txt").success();
    assert_eq!(
        stdout(&assert),
        "Hidden Single: the only place for 6 in box 5 is r5c6\n\
         Hidden Single: the only place for 4 in box 4 is r6c2\nNo solution\n"
    );
}

#[test]
fn explain_prints_the_path_then_the_rating() {
    let assert = on_example(&["explain"], "explain.txt").success();
    assert_eq!(stdout(&assert), example_text("explain.out"));
}

#[test]
fn explain_json_steps_replay_to_the_solution() {
    let puzzle = example_text("explain.txt");
    let assert = sudokit()
        .args(["explain", "--json", puzzle.trim()])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_str(&stdout(&assert)).unwrap();
    assert_eq!(v["verdict"], "unique");
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len() as u64, v["rating"]["steps"].as_u64().unwrap());
    // Replaying the placements fills the grid to the engines' solution.
    let mut grid: Vec<u8> = puzzle.trim().bytes().collect();
    let mut max = 0.0f64;
    for s in steps {
        for key in ["technique", "text"] {
            assert!(s[key].is_string(), "{s}");
        }
        max = max.max(s["difficulty"].as_f64().unwrap());
        for p in s["placements"].as_array().unwrap() {
            let p = p.as_str().unwrap();
            let (r, c, d) = (
                p.as_bytes()[1] - b'1',
                p.as_bytes()[3] - b'1',
                p.as_bytes()[5],
            );
            grid[usize::from(r) * 9 + usize::from(c)] = d;
        }
    }
    assert_eq!(max, v["rating"]["er"].as_f64().unwrap());
    let solved = sudokit()
        .args(["solve", "--format", "line", puzzle.trim()])
        .assert()
        .success();
    assert_eq!(String::from_utf8(grid).unwrap() + "\n", stdout(&solved));
}

#[test]
fn rate_says_unrated_and_names_the_missing_rungs() {
    // 16x16: no chains there, so the ladder stops short on this one.
    let assert = on_example(&["rate"], "line16.txt")
        .stderr(predicate::str::contains(
            "line16.txt:2: unrated: no technique of the ladder applies",
        ))
        // It names the rungs this geometry lacks.
        .stderr(predicate::str::contains(
            "the chain rungs (ER 6.5 and up) are implemented for 9x9 grids only: \
             this 16x16 puzzle needs one",
        ));
    // The card: band Extreme, no made-up difficulty.
    assert_eq!(
        stdout(&assert),
        "Multiple Solutions\nExtreme  stuck after 28 steps  Pointing\n"
    );
}

/// One puzzle each: the record on stdout, the exit status, what stderr says.
#[test]
fn one_puzzle_answers_with_its_record_status_and_reason() {
    // A forum-hardest puzzle whose first step is a nested chain (ER 11.4).
    let hardest =
        ".23.....94.....1...9..3..4.2..81...4.....78..9...4...23...9...1.6..........5.....";
    let complete =
        "148367259295148367673295814936471582584932176712586493859623741427819635361754928";
    let empty = ".".repeat(81);
    let cases: [(&[&str], i32, &str, &str); 5] = [
        // A logical path needs one solution: `solve`'s record, an answer.
        (&["hint", &empty], 0, "Multiple Solutions\n", ""),
        (&["explain", &empty], 0, "Multiple Solutions\n\n", ""),
        // 10 ms is far too little for a nested chain.
        (
            &["rate", "--timeout", "0.01", hardest],
            1,
            "Gave up\n",
            "gave up: time limit",
        ),
        // A complete grid has no step to rate: `Solved`, not 0.0/0.0/0.0.
        (&["rate", complete], 0, "Solved\n", ""),
        (&["hint", complete], 0, "Solved: every cell is filled\n", ""),
    ];
    for (args, code, out, err) in cases {
        sudokit()
            .args(args)
            .assert()
            .code(code)
            .stdout(out.to_string())
            .stderr(predicate::str::contains(err));
    }
}

/// A puzzle of the library's committed variant corpus, as one-line JSON
/// in a file of its own.
fn variant_file(index: usize, name: &str) -> std::path::PathBuf {
    let all: serde_json::Value = serde_json::from_str(include_str!(
        "../../../sudokit/tests/data/variants/corpus.json"
    ))
    .unwrap();
    let dir = tempdir(name);
    let path = dir.join("puzzle.json");
    std::fs::write(&path, format!("{}\n", all[index])).unwrap();
    path
}

/// `explain` on a killer puzzle: numbered steps in words (cage steps name
/// their combinations), then `Solved in N steps` with N the steps printed,
/// and no Sudoku Explainer rating.
#[test]
fn explain_walks_a_killer_puzzle_to_solved_in_n_steps() {
    let path = variant_file(0, "explain-killer");
    let text = stdout(&sudokit().arg("explain").arg(&path).assert().success());
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let (last, steps) = lines.split_last().unwrap();
    assert_eq!(*last, format!("Solved in {} steps", steps.len()), "{text}");
    assert!(steps
        .iter()
        .any(|l| l.contains("Killer Cage: cage ") && l.contains("combination")));
    assert!(!text.contains("Rating:"), "{text}");
    // --json: the same steps, a unique verdict, no rating.
    let json = stdout(
        &sudokit()
            .args(["explain", "--json"])
            .arg(&path)
            .assert()
            .success(),
    );
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["verdict"], "unique");
    assert_eq!(v["steps"].as_array().unwrap().len(), steps.len());
    assert!(v.get("rating").is_none());
}

/// `hint` gives a variant puzzle's next step; `rate` gives its card, never
/// an SE rating.
#[test]
fn hint_and_rate_take_variant_puzzles() {
    let path = variant_file(0, "hint-killer");
    let json = stdout(
        &sudokit()
            .args(["hint", "--json"])
            .arg(&path)
            .assert()
            .success(),
    );
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["step"]["technique"], "Killer Cage");
    assert!(!v["step"]["eliminations"].as_array().unwrap().is_empty());
    let line = stdout(&sudokit().arg("rate").arg(&path).assert().success());
    // Band, difficulty, minutes, techniques: no ER/EP/ED first.
    let band = sudokit::card::Band::ALL
        .into_iter()
        .find(|b| line.starts_with(&format!("{b}  ")));
    assert!(band.is_some(), "{line}");
    assert!(line.contains(" min  "), "{line}");
    let json = stdout(
        &sudokit()
            .args(["rate", "--json"])
            .arg(&path)
            .assert()
            .success(),
    );
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert!(v.get("rating").is_none(), "{v}");
    let contents = v["card"]["contents"].as_array().unwrap();
    assert!(
        contents.iter().any(|c| c["technique"] == "Killer Cage"),
        "{v}"
    );
    assert_eq!(v["card"]["band"], band.unwrap().name());
    assert!(v["card"]["minutes"].as_f64().unwrap() > 0.0);
}
