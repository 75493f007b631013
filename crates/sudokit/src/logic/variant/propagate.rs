//! Propagation on masks for the generic steps: what placing one candidate
//! implies, directly (its peers, the rules on its cell: cell forcing) or to
//! a fixpoint of singles and constraint deductions (simple contradiction),
//! and when it fails, what failed.

use crate::variant::Mask;

use super::super::board::Board;
use super::rules::Rules;

/// What a propagation ran into: the contradiction a step names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// A cell has no candidate left.
    Empty(usize),
    /// A digit has no place left in a house (house, digit).
    NoPlace(usize, u8),
    /// No assignment of a unit's cells satisfies its constraint.
    Broken(usize),
}

/// Propagation scratch for one board.
pub(crate) struct Propagator<'a> {
    board: &'a Board,
    rules: &'a Rules,
    /// Cells whose single value has already left its peers.
    done: Vec<bool>,
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    before: Vec<Mask>,
    acc: Vec<Mask>,
    /// Whether the fixpoint also runs forcing over the weak links.
    pub deep: bool,
    /// The rounds (singles, the rules, hidden singles) the last
    /// [`Propagator::fixpoint`] ran: a contradiction in few is easier.
    pub rounds: u32,
    /// The fixpoint gives up (finding nothing) after this many rounds: a
    /// rating that does not want the longer contradictions stops early.
    pub max_rounds: u32,
}

