//! Hostile input: every file of `tests/bad_input/` (one per kind of bad
//! input; `make.py` there regenerates them), plus a 10 MB line and a 10 MB
//! number built at run time, fed to the real binary.
//!
//! For each case: the run ends within 10 s, nothing panics, stderr names the
//! file and the line of each problem (one line per problem), the exit status
//! is the contract's (0 all answered, 1 malformed or given up, 2 usage or
//! I/O), and the output has exactly one record per puzzle, in place: the
//! valid puzzles before and after the bad one are solved, and each solution
//! is parsed back and checked with `sudokit::validate`.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sudokit::format::Format;
use sudokit::validate;

mod common;
use common::{example_text, puzzles, queens, records, solution, sudokit, tempdir};

/// The longest any case may run.
const DEADLINE: Duration = Duration::from_secs(10);

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_input")
}

/// One bad input and what the binary must make of it.
struct Case {
    /// A file of `tests/bad_input/` (or of the run-time directory).
    file: &'static str,
    /// Arguments before the file.
    args: &'static [&'static str],
    /// The format of the file (for reading the records back).
    format: Format,
    /// The exit status.
    status: i32,
    /// The records, in order: `S` a solution (validated), `I` `Invalid
    /// puzzle`, `G` `Gave up`, `N` `No solution`, `M` `Multiple Solutions`.
    records: &'static str,
    /// Texts stderr must contain (each on a line starting with the file).
    stderr: &'static [&'static str],
}

const fn case(
    file: &'static str,
    format: Format,
    status: i32,
    records: &'static str,
    stderr: &'static [&'static str],
) -> Case {
    Case {
        file,
        args: &[],
        format,
        status,
        records,
        stderr,
    }
}

