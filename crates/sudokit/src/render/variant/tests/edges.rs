//! Every kind of constraint on the edges and corners of the grid, or off it.

use super::*;

/// Every kind of constraint, with the given cells (the first two for
/// pairs, the first for single-cell kinds) and a clue at `clue`.
fn every_kind(cs: &[Cell], clue: Outside) -> Vec<Constraint> {
    use Constraint as C;
    let v = cs.to_vec();
    let one = cs.first().copied().unwrap_or(Cell(0));
    let two = [one, cs.get(1).copied().unwrap_or(one)];
    let mut out = vec![
        C::Cage(Cage {
            cells: v.clone(),
            sum: Some(10),
        }),
        C::Arrow(Arrow {
            circle: vec![one],
            line: v.clone(),
        }),
        C::Arrow(Arrow {
            circle: v.clone(),
            line: vec![one],
        }),
        C::DoubleArrow(DoubleArrow { line: v.clone() }),
        C::LittleKiller(LittleKiller {
            clue,
            cells: v.clone(),
            sum: 7,
        }),
        C::SumLine(SumLine {
            line: v.clone(),
            segments: vec![v.clone()],
        }),
        C::Zipper(Zipper { line: v.clone() }),
        C::Quadruple(Quadruple {
            cells: v.clone(),
            digits: vec![0, 1, 2, 3, 4, 17],
        }),
        C::Sandwich(Sandwich {
            clue,
            cells: v.clone(),
            sum: 0,
        }),
        C::XSum(XSum {
            clue,
            cells: v.clone(),
            sum: 99,
        }),
        C::Skyscraper(Skyscraper {
            clue,
            cells: v.clone(),
            visible: 3,
        }),
        C::Indexer(Indexer {
            cell: one,
            kind: IndexerKind::Box,
            house: vec![one],
        }),
        C::Thermometer(Thermometer { line: v.clone() }),
        C::Whispers(Whispers {
            line: v.clone(),
            gap: 5,
        }),
        C::Renban(Renban { line: v.clone() }),
        C::Palindrome(Palindrome { line: v.clone() }),
        C::Between(Between { line: v.clone() }),
        C::Lockout(Lockout {
            line: v.clone(),
            gap: 4,
        }),
        C::Entropic(Entropic { line: v.clone() }),
        C::Modular(Modular { line: v.clone() }),
        C::Nabner(Nabner { line: v.clone() }),
        C::Parity(Parity {
            cell: one,
            odd: true,
        }),
        C::Extremum(Extremum {
            cell: one,
            maximum: true,
        }),
        C::Clone(CloneCells {
            cells: v.clone(),
            clones: v.clone(),
        }),
        C::Distinct(Distinct { cells: v }),
    ];
    for rule in [
        PairRule::Difference(1),
        PairRule::Ratio(4),
        PairRule::Sum(7),
        PairRule::Less,
        PairRule::Greater,
        PairRule::Equal,
        PairRule::FarApart,
        PairRule::NotSum(10),
    ] {
        out.push(C::Pair(Pair {
            cells: two,
            rule,
            kind: "pair",
        }));
    }
    out
}

#[test]
fn constraints_on_the_edges_or_off_the_grid_draw_without_panicking() {
    let edges: Vec<Vec<Cell>> = vec![
        cells(&[(0, 0), (0, 1), (1, 1)]),
        cells(&[(8, 8), (8, 7)]),
        cells(&[(0, 8), (1, 8), (2, 8)]),
        cells(&[(8, 0), (7, 0), (6, 0), (6, 1)]),
        cells(&[(4, 4)]),
        // Repeats, off-grid cells, nothing at all.
        vec![Cell(80), Cell(80), Cell(81), Cell(u32::MAX)],
        vec![Cell(500)],
        Vec::new(),
    ];
    let clues = [
        out(-1, -1),
        out(9, 9),
        out(-1, 4),
        out(4, 9),
        out(3, 3),
        out(-40, 100),
        out(i32::MIN, i32::MAX),
    ];
    for cs in &edges {
        for &clue in &clues {
            let puzzle = plain_with(every_kind(cs, clue));
            for cell in [52.0, 4.0, f64::NAN] {
                let options = Options {
                    cell,
                    title: Some("edge <cases> & more".into()),
                    ..Options::default()
                };
                let text = svg_puzzle(&puzzle, None, None, None, &options);
                let doc = parse(&text);
                // Nothing is written with a non-number coordinate.
                assert!(!text.contains("NaN") && !text.contains("inf"), "{cs:?}");
                let vb = view_box(&doc);
                assert!(vb.iter().all(|v| v.is_finite() && *v >= 0.0));
            }
        }
    }
}
