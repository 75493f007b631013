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
//!
//! The classic 9x9 engines [`Fast9`] and [`Triad9`] have vector kernels
//! besides their portable one: each engine runs the kernel of a [`Backend`],
//! the best this CPU runs ([`Backend::detect`]) unless the environment
//! variable `SUDOKIT_BACKEND` (`portable`, `avx2`, `avx512`) names another.
//! [`Auto`] picks an engine per puzzle.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

pub use crate::budget::{Budget, Cancel, Meter, StopReason, CLOCK_EVERY};
use crate::digits::Digit;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::Solutions;
use crate::puzzle::Puzzle;

mod auto;
pub mod candidates;
mod cpu;
pub mod dfs;
pub mod dlx;
pub mod fast9;
pub mod triad9;
pub mod variant;

pub use auto::Auto;
pub use candidates::TrueCandidates;
pub use cpu::Backend;
pub use dfs::Dfs;
pub use dlx::Dlx;
pub use fast9::Fast9;
pub use triad9::Triad9;
pub use variant::Variant;

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

    /// The budget [`Engine::set_budget`] last set (what a job of several
    /// searches, such as [`Engine::true_candidates`], divides up).
    fn budget(&self) -> &Budget;

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

    /// The true candidates of `puzzle`: for every cell the digits some
    /// solution puts there, with how many solutions do, up to `cap` (at
    /// least 1). By default one [`Engine::solve_with`] per candidate not yet
    /// seen in a solution ([`candidates::by_solving`]); engines with a
    /// faster way override it.
    ///
    /// # Errors
    /// [`Unsupported`] when the engine cannot solve the puzzle.
    fn true_candidates(
        &mut self,
        puzzle: &Puzzle,
        cap: u32,
    ) -> Result<TrueCandidates, Unsupported> {
        candidates::by_solving(self, puzzle, cap)
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
    if !puzzle.constraints().is_empty() {
        Err(Unsupported {
            engine: engine.name(),
            geometry: format!("{} with variant constraints", puzzle.geometry()),
        })
    } else if engine.supports(puzzle.geometry()) {
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
    budget: &Budget,
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

/// The constructors and the [`Engine`] impl of a classic 9x9 engine with
/// vector kernels: `$engine`, named `$name`, whose kernels are `$kernel`.
///
/// `$kernel` is a `Copy` enum of the kernels with the proof that the CPU
/// runs them: a `Portable` variant, `fn of(Backend) -> Option<$kernel>`
/// (the kernel of a backend, when the CPU runs it) and `fn backend(self) ->
/// Backend`. `$engine` has the fields `kernel: $kernel` and `budget:
/// Budget`, a constructor `fn on($kernel) -> $engine`, and a method
/// `solve_inner(&mut self, &Puzzle, u64, Option<Visitor>) -> Result<Solutions,
/// Unsupported>`, which [`Engine::solve_with`] calls with the visitor and
/// [`Engine::solve`] without (so that only the first solution becomes a
/// [`Grid`]).
macro_rules! classic_engine {
    ($engine:ident, $name:literal, $kernel:ident) => {
        impl Default for $engine {
            fn default() -> $engine {
                $engine::new()
            }
        }

        impl $engine {
            /// A new engine on the kernel of
            /// [`Backend::detect`](crate::engine::Backend::detect): the best
            /// this CPU runs, unless `SUDOKIT_BACKEND` names another.
            pub fn new() -> $engine {
                let backend = $crate::engine::Backend::detect();
                $engine::with_backend(backend).unwrap_or_else(|| $engine::on($kernel::Portable))
            }

            /// A new engine on `backend`, or `None` when this CPU cannot run
            /// it (see the [module docs](self) for a backend the engine has
            /// no kernel of its own for).
            pub fn with_backend(backend: $crate::engine::Backend) -> Option<$engine> {
                $kernel::of(backend).map($engine::on)
            }

            /// The kernel in use.
            pub fn backend(&self) -> $crate::engine::Backend {
                self.kernel.backend()
            }
        }

        impl $crate::engine::Engine for $engine {
            fn name(&self) -> &'static str {
                $name
            }

            fn supports(&self, geometry: &$crate::Geometry) -> bool {
                geometry.is_classic()
            }

            fn set_budget(&mut self, budget: $crate::Budget) {
                self.budget = budget;
            }

            fn budget(&self) -> &$crate::Budget {
                &self.budget
            }

            fn solve_with(
                &mut self,
                puzzle: &$crate::Puzzle,
                limit: u64,
                visit: &mut dyn FnMut(&$crate::Grid) -> ::std::ops::ControlFlow<()>,
            ) -> Result<$crate::Solutions, $crate::Unsupported> {
                self.solve_inner(puzzle, limit, Some(visit))
            }

            /// As [`solve_with`](crate::Engine::solve_with) with no
            /// visitor, but only the first solution is turned into a
            /// [`Grid`](crate::Grid).
            fn solve(
                &mut self,
                puzzle: &$crate::Puzzle,
                limit: u64,
            ) -> Result<$crate::Solutions, $crate::Unsupported> {
                self.solve_inner(puzzle, limit, None)
            }
        }
    };
}
pub(crate) use classic_engine;

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
    /// The engine for variant constraints ([`Variant`]), any grid up to
    /// 16x16.
    Variant,
}

impl EngineKind {
    /// Every engine name accepted by [`EngineKind::from_str`].
    pub const NAMES: &'static [&'static str] =
        &["auto", "dfs", "dlx", "fast9", "triad9", "variant"];

    /// A new engine of this kind.
    pub fn build(self) -> Box<dyn Engine + Send> {
        match self {
            EngineKind::Auto => Box::new(Auto::new()),
            EngineKind::Dfs => Box::new(Dfs::new()),
            EngineKind::Dlx => Box::new(Dlx::new()),
            EngineKind::Fast9 => Box::new(Fast9::new()),
            EngineKind::Triad9 => Box::new(Triad9::new()),
            EngineKind::Variant => Box::new(Variant::new()),
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
            EngineKind::Variant => "variant",
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
#[error("unknown engine `{0}` (expected one of: auto, dfs, dlx, fast9, triad9, variant)")]
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
            "variant" => Ok(EngineKind::Variant),
            _ => Err(UnknownEngine(s.to_owned())),
        }
    }
}
