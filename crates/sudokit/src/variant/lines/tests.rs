//! Line rules against the slow reference: pruning is sound (and exact where
//! the propagator claims it), agrees with `check` on full assignments, and
//! the pairs of pairwise rules mean the same as `check`.

use super::*;
use crate::variant::{entropic_class, prune_by_enumeration, Constraint};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Distinct random cells of an `n`x`n` grid.
pub(crate) fn random_cells(rng: &mut ChaCha8Rng, n: usize, len: usize) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    while out.len() < len {
        let c = Cell(rng.gen_range(0..(n * n) as u32));
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// Random non-empty masks on every cell of the grid, each value kept with
/// probability `keep`.
pub(crate) fn random_masks(rng: &mut ChaCha8Rng, n: usize, keep: f64) -> Vec<Mask> {
    (0..n * n)
        .map(|_| loop {
            let mut m = 0;
            for v in 1..=n as u32 {
                if rng.gen_bool(keep) {
                    m |= bit(v);
                }
            }
            if m != 0 {
                break m;
            }
        })
        .collect()
}

/// Prunes `masks` with the rule and with the reference; the rule must keep
/// every value the reference keeps (and exactly those when `exact`).
pub(crate) fn assert_sound(rule: &Constraint, masks: &[Mask], n: usize, exact: bool) {
    let cells = rule.cells(n);
    let mut fast = masks.to_vec();
    let mut slow = masks.to_vec();
    let mut grid = vec![1u8; n * n];
    let reference = prune_by_enumeration(&cells, &mut slow, u64::MAX, |vs| {
        for (c, &v) in cells.iter().zip(vs) {
            grid[c.index()] = v as u8;
        }
        rule.check(&grid, n)
    });
    let got = rule.prune(&mut fast, n);
    if reference.is_err() {
        return;
    }
    assert!(
        got.is_ok(),
        "{rule:?} n={n}: pruned to a contradiction; masks {masks:?}"
    );
    for &c in &cells {
        let (f, s) = (fast[c.index()], slow[c.index()]);
        assert_eq!(
            s & !f,
            0,
            "{rule:?} n={n}: cell {} lost {:b} (kept {f:b}, reference {s:b})",
            c.0,
            s & !f
        );
        if exact {
            assert_eq!(
                f, s,
                "{rule:?} n={n}: cell {} kept {f:b}, reference {s:b}",
                c.0
            );
        }
    }
}

/// Every assignment of `cells` (values `1..=n`), as a full grid of ones
/// elsewhere; stops after `limit`.
pub(crate) fn each_assignment(cells: &[Cell], n: usize, limit: usize, mut f: impl FnMut(&[u8])) {
    let mut grid = vec![1u8; n * n];
    let mut pick = vec![1u8; cells.len()];
    for _ in 0..limit {
        for (c, &v) in cells.iter().zip(&pick) {
            grid[c.index()] = v;
        }
        f(&grid);
        let mut i = 0;
        loop {
            if i == pick.len() {
                return;
            }
            pick[i] += 1;
            if usize::from(pick[i]) <= n {
                break;
            }
            pick[i] = 1;
            i += 1;
        }
    }
}

/// On full assignments prune fails exactly when check does, and (for
/// pairwise rules) the pairs hold exactly when check does.
pub(crate) fn assert_full_agree(rule: &Constraint, n: usize, limit: usize) {
    let cells = rule.cells(n);
    let pairs = rule.pairs(n);
    each_assignment(&cells, n, limit, |grid| {
        let ok = rule.check(grid, n);
        let mut masks: Vec<Mask> = grid.iter().map(|&v| bit(u32::from(v))).collect();
        assert_eq!(
            rule.prune(&mut masks, n).is_ok(),
            ok,
            "{rule:?} on {grid:?}"
        );
        if let Some(pairs) = &pairs {
            let held = pairs.iter().all(|&(a, b, r)| {
                r.holds(u32::from(grid[a.index()]), u32::from(grid[b.index()]), n)
                    && r.flip()
                        .holds(u32::from(grid[b.index()]), u32::from(grid[a.index()]), n)
            });
            assert_eq!(held, ok, "{rule:?} pairs on {grid:?}");
        }
    });
}

/// A random line rule of `len` cells on an `n`x`n` grid, and whether its
/// pruning is exact on distinct cells.
fn random_line(rng: &mut ChaCha8Rng, n: usize, len: usize) -> (Constraint, bool) {
    let line = random_cells(rng, n, len);
    match rng.gen_range(0..9) {
        0 => (Constraint::Thermometer(Thermometer { line }), true),
        1 => {
            let gap = rng.gen_range(1..n as u8);
            // Sometimes a closed loop (back to the first cell): pruning is
            // then sound but not exact.
            if len >= 3 && rng.gen_bool(0.2) {
                let mut line = line;
                line.push(line[0]);
                return (Constraint::Whispers(Whispers { line, gap }), false);
            }
            (Constraint::Whispers(Whispers { line, gap }), true)
        }
        2 => (Constraint::Renban(Renban { line }), false),
        3 => (Constraint::Palindrome(Palindrome { line }), true),
        4 => (Constraint::Between(Between { line }), true),
        5 => {
            let gap = rng.gen_range(0..n as u8);
            (Constraint::Lockout(Lockout { line, gap }), true)
        }
        6 => (Constraint::Entropic(Entropic { line }), true),
        7 => (Constraint::Modular(Modular { line }), true),
        _ => (Constraint::Nabner(Nabner { line }), false),
    }
}

#[test]
fn prune_keeps_what_the_reference_keeps() {
    let mut rng = ChaCha8Rng::seed_from_u64(32);
    for &(n, max_len, keep, rounds) in &[(4, 4, 0.7, 600), (6, 5, 0.55, 600), (9, 5, 0.45, 500)] {
        for _ in 0..rounds {
            let len = rng.gen_range(1..=max_len);
            let (rule, exact) = random_line(&mut rng, n, len);
            if len < 2 && matches!(rule, Constraint::Lockout(_)) {
                continue;
            }
            let masks = random_masks(&mut rng, n, keep);
            assert_sound(&rule, &masks, n, exact);
        }
    }
}

#[test]
fn prune_fails_on_full_assignments_exactly_when_check_does() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for &(n, max_len, rounds) in &[(4, 4, 60), (6, 4, 40), (9, 3, 40)] {
        for _ in 0..rounds {
            let len = rng.gen_range(2..=max_len);
            let (rule, _) = random_line(&mut rng, n, len);
            assert_full_agree(&rule, n, 5000);
        }
    }
}

