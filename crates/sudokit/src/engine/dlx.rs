//! The exact-cover engine: a puzzle reduced to exact cover and solved by
//! Dancing Links (the [`exact_cover`] crate).
//!
//! # The reduction
//!
//! A filled grid is an exact cover. Take as *primary items* (each must be
//! covered exactly once):
//! - one item per cell ("the cell holds a digit"), and
//! - one item per (house, digit) ("the house holds this digit"), for every
//!   house of the geometry: rows, columns, regions (boxes or jigsaw), and
//!   extra houses such as diagonals or windows. Every house has exactly `n`
//!   cells, so "holds each digit once" is the same as "holds each digit
//!   exactly once".
//!
//! and as *options* one per (cell, digit), covering the cell's item and the
//! item (h, digit) of every house h of the cell. A set of options covering
//! every item exactly once puts exactly one digit in each cell and each digit
//! exactly once in each house: a solution. For plain `n`×`n` sudoku that is
//! Knuth's 4n² items (324 for 9x9) and n³ options of 4 items each; extra
//! houses add n items each and lengthen the options of their cells.
//!
//! # Only the options the givens allow
//!
//! The seed program this replaces filled a dense 729×324 matrix for every
//! puzzle and spent 92% of its time there. Here nothing is dense, and the
//! givens prune the problem before the search sees it:
//! - givens that clash (one digit twice in a house) are caught first: no
//!   solution, and the answer is exhaustive; so is an open cell that every
//!   digit is given in one of its houses;
//! - an open cell gets an option only for the digits given in none of its
//!   houses (that is, held by none of its peers);
//! - a given cell and the (house, digit) items its digit covers are taken as
//!   already covered.
//!
//! There are two ways to apply the last point ([`Reduction`]), both measured
//! on this machine (instructions per puzzle under callgrind, solve at limit 2,
//! 300 puzzles of the 17-clue set, with clues added from the solution for the
//! denser rows):
//!
//! | clues (9x9) | 17 | 25 | 30 | 40 | 55 |
//! |---|---:|---:|---:|---:|---:|
//! | [`Reduction::PerPuzzle`] | 442k | 228k | 178k | 116k | 62k |
//! | [`Reduction::PerGeometry`] | 369k | 222k | 214k | 210k | 212k |
//!
//! (On magictour top1465, 17–28 clues and much more search: 3.35M and
//! 3.31M.)
//!
//! - **Per puzzle**: build a small problem of just the open cells, their
//!   allowed options and the uncovered (house, digit) items (for a 17-clue
//!   puzzle about 64 cells, 250 items and 300 options instead of 81, 324 and
//!   729), into buffers reused from puzzle to puzzle
//!   ([`Problem::clear`], [`Solver::load`]). Its cost falls with every clue.
//! - **Per geometry**: load the full problem once per geometry and pass the
//!   givens' options as [`Solver::set_assumptions`]; each run then covers
//!   the givens' items (and the next run uncovers them). Cheaper when the
//!   givens are few, but covering a given costs about as much as the search
//!   it saves, so the cost stays flat as clues are added.
//!
//! Both explore the same search tree (the items and options left are the
//! same, in the same order), so they report the same solutions in the same
//! order and the same node counts. [`Reduction::Auto`], the default, uses the
//! full problem when fewer than a quarter of the cells are given and the
//! geometry is the one of the previous puzzle (so a stream of jigsaw puzzles,
//! each with its own regions, never pays for building full problems), and the
//! per-puzzle problem otherwise.
//!
//! # Search and statistics
//!
//! The solver branches on the item with the fewest remaining options and
//! takes an item with one option at once, so it finds naked singles (a cell
//! item with one option) and hidden singles (a (house, digit) item with one
//! option) without any sudoku-specific code.
//!
//! [`Stats::nodes`] is the solver's node count (search levels entered, as
//! Knuth counts them). The solver does not count the alternatives it tries at
//! branch points, so [`Stats::guesses`] holds a measure of the same thing
//! that its counters allow: the nodes beyond the `e` that a search with no
//! wrong turn needs, where `e` is the number of open cells (every level fills
//! one cell). It is 0 when singles alone solved (or refuted) the puzzle, and
//! grows with every wrong turn.

use std::ops::ControlFlow;
use std::sync::Arc;

use exact_cover::{ItemId, Problem, Solver, Summary};

use super::{Engine, Unsupported};
use crate::digits::{Cell, Digit, DigitSet, MAX_SIZE};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::outcome::{Solutions, Stats};
use crate::puzzle::Puzzle;

