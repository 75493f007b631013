//! The server under abuse, in process: clients that hang up on expensive
//! work, and inputs that cost more than the time limit.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

use super::{router, Limits};

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .body(Body::from(body.to_string()))
        .expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("a body");
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

async fn workers(app: &axum::Router) -> Value {
    let request = Request::get("/api").body(Body::empty()).expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("a body");
    let index: Value = serde_json::from_slice(&bytes).expect("JSON");
    index["workers"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_requests_never_run_more_than_jobs_workers() {
    let limits = Limits {
        body: 1 << 20,
        time: Duration::from_millis(600),
        jobs: 2,
        queue: 64,
        max_side: Limits::MAX_SIDE,
    };
    let time = limits.time;
    let app = router(limits);
    // An empty 25x25 with a huge limit: each count runs to the time limit.
    let empty = ".".repeat(625);
    let started = Instant::now();
    let mut calls = Vec::new();
    for _ in 0..12 {
        let app = app.clone();
        let body = json!({ "puzzle": empty, "limit": 1_000_000_000u64 });
        calls.push(tokio::spawn(async move {
            // The client hangs up after 100 ms.
            let _ =
                tokio::time::timeout(Duration::from_millis(100), post(&app, "/api/count", body))
                    .await;
        }));
    }
    for c in calls {
        c.await.expect("the client task");
    }
    let mut peak = 0;
    loop {
        let w = workers(&app).await;
        peak = peak.max(w["peak"].as_u64().expect("peak"));
        if w["busy"].as_u64() == Some(0) {
            break;
        }
        assert!(
            started.elapsed() < time * 3 + Duration::from_secs(2),
            "work still running after the deadline: {w}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(peak >= 1, "no work ran");
    assert!(peak <= 2, "{peak} workers ran at once with --jobs 2");
}

#[tokio::test]
async fn a_title_too_long_to_lay_out_in_time_is_refused_at_once() {
    let app = router(Limits {
        body: 1 << 20,
        time: Duration::from_secs(5),
        jobs: 2,
        queue: 64,
        max_side: Limits::MAX_SIDE,
    });
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
