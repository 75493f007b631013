//! The JSON API's work, without a transport: a request's JSON text in, the
//! answer's JSON out. `sudokit serve` runs it on its workers behind HTTP
//! (`serve`), and the WebAssembly build (`crates/sudokit-wasm`) calls it in
//! the page's Web Worker and in Node: one body of code, so the page answers
//! the same with the server or without it.
//!
//! A call is two halves: [`prepare`] reads and checks the request (cheap,
//! so a server answers a bad one without waiting for a worker), and
//! [`Prepared::run`] does the work within [`Limits`].

use std::time::Duration;

use serde_json::{json, Value};
use sudokit::{Budget, Engine, EngineKind};

mod board;
pub(crate) mod generate;
mod generate_variant;
mod picture;
mod play;
mod request;
mod work;

pub use board::BoardJson;
pub(crate) use generate::GenerateReq;
pub(crate) use picture::RenderJob;
pub(crate) use request::PuzzleReq;
pub(crate) use work::{looks_variant, solve_lane};

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

    /// One caller's limits: `time` for each request's work, no queue (the
    /// WebAssembly build, where the caller is the only client).
    pub fn single(time: Duration) -> Limits {
        Limits {
            body: usize::MAX,
            time,
            jobs: 1,
            queue: 0,
            max_side: Limits::MAX_SIDE,
            waited: Duration::ZERO,
            cancel: sudokit::Cancel::new(),
        }
    }
}

/// A request that cannot be answered: its HTTP status and message, as JSON
/// `{"error": message, ...}` with any further fields.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status: 400, 404, 405, 413, 422, 500 or 503.
    pub status: u16,
    /// What is wrong, for a person.
    pub message: String,
    /// Fields beside `error` (a verdict, a partial count).
    pub more: Option<Value>,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            more: None,
        }
    }

    /// 400: the request or its puzzle text cannot be read.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }

    /// 422: readable, but nothing can be done with it (an invalid or
    /// ambiguous puzzle, a search given up on).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(422, message)
    }

    /// Adds fields beside `error` (a verdict, a partial count).
    pub fn with(mut self, more: Value) -> ApiError {
        self.more = Some(more);
        self
    }

    /// The answer's body: `{"error": message, ...more}`.
    pub fn body(&self) -> Value {
        let mut body = json!({ "error": self.message });
        if let (Some(Value::Object(more)), Value::Object(map)) = (&self.more, &mut body) {
            map.extend(more.clone());
        }
        body
    }
}

/// Which workers a request waits for: `parse`, and `solve` of a puzzle text
/// short enough to be cheap, have workers of their own on a server, so a
/// crowd of ratings, counts, generations and large solves never delays
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Parse and solve.
    Quick,
    /// Everything else.
    Heavy,
}

/// The endpoints, by name (`POST /api/NAME`), each with what it answers.
pub const ENDPOINTS: &[(&str, &str)] = &[
    ("parse", "the puzzle's board: size, regions, extra houses, givens, symbols; and `solutions`: 0, 1, 2 (two or more) or null (out of time)"),
    ("solve", "verdict (unique, multiple, no_solution) and the solution in the puzzle's format"),
    ("count", "the number of solutions, up to `limit` (default 2)"),
    ("hint", "the next logical step from the player's `values`, or their mistakes"),
    ("check", "the player's `values` judged: solved (a full grid the validator passes, every constraint included), broken, wrong (the cells) or ok"),
    ("candidates", "the true candidates from the player's `values`: a bit mask per cell"),
    ("explain", "every step of the logical path (and each as cells and candidates to draw, from the givens' `candidates`), and the rating (a variant's path: how it ends, no rating)"),
    ("rate", "the difficulty card: band, difficulty, minutes, techniques, a setter's checks (and Sudoku Explainer's ER, EP, ED for a classic puzzle)"),
    ("generate", "a new puzzle with one solution: size, box, jigsaw, x, windoku, symmetry, minimal, clues, level, rating, seed; or a variant puzzle: kind (killer, thermo=N, arrow, kropki=min, xv, sandwich, little-killer, whispers, renban …), band, difficulty, givens, size, box, jigsaw, symmetry, seed, answered as f-puzzles link and JSON, SudokuPad link, solution and card"),
    ("render", "an SVG or PNG picture: solution, candidates, step"),
];

/// A request read and checked, ready to run.
#[derive(Debug)]
pub enum Prepared {
    /// `parse`.
    Parse(PuzzleReq),
    /// `solve`.
    Solve(PuzzleReq),
    /// `count` (with its limit, checked).
    Count(PuzzleReq, u64),
    /// `hint`.
    Hint(PuzzleReq),
    /// `check`.
    Check(PuzzleReq),
    /// `candidates`.
    Candidates(PuzzleReq),
    /// `explain`.
    Explain(PuzzleReq),
    /// `rate`.
    Rate(PuzzleReq),
    /// `generate`.
    Generate(Box<GenerateReq>),
    /// `render`.
    Render(Box<RenderJob>),
}

