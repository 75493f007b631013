//! Writes the variant corpus, `tests/data/variants/corpus.json` (run it with
//! `cargo test -p sudokit --test tests variant::corpus_gen -- --ignored`,
//! then review and commit the file): three 9x9 puzzles for every constraint
//! kind. Each starts from a random solution grid (seeded), takes clues of
//! its kind derived from that grid (kept only when sudokit's validator and
//! the second reading both accept the grid), then removes givens in a
//! random order while the variant engine still proves one solution, each
//! check within a node budget (a check that runs out keeps its given), the
//! whole dig within a time budget. Kinds that cannot reach uniqueness with
//! few givens keep more.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;
use sudokit::engine::Variant;
use sudokit::variant::{Constraint, Rule};
use sudokit::{validate, Budget, Cell, Engine, Extra, Geometry, Grid, Puzzle};

use super::build::{build, Kind};
use super::fpjson::{write, Entry, Regions};
use crate::common::{random_jigsaw, random_solution, rng};

/// The corpus, relative to the crate.
pub const PATH: &str = "tests/data/variants/corpus.json";

/// The search nodes of one uniqueness check while digging: a check that
/// runs out keeps its given.
const CHECK_NODES: u64 = 20_000;

/// The longest a dig may take.
const DIG_TIME: Duration = Duration::from_secs(20);

/// Puzzles per kind.
pub const PER_KIND: usize = 3;

/// One kind of corpus puzzle: its name, the random constraints (kind and
/// how many), the boolean keys and negative kinds, the houses.
struct Spec {
    name: &'static str,
    clues: &'static [(Kind, usize)],
    flags: &'static [&'static str],
    negative: &'static [&'static str],
    houses: Houses,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Houses {
    Boxes,
    DiagonalPlus,
    DiagonalMinus,
    Disjoint,
    ExtraRegion,
    Jigsaw,
}

const fn spec(name: &'static str, clues: &'static [(Kind, usize)]) -> Spec {
    Spec {
        name,
        clues,
        flags: &[],
        negative: &[],
        houses: Houses::Boxes,
    }
}

const fn houses(name: &'static str, houses: Houses) -> Spec {
    Spec {
        name,
        clues: &[],
        flags: &[],
        negative: &[],
        houses,
    }
}

const SPECS: &[Spec] = &[
    spec("killercage", &[(Kind::Cage, 14)]),
    spec("killercage-nototal", &[(Kind::CageNoTotal, 14)]),
    spec("arrow", &[(Kind::Arrow, 8), (Kind::Pill, 1)]),
    spec("littlekillersum", &[(Kind::LittleKiller, 10)]),
    spec("sandwichsum", &[(Kind::Sandwich, 10)]),
    spec("xsum", &[(Kind::XSum, 10)]),
    spec("regionsumline", &[(Kind::SumLine, 6)]),
    spec("quadruple", &[(Kind::Quadruple, 10)]),
    spec("difference", &[(Kind::Difference, 12)]),
    Spec {
        negative: &["difference"],
        ..spec("difference-negative", &[(Kind::NegDifference, 1)])
    },
    spec("ratio", &[(Kind::Ratio, 12)]),
    Spec {
        negative: &["ratio"],
        ..spec("ratio-negative", &[(Kind::NegRatio, 1)])
    },
    spec("xv", &[(Kind::Xv, 12)]),
    Spec {
        negative: &["xv"],
        ..spec("xv-negative", &[(Kind::NegXv, 1)])
    },
    Spec {
        flags: &["antiking"],
        ..spec("antiking", &[(Kind::AntiKing, 1)])
    },
    Spec {
        flags: &["antiknight"],
        ..spec("antiknight", &[(Kind::AntiKnight, 1)])
    },
    Spec {
        flags: &["nonconsecutive"],
        ..spec("nonconsecutive", &[(Kind::Nonconsecutive, 1)])
    },
    spec("thermometer", &[(Kind::Thermometer, 10)]),
    spec("whispers", &[(Kind::Whispers, 10)]),
    spec("renban", &[(Kind::Renban, 10)]),
    spec("palindrome", &[(Kind::Palindrome, 8)]),
    spec("betweenline", &[(Kind::Between, 8)]),
    spec("entropicline", &[(Kind::Entropic, 8)]),
    spec("odd", &[(Kind::Odd, 10)]),
    spec("even", &[(Kind::Even, 10)]),
    spec("minimum", &[(Kind::Minimum, 6)]),
    spec("maximum", &[(Kind::Maximum, 6)]),
    spec("clone", &[(Kind::Clone, 4)]),
    houses("diagonal+", Houses::DiagonalPlus),
    houses("diagonal-", Houses::DiagonalMinus),
    houses("disjointgroups", Houses::Disjoint),
    houses("extraregion", Houses::ExtraRegion),
    spec("extraregion-small", &[(Kind::Distinct, 3)]),
    houses("irregular", Houses::Jigsaw),
    spec("rowindexer", &[(Kind::RowIndexer, 8)]),
    spec("columnindexer", &[(Kind::ColumnIndexer, 8)]),
    spec("boxindexer", &[(Kind::BoxIndexer, 8)]),
    spec("skyscraper", &[(Kind::Skyscraper, 10)]),
    spec("lockout", &[(Kind::Lockout, 8)]),
    spec("modularline", &[(Kind::Modular, 8)]),
    spec("nabner", &[(Kind::Nabner, 8)]),
    spec("zipperline", &[(Kind::Zipper, 8)]),
    spec("doublearrow", &[(Kind::DoubleArrow, 8)]),
];

