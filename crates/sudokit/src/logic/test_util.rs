//! Helpers for the technique tests: boards from text, the true solution from
//! an engine, and the soundness check every found step must pass.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::{Digit, DigitSet, Engine, Geometry, Grid, Puzzle};

use super::board::Board;
use super::ctx::Ctx;
use super::step::{Candidate, Step, Technique};

/// A 9x9 board from an 81-char line (`.` or `0` for empty).
pub(crate) fn board(line: &str) -> Board {
    board_in(Geometry::shared_square(9).unwrap(), line)
}

/// A board of any geometry from `n²` chars (`1-9`, then `A-Z` for 10.., `.`/`0` empty).
pub(crate) fn board_in(geometry: Arc<Geometry>, line: &str) -> Board {
    Board::new(&puzzle_in(geometry, line)).unwrap()
}

pub(crate) fn puzzle_in(geometry: Arc<Geometry>, line: &str) -> Puzzle {
    let n = geometry.size();
    let values: Vec<u8> = line
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(value_of)
        .collect();
    assert_eq!(values.len(), n * n, "{line}");
    Puzzle::new(geometry, Grid::from_values(n, &values).unwrap()).unwrap()
}

fn value_of(c: char) -> u8 {
    match c {
        '.' | '0' => 0,
        '1'..='9' => c as u8 - b'0',
        'A'..='Z' => c as u8 - b'A' + 10,
        _ => panic!("bad cell {c:?}"),
    }
}

/// A 9x9 board from a pencil-mark grid: 81 whitespace-separated tokens, each
/// the candidates of its cell; a token starting with `=` is a placed value.
/// (`|`, `-`, `+` and `.` framing characters are ignored.)
pub(crate) fn board_from_marks(text: &str) -> Board {
    let geometry = Geometry::shared_square(9).unwrap();
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|t| !t.is_empty() && !t.chars().all(|c| matches!(c, '-' | '+' | '.' | '*')))
        .collect();
    assert_eq!(tokens.len(), 81, "{tokens:?}");
    let mut values = vec![0u8; 81];
    let mut marks = vec![DigitSet(0); 81];
    for (i, t) in tokens.iter().enumerate() {
        if let Some(v) = t.strip_prefix('=') {
            values[i] = v.parse().unwrap();
        } else {
            for c in t.chars() {
                marks[i].insert(Digit::new(value_of(c) - 1));
            }
        }
    }
    for (i, v) in values.iter().enumerate() {
        if *v != 0 {
            marks[i] = DigitSet::single(Digit::new(v - 1));
        }
    }
    let puzzle = Puzzle::new(geometry, Grid::from_values(9, &values).unwrap())
        .unwrap()
        .with_candidates(marks)
        .unwrap();
    Board::new(&puzzle).unwrap()
}

/// The unique solution of a board's puzzle (values and candidates), by an engine.
pub(crate) fn solution(board: &Board) -> Option<Vec<u8>> {
    let n = board.size();
    let cells: Vec<Option<Digit>> = board
        .values()
        .iter()
        .map(|&v| Digit::from_value(v))
        .collect();
    let marks: Vec<DigitSet> = (0..board.cell_count())
        .map(|c| match board.value(c) {
            0 => DigitSet(board.candidates(c)),
            v => DigitSet::single(Digit::new(v - 1)),
        })
        .collect();
    let puzzle = Puzzle::new(
        Arc::clone(board.geometry()),
        Grid::from_cells(n, cells).ok()?,
    )
    .ok()?
    .with_candidates(marks)
    .ok()?;
    let mut engine = crate::Dfs::new();
    let out = engine.solve(&puzzle, 2).ok()?;
    (out.count == 1).then(|| out.first.unwrap().to_values())
}

/// Panics unless `step` keeps `solution` ([`Board::step_error`]).
pub(crate) fn assert_sound(board: &Board, step: &Step, solution: &[u8]) {
    if let Some(why) = board.step_error(step, solution) {
        panic!("{why}: {step:?}");
    }
}

