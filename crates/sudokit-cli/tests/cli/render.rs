//! `sudokit render`: SVG that parses, PNG with the right size, step
//! highlights, one file per puzzle, and clear errors.

use super::*;

const CLASSIC: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn count_class(text: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

/// Width and height from a PNG's IHDR chunk, after checking the signature.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(
        bytes.len() > 1000,
        "a drawing, not a blank: {} bytes",
        bytes.len()
    );
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[12..16], b"IHDR");
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (word(16), word(20))
}

#[test]
fn render_writes_svg_to_stdout() {
    let assert = sudokit().args(["render", CLASSIC]).assert().success();
    let text = stdout(&assert);
    assert_eq!(count_class(&text, "given"), 17);
    assert_eq!(count_class(&text, "filled"), 0);

    let assert = sudokit()
        .args(["render", "--solution", "--title", "No. 1 <hard>", CLASSIC])
        .assert()
        .success();
    let text = stdout(&assert);
    assert_eq!(count_class(&text, "filled"), 81 - 17);
    assert!(text.contains("No. 1 &lt;hard&gt;"));

    let assert = sudokit()
        .args(["render", "--candidates", CLASSIC])
        .assert()
        .success();
    assert!(count_class(&stdout(&assert), "candidate") > 100);
}

#[test]
fn render_png_has_the_drawing_size() {
    let dir = tempdir("render_png");
    let out = dir.join("classic.png");
    sudokit()
        .args(["render", CLASSIC, "-o"])
        .arg(&out)
        .assert()
        .success();
    assert_eq!(png_size(&fs::read(&out).unwrap()), (500, 500));

    // The jigsaw example (two puzzles) at 30 px cells: 9 * 30 + 2 * 16.
    let out = dir.join("jigsaw.PNG");
    sudokit()
        .args(["render", "--cell", "30", "-o"])
        .arg(&out)
        .arg(example("jigsaw.txt"))
        .assert()
        .success();
    for i in [1, 2] {
        let bytes = fs::read(dir.join(format!("jigsaw-{i}.PNG"))).unwrap();
        assert_eq!(png_size(&bytes), (302, 302));
    }
}

#[test]
fn render_step_highlights_the_step() {
    let assert = sudokit()
        .args(["render", "--step", "1", CLASSIC])
        .assert()
        .success();
    let text = stdout(&assert);
    assert!(count_class(&text, "hl-cell") + count_class(&text, "hl-house") > 0);
    assert!(count_class(&text, "hl-placement") + count_class(&text, "hl-elimination") > 0);
    assert!(count_class(&text, "candidate") > 100);

    // The board before a later step has the earlier placements filled in.
    let assert = sudokit()
        .args(["render", "--step", "5", CLASSIC])
        .assert()
        .success();
    assert!(count_class(&stdout(&assert), "filled") >= 1);
}

#[test]
fn render_writes_one_numbered_file_per_puzzle() {
    let dir = tempdir("render_many");
    let input = dir.join("three.txt");
    fs::write(&input, format!("{CLASSIC}\n{CLASSIC}\n{CLASSIC}\n")).unwrap();
    sudokit()
        .args(["render", "-o"])
        .arg(dir.join("page.svg"))
        .arg(&input)
        .assert()
        .success();
    for i in 1..=3 {
        let text = fs::read_to_string(dir.join(format!("page-{i}.svg"))).unwrap();
        assert_eq!(count_class(&text, "given"), 17);
    }
    assert!(!dir.join("page.svg").exists());
    // Several puzzles and no -o: refused, nothing half-written.
    fails_saying(
        &["render", input.to_str().unwrap()],
        2,
        "the inputs hold 3 puzzles",
    )
    .stdout("");
}

#[test]
fn render_errors_name_the_puzzle_and_exit_non_zero() {
    let dir = tempdir("render_errors");
    let input = dir.join("bad.txt");
    // Line 2 has two 4s in row 1 (no solution); line 3 is too short.
    let clash = format!("44{}", &CLASSIC[2..]);
    fs::write(&input, format!("{CLASSIC}\n{clash}\n{}\n", &CLASSIC[1..])).unwrap();
    sudokit()
        .args(["render", "--solution", "-o"])
        .arg(dir.join("out.svg"))
        .arg(&input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bad.txt:2: "))
        .stderr(predicate::str::contains("bad.txt:3: "));
    // The good puzzle is still drawn.
    assert!(dir.join("out-1.svg").exists());

    fails_saying(
        &["render", "--step", "999", CLASSIC],
        1,
        "<argument>:1: step 999 is out of range",
    );
    sudokit()
        .args(["render", CLASSIC, "-o"])
        .arg(dir.join("out.pdf"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("name a .svg or .png file"));
    let big = "1".to_string() + &".".repeat(36 * 36 - 1);
    sudokit()
        .args(["render", "--cell", "400", &big, "-o"])
        .arg(dir.join("big.png"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("too large"));
    sudokit()
        .args(["render", "--step", "0", CLASSIC])
        .assert()
        .code(2);
    fails_saying(&["render", "--cell", "1", CLASSIC], 2, "from 8 to 400");
}

#[test]
fn render_help_says_files_are_numbered() {
    let assert = sudokit().args(["render", "--help"]).assert().success();
    assert!(stdout(&assert).contains("out-1.svg, out-2.svg"));
}
