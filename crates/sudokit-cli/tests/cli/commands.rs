//! The command line a newcomer expects: `bench` that neither panics on odd
//! seconds nor hangs on a monster, X-sudoku and windoku from the command
//! line and from a file header, `sudokit check`, and help texts and errors
//! that say what is valid.

use std::fs;
use std::time::Duration;

use assert_cmd::assert::Assert;
use predicates::prelude::*;

use super::{example, fails_saying, stdout, sudokit, tempdir};

const A: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const A_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// Unique as an X-sudoku, several solutions as a plain sudoku.
const X: &str = ".........................56................94.....753...8.14........59.2.64.72..8";
const X_SOLVED: &str =
    "123456789456789123789123456935241867617538294842697531298314675371865942564972318";
/// Unique as a windoku, several solutions as a plain sudoku.
const W: &str = "..........................6.4...9.......4.2....2.8..1........6...5.7...1.1.9.534.";
const W_SOLVED: &str =
    "123456789456798132789312456541239678867541293392687514974123865635874921218965347";

/// `bad_input/NAME`: the hostile inputs of the bad-input tests.
fn bad_input(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bad_input")
        .join(name)
}

/// The table rows (not the header) of a `bench` output, split in columns.
fn bench_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| file"))
        .map(|l| l.split('|').map(|c| c.trim().to_owned()).collect())
        .collect()
}

/// `bench --engine dfs ARGS FILE`, which must exit 1 (a puzzle gave up).
fn bench_dfs_gives_up(args: &[&str], file: &std::path::Path) -> Assert {
    sudokit()
        .args(["bench", "--engine", "dfs"])
        .args(args)
        .arg(file)
        .timeout(Duration::from_secs(60))
        .assert()
        .code(1)
}

// Item 5: bench's seconds and per-puzzle budget.

#[test]
fn bench_refuses_seconds_that_are_not_a_duration_without_panicking() {
    for (flag, value) in [
        ("--seconds", "nan"),
        ("--seconds", "inf"),
        ("--seconds", "1e20"),
        ("--seconds", "-1"),
        ("--seconds", "0"),
        ("--warmup", "nan"),
        ("--warmup", "-1"),
        ("--warmup", "1e20"),
        ("--timeout", "0"),
    ] {
        sudokit()
            .args(["bench", flag, value])
            .arg(example("acwing166.txt"))
            .timeout(Duration::from_secs(30))
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains(format!("invalid value '{value}' for '{flag}"))
                    .and(predicate::str::contains("number of seconds"))
                    .and(predicate::str::contains("panicked").not()),
            );
    }
    // No warm-up at all is allowed.
    sudokit()
        .args(["bench", "--warmup", "0", "--seconds", "0.05"])
        .arg(example("acwing166.txt"))
        .timeout(Duration::from_secs(30))
        .assert()
        .success();
}

#[test]
fn bench_gives_up_on_a_monster_and_says_so_in_the_table() {
    // Line 2 of this file takes the dfs engine about 12! nodes to refute;
    // the default budget (1 s) gives up on it, the others are timed.
    let out = bench_dfs_gives_up(
        &["--seconds", "0.1", "--warmup", "0"],
        &bad_input("hard_line16.txt"),
    )
    .stderr(predicate::str::contains(
        "hard_line16.txt:2: gave up: time limit reached",
    ));
    let text = stdout(&out);
    let rows = bench_rows(&text);
    assert_eq!(rows.len(), 1, "{text}");
    // | file | distinct | puzzles/s | µs | no guess | guesses | mode | gave up |
    assert_eq!(rows[0][8], "1", "{text}");
    assert!(rows[0][3].parse::<f64>().unwrap() > 0.0, "{text}");
    assert!(text.contains("| gave up |"), "{text}");
    // The header says what it ran on.
    let cpu = text.lines().next().unwrap_or_default();
    assert!(
        cpu.starts_with("cpu: ") && cpu.contains("best backend "),
        "{text}"
    );

    // A node budget is deterministic.
    bench_dfs_gives_up(
        &["--seconds", "0.05", "--warmup", "0", "--max-nodes", "20000"],
        &bad_input("hard_line16.txt"),
    )
    .stderr(predicate::str::contains(
        ":2: gave up: node limit reached after 20000 nodes",
    ));

    // A file where every puzzle gives up still gets its row.
    let dir = tempdir("bench-all-give-up");
    let only = dir.join("monster.txt");
    let monster = fs::read_to_string(bad_input("hard_line16.txt")).unwrap();
    fs::write(&only, format!("{}\n", monster.lines().nth(1).unwrap())).unwrap();
    let out = bench_dfs_gives_up(&["--timeout", "0.2", "--seconds", "0.05"], &only);
    let rows = bench_rows(&stdout(&out));
    assert_eq!(rows[0][2], "0");
    assert_eq!(rows[0][8], "1");
}

