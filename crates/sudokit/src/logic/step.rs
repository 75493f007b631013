//! What a technique finds: a step, its evidence and its difficulty.

use std::borrow::Cow;
use std::fmt;

/// One candidate: a digit (1-based value) in a cell (row-major index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// Row-major cell index.
    pub cell: usize,
    /// The digit, `1..=n`.
    pub digit: u8,
}

impl Candidate {
    /// `digit` in `cell`.
    pub const fn new(cell: usize, digit: u8) -> Candidate {
        Candidate { cell, digit }
    }
}

/// A Sudoku Explainer difficulty in tenths: `Difficulty(23)` is 2.3.
///
/// Tenths keep sums and comparisons exact (Sudoku Explainer adds 0.1 steps
/// to doubles and prints one decimal).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// The difficulty as a number: `Difficulty(23).value()` is 2.3.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A technique family of the ladder, in Sudoku Explainer 1.2.1's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Technique {
    /// Hidden single (full house: the last empty cell of a house, 1.0).
    HiddenSingle,
    /// Pointing or claiming that leaves a hidden single.
    DirectPointing,
    /// Hidden pair that leaves a hidden single.
    DirectHiddenPair,
    /// Naked single.
    NakedSingle,
    /// Hidden triple that leaves a hidden single.
    DirectHiddenTriple,
    /// Pointing and claiming.
    Intersection,
    /// Naked pair.
    NakedPair,
    /// X-wing.
    XWing,
    /// Hidden pair.
    HiddenPair,
    /// Naked triple.
    NakedTriple,
    /// Swordfish.
    Swordfish,
    /// Hidden triple.
    HiddenTriple,
    /// XY-wing.
    XyWing,
    /// XYZ-wing.
    XyzWing,
    /// Unique rectangles and loops.
    UniqueLoop,
    /// Naked quad.
    NakedQuad,
    /// Jellyfish.
    Jellyfish,
    /// Hidden quad.
    HiddenQuad,
    /// Bivalue universal grave.
    Bug,
    /// Aligned pair exclusion.
    AlignedPair,
    /// Bidirectional X- and Y-cycles and forcing X-/Y-chains.
    ForcingChains,
    /// Aligned triple exclusion.
    AlignedTriple,
    /// Nishio forcing chains.
    Nishio,
    /// Cell and region forcing chains (multiple chains).
    MultipleChains,
    /// Dynamic forcing chains.
    DynamicChains,
    /// Dynamic forcing chains with the basic techniques as extra links.
    DynamicPlus,
    /// Nested forcing chains; `level` and `variant` as in Sudoku Explainer's
    /// `Chaining(.., level, .., variant)` producers.
    Nested {
        /// Nesting level (2..=4).
        level: u8,
        /// Sub-variant of level 4 (0..=3); 0 otherwise.
        variant: u8,
    },
    /// Variant puzzles: one constraint's deduction (a cage's combinations,
    /// a thermometer's ranges, a dot's partners).
    Constraint,
    /// Variant puzzles: the rule of 45 — a house or a run of rows or
    /// columns sums to 45 each, so the cells its killer cages leave over
    /// (innies) or put outside (outies) have a known sum.
    RuleOf45,
    /// Variant puzzles: every candidate of a cell (or every place of a
    /// digit in a house) removes the same candidates.
    CellForcing,
    /// Variant puzzles: a candidate whose placement leads by singles and
    /// constraint deductions to a contradiction.
    Contradiction,
}

impl Technique {
    /// Whether it is one of the chaining rungs (they run on 9x9 boards only).
    pub fn is_chain(self) -> bool {
        use Technique::*;
        matches!(
            self,
            ForcingChains | Nishio | MultipleChains | DynamicChains | DynamicPlus | Nested { .. }
        )
    }

    /// The least difficulty a step of this rung can have (its base: longer
    /// chains and bigger patterns only add to it).
    pub fn floor(self) -> Difficulty {
        use Technique::*;
        Difficulty(match self {
            HiddenSingle => 10,
            DirectPointing => 17,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriple => 25,
            Intersection => 26,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            XyWing => 42,
            XyzWing => 44,
            UniqueLoop => 45,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            Bug => 56,
            AlignedPair => 62,
            ForcingChains => 65,
            AlignedTriple | Nishio => 75,
            MultipleChains => 80,
            DynamicChains => 85,
            DynamicPlus => 90,
            Nested { level, .. } => 85 + 5 * u16::from(level),
            // The variant ladder's own scale (docs/variant-logic.md), not SE's.
            Constraint => 20,
            RuleOf45 => 25,
            CellForcing => 60,
            Contradiction => 30,
        })
    }
}

