//! The bivalue universal grave, types 1–4 (Sudoku Explainer's
//! `BivalueUniversalGrave` with its lkSudoku fix on).

use std::ops::ControlFlow;

use super::super::board::Board;
use super::super::ctx::{Ctx, Sink};
use super::super::step::{Candidate, Step, Technique};
use super::super::text::{self, digits_of as digits};
use super::{bit, cells_of, combinations, naked_set_eliminations, plain, Plain};

pub(in crate::logic) fn bug(board: &Board, ctx: &mut Ctx, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(p) = plain(board) else {
        return ControlFlow::Continue(());
    };
    let n = board.size();
    let cells = board.cell_count();
    let mut temp: Vec<u64> = board.all_candidates().to_vec();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_set = 0u128;
    let mut bug_values = vec![0u64; cells];
    let mut all_bug = 0u64;
    let mut common: Option<u128> = None;
    let mut all_extra: Option<u128> = None;
    let mut only_value = 0u8;
    let mut one_value = true;
    // Whether a newly met BUG cell leaves no cell common to all (no type 1–3).
    let hopeless = |bug_cells: &Vec<usize>, all_bug: u64, common: Option<u128>| {
        bug_cells.len() > 1 && all_bug.count_ones() > 1 && common == Some(0)
    };
    // Cell sets: the places of each digit, the cells with three candidates
    // or more (the places of d in a house are those of its plane there).
    let planes = board.digit_cells();
    let big = (0..cells).fold(0u128, |m, c| {
        if board.candidates(c).count_ones() >= 3 {
            m | 1 << c
        } else {
            m
        }
    });
    for &h in board.houses_se_order() {
        for d in 1..=n as u8 {
            let pos = p.houses[h] & planes[d as usize - 1];
            if pos.count_ones() == 0 || pos.count_ones() == 2 {
                continue;
            }
            // The places with three candidates or more.
            let fresh_set = pos & big;
            match all_extra {
                None => {
                    all_extra = Some(fresh_set);
                    only_value = d;
                }
                Some(ref mut m) if one_value => {
                    if only_value == d {
                        *m |= fresh_set;
                    } else {
                        one_value = false;
                    }
                }
                _ => {}
            }
            if fresh_set.count_ones() == 1 {
                let cell = fresh_set.trailing_zeros() as usize;
                if bug_set >> cell & 1 == 0 {
                    bug_cells.push(cell);
                    bug_set |= 1 << cell;
                }
                bug_values[cell] |= bit(d);
                all_bug |= bit(d);
                temp[cell] &= !bit(d);
                common = Some(common.unwrap_or(!0) & p.peers[cell] & !bug_set);
                if hopeless(&bug_cells, all_bug, common) {
                    return ControlFlow::Continue(());
                }
            }
            if fresh_set == 0 {
                return ControlFlow::Continue(());
            }
        }
    }
    if let Some(extra) = all_extra {
        if one_value && extra.count_ones() as usize > bug_cells.len() {
            for cell in cells_of(extra & !bug_set) {
                bug_cells.push(cell);
                bug_set |= 1 << cell;
                bug_values[cell] = bit(only_value);
                temp[cell] &= !bit(only_value);
                common = Some(common.unwrap_or(!0) & p.peers[cell] & !bug_set);
                if hopeless(&bug_cells, all_bug, common) {
                    return ControlFlow::Continue(());
                }
            }
        }
    }
    // Without the BUG digits, every empty cell is bivalue and every digit
    // has zero or two places in every house.
    if (0..cells).any(|c| board.value(c) == 0 && temp[c].count_ones() != 2) {
        return ControlFlow::Continue(());
    }
    for &h in board.houses_se_order() {
        let mut seen = vec![0u32; n];
        for c in board.house(h) {
            for d in digits(temp[c.index()]) {
                seen[d as usize - 1] += 1;
            }
        }
        if seen.iter().any(|&k| k != 0 && k != 2) {
            return ControlFlow::Continue(());
        }
    }
    let common = common.unwrap_or(0);
    let make = |name: &'static str, tenths: u16, elims: Vec<Candidate>, why: String| {
        let mut step = Step::new(Technique::Bug, name, tenths);
        step.cells = bug_cells.clone();
        step.evidence = bug_cells
            .iter()
            .flat_map(|&c| digits(bug_values[c]).map(move |d| Candidate::new(c, d)))
            .collect();
        if ctx.want_text {
            step.text = format!(
                "without the extra candidates {} would be a deadly BUG pattern: {why}, so {}",
                text::list(
                    bug_cells
                        .iter()
                        .map(|&c| text::cell_with(board, c, bug_values[c])),
                    "and"
                ),
                text::eliminations(board, &elims)
            );
        }
        step.eliminations = elims;
        step
    };
    if bug_cells.len() == 1 {
        let c = bug_cells[0];
        let elims: Vec<Candidate> = digits(board.candidates(c) & !all_bug)
            .map(|d| Candidate::new(c, d))
            .collect();
        if !elims.is_empty() {
            let why = format!("{} holds a BUG digit", board.cell_name(c));
            sink(make("BUG type 1", 56, elims, why))?;
        }
    } else if all_bug.count_ones() == 1 {
        let d = all_bug.trailing_zeros() as u8 + 1;
        let elims: Vec<Candidate> = cells_of(common)
            .filter(|&c| board.has(c, d))
            .map(|c| Candidate::new(c, d))
            .collect();
        if !elims.is_empty() {
            let why = format!("one of the BUG cells is {}", board.digit_name(d));
            sink(make("BUG type 2", 57, elims, why))?;
        }
        if bug_cells.len() == 2 {
            bug4(board, &p, &bug_cells, &bug_values, all_bug, &make, sink)?;
        }
    } else if common != 0 {
        if bug_cells.len() == 2 {
            bug4(board, &p, &bug_cells, &bug_values, all_bug, &make, sink)?;
        }
        bug3(board, &p, &bug_cells, all_bug, common, &make, sink)?;
    }
    ControlFlow::Continue(())
}

