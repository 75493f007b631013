//! Shared helpers: puzzle generators and a naive reference counter.

#![allow(dead_code)]

pub mod classic;
pub mod corpus;

use std::sync::Arc;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudokit::engine::dlx::Search;
use sudokit::engine::{Backend, Fast9, Triad9};
use sudokit::{Auto, Cell, Dfs, Digit, Dlx, Engine, Extra, Geometry, Grid, Puzzle};

/// Every engine configuration the corpus runs, named: auto, dfs, dlx with
/// each of its searches, and fast9 and triad9 on every backend this CPU
/// runs. The one list to change when an engine or backend is added.
pub fn engines() -> Vec<(String, Box<dyn Engine>)> {
    let mut out: Vec<(String, Box<dyn Engine>)> = vec![
        ("auto".into(), Box::new(Auto::new())),
        ("dfs".into(), Box::new(Dfs::new())),
    ];
    for search in Search::ALL {
        let name = format!("dlx/{search:?}");
        out.push((name, Box::new(Dlx::with_search(search))));
    }
    // Fast9 runs its AVX2 kernel for Avx512: keep only the engines whose
    // kernel is the backend asked for, so no kernel runs twice.
    for backend in Backend::ALL {
        if let Some(e) = Fast9::with_backend(backend).filter(|e| e.backend() == backend) {
            out.push((format!("fast9/{}", backend.name()), Box::new(e)));
        }
        if let Some(e) = Triad9::with_backend(backend) {
            out.push((format!("triad9/{}", backend.name()), Box::new(e)));
        }
    }
    out
}

/// A seeded RNG.
pub fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed)
}

/// A random solved grid for box geometry `br`×`bc`: the standard pattern, then
/// rows shuffled within bands, bands shuffled, columns within stacks, stacks,
/// and digits relabelled. Every step preserves validity.
pub fn solved_boxed(br: usize, bc: usize, rng: &mut SmallRng) -> Grid {
    let n = br * bc;
    let perm_blocks = |size: usize, blocks: usize, rng: &mut SmallRng| -> Vec<usize> {
        let mut order: Vec<usize> = (0..blocks).collect();
        order.shuffle(rng);
        let mut out = Vec::with_capacity(size * blocks);
        for b in order {
            let mut inner: Vec<usize> = (0..size).collect();
            inner.shuffle(rng);
            out.extend(inner.into_iter().map(|i| b * size + i));
        }
        out
    };
    // Rows come in bands of `br` rows (there are `bc` bands); columns in
    // stacks of `bc` columns (there are `br` stacks).
    let rows = perm_blocks(br, bc, rng);
    let cols = perm_blocks(bc, br, rng);
    let mut relabel: Vec<u8> = (0..n as u8).collect();
    relabel.shuffle(rng);
    let pattern = |r: usize, c: usize| (bc * (r % br) + r / br + c) % n;
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = (rows[i / n], cols[i % n]);
            Some(Digit::new(relabel[pattern(r, c)]))
        })
        .collect();
    Grid::from_cells(n, cells).unwrap()
}

