//! Clue removal: orbits of clues leave the full grid one at a time, and each
//! removal stays only if an engine proves the puzzle still has one solution.

use std::sync::Arc;
use web_time::Instant;

use crate::logic::CellSets;
use crate::{Budget, Cell, DigitSet, Engine, Geometry, Grid, Puzzle};

/// What a removal check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// The puzzle still has one solution.
    Unique,
    /// Another solution appeared.
    NotUnique,
    /// The engine ran out of budget first: the clues stay, unproven.
    Unknown,
}

/// The two-digit unavoidable sets of a solution: for digits a and b, the
/// cells holding them, linked within each house; swapping a and b on a
/// connected part of them gives another solution, so a puzzle keeps a clue in
/// each part. They decide many removals without an engine run.
pub(crate) struct Unavoidable {
    /// The sets of cell c: `sets[c * (n - 1)..][..n - 1]` (one per other digit).
    sets: Vec<u32>,
    /// Sets per cell (n - 1).
    per: usize,
    /// Clues left in each set.
    clues: Vec<u32>,
}

impl Unavoidable {
    pub(crate) fn of(geometry: &Geometry, solution: &Grid) -> Unavoidable {
        if geometry.multi_layout().is_some() {
            // Rows overlap on a multi-grid board (a shared cell is in two),
            // so a set is no union of rows: no sets, every removal checked.
            return Unavoidable {
                sets: Vec::new(),
                per: 0,
                clues: Vec::new(),
            };
        }
        let n = geometry.size();
        let cells = geometry.cell_count();
        let houses = geometry.houses();
        let per = n.saturating_sub(1);
        // Rows are houses in every geometry (the first n), so each row has
        // one a and one b, and a set is a union of rows: other houses join
        // the rows of their a and b. `cell_of[r * n + d]`: the cell of row r
        // holding d; `row_of[d * others + k]`: the row holding d in the k-th
        // house after the rows (one digit's rows side by side, read per pair).
        let others = houses.len().saturating_sub(n);
        let mut cell_of = vec![0u32; n * n];
        let mut row_of = vec![0u8; n * others];
        for (c, d) in solution.cells().iter().enumerate() {
            if let Some(d) = d {
                cell_of[(c / n) * n + d.index()] = c as u32;
            }
        }
        for (k, house) in houses.iter().skip(n).enumerate() {
            for c in house.cells() {
                if let Some(d) = solution.get(*c) {
                    row_of[d.index() * others + k] = (c.index() / n) as u8;
                }
            }
        }
        let mut sets = vec![0u32; cells * per];
        let mut clues = Vec::new();
        // Per row, the rows its a and b are joined to by another house (a
        // bit set: sides up to 64); the parts are the connected row sets,
        // numbered in the order of their first row.
        let mut link = [0u64; 64];
        let mut id = [u32::MAX; 64];
        for a in 0..n {
            let rows_a = &row_of[a * others..][..others];
            for b in a + 1..n {
                let rows_b = &row_of[b * others..][..others];
                link[..n].fill(0);
                for (&ra, &rb) in rows_a.iter().zip(rows_b) {
                    link[usize::from(ra)] |= 1 << rb;
                    link[usize::from(rb)] |= 1 << ra;
                }
                id[..n].fill(u32::MAX);
                for r in 0..n {
                    if id[r] == u32::MAX {
                        // The part of row r: grow it along the links.
                        let k = clues.len() as u32;
                        let (mut part, mut todo) = (1u64 << r, 1u64 << r);
                        while todo != 0 {
                            let x = todo.trailing_zeros() as usize;
                            todo &= todo - 1;
                            let new = link[x] & !part;
                            part |= new;
                            todo |= new;
                        }
                        // Two clues per row of the part.
                        clues.push(2 * part.count_ones());
                        let mut m = part;
                        while m != 0 {
                            id[m.trailing_zeros() as usize] = k;
                            m &= m - 1;
                        }
                    }
                    let k = id[r];
                    let (ca, cb) = (cell_of[r * n + a] as usize, cell_of[r * n + b] as usize);
                    // Slot of the other digit among the n - 1 digits other than the cell's own.
                    sets[ca * per + b - 1] = k;
                    sets[cb * per + a] = k;
                }
            }
        }
        Unavoidable { sets, per, clues }
    }

