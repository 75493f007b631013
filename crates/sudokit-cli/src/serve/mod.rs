//! `sudokit serve`: the local web app and its JSON API, on axum and tokio
//! (both only in the CLI crate: the library stays synchronous).
//!
//! Every request is bounded: its body ([`Limits::body`]), its work (engine
//! budgets, logic and generator deadlines of [`Limits::time`]), its grid
//! ([`Limits::max_side`]), and how many run at once: CPU work runs on the
//! blocking pool behind a semaphore of [`Limits::jobs`] permits, with at most
//! [`Limits::queue`] requests waiting for one.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};

use sudokit::{Budget, Engine, EngineKind};
use tokio::sync::Semaphore;

use crate::cli::ServeArgs;
use crate::status::Status;

#[cfg(test)]
mod abuse_tests;
mod api;
mod assets;
mod board;
mod connections;
mod generate_variant;
#[cfg(test)]
mod generate_variant_tests;
mod picture;
mod play_api;
mod request;
#[cfg(test)]
mod test_client;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;

/// The bounds of every request.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub body: usize,
    /// Time limit of one request's search, rating or generation.
    pub time: Duration,
    /// Requests worked on at once.
    pub jobs: usize,
    /// Requests allowed to wait for a worker.
    pub queue: usize,
    /// Largest grid side taken.
    pub max_side: usize,
    /// What the request spent waiting for a worker, already taken off
    /// `time` (0 until it has a worker).
    pub waited: Duration,
    /// Raised when the client hangs up before its answer: engines, the
    /// logic ladder, the generator and the PNG painter poll it and stop,
    /// freeing the worker (a fresh flag for each request's work).
    pub cancel: sudokit::Cancel,
}

impl Limits {
    /// The largest side the server takes: the generator's, and far beyond
    /// what a page can show (a 64x64 grid is refused before any work).
    pub const MAX_SIDE: usize = 36;

    fn of(args: &ServeArgs) -> Limits {
        Limits {
            body: args.max_body,
            time: args.timeout,
            jobs: args
                .jobs
                .map(usize::from)
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            queue: args.queue,
            max_side: Limits::MAX_SIDE,
            waited: Duration::ZERO,
            cancel: sudokit::Cancel::new(),
        }
    }
}

/// Raises a request's cancel flag when dropped: the handler's future holds
/// it while the work runs, and hyper drops that future when the client hangs
/// up (after the answer the flag is raised too, harmlessly).
struct CancelOnDrop(sudokit::Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// What every handler shares.
struct Shared {
    limits: Limits,
    /// One permit per request worked on; the work holds it, so a client
    /// that hangs up does not free a worker before its work ends.
    workers: Arc<Semaphore>,
    /// One permit per request waiting for a worker.
    waiting: Semaphore,
    /// The same two for the quick lane (`Lane::Quick`).
    quick: Arc<Semaphore>,
    quick_waiting: Semaphore,
    /// Workers running now, and the most that ever ran at once (`GET /api`
    /// shows both).
    busy: AtomicUsize,
    peak: AtomicUsize,
    /// The PNG fonts, loaded once.
    fonts: Arc<resvg::usvg::fontdb::Database>,
    /// The one thread that paints PNGs: laying out a picture's text takes
    /// up to 32 MB (a 16x16 with candidates), and the C allocator keeps what
    /// a thread freed for that thread's arena, so painting on one fixed
    /// thread bounds what the server holds after a burst of PNGs to one
    /// picture's worth (on the blocking pool's changing threads it grew
    /// with each; two painters held 70 MB). PNGs are painted one at a time;
    /// one that waited past its deadline gives up at its first band.
    painters: Arc<rayon::ThreadPool>,
}

type State = Arc<Shared>;

/// A request that cannot be answered: its status and message, as JSON
/// `{"error": message, ...}` with any further fields.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    more: Option<Value>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            more: None,
        }
    }

    /// 400: the request or its puzzle text cannot be read.
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 422: readable, but nothing can be done with it (an invalid or
    /// ambiguous puzzle, a search given up on).
    fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// Adds fields beside `error` (a verdict, a partial count).
    fn with(mut self, more: Value) -> ApiError {
        self.more = Some(more);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message });
        if let (Some(Value::Object(more)), Value::Object(map)) = (self.more, &mut body) {
            map.extend(more);
        }
        let mut response = (self.status, Json(body)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            // Work is bounded by the time limit: a second is a fair first retry.
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("1"),
            );
        }
        response
    }
}

/// Which workers a request waits for: `/api/parse`, and `/api/solve` of a
/// puzzle text short enough to be cheap (`api::QUICK_TEXT`), have workers
/// of their own, so a crowd of ratings, counts, generations and large
/// solves never delays them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Parse and solve.
    Quick,
    /// Everything else.
    Heavy,
}

