//! Generating puzzles with one solution: a random complete grid for any
//! geometry (on random jigsaw regions when asked), then clues removed one
//! symmetry orbit at a time, each removal kept only when an engine proves the
//! puzzle still has one solution; then the asked-for properties are checked
//! (clue count, minimality, rating) and a puzzle that misses one is dropped
//! for a new try.
//!
//! Everything random comes from one seed per puzzle ([`puzzle_seed`] derives
//! them from a run's seed), and every bound is counted in engine nodes, never
//! in time: a seed gives the same puzzle on every run, machine and thread.
//!
//! ```
//! use sudokit::generate::{Generator, Shape, Spec, Symmetry};
//! use sudokit::{Dlx, Engine, Geometry, Verdict};
//!
//! let mut spec = Spec::new(Shape::Fixed(Geometry::shared_square(9).unwrap()));
//! spec.symmetry = Symmetry::Rotate180;
//! let mut generator = Generator::new(spec).unwrap();
//! let made = generator.generate(7).unwrap();
//! // Another engine agrees that it has one solution, the generator's.
//! let answer = Dlx::new().solve(&made.puzzle, 2).unwrap();
//! assert_eq!(answer.verdict(), Some(Verdict::Unique));
//! assert_eq!(answer.first.as_ref(), Some(&made.solution));
//! ```

mod dig;
mod fill;
mod regions;
mod symmetry;
#[cfg(test)]
mod tests;
mod variant;

use std::sync::Arc;
use web_time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::logic::{self, Difficulty, Fit, Rating};
use crate::{Auto, Budget, Cancel, Engine, Extra, Geometry, GeometryError, Grid, Puzzle};

pub use symmetry::{Symmetry, SymmetryError, UnknownSymmetry};
pub use variant::{
    Amount, Global, Killer, LineKind, MadeVariant, VariantGaveUp, VariantGenerator, VariantSpec,
    VariantSpecError, VariantTally,
};

/// The grid a puzzle is made on.
#[derive(Clone, Debug)]
pub enum Shape {
    /// This geometry (boxes of any shape, a given jigsaw, extra houses).
    Fixed(Arc<Geometry>),
    /// Random jigsaw regions of side `size`, new for every puzzle, with these
    /// extra houses (diagonals; windows need boxes).
    Jigsaw {
        /// The side.
        size: usize,
        /// Extra houses.
        extras: Vec<Extra>,
    },
}

impl Shape {
    /// The side of the grid.
    pub fn size(&self) -> usize {
        match self {
            Shape::Fixed(g) => g.size(),
            Shape::Jigsaw { size, .. } => *size,
        }
    }
}

/// What to make.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The grid.
    pub shape: Shape,
    /// The symmetry of the clue pattern (and of jigsaw regions).
    pub symmetry: Symmetry,
    /// No clue may be removable: each clue's removal is checked.
    pub minimal: bool,
    /// The number of clues, an inclusive range. Without `minimal`, removal
    /// stops at a count drawn from the range (at the low end when the range
    /// has no upper end within the grid).
    pub clues: Option<(usize, usize)>,
    /// The ER range (inclusive; no upper end when `None`), rated as
    /// [`logic::solve_path`] does.
    pub rating: Option<(Difficulty, Option<Difficulty>)>,
    /// Puzzles to try (a grid and a removal each) before giving up.
    pub max_tries: u64,
    /// The node budget of each uniqueness check: a check that runs out keeps
    /// its clues (the puzzle stays unique, but that clue is unproven, so a
    /// `minimal` try with one is dropped).
    pub check_nodes: u64,
    /// When to stop trying (checked before each try and during a rating): a
    /// server's bound on one request. Output then depends on the clock, so
    /// runs that must reproduce leave it `None`.
    pub deadline: Option<Instant>,
    /// Stops trying when raised, as at the deadline (a server's client hung
    /// up); checked where the deadline is.
    pub cancel: Option<Cancel>,
}