// Item 7: X-sudoku and windoku from the command line.

#[test]
fn x_sudoku_and_windoku_from_flags() {
    // Plain, these puzzles have several solutions; with their houses, one.
    for (puzzle, flag, solved) in [(X, "--x", X_SOLVED), (W, "--windoku", W_SOLVED)] {
        sudokit()
            .args(["count", puzzle])
            .assert()
            .success()
            .stdout("2+\n");
        sudokit()
            .args(["count", flag, puzzle])
            .assert()
            .success()
            .stdout("1\n");
        // The output says its variant, so that it reads back.
        let header = format!("# sudokit: {}\n", flag.trim_start_matches('-'));
        sudokit()
            .args(["solve", "--limit", "2", "--format", "line", flag, puzzle])
            .assert()
            .success()
            .stdout(format!("{header}{solved}\n"));
        // The worker pool gives the same answers.
        sudokit()
            .args(["solve", "-j", "2", "--limit", "2", flag, "-"])
            .write_stdin(format!("{puzzle}\n{puzzle}\n"))
            .assert()
            .success()
            .stdout(format!("{header}{solved}\n{solved}\n"));
        // So does the JSON output.
        let json = sudokit()
            .args(["solve", "--json", "--limit", "2", flag, puzzle])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let json = String::from_utf8(json).unwrap();
        assert!(json.contains("\"verdict\":\"unique\""), "{json}");
        assert!(
            json.contains(&format!("\"solution\":\"{solved}\"")),
            "{json}"
        );
    }
    // Both at once: the X puzzle's solution is no windoku.
    sudokit()
        .args(["count", "--x", "--windoku", X])
        .assert()
        .success()
        .stdout("0\n");
    // Windows need square boxes: a jigsaw is refused, by name, and the
    // other puzzles are still answered.
    let jigsaw = format!("{}{}", ".".repeat(16), "0011001122332233");
    sudokit()
        .args(["solve", "--windoku", "-"])
        .write_stdin(format!("{jigsaw}\n"))
        .assert()
        .code(1)
        .stdout("# sudokit: windoku\nInvalid puzzle\n")
        .stderr(
            predicate::str::contains("<stdin>:1: ").and(predicate::str::contains(
                "windoku: windoku windows need square boxes",
            )),
        );
    // bench times the variant.
    let dir = tempdir("variant-bench");
    let file = dir.join("x.txt");
    fs::write(&file, format!("{X}\n")).unwrap();
    let out = sudokit()
        .args(["bench", "--x", "--seconds", "0.05", "--warmup", "0"])
        .arg(&file)
        .assert()
        .success();
    assert!(stdout(&out).contains("X-sudoku"), "{}", stdout(&out));
}

