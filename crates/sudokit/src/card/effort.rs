//! The effort model behind the card's minutes: each step of the path costs
//! by how hard it is, how many cells it looks at and how many candidates
//! are open when it is found; the minutes are a power of the total. The
//! constants and how they were fitted: `docs/card.md`.

use crate::logic::{Board, Step};

/// Each 1.0 of step difficulty multiplies a step's cost by this.
const PER_POINT: f64 = 1.9;
/// A step's cost grows by this share for each cell its pattern names.
const PER_CELL: f64 = 0.04;
/// Minutes = SCALE * effort^POWER: least squares of log minutes on log
/// effort over the 43 setter puzzles pencilmark 1.0.0rc1 rates (its
/// `time`, itself fitted to solve times), `docs/card.md`.
const SCALE: f64 = 2.09;
const POWER: f64 = 0.478;
/// The 80th percentile over the expected minutes: exp(0.84 sigma), sigma
/// the spread (0.50 in log minutes) of that fit's residuals.
const P80: f64 = 1.52;

/// The expected minutes and their 80th percentile for `steps` taken from
/// `board`.
pub(super) fn minutes(board: &Board, steps: &[Step]) -> (f64, f64) {
    let mut b = board.clone();
    let full = (board.size() * board.cell_count()) as f64;
    let mut effort = 0.0;
    for s in steps {
        let open: u32 = b.all_candidates().iter().map(|m| m.count_ones()).sum();
        let d = s.difficulty.value();
        // Finding a step among many open candidates takes longer: the
        // square root of the open share, at least a tenth.
        let search = (f64::from(open) / full).sqrt().max(0.1);
        let cells = s.cells.len().max(1) as f64;
        effort += PER_POINT.powf(d - 1.0) * (1.0 + PER_CELL * cells) * search;
        b.apply(s);
    }
    let minutes = SCALE * effort.powf(POWER);
    let minutes = (minutes * 10.0).round() / 10.0;
    let p80 = minutes * P80;
    (minutes, (p80 * 10.0).round() / 10.0)
}
