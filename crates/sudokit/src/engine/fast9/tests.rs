//! The tables against the geometry, and each vector kernel this CPU runs
//! against the portable one.

use super::kernel::Kernel;
use super::portable::Portable;
use super::tables::{self, ALL, ALONE, BAND, CELL, PEERS, POS};
use crate::digits::Cell;
use crate::geometry::Geometry;

/// The cell of a bit position.
fn cell_of(pos: usize) -> Option<Cell> {
    (CELL[pos] != 255).then(|| Cell(u32::from(CELL[pos])))
}

#[test]
fn tables_agree_with_the_geometry() {
    let g = Geometry::classic();
    for (i, &pos) in POS.iter().enumerate() {
        let pos = pos as usize;
        assert_eq!(cell_of(pos), Some(Cell(i as u32)));
        let peers: u128 = g
            .peers(Cell(i as u32))
            .iter()
            .map(|c| 1u128 << POS[c.index()])
            .fold(0, |a, b| a | b);
        assert_eq!(PEERS[pos], peers, "peers of {i}");
    }
    for h in tables::HOUSE {
        assert_eq!(h.count_ones(), 9);
    }
    assert_eq!(ALL.count_ones(), 81);
    assert_eq!((0..128).filter(|&p| cell_of(p).is_some()).count(), 81);
}

/// `gather`, `minirows`, `stack` and `unstack` by their definitions.
fn naive_bit_ops(word: u32, s: usize, m: u32) -> (u32, u32, u32, u32) {
    let (mut gather, mut minirows, mut stack, mut unstack) = (0, 0, 0, 0);
    for k in 0..9 {
        gather |= (word >> (3 * k) & 1) << k;
        minirows |= u32::from(word >> (3 * k) & 7 != 0) << k;
        let (band, j) = (k / 3, k % 3);
        stack |= (word >> (9 * band + 3 * s + j) & 1) << k;
        unstack |= (m >> k & 1) << (9 * band + 3 * s + j);
    }
    (gather, minirows, stack, unstack)
}

#[test]
fn alone_table() {
    for (m, &alone) in ALONE.iter().enumerate() {
        for e in 0..9 {
            let (i, j) = (e / 3, e % 3);
            let in_row = (0..3).filter(|&c| m >> (3 * i + c) & 1 != 0).count();
            let in_column = (0..3).filter(|&r| m >> (3 * r + j) & 1 != 0).count();
            let want = m >> e & 1 != 0 && (in_row == 1 || in_column == 1);
            assert_eq!(alone >> e & 1 != 0, want, "matrix {m:o}, entry {e}");
        }
    }
}

#[test]
fn portable_kernel_agrees_with_the_definitions() {
    agrees_with_portable(Portable);
}

#[test]
fn vector_kernel_agrees_with_the_portable_one() {
    #[cfg(target_arch = "x86_64")]
    match crate::engine::cpu::Avx2::detect() {
        Some(token) => agrees_with_portable(super::avx2::Avx2::new(token)),
        None => eprintln!("skipping: this CPU lacks AVX2"),
    }
    #[cfg(not(target_arch = "x86_64"))]
    eprintln!("skipping: no vector kernel off x86-64");
}

/// Random planes: `k` gives what [`Portable`] gives, and the bit gathering
/// what its definition says.
fn agrees_with_portable<K: Kernel>(k: K) {
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut random = || (u128::from(next() & next()) << 64 | u128::from(next() & next())) & ALL;
    for _ in 0..20_000 {
        let planes: [u128; 9] = std::array::from_fn(|_| random());
        let open = random() | random();
        let pos = POS[(random() % 81) as usize] as usize;
        let (mut a, counts) = (planes, Portable.counts(&planes, open));
        let touched = Portable.clear(&mut a, pos);
        let mut c = planes;
        assert_eq!(k.counts(&planes, open), counts, "counts");
        let word = (planes[0] >> 32) as u32 & BAND;
        let s = pos % 3;
        let m = (planes[1] as u32) & 0x1ff;
        let got = (
            k.gather(word),
            k.minirows(word),
            k.stack(word, s),
            k.unstack(m, s),
        );
        assert_eq!(got, naive_bit_ops(word, s, m), "gather/stack");
        assert_eq!(k.holders(&planes, pos), touched, "holders");
        assert_eq!((k.clear(&mut c, pos), c), (touched, a), "clear");
    }
}
