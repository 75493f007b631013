//! `sudokit serve`: the local web app and its JSON API, on axum and tokio
//! (both only in the CLI crate: the library stays synchronous). The API's
//! work is [`crate::api`]'s, transport-free (the WebAssembly build calls it
//! too); here it gets HTTP, workers and bounds.
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
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State as Extract;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, MethodRouter};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::Semaphore;

pub use crate::api::Limits;
use crate::api::{gave_up, ApiError, Lane};
use crate::cli::ServeArgs;
use crate::status::Status;

#[cfg(test)]
mod abuse_tests;
mod assets;
mod connections;
#[cfg(test)]
mod generate_variant_tests;
#[cfg(test)]
mod multi_tests;
#[cfg(test)]
mod page_api_tests;
mod picture;
#[cfg(test)]
mod test_client;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;

/// The bounds of `sudokit serve`'s requests.
fn limits_of(args: &ServeArgs) -> Limits {
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
    /// The page's WebAssembly engine (`--engine`), served as `engine.js`.
    engine: Option<Arc<str>>,
}

type State = Arc<Shared>;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (status, Json(self.body())).into_response();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            // Work is bounded by the time limit: a second is a fair first retry.
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("1"),
            );
        }
        response
    }
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
    let arrived = web_time::Instant::now();
    let busy = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE.as_u16(),
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
            StatusCode::INTERNAL_SERVER_ERROR.as_u16(),
            format!("the request's work failed: {e}"),
        ))
    })
}

/// The app: the page and its assets, the API, JSON for unknown paths.
#[cfg(test)]
pub fn router(limits: Limits) -> Router {
    router_with(limits, None)
}

/// [`router`], the page with its WebAssembly `engine` (`engine.js`).
pub fn router_with(limits: Limits, engine: Option<Arc<str>>) -> Router {
    let state: State = Arc::new(Shared {
        engine,
        workers: Arc::new(Semaphore::new(limits.jobs.max(1))),
        waiting: Semaphore::new(limits.queue),
        quick: Arc::new(Semaphore::new(limits.jobs.max(1))),
        quick_waiting: Semaphore::new(limits.queue),
        busy: AtomicUsize::new(0),
        peak: AtomicUsize::new(0),
        fonts: crate::png::load_fonts(),
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
        .route("/engine.js", get(assets::engine))
        .route("/api", get(index))
        .route("/api/parse", endpoint("parse"))
        .route("/api/solve", endpoint("solve"))
        .route("/api/count", endpoint("count"))
        .route("/api/hint", endpoint("hint"))
        .route("/api/check", endpoint("check"))
        .route("/api/candidates", endpoint("candidates"))
        .route("/api/explain", endpoint("explain"))
        .route("/api/rate", endpoint("rate"))
        .route("/api/generate", endpoint("generate"))
        .route("/api/render", post(picture::render))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn_with_state(
            body_limit,
            declared_size,
        ))
        .layer(axum::middleware::map_response(nosniff))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            |_: Box<dyn std::any::Any + Send>| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR.as_u16(),
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
            StatusCode::PAYLOAD_TOO_LARGE.as_u16(),
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
    let engine: Option<Arc<str>> = match &args.engine {
        None => None,
        Some(path) => Some(
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the engine {}", path.display()))?
                .into(),
        ),
    };
    if let Some(dir) = &args.export {
        assets::export(dir, engine.as_deref())
            .with_context(|| format!("cannot write the page into {}", dir.display()))?;
        println!(
            "sudokit serve: the page is in {} ({}); open index.html",
            dir.display(),
            if engine.is_some() {
                "it answers in the browser"
            } else {
                "without --engine it needs a server's API"
            }
        );
        return Ok(Status::Ok);
    }
    let limits = limits_of(args);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(serve(args.addr, limits, engine))?;
    Ok(Status::Ok)
}

async fn serve(addr: SocketAddr, limits: Limits, engine: Option<Arc<str>>) -> anyhow::Result<()> {
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
        router_with(limits, engine),
        connections::Timeouts::DEFAULT,
        stop_signal(),
    )
    .await;
    Ok(())
}

/// The body as axum hands it over (a rejection is answered in JSON).
pub(crate) type Body = Result<Bytes, BytesRejection>;

/// The body's text: 413 past the size limit, 400 when it is not UTF-8.
fn body_text(body: Body, limits: &Limits) -> Result<String, ApiError> {
    let bytes = body.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE.as_u16(),
                format!(
                    "the request body is too large: this server takes at most {} bytes",
                    limits.body
                ),
            )
        } else {
            ApiError::new(
                r.status().as_u16(),
                format!("cannot read the request: {}", r.body_text()),
            )
        }
    })?;
    String::from_utf8(bytes.to_vec()).map_err(|e| {
        ApiError::bad(format!(
            "the request body is not UTF-8 text: {}",
            e.utf8_error()
        ))
    })
}

/// `POST /api/NAME`: the request read and checked at once, its work run on
/// a worker of its lane.
fn endpoint(name: &'static str) -> MethodRouter<State> {
    post(
        move |Extract(state): Extract<State>, body: Body| async move {
            let text = body_text(body, &state.limits)?;
            let prepared = crate::api::prepare(name, &text, &state.limits)?;
            let lane = prepared.lane();
            on_worker(&state, lane, move |limits: Limits| prepared.run(&limits))
                .await
                .map(Json)
        },
    )
}

/// `GET /api`: what there is.
async fn index(Extract(state): Extract<State>) -> Json<Value> {
    use std::sync::atomic::Ordering;
    Json(json!({
        "workers": {
            "jobs": state.limits.jobs.max(1),
            "busy": state.busy.load(Ordering::SeqCst),
            "peak": state.peak.load(Ordering::SeqCst),
        },
        "endpoints": crate::api::ENDPOINTS
            .iter()
            .map(|(name, what)| (format!("POST /api/{name}"), json!(what)))
            .collect::<serde_json::Map<String, Value>>(),
        "request": "a JSON object {\"puzzle\": TEXT, ...} or the puzzle text itself; any format sudokit reads",
        "errors": "4xx or 503 with {\"error\": MESSAGE}",
    }))
}

/// Unknown paths: 404 with a pointer to the API.
async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND.as_u16(),
        format!(
            "nothing at {}: the page is at /, the API under /api/ (GET /api lists it)",
            uri.path()
        ),
    )
}

/// A known path with the wrong method.
async fn method_not_allowed(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED.as_u16(),
        if uri.path() == "/api" {
            "GET /api lists the API; each endpoint under it answers POST requests with a JSON body"
                .to_owned()
        } else {
            format!("{} answers POST requests with a JSON body", uri.path())
        },
    )
}
