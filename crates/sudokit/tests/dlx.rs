//! The exact-cover engine ([`Dlx`]): known counts, the contract's edge cases,
//! and a cross-check against [`Dfs`] on generated puzzles of every geometry.
//! Every grid either engine returns goes through `sudokit::validate`.
//!
//! The generators are kept here (not in `common/`) so this module stands
//! alone.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::common::solved_boxed;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudokit::engine::dlx::Search;
use sudokit::engine::{Dfs, Dlx};
use sudokit::format::line::parse_line;
use sudokit::{Cell, Digit, Engine, EngineKind, Extra, Geometry, Grid, Puzzle, Solutions, Verdict};

// ---------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------

/// Solves with `engine`, validates every solution visited and returns the
/// answer with the solutions.
fn solve_all(engine: &mut dyn Engine, puzzle: &Puzzle, limit: u64) -> (Solutions, Vec<Grid>) {
    let mut grids = Vec::new();
    let answer = engine
        .solve_with(puzzle, limit, &mut |g| {
            grids.push(g.clone());
            ControlFlow::Continue(())
        })
        .unwrap();
    for g in &grids {
        if let Err(e) = sudokit::validate(puzzle, g) {
            panic!("{} returned an invalid grid: {e}\n{g:?}", engine.name());
        }
    }
    assert_eq!(
        grids.len() as u64,
        answer.count,
        "{}: one visit per solution",
        engine.name()
    );
    assert_eq!(
        answer.first.as_ref(),
        grids.first(),
        "{}: first is the first visited",
        engine.name()
    );
    if answer.count < limit.max(1) {
        assert!(
            answer.complete,
            "{}: fewer than the limit means exhaustive",
            engine.name()
        );
    }
    (answer, grids)
}

/// Solves with Dlx under each [`Search`] and checks they give the same
/// answer (solutions, order, node counts): the per-puzzle and per-geometry
/// problems must lead to the same search tree. The default
/// ([`Search::Bitset`]) is run twice, so that the second run sees a
/// repeated geometry.
fn solve_dlx(puzzle: &Puzzle, limit: u64) -> (Solutions, Vec<Grid>) {
    let (answer, grids) = solve_all(&mut Dlx::with_search(Search::PerPuzzle), puzzle, limit);
    let mut per_geometry = Dlx::with_search(Search::PerGeometry);
    assert_eq!(per_geometry.search(), Search::PerGeometry);
    let other = solve_all(&mut per_geometry, puzzle, limit);
    assert_eq!(
        other,
        (answer.clone(), grids.clone()),
        "per-geometry differs from per-puzzle"
    );
    let mut bitset = Dlx::new();
    assert_eq!(bitset.search(), Search::Bitset);
    for _ in 0..2 {
        let other = solve_all(&mut bitset, puzzle, limit);
        assert_eq!(
            other,
            (answer.clone(), grids.clone()),
            "bitset differs from per-puzzle"
        );
    }
    (answer, grids)
}

/// Solves with Dfs and Dlx at `limit` and checks they agree: same count and
/// verdict; with `same_set`, the same solutions when both searches were
/// exhaustive.
fn cross_check(puzzle: &Puzzle, limit: u64, same_set: bool) -> u64 {
    let (dfs, dfs_grids) = solve_all(&mut Dfs::new(), puzzle, limit);
    let (dlx, dlx_grids) = solve_dlx(puzzle, limit);
    assert_eq!(
        dlx.count, dfs.count,
        "dlx and dfs counts differ at limit {limit}"
    );
    if limit >= 2 {
        assert_eq!(dlx.verdict(), dfs.verdict());
    }
    let distinct: HashSet<&Grid> = dlx_grids.iter().collect();
    assert_eq!(
        distinct.len(),
        dlx_grids.len(),
        "dlx returned a solution twice"
    );
    if same_set && dfs.complete && dlx.complete {
        let other: HashSet<&Grid> = dfs_grids.iter().collect();
        assert_eq!(distinct, other, "dlx and dfs found different solutions");
    }
    dlx.count
}

fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed)
}