/// Reads the request `body` of endpoint `name` (a JSON object, or the
/// puzzle text itself): 404 for an unknown endpoint, 400 for a request it
/// cannot take.
///
/// # Errors
/// As said.
pub fn prepare(name: &str, body: &str, limits: &Limits) -> Result<Prepared, ApiError> {
    use request::{decode, PUZZLE_FIELDS};
    let puzzle = |extra: &[&str]| decode::<PuzzleReq>(body, &[PUZZLE_FIELDS, extra]);
    Ok(match name {
        "parse" => Prepared::Parse(puzzle(&[])?),
        "solve" => Prepared::Solve(puzzle(&["engine"])?),
        "count" => {
            let req = puzzle(&["limit"])?;
            let limit = req.limit.unwrap_or(2);
            if limit == 0 {
                return Err(ApiError::bad(
                    "limit: a whole number of solutions, 1 or more",
                ));
            }
            Prepared::Count(req, limit)
        }
        "hint" => Prepared::Hint(puzzle(&["values"])?),
        "check" => Prepared::Check(puzzle(&["values"])?),
        "candidates" => Prepared::Candidates(puzzle(&["values"])?),
        "explain" => Prepared::Explain(puzzle(&[])?),
        "rate" => Prepared::Rate(puzzle(&[])?),
        "generate" => Prepared::Generate(Box::new(generate::prepare(body)?)),
        "render" => Prepared::Render(Box::new(picture::prepare(body, limits)?)),
        _ => {
            return Err(ApiError::new(
                404,
                format!(
                    "nothing at /api/{name}: the API is {}",
                    ENDPOINTS
                        .iter()
                        .map(|(n, _)| format!("/api/{n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ))
        }
    })
}

impl Prepared {
    /// The lane the request waits in on a server (by a cost estimate made
    /// before reading the puzzle).
    pub fn lane(&self) -> Lane {
        match self {
            // A variant's count of solutions may search for long: it
            // waits with the expensive requests.
            Prepared::Parse(req) if !looks_variant(&req.puzzle) => Lane::Quick,
            Prepared::Solve(req) => solve_lane(req),
            _ => Lane::Heavy,
        }
    }

    /// The answer, within `limits`. `render` answers `{"svg": ...}` here
    /// (the server sends the picture itself, and paints PNGs).
    ///
    /// # Errors
    /// Why there is no answer: a puzzle that cannot be read or used, work
    /// out of time.
    pub fn run(self, limits: &Limits) -> Result<Value, ApiError> {
        match self {
            Prepared::Parse(req) => work::parse(&req, limits),
            Prepared::Solve(req) => work::solve(&req, limits),
            Prepared::Count(req, limit) => work::count(&req, limit, limits),
            Prepared::Hint(req) => work::hint(&req, limits),
            Prepared::Check(req) => play::check(&req, limits),
            Prepared::Candidates(req) => play::candidates(&req, limits),
            Prepared::Explain(req) => work::explain(&req, limits),
            Prepared::Rate(req) => work::rate(&req, limits),
            Prepared::Generate(req) => generate::run(&req, limits),
            Prepared::Render(job) => {
                if job.png {
                    return Err(ApiError::bad(
                        "image: png is painted by `sudokit serve` and `sudokit render`; \
                         ask for svg here",
                    ));
                }
                Ok(json!({ "svg": job.svg(limits)? }))
            }
        }
    }
}

/// [`prepare`] and [`Prepared::run`] in one: the whole answer of endpoint
/// `name` to `body`.
///
/// # Errors
/// As the two.
pub fn call(name: &str, body: &str, limits: &Limits) -> Result<Value, ApiError> {
    prepare(name, body, limits)?.run(limits)
}

/// The one puzzle of a puzzle request's `body` (a JSON object with
/// `puzzle` and the fields every puzzle request takes, or the text itself)
/// and its format: for callers of the library beside the endpoints (the
/// WebAssembly build's SudokuVariantSolverJS methods).
///
/// # Errors
/// 400 for a request or text that cannot be read, 422 for a grid too large.
pub fn read(
    body: &str,
    limits: &Limits,
) -> Result<(sudokit::format::Entry, sudokit::format::Format), ApiError> {
    request::decode::<PuzzleReq>(body, &[request::PUZZLE_FIELDS])?.read(limits)
}

/// The engine named by `name` (`auto` when absent), with the time limit.
///
/// # Errors
/// 400 for an unknown engine.
pub fn engine(name: Option<&str>, limits: &Limits) -> Result<Box<dyn Engine + Send>, ApiError> {
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

/// 422: the work ran out of the time for one request.
pub fn gave_up(limits: &Limits, what: &str) -> ApiError {
    ApiError::unprocessable(format!(
        "gave up {what}: the server's limit is {} s per request; the CLI has none",
        (limits.time + limits.waited).as_secs_f64()
    ))
}
