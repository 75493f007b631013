//! An output that a watchdog thread flushes while the main thread is busy
//! (`--threads 1`): answers are written to the buffered output as they are
//! made, and a puzzle that takes long (or never ends) does not hold back the
//! answers before it in the buffer. The watchdog flushes whatever was
//! written every [`FLUSH_AFTER`], so a fast run pays a few flushes a second
//! and one uncontended lock per puzzle.

use std::io::{self, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Mutex, PoisonError};
use std::thread;

pub use crate::batch::FLUSH_AFTER;

/// The output shared by the main thread and the watchdog.
#[derive(Debug)]
struct Shared<'a, W> {
    out: &'a mut W,
    /// Whether anything was written since the last flush.
    dirty: bool,
    /// The watchdog's flush error, for the main thread to report.
    error: Option<io::Error>,
}

/// The output while a watchdog flushes it ([`with_live`]).
#[derive(Debug)]
pub struct Live<'a, W> {
    shared: Mutex<Shared<'a, W>>,
}

impl<W: Write> Live<'_, W> {
    /// Writes to the output with `write`, which has it to itself meanwhile.
    ///
    /// # Errors
    /// The error of `write`, or of an earlier flush by the watchdog.
    pub fn write(&self, write: impl FnOnce(&mut W) -> io::Result<()>) -> io::Result<()> {
        let mut shared = self.shared.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(e) = shared.error.take() {
            return Err(e);
        }
        shared.dirty = true;
        write(shared.out)
    }
}

/// Runs `work` with `out` shared with a watchdog thread that flushes it
/// every [`FLUSH_AFTER`] when something was written; the watchdog stops when
/// `work` returns.
///
/// WebAssembly has no threads: there the output is written as it comes.
pub fn with_live<W: Write + Send, T>(out: &mut W, work: impl FnOnce(&Live<'_, W>) -> T) -> T {
    let live = Live {
        shared: Mutex::new(Shared {
            out,
            dirty: false,
            error: None,
        }),
    };
    if cfg!(target_family = "wasm") {
        return work(&live);
    }
    thread::scope(|scope| {
        let (stop, stopped) = mpsc::channel::<()>();
        let shared = &live.shared;
        scope.spawn(move || loop {
            match stopped.recv_timeout(FLUSH_AFTER) {
                Err(RecvTimeoutError::Timeout) => {}
                Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
            }
            let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
            if shared.dirty && shared.error.is_none() {
                shared.dirty = false;
                if let Err(e) = shared.out.flush() {
                    shared.error = Some(e);
                }
            }
        });
        let result = work(&live);
        drop(stop);
        result
    })
}
