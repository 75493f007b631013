//! The JSON API: one handler per endpoint (requests are read by
//! [`super::request`]).

use axum::extract::State as Extract;
use axum::http::{StatusCode, Uri};
use axum::Json;
use clap::Parser;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sudokit::format::{Entry, Style};
use sudokit::logic::{self, Board, Ctx, End, Step};
use sudokit::{Engine, Grid, Solutions};

use super::board::{self, BoardJson};
use super::generate_variant;
#[cfg(test)]
#[path = "page_api_tests.rs"]
mod page_api_tests;
use super::request::{decode, Body, PuzzleReq, PUZZLE_FIELDS};
use super::{engine, gave_up, on_worker, ApiError, Lane, Limits, State};
use crate::rate::{RatingJson, StepJson};

/// The side of the largest grid `generate` makes here (a 25x25 try takes
/// about a second; 36x36 would not fit a request's time).
const MAX_GENERATE_SIDE: usize = 25;

/// Elimination steps a hint goes through to reach a placement (a puzzle
/// needs far fewer; the bound only keeps the answer small).
const MAX_HINT_ELIMINATIONS: usize = 200;

/// `1 step`, `3 steps`.
fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

type Answer = Result<Json<Value>, ApiError>;

/// Searches `entry` up to `limit` solutions: 422 for a puzzle the engine
/// refuses (givens that clash) or a search out of time.
fn search(
    engine: &mut dyn Engine,
    entry: &Entry,
    limit: u64,
    limits: &Limits,
) -> Result<Solutions, ApiError> {
    let solutions = engine.solve(&entry.puzzle, limit).map_err(|e| {
        ApiError::unprocessable(format!("puzzle:{}: {e}", entry.line))
            .with(json!({ "verdict": "invalid" }))
    })?;
    if let Some(reason) = solutions.stopped {
        return Err(
            gave_up(limits, &format!("searching ({reason})")).with(json!({
                "verdict": "gave_up",
                "count": solutions.count,
            })),
        );
    }
    Ok(solutions)
}

/// The one solution of `entry`, or 422 saying why there is none to work from.
fn unique_solution(entry: &Entry, limits: &Limits) -> Result<Grid, ApiError> {
    let mut engine = engine(None, limits)?;
    let solutions = search(&mut *engine, entry, 2, limits)?;
    match (solutions.count, solutions.first) {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(ApiError::unprocessable(
            "the puzzle has no solution: nothing to rate or explain",
        )
        .with(json!({ "verdict": "no_solution" }))),
        _ => Err(
            ApiError::unprocessable("several solutions: a logical path needs a unique one")
                .with(json!({ "verdict": "multiple" })),
        ),
    }
}

/// A logic context that stops at the request's time limit.
fn ctx(limits: &Limits) -> Ctx {
    Ctx::new(true)
        .with_deadline(Some(std::time::Instant::now() + limits.time))
        .with_cancel(Some(limits.cancel.clone()))
}

/// `GET /api`: what there is.
pub async fn index(Extract(state): Extract<State>) -> Json<Value> {
    use std::sync::atomic::Ordering;
    Json(json!({
        "workers": {
            "jobs": state.limits.jobs.max(1),
            "busy": state.busy.load(Ordering::SeqCst),
            "peak": state.peak.load(Ordering::SeqCst),
        },
        "endpoints": {
            "POST /api/parse": "the puzzle's board: size, regions, extra houses, givens, symbols; and `solutions`: 0, 1, 2 (two or more) or null (out of time)",
            "POST /api/solve": "verdict (unique, multiple, no_solution) and the solution in the puzzle's format",
            "POST /api/count": "the number of solutions, up to `limit` (default 2)",
            "POST /api/hint": "the next logical step from the player's `values`, or their mistakes",
            "POST /api/check": "the player's `values` judged: solved (a full grid the validator passes, every constraint included), broken, wrong (the cells) or ok",
            "POST /api/candidates": "the true candidates from the player's `values`: a bit mask per cell",
            "POST /api/explain": "every step of the logical path (and each as cells and candidates to draw, from the givens' `candidates`), and the rating (a variant's path: how it ends, no rating)",
            "POST /api/rate": "the difficulty card: band, difficulty, minutes, techniques, a setter's checks (and Sudoku Explainer's ER, EP, ED for a classic puzzle)",
            "POST /api/generate": "a new puzzle with one solution: size, box, jigsaw, x, windoku, symmetry, minimal, clues, level, rating, seed; or a variant puzzle: kind (killer, thermo=N, arrow, kropki=min, xv, sandwich, little-killer, whispers, renban …), band, difficulty, givens, size, box, jigsaw, symmetry, seed, answered as f-puzzles link and JSON, SudokuPad link, solution and card",
            "POST /api/render": "an SVG or PNG picture: solution, candidates, step",
        },
        "request": "a JSON object {\"puzzle\": TEXT, ...} or the puzzle text itself; any format sudokit reads",
        "errors": "4xx or 503 with {\"error\": MESSAGE}",
    }))
}

