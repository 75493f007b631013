//! The generator: every puzzle made here is checked by another engine than
//! the one that made it (the generator proves with `Auto`, or `Dlx` above
//! 16x16; the checks use `Dlx` or `Dfs`): one solution, the generator's;
//! minimal when asked (every clue's removal re-checked); symmetric when asked;
//! the rating in range when asked (by the whole logical path, not the
//! bounded rating the generator uses).

use std::sync::Arc;

use sudokit::generate::{puzzle_seed, Generated, Generator, Shape, Spec, SpecError, Symmetry};
use sudokit::logic::{self, Board, Ctx, Difficulty, End, Fit, Level};
use sudokit::{validate, Cell, Dfs, Dlx, Engine, Extra, Geometry, Grid, Puzzle, Verdict};

/// Puzzles per case: a tenth unless at full scale ([`crate::common::full_scale`]).
fn many(release: u64) -> u64 {
    if !crate::common::full_scale() {
        (release / 10).max(2)
    } else {
        release
    }
}

fn classic() -> Shape {
    Shape::Fixed(Geometry::shared_square(9).unwrap())
}

fn spec(shape: Shape) -> Spec {
    Spec::new(shape)
}

/// One solution, the generator's, by another engine; the solution valid.
fn assert_unique(made: &Generated, other: &mut dyn Engine) {
    let answer = other.solve(&made.puzzle, 2).unwrap();
    assert_eq!(
        answer.verdict(),
        Some(Verdict::Unique),
        "{:?}",
        made.puzzle.givens()
    );
    assert_eq!(answer.first.as_ref(), Some(&made.solution));
    validate(&made.puzzle, &made.solution).unwrap();
    // The givens are the solution's.
    for (g, s) in made
        .puzzle
        .givens()
        .cells()
        .iter()
        .zip(made.solution.cells())
    {
        assert!(g.is_none() || g == s);
    }
}

/// Every clue's removal gives a puzzle with several solutions.
fn assert_minimal(made: &Generated, other: &mut dyn Engine) {
    let givens = made.puzzle.givens();
    for cell in 0..givens.cells().len() {
        if givens.cells()[cell].is_none() {
            continue;
        }
        let mut fewer = givens.clone();
        fewer.set(Cell(cell as u32), None);
        let p = Puzzle::new(Arc::clone(made.puzzle.geometry()), fewer).unwrap();
        let answer = other.solve(&p, 2).unwrap();
        assert_eq!(
            answer.verdict(),
            Some(Verdict::Multiple),
            "clue {cell} could go"
        );
    }
}

fn assert_symmetric(givens: &Grid, symmetry: Symmetry) {
    let n = givens.size();
    for c in 0..n * n {
        let image = symmetry.map(c, n);
        assert_eq!(
            givens.cells()[c].is_some(),
            givens.cells()[image].is_some(),
            "{symmetry}: cells {c} and {image}"
        );
    }
}

fn er(puzzle: &Puzzle) -> Difficulty {
    let path = logic::solve_path(Board::new(puzzle).unwrap(), &mut Ctx::new(false), false);
    assert_eq!(path.end, End::Solved);
    path.rating.er
}

#[test]
fn classic_puzzles_are_unique_and_minimal_by_another_engine() {
    let mut g = Generator::new(spec(classic())).unwrap();
    let mut dlx = Dlx::new();
    for seed in 0..many(100) {
        let made = g.generate(puzzle_seed(1, seed)).unwrap();
        assert_unique(&made, &mut dlx);
        // Without a clue target the pass runs to the end: minimal.
        assert_minimal(&made, &mut dlx);
        assert_eq!(made.tally.tries, 1);
    }
}

#[test]
fn every_symmetry_holds_and_minimal_symmetric_puzzles_are_minimal() {
    let mut dlx = Dlx::new();
    for symmetry in Symmetry::ALL {
        let mut s = spec(classic());
        s.symmetry = symmetry;
        let mut g = Generator::new(s).unwrap();
        for seed in 0..many(20) {
            let made = g.generate(puzzle_seed(2, seed)).unwrap();
            assert_unique(&made, &mut dlx);
            assert_symmetric(made.puzzle.givens(), symmetry);
        }
    }
    let mut s = spec(classic());
    s.symmetry = Symmetry::Rotate180;
    s.minimal = true;
    let mut g = Generator::new(s).unwrap();
    for seed in 0..many(10) {
        let made = g.generate(puzzle_seed(3, seed)).unwrap();
        assert_unique(&made, &mut dlx);
        assert_symmetric(made.puzzle.givens(), Symmetry::Rotate180);
        assert_minimal(&made, &mut dlx);
    }
}

