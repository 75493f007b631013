//! Soundness of the logic ladder: on puzzles with a unique solution, no step
//! of any technique ever places a wrong digit or removes a true candidate.
//!
//! Puzzles: random minimal 9x9 puzzles (clues removed while the solution stays
//! unique: every difficulty from singles to chains), a small in-repo fixture
//! of hard puzzles, a sample of the benchmark sets when `../shared` is
//! present, and 4x4 / 16x16 / jigsaw / X-sudoku puzzles for the techniques
//! that run there. At every state of each path, every rung up to the one the
//! path takes is asked for *all* its instances, and each is checked.

use std::ops::ControlFlow;
use std::sync::Arc;

use rand::seq::SliceRandom;
use sudokit::logic::{self, Board, Ctx, End, Step, Technique, LADDER};
use sudokit::{Dfs, Engine, Extra, Geometry, Grid, Puzzle};

use crate::common;

/// The unique solution of a puzzle, by an engine.
fn solution(puzzle: &Puzzle) -> Option<Vec<u8>> {
    let out = Dfs::new().solve(puzzle, 2).unwrap();
    (out.count == 1).then(|| out.first.unwrap().to_values())
}

fn check(board: &Board, step: &Step, solution: &[u8], context: &str) {
    if let Some(why) = board.step_error(step, solution) {
        panic!("{context}: {why}: {step:?}");
    }
}

/// How much of a path to check: every rung's every instance up to the rung
/// taken (`exhaustive`), or only the steps taken.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Depth {
    Exhaustive,
    Path,
}

/// Walks the logical path of `puzzle`, checking steps; returns how it ended
/// and the techniques used.
fn walk(puzzle: &Puzzle, depth: Depth, context: &str) -> (End, Vec<Technique>) {
    let solution = solution(puzzle).expect("a unique puzzle");
    let mut board = Board::new(puzzle).unwrap();
    let mut used = Vec::new();
    let mut ctx = Ctx::new(true);
    loop {
        if board.is_solved() {
            assert_eq!(
                board.values(),
                &solution[..],
                "{context}: solved to a wrong grid"
            );
            return (End::Solved, used);
        }
        let Some(step) = logic::next_step(&board, &mut ctx) else {
            return (End::Stuck, used);
        };
        check(&board, &step, &solution, context);
        if depth == Depth::Exhaustive {
            let rung = LADDER.iter().position(|&t| t == step.technique).unwrap();
            for &t in &LADDER[..=rung] {
                let _ = t.find(&board, &mut ctx, &mut |s| {
                    check(&board, &s, &solution, context);
                    ControlFlow::Continue(())
                });
            }
        }
        used.push(step.technique);
        board.apply(&step);
    }
}

/// A minimal puzzle: every clue of `solution`, then clues removed in random
/// order while the solution stays unique.
fn minimal(geometry: &Arc<Geometry>, solution: &Grid, rng: &mut rand::rngs::SmallRng) -> Puzzle {
    let n = geometry.size();
    let mut cells: Vec<_> = solution.cells().to_vec();
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let mut dfs = Dfs::new();
    for i in order {
        let kept = cells[i].take();
        let p = Puzzle::new(
            Arc::clone(geometry),
            Grid::from_cells(n, cells.clone()).unwrap(),
        )
        .unwrap();
        if dfs.solve(&p, 2).unwrap().count != 1 {
            cells[i] = kept;
        }
    }
    Puzzle::new(Arc::clone(geometry), Grid::from_cells(n, cells).unwrap()).unwrap()
}

fn parse(line: &str) -> Puzzle {
    sudokit::format::line::parse_line(line).unwrap()
}

#[test]
fn every_step_of_every_rung_is_sound_on_random_minimal_puzzles() {
    let geometry = Geometry::shared_square(9).unwrap();
    // At full scale (`.ci/run`, release builds) it checks 4000.
    let count = if crate::common::full_scale() {
        4000
    } else {
        100
    };
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..count {
        let mut rng = common::rng(seed);
        let solved = common::solved_boxed(3, 3, &mut rng);
        let puzzle = minimal(&geometry, &solved, &mut rng);
        let (end, used) = walk(&puzzle, Depth::Exhaustive, &format!("seed {seed}"));
        assert_eq!(
            end,
            End::Solved,
            "seed {seed}: the ladder must finish a unique 9x9 puzzle"
        );
        for t in used {
            *seen.entry(format!("{t:?}")).or_insert(0usize) += 1;
        }
    }
    eprintln!("steps by rung over {count} random minimal puzzles: {seen:?}");
    // The sample reaches well past the singles: subsets, fish, wings,
    // uniqueness and chains all come up.
    let least = if crate::common::full_scale() { 16 } else { 8 };
    assert!(seen.len() >= least, "{seen:?}");
}

