//! Constraint drawings read back as XML: every kind leaves its elements,
//! in the right layer, the view box grows for outside clues, and nothing
//! panics at the grid's edges or off it.

use std::sync::Arc;

use super::*;

mod edges;
use crate::render::{svg, svg_puzzle, Options};
use crate::variant::{
    Arrow, Between, Cage, CloneCells, Distinct, DoubleArrow, Entropic, Extremum, Indexer,
    LittleKiller, Lockout, Modular, Nabner, Outside, Pair, Palindrome, Parity, Quadruple, Renban,
    Sandwich, Skyscraper, SumLine, Thermometer, Whispers, XSum, Zipper,
};
use crate::{Extra, Grid, Puzzle};

fn at(r: usize, c: usize) -> Cell {
    Cell::at(r, c, 9)
}

fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
    list.iter().map(|&(r, c)| at(r, c)).collect()
}

fn out(row: i32, column: i32) -> Outside {
    Outside { row, column }
}

fn pair(a: (usize, usize), b: (usize, usize), rule: PairRule, kind: &'static str) -> Constraint {
    Constraint::Pair(Pair {
        cells: [at(a.0, a.1), at(b.0, b.1)],
        rule,
        kind,
    })
}

/// The nine disjoint groups of a 9x9, as extra houses.
fn disjoint_groups() -> Geometry {
    let mut g = Geometry::classic();
    for k in 0..9 {
        let group = (0..9)
            .map(|b| at(b / 3 * 3 + k / 3, b % 3 * 3 + k % 3))
            .collect();
        g = g.with_extra(Extra::House(group)).unwrap();
    }
    g
}

