//! Engines side by side at limit 2 (solve and prove uniqueness): the time per
//! puzzle of each engine on the first 1000 puzzles of the 17-clue set and on
//! all of magictour top1465, from `../shared/bench-data/` (relative to the
//! workspace root). When that directory is absent, the two AcWing sample
//! puzzles stand in.
//!
//! Each benchmark iteration solves the whole set, so criterion's `time` is
//! per set and its `thrpt` is in puzzles per second; the time per puzzle is
//! the time divided by the set's size (1000 and 1465). Measured: `fast9` on
//! each backend the CPU runs, `triad9` on its kernels, `dfs`, `dlx` (with its default
//! [`Search::Bitset`]), and the two exact-cover-crate searches on their own.
//!
//! ```text
//! cargo bench -p sudokit --bench engines -- --warm-up-time 1 --measurement-time 5
//! ```

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudokit::engine::dlx::Search;
use sudokit::engine::{Backend, Dfs, Dlx, Fast9, Triad9};
use sudokit::format::line::parse_line;
use sudokit::{Engine, Puzzle};

/// The AcWing 166 sample puzzles, used when the benchmark sets are absent.
const SAMPLES: &[&str] = &[
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
];

/// The benchmark sets: (name, puzzles).
fn sets() -> Vec<(&'static str, Vec<Puzzle>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data");
    let read = |file: &str, take: usize| -> Vec<Puzzle> {
        let text = std::fs::read_to_string(dir.join(file))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join(file).display()));
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(take)
            .map(|l| parse_line(l).unwrap_or_else(|e| panic!("{file}: {e}")))
            .collect()
    };
    if dir.is_dir() {
        vec![
            ("17_clue_1000", read("puzzles2_17_clue.txt", 1000)),
            (
                "magictour_top1465",
                read("puzzles3_magictour_top1465.txt", usize::MAX),
            ),
        ]
    } else {
        eprintln!("../shared/bench-data is absent: benchmarking the AcWing samples only");
        vec![(
            "acwing_samples",
            SAMPLES.iter().map(|l| parse_line(l).unwrap()).collect(),
        )]
    }
}

/// One benchmark per engine and set, named `<set>/<engine>`.
fn bench_engine(
    c: &mut Criterion,
    name: &str,
    engine: &mut dyn Engine,
    sets: &[(&str, Vec<Puzzle>)],
) {
    for (set, puzzles) in sets {
        // Check the answers once, outside the timing.
        for p in puzzles {
            let answer = engine.solve(p, 2).unwrap();
            assert_eq!(answer.count, 1, "{set}: every puzzle is unique");
        }
        let mut group = c.benchmark_group(*set);
        // One iteration solves the whole set: samples then all cover the
        // same puzzles, which differ a lot in difficulty.
        group.sample_size(10);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut solved = 0;
                for p in puzzles {
                    solved += engine.solve(p, 2).unwrap().count;
                }
                black_box(solved)
            });
        });
        group.finish();
    }
}

fn engines(c: &mut Criterion) {
    let sets = sets();
    // fast9 on each backend this CPU runs (the hot paths: the nine-plane
    // kernel and the band/stack rules).
    for backend in Backend::ALL {
        // `Backend::Avx512` runs the AVX2 kernel: benched once.
        if let Some(mut engine) = Fast9::with_backend(backend).filter(|e| e.backend() == backend) {
            bench_engine(c, &format!("fast9_{}", backend.name()), &mut engine, &sets);
        }
    }
    // triad9 on each kernel this CPU runs.
    for backend in Backend::ALL {
        if let Some(mut engine) = Triad9::with_backend(backend) {
            bench_engine(c, &format!("triad9_{}", backend.name()), &mut engine, &sets);
        }
    }
    bench_engine(c, "dfs", &mut Dfs::new(), &sets);
    bench_engine(c, "dlx", &mut Dlx::new(), &sets);
    // The exact-cover crate's two searches.
    bench_engine(
        c,
        "dlx_per_puzzle",
        &mut Dlx::with_search(Search::PerPuzzle),
        &sets,
    );
    bench_engine(
        c,
        "dlx_per_geometry",
        &mut Dlx::with_search(Search::PerGeometry),
        &sets,
    );
}

criterion_group!(benches, engines);
criterion_main!(benches);
