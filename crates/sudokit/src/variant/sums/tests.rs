//! The sum rules against the slow exact reference
//! ([`prune_by_enumeration`] with each rule's own validator), on fully
//! assigned cells, and on hand examples.

use super::super::{
    bit, full_mask, prune_by_enumeration, Constraint, Contradiction, Mask, Outside, Rule, RuleError,
};
use super::bits::{Bits, Wide};
use super::{Arrow, Cage, DoubleArrow, LittleKiller, Quadruple, SumLine, Zipper};
use crate::digits::Cell;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Above this many assignments the reference is skipped.
const CAP: u64 = 20_000;

fn cells(list: &[usize]) -> Vec<Cell> {
    list.iter().map(|&i| Cell(i as u32)).collect()
}

fn mask_of(values: &[u32]) -> Mask {
    values.iter().fold(0, |m, &v| m | bit(v))
}

/// `count` cells of an `n`x`n` grid, distinct unless `repeats`.
fn random_cells(rng: &mut ChaCha8Rng, n: usize, count: usize, repeats: bool) -> Vec<Cell> {
    if repeats {
        (0..count)
            .map(|_| Cell(rng.gen_range(0..n * n) as u32))
            .collect()
    } else {
        let mut all: Vec<usize> = (0..n * n).collect();
        all.shuffle(rng);
        cells(&all[..count.min(n * n)])
    }
}

/// A random total of `count` digits, distinct (a cage) or not; now and then
/// any number in range, which may be impossible.
fn random_total(rng: &mut ChaCha8Rng, n: usize, count: usize, distinct: bool) -> u32 {
    if rng.gen_bool(0.2) {
        return rng.gen_range(1..=(n * count + 1) as u32);
    }
    let mut digits: Vec<u32> = (1..=n as u32).collect();
    digits.shuffle(rng);
    (0..count)
        .map(|i| {
            if distinct {
                digits[i % n]
            } else {
                rng.gen_range(1..=n as u32)
            }
        })
        .sum()
}

/// A random rule of kind `kind` (0..7) on a grid of side `n`; `exact` asks
/// for distinct cells (then every rule but a cage without a total prunes
/// exactly).
fn random_rule(rng: &mut ChaCha8Rng, kind: usize, n: usize, exact: bool) -> Constraint {
    let repeats = !exact && rng.gen_bool(0.3);
    match kind {
        0 => {
            let k = rng.gen_range(1..=n.min(6));
            let cells = random_cells(rng, n, k, repeats);
            let sum = (exact || rng.gen_bool(0.7)).then(|| random_total(rng, n, k, true));
            Constraint::Cage(Cage { cells, sum })
        }
        1 => {
            let pill = if rng.gen_bool(0.7) {
                1
            } else {
                rng.gen_range(2..=3)
            };
            let len = rng.gen_range(1..=5);
            let all = random_cells(rng, n, pill + len, repeats);
            Constraint::Arrow(Arrow {
                circle: all[..pill].to_vec(),
                line: all[pill..].to_vec(),
            })
        }
        2 => {
            let len = rng.gen_range(1..=6);
            Constraint::DoubleArrow(DoubleArrow {
                line: random_cells(rng, n, len, repeats),
            })
        }
        3 => {
            let len = rng.gen_range(1..=n.min(6));
            let sum = random_total(rng, n, len, false);
            Constraint::LittleKiller(LittleKiller {
                clue: Outside { row: -1, column: 0 },
                cells: random_cells(rng, n, len, repeats),
                sum,
            })
        }
        4 => {
            let len = rng.gen_range(1..=7);
            let line = random_cells(rng, n, len, repeats);
            let mut segments = Vec::new();
            let mut start = 0;
            while start < line.len() {
                let end = rng.gen_range(start + 1..=line.len());
                segments.push(line[start..end].to_vec());
                start = end;
            }
            Constraint::SumLine(SumLine { line, segments })
        }
        5 => {
            let len = rng.gen_range(1..=7);
            Constraint::Zipper(Zipper {
                line: random_cells(rng, n, len, repeats),
            })
        }
        _ => {
            let k = rng.gen_range(1..=5);
            let count = rng.gen_range(0..=k);
            let digits = (0..count).map(|_| rng.gen_range(1..=n as u8)).collect();
            Constraint::Quadruple(Quadruple {
                cells: random_cells(rng, n, k, false),
                digits,
            })
        }
    }
}

