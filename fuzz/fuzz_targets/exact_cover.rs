//! Knuth's exact-cover text format on arbitrary bytes, then a bounded
//! search: never a panic; every solution found is an exact cover; the two
//! branching rules agree on the count when both finish.
#![no_main]

use libfuzzer_sys::fuzz_target;

use exact_cover::{Branching, Problem, Solver};

const NODES: u64 = 20_000;

/// Whether `solution` covers every primary item exactly once and every
/// secondary item at most once (or with one colour).
fn is_cover(p: &Problem, solution: &[usize]) -> bool {
    let mut color: Vec<Option<Option<exact_cover::Color>>> = vec![None; p.num_items()];
    for &o in solution {
        for (item, c) in p.option_items(o) {
            let slot = &mut color[item.index()];
            match slot {
                None => *slot = Some(c),
                Some(prev) => {
                    if p.is_primary(item) || prev.is_none() || *prev != c {
                        return false;
                    }
                }
            }
        }
    }
    (0..p.num_items())
        .all(|i| !p.is_primary(exact_cover::ItemId::from_index(i)) || color[i].is_some())
}

fuzz_target!(|data: &[u8]| {
    let Ok(p) = Problem::parse_bytes(data) else {
        return;
    };
    let mut counts = Vec::new();
    for branching in [Branching::Mrv, Branching::Knuth] {
        let mut solver = Solver::new(&p);
        solver
            .set_node_limit(Some(NODES))
            .set_limit(Some(50))
            .set_branching(branching);
        let summary = solver.run(|s| {
            assert!(is_cover(&p, s), "not an exact cover: {s:?}");
            std::ops::ControlFlow::Continue(())
        });
        assert!(summary.nodes <= NODES);
        counts.push((summary.solutions, summary.complete));
    }
    if counts[0].1 && counts[1].1 {
        assert_eq!(counts[0].0, counts[1].0, "branching rules disagree");
    }
});
