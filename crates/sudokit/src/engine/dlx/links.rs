//! The searches by the [`exact_cover`] crate: [`Search::PerPuzzle`] on the
//! problem of one puzzle's open cells ([`Sparse`]), [`Search::PerGeometry`]
//! on the full problem of the geometry with the givens as assumptions
//! ([`Full`]). Both explore the search tree of the bitset searches, which
//! the tests check against them.
//!
//! [`Search::PerPuzzle`]: super::Search::PerPuzzle
//! [`Search::PerGeometry`]: super::Search::PerGeometry

use std::sync::Arc;

use exact_cover::{ItemId, Problem, Solver, Summary};

use super::{same_geometry, Deliver, Run};
use crate::budget::{Meter, StopReason};
use crate::digits::{Cell, Digit};
use crate::geometry::Geometry;

/// No item: a given cell, or a (house, digit) whose digit is given in the
/// house.
const NONE: u32 = u32::MAX;

/// The per-puzzle problem and its buffers.
#[derive(Debug, Default)]
pub(super) struct Sparse {
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
pub(super) struct Full {
    geometry: Option<Arc<Geometry>>,
    problem: Problem,
    solver: Solver,
    assumptions: Vec<usize>,
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

    /// Builds the problem of the open cells of the puzzle that `given` and
    /// `candidates` describe (as [`Dlx::scan`](super::Dlx) leaves them) and
    /// searches it, up to `limit` solutions, within what `meter` allows.
    pub(super) fn solve(
        &mut self,
        g: &Geometry,
        given: &[u64],
        candidates: &[u64],
        limit: u64,
        meter: &Meter,
        deliver: Deliver<'_>,
    ) -> Run {
        self.load(g, given, candidates);
        self.solver.set_limit(Some(limit));
        bound(&mut self.solver, meter);
        let options = &self.options;
        let summary = self.solver.run(|solution| {
            let mut cells = solution.iter().map(|&o| options[o]);
            deliver(&mut cells)
        });
        run(summary, &self.solver, meter, limit)
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

    /// Searches the puzzle whose givens are `givens` (cell → digit) on the
    /// full problem of `geometry`, the givens' options as assumptions, up
    /// to `limit` solutions, within what `meter` allows.
    pub(super) fn solve(
        &mut self,
        geometry: &Arc<Geometry>,
        givens: &[Option<Digit>],
        limit: u64,
        meter: &Meter,
        deliver: Deliver<'_>,
    ) -> Run {
        self.prepare(geometry);
        let n = geometry.size();
        self.assumptions.clear();
        for (c, v) in givens.iter().enumerate() {
            if let Some(d) = v {
                self.assumptions.push(c * n + d.index());
            }
        }
        // The indices are options of the loaded problem: cannot fail.
        self.solver
            .set_assumptions(&self.assumptions)
            .expect("options of the full problem");
        self.solver.set_limit(Some(limit));
        bound(&mut self.solver, meter);
        let summary = self.solver.run(|solution| {
            let mut cells = solution.iter().map(|&o| ((o / n) as u32, (o % n) as u8));
            deliver(&mut cells)
        });
        run(summary, &self.solver, meter, limit)
    }
}

/// Passes the budget being spent to an exact-cover solver.
fn bound(solver: &mut Solver, meter: &Meter) {
    let max = meter.max_nodes();
    solver.set_node_limit((max != u64::MAX).then_some(max));
    solver.set_deadline(meter.deadline());
    solver.set_interrupt(meter.cancel().map(|c| Arc::clone(c.flag())));
}

/// Why the exact-cover solver's latest run stopped short, if the budget
/// stopped it (and not the solution limit or the visitor).
fn stop_reason(solver: &Solver, meter: &Meter, limit: u64) -> Option<StopReason> {
    if solver.is_complete() || solver.solution_count() >= limit {
        None
    } else if solver.interrupted() {
        Some(StopReason::Cancelled)
    } else if solver.timed_out() {
        Some(StopReason::Time)
    } else if solver.nodes() >= meter.max_nodes() {
        Some(StopReason::Nodes)
    } else {
        None
    }
}

/// What a run of `solver` reports, with why it stopped short if the budget
/// stopped it.
fn run(summary: Summary, solver: &Solver, meter: &Meter, limit: u64) -> Run {
    Run {
        solutions: summary.solutions,
        nodes: summary.nodes,
        complete: summary.complete,
        stopped: stop_reason(solver, meter, limit),
    }
}
