//! Multi-grid boards (samurai) on the command line: `examples/samurai.txt`
//! solved byte for byte whether its layout is detected or given, counted,
//! as JSON (the board's rows, `null` for holes), its true candidates, and a
//! board with a digit in a hole refused by line, column and layout.

use sudokit::format::Format;
use sudokit::{validate, Grid};

use crate::common::{example, example_text, puzzles, read_example, stdout, sudokit, tempdir};
use crate::{check_output, malformed_run, solves_example_byte_exact};

#[test]
fn a_samurai_is_solved_in_its_layout_detected_or_given() {
    for extra in [
        &[][..],
        &["--layout", "samurai"],
        &["--layout", "0,0 0,12 6,6 12,0 12,12"],
        &["--format", "multi", "-j", "1"],
        &["--limit", "2", "--engine", "dfs"],
        &["--engine", "dlx"],
        &["--engine", "variant"],
    ] {
        solves_example_byte_exact("samurai", Format::Multi, extra);
    }
    // The output reads back as the puzzle's solution, and `check` says so.
    let dir = tempdir("multi-check");
    let answers = dir.join("samurai.out");
    std::fs::write(&answers, read_example("samurai.out")).unwrap();
    let checked = stdout(
        &sudokit()
            .arg("check")
            .arg("--puzzle")
            .arg(example("samurai.txt"))
            .arg(&answers)
            .assert()
            .success(),
    );
    assert!(
        checked.contains(": ok: a complete, valid solution"),
        "{checked}"
    );
}

#[test]
fn a_samurai_counts_one_and_its_json_gives_the_board() {
    let count = stdout(
        &sudokit()
            .arg("count")
            .arg(example("samurai.txt"))
            .assert()
            .success()
            .stderr(""),
    );
    assert_eq!(count, "1\n");
    let json = stdout(
        &sudokit()
            .args(["solve", "--json", "--limit", "2"])
            .arg(example("samurai.txt"))
            .assert()
            .success(),
    );
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["verdict"], "unique");
    assert_eq!(v["layout"], "samurai");
    let board = v["board"].as_array().unwrap();
    assert_eq!(board.len(), 21);
    assert!(
        board[0][9].is_null() && board[0][2] == 5 && board[0][0] == 0,
        "{v}"
    );
    // The solution's board is the JSON the format reads: it validates.
    let solved = v["solution_board"].to_string();
    let entry = puzzles(Format::Multi, solved.as_bytes()).remove(0).unwrap();
    let puzzle = puzzles(Format::Multi, &read_example("samurai.txt"))
        .remove(0)
        .unwrap();
    assert_eq!(entry.puzzle.geometry(), puzzle.puzzle.geometry());
    validate(&puzzle.puzzle, entry.puzzle.givens()).unwrap();
    let values: Vec<u8> = serde_json::from_value(v["values"].clone()).unwrap();
    assert_eq!(values.len(), 369);
    let grid = Grid::from_values_of(puzzle.puzzle.geometry(), &values).unwrap();
    assert_eq!(&grid, entry.puzzle.givens());
}

#[test]
fn true_candidates_of_a_samurai_name_board_places() {
    // A given fewer (a minimal puzzle's): several solutions, and its cell
    // has several candidates.
    let text = example_text("samurai.txt").replacen("..5", "...", 1);
    let out = stdout(
        &sudokit()
            .args(["candidates", "-"])
            .write_stdin(text.clone())
            .assert()
            .success(),
    );
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 22, "{out}");
    assert_eq!(rows[21], "");
    assert!(rows[0].split_whitespace().any(|c| c.len() > 1), "{out}");
    let json = stdout(
        &sudokit()
            .args(["candidates", "--json", "-"])
            .write_stdin(text)
            .assert()
            .success(),
    );
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["verdict"], "multiple");
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 369);
    assert_eq!(cells[0], "r1c1");
    assert_eq!(cells[9], "r1c13");
    assert_eq!(v["candidates"][9], serde_json::json!([2]));
}

#[test]
fn a_digit_in_a_hole_is_refused_by_line_column_and_layout() {
    let text = example_text("samurai.txt");
    let mut rows: Vec<String> = text.lines().map(str::to_owned).collect();
    rows[1].replace_range(10..11, "5");
    let bad = rows.join("\n") + "\n";
    let dir = tempdir("multi-bad");
    let path = dir.join("bad.txt");
    let input = format!("{bad}\n{text}");
    std::fs::write(&path, &input).unwrap();
    let out = malformed_run(
        sudokit().arg("solve").arg(&path),
        &[&format!(
            "{}:2: case 1, column 11: '5' in a hole of the samurai layout",
            path.display()
        )],
    );
    let records = check_output(Format::Multi, input.as_bytes(), out.as_bytes());
    assert_eq!(records[0], "Invalid puzzle\n");
    assert_eq!(
        out,
        format!("Invalid puzzle\n\n{}", example_text("samurai.out"))
    );
    // `count` too; and a format that cannot hold the board is refused
    // puzzle by puzzle.
    sudokit()
        .arg("count")
        .arg(&path)
        .assert()
        .code(1)
        .stdout("Invalid puzzle\n1\n");
    sudokit()
        .args(["solve", "--to", "line"])
        .arg(example("samurai.txt"))
        .assert()
        .code(1)
        .stdout("Invalid puzzle\n")
        .stderr(predicates::str::contains(
            "the line format cannot hold a multi-grid board (samurai)",
        ));
    // `--layout` reads `multi`: with another format it is a usage error.
    sudokit()
        .args(["solve", "--layout", "samurai", "--format", "grid"])
        .arg(example("samurai.txt"))
        .assert()
        .code(2);
}

#[test]
fn the_logic_verbs_answer_a_samurai() {
    let rated = stdout(
        &sudokit()
            .arg("rate")
            .arg(example("samurai.txt"))
            .assert()
            .success(),
    );
    assert_eq!(rated.lines().count(), 1, "{rated}");
    let hint = stdout(
        &sudokit()
            .arg("hint")
            .arg(example("samurai.txt"))
            .assert()
            .success(),
    );
    assert_eq!(hint.lines().count(), 1, "{hint}");
}
