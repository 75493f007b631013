//! The server under abuse, in process: clients that hang up on expensive
//! work, and inputs that cost more than the time limit.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

use super::test_client::post;
use super::tests::limits;
use super::{router, Limits};

async fn workers(app: &axum::Router) -> Value {
    let request = Request::get("/api").body(Body::empty()).expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("a body");
    let index: Value = serde_json::from_slice(&bytes).expect("JSON");
    index["workers"].clone()
}

/// Waits until no worker is busy, `within` at most; the most busy at once.
async fn idle_within(app: &axum::Router, within: Duration, what: &str) -> u64 {
    let started = Instant::now();
    let mut peak = 0;
    loop {
        let w = workers(app).await;
        peak = peak.max(w["peak"].as_u64().expect("peak"));
        if w["busy"].as_u64() == Some(0) {
            return peak;
        }
        assert!(
            started.elapsed() < within,
            "{what}: work still running {:?} after its clients hung up: {w}",
            started.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_requests_never_run_more_than_jobs_workers_and_stop_when_their_clients_go() {
    // A time limit no test waits for: only the hang-ups can end the work.
    let app = router(Limits {
        time: Duration::from_secs(60),
        ..limits()
    });
    // Each would run for minutes: counting an empty 25x25, a generation
    // of a 25x25 with a minimality proof, a variant band rarely met.
    let expensive = [
        (
            "/api/count",
            json!({ "puzzle": ".".repeat(625), "limit": 1_000_000_000u64 }),
        ),
        ("/api/generate", json!({ "size": 25, "minimal": true })),
        (
            "/api/generate",
            json!({ "kind": "thermo=1", "band": "extreme", "givens": 30 }),
        ),
    ];
    for (path, body) in expensive {
        let peak = abandon(&app, path, &body, Duration::from_secs(2)).await;
        assert!(
            peak <= 2,
            "{path}: {peak} workers ran at once with --jobs 2"
        );
    }
    // A large PNG takes a second or so: timed whole first, its abandoned
    // copies must stop well before that (painting stops between bands).
    let png = json!({ "puzzle": ".".repeat(81), "candidates": true, "cell": 400, "image": "png" });
    let started = Instant::now();
    let (status, _) = post(&app, "/api/render", png.clone()).await;
    assert_eq!(status, StatusCode::OK);
    let whole = started.elapsed();
    if whole > Duration::from_millis(500) {
        abandon(&app, "/api/render", &png, whole / 2).await;
    } else {
        eprintln!("the PNG took {whole:?}: too quick to show it stops early");
    }
}

/// Six clients ask for `body` at `path` and hang up after 150 ms: the work
/// must stop `within` that; the most workers busy at once.
async fn abandon(app: &axum::Router, path: &'static str, body: &Value, within: Duration) -> u64 {
    let mut calls = Vec::new();
    for _ in 0..6 {
        let (app, body) = (app.clone(), body.clone());
        calls.push(tokio::spawn(async move {
            tokio::time::timeout(Duration::from_millis(150), post(&app, path, body))
                .await
                .is_err()
        }));
    }
    let mut hung_up = 0;
    for c in calls {
        hung_up += usize::from(c.await.expect("the client task"));
    }
    assert!(
        hung_up >= 2,
        "{path}: the work ended before its clients hung up"
    );
    let peak = idle_within(app, within, path).await;
    assert!(peak >= 1, "{path}: no work ran");
    peak
}

#[tokio::test]
async fn a_title_too_long_to_lay_out_in_time_is_refused_at_once() {
    let app = router(Limits { ..limits() });
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let started = Instant::now();
    let (status, body) = post(
        &app,
        "/api/render",
        json!({ "puzzle": puzzle, "title": "x".repeat(100_000), "image": "png" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap_or("")
            .contains("at most 200 characters"),
        "{body}"
    );
    assert!(started.elapsed() < Duration::from_secs(1));
    // A title within the bound is drawn.
    let (status, _) = post(
        &app,
        "/api/render",
        json!({ "puzzle": puzzle, "title": "y".repeat(200), "image": "svg" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
}

/// A server on a loopback port with short connection bounds; its address.
async fn listening(timeouts: super::connections::Timeouts) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let app = router(Limits {
        body: 1000,
        ..limits()
    });
    tokio::spawn(super::connections::serve_on(
        listener,
        app,
        timeouts,
        std::future::pending(),
    ));
    addr
}

/// Reads from `stream` until it closes or `within` passes; what came.
async fn read_until_closed(
    stream: &mut tokio::net::TcpStream,
    within: Duration,
) -> Option<Vec<u8>> {
    use tokio::io::AsyncReadExt;
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return Some(got),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
            Err(_) => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_and_bodies_are_cut_off_and_new_clients_still_served() {
    use tokio::io::AsyncWriteExt;
    let timeouts = super::connections::Timeouts {
        headers: Duration::from_millis(300),
        body: Duration::from_millis(300),
        connections: 64,
    };
    let addr = listening(timeouts).await;
    // Half a request line, then nothing.
    let mut slow = tokio::net::TcpStream::connect(addr)
        .await
        .expect("a socket");
    slow.write_all(b"POST /api/solve HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("sent");
    // Headers, then half the body declared.
    let mut half = tokio::net::TcpStream::connect(addr)
        .await
        .expect("a socket");
    half.write_all(
        b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"puzzle\"",
    )
    .await
    .expect("sent");
    // A new client is answered meanwhile.
    let mut fresh = tokio::net::TcpStream::connect(addr)
        .await
        .expect("a socket");
    fresh
        .write_all(b"GET /api HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .expect("sent");
    let answer = read_until_closed(&mut fresh, Duration::from_secs(2))
        .await
        .expect("the new client is answered");
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    // Both slow clients are cut off within their bound and a margin.
    let started = Instant::now();
    read_until_closed(&mut slow, Duration::from_secs(3))
        .await
        .expect("slow headers are cut off");
    read_until_closed(&mut half, Duration::from_secs(3))
        .await
        .expect("a slow body is cut off");
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn a_declared_body_over_the_limit_gets_413_not_100_continue() {
    use tokio::io::AsyncWriteExt;
    let addr = listening(super::connections::Timeouts::DEFAULT).await;
    let mut client = tokio::net::TcpStream::connect(addr)
        .await
        .expect("a socket");
    client
        .write_all(
            b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
        )
        .await
        .expect("sent");
    let answer = read_until_closed(&mut client, Duration::from_secs(3))
        .await
        .expect("answered");
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(!text.contains("100 Continue"), "{text}");
    assert!(text.contains("larger than 1000 bytes"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn easy_solves_pass_a_crowd_of_expensive_requests() {
    let app = router(Limits {
        time: Duration::from_millis(1500),
        jobs: 1,
        ..limits()
    });
    let empty = ".".repeat(625);
    let mut crowd = Vec::new();
    for _ in 0..6 {
        let app = app.clone();
        let body = json!({ "puzzle": empty, "limit": 1_000_000_000u64 });
        crowd.push(tokio::spawn(
            async move { post(&app, "/api/count", body).await },
        ));
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for _ in 0..5 {
        let started = Instant::now();
        let (status, body) = post(&app, "/api/solve", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(
            started.elapsed() < Duration::from_millis(500),
            "an easy solve waited {:?} behind the crowd",
            started.elapsed()
        );
    }
    for c in crowd {
        let (status, _) = c.await.expect("a crowd request");
        // Each either ran to its limit (422 with a partial count) or waited
        // too long (503): never a 5xx other than that.
        assert!(
            status == StatusCode::UNPROCESSABLE_ENTITY
                || status == StatusCode::OK
                || status == StatusCode::SERVICE_UNAVAILABLE,
            "{status}"
        );
    }
}

#[tokio::test]
async fn requests_that_are_not_what_an_endpoint_takes_say_so() {
    let app = router(Limits { ..limits() });
    for body in ["[1,2]", "null", "17"] {
        let request = Request::post("/api/generate")
            .body(Body::from(body))
            .expect("a request");
        let response = app.clone().oneshot(request).await.expect("an answer");
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("a body");
        let answer: Value = serde_json::from_slice(&bytes).expect("JSON");
        assert!(
            answer["error"]
                .as_str()
                .unwrap_or("")
                .contains("must be a JSON object"),
            "{body}: {answer}"
        );
    }
    // The API's advice names its own field, not the CLI's flag.
    let (status, answer) = post(
        &app,
        "/api/solve",
        json!({ "puzzle": "1234567890abcdeZ\n?? ??\n" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let error = answer["error"].as_str().unwrap_or("");
    assert!(
        error.contains("give `format`") && !error.contains("--format"),
        "{answer}"
    );
    // A player's digit over a given is named, not ignored.
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let mut values = vec![0u8; 81];
    values[0] = 5;
    let (status, answer) = post(
        &app,
        "/api/hint",
        json!({ "puzzle": puzzle, "values": values }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or("")
            .contains("r1c1 holds 5, but the puzzle gives 4"),
        "{answer}"
    );
}

#[test]
fn solves_of_long_puzzle_texts_wait_in_the_heavy_lane() {
    use super::Lane;
    use crate::api::solve_lane;
    use crate::api::PuzzleReq;
    let req = |text: String| -> PuzzleReq {
        serde_json::from_value(json!({ "puzzle": text })).expect("a request")
    };
    // A 9x9 line or grid, a 16x16 line: quick.
    assert_eq!(solve_lane(&req(".".repeat(81))), Lane::Quick);
    assert_eq!(solve_lane(&req(".".repeat(256))), Lane::Quick);
    let rule = "+-------+-------+-------+\n";
    let band = format!("{rule}{}", "| . . . | . . . | . . . |\n".repeat(3));
    let grid9 = format!("{}{rule}", band.repeat(3));
    assert!(grid9.len() <= 400, "{}", grid9.len());
    assert_eq!(solve_lane(&req(grid9)), Lane::Quick);
    // A 25x25, or a variant's JSON: heavy.
    assert_eq!(solve_lane(&req(".".repeat(625))), Lane::Heavy);
}

#[tokio::test]
async fn a_png_with_more_candidate_marks_than_it_can_lay_out_in_time_is_refused_at_once() {
    let app = router(Limits {
        time: Duration::from_secs(60),
        ..limits()
    });
    let empty36 = ".".repeat(1296);
    let started = Instant::now();
    for extra in [json!({ "candidates": true }), json!({ "step": 1 })] {
        let mut body = json!({ "puzzle": empty36, "image": "png", "cell": 20 });
        body.as_object_mut()
            .expect("an object")
            .extend(extra.as_object().expect("an object").clone());
        let (status, answer) = post(&app, "/api/render", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        let error = answer["error"].as_str().expect("an error");
        assert!(
            error.contains("46656 marks") && error.contains("SVG"),
            "{error}"
        );
    }
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // The same as SVG is cheap and drawn.
    let body = json!({ "puzzle": empty36, "candidates": true, "cell": 20 });
    let (status, _) = post(&app, "/api/render", body).await;
    assert_eq!(status, StatusCode::OK);
}
