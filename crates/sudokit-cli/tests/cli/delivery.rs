//! Work in progress is delivered, nothing hangs, nothing is lost silently:
//! answers flushed while a later puzzle still runs, large grids that one
//! engine cannot finish, `--shard` on pipes, stdout to /dev/null, empty inputs,
//! and the JSON Lines output.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command as StdCommand, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use predicates::prelude::*;

use super::{sudokit, tempdir};

const A: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const A_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// The bad-input corpus's 16x16 without a solution: about 12! nodes for the
/// dfs engine, at once for dlx.
fn hard_line16() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/bad_input/hard_line16.txt")
}

fn hard16() -> String {
    let text = std::fs::read_to_string(hard_line16()).expect("the corpus file");
    text.lines().nth(1).expect("line 2").to_owned()
}

fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("sudokit")
}

/// A quick puzzle then one the dfs engine never finishes: the first answer
/// reaches the pipe while the second puzzle is still being solved, on one
/// thread and with workers.
#[test]
fn the_first_answer_arrives_while_the_second_puzzle_runs() {
    for threads in ["1", "2"] {
        let mut child = StdCommand::new(binary())
            .args(["solve", "--engine", "dfs", "-j", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let input = format!("{A}\n{}\n", hard16());
        child
            .stdin
            .take()
            .expect("a pipe")
            .write_all(input.as_bytes())
            .expect("writing the input");
        let out = child.stdout.take().expect("a pipe");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let first = rx.recv_timeout(Duration::from_secs(10));
        let still_running = child.try_wait().expect("a status").is_none();
        let _ = child.kill();
        let _ = child.wait();
        let first = first
            .unwrap_or_else(|_| panic!("-j {threads}: no answer within 10 s"))
            .expect("UTF-8");
        assert_eq!(first, A_SOLVED, "-j {threads}");
        assert!(
            still_running,
            "-j {threads}: the second puzzle ended already"
        );
    }
}

/// `--engine auto` (the default) does not hang on a 16x16 that dfs cannot
/// refute in any reasonable time.
#[test]
fn auto_answers_a_hard_16x16_quickly() {
    for threads in ["1", "2"] {
        let start = Instant::now();
        let out = sudokit()
            .args(["solve", "-j", threads])
            .arg(hard_line16())
            .timeout(Duration::from_secs(60))
            .assert()
            .success()
            .stderr("")
            .get_output()
            .stdout
            .clone();
        let out = String::from_utf8(out).expect("UTF-8");
        let records: Vec<&str> = out.lines().collect();
        assert_eq!(records.len(), 3, "{out}");
        assert_eq!(records[1], "No solution");
        assert!(start.elapsed() < Duration::from_secs(30));
    }
}

/// `--shard` needs to read its inputs twice: a pipe path or a FIFO is
/// refused at once (exit 2), before anything is read.
#[test]
fn a_shard_of_a_pipe_or_fifo_is_refused() {
    sudokit()
        .args(["solve", "--shard", "1/2", "/dev/stdin"])
        .write_stdin(format!("{A}\n{A}\n"))
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("needs files").and(predicate::str::contains("/dev/stdin")),
        );
    let dir = tempdir("delivery_fifo");
    let fifo = dir.join("puzzles.fifo");
    nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).expect("mkfifo");
    sudokit()
        .args(["solve", "--shard", "2/2"])
        .arg(&fifo)
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("needs files"));
    // Regular files still work.
    let file = dir.join("two.txt");
    std::fs::write(&file, format!("{A}\n{A}\n")).expect("a temporary file");
    sudokit()
        .args(["solve", "--shard", "2/2"])
        .arg(&file)
        .assert()
        .success()
        .stdout(format!("{A_SOLVED}\n"));
}

/// Stdout as `/dev/null` opened read-write (Python's `subprocess.DEVNULL`,
/// systemd, nohup) is a normal run, not an error: exit 0, nothing on
/// stderr. (A stdout closed with `>&-` looks the same to the program, since
/// Rust's runtime opens `/dev/null` read-write in its place.)
#[test]
fn stdout_to_dev_null_read_write_is_a_normal_run() {
    let dir = tempdir("delivery_devnull");
    let file = dir.join("one.txt");
    std::fs::write(&file, format!("{A}\n")).expect("a temporary file");
    for redirect in ["1<>/dev/null", ">&-"] {
        let output = StdCommand::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" solve \"$1\" {redirect}"))
            .arg(binary())
            .arg(&file)
            .output()
            .expect("sh runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{redirect}: {stderr}");
        assert!(stderr.is_empty(), "{redirect}: {stderr}");
    }
}

/// An input without any puzzle gets one note on stderr, from stdin as from
/// a file, with or without `--format`.
#[test]
fn an_empty_input_gets_a_note_on_stdin_too() {
    let dir = tempdir("delivery_empty");
    let file = dir.join("end.txt");
    std::fs::write(&file, "end\n").expect("a temporary file");
    for (stdin, format) in [("", "line"), ("end\n", "line"), ("end\n", "")] {
        let mut args = vec!["solve"];
        if !format.is_empty() {
            args.extend(["--format", format]);
        }
        sudokit()
            .args(&args)
            .write_stdin(stdin)
            .assert()
            .success()
            .stdout("")
            .stderr("<stdin>: warning: no puzzle in the input\n");
        let note = format!("{}: warning: no puzzle in the input\n", file.display());
        if stdin == "end\n" {
            sudokit()
                .args(&args)
                .arg(&file)
                .assert()
                .success()
                .stdout("")
                .stderr(note);
        }
    }
}

/// `--json`: one object per puzzle, in order, with the line, the puzzle,
/// the verdict, the solution, the stats, and errors as objects.
#[test]
fn json_lines_describe_every_puzzle() {
    let clash = format!("11{}", &A[2..]);
    let input = format!("{A}\n{clash}\n{}\n{}\n", &A[..80], ".".repeat(81));
    for threads in ["1", "2"] {
        let assert = sudokit()
            .args(["solve", "--json", "--limit", "2", "-j", threads])
            .write_stdin(input.clone())
            .assert()
            .code(1);
        let out = String::from_utf8(assert.get_output().stdout.clone()).expect("UTF-8");
        let records: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        assert_eq!(records.len(), 4, "{out}");
        let verdicts: Vec<&str> = records
            .iter()
            .map(|r| r["verdict"].as_str().expect("a verdict"))
            .collect();
        assert_eq!(verdicts, ["unique", "no_solution", "invalid", "multiple"]);
        for (k, r) in records.iter().enumerate() {
            assert_eq!(r["input"], "<stdin>");
            assert_eq!(r["line"], k + 1);
            assert_eq!(r["case"], k + 1);
        }
        assert_eq!(records[0]["puzzle"], A);
        assert_eq!(records[0]["solution"], A_SOLVED);
        assert!(records[0]["stats"]["nodes"].as_u64().is_some());
        assert_eq!(records[1]["puzzle"], clash.as_str());
        assert!(records[2]["error"]
            .as_str()
            .expect("an error message")
            .contains("80 cells"));
        assert!(records[3].get("solution").is_none());
    }
    // count mode: the count and whether the search was exhaustive.
    let out = sudokit()
        .args(["count", "--json"])
        .write_stdin(format!("{A}\n{}\n", ".".repeat(81)))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).expect("UTF-8");
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(records[0]["count"], 1);
    assert_eq!(records[0]["complete"], true);
    assert_eq!(records[1]["count"], 2);
    assert_eq!(records[1]["complete"], false);
}