impl Spec {
    /// Tries per puzzle by default: far more than any reachable target
    /// needs on 9x9 (an ER of 9.0 or more takes a few hundred), a few seconds
    /// of trying before an unreachable one gives up.
    pub const MAX_TRIES: u64 = 10_000;

    /// Any puzzle with one solution on `shape`: no symmetry, no target;
    /// removal goes on while it can, so the puzzle is minimal.
    pub fn new(shape: Shape) -> Spec {
        let check_nodes = Spec::check_nodes_for(&shape);
        Spec {
            shape,
            symmetry: Symmetry::None,
            minimal: false,
            clues: None,
            rating: None,
            max_tries: Spec::MAX_TRIES,
            check_nodes,
            deadline: None,
            cancel: None,
        }
    }

    /// The default [`Spec::check_nodes`] for a shape: enough that no 9x9
    /// check, nor one on boxes up to 16x16, runs out. Jigsaw regions above
    /// 9x9 leave many removals that no budget within seconds proves (a
    /// bigger budget proves few more of them, at the cost of every one it
    /// does not), so they get [`Spec::JIGSAW_CHECK_NODES`]; on bigger grids
    /// too a proof that takes longer is given up (the clue stays) rather
    /// than held up for.
    pub fn check_nodes_for(shape: &Shape) -> u64 {
        let jigsaw = match shape {
            Shape::Jigsaw { .. } => true,
            Shape::Fixed(g) => g.layout() == crate::Layout::Jigsaw,
        };
        match shape.size() {
            0..=9 => 2_000_000,
            10..=16 if jigsaw => Spec::JIGSAW_CHECK_NODES,
            10..=16 => 500_000,
            _ => 5_000,
        }
    }

    /// The check budget of jigsaws from 10x10 to 16x16 (see
    /// [`Spec::check_nodes_for`]): one 16x16 try takes seconds.
    pub const JIGSAW_CHECK_NODES: u64 = 20_000;
}

/// A spec that cannot be met.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The symmetry does not suit the grid.
    #[error(transparent)]
    Symmetry(#[from] SymmetryError),
    /// The grid cannot be built.
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// The engine does not support the grid.
    #[error(transparent)]
    Engine(#[from] crate::Unsupported),
    /// A side above [`MAX_SIDE`].
    #[error("generation takes sides up to {max}, not {size}", max = MAX_SIDE)]
    Size {
        /// The side asked for.
        size: usize,
    },
    /// A jigsaw side without random regions.
    #[error("random jigsaw regions need a side from 4 to {max}, not {size}", max = MAX_JIGSAW)]
    JigsawSize {
        /// The side asked for.
        size: usize,
    },
    /// Random regions of this side that keep this symmetry were not found.
    #[error(
        "no {size}x{size} jigsaw layout with {symmetry} symmetry was found{}",
        if *symmetry == Symmetry::Rotate90 { " (a quarter turn needs a side of the form 4k or 4k+1)" } else { "" }
    )]
    JigsawSymmetry {
        /// The side.
        size: usize,
        /// The symmetry.
        symmetry: Symmetry,
    },
    /// A clue range that is empty or larger than the grid.
    #[error("the clue range {low}..{high} is empty or starts past a grid of {cells} cells")]
    Clues {
        /// Least clues.
        low: usize,
        /// Most clues.
        high: usize,
        /// Cells of the grid.
        cells: usize,
    },
    /// Fewer clues than any classic sudoku with one solution has.
    #[error(
        "at most {high} clues: no classic 9x9 sudoku with one solution has fewer than 17 \
         (McGuire, Tugemann and Civario, 2012)"
    )]
    TooFewClues {
        /// Most clues asked for.
        high: usize,
    },
    /// An ER target only chains reach, on a grid where they do not run.
    #[error(
        "an ER target of {} or more needs the chaining techniques, which rate 9x9 grids \
         only (this is a {geometry} grid)",
        least_chain_er()
    )]
    RatingNeedsChains {
        /// The grid, as displayed.
        geometry: String,
    },
    /// An ER target above what a multi-grid board's ladder rates.
    #[error(
        "no multi-grid board rates {low} or more: its ladder's hardest step, a forcing \
         contradiction, rates {top} (ask for expert, 6.5..7.5, at most)"
    )]
    RatingAboveBoard {
        /// Lowest ER asked.
        low: Difficulty,
        /// The ladder's hardest step.
        top: Difficulty,
    },
    /// An empty rating range.
    #[error("the rating range {low}..{high} is empty")]
    Rating {
        /// Lowest ER.
        low: Difficulty,
        /// Highest ER.
        high: Difficulty,
    },
    /// A rating range no puzzle's ER falls in.
    #[error(
        "no puzzle rates {}: ratings run from {} (hidden singles) to {} (the hardest known \
         puzzles, nested forcing chains)",
        match high {
            Some(h) if *h == *low => format!("{low}"),
            Some(h) => format!("{low} to {h}"),
            None => format!("{low} or more"),
        },
        least_er(), MAX_ER
    )]
    RatingUnreachable {
        /// Lowest ER.
        low: Difficulty,
        /// Highest ER, if any.
        high: Option<Difficulty>,
    },
}

