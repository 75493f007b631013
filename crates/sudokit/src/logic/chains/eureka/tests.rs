//! Tests of the Eureka chains: links valid on the board, exact chains on
//! Sudoku Explainer positions, rule links, Turbot Fish.

use super::super::tests::{board_729, RUNGS, SE_STEPS};
use super::*;
use crate::logic::chains::propagate::{CELL, HOUSE0};

/// One parsed link: into a candidate `(cell, digit)` from the previous one.
#[derive(Debug, PartialEq)]
enum L {
    Strong,
    Weak,
    Rule,
}

/// Parses a Eureka chain into its candidates and the links between them.
/// A parsed chain: its candidates `(cell, digit)` and links.
type Parsed = (Vec<(usize, u8)>, Vec<L>);

fn parse(s: &str) -> Result<Parsed, String> {
    let b = s.as_bytes();
    let (mut i, mut last) = (0, 0u8);
    let (mut nodes, mut links) = (Vec::new(), Vec::new());
    let num = |i: &mut usize| -> Result<usize, String> {
        match b.get(*i) {
            Some(c @ b'1'..=b'9') => {
                *i += 1;
                Ok((c - b'1') as usize)
            }
            _ => Err(format!("digit expected at {} in {s}", *i)),
        }
    };
    loop {
        // A group: optional (d=e-f), then rXcY, then an optional [+N ...].
        let mut digits = Vec::new();
        if b.get(i) == Some(&b'(') {
            i += 1;
            loop {
                digits.push(num(&mut i)? as u8 + 1);
                match b.get(i) {
                    Some(b')') => break,
                    Some(b'=') => links.push(L::Strong),
                    Some(b'-') => links.push(L::Weak),
                    _ => return Err(format!("bad group in {s}")),
                }
                i += 1;
            }
            i += 1;
        } else if last == 0 {
            return Err(format!("no digit to start {s}"));
        } else {
            digits.push(last);
        }
        if b.get(i) != Some(&b'r') {
            return Err(format!("row expected at {i} in {s}"));
        }
        i += 1;
        let r = num(&mut i)?;
        if b.get(i) != Some(&b'c') {
            return Err(format!("column expected at {i} in {s}"));
        }
        i += 1;
        let c = num(&mut i)?;
        for &d in &digits {
            nodes.push((r * 9 + c, d));
        }
        last = *digits.last().unwrap();
        if s[i..].starts_with("[+") {
            i += s[i..].find(']').ok_or("open marker")? + 1;
        }
        if i == b.len() {
            break;
        }
        if s[i..].starts_with("-[") {
            i += s[i..].find("]-").ok_or("open rule")? + 2;
            links.push(L::Rule);
        } else if b[i] == b'=' {
            links.push(L::Strong);
            i += 1;
        } else if b[i] == b'-' {
            links.push(L::Weak);
            i += 1;
        } else {
            return Err(format!("link expected at {i} in {s}"));
        }
    }
    assert_eq!(nodes.len(), links.len() + 1);
    Ok((nodes, links))
}

/// Every link holds on `board`: a weak link joins two candidates that
/// exclude each other; a strong link (static chains) is a bivalue cell or
/// a conjugate pair, (dynamic chains) at least a cell or a shared house.
fn check_links(board: &Board, chain: &str, dynamic: bool) -> Parsed {
    let (nodes, links) = parse(chain).unwrap();
    for (k, l) in links.iter().enumerate() {
        let ((a, da), (b, db)) = (nodes[k], nodes[k + 1]);
        assert!(board.has(a, da) && board.has(b, db), "{chain}");
        let peers = da == db && a != b && board.sees(a, b);
        let cell = a == b && da != db;
        match l {
            L::Weak => assert!(peers || cell, "weak link {k} of {chain}"),
            L::Strong if dynamic => assert!(peers || cell, "strong link {k} of {chain}"),
            L::Strong => {
                let bivalue = cell && board.candidates(a).count_ones() == 2;
                let conjugate = peers
                    && board.houses_of(a).iter().any(|&h| {
                        board.house(h as usize).iter().any(|c| c.index() == b)
                            && board.positions(h as usize, da).count_ones() == 2
                    });
                assert!(bivalue || conjugate, "strong link {k} of {chain}");
            }
            L::Rule => assert!(dynamic, "{chain}"),
        }
        if !dynamic && k > 0 {
            assert_ne!(*l, links[k - 1], "links alternate in {chain}");
        }
    }
    (nodes, links)
}

/// The first chaining step of each Sudoku Explainer position, with words.
fn steps() -> Vec<(Board, Technique, super::super::super::step::Step)> {
    SE_STEPS
        .iter()
        .map(|line| {
            let board = board_729(line.split('|').next().unwrap());
            let mut ctx = Ctx::new(true);
            let (t, s) = RUNGS
                .iter()
                .find_map(|&t| t.first(&board, &mut ctx).map(|s| (t, s)))
                .unwrap();
            (board, t, s)
        })
        .collect()
}

