//! [`Auto`]: the engine that picks an engine per puzzle.

use super::{Backend, Budget, Dfs, Engine, Fast9, Triad9, Unsupported, Visitor};
use crate::geometry::Geometry;
use crate::outcome::Solutions;
use crate::puzzle::Puzzle;

/// The engine that picks an engine, per puzzle:
/// - classic 9x9 puzzles with more than [`Auto::SPARSE_GIVENS`] givens go
///   to [`Triad9`] when this CPU runs one of its vector kernels (a
///   [`Backend`] other than the portable one);
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
            triad9: (triad9.backend() != Backend::Portable).then_some(triad9),
        }
    }
}

impl Auto {
    /// Classic puzzles with at most this many givens go to fast9 even where
    /// triad9 runs vectorised: on 17- and 18-clue puzzles fast9 is the
    /// faster of the two, on denser ones triad9 is level or ahead. A sparse
    /// grid takes triad9 many rounds of box and band rules to fill by
    /// singles, which fast9 places one cell at a time for little.
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
        visit: Visitor<'_>,
    ) -> Result<Solutions, Unsupported> {
        self.engine_for(puzzle).solve_with(puzzle, limit, visit)
    }

    /// The chosen engine's own [`solve`](Engine::solve), which turns only the
    /// first solution into a [`Grid`](crate::Grid) (the default would visit, and so
    /// build, every one).
    fn solve(&mut self, puzzle: &Puzzle, limit: u64) -> Result<Solutions, Unsupported> {
        self.engine_for(puzzle).solve(puzzle, limit)
    }
}