/// The highest ER a rating target may start at. Sudoku Explainer's hardest
/// rung, nested forcing chains of level 4, starts at 10.5 and only the
/// length addition of its chains (0.1 each time the chain's size passes 4,
/// 6, 8, 12, 16, ...) takes a step higher; the hardest puzzles known rate
/// 11.9, and the rater gives what Sudoku Explainer gives. A target above this
/// would only run out of tries.
pub const MAX_ER: Difficulty = Difficulty(119);

/// The least ER a puzzle with an empty cell has: its easiest rung's floor
/// (a hidden single, 1.0).
pub fn least_er() -> Difficulty {
    logic::LADDER
        .iter()
        .map(|t| t.floor())
        .min()
        .unwrap_or_default()
}

/// Whether the logic module's chaining rungs (ER 6.5 and up) run on
/// `geometry` ([`crate::logic::chains_run_on`]): the one place the
/// generator decides which rating targets a grid can reach.
pub fn chains_rate(geometry: &Geometry) -> bool {
    crate::logic::chains_run_on(geometry)
}

/// Checks an ER range (`high` = `None`: no upper end) before any try: an
/// empty range, or one outside [`least_er`]..=[`MAX_ER`], is refused.
///
/// # Errors
/// [`SpecError::Rating`] or [`SpecError::RatingUnreachable`].
pub fn check_rating(low: Difficulty, high: Option<Difficulty>) -> Result<(), SpecError> {
    if let Some(h) = high.filter(|&h| h < low) {
        return Err(SpecError::Rating { low, high: h });
    }
    if low > MAX_ER || high.is_some_and(|h| h < least_er()) {
        return Err(SpecError::RatingUnreachable { low, high });
    }
    Ok(())
}

/// The least ER a chaining rung gives.
fn least_chain_er() -> Difficulty {
    logic::LADDER
        .iter()
        .filter(|t| t.is_chain())
        .map(|t| t.floor())
        .min()
        .unwrap_or(Difficulty(u16::MAX))
}

/// The largest side of random jigsaw regions.
pub const MAX_JIGSAW: usize = 36;

/// The largest side the generator takes: a 36x36 puzzle takes seconds, and
/// every check of a bigger one rebuilds an exact-cover matrix of n³ rows.
pub const MAX_SIDE: usize = 36;

