//! Equal sums: double arrows (the two ends against the cells between),
//! region sum lines (each region's stretch of the line) and zipper lines
//! (each pair of cells equally far from the centre, and the centre cell).

use super::super::{Contradiction, Mask, Pruned, Rule, RuleError};
use super::bits::{by_width, reachable, restrict_sum, Bits};
use super::{check_shape, DoubleArrow, SumLine, Zipper};
use crate::digits::Cell;

/// One group of cells whose sum must equal the others'.
enum Group<'a> {
    Slice(&'a [Cell]),
    Pair([Cell; 2]),
}

impl Group<'_> {
    fn cells(&self) -> &[Cell] {
        match self {
            Group::Slice(s) => s,
            Group::Pair(p) => p,
        }
    }
}

/// Groups that must share one sum, as a count and an accessor (so a rule
/// lists them without building a vector).
trait Groups {
    fn count(&self) -> usize;
    fn group(&self, i: usize) -> Group<'_>;
    /// The most cells in a group.
    fn longest(&self) -> usize;
}

/// Every group keeps the digits that reach a sum all the groups can make.
/// One pass is a fixpoint: afterwards every group reaches exactly the
/// common sums.
fn prune_equal<B: Bits>(groups: &dyn Groups, masks: &mut [Mask]) -> Pruned {
    let mut common: Option<B> = None;
    for i in 0..groups.count() {
        let sums: B = reachable(masks, groups.group(i).cells());
        common = Some(common.map_or(sums, |c| c.and(sums)));
    }
    let Some(common) = common else {
        return Ok(false);
    };
    if common.is_zero() {
        return Err(Contradiction);
    }
    let mut changed = false;
    for i in 0..groups.count() {
        changed |= restrict_sum(masks, groups.group(i).cells(), common)?.0;
    }
    Ok(changed)
}

/// The sum of the cells' values (for the validators).
fn total(values: &[u8], cells: &[Cell]) -> u64 {
    cells.iter().map(|c| u64::from(values[c.index()])).sum()
}

/// The pruning at the width the largest group sum needs.
fn prune_groups(groups: &dyn Groups, masks: &mut [Mask], n: usize) -> Pruned {
    by_width!((n * groups.longest()) as u64, prune_equal(groups, masks))
}

impl Groups for DoubleArrow {
    fn count(&self) -> usize {
        // The peer leaves a line of one or two cells unconstrained.
        if self.line.len() > 2 {
            2
        } else {
            0
        }
    }
    fn group(&self, i: usize) -> Group<'_> {
        let last = self.line.len() - 1;
        match i {
            0 => Group::Pair([self.line[0], self.line[last]]),
            _ => Group::Slice(&self.line[1..last]),
        }
    }
    fn longest(&self) -> usize {
        self.line.len().saturating_sub(2).max(2)
    }
}

impl Rule for DoubleArrow {
    fn name(&self) -> &'static str {
        "doublearrow"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        match &self.line[..] {
            [first, middle @ .., last] if !middle.is_empty() => {
                total(values, &[*first, *last]) == total(values, middle)
            }
            _ => true,
        }
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        prune_groups(self, masks, n)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        check_shape(self.name(), &self.line, n, true)
    }
}

impl Groups for SumLine {
    fn count(&self) -> usize {
        self.segments.len()
    }
    fn group(&self, i: usize) -> Group<'_> {
        Group::Slice(&self.segments[i])
    }
    fn longest(&self) -> usize {
        self.segments.iter().map(Vec::len).max().unwrap_or(0)
    }
}

impl Rule for SumLine {
    fn name(&self) -> &'static str {
        "regionsumline"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let first = self.segments.first().map(|s| total(values, s));
        self.segments
            .iter()
            .all(|s| Some(total(values, s)) == first)
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        prune_groups(self, masks, n)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        check_shape(self.name(), &self.line, n, true)?;
        for segment in &self.segments {
            if segment.is_empty() {
                return Err(RuleError::Shape {
                    kind: self.name(),
                    reason: "an empty segment".into(),
                });
            }
            if let Some(c) = segment.iter().find(|c| !self.line.contains(c)) {
                return Err(RuleError::Shape {
                    kind: self.name(),
                    reason: format!("segment cell {} is not on the line", c.index()),
                });
            }
        }
        Ok(())
    }
}

impl Groups for Zipper {
    fn count(&self) -> usize {
        self.line.len().div_ceil(2)
    }
    fn group(&self, i: usize) -> Group<'_> {
        let j = self.line.len() - 1 - i;
        if i == j {
            Group::Slice(&self.line[i..=i])
        } else {
            Group::Pair([self.line[i], self.line[j]])
        }
    }
    fn longest(&self) -> usize {
        2
    }
}

impl Rule for Zipper {
    fn name(&self) -> &'static str {
        "zipperline"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let len = self.line.len();
        let value = |i: usize| u64::from(values[self.line[i].index()]);
        // Each pair (i, len-1-i) against the first pair, or against the
        // centre cell on a line of odd length.
        let target = if len % 2 == 1 {
            value(len / 2)
        } else if len > 0 {
            value(0) + value(len - 1)
        } else {
            return true;
        };
        (0..len / 2).all(|i| value(i) + value(len - 1 - i) == target)
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        prune_groups(self, masks, n)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        check_shape(self.name(), &self.line, n, true)
    }
}