/// How [`Dlx`] turns the givens into an exact cover problem; see the
/// [module docs](self) for the measurements behind [`Reduction::Auto`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// [`PerGeometry`](Reduction::PerGeometry) for sparse puzzles (fewer
    /// than a quarter of the cells given) of the same geometry as the
    /// previous puzzle (or of the geometry whose full problem is loaded),
    /// [`PerPuzzle`](Reduction::PerPuzzle) otherwise. The default.
    #[default]
    Auto,
    /// A problem of only the open cells and the options the givens allow,
    /// built for each puzzle.
    PerPuzzle,
    /// The full problem of the geometry, built once, with the givens as the
    /// solver's assumptions.
    PerGeometry,
}

/// No item: a given cell, or a (house, digit) whose digit is given in the
/// house.
const NONE: u32 = u32::MAX;

/// The Dancing Links engine; see the [module docs](self).
#[derive(Debug, Default)]
pub struct Dlx {
    reduction: Reduction,
    /// Digits given in each house, as bitsets.
    given: Vec<u64>,
    /// Candidates of each cell (after the givens' eliminations); 0 for a
    /// given cell.
    candidates: Vec<u64>,
    /// Geometry of the previous puzzle.
    last: Option<Arc<Geometry>>,
    sparse: Sparse,
    full: Full,
}

/// The per-puzzle problem and its buffers.
#[derive(Debug, Default)]
struct Sparse {
    problem: Problem,
    solver: Solver,
    /// `(cell, digit)` of each option.
    options: Vec<(u32, u8)>,
    /// Item of each open cell, [`NONE`] for a given.
    cell_item: Vec<u32>,
    /// Item of each (house, digit), at `house * n + digit`.
    house_item: Vec<u32>,
}

/// The full problem of one geometry: option `cell * n + digit` for every
/// cell and digit; items are the cells, then (house, digit) at
/// `cells + house * n + digit`.
#[derive(Debug, Default)]
struct Full {
    geometry: Option<Arc<Geometry>>,
    problem: Problem,
    solver: Solver,
    assumptions: Vec<usize>,
}

/// Whether `a` is (or equals) the geometry `b`.
fn same_geometry(a: Option<&Arc<Geometry>>, b: &Arc<Geometry>) -> bool {
    a.is_some_and(|a| Arc::ptr_eq(a, b) || **a == **b)
}

impl Sparse {
    /// Builds the problem of the open cells and loads it.
    fn load(&mut self, g: &Geometry, given: &[u64], candidates: &[u64]) {
        let n = g.size();
        let p = &mut self.problem;
        p.clear();
        self.options.clear();
        self.cell_item.clear();
        for &c in candidates {
            let item = if c == 0 {
                NONE
            } else {
                item_index(p.add_primary(""))
            };
            self.cell_item.push(item);
        }
        self.house_item.clear();
        for &seen in given {
            for d in 0..n {
                let item = if seen >> d & 1 == 0 {
                    item_index(p.add_primary(""))
                } else {
                    NONE
                };
                self.house_item.push(item);
            }
        }
        for (c, (&item, &cands)) in self.cell_item.iter().zip(candidates).enumerate() {
            let houses = g.houses_of(Cell(c as u32));
            let mut rest = cands;
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let house_item = &self.house_item;
                let items = std::iter::once(item)
                    .chain(houses.iter().map(|&h| house_item[h as usize * n + d]))
                    .map(|i| (ItemId::from_index(i as usize), None));
                // The items exist (the digit is given in none of the cell's
                // houses) and are distinct (so are the houses), and the
                // problem is far below the size limit: this cannot fail.
                p.add_option_iter(items).expect("a valid option");
                self.options.push((c as u32, d as u8));
            }
        }
        self.solver.load(p);
    }
}

fn item_index(id: ItemId) -> u32 {
    id.index() as u32
}

impl Full {
    /// Builds and loads the full problem of `geometry`, unless it is loaded.
    fn prepare(&mut self, geometry: &Arc<Geometry>) {
        if same_geometry(self.geometry.as_ref(), geometry) {
            return;
        }
        let g = geometry;
        let (n, cells) = (g.size(), g.cell_count());
        let p = &mut self.problem;
        p.clear();
        for _ in 0..cells + g.houses().len() * n {
            p.add_primary("");
        }
        for c in 0..cells {
            let houses = g.houses_of(Cell(c as u32));
            for d in 0..n {
                let items = std::iter::once(c)
                    .chain(houses.iter().map(|&h| cells + h as usize * n + d))
                    .map(|i| (ItemId::from_index(i), None));
                // Distinct existing items, far below the size limit.
                p.add_option_iter(items).expect("a valid option");
            }
        }
        self.solver.load(p);
        self.geometry = Some(Arc::clone(geometry));
    }
}