/// A 9x9 with most kinds of constraint, laid out so they do not collide:
/// the picture described in `docs/render.md`.
pub(crate) fn showcase() -> Puzzle {
    use Constraint as C;
    let line = cells;
    let constraints = vec![
        C::Cage(Cage {
            cells: cells(&[(0, 0), (0, 1), (1, 0)]),
            sum: Some(15),
        }),
        C::Cage(Cage {
            cells: cells(&[(7, 7), (8, 7), (8, 8)]),
            sum: Some(17),
        }),
        C::Cage(Cage {
            cells: cells(&[(3, 0), (4, 0)]),
            sum: None,
        }),
        C::Thermometer(Thermometer {
            line: line(&[(1, 2), (2, 2), (3, 2), (3, 3)]),
        }),
        C::Arrow(Arrow {
            circle: cells(&[(0, 4)]),
            line: line(&[(1, 5), (2, 6), (3, 7)]),
        }),
        C::Arrow(Arrow {
            circle: cells(&[(8, 0), (8, 1)]),
            line: line(&[(7, 2), (6, 3)]),
        }),
        C::DoubleArrow(DoubleArrow {
            line: line(&[(5, 0), (6, 0), (7, 0)]),
        }),
        pair((0, 7), (0, 8), PairRule::Difference(1), "difference"),
        pair((1, 7), (1, 8), PairRule::Ratio(2), "ratio"),
        pair((2, 8), (3, 8), PairRule::Difference(3), "difference"),
        pair((4, 1), (4, 2), PairRule::Sum(10), "xv"),
        pair((5, 1), (5, 2), PairRule::Sum(5), "xv"),
        C::Quadruple(Quadruple {
            cells: cells(&[(6, 4), (6, 5), (7, 4), (7, 5)]),
            digits: vec![3, 4, 8],
        }),
        C::Whispers(Whispers {
            line: line(&[(3, 4), (4, 4), (4, 5)]),
            gap: 5,
        }),
        C::Renban(Renban {
            line: line(&[(5, 6), (5, 7), (5, 8)]),
        }),
        C::Palindrome(Palindrome {
            line: line(&[(7, 1), (6, 1), (6, 2)]),
        }),
        C::SumLine(SumLine {
            line: line(&[(8, 2), (8, 3), (8, 4)]),
            segments: vec![cells(&[(8, 2)]), cells(&[(8, 3), (8, 4)])],
        }),
        C::Between(Between {
            line: line(&[(0, 5), (0, 6), (1, 6)]),
        }),
        C::Lockout(Lockout {
            line: line(&[(4, 6), (4, 7), (4, 8)]),
            gap: 4,
        }),
        C::Entropic(Entropic {
            line: line(&[(2, 3), (2, 4), (2, 5)]),
        }),
        C::Modular(Modular {
            line: line(&[(6, 6), (6, 7), (6, 8)]),
        }),
        C::Zipper(Zipper {
            line: line(&[(5, 3), (5, 4), (5, 5)]),
        }),
        C::Nabner(Nabner {
            line: line(&[(2, 0), (2, 1), (3, 1)]),
        }),
        C::Parity(Parity {
            cell: at(0, 2),
            odd: true,
        }),
        C::Parity(Parity {
            cell: at(0, 3),
            odd: false,
        }),
        C::Extremum(Extremum {
            cell: at(1, 3),
            maximum: false,
        }),
        C::Extremum(Extremum {
            cell: at(7, 3),
            maximum: true,
        }),
        C::Clone(CloneCells {
            cells: cells(&[(3, 5), (3, 6)]),
            clones: cells(&[(8, 5), (8, 6)]),
        }),
        C::Indexer(Indexer {
            cell: at(2, 7),
            kind: IndexerKind::Row,
            house: (0..9).map(|r| at(r, 7)).collect(),
        }),
        C::Sandwich(Sandwich {
            clue: out(-1, 1),
            cells: (0..9).map(|r| at(r, 1)).collect(),
            sum: 12,
        }),
        C::Sandwich(Sandwich {
            clue: out(4, -1),
            cells: (0..9).map(|c| at(4, c)).collect(),
            sum: 35,
        }),
        C::XSum(XSum {
            clue: out(9, 5),
            cells: (0..9).rev().map(|r| at(r, 5)).collect(),
            sum: 23,
        }),
        C::Skyscraper(Skyscraper {
            clue: out(7, 9),
            cells: (0..9).rev().map(|c| at(7, c)).collect(),
            visible: 4,
        }),
        C::LittleKiller(LittleKiller {
            clue: out(2, 9),
            cells: (0..6).map(|k| at(3 + k, 8 - k)).collect(),
            sum: 30,
        }),
        C::LittleKiller(LittleKiller {
            clue: out(-1, -1),
            cells: (0..9).map(|k| at(k, k)).collect(),
            sum: 45,
        }),
    ];
    let mut givens = Grid::empty(9);
    for (r, c, d) in [(0, 4, 9), (4, 4, 5), (5, 7, 3), (1, 3, 2), (0, 2, 7)] {
        givens.set(at(r, c), crate::Digit::from_value(d));
    }
    Puzzle::new(Arc::new(disjoint_groups()), givens)
        .unwrap()
        .with_constraints(constraints)
        .unwrap()
}

fn draw(puzzle: &Puzzle) -> String {
    svg_puzzle(puzzle, None, None, None, &Options::default())
}

fn plain_with(constraints: Vec<Constraint>) -> Puzzle {
    Puzzle::new(Arc::new(Geometry::classic()), Grid::empty(9))
        .unwrap()
        .with_constraints(constraints)
        .unwrap()
}

/// Parses the drawing; panics when it is not an SVG document.
fn parse(text: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc
}