const CASES: &[Case] = &[
    case("line_bad_symbol.txt", Format::Line, 1, "SIS", &[":2: column 5: unexpected character '?'"]),
    case("line_bad_length.txt", Format::Line, 1, "SIS", &[":2: line has 80 cells, not a square: a line holds n*n cells for a side n with boxes (16, 36, 64, 81, 100, 144, 196, 225, 256, ..., 3600)"]),
    case("line_out_of_range.txt", Format::Line, 1, "SIS", &[":2: column 4: symbol '7' is out of range for a 4x4 grid"]),
    case("line_non_utf8.txt", Format::Line, 1, "SIS", &[":2: column 11: byte 0xFF is not valid UTF-8"]),
    case("line_unsupported_side.txt", Format::Line, 1, "SIIS", &[":2: line has 49 cells = side 7, which has no box shape: a line holds", ":3: line has 4096 cells = side 64: one-line formats write sides up to 61 with single symbols; use --format grid (cells as numbers) for larger"]),
    case("line_binary_garbage.txt", Format::Line, 1, "SIS", &[":2: "]),
    case("binary_garbage.bin", Format::Grid, 1, "I", &[":1: case 1: first row has 163 cells; the largest side is 64"]),
    case("crlf.txt", Format::Line, 0, "SS", &[]),
    case("no_final_newline.txt", Format::Line, 0, "SS", &[]),
    case("empty.txt", Format::Line, 0, "", &[": warning: no puzzle in the input"]),
    case("poj3076_truncated.txt", Format::Poj3076, 1, "SI", &[":25: case 2: puzzle has 8 rows, expected 16"]),
    case("poj3076_bad_letter.txt", Format::Poj3076, 1, "SIS", &[":23: case 2, column 4: symbol 'Q' is out of range"]),
    case("hdu4069_negative.txt", Format::Hdu4069, 1, "SIS", &[":15: case 2, column 15: value -5 is out of range (0..=255)"]),
    case("hdu4069_over_255.txt", Format::Hdu4069, 1, "SIS", &[":15: case 2, column 15: value 300 is out of range (0..=255)"]),
    case("hdu4069_digit_over_9.txt", Format::Hdu4069, 1, "SIS", &[":15: case 2, column 15: value 154 holds digit 10"]),
    case("hdu4069_not_a_number.txt", Format::Hdu4069, 1, "SIS", &[":15: case 2, column 15: expected an integer, found \"abc\""]),
    case("hdu4069_walls_disagree.txt", Format::Hdu4069, 0, "SSS", &[":11: warning: case 2: neighbours disagree about walls (a wall counts if either declares it): r1c3 and r1c4"]),
    case("hdu4069_disconnected_region.txt", Format::Hdu4069, 1, "SIS", &[":11: case 2: walls cut the grid into 11 regions"]),
    case("hdu4069_region_size.txt", Format::Hdu4069, 1, "SIS", &[":11: case 2: walls cut the grid into 9 regions of sizes [10, 8, 9, 9, 9, 9, 9, 9, 9]"]),
    case("hdu4069_t_too_large.txt", Format::Hdu4069, 1, "SNMII", &[":29: case 4: input ends before case 4 (T = 5); cases 4 to 5 are all missing"]),
    case("hdu4069_truncated.txt", Format::Hdu4069, 1, "SI", &[":12: case 2: input ends after 40 of the case's 81 numbers"]),
    case("grid_too_big.txt", Format::Grid, 1, "SIS", &[":13: case 2: first row has 70 cells; the largest side is 64"]),
    case("grid_prime_side.txt", Format::Grid, 1, "SIS", &[":13: case 2: a grid of side 7 is not supported: it has no box shape"]),
    case("grid_ragged.txt", Format::Grid, 1, "SIS", &[":17: case 2: row has 8 cells, expected 9"]),
    case("multi_digit_in_hole.txt", Format::Multi, 1, "SIS", &[":24: case 2, column 11: '5' in a hole of the samurai layout"]),
    case("multi_tab.txt", Format::Multi, 1, "SIS", &[":32: case 2, column 1: a tab: a multi-grid board writes its holes as spaces"]),
    case("multi_no_layout.txt", Format::Multi, 1, "SIS", &[":23: case 2: a board of 20 rows, up to 21 places wide, in the shape of no layout (samurai, "]),
    Case {
        args: &["--max-side", "9"],
        ..case("grid_max_side.txt", Format::Grid, 1, "SIS", &[":13: case 2: side 16 is above the maximum side 9 (--max-side)"])
    },
    Case {
        args: &["--max-line-bytes", "100"],
        ..case("hard_line16.txt", Format::Line, 1, "SIS", &[":2: line is too long (more than 100 bytes)"])
    },
    // A 16x16 whose refutation takes the dfs engine about 12! nodes.
    Case {
        args: &["--engine", "dfs", "--max-nodes", "20000"],
        ..case("hard_line16.txt", Format::Line, 1, "SGS", &[":2: gave up: node limit reached after 20000 nodes"])
    },
    Case {
        args: &["--engine", "dfs", "--timeout", "0.3"],
        ..case("hard_line16.txt", Format::Line, 1, "SGS", &[":2: gave up: time limit reached after "])
    },
    // A multi-line format names the case; the sample's third case (several
    // solutions) needs more than one node.
    Case {
        args: &["--engine", "dfs", "--max-nodes", "1"],
        ..case(
            "hdu4069_t_too_large.txt",
            Format::Hdu4069,
            1,
            "SNGII",
            &[":20: case 3: gave up: node limit reached after 1 nodes"],
        )
    },
    // The exact-cover engine refutes it at once.
    Case {
        args: &["--engine", "dlx", "--max-nodes", "20000"],
        ..case("hard_line16.txt", Format::Line, 0, "SNS", &[])
    },
];