type MakeBug<'a> = dyn Fn(&'static str, u16, Vec<Candidate>, String) -> Step + 'a;

/// Type 4: the two BUG cells share a house and one non-BUG digit: that digit
/// is the conjugate, the cells keep only it and their BUG digits.
fn bug4(
    board: &Board,
    p: &Plain<'_>,
    bug_cells: &[usize],
    bug_values: &[u64],
    all_bug: u64,
    make: &MakeBug<'_>,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let (c1, c2) = (bug_cells[0], bug_cells[1]);
    let shared = board.candidates(c1) & board.candidates(c2) & !all_bug;
    if shared.count_ones() != 1 {
        return ControlFlow::Continue(());
    }
    let d = shared.trailing_zeros() as u8 + 1;
    for kind in 0..3 {
        let h = p.kinds[c1][kind];
        if h != p.kinds[c2][kind] {
            continue;
        }
        let mut elims = Vec::new();
        for c in [c1, c2] {
            for e in digits(board.candidates(c) & !bug_values[c] & !bit(d)) {
                elims.push(Candidate::new(c, e));
            }
        }
        if elims.is_empty() {
            continue;
        }
        let why = format!("{d} is a conjugate in {}", board.house_name(h));
        let mut step = make("BUG type 4", 57, elims, why);
        step.houses = vec![h];
        sink(step)?;
    }
    ControlFlow::Continue(())
}

/// Type 3: the BUG digits as one pseudo-cell in a naked set with cells of a
/// house all the BUG cells share, smallest set first.
fn bug3(
    board: &Board,
    p: &Plain<'_>,
    bug_cells: &[usize],
    all_bug: u64,
    common: u128,
    make: &MakeBug<'_>,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let n = board.size();
    for degree in 2..=n.saturating_sub(3) {
        for kind in 0..3 {
            let h = p.kinds[bug_cells[0]][kind];
            if bug_cells.iter().any(|&c| p.kinds[c][kind] != h) {
                continue;
            }
            let region: Vec<usize> = cells_of(common)
                .filter(|&c| p.kinds[c][kind] == h)
                .collect();
            if region.len() < degree {
                continue;
            }
            for m in combinations(degree as u32 - 1, region.len() as u32) {
                let naked: Vec<usize> = (0..region.len())
                    .filter(|i| m >> i & 1 != 0)
                    .map(|i| region[i])
                    .collect();
                let other = naked.iter().fold(0, |u, &c| u | board.candidates(c));
                if other.count_ones() as usize != degree
                    || all_bug.count_ones() <= 1
                    || naked.iter().any(|&c| board.candidates(c).count_ones() <= 1)
                    || (other | all_bug).count_ones() as usize != degree
                {
                    continue;
                }
                let set = other | all_bug;
                let members = naked
                    .iter()
                    .chain(bug_cells)
                    .fold(0u128, |s, &c| s | 1 << c);
                // The other common cells of the house (none: no step).
                let elims = naked_set_eliminations(board, &region, set, members);
                if elims.is_empty() {
                    continue;
                }
                let why = format!(
                    "the BUG digits and {} make a naked set of {} in {}",
                    text::cells(board, naked.iter().copied()),
                    text::digits(board, set, "and"),
                    board.house_name(h)
                );
                let tenths = 57 + set.count_ones() as u16 - 1;
                let mut step = make("BUG type 3", tenths, elims, why);
                step.houses = vec![h];
                sink(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}