    /// Takes `cells` out; false (and nothing changed) when that empties a set.
    fn remove(&mut self, cells: &[usize]) -> bool {
        let mut ok = true;
        for &c in cells {
            for &s in &self.sets[c * self.per..][..self.per] {
                self.clues[s as usize] -= 1;
                ok &= self.clues[s as usize] > 0;
            }
        }
        if !ok {
            self.put_back(cells);
        }
        ok
    }

    fn put_back(&mut self, cells: &[usize]) {
        for &c in cells {
            for &s in &self.sets[c * self.per..][..self.per] {
                self.clues[s as usize] += 1;
            }
        }
    }
}

/// Removes clues from `solution` with `engine`, counting its runs.
pub(crate) struct Digger<'a> {
    geometry: &'a Arc<Geometry>,
    solution: &'a Grid,
    engine: &'a mut dyn Engine,
    /// Engine runs.
    pub(crate) checks: u64,
    /// Runs that ran out of budget.
    pub(crate) unknown: u64,
    /// The solution's two-digit unavoidable sets.
    unavoidable: Unavoidable,
    /// Each check's budget; with a deadline, also the time left.
    budget: Budget,
    /// When checks stop searching (answering `Unknown`).
    deadline: Option<Instant>,
    /// A check found the deadline passed: the try is worth nothing.
    pub(crate) expired: bool,
    /// The engine's budget has a time limit (else it is `budget`).
    timed: bool,
    /// The givens so far, as the puzzle the engine checks (every digit
    /// allowed), and the same givens with every cell's candidates (one
    /// cell's solution digit ruled out during a one-cell check): kept and
    /// changed in place rather than built for every run. `None` when the
    /// solution does not fit the geometry (every check is then `Unknown`).
    puzzles: Option<(Puzzle, Puzzle)>,
    /// What decides a removed cell that the other givens force (see
    /// [`Digger::forced`]), on grids up to 9x9: the houses and peers as cell
    /// sets, and per digit the cells holding it as a given and the cells
    /// that see one.
    sets: Option<Arc<CellSets>>,
    holding: [u128; 9],
    blocked: [u128; 9],
}

/// How far from the deadline a check may run without a time limit.
const FAR: std::time::Duration = std::time::Duration::from_secs(1);