/// Declares a struct of `u64` counters (`pub` fields, each with its doc)
/// and its `add`, which sums another's counts into it field by field: one
/// definition for every tally of counts (the generator's [`Tally`], the
/// CLI's per-run counts), so a new field cannot be left out of the sum.
#[macro_export]
macro_rules! counters {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $($(#[$field_meta:meta])* pub $field:ident,)*
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $($(#[$field_meta])* pub $field: u64,)*
        }

        impl $name {
            /// Adds `other`'s counts to these.
            pub fn add(&mut self, other: &$name) {
                $(self.$field += other.$field;)*
            }
        }
    };
}

counters! {
    /// What making one puzzle took.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Tally {
        /// Tries: a complete grid and a removal pass each.
        pub tries,
        /// Engine runs that made (or failed to make) a complete grid.
        pub fills,
        /// Tries whose grid (or jigsaw layout) could not be completed.
        pub failed_fills,
        /// Engine runs that checked a removal.
        pub checks,
        /// Checks that ran out of budget (their clues stayed).
        pub unknown,
        /// Tries dropped for their clue count.
        pub off_clues,
        /// Tries dropped for not being minimal.
        pub not_minimal,
        /// Tries dropped for their rating.
        pub off_rating,
        /// Tries on a multi-grid board dropped because one of its grids
        /// had one solution on its own (the newspaper rule: each grid needs
        /// the others).
        pub standalone,
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle (its geometry holds the jigsaw regions).
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Grid,
    /// Its ER/EP/ED when a rating range was asked and the rating followed the
    /// whole path one step at a time (ranges starting at 4.4 or below).
    pub rating: Option<Rating>,
    /// Its ER when a rating range was asked and the rating ran to the end (an
    /// open range stops as soon as the low end is certain).
    pub er: Option<Difficulty>,
    /// What it took.
    pub tally: Tally,
}

/// No puzzle met the spec within its tries.
#[derive(Clone, Debug, Default, PartialEq, Eq, thiserror::Error)]
#[error(
    "gave up after {} tries{}: {} off the clue range, {} not minimal, {} off the rating range, \
     {} grids that could not be completed",
    tally.tries, if *timed_out { " (time limit)" } else { "" }, tally.off_clues, tally.not_minimal, tally.off_rating, tally.failed_fills
)]
pub struct GaveUp {
    /// What the tries took.
    pub tally: Tally,
    /// The [`Spec::deadline`] passed (else the tries ran out).
    pub timed_out: bool,
}

/// A seed for a run that was given none: the clock and the process, hashed
/// (print it to make the run again).
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    // No process ids in a browser: the clock and the hasher's keys only.
    #[cfg(not(target_family = "wasm"))]
    h.write_u32(std::process::id());
    h.finish()
}

/// The seed of puzzle `index` of a run seeded with `seed`: each puzzle's
/// randomness is its own, so a run gives the same puzzles in the same order
/// whatever the number of threads.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    // SplitMix64's finaliser over the pair: nearby seeds and indices give
    // unrelated streams.
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0xD1B5_4A32_D192_ED03));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Makes puzzles to a [`Spec`] with an engine.
pub struct Generator {
    spec: Spec,
    engine: Box<dyn Engine + Send>,
    /// The orbits of the clue symmetry.
    orbits: Vec<Vec<usize>>,
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator")
            .field("spec", &self.spec)
            .field("engine", &self.engine.name())
            .finish_non_exhaustive()
    }
}

impl Generator {
    /// A generator for `spec` that proves uniqueness with the [`Auto`]
    /// engine, or above 16x16 with [`Dlx`](crate::Dlx), whose nodes cost far
    /// less there on the near-minimal puzzles a removal pass checks.
    ///
    /// # Errors
    /// [`SpecError`] when the spec cannot be met.
    pub fn new(spec: Spec) -> Result<Generator, SpecError> {
        let engine: Box<dyn Engine + Send> = if spec.shape.size() > 16 {
            Box::new(crate::Dlx::new())
        } else {
            Box::new(Auto::new())
        };
        Generator::with_engine(spec, engine)
    }

