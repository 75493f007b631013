//! SVG rendering: every drawing parses as XML, jigsaw borders follow the
//! regions exactly, and one drawing per geometry kind matches its snapshot
//! in `tests/data/render` byte for byte (`SUDOKIT_BLESS=1` rewrites them).

use std::collections::BTreeSet;
use std::path::PathBuf;

use sudokit::format::line::parse_line;
use sudokit::logic::{self, Board, Ctx};
use sudokit::render::{svg, Highlight, Options};
use sudokit::{Extra, Geometry, Grid, Puzzle};

use crate::common::{random_jigsaw, rng};

const CLASSIC: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// `examples/jigsaw.txt`: givens, then the region map.
const JIGSAW_GIVENS: &str =
    ".2...96..763.9.12.9...27....4....7.51.7.6.8.28.2....5....67...9.79.1.583..83...4.";
const JIGSAW_REGIONS: &str =
    "000111122003331122003441222003411522333444555663774588666744588667755588667777888";
/// Windoku from Wikipedia's example layout (givens only matter for drawing).
const WINDOKU: &str =
    ".........2.....3.........4..1...5...........6...7..8.........9.....1.........2...";

fn example_line(name: &str, index: usize) -> Puzzle {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .nth(index)
        .unwrap();
    parse_line(line.trim()).unwrap()
}

fn jigsaw() -> (Geometry, Grid) {
    let regions: Vec<usize> = JIGSAW_REGIONS
        .bytes()
        .map(|b| usize::from(b - b'0'))
        .collect();
    let geometry = Geometry::jigsaw(9, &regions).unwrap();
    let givens = parse_line(JIGSAW_GIVENS).unwrap().givens().clone();
    (geometry, givens)
}

/// Parses `text` as XML and checks the document's shape.
fn well_formed(text: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let view_box: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(view_box[2].to_string(), root.attribute("width").unwrap());
    doc
}

fn count_class(doc: &roxmltree::Document<'_>, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

/// Thick unit edges read back from the drawing: `(true, k, p)` is the
/// horizontal edge on line `k` over column `p`, `(false, k, p)` the vertical
/// edge on line `k` beside row `p`.
fn thick_edges(doc: &roxmltree::Document<'_>, cell: f64) -> BTreeSet<(bool, usize, usize)> {
    let mut edges = BTreeSet::new();
    for line in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("region-border"))
    {
        let unit = |name: &str| -> usize {
            let v: f64 = line.attribute(name).unwrap().parse().unwrap();
            let u = v / cell;
            assert!(
                (u - u.round()).abs() < 1e-6,
                "{name}={v} is not on a cell line"
            );
            u.round() as usize
        };
        let (x1, y1, x2, y2) = (unit("x1"), unit("y1"), unit("x2"), unit("y2"));
        if y1 == y2 {
            assert!(x1 < x2);
            edges.extend((x1..x2).map(|p| (true, y1, p)));
        } else {
            assert_eq!(x1, x2, "a border is horizontal or vertical");
            assert!(y1 < y2);
            edges.extend((y1..y2).map(|p| (false, x1, p)));
        }
    }
    edges
}

/// The edges between cells of different regions, and the frame.
fn region_edges(geometry: &Geometry) -> BTreeSet<(bool, usize, usize)> {
    let n = geometry.size();
    let region: Vec<usize> = geometry.regions().collect();
    let mut edges = BTreeSet::new();
    for k in 0..=n {
        for p in 0..n {
            if k == 0 || k == n || region[(k - 1) * n + p] != region[k * n + p] {
                edges.insert((true, k, p));
            }
            if k == 0 || k == n || region[p * n + k - 1] != region[p * n + k] {
                edges.insert((false, k, p));
            }
        }
    }
    edges
}

fn plain(geometry: &Geometry, givens: &Grid) -> String {
    svg(geometry, givens, None, None, None, &Options::default())
}

