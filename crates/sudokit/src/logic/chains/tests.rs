//! Chaining tests: known positions from Sudoku Explainer's own step logs.

use std::ops::ControlFlow;

use super::super::board::Board;
use super::super::ladder::Ctx;
use super::super::step::{Candidate, Step, Technique};
use super::super::test_util::{all_sound, board_from_marks};

/// The chaining rungs in ladder order (aligned triples sit between the first two).
const RUNGS: [Technique; 11] = [
    Technique::ForcingChains,
    Technique::Nishio,
    Technique::MultipleChains,
    Technique::DynamicChains,
    Technique::DynamicPlus,
    Technique::Nested {
        level: 2,
        variant: 0,
    },
    Technique::Nested {
        level: 3,
        variant: 0,
    },
    Technique::Nested {
        level: 4,
        variant: 0,
    },
    Technique::Nested {
        level: 4,
        variant: 1,
    },
    Technique::Nested {
        level: 4,
        variant: 2,
    },
    Technique::Nested {
        level: 4,
        variant: 3,
    },
];

/// A board from Sudoku Explainer's 729-char pencil marks (one digit = placed).
fn board_729(marks: &str) -> Board {
    let b = marks.as_bytes();
    let mut text = String::new();
    for cell in 0..81 {
        let digits: String = b[cell * 9..cell * 9 + 9]
            .iter()
            .filter(|c| c.is_ascii_digit())
            .map(|&c| c as char)
            .collect();
        if digits.len() == 1 {
            text.push('=');
        }
        text.push_str(&digits);
        text.push(' ');
    }
    board_from_marks(&text)
}

fn first_chain(board: &Board) -> Option<Step> {
    let mut ctx = Ctx::new(false);
    RUNGS.iter().find_map(|t| t.first(board, &mut ctx))
}

/// "r4c6.3 on" -> (cell, digit, on).
fn potential(s: &str) -> (usize, u8, bool) {
    let s = s.trim();
    let b = s.as_bytes();
    let r = (b[1] - b'1') as usize;
    let c = (b[3] - b'1') as usize;
    let d = b[5] - b'0';
    (r * 9 + c, d, s[6..].trim().starts_with("on"))
}

/// What Sudoku Explainer's step description says is removed (None for cycles).
fn expected(board: &Board, desc: &str) -> Option<Vec<Candidate>> {
    let body = desc.split_once(": ")?.1;
    let (cell, d, on) = if desc.starts_with("Contradiction") || desc.starts_with("Nishio") {
        let (c, d, on) = potential(body.split("==>").next()?);
        (c, d, !on)
    } else if let Some((_, res)) = body.split_once("==>") {
        potential(res)
    } else if desc.starts_with("Forcing") {
        potential(body)
    } else {
        return None;
    };
    Some(if on {
        (1..=9)
            .filter(|&v| v != d && board.has(cell, v))
            .map(|v| Candidate::new(cell, v))
            .collect()
    } else {
        vec![Candidate::new(cell, d)]
    })
}

/// Compares with a Sudoku Explainer step log: lines `marks729|rating|description`
/// (from serate `--before='B %m' --after='A %r|%s'`), file in `SE_CASES`.
#[test]
#[ignore]
fn se_step_log() {
    let Ok(path) = std::env::var("SE_CASES") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let (mut ok, mut bad, mut skipped) = (0, 0, 0);
    for line in text.lines() {
        let mut parts = line.splitn(3, '|');
        let (marks, rating, desc) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        if !desc.contains("Chain") && !desc.contains("Cycle") {
            skipped += 1;
            continue;
        }
        let board = board_729(marks);
        let tenths: u16 = rating.replace('.', "").parse().unwrap();
        let got = first_chain(&board);
        let want = expected(&board, desc);
        let good = match &got {
            Some(s) => {
                let mut e = s.eliminations.clone();
                e.sort();
                s.difficulty.0 == tenths && want.as_ref().is_none_or(|w| *w == e)
            }
            None => false,
        };
        if good {
            ok += 1;
        } else {
            bad += 1;
            eprintln!(
                "MISMATCH {desc} [{rating}] want {want:?}\n   got {:?}",
                got.map(|s| (s.name, s.difficulty, s.eliminations))
            );
        }
    }
    eprintln!("ok {ok} bad {bad} skipped {skipped}");
    assert_eq!(bad, 0);
}

#[test]
fn nothing_to_find_on_a_solved_board() {
    let b = super::super::test_util::board(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    );
    let mut ctx = Ctx::new(true);
    for t in &RUNGS[..5] {
        let r = t.find(&b, &mut ctx, &mut |_| ControlFlow::Break(()));
        assert_eq!(r, ControlFlow::Continue(()));
    }
    let _ = all_sound;
}

/// Times each rung on the positions of `SE_CASES` (first line only).
#[test]
#[ignore]
fn rung_times() {
    let Ok(path) = std::env::var("SE_CASES") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().take(1) {
        let board = board_729(line.split('|').next().unwrap());
        for t in RUNGS {
            let start = std::time::Instant::now();
            let mut ctx = Ctx::new(false);
            let s = t.first(&board, &mut ctx);
            let found = s.is_some();
            eprintln!("{t:?}: {:?} {:?}", start.elapsed(), s.map(|s| s.difficulty));
            if found {
                break;
            }
        }
    }
}
