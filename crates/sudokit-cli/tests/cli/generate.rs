//! `sudokit generate`: the same bytes on any thread count, output that
//! `solve`/`count` read back in every format it offers, puzzles another engine
//! finds unique, and clear refusals.

use super::*;

fn generate(args: &[&str]) -> String {
    let assert = sudokit().arg("generate").args(args).assert().success();
    stdout(&assert)
}

/// `sudokit count -e dlx` on `text`: one `1` per puzzle (another engine than
/// the generator's).
fn counts_by_dlx(text: &str, extra: &[&str]) -> Vec<String> {
    let assert = sudokit()
        .args(["count", "-e", "dlx"])
        .args(extra)
        .write_stdin(text.to_string())
        .assert()
        .success();
    stdout(&assert).lines().map(String::from).collect()
}

#[test]
fn a_seed_gives_the_same_bytes_on_one_and_two_threads() {
    let args = ["-n", "40", "--seed", "9", "--symmetry", "rotate180"];
    let one = generate(&[&args[..], &["-j", "1"]].concat());
    let two = generate(&[&args[..], &["-j", "2"]].concat());
    assert_eq!(one, two);
    assert_eq!(one.lines().count(), 40);
    assert_eq!(counts_by_dlx(&one, &[]), vec!["1"; 40]);
    assert_ne!(
        one,
        generate(&[
            "-n",
            "40",
            "--seed",
            "10",
            "--symmetry",
            "rotate180",
            "-j",
            "1"
        ])
    );
}

#[test]
fn every_offered_format_reads_back_as_unique_puzzles() {
    let cases: [(&[&str], usize); 8] = [
        (&["--format", "line"], 3),
        (&["--format", "grid"], 3),
        (&["--format", "sdk"], 3),
        (&["--format", "ss"], 3),
        (&["--format", "sdm"], 3),
        (&["--jigsaw"], 3),
        (&["--jigsaw", "--format", "hdu4069"], 3),
        (&["--size", "16", "--format", "poj3076"], 1),
    ];
    for (args, n) in cases {
        let count = n.to_string();
        let text = generate(&[args, &["-n", &count, "--seed", "3"]].concat());
        assert_eq!(counts_by_dlx(&text, &[]), vec!["1"; n], "{args:?}:\n{text}");
    }
    // Extra houses: a header line that `count` reads.
    let text = generate(&["--x", "-n", "3", "--seed", "3"]);
    assert!(text.starts_with("# sudokit: x\n"), "{text}");
    assert_eq!(counts_by_dlx(&text, &[]), vec!["1"; 3]);
}

#[test]
fn with_solution_writes_the_solution_after_each_puzzle() {
    let text = generate(&[
        "-n",
        "2",
        "--seed",
        "4",
        "--with-solution",
        "--level",
        "medium",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    for pair in lines.chunks(2) {
        let solved = sudokit()
            .args(["solve", "-e", "dlx"])
            .write_stdin(format!("{}\n", pair[0]))
            .assert()
            .success();
        assert_eq!(stdout(&solved).trim(), pair[1]);
        let rated = sudokit()
            .arg("rate")
            .write_stdin(format!("{}\n", pair[0]))
            .assert()
            .success();
        assert!(
            stdout(&rated).trim().ends_with("medium"),
            "{}",
            stdout(&rated)
        );
    }
}

#[test]
fn stats_report_tries_and_the_clue_histogram() {
    sudokit()
        .args([
            "generate",
            "-n",
            "5",
            "--seed",
            "1",
            "--stats",
            "--minimal",
            "--clues",
            "20..28",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("generated 5 of 5 puzzles"))
        .stderr(predicate::str::contains("seed 1"))
        .stderr(predicate::str::contains("clues: mean"));
}

#[test]
fn impossible_requests_are_refused_with_the_reason() {
    let refusals: [(&[&str], &str); 7] = [
        (
            &["--box", "2x3", "--symmetry", "rotate90"],
            "rotate90 symmetry does not suit a 6x6 (2x3 boxes) grid",
        ),
        (&["--size", "7"], "use --jigsaw"),
        (
            &["--jigsaw", "--format", "line"],
            "cannot hold a 9x9 jigsaw puzzle",
        ),
        (
            &["--size", "16", "--level", "expert"],
            "classic 9x9 grids only",
        ),
        (&["--symmetry", "spiral"], "unknown symmetry `spiral`"),
        (&["--rating", "9..2"], "the range is empty"),
        (&["--clues", "16"], "fewer than 17"),
    ];
    for (args, message) in refusals {
        sudokit()
            .arg("generate")
            .args(args)
            .args(["--seed", "1"])
            .assert()
            .failure()
            .stderr(predicate::str::contains(message));
    }
    // A target no try meets: the puzzle is named, the run goes on.
    sudokit()
        .args([
            "generate",
            "-n",
            "2",
            "--minimal",
            "--clues",
            "17",
            "--max-tries",
            "2",
            "--seed",
            "1",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("puzzle 1: gave up after 2 tries"))
        .stderr(predicate::str::contains("puzzle 2: gave up after 2 tries"));
}

#[test]
fn json_records_hold_the_puzzle_solution_and_rating() {
    let text = generate(&["-n", "3", "--seed", "6", "--json", "--level", "hard"]);
    for (k, line) in text.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["number"], k as u64 + 1);
        let puzzle = v["puzzle"].as_str().unwrap();
        assert_eq!(
            v["clues"],
            puzzle.chars().filter(|&c| c != '.').count() as u64
        );
        assert_eq!(v["rating"]["level"], "hard");
        let solved = sudokit()
            .args(["solve", "-e", "dlx", "--limit", "2"])
            .write_stdin(format!("{puzzle}\n"))
            .assert()
            .success();
        assert_eq!(stdout(&solved).trim(), v["solution"].as_str().unwrap());
    }
    let jigsaw = generate(&["--jigsaw", "--seed", "6", "--json"]);
    let v: serde_json::Value = serde_json::from_str(jigsaw.trim()).unwrap();
    assert_eq!(v["regions"].as_str().unwrap().len(), 81);
}
