//! The compiled form of a variant puzzle: the tables the search reads.

use std::collections::HashMap;

use crate::digits::Cell;
use crate::puzzle::Puzzle;
use crate::variant::{full_mask, Constraint, Mask, PairRule, Rule};

/// What the search reads, built once per puzzle: peers (cells that must
/// differ), pair tables, the houses for hidden singles, and the rules that
/// prune through their own code.
#[derive(Debug, Default)]
pub(super) struct Model {
    pub n: usize,
    pub cells: usize,
    pub full: Mask,
    /// `peers[c]`: the cells that must differ from `c` (houses, cages,
    /// renban, anti-king …), without repeats.
    pub peers: Vec<Vec<u16>>,
    /// The houses of the geometry (each holds every digit once).
    pub houses: Vec<Vec<u16>>,
    /// `links[c]`: `(other, table)`: when `c` changes, `other` keeps
    /// `supported(tables[table], masks[c])`.
    pub links: Vec<Vec<(u16, u16)>>,
    pub tables: Vec<[Mask; 17]>,
    /// The puzzle's constraints, for checking solutions.
    pub rules: Vec<Constraint>,
    /// Indices into `rules` of those that prune through their own code.
    pub propagators: Vec<u16>,
    /// `watch[c]`: positions in `propagators` of those that read cell `c`.
    pub watch: Vec<Vec<u16>>,
    /// `reads[p]`: the cells propagator `p` reads.
    pub reads: Vec<Vec<u16>>,
    /// The masks before search: givens, given pencil marks.
    pub start: Vec<Mask>,
    /// How often each cell appears in a rule or link, for branching ties.
    pub weight: Vec<u16>,
    /// For locked candidates: `(house, other, shared cells, the other's
    /// cells outside the first)`, for every ordered pair of houses sharing
    /// two cells or more.
    pub locks: Vec<Lock>,
    /// `learned[cell * 16 + digit]`: what placing the digit there removes
    /// elsewhere, found by probing at the root ([`super::learn`]); empty
    /// until then.
    pub learned: Vec<Vec<(u16, Mask)>>,
}

/// Two houses that share cells: a digit of `house` confined to the shared
/// cells leaves `outside` (the other house's remaining cells).
#[derive(Debug)]
pub(super) struct Lock {
    pub inside: Vec<u16>,
    pub house_rest: Vec<u16>,
    pub outside: Vec<u16>,
}

/// Every ordered pair of houses sharing at least two cells.
fn locked_pairs(houses: &[Vec<u16>], cells: usize) -> Vec<Lock> {
    let mut out = Vec::new();
    let mut member = vec![false; cells];
    for (i, h) in houses.iter().enumerate() {
        for &c in h {
            member[c as usize] = true;
        }
        for (j, g) in houses.iter().enumerate() {
            if i == j {
                continue;
            }
            let inside: Vec<u16> = g.iter().copied().filter(|&c| member[c as usize]).collect();
            if inside.len() < 2 || inside.len() == h.len() {
                continue;
            }
            out.push(Lock {
                house_rest: h.iter().copied().filter(|c| !inside.contains(c)).collect(),
                outside: g.iter().copied().filter(|c| !inside.contains(c)).collect(),
                inside,
            });
        }
        for &c in h {
            member[c as usize] = false;
        }
    }
    out
}