fn cells9(list: &[(usize, usize)]) -> Vec<Cell> {
    list.iter().map(|&(r, c)| Cell::at(r, c, 9)).collect()
}

fn pruned(rule: &dyn Rule, n: usize, set: &[(Cell, Mask)]) -> Result<Vec<Mask>, Contradiction> {
    let mut masks = vec![full_mask(n); n * n];
    for &(c, m) in set {
        masks[c.index()] = m;
    }
    rule.prune(&mut masks, n).map(|_| masks)
}

#[test]
fn thermometer_of_three_keeps_one_to_seven_in_the_bulb() {
    let line = cells9(&[(0, 0), (0, 1), (0, 2)]);
    let t = Thermometer { line: line.clone() };
    let m = pruned(&t, 9, &[]).unwrap();
    assert_eq!(m[line[0].index()], 0b0_0111_1111);
    assert_eq!(m[line[1].index()], 0b0_1111_1110);
    assert_eq!(m[line[2].index()], 0b1_1111_1100);
    // A 5 in the middle: bulb 1-4, tip 6-9.
    let m = pruned(&t, 9, &[(line[1], bit(5))]).unwrap();
    assert_eq!(m[line[0].index()], 0b0_0000_1111);
    assert_eq!(m[line[2].index()], 0b1_1110_0000);
    assert!(pruned(
        &Thermometer {
            line: cells9(&[(0, 0); 10])
        },
        9,
        &[]
    )
    .is_err());
    assert!(t.validate(9).is_ok());
    let long = Thermometer {
        line: (0..10).map(|i| Cell::at(i / 9, i % 9, 9)).collect(),
    };
    assert!(matches!(
        long.validate(9),
        Err(RuleError::Impossible { .. })
    ));
}