/// The drawings kept as snapshots, by name.
fn snapshots() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let four = parse_line("1...3..1..2...4.").unwrap();
    out.push(("4x4", plain(four.geometry(), four.givens())));
    let six = parse_line("1.....4.....2.....3.....6.....5....1").unwrap();
    assert_eq!(six.geometry().box_shape(), Some((2, 3)));
    out.push(("6x6", plain(six.geometry(), six.givens())));
    let (geometry, givens) = jigsaw();
    out.push(("jigsaw", plain(&geometry, &givens)));
    let x = parse_line(CLASSIC).unwrap();
    let xg = Geometry::classic().with_extra(Extra::Diagonals).unwrap();
    out.push(("x", plain(&xg, x.givens())));
    let w = parse_line(WINDOKU).unwrap();
    let wg = Geometry::classic().with_extra(Extra::Windows).unwrap();
    out.push(("windoku", plain(&wg, w.givens())));
    out.push(("9x9-step", classic_step().0));
    let p16 = example_line("line16.txt", 0);
    out.push(("16x16", plain(p16.geometry(), p16.givens())));
    let p25 = example_line("line25.txt", 0);
    let options = Options {
        title: Some("25x25 <example> & \"friends\"".into()),
        ..Options::default()
    };
    out.push((
        "25x25",
        svg(p25.geometry(), p25.givens(), None, None, None, &options),
    ));
    out
}

/// `puzzle` drawn with `board`'s candidates (and `highlight`, as a step
/// is), default options.
fn draw_candidates(puzzle: &Puzzle, board: &Board, highlight: Option<&Highlight>) -> String {
    svg(
        puzzle.geometry(),
        puzzle.givens(),
        None,
        Some(board.all_candidates()),
        highlight,
        &Options::default(),
    )
}

/// The classic puzzle with its candidates and first step highlighted.
fn classic_step() -> (String, Highlight) {
    let puzzle = parse_line(CLASSIC).unwrap();
    let board = Board::new(&puzzle).unwrap();
    let step = logic::next_step(&board, &mut Ctx::new(true)).unwrap();
    let highlight = Highlight::from(&step);
    (
        draw_candidates(&puzzle, &board, Some(&highlight)),
        highlight,
    )
}

#[test]
fn every_drawing_is_well_formed_xml() {
    for (name, text) in snapshots() {
        let doc = well_formed(&text);
        assert!(count_class(&doc, "region-border") >= 4, "{name}");
        // Deterministic: a second drawing is the same bytes.
        let again = snapshots().into_iter().find(|(n, _)| *n == name).unwrap().1;
        assert_eq!(text, again, "{name}");
    }
}

#[test]
fn default_9x9_is_about_500_px() {
    let p = parse_line(CLASSIC).unwrap();
    let doc_text = plain(p.geometry(), p.givens());
    let doc = well_formed(&doc_text);
    assert_eq!(doc.root_element().attribute("width"), Some("500"));
    assert_eq!(doc.root_element().attribute("viewBox"), Some("0 0 500 500"));
    // One bold black text per given.
    assert_eq!(count_class(&doc, "given"), p.givens().filled());
}

#[test]
fn givens_filled_and_candidates_are_drawn_apart() {
    let puzzle = parse_line(CLASSIC).unwrap();
    let mut engine = sudokit::Dfs::new();
    use sudokit::Engine;
    let solution = engine.solve(&puzzle, 1).unwrap().first.unwrap();
    let text = svg(
        puzzle.geometry(),
        puzzle.givens(),
        Some(&solution),
        None,
        None,
        &Options::default(),
    );
    let doc = well_formed(&text);
    assert_eq!(count_class(&doc, "given"), 17);
    assert_eq!(count_class(&doc, "filled"), 81 - 17);
    assert_eq!(count_class(&doc, "candidate"), 0);

    let board = Board::new(&puzzle).unwrap();
    let text = draw_candidates(&puzzle, &board, None);
    let doc = well_formed(&text);
    let marks: u32 = board.all_candidates().iter().map(|m| m.count_ones()).sum();
    assert_eq!(count_class(&doc, "candidate"), marks as usize);
}