impl<'a> Propagator<'a> {
    /// Scratch for `board`.
    pub(crate) fn new(board: &'a Board, rules: &'a Rules) -> Propagator<'a> {
        Propagator {
            board,
            rules,
            done: vec![false; board.cell_count()],
            dirty: vec![false; rules.units.len()],
            dirty_list: Vec::new(),
            before: Vec::new(),
            acc: vec![0; board.cell_count()],
            deep: false,
            rounds: 0,
            max_rounds: u32::MAX,
        }
    }

    fn touch(&mut self, cell: usize) {
        for &u in &self.rules.watch[cell] {
            if !self.dirty[u as usize] {
                self.dirty[u as usize] = true;
                self.dirty_list.push(u);
            }
        }
    }

    fn clear(&mut self) {
        for u in self.dirty_list.drain(..) {
            self.dirty[u as usize] = false;
        }
    }

    /// `masks` after `cell` takes `digit` and its direct consequences: the
    /// digit leaves the cell's peers, and each rule on the cell prunes once.
    pub(crate) fn direct(
        &mut self,
        masks: &mut [Mask],
        cell: usize,
        digit: u8,
    ) -> Result<(), Failure> {
        let bit = 1 << (digit - 1);
        masks[cell] = bit;
        for p in self.board.peers(cell) {
            let p = p.index();
            masks[p] &= !bit;
            if masks[p] == 0 {
                return Err(Failure::Empty(p));
            }
        }
        for &u in &self.rules.watch[cell] {
            if self.rules.prune(u as usize, masks).is_err() {
                return Err(Failure::Broken(u as usize));
            }
        }
        Ok(())
    }

    /// Places `digit` in `cell` and propagates to a fixpoint: naked
    /// singles leave their peers, hidden singles fill houses, rules whose
    /// cells changed prune again. `masks` must be the board's (filled cells
    /// single bits).
    pub(crate) fn fixpoint(
        &mut self,
        masks: &mut [Mask],
        cell: usize,
        digit: u8,
    ) -> Result<(), Failure> {
        let r = self.run(masks, cell, digit);
        self.clear();
        r
    }

    fn run(&mut self, masks: &mut [Mask], cell: usize, digit: u8) -> Result<(), Failure> {
        let board = self.board;
        for (c, d) in self.done.iter_mut().enumerate() {
            *d = board.value(c) != 0;
        }
        masks[cell] = 1 << (digit - 1);
        self.touch(cell);
        let cells = board.cell_count();
        self.rounds = 0;
        loop {
            self.rounds += 1;
            if self.rounds > self.max_rounds {
                return Ok(());
            }
            let mut progress = false;
            // Naked singles.
            for c in 0..cells {
                let m = masks[c];
                if m == 0 {
                    return Err(Failure::Empty(c));
                }
                if self.done[c] || !m.is_power_of_two() {
                    continue;
                }
                self.done[c] = true;
                progress = true;
                for p in cells_of(self.rules.distinct(c)) {
                    if masks[p] & m != 0 {
                        masks[p] &= !m;
                        if masks[p] == 0 {
                            return Err(Failure::Empty(p));
                        }
                        self.touch(p);
                    }
                }
            }
            // Rules whose cells changed.
            while let Some(u) = self.dirty_list.pop() {
                let u = u as usize;
                self.dirty[u] = false;
                self.before.clear();
                self.before
                    .extend(self.rules.units[u].cells.iter().map(|&c| masks[c]));
                if self.rules.prune(u, masks).is_err() {
                    return Err(Failure::Broken(u));
                }
                for i in 0..self.rules.units[u].cells.len() {
                    let c = self.rules.units[u].cells[i];
                    if masks[c] != self.before[i] {
                        progress = true;
                        self.touch(c);
                    }
                }
            }
            // Hidden singles.
            for h in 0..board.house_count() {
                let (mut once, mut more) = (0 as Mask, 0 as Mask);
                for c in board.house(h) {
                    let m = masks[c.index()];
                    more |= once & m;
                    once |= m;
                }
                let full = crate::variant::full_mask(board.size());
                if once != full {
                    let d = (full & !once).trailing_zeros() as u8 + 1;
                    return Err(Failure::NoPlace(h, d));
                }
                let mut single = once & !more;
                while single != 0 {
                    let b = single & single.wrapping_neg();
                    single &= single - 1;
                    if let Some(c) = board.house(h).iter().find(|c| masks[c.index()] & b != 0) {
                        let c = c.index();
                        if masks[c] != b {
                            masks[c] = b;
                            progress = true;
                            self.touch(c);
                        }
                    }
                }
            }
            if !progress
                && !self.locked(masks)
                && !(self.deep && (self.forcing(masks) || self.tuples(masks)))
            {
                return Ok(());
            }
        }
    }

    /// Locked candidates through every "cannot be equal" link: when every
    /// place of a digit in a house sees a cell (a house, a cage, an
    /// anti-knight move …), that cell loses the digit. Box-line pointing
    /// and claiming are the plainest cases. Whether a candidate went.
    fn locked(&mut self, masks: &mut [Mask]) -> bool {
        let board = self.board;
        let mut changed = false;
        for h in 0..board.house_count() {
            for d in 0..board.size() {
                let bit: Mask = 1 << d;
                let words = self.rules.words;
                let mut common = [!0u64; super::rules::MAX_WORDS];
                let common = &mut common[..words];
                let mut places = 0;
                for c in board.house(h) {
                    let c = c.index();
                    if masks[c] & bit != 0 {
                        places += 1;
                        for (w, x) in common.iter_mut().zip(self.rules.distinct(c)) {
                            *w &= x;
                        }
                    }
                }
                if places < 2 {
                    continue;
                }
                for x in cells_of(common) {
                    if x < masks.len() && masks[x] & bit != 0 {
                        masks[x] &= !bit;
                        changed = true;
                        self.touch(x);
                    }
                }
            }
        }
        changed
    }
}