#[test]
fn whispers_never_hold_a_five_and_neighbour_a_given_one() {
    let line = cells9(&[(0, 0), (0, 1), (0, 2)]);
    let w = Whispers {
        line: line.clone(),
        gap: 5,
    };
    let m = pruned(&w, 9, &[]).unwrap();
    for c in &line {
        assert_eq!(m[c.index()] & bit(5), 0);
    }
    // A 4 in the middle: its neighbours are 9.
    let m = pruned(&w, 9, &[(line[1], bit(4))]).unwrap();
    assert_eq!(m[line[0].index()], bit(9));
    assert_eq!(m[line[2].index()], bit(9));
    assert!(pruned(&w, 9, &[(line[1], bit(5))]).is_err());
    assert!(Whispers { line, gap: 9 }.validate(9).is_err());
}

#[test]
fn renban_nabner_and_friends_by_hand() {
    let line = cells9(&[(0, 0), (1, 0), (2, 0)]);
    // Renban with a 1 and a 3: the third cell is 2.
    let r = Renban { line: line.clone() };
    let m = pruned(&r, 9, &[(line[0], bit(1)), (line[1], bit(3))]).unwrap();
    assert_eq!(m[line[2].index()], bit(2));
    assert!(pruned(&r, 9, &[(line[0], bit(1)), (line[1], bit(4))]).is_err());
    // Nabner of five on 9x9: only odd digits.
    let five = cells9(&[(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]);
    let m = pruned(&Nabner { line: five.clone() }, 9, &[]).unwrap();
    for c in &five {
        assert_eq!(m[c.index()], 0b1_0101_0101);
    }
    assert!(Nabner {
        line: cells9(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)])
    }
    .validate(9)
    .is_err());
    // Between with ends 2 and 6: middle 3-5; ends 4 and 5: nothing fits.
    let b = Between { line: line.clone() };
    let m = pruned(&b, 9, &[(line[0], bit(6)), (line[2], bit(2))]).unwrap();
    assert_eq!(m[line[1].index()], 0b1_1100);
    assert!(pruned(&b, 9, &[(line[0], bit(4)), (line[2], bit(5))]).is_err());
    // Lockout (gap 4) with a 3 at one end: the other end is 7-9 and the
    // middle avoids 3..=that end.
    let l = Lockout {
        line: line.clone(),
        gap: 4,
    };
    let m = pruned(&l, 9, &[(line[0], bit(3))]).unwrap();
    assert_eq!(m[line[2].index()], 0b1_1100_0000);
    assert_eq!(m[line[1].index()], 0b1_1000_0011);
    // Entropic with a low and a middle digit: the third is high; a fourth
    // cell would be low again.
    let four = cells9(&[(0, 0), (0, 1), (0, 2), (0, 3)]);
    let e = Entropic { line: four.clone() };
    let m = pruned(&e, 9, &[(four[0], bit(2)), (four[1], bit(5))]).unwrap();
    assert_eq!(m[four[2].index()], 0b1_1100_0000);
    assert_eq!(m[four[3].index()], 0b0_0000_0111);
    let md = Modular { line: four.clone() };
    let m = pruned(&md, 9, &[(four[0], bit(2)), (four[1], bit(6))]).unwrap();
    assert_eq!(m[four[2].index()], bit(1) | bit(4) | bit(7));
    assert_eq!(m[four[3].index()], bit(2) | bit(5) | bit(8));
    // Palindrome: mirrored cells share candidates.
    let p = Palindrome { line: line.clone() };
    let m = pruned(&p, 9, &[(line[0], 0b11), (line[2], 0b110)]).unwrap();
    assert_eq!((m[line[0].index()], m[line[2].index()]), (0b10, 0b10));
}

#[test]
fn entropic_classes_are_symmetric() {
    let classes = |n: usize| {
        (1..=n as u32)
            .map(|v| entropic_class(v, n))
            .collect::<Vec<_>>()
    };
    assert_eq!(classes(9), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
    assert_eq!(classes(4), [0, 1, 1, 2]);
    assert_eq!(classes(5), [0, 0, 1, 2, 2]);
    assert_eq!(classes(8), [0, 0, 0, 1, 1, 2, 2, 2]);
    assert_eq!(classes(6), [0, 0, 1, 1, 2, 2]);
    assert!(Entropic {
        line: vec![Cell(0)]
    }
    .validate(2)
    .is_err());
    assert!(Lockout {
        line: vec![Cell(0)],
        gap: 4
    }
    .validate(9)
    .is_err());
    assert!(Between {
        line: vec![Cell(0), Cell(100)]
    }
    .validate(9)
    .is_err());
}
