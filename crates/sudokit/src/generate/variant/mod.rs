//! Variant puzzles: killer, thermometers, arrows, kropki, XV, sandwiches,
//! little killers and lines, alone or mixed, each with one solution, solved
//! by the variant ladder without a guess at the asked band, and with no rule
//! it does not need.
//!
//! A try draws a solution grid (keeping the global rules), draws the rules
//! on it (so they hold of it), then asks the engine only one question: is
//! that solution still the only one? Givens go while it is ([`Oracle::dig`]),
//! rules that may go ("as few kropki dots as it needs", sandwich clues) go
//! next, and a rule asked for by count that the puzzle turns out not to need
//! is replaced by a fresh one. A killer tiled by cages has no givens: its
//! cages are split where the engine shows a second solution, then merged
//! one pair at a time while the solution stays unique and the card's band
//! stays at or below the asked one — bigger cages are what makes a killer
//! hard, so the band climbs on purpose rather than by luck
//! (docs/generate.md).
//!
//! Every bound counts engine nodes, never time, so a seed gives the same
//! puzzle on every machine (unless a deadline is set).

mod cages;
mod climb;
mod oracle;
mod place;
mod spec;
#[cfg(test)]
mod tests;

use std::sync::Arc;
use web_time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{fill, geometry_of};
use crate::card::{self, Card, CardOptions, CheckKind};
use crate::variant::{Constraint, Rule};
use crate::{Auto, Grid, Puzzle};

use oracle::{Answer, Oracle};
pub use spec::{Amount, Global, Killer, LineKind, VariantSpec, VariantSpecError};

crate::counters! {
    /// What making one variant puzzle took.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct VariantTally {
        /// Tries: a solution grid and its rules each.
        pub tries,
        /// Engine runs that asked about uniqueness.
        pub checks,
        /// Checks that ran out of nodes (their clue stayed).
        pub unknown,
        /// Tries whose grid or rules could not be drawn.
        pub failed_draws,
        /// Tries that could not be made unique within the givens allowed.
        pub not_unique,
        /// Tries dropped for a rule they did not need.
        pub unused,
        /// Tries dropped for the card's band or difficulty (or a stuck path).
        pub off_band,
        /// Cards computed.
        pub cards,
        /// Cage merges kept.
        pub merges,
    }
}

/// A generated variant puzzle.
#[derive(Clone, Debug)]
pub struct MadeVariant {
    /// The puzzle: geometry, givens and rules.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Grid,
    /// Its difficulty card, with the setter's checks.
    pub card: Card,
    /// What it took.
    pub tally: VariantTally,
}

/// No try met the spec.
#[derive(Clone, Debug, Default, PartialEq, Eq, thiserror::Error)]
#[error(
    "gave up after {} tries{}: {} off the band, {} with a rule they did not need, {} not made \
     unique, {} whose rules could not be drawn",
    tally.tries, if *timed_out { " (time limit)" } else { "" }, tally.off_band, tally.unused,
    tally.not_unique, tally.failed_draws
)]
pub struct VariantGaveUp {
    /// What the tries took.
    pub tally: VariantTally,
    /// The deadline passed or the cancel was raised.
    pub timed_out: bool,
}

/// What a rule of a try is there for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Asked for by count: must be needed (replaced when not).
    Counted(Redraw),
    /// May go when the puzzle stays unique without it.
    Optional,
    /// Part of a full set of marks (or its negative rule): stays, needed
    /// or not (the set is the rule).
    Full,
    /// A global rule: must be needed.
    Global,
    /// A cage of a tiling: the tiling is the rule (the card's checks skip
    /// its cages).
    Tile,
}

/// How to draw a counted rule again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Redraw {
    Line(LineKind),
    LittleKiller,
    Cage,
}

/// Makes variant puzzles to a [`VariantSpec`].
#[derive(Debug)]
pub struct VariantGenerator {
    spec: VariantSpec,
    orbits: Vec<Vec<usize>>,
}

