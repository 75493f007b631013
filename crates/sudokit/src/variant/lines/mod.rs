//! Lines: thermometers, whispers, renban, palindromes, between, lockout,
//! entropic, modular and nabner lines.
//!
//! A line is its cells in the order drawn. Every rule here reads only the
//! digits on its line; none assumes the line's cells see each other (a line
//! may cross boxes and repeat digits unless its rule forbids it).

use super::{
    bit, full_mask, max_value, min_value, restrict, values, Contradiction, Mask, PairRule, Pruned,
    Rule, RuleError,
};
use crate::digits::Cell;

mod classes;
mod ends;

pub use classes::{Entropic, Modular};
pub use ends::{Between, Lockout};

/// Values `1..=v` (none for `v <= 0`, all 16 from 16 on).
#[inline]
pub(crate) fn upto(v: i32) -> Mask {
    ((1u32 << v.clamp(0, 16)) - 1) as Mask
}

/// Values `v..=n`.
#[inline]
pub(crate) fn from(v: i32, n: usize) -> Mask {
    full_mask(n) & !upto(v - 1)
}

/// The default rule check, for rules that override [`Rule::validate`]:
/// every cell on the grid.
pub(crate) fn on_grid(kind: &'static str, cells: &[Cell], n: usize) -> Result<(), RuleError> {
    match cells.iter().find(|c| c.index() >= n * n) {
        Some(c) => Err(RuleError::Shape {
            kind,
            reason: format!("cell {} is off the {n}x{n} grid", c.index()),
        }),
        None => Ok(()),
    }
}

/// A line's cells on the grid, at least `least` of them.
pub(crate) fn line_shape(
    kind: &'static str,
    line: &[Cell],
    least: usize,
    n: usize,
) -> Result<(), RuleError> {
    on_grid(kind, line, n)?;
    if line.len() < least {
        return Err(RuleError::Shape {
            kind,
            reason: format!("a line of {} cells (it needs {least})", line.len()),
        });
    }
    Ok(())
}

/// Refuses a line that visits a cell twice when its rule makes all digits
/// differ (the cell would differ from itself).
pub(crate) fn no_repeated_cell(kind: &'static str, line: &[Cell]) -> Result<(), RuleError> {
    let mut seen = line.to_vec();
    seen.sort_unstable();
    match seen.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => Err(RuleError::Impossible {
            kind,
            reason: format!(
                "cell {} is twice on a line whose digits differ",
                w[0].index()
            ),
        }),
        None => Ok(()),
    }
}

/// Refuses a line of digits that all differ when it is longer than `n`.
fn at_most_n(kind: &'static str, line: &[Cell], n: usize) -> Result<(), RuleError> {
    if line.len() > n {
        return Err(RuleError::Impossible {
            kind,
            reason: format!(
                "{} different digits on a {n}x{n} grid (there are {n})",
                line.len()
            ),
        });
    }
    Ok(())
}

/// Pairs of consecutive cells of a line, with one rule.
fn consecutive(line: &[Cell], rule: PairRule) -> Vec<(Cell, Cell, PairRule)> {
    line.windows(2).map(|w| (w[0], w[1], rule)).collect()
}

/// Every pair of cells of a line (earlier cell first), with one rule.
fn all_pairs(line: &[Cell], rule: PairRule) -> Vec<(Cell, Cell, PairRule)> {
    let mut out = Vec::new();
    for (i, &a) in line.iter().enumerate() {
        for &b in &line[i + 1..] {
            out.push((a, b, rule));
        }
    }
    out
}

/// The value of `cell` in a full grid, as `i32` for arithmetic.
#[inline]
fn val(values: &[u8], cell: Cell) -> i32 {
    i32::from(values[cell.index()])
}

/// Thermometer: the digits strictly increase along the line from the bulb
/// (the first cell), so they all differ; a bulb alone says nothing.
/// f-puzzles key `thermometer`, one rule per line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermometer {
    /// The cells along the line, bulb first.
    pub line: Vec<Cell>,
}

impl Rule for Thermometer {
    fn name(&self) -> &'static str {
        "thermometer"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        self.line
            .windows(2)
            .all(|w| val(values, w[0]) < val(values, w[1]))
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        // On a chain of `<` the smallest value each cell can take given the
        // cells before it (and the largest given those after) is exact:
        // every value between the two extends to the whole line.
        let mut changed = false;
        let mut floor = 0;
        for &c in &self.line {
            changed |= restrict(masks, c, from(floor + 1, n))?;
            floor = min_value(masks[c.index()]) as i32;
        }
        let mut ceiling = n as i32 + 1;
        for &c in self.line.iter().rev() {
            changed |= restrict(masks, c, upto(ceiling - 1))?;
            ceiling = max_value(masks[c.index()]) as i32;
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        line_shape(self.name(), &self.line, 1, n)?;
        no_repeated_cell(self.name(), &self.line)?;
        at_most_n(self.name(), &self.line, n)
    }
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        Some(consecutive(&self.line, PairRule::Less))
    }
    fn distinct_groups(&self, _n: usize) -> Vec<Vec<Cell>> {
        vec![self.line.clone()]
    }
}