fn count(doc: &roxmltree::Document<'_>, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

/// The position in document order of the first element of a class.
fn first(doc: &roxmltree::Document<'_>, class: &str) -> usize {
    doc.descendants()
        .position(|n| n.attribute("class") == Some(class))
        .unwrap_or_else(|| panic!("no {class}"))
}

fn view_box(doc: &roxmltree::Document<'_>) -> Vec<f64> {
    doc.root_element()
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn every_kind_leaves_its_elements() {
    let text = draw(&showcase());
    let doc = parse(&text);
    for (class, expected) in [
        ("killer-cage", 3),
        ("cage-total", 2),
        ("thermometer", 1),
        ("thermo-bulb", 1),
        ("arrow", 2),
        ("arrow-circle", 2),
        ("double-arrow", 1),
        ("double-arrow-end", 2),
        ("kropki-white", 2),
        ("kropki-value", 1),
        ("kropki-black", 1),
        ("xv", 2),
        ("quadruple", 1),
        ("quadruple-digit", 3),
        ("whispers", 1),
        ("renban", 1),
        ("palindrome", 1),
        ("region-sum-line", 1),
        ("between-line", 1),
        ("between-end", 2),
        ("lockout-line", 1),
        ("lockout-end", 2),
        ("entropic-line", 1),
        ("modular-line", 1),
        ("zipper-line", 1),
        ("nabner-line", 1),
        ("odd", 1),
        ("even", 1),
        ("minimum", 1),
        ("maximum", 1),
        ("clone", 4),
        ("row-indexer", 1),
        ("sandwich", 2),
        ("xsum", 1),
        ("xsum-frame", 1),
        ("skyscraper", 1),
        ("skyscraper-frame", 1),
        ("little-killer", 2),
        ("little-killer-arrow", 2),
        ("legend", 1),
        ("given", 5),
    ] {
        assert_eq!(count(&doc, class), expected, "{class}");
    }
    // The pill spans two cells: a rounded rectangle, not a circle.
    let pill = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("arrow-circle") && n.has_tag_name("rect"));
    assert!(pill.is_some());
    // Disjoint groups are named, not shaded over the whole grid.
    assert_eq!(count(&doc, "extra-house"), 0);
    let legend = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("legend"))
        .and_then(|n| n.text());
    assert_eq!(legend, Some("Also: disjoint groups"));
}

#[test]
fn layers_put_shading_and_lines_under_borders_and_marks_over() {
    let text = draw(&showcase());
    let doc = parse(&text);
    let order = [
        "clone",
        "odd",
        "cell-line",
        "thermometer",
        "whispers",
        "region-border",
        "arrow-circle",
        "killer-cage",
        "kropki-white",
        "quadruple",
        "cage-total",
        "given",
    ];
    for w in order.windows(2) {
        assert!(
            first(&doc, w[0]) < first(&doc, w[1]),
            "{} before {}",
            w[0],
            w[1]
        );
    }
}

#[test]
fn the_view_box_grows_one_cell_on_each_side_with_clues() {
    let cell = Options::default().cell;
    let base = view_box(&parse(&draw(&plain_with(Vec::new()))));
    let sandwich = |row, column| {
        Constraint::Sandwich(Sandwich {
            clue: out(row, column),
            cells: (0..9).map(|r| at(r, 0)).collect(),
            sum: 5,
        })
    };
    for (clue, dw, dh, dx, dy) in [
        ((-1, 0), 0.0, 1.0, 0.0, 1.0),
        ((9, 0), 0.0, 1.0, 0.0, 0.0),
        ((0, -1), 1.0, 0.0, 1.0, 0.0),
        ((0, 9), 1.0, 0.0, 0.0, 0.0),
    ] {
        let text = draw(&plain_with(vec![sandwich(clue.0, clue.1)]));
        let doc = parse(&text);
        let vb = view_box(&doc);
        assert_eq!(vb[2], base[2] + dw * cell, "{clue:?}");
        assert_eq!(vb[3], base[3] + dh * cell, "{clue:?}");
        let grid = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("grid"))
            .and_then(|n| n.attribute("transform"))
            .unwrap();
        let margin = Options::default().margin;
        assert_eq!(
            grid,
            format!("translate({},{})", margin + dx * cell, margin + dy * cell)
        );
        // The clue lies inside the view box, on the grown side.
        let clue_text = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("sandwich"))
            .unwrap();
        let x: f64 = clue_text.attribute("x").unwrap().parse().unwrap();
        let y: f64 = clue_text.attribute("y").unwrap().parse().unwrap();
        let (gx, gy) = (margin + dx * cell, margin + dy * cell);
        assert!((0.0..vb[2]).contains(&(x + gx)) && (0.0..vb[3]).contains(&(y + gy)));
    }
    // A little killer in a corner needs both sides.
    let corner = Constraint::LittleKiller(LittleKiller {
        clue: out(9, 9),
        cells: (0..9).map(|k| at(k, k)).collect(),
        sum: 45,
    });
    let vb = view_box(&parse(&draw(&plain_with(vec![corner]))));
    assert_eq!((vb[2], vb[3]), (base[2] + cell, base[3] + cell));
}