/// One try's state: the solution, givens (0 empty) and rules with roles.
pub(super) struct Try {
    n: usize,
    values: Vec<u8>,
    givens: Vec<u8>,
    rules: Vec<Constraint>,
    roles: Vec<Role>,
    used: Vec<bool>,
    /// Givens were added to bring the path down to the band (they may be
    /// redundant, as an easy newspaper puzzle's are).
    descended: bool,
}

impl Try {
    fn tiles(&self) -> Vec<Vec<usize>> {
        self.rules
            .iter()
            .zip(&self.roles)
            .filter(|(_, r)| **r == Role::Tile)
            .map(|(c, _)| c.cells(self.n).iter().map(|c| c.index()).collect())
            .collect()
    }

    fn set_tiles(&mut self, tiles: &[Vec<usize>]) {
        let keep: Vec<(Constraint, Role)> = self
            .rules
            .drain(..)
            .zip(self.roles.drain(..))
            .filter(|(_, r)| *r != Role::Tile)
            .collect();
        for (c, r) in keep {
            self.rules.push(c);
            self.roles.push(r);
        }
        for c in cages::rules(&tiles.to_vec(), &self.values) {
            self.rules.push(c);
            self.roles.push(Role::Tile);
        }
    }

    /// Puts the rules in the order the f-puzzles reader builds them (by
    /// key, as `format::fpuzzles` lists its keys), each kind keeping its
    /// own order: the puzzle read back from its link is then the same list,
    /// and its logical path (which meets rules in that order) the same.
    fn in_reading_order(&mut self) {
        let mut both: Vec<(Constraint, Role)> =
            self.rules.drain(..).zip(self.roles.drain(..)).collect();
        both.sort_by_key(|(c, _)| reading_rank(c));
        (self.rules, self.roles) = both.into_iter().unzip();
    }

    fn without(&self, i: usize) -> Vec<Constraint> {
        let mut v = self.rules.clone();
        v.remove(i);
        v
    }
}

/// The rule that a pair of cells breaks `c`, a mark between them.
fn negation(c: &Constraint) -> Option<Constraint> {
    use crate::variant::{Pair, PairRule};
    let Constraint::Pair(p) = c else {
        return None;
    };
    let rule = match p.rule {
        PairRule::Difference(k) => PairRule::NotDifference(k),
        PairRule::Ratio(k) => PairRule::NotRatio(k),
        PairRule::Sum(k) => PairRule::NotSum(k),
        _ => return None,
    };
    Some(Constraint::Pair(Pair {
        cells: p.cells,
        rule,
        kind: p.kind,
    }))
}

/// Where a rule the generator makes comes in the f-puzzles reader's order.
fn reading_rank(c: &Constraint) -> (u8, u8) {
    use crate::variant::{Adjacency, PairRule};
    match c {
        Constraint::Cage(_) => (0, 0),
        Constraint::Arrow(_) => (1, 0),
        Constraint::LittleKiller(_) => (2, 0),
        Constraint::Sandwich(_) => (3, 0),
        Constraint::Pair(p) => match p.kind {
            "difference" => (4, 0),
            "ratio" => (4, 1),
            _ => (4, 2),
        },
        Constraint::Neighbours(nb) => match (nb.adjacency, nb.rule) {
            (_, PairRule::NotDifference(_)) => (5, 0),
            (_, PairRule::NotRatio(_)) => (5, 1),
            (_, PairRule::NotSum(_)) => (5, 2),
            (Adjacency::King, _) => (5, 3),
            _ => (5, 4),
        },
        Constraint::Thermometer(_) => (6, 0),
        Constraint::Whispers(_) => (6, 1),
        Constraint::Renban(_) => (6, 2),
        Constraint::Palindrome(_) => (6, 3),
        Constraint::Between(_) => (6, 4),
        _ => (7, 0),
    }
}

