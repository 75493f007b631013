//! `Geometry` construction from arbitrary region maps, box shapes and extra
//! houses: either an error or a geometry whose houses all have `n` distinct
//! cells and whose peer lists are consistent.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::{Cell, Extra, Geometry};

fn check(g: &Geometry) {
    let n = g.size();
    let cells = g.cell_count();
    assert_eq!(cells, n * n);
    for h in g.houses() {
        assert_eq!(h.cells().len(), n);
        let mut seen = vec![false; cells];
        for c in h.cells() {
            assert!(c.index() < cells);
            assert!(!seen[c.index()], "a cell twice in a house");
            seen[c.index()] = true;
        }
    }
    // The peer checks are quadratic: only for small grids (the large
    // square and boxed geometries are few and covered by the unit tests).
    if cells > 256 {
        return;
    }
    for c in 0..cells {
        let cell = Cell(c as u32);
        for &h in g.houses_of(cell) {
            assert!(g.houses()[h as usize].cells().contains(&cell));
        }
        for p in g.peers(cell) {
            assert_ne!(*p, cell, "a cell is its own peer");
            assert!(g.peers(*p).contains(&cell), "peers are not symmetric");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let Some((&size, rest)) = rest.split_first() else {
        return;
    };
    let geometry = match mode % 4 {
        0 => {
            // A region map straight from the bytes (mostly rejected).
            let n = usize::from(size % 70);
            let regions: Vec<usize> = rest.iter().map(|&b| usize::from(b)).collect();
            Geometry::jigsaw(n, &regions)
        }
        1 => {
            // A valid-sized map: cells shuffled by the bytes, cut into n
            // runs of n (regions may be disconnected, which is allowed).
            let n = 1 + usize::from(size % 16);
            let mut order: Vec<usize> = (0..n * n).collect();
            for (i, &b) in rest.iter().enumerate().take(n * n) {
                let j = usize::from(b) % (n * n);
                order.swap(i % (n * n), j);
            }
            let mut regions = vec![0; n * n];
            for (k, &c) in order.iter().enumerate() {
                regions[c] = k / n;
            }
            Geometry::jigsaw(n, &regions)
        }
        2 => Geometry::boxed(usize::from(size >> 4), usize::from(size & 15)),
        _ => Geometry::square(usize::from(size % 70)),
    };
    let Ok(g) = geometry else {
        return;
    };
    check(&g);
    let n = g.size();
    let extra = match rest.first().copied().unwrap_or(0) % 4 {
        0 => return,
        1 => Extra::Diagonals,
        2 => Extra::Windows,
        _ => Extra::House(
            rest.iter()
                .skip(1)
                .take(n)
                .map(|&b| Cell(u32::from(b) % (n * n + 2) as u32))
                .collect(),
        ),
    };
    if let Ok(g) = g.with_extra(extra) {
        check(&g);
    }
});
