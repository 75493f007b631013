//! [`Auto`]: the engine that picks an engine per puzzle.

use std::ops::ControlFlow;
use web_time::Instant;

use super::{
    Backend, Budget, Dfs, Dlx, Engine, Fast9, StopReason, Triad9, Unsupported, Variant, Visitor,
};
use crate::geometry::Geometry;
use crate::outcome::{Solutions, Stats};
use crate::puzzle::Puzzle;

/// The engine that picks an engine, per puzzle:
/// - classic 9x9 puzzles with more givens than
///   [`Auto::sparse_givens_for`] triad9's [`Backend`] go to [`Triad9`]:
///   more than 18 with AVX-512 or AVX2;
/// - other classic 9x9 puzzles (sparse ones, or every one on a CPU without
///   AVX2) go to [`Fast9`];
/// - puzzles with variant constraints go to [`Variant`];
/// - every other geometry (16x16, 25x25, jigsaw …) goes to [`Dfs`] and
///   [`Dlx`] in turn, on node budgets that grow [`Auto::GROWTH`]-fold per
///   round ([`Auto::FIRST_ROUND`], [`Auto::DLX_NODES_PER_DFS_NODE`]), until one
///   of them answers. Neither engine is the faster on every large puzzle:
///   dfs wins on most, by a few times, while some (a contradiction that
///   constraint propagation cannot see) take dfs a factorial search and dlx
///   almost nothing. Taking turns costs at most a small factor over the
///   better engine and never hangs on what one of them answers at once.
///   Once an engine has passed solutions to a visitor, only that engine is
///   run again (skipping what it already passed), so no solution is
///   visited twice. The budget set with [`Engine::set_budget`] bounds the
///   whole: the time from the start of the solve, the nodes summed over the
///   turns.
///
/// Each engine finds every solution, so counts and uniqueness do not depend
/// on the choice; the *first* solution of a puzzle with several (at limit
/// 1) may, as the engines branch differently.
#[derive(Debug)]
pub struct Auto {
    dfs: Dfs,
    dlx: Dlx,
    /// The budget of each solve, as set.
    budget: Budget,
    fast9: Fast9,
    /// `None` when triad9 would run its portable kernel, which is several
    /// times slower than fast9's.
    triad9: Option<Triad9>,
    /// Puzzles with more givens than this go to triad9 (when it is here).
    sparse: usize,
    /// Puzzles with variant constraints go here.
    variant: Variant,
}

impl Default for Auto {
    fn default() -> Auto {
        let triad9 = Triad9::new();
        Auto {
            dfs: Dfs::default(),
            dlx: Dlx::new(),
            budget: Budget::UNLIMITED,
            fast9: Fast9::default(),
            sparse: Auto::sparse_givens_for(triad9.backend()),
            triad9: (triad9.backend() != Backend::Portable).then_some(triad9),
            variant: Variant::new(),
        }
    }
}

impl Auto {
    /// Classic puzzles with at most this many givens go to fast9 where
    /// triad9 runs its AVX-512 kernel: on 17- and 18-clue puzzles fast9 is
    /// the faster of the two, on denser ones triad9 is level or ahead. A
    /// sparse grid takes triad9 many rounds of box and band rules to fill
    /// by singles, which fast9 places in a few operations.
    pub const SPARSE_GIVENS: usize = 18;

    /// The same bound where triad9 runs its AVX2 kernel. Measured apart
    /// (the two kernels' costs differ by CPU); since triad9 settles boxes
    /// in pairs it is ahead of fast9 on the hard sets with AVX2 too.
    pub const SPARSE_GIVENS_AVX2: usize = 18;

    /// The bound for triad9's `backend`: puzzles with more givens go to
    /// triad9 ([`usize::MAX`] for the portable kernel: none do).
    pub fn sparse_givens_for(backend: Backend) -> usize {
        match backend {
            Backend::Portable => usize::MAX,
            Backend::Avx2 => Auto::SPARSE_GIVENS_AVX2,
            Backend::Avx512 => Auto::SPARSE_GIVENS,
        }
    }

    /// The bound this engine uses on this CPU; see
    /// [`sparse_givens_for`](Auto::sparse_givens_for).
    pub fn sparse_givens(&self) -> usize {
        self.sparse
    }

    /// Search nodes of the dfs engine in the first round on large grids.
    pub const FIRST_ROUND: u64 = 16_384;

    /// How much the budgets grow from one round to the next.
    pub const GROWTH: u64 = 4;

    /// Nodes the dlx engine gets per node of the dfs engine in a round: a
    /// dlx node costs about a seventieth of a dfs node on 16x16 and 25x25
    /// grids, so dlx's turn takes about a ninth of the time of dfs's (plus
    /// building its matrix).
    pub const DLX_NODES_PER_DFS_NODE: u64 = 8;

    /// A new automatic engine.
    pub fn new() -> Auto {
        Auto::default()
    }

    /// The engine for a classic 9x9 `puzzle`; see [`Auto`].
    fn engine_for(&mut self, puzzle: &Puzzle) -> &mut dyn Engine {
        match &mut self.triad9 {
            Some(triad9) if puzzle.givens().filled() > self.sparse => triad9,
            _ => &mut self.fast9,
        }
    }
}

