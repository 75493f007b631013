//! Engines: one contract, several techniques.
//!
//! Every engine answers *solve this puzzle, stopping after `limit`
//! solutions* ([`Engine::solve`]): limit 1 finds any solution, 2 checks
//! uniqueness, larger limits count. One contract lets one test corpus and one
//! benchmark table cover every engine. Engines own their scratch memory
//! (`&mut self`), so a batch keeps one engine per thread and allocates nothing
//! per puzzle once warmed up.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::Solutions;
use crate::puzzle::Puzzle;

pub mod dfs;
pub mod dlx;

pub use dfs::Dfs;
pub use dlx::Dlx;

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
}

impl EngineKind {
    /// Every engine name accepted by [`EngineKind::from_str`].
    pub const NAMES: &'static [&'static str] = &["auto", "dfs", "dlx"];

    /// A new engine of this kind.
    pub fn build(self) -> Box<dyn Engine + Send> {
        match self {
            EngineKind::Auto => Box::new(Auto::new()),
            EngineKind::Dfs => Box::new(Dfs::new()),
            EngineKind::Dlx => Box::new(Dlx::new()),
        }
    }

    /// The name.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Auto => "auto",
            EngineKind::Dfs => "dfs",
            EngineKind::Dlx => "dlx",
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
#[error("unknown engine `{0}` (expected one of: auto, dfs, dlx)")]
pub struct UnknownEngine(pub String);

impl FromStr for EngineKind {
    type Err = UnknownEngine;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(EngineKind::Auto),
            "dfs" => Ok(EngineKind::Dfs),
            "dlx" => Ok(EngineKind::Dlx),
            _ => Err(UnknownEngine(s.to_owned())),
        }
    }
}

/// The engine that picks an engine: today every geometry goes to [`Dfs`];
/// specialised engines (exact cover, a 9x9 fast path) plug in here.
#[derive(Debug, Default)]
pub struct Auto {
    dfs: Dfs,
}

impl Auto {
    /// A new automatic engine.
    pub fn new() -> Auto {
        Auto::default()
    }
}

impl Engine for Auto {
    fn name(&self) -> &'static str {
        "auto"
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
        // Candidate restrictions (pencilmark puzzles) go to an engine that
        // honours them, whichever engine would take the geometry otherwise.
        if puzzle.candidates().is_some() {
            return self.dfs.solve_with(puzzle, limit, visit);
        }
        self.dfs.solve_with(puzzle, limit, visit)
    }
}
