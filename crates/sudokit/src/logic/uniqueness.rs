//! Uniqueness: unique rectangles and loops (types 1–4) and the bivalue
//! universal grave (types 1–4), as Sudoku Explainer 1.2.1 finds them with its
//! default lkSudoku fixes on.
//!
//! Both need a plain geometry (rows, columns, one set of regions, no extra
//! house): the deadly-pattern argument holds for boxes and jigsaw regions
//! alike. Cell sets are `u128` masks, so boards up to 11x11.

use std::ops::ControlFlow;

use crate::HouseKind;

use super::board::Board;
use super::ctx::{Ctx, Sink};
use super::step::{Candidate, Step, Technique};
use super::text::{self, digits_of as digits};

/// Per cell, its houses in Sudoku Explainer's region-type order (region,
/// row, column); the board's peers and houses as masks.
struct Plain<'a> {
    kinds: Vec<[usize; 3]>,
    /// The peers of each cell.
    peers: &'a [u128],
    /// The cells of each house.
    houses: &'a [u128],
}

/// Whether unique loops and BUG run on this board: no extra houses (a
/// house outside rows, columns and regions can make the "deadly" swap
/// illegal, so the pattern proves nothing) and at most 128 cells.
pub(super) fn supported(board: &Board) -> bool {
    board.is_plain() && board.cell_count() <= 128
}

fn plain(board: &Board) -> Option<Plain<'_>> {
    let cells = board.cell_count();
    if !supported(board) {
        return None;
    }
    let sets = board.cell_sets()?;
    let mut kinds = vec![[usize::MAX; 3]; cells];
    for (c, k) in kinds.iter_mut().enumerate() {
        for &h in board.houses_of(c) {
            let slot = match board.house_kind(h as usize) {
                HouseKind::Region => 0,
                HouseKind::Row => 1,
                HouseKind::Column => 2,
                _ => return None,
            };
            k[slot] = h as usize;
        }
    }
    Some(Plain {
        kinds,
        peers: &sets.peers,
        houses: &sets.houses,
    })
}

/// The cells of `cells` that can lie on a loop within it: a loop leaves each
/// of its cells by a house other than the one it came in by, so each has
/// another cell of the set in two of its houses. Cells without are dropped
/// until none is left to drop (the largest such subset, which holds every
/// loop of the set).
fn loop_core(p: &Plain<'_>, mut cells: u128) -> u128 {
    loop {
        let mut dropped = false;
        for c in cells_of(cells) {
            let others = cells & !(1u128 << c);
            let linked = p.kinds[c]
                .iter()
                .filter(|&&h| p.houses[h] & others != 0)
                .count();
            if linked < 2 {
                cells = others;
                dropped = true;
            }
        }
        if !dropped {
            return cells;
        }
    }
}

fn cells_of(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            c
        })
    })
}

fn bit(d: u8) -> u64 {
    1 << (d - 1)
}

/// Masks of `k` bits among `n`, in increasing numeric order (Sudoku
/// Explainer's `Permutations`); `k == 0` gives the empty mask once if `n > 0`.
fn combinations(k: u32, n: u32) -> impl Iterator<Item = u64> {
    let last = if n == 0 || k > n {
        None
    } else {
        Some(((1u64 << k) - 1) << (n - k))
    };
    let mut next = last.map(|_| (1u64 << k) - 1);
    std::iter::from_fn(move || {
        let v = next?;
        next = if Some(v) == last || v == 0 {
            None
        } else {
            let low = v & v.wrapping_neg();
            let ripple = v + low;
            Some(ripple | (((v ^ ripple) >> 2) / low))
        };
        Some(v)
    })
}

/// Eliminations of a naked set `set` on `cells` of `house`: the set's digits
/// leave the house's other cells (Sudoku Explainer's plain-sudoku rule: its
/// generalised rule, over all common peers, is for variants only).
fn naked_set_eliminations(board: &Board, house: &[usize], set: u64, cells: u128) -> Vec<Candidate> {
    let mut out = Vec::new();
    for &c in house {
        if cells >> c & 1 == 0 {
            for d in digits(board.candidates(c) & set) {
                out.push(Candidate::new(c, d));
            }
        }
    }
    out
}

// ---------------------------------------------------------------- loops

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LoopKind {
    One,
    Two,
    ThreeNaked,
    ThreeHidden,
    Four,
}

