//! Parallel batch solving (`--threads N`, N > 1) with bounded memory.
//!
//! The main thread reads puzzles and cuts them into chunks, hands each chunk
//! to a rayon pool of N workers and keeps the chunks in a queue in input
//! order. A worker solves a whole chunk with its own engine (a thread-local
//! one, built once per worker) and appends each answer to the chunk's shared
//! buffer as soon as it is written. The main thread writes the oldest
//! chunk's answers when the chunk is done, and, while it waits for a slow
//! one, every [`FLUSH_AFTER`] whatever part of it is ready (flushing the
//! output), so a puzzle that never ends does not hold back the answers
//! before it. It reads further ahead only while fewer than `2N + 2` chunks
//! are in flight, so memory stays bounded whatever the size of the input,
//! and the main thread's reading and writing overlap the workers' solving.
//!
//! Chunk sizes follow the work: the first chunks hold one puzzle each, and
//! once chunks come back the size aims at [`CHUNK_TARGET`] of solving per
//! chunk from the measured time per puzzle (at most doubling from one chunk
//! to the next, at most [`CHUNK_PUZZLES`] puzzles and [`CHUNK_CELLS`]
//! cells). Fast puzzles get big chunks (few hand-overs); slow puzzles or big
//! grids get chunks of one, so a handful of hard puzzles is shared by every
//! worker.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use web_time::Instant;

use sudokit::format::{self, Format};
use sudokit::Engine;

use crate::record::{answer, Admit, Item, Settings, Sink, Tally};

/// Puzzles per chunk at most.
pub const CHUNK_PUZZLES: usize = 4096;
/// Cells per chunk at most (so a chunk of 36x36 puzzles stays small).
pub const CHUNK_CELLS: usize = CHUNK_PUZZLES * 81;
/// The solving time a chunk aims at.
pub const CHUNK_TARGET: Duration = Duration::from_millis(20);
/// How long the main thread waits for a chunk before writing (and flushing)
/// the part of it that is ready.
pub const FLUSH_AFTER: Duration = Duration::from_millis(100);

thread_local! {
    /// The engine of this worker thread.
    static ENGINE: RefCell<Option<Box<dyn Engine + Send>>> = const { RefCell::new(None) };
}

/// Answers: output bytes, and diagnostics with the output position they
/// come before.
#[derive(Debug, Default)]
pub struct Buffered {
    /// The output.
    pub out: Vec<u8>,
    /// Diagnostic lines, each with the length of `out` when it was written.
    pub notes: Vec<(usize, String)>,
}

impl Buffered {
    /// Moves everything of `other` to the end of this buffer.
    pub fn append(&mut self, other: &mut Buffered) {
        let at = self.out.len();
        self.notes
            .extend(other.notes.drain(..).map(|(pos, note)| (pos + at, note)));
        self.out.append(&mut other.out);
    }

    /// Empties the buffer, keeping its memory.
    pub fn clear(&mut self) {
        self.out.clear();
        self.notes.clear();
    }
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

/// What a chunk's worker has answered and the main thread not yet written.
#[derive(Debug, Default)]
struct Ready {
    answers: Buffered,
    tally: Tally,
}

/// A chunk's end, sent by its worker.
#[derive(Debug)]
struct Finished {
    puzzles: usize,
    elapsed: Duration,
    /// The rayon index of the worker that solved it.
    worker: Option<usize>,
}

/// A chunk in flight.
#[derive(Debug)]
struct Pending {
    ready: Arc<Mutex<Ready>>,
    finished: mpsc::Receiver<Finished>,
}

/// Solves a chunk with `engine`, publishing each answer to `ready`.
fn solve_chunk(
    settings: &Settings,
    engine: &mut dyn Engine,
    name: &str,
    format: Format,
    chunk: Vec<Item>,
    ready: &Mutex<Ready>,
) {
    let mut answers = Buffered {
        out: Vec::with_capacity(256),
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
        // One uncontended lock per puzzle: the answer is ready for the main
        // thread even if the next puzzle never ends.
        let mut ready = ready.lock().unwrap_or_else(PoisonError::into_inner);
        ready.answers.append(&mut answers);
        ready.tally.add(&tally);
        tally = Tally::default();
    }
}

/// What the pool needs from the run it works for: which puzzles to answer,
/// and where the answered chunks go, in input order.
pub trait Feed {
    /// Whether to answer the next puzzle read.
    fn admit(&mut self) -> Admit;

    /// Writes answers (output and diagnostics) in order, and adds their
    /// tally to the run's.
    ///
    /// # Errors
    /// Errors writing the output.
    fn emit(&mut self, out: &[u8], notes: &[(usize, String)], tally: &Tally) -> io::Result<()>;

