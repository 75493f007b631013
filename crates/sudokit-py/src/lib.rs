//! `sudokit._native`: the Rust half of the Python package `sudokit`
//! (`python/sudokit` is the other half: the typed API, NumPy arrays,
//! chunking, dataclasses).
//!
//! Everything here works on one chunk of puzzles at a time and releases the
//! GIL while it works ([`Python::detach`]): other Python threads run, and a
//! chunk is spread over a rayon pool of the asked size (`pool`), one
//! engine per worker thread. Results are stored by position, so they are the
//! same for any number of threads. Errors of a single call are
//! [`SudokitError`] (a `ValueError`) with the CLI's wording; a batch reports
//! per item in a status byte (`Status`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use pyo3::prelude::*;
use rayon::prelude::*;
use sudokit::{Budget, Engine, EngineKind};

mod batch;
mod check;
mod generate;
mod logic;
mod parse;
mod png;
mod puzzle;

pyo3::create_exception!(
    sudokit,
    SudokitError,
    pyo3::exceptions::PyValueError,
    "A puzzle, grid or argument sudokit cannot use; the message says which and why."
);

/// The error of a single call, as a Python exception.
pub(crate) fn error(message: impl Into<String>) -> PyErr {
    SudokitError::new_err(message.into())
}

/// What happened to one puzzle of a batch (one byte per puzzle; the Python
/// side names them in `sudokit.Status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Status {
    /// Answered: solved (unique when the limit is 2 or more), rated, counted.
    Ok = 0,
    /// The puzzle has no solution.
    NoSolution = 1,
    /// The puzzle has several solutions (limit 2 or more; rating).
    Multiple = 2,
    /// The puzzle is malformed, or no engine takes its grid.
    Invalid = 3,
    /// The time limit ran out (or a generator ran out of tries).
    GaveUp = 4,
    /// Unique, but no technique of the ladder applies (rating).
    Unrated = 5,
    /// Every cell was given: nothing to rate.
    Complete = 6,
    /// The count reached the limit: at least that many solutions.
    AtLeast = 7,
}

/// The number of worker threads `threads` asks for (`None` or 0: every
/// core).
pub(crate) fn thread_count(threads: Option<usize>) -> usize {
    match threads {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// The pool of `n` workers, built once per size and kept: a notebook that
/// calls `solve(..., threads=4)` a thousand times starts four threads once.
fn pool(n: usize) -> Result<Arc<rayon::ThreadPool>, String> {
    static POOLS: Mutex<Option<HashMap<usize, Arc<rayon::ThreadPool>>>> = Mutex::new(None);
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    let pools = pools.get_or_insert_with(HashMap::new);
    if let Some(p) = pools.get(&n) {
        return Ok(Arc::clone(p));
    }
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .thread_name(|i| format!("sudokit-{i}"))
        .build()
        .map_err(|e| format!("cannot start {n} worker threads: {e}"))?;
    let built = Arc::new(built);
    pools.insert(n, Arc::clone(&built));
    Ok(built)
}

thread_local! {
    /// The engine of this thread (a pool worker or the caller), built once.
    static ENGINE: RefCell<Option<Box<dyn Engine + Send>>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's engine, its budget set to `budget`.
pub(crate) fn with_engine<T>(budget: &Budget, f: impl FnOnce(&mut dyn Engine) -> T) -> T {
    ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let engine = slot.get_or_insert_with(|| EngineKind::Auto.build());
        engine.set_budget(budget.clone());
        f(&mut **engine)
    })
}

/// `f(i)` for every `i` in `0..n`, in order, on `threads` workers (the
/// calling thread alone for 1). Small jobs of 16 items keep a few slow
/// puzzles from holding one worker while the others wait.
///
/// # Errors
/// The pool could not be started.
pub(crate) fn map_indexed<T: Send>(
    threads: usize,
    n: usize,
    f: impl Fn(usize) -> T + Sync + Send,
) -> Result<Vec<T>, String> {
    if threads <= 1 || n <= 1 {
        return Ok((0..n).map(f).collect());
    }
    let pool = pool(threads)?;
    Ok(pool.install(|| (0..n).into_par_iter().with_min_len(16).map(f).collect()))
}

/// Puzzles of a text answered per pool run (`solve_text`).
pub(crate) const TEXT_CHUNK: usize = 1 << 16;

/// The per-puzzle budget of a time limit in seconds (`None`: unlimited).
///
/// # Errors
/// A negative or non-finite limit.
pub(crate) fn budget(timeout: Option<f64>) -> PyResult<Budget> {
    match timeout {
        None => Ok(Budget::UNLIMITED),
        Some(t) if t.is_finite() && t > 0.0 => {
            Ok(Budget::UNLIMITED.with_time_limit(std::time::Duration::from_secs_f64(t.min(1e9))))
        }
        Some(t) => Err(error(format!(
            "timeout must be a positive number of seconds, not {t}"
        ))),
    }
}

/// The module `sudokit._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SudokitError", m.py().get_type::<SudokitError>())?;
    m.add_class::<puzzle::NativePuzzle>()?;
    m.add_function(wrap_pyfunction!(puzzle::parse_text, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::from_values, m)?)?;
    m.add_function(wrap_pyfunction!(batch::batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_text, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate_variant, m)?)?;
    m.add_function(wrap_pyfunction!(generate::random_seed, m)?)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
