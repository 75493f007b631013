//! Aiming at the asked band: a tiled killer climbs by merging cages while
//! the card stays at or below the range; a puzzle of givens that comes out
//! harder than the range descends by givens put where its path gets stuck.

use rand_chacha::ChaCha8Rng;

use super::oracle::{Answer, Oracle};
use super::{cages, Miss, Try, VariantGenerator, VariantTally};
use crate::card::{self, Band, Card, CardOptions};
use crate::logic::{self, Difficulty};

/// Givens a descent may add before the try is dropped, per cell of the grid
/// (a quarter of them).
const DESCENT_SHARE: usize = 4;

impl VariantGenerator {
    /// Steps at or above this are harder than the asked range allows.
    pub(super) fn ceiling(&self) -> Option<Difficulty> {
        let band = self.spec.bands.and_then(|(_, hi)| match hi {
            Band::VeryEasy => Some(24),
            Band::Easy => Some(35),
            Band::Medium => Some(45),
            Band::Hard => Some(65),
            Band::VeryHard => Some(90),
            Band::Extreme => None,
        });
        let difficulty = self
            .spec
            .difficulty
            .map(|(_, hi)| ((hi * 10.0).floor() as u16).saturating_add(1));
        match (band, difficulty) {
            (Some(a), Some(b)) => Some(Difficulty(a.min(b))),
            (a, b) => a.or(b).map(Difficulty),
        }
    }

    /// The card of the puzzle as it stands, without the checks; `None` when
    /// it is above the asked range (or cannot be rated). A path that needs
    /// a step above the range stops there: the ladder leaves out the rungs
    /// above it, which are where the time goes.
    pub(super) fn rate(&self, oracle: &Oracle, t: &Try, tally: &mut VariantTally) -> Option<Card> {
        let puzzle = oracle.puzzle(&t.givens, &t.rules)?;
        tally.cards += 1;
        if let Some(ceiling) = self.ceiling() {
            let board = logic::Board::new(&puzzle).ok()?;
            let mut ctx = logic::Ctx::new(false).with_deadline(self.spec.deadline);
            ctx.ceiling = Some(ceiling);
            if logic::solve_path(board, &mut ctx, false).end != logic::End::Solved {
                return None;
            }
        }
        card::card(
            &puzzle,
            &CardOptions {
                checks: false,
                max_nodes: self.spec.check_nodes,
                deadline: self.spec.deadline,
            },
        )
        .ok()
    }

    /// Where a card stands against the asked range: below, within, above.
    pub(super) fn place_of(&self, card: &Card) -> std::cmp::Ordering {
        use std::cmp::Ordering::{Equal, Greater, Less};
        if !card.solved {
            return Greater;
        }
        if let Some((lo, hi)) = self.spec.bands {
            if card.band < lo {
                return Less;
            }
            if card.band > hi {
                return Greater;
            }
        }
        if let (Some((lo, hi)), Some(d)) = (self.spec.difficulty, card.difficulty) {
            if d < lo {
                return Less;
            }
            if d > hi {
                return Greater;
            }
        }
        Equal
    }

    /// Merges touching cages while the solution stays the only one, the
    /// card at or below the asked range, and the count above the asked
    /// one, until the card reaches the range (and the count its range).
    pub(super) fn climb(
        &self,
        oracle: &mut Oracle,
        t: &mut Try,
        rng: &mut ChaCha8Rng,
        tally: &mut VariantTally,
    ) -> Result<(), Miss> {
        use std::cmp::Ordering::{Equal, Greater, Less};
        let Some(k) = self.spec.killer else {
            return Ok(());
        };
        let targeted = self.spec.bands.is_some() || self.spec.difficulty.is_some();
        let too_many = |count: usize| k.count.is_some_and(|(_, hi)| count > hi);
        let mut card = self.rate(oracle, t, tally).ok_or(Miss::Band)?;
        let mut place = self.place_of(&card);
        if place == Greater {
            return Err(Miss::Band);
        }
        loop {
            let tiles = t.tiles();
            if !(place == Less || too_many(tiles.len())) {
                break;
            }
            if oracle.expired() {
                return Err(Miss::TimedOut);
            }
            let mut moved = false;
            for (i, j) in cages::merges(&tiles, &t.values, t.n, k.sizes.1, rng) {
                let mut next = tiles.clone();
                let b = next[j].clone();
                next[i].extend(b);
                next.swap_remove(j);
                let saved = t.rules.clone();
                let saved_roles = t.roles.clone();
                t.set_tiles(&next);
                if !matches!(oracle.unique(&t.givens, &t.rules), Answer::Unique) {
                    t.rules = saved;
                    t.roles = saved_roles;
                    continue;
                }
                let c = if targeted {
                    self.rate(oracle, t, tally)
                } else {
                    Some(card.clone())
                };
                let Some(c) = c.filter(|c| self.place_of(c) != Greater) else {
                    t.rules = saved;
                    t.roles = saved_roles;
                    continue;
                };
                tally.merges += 1;
                place = self.place_of(&c);
                card = c;
                moved = true;
                break;
            }
            if !moved {
                break;
            }
        }
        let tiles = t.tiles();
        let count = tiles.len();
        if tiles.iter().any(|c| c.len() < k.sizes.0) {
            return Err(Miss::NotUnique);
        }
        if place != Equal {
            return Err(Miss::Band);
        }
        if k.count.is_some_and(|(lo, hi)| count < lo || count > hi) {
            return Err(Miss::Band);
        }
        Ok(())
    }

    /// Adds givens to a puzzle harder than the asked range until its path
    /// stays within it: each one at an open cell of the board where the
    /// path, denied the steps above the range, gets stuck (the cell with the
    /// fewest candidates there). `Ok(true)` when givens were added.
    pub(super) fn descend(
        &self,
        oracle: &Oracle,
        t: &mut Try,
        tally: &mut VariantTally,
    ) -> Result<bool, Miss> {
        let Some(ceiling) = self.ceiling() else {
            return Ok(false);
        };
        let mut added = false;
        for _ in 0..=t.n * t.n / DESCENT_SHARE {
            let puzzle = oracle.puzzle(&t.givens, &t.rules).ok_or(Miss::Draw)?;
            let board = logic::Board::new(&puzzle).map_err(|_| Miss::Draw)?;
            let mut ctx = logic::Ctx::new(false).with_deadline(self.spec.deadline);
            ctx.ceiling = Some(ceiling);
            tally.cards += 1;
            let path = logic::solve_path(board, &mut ctx, false);
            match path.end {
                logic::End::Solved => return Ok(added),
                logic::End::TimedOut => return Err(Miss::TimedOut),
                logic::End::Stuck => {}
            }
            let stuck = &path.board;
            let cell = (0..t.n * t.n)
                .filter(|&c| stuck.value(c) == 0 && t.givens[c] == 0)
                .min_by_key(|&c| (stuck.candidates(c).count_ones(), c))
                .ok_or(Miss::Band)?;
            t.givens[cell] = t.values[cell];
            added = true;
        }
        Err(Miss::Band)
    }
}