    /// Flushes the output (the pool is waiting for a slow chunk).
    ///
    /// # Errors
    /// Errors writing the output.
    fn flush(&mut self) -> io::Result<()>;

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
    /// Puzzles in the last chunk handed out.
    last_chunk: usize,
    /// Measured solving time per puzzle (a moving average), once a chunk
    /// has come back.
    per_puzzle: Option<f64>,
    /// Chunks solved by each worker.
    chunks_by_worker: Vec<u64>,
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
        Ok(Batch {
            pool,
            threads,
            last_chunk: 0,
            per_puzzle: None,
            chunks_by_worker: vec![0; threads],
        })
    }

    /// Chunks solved by each worker so far.
    #[cfg(test)]
    pub fn chunks_by_worker(&self) -> &[u64] {
        &self.chunks_by_worker
    }

    /// Puzzles in the next chunk: one until a chunk has come back, then
    /// [`CHUNK_TARGET`] of work, growing at most twofold per chunk.
    fn next_chunk_size(&mut self) -> usize {
        let want = match self.per_puzzle {
            None => 1,
            Some(per) => (CHUNK_TARGET.as_secs_f64() / per.max(1e-9)) as usize,
        };
        let size = want.min(2 * self.last_chunk).clamp(1, CHUNK_PUZZLES);
        self.last_chunk = size;
        size
    }

    /// Takes what a chunk's worker has answered so far and writes it.
    fn write_ready(run: &mut impl Feed, ready: &Mutex<Ready>) -> io::Result<bool> {
        let taken = std::mem::take(&mut *ready.lock().unwrap_or_else(PoisonError::into_inner));
        if taken.tally.puzzles == 0 && taken.answers.out.is_empty() {
            return Ok(false);
        }
        run.emit(&taken.answers.out, &taken.answers.notes, &taken.tally)?;
        Ok(true)
    }

    /// Writes the chunks at the front of the queue that are done, without
    /// waiting.
    fn finish_done(
        &mut self,
        run: &mut impl Feed,
        pending: &mut VecDeque<Pending>,
    ) -> io::Result<()> {
        while let Some(oldest) = pending.front() {
            match oldest.finished.try_recv() {
                Ok(finished) => {
                    Batch::write_ready(run, &oldest.ready)?;
                    self.measured(&finished);
                    pending.pop_front();
                }
                Err(mpsc::TryRecvError::Empty) => return Ok(()),
                Err(mpsc::TryRecvError::Disconnected) => {
                    return Err(io::Error::other("a worker thread failed"));
                }
            }
        }
        Ok(())
    }

    /// Waits for the oldest chunk and writes its answers, writing and
    /// flushing the part that is ready every [`FLUSH_AFTER`] meanwhile.
    fn finish_oldest(
        &mut self,
        run: &mut impl Feed,
        pending: &mut VecDeque<Pending>,
    ) -> io::Result<()> {
        let oldest = pending.pop_front().expect("a chunk in flight");
        loop {
            match oldest.finished.recv_timeout(FLUSH_AFTER) {
                Ok(finished) => {
                    Batch::write_ready(run, &oldest.ready)?;
                    self.measured(&finished);
                    return Ok(());
                }
                Err(RecvTimeoutError::Timeout) => {
                    Batch::write_ready(run, &oldest.ready)?;
                    run.flush()?;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(io::Error::other("a worker thread failed"));
                }
            }
        }
    }

