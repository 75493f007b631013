//! The candidate (pencil-mark) grid the techniques read and the ladder changes.

use std::sync::Arc;

use crate::{Geometry, HouseKind, Puzzle};

use super::step::{Candidate, Step};

/// Why a puzzle cannot be put on a [`Board`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Two givens of one house hold the same digit.
    #[error("r{}c{} repeats {digit} in its {house}", .row + 1, .column + 1)]
    Repeat {
        /// The second cell holding the digit (its index).
        cell: usize,
        /// Its board row (0-based).
        row: usize,
        /// Its board column (0-based).
        column: usize,
        /// Its value.
        digit: u8,
        /// The house, named ("row 3", "box 5").
        house: String,
        /// The side of the grid.
        n: usize,
    },
}

/// Values and candidates of every cell of one puzzle.
///
/// Cells are row-major indices `0..n²`; digits are values `1..=n`; a candidate
/// mask has bit `d - 1` for digit `d`. A filled cell has no candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    geometry: Arc<Geometry>,
    n: usize,
    values: Vec<u8>,
    cands: Vec<u64>,
    /// Houses in Sudoku Explainer's order: regions (boxes), rows, columns,
    /// then the extra houses. Techniques that stop at their first find scan
    /// in this order so that they find what Sudoku Explainer finds.
    se_order: Arc<[usize]>,
    /// How the words of a step write each digit (`None`: its number).
    symbols: Option<Arc<[char]>>,
    /// The puzzle's variant constraints, compiled for the variant ladder
    /// (`None`: a classic puzzle).
    rules: Option<Arc<super::variant::rules::Rules>>,
    /// Houses and peers as cell sets, on boards of at most 128 cells.
    sets: Option<Arc<CellSets>>,
}

/// Each house's cells and each cell's peers as cell sets (bit = cell), for
/// boards of at most 128 cells: made once per board (its clones share them),
/// so that the techniques need not build them on every call.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct CellSets {
    /// The cells of each house.
    pub(crate) houses: Vec<u128>,
    /// The peers of each cell (itself excluded).
    pub(crate) peers: Vec<u128>,
}

impl CellSets {
    /// The sets of `geometry`, from a one-geometry cache per thread (a
    /// generator or a batch rates many boards of one geometry; the cache
    /// holds the geometry, so a match by address is that geometry).
    pub(crate) fn shared(geometry: &Arc<Geometry>) -> Option<Arc<CellSets>> {
        type Cached = Option<(Arc<Geometry>, Option<Arc<CellSets>>)>;
        thread_local! {
            static LAST: std::cell::RefCell<Cached> = const { std::cell::RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some((g, sets)) if Arc::ptr_eq(g, geometry) => sets.clone(),
                _ => {
                    let sets = CellSets::of(geometry).map(Arc::new);
                    *last = Some((Arc::clone(geometry), sets.clone()));
                    sets
                }
            }
        })
    }

    fn of(geometry: &Geometry) -> Option<CellSets> {
        let cells = geometry.cell_count();
        if cells > 128 {
            return None;
        }
        let houses: Vec<u128> = geometry
            .houses()
            .iter()
            .map(|h| h.cells().iter().fold(0u128, |m, c| m | 1 << c.index()))
            .collect();
        let peers = (0..cells)
            .map(|c| {
                let all = geometry
                    .houses_of(crate::Cell(c as u32))
                    .iter()
                    .fold(0u128, |m, &h| m | houses[h as usize]);
                all & !(1u128 << c)
            })
            .collect();
        Some(CellSets { houses, peers })
    }
}