/// One unique-loop hint before sorting.
struct LoopHint {
    kind: LoopKind,
    cells: Vec<usize>,
    set: u128,
    v1: u8,
    v2: u8,
    /// Type 3: the house of the subset; type 4: the house of the lock.
    house: usize,
    /// Type 2: the extra digit; type 3: the subset's digits; type 4: the
    /// locked digit.
    values: u64,
    /// Type 2: the extra cells; type 3: the subset's other cells.
    others: Vec<usize>,
    elims: Vec<Candidate>,
    difficulty: f64,
}

impl LoopHint {
    fn same(&self, o: &LoopHint) -> bool {
        self.kind == o.kind
            && self.cells.len() == o.cells.len()
            && self.set == o.set
            && match self.kind {
                LoopKind::ThreeNaked | LoopKind::ThreeHidden => {
                    self.house == o.house && self.values == o.values && self.others == o.others
                }
                _ => true,
            }
    }

    fn type_number(&self) -> u8 {
        match self.kind {
            LoopKind::One => 1,
            LoopKind::Two => 2,
            LoopKind::ThreeNaked | LoopKind::ThreeHidden => 3,
            LoopKind::Four => 4,
        }
    }
}

/// Sudoku Explainer's double: 4.5, +0.1 for 6 cells, +0.2 for 8, +0.5 for 10+.
fn loop_base(len: usize) -> f64 {
    let mut d = 4.5;
    if len >= 10 {
        d += 0.3;
    }
    if len >= 8 {
        d += 0.2;
    } else if len >= 6 {
        d += 0.1;
    }
    d
}

/// The depth-first loop search of Sudoku Explainer (start cell, then houses
/// region/row/column, cells in house order), pruned where the house-parity
/// rule of a valid loop already fails: the valid loops come out in the same
/// order.
struct LoopSearch<'a> {
    board: &'a Board,
    p: &'a Plain<'a>,
    pair: u64,
    /// The cells a loop of `pair` from the start may use (see [`loop_core`]).
    core: u128,
    path: Vec<usize>,
    in_path: u128,
    parity: Vec<u8>,
    open: usize,
    /// The hints of the loops found so far, in the order found.
    hints: Vec<LoopHint>,
}

impl LoopSearch<'_> {
    fn visit(&mut self, cell: usize, allowed_ex: i32, ex: u64, last: usize) {
        let side = 1u8 << (self.path.len() & 1);
        let houses = self.p.kinds[cell];
        if houses.iter().any(|&h| self.parity[h] & side != 0) {
            return;
        }
        for &h in &houses {
            if self.parity[h] == 0 {
                self.open += 1;
            } else {
                self.open -= 1;
            }
            self.parity[h] |= side;
        }
        self.path.push(cell);
        self.in_path |= 1 << cell;
        for (kind, &h) in houses.iter().enumerate() {
            if kind == last {
                continue;
            }
            // The house's cells in house order (ascending on a plain
            // board): the start, and the core cells not on the path.
            let start = self.path[0];
            let mut m = self.p.houses[h] & (self.core & !self.in_path | 1 << start);
            while m != 0 {
                let next = m.trailing_zeros() as usize;
                m &= m - 1;
                if next == start {
                    if self.path.len() >= 4 && self.open == 0 {
                        loop_hints(self.board, self.p, &self.path, self.pair, &mut self.hints);
                    }
                } else {
                    let pots = self.board.candidates(next);
                    // A loop through an earlier bivalue cell was found from
                    // there, with the same hints (kept first): skip it.
                    if pots & self.pair == self.pair && (pots != self.pair || next > self.path[0]) {
                        let new_ex = ex | (pots & !self.pair);
                        let card = pots.count_ones();
                        if card == 2 || new_ex.count_ones() == 1 || allowed_ex > 0 {
                            self.visit(next, allowed_ex - i32::from(card > 2), new_ex, kind);
                        }
                    }
                }
            }
        }
        self.path.pop();
        self.in_path &= !(1 << cell);
        for &h in &houses {
            self.parity[h] &= !side;
            if self.parity[h] == 0 {
                self.open -= 1;
            } else {
                self.open += 1;
            }
        }
    }
}

