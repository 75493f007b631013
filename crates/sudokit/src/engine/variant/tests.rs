use std::sync::Arc;

use super::Variant;
use crate::digits::Cell;
use crate::engine::Engine;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::variant::{Constraint, Pair, PairRule, Parity};

fn empty(n: usize) -> Puzzle {
    Puzzle::new(Arc::new(Geometry::square(n).unwrap()), Grid::empty(n)).unwrap()
}

#[test]
fn counts_every_4x4_grid_without_constraints() {
    let mut e = Variant::new();
    let s = e.solve(&empty(4), 1000).unwrap();
    assert_eq!(s.count, 288);
    assert!(s.complete);
}

#[test]
fn a_constraint_cuts_the_count_as_brute_force_says() {
    let n = 4;
    // Every 4x4 grid, by the engine without constraints.
    let mut all = Vec::new();
    let mut e = Variant::new();
    e.solve_with(&empty(n), 1000, &mut |g: &Grid| {
        all.push(g.to_values());
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    let rules = vec![
        Constraint::Pair(Pair {
            cells: [Cell(0), Cell(1)],
            rule: PairRule::Difference(1),
            kind: "difference",
        }),
        Constraint::Parity(Parity {
            cell: Cell(5),
            odd: true,
        }),
        Constraint::Pair(Pair {
            cells: [Cell(10), Cell(14)],
            rule: PairRule::Ratio(2),
            kind: "ratio",
        }),
    ];
    let brute = all
        .iter()
        .filter(|v| {
            (v[0] as i32 - v[1] as i32).abs() == 1
                && v[5] % 2 == 1
                && (v[10] == 2 * v[14] || v[14] == 2 * v[10])
        })
        .count() as u64;
    let p = empty(n).with_constraints(rules).unwrap();
    let s = e.solve(&p, 1000).unwrap();
    assert_eq!(s.count, brute);
    let tc = e.true_candidates(&p, 1).unwrap();
    let generic = crate::engine::candidates::by_solving(
        &mut crate::engine::Dfs::new(),
        &p.clone().with_constraints(Vec::new()).unwrap(),
        1,
    )
    .unwrap();
    assert_eq!(
        generic.candidates,
        e.true_candidates(&empty(n), 1).unwrap().candidates
    );
    for c in 0..16 {
        let mut want = 0u64;
        for v in &all {
            if (v[0] as i32 - v[1] as i32).abs() == 1
                && v[5] % 2 == 1
                && (v[10] == 2 * v[14] || v[14] == 2 * v[10])
            {
                want |= 1 << (v[c] - 1);
            }
        }
        assert_eq!(tc.candidates[c].0, want, "cell {c}");
    }
}

#[test]
fn true_candidates_of_a_grid_with_many_solutions_are_complete() {
    // More solutions than the first pass asks for, and more nodes than its
    // short bound in the searches after it: every digit everywhere.
    let mut e = Variant::new();
    let tc = e.true_candidates(&empty(6), 1).unwrap();
    assert!(tc.complete, "{:?}", tc.stopped);
    assert_eq!(tc.stopped, None);
    assert!(tc.stats.nodes > 300, "{} nodes", tc.stats.nodes);
    assert!(tc.candidates.iter().all(|c| c.0 == 0b11_1111));
}