impl Model {
    /// Compiles `puzzle` (side at most 16).
    pub fn build(puzzle: &Puzzle) -> Model {
        let geometry = puzzle.geometry();
        let n = geometry.size();
        let cells = geometry.cell_count();
        let full = full_mask(n);
        let mut peer_sets: Vec<Vec<u16>> = (0..cells)
            .map(|c| {
                geometry
                    .peers(Cell(c as u32))
                    .iter()
                    .map(|p| p.0 as u16)
                    .collect()
            })
            .collect();
        let houses: Vec<Vec<u16>> = geometry
            .houses()
            .iter()
            .map(|h| h.cells().iter().map(|c| c.0 as u16).collect())
            .collect();
        let mut links: Vec<Vec<(u16, u16)>> = vec![Vec::new(); cells];
        let mut tables: Vec<[Mask; 17]> = Vec::new();
        let mut table_of: HashMap<PairRule, u16> = HashMap::new();
        let mut table = |rule: PairRule, tables: &mut Vec<[Mask; 17]>| -> u16 {
            *table_of.entry(rule).or_insert_with(|| {
                tables.push(rule.table(n));
                (tables.len() - 1) as u16
            })
        };
        let rules: Vec<Constraint> = puzzle.constraints().to_vec();
        let mut propagators = Vec::new();
        let mut weight = vec![0u16; cells];
        let add_peer = |peer_sets: &mut Vec<Vec<u16>>, a: usize, b: usize| {
            if a != b {
                peer_sets[a].push(b as u16);
                peer_sets[b].push(a as u16);
            }
        };
        for (i, rule) in rules.iter().enumerate() {
            for group in rule.distinct_groups(n) {
                for (k, a) in group.iter().enumerate() {
                    for b in &group[k + 1..] {
                        add_peer(&mut peer_sets, a.index(), b.index());
                    }
                }
            }
            let pairs = rule.pairs(n);
            if pairs.is_none() || rule.prunes_beyond_pairs() {
                propagators.push(i as u16);
            }
            for (a, b, r) in pairs.into_iter().flatten() {
                let (a, b) = (a.index(), b.index());
                weight[a] += 1;
                weight[b] += 1;
                if r == PairRule::Different {
                    add_peer(&mut peer_sets, a, b);
                    continue;
                }
                let forward = table(r, &mut tables);
                let backward = table(r.flip(), &mut tables);
                links[a].push((b as u16, forward));
                links[b].push((a as u16, backward));
            }
        }
        for p in &mut peer_sets {
            p.sort_unstable();
            p.dedup();
        }
        // A linked pair that are also peers: the table says "different" too,
        // which arc consistency then uses before either cell is solved.
        let mut combined: HashMap<(u16, bool), u16> = HashMap::new();
        for (a, l) in links.iter_mut().enumerate() {
            for (b, t) in l.iter_mut() {
                if peer_sets[a].binary_search(b).is_ok() {
                    *t = *combined.entry((*t, true)).or_insert_with(|| {
                        let mut table = tables[*t as usize];
                        for (v, row) in table.iter_mut().enumerate().skip(1) {
                            *row &= !(1 << (v - 1));
                        }
                        tables.push(table);
                        (tables.len() - 1) as u16
                    });
                }
            }
            l.sort_unstable();
            l.dedup();
        }
        let locks = locked_pairs(&houses, cells);
        let mut watch = vec![Vec::new(); cells];
        let mut reads = Vec::new();
        for (k, &i) in propagators.iter().enumerate() {
            let mut cs: Vec<u16> = rules[i as usize]
                .cells(n)
                .iter()
                .map(|c| c.0 as u16)
                .filter(|&c| (c as usize) < cells)
                .collect();
            cs.sort_unstable();
            cs.dedup();
            for &c in &cs {
                watch[c as usize].push(k as u16);
                weight[c as usize] += 2;
            }
            reads.push(cs);
        }
        let mut start = vec![full; cells];
        for (i, g) in puzzle.givens().cells().iter().enumerate() {
            if let Some(d) = g {
                start[i] = 1 << d.index();
            }
        }
        if let Some(allowed) = puzzle.candidates() {
            for (s, a) in start.iter_mut().zip(allowed) {
                *s &= a.0 as Mask;
            }
        }
        Model {
            n,
            cells,
            full,
            peers: peer_sets,
            houses,
            links,
            tables,
            rules,
            propagators,
            watch,
            reads,
            start,
            weight,
            locks,
            learned: Vec::new(),
        }
    }
}