/// A random solved grid of any geometry: one random row, completed by
/// [`Dfs`]; `None` if the geometry has no solution.
fn solved_any(g: &Arc<Geometry>, rng: &mut SmallRng) -> Option<Grid> {
    let n = g.size();
    let mut row: Vec<u8> = (0..n as u8).collect();
    row.shuffle(rng);
    let r = rng.gen_range(0..n);
    let mut grid = Grid::empty(n);
    for (c, &d) in row.iter().enumerate() {
        grid.set(Cell::at(r, c, n), Some(Digit::new(d)));
    }
    let puzzle = Puzzle::new(Arc::clone(g), grid).unwrap();
    let answer = Dfs::new().solve(&puzzle, 1).unwrap();
    let solution = answer.first?;
    sudokit::validate(&puzzle, &solution).unwrap();
    Some(solution)
}

/// A random 9x9 jigsaw geometry and a solution of it: a random solved grid
/// with 3x3 boxes, then `swaps` exchanges of the regions of two cells that
/// hold the same digit (so every region still holds each digit once and the
/// grid stays a solution; regions need not stay connected, which the rules
/// allow).
fn random_jigsaw(rng: &mut SmallRng, swaps: usize) -> (Geometry, Grid) {
    let n = 9;
    let solution = solved_boxed(3, 3, rng);
    let mut region: Vec<usize> = Geometry::classic().regions().collect();
    let cells = solution.cells();
    for _ in 0..swaps {
        let a = rng.gen_range(0..n * n);
        let b = rng.gen_range(0..n * n);
        if cells[a] == cells[b] {
            region.swap(a, b);
        }
    }
    (Geometry::jigsaw(n, &region).unwrap(), solution)
}

/// The puzzle made of `solution` with each cell kept with probability `keep`.
fn blank(g: &Arc<Geometry>, solution: &Grid, keep: f64, rng: &mut SmallRng) -> Puzzle {
    let cells = solution
        .cells()
        .iter()
        .map(|&v| if rng.gen_bool(keep) { v } else { None })
        .collect();
    Puzzle::new(Arc::clone(g), Grid::from_cells(g.size(), cells).unwrap()).unwrap()
}

/// `puzzle` with `wrong` random cells set to random digits: such clues often
/// clash with a given.
fn spoil(puzzle: &Puzzle, wrong: usize, rng: &mut SmallRng) -> Puzzle {
    let n = puzzle.size();
    let mut cells = puzzle.givens().cells().to_vec();
    for _ in 0..wrong {
        let i = rng.gen_range(0..n * n);
        cells[i] = Some(Digit::new(rng.gen_range(0..n as u8)));
    }
    Puzzle::new(
        Arc::clone(puzzle.geometry()),
        Grid::from_cells(n, cells).unwrap(),
    )
    .unwrap()
}

/// `puzzle` with `wrong` open cells given a digit that differs from
/// `solution` but clashes with no given: the puzzle then usually has no
/// solution, which only a search can tell.
fn mislead(puzzle: &Puzzle, solution: &Grid, wrong: usize, rng: &mut SmallRng) -> Puzzle {
    let g = puzzle.geometry();
    let n = g.size();
    let mut cells = puzzle.givens().cells().to_vec();
    for _ in 0..wrong {
        let i = rng.gen_range(0..n * n);
        if cells[i].is_some() {
            continue;
        }
        let taken: HashSet<Digit> = g
            .peers(Cell(i as u32))
            .iter()
            .filter_map(|p| cells[p.index()])
            .collect();
        let options: Vec<Digit> = (0..n as u8)
            .map(Digit::new)
            .filter(|d| !taken.contains(d) && solution.cells()[i] != Some(*d))
            .collect();
        if let Some(&d) = options.choose(rng) {
            cells[i] = Some(d);
        }
    }
    Puzzle::new(Arc::clone(g), Grid::from_cells(n, cells).unwrap()).unwrap()
}

fn boxed(br: usize, bc: usize) -> Arc<Geometry> {
    Arc::new(Geometry::boxed(br, bc).unwrap())
}

/// One generated case for box geometry `br`×`bc`: the puzzle, and two
/// variants with `wrong` wrong clues ([`spoil`], [`mislead`]); both engines
/// agree on each at every limit in `limits`.
fn boxed_case(br: usize, bc: usize, seed: u64, keep: f64, wrong: usize, limits: &[u64]) {
    let mut r = rng(seed);
    let g = boxed(br, bc);
    let solution = solved_boxed(br, bc, &mut r);
    let puzzle = blank(&g, &solution, keep, &mut r);
    let small = g.size() <= 6;
    for &limit in limits {
        assert!(
            cross_check(&puzzle, limit, small) >= 1,
            "a puzzle cut from a solution has one"
        );
    }
    let spoiled = spoil(&puzzle, wrong, &mut r);
    let misled = mislead(&puzzle, &solution, wrong, &mut r);
    for &limit in limits {
        cross_check(&spoiled, limit, small);
        cross_check(&misled, limit, small);
    }
}