pub(super) fn unique_loops(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(p) = plain(board) else {
        return ControlFlow::Continue(());
    };
    let mut search = LoopSearch {
        board,
        p: &p,
        pair: 0,
        core: 0,
        path: Vec::new(),
        in_path: 0,
        parity: vec![0; board.house_count()],
        open: 0,
        hints: Vec::new(),
    };
    // The cells holding each digit, and the bivalue cells seen so far.
    let digit = board.digit_cells();
    let mut bivalue = 0u128;
    for start in 0..board.cell_count() {
        let pair = board.candidates(start);
        if pair.count_ones() != 2 {
            continue;
        }
        let (v1, v2) = (
            pair.trailing_zeros() as usize,
            63 - pair.leading_zeros() as usize,
        );
        let holding = digit[v1] & digit[v2];
        // The search skips earlier cells of just this pair (see `visit`).
        let earlier = cells_of(bivalue & holding).fold(0u128, |m, c| {
            if board.candidates(c) == pair {
                m | 1 << c
            } else {
                m
            }
        });
        bivalue |= 1 << start;
        search.core = loop_core(&p, holding & !earlier);
        if search.core >> start & 1 == 0 {
            continue;
        }
        search.pair = pair;
        search.visit(start, 2, 0, usize::MAX);
    }
    let mut hints = search.hints;
    // Sudoku Explainer sorts (stably) by difficulty, then type.
    hints.sort_by(|a, b| {
        a.difficulty
            .partial_cmp(&b.difficulty)
            .unwrap()
            .then(a.type_number().cmp(&b.type_number()))
    });
    for h in hints {
        sink(loop_step(board, h, ctx))?;
    }
    ControlFlow::Continue(())
}

fn loop_hints(board: &Board, p: &Plain<'_>, lp: &[usize], pair: u64, hints: &mut Vec<LoopHint>) {
    let v1 = pair.trailing_zeros() as u8 + 1;
    let v2 = 64 - pair.leading_zeros() as u8;
    let set = lp.iter().fold(0u128, |m, &c| m | 1 << c);
    let extra: Vec<usize> = lp
        .iter()
        .copied()
        .filter(|&c| board.candidates(c).count_ones() > 2)
        .collect();
    let base = loop_base(lp.len());
    let mut add = |h: LoopHint| {
        if !h.elims.is_empty() && !hints.iter().any(|o| o.same(&h)) {
            hints.push(h);
        }
    };
    // A hint without eliminations is dropped: its cells are not copied.
    let hint =
        |kind, house, values, others: Vec<usize>, elims: Vec<Candidate>, difficulty| LoopHint {
            kind,
            cells: if elims.is_empty() {
                Vec::new()
            } else {
                lp.to_vec()
            },
            set,
            v1,
            v2,
            house,
            values,
            others,
            elims,
            difficulty,
        };
    let type2 = |extra: &[usize]| {
        let value = (board.candidates(extra[0]) & !pair).trailing_zeros() as u8 + 1;
        let common = extra.iter().fold(!0u128, |m, &c| m & p.peers[c]);
        let elims: Vec<Candidate> = cells_of(common)
            .filter(|&c| board.has(c, value))
            .map(|c| Candidate::new(c, value))
            .collect();
        let others = if elims.is_empty() {
            Vec::new()
        } else {
            extra.to_vec()
        };
        hint(LoopKind::Two, 0, bit(value), others, elims, base)
    };
    match extra.len() {
        1 => {
            let c = extra[0];
            let elims = vec![Candidate::new(c, v1), Candidate::new(c, v2)];
            add(hint(LoopKind::One, 0, 0, vec![c], elims, base));
        }
        2 => {
            let (c1, c2) = (extra[0], extra[1]);
            let rest = (board.candidates(c1) | board.candidates(c2)) & !pair;
            if rest.count_ones() == 1 {
                add(type2(&extra));
            } else if rest.count_ones() >= 2 {
                for h in type3(board, p, c1, c2, pair, rest, base) {
                    add(hint(h.0, h.1, h.2, h.3, h.4, h.5));
                }
            }
            // Type 4: one loop digit locked in a house of both extra cells
            // (the last such house wins, as in Sudoku Explainer).
            let (mut r1, mut r2) = (None, None);
            for kind in 0..3 {
                let h = p.kinds[c1][kind];
                if h != p.kinds[c2][kind] {
                    continue;
                }
                let outside = board
                    .house(h)
                    .iter()
                    .map(|c| c.index())
                    .filter(|&c| c != c1 && c != c2)
                    .fold(0, |m, c| m | board.candidates(c));
                if outside & bit(v1) == 0 {
                    r1 = Some(h);
                }
                if outside & bit(v2) == 0 {
                    r2 = Some(h);
                }
            }
            let lock = r1.map(|h| (h, v1, v2)).or(r2.map(|h| (h, v2, v1)));
            if let Some((h, locked, gone)) = lock {
                let elims = vec![Candidate::new(c1, gone), Candidate::new(c2, gone)];
                add(hint(
                    LoopKind::Four,
                    h,
                    bit(locked),
                    vec![c1, c2],
                    elims,
                    base,
                ));
            }
        }
        0 => {}
        _ => add(type2(&extra)),
    }
}

