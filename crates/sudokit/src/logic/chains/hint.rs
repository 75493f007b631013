//! A chaining hint before it becomes a step: what it removes, how complex it
//! is, its difficulty (exactly Sudoku Explainer's doubles) and its sort.

use std::cmp::Ordering;

use super::super::step::{Candidate, Technique};

/// The kind of a chaining hint (its name and Sudoku Explainer sort key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Bidirectional cycle (X, Y or both).
    Cycle,
    /// Forcing chain (X or X+Y).
    Forcing,
    /// Contradiction from one assumption.
    Contradiction,
    /// Both states of one candidate agree.
    Double,
    /// Every candidate of a cell agrees.
    Cell,
    /// Every position of a digit in a house agrees.
    Region,
}

/// A hint found by a chaining rung.
#[derive(Clone, Debug)]
pub(super) struct Hint {
    pub kind: Kind,
    pub difficulty: f64,
    pub complexity: u32,
    pub sort_key: u8,
    /// Candidates it removes, sorted.
    pub removable: Vec<Candidate>,
    /// The cell the assumption starts from (for highlighting).
    pub source: usize,
    /// X-only / Y-only flags of the pass (names of cycles and forcing chains).
    pub x: bool,
    pub y: bool,
    /// Chain signature (for counting a nested chain once).
    pub sig: u64,
    /// Rule parents, when searched inside an outer chain.
    pub parents: Vec<u16>,
    /// What the words of the step need.
    pub about: About,
}

/// The assumption and the conclusion of a hint, for its words.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct About {
    /// The assumed candidate (`cell * 9 + digit0`).
    pub src: u16,
    pub src_on: bool,
    /// The candidate every branch agrees on (or that is both on and off).
    pub target: u16,
    pub target_on: bool,
    /// Region chains: the house (index into `Geo`'s houses).
    pub house: u8,
}

/// Sudoku Explainer's length addition: 0.1 per step of the ceilings 4, 6, 8,
/// 12, 16, 24 ... passed by `complexity - 2`, summed as doubles.
pub(super) fn length_added(complexity: u32) -> f64 {
    let mut added = 0.0f64;
    let mut ceil: i64 = 4;
    let length = complexity as i64 - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if !odd { ceil * 3 / 2 } else { ceil * 4 / 3 };
        odd = !odd;
    }
    added
}

/// Sudoku Explainer's order: difficulty, then complexity, then sort key; stable.
pub(super) fn sort(hints: &mut [Hint]) {
    hints.sort_by(|a, b| {
        match a.difficulty.partial_cmp(&b.difficulty) {
            Some(Ordering::Equal) | None => {}
            Some(o) => return o,
        }
        if a.complexity == b.complexity {
            a.sort_key.cmp(&b.sort_key)
        } else {
            a.complexity.cmp(&b.complexity)
        }
    });
}

/// The least (difficulty, complexity) of `best` and `hints` (`hints` not
/// empty): the bound a first-only search keeps, each hint compared with the
/// best so far as Sudoku Explainer's sort compares them.
pub(super) fn least(mut best: Option<(f64, u32)>, hints: &[Hint]) -> (f64, u32) {
    for h in hints {
        let better = match best {
            None => true,
            Some((bd, bc)) => match h.difficulty.partial_cmp(&bd) {
                Some(Ordering::Less) => true,
                Some(Ordering::Equal) => h.complexity < bc,
                _ => false,
            },
        };
        if better {
            best = Some((h.difficulty, h.complexity));
        }
    }
    best.expect("hints is not empty")
}

/// Tenths, as Sudoku Explainer prints the double.
pub(super) fn tenths(d: f64) -> u16 {
    (d * 10.0).round() as u16
}

/// The rung's words: "Dynamic " prefix and nested suffix.
fn prefix_suffix(t: Technique) -> (&'static str, &'static str) {
    match t {
        Technique::Nishio => ("Nishio ", " Chains"),
        Technique::MultipleChains => ("", " Chains"),
        Technique::DynamicChains => ("Dynamic ", " Chains"),
        Technique::DynamicPlus => ("Dynamic ", " Chains (+)"),
        Technique::Nested { level: 2, .. } => ("Dynamic ", " Chains (+ Forcing Chains)"),
        Technique::Nested { level: 3, .. } => ("Dynamic ", " Chains (+ Multiple Forcing Chains)"),
        Technique::Nested { .. } => ("Dynamic ", " Chains (+ Dynamic Forcing Chains)"),
        _ => ("", " Chains"),
    }
}

impl Hint {
    pub fn name(&self, t: Technique) -> String {
        let (pre, suf) = prefix_suffix(t);
        match self.kind {
            Kind::Cycle => match (self.x, self.y) {
                (true, true) => "Bidirectional Cycle".into(),
                (false, true) => "Bidirectional Y-Cycle".into(),
                _ => "Bidirectional X-Cycle".into(),
            },
            Kind::Forcing => match (self.x, self.y) {
                (true, true) => "Forcing Chain".into(),
                (false, true) => "Forcing Y-Chain".into(),
                // Sudoku Explainer's name for an X-chain of six potentials.
                _ if self.complexity == 6 => "Turbot Fish".into(),
                _ => "Forcing X-Chain".into(),
            },
            Kind::Contradiction if t == Technique::Nishio => format!("{pre}Forcing{suf}"),
            Kind::Contradiction => format!("{pre}Contradiction Forcing{suf}"),
            Kind::Double => format!("{pre}Double Forcing{suf}"),
            Kind::Cell => format!("{pre}Cell Forcing{suf}"),
            Kind::Region => format!("{pre}Region Forcing{suf}"),
        }
    }
}

/// The other candidates of `cand`'s cell: what `cand` being on removes.
pub(super) fn others(grid: &[u16; 81], cand: usize) -> Vec<Candidate> {
    let (cell, d) = (cand / 9, cand % 9);
    let mut out = Vec::new();
    let mut m = grid[cell] & !(1 << d);
    while m != 0 {
        out.push(Candidate::new(cell, m.trailing_zeros() as u8 + 1));
        m &= m - 1;
    }
    out
}

/// What a chain concluding `cand` on (its cell's others) or off (itself) removes.
pub(super) fn removable(grid: &[u16; 81], cand: usize, on: bool) -> Vec<Candidate> {
    if on {
        others(grid, cand)
    } else {
        vec![Candidate::new(cand / 9, (cand % 9) as u8 + 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_additions_follow_the_ceilings() {
        // complexity - 2 > 4 adds 0.1, > 6 adds 0.2, > 8: 0.3, > 12: 0.4, > 16: 0.5.
        let add = |c| (length_added(c) * 10.0).round() as u32;
        assert_eq!(
            [add(6), add(7), add(8), add(9), add(10), add(11)],
            [0, 1, 1, 2, 2, 3]
        );
        assert_eq!(
            [add(14), add(15), add(18), add(19), add(26), add(27)],
            [3, 4, 4, 5, 5, 6]
        );
    }
}
