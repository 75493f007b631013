//! The difficulty card: every puzzle of the committed variant corpus gets
//! one (a stuck path: Extreme with the guess check, no number), and the
//! setter's checks are proved by counting again with the variant engine —
//! each rule reported unused is removed and the puzzle still counts 1; each
//! rule not reported, removed, gives two solutions or more. The same for
//! redundant givens and unused cage totals.

use serde_json::Value;
use sudokit::card::{card, Band, CardOptions, CheckKind};
use sudokit::engine::Variant;
use sudokit::format::fpuzzles;
use sudokit::variant::Constraint;
use sudokit::{Engine, Grid, Puzzle};

use crate::common::full_scale;

/// Solutions of `p` up to two, exactly.
fn count(p: &Puzzle) -> u64 {
    let s = Variant::new()
        .solve(p, 2)
        .expect("the variant engine takes it");
    assert!(s.complete || s.count >= 2);
    s.count
}

fn without_rule(p: &Puzzle, i: usize) -> Puzzle {
    let mut rules = p.constraints().to_vec();
    rules.remove(i);
    p.clone().with_constraints(rules).unwrap()
}

fn without_total(p: &Puzzle, i: usize) -> Puzzle {
    let mut rules = p.constraints().to_vec();
    let Constraint::Cage(c) = &mut rules[i] else {
        panic!("rule {i} is not a cage")
    };
    c.sum = None;
    p.clone().with_constraints(rules).unwrap()
}

fn without_given(p: &Puzzle, cell: usize) -> Puzzle {
    let mut values = p.givens().to_values();
    values[cell] = 0;
    let g = Grid::from_values(p.size(), &values).unwrap();
    Puzzle::new(p.geometry().clone(), g)
        .unwrap()
        .with_constraints(p.constraints().to_vec())
        .unwrap()
}

#[test]
fn every_corpus_puzzle_gets_a_card_and_its_checks_hold() {
    let all: Value = serde_json::from_str(include_str!("data/variants/corpus.json")).unwrap();
    let entries = all.as_array().unwrap();
    // Every puzzle's card; the checks proved on every third (all at full
    // scale): they count once per rule and per given.
    let step = if full_scale() { 1 } else { 4 };
    let (mut unused, mut needed) = (0, 0);
    // Whether the cages cover every cell once, counted here on its own.
    let tiling = |p: &Puzzle| {
        let n = p.size();
        let mut cover = vec![0u32; n * n];
        for c in p.constraints() {
            if let Constraint::Cage(k) = c {
                for cell in &k.cells {
                    cover[cell.index()] += 1;
                }
            }
        }
        cover.iter().all(|&k| k == 1)
    };
    for (k, e) in entries.iter().enumerate() {
        let name = e["title"].as_str().unwrap();
        let p = fpuzzles::puzzle(e).unwrap();
        let prove = k % step == 0;
        let options = CardOptions {
            checks: prove,
            ..CardOptions::default()
        };
        let c = card(&p, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
        if c.solved {
            assert!(!c.contents.is_empty(), "{name}");
            let d = c.difficulty.unwrap();
            assert_eq!(c.band, Band::of(c.contents[0].difficulty), "{name}");
            assert!(d >= c.contents[0].difficulty.value(), "{name}");
            assert!(
                c.minutes.unwrap() > 0.0 && c.minutes_p80 > c.minutes,
                "{name}"
            );
            assert!(
                !c.checks.iter().any(|x| x.kind == CheckKind::Guess),
                "{name}"
            );
        } else {
            assert_eq!(c.band, Band::Extreme, "{name}");
            assert!(c.difficulty.is_none() && c.minutes.is_none(), "{name}");
            assert!(
                c.checks.iter().any(|x| x.kind == CheckKind::Guess),
                "{name}"
            );
        }
        if !prove {
            continue;
        }
        assert!(c.checks_complete, "{name}");
        let tiled = tiling(&p);
        for i in 0..p.constraints().len() {
            // The cages of a tiling are one rule, and a mark under a
            // negative rule cannot simply go: the checks skip them.
            let negative = match &p.constraints()[i] {
                Constraint::Pair(pair) => p.constraints().iter().any(|r| {
                    matches!(r, Constraint::Neighbours(nb) if nb.except.iter().any(|e| {
                        let mut e = *e;
                        e.sort();
                        let mut q = pair.cells;
                        q.sort();
                        e == q
                    }))
                }),
                _ => false,
            };
            if negative || (tiled && matches!(p.constraints()[i], Constraint::Cage(_))) {
                assert!(
                    c.checks.iter().all(|x| x.constraint != Some(i)),
                    "{name}: rule {i} (a tiling's cage or a mark under a negative rule) reported"
                );
                continue;
            }
            let reported = c
                .checks
                .iter()
                .any(|x| x.kind == CheckKind::UnusedRule && x.constraint == Some(i));
            let n = count(&without_rule(&p, i));
            if reported {
                assert_eq!(n, 1, "{name}: rule {i} reported unused");
                unused += 1;
            } else {
                assert!(
                    n >= 2,
                    "{name}: rule {i} not reported, but the puzzle is unique without it"
                );
                needed += 1;
            }
            if let Constraint::Cage(cage) = &p.constraints()[i] {
                if cage.sum.is_some() && !reported {
                    let total = c
                        .checks
                        .iter()
                        .any(|x| x.kind == CheckKind::UnusedTotal && x.constraint == Some(i));
                    let n = count(&without_total(&p, i));
                    assert_eq!(total, n == 1, "{name}: the total of cage {i}");
                }
            }
        }
        let values = p.givens().to_values();
        for (cell, &v) in values.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let reported = c
                .checks
                .iter()
                .any(|x| x.kind == CheckKind::RedundantGiven && x.cells == [cell]);
            let n = count(&without_given(&p, cell));
            assert_eq!(reported, n == 1, "{name}: given at {cell}");
        }
    }
    eprintln!("card checks proved: {unused} rules unused, {needed} needed");
    assert!(unused > 0 && needed > 0);
}

#[test]
fn the_setter_corpus_gets_a_card_for_every_puzzle() {
    let Some(all) = crate::datasets::setter_corpus("the setter corpus") else {
        return;
    };
    let mut bands = [0usize; 6];
    for e in &all {
        let name = e["title"].as_str().unwrap();
        let (p, _) = match &e["puzzle"] {
            Value::String(s) => fpuzzles::parse(s).unwrap(),
            other => fpuzzles::parse(&other.to_string()).unwrap(),
        };
        let options = CardOptions {
            checks: false,
            ..CardOptions::default()
        };
        let c = card(&p, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(c.solved, c.difficulty.is_some(), "{name}");
        bands[c.band as usize] += 1;
    }
    eprintln!("setter corpus bands (Very Easy .. Extreme): {bands:?}");
    assert_eq!(bands.iter().sum::<usize>(), 85);
}
