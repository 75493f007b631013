//! A setter's publishing checks: rules and givens the puzzle does not need
//! (the engine's count decides), a step far harder than every other, and a
//! path that gets stuck.

use web_time::Instant;

use crate::logic::{self, Board, Step};
use crate::variant::{Constraint, Rule};
use crate::{Auto, Budget, Digit, DigitSet, Engine, Grid, Puzzle};

use super::CardOptions;

/// What a check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckKind {
    /// A constraint the puzzle stays unique without.
    UnusedRule,
    /// A killer cage whose total could go (the cage staying): the puzzle
    /// stays unique with the cage alone.
    UnusedTotal,
    /// A given whose removal keeps one solution.
    RedundantGiven,
    /// One step far harder than every other.
    Spike,
    /// The ladder gets stuck: a solver must guess (or use a technique the
    /// ladder lacks).
    Guess,
}

impl CheckKind {
    /// `unused-rule`, `unused-total`, `redundant-given`, `spike`, `guess`.
    pub fn name(self) -> &'static str {
        match self {
            CheckKind::UnusedRule => "unused-rule",
            CheckKind::UnusedTotal => "unused-total",
            CheckKind::RedundantGiven => "redundant-given",
            CheckKind::Spike => "spike",
            CheckKind::Guess => "guess",
        }
    }
}

/// One finding of the checks, with what it is about and in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// What was found.
    pub kind: CheckKind,
    /// The constraint's index in the puzzle's constraints (unused rule or
    /// total).
    pub constraint: Option<usize>,
    /// The cells it is about (row-major indices): the rule's cells, the
    /// given, the spike's pattern.
    pub cells: Vec<usize>,
    /// The step's number on the path, from 1 (spike).
    pub step: Option<usize>,
    /// The finding in words.
    pub text: String,
}

/// The step that is harder than every other by at least this (tenths)…
const SPIKE_GAP: u16 = 15;
/// … and at least this hard.
const SPIKE_FLOOR: u16 = 40;

/// A spike: the hardest step at least [`SPIKE_GAP`] above every other, and
/// at least [`SPIKE_FLOOR`].
pub(super) fn spike(steps: &[Step]) -> Option<Check> {
    let (i, top) = steps
        .iter()
        .enumerate()
        .max_by_key(|(i, s)| (s.difficulty, std::cmp::Reverse(*i)))?;
    let next = steps
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, s)| s.difficulty)
        .max()
        .unwrap_or_default();
    if top.difficulty.0 < SPIKE_FLOOR || top.difficulty.0 < next.0 + SPIKE_GAP {
        return None;
    }
    Some(Check {
        kind: CheckKind::Spike,
        constraint: None,
        cells: top.cells.clone(),
        step: Some(i + 1),
        text: format!(
            "step {} ({} {}) is far harder than every other step (the next hardest is {})",
            i + 1,
            top.name,
            top.difficulty,
            next
        ),
    })
}

/// The guess check of a path stuck after `steps` steps on `board`.
pub(super) fn stuck(board: &Board, steps: usize) -> Check {
    let open = (0..board.cell_count())
        .filter(|&c| board.value(c) == 0)
        .count();
    Check {
        kind: CheckKind::Guess,
        constraint: None,
        cells: Vec::new(),
        step: None,
        text: format!(
            "the logical path gets stuck after {steps} steps with {open} cells open: \
             a solver must guess, or use a technique the ladder lacks"
        ),
    }
}

/// `puzzle`'s solutions up to `limit` within the options' nodes and
/// deadline: `None` when the search ran out first.
fn solutions(puzzle: &Puzzle, limit: u64, options: &CardOptions) -> Option<u64> {
    let mut engine = Auto::default();
    let mut budget = Budget::UNLIMITED.with_max_nodes(options.max_nodes);
    if let Some(d) = options.deadline {
        budget = budget.with_time_limit(d.saturating_duration_since(Instant::now()));
    }
    engine.set_budget(budget);
    let s = engine.solve(puzzle, limit).ok()?;
    (s.count >= limit || (s.complete && s.stopped.is_none())).then_some(s.count)
}

/// Whether the killer cages among `constraints` cover every cell of the
/// n×n grid exactly once.
pub(crate) fn cages_tile(constraints: &[Constraint], n: usize) -> bool {
    let mut seen = vec![false; n * n];
    let mut count = 0;
    for c in constraints {
        if let Constraint::Cage(cage) = c {
            for cell in &cage.cells {
                match seen.get_mut(cell.index()) {
                    Some(s) if !*s => *s = true,
                    _ => return false,
                }
                count += 1;
            }
        }
    }
    count == n * n
}

