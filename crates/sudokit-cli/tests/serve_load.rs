//! `sudokit serve` under load on loopback: 2,000 mixed requests, 32 at a
//! time, against the real binary. Every answer must be the expected one
//! (solutions checked by the library's validator, refusals by their status),
//! and the whole run must end within its bound. Prints p50/p99 latencies
//! (`cargo test --release -p sudokit-cli --test serve_load -- --nocapture`).

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sudokit::format::{self, Format};

mod common;

const REQUESTS: usize = 2_000;
const AT_ONCE: usize = 32;
/// The whole run's bound (a release build takes a few seconds).
const BOUND: Duration = Duration::from_secs(180);

/// Puzzles for the run, from `sudokit generate` (seeded: the same every run).
fn puzzles() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["generate", "-n", "200", "--seed", "1"])
        .output()
        .expect("sudokit generate runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Request `i` of the mix: its kind, path, body and expected status.
fn request(i: usize, puzzles: &[String]) -> (&'static str, &'static str, String, u16) {
    let p = &puzzles[i % puzzles.len()];
    match i % 10 {
        0..=3 => (
            "solve",
            "/api/solve",
            json!({ "puzzle": p }).to_string(),
            200,
        ),
        4 => (
            "count",
            "/api/count",
            json!({ "puzzle": p, "limit": 10 }).to_string(),
            200,
        ),
        5 => ("hint", "/api/hint", json!({ "puzzle": p }).to_string(), 200),
        6 => ("rate", "/api/rate", json!({ "puzzle": p }).to_string(), 200),
        7 if i % 20 == 7 => (
            "render",
            "/api/render",
            json!({ "puzzle": p }).to_string(),
            200,
        ),
        7 => ("parse", "/api/parse", p.clone(), 200),
        8 => (
            "generate",
            "/api/generate",
            json!({ "seed": i }).to_string(),
            200,
        ),
        _ if i % 20 == 9 => ("bad", "/api/solve", "garbage".to_owned(), 400),
        _ => (
            "bad",
            "/api/hint",
            json!({ "puzzle": p, "values": [1] }).to_string(),
            400,
        ),
    }
}

/// Checks an answer beyond its status: a solution must be valid for its
/// puzzle.
fn check(kind: &str, body: &str, puzzle: &str) -> Result<(), String> {
    let value: Value = match kind {
        "render" => {
            return body
                .starts_with("<svg")
                .then_some(())
                .ok_or_else(|| "not an SVG".into())
        }
        _ => serde_json::from_str(body).map_err(|e| format!("not JSON: {e}"))?,
    };
    match kind {
        "solve" => {
            let read = |text: &str| {
                format::read(Format::Line, text.as_bytes())
                    .next()
                    .and_then(Result::ok)
                    .map(|e| e.puzzle)
                    .ok_or_else(|| format!("unreadable: {text}"))
            };
            let solution = read(value["solution"].as_str().ok_or("no solution")?)?;
            sudokit::validate(&read(puzzle)?, solution.givens()).map_err(|e| e.to_string())
        }
        "count" if value["count"] != 1 => Err(format!("count {}", value["count"])),
        "hint" if value["verdict"] != "step" => Err(format!("verdict {}", value["verdict"])),
        "rate" if value["verdict"] != "rated" => Err(format!("verdict {}", value["verdict"])),
        "bad" if !value["error"].is_string() => Err("no error message".into()),
        _ => Ok(()),
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at]
}

#[test]
fn two_thousand_mixed_requests_32_at_a_time() {
    let puzzles = puzzles();
    let (_server, url) = common::serve(&["--timeout", "5"]);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let next = AtomicUsize::new(0);
    let latencies: Mutex<Vec<(&'static str, Duration)>> = Mutex::new(Vec::new());
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..AT_ONCE {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= REQUESTS || start.elapsed() > BOUND {
                    return;
                }
                let (kind, path, body, expected) = request(i, &puzzles);
                let began = Instant::now();
                let answer = agent
                    .post(format!("{url}{path}"))
                    .send(body.as_str())
                    .map_err(|e| e.to_string())
                    .and_then(|mut r| {
                        let status = r.status().as_u16();
                        let text = r.body_mut().read_to_string().map_err(|e| e.to_string())?;
                        Ok((status, text))
                    });
                let took = began.elapsed();
                let problem = match answer {
                    Err(e) => Some(e),
                    Ok((status, _)) if status != expected => {
                        Some(format!("status {status}, expected {expected}"))
                    }
                    Ok((_, text)) => check(kind, &text, &puzzles[i % puzzles.len()]).err(),
                };
                if let Some(p) = problem {
                    errors
                        .lock()
                        .unwrap()
                        .push(format!("request {i} ({kind} {path}): {p}"));
                }
                latencies.lock().unwrap().push((kind, took));
            });
        }
    });
    let elapsed = start.elapsed();
    let errors = errors.into_inner().unwrap();
    let latencies = latencies.into_inner().unwrap();
    assert!(
        errors.is_empty(),
        "{} errors, first: {:?}",
        errors.len(),
        &errors[..errors.len().min(5)]
    );
    assert_eq!(latencies.len(), REQUESTS, "the run hit its {BOUND:?} bound");

    let mut all: Vec<Duration> = latencies.iter().map(|&(_, d)| d).collect();
    all.sort();
    eprintln!(
        "{REQUESTS} requests, {AT_ONCE} at a time, in {:.2} s ({:.0} requests/s), 0 errors: \
         p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        elapsed.as_secs_f64(),
        REQUESTS as f64 / elapsed.as_secs_f64(),
        percentile(&all, 0.5).as_secs_f64() * 1e3,
        percentile(&all, 0.99).as_secs_f64() * 1e3,
        all.last().unwrap().as_secs_f64() * 1e3,
    );
    let mut kinds: Vec<&str> = latencies.iter().map(|&(k, _)| k).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let mut these: Vec<Duration> = latencies
            .iter()
            .filter(|&&(k, _)| k == kind)
            .map(|&(_, d)| d)
            .collect();
        these.sort();
        eprintln!(
            "  {kind:<8} {:>5} requests: p50 {:>7.1} ms, p99 {:>7.1} ms",
            these.len(),
            percentile(&these, 0.5).as_secs_f64() * 1e3,
            percentile(&these, 0.99).as_secs_f64() * 1e3,
        );
    }
}
