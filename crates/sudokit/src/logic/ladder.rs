//! The technique ladder (Sudoku Explainer 1.2.1's order), the next step, the
//! whole path and its rating.

use std::ops::ControlFlow;

use super::board::Board;
use super::ctx::{Ctx, Sink};
use super::step::{Difficulty, Step, Technique};
use super::{chains, exclusion, fish, intersections, singles, subsets, uniqueness, wings};

mod closure;

use closure::{closure_bound, saturate, BASIC_BULK, BASIC_RUNGS, BULK};

/// The ladder, easiest rung first, as Sudoku Explainer 1.2.1 tries them.
pub const LADDER: &[Technique] = &[
    Technique::HiddenSingle,
    Technique::DirectPointing,
    Technique::DirectHiddenPair,
    Technique::NakedSingle,
    Technique::DirectHiddenTriple,
    Technique::Intersection,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::UniqueLoop,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::Bug,
    Technique::AlignedPair,
    Technique::ForcingChains,
    Technique::AlignedTriple,
    Technique::Nishio,
    Technique::MultipleChains,
    Technique::DynamicChains,
    Technique::DynamicPlus,
    Technique::Nested {
        level: 2,
        variant: 0,
    },
    Technique::Nested {
        level: 3,
        variant: 0,
    },
    Technique::Nested {
        level: 4,
        variant: 0,
    },
    Technique::Nested {
        level: 4,
        variant: 1,
    },
    Technique::Nested {
        level: 4,
        variant: 2,
    },
    Technique::Nested {
        level: 4,
        variant: 3,
    },
];

impl Technique {
    /// Finds the instances of this technique on `board`, passing each to
    /// `sink` until it breaks. Chaining rungs pass their steps easiest first.
    pub fn find(self, board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
        use Technique::*;
        match self {
            HiddenSingle => singles::hidden_single(board, ctx, sink),
            NakedSingle => singles::naked_single(board, ctx, sink),
            DirectPointing => intersections::locking(board, true, ctx, sink),
            Intersection => intersections::locking(board, false, ctx, sink),
            DirectHiddenPair => subsets::direct_hidden(board, 2, ctx, sink),
            DirectHiddenTriple => subsets::direct_hidden(board, 3, ctx, sink),
            NakedPair => subsets::naked(board, 2, ctx, sink),
            NakedTriple => subsets::naked(board, 3, ctx, sink),
            NakedQuad => subsets::naked(board, 4, ctx, sink),
            HiddenPair => subsets::hidden(board, 2, ctx, sink),
            HiddenTriple => subsets::hidden(board, 3, ctx, sink),
            HiddenQuad => subsets::hidden(board, 4, ctx, sink),
            XWing => fish::fish(board, 2, ctx, sink),
            Swordfish => fish::fish(board, 3, ctx, sink),
            Jellyfish => fish::fish(board, 4, ctx, sink),
            XyWing => wings::xy_wing(board, ctx, sink),
            XyzWing => wings::xyz_wing(board, ctx, sink),
            UniqueLoop => uniqueness::unique_loops(board, ctx, sink),
            Bug => uniqueness::grave::bug(board, ctx, sink),
            AlignedPair => exclusion::aligned(board, 2, ctx, sink),
            AlignedTriple => exclusion::aligned(board, 3, ctx, sink),
            ForcingChains
            | Nishio
            | MultipleChains
            | DynamicChains
            | DynamicPlus
            | Nested { .. } => chains::find(self, board, ctx, sink),
            Constraint | RuleOf45 | CellForcing | Contradiction => {
                super::variant::find(self, board, ctx, sink)
            }
        }
    }

    /// Whether this rung can find anything on `board`'s geometry: the chains
    /// need a 9x9 grid, unique loops and BUG a grid of at most 128 cells
    /// without extra houses (where their deadly patterns are proved).
    pub fn runs_on(self, board: &Board) -> bool {
        use Technique::*;
        match self {
            // A deadly pattern need not be deadly under variant constraints.
            UniqueLoop | Bug if board.is_variant() => false,
            Constraint | RuleOf45 | CellForcing | Contradiction => board.is_variant(),
            UniqueLoop | Bug => uniqueness::supported(board),
            t if t.is_chain() => chains::supported(board),
            _ => true,
        }
    }

    /// The first step of this rung, if any.
    pub fn first(self, board: &Board, ctx: &mut Ctx) -> Option<Step> {
        let mut found = None;
        let was = std::mem::replace(&mut ctx.first_only, true);
        let _ = self.find(board, ctx, &mut |step| {
            found = Some(step);
            ControlFlow::Break(())
        });
        ctx.first_only = was;
        found
    }
}

