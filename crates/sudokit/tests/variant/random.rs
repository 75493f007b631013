//! The engine against the brute-force counter on random small instances
//! (4x4 and 6x6, 1-4 random constraints of every kind): same solutions,
//! same true candidates and capped counts, every solution valid. And each
//! propagator alone on random masks around a solution grid: it never removes
//! the grid's digit. Each instance comes from its own seed, printed on
//! failure; `instance(seed)` rebuilds it.

use std::ops::ControlFlow;
use std::sync::Arc;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;
use sudokit::engine::Variant;
use sudokit::variant::{Adjacency, Constraint, Mask, Neighbours, Pair, PairRule, Rule};
use sudokit::{validate, Auto, Budget, Cell, DigitSet, Engine, Extra, Geometry, Grid, Puzzle};

use super::brute::{random_grid, random_grid_in, solutions, Houses};
use super::build::{build, Kind};
use super::shapes::box_shape;
use crate::common::{full_scale, rng};

/// A random small puzzle.
#[derive(Clone, Debug)]
pub struct Instance {
    /// Side (4, 6 or 9).
    pub n: usize,
    /// Rows, columns, regions (boxes or irregular), maybe diagonals.
    pub houses: Houses,
    /// Givens, 0 empty.
    pub givens: Vec<u8>,
    /// Given pencil marks: per cell the values allowed (bit `v - 1`), when
    /// the instance restricts them.
    pub marks: Option<Vec<u16>>,
    /// The constraints.
    pub constraints: Vec<Constraint>,
    /// Whether the clues were derived from `grid` (then it is a solution).
    pub derived: bool,
    /// The random grid the givens (and derived clues) come from.
    pub grid: Vec<u8>,
}

impl Instance {
    /// The sudokit puzzle.
    pub fn puzzle(&self) -> Puzzle {
        let p = puzzle(&self.houses, &self.givens, self.constraints.clone());
        match &self.marks {
            Some(m) => p
                .with_candidates(m.iter().map(|&b| DigitSet(u64::from(b))).collect())
                .unwrap(),
            None => p,
        }
    }

    /// Whether a full grid keeps the pencil marks.
    fn keeps_marks(&self, g: &[u8]) -> bool {
        self.marks
            .as_ref()
            .is_none_or(|m| m.iter().zip(g).all(|(&b, &v)| b & (1 << (v - 1)) != 0))
    }
}

/// A puzzle on `houses` (boxes as sudokit shapes them, checked against the
/// brute force's, or the irregular map).
pub fn puzzle(houses: &Houses, givens: &[u8], constraints: Vec<Constraint>) -> Puzzle {
    let n = houses.n;
    let mut g = if houses.boxed {
        let g = Geometry::square(n).unwrap();
        assert_eq!(g.box_shape(), Some(box_shape(n)), "box shape of {n}x{n}");
        g
    } else {
        Geometry::jigsaw(n, &houses.region).unwrap()
    };
    if houses.diagonals {
        g = g.with_extra(Extra::Diagonals).unwrap();
    }
    Puzzle::new(Arc::new(g), Grid::from_values(n, givens).unwrap())
        .unwrap()
        .with_constraints(constraints)
        .unwrap()
}