#[test]
fn clue_targets_are_met() {
    let mut dlx = Dlx::new();
    let mut s = spec(classic());
    s.clues = Some((30, 32));
    let mut g = Generator::new(s).unwrap();
    for seed in 0..many(50) {
        let made = g.generate(puzzle_seed(4, seed)).unwrap();
        assert_unique(&made, &mut dlx);
        assert!((30..=32).contains(&made.puzzle.givens().filled()));
    }
    // An open range removes as far as it can, not below its low end.
    let mut s = spec(classic());
    s.clues = Some((27, usize::MAX));
    let mut g = Generator::new(s).unwrap();
    for seed in 0..many(20) {
        let made = g.generate(puzzle_seed(13, seed)).unwrap();
        assert_unique(&made, &mut dlx);
        let clues = made.puzzle.givens().filled();
        assert!((27..=32).contains(&clues), "{clues}");
    }
    let mut s = spec(classic());
    s.clues = Some((22, 23));
    s.minimal = true;
    let mut g = Generator::new(s).unwrap();
    for seed in 0..many(20) {
        let made = g.generate(puzzle_seed(5, seed)).unwrap();
        assert_unique(&made, &mut dlx);
        assert_minimal(&made, &mut dlx);
        assert!((22..=23).contains(&made.puzzle.givens().filled()));
    }
}

#[test]
fn ratings_are_in_range_by_the_whole_path() {
    let mut dlx = Dlx::new();
    let targets = [
        Level::Easy.range(),
        Level::Medium.range(),
        Level::Hard.range(),
        Level::Expert.range(),
        (Difficulty(70), None),
    ];
    for (k, (low, high)) in targets.into_iter().enumerate() {
        let mut s = spec(classic());
        s.rating = Some((low, high));
        let mut g = Generator::new(s).unwrap();
        for seed in 0..many(20) {
            let made = g.generate(puzzle_seed(6 + k as u64, seed)).unwrap();
            assert_unique(&made, &mut dlx);
            let er = er(&made.puzzle);
            assert!(
                er >= low && high.is_none_or(|h| er <= h),
                "{er} for {low}..{high:?}"
            );
            if let Some(r) = made.rating {
                assert_eq!(r.er, er);
            }
        }
    }
}

/// Chains rate 9x9 jigsaws: expert targets are met there, by the whole path.
#[test]
fn expert_jigsaws_are_in_range_by_the_whole_path() {
    let mut dfs = Dfs::new();
    let (low, high) = Level::Expert.range();
    let mut s = spec(Shape::Jigsaw {
        size: 9,
        extras: vec![],
    });
    s.rating = Some((low, high));
    let mut g = Generator::new(s).unwrap();
    for seed in 0..many(10) {
        let made = g.generate(puzzle_seed(31, seed)).unwrap();
        assert_unique(&made, &mut dfs);
        let er = er(&made.puzzle);
        assert!(er >= low && high.is_none_or(|h| er <= h), "{er}");
    }
}

/// The bounded rating classifies as the whole path does.
#[test]
fn rate_within_agrees_with_the_whole_path() {
    let mut g = Generator::new(spec(classic())).unwrap();
    let ranges = [
        (Difficulty(0), Some(Difficulty(19))),
        (Difficulty(20), Some(Difficulty(39))),
        (Difficulty(24), None),
        (Difficulty(40), Some(Difficulty(64))),
        (Difficulty(65), Some(Difficulty(89))),
        (Difficulty(66), None),
        (Difficulty(70), None),
        (Difficulty(75), Some(Difficulty(85))),
        (Difficulty(90), None),
    ];
    for seed in 0..many(300) {
        let made = g.generate(puzzle_seed(12, seed)).unwrap();
        let er = er(&made.puzzle);
        for (low, high) in ranges {
            let board = Board::new(&made.puzzle).unwrap();
            let fit = logic::rate_within(board, low, high, &mut Ctx::new(false));
            let inside = er >= low && high.is_none_or(|h| er <= h);
            match fit {
                Fit::Within { er: got, rating } => {
                    assert_eq!(got, er);
                    assert!(rating.is_none_or(|r| r.er == er));
                }
                Fit::AtLeast => assert!(high.is_none() && er >= low, "{er} {low}"),
                Fit::Below(r) => {
                    assert!(er < low, "{er} {low}");
                    assert!(r.is_none_or(|r| r.er == er));
                }
                Fit::Above => assert!(high.is_some_and(|h| er > h), "{er} {high:?}"),
                Fit::TimedOut => panic!("no deadline"),
            }
            assert_eq!(
                inside,
                matches!(fit, Fit::Within { .. } | Fit::AtLeast),
                "{er} {low}..{high:?}"
            );
        }
    }
}