/// The next step: the first step of the first rung that has one (of
/// [`VARIANT_LADDER`](super::VARIANT_LADDER) on a variant board).
pub fn next_step(board: &Board, ctx: &mut Ctx) -> Option<Step> {
    if board.is_variant() {
        return super::variant::next_step(board, ctx);
    }
    for &t in LADDER {
        if let Some(step) = t.first(board, ctx) {
            return Some(step);
        }
        // Every rung is bounded, but the subsets of a big grid are many:
        // the deadline is also checked between rungs.
        if ctx.expired() {
            return None;
        }
    }
    None
}

/// Sudoku Explainer's three numbers for a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    /// ER: the hardest step of the path.
    pub er: Difficulty,
    /// EP: the hardest step up to the first placement.
    pub ep: Difficulty,
    /// ED: the difficulty of the first step.
    pub ed: Difficulty,
}

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}/{}", self.er, self.ep, self.ed)
    }
}

/// A plain difficulty level for casual users, from ER.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// ER up to 1.9: hidden singles, direct intersections.
    Easy,
    /// ER 2.0–3.9: naked singles, intersections, pairs, triples, X-wing, swordfish.
    Medium,
    /// ER 4.0–6.4: wings, uniqueness, quads, jellyfish, BUG, aligned pairs.
    Hard,
    /// ER 6.5–8.9: cycles, forcing chains, aligned triples, multiple and dynamic chains.
    Expert,
    /// ER 9.0 and above: dynamic chains with extra links, nested chains.
    Extreme,
}

impl Level {
    /// The level of an ER.
    pub fn of(er: Difficulty) -> Level {
        match er.0 {
            0..=19 => Level::Easy,
            20..=39 => Level::Medium,
            40..=64 => Level::Hard,
            65..=89 => Level::Expert,
            _ => Level::Extreme,
        }
    }

    /// The ER range of the level (no upper end for extreme).
    pub fn range(self) -> (Difficulty, Option<Difficulty>) {
        let (low, high) = match self {
            Level::Easy => (0, Some(19)),
            Level::Medium => (20, Some(39)),
            Level::Hard => (40, Some(64)),
            Level::Expert => (65, Some(89)),
            Level::Extreme => (90, None),
        };
        (Difficulty(low), high.map(Difficulty))
    }

    /// `easy`, `medium`, `hard`, `expert`, `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

/// How a logical solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every cell is filled.
    Solved,
    /// No rung of the ladder finds a step (Sudoku Explainer says 20.0).
    Stuck,
    /// The deadline passed.
    TimedOut,
}

/// ER/EP/ED as the steps of a path come in.
#[derive(Default)]
struct Tally {
    er: Difficulty,
    ep: Difficulty,
    ed: Difficulty,
    placed: bool,
    count: usize,
}

impl Tally {
    fn take(&mut self, step: &Step) {
        self.er = self.er.max(step.difficulty);
        if !self.placed {
            if self.count == 0 {
                self.ed = self.er;
            }
            if !step.placements.is_empty() {
                self.ep = self.er;
                self.placed = true;
            }
        }
        self.count += 1;
    }

    fn rating(&self) -> Rating {
        Rating {
            er: self.er,
            ep: self.ep,
            ed: self.ed,
        }
    }
}

/// A logical solve: the steps taken (if kept), the rating so far and how it ended.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps, in order (empty unless asked for).
    pub steps: Vec<Step>,
    /// How many steps were taken.
    pub step_count: usize,
    /// ER/EP/ED over the steps taken.
    pub rating: Rating,
    /// How it ended.
    pub end: End,
    /// The board at the end.
    pub board: Board,
}

/// Why [`before_step`] has no step `n`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("step {n} is out of range: the logical path has {steps} steps{}", match .end {
    End::Solved => "",
    End::Stuck => " (then no technique of the ladder applies)",
    End::TimedOut => " (then the time ran out)",
})]
pub struct NoSuchStep {
    /// The step asked for, from 1.
    pub n: usize,
    /// How many steps the path has.
    pub steps: usize,
    /// How the path ended.
    pub end: End,
}

/// Step `n` (from 1) of `board`'s logical path, and the board just before
/// it: what a picture of that step draws.
///
/// # Errors
/// [`NoSuchStep`] when the path (within `ctx`'s deadline) is shorter.
pub fn before_step(mut board: Board, n: usize, ctx: &mut Ctx) -> Result<(Board, Step), NoSuchStep> {
    let mut path = solve_path(board.clone(), ctx, true);
    if n == 0 || n > path.steps.len() {
        return Err(NoSuchStep {
            n,
            steps: path.steps.len(),
            end: path.end,
        });
    }
    for earlier in &path.steps[..n - 1] {
        board.apply(earlier);
    }
    Ok((board, path.steps.swap_remove(n - 1)))
}

