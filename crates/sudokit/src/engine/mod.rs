//! Engines: one contract, several techniques.
//!
//! Every engine answers *solve this puzzle, stopping after `limit`
//! solutions* ([`Engine::solve`]): limit 1 finds any solution, 2 checks
//! uniqueness, larger limits count. One contract lets one test corpus and one
//! benchmark table cover every engine. Engines own their scratch memory
//! (`&mut self`), so a batch keeps one engine per thread and allocates nothing
//! per puzzle once warmed up.
//!
//! Every engine also honours a [`Budget`] ([`Engine::set_budget`]): a bound
//! on search nodes and on wall-clock time per solve. A search cut by the
//! budget returns what it found with [`Solutions::stopped`] set and
//! [`Solutions::complete`] false; engines check it with a [`Meter`], one
//! comparison per search node.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

pub use crate::budget::{Budget, Meter, StopReason, CLOCK_EVERY};
use crate::digits::Digit;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::Solutions;
use crate::puzzle::Puzzle;

pub mod dfs;
pub mod dlx;
pub mod fast9;
pub mod triad9;

pub use dfs::Dfs;
pub use dlx::Dlx;
pub use fast9::Fast9;
pub use triad9::Triad9;

/// The engine cannot handle this geometry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("engine {engine} does not support {geometry}")]
pub struct Unsupported {
    /// The engine's name.
    pub engine: &'static str,
    /// The geometry, as displayed.
    pub geometry: String,
}

/// A solving engine.
pub trait Engine {
    /// Short name (`dfs`, `dlx`, …).
    fn name(&self) -> &'static str;

    /// Whether this engine can solve puzzles of this geometry.
    fn supports(&self, geometry: &Geometry) -> bool;

    /// Sets the effort bound of every following solve (a new engine has
    /// [`Budget::UNLIMITED`]). When a search runs out of budget it stops
    /// and returns what it found so far, with [`Solutions::stopped`] saying
    /// why and [`Solutions::complete`] false. Every engine must honour it
    /// (start a [`Meter`] per solve and ask [`Meter::allows`] before each
    /// search node).
    fn set_budget(&mut self, budget: Budget);

    /// Solves `puzzle`, stopping after `limit` solutions (a limit of 0 is
    /// treated as 1), and calls `visit` with each solution found; `visit` may
    /// stop the search early by returning [`ControlFlow::Break`]. Solutions
    /// keep the givens and, when the puzzle restricts them
    /// ([`Puzzle::candidates`]), put a candidate in every cell.
    ///
    /// # Errors
    /// [`Unsupported`] when [`Engine::supports`] is false for the geometry.
    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Solutions, Unsupported>;

    /// Solves `puzzle`, stopping after `limit` solutions (0 is treated as 1).
    ///
    /// # Errors
    /// [`Unsupported`] when [`Engine::supports`] is false for the geometry.
    fn solve(&mut self, puzzle: &Puzzle, limit: u64) -> Result<Solutions, Unsupported> {
        self.solve_with(puzzle, limit, &mut |_| ControlFlow::Continue(()))
    }
}

/// A caller's visitor of solutions.
pub(crate) type Visitor<'a> = &'a mut dyn FnMut(&Grid) -> ControlFlow<()>;

/// What the search of a classic 9x9 engine reports: solutions counted,
/// nodes, guesses, and whether it was exhaustive.
pub(crate) type Outcome = (u64, u64, u64, bool);

/// The six permutations of three lines, in lexicographic order: the
/// configurations a digit can take in a band of three boxes (one line per
/// box and per row).
pub(crate) const PERMUTATIONS_OF_3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Whether this CPU has AVX2, BMI1, BMI2, POPCNT and LZCNT: what the AVX2
/// kernels of fast9 and triad9 are compiled for.
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
}

/// Whether this CPU has AVX-512 F, VL, BW and BITALG: what triad9's
/// AVX-512 kernel needs beyond [`has_avx2`].
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_avx512_bitalg() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512bitalg")
}