/// Unknown paths: 404 with a pointer to the API.
pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "nothing at {}: the page is at /, the API under /api/ (GET /api lists it)",
            uri.path()
        ),
    )
}

/// A known path with the wrong method.
pub async fn method_not_allowed(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        if uri.path() == "/api" {
            "GET /api lists the API; each endpoint under it answers POST requests with a JSON body"
                .to_owned()
        } else {
            format!("{} answers POST requests with a JSON body", uri.path())
        },
    )
}

/// `POST /api/parse`: the board, for the page.
pub async fn parse(Extract(state): Extract<State>, body: Body) -> Answer {
    let req: PuzzleReq = decode(body, &state.limits, &[PUZZLE_FIELDS])?;
    // A variant's count of solutions may search for long: it waits with the
    // expensive requests.
    let lane = if looks_variant(&req.puzzle) {
        Lane::Heavy
    } else {
        Lane::Quick
    };
    on_worker(&state, lane, move |limits: Limits| {
        let (entry, format) = req.read(&limits)?;
        Ok(json!({
            "board": BoardJson::of_entry(&entry, format),
            // So the page warns on load: 0, 1, 2 (two or more), or null
            // when the search ran out of time.
            "solutions": board::solutions_up_to_two(&entry, &limits),
        }))
    })
    .await
    .map(Json)
}

/// The longest puzzle text a solve in the quick lane may have: any 9x9
/// or 16x16 in the line formats and a 9x9 in every grid format. A longer
/// text (a 25x25, a 16x16 drawn in a grid, a variant's JSON) may search
/// for seconds, so it waits with the other expensive requests.
const QUICK_TEXT: usize = 400;

/// The lane of a solve, by a cost estimate made before reading the puzzle.
pub(super) fn solve_lane(req: &PuzzleReq) -> Lane {
    if req.puzzle.len() <= QUICK_TEXT && !looks_variant(&req.puzzle) {
        Lane::Quick
    } else {
        Lane::Heavy
    }
}

/// Whether `text` looks like an f-puzzles or SudokuPad puzzle (JSON, a
/// link, or an lz-string: one word with lower-case letters), whose
/// constraints may make even a short text a long search. A guess made
/// before reading, for the lane only.
pub(super) fn looks_variant(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('{')
        || t.starts_with('[')
        || t.contains("f-puzzles")
        || t.contains("sudokupad")
        || (t.len() >= 40
            && !t.contains(char::is_whitespace)
            && t.contains(|c: char| c.is_ascii_lowercase()))
}

/// `POST /api/solve`: the verdict, and the solution in the puzzle's format.
pub async fn solve(Extract(state): Extract<State>, body: Body) -> Answer {
    let req: PuzzleReq = decode(body, &state.limits, &[PUZZLE_FIELDS, &["engine"]])?;
    on_worker(&state, solve_lane(&req), move |limits: Limits| {
        let (entry, format) = req.read(&limits)?;
        let mut engine = engine(req.engine.as_deref(), &limits)?;
        let solutions = search(&mut *engine, &entry, 2, &limits)?;
        let board = BoardJson::of_entry(&entry, format);
        Ok(match (solutions.count, &solutions.first) {
            (1, Some(solution)) => json!({
                "verdict": "unique",
                "solution": board::answer_text(format, &entry, solution),
                "values": solution.to_values(),
                "board": board,
            }),
            (0, _) => json!({ "verdict": "no_solution", "board": board }),
            _ => json!({ "verdict": "multiple", "board": board }),
        })
    })
    .await
    .map(Json)
}