/// As [`boxed_case`] for any geometry, with a given solved grid.
fn any_case(g: &Arc<Geometry>, solution: &Grid, seed: u64, keep: f64, wrong: usize) {
    let mut r = rng(seed);
    sudokit::validate(
        &Puzzle::new(Arc::clone(g), solution.clone()).unwrap(),
        solution,
    )
    .unwrap();
    let puzzle = blank(g, solution, keep, &mut r);
    assert!(cross_check(&puzzle, 2, false) >= 1);
    cross_check(&spoil(&puzzle, wrong, &mut r), 2, false);
    cross_check(&mislead(&puzzle, solution, wrong, &mut r), 2, false);
}

// ---------------------------------------------------------------------
// Known answers and the contract
// ---------------------------------------------------------------------

const ACWING: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const ACWING_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

#[test]
fn acwing_sample_searches_a_level_per_open_cell() {
    // Its count and solution are in the corpus (`corpus.rs`).
    let puzzle = parse_line(ACWING).unwrap();
    let (answer, _) = solve_dlx(&puzzle, 2);
    assert_eq!(answer.count, 1);
    assert!(answer.stats.nodes >= 64, "one search level per open cell");
}

#[test]
fn filled_grid_is_its_own_solution() {
    let solution = parse_line(ACWING_SOLUTION).unwrap();
    let (answer, grids) = solve_dlx(&solution, 2);
    assert_eq!((answer.count, answer.complete), (1, true));
    assert_eq!(grids[0], *solution.givens());
    assert_eq!(answer.stats.guesses, 0);
}

