//! Batch generation: puzzles `start..end` of a run seeded with `seed`, as
//! `sudokit generate --seed SEED` makes them (the same spec from the same
//! arguments, the same seed per puzzle, [`puzzle_seed`]), so a chunk, a
//! thread count or a Dask partition never changes a puzzle. Variant puzzles
//! (`generate(kind=…)`) the same way, one record each.

use std::hash::Hasher;
use std::sync::Arc;
use std::time::Instant;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use sudokit::card::Band;
use sudokit::format::{self, Format, Style};
use sudokit::generate::{
    puzzle_seed, Generator, MadeVariant, Shape, Spec, Symmetry, VariantGenerator, VariantSpec,
};
use sudokit::logic::{Difficulty, Level};
use sudokit::{default_box_shape, Extra, Geometry};

use crate::{error, map_indexed, thread_count, Status};

/// The level named `name` (`easy` … `extreme`).
fn level(name: &str) -> PyResult<Level> {
    let levels = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];
    let lower = name.trim().to_ascii_lowercase();
    levels
        .into_iter()
        .find(|l| l.name() == lower)
        .ok_or_else(|| {
            error(format!(
                "unknown level `{name}` (expected one of: easy, medium, hard, expert, extreme)"
            ))
        })
}

/// An ER as tenths (`7.25` is refused: ratings have one decimal).
fn tenths(er: f64) -> PyResult<Difficulty> {
    let t = (er * 10.0).round();
    if !(0.0..=1000.0).contains(&t) || (er * 10.0 - t).abs() > 1e-6 {
        return Err(error(format!(
            "rating {er} is not an ER of one decimal between 0.0 and 100.0"
        )));
    }
    Ok(Difficulty(t as u16))
}

/// The geometry of `size` (boxes as square as the side allows) or `box`,
/// with the extra houses; the CLI's message for a side without boxes.
fn geometry(
    size: usize,
    box_shape: Option<(usize, usize)>,
    x: bool,
    windoku: bool,
) -> PyResult<Arc<Geometry>> {
    let (rows, columns) = match box_shape {
        Some(b) => b,
        None => default_box_shape(size).ok_or_else(|| {
            error(format!(
                "a {size}x{size} grid has no boxes ({size} is not a product of two sides above 1): \
                 use another size"
            ))
        })?,
    };
    let mut g = Geometry::boxed(rows, columns).map_err(|e| error(e.to_string()))?;
    if x {
        g = g
            .with_extra(Extra::Diagonals)
            .map_err(|e| error(e.to_string()))?;
    }
    if windoku {
        g = g
            .with_extra(Extra::Windows)
            .map_err(|e| error(e.to_string()))?;
    }
    Ok(Arc::new(g))
}

/// What to make, as `sudokit generate`'s arguments say it.
#[derive(Clone, Debug)]
struct Ask {
    size: usize,
    box_shape: Option<(usize, usize)>,
    x: bool,
    windoku: bool,
    symmetry: String,
    minimal: bool,
    clues: Option<(usize, usize)>,
    level: Option<String>,
    rating: Option<(f64, Option<f64>)>,
    max_tries: Option<u64>,
}

/// The library's spec for `ask`.
fn spec_of(ask: &Ask) -> PyResult<Spec> {
    let g = geometry(ask.size, ask.box_shape, ask.x, ask.windoku)?;
    let mut spec = Spec::new(Shape::Fixed(g));
    spec.symmetry = ask
        .symmetry
        .parse::<Symmetry>()
        .map_err(|e| error(e.to_string()))?;
    spec.minimal = ask.minimal;
    spec.clues = ask.clues;
    if ask.level.is_some() && ask.rating.is_some() {
        return Err(error("give level or rating, not both"));
    }
    spec.rating = match (&ask.level, ask.rating) {
        (Some(l), _) => Some(level(l)?.range()),
        (None, Some((low, high))) => Some((tenths(low)?, high.map(tenths).transpose()?)),
        (None, None) => None,
    };
    if let Some(t) = ask.max_tries {
        spec.max_tries = t.max(1);
    }
    Ok(spec)
}

/// A seed for a run without one (`sudokit::generate::random_seed`).
#[pyfunction]
pub(crate) fn random_seed() -> u64 {
    sudokit::generate::random_seed()
}

/// The bytes of a generated chunk: puzzles, solutions (`cells` numbers
/// each), ER in tenths (`u16`, 0 when not rated) and statuses.
type Made<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
);

