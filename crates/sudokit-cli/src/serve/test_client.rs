//! What the API's test files share: the server with `sudokit serve`'s
//! defaults, a request answered in process (tower's `oneshot`, no socket),
//! and a puzzle's unique solution from the library to check answers with.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use clap::Parser;
use serde_json::Value;
use sudokit::format::{self, Format};
use sudokit::EngineKind;
use tower::ServiceExt;

use super::router;

/// The server with its own defaults, as `sudokit serve` sets them.
pub(super) fn defaults() -> Router {
    let cli = crate::cli::Cli::try_parse_from(["sudokit", "serve"]).expect("serve's defaults");
    let crate::cli::Command::Serve(args) = cli.command else {
        unreachable!("the arguments start with `serve`")
    };
    router(super::limits_of(&args))
}

/// Sends `request`: the status and the body's bytes.
pub(super) async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Vec<u8>) {
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("the body");
    (status, bytes.to_vec())
}

/// POSTs `body` to `path`: the status and the JSON answer (`Value::Null`
/// when the answer is no JSON).
pub(super) async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .body(Body::from(body.to_string()))
        .expect("a request");
    let (status, bytes) = send(app, request).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// The answer of a request that must succeed.
pub(super) async fn ok(app: &Router, path: &str, body: Value) -> Value {
    let (status, value) = post(app, path, body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{path} {body}: {value}");
    value
}

/// The unique solution of the first puzzle of `text`, by the library.
pub(super) fn solution_of(text: &str, format: Format) -> Vec<u8> {
    let puzzle = format::read(format, text.as_bytes())
        .next()
        .expect("a puzzle")
        .expect("a readable puzzle")
        .puzzle;
    let solutions = EngineKind::Auto
        .build()
        .solve(&puzzle, 2)
        .expect("solvable");
    assert_eq!(solutions.count, 1, "the fixture has one solution");
    solutions.first.expect("a solution").to_values()
}