/// Runs `work` on the blocking pool once a worker of its lane is free: 503
/// (with `Retry-After: 1`) at once when none is and the lane's queue is
/// full, or after waiting the whole time limit. The wait counts against the
/// time limit: `work` gets the limits with what is left of it.
async fn on_worker<T, F>(state: &State, lane: Lane, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(Limits) -> Result<T, ApiError> + Send + 'static,
{
    let arrived = std::time::Instant::now();
    let busy = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: too many requests at once, try again",
        )
    };
    let (workers, waiting) = match lane {
        Lane::Quick => (&state.quick, &state.quick_waiting),
        Lane::Heavy => (&state.workers, &state.waiting),
    };
    let worker = match Arc::clone(workers).try_acquire_owned() {
        Ok(worker) => worker,
        Err(_) => {
            // Wait in line, if there is room in it; the wait counts against
            // the request's time limit, so a request that waited it all is
            // answered 503 rather than started.
            let _waiting = waiting.try_acquire().map_err(|_| busy())?;
            tokio::time::timeout(state.limits.time, Arc::clone(workers).acquire_owned())
                .await
                .map_err(|_| busy())?
                .map_err(|_| busy())?
        }
    };
    // The permit goes with the work: a request dropped while its work runs
    // (the client hung up) keeps its worker until the work ends, so no more
    // than `--jobs` workers ever run; dropping it also raises the work's
    // cancel flag, which ends the work within a few milliseconds.
    // One deadline for the whole request: the work gets what the wait left.
    let mut limits = state.limits.clone();
    limits.waited = arrived.elapsed();
    limits.time = limits.time.saturating_sub(limits.waited);
    limits.cancel = sudokit::Cancel::new();
    let _cancel_on_drop = CancelOnDrop(limits.cancel.clone());
    let shared = Arc::clone(state);
    let result = tokio::task::spawn_blocking(move || {
        let now = shared.busy.fetch_add(1, Ordering::SeqCst) + 1;
        shared.peak.fetch_max(now, Ordering::SeqCst);
        let out = work(limits);
        shared.busy.fetch_sub(1, Ordering::SeqCst);
        drop(worker);
        out
    })
    .await;
    result.unwrap_or_else(|e| {
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the request's work failed: {e}"),
        ))
    })
}

/// The app: the page and its assets, the API, JSON for unknown paths.
pub fn router(limits: Limits) -> Router {
    let state: State = Arc::new(Shared {
        workers: Arc::new(Semaphore::new(limits.jobs.max(1))),
        waiting: Semaphore::new(limits.queue),
        quick: Arc::new(Semaphore::new(limits.jobs.max(1))),
        quick_waiting: Semaphore::new(limits.queue),
        busy: AtomicUsize::new(0),
        peak: AtomicUsize::new(0),
        fonts: crate::render::load_fonts(),
        painters: Arc::new(
            rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .thread_name(|_| "sudokit-paint".into())
                .build()
                .expect("the painting threads start"),
        ),
        limits,
    });
    let body_limit = state.limits.body;
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api", get(api::index))
        .route("/api/parse", post(api::parse))
        .route("/api/solve", post(api::solve))
        .route("/api/count", post(api::count))
        .route("/api/hint", post(api::hint))
        .route("/api/check", post(play_api::check))
        .route("/api/candidates", post(play_api::candidates))
        .route("/api/explain", post(api::explain))
        .route("/api/rate", post(api::rate))
        .route("/api/generate", post(api::generate))
        .route("/api/render", post(picture::render))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn_with_state(
            body_limit,
            declared_size,
        ))
        .layer(axum::middleware::map_response(nosniff))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            |_: Box<dyn std::any::Any + Send>| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal error: the request could not be answered",
                )
                .into_response()
            },
        ))
        .with_state(state)
}

/// A body declared larger than the limit gets 413 before anything reads it
/// (so a client that asked `Expect: 100-continue` is never told to send it).
async fn declared_size(
    axum::extract::State(limit): axum::extract::State<usize>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than {limit} bytes (--max-body)"),
        )
        .into_response();
    }
    next.run(request).await
}

/// Every answer is what its content type says (no sniffing a JSON error
/// into HTML).
async fn nosniff(mut response: Response) -> Response {
    response.headers_mut().insert(
        axum::http::header::X_CONTENT_TYPE_OPTIONS,
        axum::http::HeaderValue::from_static("nosniff"),
    );
    response
}

/// Ctrl-C, or SIGTERM (a service manager's stop) on Unix.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Runs `sudokit serve` until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs) -> anyhow::Result<Status> {
    let limits = Limits::of(args);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(serve(args.addr, limits))?;
    Ok(Status::Ok)
}

async fn serve(addr: SocketAddr, limits: Limits) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    let bound = listener.local_addr()?;
    // The first line of stdout, which scripts and tests read for the port.
    println!("sudokit serve: listening on http://{bound}/ (Ctrl-C to stop)");
    if !bound.ip().is_loopback() {
        eprintln!(
            "sudokit serve: warning: {} is reachable from other machines",
            bound.ip()
        );
    }
    connections::serve_on(
        listener,
        router(limits),
        connections::Timeouts::DEFAULT,
        stop_signal(),
    )
    .await;
    Ok(())
}

/// The engine named by `name` (`auto` when absent), with the time limit.
fn engine(name: Option<&str>, limits: &Limits) -> Result<Box<dyn Engine + Send>, ApiError> {
    let kind = match name {
        None => EngineKind::Auto,
        Some(name) => name.parse::<EngineKind>().map_err(|_| {
            ApiError::bad(format!(
                "unknown engine `{name}`: expected one of {}",
                EngineKind::NAMES.join(", ")
            ))
        })?,
    };
    let mut engine = kind.build();
    engine.set_budget(
        Budget::UNLIMITED
            .with_time_limit(limits.time)
            .with_cancel(limits.cancel.clone()),
    );
    Ok(engine)
}

/// 422: the work ran out of the server's time for one request.
fn gave_up(limits: &Limits, what: &str) -> ApiError {
    ApiError::unprocessable(format!(
        "gave up {what}: the server's limit is {} s per request; the CLI has none",
        (limits.time + limits.waited).as_secs_f64()
    ))
}
