//! The JSON API: one handler per endpoint (requests are read by
//! [`super::request`]).

use serde::Serialize;
use serde_json::{json, Value};
use sudokit::format::Entry;
use sudokit::logic::{self, Board, Ctx, End, Step};
use sudokit::{Engine, Grid, Solutions};

use super::board::{self, BoardJson};
use super::request::PuzzleReq;
use super::{engine, gave_up, ApiError, Lane, Limits};
use crate::rate::{RatingJson, StepJson};

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
        .with_deadline(Some(web_time::Instant::now() + limits.time))
        .with_cancel(Some(limits.cancel.clone()))
}

/// `POST /api/parse`: the board, for the page.
pub fn parse(req: &PuzzleReq, limits: &Limits) -> Result<Value, ApiError> {
    let (entry, format) = req.read(limits)?;
    Ok(json!({
        "board": BoardJson::of_entry(&entry, format),
        // So the page warns on load: 0, 1, 2 (two or more), or null
        // when the search ran out of time.
        "solutions": board::solutions_up_to_two(&entry, limits),
    }))
}

/// The longest puzzle text a solve in the quick lane may have: any 9x9
/// or 16x16 in the line formats and a 9x9 in every grid format. A longer
/// text (a 25x25, a 16x16 drawn in a grid, a variant's JSON) may search
/// for seconds, so it waits with the other expensive requests.
const QUICK_TEXT: usize = 400;

/// The lane of a solve, by a cost estimate made before reading the puzzle.
pub(crate) fn solve_lane(req: &PuzzleReq) -> Lane {
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
pub(crate) fn looks_variant(text: &str) -> bool {
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
pub fn solve(req: &PuzzleReq, limits: &Limits) -> Result<Value, ApiError> {
    let (entry, format) = req.read(limits)?;
    let mut engine = engine(req.engine.as_deref(), limits)?;
    let solutions = search(&mut *engine, &entry, 2, limits)?;
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
}

/// `POST /api/count`: the number of solutions up to `limit`.
pub fn count(req: &PuzzleReq, limit: u64, limits: &Limits) -> Result<Value, ApiError> {
    let (entry, _) = req.read(limits)?;
    let mut engine = engine(None, limits)?;
    let solutions = search(&mut *engine, &entry, limit, limits)?;
    Ok(json!({
        "count": solutions.count,
        // Whether `count` is every solution (else the limit was reached).
        "complete": solutions.complete,
        "limit": limit,
    }))
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
pub fn hint(req: &PuzzleReq, limits: &Limits) -> Result<Value, ApiError> {
    let (entry, _) = req.read(limits)?;
    let values = super::play::merged_values(&entry, req.values.as_deref())?;
    let solution = unique_solution(&entry, limits)?.to_values();
    let givens = entry.puzzle.givens().to_values();
    let mistakes: Vec<usize> = (0..values.len())
        .filter(|&c| givens[c] == 0 && values[c] != 0 && values[c] != solution[c])
        .collect();
    if !mistakes.is_empty() {
        let names: Vec<String> = mistakes
            .iter()
            .map(|&c| super::play::cell_name(c, entry.puzzle.geometry()))
            .collect();
        return Ok(json!({
            "verdict": "mistakes",
            "mistakes": mistakes,
            "text": format!("{} {} not the solution's digit", names.join(", "),
                if names.len() == 1 { "holds" } else { "hold" }),
        }));
    }
    // The player's digits as givens, with the puzzle's constraints.
    let puzzle = super::play::with_values(&entry.puzzle, &values)?;
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
    let mut ctx = ctx(limits);
    let mut work = board.clone();
    let mut before = Vec::new();
    loop {
        let Some(step) = logic::next_step(&work, &mut ctx) else {
            return if ctx.timed_out() {
                Err(gave_up(limits, "looking for a step"))
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
pub fn explain(req: &PuzzleReq, limits: &Limits) -> Result<Value, ApiError> {
    let (board, path) = path_of(req, limits)?;
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
}

/// `POST /api/rate`: the difficulty card (with ER, EP, ED and the level for
/// a classic puzzle), the same card `sudokit rate --json` gives.
pub fn rate(req: &PuzzleReq, limits: &Limits) -> Result<Value, ApiError> {
    use sudokit::card::{card_of, CardError, CardOptions};
    let (entry, _) = req.read(limits)?;
    unique_solution(&entry, limits)?;
    let board = crate::rate::board(&entry.puzzle, entry.style)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let options = CardOptions {
        deadline: Some(web_time::Instant::now() + limits.time),
        ..CardOptions::default()
    };
    match card_of(&entry.puzzle, board, &options) {
        Ok(card) => {
            let mut answer = json!({
                "verdict": if card.solved { "rated" } else { "unrated" },
                "card": card.to_json(entry.puzzle.geometry()),
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
            Err(gave_up(limits, "rating").with(json!({ "verdict": "gave_up" })))
        }
        Err(e) => Err(ApiError::unprocessable(e.to_string())),
    }
}