#[test]
fn a_header_line_names_the_variant_of_its_file() {
    let dir = tempdir("variant-header");
    let x = dir.join("x.txt");
    // Line 3 is malformed: its message keeps its line number.
    fs::write(&x, format!("# sudokit: x\n{X}\n{}\n{X}\n", &A[..80])).unwrap();
    let plain = dir.join("plain.txt");
    fs::write(&plain, format!("{X}\n")).unwrap();
    // The header applies to its own file only.
    sudokit()
        .args(["solve", "-j", "1", "--limit", "2"])
        .arg(&x)
        .arg(&plain)
        .assert()
        .code(1)
        .stdout(format!(
            "# sudokit: x\n{X_SOLVED}\nInvalid puzzle\n{X_SOLVED}\nMultiple Solutions\n"
        ))
        .stderr(predicate::str::contains("x.txt:3: line has 80 cells"))
        // The output's header is the first input's: the plain file is named.
        .stderr(predicate::str::contains(
            "plain.txt: warning: its puzzles' extra houses differ",
        ));
    // Sharding counts the same puzzles (the header is no puzzle) and keeps
    // the variant; the first shard's output starts with the header, so the
    // shards' outputs concatenated are the whole output.
    for (shard, record) in [
        ("1/3", format!("# sudokit: x\n{X_SOLVED}")),
        ("3/3", X_SOLVED.into()),
    ] {
        let out = sudokit()
            .args(["solve", "--limit", "2", "--shard", shard])
            .arg(&x)
            .assert()
            .code(0);
        assert_eq!(stdout(&out), format!("{record}\n"), "{shard}");
    }
    let w = dir.join("w.txt");
    fs::write(&w, format!("\u{feff}# sudokit: windoku\r\n{W}\r\n")).unwrap();
    sudokit()
        .arg("count")
        .arg(&w)
        .assert()
        .success()
        .stdout("1\n");
    // On stdin too, with the format given.
    sudokit()
        .args(["count", "--format", "line"])
        .write_stdin(format!("# sudokit: x windoku\n{X}\n"))
        .assert()
        .success()
        .stdout("0\n");
    // An unknown word: the file is not read, the others are.
    let bad = dir.join("bad.txt");
    fs::write(&bad, format!("# sudokit: y\n{X}\n")).unwrap();
    sudokit()
        .arg("solve")
        .arg(&bad)
        .arg(A)
        .args(["--format", "line"])
        .assert()
        .code(2)
        .stdout(format!("{A_SOLVED}\n"))
        .stderr(predicate::str::contains("bad.txt:1: unknown variant `y`"));
}

// Item 9: sudokit check.

/// `A_SOLVED` with cell r1c2 changed to `9`, and rows 8 and 9 emptied.
fn wrong_partial() -> String {
    let mut g: Vec<u8> = A_SOLVED.bytes().collect();
    g[1] = b'9';
    for c in &mut g[63..] {
        *c = b'.';
    }
    String::from_utf8(g).unwrap()
}

#[test]
fn check_says_a_good_grid_is_good() {
    sudokit()
        .args(["check", A_SOLVED])
        .assert()
        .success()
        .stdout("<argument>:1: ok: a complete, valid solution\n");
    // Partly filled, against the puzzle.
    let partial = format!("{}{}", &A_SOLVED[..40], ".".repeat(41));
    sudokit()
        .args(["check", &partial, "--puzzle", A])
        .assert()
        .success()
        .stdout(predicate::str::contains("ok: no clash and no wrong cell"));
    // X-sudoku: the solution of X is good with --x, the plain solution of A
    // is not.
    sudokit()
        .args(["check", "--x", X_SOLVED])
        .assert()
        .success();
    sudokit()
        .args(["check", "--x", A_SOLVED])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("diagonal r1c1-r9c9: "));
}

#[test]
fn check_names_clashing_houses_and_wrong_cells() {
    let grid = wrong_partial();
    let out = sudokit()
        .args(["check", &grid, "--puzzle", A])
        .assert()
        .code(1);
    assert_eq!(
        stdout(&out),
        "<argument>:1: row 1: 9 appears 2 times (r1c2, r1c6)\n\
         <argument>:1: column 2: 9 appears 2 times (r1c2, r5c2)\n\
         <argument>:1: box 1: 9 appears 2 times (r1c2, r3c1)\n\
         <argument>:1: r1c2 is 9 but the solution has 1\n"
    );
    // A changed given.
    let changed = format!("5{}", &A_SOLVED[1..]);
    sudokit()
        .args(["check", &changed, "--puzzle", A])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("r1c1 is 5 but the puzzle gives 4"));
    // Alone, a partial grid with no solution is wrong somewhere.
    sudokit()
        .args(["check", &grid])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("no solution can be reached"));
    // A solver's output against its input, several grids on stdin: the
    // line numbers say which.
    let dir = tempdir("check-pairs");
    let puzzles = dir.join("puzzles.txt");
    fs::write(&puzzles, format!("{A}\n{A}\n")).unwrap();
    let out = sudokit()
        .args(["check", "-", "--puzzle"])
        .arg(&puzzles)
        .write_stdin(format!("{A_SOLVED}\n{grid}\n"))
        .assert()
        .code(1);
    let text = stdout(&out);
    assert!(
        text.starts_with("<stdin>:1: ok: a complete, valid solution\n"),
        "{text}"
    );
    assert!(
        text.contains("<stdin>:2: r1c2 is 9 but the solution has 1"),
        "{text}"
    );
    // Jigsaw regions are named regions (the example's solution, with r1c3
    // and r1c4 swapped).
    let solved = super::example_text("jigsaw.out");
    let mut lines = solved.lines();
    let (grid, regions) = (lines.next().unwrap(), lines.next().unwrap());
    sudokit()
        .args(["check", &format!("{grid}{regions}")])
        .assert()
        .success();
    let swapped = format!(
        "{}{}{}{}{regions}",
        &grid[..2],
        &grid[3..4],
        &grid[2..3],
        &grid[4..]
    );
    sudokit()
        .args(["check", &swapped])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "<argument>:1: region 1: 4 appears 2 times (r1c3, r4c2)",
        ));
}

