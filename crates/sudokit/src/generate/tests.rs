//! The spec's bounds against the logic module they come from.

use super::*;
use crate::logic::{Technique, LADDER};

#[test]
fn the_rating_bounds_come_from_the_ladder() {
    // The easiest step is a hidden single; no rung starts above the
    // highest ER a target may ask for.
    assert_eq!(least_er(), Technique::HiddenSingle.floor());
    let top = LADDER.iter().map(|t| t.floor()).max().unwrap();
    assert!(top < MAX_ER, "{top} {MAX_ER}");
    assert_eq!(least_chain_er(), Technique::ForcingChains.floor());
    assert_eq!(check_rating(Difficulty(0), None), Ok(()));
    assert_eq!(check_rating(MAX_ER, None), Ok(()));
    assert_eq!(check_rating(Difficulty(0), Some(least_er())), Ok(()));
    let past = Difficulty(MAX_ER.0 + 1);
    assert_eq!(
        check_rating(past, None),
        Err(SpecError::RatingUnreachable {
            low: past,
            high: None
        })
    );
    let below = Difficulty(least_er().0 - 1);
    assert!(matches!(
        check_rating(Difficulty(0), Some(below)),
        Err(SpecError::RatingUnreachable { .. })
    ));
    assert!(matches!(
        check_rating(Difficulty(50), Some(Difficulty(30))),
        Err(SpecError::Rating { .. })
    ));
}

#[test]
fn chains_rate_every_nine_by_nine_grid() {
    let rows: Vec<usize> = (0..81).map(|c| c / 9).collect();
    let yes = [
        Geometry::classic(),
        Geometry::boxed(1, 9).unwrap(),
        Geometry::jigsaw(9, &rows).unwrap(),
        Geometry::classic().with_extra(Extra::Diagonals).unwrap(),
        Geometry::classic().with_extra(Extra::Windows).unwrap(),
    ];
    for g in &yes {
        assert!(chains_rate(g), "{g}");
    }
    for g in &[Geometry::square(16).unwrap(), Geometry::square(6).unwrap()] {
        assert!(!chains_rate(g), "{g}");
    }
}

#[test]
fn jigsaws_above_nine_get_the_smaller_check_budget() {
    let jigsaw = |size| Shape::Jigsaw {
        size,
        extras: Vec::new(),
    };
    let boxed = |n| Shape::Fixed(Geometry::shared_square(n).unwrap());
    assert_eq!(Spec::check_nodes_for(&jigsaw(9)), 2_000_000);
    assert_eq!(Spec::check_nodes_for(&boxed(9)), 2_000_000);
    assert_eq!(Spec::check_nodes_for(&boxed(16)), 500_000);
    assert_eq!(Spec::check_nodes_for(&jigsaw(16)), Spec::JIGSAW_CHECK_NODES);
    assert_eq!(Spec::new(jigsaw(12)).check_nodes, Spec::JIGSAW_CHECK_NODES);
    assert_eq!(Spec::check_nodes_for(&jigsaw(25)), 5_000);
}
