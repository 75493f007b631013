//! The hints of a chaining rung as the ladder's steps: sorted as Sudoku
//! Explainer sorts them, duplicates dropped, in words and Eureka notation.
//! Above every search (it rebuilds the chains to write them).

use super::super::board::Board;
use super::super::ctx::Sink;
use super::super::step::{Candidate, Step, Technique};
use super::super::text;
use super::eureka;
use super::geo::Geo;
use super::hint::{sort, tenths, Hint, Kind};

/// Sorts, drops hints removing the same candidates as an earlier one (Sudoku
/// Explainer's hint equality), and passes them on.
pub(super) fn emit(
    mut hints: Vec<Hint>,
    t: Technique,
    want_text: bool,
    (board, geo): (&Board, &Geo),
    sink: &mut Sink<'_>,
) -> std::ops::ControlFlow<()> {
    sort(&mut hints);
    let mut seen: Vec<&[Candidate]> = Vec::new();
    for h in &hints {
        if seen.contains(&h.removable.as_slice()) {
            continue;
        }
        seen.push(&h.removable);
        sink(to_step(h, t, want_text, board, geo))?;
    }
    std::ops::ControlFlow::Continue(())
}

/// The ladder's step of a hint (its words only if `want_text`).
fn to_step(h: &Hint, t: Technique, want_text: bool, board: &Board, geo: &Geo) -> Step {
    let mut step = Step::new(t, h.name(t), tenths(h.difficulty));
    step.eliminations = h.removable.clone();
    step.cells.push(h.source);
    if want_text {
        let a = h.about;
        let target = cand_name(a.target, a.target_on);
        let mut s = match h.kind {
            Kind::Cycle => format!(
                "the cycle through {} holds both ways",
                cand_name(a.src, true)
            ),
            Kind::Forcing => {
                format!("{} forces {target}", cand_name(a.src, a.src_on))
            }
            Kind::Contradiction => format!(
                "{} makes {} both true and false",
                cand_name(a.src, a.src_on),
                cand_name(a.target, true)
            ),
            Kind::Double => format!(
                "both {} and {} force {target}",
                cand_name(a.src, true),
                cand_name(a.src, false)
            ),
            Kind::Cell => format!(
                "every candidate of {} forces {target}",
                board.cell_name(a.src as usize / 9)
            ),
            Kind::Region => format!(
                "every place for {} in {} forces {target}",
                board.digit_name((a.src % 9) as u8 + 1),
                board.house_name(geo.board_house[a.house as usize])
            ),
        };
        s.push_str(", so ");
        s.push_str(&text::eliminations(board, &h.removable));
        step.text = s;
        step.chains = eureka::chains(h, t, board, geo);
        if let Some(h) = (h.kind == Kind::Region).then_some(a.house) {
            step.houses.push(geo.board_house[h as usize]);
        }
    }
    step
}

/// `r4c6=7` or `r4c6<>7` for candidate `cell * 9 + digit0`.
fn cand_name(c: u16, on: bool) -> String {
    let (cell, d) = (c as usize / 9, c as usize % 9);
    format!(
        "r{}c{}{}{}",
        cell / 9 + 1,
        cell % 9 + 1,
        if on { "=" } else { "<>" },
        d + 1
    )
}
