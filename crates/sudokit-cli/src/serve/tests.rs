//! The API in process (tower's `oneshot`, no socket): every endpoint, bad
//! input, and the bounds. Every solution is checked by the library's
//! validator, every hint against the true solution.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use sudokit::format::{self, Format};
use sudokit::{EngineKind, Grid, Puzzle};
use tower::ServiceExt;

use super::{router, Limits};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The limits the tests start from (`..limits()`).
pub(super) fn limits() -> Limits {
    Limits {
        body: 1 << 20,
        time: Duration::from_secs(5),
        jobs: 2,
        queue: 64,
        max_side: Limits::MAX_SIDE,
        waited: Duration::ZERO,
        cancel: sudokit::Cancel::new(),
    }
}

fn app() -> Router {
    router(limits())
}

/// Sends `body` to `path` (POST, or GET when `body` is `None`): the status
/// and the JSON answer (`Value::Null` for a picture).
async fn call_raw(app: &Router, method: &str, path: &str, body: Vec<u8>) -> (StatusCode, Vec<u8>) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        // `curl -d` sends this content type: the API reads JSON anyway.
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .expect("a request");
    super::test_client::send(app, request).await
}

async fn call(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    let (status, bytes) = call_raw(app, "POST", path, body.to_string().into_bytes()).await;
    let value = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
        panic!(
            "{path}: not JSON ({e}): {}",
            String::from_utf8_lossy(&bytes)
        )
    });
    (status, value)
}

/// The answer to `body` at `path`, which must be 200 OK.
async fn answered(app: &Router, path: &str, body: Value) -> Value {
    let (status, answer) = call(app, path, body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{path} {body}: {answer}");
    answer
}

/// An error answer: its status is `status` and it says `needle`.
async fn refused(app: &Router, path: &str, body: Vec<u8>, status: StatusCode, needle: &str) {
    let (got, bytes) = call_raw(app, "POST", path, body).await;
    let value: Value = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
        panic!(
            "{path}: not JSON ({e}): {}",
            String::from_utf8_lossy(&bytes)
        )
    });
    let message = value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error: {value}"));
    assert_eq!(got, status, "{path}: {message}");
    assert!(
        message.contains(needle),
        "{path}: `{message}` lacks `{needle}`"
    );
}

/// The puzzle of a text, as the CLI reads it.
fn read(text: &str, format: Format) -> Puzzle {
    format::read(format, text.as_bytes())
        .next()
        .expect("a record")
        .expect("readable")
        .puzzle
}

fn values(value: &Value) -> Vec<u8> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.as_u64().expect("a number") as u8)
        .collect()
}