    /// Learns the time per puzzle from a finished chunk.
    fn measured(&mut self, finished: &Finished) {
        if let Some(count) = finished
            .worker
            .and_then(|w| self.chunks_by_worker.get_mut(w))
        {
            *count += 1;
        }
        if finished.puzzles == 0 {
            return;
        }
        let per = finished.elapsed.as_secs_f64() / finished.puzzles as f64;
        self.per_puzzle = Some(match self.per_puzzle {
            Some(old) => (old + per) / 2.0,
            None => per,
        });
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
        let settings = settings.clone();
        let depth = 2 * self.threads + 2;
        let mut pending: VecDeque<Pending> = VecDeque::with_capacity(depth);
        let mut read_error = None;
        let mut finished = false;
        while !finished {
            let size = self.next_chunk_size();
            let mut chunk = Vec::with_capacity(size);
            let mut cells = 0;
            while chunk.len() < size && cells < CHUNK_CELLS {
                let item = match items.next().map(crate::record::item_of) {
                    None => {
                        finished = true;
                        break;
                    }
                    Some(Err(e)) => {
                        read_error = Some(e);
                        finished = true;
                        break;
                    }
                    Some(Ok(item)) => item,
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
                let ready = Arc::new(Mutex::new(Ready::default()));
                let shared = Arc::clone(&ready);
                let name = Arc::clone(&name);
                let settings = settings.clone();
                self.pool.spawn(move || {
                    let start = Instant::now();
                    let puzzles = chunk.len();
                    ENGINE.with(|slot| {
                        let mut slot = slot.borrow_mut();
                        let engine = slot.get_or_insert_with(|| settings.build_engine());
                        solve_chunk(&settings, engine.as_mut(), &name, format, chunk, &shared);
                    });
                    // The main thread may have stopped (a closed stdout).
                    let _ = tx.send(Finished {
                        puzzles,
                        elapsed: start.elapsed(),
                        worker: rayon::current_thread_index(),
                    });
                });
                pending.push_back(Pending {
                    ready,
                    finished: rx,
                });
            }
            self.finish_done(run, &mut pending)?;
            while pending.len() >= depth || (finished && !pending.is_empty()) {
                self.finish_oldest(run, &mut pending)?;
            }
        }
        if let Some(e) = read_error {
            run.read_failed(&name, &e)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use sudokit::format::Limits;
    use sudokit::{Budget, EngineKind};

    use super::*;
    use crate::record::Mode;

    /// A run that takes every puzzle and keeps what is written, and when.
    #[derive(Default)]
    struct Collect {
        out: Vec<u8>,
        tally: Tally,
        emitted: Vec<(Instant, usize)>,
    }

    impl Feed for Collect {
        fn admit(&mut self) -> Admit {
            Admit::Take
        }

        fn emit(&mut self, out: &[u8], _: &[(usize, String)], tally: &Tally) -> io::Result<()> {
            self.out.extend_from_slice(out);
            self.tally.add(tally);
            self.emitted.push((Instant::now(), self.out.len()));
            Ok(())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }

        fn read_failed(&mut self, _: &str, e: &io::Error) -> io::Result<()> {
            panic!("reading from memory: {e}")
        }
    }

    fn settings(budget: Budget) -> Settings {
        Settings {
            engine: EngineKind::Dfs,
            limit: None,
            mode: Mode::Count,
            pretty: None,
            grid_color: false,
            budget,
            limits: Limits::default(),
            to: None,
            variant: crate::variant::Variant::NONE,
            header: crate::variant::Variant::NONE,
            json: false,
            timeout_is_default: false,
            card: crate::record::CardStyle::default(),
        }
    }

    /// In a chunk of a quick puzzle and a slow one, the quick one's answer
    /// is written long before the slow one ends.
    #[test]
    fn the_ready_part_of_a_slow_chunk_is_written() {
        let hard = include_str!("../tests/bad_input/hard_line16.txt")
            .lines()
            .nth(1)
            .expect("line 2");
        let input = format!("1...............\n{hard}\n");
        let settings = settings(Budget::UNLIMITED.with_time_limit(Duration::from_millis(1500)));
        let mut batch = Batch::new(2).expect("two threads");
        // As after fast chunks: the next one holds both puzzles.
        batch.per_puzzle = Some(1e-6);
        batch.last_chunk = CHUNK_PUZZLES;
        let mut run = Collect::default();
        let items = format::read_with_limits(Format::Line, input.as_bytes(), settings.limits);
        let start = Instant::now();
        batch
            .input(&mut run, &settings, "test", Format::Line, items)
            .expect("writing to memory");
        assert_eq!(String::from_utf8_lossy(&run.out), "2+\nGave up\n");
        assert!(start.elapsed() >= Duration::from_millis(1500));
        let (when, len) = run.emitted[0];
        assert_eq!(len, 3, "the quick answer alone first");
        assert!(
            when - start < Duration::from_millis(1000),
            "{:?}",
            when - start
        );
    }

    /// A few slow puzzles (far fewer than a chunk of fast ones) keep both
    /// workers busy, in input order.
    #[test]
    fn a_few_slow_puzzles_are_shared_between_the_workers() {
        let hard = include_str!("../tests/bad_input/hard_line16.txt")
            .lines()
            .nth(1)
            .expect("line 2");
        let quick = "1...............";
        let mut input = String::new();
        for _ in 0..4 {
            input.push_str(&format!("{hard}\n{quick}\n"));
        }
        let settings = settings(Budget::UNLIMITED.with_time_limit(Duration::from_millis(50)));
        let mut batch = Batch::new(2).expect("two threads");
        let mut run = Collect::default();
        let items = format::read_with_limits(Format::Line, input.as_bytes(), settings.limits);
        batch
            .input(&mut run, &settings, "test", Format::Line, items)
            .expect("writing to memory");
        assert_eq!(run.tally.gave_up, 4);
        assert_eq!(String::from_utf8_lossy(&run.out), "Gave up\n2+\n".repeat(4));
        let chunks = batch.chunks_by_worker();
        assert!(
            chunks.iter().all(|&c| c > 0),
            "chunks per worker: {chunks:?}"
        );
    }
}
