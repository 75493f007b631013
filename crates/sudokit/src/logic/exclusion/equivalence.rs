//! The bitmask search against the reference implementation: every step, in
//! order, with the same cells, eliminations, difficulty and words.

use std::ops::ControlFlow;
use std::time::Duration;
use web_time::Instant;

use super::super::board::Board;
use super::super::ctx::Ctx;
use super::super::ladder::next_step;
use super::super::step::Step;
use super::super::test_util::{board, solution};
use super::super::uniqueness::tests::se_board;
use super::{aligned, reference::aligned_ref};

type Search = fn(&Board, usize, &mut Ctx, &mut super::Sink<'_>) -> ControlFlow<()>;

/// Every step of `search` of degree `k`, in its order.
fn all(search: Search, b: &Board, k: usize, text: bool) -> Vec<Step> {
    let mut out = Vec::new();
    let _ = search(b, k, &mut Ctx::new(text), &mut |s| {
        out.push(s);
        ControlFlow::Continue(())
    });
    out
}

/// Compares both searches, both degrees, on `b`; returns how many steps.
fn compare(b: &Board, text: bool) -> usize {
    let mut n = 0;
    for k in [2, 3] {
        let new = all(aligned, b, k, text);
        let old = all(aligned_ref, b, k, text);
        assert_eq!(new, old, "degree {k} on {:?}", b.all_candidates());
        n += new.len();
    }
    n
}

const MAGICTOUR: &str = "/work/shared/bench-data/puzzles3_magictour_top1465.txt";

/// The states of the ladder's path on the first `count` magictour puzzles
/// (none when the file is absent).
fn magictour_states(count: usize) -> Vec<Board> {
    let Ok(text) = std::fs::read_to_string(MAGICTOUR) else {
        eprintln!("{MAGICTOUR} absent: skipped");
        return Vec::new();
    };
    let mut states = Vec::new();
    for line in text.lines().take(count) {
        let mut b = board(line.trim());
        let mut ctx = Ctx::new(false);
        while !b.is_solved() {
            let Some(s) = next_step(&b, &mut ctx) else {
                break;
            };
            states.push(b.clone());
            b.apply(&s);
        }
    }
    states
}

#[test]
fn same_steps_as_the_reference_on_magictour_paths() {
    let states = magictour_states(30);
    let mut steps = 0;
    for (i, b) in states.iter().enumerate() {
        // Words on a share of the states (they cost time).
        steps += compare(b, i % 8 == 0);
    }
    eprintln!(
        "{} states, {steps} exclusion steps, all equal",
        states.len()
    );
}

/// The search remembers the last board where the triplets found nothing
/// and skips what has not changed since: boards that keep losing
/// candidates, as along a path, are where that acts. Random losses (never
/// the solution's digits) make both degrees find steps often, so a skip
/// that hid one would show here.
#[test]
fn same_steps_as_the_reference_as_candidates_go() {
    let text = include_str!("../../../tests/data/logic_hard.txt");
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let (mut states, mut steps) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')).take(8) {
        let mut b = board(&line[..81]);
        let sol = solution(&b).expect("unique");
        for _ in 0..60 {
            steps += compare(&b, false);
            states += 1;
            // Drop one wrong candidate of a random cell that has one.
            let wrong: Vec<(usize, u8)> = (0..81)
                .flat_map(|c| (1..=9u8).map(move |d| (c, d)))
                .filter(|&(c, d)| b.value(c) == 0 && b.has(c, d) && sol[c] != d)
                .collect();
            if wrong.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (c, d) = wrong[(seed % wrong.len() as u64) as usize];
            b.eliminate(c, d);
        }
    }
    eprintln!("{states} states, {steps} exclusion steps, all equal");
    assert!(steps > 50, "too few steps to test anything: {steps}");
}

/// Boards of serate's logs or probe files in `EXCL_STATES` (lines `B values
/// marks` or `S values marks | ...`), colon-separated paths.
fn logged_states() -> Vec<Board> {
    let Ok(paths) = std::env::var("EXCL_STATES") else {
        return Vec::new();
    };
    let mut states = Vec::new();
    for path in paths.split(':') {
        let text = std::fs::read_to_string(path).unwrap();
        for line in text.lines() {
            let Some(rest) = line.strip_prefix("B ").or_else(|| line.strip_prefix("S ")) else {
                continue;
            };
            let mut f = rest.split([' ', '|']).filter(|s| !s.is_empty());
            let (Some(v), Some(m)) = (f.next(), f.next()) else {
                continue;
            };
            if v.len() == 81 && m.len() == 729 {
                states.push(se_board(v, m));
            }
        }
    }
    states
}

#[test]
#[ignore]
fn same_steps_as_the_reference_on_logged_states() {
    let states = logged_states();
    let mut steps = 0;
    for b in &states {
        steps += compare(b, false);
    }
    eprintln!(
        "{} states, {steps} exclusion steps, all equal",
        states.len()
    );
}

/// Time per call of both searches (all instances, no words) on the magictour
/// path states; run with an optimised build.
#[test]
#[ignore]
fn timing_against_the_reference() {
    let mut states = magictour_states(30);
    states.extend(logged_states());
    // `EXCL_DEGREE=2|3`: one degree only.
    let only_k = std::env::var("EXCL_DEGREE")
        .ok()
        .and_then(|k| k.parse::<usize>().ok());
    for k in [2, 3] {
        if only_k.is_some_and(|o| o != k) {
            continue;
        }
        // Best of five alternating rounds: the machine is shared.
        let mut t = [Duration::MAX; 2];
        for _ in 0..5 {
            for (i, search) in [aligned as Search, aligned_ref].into_iter().enumerate() {
                // `EXCL_ONLY=new|ref|none`: one side only (for counting
                // instructions with `perf stat`, steadier than a clock).
                if let Ok(only) = std::env::var("EXCL_ONLY") {
                    if only != ["new", "ref"][i] {
                        continue;
                    }
                }
                let clock = Instant::now();
                for b in &states {
                    std::hint::black_box(all(search, b, k, false));
                }
                t[i] = t[i].min(clock.elapsed());
            }
        }
        let per = |d: Duration| d.as_secs_f64() * 1e6 / states.len().max(1) as f64;
        eprintln!(
            "degree {k}: {} states, new {:.2} us/call, reference {:.2} us/call, x{:.1}",
            states.len(),
            per(t[0]),
            per(t[1]),
            t[1].as_secs_f64() / t[0].as_secs_f64()
        );
    }
}