/// Every step `technique` finds on `board`, each checked sound against the
/// board's unique solution.
pub(crate) fn all_sound(board: &Board, technique: Technique) -> Vec<Step> {
    let solution = solution(board).expect("the test board has one solution");
    let mut steps = Vec::new();
    let mut ctx = Ctx::new(true);
    let _ = technique.find(board, &mut ctx, &mut |s| {
        assert_sound(board, &s, &solution);
        steps.push(s);
        ControlFlow::Continue(())
    });
    steps
}

/// A 9x9 pencil-mark board: every empty cell holds the digits of `rest`,
/// but the cells of `marks`, which hold theirs (a textbook pattern on an
/// otherwise open grid).
pub(crate) fn marked(rest: &str, marks: &[(usize, &str)]) -> Board {
    let mut t = vec![rest; 81];
    for &(c, m) in marks {
        t[c] = m;
    }
    board_from_marks(&t.join(" "))
}

/// Asserts the first step `t` finds on the pencil-mark state `marks` (every
/// step it finds checked sound): its name and difficulty in tenths, its
/// placements and eliminations as `(cell, digit)` pairs.
pub(crate) fn expect_step(
    marks: &str,
    t: Technique,
    (name, tenths): (&str, u16),
    placements: &[(usize, u8)],
    eliminations: &[(usize, u8)],
) {
    let cands = |pairs: &[(usize, u8)]| -> Vec<Candidate> {
        pairs.iter().map(|&(c, d)| Candidate::new(c, d)).collect()
    };
    let s = all_sound(&board_from_marks(marks), t).remove(0);
    assert_eq!(s.name, name);
    assert_eq!(s.difficulty.0, tenths, "{name}");
    assert_eq!(s.placements, cands(placements), "{name}");
    assert_eq!(s.eliminations, cands(eliminations), "{name}");
}

/// The first step `t` finds on `b`, once its name, difficulty in tenths and
/// eliminations (as `(cell, digit)` pairs) are as given: for textbook
/// patterns on open boards, which have no unique solution to check against.
pub(crate) fn expect_first(
    b: &Board,
    t: Technique,
    (name, tenths): (&str, u16),
    eliminations: &[(usize, u8)],
) -> Step {
    let s = t
        .first(b, &mut Ctx::new(true))
        .unwrap_or_else(|| panic!("{name}: nothing"));
    assert_eq!(s.name, name);
    assert_eq!(s.difficulty.0, tenths, "{name}");
    let want: Vec<Candidate> = eliminations
        .iter()
        .map(|&(c, d)| Candidate::new(c, d))
        .collect();
    assert_eq!(s.eliminations, want, "{name}");
    s
}

#[test]
fn boards_from_text_agree_with_their_solution() {
    let b =
        board("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let s = solution(&b).unwrap();
    for (c, &v) in s.iter().enumerate() {
        assert!(b.value(c) == v || b.has(c, v));
    }
    assert!(!b.has(1, 4) && b.has(1, 1));
    let g = Geometry::shared_square(4).unwrap();
    let small = board_in(g, "1...............");
    assert_eq!(small.candidates(1), 0b1110);
    let mut text = String::new();
    for c in 0..81 {
        match b.value(c) {
            0 => {
                text += &format!(
                    "{} ",
                    (1..=9)
                        .filter(|&d| b.has(c, d))
                        .map(|d| char::from(b'0' + d))
                        .collect::<String>()
                )
            }
            v => text += &format!("={v} "),
        }
    }
    assert_eq!(board_from_marks(&text), b);
    let step = Step::new(Technique::HiddenSingle, "Hidden Single", 12);
    assert!(!step.is_progress());
}

/// The text of the file named by environment variable `var` (the serate
/// logs the ignored comparison tests replay), `None` when it is not set.
pub(crate) fn env_file(var: &str) -> Option<String> {
    let path = std::env::var(var).ok()?;
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{var}={path}: {e}")))
}