impl Engine for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    fn set_budget(&mut self, budget: Budget) {
        self.dfs.set_budget(budget.clone());
        self.fast9.set_budget(budget.clone());
        self.variant.set_budget(budget.clone());
        if let Some(triad9) = &mut self.triad9 {
            triad9.set_budget(budget.clone());
        }
        self.budget = budget;
    }

    fn budget(&self) -> &Budget {
        &self.budget
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
        if !puzzle.constraints().is_empty() {
            return self.variant.solve_with(puzzle, limit, visit);
        }
        if !self.fast9.supports(puzzle.geometry()) {
            return self.in_turns(puzzle, limit, Some(visit));
        }
        self.engine_for(puzzle).solve_with(puzzle, limit, visit)
    }

    /// The chosen engine's own [`solve`](Engine::solve), which turns only the
    /// first solution into a [`Grid`](crate::Grid) (the default would visit, and so
    /// build, every one).
    /// The variant engine's, for every puzzle up to 16x16; through dfs and
    /// dlx in turns above.
    fn true_candidates(
        &mut self,
        puzzle: &Puzzle,
        cap: u32,
    ) -> Result<super::TrueCandidates, Unsupported> {
        if self.variant.supports(puzzle.geometry()) {
            self.variant.true_candidates(puzzle, cap)
        } else {
            super::candidates::by_solving(self, puzzle, cap)
        }
    }

    fn solve(&mut self, puzzle: &Puzzle, limit: u64) -> Result<Solutions, Unsupported> {
        if !puzzle.constraints().is_empty() {
            return self.variant.solve(puzzle, limit);
        }
        if !self.fast9.supports(puzzle.geometry()) {
            return self.in_turns(puzzle, limit, None);
        }
        self.engine_for(puzzle).solve(puzzle, limit)
    }
}

/// The engines that take turns on large grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    Dfs,
    Dlx,
}

impl Auto {
    /// Solves a puzzle of another geometry than the classic 9x9 with dfs and
    /// dlx in turns (see [`Auto`]); `visit` as in [`Engine::solve_with`]
    /// (`None`: [`Engine::solve`]).
    fn in_turns(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        mut visit: Option<Visitor<'_>>,
    ) -> Result<Solutions, Unsupported> {
        let user = self.budget.clone();
        if !self.dlx.supports(puzzle.geometry()) {
            self.dfs.set_budget(user);
            return match visit {
                Some(visit) => self.dfs.solve_with(puzzle, limit, visit),
                None => self.dfs.solve(puzzle, limit),
            };
        }
        let deadline = user.time_limit.and_then(|t| Instant::now().checked_add(t));
        let mut spent = Stats::default();
        let mut round = Auto::FIRST_ROUND;
        // The engine that has passed solutions to `visit`, and how many.
        let mut committed = None;
        let mut delivered = 0u64;
        loop {
            for turn in [Turn::Dfs, Turn::Dlx] {
                if committed.is_some_and(|c| c != turn) {
                    continue;
                }
                let mut nodes = match turn {
                    Turn::Dfs => round,
                    Turn::Dlx => round.saturating_mul(Auto::DLX_NODES_PER_DFS_NODE),
                };
                // Whether this turn's stop would be the caller's budget.
                let mut last = false;
                if let Some(max) = user.max_nodes {
                    let left = max.saturating_sub(spent.nodes);
                    if left <= nodes {
                        nodes = left;
                        last = true;
                    }
                }
                let time_limit = deadline.map(|d| d.saturating_duration_since(Instant::now()));
                if nodes == 0 || time_limit.is_some_and(|t| t.is_zero()) {
                    let reason = if nodes == 0 {
                        StopReason::Nodes
                    } else {
                        StopReason::Time
                    };
                    return Ok(Solutions {
                        stopped: Some(reason),
                        stats: spent,
                        ..Solutions::default()
                    });
                }
                let engine: &mut dyn Engine = match turn {
                    Turn::Dfs => &mut self.dfs,
                    Turn::Dlx => &mut self.dlx,
                };
                engine.set_budget(Budget {
                    max_nodes: Some(nodes),
                    time_limit,
                    cancel: user.cancel.clone(),
                });
                let mut result = match visit.as_mut() {
                    None => engine.solve(puzzle, limit)?,
                    Some(visit) => {
                        // A rerun of the same engine finds the same
                        // solutions in the same order: skip those passed.
                        let skip = delivered;
                        let mut seen = 0u64;
                        let result = engine.solve_with(puzzle, limit, &mut |grid| {
                            seen += 1;
                            if seen <= skip {
                                ControlFlow::Continue(())
                            } else {
                                visit(grid)
                            }
                        })?;
                        delivered = delivered.max(seen);
                        result
                    }
                };
                spent.nodes += result.stats.nodes;
                spent.guesses += result.stats.guesses;
                if result.stopped == Some(StopReason::Nodes) && !last {
                    if delivered > 0 {
                        committed = Some(turn);
                    }
                    continue;
                }
                result.stats = spent;
                return Ok(result);
            }
            round = round.saturating_mul(Auto::GROWTH);
        }
    }
}
