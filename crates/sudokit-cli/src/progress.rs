//! The progress bar on stderr (indicatif) and the byte counter behind it.
//!
//! The bar is drawn only when stderr is a terminal: `--progress auto` (the
//! default) waits until the run has lasted [`AUTO_DELAY`], so quick runs
//! never flash a bar; `always` draws it at once; `never` not at all. Output
//! goes to stdout and the bar to stderr, so a bar never ends up in a judge
//! format's output, and diagnostics are printed with the bar suspended.

use std::cell::Cell;
use std::io::{self, BufRead, IsTerminal, Read};
use std::rc::Rc;
use std::time::Duration;
use web_time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::When;

/// How long a run lasts before `--progress auto` draws the bar.
pub const AUTO_DELAY: Duration = Duration::from_secs(1);

/// What the bar measures against.
#[derive(Clone, Copy, Debug)]
pub enum Total {
    /// Bytes of the inputs (files): the bar follows the bytes read.
    Bytes(u64),
    /// Puzzles to answer (a shard): the bar follows the puzzles answered.
    Puzzles(u64),
    /// Unknown (stdin): a spinner with the count and the rate.
    Unknown,
}

/// The progress bar, drawn lazily.
#[derive(Debug)]
pub struct Progress {
    when: When,
    enabled: bool,
    start: Instant,
    total: Total,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A progress bar for a run measured against `total`.
    pub fn new(when: When, total: Total) -> Progress {
        // No terminal in WebAssembly: no bar, and none of its code.
        let enabled =
            !cfg!(target_family = "wasm") && when != When::Never && io::stderr().is_terminal();
        Progress {
            when,
            enabled,
            start: Instant::now(),
            total,
            bar: None,
        }
    }

    /// When the run started.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// The bar, when it is drawn.
    pub fn bar(&self) -> Option<&ProgressBar> {
        self.bar.as_ref()
    }

    /// Reports `puzzles` answered and `bytes` read so far; draws the bar once
    /// the run is long enough.
    pub fn update(&mut self, puzzles: u64, bytes: u64) {
        if !self.enabled {
            return;
        }
        if self.bar.is_none() {
            if self.when == When::Auto && self.start.elapsed() < AUTO_DELAY {
                return;
            }
            self.bar = Some(self.make_bar());
        }
        let bar = self.bar.as_ref().expect("just made");
        match self.total {
            Total::Bytes(_) => bar.set_position(bytes),
            Total::Puzzles(_) | Total::Unknown => bar.set_position(puzzles),
        }
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{puzzles} puzzles, {:.0} puzzles/s",
            puzzles as f64 / secs
        ));
    }

    fn make_bar(&self) -> ProgressBar {
        let target = ProgressDrawTarget::stderr_with_hz(10);
        let (bar, template) = match self.total {
            Total::Bytes(n) => (
                ProgressBar::with_draw_target(Some(n), target),
                "{bar:30} {percent:>3}% {msg} (ETA {eta})",
            ),
            Total::Puzzles(n) => (
                ProgressBar::with_draw_target(Some(n), target),
                "{bar:30} {pos}/{len} {msg} (ETA {eta})",
            ),
            Total::Unknown => (
                ProgressBar::with_draw_target(None, target),
                "{spinner} {msg} ({elapsed})",
            ),
        };
        let style = ProgressStyle::with_template(template)
            .expect("a valid template")
            .progress_chars("=> ");
        bar.set_style(style);
        bar
    }

    /// Removes the bar from the terminal.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// A reader that counts the bytes consumed (for the progress bar). The
/// counter is shared with the main thread only (`Rc`), never with workers.
#[derive(Debug)]
pub struct Counted<R> {
    inner: R,
    count: Rc<Cell<u64>>,
}

impl<R> Counted<R> {
    /// Counts what is consumed of `inner` into `count`.
    pub fn new(inner: R, count: Rc<Cell<u64>>) -> Counted<R> {
        Counted { inner, count }
    }
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.count.set(self.count.get() + amt as u64);
        self.inner.consume(amt);
    }
}
