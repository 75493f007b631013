//! A random complete grid for any geometry, made by an engine.
//!
//! A handful of cells get random digits (each one allowed by the digits
//! already placed among its peers), an engine completes them, and the digits
//! are relabelled by a random permutation. The random seeds decide most of the
//! grid: an engine fills the rest deterministically, so without them every
//! grid would be the same one up to relabelling. Seeds that admit no
//! completion (or a search that runs past its budget) just mean another try.

use std::sync::Arc;
use web_time::Instant;

use rand::seq::SliceRandom;
use rand::Rng;

use crate::variant::{Constraint, PairRule};
use crate::{Budget, Cancel, Digit, Engine, Geometry, Grid, Puzzle};

/// Tries at random seeds before giving up on a geometry (a jigsaw layout may
/// have no solution at all).
const TRIES: usize = 8;

/// A random solution grid of `geometry` that also keeps `rules` (a variant
/// puzzle's global rules: anti-knight, nonconsecutive …), or `None` when
/// `TRIES` seeded completions all failed. `attempts` counts the engine
/// runs.
pub(crate) fn random_grid<R: Rng + ?Sized>(
    geometry: &Arc<Geometry>,
    rules: &[Constraint],
    engine: &mut dyn Engine,
    rng: &mut R,
    attempts: &mut u64,
    deadline: Option<Instant>,
    cancel: Option<&Cancel>,
) -> Option<Grid> {
    let n = geometry.size();
    let cells = geometry.cell_count();
    // Enough seeds to make grids differ, few enough that most seedings complete.
    // Rules about values (nonconsecutive) leave few completions of random
    // seeds: fewer seeds, and the relabelling cannot make up for them.
    let seeds = if rules.iter().all(relabels) {
        (n + n / 2).min(cells)
    } else {
        (n / 2).min(cells)
    };
    let mut order: Vec<usize> = (0..cells).collect();
    // Big grids search longer; the bound keeps a bad seeding cheap.
    let budget = Budget {
        cancel: cancel.cloned(),
        ..Budget::UNLIMITED.with_max_nodes(20_000 + 200 * cells as u64)
    };
    engine.set_budget(budget.clone());
    for _ in 0..TRIES {
        if cancel.is_some_and(Cancel::is_cancelled) {
            return None;
        }
        if let Some(deadline) = deadline {
            let now = Instant::now();
            if now >= deadline {
                return None;
            }
            engine.set_budget(budget.clone().with_time_limit(deadline - now));
        }
        *attempts += 1;
        order.shuffle(rng);
        let mut givens = Grid::empty_of(geometry);
        let mut placed = 0;
        for &cell in &order {
            if placed == seeds {
                break;
            }
            let mut used = 0u64;
            for p in geometry.peers(crate::Cell(cell as u32)) {
                if let Some(d) = givens.get(*p) {
                    used |= 1 << d.index();
                }
            }
            let free: Vec<usize> = (0..n).filter(|d| used >> d & 1 == 0).collect();
            if let Some(&d) = free.choose(rng) {
                givens.set(crate::Cell(cell as u32), Some(Digit::new(d as u8)));
                placed += 1;
            }
        }
        let Ok(puzzle) = Puzzle::new(Arc::clone(geometry), givens)
            .and_then(|p| p.with_constraints(rules.to_vec()))
        else {
            return None;
        };
        let Ok(found) = engine.solve(&puzzle, 1) else {
            return None;
        };
        if let Some(grid) = found.first {
            // Rules about digits' values (nonconsecutive) do not survive a
            // relabelling; the seeds alone then make the grids differ.
            if rules.iter().all(relabels) {
                return Some(relabel(&grid, rng));
            }
            return Some(grid);
        }
    }
    None
}

/// Whether a rule holds of any relabelling of a grid that keeps it: rules
/// that only ask digits to differ.
fn relabels(rule: &Constraint) -> bool {
    matches!(rule, Constraint::Neighbours(n) if n.rule == PairRule::Different)
        || matches!(rule, Constraint::Distinct(_))
}

/// `grid` with its digits permuted at random (every geometry's rules are
/// about positions, so any relabelling of a solution is a solution).
fn relabel<R: Rng + ?Sized>(grid: &Grid, rng: &mut R) -> Grid {
    let n = grid.size();
    let mut perm: Vec<usize> = (0..n).collect();
    perm.shuffle(rng);
    let cells = grid
        .cells()
        .iter()
        .map(|d| d.map(|d| Digit::new(perm[d.index()] as u8)))
        .collect();
    Grid::from_cells_unchecked(n, cells)
}