    /// A generator for `spec` that fills grids and proves uniqueness with `engine`.
    ///
    /// # Errors
    /// [`SpecError`] when the spec cannot be met, or the engine does not
    /// support the grid.
    pub fn with_engine(spec: Spec, engine: Box<dyn Engine + Send>) -> Result<Generator, SpecError> {
        let n = spec.shape.size();
        if n > MAX_SIDE {
            return Err(SpecError::Size { size: n });
        }
        let sample = match &spec.shape {
            Shape::Fixed(g) => Arc::clone(g),
            Shape::Jigsaw { size, extras } => {
                if !(4..=MAX_JIGSAW).contains(size) {
                    return Err(SpecError::JigsawSize { size: *size });
                }
                // Rows as regions stand in for the random layouts: what the
                // extras and the symmetry need does not depend on the regions.
                let rows: Vec<usize> = (0..size * size).map(|c| c / size).collect();
                let mut g = Geometry::jigsaw(*size, &rows)?;
                for e in extras {
                    g = g.with_extra(e.clone())?;
                }
                spec.symmetry.check_extras(&g)?;
                // Some symmetries no layout of this side keeps (a quarter turn
                // of a 6x6): refuse now rather than fail every try.
                let mut rng = ChaCha8Rng::seed_from_u64(0);
                if (0..3).all(|_| regions::random_regions(*size, spec.symmetry, &mut rng).is_none())
                {
                    return Err(SpecError::JigsawSymmetry {
                        size: *size,
                        symmetry: spec.symmetry,
                    });
                }
                Arc::new(g)
            }
        };
        if let Shape::Fixed(g) = &spec.shape {
            spec.symmetry.check(g)?;
        }
        if !engine.supports(&sample) {
            return Err(SpecError::Engine(crate::Unsupported {
                engine: engine.name(),
                geometry: sample.to_string(),
            }));
        }
        let cells = sample.cell_count();
        if let Some((low, high)) = spec.clues {
            // A high end past the grid is an open range (`25..`).
            if low > high || low > cells {
                return Err(SpecError::Clues { low, high, cells });
            }
            let classic = matches!(&spec.shape, Shape::Fixed(g) if g.is_classic());
            if classic && high < 17 {
                return Err(SpecError::TooFewClues { high });
            }
        }
        if let Some((low, high)) = spec.rating {
            check_rating(low, high)?;
            // The sample has the shape's side and extras, all `chains_rate` reads.
            // A multi-grid board's forcing and contradiction rungs (the
            // variant ladder's) reach the chains' ratings without them.
            let forcing = sample.multi_layout().is_some();
            if forcing && low > logic::HARDEST_VARIANT_STEP {
                return Err(SpecError::RatingAboveBoard {
                    low,
                    top: logic::HARDEST_VARIANT_STEP,
                });
            }
            if low >= least_chain_er() && !chains_rate(&sample) && !forcing {
                return Err(SpecError::RatingNeedsChains {
                    geometry: sample.to_string(),
                });
            }
        }
        let orbits = spec.symmetry.orbits_of(&sample);
        Ok(Generator {
            spec,
            engine,
            orbits,
        })
    }