impl Technique {
    /// Sudoku Explainer's name of the steps of a rung of sets or fish, whose
    /// steps all have one name and the rung's floor as difficulty ("Naked
    /// Triplet", "X-Wing"); `None` for the others.
    pub fn set_name(self) -> Option<&'static str> {
        use Technique::*;
        Some(match self {
            DirectHiddenPair => "Direct Hidden Pair",
            DirectHiddenTriple => "Direct Hidden Triplet",
            NakedPair => "Naked Pair",
            NakedTriple => "Naked Triplet",
            NakedQuad => "Naked Quad",
            HiddenPair => "Hidden Pair",
            HiddenTriple => "Hidden Triplet",
            HiddenQuad => "Hidden Quad",
            XWing => "X-Wing",
            Swordfish => "Swordfish",
            Jellyfish => "Jellyfish",
            _ => return None,
        })
    }

    /// The rung of a family of sets or fish (`[pair, triple, quad]`) for
    /// `k` (2..=4) cells, digits or lines.
    pub(crate) fn of_size(k: usize, family: [Technique; 3]) -> Technique {
        family[k.clamp(2, 4) - 2]
    }
}

/// One logical step: what it places and eliminates, why, and how hard it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The ladder rung that found it.
    pub technique: Technique,
    /// The name of this step's pattern, as Sudoku Explainer names it
    /// ("Hidden Single", "Unique Rectangle type 2", "Dynamic Region Forcing Chains").
    pub name: Cow<'static, str>,
    /// Its difficulty.
    pub difficulty: Difficulty,
    /// Digits it places.
    pub placements: Vec<Candidate>,
    /// Candidates it removes.
    pub eliminations: Vec<Candidate>,
    /// The cells of the pattern (for highlighting).
    pub cells: Vec<usize>,
    /// The houses of the pattern (indices into `Geometry::houses()`).
    pub houses: Vec<usize>,
    /// The candidates of the pattern that justify the step (for highlighting).
    pub evidence: Vec<Candidate>,
    /// Chains in Eureka notation, one per branch (`(7)r4c6=r4c2-(7=3)r5c2`).
    pub chains: Vec<String>,
    /// The step in words ("the only place for 7 in box 5 is r4c6"), without
    /// the name; digits in the board's symbols
    /// ([`Board::digit_name`](super::Board::digit_name)).
    pub text: String,
}

impl Step {
    /// An empty step of `technique`, named `name`, of difficulty `tenths`.
    pub fn new(technique: Technique, name: impl Into<Cow<'static, str>>, tenths: u16) -> Step {
        Step {
            technique,
            name: name.into(),
            difficulty: Difficulty(tenths),
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            evidence: Vec::new(),
            chains: Vec::new(),
            text: String::new(),
        }
    }

    /// An empty step of a rung of sets or fish: its one name and its floor.
    pub(crate) fn of_set(technique: Technique) -> Step {
        Step::at_floor(technique, technique.set_name().unwrap_or_default())
    }

    /// An empty step named `name` at its technique's floor difficulty.
    pub(crate) fn at_floor(technique: Technique, name: impl Into<Cow<'static, str>>) -> Step {
        Step::new(technique, name, technique.floor().0)
    }

    /// The step in one line: `Hidden Single: the only place for 7 in box 5
    /// is r4c6`, then its chains, as `hint` and `explain` print it.
    /// Techniques keep Sudoku Explainer's names (`Hidden Single`, `X-Wing`,
    /// `Naked Triplet`).
    pub fn line(&self) -> String {
        let mut line = self.name.to_string();
        if !self.text.is_empty() {
            line.push_str(": ");
            line.push_str(&self.text);
        }
        for chain in &self.chains {
            line.push_str("; ");
            line.push_str(chain);
        }
        line
    }

    /// Whether it changes the board at all.
    pub fn is_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }
}