/// Runs one case from `dir` and checks everything the module docs promise.
fn run(dir: &Path, c: &Case) {
    let input = fs::read(dir.join(c.file)).unwrap_or_else(|e| panic!("{}: {e}", c.file));
    let start = Instant::now();
    let out = sudokit()
        .current_dir(dir)
        .arg("solve")
        .args(c.args)
        .arg(c.file)
        .timeout(DEADLINE)
        .output()
        .unwrap();
    let took = start.elapsed();
    let name = format!("{} {}", c.args.join(" "), c.file);
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(took < DEADLINE, "{name}: ran {took:?}");
    assert!(!stderr.contains("panicked at"), "{name}: {stderr}");
    assert_eq!(out.status.code(), Some(c.status), "{name}: {stderr}");
    for want in c.stderr {
        assert!(
            stderr
                .lines()
                .any(|l| l.starts_with(c.file) && l.contains(want)),
            "{name}: stderr lacks {want:?}:\n{stderr}"
        );
    }
    // Every diagnostic is one line naming the file and a line number (or,
    // for a whole-input note, the file alone).
    for line in stderr.lines() {
        let rest = line
            .strip_prefix(c.file)
            .unwrap_or_else(|| panic!("{name}: {line:?} does not name the file"));
        assert!(rest.starts_with(':'), "{name}: {line:?}");
    }
    if c.status != 0 {
        assert!(!stderr.is_empty(), "{name}: a failure must be named");
    }
    let records = records(c.format, &stdout);
    let inputs = puzzles(c.format, &input);
    assert_eq!(records.len(), c.records.len(), "{name}:\n{stdout}");
    assert_eq!(inputs.len(), records.len(), "{name}: one record per puzzle");
    for (k, ((kind, record), puzzle)) in c.records.chars().zip(&records).zip(&inputs).enumerate() {
        let record_text = record.trim_end();
        let case = k + 1;
        match kind {
            'S' => {
                let entry = puzzle
                    .as_ref()
                    .unwrap_or_else(|e| panic!("{name}: puzzle {case}: {e}"));
                let grid = solution(c.format, record);
                validate(&entry.puzzle, &grid)
                    .unwrap_or_else(|e| panic!("{name}: puzzle {case}: {e}\n{record}"));
            }
            'I' => {
                assert_eq!(record_text, "Invalid puzzle", "{name}: puzzle {case}");
                // (Limits set on the command line reject puzzles that the
                // library's default limits accept.)
                let limited = c
                    .args
                    .iter()
                    .any(|a| a.starts_with("--max-side") || a.starts_with("--max-line"));
                assert!(limited || puzzle.is_err(), "{name}: puzzle {case} is fine");
            }
            'G' => assert_eq!(record_text, "Gave up", "{name}: puzzle {case}"),
            'N' => assert_eq!(record_text, "No solution", "{name}: puzzle {case}"),
            'M' => assert_eq!(record_text, "Multiple Solutions", "{name}: puzzle {case}"),
            other => panic!("bad record kind {other}"),
        }
    }
}

#[test]
fn every_bad_input_is_named_and_the_good_puzzles_around_it_are_solved() {
    let dir = corpus();
    let mut files: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f != "make.py" && f != "README.md")
        .collect();
    files.sort();
    for c in CASES {
        run(&dir, c);
    }
    // No file of the corpus goes untested.
    for f in &files {
        assert!(CASES.iter().any(|c| c.file == f), "{f} has no case");
    }
}

/// The first two puzzles of `examples/acwing166.txt`.
fn two_puzzles() -> (String, String) {
    let text = example_text("acwing166.txt");
    let mut lines = text.lines();
    (
        lines.next().unwrap().to_owned(),
        lines.next().unwrap().to_owned(),
    )
}

#[test]
fn a_10_mb_line_is_skipped_without_being_held_and_the_batch_goes_on() {
    let dir = tempdir("bad_input_10mb");
    let (p1, p2) = two_puzzles();
    let mut data = Vec::with_capacity(11 << 20);
    data.extend_from_slice(p1.as_bytes());
    data.push(b'\n');
    data.extend((0..10 << 20).map(|i| b"123456789."[i % 10]));
    data.push(b'\n');
    data.extend_from_slice(p2.as_bytes());
    data.push(b'\n');
    fs::write(dir.join("line_10mb.txt"), &data).unwrap();
    run(
        &dir,
        &case(
            "line_10mb.txt",
            Format::Line,
            1,
            "SIS",
            &[":2: line is too long (more than 65536 bytes)"],
        ),
    );
    // The same line read as a grid.
    run(
        &dir,
        &Case {
            args: &["--format", "grid"],
            ..case("line_10mb.txt", Format::Grid, 1, "I", &[":1: case 1: "])
        },
    );
}