/// `POST /api/count`: the number of solutions up to `limit`.
pub async fn count(Extract(state): Extract<State>, body: Body) -> Answer {
    let req: PuzzleReq = decode(body, &state.limits, &[PUZZLE_FIELDS, &["limit"]])?;
    let limit = req.limit.unwrap_or(2);
    if limit == 0 {
        return Err(ApiError::bad(
            "limit: a whole number of solutions, 1 or more",
        ));
    }
    on_worker(&state, Lane::Heavy, move |limits: Limits| {
        let (entry, _) = req.read(&limits)?;
        let mut engine = engine(None, &limits)?;
        let solutions = search(&mut *engine, &entry, limit, &limits)?;
        Ok(json!({
            "count": solutions.count,
            // Whether `count` is every solution (else the limit was reached).
            "complete": solutions.complete,
            "limit": limit,
        }))
    })
    .await
    .map(Json)
}

/// The cells and candidates a step uses, by number, for the page to draw.
#[derive(Debug, Serialize)]
struct HighlightJson {
    cells: Vec<usize>,
    /// The cells of the step's houses.
    house_cells: Vec<usize>,
    /// `[cell, digit]` pairs.
    evidence: Vec<[usize; 2]>,
    eliminations: Vec<[usize; 2]>,
    placements: Vec<[usize; 2]>,
}

impl HighlightJson {
    fn new(geometry: &sudokit::Geometry, step: &Step) -> HighlightJson {
        let houses = geometry.houses();
        let mut house_cells: Vec<usize> = step
            .houses
            .iter()
            .filter_map(|&h| houses.get(h))
            .flat_map(|h| h.cells().iter().map(|c| c.index()))
            .collect();
        house_cells.sort_unstable();
        house_cells.dedup();
        let pairs = |list: &[logic::Candidate]| -> Vec<[usize; 2]> {
            list.iter()
                .map(|c| [c.cell, usize::from(c.digit)])
                .collect()
        };
        HighlightJson {
            cells: step.cells.clone(),
            house_cells,
            evidence: pairs(&step.evidence),
            eliminations: pairs(&step.eliminations),
            placements: pairs(&step.placements),
        }
    }
}

/// `POST /api/hint`: the player's mistakes if any, else the next logical
/// step from their board.
pub async fn hint(Extract(state): Extract<State>, body: Body) -> Answer {
    let req: PuzzleReq = decode(body, &state.limits, &[PUZZLE_FIELDS, &["values"]])?;
    on_worker(&state, Lane::Heavy, move |limits: Limits| {
        let (entry, _) = req.read(&limits)?;
        let values = super::play_api::merged_values(&entry, req.values.as_deref())?;
        let solution = unique_solution(&entry, &limits)?.to_values();
        let n = entry.puzzle.size();
        let givens = entry.puzzle.givens().to_values();
        let mistakes: Vec<usize> = (0..values.len())
            .filter(|&c| givens[c] == 0 && values[c] != 0 && values[c] != solution[c])
            .collect();
        if !mistakes.is_empty() {
            let names: Vec<String> = mistakes
                .iter()
                .map(|c| format!("r{}c{}", c / n + 1, c % n + 1))
                .collect();
            return Ok(json!({
                "verdict": "mistakes",
                "mistakes": mistakes,
                "text": format!("{} {} not the solution's digit", names.join(", "),
                    if names.len() == 1 { "holds" } else { "hold" }),
            }));
        }
        // The player's digits as givens, with the puzzle's constraints.
        let puzzle = super::play_api::with_values(&entry.puzzle, &values)?;
        let board = crate::rate::board(&puzzle, entry.style)
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
        if board.is_solved() {
            return Ok(json!({
                "verdict": crate::rate::SOLVED_VERDICT,
                "text": crate::rate::SOLVED_TEXT,
            }));
        }
        // A player who keeps no candidates cannot use an elimination alone:
        // the hint is the next step that places a digit, after the steps
        // that only eliminate (listed in `before`).
        let mut ctx = ctx(&limits);
        let mut work = board.clone();
        let mut before = Vec::new();
        loop {
            let Some(step) = logic::next_step(&work, &mut ctx) else {
                return if ctx.timed_out() {
                    Err(gave_up(&limits, "looking for a step"))
                } else {
                    Ok(json!({
                        "verdict": "stuck",
                        "text": "No step found: no technique of the ladder applies",
                    }))
                };
            };
            if step.placements.is_empty() && before.len() < MAX_HINT_ELIMINATIONS {
                work.apply(&step);
                before.push(step);
                continue;
            }
            let mut text = step.line();
            if !before.is_empty() {
                // `Pointing ×5, Claiming ×4`: each technique once, in order.
                let mut names: Vec<(String, usize)> = Vec::new();
                for s in &before {
                    let name = s.name.to_string();
                    match names.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, k)) => *k += 1,
                        None => names.push((name, 1)),
                    }
                }
                let names: Vec<String> = names
                    .into_iter()
                    .map(|(n, k)| if k == 1 { n } else { format!("{n} ×{k}") })
                    .collect();
                text = format!(
                    "{text} (after {}: {})",
                    plural(before.len(), "elimination step"),
                    names.join(", ")
                );
            }
            return Ok(json!({
                "verdict": "step",
                "text": text,
                "step": StepJson::new(&board, &step),
                "highlight": HighlightJson::new(puzzle.geometry(), &step),
                "before": before.iter().map(|s| StepJson::new(&board, s)).collect::<Vec<_>>(),
                // The page draws each step before the placement on the
                // candidates it starts from.
                "before_highlights": before
                    .iter()
                    .map(|s| HighlightJson::new(puzzle.geometry(), s))
                    .collect::<Vec<_>>(),
                "candidates": board.all_candidates(),
            }));
        }
    })
    .await
    .map(Json)
}

