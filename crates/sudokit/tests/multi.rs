//! Multi-grid layouts (samurai and its cousins): every preset's tables, and
//! every engine cross-checked against an exact-cover model built here from
//! the layout's grids alone (one option per cell and digit, one item per
//! cell and per row, column and box of every grid and digit).

use std::collections::HashMap;
use std::sync::Arc;

use exact_cover::{Problem, Solver};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudokit::{validate, Auto, Cell, Dfs, Digit, Dlx, Engine, Geometry, Grid, MultiLayout, Puzzle};

/// Cells per preset: the slots its grids cover.
const CELLS: &[(&str, usize)] = &[
    ("samurai", 369),
    ("twodoku", 153),
    ("butterfly", 144),
    ("windmill", 333),
    ("flower", 189),
    ("sohei", 288),
    ("doubledoku", 126),
    ("tridoku", 180),
    ("wing-3", 225),
    ("sensei", 144),
    ("super-samurai", 576),
    ("shogun", 783),
    ("sumo", 909),
];

fn geometry(name: &str) -> Arc<Geometry> {
    Arc::new(Geometry::multi(MultiLayout::preset(name).unwrap()))
}

#[test]
fn presets_have_their_cells_and_houses() {
    for &(name, cells) in CELLS {
        let g = geometry(name);
        assert_eq!(g.cell_count(), cells, "{name}");
        let layout = g.multi_layout().unwrap();
        for h in g.houses() {
            assert_eq!(h.cells().len(), 9, "{name}");
        }
        // Every cell of every grid is a cell, and holes are not.
        let (rows, cols) = g.board_shape();
        let mut covered = 0;
        for r in 0..rows {
            for c in 0..cols {
                let cell = g.cell_at(r, c);
                assert_eq!(cell.is_some(), layout.covers(r, c), "{name} r{r}c{c}");
                if let Some(cell) = cell {
                    assert_eq!(g.position(cell), (r, c));
                    covered += 1;
                }
            }
        }
        assert_eq!(covered, cells);
        // A cell of one grid sees 20 peers there; a shared cell more.
        for i in 0..cells {
            let (r, c) = g.position(Cell(i as u32));
            let grids = layout
                .grids()
                .iter()
                .filter(|s| (s.top..s.top + 9).contains(&r) && (s.left..s.left + 9).contains(&c))
                .count();
            assert!(grids >= 1);
            if grids == 1 {
                assert_eq!(g.peers(Cell(i as u32)).len(), 20, "{name} r{r}c{c}");
            } else {
                assert!(g.peers(Cell(i as u32)).len() > 20, "{name} r{r}c{c}");
            }
        }
    }
}

/// The exact-cover model of a puzzle on a multi-grid board, from the
/// layout's grids and board coordinates only; the count (to `limit`) and
/// the first solution, in the geometry's cell order.
fn exact_cover(puzzle: &Puzzle, limit: u64) -> (u64, Option<Vec<u8>>) {
    exact_cover_with(puzzle, limit, &mut |_| {})
}

