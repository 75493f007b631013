//! The exact-cover engine: a puzzle reduced to exact cover and solved by
//! Dancing Links, on bitsets by the engine itself or by the [`exact_cover`]
//! crate ([`Search`]).
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
//! # The givens
//!
//! Nothing is dense, and the givens prune the problem before the search
//! sees it:
//! - givens that clash (one digit twice in a house) are caught first: no
//!   solution, and the answer is exhaustive; so is an open cell that every
//!   digit is given in one of its houses;
//! - an open cell gets an option only for the digits given in none of its
//!   houses (that is, held by none of its peers), and, in a pencilmark
//!   puzzle, among its candidates;
//! - a given cell and the (house, digit) items its digit covers are taken as
//!   already covered.
//!
//! # Three searches, one search tree
//!
//! [`Search`] chooses how the covered items are taken out and what runs
//! the search:
//! - [`Search::PerPuzzle`] (the [`exact_cover`] crate): a problem of just
//!   the open cells, their allowed options and the uncovered (house, digit)
//!   items, built for each puzzle into reused buffers; its cost falls with
//!   every clue. Pencilmark puzzles always run this one, as their
//!   candidates shape the problem.
//! - [`Search::PerGeometry`] (the [`exact_cover`] crate): the full problem
//!   loaded once per geometry, the givens' options passed as assumptions
//!   that each run covers first; cheaper for few givens, about flat in the
//!   number of clues.
//! - [`Search::Bitset`], the default: the full problem with the givens
//!   committed first, searched by the engine without linked lists.
//!   Sudoku's exact cover is regular (every item has exactly `n` options,
//!   every option one item per house of its cell plus one), so each item
//!   keeps the set of its options still present as a bitmask and a length
//!   byte; covering an item walks the set bits (only the options still
//!   present, as Dancing Links does) and clears each one's bit in its few
//!   items, recording the covered set on a trail that uncovering replays;
//!   the choice of item reads the length bytes 8 at a time. Where every
//!   cell lies in three houses and `n <= 16` (plain and jigsaw sudoku up to
//!   16x16) a specialised version does less per step: its start state is
//!   built from the candidates, and the 4 items of an option are covered
//!   in one loop, each hidden option's other items read from a table.
//!
//! The items and options left, their order and the choice rule are the
//! same in all three, so they explore the same search tree: the same
//! solutions in the same order and the same node counts (the tests check
//! this on every geometry). The bitset search is several times faster; the
//! other two remain as the reference it is checked against. Design notes:
//! docs/dlx.md.
//!
//! # Search and statistics
//!
//! The search branches on the item with the fewest remaining options and
//! takes an item with one option at once, so it finds naked singles (a cell
//! item with one option) and hidden singles (a (house, digit) item with one
//! option) without any sudoku-specific code.
//!
//! [`Stats::nodes`] is the search's node count (search levels entered, as
//! Knuth counts them). The search does not count the alternatives it tries
//! at branch points, so [`Stats::guesses`] holds a measure of the same thing
//! that its counters allow: the nodes beyond the `e` that a search with no
//! wrong turn needs, where `e` is the number of open cells (every level fills
//! one cell). It is 0 when singles alone solved (or refuted) the puzzle, and
//! grows with every wrong turn.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Budget, Engine, Meter, StopReason, Unsupported, Visitor};
use crate::digits::{Cell, Digit, DigitSet, MAX_SIZE};
use crate::geometry::Geometry;
use crate::outcome::{Solutions, Stats};
use crate::puzzle::Puzzle;

mod bitset;
mod links;
mod small;

use bitset::Cells;
use links::{Full, Sparse};
use small::Small;

/// The search [`Dlx`] runs; see the [module docs](self). All three explore
/// the same search tree: they find the same solutions in the same order,
/// with the same node counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Search {
    /// The default: the engine's own search on bitsets, over the full
    /// problem of the geometry with the givens committed first, in its
    /// version for options of 4 items where every cell lies in three houses
    /// and `n <= 16`. Puzzles with candidate restrictions (pencilmark) run
    /// [`Search::PerPuzzle`] instead.
    #[default]
    Bitset,
    /// The [`exact_cover`] crate on the per-puzzle problem: only the open
    /// cells, the options the givens (and candidates) allow and the
    /// (house, digit) items not yet covered.
    PerPuzzle,
    /// The [`exact_cover`] crate on the full problem of the geometry, built
    /// once per geometry, with the givens' options as the solver's
    /// assumptions. Puzzles with candidate restrictions run
    /// [`Search::PerPuzzle`] instead.
    PerGeometry,
}