#[test]
fn other_geometries_are_unique_by_another_engine() {
    let mut dlx = Dlx::new();
    let mut dfs = Dfs::new();
    let boxed = |r, c| Shape::Fixed(Arc::new(Geometry::boxed(r, c).unwrap()));
    let extra = |e| Shape::Fixed(Arc::new(Geometry::classic().with_extra(e).unwrap()));
    let shapes = [
        (boxed(2, 2), 10),
        (boxed(2, 3), 10),
        (boxed(2, 4), 5),
        (boxed(3, 4), 2),
        (extra(Extra::Diagonals), 5),
        (extra(Extra::Windows), 5),
        (
            Shape::Jigsaw {
                size: 9,
                extras: vec![],
            },
            3,
        ),
        (
            Shape::Jigsaw {
                size: 7,
                extras: vec![],
            },
            3,
        ),
        (
            Shape::Jigsaw {
                size: 9,
                extras: vec![Extra::Diagonals],
            },
            1,
        ),
    ];
    for (k, (shape, count)) in shapes.into_iter().enumerate() {
        let mut g = Generator::new(spec(shape)).unwrap();
        for seed in 0..count {
            let made = g.generate(puzzle_seed(20 + k as u64, seed)).unwrap();
            assert_unique(&made, &mut dlx);
            if made.puzzle.size() <= 8 {
                assert_minimal(&made, &mut dfs);
            }
        }
    }
}

#[test]
fn symmetric_jigsaws_have_symmetric_regions_and_clues() {
    let mut dlx = Dlx::new();
    for symmetry in [Symmetry::Rotate180, Symmetry::Diagonal] {
        let mut s = spec(Shape::Jigsaw {
            size: 9,
            extras: vec![],
        });
        s.symmetry = symmetry;
        let mut g = Generator::new(s).unwrap();
        let made = g.generate(puzzle_seed(30, symmetry as u64)).unwrap();
        assert_unique(&made, &mut dlx);
        assert_symmetric(made.puzzle.givens(), symmetry);
        let geometry = made.puzzle.geometry();
        // Regions map onto regions.
        let mut image = [usize::MAX; 9];
        for c in 0..81 {
            let (r, m) = (
                geometry.region_of(Cell(c as u32)),
                geometry.region_of(Cell(symmetry.map(c, 9) as u32)),
            );
            assert!(image[r] == usize::MAX || image[r] == m, "{symmetry}");
            image[r] = m;
        }
    }
}

#[test]
fn big_grids_are_unique_by_another_engine() {
    let mut dfs = Dfs::new();
    let mut g = Generator::new(spec(Shape::Fixed(Geometry::shared_square(16).unwrap()))).unwrap();
    let made = g.generate(puzzle_seed(40, 0)).unwrap();
    assert_unique(&made, &mut dfs);
}

#[test]
fn a_seed_gives_the_same_puzzle_every_time() {
    let make = |seed| {
        let mut s = spec(classic());
        s.symmetry = Symmetry::Vertical;
        Generator::new(s).unwrap().generate(seed).unwrap()
    };
    let (a, b, c) = (make(77), make(77), make(78));
    assert_eq!(a.puzzle.givens(), b.puzzle.givens());
    assert_eq!(a.solution, b.solution);
    assert_ne!(a.puzzle.givens(), c.puzzle.givens());
    // Per-puzzle seeds are distinct for nearby runs and indices.
    let mut seeds: Vec<u64> = (0..50)
        .flat_map(|s| (0..50).map(move |i| puzzle_seed(s, i)))
        .collect();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 2500);
}