/// [`exact_cover`], passing every solution found to `each`.
fn exact_cover_with(
    puzzle: &Puzzle,
    limit: u64,
    each: &mut dyn FnMut(&[u8]),
) -> (u64, Option<Vec<u8>>) {
    let g = puzzle.geometry();
    let layout = g.multi_layout().unwrap();
    let n = layout.side();
    let (rows, cols) = (layout.rows(), layout.columns());
    let mut p = Problem::new();
    let mut cell_item = HashMap::new();
    for r in 0..rows {
        for c in 0..cols {
            if layout.covers(r, c) {
                cell_item.insert((r, c), p.add_primary(&format!("p{r}_{c}")));
            }
        }
    }
    // (grid, kind, index, digit) -> item
    let mut house_item = HashMap::new();
    for k in 0..layout.grids().len() {
        for kind in 0..3 {
            for i in 0..n {
                for d in 0..n {
                    house_item.insert(
                        (k, kind, i, d),
                        p.add_primary(&format!("g{k}k{kind}i{i}d{d}")),
                    );
                }
            }
        }
    }
    let mut options = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let Some(cell) = g.cell_at(r, c) else {
                continue;
            };
            let given = puzzle.givens().get(cell);
            for d in 0..n {
                if given.is_some_and(|v| v.index() != d) {
                    continue;
                }
                let mut items = vec![cell_item[&(r, c)]];
                for (k, s) in layout.grids().iter().enumerate() {
                    if !(s.top..s.top + n).contains(&r) || !(s.left..s.left + n).contains(&c) {
                        continue;
                    }
                    let (i, j) = (r - s.top, c - s.left);
                    let (br, bc) = s.boxes;
                    items.push(house_item[&(k, 0, i, d)]);
                    items.push(house_item[&(k, 1, j, d)]);
                    items.push(house_item[&(k, 2, i / br * (n / bc) + j / bc, d)]);
                }
                p.add_option(&items).unwrap();
                options.push((cell, d));
            }
        }
    }
    let mut solver = Solver::new(&p);
    solver.set_limit(Some(limit));
    let mut first = None;
    let summary = solver.run(|s| {
        let mut values = vec![0u8; g.cell_count()];
        for &o in s {
            let (cell, d) = options[o];
            values[cell.index()] = d as u8 + 1;
        }
        each(&values);
        if first.is_none() {
            first = Some(values);
        }
        std::ops::ControlFlow::Continue(())
    });
    (summary.solutions, first)
}

/// The digits each cell takes in some solution (bit `d` = digit `d + 1`):
/// the union of every solution of the exact-cover model, `None` when it has
/// `limit` or more.
fn exact_candidates(puzzle: &Puzzle, limit: u64) -> Option<Vec<u64>> {
    let g = puzzle.geometry();
    let mut union = vec![0u64; g.cell_count()];
    let (count, _) = exact_cover_with(puzzle, limit, &mut |values| {
        for (u, &v) in union.iter_mut().zip(values) {
            *u |= 1 << (v - 1);
        }
    });
    (count < limit).then_some(union)
}

/// A random solution grid: a few random digits no peer repeats, completed
/// by the variant engine (and checked by the validator).
fn random_solution(g: &Arc<Geometry>, rng: &mut ChaCha8Rng) -> Vec<u8> {
    loop {
        let mut givens = Grid::empty_of(g);
        let mut order: Vec<usize> = (0..g.cell_count()).collect();
        order.shuffle(rng);
        for &i in order.iter().take(14) {
            let used: Vec<Digit> = g
                .peers(Cell(i as u32))
                .iter()
                .filter_map(|p| givens.get(*p))
                .collect();
            let free: Vec<u8> = (0..9).filter(|d| !used.contains(&Digit::new(*d))).collect();
            if let Some(&d) = free.choose(rng) {
                givens.set(Cell(i as u32), Some(Digit::new(d)));
            }
        }
        let puzzle = Puzzle::new(Arc::clone(g), givens).unwrap();
        let mut engine = sudokit::engine::Variant::default();
        engine.set_budget(sudokit::Budget::UNLIMITED.with_max_nodes(20_000));
        if let Some(grid) = engine.solve(&puzzle, 1).unwrap().first {
            validate(&puzzle, &grid).unwrap();
            return grid.to_values();
        }
    }
}

