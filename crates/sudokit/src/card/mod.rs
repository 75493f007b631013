//! The difficulty card of a puzzle, classic or variant: a continuous
//! difficulty, a band (Very Easy … Extreme), the minutes an average solver
//! takes, the techniques the logical path needs, and a setter's publishing
//! checks. One type, built from one logical path ([`crate::logic`]) and the
//! engine's count ([`crate::Auto`]); every door returns it as it is.
//!
//! How each number is made, and from what data its constants come:
//! `docs/card.md`.

mod checks;
mod effort;
mod json;

use web_time::Instant;

use crate::logic::{self, Board, Ctx, Difficulty, End, Rating, Step};
use crate::Puzzle;

pub use checks::{Check, CheckKind};

/// The six bands, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// Singles only (hardest step up to 2.3).
    VeryEasy,
    /// Intersections, pairs, a rule's direct reading (up to 3.4).
    Easy,
    /// Triples, X-wings and swordfish, wings, the rule of 45 (up to 4.4).
    Medium,
    /// Unique rectangles, quads, jellyfish, BUG, cell forcing (up to 6.4).
    Hard,
    /// Chains and contradictions (up to 8.9).
    VeryHard,
    /// Dynamic and nested chains (9.0 and up), or a path that gets stuck: a
    /// solver must guess or use what the ladder lacks.
    Extreme,
}

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 6] = [
        Band::VeryEasy,
        Band::Easy,
        Band::Medium,
        Band::Hard,
        Band::VeryHard,
        Band::Extreme,
    ];

    /// The band of a path whose hardest step is `hardest`. The thresholds
    /// sit on Sudoku Explainer's scale (the classic ladder's numbers), so a
    /// higher ER never gets an easier band; they follow [`logic::Level`]'s
    /// (easy up to 1.9, medium 2.0–3.9, hard 4.0–6.4, expert 6.5–8.9,
    /// extreme 9.0 up) except that medium is split where the basic
    /// techniques end.
    pub fn of(hardest: Difficulty) -> Band {
        match hardest.0 {
            0..=23 => Band::VeryEasy,
            24..=34 => Band::Easy,
            35..=44 => Band::Medium,
            45..=64 => Band::Hard,
            65..=89 => Band::VeryHard,
            _ => Band::Extreme,
        }
    }

    /// `Very Easy`, `Easy`, `Medium`, `Hard`, `Very Hard`, `Extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Band::VeryEasy => "Very Easy",
            Band::Easy => "Easy",
            Band::Medium => "Medium",
            Band::Hard => "Hard",
            Band::VeryHard => "Very Hard",
            Band::Extreme => "Extreme",
        }
    }

    /// The band named `name` (`very-easy`, `Very Easy`, `veryeasy` …).
    pub fn parse(name: &str) -> Option<Band> {
        let key: String = name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        Band::ALL
            .into_iter()
            .find(|b| b.name().replace(' ', "").to_ascii_lowercase() == key)
    }
}

impl std::fmt::Display for Band {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One technique the path needs: its name as the steps say it, its
/// hardest step and how many steps use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Content {
    /// The technique (`Killer Cage`, `X-Wing`, `Rule of 45` …).
    pub technique: String,
    /// Its hardest step on the path.
    pub difficulty: Difficulty,
    /// How many steps of the path use it.
    pub count: usize,
}

/// What the card is asked for.
#[derive(Clone, Copy, Debug)]
pub struct CardOptions {
    /// Run the setter's checks (unused rules, redundant givens): one count
    /// per constraint and per given.
    pub checks: bool,
    /// Search nodes each count of the checks may take; a count that runs
    /// out decides nothing, and its check is not reported.
    pub max_nodes: u64,
    /// When to give up (the path, then the checks).
    pub deadline: Option<Instant>,
}

impl Default for CardOptions {
    fn default() -> CardOptions {
        CardOptions {
            checks: true,
            max_nodes: 200_000,
            deadline: None,
        }
    }
}

/// The difficulty card of one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// The continuous difficulty: the hardest step on Sudoku Explainer's
    /// scale, plus less than a tenth for how many steps come near it, so it
    /// never ranks two classic puzzles against their ER. `None` when the
    /// path gets stuck: no number is made up for what the ladder cannot do.
    pub difficulty: Option<f64>,
    /// The band of the hardest step; [`Band::Extreme`] when the path gets
    /// stuck.
    pub band: Band,
    /// Expected minutes for an average solver (the effort model); `None`
    /// when the path gets stuck.
    pub minutes: Option<f64>,
    /// Minutes within which four solvers in five finish.
    pub minutes_p80: Option<f64>,
    /// The techniques the path needs, hardest first.
    pub contents: Vec<Content>,
    /// The setter's checks that found something.
    pub checks: Vec<Check>,
    /// Sudoku Explainer's ER/EP/ED, for a classic puzzle solved by the
    /// ladder (`None` for a variant or a stuck path).
    pub rating: Option<Rating>,
    /// How many steps the path takes.
    pub steps: usize,
    /// Whether the path solved the puzzle (or got stuck).
    pub solved: bool,
    /// Whether the checks ran to the end (`false`: some count ran out of
    /// nodes or time, and what it would have found is not reported).
    pub checks_complete: bool,
}

/// Why a puzzle gets no card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// The givens clash.
    #[error("{0}")]
    Board(#[from] logic::BoardError),
    /// Every cell is filled: there is nothing to rate.
    #[error("every cell is filled: there is no step to rate")]
    Complete,
    /// The deadline passed before the path ended.
    #[error("gave up: time limit after {steps} logical steps")]
    TimedOut {
        /// Steps taken by then.
        steps: usize,
    },
}