/// Random non-empty masks for every cell, about `density` of the digits.
fn random_masks(rng: &mut ChaCha8Rng, n: usize, density: f64) -> Vec<Mask> {
    (0..n * n)
        .map(|_| loop {
            let m = (1..=n as u32)
                .filter(|_| rng.gen_bool(density))
                .fold(0, |m, v| m | bit(v));
            if m != 0 {
                break m;
            }
        })
        .collect()
}

/// The exact pruning by enumeration with the rule's own validator, or
/// `None` when there are too many assignments.
fn reference(
    rule: &Constraint,
    masks: &[Mask],
    n: usize,
) -> Option<Result<Vec<Mask>, Contradiction>> {
    let list = rule.cells(n);
    let product = {
        let mut d = list.clone();
        d.sort_unstable();
        d.dedup();
        d.iter()
            .map(|c| u64::from(masks[c.index()].count_ones()))
            .product::<u64>()
    };
    if product > CAP {
        return None;
    }
    let mut out = masks.to_vec();
    let mut values = vec![1u8; n * n];
    let result = prune_by_enumeration(&list, &mut out, CAP, |a| {
        for (c, &v) in list.iter().zip(a) {
            values[c.index()] = v as u8;
        }
        rule.check(&values, n)
    });
    Some(result.map(|_| out))
}

/// Prune never removes what the reference keeps, and says contradiction
/// only when the reference does; with `exact`, they agree.
fn compare(seed: u64, exact: bool) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tested = [0usize; 7];
    for round in 0..4200 {
        let kind = round % 7;
        let n = [4, 6, 9][rng.gen_range(0..3)];
        let rule = random_rule(&mut rng, kind, n, exact);
        let density = rng.gen_range(0.25..0.9);
        let masks = random_masks(&mut rng, n, density);
        let Some(want) = reference(&rule, &masks, n) else {
            continue;
        };
        tested[kind] += 1;
        let mut got = masks.clone();
        let result = rule.prune(&mut got, n);
        let context = || {
            format!(
                "{rule:?} masks {:?}",
                rule.cells(n)
                    .iter()
                    .map(|c| masks[c.index()])
                    .collect::<Vec<_>>()
            )
        };
        match (&want, result) {
            (Ok(want), Ok(changed)) => {
                for i in 0..n * n {
                    assert_eq!(
                        got[i] & want[i],
                        want[i],
                        "lost a digit at {i}: {}",
                        context()
                    );
                    if exact
                        && !(kind == 0 && matches!(&rule, Constraint::Cage(c) if c.sum.is_none()))
                    {
                        assert_eq!(got[i], want[i], "kept a digit at {i}: {}", context());
                    }
                }
                assert_eq!(changed, got != masks, "{}", context());
            }
            (Ok(_), Err(Contradiction)) => panic!("false contradiction: {}", context()),
            (Err(Contradiction), Ok(_)) => assert!(!exact, "missed contradiction: {}", context()),
            (Err(Contradiction), Err(Contradiction)) => {}
        }
    }
    assert!(
        tested.iter().all(|&t| t >= 300),
        "too few instances: {tested:?}"
    );
}

#[test]
fn prune_is_exact_on_distinct_cells() {
    compare(1, true);
}

#[test]
fn prune_is_sound_with_repeated_cells_and_free_cages() {
    compare(2, false);
}

/// A random value from each cell's mask.
fn draw(rng: &mut ChaCha8Rng, masks: &[Mask]) -> Vec<u8> {
    masks
        .iter()
        .map(|&m| {
            let vs: Vec<u32> = super::super::values(m).collect();
            vs[rng.gen_range(0..vs.len())] as u8
        })
        .collect()
}