/// Hard puzzles kept in the repository (from the public benchmark lists):
/// forcing chains and beyond.
const HARD: &str = include_str!("data/logic_hard.txt");

#[test]
fn every_step_is_sound_on_hard_puzzles() {
    for (i, line) in HARD
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .enumerate()
    {
        let (end, _) = walk(&parse(line), Depth::Path, &format!("hard {}", i + 1));
        assert_eq!(end, End::Solved, "hard {}", i + 1);
    }
}

#[test]
fn every_step_is_sound_on_the_benchmark_sets() {
    let Some(dir) = crate::datasets::bench_dir() else {
        eprintln!("skipping the benchmark sets: ../shared/bench-data is absent");
        return;
    };
    let every = if crate::common::full_scale() { 13 } else { 97 };
    for name in [
        "puzzles2_17_clue.txt",
        "puzzles3_magictour_top1465.txt",
        "puzzles7_serg_benchmark.txt",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let step = if name.starts_with("puzzles2") {
            every * 40
        } else {
            every
        };
        for (i, line) in text.lines().enumerate().step_by(step) {
            let puzzle = parse(line);
            if solution(&puzzle).is_none() {
                continue;
            }
            let (end, _) = walk(&puzzle, Depth::Path, &format!("{name}:{}", i + 1));
            assert_eq!(end, End::Solved, "{name}:{}", i + 1);
        }
    }
}

#[test]
fn steps_are_sound_on_other_geometries() {
    let mut rng = common::rng(7);
    let mut cases: Vec<Arc<Geometry>> = vec![
        Geometry::shared_square(4).unwrap(),
        Geometry::shared_square(16).unwrap(),
        Arc::new(
            Geometry::square(9)
                .unwrap()
                .with_extra(Extra::Diagonals)
                .unwrap(),
        ),
        Arc::new(
            Geometry::square(9)
                .unwrap()
                .with_extra(Extra::Windows)
                .unwrap(),
        ),
    ];
    for s in 0..4 {
        cases.push(Arc::new(common::random_jigsaw(
            &mut common::rng(100 + s),
            30,
        )));
    }
    let mut finished = 0;
    for (k, geometry) in cases.iter().enumerate() {
        for _ in 0..3 {
            let Some(solved) = common::random_solution(geometry, &mut rng) else {
                continue;
            };
            // Not minimal on 16x16 (too slow in a test): keep 60% of the clues.
            let puzzle = if geometry.size() > 9 {
                let p = common::remove_clues(geometry, &solved, 0.6, &mut rng);
                if solution(&p).is_none() {
                    continue;
                }
                p
            } else {
                minimal(geometry, &solved, &mut rng)
            };
            let (end, _) = walk(&puzzle, Depth::Exhaustive, &format!("geometry {k}"));
            finished += usize::from(end == End::Solved);
        }
    }
    assert!(
        finished > 0,
        "no puzzle of another geometry was finished by logic"
    );
}

/// X-sudoku and windoku: the chain rungs run there (a house is a house),
/// so every minimal puzzle is finished, every instance of every rung up to
/// the one taken is sound, and the chains come up. Uniqueness and BUG stay
/// off (an extra house can make their "deadly" swap illegal).
#[test]
fn chains_finish_x_and_windoku_puzzles_soundly() {
    let count = if crate::common::full_scale() { 100 } else { 12 };
    for extra in [Extra::Diagonals, Extra::Windows] {
        let geometry = Arc::new(
            Geometry::square(9)
                .unwrap()
                .with_extra(extra.clone())
                .unwrap(),
        );
        let mut chained = 0;
        for seed in 0..count {
            let mut rng = common::rng(500 + seed);
            let Some(solved) = common::random_solution(&geometry, &mut rng) else {
                continue;
            };
            let puzzle = minimal(&geometry, &solved, &mut rng);
            let context = format!("{extra:?} seed {seed}");
            let (end, used) = walk(&puzzle, Depth::Exhaustive, &context);
            assert_eq!(end, End::Solved, "{context}: the ladder must finish it");
            assert!(
                !used
                    .iter()
                    .any(|t| matches!(t, Technique::UniqueLoop | Technique::Bug)),
                "{context}: {used:?}"
            );
            chained += usize::from(used.iter().any(|t| t.is_chain()));
        }
        assert!(chained > 0, "{extra:?}: no puzzle needed a chain");
    }
}