/// A corpus grid: its geometry, solution, regions as f-puzzles writes
/// them, boolean keys and extra regions.
struct Made {
    geometry: Arc<Geometry>,
    sol: Vec<u8>,
    regions: Regions,
    flags: Vec<&'static str>,
    extra: Vec<Vec<usize>>,
}

/// The geometry of `houses` with its solution and the f-puzzles pieces.
fn grid_for(houses: Houses, r: &mut SmallRng) -> Made {
    let n = 9;
    loop {
        let mut flags = Vec::new();
        let mut extra = Vec::new();
        let mut regions = Regions::Boxes;
        let g = match houses {
            Houses::Boxes => Geometry::classic(),
            Houses::DiagonalPlus => {
                flags.push("diagonal+");
                Geometry::classic()
                    .with_extra(Extra::House(
                        (0..n).map(|i| Cell::at(n - 1 - i, i, n)).collect(),
                    ))
                    .unwrap()
            }
            Houses::DiagonalMinus => {
                flags.push("diagonal-");
                Geometry::classic()
                    .with_extra(Extra::House((0..n).map(|i| Cell::at(i, i, n)).collect()))
                    .unwrap()
            }
            Houses::Disjoint => {
                flags.push("disjointgroups");
                let mut g = Geometry::classic();
                for p in 0..n {
                    let cells = (0..n)
                        .map(|b| Cell::at(b / 3 * 3 + p / 3, b % 3 * 3 + p % 3, n))
                        .collect();
                    g = g.with_extra(Extra::House(cells)).unwrap();
                }
                g
            }
            Houses::ExtraRegion => {
                // Made after the solution: one cell of each digit.
                Geometry::classic()
            }
            Houses::Jigsaw => {
                let g = random_jigsaw(r, 200);
                regions = Regions::Jigsaw(g.regions().collect());
                g
            }
        };
        let g = Arc::new(g);
        let Some(sol) = random_solution(&g, r) else {
            continue;
        };
        let sol = sol.to_values();
        if houses == Houses::ExtraRegion {
            // A connected region would be nicer; any nine cells of distinct
            // digits outside one box is what the rule needs.
            let mut cells = Vec::new();
            for d in 1..=n as u8 {
                let of: Vec<usize> = (0..n * n).filter(|&i| sol[i] == d).collect();
                cells.push(*of.choose(r).unwrap());
            }
            cells.sort_unstable();
            let g = Geometry::classic()
                .with_extra(Extra::House(
                    cells.iter().map(|&i| Cell(i as u32)).collect(),
                ))
                .unwrap();
            extra.push(cells);
            return Made {
                geometry: Arc::new(g),
                sol,
                regions,
                flags,
                extra,
            };
        }
        return Made {
            geometry: g,
            sol,
            regions,
            flags,
            extra,
        };
    }
}

/// Kinds that constrain the whole grid: the solution is made with them.
const GLOBAL: &[Kind] = &[Kind::AntiKing, Kind::AntiKnight, Kind::Nonconsecutive];

/// A random solution of `geometry` under `rules`: a few random givens, then
/// the engine's first solution (tries again when they allow none).
fn solution_with(geometry: &Arc<Geometry>, rules: &[Constraint], r: &mut SmallRng) -> Vec<u8> {
    let n = geometry.size();
    let mut engine = Variant::new();
    engine.set_budget(Budget::UNLIMITED.with_max_nodes(50_000));
    loop {
        let mut givens = vec![0u8; n * n];
        for _ in 0..4 {
            givens[r.gen_range(0..n * n)] = r.gen_range(1..=n as u8);
        }
        let p = Puzzle::new(geometry.clone(), Grid::from_values(n, &givens).unwrap())
            .unwrap()
            .with_constraints(rules.to_vec())
            .unwrap();
        if let Some(g) = engine.solve(&p, 1).unwrap().first {
            return g.to_values();
        }
    }
}