#[test]
fn assigned_cells_prune_fails_exactly_when_check_fails() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut pass, mut fail) = ([0usize; 7], [0usize; 7]);
    for round in 0..2800 {
        let kind = round % 7;
        let n = [4, 6, 9, 16][rng.gen_range(0..4)];
        let exact = rng.gen_bool(0.5);
        let rule = random_rule(&mut rng, kind, n, exact);
        let density = rng.gen_range(0.1..0.6);
        let masks = random_masks(&mut rng, n, density);
        // Digits drawn from the reference's pruned masks satisfy the rule
        // often, from the original masks seldom: both sides get tested.
        let pruned = match reference(&rule, &masks, n) {
            Some(Ok(pruned)) => pruned,
            _ => masks.clone(),
        };
        for from in [&pruned, &pruned, &masks] {
            let values = draw(&mut rng, from);
            let mut assigned: Vec<Mask> = values.iter().map(|&v| bit(u32::from(v))).collect();
            let before = assigned.clone();
            let ok = rule.check(&values, n);
            let result = rule.prune(&mut assigned, n);
            assert_eq!(result.is_ok(), ok, "{rule:?} on {values:?}");
            if ok {
                assert_eq!(assigned, before, "{rule:?}");
                pass[kind] += 1;
            } else {
                fail[kind] += 1;
            }
        }
    }
    assert!(
        pass.iter().chain(&fail).all(|&c| c >= 50),
        "pass {pass:?} fail {fail:?}"
    );
}

/// The masks of `cells` after pruning `rule` on a full grid of side `n`
/// whose listed cells start from the given masks.
fn pruned(rule: &dyn Rule, n: usize, start: &[(usize, Mask)]) -> Result<Vec<Mask>, Contradiction> {
    let mut masks = vec![full_mask(n); n * n];
    for &(c, m) in start {
        masks[c] = m;
    }
    rule.prune(&mut masks, n)?;
    Ok(rule.cells(n).iter().map(|c| masks[c.index()]).collect())
}

#[test]
fn cages_keep_the_digits_of_their_combinations() {
    let two = Cage {
        cells: cells(&[0, 1]),
        sum: Some(3),
    };
    assert_eq!(pruned(&two, 9, &[]), Ok(vec![mask_of(&[1, 2]); 2]));
    let three = Cage {
        cells: cells(&[0, 1, 2]),
        sum: Some(24),
    };
    assert_eq!(pruned(&three, 9, &[]), Ok(vec![mask_of(&[7, 8, 9]); 3]));
    // 10 in three cells: {1,2,7} {1,3,6} {1,4,5} {2,3,5}; with the first
    // cell 5, the others make 5 from {1,4} or {2,3}.
    let fixed = Cage {
        cells: cells(&[0, 1, 2]),
        sum: Some(10),
    };
    assert_eq!(
        pruned(&fixed, 9, &[(0, bit(5))]),
        Ok(vec![bit(5), mask_of(&[1, 2, 3, 4]), mask_of(&[1, 2, 3, 4])])
    );
    // 17 in two cells on 9x9 is 8+9: a cell that cannot be 9 is 8, the other 9.
    let pair = Cage {
        cells: cells(&[0, 1]),
        sum: Some(17),
    };
    assert_eq!(
        pruned(&pair, 9, &[(0, mask_of(&[1, 8]))]),
        Ok(vec![bit(8), bit(9)])
    );
    // Hall: two cells share {1,2}, so the third of a 1+2+6 cage is 6.
    let hall = Cage {
        cells: cells(&[0, 1, 2]),
        sum: Some(9),
    };
    assert_eq!(
        pruned(&hall, 9, &[(0, mask_of(&[1, 2])), (1, mask_of(&[1, 2]))]),
        Ok(vec![mask_of(&[1, 2]), mask_of(&[1, 2]), bit(6)])
    );
    // Without a total only the digits differ.
    let free = Cage {
        cells: cells(&[0, 1]),
        sum: None,
    };
    assert_eq!(
        pruned(&free, 4, &[(0, bit(3))]),
        Ok(vec![bit(3), mask_of(&[1, 2, 4])])
    );
    assert_eq!(pruned(&two, 9, &[(0, bit(3))]), Err(Contradiction));
}