/// The logical path of a unique puzzle, within the time limit.
fn path_of(req: &PuzzleReq, limits: &Limits) -> Result<(Board, logic::Path), ApiError> {
    let (entry, _) = req.read(limits)?;
    unique_solution(&entry, limits)?;
    let board = crate::rate::board(&entry.puzzle, entry.style)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let mut ctx = ctx(limits);
    let path = logic::solve_path(board.clone(), &mut ctx, true);
    if path.end == End::TimedOut {
        return Err(gave_up(limits, "rating").with(json!({ "verdict": "gave_up" })));
    }
    Ok((board, path))
}

/// `POST /api/explain`: every step of the logical path, and the rating.
pub async fn explain(Extract(state): Extract<State>, body: Body) -> Answer {
    let req: PuzzleReq = decode(body, &state.limits, &[PUZZLE_FIELDS])?;
    on_worker(&state, Lane::Heavy, move |limits: Limits| {
        let (board, path) = path_of(&req, &limits)?;
        let steps: Vec<StepJson> = path
            .steps
            .iter()
            .map(|s| StepJson::new(&board, s))
            .collect();
        // The page's step list: each step as cells and candidates to draw,
        // walked from the givens' candidates.
        let highlights: Vec<HighlightJson> = path
            .steps
            .iter()
            .map(|s| HighlightJson::new(board.geometry(), s))
            .collect();
        let candidates = board.all_candidates();
        let mut answer = match (path.end, RatingJson::of(&path)) {
            // No Sudoku Explainer rating for a variant: its path ends with
            // `Solved in N steps` or where and why it is stuck.
            (End::Solved, _) if board.is_variant() => json!({
                "verdict": "solved_path",
                "steps": steps,
                "text": crate::rate::variant_end_line(&path),
            }),
            _ if board.is_variant() => json!({
                "verdict": "unrated",
                "steps": steps,
                "text": crate::rate::variant_end_line(&path),
            }),
            (End::Solved, None) => json!({
                "verdict": crate::rate::SOLVED_VERDICT,
                "steps": steps,
                "text": crate::rate::SOLVED_TEXT,
            }),
            (End::Solved, Some(rating)) => json!({
                "verdict": "rated",
                "steps": steps,
                "rating": rating,
            }),
            _ => json!({
                "verdict": "unrated",
                "steps": steps,
                "text": crate::rate::unrated_reason(&path),
            }),
        };
        answer["highlights"] = json!(highlights);
        answer["candidates"] = json!(candidates);
        Ok(answer)
    })
    .await
    .map(Json)
}

/// `POST /api/rate`: the difficulty card (with ER, EP, ED and the level for
/// a classic puzzle), the same card `sudokit rate --json` gives.
pub async fn rate(Extract(state): Extract<State>, body: Body) -> Answer {
    use sudokit::card::{card_of, CardError, CardOptions};
    let req: PuzzleReq = decode(body, &state.limits, &[PUZZLE_FIELDS])?;
    on_worker(&state, Lane::Heavy, move |limits: Limits| {
        let (entry, _) = req.read(&limits)?;
        unique_solution(&entry, &limits)?;
        let board = crate::rate::board(&entry.puzzle, entry.style)
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
        let options = CardOptions {
            deadline: Some(std::time::Instant::now() + limits.time),
            ..CardOptions::default()
        };
        let n = board.size();
        match card_of(&entry.puzzle, board, &options) {
            Ok(card) => {
                let mut answer = json!({
                    "verdict": if card.solved { "rated" } else { "unrated" },
                    "card": card.to_json(n),
                    "text": card.line(),
                });
                if let Some(r) = card.rating {
                    answer["rating"] = json!(RatingJson::from_rating(r, card.steps));
                }
                Ok(answer)
            }
            Err(CardError::Complete) => Ok(json!({
                "verdict": crate::rate::SOLVED_VERDICT,
                "text": crate::rate::SOLVED_TEXT,
            })),
            Err(CardError::TimedOut { .. }) => {
                Err(gave_up(&limits, "rating").with(json!({ "verdict": "gave_up" })))
            }
            Err(e) => Err(ApiError::unprocessable(e.to_string())),
        }
    })
    .await
    .map(Json)
}