/// The instance of `seed` over `kinds`.
pub fn instance(seed: u64, kinds: &[Kind]) -> Instance {
    let mut r = rng(seed);
    let n = match r.gen_range(0..20) {
        0..=9 => 4,
        10..=16 => 6,
        _ => 9,
    };
    let diagonals = r.gen_ratio(1, 8);
    // Irregular regions now and then (on the small grids, whose maps the
    // brute force fills quickly), boxes when a map has no grid.
    let mut houses = Houses::boxes(n, diagonals);
    let mut grid = None;
    if n < 9 && r.gen_ratio(1, 6) {
        let jigsaw = Houses::jigsaw(n, diagonals, &mut r);
        if let Some(g) = random_grid_in(&jigsaw, 200_000, &mut r) {
            houses = jigsaw;
            grid = Some(g);
        }
    }
    let picked: Vec<Kind> = (0..r.gen_range(1..=4))
        .map(|_| *kinds.choose(&mut r).unwrap())
        .collect();
    let mut derived = r.gen_bool(0.5);
    // Rules over the whole grid (anti-king …) hold on few random grids: a
    // grid derived for them is made with them (by the engine: it only
    // seeds the instance, the brute force still judges it).
    let mut constraints: Vec<Constraint> = picked
        .iter()
        .filter(|k| GLOBAL.contains(k))
        .flat_map(|&k| build(k, n, None, &mut r))
        .collect();
    let made = if derived && !constraints.is_empty() {
        grid_with(&houses, &constraints, &mut r)
    } else {
        None
    };
    derived &= made.is_some() || constraints.is_empty();
    let grid = match (made, grid) {
        (Some(g), _) | (None, Some(g)) => g,
        (None, None) => random_grid(n, diagonals, &mut r),
    };
    for &kind in picked.iter().filter(|k| !GLOBAL.contains(k)) {
        constraints.extend(build(kind, n, derived.then_some(&grid[..]), &mut r));
    }
    // Few givens on 4x4 (its 288 grids are filtered anyway); on 6x6 and
    // 9x9 enough that the completions stay few.
    let k = match n {
        4 => r.gen_range(0..=4),
        6 => r.gen_range(12..=18),
        _ => r.gen_range(42..=54),
    };
    let mut givens = vec![0u8; n * n];
    let cells: Vec<usize> = (0..n * n).collect();
    for &i in cells.choose_multiple(&mut r, k) {
        givens[i] = grid[i];
    }
    // Sometimes given pencil marks on a few cells: random sets that keep
    // the grid's digit when the clues came from it.
    let marks = r.gen_ratio(1, 6).then(|| {
        let mut m = vec![(1u16 << n) - 1; n * n];
        for _ in 0..r.gen_range(1..=n) {
            let i = r.gen_range(0..n * n);
            m[i] = r.gen_range(1..1u16 << n);
            if derived {
                m[i] |= 1 << (grid[i] - 1);
            }
        }
        m
    });
    Instance {
        n,
        houses,
        givens,
        marks,
        constraints,
        derived,
        grid,
    }
}

/// Kinds that constrain the whole grid.
pub const GLOBAL: &[Kind] = &[Kind::AntiKing, Kind::AntiKnight, Kind::Nonconsecutive];

/// A random grid that satisfies `rules`: a few random givens, then the
/// engine's first solution within a budget (`None` when none came).
pub fn grid_with(houses: &Houses, rules: &[Constraint], r: &mut SmallRng) -> Option<Vec<u8>> {
    let n = houses.n;
    let mut engine = Variant::new();
    engine.set_budget(Budget::UNLIMITED.with_max_nodes(20_000));
    for _ in 0..5 {
        let mut givens = vec![0u8; n * n];
        for _ in 0..n / 2 {
            givens[r.gen_range(0..n * n)] = r.gen_range(1..=n as u8);
        }
        if let Some(g) = engine
            .solve(&puzzle(houses, &givens, rules.to_vec()), 1)
            .unwrap()
            .first
        {
            return Some(g.to_values());
        }
    }
    None
}

/// The engine agrees with the brute force on `inst`: the solutions it
/// visits (each valid) are the brute force's, its count too, and its true
/// candidates (caps 1 and 3) are the union of the brute-force solutions
/// with their capped counts. Returns the number of solutions.
pub fn compare(seed: u64, inst: &Instance) -> usize {
    let why = || format!("seed {seed}: {inst:?}");
    let _name = NameOnPanic(&why);
    let n = inst.n;
    let puzzle = inst.puzzle();
    let mut want = solutions(&inst.houses, &inst.givens, &inst.constraints);
    want.retain(|g| inst.keeps_marks(g));
    want.sort();
    // A grid that every clue was derived from (and that the second reading
    // of each rule accepts) is a solution.
    if inst.derived
        && inst
            .constraints
            .iter()
            .all(|c| super::semantics::holds(c, &inst.grid, n))
    {
        assert!(
            want.binary_search(&inst.grid).is_ok(),
            "the grid the clues came from is no solution, {}",
            why()
        );
    }
    let mut engine = Variant::new();
    let limit = 1_000_000;
    let mut got: Vec<Vec<u8>> = Vec::new();
    let s = engine
        .solve_with(&puzzle, limit, &mut |g: &Grid| {
            if let Err(e) = validate(&puzzle, g) {
                panic!("{}: the engine visited an invalid grid ({e})", why());
            }
            got.push(g.to_values());
            ControlFlow::Continue(())
        })
        .unwrap();
    assert!(s.complete, "{}", why());
    assert_eq!(s.count as usize, want.len(), "count, {}", why());
    got.sort();
    assert!(got == want, "other solutions than brute force's, {}", why());
    let plain = engine.solve(&puzzle, limit).unwrap();
    assert_eq!(plain.count as usize, want.len(), "solve's count, {}", why());
    // Auto sends a constrained puzzle to the variant engine.
    let auto = Auto::new().solve(&puzzle, limit).unwrap();
    assert_eq!(auto.count as usize, want.len(), "auto's count, {}", why());
    for cap in [1u32, 3] {
        let tc = engine.true_candidates(&puzzle, cap).unwrap();
        assert!(tc.complete, "cap {cap}, {}", why());
        for cell in 0..n * n {
            let mut union = 0u64;
            for d in 0..n {
                let uses = want.iter().filter(|g| g[cell] as usize == d + 1).count();
                if uses > 0 {
                    union |= 1 << d;
                }
                let capped = uses.min(cap as usize) as u32;
                assert_eq!(
                    tc.counts[cell * n + d],
                    capped,
                    "cap {cap}: count of digit {} in cell {cell}, {}",
                    d + 1,
                    why()
                );
            }
            assert_eq!(
                tc.candidates[cell].0,
                union,
                "cap {cap}: true candidates of cell {cell}, {}",
                why()
            );
        }
    }
    want.len()
}

