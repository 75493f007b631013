use std::sync::Arc;

use super::*;
use crate::card::Band;
use crate::generate::Shape;
use crate::variant::Rule;
use crate::{Engine, Geometry};

fn shape(n: usize) -> Shape {
    Shape::Fixed(Geometry::shared_square(n).unwrap())
}

/// Makes a puzzle and checks it independently: every rule holds of the
/// solution, the engine counts one solution, the card solves it.
fn made(spec: VariantSpec, seed: u64) -> MadeVariant {
    let mut g = VariantGenerator::new(spec).unwrap();
    let m = g
        .generate(seed)
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let n = m.puzzle.size();
    let values = m.solution.to_values();
    for c in m.puzzle.constraints() {
        assert!(c.check(&values, n), "{c:?} does not hold of the solution");
    }
    let count = Auto::new().solve(&m.puzzle, 2).unwrap();
    assert_eq!(count.count, 1);
    assert_eq!(count.first.as_ref(), Some(&m.solution));
    assert!(m.card.solved);
    m
}

/// The card's checks find no rule the puzzle does not need.
fn assert_every_rule_needed(m: &MadeVariant) {
    assert!(
        m.card
            .checks
            .iter()
            .all(|c| c.kind != CheckKind::UnusedRule),
        "{:?}",
        m.card.checks
    );
}

#[test]
fn a_tiled_killer_has_no_givens_and_cages_of_the_asked_sizes() {
    let mut spec = VariantSpec::new(shape(6));
    spec.killer = Some(Killer::tiled(6));
    for seed in 0..3 {
        let m = made(spec.clone(), seed);
        assert_eq!(m.puzzle.givens().filled(), 0);
        let cells: usize = m
            .puzzle
            .constraints()
            .iter()
            .map(|c| c.cells(6).len())
            .sum();
        assert_eq!(cells, 36, "the cages tile the grid");
        assert_every_rule_needed(&m);
    }
}

#[test]
fn lines_of_every_kind_are_all_needed() {
    for kind in [
        LineKind::Thermo,
        LineKind::Arrow,
        LineKind::Whispers,
        LineKind::Renban,
        LineKind::Between,
        LineKind::Palindrome,
    ] {
        let mut spec = VariantSpec::new(shape(6));
        spec.lines = vec![(kind, 2)];
        let m = made(spec, 1);
        assert_eq!(m.puzzle.constraints().len(), 2, "{kind:?}");
        assert_every_rule_needed(&m);
    }
}

#[test]
fn marks_full_and_minimal() {
    for amount in [Amount::Full, Amount::Min] {
        let mut spec = VariantSpec::new(shape(6));
        spec.kropki = Some(amount);
        made(spec.clone(), 2);
        spec.kropki = None;
        spec.xv = Some(amount);
        made(spec, 3);
    }
}

#[test]
fn the_band_asked_is_the_band_made() {
    let mut spec = VariantSpec::new(shape(9));
    spec.killer = Some(Killer::tiled(9));
    spec.bands = Some((Band::Medium, Band::Hard));
    let m = made(spec, 5);
    assert!((Band::Medium..=Band::Hard).contains(&m.card.band));
}

#[test]
fn a_seed_gives_the_same_puzzle() {
    let mut spec = VariantSpec::new(shape(6));
    spec.sandwich = true;
    spec.globals = vec![Global::AntiKnight];
    let a = made(spec.clone(), 9);
    let b = made(spec, 9);
    assert_eq!(a.puzzle, b.puzzle);
    let _ = Arc::clone(a.puzzle.geometry());
}