/// German whispers: neighbours along the line differ by at least `gap`.
/// f-puzzles key `whispers`: `gap` is the entry's `value` when it has one,
/// else `ceil(n / 2)` (5 on 9x9, 3 on 6x6, 2 on 4x4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Whispers {
    /// The cells along the line, in order (a closed loop ends on its first
    /// cell).
    pub line: Vec<Cell>,
    /// The least difference between neighbours.
    pub gap: u8,
}

/// The values `b` with `|a - b| >= gap` for some `a` in `m` (non-empty).
#[inline]
fn far_from(m: Mask, gap: i32, n: usize) -> Mask {
    upto(max_value(m) as i32 - gap) | from(min_value(m) as i32 + gap, n)
}

impl Rule for Whispers {
    fn name(&self) -> &'static str {
        "whispers"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        self.line
            .windows(2)
            .all(|w| (val(values, w[0]) - val(values, w[1])).abs() >= i32::from(self.gap))
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        // Backward then forward arc consistency: on a path of distinct cells
        // every value left extends to the whole line.
        let gap = i32::from(self.gap);
        let mut changed = false;
        for w in self.line.windows(2).rev() {
            let next = masks[w[1].index()];
            changed |= restrict(masks, w[0], far_from(next, gap, n))?;
        }
        for w in self.line.windows(2) {
            let prev = masks[w[0].index()];
            changed |= restrict(masks, w[1], far_from(prev, gap, n))?;
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        line_shape(self.name(), &self.line, 1, n)?;
        if self.line.len() >= 2 && usize::from(self.gap) >= n {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!("no two digits of 1..{n} differ by {} or more", self.gap),
            });
        }
        Ok(())
    }
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        Some(consecutive(&self.line, PairRule::AtLeast(self.gap)))
    }
}

/// Renban: the line's digits all differ and form a run of consecutive
/// digits, in any order. f-puzzles key `renban`. (Equivalently every two
/// differ by 1 to `len - 1`, but it gives no pairs: tables of those lose
/// the runs' reasoning, which prunes far more.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renban {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Rule for Renban {
    fn name(&self) -> &'static str {
        "renban"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        let mut seen = 0u32;
        for &c in &self.line {
            let b = 1u32 << values[c.index()];
            if seen & b != 0 {
                return false;
            }
            seen |= b;
        }
        let lo = self.line.iter().map(|&c| val(values, c)).min();
        let hi = self.line.iter().map(|&c| val(values, c)).max();
        match (lo, hi) {
            (Some(lo), Some(hi)) => (hi - lo) as usize + 1 == self.line.len(),
            _ => true,
        }
    }
    fn prune(&self, masks: &mut [Mask], n: usize) -> Pruned {
        let len = self.line.len();
        if len == 0 {
            return Ok(false);
        }
        if len > n {
            return Err(Contradiction);
        }
        // Each run of `len` digits that every cell can join and that the
        // cells can cover lends its digits; a cell keeps what some run lends.
        let mut keep = [0 as Mask; 16];
        let mut any = false;
        for start in 1..=(n - len + 1) as i32 {
            let run = upto(start + len as i32 - 1) & !upto(start - 1);
            let mut cover = 0;
            let fits = self.line.iter().all(|&c| {
                let m = masks[c.index()] & run;
                cover |= m;
                m != 0
            });
            if fits && cover == run {
                any = true;
                for (k, &c) in keep.iter_mut().zip(&self.line) {
                    *k |= masks[c.index()] & run;
                }
            }
        }
        if !any {
            return Err(Contradiction);
        }
        let mut changed = false;
        for (&k, &c) in keep.iter().zip(&self.line) {
            changed |= restrict(masks, c, k)?;
        }
        changed |= super::cells::prune_distinct(masks, &self.line)?;
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        line_shape(self.name(), &self.line, 1, n)?;
        no_repeated_cell(self.name(), &self.line)?;
        at_most_n(self.name(), &self.line, n)
    }
    fn distinct_groups(&self, _n: usize) -> Vec<Vec<Cell>> {
        vec![self.line.clone()]
    }
}