type Type3 = (LoopKind, usize, u64, Vec<usize>, Vec<Candidate>, f64);

/// Type 3: the extra digits of `c1`/`c2` as one pseudo-cell in a naked set
/// of a shared house, or a hidden set there holding both loop digits.
fn type3(
    board: &Board,
    p: &Plain<'_>,
    c1: usize,
    c2: usize,
    pair: u64,
    extra: u64,
    base: f64,
) -> Vec<Type3> {
    let n = board.size();
    let mut out = Vec::new();
    let v1 = pair.trailing_zeros() as u8 + 1;
    let v2 = 64 - pair.leading_zeros() as u8;
    // The houses of both cells: each with its cells, empty count and the
    // places of c1 and c2 (made once, not for every degree).
    type Shared = (usize, Vec<usize>, usize, usize, usize, Vec<u64>);
    let shared: Vec<Shared> = (0..3)
        .filter(|&kind| p.kinds[c1][kind] == p.kinds[c2][kind])
        .map(|kind| {
            let h = p.kinds[c1][kind];
            let house: Vec<usize> = board.house(h).iter().map(|c| c.index()).collect();
            let empty = house.iter().filter(|&&c| board.value(c) == 0).count();
            let i1 = house.iter().position(|&c| c == c1).unwrap();
            let i2 = house.iter().position(|&c| c == c2).unwrap();
            let places = (1..=n as u8).map(|d| board.positions(h, d)).collect();
            (h, house, empty, i1, i2, places)
        })
        .collect();
    for degree in 2..=n.saturating_sub(2) {
        for (h, house, empty, i1, i2, places) in &shared {
            let (h, empty, i1, i2) = (*h, *empty, *i1, *i2);
            if degree * 2 <= empty && degree >= extra.count_ones() as usize {
                // The set's other cells need two candidates or more.
                let big = (0..n).fold(1u64 << i1, |b, i| {
                    if board.candidates(house[i]).count_ones() > 1 {
                        b | 1 << i
                    } else {
                        b
                    }
                });
                // The sets with c1, without c2, of cells with two
                // candidates or more: the masks of `degree` cells holding
                // i1 and not i2 within `big`, in increasing order as
                // Sudoku Explainer meets them among all masks (each subset
                // of the others, spread onto their places, keeps its order).
                let free = big & !(1 << i1) & !(1 << i2);
                let mut place = [0u32; 64];
                let mut k = 0;
                let mut f = free;
                while f != 0 {
                    place[k] = f.trailing_zeros();
                    k += 1;
                    f &= f - 1;
                }
                for sub in combinations(degree as u32 - 1, k as u32) {
                    let mut m = 1u64 << i1;
                    let mut b = sub;
                    while b != 0 {
                        m |= 1 << place[b.trailing_zeros() as usize];
                        b &= b - 1;
                    }
                    let mut naked = extra & board.candidates(c1) & board.candidates(c2);
                    let mut union = 0;
                    let mut all_big = true;
                    for i in (0..n).filter(|i| m >> i & 1 != 0) {
                        let pots = if i == i1 {
                            extra
                        } else {
                            let c = house[i];
                            naked |= board.candidates(c);
                            board.candidates(c)
                        };
                        all_big &= pots.count_ones() > 1;
                        union |= pots;
                    }
                    if naked.count_ones() as usize != degree
                        || !all_big
                        || union.count_ones() as usize != degree
                    {
                        continue;
                    }
                    let others: Vec<usize> = (0..n)
                        .filter(|&i| m >> i & 1 != 0 && i != i1)
                        .map(|i| house[i])
                        .collect();
                    let members = others
                        .iter()
                        .chain([&c1, &c2])
                        .fold(0u128, |s, &c| s | 1 << c);
                    let elims = naked_set_eliminations(board, house, union, members);
                    let d = base + (union.count_ones() as f64 - 1.0) * 0.1;
                    out.push((LoopKind::ThreeNaked, h, union, others, elims, d));
                }
            }
            if degree * 2 < empty {
                let rem: Vec<u8> = (1..=n as u8)
                    .filter(|&d| d != v1 && d != v2 && extra & bit(d) == 0)
                    .collect();
                if degree - 2 > rem.len() {
                    continue;
                }
                for m in combinations(degree as u32 - 2, rem.len() as u32) {
                    let mut values = pair;
                    let mut union = 0u64;
                    let mut ok = true;
                    for d in (0..rem.len()).filter(|i| m >> i & 1 != 0).map(|i| rem[i]) {
                        values |= bit(d);
                    }
                    let mut rest = values;
                    while rest != 0 {
                        let pos = places[rest.trailing_zeros() as usize] & !(1 << i2);
                        rest &= rest - 1;
                        ok &= pos != 0;
                        union |= pos;
                    }
                    if !ok || union.count_ones() as usize != degree {
                        continue;
                    }
                    let idx = union & !(1 << i1) & !(1 << i2);
                    let mut elims = Vec::new();
                    let mut others = Vec::new();
                    for i in (0..n).filter(|i| idx >> i & 1 != 0) {
                        let c = house[i];
                        others.push(c);
                        for d in digits(board.candidates(c) & !values) {
                            elims.push(Candidate::new(c, d));
                        }
                    }
                    let d = base + (others.len() as f64 - 1.0) * 0.1;
                    out.push((LoopKind::ThreeHidden, h, values, others, elims, d));
                }
            }
        }
    }
    out
}

