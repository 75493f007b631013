//! The builder, the solver's settings, reuse and the free function.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use exact_cover::{solve, Branching, ItemId, Problem, ProblemError, Solver, UnknownOption};

use super::models;

#[test]
fn builder_errors() {
    let mut p = Problem::new();
    let a = p.add_primary("a");
    let x = p.add_secondary("x");
    let red = p.color("red");
    assert_eq!(p.add_option(&[]), Err(ProblemError::EmptyOption));
    assert_eq!(p.add_option(&[a, a]), Err(ProblemError::RepeatedItem(a)));
    let ghost = ItemId::from_index(7);
    assert_eq!(
        p.add_option(&[a, ghost]),
        Err(ProblemError::UnknownItem(ghost))
    );
    assert_eq!(
        p.add_option_colored(&[(a, Some(red))]),
        Err(ProblemError::ColorOnPrimary(a))
    );
    assert_eq!(p.add_option(&[x]), Err(ProblemError::NoPrimaryItem));
    let mut other = Problem::new();
    other.color("u");
    let blue = other.color("v");
    assert_eq!(
        p.add_option_colored(&[(a, None), (x, Some(blue))]),
        Err(ProblemError::UnknownColor(blue))
    );
    // Failed additions leave the problem unchanged.
    assert_eq!(p.num_options(), 0);
    assert_eq!(p.add_option_colored(&[(a, None), (x, Some(red))]), Ok(0));
    assert_eq!(p.format_option(0), "a x:red");
    assert_eq!(p.option_line(0), None);
    assert_eq!(p.add_option(&[x, a]), Ok(1));
    assert_eq!(p.format_option(1), "x a");
    for e in [
        ProblemError::EmptyOption,
        ProblemError::RepeatedItem(a),
        ProblemError::TooLarge,
    ] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn problem_accessors() {
    let mut p = Problem::new();
    let x = p.add_secondary("x");
    let a = p.add_primary("a");
    let unnamed = p.add_primary("");
    assert_eq!(
        (p.num_items(), p.num_primary(), p.num_secondary()),
        (3, 2, 1)
    );
    assert!(p.is_primary(a) && !p.is_primary(x) && !p.is_primary(ItemId::from_index(9)));
    assert_eq!(p.find_item("a"), Some(a));
    assert_eq!(p.find_item("zz"), None);
    assert_eq!(p.item_name(x), "x");
    let c = p.color("c");
    assert_eq!(p.color("c"), c);
    assert_eq!(p.find_color("c"), Some(c));
    assert_eq!(p.num_colors(), 1);
    p.add_option_colored(&[(x, Some(c)), (unnamed, None), (a, None)])
        .unwrap();
    assert_eq!(p.format_option(0), "x:c #2 a");
    let items: Vec<_> = p.option_items(0).collect();
    assert_eq!(items, [(x, Some(c)), (unnamed, None), (a, None)]);
    // Secondary declared first still works: one solution.
    assert_eq!(solve(&p, None).count, 1);
}

#[test]
fn limits_visitor_and_iterator() {
    let p = models::queens(6);
    let mut s = Solver::new(&p);
    let all: Vec<Vec<usize>> = s.solutions().collect();
    assert_eq!(all.len(), 4);
    assert!(s.is_complete());
    let nodes = s.nodes();
    assert!(nodes > 0 && s.updates() > 0);

    // The visitor sees the same solutions in the same order.
    let mut seen = Vec::new();
    let summary = s.run(|sol| {
        seen.push(sol.to_vec());
        ControlFlow::Continue(())
    });
    assert_eq!(seen, all);
    assert_eq!(summary.solutions, 4);
    assert_eq!(summary.nodes, nodes);
    assert!(summary.complete);

    // Stopping from the visitor.
    let summary = s.run(|_| ControlFlow::Break(()));
    assert_eq!(summary.solutions, 1);
    assert!(!summary.complete);

    // Solution limits.
    for k in 0..6 {
        s.set_limit(Some(k));
        let summary = s.count();
        assert_eq!(summary.solutions, k.min(4));
        assert_eq!(summary.complete, k > 4, "k = {k}");
        let r = solve(&p, Some(k));
        assert_eq!(r.count, k.min(4));
        assert_eq!(r.first.is_some(), k > 0);
    }
    s.set_limit(None);
    assert_eq!(s.first(), Some(all[0].clone()));
    assert_eq!(s.count().solutions, 4);

    // Node limit.
    s.set_node_limit(Some(5));
    let summary = s.count();
    assert_eq!(summary.nodes, 5);
    assert!(!summary.complete);
    s.set_node_limit(None);
    assert_eq!(s.count().solutions, 4);

    // Iterator stopped half way, then a fresh run.
    {
        let mut it = s.solutions();
        assert_eq!(it.next_solution(), Some(&all[0][..]));
        assert_eq!(it.summary().solutions, 1);
    }
    assert_eq!(s.count(), summary_of(&p));
}

#[test]
fn a_deadline_stops_a_long_search_and_says_so() {
    use std::time::{Duration, Instant};
    // 14 queens: 365,596 solutions, seconds of search.
    let p = models::queens(14);
    let mut s = Solver::new(&p);
    s.set_deadline(Some(Instant::now() + Duration::from_millis(50)));
    let start = Instant::now();
    let summary = s.count();
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(!summary.complete);
    assert!(s.timed_out());
    assert!(summary.solutions < 365_596);
    // A deadline already passed stops the next run at its first node.
    let summary = s.count();
    assert!(s.timed_out() && summary.nodes == 0 && !summary.complete);
    // A node limit is not a timeout; a deadline far away changes nothing.
    s.set_deadline(Some(Instant::now() + Duration::from_secs(3600)));
    s.set_node_limit(Some(2000));
    let summary = s.count();
    assert!(!s.timed_out() && !summary.complete);
    assert_eq!(summary.nodes, 2000);
    let small = models::queens(6);
    s.load(&small);
    s.set_node_limit(None);
    assert_eq!(s.count(), summary_of(&small));
    assert!(!s.timed_out());
    s.set_deadline(None);
    assert_eq!(s.count(), summary_of(&small));
}

#[test]
fn a_raised_interrupt_flag_stops_a_long_search_from_another_thread() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::Duration;
    // 14 queens: 365,596 solutions, seconds of search.
    let p = models::queens(14);
    let mut s = Solver::new(&p);
    let flag = Arc::new(AtomicBool::new(false));
    s.set_interrupt(Some(Arc::clone(&flag)));
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let summary = s.count();
    raiser.join().unwrap();
    assert!(!summary.complete && s.interrupted() && !s.timed_out());
    assert!(summary.solutions < 365_596);
    // Still raised: the next run stops at its first node; lowered, the flag
    // changes nothing.
    let summary = s.count();
    assert!(s.interrupted() && summary.nodes == 0 && !summary.complete);
    flag.store(false, Ordering::Relaxed);
    let small = models::queens(6);
    s.load(&small);
    assert_eq!(s.count(), summary_of(&small));
    assert!(!s.interrupted());
}

