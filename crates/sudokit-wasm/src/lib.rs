//! sudokit in WebAssembly: what the npm package `sudokit` (`npm/`) calls.
//!
//! Two kinds of call, each taking and giving JSON text:
//! - [`api()`]: any endpoint of sudokit's JSON API (`parse`, `solve`, `count`,
//!   `hint`, `check`, `candidates`, `explain`, `rate`, `generate`, `render`),
//!   answered by the same code as `sudokit serve` (`sudokit_cli::api`): the
//!   page's Web Worker and the package's own functions use it.
//! - [`true_candidates`], [`first_solution`] and [`logical_steps`]: what
//!   SudokuVariantSolverJS's methods need beyond the API (counts per
//!   candidate, any one solution, a logical path from the player's marks).
//!
//! Everything runs on the calling thread, bounded by the call's time limit
//! (`timeout_ms`; 0 or less: none).

use std::time::Duration;

use serde_json::{json, Value};
use sudokit::logic::{self, Board, Ctx};
use sudokit_cli::api::{self, ApiError, Limits};
use wasm_bindgen::prelude::*;

/// The longest time limit taken: about 30 years, "none".
const NO_LIMIT: Duration = Duration::from_secs(1 << 30);

/// The limits of one call of `timeout_ms` milliseconds.
fn limits(timeout_ms: f64) -> Limits {
    let time = if timeout_ms.is_finite() && timeout_ms > 0.0 {
        Duration::from_secs_f64(timeout_ms / 1000.0).min(NO_LIMIT)
    } else {
        NO_LIMIT
    };
    Limits::single(time)
}

/// `{"status": 200, "body": answer}`, or the error's status and
/// `{"error": ...}` body, as an HTTP answer of the server would be.
fn envelope(result: Result<Value, ApiError>) -> String {
    match result {
        Ok(body) => json!({ "status": 200, "body": body }),
        Err(e) => json!({ "status": e.status, "body": e.body() }),
    }
    .to_string()
}

/// The answer of endpoint `name` to the request `body` (as `POST
/// /api/NAME` would give it), in an envelope: `{"status", "body"}`.
#[wasm_bindgen]
pub fn api(name: &str, body: &str, timeout_ms: f64) -> String {
    envelope(api::call(name, body, &limits(timeout_ms)))
}

/// `sudokit VERB ARGS` (solve, count, candidates, rate, hint, explain) on
/// `text`, one puzzle after another on this thread, as the command line
/// answers them: `{"status": 200, "body": {"exit", "stdout", "stderr"}}`,
/// or status 400 with the reason for arguments the verb refuses. `args` is
/// a JSON array of strings.
#[wasm_bindgen]
pub fn cli(verb: &str, args: &str, text: &str) -> String {
    envelope((|| {
        let args: Vec<String> = serde_json::from_str(args)
            .map_err(|e| ApiError::bad(format!("args: a JSON array of strings: {e}")))?;
        let run = sudokit_cli::text_run::run_text(verb, &args, text).map_err(ApiError::bad)?;
        Ok(json!({ "exit": run.status, "stdout": run.stdout, "stderr": run.stderr }))
    })())
}

/// The crate's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// The true candidates of the puzzle request `body` — the digits some
/// solution puts in each cell, givens included — with, for each cell and
/// digit, the number of solutions found with it there, up to `cap` (at
/// least 1): `{"candidates": [mask per cell], "counts": [n*n*n], "complete",
/// "cap"}`; `candidates` is empty when there is no solution.
#[wasm_bindgen(js_name = trueCandidates)]
pub fn true_candidates(body: &str, cap: u32, timeout_ms: f64) -> String {
    let limits = limits(timeout_ms);
    envelope((|| {
        let (entry, _) = api::read(body, &limits)?;
        let mut engine = api::engine(None, &limits)?;
        let tc = engine
            .true_candidates(&entry.puzzle, cap.max(1))
            .map_err(|e| ApiError::unprocessable(format!("puzzle:{}: {e}", entry.line)))?;
        if !tc.complete {
            return Err(api::gave_up(&limits, "finding the true candidates"));
        }
        let masks: Vec<u64> = if tc.is_empty() {
            Vec::new()
        } else {
            tc.candidates.iter().map(|set| set.0).collect()
        };
        Ok(json!({
            "size": tc.n,
            "candidates": masks,
            "counts": tc.counts,
            "cap": tc.cap,
            "complete": tc.complete,
        }))
    })())
}

/// One solution of the puzzle request `body`, whether or not it is the
/// only one: `{"values": [digit per cell]}`, or `{"values": null}` when
/// there is none.
#[wasm_bindgen(js_name = firstSolution)]
pub fn first_solution(body: &str, timeout_ms: f64) -> String {
    let limits = limits(timeout_ms);
    envelope((|| {
        let (entry, _) = api::read(body, &limits)?;
        let mut engine = api::engine(None, &limits)?;
        let found = engine
            .solve(&entry.puzzle, 1)
            .map_err(|e| ApiError::unprocessable(format!("puzzle:{}: {e}", entry.line)))?;
        if found.stopped.is_some() {
            return Err(api::gave_up(&limits, "searching"));
        }
        Ok(json!({ "values": found.first.map(|g| g.to_values()) }))
    })())
}