/// An instance on which the engine once panicked in debug builds: its
/// hidden-single pass read a cell with no candidate left (`m - 1` on an
/// empty mask). Contradictory dots (a white dot inside a negative
/// constraint that forbids it next to another) have no solution.
#[test]
fn contradictory_negative_dots_have_no_solution() {
    let c = |i: u32| Cell(i);
    let dot = |a, b| {
        Constraint::Pair(Pair {
            cells: [c(a), c(b)],
            rule: PairRule::Difference(1),
            kind: "difference",
        })
    };
    let negative = |except: Vec<[Cell; 2]>| {
        Constraint::Neighbours(Neighbours {
            adjacency: Adjacency::Orthogonal,
            rule: PairRule::NotDifference(1),
            except,
            kind: "negative",
        })
    };
    let inst = Instance {
        n: 4,
        houses: Houses::boxes(4, false),
        givens: vec![0; 16],
        marks: None,
        constraints: vec![
            dot(11, 15),
            negative(vec![[c(11), c(15)]]),
            negative(vec![]),
            dot(6, 7),
            dot(2, 6),
            negative(vec![[c(6), c(7)], [c(2), c(6)]]),
        ],
        derived: false,
        grid: vec![2, 3, 1, 4, 1, 4, 3, 2, 3, 2, 4, 1, 4, 1, 2, 3],
    };
    assert_eq!(compare(12_678_465, &inst), 0);
    // A cell whose given pencil marks are empty: no solution either, and
    // nothing reads its empty mask as a digit.
    let mut marks = vec![0xf; 16];
    marks[5] = 0;
    let empty = Instance {
        marks: Some(marks),
        constraints: vec![dot(0, 1)],
        ..inst
    };
    assert_eq!(compare(0, &empty), 0);
}

/// Names the instance when a panic (in the engine, say) unwinds past it.
struct NameOnPanic<'a>(&'a dyn Fn() -> String);

impl Drop for NameOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("while checking {}", (self.0)());
        }
    }
}

/// How many random instances to run (at full scale within CI's ten
/// minutes beside everything else; more with `SUDOKIT_VARIANT_INSTANCES`).
fn instances() -> u64 {
    if let Some(n) = std::env::var("SUDOKIT_VARIANT_INSTANCES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    if full_scale() {
        12_000
    } else {
        3_000
    }
}

#[test]
fn engine_agrees_with_brute_force_on_random_small_instances() {
    let kinds = Kind::ALL;
    let mut counts = [0usize; 3];
    // Sides 4, 6, 9; irregular regions, diagonals, pencil marks.
    let mut shapes = [0usize; 6];
    for i in 0..instances() {
        let seed = 0x5eed_0000 + i;
        let inst = instance(seed, kinds);
        let found = compare(seed, &inst);
        counts[found.min(2)] += 1;
        shapes[inst.n / 3 - 1] += 1;
        shapes[3] += usize::from(!inst.houses.boxed);
        shapes[4] += usize::from(inst.houses.diagonals);
        shapes[5] += usize::from(inst.marks.is_some());
    }
    // The mix must exercise all three answers and every shape, or the test
    // proves little.
    assert!(
        counts.iter().all(|&c| c * 20 >= instances() as usize),
        "instances with 0, 1, 2+ solutions: {counts:?}"
    );
    assert!(
        shapes.iter().all(|&c| c * 50 >= instances() as usize),
        "instances of side 4, 6, 9, irregular, diagonal, with marks: {shapes:?}"
    );
}

