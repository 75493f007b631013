//! Arrows (a circle or a pill equal to the sum along the line) and little
//! killers (a fixed sum along a diagonal). Digits on either may repeat.

use super::super::{bit, restrict, values, Contradiction, Mask, PairRule, Pruned, Rule, RuleError};
use super::bits::{by_width, reachable, restrict_sum, Bits};
use super::{check_shape, Arrow, LittleKiller};
use crate::digits::Cell;

/// The number a pill reads: the digits' decimal numerals one after the
/// other (so on 16x16 the digits 1 and 12 read 112), `None` on overflow.
pub(crate) fn pill_value(digits: impl IntoIterator<Item = u32>) -> Option<u64> {
    digits.into_iter().try_fold(0u64, |acc, d| {
        let scale = if d >= 10 { 100 } else { 10 };
        acc.checked_mul(scale)?.checked_add(u64::from(d))
    })
}

/// The deepest pill the pruning walks: any longer one reads more than the
/// largest sum a line can make (a 5-digit number exceeds 4160).
const MAX_PILL: usize = 8;

impl Rule for Arrow {
    fn name(&self) -> &'static str {
        "arrow"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.circle.iter().chain(&self.line).copied().collect()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let total: u64 = self.line.iter().map(|c| u64::from(values[c.index()])).sum();
        pill_value(self.circle.iter().map(|c| u32::from(values[c.index()]))) == Some(total)
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let bound = (n * self.line.len()) as u64;
        by_width!(bound, prune_arrow(self, masks, bound))
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        for (part, cells) in [("circle", &self.circle), ("line", &self.line)] {
            if cells.is_empty() {
                return Err(RuleError::Shape {
                    kind: self.name(),
                    reason: format!("an arrow with no {part}"),
                });
            }
            check_shape(self.name(), cells, n, true)?;
        }
        let (lo, hi) = (self.line.len() as u64, (n * self.line.len()) as u64);
        let smallest = pill_value(self.circle.iter().map(|_| 1)).unwrap_or(u64::MAX);
        let largest = pill_value(self.circle.iter().map(|_| n as u32)).unwrap_or(u64::MAX);
        if smallest > hi || largest < lo {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!(
                    "a circle of {} cells reads {smallest}..={largest}, a line of {} cells sums to {lo}..={hi}",
                    self.circle.len(),
                    self.line.len()
                ),
            });
        }
        Ok(())
    }
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        // A circle over one cell: a clone.
        match (&self.circle[..], &self.line[..]) {
            ([a], [b]) if a != b => Some(vec![(*a, *b, PairRule::Equal)]),
            _ => None,
        }
    }
}

/// The circle keeps the digits of the numbers the line can sum to; the
/// line keeps the digits that reach a number the circle can read.
fn prune_arrow<B: Bits>(arrow: &Arrow, masks: &mut [Mask], bound: u64) -> Pruned {
    let line_sums: B = reachable(masks, &arrow.line);
    let mut changed = false;
    let targets = if let [circle] = arrow.circle[..] {
        changed |= restrict(masks, circle, line_sums.digits())?;
        value_set(masks[circle.index()])
    } else {
        let mut walk = PillWalk {
            masks,
            circle: &arrow.circle,
            line_sums,
            bound,
            path: [0; MAX_PILL],
            support: [0; MAX_PILL],
            targets: B::ZERO,
        };
        walk.walk(0, 0);
        let (support, targets) = (walk.support, walk.targets);
        for (&c, &s) in arrow.circle.iter().zip(&support) {
            changed |= restrict(masks, c, s)?;
        }
        targets
    };
    let (line_changed, _) = restrict_sum(masks, &arrow.line, targets)?;
    Ok(changed | line_changed)
}

/// The values of a mask as a set of sums.
fn value_set<B: Bits>(mask: Mask) -> B {
    values(mask).fold(B::ZERO, |acc, v| acc.or(B::single(v)))
}

/// Enumerates the numbers a pill of several cells can read, up to the
/// largest line sum, keeping the digits of those the line can make.
struct PillWalk<'a, B> {
    masks: &'a [Mask],
    circle: &'a [Cell],
    line_sums: B,
    bound: u64,
    path: [u32; MAX_PILL],
    support: [Mask; MAX_PILL],
    targets: B,
}

impl<B: Bits> PillWalk<'_, B> {
    fn walk(&mut self, depth: usize, value: u64) {
        if depth == self.circle.len() {
            if self.line_sums.contains(value as u32) {
                self.targets = self.targets.or(B::single(value as u32));
                for (s, &d) in self.support.iter_mut().zip(&self.path[..depth]) {
                    *s |= bit(d);
                }
            }
            return;
        }
        for d in values(self.masks[self.circle[depth].index()]) {
            let next = value * if d >= 10 { 100 } else { 10 } + u64::from(d);
            // Appending digits only grows the number: stop past the bound.
            if next > self.bound || depth >= MAX_PILL {
                continue;
            }
            self.path[depth] = d;
            self.walk(depth + 1, next);
        }
    }
}

impl Rule for LittleKiller {
    fn name(&self) -> &'static str {
        "littlekillersum"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.cells.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let total: u64 = self
            .cells
            .iter()
            .map(|c| u64::from(values[c.index()]))
            .sum();
        total == u64::from(self.sum)
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let bound = (n * self.cells.len()) as u64;
        by_width!(bound, prune_fixed(masks, &self.cells, self.sum, bound))
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        check_shape(self.name(), &self.cells, n, true)?;
        let (lo, hi) = (self.cells.len(), n * self.cells.len());
        if !(lo..=hi).contains(&(self.sum as usize)) {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!(
                    "{} cells sum to {lo}..={hi}, not {}",
                    self.cells.len(),
                    self.sum
                ),
            });
        }
        Ok(())
    }
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        match self.cells[..] {
            [a, b] if a != b => Some(vec![(a, b, PairRule::Sum(u8::try_from(self.sum).ok()?))]),
            _ => None,
        }
    }
}

/// The cells sum to `sum`, digits free to repeat.
pub(crate) fn prune_fixed<B: Bits>(
    masks: &mut [Mask],
    cells: &[Cell],
    sum: u32,
    bound: u64,
) -> Pruned {
    if u64::from(sum) > bound {
        return Err(Contradiction);
    }
    restrict_sum(masks, cells, B::single(sum)).map(|(changed, _)| changed)
}