/// The card of `puzzle`, whose solution the caller knows to be unique (a
/// puzzle with several solutions gets a stuck path, and so an Extreme card
/// with the guess check, which is not what it deserves).
///
/// # Errors
/// [`CardError`]: clashing givens, a complete grid, or the deadline.
pub fn card(puzzle: &Puzzle, options: &CardOptions) -> Result<Card, CardError> {
    card_of(puzzle, Board::new(puzzle)?, options)
}

/// [`card`] on a board already made from `puzzle` (with the caller's digit
/// symbols, say).
///
/// # Errors
/// As [`card`].
pub fn card_of(puzzle: &Puzzle, board: Board, options: &CardOptions) -> Result<Card, CardError> {
    if board.is_solved() {
        return Err(CardError::Complete);
    }
    let mut ctx = Ctx::new(false).with_deadline(options.deadline);
    let path = logic::solve_path(board.clone(), &mut ctx, true);
    if path.end == End::TimedOut {
        return Err(CardError::TimedOut {
            steps: path.step_count,
        });
    }
    let solved = path.end == End::Solved;
    let hardest = path.rating.er;
    let band = if solved {
        Band::of(hardest)
    } else {
        Band::Extreme
    };
    // No number for a stuck path.
    let minutes = solved.then(|| effort::minutes(&board, &path.steps));
    let mut checks = Vec::new();
    let mut checks_complete = true;
    if !solved {
        checks.push(checks::stuck(&path.board, path.step_count));
    }
    checks.extend(checks::spike(&path.steps));
    if options.checks {
        checks_complete = checks::setter(puzzle, options, &mut checks);
    }
    Ok(Card {
        difficulty: solved.then(|| difficulty_of(&path.steps, hardest)),
        band,
        minutes: minutes.map(|m| m.0),
        minutes_p80: minutes.map(|m| m.1),
        contents: contents(&path.steps),
        checks,
        // An ER where every step is a technique of Sudoku Explainer's kind:
        // a grid without constraints (one grid, or a multi-grid board, whose
        // hardest steps are cell forcing and contradictions).
        rating: (solved && puzzle.constraints().is_empty()).then_some(path.rating),
        steps: path.step_count,
        solved,
        checks_complete,
    })
}

/// The hardest step, plus up to 0.09 for the steps near it: each step
/// weighs `2^-(gap/0.5)` by how far below the hardest it is, and the weight
/// beyond the hardest step's own adds `0.09 * (1 - 1/w)`. Twenty 6.0 steps
/// make 6.08; one makes 6.0. Below a tenth, so a classic puzzle's ER
/// decides its place and the count only breaks ties.
fn difficulty_of(steps: &[Step], hardest: Difficulty) -> f64 {
    let h = hardest.value();
    let weight: f64 = steps
        .iter()
        .map(|s| {
            let gap = h - s.difficulty.value();
            (-gap / 0.5).exp2()
        })
        .sum();
    let extra = if weight > 1.0 {
        0.09 * (1.0 - 1.0 / weight)
    } else {
        0.0
    };
    ((h + extra) * 100.0).round() / 100.0
}

/// The techniques of `steps`, hardest first (then the most used, then by
/// name).
fn contents(steps: &[Step]) -> Vec<Content> {
    let mut out: Vec<Content> = Vec::new();
    for s in steps {
        match out.iter_mut().find(|c| c.technique == s.name) {
            Some(c) => {
                c.count += 1;
                c.difficulty = c.difficulty.max(s.difficulty);
            }
            None => out.push(Content {
                technique: s.name.to_string(),
                difficulty: s.difficulty,
                count: 1,
            }),
        }
    }
    out.sort_by(|a, b| {
        b.difficulty
            .cmp(&a.difficulty)
            .then(b.count.cmp(&a.count))
            .then(a.technique.cmp(&b.technique))
    });
    out
}

impl Card {
    /// `Hard  5.62  38 min  Thermometer, Cell Forcing, …`: the card in one
    /// line (the techniques above the singles, hardest first), after Sudoku
    /// Explainer's `ER/EP/ED` for a classic puzzle the ladder solves
    /// (`4.5/1.2/1.2  Hard  4.53  12 min  Unique Rectangle, …`).
    pub fn line(&self) -> String {
        let techniques: Vec<&str> = self
            .contents
            .iter()
            .filter(|c| c.difficulty > Difficulty(23))
            .map(|c| c.technique.as_str())
            .collect();
        let mut line = self.rating.map(|r| format!("{r}  ")).unwrap_or_default();
        line += &match (self.difficulty, self.minutes) {
            (Some(d), Some(m)) => format!("{}  {d:.2}  {} min", self.band, whole_minutes(m)),
            _ => format!("{}  stuck after {} steps", self.band, self.steps),
        };
        if !techniques.is_empty() {
            line.push_str("  ");
            line.push_str(&techniques.join(", "));
        }
        line
    }
}

impl Card {
    /// Why a stuck path has no rating, in the words every door gives
    /// (`None` when the path solved the puzzle).
    pub fn unrated_reason(&self) -> Option<String> {
        (!self.solved).then(|| {
            format!(
                "unrated: no technique of the ladder applies after {} steps (band Extreme, the guess check)",
                self.steps
            )
        })
    }
}

/// Minutes as printed: whole, at least 1.
pub fn whole_minutes(m: f64) -> u64 {
    m.round().max(1.0) as u64
}

#[cfg(test)]
mod tests;
