//! In-process tests of `sudokit solve` and `count` ([`super::execute`]).

use std::time::Duration;

use clap::Parser;

use super::*;
use crate::cli::{Cli, Command};

const A: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const A_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// Runs a `sudokit` command line in process on `stdin`: (stdout,
/// stderr, status).
fn sudokit(args: &[&str], stdin: &str) -> (String, String, Status) {
    let cli = Cli::try_parse_from(["sudokit"].iter().chain(args)).expect("valid arguments");
    let (args, mode) = match &cli.command {
        Command::Solve(args) => (args, Mode::Solve),
        Command::Count(args) => (args, Mode::Count),
        other => panic!("not solve or count: {other:?}"),
    };
    let inputs = Input::all(&args.inputs);
    let job = Job::new(args, mode, &inputs);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status =
        execute(&job, &inputs, stdin.as_bytes(), &mut out, &mut err).expect("writing to memory");
    (
        String::from_utf8(out).expect("UTF-8 output"),
        String::from_utf8(err).expect("UTF-8 diagnostics"),
        status,
    )
}

/// Solvable, unsolvable, malformed and several solutions, in that order.
fn four_kinds() -> String {
    let clash = format!("11{}", &A[2..]);
    format!("{A}\n{clash}\n{}\n{}\n", &A[..80], ".".repeat(81))
}

#[test]
fn one_thread_and_the_workers_write_the_same_bytes() {
    let input = four_kinds();
    for limit in ["1", "2"] {
        let one = sudokit(&["solve", "-j", "1", "--limit", limit], &input);
        let two = sudokit(&["solve", "-j", "2", "--limit", limit], &input);
        assert_eq!(one, two, "--limit {limit}");
        let (out, err, status) = one;
        assert_eq!(status, Status::Malformed);
        assert!(err.starts_with("<stdin>:3: line has 80 cells"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        let records: Vec<&str> = out.lines().collect();
        assert_eq!(records.len(), 4, "{out}");
        assert_eq!(records[..3], [A_SOLVED, "No solution", "Invalid puzzle"]);
        if limit == "2" {
            assert_eq!(records[3], "Multiple Solutions");
        } else {
            // The first solution found of the empty grid.
            let grid = sudokit::format::line::parse_line(records[3]).expect("a grid");
            assert_eq!(grid.givens().cells().len(), 81);
            assert!(!records[3].contains('.'), "{out}");
        }
    }
}

#[test]
fn count_mode_writes_one_line_per_puzzle_on_any_thread_count() {
    let input = four_kinds();
    for threads in ["1", "2"] {
        assert_eq!(
            sudokit(&["count", "-j", threads], &input),
            sudokit(&["solve", "--count", "-j", threads], &input)
        );
        let (out, _, status) = sudokit(&["count", "-j", threads], &input);
        assert_eq!(out, "1\n0\nInvalid puzzle\n2+\n");
        assert_eq!(status, Status::Malformed);
        let (out, err, status) = sudokit(&["count", "-j", threads, "--limit", "1"], &input);
        assert_eq!(out, "1+\n0\nInvalid puzzle\n1+\n", "{err}");
        assert_eq!(status, Status::Malformed);
    }
    // Only good puzzles: status 0, nothing on stderr.
    let (out, err, status) = sudokit(&["count", "-j", "2"], &format!("{A}\n{A}\n"));
    assert_eq!((out.as_str(), err.as_str()), ("1\n1\n", ""));
    assert_eq!(status, Status::Ok);
}

#[test]
fn a_terminal_gets_a_default_time_limit_and_a_hint() {
    let cli = Cli::try_parse_from(["sudokit", "solve", "--engine", "dfs", "-j", "1"])
        .expect("valid arguments");
    let Command::Solve(args) = &cli.command else {
        panic!("solve");
    };
    let inputs = Input::all(&args.inputs);
    let mut job = Job::new(args, Mode::Solve, &inputs);
    terminal_budget(&mut job.settings, false);
    assert!(job.settings.budget.is_unlimited());
    terminal_budget(&mut job.settings, true);
    assert_eq!(job.settings.budget.time_limit, Some(TERMINAL_TIMEOUT));
    // A budget asked for is kept.
    let mut asked = Job::new(args, Mode::Solve, &inputs);
    asked.settings.budget = sudokit::Budget::UNLIMITED.with_max_nodes(5);
    terminal_budget(&mut asked.settings, true);
    assert_eq!(asked.settings.budget.time_limit, None);
    assert!(!asked.settings.timeout_is_default);
    // Giving up on the default limit says how to raise it (a shorter
    // limit here, to keep the test quick).
    job.settings.budget = sudokit::Budget::UNLIMITED.with_time_limit(Duration::from_millis(20));
    let hard = include_str!("../tests/bad_input/hard_line16.txt");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = execute(&job, &inputs, hard.as_bytes(), &mut out, &mut err).expect("memory");
    let err = String::from_utf8(err).expect("UTF-8");
    assert_eq!(status, Status::Malformed);
    assert!(
        err.contains(":2: gave up: time limit reached after "),
        "{err}"
    );
    assert!(err.contains("give --timeout SECS to wait longer"), "{err}");
}

#[test]
fn a_shard_of_stdin_is_refused_before_reading() {
    let (out, err, status) = sudokit(&["solve", "--shard", "1/2"], &four_kinds());
    assert_eq!(out, "");
    assert!(err.contains("needs files"), "{err}");
    assert_eq!(status, Status::Failed);
    // Nothing readable: status 2, the next input is still answered.
    let (out, err, status) = sudokit(&["solve", "-j", "1", "-", A], "ab\n");
    assert_eq!(out, format!("{A_SOLVED}\n"));
    assert!(err.starts_with("sudokit: <stdin>: "), "{err}");
    assert_eq!(status, Status::Failed);
}
