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
            .args(["rate", "--json", "--no-checks"])
            .write_stdin(format!("{}\n", pair[0]))
            .assert()
            .success();
        let v: serde_json::Value = serde_json::from_str(stdout(&rated).trim()).unwrap();
        assert_eq!(v["rating"]["level"], "medium", "{v}");
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

/// The first `--stats` line: the rate is over wall-clock time (rate × wall
/// = puzzles, within the printed rounding), the time per puzzle is labelled
/// as thread time.
#[test]
fn the_stats_rate_is_over_wall_time_and_labelled() {
    // A printed number and half a unit of its last digit.
    let number = |text: &str| -> (f64, f64) {
        let decimals = text.split_once('.').map_or(0, |(_, d)| d.len());
        (text.parse().unwrap(), 0.5 / 10f64.powi(decimals as i32))
    };
    for (count, threads) in [("1", "2"), ("6", "2"), ("4", "1")] {
        let assert = sudokit()
            .args(["generate", "-n", count, "-j", threads, "--seed", "2"])
            .arg("--stats")
            .assert()
            .success()
            .stderr(predicate::str::is_match(
                r"(?m)^generated \d+ of \d+ puzzles in \d+\.\d+ s wall \(\d+\.\d+ puzzles/s\); \d+(\.\d)? (ms|µs) of thread time per puzzle \(\d+ threads?\); seed 2$",
            ).unwrap());
        let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
        let words: Vec<&str> = err.lines().next().unwrap().split(' ').collect();
        assert_eq!((words[1], words[3]), (count, count), "{err}");
        let made: f64 = count.parse().unwrap();
        let (wall, dw) = number(words[6]);
        let (rate, dr) = number(words[9].trim_start_matches('('));
        // Some rate and wall time within the rounding multiply to the count.
        let (fastest, slowest) = (made / (wall - dw), made / (wall + dw));
        assert!(
            wall > dw && rate + dr >= slowest && rate - dr <= fastest,
            "{made} puzzles in {wall} s is not {rate}/s: {err}"
        );
    }
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
            "9x9 grids only (this is a 16x16 (4x4 boxes) grid)",
        ),
        (&["--symmetry", "spiral"], "unknown symmetry `spiral`"),
        (&["--rating", "9..2"], "the rating range 9.0..2.0 is empty"),
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

/// A rating range no puzzle reaches, or an empty one, is a usage error
/// (exit 2) at once, naming the ratings there are (the library's bounds).
#[test]
fn unreachable_and_empty_rating_ranges_are_usage_errors() {
    use sudokit::generate::{least_er, MAX_ER};
    let span = format!(
        "ratings run from {} (hidden singles) to {MAX_ER}",
        least_er()
    );
    let above = format!("{}.{}..", (MAX_ER.0 + 1) / 10, (MAX_ER.0 + 1) % 10);
    let cases: [(&str, String); 5] = [
        ("99", "no puzzle rates 99.0".into()),
        ("12.0..", "no puzzle rates 12.0 or more".into()),
        (
            &above,
            format!("no puzzle rates {} or more", &above[..above.len() - 2]),
        ),
        ("..0.9", "no puzzle rates 0.0 to 0.9".into()),
        ("5..3", "the rating range 5.0..3.0 is empty".into()),
    ];
    for (range, message) in cases {
        let assert = sudokit()
            .args(["generate", "--rating", range, "--seed", "1"])
            .timeout(std::time::Duration::from_secs(10))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
        if !range.contains("5..3") {
            assert.stderr(predicate::str::contains(span.as_str()));
        }
    }
    // The help names the same span.
    sudokit()
        .args(["generate", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "rating, {} to {MAX_ER};",
            least_er()
        )));
}

/// --timeout ends the run: the puzzles made are written (and read back),
/// stderr counts them, the exit status is 1; hdu4069's case count is the
/// number of cases written.
#[test]
fn a_timeout_writes_the_puzzles_made_and_exits_1() {
    let start = std::time::Instant::now();
    let assert = sudokit()
        .args(["generate", "-n", "100000", "--seed", "5", "--timeout", "2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the time limit of 2 s (--timeout) ran out",
        ));
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
    let text = stdout(&assert);
    let made = text.lines().count();
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains(&format!("generated {made} of 100000 puzzles")),
        "{made}: {err}"
    );
    assert!(made > 0, "{err}");
    assert_eq!(counts_by_dlx(&text, &[]), vec!["1"; made]);

    let assert = sudokit()
        .args(["generate", "--jigsaw", "-n", "100000", "--seed", "5"])
        .args(["--timeout", "2", "--format", "hdu4069"])
        .assert()
        .code(1);
    let text = stdout(&assert);
    let cases: usize = text.lines().next().unwrap().parse().unwrap();
    assert!(cases > 0);
    assert_eq!(counts_by_dlx(&text, &[]).len(), cases);

    // A 16x16 jigsaw that takes longer than the limit: nothing written.
    let start = std::time::Instant::now();
    sudokit()
        .args(["generate", "--jigsaw", "--size", "16", "-n", "2"])
        .args(["--seed", "1", "--timeout", "0.5"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("generated 0 of 2 puzzles"));
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}

/// Chains rate 9x9 jigsaws, so expert jigsaws are made, and `rate` agrees.
#[test]
fn expert_jigsaws_are_made_and_rate_expert() {
    let text = generate(&["--jigsaw", "--level", "expert", "-n", "1", "--seed", "1"]);
    let rated = sudokit()
        .args(["rate", "--json", "--no-checks"])
        .write_stdin(text.clone())
        .assert()
        .success();
    let line = stdout(&rated);
    let v: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(v["rating"]["level"], "expert", "{line}\n{text}");
    let er = v["rating"]["er"].as_f64().unwrap();
    assert!((6.5..=8.9).contains(&er), "{line}");
    // The card's band agrees with ER.
    assert_eq!(v["card"]["band"], "Very Hard", "{line}");
}

/// Boxes of one row or column are the rows or columns: written as a jigsaw
/// (the only formats that hold them), read back as unique puzzles; a format
/// that cannot hold a grid is refused naming formats that can (and do).
#[test]
fn one_line_boxes_are_written_as_jigsaws_and_refusals_name_working_formats() {
    for (shape, regions) in [("1x9", "000000000111111111"), ("9x1", "012345678012345678")] {
        let text = generate(&["--box", shape, "-n", "2", "--seed", "7"]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(lines[1].starts_with(regions), "{shape}: {text}");
        assert_eq!(counts_by_dlx(&text, &[]), vec!["1"; 2]);
    }
    for (args, format, works) in [
        (&["--box", "1x9"][..], "line", &["hdu4069", "jigsaw"][..]),
        (&["--box", "1x9"][..], "grid", &["hdu4069", "jigsaw"][..]),
        (&["--box", "3x2"][..], "line", &["grid", "ss"][..]),
        (&["--jigsaw"][..], "sdm", &["hdu4069", "jigsaw"][..]),
    ] {
        let suggestion = format!("try --format {}", works.join(" or --format "));
        sudokit()
            .arg("generate")
            .args(args)
            .args(["--format", format, "--seed", "1"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "the {format} format cannot hold"
            )))
            .stderr(predicate::str::contains(suggestion));
        for good in works {
            let text = generate(&[args, &["--format", good, "-n", "2", "--seed", "1"]].concat());
            assert_eq!(counts_by_dlx(&text, &[]), vec!["1"; 2], "{args:?} {good}");
        }
    }
}