/// Puzzles from a random solution, keeping a random share of its digits
/// (many solutions when few are kept); and with one given changed (often
/// no solution).
fn random_puzzles(g: &Arc<Geometry>, rng: &mut ChaCha8Rng) -> Vec<Puzzle> {
    let solution = random_solution(g, rng);
    let mut out = Vec::new();
    for keep in [0.25, 0.4, 0.55] {
        let cells: Vec<Option<Digit>> = solution
            .iter()
            .map(|&v| (rng.gen::<f64>() < keep).then(|| Digit::new(v - 1)))
            .collect();
        let grid = Grid::from_cells_of(g, cells.clone()).unwrap();
        out.push(Puzzle::new(Arc::clone(g), grid).unwrap());
        let mut wrong = cells;
        if let Some(i) = (0..wrong.len()).find(|&i| wrong[i].is_some()) {
            wrong[i] = Some(Digit::new((wrong[i].unwrap().index() as u8 + 1) % 9));
        }
        out.push(Puzzle::new(Arc::clone(g), Grid::from_cells_of(g, wrong).unwrap()).unwrap());
    }
    out
}

#[test]
fn engines_agree_with_exact_cover_on_every_preset() {
    let mut rng = ChaCha8Rng::seed_from_u64(50);
    let mut engines: Vec<Box<dyn Engine>> = vec![
        Box::new(Auto::default()),
        Box::new(Dlx::default()),
        Box::new(Dfs::default()),
        Box::new(sudokit::engine::Variant::default()),
    ];
    for &(name, _) in CELLS {
        let g = geometry(name);
        for _ in 0..2 {
            for puzzle in random_puzzles(&g, &mut rng) {
                let (want, first) = exact_cover(&puzzle, 3);
                // True candidates where the solutions are few enough to list.
                let union = exact_candidates(&puzzle, 3);
                for e in engines.iter_mut() {
                    assert!(e.supports(&g), "{} on {name}", e.name());
                    let got = e.solve(&puzzle, 3).unwrap();
                    assert!(got.complete || got.count == 3, "{} on {name}", e.name());
                    assert_eq!(got.count, want, "{} on {name}", e.name());
                    if let Some(grid) = &got.first {
                        validate(&puzzle, grid).unwrap();
                    }
                    if want == 1 {
                        assert_eq!(got.first.unwrap().to_values(), first.clone().unwrap());
                    }
                    if let Some(union) = &union {
                        let tc = e.true_candidates(&puzzle, 1).unwrap();
                        assert!(tc.complete, "{} on {name}", e.name());
                        let sets: Vec<u64> = tc.candidates.iter().map(|s| s.0).collect();
                        assert_eq!(&sets, union, "{} on {name}", e.name());
                    }
                }
            }
        }
    }
}

#[test]
fn the_validator_names_a_grid_and_its_house() {
    let g = geometry("samurai");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let solution = random_solution(&g, &mut rng);
    let grid = Grid::from_values_of(&g, &solution).unwrap();
    let puzzle = Puzzle::new(Arc::clone(&g), Grid::empty_of(&g)).unwrap();
    validate(&puzzle, &grid).unwrap();
    // Swap two digits of the centre grid's middle row: its columns break.
    let (a, b) = (g.cell_at(10, 9).unwrap(), g.cell_at(10, 10).unwrap());
    let mut values = solution.clone();
    values.swap(a.index(), b.index());
    let bad = Grid::from_values_of(&g, &values).unwrap();
    let e = validate(&puzzle, &bad).unwrap_err().to_string();
    assert!(e.contains("of grid 3"), "{e}");
}

