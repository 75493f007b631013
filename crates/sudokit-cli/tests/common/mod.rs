//! Helpers shared by the CLI test binaries (`cli`, `bad_input`, `browser`,
//! `serve_load`): running the binary and its server, reading its input and output back with the library.
// Each test binary uses its own subset of these.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use sudokit::format::{self, Entry, Format, ParseError, ReadError};
use sudokit::Grid;

/// A child process killed when dropped, also when the test fails.
pub struct Killed(pub std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `sudokit serve --addr 127.0.0.1:0 ARGS` on a free port, and its base
/// URL (no final `/`).
pub fn serve(args: &[&str]) -> (Killed, String) {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("sudokit serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .trim_end_matches('/')
        .to_owned();
    (Killed(child), url)
}

pub fn sudokit() -> Command {
    Command::cargo_bin("sudokit").expect("the sudokit binary is built")
}

/// Runs `sudokit ARGS` and checks that it exits with `code` and says
/// `message` on stderr.
pub fn fails_saying(args: &[&str], code: i32, message: &str) -> Assert {
    sudokit()
        .args(args)
        .assert()
        .code(code)
        .stderr(predicates::str::contains(message))
}

/// The stdout of a finished run, as text.
pub fn stdout(assert: &Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).expect("UTF-8 output")
}

/// The examples directory of the repository.
pub fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

/// A file of the examples directory.
pub fn example(name: &str) -> PathBuf {
    examples().join(name)
}

/// The bytes of a file of the examples directory.
pub fn read_example(name: &str) -> Vec<u8> {
    fs::read(example(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The text of a file of the examples directory.
pub fn example_text(name: &str) -> String {
    String::from_utf8(read_example(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The puzzles of an input, read with the library.
pub fn puzzles(format: Format, input: &[u8]) -> Vec<Result<Entry, ParseError>> {
    format::read(format, input)
        .map(|r| match r {
            Ok(e) => Ok(e),
            Err(ReadError::Parse(e)) => Err(e),
            Err(ReadError::Io(e)) => panic!("{e}"),
        })
        .collect()
}

/// Splits the output into one record per puzzle.
pub fn records(format: Format, output: &str) -> Vec<String> {
    match format {
        Format::Line | Format::Sdm | Format::Pencilmark | Format::Fpuzzles | Format::Scl => {
            output.lines().map(str::to_owned).collect()
        }
        Format::Jigsaw => {
            // A solution is two lines (solution, regions); a message one.
            let mut out = Vec::new();
            let mut lines = output.lines();
            while let Some(line) = lines.next() {
                if line.contains(' ') {
                    out.push(line.to_owned());
                } else {
                    let regions = lines.next().expect("a region line");
                    out.push(format!("{line}\n{regions}\n"));
                }
            }
            out
        }
        Format::Poj3076 | Format::Grid | Format::Sdk | Format::Ss | Format::Multi => {
            assert!(output.is_empty() || output.ends_with("\n\n"), "{output:?}");
            output
                .split_terminator("\n\n")
                .map(|r| format!("{r}\n"))
                .collect()
        }
        Format::Hdu4069 => {
            let mut out: Vec<String> = Vec::new();
            for (i, line) in output.lines().enumerate() {
                if let Some(k) = line.strip_prefix("Case ").and_then(|k| k.strip_suffix(':')) {
                    assert_eq!(k.parse::<usize>().unwrap(), out.len() + 1, "line {i}");
                    out.push(String::new());
                } else {
                    let last = out.last_mut().expect("a record starts with `Case k:`");
                    last.push_str(line);
                    last.push('\n');
                }
            }
            out
        }
    }
}

/// Parses a solved record back into a grid.
pub fn solution(format: Format, record: &str) -> Grid {
    let text = match format {
        Format::Hdu4069 => record.lines().collect::<String>(),
        _ => record.to_owned(),
    };
    let read_as = match format {
        Format::Hdu4069 | Format::Pencilmark => Format::Line,
        f => f,
    };
    let mut got = puzzles(read_as, text.as_bytes());
    assert_eq!(got.len(), 1, "{record:?}");
    let grid = got.remove(0).unwrap_or_else(|e| panic!("{e}: {record:?}"));
    grid.puzzle.givens().clone()
}

/// A fresh directory under the target directory for one test.
pub fn tempdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Knuth's DLX text for n queens: rows and columns primary, diagonals
/// secondary.
pub fn queens(n: usize) -> String {
    let mut text = String::new();
    for r in 0..n {
        text.push_str(&format!("r{r} "));
    }
    for c in 0..n {
        text.push_str(&format!("c{c} "));
    }
    text.push('|');
    for d in 0..2 * n - 1 {
        text.push_str(&format!(" a{d} b{d}"));
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
        }
    }
    text
}