    /// The spec.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// Makes the puzzle of `seed` (the same seed, the same puzzle).
    ///
    /// # Errors
    /// [`GaveUp`] when no try met the spec within [`Spec::max_tries`].
    pub fn generate(&mut self, seed: u64) -> Result<Generated, GaveUp> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut tally = Tally::default();
        let cells = match &self.spec.shape {
            Shape::Fixed(g) => g.cell_count(),
            Shape::Jigsaw { size, .. } => size * size,
        };
        let check_budget = Budget {
            cancel: self.spec.cancel.clone(),
            ..Budget::UNLIMITED.with_max_nodes(self.spec.check_nodes.max(1))
        };
        let deadline = self.spec.deadline;
        let cancel = self.spec.cancel.clone();
        while tally.tries < self.spec.max_tries.max(1) {
            if deadline.is_some_and(|d| Instant::now() >= d)
                || cancel.as_ref().is_some_and(Cancel::is_cancelled)
            {
                return Err(GaveUp {
                    tally,
                    timed_out: true,
                });
            }
            tally.tries += 1;
            let Some(geometry) = self.geometry(&mut rng) else {
                tally.failed_fills += 1;
                continue;
            };
            let Some(solution) = fill::random_grid(
                &geometry,
                &[],
                &mut *self.engine,
                &mut rng,
                &mut tally.fills,
                deadline,
                cancel.as_ref(),
            ) else {
                tally.failed_fills += 1;
                continue;
            };
            // The same shuffle as of the orbits themselves, without copying them.
            let mut order: Vec<&[usize]> = self.orbits.iter().map(Vec::as_slice).collect();
            order.shuffle(&mut rng);
            // A count drawn from the range; an open range (`25..`) removes as
            // far as it can without going below its low end.
            let (stop, floor) = match (self.spec.clues, self.spec.minimal) {
                (Some((low, high)), false) if high <= cells => (rng.gen_range(low..=high), low),
                (Some((low, _)), false) => (low, low),
                _ => (0, 0),
            };
            self.engine.set_budget(check_budget.clone());
            let mut digger = dig::Digger::new(
                &geometry,
                &solution,
                &mut *self.engine,
                check_budget.clone(),
                deadline,
            );
            let (givens, proven) = digger.run(&order, stop, floor);
            let minimal = !self.spec.minimal || proven || digger.is_minimal(&givens);
            tally.checks += digger.checks;
            tally.unknown += digger.unknown;
            if digger.expired {
                return Err(GaveUp {
                    tally,
                    timed_out: true,
                });
            }
            if !minimal {
                tally.not_minimal += 1;
                continue;
            }
            let clues = givens.filled();
            if self
                .spec
                .clues
                .is_some_and(|(low, high)| clues < low || clues > high)
                || clues > cells
            {
                tally.off_clues += 1;
                continue;
            }
            let Ok(mut puzzle) = Puzzle::new(Arc::clone(&geometry), givens) else {
                continue;
            };
            if geometry.multi_layout().is_some() && self.a_grid_stands_alone(&puzzle) {
                tally.standalone += 1;
                continue;
            }
            let (mut rating, mut er) = (None, None);
            if let Some((low, high)) = self.spec.rating {
                let Ok(board) = logic::Board::new(&puzzle) else {
                    continue;
                };
                let mut ctx = logic::Ctx::new(false)
                    .with_deadline(deadline)
                    .with_cancel(cancel.clone());
                // A board on the variant ladder (a multi-grid board) is
                // rated by its whole path: the bounds of `rate_within` are
                // the classic ladder's.
                let fit = if board.is_variant() {
                    // Too hard: givens put back where the path stalls.
                    let (fit, easier) = self.descend(&puzzle, &solution, low, high, &mut ctx);
                    if easier.givens() != puzzle.givens() {
                        let clues = easier.givens().filled();
                        let (lo, hi) = self.spec.clues.unwrap_or((0, usize::MAX));
                        if clues < lo || clues > hi {
                            tally.off_clues += 1;
                            continue;
                        }
                        if self.a_grid_stands_alone(&easier) {
                            tally.standalone += 1;
                            continue;
                        }
                        puzzle = easier;
                    }
                    fit
                } else {
                    logic::rate_within(board, low, high, &mut ctx)
                };
                match fit {
                    Fit::Within { er: e, rating: r } => {
                        er = Some(e);
                        rating = r;
                    }
                    Fit::AtLeast => {}
                    Fit::TimedOut => {
                        return Err(GaveUp {
                            tally,
                            timed_out: true,
                        })
                    }
                    _ => {
                        tally.off_rating += 1;
                        continue;
                    }
                }
            }
            return Ok(Generated {
                puzzle,
                solution,
                rating,
                er,
                tally,
            });
        }
        Err(GaveUp {
            tally,
            timed_out: false,
        })
    }

    /// How `puzzle` (with one solution, `solution`) rates against
    /// `low..=high` on the variant ladder, and when it is harder, the
    /// easier puzzle made by giving back, up to [`DESCENT_STEPS`] times, the
    /// symmetry orbit of the open cell with the fewest candidates where
    /// the path first needs a step above `high`. Givens only added: the
    /// solution stays the one.
    fn descend(
        &self,
        puzzle: &Puzzle,
        solution: &Grid,
        low: Difficulty,
        high: Option<Difficulty>,
        ctx: &mut logic::Ctx,
    ) -> (Fit, Puzzle) {
        let mut p = puzzle.clone();
        for _ in 0..DESCENT_STEPS {
            let Ok(board) = logic::Board::new(&p) else {
                return (Fit::Above, p);
            };
            let fit = fit_of_path(board.clone(), low, high, ctx);
            let (Fit::Above, Some(high)) = (&fit, high) else {
                return (fit, p);
            };
            let mut b = board;
            while let Some(step) = logic::next_step(&b, ctx) {
                if step.difficulty > high {
                    break;
                }
                b.apply(&step);
            }
            if ctx.timed_out() {
                return (Fit::TimedOut, p);
            }
            let open = (0..b.cell_count())
                .filter(|&c| b.value(c) == 0)
                .min_by_key(|&c| (b.candidates(c).count_ones(), c));
            let Some(cell) = open else {
                return (fit, p);
            };
            let orbit = self.orbits.iter().find(|o| o.contains(&cell));
            for &c in orbit.map_or(&[cell][..], Vec::as_slice) {
                let c = crate::Cell(c as u32);
                p.givens_mut().set(c, solution.get(c));
            }
        }
        (Fit::Above, p)
    }

    /// Whether one grid of a multi-grid puzzle, its givens alone on a
    /// square grid, has one solution (or the check ran out: not proven to
    /// need the others).
    fn a_grid_stands_alone(&mut self, puzzle: &Puzzle) -> bool {
        let geometry = puzzle.geometry();
        let Some(layout) = geometry.multi_layout() else {
            return false;
        };
        let n = layout.side();
        layout.grids().iter().any(|g| {
            let Ok(square) = Geometry::boxed(g.boxes.0, g.boxes.1) else {
                return true;
            };
            let cells = (0..n * n)
                .map(|i| {
                    let cell = geometry.cell_at(g.top + i / n, g.left + i % n);
                    cell.and_then(|c| puzzle.givens().get(c))
                })
                .collect();
            let Ok(grid) = Grid::from_cells(n, cells) else {
                return true;
            };
            let Ok(alone) = Puzzle::new(Arc::new(square), grid) else {
                return true;
            };
            self.engine.solve(&alone, 2).map_or(true, |s| s.count < 2)
        })
    }

    /// The geometry of the next try: the fixed one, or new random regions.
    fn geometry(&self, rng: &mut ChaCha8Rng) -> Option<Arc<Geometry>> {
        geometry_of(&self.spec.shape, self.spec.symmetry, rng)
    }
}