#[test]
fn arrows_and_pills_read_their_circles() {
    let arrow = Arrow {
        circle: cells(&[0]),
        line: cells(&[1, 2]),
    };
    assert_eq!(
        pruned(&arrow, 9, &[(0, bit(3))]),
        Ok(vec![bit(3), mask_of(&[1, 2]), mask_of(&[1, 2])])
    );
    // A free circle loses 1, the line loses 9.
    assert_eq!(
        pruned(&arrow, 9, &[]),
        Ok(vec![full_mask(9) & !bit(1), full_mask(8), full_mask(8)])
    );
    // A pill of two over three cells of 1..=5 reads 11..=15: 1 then 1..=5.
    let pill = Arrow {
        circle: cells(&[0, 1]),
        line: cells(&[2, 3, 4]),
    };
    let low = mask_of(&[1, 2, 3, 4, 5]);
    let got = pruned(&pill, 9, &[(2, low), (3, low), (4, low)]).unwrap();
    assert_eq!(&got[..2], &[bit(1), low]);
    // Each line cell needs at least 11 - 5 - 5 = 1: nothing else goes.
    assert_eq!(&got[2..], &[low; 3]);
    // On 16x16 the pill 1|12 reads 112, not 22.
    let values = |circle: [u8; 2], line: &[u8]| {
        let mut v = vec![1u8; 256];
        v[0] = circle[0];
        v[1] = circle[1];
        for (i, &d) in line.iter().enumerate() {
            v[2 + i] = d;
        }
        v
    };
    let long = Arrow {
        circle: cells(&[0, 1]),
        line: cells(&(2..9).collect::<Vec<_>>()),
    };
    assert!(long.check(&values([1, 12], &[16; 7]), 16));
    assert!(!long.check(&values([1, 12], &[1, 1, 1, 1, 1, 1, 16]), 16));
    assert!(long.check(&values([2, 2], &[1, 1, 1, 1, 1, 1, 16]), 16));
    let got = pruned(&long, 16, &[(0, bit(1)), (1, bit(12))]).unwrap();
    assert_eq!(&got[2..], &[bit(16); 7]);
    // Nine cells (sums past 128, the wide sets) reading 1|4 = 14: each
    // line cell is at most 14 - 8 = 6.
    let wide = Arrow {
        circle: cells(&[0, 1]),
        line: cells(&(2..11).collect::<Vec<_>>()),
    };
    let got = pruned(&wide, 16, &[(0, bit(1)), (1, bit(4))]).unwrap();
    assert_eq!(&got[2..], &[full_mask(6); 9]);
}

#[test]
fn lines_share_their_sums() {
    // Zipper 1-?-5: the ends sum to the centre, so the centre is 6.
    let zipper = Zipper {
        line: cells(&[0, 1, 2]),
    };
    assert_eq!(
        pruned(&zipper, 9, &[(0, bit(1)), (2, bit(5))]),
        Ok(vec![bit(1), bit(6), bit(5)])
    );
    assert!(zipper.check(&[2, 9, 7, 0, 0, 0, 0, 0, 0], 3));
    assert!(!zipper.check(&[2, 8, 7, 0, 0, 0, 0, 0, 0], 3));
    let even = Zipper {
        line: cells(&[0, 1, 2, 3]),
    };
    assert!(even.check(&[1, 2, 2, 3], 2));
    assert!(!even.check(&[1, 4, 3, 3], 2));
    // Double arrow: ends 1 and 2 against two cells: both 1, or 1 and 2.
    let double = DoubleArrow {
        line: cells(&[0, 1, 2, 3]),
    };
    assert_eq!(
        pruned(&double, 9, &[(0, bit(1)), (3, bit(2))]),
        Ok(vec![bit(1), mask_of(&[1, 2]), mask_of(&[1, 2]), bit(2)])
    );
    // Two cells: no rule (as in the peer).
    assert!(DoubleArrow {
        line: cells(&[0, 1])
    }
    .check(&[3, 4, 0, 0], 2));
    // Region sum line: a single cell against two.
    let line = SumLine {
        line: cells(&[0, 1, 2]),
        segments: vec![cells(&[0]), cells(&[1, 2])],
    };
    assert_eq!(
        pruned(&line, 9, &[(1, bit(4)), (2, bit(5))]),
        Ok(vec![bit(9), bit(4), bit(5)])
    );
    let killer = LittleKiller {
        clue: Outside { row: -1, column: 0 },
        cells: cells(&[0, 10, 20]),
        sum: 26,
    };
    assert_eq!(pruned(&killer, 9, &[]), Ok(vec![mask_of(&[8, 9]); 3]));
    // Digits repeat on a little killer.
    assert_eq!(
        pruned(
            &LittleKiller {
                sum: 27,
                ..killer.clone()
            },
            9,
            &[]
        ),
        Ok(vec![bit(9); 3])
    );
}

