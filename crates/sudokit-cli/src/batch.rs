//! Parallel batch solving (`--threads N`, N > 1) with bounded memory.
//!
//! The main thread reads puzzles and cuts them into chunks of
//! [`CHUNK_PUZZLES`] puzzles (fewer for large grids: at most
//! [`CHUNK_CELLS`] cells), hands each chunk to a rayon pool of N workers and
//! keeps the chunks' results in a queue in input order. A worker solves a
//! whole chunk with its own engine (a thread-local one, built once per
//! worker), writing the records and diagnostics into the chunk's own buffer,
//! so nothing is shared between workers while solving: no locks or atomics
//! per puzzle, only a channel send per chunk. The main thread writes the
//! oldest chunk's buffer as soon as it is done, and reads further ahead only
//! while fewer than `2N + 2` chunks are in flight, so memory stays bounded
//! (a few MB) whatever the size of the input, and the main thread's reading
//! and writing overlap the workers' solving.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};
use std::sync::mpsc;
use std::sync::Arc;

use sudokit::format::{self, Format, ReadError};
use sudokit::Engine;

use crate::record::{answer, Admit, Item, Settings, Sink, Tally};

/// Puzzles per chunk.
pub const CHUNK_PUZZLES: usize = 4096;
/// Cells per chunk at most (so a chunk of 36x36 puzzles stays small).
pub const CHUNK_CELLS: usize = CHUNK_PUZZLES * 81;

thread_local! {
    /// The engine of this worker thread.
    static ENGINE: RefCell<Option<Box<dyn Engine + Send>>> = const { RefCell::new(None) };
}

/// A chunk's answers: output bytes, and diagnostics with the output position
/// they come before.
#[derive(Debug, Default)]
struct Buffered {
    out: Vec<u8>,
    notes: Vec<(usize, String)>,
}

impl Sink for Buffered {
    type Out = Vec<u8>;

    fn out(&mut self) -> &mut Vec<u8> {
        &mut self.out
    }

    fn diagnose(&mut self, message: fmt::Arguments<'_>) -> io::Result<()> {
        self.notes.push((self.out.len(), message.to_string()));
        Ok(())
    }
}

/// A solved chunk.
#[derive(Debug)]
struct Done {
    answers: Buffered,
    tally: Tally,
}

/// Solves a chunk with `engine`.
fn solve_chunk(
    settings: &Settings,
    engine: &mut dyn Engine,
    name: &str,
    format: Format,
    chunk: Vec<Item>,
) -> Done {
    let mut answers = Buffered {
        out: Vec::with_capacity(chunk.len() * 90),
        notes: Vec::new(),
    };
    let mut tally = Tally::default();
    for item in chunk {
        answer(
            settings,
            engine,
            name,
            format,
            item,
            &mut answers,
            &mut tally,
        )
        .expect("writing to memory cannot fail");
    }
    Done { answers, tally }
}

/// What the pool needs from the run it works for: which puzzles to answer,
/// and where the answered chunks go, in input order.
pub trait Feed {
    /// Whether to answer the next puzzle read.
    fn admit(&mut self) -> Admit;

    /// Writes a finished chunk's output and diagnostics in order, and adds
    /// its tally to the run's.
    ///
    /// # Errors
    /// Errors writing the output.
    fn emit(&mut self, out: &[u8], notes: &[(usize, String)], tally: &Tally) -> io::Result<()>;

    /// Notes an I/O error reading the input `name`.
    ///
    /// # Errors
    /// Errors flushing the output.
    fn read_failed(&mut self, name: &str, e: &io::Error) -> io::Result<()>;
}

/// The worker pool.
#[derive(Debug)]
pub struct Batch {
    pool: rayon::ThreadPool,
    threads: usize,
}

impl Batch {
    /// A pool of `threads` workers.
    ///
    /// # Errors
    /// When the threads cannot be started.
    pub fn new(threads: usize) -> Result<Batch, rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("sudokit-worker-{i}"))
            .build()?;
        Ok(Batch { pool, threads })
    }

    /// Solves every puzzle of `items` (one input named `name`) as `settings`
    /// say, writing the answers through `run` in input order.
    ///
    /// # Errors
    /// Errors writing the output.
    pub fn input<R: BufRead>(
        &mut self,
        run: &mut impl Feed,
        settings: &Settings,
        name: &str,
        format: Format,
        mut items: format::Reader<R>,
    ) -> io::Result<()> {
        let name: Arc<str> = name.into();
        let settings = *settings;
        let depth = 2 * self.threads + 2;
        let mut pending: VecDeque<mpsc::Receiver<Done>> = VecDeque::with_capacity(depth);
        let mut read_error = None;
        let mut finished = false;
        while !finished {
            let mut chunk = Vec::with_capacity(CHUNK_PUZZLES);
            let mut cells = 0;
            while chunk.len() < CHUNK_PUZZLES && cells < CHUNK_CELLS {
                let item = match items.next() {
                    None => {
                        finished = true;
                        break;
                    }
                    Some(Err(ReadError::Io(e))) => {
                        read_error = Some(e);
                        finished = true;
                        break;
                    }
                    Some(Ok(entry)) => Ok(entry),
                    Some(Err(ReadError::Parse(e))) => Err(e),
                };
                match run.admit() {
                    Admit::Take => {}
                    Admit::Skip => continue,
                    Admit::Stop => {
                        finished = true;
                        break;
                    }
                }
                cells += match &item {
                    Ok(entry) => entry.puzzle.givens().cells().len(),
                    Err(_) => 81,
                };
                chunk.push(item);
            }
            if !chunk.is_empty() {
                let (tx, rx) = mpsc::sync_channel(1);
                let name = Arc::clone(&name);
                self.pool.spawn(move || {
                    let done = ENGINE.with(|slot| {
                        let mut slot = slot.borrow_mut();
                        let engine = slot.get_or_insert_with(|| settings.build_engine());
                        solve_chunk(&settings, engine.as_mut(), &name, format, chunk)
                    });
                    // The main thread may have stopped (a closed stdout).
                    let _ = tx.send(done);
                });
                pending.push_back(rx);
            }
            while pending.len() >= depth || (finished && !pending.is_empty()) {
                let rx = pending.pop_front().expect("not empty");
                let done = rx
                    .recv()
                    .map_err(|_| io::Error::other("a worker thread failed"))?;
                run.emit(&done.answers.out, &done.answers.notes, &done.tally)?;
            }
        }
        if let Some(e) = read_error {
            run.read_failed(&name, &e)?;
        }
        Ok(())
    }
}
