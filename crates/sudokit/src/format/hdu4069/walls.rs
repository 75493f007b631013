//! Decoding a case's wall bits into its regions (the puzzle's geometry).

use std::fmt::Write as _;
use std::sync::Arc;

use super::{BOTTOM, CELLS, LEFT, RIGHT, SIZE, TOP};
use crate::format::jigsaw::neighbours;
use crate::format::{ParseErrorKind, Warning};
use crate::{Digit, Geometry, Grid, Puzzle};

/// Builds the puzzle of a case from its checked values: walls, regions,
/// givens; plus a warning when neighbours disagree about walls.
pub(super) fn build(
    values: &[u32; CELLS],
    lines: &[usize; CELLS],
    cache: &mut Option<Arc<Geometry>>,
) -> Result<(Puzzle, Option<Warning>), ParseErrorKind> {
    let n = SIZE;
    // open[i] bit 0: no wall to the right; bit 1: no wall below.
    let mut open = [0u8; CELLS];
    let mut disagree: Vec<(usize, usize)> = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let i = r * n + c;
            if c + 1 < n {
                let (a, b) = (values[i] & RIGHT != 0, values[i + 1] & LEFT != 0);
                if a != b {
                    disagree.push((i, i + 1));
                }
                if !(a || b) {
                    open[i] |= 1;
                }
            }
            if r + 1 < n {
                let (a, b) = (values[i] & BOTTOM != 0, values[i + n] & TOP != 0);
                if a != b {
                    disagree.push((i, i + n));
                }
                if !(a || b) {
                    open[i] |= 2;
                }
            }
        }
    }
    // Connected components, numbered in order of their first cell.
    let mut region = [usize::MAX; CELLS];
    let mut sizes = Vec::new();
    let mut stack = Vec::with_capacity(CELLS);
    for start in 0..CELLS {
        if region[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut size = 0;
        region[start] = id;
        stack.push(start);
        while let Some(i) = stack.pop() {
            size += 1;
            let [right, left, below, above] = neighbours(i, n);
            // The bits of the cell left of or above a wall say whether it is open.
            let through = [
                right.filter(|_| open[i] & 1 != 0),
                left.filter(|&j| open[j] & 1 != 0),
                below.filter(|_| open[i] & 2 != 0),
                above.filter(|&j| open[j] & 2 != 0),
            ];
            for j in through.into_iter().flatten() {
                if region[j] == usize::MAX {
                    region[j] = id;
                    stack.push(j);
                }
            }
        }
        sizes.push(size);
    }
    if sizes.len() != n || sizes.iter().any(|&s| s != n) {
        return Err(ParseErrorKind::Regions { sizes, n });
    }
    let geometry = match cache {
        Some(g) if g.regions().eq(region.iter().copied()) => g.clone(),
        _ => {
            let g = Arc::new(Geometry::jigsaw(n, &region).expect("9 regions of 9 cells"));
            *cache = Some(g.clone());
            g
        }
    };
    let cells = values
        .iter()
        .map(|&v| (v & 15).checked_sub(1).map(|d| Digit::new(d as u8)))
        .collect();
    let grid = Grid::from_cells(n, cells).expect("digits checked");
    let puzzle = Puzzle::new(geometry, grid).expect("same side");
    let warning = (!disagree.is_empty()).then(|| {
        let name = |i: usize| format!("r{}c{}", i / n + 1, i % n + 1);
        let mut message =
            String::from("neighbours disagree about walls (a wall counts if either declares it): ");
        for (k, &(a, b)) in disagree.iter().take(4).enumerate() {
            if k > 0 {
                message.push_str(", ");
            }
            let _ = write!(message, "{} and {}", name(a), name(b));
        }
        if disagree.len() > 4 {
            let _ = write!(message, " and {} more pairs", disagree.len() - 4);
        }
        Warning {
            line: lines[disagree[0].0],
            message,
        }
    });
    Ok((puzzle, warning))
}
