//! `sudokit explain --render DIR`: the path in words as without it, and a
//! picture per step (the board before the step, the step drawn on it, the
//! puzzle's constraints), listed in DIR/steps.txt; stdin read once serves
//! both; PNGs with --png; a puzzle with no unique solution is named.

use std::path::Path;

use super::{stdout, sudokit, tempdir};

const KILLER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/browser/variants/killer.json"
);

/// The numbered step lines of `explain`'s output, without number and
/// difficulty: `Killer Cage: …`.
fn step_lines(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            let (number, rest) = l.trim_start().split_once(". ")?;
            number.parse::<usize>().ok()?;
            Some(rest.split_once(' ')?.1.to_owned())
        })
        .collect()
}

fn check_pictures(dir: &Path, lines: &[String]) {
    let index = std::fs::read_to_string(dir.join("steps.txt")).unwrap();
    let listed: Vec<(&str, &str)> = index.lines().map(|l| l.split_once('\t').unwrap()).collect();
    assert_eq!(listed.len(), lines.len(), "{index}");
    let total = lines.len();
    for (k, ((file, line), expected)) in listed.iter().zip(lines).enumerate() {
        assert_eq!(*file, format!("step-{:03}.svg", k + 1));
        assert_eq!(line, expected);
        let svg = std::fs::read_to_string(dir.join(file)).unwrap();
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let has = |class: &str| {
            doc.descendants()
                .any(|n| n.attribute("class") == Some(class))
        };
        assert!(has("killer-cage") && has("cage-total"), "{file}: the cages");
        assert!(
            has("hl-cell") || has("hl-house"),
            "{file}: the step's pattern"
        );
        assert!(
            has("hl-elimination") || has("hl-placement"),
            "{file}: what the step does"
        );
        let name = expected.split(':').next().unwrap();
        assert!(
            svg.contains(&format!("Step {} of {total}: {name}<", k + 1)),
            "{file}: the caption"
        );
    }
    // The first picture is the bare puzzle: candidates, no placed digit.
    let first = std::fs::read_to_string(dir.join("step-001.svg")).unwrap();
    assert!(!first.contains("class=\"filled\"") && first.contains("class=\"candidate\""));
}

#[test]
fn explain_render_draws_every_step_of_a_variant_path() {
    let plain = sudokit().args(["explain", KILLER]).assert().success();
    let plain = stdout(&plain);
    let lines = step_lines(&plain);
    assert!(lines.len() > 10 && plain.contains("Solved in"), "{plain}");
    assert!(lines.iter().any(|l| l.starts_with("Killer Cage")));

    let dir = tempdir("explain-render");
    let drawn = sudokit()
        .args(["explain", "--render"])
        .arg(&dir)
        .arg(KILLER)
        .assert()
        .success();
    assert_eq!(stdout(&drawn), plain, "the words are explain's own");
    check_pictures(&dir, &lines);

    // From stdin: read once, for the words and the pictures.
    let dir = tempdir("explain-render-stdin");
    let piped = sudokit()
        .args(["explain", "--render"])
        .arg(&dir)
        .write_stdin(std::fs::read(KILLER).unwrap())
        .assert()
        .success();
    assert_eq!(stdout(&piped), plain);
    check_pictures(&dir, &lines);
}

#[test]
fn explain_render_writes_pngs_and_names_puzzles_it_cannot_draw() {
    let dir = tempdir("explain-render-png");
    // Two blanks of a 4x4 (two steps), then a puzzle with many solutions.
    let input = "1234341221434.2.\n...4............\n";
    let run = sudokit()
        .args(["explain", "--png", "--render"])
        .arg(&dir)
        .write_stdin(input)
        .assert()
        .failure();
    let err = String::from_utf8(run.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("<stdin>:2: --render: several solutions"),
        "{err}"
    );
    let index = std::fs::read_to_string(dir.join("steps.txt")).unwrap();
    assert_eq!(index.lines().count(), 2, "{index}");
    for k in 1..=2 {
        assert!(dir.join(format!("p1-step-{k:03}.svg")).is_file());
        let png = std::fs::read(dir.join(format!("p1-step-{k:03}.png"))).unwrap();
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    }
    assert!(!dir.join("p2-step-001.svg").exists());
    // --png without --render is refused by the parser.
    sudokit()
        .args(["explain", "--png", "1234341221434.2."])
        .assert()
        .code(2);
}
