//! `POST /api/generate` with `kind`: a variant puzzle, made by the library's
//! [`VariantGenerator`] from the words [`VariantSpec::with_kinds`] reads
//! (the same words as Python's `generate(kind=…)`), on the grid, band,
//! difficulty and givens the request's other fields give — read as
//! `sudokit generate`'s arguments, so their checks and messages are the
//! CLI's — and within the request's deadline and cancel flag. The seed is
//! the CLI's `--seed`: the puzzle is the first one `sudokit generate --seed
//! S` makes with the same rules.

use web_time::Instant;

use serde_json::{json, Value};
use sudokit::format::{self, Format, Style};
use sudokit::generate::{puzzle_seed, VariantGenerator, VariantSpec, VariantSpecError};

use super::{gave_up, ApiError, Limits};
use crate::cli::GenerateArgs;

/// A 400 about one field of the request: the message starts with the
/// field's name, and the answer names it under `field`.
pub(super) fn field_error(field: &str, message: impl std::fmt::Display) -> ApiError {
    ApiError::bad(format!("{field}: {message}")).with(json!({ "field": field }))
}

/// The field a spec error is about.
fn field_of(e: &VariantSpecError) -> Option<&'static str> {
    match e {
        VariantSpecError::Kind(_) | VariantSpecError::Empty | VariantSpecError::Conflict(_) => {
            Some("kind")
        }
        VariantSpecError::Size { .. } => Some("size"),
        _ => None,
    }
}

fn spec_error(e: &VariantSpecError) -> ApiError {
    match field_of(e) {
        Some(field) => field_error(field, e),
        None => ApiError::bad(e.to_string()),
    }
}

/// The variant spec of `kind` and the arguments (grid, symmetry, band,
/// difficulty, givens), bounded by the request's deadline and cancel flag.
fn spec_of(kind: &str, args: &GenerateArgs, limits: &Limits) -> Result<VariantSpec, ApiError> {
    let base = crate::generate::spec_of(args).map_err(|e| ApiError::bad(format!("{e:#}")))?;
    let mut spec = VariantSpec::new(base.shape)
        .with_kinds(kind)
        .map_err(|e| spec_error(&e))?;
    let v = &args.variant;
    spec.givens = v.givens;
    spec.bands = v.band;
    spec.difficulty = v.difficulty;
    spec.symmetry = args.symmetry;
    spec.allow_unused = v.allow_unused;
    spec.deadline = Some(Instant::now() + limits.time);
    spec.cancel = Some(limits.cancel.clone());
    Ok(spec)
}

/// Makes the variant puzzle of `seed`: the puzzle as an f-puzzles link
/// (`puzzle`, `fpuzzles`) and JSON (`fpuzzles_json`), the SudokuPad link
/// (`scl`), the solution line, the card (`card`, and its line as `text`, as
/// `/api/rate` answers), and what `sudokit generate --json` also writes.
pub(super) fn make(
    kind: &str,
    args: &GenerateArgs,
    seed: u64,
    limits: &Limits,
) -> Result<Value, ApiError> {
    let spec = spec_of(kind, args, limits)?;
    let mut generator = VariantGenerator::new(spec).map_err(|e| spec_error(&e))?;
    let made = generator.generate(puzzle_seed(seed, 0)).map_err(|e| {
        if e.timed_out {
            gave_up(limits, &format!("generating after {} tries", e.tally.tries))
        } else {
            ApiError::unprocessable(e.to_string())
        }
    })?;
    let text = |f| {
        format::puzzle_text(f, &made.puzzle, Style::default())
            .map(|t| t.trim_end().to_owned())
            .map_err(|e| ApiError::unprocessable(e.to_string()))
    };
    let link = text(Format::Fpuzzles)?;
    Ok(json!({
        "puzzle": link,
        "format": Format::Fpuzzles.name(),
        "fpuzzles": link,
        "fpuzzles_json": format::fpuzzles::to_json(&made.puzzle),
        "scl": text(Format::Scl)?,
        "solution": crate::record::json::line(&made.solution, Style::default()),
        "card": made.card.to_json(made.puzzle.geometry()),
        "text": made.card.line(),
        "seed": seed.to_string(),
        "geometry": made.puzzle.geometry().to_string(),
        "givens": made.puzzle.givens().filled(),
        "rules": made.puzzle.constraints().len(),
        "tries": made.tally.tries,
    }))
}