/// Palindrome: the line reads the same from both ends (cell `i` equals cell
/// `len - 1 - i`). f-puzzles key `palindrome`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palindrome {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

impl Palindrome {
    /// The mirrored pairs of cells, outermost first (the middle cell of an
    /// odd line has no partner).
    fn mirrored(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        let half = self.line.len() / 2;
        self.line[..half]
            .iter()
            .zip(self.line.iter().rev())
            .map(|(&a, &b)| (a, b))
    }
}

impl Rule for Palindrome {
    fn name(&self) -> &'static str {
        "palindrome"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        self.mirrored()
            .all(|(a, b)| values[a.index()] == values[b.index()])
    }
    fn prune(&self, masks: &mut [Mask], _n: usize) -> Pruned {
        let mut changed = false;
        for (a, b) in self.mirrored() {
            let both = masks[a.index()] & masks[b.index()];
            changed |= restrict(masks, a, both)?;
            changed |= restrict(masks, b, both)?;
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        line_shape(self.name(), &self.line, 1, n)
    }
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        Some(
            self.mirrored()
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (a, b, PairRule::Equal))
                .collect(),
        )
    }
}

/// Nabner line: no two digits on the line are equal or consecutive
/// (`|a - b| >= 2` for every two cells, not only neighbours), so a line
/// holds at most `ceil(n / 2)` cells. f-puzzles key `nabner`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nabner {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

/// How many values of `m` can be taken with no two equal or consecutive
/// (greedy from the smallest is optimal on a line of values).
#[inline]
fn spread_count(mut m: Mask) -> usize {
    let mut count = 0;
    while m != 0 {
        let low = m & m.wrapping_neg();
        m &= !(low | low << 1);
        count += 1;
    }
    count
}

/// The value `v` and its two neighbours.
#[inline]
fn near(v: u32) -> Mask {
    let b = u32::from(bit(v));
    ((b | b << 1 | b >> 1) & 0xFFFF) as Mask
}

impl Rule for Nabner {
    fn name(&self) -> &'static str {
        "nabner"
    }
    fn cells(&self, _n: usize) -> Vec<Cell> {
        self.line.clone()
    }
    fn check(&self, values: &[u8], _n: usize) -> bool {
        self.line.iter().enumerate().all(|(i, &a)| {
            self.line[i + 1..]
                .iter()
                .all(|&b| (val(values, a) - val(values, b)).abs() >= 2)
        })
    }
    fn prune(&self, masks: &mut [Mask], _n: usize) -> Pruned {
        let len = self.line.len();
        if len > 16 {
            return Err(Contradiction);
        }
        let mut changed = false;
        // A placed digit takes itself and its neighbours from the others.
        loop {
            let mut round = false;
            for (i, &c) in self.line.iter().enumerate() {
                let m = masks[c.index()];
                if m.count_ones() == 1 {
                    let gone = near(min_value(m));
                    for (j, &o) in self.line.iter().enumerate() {
                        if j != i {
                            round |= restrict(masks, o, !gone)?;
                        }
                    }
                }
            }
            changed |= round;
            if !round {
                break;
            }
        }
        // A value of one cell must leave room for the other cells: as many
        // spread-out values among the others' candidates, away from it.
        let mut before = [0 as Mask; 17];
        for (i, &c) in self.line.iter().enumerate() {
            before[i + 1] = before[i] | masks[c.index()];
        }
        let mut after = 0 as Mask;
        for (i, &c) in self.line.iter().enumerate().rev() {
            let others = before[i] | after;
            let m = masks[c.index()];
            let mut keep = 0;
            for v in values(m) {
                if spread_count(others & !near(v)) + 1 >= len {
                    keep |= bit(v);
                }
            }
            changed |= restrict(masks, c, keep)?;
            after |= masks[c.index()];
        }
        Ok(changed)
    }
    fn validate(&self, n: usize) -> Result<(), RuleError> {
        line_shape(self.name(), &self.line, 1, n)?;
        no_repeated_cell(self.name(), &self.line)?;
        if self.line.len() > n.div_ceil(2) {
            return Err(RuleError::Impossible {
                kind: self.name(),
                reason: format!(
                    "{} digits of 1..{n} with no two consecutive (at most {})",
                    self.line.len(),
                    n.div_ceil(2)
                ),
            });
        }
        Ok(())
    }
    fn prunes_beyond_pairs(&self) -> bool {
        true
    }
    fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
        Some(all_pairs(&self.line, PairRule::FarApart))
    }
    fn distinct_groups(&self, _n: usize) -> Vec<Vec<Cell>> {
        vec![self.line.clone()]
    }
}

#[cfg(test)]
pub(crate) mod tests;