#[tokio::test]
async fn solve_answers_in_the_puzzles_format() {
    let app = app();
    let answer = answered(&app, "/api/solve", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(answer["verdict"], "unique");
    let puzzle = read(PUZZLE, Format::Line);
    let solution = read(answer["solution"].as_str().unwrap(), Format::Line);
    sudokit::validate(&puzzle, solution.givens()).expect("a valid solution");
    assert_eq!(values(&answer["values"]), solution.givens().to_values());
    assert_eq!(answer["board"]["size"], 9);
    assert_eq!(answer["board"]["box"], json!([3, 3]));

    // The puzzle text alone is a request too; a grid gets a grid back.
    let grid_text: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    let (status, bytes) =
        call_raw(&app, "POST", "/api/solve", grid_text.clone().into_bytes()).await;
    assert_eq!(status, StatusCode::OK);
    let answer: Value = serde_json::from_slice(&bytes).unwrap();
    let text = answer["solution"].as_str().unwrap();
    assert!(text.lines().count() > 1, "a grid answer: {text}");
    let format: Format = answer["board"]["format"].as_str().unwrap().parse().unwrap();
    let solution = read(text, format);
    sudokit::validate(&puzzle, solution.givens()).expect("a valid solution");

    // Several solutions, none.
    let open = format!("{}{}", &PUZZLE[..80].replace('8', "."), ".");
    let (_, answer) = call(&app, "/api/solve", json!({ "puzzle": open })).await;
    assert_eq!(answer["verdict"], "multiple");
    let clash = format!("44{}", &PUZZLE[2..]);
    let answer = answered(&app, "/api/solve", json!({ "puzzle": clash })).await;
    assert_eq!(answer["verdict"], "no_solution");
    // An engine that cannot take the grid says so.
    let (status, answer) = call(
        &app,
        "/api/solve",
        json!({ "puzzle": ".".repeat(256), "engine": "fast9" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["verdict"], "invalid");
}

#[tokio::test]
async fn every_engine_and_geometry_solves() {
    let app = app();
    for engine in EngineKind::NAMES {
        let answer = answered(
            &app,
            "/api/solve",
            json!({ "puzzle": PUZZLE, "engine": engine }),
        )
        .await;
        let solution = read(answer["solution"].as_str().unwrap(), Format::Line);
        sudokit::validate(&read(PUZZLE, Format::Line), solution.givens()).expect(engine);
    }
    // A jigsaw, an X-sudoku and a 16x16 from the generator, read back.
    for request in [
        json!({ "jigsaw": true, "seed": 5 }),
        json!({ "x": true, "seed": 5 }),
        json!({ "size": 16, "seed": 5 }),
        json!({ "size": 6, "windoku": false, "seed": 5 }),
    ] {
        let made = answered(&app, "/api/generate", request.clone()).await;
        let text = made["puzzle"].as_str().unwrap();
        let answer = answered(&app, "/api/solve", json!({ "puzzle": text })).await;
        assert_eq!(answer["verdict"], "unique", "{request}");
        assert_eq!(
            answer["board"], made["board"],
            "{request}: parse and generate agree"
        );
        let board = &answer["board"];
        let n = board["size"].as_u64().unwrap() as usize;
        let solution = Grid::from_values(n, &values(&answer["values"])).unwrap();
        let puzzle = board_puzzle(board);
        sudokit::validate(&puzzle, &solution).expect("a valid solution");
        // Uniqueness, by a different engine than the server's.
        let count = EngineKind::Dlx.build().solve(&puzzle, 2).unwrap().count;
        assert_eq!(count, 1, "{request}");
    }
}

/// The puzzle a board describes (regions, extra houses, givens), rebuilt
/// from its JSON alone.
fn board_puzzle(board: &Value) -> Puzzle {
    let n = board["size"].as_u64().unwrap() as usize;
    let regions: Vec<usize> = board["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect();
    let mut geometry = sudokit::Geometry::jigsaw(n, &regions).expect("regions");
    for word in board["variant"].as_array().unwrap() {
        let extra = match word.as_str().unwrap() {
            "x" => sudokit::Extra::Diagonals,
            "windoku" => sudokit::Extra::Windows,
            other => panic!("variant {other}"),
        };
        geometry = geometry.with_extra(extra).unwrap();
    }
    let givens = Grid::from_values(n, &values(&board["givens"])).unwrap();
    Puzzle::new(std::sync::Arc::new(geometry), givens).unwrap()
}

#[tokio::test]
async fn parse_describes_regions_and_extra_houses() {
    let app = app();
    let answer = answered(
        &app,
        "/api/parse",
        json!({ "puzzle": format!("# sudokit: x\n{PUZZLE}") }),
    )
    .await;
    let board = &answer["board"];
    assert_eq!(board["variant"], json!(["x"]));
    let extras = board["extras"].as_array().unwrap();
    assert_eq!(extras.len(), 2);
    assert_eq!(extras[0].as_array().unwrap().len(), 9);
    assert!(board["text"]
        .as_str()
        .unwrap()
        .starts_with("# sudokit: x\n"));
    assert_eq!(board["symbols"], "123456789");
    // The same with the flag instead of the header.
    let (_, flagged) = call(&app, "/api/parse", json!({ "puzzle": PUZZLE, "x": true })).await;
    assert_eq!(flagged["board"], answer["board"]);
}

#[tokio::test]
async fn count_stops_at_the_limit() {
    let app = app();
    let (_, answer) = call(&app, "/api/count", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(answer, json!({ "count": 1, "complete": true, "limit": 2 }));
    let open = ".".repeat(81);
    let answer = answered(&app, "/api/count", json!({ "puzzle": open, "limit": 500 })).await;
    assert_eq!(
        answer,
        json!({ "count": 500, "complete": false, "limit": 500 })
    );
}

#[tokio::test]
async fn hints_follow_the_true_solution() {
    let app = app();
    let puzzle = read(PUZZLE, Format::Line);
    let solution = EngineKind::Dlx
        .build()
        .solve(&puzzle, 1)
        .unwrap()
        .first
        .unwrap()
        .to_values();
    // Walk the whole puzzle by hints, placing each hint's digits: every
    // placement is the solution's, no elimination removes it.
    let mut board = puzzle.givens().to_values();
    let mut hints = 0;
    loop {
        let answer = answered(
            &app,
            "/api/hint",
            json!({ "puzzle": PUZZLE, "values": board }),
        )
        .await;
        if answer["verdict"] == "solved" {
            break;
        }
        assert_eq!(answer["verdict"], "step", "{answer}");
        assert!(!answer["text"].as_str().unwrap().is_empty());
        let highlight = &answer["highlight"];
        // Eliminations miss the answer's digit, placements are it.
        for (list, placed, wrong) in [
            ("eliminations", false, "eliminates the answer"),
            ("placements", true, "a wrong placement"),
        ] {
            for pair in highlight[list].as_array().unwrap() {
                let (cell, digit) = (
                    pair[0].as_u64().unwrap() as usize,
                    pair[1].as_u64().unwrap(),
                );
                assert_eq!(
                    u64::from(solution[cell]) == digit,
                    placed,
                    "{wrong}: {answer}"
                );
                if placed {
                    board[cell] = digit as u8;
                }
            }
        }
        hints += 1;
        assert!(hints <= 81 * 9, "no end to the hints");
    }
    assert_eq!(board, solution);

    // A wrong digit is named, not built on.
    let mut wrong = puzzle.givens().to_values();
    let cell = wrong.iter().position(|&v| v == 0).unwrap();
    wrong[cell] = solution[cell] % 9 + 1;
    let (_, answer) = call(
        &app,
        "/api/hint",
        json!({ "puzzle": PUZZLE, "values": wrong }),
    )
    .await;
    assert_eq!(answer["verdict"], "mistakes");
    assert_eq!(answer["mistakes"], json!([cell]));
}

#[tokio::test]
async fn explain_and_rate_agree_with_the_library() {
    let app = app();
    let (_, rated) = call(&app, "/api/rate", json!({ "puzzle": PUZZLE })).await;
    let board = sudokit::logic::Board::new(&read(PUZZLE, Format::Line)).unwrap();
    let path = sudokit::logic::solve_path(board, &mut sudokit::logic::Ctx::new(false), false);
    assert_eq!(rated["verdict"], "rated");
    assert_eq!(
        rated["rating"]["er"].as_f64().unwrap(),
        path.rating.er.value()
    );
    assert_eq!(rated["rating"]["steps"], path.step_count);
    let (_, explained) = call(&app, "/api/explain", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(explained["rating"], rated["rating"]);
    assert_eq!(
        explained["steps"].as_array().unwrap().len(),
        path.step_count
    );
    // A puzzle with several solutions has no logical path.
    let open = ".".repeat(81);
    let (status, answer) = call(&app, "/api/rate", json!({ "puzzle": open })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["verdict"], "multiple");
}

#[tokio::test]
async fn generate_meets_the_request_and_reproduces() {
    let app = app();
    let request = json!({ "level": "hard", "seed": 11, "symmetry": "rotate180" });
    let made = answered(&app, "/api/generate", request.clone()).await;
    let (_, again) = call(&app, "/api/generate", request).await;
    assert_eq!(
        made["puzzle"], again["puzzle"],
        "a seed gives the same puzzle"
    );
    assert_eq!(made["level"], "hard");
    let text = made["puzzle"].as_str().unwrap();
    let puzzle = read(text, Format::Line);
    assert_eq!(EngineKind::Dlx.build().solve(&puzzle, 2).unwrap().count, 1);
    let board = sudokit::logic::Board::new(&puzzle).unwrap();
    let path = sudokit::logic::solve_path(board, &mut sudokit::logic::Ctx::new(false), false);
    assert_eq!(sudokit::logic::Level::of(path.rating.er).name(), "hard");
    // Without a seed, two puzzles differ (and the seed is said).
    let (_, a) = call(&app, "/api/generate", json!({})).await;
    let (_, b) = call(&app, "/api/generate", json!({})).await;
    assert_ne!(a["puzzle"], b["puzzle"]);
    // A string, exact past 2^53, and it gives the same puzzle again.
    let seed = a["seed"].as_str().expect("the seed as a string");
    let again = answered(&app, "/api/generate", json!({ "seed": seed })).await;
    assert_eq!(again["puzzle"], a["puzzle"]);
}

#[tokio::test]
async fn render_draws_svg_and_png() {
    let app = app();
    let (status, svg) = call_raw(
        &app,
        "POST",
        "/api/render",
        json!({ "puzzle": PUZZLE, "step": 1 })
            .to_string()
            .into_bytes(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let svg = String::from_utf8(svg).unwrap();
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "{}",
        &svg[..40]
    );
    assert!(svg.contains("class=\"hl-"), "a highlight");
    let (status, png) = call_raw(
        &app,
        "POST",
        "/api/render",
        json!({ "puzzle": PUZZLE, "solution": true, "image": "png" })
            .to_string()
            .into_bytes(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    refused(
        &app,
        "/api/render",
        json!({ "puzzle": PUZZLE, "image": "gif" })
            .to_string()
            .into_bytes(),
        StatusCode::BAD_REQUEST,
        "expected svg or png",
    )
    .await;
    refused(
        &app,
        "/api/render",
        json!({ "puzzle": ".".repeat(256), "image": "png", "cell": 400 })
            .to_string()
            .into_bytes(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "too large",
    )
    .await;
}

#[tokio::test]
async fn bad_requests_get_clear_json_errors() {
    let app = app();
    let bad = StatusCode::BAD_REQUEST;
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    let body = |value: Value| value.to_string().into_bytes();
    let grid64: String = (0..64).map(|_| format!("{}\n", ".".repeat(64))).collect();
    let cases: Vec<(&str, Vec<u8>, StatusCode, &str)> = vec![
        ("solve", b"garbage".to_vec(), bad, "puzzle:1:"),
        ("solve", b"{\"puzzle\":".to_vec(), bad, "not valid JSON"),
        ("solve", b"[1, 2]".to_vec(), bad, "puzzle:1:"),
        ("solve", b" {\"puzzle\": 5}".to_vec(), bad, "invalid type"),
        ("solve", vec![0xff, 0xfe, 0], bad, "not UTF-8"),
        ("solve", b"".to_vec(), bad, "missing field `puzzle`"),
        ("solve", body(json!({ "puzzle": "  \n" })), bad, "empty"),
        (
            "solve",
            body(json!({ "puzzle": PUZZLE, "engine": "fast" })),
            bad,
            "unknown engine `fast`",
        ),
        (
            "solve",
            body(json!({ "puzzle": PUZZLE, "format": "csv" })),
            bad,
            "unknown format `csv`",
        ),
        (
            "solve",
            body(json!({ "puzzle": PUZZLE, "limit": 3 })),
            bad,
            "unknown field `limit`",
        ),
        (
            "solve",
            body(json!({ "puzzle": &PUZZLE[1..] })),
            bad,
            "puzzle:1:",
        ),
        (
            "solve",
            body(json!({ "puzzle": format!("{PUZZLE}\n{PUZZLE}\n") })),
            bad,
            "more than one puzzle",
        ),
        // A 64x64 empty grid reads, and is refused before any work: the
        // server's side bound (the README's 422).
        (
            "count",
            body(json!({ "puzzle": grid64, "format": "grid" })),
            unprocessable,
            "at most 36x36",
        ),
        // Huge bodies stop at the limit.
        (
            "solve",
            vec![b'.'; (1 << 20) + 1],
            StatusCode::PAYLOAD_TOO_LARGE,
            "at most 1048576 bytes",
        ),
        (
            "hint",
            body(json!({ "puzzle": PUZZLE, "values": [1, 2] })),
            bad,
            "expected 81 numbers",
        ),
        (
            "hint",
            body(json!({ "puzzle": PUZZLE, "values": vec![10; 81] })),
            bad,
            "digits go from 1 to 9",
        ),
        (
            "count",
            body(json!({ "puzzle": PUZZLE, "limit": 0 })),
            bad,
            "1 or more",
        ),
        (
            "generate",
            body(json!({ "level": "hardest" })),
            bad,
            "unknown level `hardest`",
        ),
        (
            "generate",
            body(json!({ "puzzle": PUZZLE })),
            bad,
            "unknown field `puzzle`",
        ),
        (
            "generate",
            body(json!({ "size": 36 })),
            unprocessable,
            "up to 25x25",
        ),
        (
            "generate",
            body(json!({ "size": 16, "level": "expert" })),
            bad,
            "9x9",
        ),
    ];
    for (endpoint, request, status, needle) in cases {
        refused(&app, &format!("/api/{endpoint}"), request, status, needle).await;
    }
    let (status, answer) = call_raw(&app, "GET", "/api/solve", Vec::new()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(String::from_utf8_lossy(&answer).contains("POST"));
    let (status, answer) = call_raw(&app, "GET", "/api/nothing", Vec::new()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(String::from_utf8_lossy(&answer).contains("\"error\""));
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    let app = app();
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let request = Request::get(path).body(Body::empty()).unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let headers = response.headers();
        let content_type = headers["content-type"].to_str().unwrap();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        if path == "/" {
            let csp = headers["content-security-policy"].to_str().unwrap();
            assert!(csp.contains("script-src 'self'"), "{csp}");
        }
    }
    let (status, index) = call_raw(&app, "GET", "/api", Vec::new()).await;
    assert_eq!(status, StatusCode::OK);
    let index: Value = serde_json::from_slice(&index).unwrap();
    for name in [
        "parse", "solve", "count", "hint", "explain", "rate", "generate", "render",
    ] {
        assert!(
            index["endpoints"][format!("POST /api/{name}")].is_string(),
            "{name}"
        );
    }
}

#[tokio::test]
async fn every_request_is_bounded_in_time() {
    let app = router(Limits {
        time: Duration::from_millis(300),
        ..limits()
    });
    // An empty 25x25 "count them all" stops at the time limit.
    let start = Instant::now();
    let (status, answer) = call(
        &app,
        "/api/count",
        json!({ "puzzle": ".".repeat(625), "limit": u64::MAX }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["verdict"], "gave_up");
    // What was counted by then (none, on a machine busy with other tests).
    assert!(answer["count"].is_u64(), "{answer}");
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("0.3 s per request"));
    // Rarely met targets give up at the limit too.
    let (status, answer) = call(&app, "/api/generate", json!({ "rating": "9.5.." })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("gave up generating"));
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_answers_503() {
    let app = router(Limits {
        time: Duration::from_secs(1),
        jobs: 1,
        queue: 0,
        ..limits()
    });
    let slow = {
        let app = app.clone();
        tokio::spawn(async move {
            call(
                &app,
                "/api/count",
                json!({ "puzzle": ".".repeat(625), "limit": u64::MAX }),
            )
            .await
        })
    };
    // Let the slow request take the only worker of its lane.
    tokio::time::sleep(Duration::from_millis(200)).await;
    refused(
        &app,
        "/api/count",
        json!({ "puzzle": PUZZLE }).to_string().into_bytes(),
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
    )
    .await;
    // The quick lane has its own worker.
    let _ = answered(&app, "/api/solve", json!({ "puzzle": PUZZLE })).await;
    let (status, _) = slow.await.unwrap();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Free again.
    let _ = answered(&app, "/api/count", json!({ "puzzle": PUZZLE })).await;
}

/// Random bytes and mangled puzzles never panic the server: every answer is
/// 200 or a 4xx with a JSON error.
#[tokio::test]
async fn noise_never_breaks_the_server() {
    use rand::{Rng, SeedableRng};
    let app = router(Limits {
        time: Duration::from_millis(500),
        ..limits()
    });
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let endpoints = [
        "parse", "solve", "count", "hint", "explain", "rate", "render",
    ];
    for i in 0..300 {
        let body: Vec<u8> = match i % 3 {
            0 => (0..rng.gen_range(0..200)).map(|_| rng.gen()).collect(),
            1 => {
                let mut p = PUZZLE.as_bytes().to_vec();
                for _ in 0..rng.gen_range(1..6) {
                    let at = rng.gen_range(0..p.len());
                    p[at] = b"0123456789.#x-\n |+"[rng.gen_range(0..18)];
                }
                json!({ "puzzle": String::from_utf8_lossy(&p) })
                    .to_string()
                    .into_bytes()
            }
            _ => {
                let n = [4, 6, 9, 16, 25][rng.gen_range(0..5)];
                let text: String = (0..n * n)
                    .map(|_| {
                        if rng.gen_bool(0.8) {
                            '.'
                        } else {
                            char::from(b'1' + rng.gen_range(0..9))
                        }
                    })
                    .collect();
                json!({ "puzzle": text, "values": [0] })
                    .to_string()
                    .into_bytes()
            }
        };
        let path = format!("/api/{}", endpoints[i % endpoints.len()]);
        let (status, bytes) = call_raw(&app, "POST", &path, body).await;
        assert!(
            status == StatusCode::OK || status.is_client_error(),
            "{path}: {status}"
        );
        if status.is_client_error() {
            let value: Value = serde_json::from_slice(&bytes).expect("a JSON error");
            assert!(value["error"].is_string());
        }
    }
}
