//! A deliberately simple, slow reference solver (plain recursive
//! Algorithm X over sets) and an independent solution checker, used as an
//! oracle for the Dancing Links engine.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use exact_cover::{ItemId, Problem};

/// A small XCC problem: items `0..n_primary` are primary, the next
/// `n_secondary` are secondary; each option lists (item, colour).
#[derive(Clone, Debug)]
pub struct RefProblem {
    pub n_primary: usize,
    pub n_secondary: usize,
    pub options: Vec<Vec<(usize, Option<u32>)>>,
}

impl RefProblem {
    pub fn item_name(&self, i: usize) -> String {
        if i < self.n_primary {
            format!("p{i}")
        } else {
            format!("s{i}")
        }
    }

    /// The same problem built through the API.
    pub fn to_problem(&self) -> Problem {
        let mut p = Problem::new();
        let items: Vec<ItemId> = (0..self.n_primary + self.n_secondary)
            .map(|i| {
                if i < self.n_primary {
                    p.add_primary(&self.item_name(i))
                } else {
                    p.add_secondary(&self.item_name(i))
                }
            })
            .collect();
        for o in &self.options {
            let entries: Vec<_> = o
                .iter()
                .map(|&(i, c)| (items[i], c.map(|c| p.color(&format!("c{c}")))))
                .collect();
            p.add_option_colored(&entries).unwrap();
        }
        p
    }

    /// The same problem in Knuth's text format.
    pub fn to_text(&self) -> String {
        let mut s = String::from("| generated\n");
        for i in 0..self.n_primary + self.n_secondary {
            if i == self.n_primary {
                s.push_str(" |");
            }
            write!(s, " {}", self.item_name(i)).unwrap();
        }
        s.push('\n');
        for o in &self.options {
            for &(i, c) in o {
                s.push_str(&self.item_name(i));
                if let Some(c) = c {
                    write!(s, ":c{c}").unwrap();
                }
                s.push(' ');
            }
            s.push('\n');
        }
        s
    }
}

#[derive(Clone, Default)]
struct State {
    covered: BTreeSet<usize>,
    /// Secondary items in use: `None` = used without colour.
    secondary: BTreeMap<usize, Option<u32>>,
}

impl State {
    fn compatible(&self, p: &RefProblem, option: &[(usize, Option<u32>)]) -> bool {
        option.iter().all(|&(i, c)| {
            if i < p.n_primary {
                !self.covered.contains(&i)
            } else {
                match self.secondary.get(&i) {
                    None => true,
                    Some(None) => false,
                    Some(Some(c0)) => c == Some(*c0),
                }
            }
        })
    }

    fn with(&self, p: &RefProblem, option: &[(usize, Option<u32>)]) -> State {
        let mut s = self.clone();
        for &(i, c) in option {
            if i < p.n_primary {
                s.covered.insert(i);
            } else {
                s.secondary.insert(i, c);
            }
        }
        s
    }
}

fn search(
    p: &RefProblem,
    state: &State,
    chosen: &mut Vec<usize>,
    out: &mut BTreeSet<Vec<usize>>,
    nodes: &mut u64,
) {
    let uncovered: Vec<usize> = (0..p.n_primary)
        .filter(|i| !state.covered.contains(i))
        .collect();
    if uncovered.is_empty() {
        let mut s = chosen.clone();
        s.sort_unstable();
        assert!(out.insert(s), "reference found a solution twice");
        return;
    }
    *nodes += 1;
    // Leftmost item with the fewest compatible options.
    let mut best: Option<(usize, usize)> = None;
    for &i in &uncovered {
        let n = p
            .options
            .iter()
            .filter(|o| o.iter().any(|&(j, _)| j == i) && state.compatible(p, o))
            .count();
        if best.is_none_or(|(_, b)| n < b) {
            best = Some((i, n));
        }
    }
    let (item, _) = best.unwrap();
    for (k, o) in p.options.iter().enumerate() {
        if o.iter().any(|&(j, _)| j == item) && state.compatible(p, o) {
            chosen.push(k);
            search(p, &state.with(p, o), chosen, out, nodes);
            chosen.pop();
        }
    }
}

/// All solutions (each sorted) and the number of search tree nodes, as
/// Knuth counts them, for leftmost-minimum branching.
pub fn reference_solve(p: &RefProblem) -> (BTreeSet<Vec<usize>>, u64) {
    let mut out = BTreeSet::new();
    let mut nodes = 0;
    search(p, &State::default(), &mut Vec::new(), &mut out, &mut nodes);
    (out, nodes)
}

/// Number of solutions by trying every subset of options (tiny problems).
pub fn brute_force_count(p: &RefProblem) -> usize {
    assert!(p.options.len() <= 16);
    (0u32..1 << p.options.len())
        .filter(|&mask| {
            let chosen: Vec<usize> = (0..p.options.len())
                .filter(|&k| mask & (1 << k) != 0)
                .collect();
            check_solution(p, &chosen).is_ok()
        })
        .count()
}

/// Independent check of a solution: every primary item exactly once,
/// every secondary item at most once unless all its uses share one colour.
pub fn check_solution(p: &RefProblem, solution: &[usize]) -> Result<(), String> {
    let n = p.n_primary + p.n_secondary;
    let mut uses: Vec<Vec<Option<u32>>> = vec![Vec::new(); n];
    let mut seen = BTreeSet::new();
    for &k in solution {
        if !seen.insert(k) {
            return Err(format!("option {k} chosen twice"));
        }
        let o = p.options.get(k).ok_or(format!("no option {k}"))?;
        for &(i, c) in o {
            uses[i].push(c);
        }
    }
    for (i, u) in uses.iter().enumerate() {
        if i < p.n_primary {
            if u.len() != 1 {
                return Err(format!("primary item {i} covered {} times", u.len()));
            }
        } else if u.len() > 1 && (u[0].is_none() || u.iter().any(|c| *c != u[0])) {
            return Err(format!("secondary item {i} used inconsistently: {u:?}"));
        }
    }
    Ok(())
}
