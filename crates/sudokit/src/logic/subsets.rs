//! Naked and hidden subsets (pairs, triples, quads), and the "direct"
//! hidden pairs and triples that leave a hidden single, as Sudoku Explainer
//! finds them.

use std::ops::{BitOrAssign, ControlFlow, Shl};

use super::bits::{count_is, two_to};
use super::board::Board;
use super::ctx::{Ctx, Sink};
use super::singles::{empty_count, houses_region_column_row};
use super::step::{Candidate, Step, Technique};
use super::text;

/// Calls `f` with every `k`-subset of the set bits of `items`, each as a
/// mask, in Sudoku Explainer's order (Gosper's hack on the indices: colex,
/// that is, increasing as numbers), until `f` breaks.
pub(super) fn for_each_subset(
    items: u64,
    k: usize,
    mut f: impl FnMut(u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let m = items.count_ones() as usize;
    if k == 0 || k > m {
        return ControlFlow::Continue(());
    }
    // The set bits of `items`, so that subset `x` of 0..m maps to a mask.
    let mut bits = [0u64; 64];
    let mut rest = items;
    for b in bits.iter_mut().take(m) {
        *b = rest & rest.wrapping_neg();
        rest &= rest - 1;
    }
    let end = 1u128 << m;
    let mut x: u128 = (1u128 << k) - 1;
    while x < end {
        let mut mask = 0;
        let mut y = x;
        while y != 0 {
            mask |= bits[y.trailing_zeros() as usize];
            y &= y - 1;
        }
        f(mask)?;
        let c = x & x.wrapping_neg();
        let r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
    }
    ControlFlow::Continue(())
}

/// The union of `masks[i]` over the set bits `i` of `set`.
pub(super) fn union_of(set: u64, masks: &[u64]) -> u64 {
    let mut union = 0;
    let mut s = set;
    while s != 0 {
        union |= masks[s.trailing_zeros() as usize];
        s &= s - 1;
    }
    union
}

/// Per position of house `h`: its cell and candidate mask, written to the
/// front of `cells` and `cands` (buffers reused from house to house); the
/// number of positions.
fn house_cells(board: &Board, h: usize, cells: &mut [usize; 64], cands: &mut [u64; 64]) -> usize {
    let house = board.house(h);
    for (i, c) in house.iter().enumerate() {
        cells[i] = c.index();
        cands[i] = board.candidates(c.index());
    }
    house.len()
}

/// Transposes bit sets: bit `i` of `out[b]` is bit `b` of the `i`-th mask
/// (per digit, the places of a house or the cells of a grid holding it).
/// Each mask's bits are below `N`, and there are no more masks than `T` has
/// bits.
pub(super) fn transpose<T, const N: usize>(masks: impl IntoIterator<Item = u64>) -> [T; N]
where
    T: Copy + Default + BitOrAssign + Shl<usize, Output = T> + From<u8>,
{
    let mut out = [T::default(); N];
    for (i, mut m) in masks.into_iter().enumerate() {
        while m != 0 {
            out[m.trailing_zeros() as usize] |= T::from(1) << i;
            m &= m - 1;
        }
    }
    out
}

/// Sudoku Explainer's NakedSet(k) (3.0 pair, 3.6 triple, 5.0 quad): in each
/// house (regions, columns, rows, extras) with at least `2k` empty cells,
/// `k` cells of 2..=k candidates whose union is `k` digits; those digits
/// leave the other cells of that house only.
pub(super) fn naked(
    board: &Board,
    k: usize,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    use Technique::*;
    let technique = Technique::of_size(k, [NakedPair, NakedTriple, NakedQuad]);
    let (mut cells, mut cands) = ([0usize; 64], [0u64; 64]);
    for h in houses_region_column_row(board) {
        if empty_count(board, h) < 2 * k {
            continue;
        }
        let len = house_cells(board, h, &mut cells, &mut cands);
        let mut items = 0u64;
        for (i, m) in cands[..len].iter().enumerate() {
            if two_to(*m, k) {
                items |= 1 << i;
            }
        }
        for_each_subset(items, k, |set| {
            let digits = union_of(set, &cands[..len]);
            if !count_is(digits, k) {
                return ControlFlow::Continue(());
            }
            let mut elims = Vec::new();
            for i in 0..len {
                if set >> i & 1 == 0 {
                    let mut m = cands[i] & digits;
                    while m != 0 {
                        elims.push(Candidate::new(cells[i], m.trailing_zeros() as u8 + 1));
                        m &= m - 1;
                    }
                }
            }
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            let mut step = Step::of_set(technique);
            step.eliminations = elims;
            // The set's cells hold only its digits.
            set_evidence(&mut step, h, &cells, &cands, set, digits);
            if ctx.want_text {
                step.text = format!(
                    "in {}, {} hold only {}, so {}",
                    board.house_name(h),
                    text::cells(board, step.cells.iter().copied()),
                    text::digits(board, digits, "and"),
                    text::eliminations(board, &step.eliminations)
                );
            }
            sink(step)
        })?;
    }
    ControlFlow::Continue(())
}

/// A hidden set found in a house: its digits, its positions, and the house's
/// cells and candidates.
struct HiddenSet<'a> {
    h: usize,
    digits: u64,
    positions: u64,
    cells: &'a [usize],
    cands: &'a [u64],
}