#[test]
fn check_exits_2_on_unreadable_input_and_1_on_a_malformed_grid() {
    fails_saying(
        &["check", "no-such-grid.txt"],
        2,
        "cannot open no-such-grid.txt",
    );
    sudokit()
        .args(["check", A_SOLVED, "--puzzle", "no-such-puzzle.txt"])
        .assert()
        .code(2);
    // A malformed grid is a malformed record (1); sizes that differ, both
    // inputs on stdin.
    sudokit()
        .args(["check", "-", "--format", "line"])
        .write_stdin(format!("{}\n", &A[..80]))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<stdin>:1: line has 80 cells"));
    fails_saying(
        &["check", "1234341221434321", "--puzzle", A],
        1,
        "the grid is 4x4 but the puzzle is 9x9",
    );
    sudokit()
        .args(["check", "-", "--puzzle", "-"])
        .assert()
        .code(2);
    // Different numbers of grids and puzzles.
    let dir = tempdir("check-counts");
    let two = dir.join("two.txt");
    fs::write(&two, format!("{A}\n{A}\n")).unwrap();
    sudokit()
        .args(["check", A_SOLVED, "--puzzle"])
        .arg(&two)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("different numbers of puzzles"));
}

// Item 11: help texts and errors that tell the truth.

#[test]
fn help_names_check_and_count_tells_its_own_defaults() {
    let top = stdout(&sudokit().arg("--help").assert().success());
    assert!(top.contains("\n  check "), "{top}");
    sudokit().args(["check", "--help"]).assert().success();
    let count = stdout(&sudokit().args(["count", "--help"]).assert().success());
    let limit = count
        .split("--limit <K>")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .unwrap_or_default();
    assert!(limit.contains("[default: 2]"), "{count}");
    assert!(!limit.contains("default: 1"), "{count}");
    for ignored in ["--all", "--count", "--color"] {
        let option = format!("\n      {ignored}");
        assert!(!count.contains(&option), "{ignored} listed:\n{count}");
    }
    // And refuses what it would ignore.
    fails_saying(&["count", "--all", A], 2, "sudokit solve --all").stdout("");
}

#[test]
fn a_negative_limit_says_what_is_valid() {
    for args in [
        &["count", "--limit", "-1", A][..],
        &["solve", "--limit", "-1", A],
        &["solve", "--max-nodes", "-5", A],
        &["exact-cover", "--limit", "-1"],
    ] {
        sudokit().args(args).assert().code(2).stderr(
            predicate::str::contains("1 or more").and(predicate::str::contains("'-- -").not()),
        );
    }
}

#[test]
fn a_puzzle_argument_of_the_wrong_length_is_called_one() {
    for arg in [&A[1..], &format!("{A}1")[..]] {
        sudokit()
            .args(["solve", arg])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "looks like a puzzle of the wrong length: line has {} cells",
                arg.len()
            )));
    }
    // A file name is not called a puzzle.
    sudokit()
        .args(["solve", "no-such-file-at-all.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("puzzle").not());
}