impl Propagator<'_> {
    /// Forcing over the weak links: a candidate every candidate of a cell
    /// excludes, or every place of a digit in a house, goes. Whether a
    /// candidate went.
    fn forcing(&mut self, masks: &mut [Mask]) -> bool {
        let board = self.board;
        let (n, cells) = (board.size(), board.cell_count());
        let excl = &self.rules.excl;
        let mut changed = false;
        let mut acc = std::mem::take(&mut self.acc);
        for c in 0..cells {
            let m = masks[c];
            if m.count_ones() < 2 {
                continue;
            }
            acc.fill(!0);
            for d in super::super::text::digits_of(u64::from(m)) {
                let row = &excl[(c * n + usize::from(d) - 1) * cells..][..cells];
                for (a, x) in acc.iter_mut().zip(row) {
                    *a &= x;
                }
            }
            changed |= self.remove(masks, &acc, c);
        }
        for h in 0..board.house_count() {
            for d in 0..n {
                let bit: Mask = 1 << d;
                let places: Vec<usize> = board
                    .house(h)
                    .iter()
                    .map(|c| c.index())
                    .filter(|&c| masks[c] & bit != 0)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                acc.fill(!0);
                for &p in &places {
                    let row = &excl[(p * n + d) * cells..][..cells];
                    for (a, x) in acc.iter_mut().zip(row) {
                        *a &= x;
                    }
                }
                changed |= self.remove(masks, &acc, usize::MAX);
            }
        }
        self.acc = acc;
        changed
    }

    /// Naked pairs and triples of the houses over the weak links: `k`
    /// cells of a house holding only `k` digits place each of those digits
    /// in one of them, so a candidate every place of such a digit excludes
    /// goes. Whether a candidate went.
    fn tuples(&mut self, masks: &mut [Mask]) -> bool {
        let board = self.board;
        let (n, cells) = (board.size(), board.cell_count());
        let mut acc = std::mem::take(&mut self.acc);
        let mut changed = false;
        for h in 0..board.house_count() {
            let small: Vec<usize> = board
                .house(h)
                .iter()
                .map(|c| c.index())
                .filter(|&c| (2..=3).contains(&masks[c].count_ones()))
                .collect();
            for (i, &a) in small.iter().enumerate() {
                for (j, &b) in small.iter().enumerate().skip(i + 1) {
                    let ab = masks[a] | masks[b];
                    let mut sets: Vec<(Vec<usize>, Mask)> = Vec::new();
                    if ab.count_ones() == 2 {
                        sets.push((vec![a, b], ab));
                    }
                    for &c in &small[j + 1..] {
                        let abc = ab | masks[c];
                        if abc.count_ones() == 3 {
                            sets.push((vec![a, b, c], abc));
                        }
                    }
                    for (tuple, union) in sets {
                        for d in super::super::text::digits_of(u64::from(union)) {
                            let bit: Mask = 1 << (d - 1);
                            acc.fill(!0);
                            for &t in tuple.iter().filter(|&&t| masks[t] & bit != 0) {
                                let row = &self.rules.excl[(t * n + usize::from(d) - 1) * cells..]
                                    [..cells];
                                for (x, y) in acc.iter_mut().zip(row) {
                                    *x &= y;
                                }
                            }
                            for &t in &tuple {
                                acc[t] = 0;
                            }
                            changed |= self.remove(masks, &acc, usize::MAX);
                        }
                    }
                }
            }
        }
        self.acc = acc;
        changed
    }

    /// Removes `acc[x]` from every cell but `skip`; whether any went.
    fn remove(&mut self, masks: &mut [Mask], acc: &[Mask], skip: usize) -> bool {
        let mut changed = false;
        for (x, &a) in acc.iter().enumerate() {
            if x != skip && masks[x] & a != 0 {
                masks[x] &= !a;
                changed = true;
                self.touch(x);
            }
        }
        changed
    }
}

/// The cells of a set, ascending.
fn cells_of(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                i * 64 + b
            })
        })
    })
}

/// The board as the rules read it: a filled cell is its value's bit, an
/// empty one its candidates.
pub(crate) fn masks(board: &Board) -> Vec<Mask> {
    (0..board.cell_count())
        .map(|c| match board.value(c) {
            0 => board.candidates(c) as Mask,
            v => 1 << (v - 1),
        })
        .collect()
}