#[test]
fn quadruples_place_their_digits() {
    let quad = Quadruple {
        cells: cells(&[0, 1, 2, 3]),
        digits: vec![1, 2, 3, 4],
    };
    assert_eq!(pruned(&quad, 9, &[]), Ok(vec![mask_of(&[1, 2, 3, 4]); 4]));
    // 3 3: only two cells can hold 3, so both do.
    let twice = Quadruple {
        cells: cells(&[0, 1, 2, 3]),
        digits: vec![3, 3],
    };
    let no3 = full_mask(9) & !bit(3);
    assert_eq!(
        pruned(&twice, 9, &[(0, no3), (1, no3)]),
        Ok(vec![no3, no3, bit(3), bit(3)])
    );
    assert!(twice.check(&[3, 1, 3, 2], 2));
    assert!(!twice.check(&[3, 1, 2, 2], 2));
    assert_eq!(
        pruned(&twice, 9, &[(0, no3), (1, no3), (2, no3)]),
        Err(Contradiction)
    );
}

#[test]
fn validate_refuses_what_cannot_be_met() {
    let impossible = |e: Result<(), RuleError>| matches!(e, Err(RuleError::Impossible { .. }));
    let shape = |e: Result<(), RuleError>| matches!(e, Err(RuleError::Shape { .. }));
    let cage = |c: &[usize], sum| Cage {
        cells: cells(c),
        sum,
    };
    assert!(impossible(cage(&[0, 1], Some(30)).validate(9)));
    assert!(impossible(cage(&[0, 1], Some(2)).validate(9)));
    assert_eq!(cage(&[0, 1], Some(17)).validate(9), Ok(()));
    assert!(impossible(
        cage(&(0..10).collect::<Vec<_>>(), None).validate(9)
    ));
    assert_eq!(
        cage(&(0..9).collect::<Vec<_>>(), Some(45)).validate(9),
        Ok(())
    );
    assert!(shape(cage(&[], None).validate(9)));
    assert!(shape(cage(&[0, 0], None).validate(9)));
    assert!(shape(cage(&[0, 81], None).validate(9)));
    assert!(matches!(
        cage(&[0], None).validate(17),
        Err(RuleError::Size { .. })
    ));
    let arrow = |c: &[usize], l: &[usize]| Arrow {
        circle: cells(c),
        line: cells(l),
    };
    assert!(shape(arrow(&[], &[1]).validate(9)));
    assert!(shape(arrow(&[0], &[]).validate(9)));
    assert!(impossible(arrow(&[0, 1, 2], &[3, 4]).validate(9)));
    assert_eq!(arrow(&[0, 1], &[3, 4]).validate(9), Ok(()));
    let killer = |sum| LittleKiller {
        clue: Outside { row: -1, column: 0 },
        cells: cells(&[0, 10]),
        sum,
    };
    assert!(impossible(killer(19).validate(9)));
    assert!(impossible(killer(1).validate(9)));
    assert_eq!(killer(18).validate(9), Ok(()));
    let quad = |d: &[u8]| Quadruple {
        cells: cells(&[0, 1, 9, 10]),
        digits: d.to_vec(),
    };
    assert!(impossible(quad(&[1, 2, 3, 4, 5]).validate(9)));
    assert!(impossible(quad(&[10]).validate(9)));
    assert!(impossible(quad(&[0]).validate(9)));
    assert_eq!(quad(&[1, 1]).validate(9), Ok(()));
    assert!(shape(Zipper { line: vec![] }.validate(9)));
    assert!(shape(
        SumLine {
            line: cells(&[0, 1]),
            segments: vec![cells(&[2])]
        }
        .validate(9)
    ));
}

/// The wide sets shift like a plain bit vector.
#[test]
fn wide_sets_shift_like_bit_vectors() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for _ in 0..300 {
        let members: Vec<u32> = (0..rng.gen_range(0..20))
            .map(|_| rng.gen_range(0..520))
            .collect();
        let set = members
            .iter()
            .fold(Wide::<8>::ZERO, |s, &m| s.or(Wide::single(m)));
        let k = rng.gen_range(0..600);
        for s in 0..Wide::<8>::CAPACITY {
            let had = |x: u32| members.contains(&x) && x < 512;
            assert_eq!(set.shl(k).contains(s), s >= k && had(s - k));
            assert_eq!(set.shr(k).contains(s), had(s + k));
        }
    }
}