/// A random jigsaw geometry of side 9: boxes, then random swaps of cells
/// between neighbouring regions that keep every region connected.
pub fn random_jigsaw(rng: &mut SmallRng, swaps: usize) -> Geometry {
    let n = 9;
    let mut region: Vec<usize> = Geometry::classic().regions().collect();
    let neighbours = |i: usize| {
        let (r, c) = (i / n, i % n);
        let mut v = Vec::with_capacity(4);
        if r > 0 {
            v.push(i - n);
        }
        if r + 1 < n {
            v.push(i + n);
        }
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < n {
            v.push(i + 1);
        }
        v
    };
    let connected = |region: &[usize], g: usize| {
        let cells: Vec<usize> = (0..n * n).filter(|&i| region[i] == g).collect();
        let mut seen = vec![false; n * n];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += 1;
            for j in neighbours(i) {
                if region[j] == g && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        count == cells.len()
    };
    let mut done = 0;
    let mut tries = 0;
    while done < swaps && tries < swaps * 200 {
        tries += 1;
        let a = rng.gen_range(0..n * n);
        let Some(&b) = neighbours(a).choose(rng) else {
            continue;
        };
        let (ga, gb) = (region[a], region[b]);
        if ga == gb {
            continue;
        }
        // Move a into gb, and some cell c of gb adjacent to ga into ga.
        let candidates: Vec<usize> = (0..n * n)
            .filter(|&c| {
                c != b
                    && region[c] == gb
                    && neighbours(c).iter().any(|&d| region[d] == ga && d != a)
            })
            .collect();
        let Some(&c) = candidates.choose(rng) else {
            continue;
        };
        region[a] = gb;
        region[c] = ga;
        if connected(&region, ga) && connected(&region, gb) {
            done += 1;
        } else {
            region[a] = ga;
            region[c] = gb;
        }
    }
    Geometry::jigsaw(n, &region).unwrap()
}

/// A random solution of any geometry: a few random givens, solved by `Dfs`.
/// Returns `None` when the geometry (with those givens) has no solution, or
/// none was found within a node budget: a random jigsaw map may have no
/// filling at all, and refuting a near-empty grid can take minutes, which a
/// test must not wait for.
pub fn random_solution(geometry: &Arc<Geometry>, rng: &mut SmallRng) -> Option<Grid> {
    let n = geometry.size();
    let mut dfs = Dfs::new();
    dfs.set_budget(sudokit::Budget::UNLIMITED.with_max_nodes(200_000));
    for _ in 0..20 {
        let mut givens = Grid::empty(n);
        // Seed one random row: a permutation of the digits.
        let r = rng.gen_range(0..n);
        let mut digits: Vec<u8> = (0..n as u8).collect();
        digits.shuffle(rng);
        for (c, d) in digits.into_iter().enumerate() {
            givens.set(Cell::at(r, c, n), Some(Digit::new(d)));
        }
        let puzzle = Puzzle::new(Arc::clone(geometry), givens).unwrap();
        let answer = dfs.solve(&puzzle, 1).unwrap();
        if let Some(s) = answer.first {
            return Some(s);
        }
        if answer.stopped.is_some() {
            return None;
        }
    }
    None
}

/// The puzzle made from `solution` by keeping each cell with probability
/// `keep`.
pub fn remove_clues(
    geometry: &Arc<Geometry>,
    solution: &Grid,
    keep: f64,
    rng: &mut SmallRng,
) -> Puzzle {
    let n = solution.size();
    let cells = solution
        .cells()
        .iter()
        .map(|&v| if rng.gen_bool(keep) { v } else { None })
        .collect();
    Puzzle::new(Arc::clone(geometry), Grid::from_cells(n, cells).unwrap()).unwrap()
}

/// Counts solutions up to `limit` by plain backtracking over cells in order,
/// checking houses directly: slow, simple, and independent of every engine.
pub fn naive_count(puzzle: &Puzzle, limit: u64) -> u64 {
    let g = puzzle.geometry();
    let n = g.size();
    let mut values: Vec<Option<u8>> = puzzle
        .givens()
        .cells()
        .iter()
        .map(|c| c.map(|d| d.index() as u8))
        .collect();
    // Givens must not clash.
    for house in g.houses() {
        let mut seen = vec![false; n];
        for c in house.cells() {
            if let Some(v) = values[c.index()] {
                if std::mem::replace(&mut seen[v as usize], true) {
                    return 0;
                }
            }
        }
    }
    fn go(i: usize, g: &Geometry, values: &mut Vec<Option<u8>>, count: &mut u64, limit: u64) {
        if *count >= limit {
            return;
        }
        if i == values.len() {
            *count += 1;
            return;
        }
        if values[i].is_some() {
            return go(i + 1, g, values, count, limit);
        }
        for d in 0..g.size() as u8 {
            let clash = g.houses_of(Cell(i as u32)).iter().any(|&h| {
                g.houses()[h as usize]
                    .cells()
                    .iter()
                    .any(|c| values[c.index()] == Some(d))
            });
            if !clash {
                values[i] = Some(d);
                go(i + 1, g, values, count, limit);
                values[i] = None;
            }
        }
    }
    let mut count = 0;
    go(0, g, &mut values, &mut count, limit);
    count
}

/// Geometry with extras, shared.
pub fn shared(g: Geometry) -> Arc<Geometry> {
    Arc::new(g)
}

/// X-sudoku 9x9.
pub fn x_sudoku() -> Arc<Geometry> {
    Arc::new(Geometry::classic().with_extra(Extra::Diagonals).unwrap())
}

/// Solves with `engine` at `limit`, validates every solution it reports, and
/// returns the count.
pub fn solve_checked(engine: &mut dyn Engine, puzzle: &Puzzle, limit: u64) -> u64 {
    let mut seen = Vec::new();
    let answer = engine
        .solve_with(puzzle, limit, &mut |grid| {
            sudokit::validate(puzzle, grid).unwrap_or_else(|e| panic!("invalid solution: {e}"));
            seen.push(grid.clone());
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(
        answer.count,
        seen.len() as u64,
        "visited solutions match the count"
    );
    assert!(answer.count <= limit.max(1));
    if let Some(first) = &answer.first {
        assert_eq!(Some(first), seen.first());
        sudokit::validate(puzzle, first).unwrap();
    } else {
        assert_eq!(answer.count, 0);
    }
    let mut distinct = seen.clone();
    distinct.sort_by(|a, b| a.cells().cmp(b.cells()));
    distinct.dedup();
    assert_eq!(distinct.len(), seen.len(), "solutions are distinct");
    answer.count
}

/// A classic 9x9 pencilmark puzzle (number `i` of a series): the solution
/// of a random grid with 15% of its clues kept, every cell restricted to
/// its solution digit plus random others. Every third puzzle leaves most
/// cells open to every digit (so that several solutions occur), and in
/// every fifth a cell may lose its solution digit (so that none does).
pub fn pencilmark_puzzle(g: &Arc<Geometry>, i: usize, r: &mut SmallRng) -> Puzzle {
    let solution = solved_boxed(3, 3, r);
    let puzzle = remove_clues(g, &solution, 0.15, r);
    let sets: Vec<sudokit::DigitSet> = solution
        .cells()
        .iter()
        .map(|d| {
            let d = d.expect("a solved grid").index();
            let mut set = if i.is_multiple_of(3) && r.gen_bool(0.9) {
                511
            } else {
                r.gen_range(0..512u64) & r.gen_range(0..512u64)
            };
            if !i.is_multiple_of(5) || r.gen_bool(0.98) {
                set |= 1 << d;
            }
            sudokit::DigitSet(set)
        })
        .collect();
    puzzle.with_candidates(sets).expect("81 candidate sets")
}

/// A classic 9x9 puzzle (number `i` of a series) with 0, 1 or 2+
/// solutions: a random grid with 20–45% of its clues kept, and in every
/// seventh a wrong clue in an open cell (often no solution at all).
pub fn mixed_puzzle(g: &Arc<Geometry>, i: usize, r: &mut SmallRng) -> Puzzle {
    let solution = solved_boxed(3, 3, r);
    let keep = [0.2, 0.25, 0.3, 0.35, 0.45][i % 5];
    let puzzle = remove_clues(g, &solution, keep, r);
    if !i.is_multiple_of(7) {
        return puzzle;
    }
    let mut cells = puzzle.givens().cells().to_vec();
    match (0..81)
        .map(|_| r.gen_range(0..81))
        .find(|&c| cells[c].is_none())
    {
        Some(c) => {
            cells[c] = Some(Digit::new(r.gen_range(0..9)));
            let grid = Grid::from_cells(9, cells).expect("81 cells");
            Puzzle::new(Arc::clone(g), grid).expect("a 9x9 grid")
        }
        None => puzzle,
    }
}

/// Bytes that look like puzzles often enough to be read (and reach the
/// engines): digits, dots, letters, line breaks and the grid's rules, with
/// now and then any byte.
pub fn puzzle_bytes(max_len: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![
            4 => Just(b'.'),
            4 => b'0'..=b'9',
            2 => b'A'..=b'P',
            2 => Just(b'\n'),
            1 => Just(b' '),
            1 => Just(b'|'),
            1 => Just(b'-'),
            1 => Just(b'+'),
            1 => Just(b'\r'),
            1 => any::<u8>(),
        ],
        0..max_len,
    )
}

/// Whether the slow tests run at full size: in a release build, or with
/// `SUDOKIT_TEST_SCALE=full` (`.ci/run` sets it, so the one build of
/// `cargo test` checks as much as a release build would); else a sample.
pub fn full_scale() -> bool {
    !cfg!(debug_assertions) || std::env::var_os("SUDOKIT_TEST_SCALE").is_some_and(|v| v == "full")
}