/// The 81 numbers of the first case of `examples/hdu4069.txt`.
fn hdu4069_first_case() -> Vec<String> {
    let sample = example_text("hdu4069.txt");
    let numbers: Vec<String> = sample.split_whitespace().map(str::to_owned).collect();
    numbers[1..82].to_vec()
}

#[test]
fn a_10_mb_number_in_hdu4069_is_one_bad_value() {
    let dir = tempdir("bad_input_10mb_number");
    let first = hdu4069_first_case();
    let mut text = String::from("3\n");
    text.push_str(&first.join(" "));
    text.push('\n');
    let mut second = first.clone();
    second[40] = "7".repeat(10 << 20);
    text.push_str(&second.join(" "));
    text.push('\n');
    text.push_str(&first.join(" "));
    text.push('\n');
    fs::write(dir.join("hdu_10mb.txt"), text).unwrap();
    run(
        &dir,
        &case(
            "hdu_10mb.txt",
            Format::Hdu4069,
            1,
            "SIS",
            &[":3: case 2, column ", "is out of range (0..=255)"],
        ),
    );
}

/// Runs `exact-cover` with `args` on `n` queens: it must exit 1 (gave up).
/// Its stdout and stderr.
fn exact_cover_on_queens(args: &[&str], n: usize) -> (String, String) {
    let out = sudokit()
        .arg("exact-cover")
        .args(args)
        .write_stdin(queens(n))
        .timeout(DEADLINE)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
}

#[test]
fn exact_cover_gives_up_at_its_node_or_time_bound() {
    let (stdout, stderr) = exact_cover_on_queens(&["--count", "--max-nodes", "100"], 10);
    assert!(stdout.ends_with("+\n"));
    assert!(
        stderr.contains("100 nodes") && stderr.contains("gave up: node limit reached"),
        "{stderr}"
    );
    // 16 queens has 14,772,512 solutions: far more than 0.2 s of search.
    let start = Instant::now();
    let (_, stderr) = exact_cover_on_queens(&["--count", "--timeout", "0.2"], 16);
    assert!(start.elapsed() < DEADLINE);
    assert!(stderr.contains("gave up: time limit reached"), "{stderr}");
    // A limit reached is no giving up.
    sudokit()
        .args([
            "exact-cover",
            "--count",
            "--limit",
            "3",
            "--max-nodes",
            "100000",
        ])
        .write_stdin(queens(8))
        .timeout(DEADLINE)
        .assert()
        .success()
        .stdout("3+\n");
}

#[test]
fn a_huge_t_with_one_case_gives_every_missing_case_a_record_and_stderr_one_line() {
    let dir = tempdir("bad_input_huge_t");
    let t = 100_000;
    fs::write(
        dir.join("huge_t.txt"),
        format!("{t}\n{}\n", hdu4069_first_case().join(" ")),
    )
    .unwrap();
    let records: &'static str = Box::leak(format!("S{}", "I".repeat(t - 1)).into_boxed_str());
    run(
        &dir,
        &Case {
            args: &["--format", "hdu4069"],
            ..case(
                "huge_t.txt",
                Format::Hdu4069,
                1,
                records,
                &[":3: case 2: input ends before case 2 (T = 100000); cases 2 to 100000 are all missing"],
            )
        },
    );
    let out = sudokit()
        .current_dir(&dir)
        .args(["solve", "--format", "hdu4069", "huge_t.txt"])
        .timeout(DEADLINE)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
}