impl<'a> Digger<'a> {
    /// A digger of `solution`'s clues, checking removals with `engine`
    /// within `budget` (and `deadline`).
    pub(crate) fn new(
        geometry: &'a Arc<Geometry>,
        solution: &'a Grid,
        engine: &'a mut dyn Engine,
        budget: Budget,
        deadline: Option<Instant>,
    ) -> Digger<'a> {
        let plain = Puzzle::new(Arc::clone(geometry), solution.clone()).ok();
        let puzzles = plain.and_then(|p| {
            let all = vec![DigitSet::full(geometry.size()); geometry.cell_count()];
            let restricted = p.clone().with_candidates(all).ok()?;
            Some((p, restricted))
        });
        Digger {
            geometry,
            solution,
            engine,
            checks: 0,
            unknown: 0,
            unavoidable: Unavoidable::of(geometry, solution),
            budget,
            deadline,
            expired: false,
            timed: false,
            puzzles,
            sets: (geometry.size() <= 9)
                .then(|| CellSets::shared(geometry))
                .flatten(),
            holding: [0; 9],
            blocked: [0; 9],
        }
        .with_givens(solution)
    }

    /// `holding` and `blocked` for `givens` (the solution's digits on some cells).
    fn with_givens(mut self, givens: &Grid) -> Self {
        self.holding = [0; 9];
        if self.sets.is_some() {
            for (c, d) in givens.cells().iter().enumerate() {
                if let Some(d) = d {
                    self.holding[d.index()] |= 1 << c;
                }
            }
            for d in 0..9 {
                self.block(d);
            }
        }
        self
    }

    /// `blocked[d]` from `holding[d]`.
    fn block(&mut self, d: usize) {
        if let Some(sets) = &self.sets {
            let mut m = self.holding[d];
            let mut b = 0u128;
            while m != 0 {
                b |= sets.peers[m.trailing_zeros() as usize];
                m &= m - 1;
            }
            self.blocked[d] = b;
        }
    }

    /// Whether the givens force removed cell `cell` to its solution digit
    /// on their own: no other digit is left to it by its houses' givens (a
    /// naked single), or none of a house's other empty cells can take it
    /// (a hidden single). Then every solution has that digit there, so the
    /// removal keeps one solution; the engine would say so after one
    /// propagation (its first rules are those singles), and on grids up to
    /// 9x9, whose budget no check runs out of, never answers otherwise.
    fn forced(&self, cell: usize) -> bool {
        let Some(sets) = &self.sets else {
            return false;
        };
        let Some(d) = self.solution.get(Cell(cell as u32)) else {
            return false;
        };
        let (d, n) = (d.index(), self.geometry.size());
        if (0..n).all(|e| e == d || self.blocked[e] >> cell & 1 != 0) {
            return true;
        }
        // The cells that may take d: empty, seeing no given d.
        let open = !self.holding.iter().fold(0u128, |m, h| m | h) & !self.blocked[d];
        let others = open & !(1u128 << cell);
        self.geometry
            .houses_of(Cell(cell as u32))
            .iter()
            .any(|&h| sets.houses[h as usize] & others == 0)
    }

    /// Empties `cells` of both puzzles (`put` false), or gives them their
    /// solution digits back.
    fn set(&mut self, cells: &[usize], put: bool) {
        let solution = self.solution;
        if let Some((plain, restricted)) = &mut self.puzzles {
            for &c in cells {
                let cell = Cell(c as u32);
                let value = solution.get(cell).filter(|_| put);
                plain.givens_mut().set(cell, value);
                restricted.givens_mut().set(cell, value);
            }
        }
        if self.sets.is_some() {
            for &c in cells {
                if let Some(d) = solution.get(Cell(c as u32)) {
                    let d = d.index();
                    if put {
                        self.holding[d] |= 1 << c;
                        self.blocked[d] |= self.sets.as_ref().map_or(0, |s| s.peers[c]);
                    } else {
                        self.holding[d] &= !(1 << c);
                        self.block(d);
                    }
                }
            }
        }
    }

    /// Whether the givens (the solution minus `removed` and earlier
    /// removals, a puzzle known to have only `solution`'s before `removed`
    /// left) still have one solution. Any other solution differs in a
    /// removed cell: for one cell that is a single search with its solution
    /// digit ruled out, stopping at the first solution found; for several, a
    /// count to two.
    fn check(&mut self, removed: &[usize]) -> Check {
        if self
            .budget
            .cancel
            .as_ref()
            .is_some_and(|c| c.is_cancelled())
        {
            self.expired = true;
            return Check::Unknown;
        }
        if let Some(deadline) = self.deadline {
            let now = Instant::now();
            if now >= deadline {
                self.expired = true;
                return Check::Unknown;
            }
            // A check up to 9x9 takes milliseconds at most: far from the
            // deadline it runs on its node budget alone, and the engine
            // reads no clock (three reads a check otherwise).
            let left = deadline - now;
            if self.geometry.size() <= 9 && left > FAR {
                if self.timed {
                    self.engine.set_budget(self.budget.clone());
                    self.timed = false;
                }
            } else {
                self.engine
                    .set_budget(self.budget.clone().with_time_limit(left));
                self.timed = true;
            }
        }
        if let [cell] = removed {
            if self.forced(*cell) {
                return Check::Unique;
            }
        }
        self.checks += 1;
        let Some((plain, restricted)) = &mut self.puzzles else {
            return Check::Unknown;
        };
        let found = match removed {
            [cell] => {
                let digit = self.solution.get(Cell(*cell as u32));
                let Some(sets) = restricted.candidates_mut() else {
                    return Check::Unknown;
                };
                if let Some(d) = digit {
                    sets[*cell].remove(d);
                }
                let found = self.engine.solve(restricted, 1);
                if let Some(sets) = restricted.candidates_mut() {
                    sets[*cell] = DigitSet::full(self.geometry.size());
                }
                found.map(|f| (f, 1))
            }
            _ => self.engine.solve(plain, 2).map(|f| (f, 2)),
        };
        match found {
            Ok((found, others)) if found.count >= others => Check::NotUnique,
            Ok((found, _)) if found.complete => Check::Unique,
            _ => {
                self.unknown += 1;
                Check::Unknown
            }
        }
    }

    /// Removes the orbits in `order` while the puzzle keeps one solution and
    /// more than `stop` clues, never going below `floor` clues. Returns the
    /// givens and whether every clue left was proven needed when it was tried
    /// (a clue that was needed stays needed as others leave, so the pass alone
    /// proves minimality when each orbit is one cell and nothing stopped it).
    pub(crate) fn run(&mut self, order: &[&[usize]], stop: usize, floor: usize) -> (Grid, bool) {
        let mut givens = self.solution.clone();
        let mut clues = givens.filled();
        let mut proven = true;
        let mut i = 0;
        if stop == 0 && floor == 0 {
            i = self.gallop(order, &mut givens, &mut clues);
        }
        for orbit in &order[i..] {
            if clues <= stop {
                proven = false;
                break;
            }
            if clues < floor + orbit.len() {
                proven = false;
                continue;
            }
            if !self.unavoidable.remove(orbit) {
                proven &= orbit.len() == 1;
                continue;
            }
            self.take_out(&mut givens, orbit);
            match self.check(orbit) {
                Check::Unique => clues -= orbit.len(),
                verdict => {
                    if verdict == Check::Unknown || orbit.len() > 1 {
                        proven = false;
                    }
                    self.restore(&mut givens, orbit);
                }
            }
        }
        (givens, proven)
    }

    /// Removes the first orbits of `order` in growing blocks, one check per
    /// block, until a block fails at its smallest: the dense start of a pass
    /// almost never loses uniqueness, and a block keeps one solution exactly
    /// when each of its removals in turn would (every state in between has
    /// more clues). Returns how many orbits it decided (all removed).
    fn gallop(&mut self, order: &[&[usize]], givens: &mut Grid, clues: &mut usize) -> usize {
        let (mut i, mut size) = (0, 16usize);
        // One buffer for every block's cells (a collect per block grows a
        // vector four or five times).
        let mut cells: Vec<usize> = Vec::with_capacity(self.geometry.cell_count());
        while i < order.len() && size > 1 {
            let block = &order[i..(i + size).min(order.len())];
            cells.clear();
            cells.extend(block.iter().flat_map(|o| o.iter().copied()));
            if !self.unavoidable.remove(&cells) {
                size /= 2;
                continue;
            }
            self.take_out(givens, &cells);
            if self.check(&cells) == Check::Unique {
                *clues -= cells.len();
                i += block.len();
                size *= 2;
            } else {
                self.restore(givens, &cells);
                size /= 2;
            }
        }
        i
    }

    /// Empties `cells` of `givens` and of the puzzles checked.
    fn take_out(&mut self, givens: &mut Grid, cells: &[usize]) {
        for &c in cells {
            givens.set(Cell(c as u32), None);
        }
        self.set(cells, false);
    }

    fn restore(&mut self, givens: &mut Grid, cells: &[usize]) {
        self.unavoidable.put_back(cells);
        for &c in cells {
            givens.set(Cell(c as u32), self.solution.get(Cell(c as u32)));
        }
        self.set(cells, true);
    }

    /// Whether no single clue of `givens` can go without another solution
    /// appearing, each clue checked on its own.
    pub(crate) fn is_minimal(&mut self, givens: &Grid) -> bool {
        // `givens` are the solution's digits on its cells.
        let (given, open): (Vec<usize>, Vec<usize>) =
            (0..givens.cells().len()).partition(|&c| givens.get(Cell(c as u32)).is_some());
        self.set(&given, true);
        self.set(&open, false);
        for &cell in &given {
            self.set(&[cell], false);
            let verdict = self.check(&[cell]);
            self.set(&[cell], true);
            if verdict != Check::NotUnique {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `place[h * n + d]`: the cell of house `h` that holds digit `d`.
    fn places(geometry: &Geometry, solution: &Grid) -> Vec<u32> {
        let n = geometry.size();
        let houses = geometry.houses();
        let mut place = vec![0u32; houses.len() * n];
        for (h, house) in houses.iter().enumerate() {
            for c in house.cells() {
                if let Some(d) = solution.get(*c) {
                    place[h * n + d.index()] = c.0;
                }
            }
        }
        place
    }

    /// The union-find the parts were first found with, as the reference.
    fn reference(geometry: &Geometry, solution: &Grid) -> (Vec<u32>, Vec<u32>) {
        let n = geometry.size();
        let cells = geometry.cell_count();
        let houses = geometry.houses();
        let per = n.saturating_sub(1);
        let place = places(geometry, solution);
        let rows = &place[..n * n];
        let mut sets = vec![0u32; cells * per];
        let mut clues = Vec::new();
        let mut parent = [0u8; crate::MAX_SIZE];
        let mut id = [u32::MAX; crate::MAX_SIZE];
        fn root(parent: &mut [u8], mut x: u8) -> u8 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        for a in 0..n {
            for b in a + 1..n {
                for (r, p) in parent.iter_mut().enumerate().take(n) {
                    *p = r as u8;
                }
                for h in n..houses.len() {
                    let ra = (place[h * n + a] as usize / n) as u8;
                    let rb = (place[h * n + b] as usize / n) as u8;
                    let (x, y) = (root(&mut parent, ra), root(&mut parent, rb));
                    parent[x as usize] = y;
                }
                for r in 0..n {
                    let k = root(&mut parent, r as u8) as usize;
                    if id[k] == u32::MAX {
                        id[k] = clues.len() as u32;
                        clues.push(0);
                    }
                    let (ca, cb) = (rows[r * n + a] as usize, rows[r * n + b] as usize);
                    // Slot of the other digit among the n - 1 digits other than the cell's own.
                    sets[ca * per + b - 1] = id[k];
                    sets[cb * per + a] = id[k];
                    clues[id[k] as usize] += 2;
                }
                id[..n].fill(u32::MAX);
            }
        }
        (sets, clues)
    }

    #[test]
    fn the_parts_are_the_union_find_ones() {
        let shapes = [
            Geometry::shared_square(9).unwrap(),
            Geometry::shared_square(6).unwrap(),
            Geometry::shared_square(16).unwrap(),
            Arc::new(
                Geometry::classic()
                    .with_extra(crate::Extra::Diagonals)
                    .unwrap(),
            ),
        ];
        for g in shapes {
            for seed in 1..=3 {
                let spec = super::super::Spec::new(super::super::Shape::Fixed(Arc::clone(&g)));
                let made = super::super::Generator::new(spec)
                    .unwrap()
                    .generate(seed)
                    .unwrap();
                let u = Unavoidable::of(&g, &made.solution);
                let (sets, clues) = reference(&g, &made.solution);
                assert_eq!(u.sets, sets);
                assert_eq!(u.clues, clues);
            }
        }
    }
}