impl VariantGenerator {
    /// A generator for `spec`.
    ///
    /// # Errors
    /// [`VariantSpecError`] when the spec cannot be met.
    pub fn new(spec: VariantSpec) -> Result<VariantGenerator, VariantSpecError> {
        let n = spec.shape.size();
        if !spec.has_rules() {
            return Err(VariantSpecError::Empty);
        }
        let killer_only = spec.killer.is_some()
            && spec.lines.iter().all(|l| l.1 == 0)
            && spec.little_killers == 0
            && spec.kropki.is_none()
            && spec.xv.is_none()
            && !spec.sandwich;
        let most = if killer_only { 16 } else { 9 };
        if !(4..=most).contains(&n) {
            return Err(VariantSpecError::Size { size: n });
        }
        if spec.kropki.is_some() && spec.globals.contains(&Global::NonConsecutive) {
            return Err(VariantSpecError::Conflict(
                "kropki white dots and the nonconsecutive rule contradict each other".into(),
            ));
        }
        if let Some(k) = spec.killer {
            if k.sizes.0 == 0 || k.sizes.0 > k.sizes.1 || k.sizes.1 > n {
                return Err(VariantSpecError::Range(format!(
                    "cage sizes {}..{} do not fit a {n}x{n} grid",
                    k.sizes.0, k.sizes.1
                )));
            }
            if let Some((lo, hi)) = k.count {
                if lo > hi || lo == 0 {
                    return Err(VariantSpecError::Range(format!(
                        "cage count {lo}..{hi} is not a range"
                    )));
                }
            }
        }
        if let Some((lo, hi)) = spec.bands {
            if lo > hi {
                return Err(VariantSpecError::Range(format!(
                    "band {lo}..{hi} is not a range"
                )));
            }
        }
        if let Some((lo, hi)) = spec.difficulty {
            if lo > hi || !lo.is_finite() || !hi.is_finite() {
                return Err(VariantSpecError::Range(format!(
                    "difficulty {lo}..{hi} is not a range"
                )));
            }
        }
        let orbits = spec.symmetry.orbits(n);
        Ok(VariantGenerator { spec, orbits })
    }

    /// The spec.
    pub fn spec(&self) -> &VariantSpec {
        &self.spec
    }