/// Makes puzzles `start..end` of the run seeded with `seed`.
#[pyfunction]
#[pyo3(signature = (start, end, seed, size, box_shape, x, windoku, symmetry, minimal, clues, level, rating, max_tries, threads))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate<'py>(
    py: Python<'py>,
    start: u64,
    end: u64,
    seed: u64,
    size: usize,
    box_shape: Option<(usize, usize)>,
    x: bool,
    windoku: bool,
    symmetry: String,
    minimal: bool,
    clues: Option<(usize, usize)>,
    level: Option<String>,
    rating: Option<(f64, Option<f64>)>,
    max_tries: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Made<'py>> {
    let ask = Ask {
        size,
        box_shape,
        x,
        windoku,
        symmetry,
        minimal,
        clues,
        level,
        rating,
        max_tries,
    };
    let spec = spec_of(&ask)?;
    // A spec the library refuses fails the call before any thread starts.
    Generator::new(spec.clone()).map_err(|e| error(e.to_string()))?;
    let cells = spec.shape.size() * spec.shape.size();
    let threads = thread_count(threads);
    let count = end.saturating_sub(start) as usize;
    let made = py
        .detach(|| {
            // One generator per worker thread (its engine and orbits).
            thread_local! {
                static GENERATOR: std::cell::RefCell<Option<(u64, Generator)>> =
                    const { std::cell::RefCell::new(None) };
            }
            let key = {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                h.write(format!("{ask:?}").as_bytes());
                h.finish()
            };
            map_indexed(threads, count, |i| {
                GENERATOR.with(|cell| {
                    let mut slot = cell.borrow_mut();
                    if slot.as_ref().is_none_or(|(k, _)| *k != key) {
                        *slot = Generator::new(spec.clone()).ok().map(|g| (key, g));
                    }
                    let Some((_, g)) = slot.as_mut() else {
                        return Err(Status::Invalid);
                    };
                    g.generate(puzzle_seed(seed, start + i as u64))
                        .map_err(|_| Status::GaveUp)
                })
            })
        })
        .map_err(error)?;
    let mut puzzles = vec![0u8; count * cells];
    let mut solutions = vec![0u8; count * cells];
    let mut ers = Vec::with_capacity(count * 2);
    let mut status = Vec::with_capacity(count);
    for (i, m) in made.iter().enumerate() {
        let at = i * cells..(i + 1) * cells;
        match m {
            Ok(g) => {
                puzzles[at.clone()].copy_from_slice(&g.puzzle.givens().to_values());
                solutions[at].copy_from_slice(&g.solution.to_values());
                let er = g.rating.map(|r| r.er).or(g.er).map_or(0, |d| d.0);
                ers.extend_from_slice(&er.to_le_bytes());
                status.push(Status::Ok as u8);
            }
            Err(s) => {
                ers.extend_from_slice(&0u16.to_le_bytes());
                status.push(*s as u8);
            }
        }
    }
    Ok((
        PyBytes::new(py, &puzzles),
        PyBytes::new(py, &solutions),
        PyBytes::new(py, &ers),
        PyBytes::new(py, &status),
    ))
}

/// The band named `name` (`very-easy`, `easy`, `medium`, `hard`,
/// `very-hard`, `extreme`; case, spaces and dashes do not matter).
fn band(name: &str) -> PyResult<Band> {
    Band::parse(name).ok_or_else(|| {
        error(format!(
            "unknown band `{name}` (expected one of: very-easy, easy, medium, hard, very-hard, \
             extreme)"
        ))
    })
}

/// The library's variant spec: the grid of `size` (or `box_shape`), the
/// rules `kind` names ([`VariantSpec::with_kinds`], the words the API's
/// `kind` takes), the card's band and difficulty, the givens.
#[allow(clippy::too_many_arguments)]
fn variant_spec_of(
    size: usize,
    box_shape: Option<(usize, usize)>,
    kind: &str,
    bands: Option<(String, String)>,
    difficulty: Option<(f64, f64)>,
    givens: Option<usize>,
    symmetry: &str,
    allow_unused: bool,
    max_tries: Option<u64>,
) -> PyResult<VariantSpec> {
    let g = geometry(size, box_shape, false, false)?;
    let mut spec = VariantSpec::new(Shape::Fixed(g))
        .with_kinds(kind)
        .map_err(|e| error(e.to_string()))?;
    spec.bands = match bands {
        Some((low, high)) => Some((band(&low)?, band(&high)?)),
        None => None,
    };
    spec.difficulty = difficulty;
    spec.givens = givens;
    spec.symmetry = symmetry
        .parse::<Symmetry>()
        .map_err(|e| error(e.to_string()))?;
    spec.allow_unused = allow_unused;
    if let Some(t) = max_tries {
        spec.max_tries = t.max(1);
    }
    Ok(spec)
}