/// Whether `puzzle` has exactly one solution, as far as `engine` proves
/// within its budget (`None`: ran out).
fn unique(engine: &mut Variant, puzzle: &Puzzle) -> Option<bool> {
    let s = engine.solve(puzzle, 2).unwrap();
    if s.count >= 2 {
        Some(false)
    } else if s.complete {
        Some(s.count == 1)
    } else {
        None
    }
}

/// One corpus puzzle of `spec`, from `seed`.
fn make(spec: &Spec, k: usize, seed: u64) -> Entry {
    let n = 9;
    let mut r = rng(seed);
    let Made {
        geometry,
        mut sol,
        regions,
        mut flags,
        extra: extra_regions,
    } = grid_for(spec.houses, &mut r);
    flags.extend(spec.flags);
    let mut constraints: Vec<Constraint> = Vec::new();
    // A rule over the whole grid (anti-king …) needs a grid made with it.
    let global: Vec<Constraint> = spec
        .clues
        .iter()
        .filter(|(kind, _)| GLOBAL.contains(kind))
        .flat_map(|&(kind, _)| build(kind, n, None, &mut r))
        .collect();
    if !global.is_empty() {
        sol = solution_with(&geometry, &global, &mut r);
        constraints.extend(global);
    }
    for &(kind, count) in spec.clues.iter().filter(|(k, _)| !GLOBAL.contains(k)) {
        let mut made = 0;
        for _ in 0..count * 20 {
            if made == count {
                break;
            }
            let cs = build(kind, n, Some(&sol), &mut r);
            if cs
                .iter()
                .all(|c| c.check(&sol, n) && super::semantics::holds(c, &sol, n))
            {
                constraints.extend(cs);
                made += 1;
            }
        }
    }
    let puzzle_of = |givens: &[u8]| {
        Puzzle::new(geometry.clone(), Grid::from_values(n, givens).unwrap())
            .unwrap()
            .with_constraints(constraints.clone())
            .unwrap()
    };
    let mut engine = Variant::new();
    // A node budget per check keeps the output the same on every machine;
    // the clock only bounds the whole dig, for a kind whose checks all run
    // long.
    engine.set_budget(Budget::UNLIMITED.with_max_nodes(CHECK_NODES));
    let mut givens = sol.clone();
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(&mut r);
    let start = Instant::now();
    for i in order {
        if start.elapsed() > DIG_TIME {
            break;
        }
        let keep = givens[i];
        givens[i] = 0;
        if unique(&mut engine, &puzzle_of(&givens)) != Some(true) {
            givens[i] = keep;
        }
    }
    let puzzle = puzzle_of(&givens);
    engine.set_budget(Budget::UNLIMITED);
    let s = engine.solve(&puzzle, 2).unwrap();
    assert!(s.complete && s.count == 1, "{} {k}: not unique", spec.name);
    let first = s.first.unwrap();
    validate(&puzzle, &first).unwrap();
    assert_eq!(
        first.to_values(),
        sol,
        "{} {k}: another solution",
        spec.name
    );
    Entry {
        title: format!("sudokit corpus {} {k}", spec.name),
        n,
        regions,
        flags,
        negative: spec.negative.to_vec(),
        extra_regions,
        givens,
        solution: sol,
        constraints,
    }
}

/// The name of every corpus kind.
pub fn kind_names() -> Vec<&'static str> {
    SPECS.iter().map(|s| s.name).collect()
}

/// The corpus kinds to write (all, or those named in
/// `SUDOKIT_CORPUS_KINDS`, comma-separated, for a partial run).
fn wanted() -> Vec<&'static Spec> {
    let only = std::env::var("SUDOKIT_CORPUS_KINDS").ok();
    SPECS
        .iter()
        .filter(|s| {
            only.as_ref()
                .is_none_or(|o| o.split(',').any(|k| k == s.name))
        })
        .collect()
}

#[test]
#[ignore = "writes tests/data/variants/corpus.json"]
fn corpus_gen() {
    let mut lines = Vec::new();
    for spec in wanted() {
        for k in 1..=PER_KIND {
            let t = Instant::now();
            let seed = salt(spec.name) + k as u64;
            let e = make(spec, k, seed);
            let clues = e.givens.iter().filter(|&&v| v != 0).count();
            eprintln!(
                "{} {k}: {} constraints, {clues} givens, {:.1?}",
                spec.name,
                e.constraints.len(),
                t.elapsed()
            );
            lines.push(write(&e));
        }
    }
    let text = format!("[\n{}\n]\n", lines.join(",\n"));
    std::fs::create_dir_all("tests/data/variants").unwrap();
    std::fs::write(PATH, text).unwrap();
}

/// A per-kind salt, so a kind keeps its seeds when others are added.
fn salt(name: &str) -> u64 {
    name.bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
        % 1_000_000
        * 1000
}