/// The first paragraph of a clap error, without its `error: ` prefix.
pub(super) fn clap_message(e: &clap::Error) -> String {
    let text = e.to_string();
    let first = text.split("\n\n").next().unwrap_or(&text).trim();
    first.strip_prefix("error: ").unwrap_or(first).to_owned()
}

/// The fields of `generate`: `sudokit generate`'s options, and a variant
/// puzzle's `kind` (the library's words) with its own.
const GENERATE_FIELDS: &[&str] = &[
    "size",
    "box",
    "jigsaw",
    "x",
    "windoku",
    "symmetry",
    "minimal",
    "clues",
    "level",
    "rating",
    "seed",
    "format",
    "kind",
    "band",
    "difficulty",
    "givens",
    "allow_unused",
];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateReq {
    size: Option<usize>,
    /// `RxC`.
    #[serde(rename = "box")]
    box_shape: Option<String>,
    #[serde(default)]
    jigsaw: bool,
    #[serde(default)]
    x: bool,
    #[serde(default)]
    windoku: bool,
    symmetry: Option<String>,
    #[serde(default)]
    minimal: bool,
    /// `K` or `A..B`.
    clues: Option<String>,
    /// `easy` ... `extreme`.
    level: Option<String>,
    /// An ER range, `A..B`.
    rating: Option<String>,
    /// A number, or a string of digits (JavaScript numbers stop being exact
    /// at 2^53; the answer gives the seed as a string).
    #[serde(default, deserialize_with = "seed_of")]
    seed: Option<u64>,
    /// The output format (`line`, or `jigsaw` for a jigsaw).
    format: Option<String>,
    /// A variant puzzle's rules: `killer`, `thermo=3`, `kropki=min, xv`
    /// … ([`sudokit::generate::VariantSpec::with_kinds`]).
    kind: Option<String>,
    /// The card's band: `NAME` or `A..B` (variant puzzles).
    band: Option<String>,
    /// The card's difficulty, `A..B` (variant puzzles).
    difficulty: Option<String>,
    /// At most this many givens (variant puzzles).
    givens: Option<usize>,
    /// Keep rules the puzzle does not need (variant puzzles).
    #[serde(default)]
    allow_unused: bool,
}

impl GenerateReq {
    /// The same request as `sudokit generate` arguments, so the checks and
    /// messages are the CLI's.
    fn args(&self) -> Vec<String> {
        let mut args: Vec<String> = ["sudokit", "generate", "-j", "1"].map(String::from).into();
        let mut opt = |flag: &str, value: Option<String>| {
            if let Some(v) = value {
                args.push(format!("--{flag}={v}"));
            }
        };
        opt("size", self.size.map(|n| n.to_string()));
        opt("box", self.box_shape.clone());
        opt("symmetry", self.symmetry.clone());
        opt("clues", self.clues.clone());
        opt("level", self.level.clone());
        opt("rating", self.rating.clone());
        opt("format", self.format.clone());
        opt("band", self.band.clone());
        opt("difficulty", self.difficulty.clone());
        opt("givens", self.givens.map(|n| n.to_string()));
        for (on, flag) in [
            (self.jigsaw, "--jigsaw"),
            (self.x, "--x"),
            (self.windoku, "--windoku"),
            (self.minimal, "--minimal"),
            (self.allow_unused, "--allow-unused"),
        ] {
            if on {
                args.push(flag.into());
            }
        }
        args
    }