    /// Makes the puzzle of `seed` (the same seed, the same puzzle).
    ///
    /// # Errors
    /// [`VariantGaveUp`] when no try met the spec.
    pub fn generate(&mut self, seed: u64) -> Result<MadeVariant, VariantGaveUp> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut tally = VariantTally::default();
        let gave_up = |tally: VariantTally, timed_out| VariantGaveUp { tally, timed_out };
        while tally.tries < self.spec.max_tries.max(1) {
            if self.expired() {
                return Err(gave_up(tally, true));
            }
            tally.tries += 1;
            match self.attempt(&mut rng, &mut tally) {
                Ok(made) => return Ok(MadeVariant { tally, ..made }),
                Err(Miss::TimedOut) => return Err(gave_up(tally, true)),
                Err(Miss::Draw) => tally.failed_draws += 1,
                Err(Miss::NotUnique) => tally.not_unique += 1,
                Err(Miss::Unused) => tally.unused += 1,
                Err(Miss::Band) => tally.off_band += 1,
            }
        }
        Err(gave_up(tally, false))
    }

    fn expired(&self) -> bool {
        self.spec.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .spec
                .cancel
                .as_ref()
                .is_some_and(crate::Cancel::is_cancelled)
    }

    /// One try: a grid, its rules, uniqueness, the band, the checks.
    fn attempt(&self, rng: &mut ChaCha8Rng, tally: &mut VariantTally) -> Result<MadeVariant, Miss> {
        let spec = &self.spec;
        let geometry = geometry_of(&spec.shape, spec.symmetry, rng).ok_or(Miss::Draw)?;
        let n = geometry.size();
        let globals: Vec<Constraint> = spec.globals.iter().map(|g| g.rule()).collect();
        let mut fills = 0;
        let solution = fill::random_grid(
            &geometry,
            &globals,
            &mut Auto::new(),
            rng,
            &mut fills,
            spec.deadline,
            spec.cancel.as_ref(),
        )
        .ok_or(Miss::Draw)?;
        let values = solution.to_values();
        let mut oracle = Oracle::new(
            Arc::clone(&geometry),
            values.clone(),
            spec.check_nodes,
            spec.deadline,
            spec.cancel.clone(),
        );
        let result = self.shape_try(&mut oracle, n, values, globals, rng, tally);
        tally.checks += oracle.checks;
        tally.unknown += oracle.unknown;
        if oracle.expired() {
            return Err(Miss::TimedOut);
        }
        let mut t = result?;
        t.in_reading_order();
        let puzzle = oracle.puzzle(&t.givens, &t.rules).ok_or(Miss::Draw)?;
        let card = self.final_card(&puzzle, &t, tally)?;
        Ok(MadeVariant {
            puzzle,
            solution,
            card,
            tally: VariantTally::default(),
        })
    }

    /// Draws the rules, makes the puzzle unique and minimal, climbs to the
    /// band.
    fn shape_try(
        &self,
        oracle: &mut Oracle,
        n: usize,
        values: Vec<u8>,
        globals: Vec<Constraint>,
        rng: &mut ChaCha8Rng,
        tally: &mut VariantTally,
    ) -> Result<Try, Miss> {
        let spec = &self.spec;
        let mut t = Try {
            n,
            givens: values.clone(),
            values,
            rules: Vec::new(),
            roles: Vec::new(),
            used: vec![false; n * n],
            descended: false,
        };
        for g in globals {
            t.rules.push(g);
            t.roles.push(Role::Global);
        }
        self.draw(&mut t, rng)?;
        let tiled = spec.killer.is_some_and(|k| k.tiled);
        if tiled {
            t.givens = vec![0; n * n];
            self.tile_unique(oracle, &mut t, rng)?;
        } else {
            let mut order: Vec<&[usize]> = self.orbits.iter().map(Vec::as_slice).collect();
            order.shuffle(rng);
            oracle.dig(&mut t.givens, &order, &t.rules);
            self.drop_optional(oracle, &mut t, rng);
            if !spec.allow_unused {
                self.ensure_needed(oracle, &mut t, rng, &order)?;
            }
            t.descended = self.descend(oracle, &mut t, tally)?;
        }
        if let Some(most) = spec.givens {
            if t.givens.iter().filter(|&&g| g != 0).count() > most {
                return Err(Miss::NotUnique);
            }
        }
        if tiled {
            self.climb(oracle, &mut t, rng, tally)?;
        }
        Ok(t)
    }

    /// Places every rule the spec asks for on the solution.
    fn draw(&self, t: &mut Try, rng: &mut ChaCha8Rng) -> Result<(), Miss> {
        let spec = &self.spec;
        let n = t.n;
        for &(kind, count) in &spec.lines {
            for _ in 0..count {
                let c = place::line(kind, &t.values, n, &mut t.used, rng).ok_or(Miss::Draw)?;
                t.rules.push(c);
                t.roles.push(Role::Counted(Redraw::Line(kind)));
            }
        }
        if spec.little_killers > 0 {
            let lk = place::little_killers(&t.values, n, spec.little_killers, rng);
            if lk.len() < spec.little_killers {
                return Err(Miss::Draw);
            }
            for c in lk {
                t.rules.push(c);
                t.roles.push(Role::Counted(Redraw::LittleKiller));
            }
        }
        let marks = |t: &mut Try, amount: Amount, (dots, negative): (Vec<_>, Vec<_>)| {
            let role = match amount {
                Amount::Full => Role::Full,
                Amount::Min => Role::Optional,
            };
            for c in dots {
                t.rules.push(c);
                t.roles.push(role);
            }
            if amount == Amount::Full {
                for c in negative {
                    t.rules.push(c);
                    t.roles.push(Role::Full);
                }
            }
        };
        if let Some(a) = spec.kropki {
            let k = place::kropki(&t.values, n, rng);
            marks(t, a, k);
        }
        if let Some(a) = spec.xv {
            let k = place::xv(&t.values, n);
            marks(t, a, k);
        }
        if spec.sandwich {
            for c in place::sandwiches(&t.values, n) {
                t.rules.push(c);
                t.roles.push(Role::Optional);
            }
        }
        if let Some(k) = spec.killer {
            if k.tiled {
                // Small cages first: they make a unique start, merges
                // then grow them.
                // Above 9x9 the engine proves a tiling of pairs unique
                // only slowly: start from cells and pairs and let the merges
                // grow them (a merge whose proof runs out is not kept).
                let lo = if n > 9 {
                    k.sizes.0
                } else {
                    k.sizes.0.max(2).min(k.sizes.1)
                };
                let hi = if n > 9 { 2 } else { 3 };
                let start = (lo, k.sizes.1.min(hi).max(lo));
                let tiles = cages::tiling(&t.values, n, start, rng);
                t.set_tiles(&tiles);
            } else {
                let count = k.count.map_or(n / 2 + 1, |c| c.0);
                let placed =
                    cages::scattered(&t.values, n, count, (k.sizes.0.max(2), k.sizes.1), rng);
                if placed.len() < count {
                    return Err(Miss::Draw);
                }
                for c in cages::rules(&placed, &t.values) {
                    t.rules.push(c);
                    t.roles.push(Role::Counted(Redraw::Cage));
                }
            }
        }
        Ok(())
    }

    /// Splits cages (or adds givens, where allowed) until the solution is
    /// the only one.
    fn tile_unique(
        &self,
        oracle: &mut Oracle,
        t: &mut Try,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), Miss> {
        let allowed = self.spec.givens.unwrap_or(0);
        for _ in 0..4 * t.n * t.n {
            if oracle.expired() {
                return Err(Miss::TimedOut);
            }
            let other = match oracle.unique(&t.givens, &t.rules) {
                Answer::Unique => return Ok(()),
                Answer::Unknown => return Err(Miss::NotUnique),
                Answer::Other(o) => o,
            };
            let differ: Vec<usize> = (0..t.n * t.n)
                .filter(|&c| other[c] != t.values[c])
                .collect();
            let &cell = differ.choose(rng).ok_or(Miss::NotUnique)?;
            let givens = t.givens.iter().filter(|&&g| g != 0).count();
            let mut tiles = t.tiles();
            if givens < allowed && rng.gen_bool(0.5) {
                t.givens[cell] = t.values[cell];
            } else if cages::split(&mut tiles, cell, t.n) {
                t.set_tiles(&tiles);
            } else if givens < allowed {
                t.givens[cell] = t.values[cell];
            } else {
                return Err(Miss::NotUnique);
            }
        }
        Err(Miss::NotUnique)
    }

    /// Drops optional rules (marks of a minimal set, sandwich clues) the
    /// puzzle stays unique without.
    fn drop_optional(&self, oracle: &mut Oracle, t: &mut Try, rng: &mut ChaCha8Rng) {
        let mut order: Vec<usize> = (0..t.rules.len())
            .filter(|&i| t.roles[i] == Role::Optional)
            .collect();
        order.shuffle(rng);
        let mut gone = vec![false; t.rules.len()];
        for i in order {
            let trial: Vec<Constraint> = t
                .rules
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i && !gone[j])
                .map(|(_, c)| c.clone())
                .collect();
            // A mark can go when no solution breaks it: any other solution
            // without it must (else it would solve the puzzle with it), so
            // one search under the mark's negation decides, and proving that
            // it finds nothing is far quicker than counting to two.
            let gone_now = match negation(&t.rules[i]) {
                Some(not) => {
                    let mut with_not = trial;
                    with_not.push(not);
                    oracle.impossible(&t.givens, &with_not)
                }
                None => matches!(oracle.unique(&t.givens, &trial), Answer::Unique),
            };
            gone[i] = gone_now;
        }
        let kept: Vec<(Constraint, Role)> = t
            .rules
            .drain(..)
            .zip(t.roles.drain(..))
            .zip(gone)
            .filter(|(_, g)| !g)
            .map(|(both, _)| both)
            .collect();
        (t.rules, t.roles) = kept.into_iter().unzip();
    }

    /// Every counted rule and global rule is needed: one the puzzle stays
    /// unique without is drawn again elsewhere (and the givens dug again),
    /// a few times, before the try is dropped.
    fn ensure_needed(
        &self,
        oracle: &mut Oracle,
        t: &mut Try,
        rng: &mut ChaCha8Rng,
        order: &[&[usize]],
    ) -> Result<(), Miss> {
        for _round in 0..4 {
            let unused: Vec<usize> = (0..t.rules.len())
                .filter(|&i| matches!(t.roles[i], Role::Counted(_) | Role::Global))
                .filter(|&i| matches!(oracle.unique(&t.givens, &t.without(i)), Answer::Unique))
                .collect();
            if unused.is_empty() {
                return Ok(());
            }
            for &i in &unused {
                let Role::Counted(redraw) = t.roles[i] else {
                    return Err(Miss::Unused);
                };
                for c in t.rules[i].cells(t.n) {
                    t.used[c.index()] = false;
                }
                let fresh = match redraw {
                    Redraw::Line(kind) => place::line(kind, &t.values, t.n, &mut t.used, rng),
                    Redraw::LittleKiller => {
                        let all = place::little_killers(&t.values, t.n, 4 * t.n, rng);
                        all.into_iter().find(|c| !t.rules.contains(c))
                    }
                    Redraw::Cage => None,
                };
                let Some(fresh) = fresh else {
                    return Err(Miss::Unused);
                };
                t.rules[i] = fresh;
            }
            // The new rules may let more givens go.
            oracle.dig(&mut t.givens, order, &t.rules);
        }
        Err(Miss::Unused)
    }

    /// The card with the setter's checks; drops the try when it is off the
    /// band, or (unless allowed) a rule or given is not needed.
    fn final_card(&self, puzzle: &Puzzle, t: &Try, tally: &mut VariantTally) -> Result<Card, Miss> {
        tally.cards += 1;
        let card = card::card(
            puzzle,
            &CardOptions {
                checks: true,
                max_nodes: self.spec.check_nodes,
                deadline: self.spec.deadline,
            },
        )
        .map_err(|e| match e {
            card::CardError::TimedOut { .. } => Miss::TimedOut,
            _ => Miss::Draw,
        })?;
        if self.place_of(&card) != std::cmp::Ordering::Equal {
            return Err(Miss::Band);
        }
        if !self.spec.allow_unused {
            let unneeded = card.checks.iter().any(|c| match c.kind {
                CheckKind::UnusedRule => c
                    .constraint
                    .is_none_or(|i| t.roles.get(i) != Some(&Role::Full)),
                CheckKind::RedundantGiven => !t.descended,
                _ => false,
            });
            if unneeded || !card.checks_complete {
                return Err(Miss::Unused);
            }
        }
        Ok(card)
    }
}

/// Why a try was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Miss {
    /// The grid or the rules could not be drawn.
    Draw,
    /// No way to one solution within the givens allowed.
    NotUnique,
    /// A rule (or given) the puzzle does not need.
    Unused,
    /// Off the asked band or difficulty.
    Band,
    /// The deadline passed.
    TimedOut,
}
