//! The variant ladder on small committed puzzles: every step sound against
//! the solution, the words of each kind of step, and the classic rungs
//! that must not run on a variant board.

use crate::format::fpuzzles;
use crate::{Engine, Puzzle};

use super::super::board::Board;
use super::super::ctx::Ctx;
use super::super::step::Technique;
use super::super::test_util::assert_sound;

/// The puzzles of the committed corpus whose title contains `kind`.
fn corpus(kind: &str) -> Vec<(String, Puzzle)> {
    let all: serde_json::Value =
        serde_json::from_str(include_str!("../../../tests/data/variants/corpus.json")).unwrap();
    all.as_array()
        .unwrap()
        .iter()
        .filter(|e| e["title"].as_str().unwrap().contains(kind))
        .map(|e| {
            let title = e["title"].as_str().unwrap().to_owned();
            (title, fpuzzles::puzzle(e).unwrap())
        })
        .collect()
}

fn solution(p: &Puzzle) -> Vec<u8> {
    let mut engine = crate::engine::Variant::new();
    let s = engine.solve(p, 2).unwrap();
    assert_eq!(s.count, 1);
    let g = s.first.unwrap();
    g.cells()
        .iter()
        .map(|c| crate::Digit::value_of(*c))
        .collect()
}

/// Follows the variant path of `p` checking every step; the step names
/// and whether it solved the puzzle.
fn sound_path(title: &str, p: &Puzzle) -> (Vec<String>, bool) {
    let sol = solution(p);
    let mut b = Board::new(p).unwrap();
    assert!(b.is_variant(), "{title}");
    let mut ctx = Ctx::new(true);
    let mut names = Vec::new();
    while let Some(step) = super::super::next_step(&b, &mut ctx) {
        assert_sound(&b, &step, &sol);
        assert!(!step.text.is_empty(), "{title}: {step:?}");
        names.push(format!("{}: {}", step.name, step.text));
        b.apply(&step);
    }
    (names, b.is_solved())
}

#[test]
fn killer_cages_thermometers_and_dots_solve_soundly_in_words() {
    for kind in ["killercage ", "thermometer", "difference ", "xv ", "arrow"] {
        let puzzles = corpus(kind);
        assert!(!puzzles.is_empty(), "{kind}");
        for (title, p) in &puzzles[..1] {
            let (names, solved) = sound_path(title, p);
            assert!(solved, "{title}: {names:#?}");
        }
    }
}

#[test]
fn a_cage_step_names_its_combination() {
    let (_, p) = corpus("killercage ").remove(0);
    let (names, _) = sound_path("cage", &p);
    let cage = names
        .iter()
        .find(|n| n.starts_with("Killer Cage: cage "))
        .unwrap_or_else(|| panic!("{names:#?}"));
    assert!(cage.contains("combination"), "{cage}");
    assert!(cage.contains(", so r"), "{cage}");
}

#[test]
fn uniqueness_rungs_do_not_run_on_a_variant_board() {
    let (_, p) = corpus("killercage ").remove(0);
    let b = Board::new(&p).unwrap();
    assert!(!Technique::UniqueLoop.runs_on(&b));
    assert!(!Technique::Bug.runs_on(&b));
    assert!(Technique::Contradiction.runs_on(&b));
    let classic = super::super::test_util::board(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    );
    assert!(!classic.is_variant());
    assert!(!Technique::Constraint.runs_on(&classic));
}