impl Dlx {
    /// A new engine, with [`Reduction::Auto`].
    pub fn new() -> Dlx {
        Dlx::default()
    }

    /// A new engine that reduces puzzles as `reduction` says.
    pub fn with_reduction(reduction: Reduction) -> Dlx {
        Dlx {
            reduction,
            ..Dlx::default()
        }
    }

    /// The reduction this engine uses.
    pub fn reduction(&self) -> Reduction {
        self.reduction
    }

    /// Records the digits given in each house and the candidates of each
    /// cell. Returns the number of open cells, or `None` when the givens
    /// clash or leave an open cell without a candidate.
    fn scan(&mut self, puzzle: &Puzzle) -> Option<usize> {
        let g = puzzle.geometry();
        let full = DigitSet::full(g.size()).0;
        let givens = puzzle.givens().cells();
        self.given.clear();
        self.given.resize(g.houses().len(), 0);
        for (i, v) in givens.iter().enumerate() {
            if let Some(d) = v {
                let bit = 1u64 << d.0;
                for &h in g.houses_of(Cell(i as u32)) {
                    let seen = &mut self.given[h as usize];
                    if *seen & bit != 0 {
                        return None;
                    }
                    *seen |= bit;
                }
            }
        }
        self.candidates.clear();
        let mut open = 0;
        for (i, v) in givens.iter().enumerate() {
            let mut c = 0;
            if v.is_none() {
                open += 1;
                c = full;
                for &h in g.houses_of(Cell(i as u32)) {
                    c &= !self.given[h as usize];
                }
                if c == 0 {
                    return None;
                }
            }
            self.candidates.push(c);
        }
        Some(open)
    }

    /// Whether to use the full problem for this puzzle; `repeat` says
    /// whether the previous puzzle had the same geometry.
    fn use_full(&self, puzzle: &Puzzle, open: usize, repeat: bool) -> bool {
        match self.reduction {
            Reduction::PerPuzzle => false,
            Reduction::PerGeometry => true,
            Reduction::Auto => {
                let cells = puzzle.geometry().cell_count();
                (cells - open) * 4 < cells
                    && (repeat || same_geometry(self.full.geometry.as_ref(), puzzle.geometry()))
            }
        }
    }
}

/// The answer for a puzzle refuted without a search.
fn no_solution() -> Solutions {
    Solutions {
        complete: true,
        ..Solutions::default()
    }
}

impl Engine for Dlx {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn supports(&self, geometry: &Geometry) -> bool {
        geometry.size() <= MAX_SIZE
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Result<Solutions, Unsupported> {
        let limit = limit.max(1);
        let geometry = puzzle.geometry();
        let repeat = same_geometry(self.last.as_ref(), geometry);
        if !repeat {
            self.last = Some(Arc::clone(geometry));
        }
        let Some(open) = self.scan(puzzle) else {
            return Ok(no_solution());
        };
        let n = geometry.size();
        let mut grid = puzzle.givens().clone();
        let mut first = None;
        // Writes a solution's (cell, digit) pairs into `grid` and visits it.
        let mut deliver = |grid: &mut Grid, cells: &mut dyn Iterator<Item = (u32, u8)>| {
            for (c, d) in cells {
                grid.set(Cell(c), Some(Digit(d)));
            }
            if first.is_none() {
                first = Some(grid.clone());
            }
            visit(grid)
        };
        let summary: Summary = if self.use_full(puzzle, open, repeat) {
            let full = &mut self.full;
            full.prepare(geometry);
            full.assumptions.clear();
            for (c, v) in puzzle.givens().cells().iter().enumerate() {
                if let Some(d) = v {
                    full.assumptions.push(c * n + d.index());
                }
            }
            // The indices are options of the loaded problem: cannot fail.
            full.solver
                .set_assumptions(&full.assumptions)
                .expect("options of the full problem");
            full.solver.set_limit(Some(limit));
            full.solver.run(|solution| {
                let mut cells = solution.iter().map(|&o| ((o / n) as u32, (o % n) as u8));
                deliver(&mut grid, &mut cells)
            })
        } else {
            let sparse = &mut self.sparse;
            sparse.load(geometry, &self.given, &self.candidates);
            sparse.solver.set_limit(Some(limit));
            let options = &sparse.options;
            sparse.solver.run(|solution| {
                let mut cells = solution.iter().map(|&o| options[o]);
                deliver(&mut grid, &mut cells)
            })
        };
        Ok(Solutions {
            count: summary.solutions,
            first,
            complete: summary.complete,
            stats: Stats {
                nodes: summary.nodes,
                guesses: summary.nodes.saturating_sub(open as u64),
            },
        })
    }
}