/// Calls `f` with every hidden `k`-set of every house (regions, columns,
/// rows, extras) having more than `min_empty` empty cells: `k` digits of
/// 2..=k positions each whose positions are `k` cells, digits tried as
/// Sudoku Explainer's Permutations do.
fn for_each_hidden_set(
    board: &Board,
    k: usize,
    min_empty: usize,
    mut f: impl FnMut(&HiddenSet<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (mut cells, mut cands) = ([0usize; 64], [0u64; 64]);
    for h in houses_region_column_row(board) {
        if empty_count(board, h) <= min_empty {
            continue;
        }
        let len = house_cells(board, h, &mut cells, &mut cands);
        let pos: [u64; 64] = transpose(cands[..len].iter().copied());
        let mut items = 0u64;
        for (d, p) in pos[..board.size()].iter().enumerate() {
            if two_to(*p, k) {
                items |= 1 << d;
            }
        }
        for_each_subset(items, k, |digits| {
            let positions = union_of(digits, &pos);
            if !count_is(positions, k) {
                return ControlFlow::Continue(());
            }
            f(&HiddenSet {
                h,
                digits,
                positions,
                cells: &cells[..len],
                cands: &cands[..len],
            })
        })?;
    }
    ControlFlow::Continue(())
}

/// Fills the cells and evidence of a hidden set's step.
fn hidden_evidence(step: &mut Step, set: &HiddenSet<'_>) {
    set_evidence(step, set.h, set.cells, set.cands, set.positions, set.digits);
}

/// A subset step's house, its cells (positions `members` of house `h`) and
/// their candidates among `digits`, as evidence.
fn set_evidence(
    step: &mut Step,
    h: usize,
    cells: &[usize],
    cands: &[u64],
    members: u64,
    digits: u64,
) {
    step.houses.push(h);
    let mut s = members;
    while s != 0 {
        let i = s.trailing_zeros() as usize;
        s &= s - 1;
        step.cells.push(cells[i]);
        let mut m = cands[i] & digits;
        while m != 0 {
            step.evidence
                .push(Candidate::new(cells[i], m.trailing_zeros() as u8 + 1));
            m &= m - 1;
        }
    }
}

/// Sudoku Explainer's HiddenSet(k, false) (3.4 pair, 4.0 triple, 5.4 quad):
/// only in houses with more than `2k` empty cells (a smaller complement is
/// the naked set); the other candidates of the set's cells go.
pub(super) fn hidden(
    board: &Board,
    k: usize,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    use Technique::*;
    let technique = Technique::of_size(k, [HiddenPair, HiddenTriple, HiddenQuad]);
    for_each_hidden_set(board, k, 2 * k, |set| {
        let mut elims = Vec::new();
        let mut s = set.positions;
        while s != 0 {
            let i = s.trailing_zeros() as usize;
            s &= s - 1;
            let mut m = set.cands[i] & !set.digits;
            while m != 0 {
                elims.push(Candidate::new(set.cells[i], m.trailing_zeros() as u8 + 1));
                m &= m - 1;
            }
        }
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let mut step = Step::of_set(technique);
        step.eliminations = elims;
        hidden_evidence(&mut step, set);
        if ctx.want_text {
            step.text = format!(
                "in {}, the only places for {} are {}, so {}",
                board.house_name(set.h),
                text::digits(board, set.digits, "and"),
                text::cells(board, step.cells.iter().copied()),
                text::eliminations(board, &step.eliminations)
            );
        }
        sink(step)
    })
}

/// Sudoku Explainer's HiddenSet(k, true) (2.0 pair, 2.5 triple): a hidden
/// set (in a house with more than `k` empty cells) whose cells, once they
/// lose their other candidates, leave another digit a single place in the
/// house; the step places that digit (and, as Sudoku Explainer applies it,
/// removes nothing else). The first such digit, ascending, is taken.
pub(super) fn direct_hidden(
    board: &Board,
    k: usize,
    ctx: &mut Ctx,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    // Sudoku Explainer has no direct hidden quad.
    let technique = if k == 2 {
        Technique::DirectHiddenPair
    } else {
        Technique::DirectHiddenTriple
    };
    let n = board.size();
    for_each_hidden_set(board, k, k, |set| {
        let pos: [u64; 64] = transpose(set.cands.iter().copied());
        for (d, &p) in pos.iter().enumerate().take(n) {
            if set.digits >> d & 1 != 0 || p & p.wrapping_sub(1) == 0 {
                continue;
            }
            let outside = p & !set.positions;
            if !count_is(outside, 1) {
                continue;
            }
            let cell = set.cells[outside.trailing_zeros() as usize];
            let digit = d as u8 + 1;
            let mut step = Step::of_set(technique);
            step.placements.push(Candidate::new(cell, digit));
            hidden_evidence(&mut step, set);
            if ctx.want_text {
                step.text = format!(
                    "in {}, the only places for {} are {}, so the only place for {} is {}",
                    board.house_name(set.h),
                    text::digits(board, set.digits, "and"),
                    text::cells(board, step.cells.iter().copied()),
                    board.digit_name(digit),
                    board.cell_name(cell)
                );
            }
            return sink(step);
        }
        ControlFlow::Continue(())
    })
}

#[cfg(test)]
mod tests {
    use super::super::ladder::solve_path;
    use super::super::test_util::{board, board_from_marks, expect_step};
    use super::*;

    #[test]
    fn naked_pair_as_serate() {
        // serate's step on this state: Naked Pair.
        expect_step(
            "=2 =9 =1 =8 =3 =6 =7 =4 =5 =6 =5 =8 =4 =7 =1 =9 =2 =3 =3 =7 =4 =9 =5 =2 =6 =1 =8 =5 =4 239 36 29 =7 =1 =8 269 79 =6 2379 =1 =4 =8 =5 379 279 =8 =1 2379 36 29 =5 23 3679 =4 79 =8 79 =2 =6 =3 =4 =5 =1 =1 23 =6 =5 =8 =4 23 379 279 =4 23 =5 =7 =1 =9 =8 36 26",
            Technique::NakedPair,
            ("Naked Pair", 30),
            &[],
            &[(70, 3), (71, 2)],
        );
    }

    #[test]
    fn naked_triplet_as_serate() {
        // serate's step on this state: Naked Triplet.
        expect_step(
            "178 179 179 4789 23 23 489 56 56 678 5679 579 4789 4789 =1 489 =2 =3 =3 =2 =4 89 =5 =6 189 179 179 12467 14679 12379 14689 134689 3489 =5 1479 28 124 1459 12359 14589 13489 =7 =6 149 28 1467 =8 1579 =2 1469 459 =3 1479 179 1247 147 127 =3 1469 459 19 =8 14569 =5 14 =6 1489 12489 2489 =7 =3 149 =9 =3 =8 14567 1467 45 =2 56 1456",
            Technique::NakedTriple,
            ("Naked Triplet", 36),
            &[],
            &[(32, 4), (32, 9), (68, 4), (68, 9)],
        );
    }

    #[test]
    fn hidden_pair_as_serate() {
        // serate's step on this state: Hidden Pair.
        expect_step(
            "2789 236789 2369 234789 46789 2379 46789 =5 =1 15789 56789 1569 4789 146789 179 46789 =2 =3 12789 236789 =4 23789 16789 =5 6789 6789 689 2589 2589 259 235789 15789 =6 13789 =4 289 24589 =1 2569 2345789 45789 2379 36789 36789 2689 =3 24689 =7 2489 1489 129 =5 1689 2689 1479 3479 139 =6 =2 4789 389 389 =5 2459 2459 259 =1 =3 489 2689 689 =7 =6 2379 =8 579 579 79 1239 139 =4",
            Technique::HiddenPair,
            ("Hidden Pair", 34),
            &[],
            &[(59, 7), (59, 9), (68, 9)],
        );
    }

    #[test]
    fn hidden_triplet_as_serate() {
        // serate's step on this state: Hidden Triplet.
        expect_step(
            "2789 236789 2369 234789 46789 2379 46789 =5 =1 15789 56789 1569 4789 146789 179 46789 =2 =3 12789 236789 =4 23789 16789 =5 6789 6789 689 2589 2589 259 235789 15789 =6 13789 =4 289 24589 =1 2569 2345789 45789 2379 36789 36789 2689 =3 24689 =7 2489 1489 129 =5 1689 2689 1479 3479 139 =6 =2 48 389 389 =5 2459 2459 259 =1 =3 48 2689 689 =7 =6 23 =8 579 579 79 123 13 =4",
            Technique::HiddenTriple,
            ("Hidden Triplet", 40),
            &[],
            &[(30, 2), (30, 5), (30, 8), (30, 9), (31, 5), (31, 8), (31, 9), (33, 8), (33, 9)],
        );
    }

    #[test]
    fn direct_hidden_pair_as_serate() {
        // serate's step on this state: Direct Hidden Pair.
        expect_step(
            "1678 15679 1579 4789 234789 23489 1489 145679 1456789 678 5679 579 4789 4789 =1 489 =2 =3 =3 =2 =4 789 =5 =6 189 179 1789 12467 14679 12379 14689 134689 3489 =5 1479 124789 124 1459 12359 14589 13489 =7 =6 149 12489 1467 =8 1579 =2 1469 459 =3 1479 1479 1247 147 127 =3 124679 2459 149 =8 14569 =5 134 =6 1489 12489 2489 =7 1349 149 =9 1347 =8 14567 1467 45 =2 13456 1456",
            Technique::DirectHiddenPair,
            ("Direct Hidden Pair", 20),
            &[(70, 3)],
            &[],
        );
    }

    #[test]
    fn direct_hidden_triplet_as_serate() {
        // serate's step on this state: Direct Hidden Triplet.
        expect_step(
            "2568 189 125689 89 2568 =3 89 =4 =7 5678 789 5689 =4 5678 =1 89 =3 =2 278 =3 =4 789 278 29 =1 =6 =5 45678 4789 5689 789 =3 2459 24689 =1 89 3458 1489 1589 =6 258 2459 2489 =7 389 34678 =2 689 =1 78 49 4689 =5 389 248 48 28 =5 =1 =7 =3 =9 =6 =1 =6 =7 =3 =9 =8 =5 =2 =4 =9 =5 =3 =2 =4 =6 =7 =8 =1",
            Technique::DirectHiddenTriple,
            ("Direct Hidden Triplet", 25),
            &[(1, 1)],
            &[],
        );
    }

    #[test]
    fn subsets_in_colex_order() {
        let mut seen = Vec::new();
        let _ = for_each_subset(0b1_0110_1000, 2, |m| {
            seen.push(m);
            ControlFlow::Continue(())
        });
        assert_eq!(
            seen,
            [
                0b1000 | 0b10_0000,
                0b1000 | 0b100_0000,
                0b110_0000,
                0b1_0000_1000,
                0b1_0010_0000,
                0b1_0100_0000
            ]
        );
    }

    /// Dev aid: for each puzzle line of `$SUDOKIT_PATHS`, prints every step of
    /// the path as `name|pencil marks` (729 chars, as serate's `%s|%m`).
    #[test]
    #[ignore]
    fn dump_paths() {
        let Some(text) = super::super::test_util::env_file("SUDOKIT_PATHS") else {
            return;
        };
        for line in text.lines() {
            let mut b = board(line.trim());
            let path = solve_path(b.clone(), &mut Ctx::new(false), true);
            for s in &path.steps {
                b.apply(s);
                println!("{}|{}", s.name, marks729(&b));
            }
            println!("END {}", path.rating);
        }
    }

    fn marks729(b: &Board) -> String {
        let mut m = String::new();
        for c in 0..81 {
            for d in 1..=9u8 {
                let on = b.value(c) == d || (b.value(c) == 0 && b.has(c, d));
                m.push(if on { char::from(b'0' + d) } else { '.' });
            }
        }
        m
    }

    /// Dev aid: for each pencil-mark grid (81 tokens) of `$SUDOKIT_STATES`,
    /// prints the ladder's next step as `name|pencil marks after it`.
    #[test]
    #[ignore]
    fn dump_next_steps() {
        let Some(text) = super::super::test_util::env_file("SUDOKIT_STATES") else {
            return;
        };
        for line in text.lines() {
            let mut b = board_from_marks(line);
            match super::super::ladder::next_step(&b, &mut Ctx::new(false)) {
                Some(s) => {
                    b.apply(&s);
                    println!("{}|{}", s.name, marks729(&b));
                }
                None => println!("NONE|"),
            }
        }
    }
}