#[test]
fn without_constraints_the_puzzle_drawing_is_the_plain_one() {
    let puzzle = plain_with(Vec::new());
    let options = Options::default();
    assert_eq!(
        draw(&puzzle),
        svg(
            puzzle.geometry(),
            puzzle.givens(),
            None,
            None,
            None,
            &options
        )
    );
}

#[test]
fn a_corner_extremum_has_two_chevrons_and_a_middle_one_four() {
    for (cell, chevrons) in [((0, 0), 2), ((0, 4), 3), ((4, 4), 4)] {
        let puzzle = plain_with(vec![Constraint::Extremum(Extremum {
            cell: at(cell.0, cell.1),
            maximum: false,
        })]);
        let text = draw(&puzzle);
        let doc = parse(&text);
        let d = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("extremum-chevron"))
            .and_then(|n| n.attribute("d"))
            .unwrap();
        assert_eq!(d.matches('M').count(), chevrons, "{cell:?}");
    }
}

#[test]
fn an_l_shaped_arrow_circle_is_a_circle_per_cell() {
    let puzzle = plain_with(vec![Constraint::Arrow(Arrow {
        circle: cells(&[(0, 0), (0, 1), (1, 1)]),
        line: cells(&[(2, 2)]),
    })]);
    let text = draw(&puzzle);
    let doc = parse(&text);
    let circles = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("arrow-circle") && n.has_tag_name("circle"))
        .count();
    assert_eq!(circles, 3);
}

#[test]
fn a_little_killer_arrow_points_along_its_diagonal() {
    // Above the grid's top-right corner, running down to the left.
    let puzzle = plain_with(vec![Constraint::LittleKiller(LittleKiller {
        clue: out(-1, 9),
        cells: (0..9).map(|k| at(k, 8 - k)).collect(),
        sum: 45,
    })]);
    let text = draw(&puzzle);
    let doc = parse(&text);
    let d = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("little-killer-arrow"))
        .and_then(|n| n.attribute("d"))
        .unwrap();
    let numbers: Vec<f64> = d
        .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    // The shaft: from (x0, y0) to the tip (x1, y1): left and down.
    let (x0, y0, x1, y1) = (numbers[0], numbers[1], numbers[2], numbers[3]);
    assert!(x1 < x0 && y1 > y0, "{d}");
    // The tip is at the grid's corner, right of the last column.
    let k = Options::default().cell;
    assert!((x1 - 9.0 * k).abs() < 0.1 * k && y1.abs() < 0.1 * k, "{d}");
}

#[test]
fn a_single_diagonal_house_is_a_line_and_other_houses_are_shaded() {
    let anti = Extra::House((0..9).map(|k| at(k, 8 - k)).collect());
    let odd = Extra::House(cells(&[
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (4, 4),
    ]));
    let geometry = Geometry::classic()
        .with_extra(anti)
        .unwrap()
        .with_extra(odd)
        .unwrap();
    let text = svg(
        &geometry,
        &Grid::empty(9),
        None,
        None,
        None,
        &Options::default(),
    );
    let doc = parse(&text);
    assert_eq!(count(&doc, "diagonal"), 1);
    assert_eq!(count(&doc, "extra-house"), 9);
    let line = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("diagonal"))
        .unwrap();
    // From the top-right corner to the bottom-left.
    assert_eq!(line.attribute("x1"), Some("468"));
    assert_eq!(line.attribute("x2"), Some("0"));
    assert_eq!(count(&doc, "legend"), 0);
}

#[test]
fn rules_without_marks_are_named_in_words() {
    assert_eq!(label("antiking", PairRule::Different), "anti-king");
    assert_eq!(label("antiknight", PairRule::Different), "anti-knight");
    assert_eq!(
        label("nonconsecutive", PairRule::NotDifference(1)),
        "nonconsecutive"
    );
    assert_eq!(
        label("negative", PairRule::NotDifference(1)),
        "every white dot is given"
    );
    assert_eq!(
        label("negative", PairRule::NotRatio(2)),
        "every black dot is given"
    );
    assert_eq!(label("negative", PairRule::NotSum(10)), "every X is given");
    assert_eq!(label("negative", PairRule::NotSum(5)), "every V is given");
    assert_eq!(label("custom", PairRule::Equal), "custom");
    assert!(legend(&[], &Geometry::classic()).is_none());
}