/// The backend of `all` (ordered worst to best) that `SUDOKIT_FAST9_BACKEND`
/// names, when this CPU runs it, else the best one it runs (`all[0]`, the
/// portable one, runs everywhere): what fast9's and triad9's
/// `Backend::detect` return.
pub(crate) fn forced_or_best<B: Copy>(
    all: &[B],
    name: impl Fn(B) -> &'static str,
    available: impl Fn(B) -> bool,
) -> B {
    let forced = std::env::var("SUDOKIT_FAST9_BACKEND").ok();
    let named = all
        .iter()
        .copied()
        .find(|&b| forced.as_deref() == Some(name(b)));
    match named {
        Some(b) if available(b) => b,
        _ => all
            .iter()
            .copied()
            .rev()
            .find(|&b| available(b))
            .unwrap_or(all[0]),
    }
}

/// The values of a 9x9 grid's cells (1–9, 0 for an empty cell), row-major,
/// in `N` bytes (zeros past the last cell): the byte form that fast9 and
/// triad9 start from.
#[inline]
pub(crate) fn cell_values<const N: usize>(cells: &[Option<Digit>]) -> [u8; N] {
    let mut values = [0u8; N];
    for (v, &cell) in values.iter_mut().zip(cells) {
        *v = Digit::value_of(cell);
    }
    values
}

/// [`Unsupported`] unless `engine` supports the geometry of `puzzle`.
pub(crate) fn ensure_supported<E: Engine + ?Sized>(
    engine: &E,
    puzzle: &Puzzle,
) -> Result<(), Unsupported> {
    if engine.supports(puzzle.geometry()) {
        Ok(())
    } else {
        Err(Unsupported {
            engine: engine.name(),
            geometry: puzzle.geometry().to_string(),
        })
    }
}

/// Runs a search that hands each solved state `S` to a callback, and turns
/// its outcome into [`Solutions`]: every solution becomes a [`Grid`]
/// (`to_grid`) when there is a visitor, else only the first one does; the
/// meter is started with `budget`.
pub(crate) fn solutions_of<S>(
    budget: Budget,
    mut visit: Option<Visitor<'_>>,
    to_grid: impl Fn(&S) -> Grid,
    search: impl FnOnce(&mut Meter, &mut dyn FnMut(&S) -> ControlFlow<()>) -> Outcome,
) -> Solutions {
    let mut first: Option<Grid> = None;
    let mut meter = Meter::start(budget);
    let (count, nodes, guesses, complete) = search(&mut meter, &mut |s| match visit.as_mut() {
        Some(visit) => {
            let grid = to_grid(s);
            let flow = visit(&grid);
            if first.is_none() {
                first = Some(grid);
            }
            flow
        }
        None => {
            if first.is_none() {
                first = Some(to_grid(s));
            }
            ControlFlow::Continue(())
        }
    });
    let stopped = meter.stopped();
    Solutions {
        count,
        first,
        complete: complete && stopped.is_none(),
        stopped,
        stats: crate::outcome::Stats { nodes, guesses },
    }
}

/// Which engine to use, by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Pick the best engine for each puzzle.
    #[default]
    Auto,
    /// The generic bitmask engine ([`Dfs`]).
    Dfs,
    /// The exact-cover engine ([`Dlx`]).
    Dlx,
    /// The classic 9x9 engine ([`Fast9`]).
    Fast9,
    /// The 9x9 box/band engine ([`Triad9`]).
    Triad9,
}

impl EngineKind {
    /// Every engine name accepted by [`EngineKind::from_str`].
    pub const NAMES: &'static [&'static str] = &["auto", "dfs", "dlx", "fast9", "triad9"];

    /// A new engine of this kind.
    pub fn build(self) -> Box<dyn Engine + Send> {
        match self {
            EngineKind::Auto => Box::new(Auto::new()),
            EngineKind::Dfs => Box::new(Dfs::new()),
            EngineKind::Dlx => Box::new(Dlx::new()),
            EngineKind::Fast9 => Box::new(Fast9::new()),
            EngineKind::Triad9 => Box::new(Triad9::new()),
        }
    }

    /// The name.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Auto => "auto",
            EngineKind::Dfs => "dfs",
            EngineKind::Dlx => "dlx",
            EngineKind::Fast9 => "fast9",
            EngineKind::Triad9 => "triad9",
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An engine name that is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine `{0}` (expected one of: auto, dfs, dlx, fast9, triad9)")]
pub struct UnknownEngine(pub String);