/// The most givens (symmetry orbits) a board's descent puts back.
const DESCENT_STEPS: usize = 40;

/// Where the whole logical path of `board` rates against `low..=high`.
fn fit_of_path(
    board: logic::Board,
    low: Difficulty,
    high: Option<Difficulty>,
    ctx: &mut logic::Ctx,
) -> Fit {
    let path = logic::solve_path(board, ctx, false);
    let er = path.rating.er;
    match path.end {
        logic::End::TimedOut => Fit::TimedOut,
        logic::End::Stuck => Fit::Above,
        logic::End::Solved if er < low => Fit::Below(Some(path.rating)),
        logic::End::Solved if high.is_some_and(|h| er > h) => Fit::Above,
        logic::End::Solved => Fit::Within {
            er,
            rating: Some(path.rating),
        },
    }
}

/// The geometry of a try on `shape`: the fixed one, or new random regions
/// (symmetric under `symmetry`).
pub(crate) fn geometry_of<R: Rng + ?Sized>(
    shape: &Shape,
    symmetry: Symmetry,
    rng: &mut R,
) -> Option<Arc<Geometry>> {
    match shape {
        Shape::Fixed(g) => Some(Arc::clone(g)),
        Shape::Jigsaw { size, extras } => {
            let regions = regions::random_regions(*size, symmetry, rng)?;
            let mut g = Geometry::jigsaw(*size, &regions).ok()?;
            for e in extras {
                g = g.with_extra(e.clone()).ok()?;
            }
            Some(Arc::new(g))
        }
    }
}