#[test]
fn every_chain_is_well_formed_and_valid() {
    for (board, t, s) in steps() {
        eprintln!("{}: {}; {}", s.name, s.text, s.chains.join("; "));
        assert!(!s.chains.is_empty(), "{}", s.name);
        let dynamic = !matches!(t, Technique::ForcingChains | Technique::MultipleChains);
        for c in &s.chains {
            let (nodes, links) = check_links(&board, c, dynamic);
            assert!(!links.is_empty());
            // Each branch starts from the step's assumption cell(s) and
            // ends at what the step concludes about.
            let end = nodes.last().unwrap();
            let elim = &s.eliminations[0];
            if s.name.contains("Cell") || s.name.contains("Region") {
                assert_eq!(end.0, elim.cell, "{c}");
            }
            if s.name.contains("Cycle") {
                assert_eq!(nodes[0], *end, "a cycle closes: {c}");
            }
        }
        let branches = s.chains.len();
        if ["Contradiction", "Double", "Nishio"]
            .iter()
            .any(|k| s.name.contains(k))
        {
            assert_eq!(branches, 2);
        } else if s.name.contains("Cell") {
            assert_eq!(branches as u32, board.candidates(s.cells[0]).count_ones());
        } else if !s.name.contains("Region") {
            assert_eq!(branches, 1);
        }
    }
}

#[test]
fn chains_on_sudoku_explainer_positions() {
    let all = steps();
    let find = |name: &str| {
        all.iter()
            .find(|(_, _, s)| s.name == name)
            .map(|(_, _, s)| s.chains.clone())
            .unwrap()
    };
    // Sudoku Explainer: "Bidirectional Y-Cycle: r5c7,r7c7,r7c4,r5c4".
    assert_eq!(
        find("Bidirectional Y-Cycle"),
        ["(7)r5c4-(7=4)r5c7-(4=1)r7c7-(1=9)r7c4-(9=7)r5c4"]
    );
    assert_eq!(
        find("Forcing Chain"),
        ["(5)r1c6-(5=2)r1c7-(2=3)r4c7-r4c4=(3-5)r9c4=r9c6-r1c6"]
    );
    assert_eq!(
        find("Cell Forcing Chains"),
        [
            "(1)r7c5-r7c3",
            "(2)r7c5-(2=1)r7c1-r7c3",
            "(5)r7c5-r2c5=(5-7)r2c8=r2c7-r7c7=(7-1)r7c3"
        ]
    );
    // A dynamic chain: the node with two causes says so.
    let c = find("Dynamic Contradiction Forcing Chains");
    assert_eq!(c[0], "(4-8)r9c7=(8-5)r3c7=(5-1)r2c7[+1 other cause]=r2c9");
    // A nested chain names the rule behind a link.
    let n = find("Dynamic Region Forcing Chains (+ Forcing Chains)");
    assert!(n.iter().any(|c| c.contains("-[forcing chain]-")), "{n:?}");
}

#[test]
fn rule_links_and_extra_causes_are_written() {
    let mut a = Arena::default();
    let root = a.add(0, true, &[]);
    let off = a.add_full(9, false, &[root], HOUSE0, NONE);
    let ruled = a.add_full(9 * 10 + 2, false, &[off, root], ADVANCED, NONE);
    let on = a.add_full(9 * 10 + 5, true, &[ruled], CELL, NONE);
    assert_eq!(
        write_branch(&a, on, &|_| "pair"),
        "(1)r1c1-r1c2-[pair]-(3=6)r2c2[+1 other cause]"
    );
}

#[test]
fn turbot_fish_is_a_forcing_x_chain_of_six_potentials() {
    // Digit 1 only at r1c1, r1c4, r5c4, r5c2, r2c2 (a turbot fish on
    // r1c1), every other digit everywhere.
    let ones = [0, 3, 39, 37, 10];
    let marks: String = (0..81)
        .map(|c| {
            if ones.contains(&c) {
                "123456789 "
            } else {
                "23456789 "
            }
        })
        .collect();
    let mut turbots = 0;
    let boards = SE_STEPS
        .iter()
        .map(|line| board_729(line.split('|').next().unwrap()))
        .chain([super::super::super::test_util::board_from_marks(&marks)]);
    for board in boards {
        let mut ctx = Ctx::new(true);
        let _ = Technique::ForcingChains.find(&board, &mut ctx, &mut |s| {
            let (nodes, _) = check_links(&board, &s.chains[0], false);
            match &*s.name {
                "Turbot Fish" => {
                    turbots += 1;
                    assert_eq!(nodes.len(), 6, "{:?}", s.chains);
                    assert_eq!(s.difficulty.0, 66);
                }
                "Forcing X-Chain" => assert_ne!(nodes.len(), 6, "{:?}", s.chains),
                _ => {}
            }
            std::ops::ControlFlow::Continue(())
        });
    }
    assert!(turbots > 0);
}
