//! The public corpus of published variant puzzles
//! (`<bench-data>/variants/fpuzzles-cc-by-4.0.json`, CC BY 4.0; skipped with
//! a message when absent): each read from its f-puzzles string, counted to
//! 2 (one solution), solved and true-candidated to its published solution.

use sudokit::format::fpuzzles;
use sudokit::Grid;

use super::corpus::assert_unique;

/// The one entry whose published solution breaks its own encoded rules (a
/// between line and a region sum line; see /work/peers' check): the peer
/// solver, SudokuVariantSolverJS, finds another single solution that keeps
/// every encoded rule, and sudokit must find that one.
const EXCEPTION: &str = "Executive Function";

/// SudokuVariantSolverJS's solution of [`EXCEPTION`] (its true candidates,
/// one a cell, from the peer benchmark run).
const PEER_SOLUTION: &str =
    "612873594958421376374596218725134869861759432493268157547612983189347625236985741";

fn digits(s: &str) -> Vec<u8> {
    s.bytes().map(|b| b - b'0').collect()
}

#[test]
fn published_puzzles_have_their_published_solution() {
    let Some(entries) = crate::datasets::setter_corpus("the public variant corpus") else {
        return;
    };
    assert!(entries.len() >= 80, "{} entries", entries.len());
    let mut exception_seen = false;
    for e in entries {
        let title = e["title"].as_str().expect("a title");
        let (puzzle, _) = fpuzzles::parse(e["puzzle"].as_str().expect("a puzzle string"))
            .unwrap_or_else(|err| panic!("{title}: {err}"));
        let n = puzzle.size();
        let published = Grid::from_values(n, &digits(e["solution"].as_str().unwrap())).unwrap();
        if title == EXCEPTION {
            exception_seen = true;
            assert!(
                sudokit::validate(&puzzle, &published).is_err(),
                "{title}: the published solution now keeps the encoded rules; drop the exception"
            );
            let peer = Grid::from_values(n, &digits(PEER_SOLUTION)).unwrap();
            assert_unique(title, &puzzle, &peer);
        } else {
            assert_unique(title, &puzzle, &published);
        }
    }
    assert!(exception_seen, "{EXCEPTION} is no longer in the corpus");
}
