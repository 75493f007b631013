//! Every output sudokit writes reads back: for every format, random
//! puzzles (the examples' puzzles with their symbols relabelled, givens
//! removed or changed, so that unique, multiple, unsolvable and clashing
//! puzzles all occur) are solved, and `check` confirms each record of
//! `solve`'s output against its puzzle (answer lines included) while `count`
//! agrees with it; `generate`'s output in every format solves back to the
//! puzzles and solutions of its JSON; a variant's header survives `solve`.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use sudokit::format::{self, Format, Style};
use sudokit::{Grid, Puzzle};

use crate::common::{puzzles, stdout, sudokit, tempdir};

/// The example input of each format.
fn example_of(format: Format) -> &'static str {
    match format {
        Format::Line => "acwing166.txt",
        Format::Poj3076 => "poj3076.txt",
        Format::Hdu4069 => "hdu4069.txt",
        Format::Grid => "grid9.txt",
        Format::Sdk => "sdk.txt",
        Format::Ss => "ss.txt",
        Format::Sdm => "sdm.txt",
        Format::Pencilmark => "pencilmark.txt",
        Format::Jigsaw => "jigsaw.txt",
        Format::Fpuzzles | Format::Scl => "fpuzzles.txt",
        Format::Multi => "samurai.txt",
    }
}

/// `puzzle` with its symbols relabelled, `remove` random givens emptied and,
/// if `change`, one given set to another digit.
fn mutate(puzzle: &Puzzle, rng: &mut SmallRng, remove: usize, change: bool) -> Puzzle {
    let n = puzzle.size();
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        relabel.swap(i, rng.gen_range(0..=i));
    }
    let mut values: Vec<u8> = puzzle
        .givens()
        .cells()
        .iter()
        .map(|v| v.map_or(0, |d| relabel[d.index()]))
        .collect();
    let filled: Vec<usize> = (0..values.len()).filter(|&i| values[i] != 0).collect();
    for _ in 0..remove.min(filled.len()) {
        values[filled[rng.gen_range(0..filled.len())]] = 0;
    }
    if change && !filled.is_empty() {
        let at = filled[rng.gen_range(0..filled.len())];
        values[at] = rng.gen_range(1..=n as u8);
    }
    let givens = Grid::from_values_of(puzzle.geometry(), &values).expect("digits in range");
    Puzzle::new(puzzle.geometry().clone(), givens).expect("same geometry")
}

/// Random puzzles from `format`'s example, written as one input of
/// `format`; `None` when nothing of the example reads back.
fn random_input(format: Format, seed: u64) -> Option<(Vec<u8>, usize)> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let example = std::fs::read(crate::common::example(example_of(format))).unwrap();
    let bases: Vec<Puzzle> = puzzles(format, &example)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.puzzle)
        .collect();
    let mut made = Vec::new();
    for base in &bases {
        let cells = base.geometry().cell_count();
        for (remove, change) in [(0, false), (rng.gen_range(1..cells / 4), false), (0, true)] {
            made.push(mutate(base, &mut rng, remove, change));
        }
    }
    let mut text = Vec::new();
    if format == Format::Hdu4069 {
        text.extend_from_slice(format!("{}\n", made.len()).as_bytes());
    }
    for p in &made {
        format::write_puzzle(format, &mut text, p, Style::default()).unwrap();
    }
    // What the format writes must read back as the same puzzles.
    let back = puzzles(format, &text);
    assert_eq!(
        back.len(),
        made.len(),
        "{format}: {}",
        String::from_utf8_lossy(&text)
    );
    for (b, p) in back.iter().zip(&made) {
        let b = b.as_ref().unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(b.puzzle.givens(), p.givens(), "{format}");
    }
    (!made.is_empty()).then_some((text, made.len()))
}

/// Runs `sudokit ARGS` and returns (exit status, stdout).
fn run(args: &[&str]) -> (i32, String) {
    let a = sudokit().args(args).assert();
    let code = a.get_output().status.code().unwrap_or(-1);
    (code, stdout(&a))
}

/// Runs `sudokit ARGS` on `stdin` and returns (exit status, stdout).
fn run_stdin(args: &[&str], stdin: &str) -> (i32, String) {
    let out = sudokit().args(args).write_stdin(stdin).output().unwrap();
    let code = out.status.code().unwrap_or(-1);
    (code, String::from_utf8(out.stdout).expect("UTF-8 output"))
}

