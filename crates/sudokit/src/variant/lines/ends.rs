//! Lines whose two ends bound the cells between them: between lines and
//! lockout lines. Each may run either way (the smaller end first or last);
//! pruning keeps what either orientation allows.

use super::{from, line_shape, upto, val, Mask, Pruned, Rule, RuleError};
use crate::digits::Cell;
use crate::variant::{max_value, min_value, restrict, values, Contradiction};

/// Between line: the digits of the cells between the two end circles lie
/// strictly between the ends' digits, whichever end is smaller. A line of
/// one or two cells has no cell between and says nothing (the ends may even
/// be equal). f-puzzles key `betweenline`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Between {
    /// The cells along the line, end to end.
    pub line: Vec<Cell>,
}

/// What one orientation of a between line allows (`low` the smaller end):
/// the low end's and the high end's values, and the values strictly between
/// (for every middle cell). `None` when it allows nothing.
fn between_rising(
    low: Mask,
    high: Mask,
    middle: &[Cell],
    masks: &[Mask],
    n: usize,
) -> Option<[Mask; 3]> {
    if low == 0 || high == 0 {
        return None;
    }
    // The widest interval, smallest low end to largest high end, serves
    // every middle value; each end value is then checked against it.
    let (a, b) = (min_value(low) as i32, max_value(high) as i32);
    let inside = from(a + 1, n) & upto(b - 1);
    let (mut top, mut bottom) = (i32::MAX, i32::MIN);
    for &c in middle {
        let m = masks[c.index()] & inside;
        if m == 0 {
            return None;
        }
        top = top.min(max_value(m) as i32);
        bottom = bottom.max(min_value(m) as i32);
    }
    Some([low & upto(top - 1), high & from(bottom + 1, n), inside])
}

impl Rule for Between {
    fn name(&self) -> &'static str {
        "betweenline"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let len = self.line.len();
        if len < 3 {
            return true;
        }
        let (a, b) = (val(values, self.line[0]), val(values, self.line[len - 1]));
        let (lo, hi) = (a.min(b), a.max(b));
        self.line[1..len - 1].iter().all(|&c| {
            let v = val(values, c);
            lo < v && v < hi
        })
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let len = self.line.len();
        if len < 3 {
            return Ok(false);
        }
        let (first, last) = (self.line[0], self.line[len - 1]);
        let middle = &self.line[1..len - 1];
        let (mf, ml) = (masks[first.index()], masks[last.index()]);
        let up = between_rising(mf, ml, middle, masks, n);
        let down = between_rising(ml, mf, middle, masks, n);
        let (keep_first, keep_last, inside) = match (up, down) {
            (None, None) => return Err(Contradiction),
            (Some([f, l, i]), None) | (None, Some([l, f, i])) => (f, l, i),
            (Some([f1, l1, i1]), Some([l2, f2, i2])) => (f1 | f2, l1 | l2, i1 | i2),
        };
        let mut changed = restrict(masks, first, keep_first)?;
        changed |= restrict(masks, last, keep_last)?;
        for &c in middle {
            changed |= restrict(masks, c, inside)?;
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        line_shape(self.name(), &self.line, 1, n)?;
        if self.line.len() >= 3 && n < 3 {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!("no digit of 1..{n} lies strictly between two others"),
            });
        }
        Ok(())
    }
}

/// Lockout line: the end diamonds' digits differ by at least `gap`, and
/// no digit of the cells between lies in the range the ends span (ends
/// included), whichever end is smaller. f-puzzles key `lockout`: `gap` is
/// `floor(n / 2)` (4 on 9x9); the entry's `value` is not read. A line needs
/// two cells (the ends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lockout {
    /// The cells along the line, end to end.
    pub line: Vec<Cell>,
    /// The least difference of the ends.
    pub gap: u8,
}

/// What one orientation of a lockout line allows (`low` the smaller end):
/// the low end's values, the high end's, and the values the middle cells
/// may take. `None` when it allows nothing.
fn lockout_rising(
    low: Mask,
    high: Mask,
    middle: &[Cell],
    masks: &[Mask],
    gap: i32,
    n: usize,
) -> Option<[Mask; 3]> {
    let (mut keep_low, mut keep_high) = (0, 0);
    let (mut low_max, mut high_min) = (0, i32::MAX);
    for a in values(low) {
        let a = a as i32;
        // A middle cell with nothing below `a` must go above the high end.
        let mut bound = n as i32 + 1;
        for &c in middle {
            let m = masks[c.index()];
            if min_value(m) as i32 >= a {
                bound = bound.min(max_value(m) as i32);
            }
        }
        let highs = high & from(a + gap, n) & upto(bound - 1);
        if highs != 0 {
            keep_low |= super::bit(a as u32);
            keep_high |= highs;
            low_max = a;
            high_min = high_min.min(min_value(highs) as i32);
        }
    }
    (keep_low != 0).then(|| {
        [
            keep_low,
            keep_high,
            upto(low_max - 1) | from(high_min + 1, n),
        ]
    })
}

impl Rule for Lockout {
    fn name(&self) -> &'static str {
        "lockout"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let len = self.line.len();
        if len < 2 {
            return false;
        }
        let (a, b) = (val(values, self.line[0]), val(values, self.line[len - 1]));
        let (lo, hi) = (a.min(b), a.max(b));
        hi - lo >= i32::from(self.gap)
            && self.line[1..len - 1].iter().all(|&c| {
                let v = val(values, c);
                v < lo || v > hi
            })
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let len = self.line.len();
        if len < 2 {
            return Err(Contradiction);
        }
        let (first, last) = (self.line[0], self.line[len - 1]);
        let middle = &self.line[1..len - 1];
        let (mf, ml) = (masks[first.index()], masks[last.index()]);
        if middle.iter().any(|c| masks[c.index()] == 0) {
            return Err(Contradiction);
        }
        let gap = i32::from(self.gap);
        let up = lockout_rising(mf, ml, middle, masks, gap, n);
        let down = lockout_rising(ml, mf, middle, masks, gap, n);
        let (keep_first, keep_last, outside) = match (up, down) {
            (None, None) => return Err(Contradiction),
            (Some([f, l, o]), None) | (None, Some([l, f, o])) => (f, l, o),
            (Some([f1, l1, o1]), Some([l2, f2, o2])) => (f1 | f2, l1 | l2, o1 | o2),
        };
        let mut changed = restrict(masks, first, keep_first)?;
        changed |= restrict(masks, last, keep_last)?;
        for &c in middle {
            changed |= restrict(masks, c, outside)?;
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        line_shape(self.name(), &self.line, 2, n)?;
        if self.gap > 0 && usize::from(self.gap) >= n {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!("no two digits of 1..{n} differ by {} or more", self.gap),
            });
        }
        Ok(())
    }
}