/// Every kind, on its own, over many seeds (each kind gets its share even
/// when the mix above leans elsewhere).
#[test]
fn each_kind_agrees_with_brute_force() {
    let per_kind = if full_scale() { 400 } else { 40 };
    for (k, &kind) in Kind::ALL.iter().enumerate() {
        let mut counts = [0usize; 3];
        for i in 0..per_kind {
            let seed = 0xc1_0000 + (k as u64) * 10_000 + i;
            let inst = instance(seed, &[kind]);
            counts[compare(seed, &inst).min(2)] += 1;
        }
        // Some instances of every kind have solutions, or the kind's
        // pruning was barely exercised.
        assert!(counts[1] + counts[2] > 0, "{}: {counts:?}", kind.name());
    }
}

/// A clue derived from a grid holds on that grid by sudokit's validator:
/// the builders' reading of each rule (written from f-puzzles' rules) and
/// the library's agree.
#[test]
fn derived_clues_hold_on_their_grid() {
    for (k, &kind) in Kind::ALL.iter().enumerate() {
        for n in [4, 6, 9] {
            for i in 0..20 {
                let seed = 0xd0_0000 + (k as u64) * 1000 + (n as u64) * 100 + i;
                let mut r = rng(seed);
                let grid = random_grid(n, false, &mut r);
                for c in build(kind, n, Some(&grid), &mut r) {
                    // A derived clue may miss (no line of the kind found
                    // on this grid): only those the second reading accepts
                    // are held to it.
                    if super::semantics::holds(&c, &grid, n) {
                        assert!(
                            c.check(&grid, n),
                            "seed {seed}: {} rejects its grid {grid:?}: {c:?}",
                            kind.name()
                        );
                    }
                }
            }
        }
    }
}

/// sudokit's validators and the second reading agree on every 4x4 grid,
/// and on random 6x6 and 9x9 grids, for random constraints of every kind.
#[test]
fn validators_agree_with_a_second_reading() {
    let kinds = Kind::ALL;
    let rounds = if full_scale() { 2000 } else { 200 };
    for i in 0..rounds {
        let seed = 0xa9_0000 + i;
        let mut r = rng(seed);
        let n = [4, 6, 9][i as usize % 3];
        let grid = random_grid(n, false, &mut r);
        let kind = *kinds.choose(&mut r).unwrap();
        let derived = r.gen_bool(0.5).then_some(&grid[..]);
        let grids: Vec<Vec<u8>> = if n == 4 {
            super::brute::all_4x4().to_vec()
        } else {
            (0..20)
                .map(|_| random_grid(n, false, &mut r))
                .chain([grid.clone()])
                .collect()
        };
        for c in build(kind, n, derived, &mut r) {
            for g in &grids {
                assert_eq!(
                    c.check(g, n),
                    super::semantics::holds(&c, g, n),
                    "seed {seed}: {} on {g:?}: {c:?}",
                    kind.name()
                );
            }
        }
    }
}

/// Pruning alone never removes a digit of a solution: random masks that
/// hold a solution grid's digits (plus random others), pruned by a rule the
/// grid satisfies, keep every grid digit and find no contradiction.
#[test]
fn pruning_keeps_the_digits_of_a_solution() {
    let rounds = if full_scale() { 400 } else { 60 };
    for (k, &kind) in Kind::ALL.iter().enumerate() {
        for n in [4, 6, 9] {
            for i in 0..rounds {
                let seed = 0x9e_0000 + (k as u64) * 10_000 + (n as u64) * 1000 + i;
                let mut r = rng(seed);
                let grid = random_grid(n, false, &mut r);
                let rules: Vec<Constraint> = build(kind, n, Some(&grid), &mut r)
                    .into_iter()
                    .filter(|c| c.check(&grid, n))
                    .collect();
                let density = r.gen_range(0.0..1.0);
                let mut masks: Vec<Mask> = grid
                    .iter()
                    .map(|&v| {
                        let mut m: Mask = 1 << (v - 1);
                        for d in 0..n {
                            if r.gen_bool(density) {
                                m |= 1 << d;
                            }
                        }
                        m
                    })
                    .collect();
                // To a fixpoint over the rules, as an engine would run them.
                for _ in 0..n * n {
                    let mut changed = false;
                    for c in &rules {
                        match c.prune(&mut masks, n) {
                            Ok(ch) => changed |= ch,
                            Err(_) => panic!(
                                "seed {seed}: {} found a contradiction around its own grid {grid:?}: {c:?}",
                                kind.name()
                            ),
                        }
                    }
                    for (cell, (&m, &v)) in masks.iter().zip(&grid).enumerate() {
                        assert!(
                            m & (1 << (v - 1)) != 0,
                            "seed {seed}: {} removed {v} from cell {cell}, a digit of the grid {grid:?}: {rules:?}",
                            kind.name()
                        );
                    }
                    if !changed {
                        break;
                    }
                }
            }
        }
    }
}