fn summary_of(p: &Problem) -> exact_cover::Summary {
    Solver::new(p).count()
}

#[test]
fn branching_modes_agree_on_solutions() {
    let p = models::queens(8);
    let mut s = Solver::new(&p);
    let mrv: BTreeSet<Vec<usize>> = s.solutions().collect();
    let mrv_nodes = s.nodes();
    s.set_branching(Branching::Knuth);
    let knuth: BTreeSet<Vec<usize>> = s.solutions().collect();
    assert_eq!(mrv, knuth);
    assert_eq!(mrv.len(), 92);
    assert!(mrv_nodes <= s.nodes() + s.nodes() / 2);
}

#[test]
fn reuse_across_problems() {
    // An unloaded solver holds the empty problem: one (empty) solution.
    let mut s = Solver::default();
    assert_eq!(s.count().solutions, 1);
    for n in [8, 4, 6, 1, 8] {
        s.load(&models::queens(n));
        let want = [0, 1, 0, 0, 2, 10, 4, 40, 92][n];
        assert_eq!(s.count().solutions, want, "n = {n}");
    }
    // A cleared problem can be refilled.
    let mut p = models::queens(8);
    p.clear();
    assert_eq!(p.num_items(), 0);
    assert_eq!(p.num_options(), 0);
    let a = p.add_primary("a");
    p.add_option(&[a]).unwrap();
    p.add_option(&[a]).unwrap();
    s.load(&p);
    assert_eq!(s.count().solutions, 2);
    // Stop mid-search, then load another problem.
    s.load(&models::queens(8));
    s.set_limit(Some(3));
    assert_eq!(s.count().solutions, 3);
    s.load(&models::queens(6));
    s.set_limit(None);
    assert_eq!(s.count().solutions, 4);
}

