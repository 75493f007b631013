//! Property tests: the Dancing Links engine against the reference
//! solver, and the reader against arbitrary input.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use exact_cover::{Branching, Problem, Solver};
use proptest::prelude::*;

use super::reference::{brute_force_count, check_solution, reference_solve, RefProblem};

/// Small random XCC problems: 1–6 primary items, 0–3 secondary items,
/// up to 3 colours, up to 12 options (each with at least one primary).
fn ref_problem() -> impl Strategy<Value = RefProblem> {
    (1usize..=6, 0usize..=3, 0u32..=3).prop_flat_map(|(np, ns, nc)| {
        let option = (
            1u32..(1 << np),
            0u32..(1 << ns),
            proptest::collection::vec(0..=nc, ns),
        );
        proptest::collection::vec(option, 0..=12).prop_map(move |raw| RefProblem {
            n_primary: np,
            n_secondary: ns,
            options: raw
                .into_iter()
                .map(|(pm, sm, colors)| {
                    let mut o: Vec<(usize, Option<u32>)> = (0..np)
                        .filter(|i| pm & (1 << i) != 0)
                        .map(|i| (i, None))
                        .collect();
                    for (s, &c) in colors.iter().enumerate() {
                        if sm & (1 << s) != 0 {
                            // Colour value nc (or any, when nc = 0) means
                            // "no colour".
                            o.push((np + s, (c < nc).then_some(c)));
                        }
                    }
                    o
                })
                .collect(),
        })
    })
}

/// Sorted solution sets of a run, checking each solution on the way.
fn engine_solutions(
    rp: &RefProblem,
    p: &Problem,
    branching: Branching,
) -> (BTreeSet<Vec<usize>>, u64) {
    let mut s = Solver::new(p);
    s.set_branching(branching);
    let mut out = BTreeSet::new();
    let summary = s.run(|sol| {
        check_solution(rp, sol).unwrap();
        let mut sorted = sol.to_vec();
        sorted.sort_unstable();
        assert!(out.insert(sorted), "solution reported twice");
        ControlFlow::Continue(())
    });
    assert!(summary.complete);
    assert_eq!(summary.solutions as usize, out.len());
    (out, summary.nodes)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        // The tests live in a module tree under tests/, where proptest
        // cannot place its regression files.
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn engine_matches_reference(rp in ref_problem()) {
        let (want, ref_nodes) = reference_solve(&rp);
        for sol in &want {
            check_solution(&rp, sol).unwrap();
        }
        prop_assert_eq!(want.len(), brute_force_count(&rp));

        let p = rp.to_problem();
        let (mrv, _) = engine_solutions(&rp, &p, Branching::Mrv);
        prop_assert_eq!(&mrv, &want);
        // Knuth mode makes exactly the reference's branching choices.
        let (knuth, knuth_nodes) = engine_solutions(&rp, &p, Branching::Knuth);
        prop_assert_eq!(&knuth, &want);
        prop_assert_eq!(knuth_nodes, ref_nodes);

        // The text form reads back to the same problem.
        let parsed = Problem::parse(&rp.to_text()).unwrap();
        prop_assert_eq!(parsed.num_options(), p.num_options());
        for o in 0..p.num_options() {
            prop_assert_eq!(parsed.format_option(o), p.format_option(o));
            prop_assert_eq!(parsed.option_line(o), Some(o + 3));
        }
        let (from_text, _) = engine_solutions(&rp, &parsed, Branching::Mrv);
        prop_assert_eq!(&from_text, &want);
    }

    #[test]
    fn limits_assumptions_and_reuse(rp in ref_problem(), k in 0u64..4, pick in any::<prop::sample::Index>()) {
        let (want, _) = reference_solve(&rp);
        let p = rp.to_problem();
        let mut s = Solver::new(&p);
        // Interrupted searches leave the solver reusable.
        s.set_limit(Some(k));
        let limited = s.count();
        prop_assert_eq!(limited.solutions, k.min(want.len() as u64));
        prop_assert_eq!(limited.complete, (k as usize) > want.len());
        s.set_limit(None);
        s.set_node_limit(Some(k));
        let budget = s.count();
        prop_assert!(budget.nodes <= k);
        s.set_node_limit(None);
        let full: BTreeSet<Vec<usize>> = s.solutions().map(|mut v| { v.sort_unstable(); v }).collect();
        prop_assert_eq!(&full, &want);

        // Assuming one option gives the solutions that contain it.
        if !rp.options.is_empty() {
            let o = pick.index(rp.options.len());
            s.set_assumptions(&[o]).unwrap();
            let with: BTreeSet<Vec<usize>> = s.solutions().map(|mut v| {
                assert_eq!(v[0], o);
                v.sort_unstable();
                v
            }).collect();
            let expected: BTreeSet<Vec<usize>> = want.iter().filter(|w| w.contains(&o)).cloned().collect();
            prop_assert_eq!(with, expected);
            // Assuming a whole solution gives exactly it.
            if let Some(w) = want.iter().next() {
                s.set_assumptions(w).unwrap();
                let got: Vec<Vec<usize>> = s.solutions().collect();
                prop_assert_eq!(got, vec![w.clone()]);
            }
            s.set_assumptions(&[]).unwrap();
        }
        prop_assert_eq!(s.count().solutions as usize, want.len());
    }

    #[test]
    fn reader_never_panics_on_text(text in "[abxy|: \t\r\nAB#é]{0,120}") {
        if let Ok(p) = Problem::parse(&text) {
            let mut s = Solver::new(&p);
            s.set_node_limit(Some(1000));
            let summary = s.run(|sol| {
                for &o in sol {
                    assert!(o < p.num_options());
                    let _ = p.format_option(o);
                }
                ControlFlow::Continue(())
            });
            prop_assert!(summary.nodes <= 1000);
        } else {
            let e = Problem::parse(&text).unwrap_err();
            prop_assert!(e.line >= 1);
            prop_assert!(e.line <= text.split('\n').count() + 1);
        }
    }

    #[test]
    fn reader_never_panics_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        match Problem::parse_bytes(&bytes) {
            Ok(p) => {
                let mut s = Solver::new(&p);
                s.set_node_limit(Some(1000));
                s.set_limit(Some(10));
                let _ = s.count();
            }
            Err(e) => prop_assert!(e.line >= 1),
        }
    }

    #[test]
    fn reader_never_panics_on_structured_text(
        lines in proptest::collection::vec("[ab|xy]{0,3}(:[AB:]{0,2})?( [ab|xy]{1,2}(:[AB]{0,1})?){0,4}", 0..8)
    ) {
        let text = lines.join("\n");
        if let Ok(p) = Problem::parse(&text) {
            let mut s = Solver::new(&p);
            s.set_node_limit(Some(1000));
            let _ = s.count();
            for o in 0..p.num_options() {
                let line = p.option_line(o).unwrap();
                prop_assert!(line <= lines.len());
            }
        }
    }
}