#[test]
fn limit_zero_acts_as_one_and_visitor_can_stop() {
    let puzzle = Puzzle::new(boxed(2, 3), Grid::empty(6)).unwrap();
    let mut dlx = Dlx::new();
    let answer = dlx.solve(&puzzle, 0).unwrap();
    assert_eq!((answer.count, answer.complete), (1, false));
    let mut seen = 0;
    let answer = dlx
        .solve_with(&puzzle, 100, &mut |_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert_eq!((seen, answer.count, answer.complete), (3, 3, false));
}

#[test]
fn one_engine_solves_many_geometries_in_turn() {
    // One engine per search over a stream that changes geometry, with
    // sparse puzzles (the full-problem searches reuse their problem once
    // the geometry repeats): buffers and cached problems are reused or
    // rebuilt, and the answers never change.
    let sample = parse_line(ACWING).unwrap();
    let mut stream = Vec::new();
    for g in [
        boxed(2, 2),
        boxed(3, 3),
        boxed(3, 3),
        boxed(2, 3),
        boxed(3, 3),
    ] {
        stream.push(Puzzle::new(Arc::clone(&g), Grid::empty(g.size())).unwrap());
        stream.push(sample.clone());
        stream.push(sample.clone());
    }
    let reference: Vec<Solutions> = stream
        .iter()
        .map(|p| Dlx::with_search(Search::PerPuzzle).solve(p, 2).unwrap())
        .collect();
    for search in Search::ALL {
        let mut dlx = Dlx::with_search(search);
        for (p, expected) in stream.iter().zip(&reference) {
            let (answer, _) = solve_all(&mut dlx, p, 2);
            assert_eq!(&answer, expected, "{search:?}");
        }
    }
    assert_eq!(reference[1].verdict(), Some(Verdict::Unique));
}

#[test]
fn supports_every_geometry_up_to_64() {
    let dlx = Dlx::new();
    for (r, c) in [
        (1, 1),
        (2, 2),
        (3, 3),
        (5, 5),
        (6, 6),
        (8, 8),
        (4, 16),
        (1, 64),
    ] {
        assert!(dlx.supports(&Geometry::boxed(r, c).unwrap()));
    }
    let x = Geometry::classic().with_extra(Extra::Diagonals).unwrap();
    assert!(dlx.supports(&x));
}

#[test]
fn largest_grids_solve() {
    // 36x36 and 64x64 puzzles cut from a solution (80% of the cells kept, so
    // the test stays quick): the sparse build handles the largest sides.
    for (br, bc) in [(6, 6), (8, 8)] {
        let mut r = rng(br as u64);
        let g = boxed(br, bc);
        let solution = solved_boxed(br, bc, &mut r);
        let puzzle = blank(&g, &solution, 0.8, &mut r);
        let (answer, _) = solve_all(&mut Dlx::new(), &puzzle, 1);
        assert_eq!(answer.count, 1, "{}x{}", g.size(), g.size());
    }
}

#[test]
fn engine_kind_knows_dlx() {
    let kind: EngineKind = "dlx".parse().unwrap();
    assert_eq!(kind, EngineKind::Dlx);
    assert_eq!(kind.name(), "dlx");
    assert!(EngineKind::NAMES.contains(&"dlx"));
    assert_eq!(kind.build().name(), "dlx");
    let err = "nope".parse::<EngineKind>().unwrap_err().to_string();
    assert!(err.contains("dlx"), "{err}");
}

// ---------------------------------------------------------------------
// Cross-check against Dfs on generated puzzles
// ---------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn dlx_matches_dfs_4x4(seed: u64, keep in 0.0f64..0.8, wrong in 1usize..3) {
        boxed_case(2, 2, seed, keep, wrong, &[2, 1000]);
    }

    #[test]
    fn dlx_matches_dfs_6x6(seed: u64, keep in 0.3f64..0.7, wrong in 1usize..3) {
        boxed_case(2, 3, seed, keep, wrong, &[2, 50]);
    }

    #[test]
    fn dlx_matches_dfs_9x9(seed: u64, keep in 0.3f64..0.7, wrong in 1usize..4) {
        boxed_case(3, 3, seed, keep, wrong, &[1, 2, 10]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn dlx_matches_dfs_12x12(seed: u64, keep in 0.45f64..0.7, wrong in 1usize..4) {
        boxed_case(3, 4, seed, keep, wrong, &[2]);
    }

    #[test]
    fn dlx_matches_dfs_jigsaw(seed: u64, swaps in 0usize..200, keep in 0.3f64..0.7, wrong in 1usize..4) {
        let (g, solution) = random_jigsaw(&mut rng(seed ^ 0x5eed), swaps);
        any_case(&Arc::new(g), &solution, seed, keep, wrong);
    }

    #[test]
    fn dlx_matches_dfs_x_sudoku(seed: u64, keep in 0.3f64..0.7, wrong in 1usize..4) {
        let g = Arc::new(Geometry::classic().with_extra(Extra::Diagonals).unwrap());
        let solution = solved_any(&g, &mut rng(seed ^ 0x5eed)).expect("X-sudoku has solutions");
        any_case(&g, &solution, seed, keep, wrong);
    }

    #[test]
    fn dlx_matches_dfs_windoku(seed: u64, keep in 0.3f64..0.7, wrong in 1usize..4) {
        let g = Arc::new(Geometry::classic().with_extra(Extra::Windows).unwrap());
        let solution = solved_any(&g, &mut rng(seed ^ 0x5eed)).expect("windoku has solutions");
        any_case(&g, &solution, seed, keep, wrong);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn dlx_matches_dfs_16x16(seed: u64, keep in 0.55f64..0.75, wrong in 1usize..4) {
        boxed_case(4, 4, seed, keep, wrong, &[2]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn dlx_matches_dfs_25x25(seed: u64, keep in 0.6f64..0.75, wrong in 1usize..3) {
        boxed_case(5, 5, seed, keep, wrong, &[2]);
    }
}

// ---------------------------------------------------------------------
// The benchmark sets (slow: run in release, `-- --ignored`)
// ---------------------------------------------------------------------

/// Every puzzle of `../shared/bench-data/` at limit 2 through Dlx: the proper
/// sets are all unique, serg's all have 2+ solutions. Skipped with a message
/// when the directory is absent.
#[test]
#[ignore = "slow: ~110k puzzles; run in release"]
fn dlx_bench_data_counts() {
    let mut dlx = Dlx::new();
    for (file, size, expected) in crate::datasets::SETS {
        let start = std::time::Instant::now();
        let Some(puzzles) = crate::datasets::set_puzzles(file) else {
            return;
        };
        assert_eq!(puzzles.len(), size, "{file}");
        for (i, puzzle) in puzzles {
            let answer = dlx.solve(&puzzle, 2).unwrap();
            assert_eq!(answer.verdict(), Some(expected), "{file}:{}", i + 1);
            let first = answer.first.as_ref().unwrap();
            sudokit::validate(&puzzle, first).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
        }
        eprintln!(
            "{file}: {size} puzzles, all {expected:?}, {:.2?}",
            start.elapsed()
        );
    }
}