/// The digits `1..=16` whose numerals, one after the other, read `text`.
fn split_pill(text: &str) -> Option<Vec<u8>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    (1..=2.min(text.len())).find_map(|len| {
        let d: u8 = text[..len].parse().ok()?;
        let rest = split_pill(&text[len..])?;
        ((1..=16).contains(&d) && !text.starts_with('0'))
            .then(|| std::iter::once(d).chain(rest).collect())
    })
}

/// Long lines on 16x16 (sums past 128 and past 512, the wide sets; pills of
/// two-digit numerals) against the reference.
#[test]
fn long_lines_on_16x16_match_the_reference() {
    let n = 16;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut tested = [0usize; 2];
    for round in 0..160 {
        let len = rng.gen_range(8..=40);
        let all = random_cells(&mut rng, n, len + 3, false);
        let mut values: Vec<u8> = (0..n * n).map(|_| rng.gen_range(1..=16)).collect();
        let line = all[..len].to_vec();
        let total: u32 = line.iter().map(|c| u32::from(values[c.index()])).sum();
        let rule = if round % 2 == 0 {
            let sum = if rng.gen_bool(0.8) {
                total
            } else {
                total + rng.gen_range(0..3) - 1
            };
            Constraint::LittleKiller(LittleKiller {
                clue: Outside { row: 16, column: 0 },
                cells: line,
                sum,
            })
        } else {
            let Some(digits) = split_pill(&total.to_string()) else {
                continue;
            };
            let circle = all[len..len + digits.len()].to_vec();
            for (c, &d) in circle.iter().zip(&digits) {
                values[c.index()] = d;
            }
            Constraint::Arrow(Arrow { circle, line })
        };
        let mut masks: Vec<Mask> = values.iter().map(|&v| bit(u32::from(v))).collect();
        // Widen a few line cells and every circle cell.
        let widened: Vec<usize> = (0..3)
            .map(|_| rng.gen_range(0..len))
            .chain(len..len + 3)
            .collect();
        for i in widened {
            for _ in 0..rng.gen_range(1..=3) {
                masks[all[i].index()] |= bit(rng.gen_range(1..=16));
            }
        }
        let want = reference(&rule, &masks, n).expect("few assignments");
        let mut got = masks.clone();
        let result = rule.prune(&mut got, n);
        match want {
            Ok(want) => {
                assert!(result.is_ok(), "{rule:?}");
                assert_eq!(got, want, "{rule:?}");
            }
            Err(_) => assert!(result.is_err(), "{rule:?}"),
        }
        tested[round % 2] += 1;
    }
    assert!(tested.iter().all(|&t| t >= 40), "{tested:?}");
}

/// Rules of two cells given as pairs mean what the validator says.
#[test]
fn two_cell_rules_as_pairs_agree_with_check() {
    let n = 9;
    let killer = |sum| LittleKiller {
        clue: Outside { row: -1, column: 0 },
        cells: cells(&[0, 10]),
        sum,
    };
    let rules: Vec<Constraint> = vec![
        Constraint::Cage(Cage {
            cells: cells(&[0, 10]),
            sum: Some(10),
        }),
        Constraint::Cage(Cage {
            cells: cells(&[0, 10]),
            sum: None,
        }),
        Constraint::Arrow(Arrow {
            circle: cells(&[0]),
            line: cells(&[10]),
        }),
        Constraint::LittleKiller(killer(10)),
    ];
    for rule in &rules {
        let pairs = rule.pairs(n).expect("two cells");
        let mut values = vec![1u8; n * n];
        for a in 1..=9 {
            for b in 1..=9 {
                values[0] = a;
                values[10] = b;
                let held = pairs.iter().all(|&(x, y, r)| {
                    r.holds(
                        u32::from(values[x.index()]),
                        u32::from(values[y.index()]),
                        n,
                    )
                });
                assert_eq!(held, rule.check(&values, n), "{rule:?} {a} {b}");
            }
        }
    }
    let three = Cage {
        cells: cells(&[0, 1, 2]),
        sum: Some(10),
    };
    assert_eq!(three.pairs(n), None);
}