impl FromStr for EngineKind {
    type Err = UnknownEngine;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(EngineKind::Auto),
            "dfs" => Ok(EngineKind::Dfs),
            "dlx" => Ok(EngineKind::Dlx),
            "fast9" => Ok(EngineKind::Fast9),
            "triad9" => Ok(EngineKind::Triad9),
            _ => Err(UnknownEngine(s.to_owned())),
        }
    }
}

/// The engine that picks an engine, per puzzle:
/// - classic 9x9 puzzles with more than [`Auto::SPARSE_GIVENS`] givens go
///   to [`Triad9`] when this CPU runs one of its vector kernels
///   ([`triad9::Backend`]);
/// - other classic 9x9 puzzles (sparse ones, or every one on a CPU without
///   AVX2) go to [`Fast9`];
/// - every other geometry goes to [`Dfs`].
///
/// Each engine finds every solution, so counts and uniqueness do not depend
/// on the choice; the *first* solution of a puzzle with several (at limit
/// 1) may, as the two 9x9 engines branch differently.
#[derive(Debug)]
pub struct Auto {
    dfs: Dfs,
    fast9: Fast9,
    /// `None` when triad9 would run its portable kernel, which is several
    /// times slower than fast9's.
    triad9: Option<Triad9>,
}

impl Default for Auto {
    fn default() -> Auto {
        let triad9 = Triad9::new();
        Auto {
            dfs: Dfs::default(),
            fast9: Fast9::default(),
            triad9: (triad9.backend() != triad9::Backend::Portable).then_some(triad9),
        }
    }
}

impl Auto {
    /// Classic puzzles with at most this many givens go to fast9 even where
    /// triad9 runs vectorised. Measured in process (`sudokit bench`, limits
    /// 1 and 2, interleaved; DEVELOPERS.md, sixth session): fast9 is ahead
    /// by 8–12% on 17-clue puzzles and on magictour's puzzles with 17 or 18
    /// givens (whether or not they need a guess), level or behind on every
    /// denser group (triad9 +0–7% on magictour's others, +6% on 1905_11+,
    /// +14% on 1106, +12% on serg). A sparse grid takes triad9 many rounds
    /// of box and band rules to fill by singles, which fast9 places one
    /// cell at a time for little.
    pub const SPARSE_GIVENS: usize = 18;

    /// A new automatic engine.
    pub fn new() -> Auto {
        Auto::default()
    }

    /// The engine for `puzzle`; see [`Auto`].
    fn engine_for(&mut self, puzzle: &Puzzle) -> &mut dyn Engine {
        if !self.fast9.supports(puzzle.geometry()) {
            return &mut self.dfs;
        }
        match &mut self.triad9 {
            Some(triad9) if puzzle.givens().filled() > Auto::SPARSE_GIVENS => triad9,
            _ => &mut self.fast9,
        }
    }
}

impl Engine for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    fn set_budget(&mut self, budget: Budget) {
        self.dfs.set_budget(budget);
        self.fast9.set_budget(budget);
        if let Some(triad9) = &mut self.triad9 {
            triad9.set_budget(budget);
        }
    }

    fn supports(&self, geometry: &Geometry) -> bool {
        self.dfs.supports(geometry)
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Solutions, Unsupported> {
        self.engine_for(puzzle).solve_with(puzzle, limit, visit)
    }

    /// The chosen engine's own [`solve`](Engine::solve), which turns only the
    /// first solution into a [`Grid`] (the default would visit, and so
    /// build, every one).
    fn solve(&mut self, puzzle: &Puzzle, limit: u64) -> Result<Solutions, Unsupported> {
        self.engine_for(puzzle).solve(puzzle, limit)
    }
}