impl Board {
    /// The board of a puzzle: its givens, and for each empty cell every digit
    /// no peer holds (intersected with the puzzle's pencil marks, if any).
    pub fn new(puzzle: &Puzzle) -> Result<Board, BoardError> {
        let geometry = Arc::clone(puzzle.geometry());
        let n = geometry.size();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let cells = geometry.cell_count();
        let values: Vec<u8> = puzzle
            .givens()
            .cells()
            .iter()
            .map(|c| crate::Digit::value_of(*c))
            .collect();
        let mut se = Vec::with_capacity(geometry.houses().len());
        let kind_rank = |k: HouseKind| match k {
            HouseKind::Region => 0,
            HouseKind::Row => 1,
            HouseKind::Column => 2,
            _ => 3,
        };
        for rank in 0..4 {
            for (h, house) in geometry.houses().iter().enumerate() {
                if kind_rank(house.kind()) == rank {
                    se.push(h);
                }
            }
        }
        let mut board = Board {
            n,
            values: vec![0; cells],
            cands: vec![full; cells],
            se_order: se.into(),
            rules: super::variant::rules::Rules::of(puzzle),
            sets: CellSets::shared(&geometry),
            geometry,
            symbols: None,
        };
        if let Some(marks) = puzzle.candidates() {
            for (c, m) in marks.iter().enumerate() {
                board.cands[c] &= m.0;
            }
        }
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                let bit = 1u64 << (v - 1);
                for &h in board.geometry.houses_of(crate::Cell(cell as u32)) {
                    let house = &board.geometry.houses()[h as usize];
                    if house.cells().iter().any(|p| board.values[p.index()] == v) {
                        let (row, column) = board.geometry.position(crate::Cell(cell as u32));
                        return Err(BoardError::Repeat {
                            cell,
                            row,
                            column,
                            digit: v,
                            house: board.house_name(h as usize),
                            n,
                        });
                    }
                }
                board.values[cell] = v;
                board.cands[cell] = 0;
                for p in board.geometry.peers(crate::Cell(cell as u32)) {
                    board.cands[p.index()] &= !bit;
                }
            }
        }
        Ok(board)
    }

    /// The board that names digit `d` as `symbols[d - 1]` in the words of
    /// its steps (the puzzle's own alphabet: `A`-`P` for a POJ 3076 grid);
    /// a digit past the end of `symbols` keeps its number. Without this,
    /// digits are named by number.
    pub fn with_symbols(mut self, symbols: &[char]) -> Board {
        self.symbols = Some(symbols.into());
        self
    }

    /// Digit `d` as the words of a step write it: its symbol, or its number.
    pub fn digit_name(&self, d: u8) -> String {
        match self
            .symbols
            .as_deref()
            .and_then(|s| s.get(usize::from(d).wrapping_sub(1)))
        {
            Some(c) => c.to_string(),
            None => d.to_string(),
        }
    }

    /// The compiled variant constraints of the puzzle, `None` for a classic
    /// puzzle (whose steps come from Sudoku Explainer's ladder).
    pub(crate) fn rules(&self) -> Option<&super::variant::rules::Rules> {
        self.rules.as_deref()
    }

    /// Whether the puzzle has variant constraints: its steps then come from
    /// the variant ladder (see `docs/variant-logic.md`).
    pub fn is_variant(&self) -> bool {
        self.rules.is_some()
    }

    /// Houses and peers as cell sets (`None` above 128 cells).
    pub(crate) fn cell_sets(&self) -> Option<&CellSets> {
        self.sets.as_deref()
    }

    /// The geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The side `n`.
    pub fn size(&self) -> usize {
        self.n
    }

    /// `n²`.
    pub fn cell_count(&self) -> usize {
        self.values.len()
    }

    /// The value of a cell, `0` if empty.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// All values, row-major, `0` for empty cells.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidate mask of a cell (`0` for a filled cell).
    #[inline]
    pub fn candidates(&self, cell: usize) -> u64 {
        self.cands[cell]
    }

    /// The cells where each digit (index digit - 1) is a candidate, as cell
    /// sets (boards of at most 128 cells).
    pub(crate) fn digit_cells(&self) -> Vec<u128> {
        let mut digit = vec![0u128; self.size()];
        for (c, &m) in self.all_candidates().iter().enumerate() {
            let mut m = m;
            while m != 0 {
                digit[m.trailing_zeros() as usize] |= 1 << c;
                m &= m - 1;
            }
        }
        digit
    }

    /// All candidate masks, row-major.
    pub fn all_candidates(&self) -> &[u64] {
        &self.cands
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] >> (digit - 1) & 1 != 0
    }

    /// The cells of house `h` (an index into `geometry().houses()`).
    #[inline]
    pub fn house(&self, h: usize) -> &[crate::Cell] {
        self.geometry.houses()[h].cells()
    }

    /// The number of houses.
    pub fn house_count(&self) -> usize {
        self.geometry.houses().len()
    }

    /// The houses of a cell.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u32] {
        self.geometry.houses_of(crate::Cell(cell as u32))
    }

    /// The peers of a cell (cells sharing a house with it, itself excluded).
    #[inline]
    pub fn peers(&self, cell: usize) -> &[crate::Cell] {
        self.geometry.peers(crate::Cell(cell as u32))
    }

    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b
            && self
                .houses_of(a)
                .iter()
                .any(|h| self.houses_of(b).contains(h))
    }

    /// Every house in Sudoku Explainer's scan order: regions, rows, columns, extras.
    pub fn houses_se_order(&self) -> &[usize] {
        &self.se_order
    }

    /// The kind of house `h`.
    pub fn house_kind(&self, h: usize) -> HouseKind {
        self.geometry.houses()[h].kind()
    }

    /// The cells of house `h` where `digit` is still a candidate, as positions
    /// `0..n` within the house (bit `i` = `house(h)[i]`).
    pub fn positions(&self, h: usize, digit: u8) -> u64 {
        let bit = 1u64 << (digit - 1);
        let mut out = 0;
        for (i, c) in self.house(h).iter().enumerate() {
            if self.cands[c.index()] & bit != 0 {
                out |= 1 << i;
            }
        }
        out
    }

    /// Whether house `h` already holds `digit`.
    pub fn house_has_value(&self, h: usize, digit: u8) -> bool {
        self.house(h)
            .iter()
            .any(|c| self.values[c.index()] == digit)
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Places `digit` in `cell` and removes it from the candidates of the
    /// cell's peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        let bit = !(1u64 << (digit - 1));
        let geometry = Arc::clone(&self.geometry);
        for p in geometry.peers(crate::Cell(cell as u32)) {
            self.cands[p.index()] &= bit;
        }
    }

    /// Places every naked and hidden single, again and again until none is
    /// left (the closure of the two singles rules, in no particular order).
    /// False if a cell or a house runs out of room for a digit on the way
    /// (a puzzle without solution).
    pub(crate) fn fill_singles(&mut self) -> bool {
        let geometry = Arc::clone(&self.geometry);
        loop {
            let mut placed = false;
            for c in 0..self.cands.len() {
                if self.values[c] != 0 {
                    continue;
                }
                let m = self.cands[c];
                if m == 0 {
                    return false;
                }
                if m.is_power_of_two() {
                    self.place(c, m.trailing_zeros() as u8 + 1);
                    placed = true;
                }
            }
            for house in geometry.houses() {
                // Digits seen once and more than once among the candidates.
                let (mut once, mut more, mut set) = (0u64, 0u64, 0u64);
                for c in house.cells() {
                    let (m, v) = (self.cands[c.index()], self.values[c.index()]);
                    more |= once & m;
                    once |= m;
                    if v != 0 {
                        set |= 1 << (v - 1);
                    }
                }
                let mut single = once & !more & !set;
                while single != 0 {
                    let d = single.trailing_zeros();
                    single &= single - 1;
                    if let Some(c) = house
                        .cells()
                        .iter()
                        .find(|c| self.cands[c.index()] >> d & 1 != 0)
                    {
                        self.place(c.index(), d as u8 + 1);
                        placed = true;
                    }
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// Removes a candidate; whether it was there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let bit = 1u64 << (digit - 1);
        let had = self.cands[cell] & bit != 0;
        self.cands[cell] &= !bit;
        had
    }

    /// Applies a step: its placements, then its eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &Candidate { cell, digit } in &step.placements {
            if self.values[cell] == 0 {
                self.place(cell, digit);
            }
        }
        for &Candidate { cell, digit } in &step.eliminations {
            self.eliminate(cell, digit);
        }
    }

    /// Why `step` cannot be applied to this board on the way to `solution`
    /// (row-major values): it changes nothing, places a wrong digit or on a
    /// filled cell, or removes the true digit or a candidate already gone.
    /// `None` when it is sound. What every technique test checks each step
    /// against.
    pub fn step_error(&self, step: &Step, solution: &[u8]) -> Option<String> {
        let name = &step.name;
        if !step.is_progress() {
            return Some(format!("{name} does nothing"));
        }
        for &Candidate { cell, digit } in &step.placements {
            if solution[cell] != digit {
                return Some(format!(
                    "{name} places a wrong digit in {}",
                    self.cell_name(cell)
                ));
            }
            if self.values[cell] != 0 {
                return Some(format!(
                    "{name} places on the filled {}",
                    self.cell_name(cell)
                ));
            }
        }
        for &Candidate { cell, digit } in &step.eliminations {
            if solution[cell] == digit {
                return Some(format!(
                    "{name} removes the true digit of {}",
                    self.cell_name(cell)
                ));
            }
            if !self.has(cell, digit) {
                return Some(format!(
                    "{name} removes a missing candidate of {}",
                    self.cell_name(cell)
                ));
            }
        }
        None
    }

    /// `r4c6` for cell 32 of a 9x9 grid.
    pub fn cell_name(&self, cell: usize) -> String {
        let (r, c) = self.geometry.position(crate::Cell(cell as u32));
        format!("r{}c{}", r + 1, c + 1)
    }

    /// `row 4`, `column 6`, `box 5` (or `region 5` in a jigsaw), `diagonal 1`,
    /// `window 2`, `house 28`.
    pub fn house_name(&self, h: usize) -> String {
        let n = self.n;
        let houses = self.geometry.houses();
        let kind = houses[h].kind();
        let first = houses.iter().position(|x| x.kind() == kind).unwrap_or(h);
        let k = h - first + 1;
        if let Some(name) = self.geometry.multi_house_name(h) {
            return name;
        }
        match kind {
            HouseKind::Row => format!("row {}", h + 1),
            HouseKind::Column => format!("column {}", h - n + 1),
            HouseKind::Region => match self.geometry.layout() {
                crate::Layout::Boxes { .. } => format!("box {k}"),
                crate::Layout::Jigsaw | crate::Layout::Multi => format!("region {k}"),
            },
            HouseKind::Diagonal => format!("diagonal {k}"),
            HouseKind::Window => format!("window {k}"),
            HouseKind::Custom => format!("house {k}"),
        }
    }

    /// Whether the geometry is classic-shaped: rows, columns and one set of
    /// regions, no extra houses (what uniqueness techniques assume).
    pub fn is_plain(&self) -> bool {
        self.geometry.extras().is_empty() && self.geometry.multi_layout().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::super::step::Technique;
    use super::*;

    #[test]
    fn step_error_names_every_fault() {
        let b = super::super::test_util::board(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let solution = super::super::test_util::solution(&b).unwrap();
        let step = |placements: Vec<Candidate>, eliminations: Vec<Candidate>| Step {
            placements,
            eliminations,
            ..Step::new(Technique::NakedSingle, "Test", 23)
        };
        let right = solution[0];
        let wrong = (1..=9).find(|&d| d != right && b.has(0, d)).unwrap();
        let cases = [
            (step(vec![], vec![]), Some("Test does nothing")),
            (step(vec![Candidate::new(0, right)], vec![]), None),
            (
                step(vec![Candidate::new(0, wrong)], vec![]),
                Some("Test places a wrong digit in r1c1"),
            ),
            (
                step(vec![Candidate::new(2, 3)], vec![]),
                Some("Test places on the filled r1c3"),
            ),
            (step(vec![], vec![Candidate::new(0, wrong)]), None),
            (
                step(vec![], vec![Candidate::new(0, right)]),
                Some("Test removes the true digit of r1c1"),
            ),
            (
                step(vec![], vec![Candidate::new(2, 1)]),
                Some("Test removes a missing candidate of r1c3"),
            ),
        ];
        for (s, want) in cases {
            assert_eq!(b.step_error(&s, &solution).as_deref(), want, "{s:?}");
        }
    }
}
