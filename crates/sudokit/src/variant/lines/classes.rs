//! Lines whose digits fall in three classes that cycle along the line:
//! entropic (low, middle, high) and modular (residues mod 3).

use super::{line_shape, Mask, PairRule, Pruned, Rule, RuleError};
use crate::digits::Cell;
use crate::variant::{entropic_class, full_mask, restrict, Contradiction};

/// The `Rule` of a line of three classes of digits: `$class` gives a
/// value's class for the check, `$masks` the three classes' masks for the
/// pruning, and neighbours pair by `$other` (and cells three apart by
/// `$same`).
macro_rules! class_line {
    ($rule:ident, $key:literal, |$v:ident, $n:ident| $class:expr, $masks:expr, $other:ident, $same:ident) => {
        impl Rule for $rule {
            fn name(&self) -> &'static str {
                $key
            }
            fn cells(&self, _n: usize) -> Vec<Cell> {
                self.line.clone()
            }
            fn check(&self, values: &[u8], $n: usize) -> bool {
                check_classes(&self.line, values, |$v| $class)
            }
            fn prune(&self, masks: &mut [Mask], $n: usize) -> Pruned {
                let classes = $masks;
                prune_classes(&self.line, masks, &classes)
            }
            fn validate(&self, n: usize) -> Result<(), RuleError> {
                three_classes(self.name(), &self.line, n)
            }
            fn prunes_beyond_pairs(&self) -> bool {
                true
            }
            fn pairs(&self, _n: usize) -> Option<Vec<(Cell, Cell, PairRule)>> {
                Some(class_pairs(&self.line, PairRule::$other, PairRule::$same))
            }
        }
    };
}

/// The values of each class, for a class function.
fn class_masks(n: usize, class: impl Fn(u32) -> u32) -> [Mask; 3] {
    let mut out = [0; 3];
    for v in 1..=n as u32 {
        out[class(v) as usize] |= 1 << (v - 1);
    }
    out
}

/// Whether cells one or two apart along the line are in different classes
/// (which also puts cells three apart in the same class).
fn check_classes(line: &[Cell], values: &[u8], class: impl Fn(u32) -> u32) -> bool {
    let c = |i: usize| class(u32::from(values[line[i].index()]));
    (0..line.len()).all(|i| {
        (i + 1 >= line.len() || c(i) != c(i + 1)) && (i + 2 >= line.len() || c(i) != c(i + 2))
    })
}

/// Exact pruning: cells at positions `i ≡ r (mod 3)` share one class, and
/// the (up to) three position groups take different classes. The classes
/// each group can take are tried in every injective assignment (at most 6).
fn prune_classes(line: &[Cell], masks: &mut [Mask], classes: &[Mask; 3]) -> Pruned {
    let groups = line.len().min(3);
    if groups < 2 {
        return Ok(false);
    }
    let mut open = [0b111u8; 3];
    for (i, &c) in line.iter().enumerate() {
        let m = masks[c.index()];
        let mut here = 0u8;
        for (k, &cm) in classes.iter().enumerate() {
            if m & cm != 0 {
                here |= 1 << k;
            }
        }
        open[i % 3] &= here;
    }
    const ORDERS: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut kept = [0u8; 3];
    for order in ORDERS {
        if (0..groups).all(|r| open[r] & (1 << order[r]) != 0) {
            for r in 0..groups {
                kept[r] |= 1 << order[r];
            }
        }
    }
    if kept[0] == 0 {
        return Err(Contradiction);
    }
    let mut allowed = [0 as Mask; 3];
    for r in 0..groups {
        for (k, &cm) in classes.iter().enumerate() {
            if kept[r] & (1 << k) != 0 {
                allowed[r] |= cm;
            }
        }
    }
    let mut changed = false;
    for (i, &c) in line.iter().enumerate() {
        changed |= restrict(masks, c, allowed[i % 3])?;
    }
    Ok(changed)
}

/// The pairs that make up a class line: cells one or two apart in
/// different classes, three apart in the same (implied by the first two,
/// kept for stronger tables).
fn class_pairs(line: &[Cell], other: PairRule, same: PairRule) -> Vec<(Cell, Cell, PairRule)> {
    let mut out = Vec::new();
    for (i, &a) in line.iter().enumerate() {
        for (d, rule) in [(1, other), (2, other), (3, same)] {
            if let Some(&b) = line.get(i + d) {
                if a != b {
                    out.push((a, b, rule));
                }
            }
        }
    }
    out
}

/// Refuses a class line on a grid too small to have three classes.
fn three_classes(kind: &'static str, line: &[Cell], n: usize) -> Result<(), RuleError> {
    line_shape(kind, line, 1, n)?;
    if n < 3 {
        return Err(RuleError::Size { kind, n });
    }
    // A cell one or two steps from itself would differ from itself.
    for (i, a) in line.iter().enumerate() {
        if line[i + 1..].iter().take(2).any(|b| b == a) {
            return Err(RuleError::Impossible {
                kind,
                reason: format!("cell {} is twice within three cells", a.index()),
            });
        }
    }
    Ok(())
}

/// Entropic line: any three consecutive cells hold a low, a middle and a
/// high digit, and any two neighbours differ in class (so a line of two
/// cells holds two classes). The classes are
/// thirds of `1..=n` (1-3, 4-6, 7-9 on 9x9); when 3 does not divide `n`,
/// low and high hold `(n + 1) / 3` digits each and the middle the rest.
/// Defined for `n >= 3`. f-puzzles key `entropicline`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entropic {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

class_line!(
    Entropic,
    "entropicline",
    |v, n| entropic_class(v, n),
    class_masks(n, |v| entropic_class(v, n)),
    OtherThird,
    SameThird
);

/// Modular line: any three consecutive cells hold digits of three different
/// residues mod 3 ({1,4,7}, {2,5,8}, {3,6,9} on 9x9), and any two
/// neighbours differ in residue. Defined for `n >= 3` (on any such size).
/// f-puzzles key `modularline`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modular {
    /// The cells along the line, in order.
    pub line: Vec<Cell>,
}

// Bit v-1 is value v: residue 1 on bits 0, 3, 6 …
class_line!(
    Modular,
    "modularline",
    |v, n| {
        let _ = n;
        v % 3
    },
    {
        let all = full_mask(n);
        [0x4924 & all, 0x9249 & all, 0x2492 & all]
    },
    OtherResidue,
    SameResidue
);