#[test]
fn a_board_is_drawn_with_its_holes() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for &(name, _) in CELLS {
        let g = geometry(name);
        let solution = random_solution(&g, &mut rng);
        let puzzle = random_puzzles(&g, &mut rng).remove(2);
        let filled = Grid::from_values_of(&g, &solution).unwrap();
        let options = sudokit::render::Options::default();
        let svg = sudokit::render::svg_puzzle(&puzzle, Some(&filled), None, None, &options);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let root = doc.root_element();
        let (rows, cols) = g.board_shape();
        let width: f64 = root.attribute("width").unwrap().parse().unwrap();
        let height: f64 = root.attribute("height").unwrap().parse().unwrap();
        let margin = 2.0 * options.margin;
        assert_eq!(width - margin, cols as f64 * options.cell, "{name}");
        assert_eq!(height - margin, rows as f64 * options.cell, "{name}");
        // One digit per cell, none in a hole.
        let digits: Vec<_> = doc
            .descendants()
            .filter(|n| matches!(n.attribute("class"), Some("given" | "filled")))
            .collect();
        assert_eq!(digits.len(), g.cell_count(), "{name}");
        for d in digits {
            let x: f64 = d.attribute("x").unwrap().parse().unwrap();
            let y: f64 = d.attribute("y").unwrap().parse().unwrap();
            let (r, c) = ((y / options.cell) as usize, (x / options.cell) as usize);
            assert!(
                g.cell_at(r, c).is_some(),
                "{name}: a digit in the hole r{r}c{c}"
            );
        }
        if std::env::var_os("SUDOKIT_KEEP_SVG").is_some() {
            std::fs::write(format!("/tmp/{name}.svg"), &svg).unwrap();
        }
    }
}

#[test]
fn generated_puzzles_are_unique_symmetric_and_need_every_grid() {
    use sudokit::generate::{Generator, Shape, Spec, Symmetry};
    let mut listed = 0;
    for (name, symmetry) in [
        ("samurai", Symmetry::Rotate180),
        ("twodoku", Symmetry::Rotate180),
        ("butterfly", Symmetry::Rotate90),
        ("windmill", Symmetry::Rotate90),
        ("flower", Symmetry::Rotate180),
        ("sohei", Symmetry::Rotate90),
    ] {
        let g = geometry(name);
        let mut spec = Spec::new(Shape::Fixed(Arc::clone(&g)));
        spec.symmetry = symmetry;
        let made = Generator::new(spec).unwrap().generate(5).unwrap();
        let (count, first) = exact_cover(&made.puzzle, 2);
        assert_eq!(count, 1, "{name}");
        assert_eq!(first.unwrap(), made.solution.to_values(), "{name}");
        validate(&made.puzzle, &made.solution).unwrap();
        for i in 0..g.cell_count() {
            let j = symmetry.map_on(&g, i).unwrap();
            let given = |c: usize| made.puzzle.givens().cells()[c].is_some();
            assert_eq!(given(i), given(j), "{name}: {symmetry}");
        }
        // Two givens fewer: several solutions, and the true candidates
        // are their union.
        let mut fewer = made.puzzle.givens().clone();
        let clues: Vec<usize> = (0..g.cell_count())
            .filter(|&c| fewer.cells()[c].is_some())
            .collect();
        for &c in clues.iter().step_by(clues.len() / 2).take(2) {
            fewer.set(Cell(c as u32), None);
        }
        let fewer = Puzzle::new(Arc::clone(&g), fewer).unwrap();
        if let Some(union) = exact_candidates(&fewer, 2000) {
            let tc = Auto::default().true_candidates(&fewer, 1).unwrap();
            let sets: Vec<u64> = tc.candidates.iter().map(|s| s.0).collect();
            assert_eq!(sets, union, "{name}");
            listed += 1;
        }
        // No grid is unique on its own.
        let layout = g.multi_layout().unwrap();
        for s in layout.grids() {
            let values: Vec<u8> = (0..81)
                .map(|i| {
                    let c = g.cell_at(s.top + i / 9, s.left + i % 9).unwrap();
                    made.puzzle.givens().cells()[c.index()].map_or(0, |d| d.value())
                })
                .collect();
            let alone = Puzzle::new(
                Arc::new(Geometry::classic()),
                Grid::from_values(9, &values).unwrap(),
            )
            .unwrap();
            assert!(
                Dlx::default().solve(&alone, 2).unwrap().count >= 2,
                "{name}"
            );
        }
    }
    // Most boards lose two givens to a few solutions.
    assert!(listed >= 3, "{listed}");
}

