//! Outside clues and indexers against the slow reference.

use super::*;
use crate::variant::lines::tests::{assert_full_agree, assert_sound, random_masks};
use crate::variant::{Constraint, Indexer, IndexerKind, Skyscraper};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const NOWHERE: Outside = Outside { row: -1, column: 0 };

/// A random row or column, in a random direction.
fn random_line(rng: &mut ChaCha8Rng, n: usize) -> Vec<Cell> {
    let k = rng.gen_range(0..n);
    let mut cells: Vec<Cell> = if rng.gen_bool(0.5) {
        (0..n).map(|i| Cell::at(k, i, n)).collect()
    } else {
        (0..n).map(|i| Cell::at(i, k, n)).collect()
    };
    if rng.gen_bool(0.5) {
        cells.reverse();
    }
    cells
}

/// A random outside clue or indexer on an `n`x`n` grid (totals drawn
/// around the likely range, possible or not).
fn random_rule(rng: &mut ChaCha8Rng, n: usize) -> Constraint {
    let cells = random_line(rng, n);
    let total = (n * (n + 1) / 2) as u32;
    match rng.gen_range(0..4) {
        0 => Constraint::Sandwich(Sandwich {
            clue: NOWHERE,
            cells,
            sum: rng.gen_range(0..total - n as u32),
        }),
        1 => Constraint::XSum(XSum {
            clue: NOWHERE,
            cells,
            sum: rng.gen_range(1..=total),
        }),
        2 => Constraint::Skyscraper(Skyscraper {
            clue: NOWHERE,
            cells,
            visible: rng.gen_range(1..=n as u32),
        }),
        _ => {
            let kind =
                [IndexerKind::Row, IndexerKind::Column, IndexerKind::Box][rng.gen_range(0..3)];
            let cell = *cells.choose(rng).unwrap();
            Constraint::Indexer(Indexer {
                cell,
                kind,
                house: cells,
            })
        }
    }
}

fn product(rule: &Constraint, masks: &[Mask], n: usize) -> u64 {
    rule.cells(n)
        .iter()
        .map(|c| u64::from(masks[c.index()].count_ones()))
        .product()
}

#[test]
fn prune_keeps_what_the_reference_keeps() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for &(n, keep, rounds) in &[(4, 0.75, 400), (6, 0.5, 300), (9, 0.3, 150)] {
        let mut tried = 0;
        while tried < rounds {
            let rule = random_rule(&mut rng, n);
            let masks = random_masks(&mut rng, n, keep);
            if product(&rule, &masks, n) > 60_000 {
                continue;
            }
            tried += 1;
            let exact = matches!(rule, Constraint::Indexer(_));
            assert_sound(&rule, &masks, n, exact);
        }
    }
}

#[test]
fn prune_fails_on_full_assignments_exactly_when_check_does() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..24 {
        assert_full_agree(&random_rule(&mut rng, 4), 4, 300);
    }
    // Larger rows: random permutations (where clues hold) and random fills.
    for n in [6, 9] {
        for _ in 0..300 {
            let rule = random_rule(&mut rng, n);
            let mut grid = vec![1u8; n * n];
            let mut digits: Vec<u8> = (1..=n as u8).collect();
            digits.shuffle(&mut rng);
            let repeat = rng.gen_bool(0.2);
            for (i, c) in rule.cells(n).iter().enumerate() {
                grid[c.index()] = if repeat {
                    rng.gen_range(1..=n as u8)
                } else {
                    digits[i % n]
                };
            }
            let mut masks: Vec<Mask> = grid.iter().map(|&v| bit(u32::from(v))).collect();
            assert_eq!(
                rule.prune(&mut masks, n).is_ok(),
                rule.check(&grid, n),
                "{rule:?} on {grid:?}"
            );
        }
    }
}

fn row9() -> Vec<Cell> {
    (0..9).map(|c| Cell::at(0, c, 9)).collect()
}

fn prune_row(rule: &dyn Rule, set: &[(usize, Mask)]) -> Result<Vec<Mask>, Contradiction> {
    let mut masks = vec![full_mask(9); 81];
    for &(i, m) in set {
        masks[i] = m;
    }
    rule.prune(&mut masks, 9).map(|_| masks[..9].to_vec())
}