/// Solves `board` step by step, easiest step first, as Sudoku Explainer's
/// rater does, keeping the steps if `keep`.
pub fn solve_path(mut board: Board, ctx: &mut Ctx, keep: bool) -> Path {
    let mut tally = Tally::default();
    let mut steps = Vec::new();
    let end = loop {
        if board.is_solved() {
            break End::Solved;
        }
        let Some(step) = next_step(&board, ctx) else {
            break if ctx.timed_out() {
                End::TimedOut
            } else {
                End::Stuck
            };
        };
        debug_assert!(step.is_progress(), "{step:?}");
        debug_assert!(step.difficulty >= step.technique.floor(), "{step:?}");
        if !step.is_progress() {
            break End::Stuck;
        }
        tally.take(&step);
        board.apply(&step);
        if keep {
            steps.push(step);
        }
    };
    Path {
        steps,
        step_count: tally.count,
        rating: tally.rating(),
        end,
        board,
    }
}

/// Where a puzzle's ER falls against a range, as found by [`rate_within`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// ER below the range (with the rating when the path was followed to
    /// the end, `None` when a shortcut proved it).
    Below(Option<Rating>),
    /// Solved, ER in the range; ER/EP/ED when the path was followed one step
    /// at a time (a range above 4.4 skips the easy stretches in bulk: ER is
    /// still exact, the first steps are not known).
    Within {
        /// The ER.
        er: Difficulty,
        /// ER/EP/ED, when known.
        rating: Option<Rating>,
    },
    /// ER is at least the range's low end and the range has no high end: the
    /// search stopped as soon as that was certain, so the exact ER is unknown.
    AtLeast,
    /// Some step (or every step left at some point) is harder than the range,
    /// or the ladder is stuck.
    Above,
    /// The deadline passed first.
    TimedOut,
}