#[test]
fn title_and_legend_are_centred_on_the_grid_not_the_clues() {
    let mut g = disjoint_groups();
    g = g.with_extra(Extra::Windows).unwrap();
    let puzzle = Puzzle::new(Arc::new(g), Grid::empty(9))
        .unwrap()
        .with_constraints(vec![Constraint::Skyscraper(Skyscraper {
            clue: out(3, -1),
            cells: (0..9).map(|c| at(3, c)).collect(),
            visible: 3,
        })])
        .unwrap();
    let options = Options {
        title: Some("Left clue".into()),
        ..Options::default()
    };
    let text = svg_puzzle(&puzzle, None, None, None, &options);
    let doc = parse(&text);
    let middle = options.margin + options.cell + 4.5 * options.cell;
    for class in ["caption", "legend"] {
        let x: f64 = doc
            .descendants()
            .find(|n| n.attribute("class") == Some(class))
            .and_then(|n| n.attribute("x"))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(x, middle, "{class}");
    }
    // The legend lies under the grid, inside the drawing.
    let legend_y: f64 = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("legend"))
        .and_then(|n| n.attribute("y"))
        .unwrap()
        .parse()
        .unwrap();
    let grid_bottom = options.margin + options.cell * 0.8 + 9.0 * options.cell;
    assert!(legend_y > grid_bottom && legend_y < view_box(&doc)[3]);
}

#[test]
fn candidate_marks_make_room_for_a_cage_total() {
    let puzzle = plain_with(vec![Constraint::Cage(Cage {
        cells: cells(&[(0, 1), (0, 0)]),
        sum: Some(3),
    })]);
    let all = vec![0x1ff_u64; 81];
    let text = svg_puzzle(&puzzle, None, Some(&all), None, &Options::default());
    let doc = parse(&text);
    let patch = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("cage-total-patch"))
        .unwrap();
    let bottom: f64 = patch.attribute("y").unwrap().parse::<f64>().unwrap()
        + patch.attribute("height").unwrap().parse::<f64>().unwrap();
    let k = Options::default().cell;
    let marks: Vec<(f64, f64)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("candidate"))
        .map(|n| {
            let v = |a| n.attribute(a).unwrap().parse::<f64>().unwrap();
            (v("x"), v("y"))
        })
        .collect();
    assert_eq!(marks.len(), 9 * 81);
    // In r1c1, the total's cell, every mark's top (a baseline less the
    // height of a digit) is below the total's patch.
    let size = k / 3.0 * 0.72;
    let first: Vec<_> = marks.iter().filter(|(x, y)| *x < k && *y < k).collect();
    assert_eq!(first.len(), 9);
    assert!(
        first.iter().all(|(_, y)| y - 0.72 * size > bottom),
        "{first:?}"
    );
    // In r1c2 the marks keep the usual places: the first row's top is
    // above the patch's bottom.
    let second: Vec<_> = marks
        .iter()
        .filter(|(x, y)| (k..2.0 * k).contains(x) && *y < k)
        .collect();
    assert!(second.iter().any(|(_, y)| y - 0.72 * size < bottom));
}

#[test]
fn extremum_pairs_are_drawn_as_marked_cells() {
    // Two maxima side by side, as the f-puzzles reader gives them: one
    // pair per unmarked neighbour.
    let mut constraints = Vec::new();
    for (cell, others) in [
        ((4, 4), [(3, 4), (5, 4), (4, 3)]),
        ((4, 5), [(3, 5), (5, 5), (4, 6)]),
    ] {
        for other in others {
            constraints.push(pair(cell, other, PairRule::Greater, "maximum"));
        }
    }
    // A greater-than sign of another origin stays a sign on the edge.
    constraints.push(pair((0, 0), (0, 1), PairRule::Less, "inequality"));
    let text = draw(&plain_with(constraints));
    let doc = parse(&text);
    assert_eq!(count(&doc, "maximum"), 2);
    assert_eq!(count(&doc, "inequality"), 1);
    let chevrons: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("extremum-chevron"))
        .filter_map(|n| n.attribute("d"))
        .collect();
    assert_eq!(chevrons.len(), 2);
    assert!(chevrons.iter().all(|d| d.matches('M').count() == 3));
}