#[test]
fn sandwiches_by_hand() {
    let s = |sum| Sandwich {
        clue: NOWHERE,
        cells: row9(),
        sum,
    };
    // 35: the crusts at both ends.
    let m = prune_row(&s(35), &[]).unwrap();
    assert_eq!((m[0], m[8]), (bit(1) | bit(9), bit(1) | bit(9)));
    assert!(m[1..8].iter().all(|&x| x == 0b0_1111_1110));
    // 0 with a 1 in the third cell: the 9 beside it.
    let m = prune_row(&s(0), &[(2, bit(1))]).unwrap();
    assert_eq!(
        (m[1], m[3]),
        (bit(9) | 0b0_1111_1110, bit(9) | 0b0_1111_1110)
    );
    assert!(m[0] & bit(9) == 0 && m[5] & bit(9) == 0);
    // 2 with the 1 first: the 2 then the 9.
    let m = prune_row(&s(2), &[(0, bit(1))]).unwrap();
    assert_eq!((m[1], m[2]), (bit(2), bit(9)));
    assert!(s(1).validate(9).is_err() && s(34).validate(9).is_err() && s(36).validate(9).is_err());
    assert!(s(33).validate(9).is_ok() && s(0).validate(9).is_ok());
}

#[test]
fn x_sums_and_skyscrapers_by_hand() {
    let x = |sum| XSum {
        clue: NOWHERE,
        cells: row9(),
        sum,
    };
    assert_eq!(prune_row(&x(1), &[]).unwrap()[0], bit(1));
    assert_eq!(prune_row(&x(45), &[]).unwrap()[0], bit(9));
    // 3: a 2 and a 1.
    let m = prune_row(&x(3), &[]).unwrap();
    assert_eq!((m[0], m[1]), (bit(2), bit(1)));
    assert!(x(2).validate(9).is_err() && x(4).validate(9).is_err() && x(46).validate(9).is_err());
    assert!(x(5).validate(9).is_ok());
    let sky = |visible| Skyscraper {
        clue: NOWHERE,
        cells: row9(),
        visible,
    };
    assert_eq!(prune_row(&sky(1), &[]).unwrap()[0], bit(9));
    let m = prune_row(&sky(9), &[]).unwrap();
    assert!(m.iter().enumerate().all(|(i, &x)| x == bit(i as u32 + 1)));
    // 2 visible: the first cell is not 9; with a 9 in the fourth cell the
    // cells before it descend from the first.
    let m = prune_row(&sky(2), &[(3, bit(9))]).unwrap();
    assert_eq!(m[0] & bit(9), 0);
    assert_eq!(m[0] & bit(1), 0);
    assert!(sky(0).validate(9).is_err() && sky(10).validate(9).is_err());
}

#[test]
fn indexers_by_hand() {
    // Row indexer at r2c1 (0-based (1, 0)): its column, top to bottom.
    let column: Vec<Cell> = (0..9).map(|r| Cell::at(r, 0, 9)).collect();
    let ix = Indexer {
        cell: Cell::at(1, 0, 9),
        kind: IndexerKind::Row,
        house: column.clone(),
    };
    let mut masks = vec![full_mask(9); 81];
    masks[ix.cell.index()] = bit(5);
    ix.prune(&mut masks, 9).unwrap();
    assert_eq!(masks[Cell::at(4, 0, 9).index()], bit(2));
    // No cell of the column but the indexer may hold a 2: it points at itself.
    let mut masks = vec![full_mask(9) & !bit(2); 81];
    masks[ix.cell.index()] = full_mask(9);
    ix.prune(&mut masks, 9).unwrap();
    assert_eq!(masks[ix.cell.index()], bit(2));
    let mut grid = vec![1u8; 81];
    grid[ix.cell.index()] = 5;
    grid[Cell::at(4, 0, 9).index()] = 2;
    assert!(ix.check(&grid, 9));
    grid[Cell::at(4, 0, 9).index()] = 3;
    assert!(!ix.check(&grid, 9));
    assert!(Indexer {
        cell: Cell(1),
        kind: IndexerKind::Column,
        house: column
    }
    .validate(9)
    .is_err());
}
