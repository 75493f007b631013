//! Benchmarks: n-queens 12 and the 6x10 pentomino tiling, counting all
//! solutions.

use criterion::{criterion_group, criterion_main, Criterion};
use exact_cover::Solver;

#[path = "../tests/suite/models.rs"]
mod models;

fn queens(c: &mut Criterion) {
    let p = models::queens(12);
    let mut solver = Solver::new(&p);
    c.bench_function("queens12_count_all", |b| {
        b.iter(|| {
            let s = solver.count();
            assert_eq!(s.solutions, 14200);
            s.nodes
        });
    });
}

fn pentominoes(c: &mut Criterion) {
    let p = models::pentominoes(6, 10);
    let mut solver = Solver::new(&p);
    let mut group = c.benchmark_group("pentomino");
    group.sample_size(10);
    group.bench_function("6x10_count_all", |b| {
        b.iter(|| {
            let s = solver.count();
            assert_eq!(s.solutions, 9356);
            s.nodes
        });
    });
    group.finish();
}

criterion_group!(benches, queens, pentominoes);
criterion_main!(benches);