impl Search {
    /// Every search, the default first.
    pub const ALL: [Search; 3] = [Search::Bitset, Search::PerPuzzle, Search::PerGeometry];
}

/// The Dancing Links engine; see the [module docs](self).
#[derive(Debug, Default)]
pub struct Dlx {
    search: Search,
    /// Digits given in each house, as bitsets.
    given: Vec<u64>,
    /// Candidates of each cell (after the givens' eliminations); 0 for a
    /// given cell.
    candidates: Vec<u64>,
    sparse: Sparse,
    full: Full,
    cells: Cells,
    small: Small,
    /// The effort bound of each solve.
    budget: Budget,
}

/// What one search reports: the solutions it counted, its nodes, whether
/// it was exhaustive, and why the budget stopped it, if it did.
struct Run {
    solutions: u64,
    nodes: u64,
    complete: bool,
    stopped: Option<StopReason>,
}

impl Run {
    /// What a bitset search found, (solutions, nodes, complete), stopped
    /// as the meter it consulted says.
    fn metered((solutions, nodes, complete): (u64, u64, bool), meter: &Meter) -> Run {
        Run {
            solutions,
            nodes,
            complete,
            stopped: meter.stopped(),
        }
    }
}

/// Receives each solution's (cell, digit) pairs; `Break` stops the search.
type Deliver<'a> = &'a mut dyn FnMut(&mut dyn Iterator<Item = (u32, u8)>) -> ControlFlow<()>;

/// Whether `a` is (or equals) the geometry `b`.
fn same_geometry(a: Option<&Arc<Geometry>>, b: &Arc<Geometry>) -> bool {
    a.is_some_and(|a| Arc::ptr_eq(a, b) || **a == **b)
}

impl Dlx {
    /// A new engine, with [`Search::Bitset`].
    pub fn new() -> Dlx {
        Dlx::default()
    }

    /// A new engine that runs `search`.
    pub fn with_search(search: Search) -> Dlx {
        Dlx {
            search,
            ..Dlx::default()
        }
    }

    /// The search this engine runs (on puzzles without candidate
    /// restrictions; see [`Search`]).
    pub fn search(&self) -> Search {
        self.search
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
                let bit = 1u64 << d.index();
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
                if let Some(allowed) = puzzle.candidates() {
                    c &= allowed[i].0;
                }
                if c == 0 {
                    return None;
                }
            } else if let (Some(d), Some(allowed)) = (v, puzzle.candidates()) {
                if !allowed[i].contains(*d) {
                    return None;
                }
            }
            self.candidates.push(c);
        }
        Some(open)
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

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        visit: Visitor<'_>,
    ) -> Result<Solutions, Unsupported> {
        super::ensure_supported(self, puzzle)?;
        let limit = limit.max(1);
        let geometry = puzzle.geometry();
        let mut meter = Meter::start(&self.budget);
        let Some(open) = self.scan(puzzle) else {
            return Ok(no_solution());
        };
        let mut grid = puzzle.givens().clone();
        let mut first = None;
        // Writes a solution's (cell, digit) pairs into `grid` and visits it.
        let deliver = &mut |cells: &mut dyn Iterator<Item = (u32, u8)>| {
            for (c, d) in cells {
                grid.set(Cell(c), Some(Digit::new(d)));
            }
            if first.is_none() {
                first = Some(grid.clone());
            }
            visit(&grid)
        };
        let givens = puzzle.givens().cells();
        // Candidate restrictions (pencilmark puzzles) are honoured by the
        // per-puzzle problem only, which is built from `self.candidates`.
        let restricted = puzzle.candidates().is_some();
        let run = match self.search {
            Search::Bitset if !restricted => {
                if self.small.prepare(geometry) {
                    let (given, candidates) = (&self.given, &self.candidates);
                    self.small
                        .solve(given, candidates, limit, &mut meter, deliver)
                } else {
                    self.cells.prepare(geometry);
                    self.cells.solve(givens, limit, &mut meter, deliver)
                }
            }
            Search::PerGeometry if !restricted => {
                self.full.solve(geometry, givens, limit, &meter, deliver)
            }
            _ => {
                let (given, candidates) = (&self.given, &self.candidates);
                self.sparse
                    .solve(geometry, given, candidates, limit, &meter, deliver)
            }
        };
        Ok(Solutions {
            count: run.solutions,
            first,
            complete: run.complete && run.stopped.is_none(),
            stopped: run.stopped,
            stats: Stats {
                nodes: run.nodes,
                guesses: run.nodes.saturating_sub(open as u64),
            },
        })
    }
}