/// One variant puzzle as the record `sudokit generate --json` writes (its
/// number, its own seed, the geometry, the f-puzzles and SudokuPad links,
/// the solution line, the givens and rules counted, the tries), with the
/// f-puzzles JSON as text under `fpuzzles_json` and the card as the text
/// Python's `Rating` is made from (`card_text`).
fn variant_record<'py>(
    py: Python<'py>,
    number: u64,
    seed: u64,
    m: &MadeVariant,
) -> PyResult<Bound<'py, PyDict>> {
    let text = |f| {
        format::puzzle_text(f, &m.puzzle, Style::default())
            .map(|t| t.trim_end().to_owned())
            .map_err(|e| error(e.to_string()))
    };
    let mut line = Vec::new();
    format::line::write(&mut line, &m.solution, Style::default())
        .map_err(|e| error(e.to_string()))?;
    let d = PyDict::new(py);
    d.set_item("number", number)?;
    d.set_item("seed", seed)?;
    d.set_item("geometry", m.puzzle.geometry().to_string())?;
    d.set_item("fpuzzles", text(Format::Fpuzzles)?)?;
    d.set_item("scl", text(Format::Scl)?)?;
    d.set_item(
        "fpuzzles_json",
        format::fpuzzles::to_json(&m.puzzle).to_string(),
    )?;
    d.set_item("solution", String::from_utf8_lossy(&line).trim_end())?;
    d.set_item("givens", m.puzzle.givens().filled())?;
    d.set_item("rules", m.puzzle.constraints().len())?;
    d.set_item(
        "card",
        crate::batch::card_text(&m.card, m.puzzle.geometry()),
    )?;
    d.set_item("tries", m.tally.tries)?;
    Ok(d)
}

/// Makes variant puzzles `start..end` of the run seeded with `seed`, as
/// `sudokit generate --seed SEED` with the same rules makes them: a record
/// per puzzle ([`variant_record`]), `None` for one no try made (within
/// `max_tries`, or before `timeout` ran out for the whole call).
#[pyfunction]
#[pyo3(signature = (start, end, seed, size, box_shape, kind, band, difficulty, givens, symmetry, allow_unused, max_tries, timeout, threads))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn generate_variant<'py>(
    py: Python<'py>,
    start: u64,
    end: u64,
    seed: u64,
    size: usize,
    box_shape: Option<(usize, usize)>,
    kind: &str,
    band: Option<(String, String)>,
    difficulty: Option<(f64, f64)>,
    givens: Option<usize>,
    symmetry: &str,
    allow_unused: bool,
    max_tries: Option<u64>,
    timeout: Option<f64>,
    threads: Option<usize>,
) -> PyResult<Vec<Option<Bound<'py, PyDict>>>> {
    let mut spec = variant_spec_of(
        size,
        box_shape,
        kind,
        band,
        difficulty,
        givens,
        symmetry,
        allow_unused,
        max_tries,
    )?;
    // A spec the library refuses fails the call before any thread starts.
    VariantGenerator::new(spec.clone()).map_err(|e| error(e.to_string()))?;
    spec.deadline = crate::budget(timeout)?
        .time_limit
        .map(|t| Instant::now() + t);
    let threads = thread_count(threads);
    let count = end.saturating_sub(start) as usize;
    let made = py
        .detach(|| {
            map_indexed(threads, count, |i| {
                let seed = puzzle_seed(seed, start + i as u64);
                let made = VariantGenerator::new(spec.clone())
                    .ok()
                    .and_then(|mut g| g.generate(seed).ok());
                made.map(|m| (seed, m))
            })
        })
        .map_err(error)?;
    made.iter()
        .enumerate()
        .map(|(i, m)| {
            m.as_ref()
                .map(|(seed, m)| variant_record(py, start + i as u64 + 1, *seed, m))
                .transpose()
        })
        .collect()
}
