//! Batch solving, sharding, statistics, progress, counting, enumeration,
//! the drawn grid for a person and the formats people have.

use std::fs;
use std::io::Read;
use std::process::{Command as StdCommand, Stdio};

use predicates::prelude::*;
use sudokit::format::{self, Format};
use sudokit::validate;

use super::{
    check_output, example, example_text, fails_saying, puzzles, read_example,
    solves_example_byte_exact, stdout, sudokit, tempdir,
};

const A: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const B: &str = "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.";
const C: &str = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

/// A 9x9 puzzle with its digits relabelled by `perm` (still a puzzle with
/// the same number of solutions).
fn relabel(puzzle: &str, perm: &[u8; 9]) -> String {
    puzzle
        .bytes()
        .map(|b| match b {
            b'1'..=b'9' => (b'0' + perm[(b - b'1') as usize]) as char,
            _ => b as char,
        })
        .collect()
}

/// `count` varied 9x9 puzzles, with a malformed line every 97th and a
/// puzzle without solution every 89th: more than two chunks of work.
fn mixed_input(count: usize) -> String {
    let mut perm = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut out = String::new();
    let mut seed = 12345u64;
    for i in 0..count {
        // A small LCG shuffles the labels.
        for k in (1..9).rev() {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            perm.swap(k, (seed >> 33) as usize % (k + 1));
        }
        let base = [A, B, C][i % 3];
        let line = if i % 97 == 50 {
            base[..80].to_owned()
        } else if i % 89 == 40 {
            format!("11{}", &base[2..])
        } else {
            relabel(base, &perm)
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn run(args: &[&str], stdin: Option<&str>) -> (Vec<u8>, String, i32) {
    let mut cmd = sudokit();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_owned());
    }
    let out = cmd.output().unwrap();
    (
        out.stdout,
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

#[test]
fn threads_give_the_bytes_of_one_thread_in_input_order() {
    let input = mixed_input(9000);
    let (one, err_one, code_one) = run(&["solve", "--threads", "1"], Some(&input));
    assert_eq!(code_one, 1, "malformed lines make status 1");
    let malformed = (0..9000).filter(|i| i % 97 == 50).count();
    let clashing = (0..9000).filter(|i| i % 97 != 50 && i % 89 == 40).count();
    assert_eq!(err_one.lines().count(), malformed, "{err_one}");
    for threads in ["2", "3"] {
        let (many, err, code) = run(&["solve", "--threads", threads], Some(&input));
        assert_eq!(code, code_one);
        assert!(many == one, "--threads {threads} changed the output");
        assert_eq!(err, err_one);
    }
    let records = check_output(Format::Line, input.as_bytes(), &one);
    assert_eq!(
        records.iter().filter(|r| *r == "No solution").count(),
        clashing
    );
    // Limit 2 and count mode go through the workers as well.
    for args in [&["solve", "--limit", "2"][..], &["count"][..]] {
        let mut a = args.to_vec();
        a.extend(["--threads", "1"]);
        let (one, _, _) = run(&a, Some(&input));
        a.pop();
        a.push("2");
        let (two, _, _) = run(&a, Some(&input));
        assert!(one == two, "{args:?}");
    }
}

#[test]
fn shards_concatenated_in_order_are_the_unsharded_output() {
    let dir = tempdir("shards");
    let big = dir.join("mixed.txt");
    fs::write(&big, mixed_input(1200)).unwrap();
    let files = [
        big.to_str().unwrap().to_owned(),
        example("hdu4069.txt").to_str().unwrap().to_owned(),
        example("poj3076.txt").to_str().unwrap().to_owned(),
    ];
    for inputs in [&files[..1], &files[1..2], &files[..]] {
        let mut args = vec!["solve"];
        args.extend(inputs.iter().map(String::as_str));
        let (whole, err_whole, _) = run(&args, None);
        for n in [1, 2, 3, 7] {
            let mut joined = Vec::new();
            let mut errs = String::new();
            for k in 1..=n {
                let shard = format!("{k}/{n}");
                let mut a = args.clone();
                a.extend(["--shard", &shard]);
                let (out, err, _) = run(&a, None);
                joined.extend(out);
                errs.push_str(&err);
            }
            assert!(joined == whole, "{n} shards of {inputs:?}");
            assert_eq!(errs, err_whole, "{n} shards of {inputs:?}");
        }
    }
    // Stdin cannot be read twice.
    sudokit()
        .args(["solve", "--shard", "1/2"])
        .write_stdin(A)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs files"));
    fails_saying(&["solve", "--shard", "3/2", "x"], 2, "K/N");
}

/// The value of `name` in the `--stats` summary.
fn stat(stderr: &str, name: &str) -> String {
    stderr
        .lines()
        .find_map(|l| {
            l.strip_prefix(name)
                .filter(|rest| rest.starts_with("  "))
                .map(|rest| rest.trim().to_owned())
        })
        .unwrap_or_else(|| panic!("no {name} in {stderr}"))
}

#[test]
fn stats_count_what_was_answered() {
    let empty4 = ".".repeat(16);
    let clash = format!("11{}", ".".repeat(14));
    let mut input = String::new();
    for _ in 0..7 {
        input.push_str(&format!("{A}\n{B}\n"));
    }
    for _ in 0..3 {
        input.push_str(&format!("{empty4}\n"));
    }
    for _ in 0..4 {
        input.push_str(&format!("{clash}\n{}\n", &A[..10]));
    }
    for threads in ["1", "2"] {
        let (out, err, code) = run(
            &["solve", "--limit", "2", "--stats", "--threads", threads],
            Some(&input),
        );
        assert_eq!(code, 1);
        let records = check_output(Format::Line, input.as_bytes(), &out);
        let count = |what: &str| records.iter().filter(|r| *r == what).count().to_string();
        assert_eq!(stat(&err, "puzzles"), records.len().to_string());
        assert_eq!(stat(&err, "puzzles"), "25");
        assert_eq!(stat(&err, "solved"), "14");
        assert_eq!(stat(&err, "no solution"), count("No solution"));
        assert_eq!(stat(&err, "no solution"), "4");
        assert_eq!(stat(&err, "multiple"), count("Multiple Solutions"));
        assert_eq!(stat(&err, "multiple"), "3");
        assert_eq!(stat(&err, "invalid"), count("Invalid puzzle"));
        assert_eq!(stat(&err, "invalid"), "4");
        assert!(stat(&err, "guesses").parse::<u64>().unwrap() > 0);
        assert!(stat(&err, "puzzles/s").parse::<f64>().unwrap() > 0.0);
    }
    // No summary unless asked.
    let (_, err, _) = run(&["solve"], Some(&format!("{A}\n")));
    assert_eq!(err, "");
}

/// Runs sudokit with stderr on a pseudo-terminal; returns what the terminal
/// received.
fn stderr_on_a_terminal(args: &[&str], file: &std::path::Path) -> String {
    let pty = nix::pty::openpty(None, None).expect("a pseudo-terminal");
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("sudokit"))
        .args(args)
        .arg(file)
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(pty.slave))
        .spawn()
        .unwrap();
    let mut master = fs::File::from(pty.master);
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    // Reading the master ends with EIO once the child closed the terminal.
    while let Ok(n) = master.read(&mut buf) {
        if n == 0 {
            break;
        }
        seen.extend_from_slice(&buf[..n]);
    }
    assert!(child.wait().unwrap().success());
    String::from_utf8_lossy(&seen).into_owned()
}

#[test]
fn the_progress_bar_shows_on_a_terminal_and_never_in_a_pipe() {
    let dir = tempdir("progress");
    let file = dir.join("many.txt");
    let input: String = (0..1500)
        .map(|i| format!("{}\n", [A, B, C][i % 3]))
        .collect();
    fs::write(&file, &input).unwrap();
    let small = dir.join("few.txt");
    fs::write(&small, format!("{A}\n{B}\n{C}\n")).unwrap();
    for threads in ["1", "2"] {
        let shown = stderr_on_a_terminal(&["solve", "--progress", "always", "-j", threads], &file);
        assert!(shown.contains("puzzles/s"), "{shown:?}");
        assert!(shown.contains('%'), "{shown:?}");
        // A quick run (far below the one-second delay, even on a busy
        // machine) with the default (auto) draws nothing.
        let quiet = stderr_on_a_terminal(&["solve", "-j", threads], &small);
        assert_eq!(quiet, "");
        // Piped: never, even when asked.
        let (_, err, code) = run(
            &["solve", "--progress", "always", "-j", threads],
            Some(&input),
        );
        assert_eq!((err.as_str(), code), ("", 0));
    }
}

#[test]
fn count_prints_zero_one_or_n_plus_per_puzzle() {
    let empty4 = ".".repeat(16);
    let clash = format!("11{}", ".".repeat(14));
    let input = format!("{empty4}\n{clash}\n1234341221434321\n{}\n", &A[..5]);
    for args in [&["count"][..], &["solve", "--count"], &["count", "-j", "1"]] {
        sudokit()
            .args(args)
            .write_stdin(input.clone())
            .assert()
            .code(1)
            .stdout("2+\n0\n1\nInvalid puzzle\n");
    }
    sudokit()
        .args(["count", "--limit", "1000"])
        .write_stdin(input.clone())
        .assert()
        .code(1)
        .stdout("288\n0\n1\nInvalid puzzle\n");
    // Other formats: one line per puzzle too (hdu4069: unique, none,
    // several).
    sudokit()
        .arg("count")
        .arg(example("hdu4069.txt"))
        .assert()
        .success()
        .stdout("1\n0\n2+\n");
    for engine in ["dfs", "dlx"] {
        sudokit()
            .args(["count", "--engine", engine])
            .arg(example("jigsaw.txt"))
            .assert()
            .success()
            .stdout("1\n1\n");
    }
}

#[test]
fn all_prints_every_solution_then_an_empty_line() {
    let empty4 = ".".repeat(16);
    let puzzle = format::line::parse_line(&empty4).unwrap();
    let text = stdout(
        &sudokit()
            .args(["solve", "--all"])
            .write_stdin(format!("{empty4}\n{}\n", &A))
            .assert()
            .success(),
    );
    let (first, second) = text.split_once("\n\n").unwrap();
    let mut seen = std::collections::HashSet::new();
    for line in first.lines() {
        let grid = format::line::parse_line(line).unwrap();
        validate(&puzzle, grid.givens()).unwrap();
        assert!(seen.insert(line.to_owned()), "{line} twice");
    }
    assert_eq!(seen.len(), 288);
    assert_eq!(
        second,
        format!(
            "{}\n\n",
            read_example("acwing166.out")
                .split(|&b| b == b'\n')
                .next()
                .map(|l| String::from_utf8(l.to_vec()).unwrap())
                .unwrap()
        )
    );
    // --limit caps it; grid output keeps its records.
    let grid4 = "1 2 | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n";
    let text = stdout(
        &sudokit()
            .args(["solve", "--all", "--limit", "5", "--format", "grid"])
            .write_stdin(grid4)
            .assert()
            .success(),
    );
    assert!(text.ends_with("\n\n\n"));
    let got = puzzles(Format::Grid, text.as_bytes());
    assert_eq!(got.len(), 5);
    let p = puzzles(Format::Grid, grid4.as_bytes())
        .remove(0)
        .unwrap()
        .puzzle;
    for g in got {
        validate(&p, g.unwrap().puzzle.givens()).unwrap();
    }
    // A puzzle without solution says so.
    sudokit()
        .args(["solve", "--all"])
        .write_stdin(format!("11{}\n", ".".repeat(14)))
        .assert()
        .success()
        .stdout("No solution\n\n");
}

#[test]
fn one_inline_puzzle_is_drawn_for_a_person() {
    let solved =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let drawn = stdout(&sudokit().args(["solve", A]).assert().success());
    let mut want = Vec::new();
    let solution = format::line::parse_line(solved).unwrap();
    format::grid::write(
        &mut want,
        solution.givens(),
        solution.geometry(),
        Default::default(),
    )
    .unwrap();
    assert_eq!(drawn, String::from_utf8(want).unwrap());
    // --format line gives the line.
    sudokit()
        .args(["solve", "--format", "line", A])
        .assert()
        .success()
        .stdout(format!("{solved}\n"));
    // Colour on request: givens bold, filled cells cyan.
    let coloured = stdout(
        &sudokit()
            .args(["solve", "--color", "always", A])
            .assert()
            .success(),
    );
    assert!(coloured.contains("\x1b[1m4\x1b[0m") && coloured.contains("\x1b[36m1\x1b[0m"));
    // NO_COLOR or not a terminal: none.
    sudokit()
        .env("NO_COLOR", "1")
        .args(["solve", A])
        .assert()
        .stdout(predicate::str::contains("\x1b").not());
    // A jigsaw layout on one line: the regions are shown as letters.
    let jigsaw = example_text("jigsaw.txt");
    let one_line = jigsaw.lines().last().unwrap();
    let text = stdout(&sudokit().args(["solve", one_line]).assert().success());
    assert_eq!(
        text.lines().next(),
        Some("5 2 1 4 3 9 6 7 8    A A A B B B B C C")
    );
    let puzzle = puzzles(Format::Jigsaw, one_line.as_bytes())
        .remove(0)
        .unwrap()
        .puzzle;
    let digits: String = text
        .lines()
        .take(9)
        .map(|l| l[..17].replace(' ', ""))
        .collect();
    validate(&puzzle, format::line::parse_line(&digits).unwrap().givens()).unwrap();
    // A puzzle without solution.
    sudokit()
        .args(["solve", &format!("11{}", &A[2..])])
        .assert()
        .success()
        .stdout("No solution\n");
}

#[test]
fn the_formats_people_have_are_detected_and_answered() {
    use Format::{Jigsaw, Pencilmark, Sdk, Sdm, Ss};
    for format in [Sdk, Ss, Sdm, Pencilmark, Jigsaw] {
        let name = format.name();
        let input = read_example(&format!("{name}.txt"));
        let detected = format::detect(&input).unwrap();
        // `.sdm` input is `line` input, with the same answers.
        let want = if format == Format::Sdm {
            Format::Line
        } else {
            format
        };
        assert_eq!(detected, want, "{name}");
        for extra in [
            &[][..],
            &["--format", format.name()],
            &["-j", "1"],
            &["--limit", "2"],
        ] {
            solves_example_byte_exact(name, format, extra);
        }
    }
    // A malformed pencilmark line: FILE:LINE: message, and the batch goes on.
    let mut bad = example_text("pencilmark.txt");
    bad.replace_range(1..2, "7");
    sudokit()
        .args(["solve", "--format", "pencilmark"])
        .write_stdin(bad)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:1: column 2: candidate '7'",
        ))
        .stdout(predicate::str::starts_with("Invalid puzzle\n4173"));
}

#[test]
fn help_and_errors_teach() {
    for sub in ["solve", "count"] {
        sudokit()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Examples:"))
            .stdout(predicate::str::contains("--threads"))
            .stdout(predicate::str::contains("--shard"));
    }
    fails_saying(
        &["solve", "--format", "pencilmarks", "x"],
        2,
        "a similar value exists: 'pencilmark'",
    );
    // Detection failure names --format and the formats.
    sudokit()
        .arg("solve")
        .write_stdin("ab\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "use --format (one of line, poj3076",
        ));
}