#[test]
fn empty_problems() {
    // No items: the empty set is the unique solution.
    let p = Problem::new();
    let r = solve(&p, None);
    assert_eq!((r.count, r.complete), (1, true));
    assert_eq!(r.first, Some(vec![]));
    // A primary item without options: no solution.
    let mut p = Problem::new();
    p.add_primary("a");
    p.add_secondary("x");
    let r = solve(&p, None);
    assert_eq!((r.count, r.complete, r.nodes), (0, true, 1));
}

#[test]
fn assumptions() {
    let p = models::queens(8);
    let mut s = Solver::new(&p);
    let all: Vec<Vec<usize>> = s.solutions().collect();
    assert_eq!(s.set_assumptions(&[64]), Err(UnknownOption(64)));
    assert!(UnknownOption(64).to_string().contains("64"));
    for option in [0, 1, 9, 27, 63] {
        s.set_assumptions(&[option]).unwrap();
        let with: Vec<Vec<usize>> = s.solutions().collect();
        let want = all.iter().filter(|sol| sol.contains(&option)).count();
        assert_eq!(with.len(), want, "option {option}");
        for sol in &with {
            assert_eq!(sol[0], option);
            let mut sorted = sol.clone();
            sorted.sort_unstable();
            assert!(all.iter().any(|a| {
                let mut a = a.clone();
                a.sort_unstable();
                a == sorted
            }));
        }
    }
    // A whole solution assumed: exactly that solution, no search node.
    s.set_assumptions(&all[5]).unwrap();
    let r = s.count();
    assert_eq!((r.solutions, r.nodes, r.complete), (1, 0, true));
    // Conflicting assumptions (same row; same diagonal): none.
    s.set_assumptions(&[0, 1]).unwrap();
    assert_eq!(s.count().solutions, 0);
    s.set_assumptions(&[0, 9]).unwrap();
    assert_eq!(s.count().solutions, 0);
    // Interrupted assumed search, then back to no assumptions.
    s.set_assumptions(&[3]).unwrap();
    s.set_limit(Some(1));
    assert_eq!(s.count().solutions, 1);
    s.set_limit(None);
    s.set_assumptions(&[]).unwrap();
    assert_eq!(s.count().solutions, 92);
}

#[test]
fn colored_assumptions() {
    let p = Problem::parse(models::KNUTH_COLORS).unwrap();
    let mut s = Solver::new(&p);
    // q x:A and p r x:A y share x with colour A: compatible.
    s.set_assumptions(&[3, 1]).unwrap();
    assert_eq!(s.count().solutions, 1);
    // p x:B and q x:A: conflicting colours.
    s.set_assumptions(&[2, 3]).unwrap();
    assert_eq!(s.count().solutions, 0);
    // p q x y:A and r y:B: conflicting colours on y.
    s.set_assumptions(&[0, 4]).unwrap();
    assert_eq!(s.count().solutions, 0);
    // q x:A alone: the search completes it.
    s.set_assumptions(&[3]).unwrap();
    let sols: Vec<_> = s.solutions().collect();
    assert_eq!(sols, [vec![3, 1]]);
}

#[test]
fn debug_impls() {
    let p = models::queens(4);
    let s = Solver::new(&p);
    assert!(format!("{s:?}").contains("Solver"));
    assert!(format!("{p:?}").contains("Problem"));
}