#[test]
fn a_step_is_highlighted() {
    let (text, highlight) = classic_step();
    let doc = well_formed(&text);
    assert!(!highlight.cells.is_empty() || !highlight.houses.is_empty());
    assert!(count_class(&doc, "hl-cell") + count_class(&doc, "hl-house") > 0);
    assert_eq!(
        count_class(&doc, "hl-placement"),
        highlight.placements.len()
    );

    // A step that eliminates: its marks are struck through.
    let puzzle = parse_line(CLASSIC).unwrap();
    let board = Board::new(&puzzle).unwrap();
    let path = logic::solve_path(board.clone(), &mut Ctx::new(true), true);
    let mut before = board;
    let mut found = false;
    for step in &path.steps {
        if !step.eliminations.is_empty() {
            let highlight = Highlight::from(step);
            let text = draw_candidates(&puzzle, &before, Some(&highlight));
            let doc = well_formed(&text);
            assert_eq!(count_class(&doc, "hl-elimination"), step.eliminations.len());
            found = true;
            break;
        }
        before.apply(step);
    }
    assert!(found, "the path has an elimination step");
}

#[test]
fn bad_inputs_draw_without_panicking() {
    let p = parse_line(CLASSIC).unwrap();
    let highlight = Highlight {
        cells: vec![81, usize::MAX],
        houses: vec![9999],
        evidence: vec![logic::Candidate::new(0, 0), logic::Candidate::new(500, 3)],
        eliminations: vec![logic::Candidate::new(1, 10)],
        placements: vec![logic::Candidate::new(2, 200)],
    };
    let small = Grid::empty(4);
    for cell in [f64::NAN, -1.0, 0.0, 1e300] {
        let options = Options {
            cell,
            margin: f64::INFINITY,
            title: Some("\u{0}<&>".into()),
            ..Options::default()
        };
        let text = svg(
            p.geometry(),
            &small,
            Some(&small),
            Some(&[u64::MAX; 3]),
            Some(&highlight),
            &options,
        );
        well_formed(&text);
    }
}

#[test]
fn jigsaw_borders_follow_the_regions_exactly() {
    let options = Options::default();
    let (geometry, givens) = jigsaw();
    let mut geometries = vec![geometry];
    let mut r = rng(7);
    geometries.extend((0..20).map(|_| random_jigsaw(&mut r, 200)));
    geometries.push(Geometry::boxed(2, 3).unwrap());
    geometries.push(Geometry::boxed(4, 4).unwrap());
    for g in &geometries {
        let givens = if g.size() == 9 {
            givens.clone()
        } else {
            Grid::empty(g.size())
        };
        let text = svg(g, &givens, None, None, None, &options);
        let doc = well_formed(&text);
        assert_eq!(thick_edges(&doc, options.cell), region_edges(g));
    }
    // And the check can fail: a box grid's borders are not the jigsaw's.
    let boxes = svg(&Geometry::classic(), &givens, None, None, None, &options);
    assert_ne!(
        thick_edges(&well_formed(&boxes), options.cell),
        region_edges(&geometries[0])
    );
}

#[test]
fn snapshots_match() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/render");
    let bless = std::env::var_os("SUDOKIT_BLESS").is_some_and(|v| v == "1");
    let mut stale = Vec::new();
    for (name, text) in snapshots() {
        let path = dir.join(format!("{name}.svg"));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(kept) if kept == text => {}
            Ok(_) => stale.push(format!("{name}: differs")),
            Err(e) => stale.push(format!("{name}: {e}")),
        }
    }
    assert!(
        stale.is_empty(),
        "snapshots out of date (run with SUDOKIT_BLESS=1 after checking the drawings): {stale:?}"
    );
}