/// Rates `board` only as far as needed to tell whether its ER lies in
/// `low..=high` (`high` = `None`: no upper end). The path is the one
/// [`solve_path`] takes; it stops early once a step exceeds `high`, once every
/// rung still to try at some point starts above `high`, or (open range) once
/// the path must reach `low`. So a puzzle that needs chains is known to be
/// above "hard" without any chain search, and to reach 7.0 without the
/// dynamic chains beyond it.
pub fn rate_within(
    mut board: Board,
    low: Difficulty,
    high: Option<Difficulty>,
    ctx: &mut Ctx,
) -> Fit {
    // The least floor of each rung and all rungs after it; rungs that do not
    // run on this board count as none.
    let mut floors = [Difficulty(u16::MAX); LADDER.len() + 1];
    for (i, t) in LADDER.iter().enumerate().rev() {
        let floor = if !t.runs_on(&board) {
            Difficulty(u16::MAX)
        } else {
            t.floor()
        };
        floors[i] = floors[i + 1].min(floor);
    }
    // Above 4.4 the easy stretches of the path do not matter: jump to where
    // the path next needs a rung past the basic ones (see `BASIC_RUNGS`).
    // The bound below then starts from there instead of closing them again
    // (the basic steps it no longer sees are 4.4 at most, under `low`).
    let fast = low > Difficulty(44);
    let stopped = |ctx: &Ctx| {
        if ctx.timed_out() {
            Fit::TimedOut
        } else {
            Fit::Above
        }
    };
    if fast && !saturate(&mut board, &BULK[..BASIC_BULK], 0, &mut 0, ctx) {
        return stopped(ctx);
    }
    let closed = if fast { BASIC_BULK } else { 0 };
    let mut quiet = 0;
    if closure_bound(&board, low, closed, &mut quiet, ctx).is_some_and(|b| b < low) {
        return Fit::Below(None);
    }
    // The rungs the bound found nothing with on this very board: the first
    // state of the path need not try them again.
    let mut known_quiet = &BULK[closed..closed + quiet];
    let mut tally = Tally::default();
    let mut closed = fast;
    loop {
        if fast
            && !std::mem::replace(&mut closed, false)
            && !saturate(&mut board, &BULK[..BASIC_BULK], 0, &mut 0, ctx)
        {
            return stopped(ctx);
        }
        let er = tally.er;
        if board.is_solved() {
            let rating = (!fast).then(|| tally.rating());
            return if er < low {
                Fit::Below(rating)
            } else {
                Fit::Within { er, rating }
            };
        }
        let mut found = None;
        // Past `ceiling` the answer is known: at or above `low` for an open
        // range, above `high` for a closed one.
        let ceiling = match high {
            None => low,
            Some(h) => Difficulty(h.0.saturating_add(1)),
        };
        let first = if fast { BASIC_RUNGS } else { 0 };
        for (i, &t) in LADDER.iter().enumerate().skip(first) {
            // Whatever this state's step is, it comes from rung i or later.
            if high.is_some_and(|h| floors[i] > h) {
                return Fit::Above;
            }
            if high.is_none() && floors[i].max(er) >= low && floors[i] < Difficulty(u16::MAX) {
                return Fit::AtLeast;
            }
            // A rung whose successors all start at the ceiling need only look
            // below it: finding nothing there decides as well.
            let capped = floors[i + 1] >= ceiling && t.floor() < ceiling;
            ctx.ceiling = capped.then_some(ceiling);
            let step = if known_quiet.contains(&t) {
                None
            } else {
                t.first(&board, ctx)
            };
            ctx.ceiling = None;
            if let Some(step) = step {
                found = Some(step);
                break;
            }
            if ctx.expired() {
                return Fit::TimedOut;
            }
            if capped {
                return if high.is_none() {
                    Fit::AtLeast
                } else {
                    Fit::Above
                };
            }
        }
        known_quiet = &[];
        let Some(step) = found.filter(Step::is_progress) else {
            return Fit::Above;
        };
        tally.take(&step);
        if high.is_some_and(|h| tally.er > h) {
            return Fit::Above;
        }
        board.apply(&step);
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{all_sound, board, solution};
    use super::*;

    /// Solves `board` with the ladder, checking every step against the
    /// solution; the names of the steps taken.
    fn sound_path(board: &Board) -> Vec<std::borrow::Cow<'static, str>> {
        let solution = super::super::test_util::solution(board).unwrap();
        let mut b = board.clone();
        let mut names = Vec::new();
        let mut ctx = Ctx::new(true);
        while let Some(step) = next_step(&b, &mut ctx) {
            super::super::test_util::assert_sound(&b, &step, &solution);
            b.apply(&step);
            names.push(step.name);
        }
        names
    }

    #[test]
    fn generated_puzzles_of_other_geometries_solve_soundly() {
        let geometries = [
            crate::Geometry::shared_square(6).unwrap(),
            crate::Geometry::shared_square(8).unwrap(),
            std::sync::Arc::new(
                crate::Geometry::classic()
                    .with_extra(crate::Extra::Diagonals)
                    .unwrap(),
            ),
        ];
        let mut all = Vec::new();
        for g in &geometries {
            for seed in 1..=3 {
                all.extend(sound_path(&super::super::singles::minimal_puzzle(g, seed)));
            }
        }
        assert!(all.iter().any(|n| n == "Hidden Single"));
        // Intersections and subsets work across boxes, 6x6/8x8 boxes and diagonals.
        for name in ["Pointing", "Claiming", "Direct Claiming", "Hidden Pair"] {
            assert!(all.iter().any(|n| n == name), "{name}: {all:?}");
        }
    }
    /// Rungs that must find nothing where their pattern cannot be: a grid
    /// three cells short of full (no house has four empty cells: no subset
    /// or fish), and a fresh puzzle (too few bivalue cells for wings and
    /// aligned pairs).
    #[test]
    fn rungs_find_nothing_where_their_pattern_cannot_be() {
        let fresh = board(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let b = board(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let full = board(&super::super::singles::line_without(
            &solution(&b).unwrap(),
            &[0, 40, 80],
        ));
        use Technique::*;
        let cases = [
            (&full, NakedPair),
            (&full, HiddenPair),
            (&full, DirectHiddenPair),
            (&full, NakedQuad),
            (&full, XWing),
            (&full, Swordfish),
            (&full, Jellyfish),
            (&fresh, XyWing),
            (&fresh, XyzWing),
            (&fresh, AlignedPair),
        ];
        for (b, t) in cases {
            assert!(all_sound(b, t).is_empty(), "{t:?}");
        }
    }

    #[test]
    fn the_basic_rungs_end_at_xyz_wings() {
        assert_eq!(LADDER[BASIC_RUNGS - 1], Technique::XyzWing);
        assert_eq!(BULK[BASIC_BULK - 1], Technique::XyzWing);
        // Every basic rung is a single or in the bulk set (or a direct form).
        for t in &LADDER[..BASIC_RUNGS] {
            let direct = matches!(
                t,
                Technique::DirectPointing
                    | Technique::DirectHiddenPair
                    | Technique::DirectHiddenTriple
            );
            let single = matches!(t, Technique::HiddenSingle | Technique::NakedSingle);
            assert!(direct || single || BULK[..BASIC_BULK].contains(t), "{t:?}");
        }
    }
}