#[test]
fn impossible_specs_are_refused_with_the_reason() {
    let mut s = spec(Shape::Fixed(Arc::new(Geometry::boxed(2, 3).unwrap())));
    s.symmetry = Symmetry::Rotate90;
    let e = Generator::new(s).unwrap_err();
    assert!(matches!(e, SpecError::Symmetry(_)), "{e}");

    let mut s = spec(classic());
    s.clues = Some((82, 95));
    assert!(matches!(
        Generator::new(s).unwrap_err(),
        SpecError::Clues { .. }
    ));

    let mut s = spec(Shape::Fixed(Geometry::shared_square(16).unwrap()));
    s.rating = Some((Difficulty(70), None));
    let e = Generator::new(s).unwrap_err();
    assert!(e.to_string().contains("16x16"), "{e}");
    // Chains run on every 9x9 grid: X and windoku, boxes or regions.
    for extra in [Extra::Diagonals, Extra::Windows] {
        let g = Geometry::classic().with_extra(extra.clone()).unwrap();
        let mut s = spec(Shape::Fixed(Arc::new(g)));
        s.rating = Some((Difficulty(65), None));
        assert!(Generator::new(s).is_ok(), "{extra:?}");
    }
    let mut s = spec(Shape::Jigsaw {
        size: 9,
        extras: vec![Extra::Diagonals],
    });
    s.rating = Some((Difficulty(65), None));
    assert!(Generator::new(s).is_ok());
    let mut s = spec(Shape::Jigsaw {
        size: 9,
        extras: vec![],
    });
    s.rating = Some((Difficulty(90), None));
    assert!(Generator::new(s).is_ok());

    // Ranges no puzzle rates in, or empty.
    for (low, high) in [
        (Difficulty(sudokit::generate::MAX_ER.0 + 1), None),
        (Difficulty(990), Some(Difficulty(990))),
        (Difficulty(0), Some(Difficulty(5))),
    ] {
        let mut s = spec(classic());
        s.rating = Some((low, high));
        let e = Generator::new(s).unwrap_err();
        assert!(
            matches!(e, SpecError::RatingUnreachable { .. }),
            "{low} {high:?}: {e}"
        );
    }
    let mut s = spec(classic());
    s.rating = Some((Difficulty(50), Some(Difficulty(30))));
    assert!(matches!(
        Generator::new(s).unwrap_err(),
        SpecError::Rating { .. }
    ));

    let s = spec(Shape::Fixed(Arc::new(Geometry::boxed(7, 7).unwrap())));
    assert!(matches!(
        Generator::new(s).unwrap_err(),
        SpecError::Size { size: 49 }
    ));

    let s = spec(Shape::Jigsaw {
        size: 3,
        extras: vec![],
    });
    assert!(matches!(
        Generator::new(s).unwrap_err(),
        SpecError::JigsawSize { size: 3 }
    ));

    let mut s = spec(Shape::Jigsaw {
        size: 6,
        extras: vec![],
    });
    s.symmetry = Symmetry::Rotate90;
    let e = Generator::new(s).unwrap_err();
    assert!(
        matches!(e, SpecError::JigsawSymmetry { size: 6, .. }),
        "{e}"
    );

    let s = spec(Shape::Jigsaw {
        size: 9,
        extras: vec![Extra::Windows],
    });
    assert!(matches!(
        Generator::new(s).unwrap_err(),
        SpecError::Geometry(_)
    ));
}

#[test]
fn an_unreachable_target_gives_up_after_its_tries() {
    let mut s = spec(classic());
    s.clues = Some((17, 18));
    s.minimal = true;
    s.max_tries = 3;
    let e = Generator::new(s).unwrap().generate(1).unwrap_err();
    assert_eq!(e.tally.tries, 3);
    assert_eq!(e.tally.off_clues, 3);
    assert!(e.to_string().contains("gave up after 3 tries"), "{e}");
}

#[test]
fn a_deadline_ends_the_tries_and_any_try_in_progress() {
    use std::time::{Duration, Instant};
    // A 25x25 jigsaw try (layout, fill, checks) takes far longer than 100 ms
    // in this build; a rare rating target takes many tries.
    for (shape, rating) in [
        (
            Shape::Jigsaw {
                size: 25,
                extras: vec![],
            },
            None,
        ),
        (classic(), Some((Difficulty(99), None))),
    ] {
        let mut s = spec(shape);
        s.rating = rating;
        let start = Instant::now();
        s.deadline = Some(start + Duration::from_millis(100));
        let e = Generator::new(s).unwrap().generate(1).unwrap_err();
        assert!(e.timed_out);
        assert!(e.to_string().contains("(time limit)"), "{e}");
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
    }
}
