//! The benchmark sets of `../shared/bench-data/` (109,764 puzzles), solved
//! and validated by `dfs` at limit 2; by `fast9` on every backend this CPU
//! runs and `triad9` on its vector backends (every puzzle at full scale:
//! release builds or `SUDOKIT_TEST_SCALE=full`; else every 8th) and
//! triad9's portable backend (every 8th; else every 64th), with the counts
//! compared; and by `auto` at limit 1
//! (the `--limit 1` path: a validated solution exactly when there is one,
//! same sampling). Skipped, with a message, when the directory is absent.

use std::path::PathBuf;

use sudokit::engine::{Auto, Triad9};
use sudokit::engine::{Backend, Fast9};
use sudokit::format::line::parse_line;
use sudokit::{Dfs, Engine, Puzzle, Verdict};

/// The benchmark sets: file, puzzles, and the verdict of every puzzle at
/// limit 2.
pub const SETS: [(&str, usize, Verdict); 5] = [
    ("puzzles2_17_clue.txt", 49_158, Verdict::Unique),
    ("puzzles3_magictour_top1465.txt", 1_465, Verdict::Unique),
    (
        "puzzles5_forum_hardest_1905_11+.txt",
        48_766,
        Verdict::Unique,
    ),
    ("puzzles6_forum_hardest_1106.txt", 375, Verdict::Unique),
    ("puzzles7_serg_benchmark.txt", 10_000, Verdict::Multiple),
];

/// `$SUDOKIT_BENCH_DATA`, else `../shared/bench-data` beside the checkout.
pub fn bench_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("SUDOKIT_BENCH_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data"),
        PathBuf::from,
    );
    dir.is_dir().then_some(dir)
}

/// The 85 setter puzzles of `<bench-data>/variants/fpuzzles-cc-by-4.0.json`
/// (CC BY 4.0, setters named in each entry), or `None`, with a message
/// naming what `skipping` skips, when the file is absent.
pub fn setter_corpus(skipping: &str) -> Option<Vec<serde_json::Value>> {
    let path = bench_dir()
        .unwrap_or_else(|| PathBuf::from("../shared/bench-data"))
        .join("variants/fpuzzles-cc-by-4.0.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping {skipping}: {} is absent", path.display());
        return None;
    };
    let list: serde_json::Value = serde_json::from_str(&text).expect("the corpus is JSON");
    Some(list.as_array().expect("an array").clone())
}

/// The puzzles of set `name`, each with its line's index (from 0; blank
/// and `#` lines are skipped), or `None`, with a message, when the sets'
/// directory is absent.
pub fn set_puzzles(name: &str) -> Option<Vec<(usize, Puzzle)>> {
    let Some(dir) = bench_dir() else {
        eprintln!("skipping {name}: ../shared/bench-data is absent");
        return None;
    };
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let lines = text.lines().map(str::trim).enumerate();
    let puzzles = lines
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(i, line)| {
            let puzzle = parse_line(line).unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
            (i, puzzle)
        });
    Some(puzzles.collect())
}

/// Solves every puzzle of a set at limit 2, validates the first solution,
/// and checks the set's size and that every puzzle has the set's verdict.
fn run_set(name: &str) {
    let (_, size, verdict) = SETS.into_iter().find(|s| s.0 == name).unwrap();
    let Some(puzzles) = set_puzzles(name) else {
        return;
    };
    let mut dfs = Dfs::new();
    // One per kernel: `Backend::Avx512` runs fast9's AVX2 kernel.
    let mut fast: Vec<Fast9> = Backend::ALL
        .into_iter()
        .filter_map(|b| Fast9::with_backend(b).filter(|e| e.backend() == b))
        .collect();
    // triad9 on each backend this CPU runs, with the share of puzzles it
    // checks (1 in `every`): the portable kernel is 4-5x slower.
    let mut triads: Vec<(Triad9, usize)> = Backend::ALL
        .into_iter()
        .filter_map(|b| {
            let every = match (b == Backend::Portable, !crate::common::full_scale()) {
                (false, false) => 1,
                (true, false) | (false, true) => 8,
                (true, true) => 64,
            };
            Triad9::with_backend(b).map(|t| (t, every))
        })
        .collect();
    let mut auto = Auto::new();
    let mut total = 0;
    for (i, puzzle) in puzzles {
        let answer = dfs.solve(&puzzle, 2).unwrap();
        assert_eq!(answer.verdict(), Some(verdict), "{name}:{}", i + 1);
        if let Some(first) = &answer.first {
            sudokit::validate(&puzzle, first).unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
        }
        // Limit 2: the count as dfs's, the first solution valid, and the
        // same as dfs's when it is the only one.
        let check = |other: sudokit::Solutions, who: &str| {
            assert_eq!(other.count, answer.count, "{name}:{}: {who}", i + 1);
            if let Some(first) = &other.first {
                sudokit::validate(&puzzle, first)
                    .unwrap_or_else(|e| panic!("{name}:{}: {who}: {e}", i + 1));
            }
            if answer.count == 1 {
                assert_eq!(other.first, answer.first, "{name}:{}: {who}", i + 1);
            }
        };
        // Debug builds (the README's `cargo test`) check every 8th puzzle;
        // the release run of `.ci/run` checks every puzzle.
        let sampled = crate::common::full_scale() || i % 8 == 0;
        for f in fast.iter_mut().filter(|_| sampled) {
            check(
                f.solve(&puzzle, 2).unwrap(),
                &format!("fast9 {:?}", f.backend()),
            );
        }
        for (t, every) in &mut triads {
            if i % *every == 0 {
                check(
                    t.solve(&puzzle, 2).unwrap(),
                    &format!("triad9 {:?}", t.backend()),
                );
            }
        }
        // Limit 1, as `solve --limit 1` runs it.
        if sampled {
            let first = auto.solve(&puzzle, 1).unwrap();
            assert_eq!(
                first.count,
                answer.count.min(1),
                "{name}:{}: auto, limit 1",
                i + 1
            );
            let grid = first.first.as_ref();
            assert_eq!(
                grid.is_some(),
                answer.count > 0,
                "{name}:{}: auto, limit 1",
                i + 1
            );
            if let Some(grid) = grid {
                sudokit::validate(&puzzle, grid)
                    .unwrap_or_else(|e| panic!("{name}:{}: auto, limit 1: {e}", i + 1));
            }
        }
        total += 1;
    }
    assert_eq!(total, size, "{name}");
}

#[test]
fn seventeen_clue_all_unique() {
    run_set("puzzles2_17_clue.txt");
}

#[test]
fn magictour_all_unique() {
    run_set("puzzles3_magictour_top1465.txt");
}

#[test]
fn forum_hardest_1905_all_unique() {
    run_set("puzzles5_forum_hardest_1905_11+.txt");
}

#[test]
fn forum_hardest_1106_all_unique() {
    run_set("puzzles6_forum_hardest_1106.txt");
}

#[test]
fn serg_all_have_several_solutions() {
    run_set("puzzles7_serg_benchmark.txt");
}