    /// The fields set that go only with `kind` (when it is absent) or only
    /// without it (when present): the first one's 400.
    fn misplaced(&self) -> Result<(), ApiError> {
        let variant_only = [
            (self.band.is_some(), "band"),
            (self.difficulty.is_some(), "difficulty"),
            (self.givens.is_some(), "givens"),
            (self.allow_unused, "allow_unused"),
        ];
        let classic_only = [
            (self.x, "x"),
            (self.windoku, "windoku"),
            (self.minimal, "minimal"),
            (self.clues.is_some(), "clues"),
            (self.level.is_some(), "level"),
            (self.rating.is_some(), "rating"),
            (self.format.is_some(), "format"),
        ];
        let (fields, message): (&[(bool, &str)], &str) = if self.kind.is_some() {
            (
                &classic_only,
                "is for classic puzzles; a variant puzzle (`kind`) takes `band`, `difficulty` \
                 and `givens`",
            )
        } else {
            (
                &variant_only,
                "is for variant puzzles: name their rules in `kind` (killer, thermo, arrow …)",
            )
        };
        match fields.iter().find(|(on, _)| *on) {
            Some((_, field)) => {
                Err(ApiError::bad(format!("`{field}` {message}")).with(json!({ "field": field })))
            }
            None => Ok(()),
        }
    }
}

/// The request field a clap error is about (`--band <A..B>`: `band`).
fn clap_field(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    match e.get(ContextKind::InvalidArg)? {
        ContextValue::String(arg) => {
            let flag = arg.split_whitespace().next()?.trim_start_matches('-');
            Some(flag.replace('-', "_"))
        }
        _ => None,
    }
}

/// `POST /api/generate`: a new puzzle with one solution (a variant puzzle
/// with `kind`, [`generate_variant`]).
pub async fn generate(Extract(state): Extract<State>, body: Body) -> Answer {
    let req: GenerateReq = decode(body, &state.limits, &[GENERATE_FIELDS])?;
    req.misplaced()?;
    let cli = crate::cli::Cli::try_parse_from(req.args()).map_err(|e| {
        let error = ApiError::bad(clap_message(&e));
        match clap_field(&e) {
            Some(field) => error.with(json!({ "field": field })),
            None => error,
        }
    })?;
    let crate::cli::Command::Generate(args) = cli.command else {
        unreachable!("the arguments start with `generate`")
    };
    if let Some(kind) = req.kind {
        return on_worker(&state, Lane::Heavy, move |limits: Limits| {
            let seed = req.seed.unwrap_or_else(sudokit::generate::random_seed);
            generate_variant::make(&kind, &args, seed, &limits)
        })
        .await
        .map(Json);
    }
    on_worker(&state, Lane::Heavy, move |limits: Limits| {
        let mut spec =
            crate::generate::spec_of(&args).map_err(|e| ApiError::bad(format!("{e:#}")))?;
        let side = spec.shape.size();
        if side > MAX_GENERATE_SIDE {
            return Err(ApiError::unprocessable(format!(
                "this server generates grids up to {MAX_GENERATE_SIDE}x{MAX_GENERATE_SIDE}, not \
                 {side}x{side}; the CLI has no such limit"
            )));
        }
        spec.deadline = Some(std::time::Instant::now() + limits.time);
        spec.cancel = Some(limits.cancel.clone());
        let mut generator =
            sudokit::generate::Generator::new(spec).map_err(|e| ApiError::bad(e.to_string()))?;
        let seed = req.seed.unwrap_or_else(sudokit::generate::random_seed);
        let made = generator.generate(seed).map_err(|e| {
            if e.timed_out {
                gave_up(
                    &limits,
                    &format!("generating after {} tries", e.tally.tries),
                )
            } else {
                ApiError::unprocessable(e.to_string())
            }
        })?;
        let (format, variant) = crate::generate::output_of(&args);
        crate::generate::ensure_round_trip(format, variant, &made.puzzle)
            .map_err(|e| ApiError::bad(format!("{e:#}")))?;
        let board = BoardJson::new(&made.puzzle, Style::default(), format);
        Ok(json!({
            "puzzle": board.text(),
            "format": format.name(),
            "board": board,
            "seed": seed.to_string(),
            "clues": made.puzzle.givens().filled(),
            "er": made.er.map(logic::Difficulty::value),
            "level": made.er.map(|er| logic::Level::of(er).name()),
            "tries": made.tally.tries,
        }))
    })
    .await
    .map(Json)
}

/// A seed given as a number or as a string of digits.
fn seed_of<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    use serde::de::Error;
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Seed {
        Number(u64),
        Text(String),
    }
    match Option::<Seed>::deserialize(d)? {
        None => Ok(None),
        Some(Seed::Number(n)) => Ok(Some(n)),
        Some(Seed::Text(t)) => t.trim().parse().map(Some).map_err(|_| {
            D::Error::custom(format!(
                "seed: `{t}` is not a whole number from 0 to 2^64 - 1"
            ))
        }),
    }
}