/// `solve`'s output of every format reads back through `check` (each
/// record confirmed against its puzzle) and agrees with `count`.
fn solve_reads_back(format: Format, seed: u64) {
    let Some((input, n)) = random_input(format, seed) else {
        return;
    };
    let dir = tempdir(&format!("roundtrip-solve-{format}-{seed}"));
    let path = dir.join("in.txt");
    std::fs::write(&path, &input).unwrap();
    let path = path.to_str().unwrap();
    let name = format.to_string();
    let (code, answers) = run(&["solve", "-f", &name, "--limit", "2", path]);
    assert!(code <= 1, "{format}: solve exited {code}");
    let answers_path = dir.join("out.txt");
    std::fs::write(&answers_path, &answers).unwrap();
    let out = answers_path.to_str().unwrap();
    let (code, checked) = run(&["check", "-f", &name, "--puzzle", path, out]);
    let lines: Vec<&str> = checked.lines().collect();
    assert_eq!(code, 0, "{format}: check failed:\n{checked}\non\n{answers}");
    assert_eq!(lines.len(), n, "{format}: one line per record:\n{checked}");
    assert!(lines.iter().all(|l| l.contains(": ok: ")), "{checked}");
    // `count` says the same of each puzzle as `solve`'s record: `2` (all
    // found) or `2+` for several.
    let (_, counts) = run(&["count", "-f", &name, path]);
    let counts: Vec<&str> = counts.lines().collect();
    assert_eq!(counts.len(), n, "{format}");
    for (line, count) in lines.iter().zip(&counts) {
        let agrees = if line.contains("`No solution`") {
            *count == "0"
        } else if line.contains("`Multiple Solutions`") {
            count
                .trim_end_matches('+')
                .parse::<u64>()
                .is_ok_and(|c| c >= 2)
        } else if line.contains("`Invalid puzzle`") {
            *count == "Invalid puzzle"
        } else {
            *count == "1"
        };
        assert!(agrees, "{format}: check says {line}, count says {count}");
    }
}

/// The digits of a grid written as one line, in either alphabet.
fn cells(line: &serde_json::Value) -> Grid {
    let text = line
        .as_str()
        .unwrap_or_else(|| panic!("a grid line: {line}"));
    format::line::parse_line(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .givens()
        .clone()
}

/// `generate`'s output in `format` solves back to the puzzles and
/// solutions its JSON gives for the same seed.
fn generate_reads_back(format: Format, seed: u64) {
    let name = format.to_string();
    let seed = seed.to_string();
    let mut base = vec!["generate", "-n", "3", "--seed", &seed, "--max-tries", "50"];
    match format {
        Format::Poj3076 => base.extend(["--size", "16"]),
        Format::Hdu4069 | Format::Jigsaw => base.push("--jigsaw"),
        _ => {}
    }
    let (code, json) = run(&[&base[..], &["--json"]].concat());
    assert_eq!(code, 0, "{format}");
    let (code, text) = run(&[&base[..], &["-f", &name]].concat());
    assert_eq!(code, 0, "{format}");
    let (code, solved) = run_stdin(
        &["solve", "--json", "--limit", "2", "-f", &name, "-"],
        &text,
    );
    assert_eq!(code, 0, "{format}: {text}");
    let made: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let back: Vec<serde_json::Value> = solved
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(made.len(), 3, "{json}");
    assert_eq!(back.len(), 3, "{format}: {solved}");
    for (m, b) in made.iter().zip(&back) {
        assert_eq!(b["verdict"], "unique", "{format}: {b}");
        // The same grids, whatever the alphabet (poj3076 writes letters).
        assert_eq!(cells(&b["puzzle"]), cells(&m["puzzle"]), "{format}");
        assert_eq!(cells(&b["solution"]), cells(&m["solution"]), "{format}");
        // `null` and absent both say "boxes".
        assert_eq!(b["regions"], m["regions"], "{format}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_format_solve_output_reads_back_through_check_and_count(seed in any::<u64>()) {
        for format in Format::ALL {
            solve_reads_back(format, seed);
        }
    }

    #[test]
    fn every_format_generate_output_reads_back_through_solve(seed in 1u64..1_000_000) {
        for format in Format::ALL {
            generate_reads_back(format, seed);
        }
    }
}

#[test]
fn a_variant_header_survives_solve_and_check_reads_it_back() {
    let (code, puzzles) = run(&["generate", "--x", "-n", "3", "--seed", "5"]);
    assert_eq!(code, 0);
    assert!(puzzles.starts_with("# sudokit: x\n"), "{puzzles}");
    let dir = tempdir("roundtrip-x");
    let input = dir.join("x.txt");
    std::fs::write(&input, &puzzles).unwrap();
    let input = input.to_str().unwrap();
    let (code, answers) = run(&["solve", input]);
    assert_eq!(code, 0);
    assert!(answers.starts_with("# sudokit: x\n"), "{answers}");
    let out = dir.join("x.out");
    std::fs::write(&out, &answers).unwrap();
    let (code, checked) = run(&["check", "--puzzle", input, out.to_str().unwrap()]);
    assert_eq!(code, 0, "{checked}");
    assert_eq!(checked.matches(": ok: ").count(), 3, "{checked}");
    // The solutions, read back with their header, are X-sudoku grids.
    let (code, counts) = run(&["count", "--json", out.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(counts.matches("\"count\":1,").count(), 3, "{counts}");
}

#[test]
fn a_drawn_solution_reads_back_through_check() {
    let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let (code, drawn) = run(&["solve", "--color", "never", p]);
    assert_eq!(code, 0);
    assert!(drawn.contains('|'), "{drawn}");
    let (code, checked) = run_stdin(&["check", "--puzzle", p, "-"], &drawn);
    assert_eq!(code, 0, "{checked}");
    assert!(
        checked.contains("ok: a complete, valid solution"),
        "{checked}"
    );
}