#[test]
fn the_ladder_solves_a_samurai_across_its_grids() {
    use sudokit::generate::{Generator, Shape, Spec, Symmetry};
    let g = geometry("samurai");
    let mut spec = Spec::new(Shape::Fixed(Arc::clone(&g)));
    spec.symmetry = Symmetry::Rotate180;
    let made = Generator::new(spec).unwrap().generate(11).unwrap();
    let board = sudokit::logic::Board::new(&made.puzzle).unwrap();
    let mut ctx = sudokit::logic::Ctx::new(true);
    let path = sudokit::logic::solve_path(board, &mut ctx, true);
    // Every step's placements and eliminations agree with the solution.
    let solution = made.solution.to_values();
    for step in &path.steps {
        for p in &step.placements {
            assert_eq!(solution[p.cell], p.digit, "{}", step.text);
        }
        for e in &step.eliminations {
            assert_ne!(solution[e.cell], e.digit, "{}", step.text);
        }
    }
    eprintln!(
        "{:?} {} steps {:?}",
        path.end,
        path.steps.len(),
        path.rating
    );
}

#[test]
fn a_samurai_at_a_level_has_its_card() {
    use sudokit::card::{card, CardOptions};
    use sudokit::generate::{Generator, Shape, Spec, Symmetry};
    use sudokit::logic::Level;
    let g = geometry("samurai");
    let mut spec = Spec::new(Shape::Fixed(Arc::clone(&g)));
    spec.symmetry = Symmetry::Rotate180;
    spec.rating = Some(Level::Medium.range());
    let made = Generator::new(spec).unwrap().generate(2).unwrap();
    let c = card(&made.puzzle, &CardOptions::default()).unwrap();
    assert!(c.solved);
    let er = c.rating.unwrap().er;
    assert_eq!(Level::of(er), Level::Medium, "{er:?}");
    assert!(c.minutes.is_some_and(|m| m > 0.0));
    // Symmetric removal leaves single givens that could go: each one the
    // card names can, by the exact-cover count, and is named by its board
    // position.
    for check in &c.checks {
        assert_eq!(
            check.kind,
            sudokit::card::CheckKind::RedundantGiven,
            "{}",
            check.text
        );
        let cell = check.cells[0];
        let (r, col) = g.position(Cell(cell as u32));
        assert!(
            check.text.contains(&format!("at r{}c{} ", r + 1, col + 1)),
            "{}",
            check.text
        );
        let mut givens = made.puzzle.givens().clone();
        givens.set(Cell(cell as u32), None);
        let without = Puzzle::new(Arc::clone(&g), givens).unwrap();
        assert_eq!(exact_cover(&without, 2).0, 1, "{}", check.text);
    }
}

#[test]
fn an_easy_samurai_gets_givens_back_where_its_path_stalls() {
    use sudokit::generate::{Generator, Shape, Spec, Symmetry};
    use sudokit::logic::Level;
    let g = geometry("samurai");
    let mut spec = Spec::new(Shape::Fixed(Arc::clone(&g)));
    spec.symmetry = Symmetry::Rotate180;
    spec.rating = Some(Level::Easy.range());
    let made = Generator::new(spec).unwrap().generate(4).unwrap();
    assert_eq!(exact_cover(&made.puzzle, 2).0, 1);
    let board = sudokit::logic::Board::new(&made.puzzle).unwrap();
    let path = sudokit::logic::solve_path(board, &mut sudokit::logic::Ctx::new(false), false);
    assert_eq!(path.end, sudokit::logic::End::Solved);
    assert_eq!(Level::of(path.rating.er), Level::Easy, "{:?}", path.rating);
    assert_eq!(made.er, Some(path.rating.er));
    for i in 0..g.cell_count() {
        let j = Symmetry::Rotate180.map_on(&g, i).unwrap();
        let given = |c: usize| made.puzzle.givens().cells()[c].is_some();
        assert_eq!(given(i), given(j));
    }
}