fn loop_step(board: &Board, h: LoopHint, ctx: &Ctx) -> Step {
    let len = h.cells.len();
    let shape = if len == 4 {
        "Rectangle".to_string()
    } else {
        format!("Loop {len}")
    };
    let name = format!("Unique {shape} type {}", h.type_number());
    let tenths = (h.difficulty * 10.0).round() as u16;
    let mut step = Step::new(Technique::UniqueLoop, name, tenths);
    step.cells = h.cells.clone();
    step.evidence = h
        .cells
        .iter()
        .flat_map(|&c| [Candidate::new(c, h.v1), Candidate::new(c, h.v2)])
        .collect();
    if matches!(
        h.kind,
        LoopKind::ThreeNaked | LoopKind::ThreeHidden | LoopKind::Four
    ) {
        step.houses = vec![h.house];
    }
    if ctx.want_text {
        let pair = text::digits(board, bit(h.v1) | bit(h.v2), "and");
        let lp = text::cells(board, h.cells.iter().copied());
        let why = match h.kind {
            LoopKind::One => format!(
                "{} must hold a digit other than {pair}",
                board.cell_name(h.others[0])
            ),
            LoopKind::Two | LoopKind::ThreeNaked | LoopKind::ThreeHidden => {
                let vals = text::digits(board, h.values, "and");
                let others = text::cells(board, h.others.iter().copied());
                match h.kind {
                    LoopKind::Two => format!("one of {others} is {vals}"),
                    LoopKind::ThreeNaked => format!(
                        "its extra digits and {others} form a naked set of {vals} in {}",
                        board.house_name(h.house)
                    ),
                    _ => format!(
                        "it leaves a hidden set of {vals} on {others} in {}",
                        board.house_name(h.house)
                    ),
                }
            }
            LoopKind::Four => format!(
                "{} is locked in {}",
                text::digits(board, h.values, "and"),
                board.house_name(h.house)
            ),
        };
        step.text = format!(
            "the loop {lp} on {pair} must not be a deadly pattern: {why}, so {}",
            text::eliminations(board, &h.elims)
        );
    }
    step.eliminations = h.elims;
    step
}

pub(super) mod grave;

#[cfg(test)]
pub(crate) mod tests;