/// Whether `c` is a mark between two cells that a negative rule among
/// `constraints` (kropki's or XV's, nonconsecutive) excepts.
pub(crate) fn under_negative(c: &Constraint, constraints: &[Constraint]) -> bool {
    let Constraint::Pair(pair) = c else {
        return false;
    };
    let [a, b] = pair.cells;
    constraints.iter().any(|r| {
        matches!(r, Constraint::Neighbours(nb)
            if nb.except.iter().any(|e| *e == [a, b] || *e == [b, a]))
    })
}

/// Runs the unused-rule, unused-total and redundant-given checks on
/// `puzzle`, adding what they find to `out`; `false` when some count
/// decided nothing (nodes or time ran out).
pub(super) fn setter(puzzle: &Puzzle, options: &CardOptions, out: &mut Vec<Check>) -> bool {
    let n = puzzle.size();
    let constraints = puzzle.constraints();
    let mut complete = true;
    let mut unique_with = |constraints: Vec<Constraint>| -> bool {
        let Ok(p) = puzzle.clone().with_constraints(constraints) else {
            return false;
        };
        match solutions(&p, 2, options) {
            Some(count) => count == 1,
            None => {
                complete = false;
                false
            }
        }
    };
    let tiled = cages_tile(constraints, n);
    for (i, c) in constraints.iter().enumerate() {
        // The cages of a tiling are one rule: any one of them is nearly
        // always implied by the rest (its cells are what their houses lack),
        // so finding each one "unused" would say nothing. Likewise a mark
        // under a negative rule: without it the pair would have to be
        // neither, so it cannot simply go.
        if (tiled && matches!(c, Constraint::Cage(_))) || under_negative(c, constraints) {
            continue;
        }
        let cells: Vec<usize> = c.cells(n).iter().map(|c| c.index()).collect();
        let named = || {
            format!(
                "{} {} (rule {})",
                logic::constraint_name(c),
                logic::cell_list_on(puzzle.geometry(), &cells),
                i + 1
            )
        };
        let others = || {
            let mut v = constraints.to_vec();
            v.remove(i);
            v
        };
        if unique_with(others()) {
            out.push(Check {
                kind: CheckKind::UnusedRule,
                constraint: Some(i),
                cells: cells.clone(),
                step: None,
                text: format!("{}: the puzzle stays unique without it", named()),
            });
            continue;
        }
        if let Constraint::Cage(cage) = c {
            if let Some(total) = cage.sum {
                let mut v = constraints.to_vec();
                if let Constraint::Cage(k) = &mut v[i] {
                    k.sum = None;
                }
                if unique_with(v) {
                    out.push(Check {
                        kind: CheckKind::UnusedTotal,
                        constraint: Some(i),
                        cells: cells.clone(),
                        step: None,
                        text: format!(
                            "{}: its total {total} could go, the cage staying: the puzzle stays unique",
                            named()
                        ),
                    });
                }
            }
        }
        if options.deadline.is_some_and(|d| Instant::now() >= d) {
            return false;
        }
    }
    // A given is redundant when the puzzle without it has no solution other
    // than the one it has: any other would differ from it at that cell (one
    // that agreed there would solve the puzzle itself), so one search with
    // the cell barred from its digit decides, and a needed given is found
    // at the first solution instead of counting to two.
    let values = puzzle.givens().to_values();
    let full = DigitSet::full(n);
    let cells = puzzle.geometry().cell_count();
    for cell in 0..cells {
        let Some(given) = Digit::from_value(values[cell]) else {
            continue;
        };
        let mut without = values.clone();
        without[cell] = 0;
        let mut sets: Vec<DigitSet> = match puzzle.candidates() {
            Some(c) => c.to_vec(),
            None => vec![full; cells],
        };
        sets[cell].remove(given);
        let p = Grid::from_values_of(puzzle.geometry(), &without)
            .ok()
            .and_then(|g| Puzzle::new(puzzle.geometry().clone(), g).ok())
            .and_then(|p| p.with_candidates(sets).ok())
            .and_then(|p| p.with_constraints(constraints.to_vec()).ok());
        let Some(p) = p else { continue };
        match solutions(&p, 1, options) {
            Some(0) => out.push(Check {
                kind: CheckKind::RedundantGiven,
                constraint: None,
                cells: vec![cell],
                step: None,
                text: format!(
                    "the given {} at {} can go: the puzzle stays unique without it",
                    values[cell],
                    logic::cell_list_on(puzzle.geometry(), &[cell])
                ),
            }),
            Some(_) => {}
            None => complete = false,
        }
        if options.deadline.is_some_and(|d| Instant::now() >= d) {
            return false;
        }
    }
    complete
}
