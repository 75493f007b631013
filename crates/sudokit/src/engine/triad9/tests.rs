//! Each vector kernel this CPU runs against the portable one.

use super::kernel::{BoxBands, Kernel};
use super::portable::Portable;
use super::start::Start;
use super::state::State;
use super::{is_cell, ALL};
use crate::digits::{Digit, DigitSet};

/// Each vector kernel this CPU runs against the portable one.
#[test]
fn vector_kernels_agree_with_the_portable_one() {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::engine::cpu;
        let mut ran = 0;
        if let Some(token) = cpu::Avx2::detect() {
            agrees_with_portable(super::simd::Avx2::new(token));
            ran += 1;
        }
        if let Some(token) = cpu::Avx512::detect() {
            agrees_with_portable(super::simd::Avx512::new(token));
            ran += 1;
        }
        if ran < 2 {
            eprintln!(
                "skipping {} of the 2 vector kernels: this CPU lacks them",
                2 - ran
            );
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    eprintln!("skipping: no vector kernel off x86-64");
}

/// Random boxes, most of them consistent enough to take a few rounds,
/// and random bands and messages: `vector` gives what [`Portable`] gives.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn agrees_with_portable<K: Kernel>(vector: K) {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut outcomes = [0usize; 2];
    let mut pair_outcomes = [0usize; 2];
    let mut prev = State::EMPTY.boxes[0];
    for _ in 0..200_000 {
        let mut x = State::EMPTY.boxes[0];
        for (l, v) in x.iter_mut().enumerate().take(15) {
            // Cells keep one to nine digits, triad lanes lose few.
            let r = next();
            let drop = if is_cell(l) {
                r & r >> 9 & r >> 18
            } else {
                r & r >> 9 & r >> 18 & r >> 27
            };
            *v &= !(drop as u16);
            if is_cell(l) && r >> 50 & 3 == 0 {
                *v = 1 << ((r >> 52) % 9);
            }
        }
        let (mut a, mut b) = (x, x);
        let ok = Portable.settle(&mut a);
        assert_eq!(vector.settle(&mut b), ok, "{x:?}");
        if ok {
            assert_eq!(a, b, "{x:?}");
        }
        outcomes[usize::from(ok)] += 1;
        // Two boxes at once: what two settles give.
        let (mut pa, mut xa) = (prev, x);
        let both = Portable.settle(&mut pa) && Portable.settle(&mut xa);
        let (mut pb, mut xb) = (prev, x);
        assert_eq!(vector.settle_pair(&mut pb, &mut xb), both, "{prev:?} {x:?}");
        if both {
            assert_eq!((pa, xa), (pb, xb), "{prev:?} {x:?}");
        }
        pair_outcomes[usize::from(both)] += 1;
        prev = x;
    }
    assert!(outcomes.iter().all(|&n| n > 10_000), "{outcomes:?}");
    assert!(
        pair_outcomes.iter().all(|&n| n > 5_000),
        "{pair_outcomes:?}"
    );
    // The band rules, the box-to-band messages and the band-to-box
    // restriction, on random lanes.
    let mut settled = [0usize; 2];
    for _ in 0..50_000 {
        let r = next();
        let m = [
            r as u16 & ALL,
            (r >> 9) as u16 & ALL,
            (r >> 18) as u16 & ALL,
        ];
        let n = [
            (r >> 27) as u16 & ALL,
            (r >> 36) as u16 & ALL,
            (r >> 45) as u16 & ALL,
        ];
        let mut band = State::EMPTY.bands[0];
        band.iter_mut()
            .take(6)
            .for_each(|c| *c &= next() as u16 | next() as u16);
        // Bands where each digit keeps a few configurations, so that
        // lines get tight; every other one also loses a digit.
        let mut sparse = [0u16; 8];
        for d in 0..9 {
            let r = next();
            let keep = (r & r >> 6 & 0x3f) | 1 << ((r >> 12) % 6);
            let lose = r >> 20 & 1 == 1 && d == (r >> 24) as usize % 9;
            for (p, c) in sparse.iter_mut().enumerate().take(6) {
                if keep >> p & 1 == 1 && !lose {
                    *c |= 1 << d;
                }
            }
        }
        for start in [band, sparse] {
            let (mut a, mut b) = (start, start);
            let got = vector.band_settle(&mut b);
            let want = Portable.band_settle(&mut a);
            settled[usize::from(want.is_some())] += 1;
            assert_eq!(want, got, "{start:?}");
            if want.is_some() {
                assert_eq!(a, b, "{start:?}");
            }
        }
        let mut x = State::EMPTY.boxes[0];
        x.iter_mut()
            .for_each(|v| *v &= next() as u16 | next() as u16);
        let (at_h, at_v) = ((r >> 56) as usize % 3, (r >> 58) as usize % 3);
        let other = [band, State::EMPTY.bands[0]].map(|mut b| {
            b.iter_mut().take(6).for_each(|c| *c &= next() as u16);
            b
        });
        let (mut a, mut b) = (other, other);
        let [ah, av] = &mut a;
        let [bh, bv] = &mut b;
        let bands = |h, v| BoxBands { at_h, h, at_v, v };
        assert_eq!(
            Portable.box_to_bands(&x, bands(ah, av)),
            vector.box_to_bands(&x, bands(bh, bv))
        );
        assert_eq!(a, b);
        let (p, d) = ((r >> 60) as usize % 8, 1 << ((r >> 40) % 9));
        let (mut a, mut b) = (band, band);
        Portable.assign(&mut a, p, d);
        vector.assign(&mut b, p, d);
        assert_eq!(a, b, "assign {p} {d} to {band:?}");
        let msg = [m[0], m[1], m[2], n[0], n[1], n[2], 0xffff, 0xffff];
        for vertical in [false, true] {
            let (mut a, mut b) = (x, x);
            assert_eq!(
                Portable.restrict_box(&mut a, vertical, &msg),
                vector.restrict_box(&mut b, vertical, &msg)
            );
            assert_eq!(a, b);
        }
    }
    assert!(settled.iter().all(|&n| n > 5_000), "{settled:?}");
    // The starting boxes, from random givens (clashing ones too) and,
    // every other time, random candidate restrictions.
    for round in 0..20_000 {
        let cells: Vec<Option<Digit>> = (0..81)
            .map(|_| {
                let r = next();
                (r % (2 + round % 5) == 0).then_some(Digit::new((r >> 8) as u8 % 9))
            })
            .collect();
        let sets: Vec<DigitSet> = (0..81).map(|_| DigitSet(next() | next())).collect();
        let start = Start::new(&cells, (round % 2 == 1).then_some(&sets[..]));
        assert_eq!(Portable.start(&start), vector.start(&start), "{cells:?}");
        // The values of solved boxes: one digit a cell, anything in the
        // triad lanes.
        let mut boxes = [[0u16; 16]; 9];
        for x in &mut boxes {
            for (l, lane) in x.iter_mut().enumerate().take(15) {
                let r = next();
                *lane = if is_cell(l) {
                    1 << (r % 9)
                } else {
                    r as u16 & ALL
                };
            }
        }
        let want = Portable.values(&boxes);
        assert!(want[..81].iter().all(|v| (1..=9).contains(v)));
        assert_eq!(want[..81], vector.values(&boxes)[..81], "{boxes:?}");
    }
}