/// Up to `max_steps` steps of the logical ladder from the puzzle request
/// `body` (its givens and given candidates are the starting board; 0 steps:
/// as many as there are), each in words:
/// `{"initial": [mask per cell], "initial_values", "steps": [text],
/// "values", "candidates", "end"}`, `end` being `solved`, `stuck` (no technique applies), `invalid`
/// (a cell lost every candidate), `max` (`max_steps` taken) or `timed_out`.
#[wasm_bindgen(js_name = logicalSteps)]
pub fn logical_steps(body: &str, max_steps: u32, timeout_ms: f64) -> String {
    let limits = limits(timeout_ms);
    envelope((|| {
        let (entry, _) = api::read(body, &limits)?;
        let mut board = match Board::new(&entry.puzzle) {
            Ok(board) => board,
            Err(e) => {
                return Ok(json!({
                    "initial": Value::Null,
                    "steps": [],
                    "end": "invalid",
                    "text": e.to_string(),
                }))
            }
        };
        let initial = board.all_candidates().to_vec();
        let initial_values = board.values().to_vec();
        let mut ctx = Ctx::new(true)
            .with_deadline(Some(web_time::Instant::now() + limits.time))
            .with_cancel(Some(limits.cancel.clone()));
        let mut steps = Vec::new();
        let open_without_candidates =
            |b: &Board| (0..b.cell_count()).any(|c| b.value(c) == 0 && b.candidates(c) == 0);
        let end = loop {
            if board.is_solved() {
                break "solved";
            }
            if open_without_candidates(&board) {
                break "invalid";
            }
            if max_steps > 0 && steps.len() >= max_steps as usize {
                break "max";
            }
            let Some(step) = logic::next_step(&board, &mut ctx) else {
                break if ctx.timed_out() {
                    "timed_out"
                } else {
                    "stuck"
                };
            };
            board.apply(&step);
            steps.push(step.line());
        };
        Ok(json!({
            "initial": initial,
            "initial_values": initial_values,
            "steps": steps,
            "values": board.values(),
            "candidates": board.all_candidates(),
            "end": end,
        }))
    })())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn answer(text: &str) -> (u64, Value) {
        let v: Value = serde_json::from_str(text).expect("JSON");
        (v["status"].as_u64().expect("a status"), v["body"].clone())
    }

    #[test]
    fn the_api_answers_in_an_envelope_with_the_servers_status() {
        let (status, body) = answer(&api("solve", PUZZLE, 0.0));
        assert_eq!(status, 200);
        assert_eq!(body["verdict"], "unique");
        let (status, body) = answer(&api("solve", "{\"puzzle\": \"12\"}", 0.0));
        assert_eq!(status, 400, "{body}");
        assert!(body["error"].as_str().is_some());
        let (status, _) = answer(&api("nothing", "{}", 0.0));
        assert_eq!(status, 404);
    }

    #[test]
    fn true_candidates_of_a_unique_puzzle_are_its_solution() {
        let (status, body) = answer(&true_candidates(PUZZLE, 2, 0.0));
        assert_eq!(status, 200, "{body}");
        let (_, solved) = answer(&api("solve", PUZZLE, 0.0));
        let masks = body["candidates"].as_array().expect("masks");
        let values = solved["values"].as_array().expect("values");
        for (m, v) in masks.iter().zip(values) {
            assert_eq!(m.as_u64(), Some(1 << (v.as_u64().expect("a digit") - 1)));
        }
        let counts = body["counts"].as_array().expect("counts");
        assert_eq!(counts.len(), 81 * 9);
        assert!(counts.iter().all(|c| c.as_u64() <= Some(1)));
    }

    #[test]
    fn a_logical_path_ends_solved_on_the_solution() {
        let (status, body) = answer(&logical_steps(PUZZLE, 0, 0.0));
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["end"], "solved");
        let (_, solved) = answer(&api("solve", PUZZLE, 0.0));
        assert_eq!(body["values"], solved["values"]);
        let (_, one) = answer(&logical_steps(PUZZLE, 1, 0.0));
        assert_eq!(one["end"], "max");
        assert_eq!(one["steps"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn the_command_line_on_a_text() {
        let text = format!("{PUZZLE}\n12\n{PUZZLE}\n");
        let (status, body) = answer(&cli("solve", "[]", &text));
        assert_eq!(status, 200, "{body}");
        let out = body["stdout"].as_str().expect("stdout");
        assert_eq!(out.lines().count(), 3, "{out}");
        assert!(
            body["stderr"]
                .as_str()
                .is_some_and(|e| e.contains("<stdin>:2:")),
            "{body}"
        );
        assert_eq!(body["exit"], 1);
        let (status, _) = answer(&cli("solve", "[\"--nonsense\"]", &text));
        assert_eq!(status, 400);
        let (status, _) = answer(&cli("bench", "[]", &text));
        assert_eq!(status, 400);
    }

    #[test]
    fn any_solution_of_a_puzzle_with_several() {
        let empty = ".".repeat(81);
        let (status, body) = answer(&first_solution(&empty, 0.0));
        assert_eq!(status, 200);
        assert_eq!(body["values"].as_array().map(Vec::len), Some(81));
    }
}
