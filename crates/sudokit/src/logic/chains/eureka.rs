//! The chains of a chaining step in Eureka notation, one string per branch:
//! `(4)r7c9=r7c2-r3c2=r3c9`, `(7=3)r5c2` for a step inside a cell.
//!
//! The search keeps no chains (a rating does not need them), so the words are
//! built afterwards, only when asked: the step's assumptions are propagated
//! again, exactly as the search did, and each conclusion is walked back to
//! its assumption along first parents. An "on" node is reached by a strong
//! link (`=`: its parent being off forces it), an "off" node by a weak link
//! (`-`); offs given by a rule of the nested levels are written `-[rule]-`,
//! and a node that needed more than its first parent (dynamic chains) says
//! how many other causes it had.

use std::fmt::Write;

use super::super::board::Board;
use super::super::ctx::Ctx;
use super::super::step::{Candidate, Technique};
use super::advanced::Fixed;
use super::geo::{masks, Geo};
use super::hint::{Hint, Kind};
use super::measure::{Counter, Measure};
use super::multiple::Mode;
use super::nested;
use super::propagate::{counts, planes, Arena, Prop, Rules, ADVANCED, NONE};
use super::queues::Queues;

/// The Eureka chains of `hint`, found by rung `t` on `board`.
pub(super) fn chains(hint: &Hint, t: Technique, board: &Board, geo: &Geo) -> Vec<String> {
    let grid = masks(board);
    match hint.kind {
        Kind::Cycle | Kind::Forcing => static_chain(hint, geo, &grid).into_iter().collect(),
        _ => match mode_of(t) {
            Some(mode) => dynamic_chains(hint, mode, board, geo, &grid),
            None => Vec::new(),
        },
    }
}

/// The producer settings of each multiple-chain rung (as `chains::find` sets them).
fn mode_of(t: Technique) -> Option<Mode> {
    let m = |multiple, dynamic, nishio, level, limit| Mode {
        multiple,
        dynamic,
        nishio,
        level,
        limit,
    };
    Some(match t {
        Technique::Nishio => m(false, true, true, 0, 0),
        Technique::MultipleChains => m(true, false, false, 0, 0),
        Technique::DynamicChains => m(true, true, false, 0, 0),
        Technique::DynamicPlus => m(true, true, false, 1, 0),
        Technique::Nested { level, variant } => m(true, true, false, level, variant),
        _ => return None,
    })
}

/// The name written for a link given by a rule (an extra implication).
fn rule_name(mode: Mode, from_nested: bool) -> &'static str {
    if !from_nested {
        return "locked candidates, pair or X-wing";
    }
    match mode.level {
        2 => "forcing chain",
        3 => "forcing chain or multiple chains",
        _ => "dynamic chains",
    }
}

// ---------------------------------------------------------------- writing

/// How a node is reached from its first parent.
#[derive(Clone, Copy, PartialEq)]
enum Link {
    Strong,
    Weak,
    Rule(&'static str),
}

/// Consecutive nodes in one cell (`(7=3)r5c2`), with the link into them.
struct Group {
    cell: usize,
    digits: Vec<u8>,
    inner: Vec<char>,
    link: Option<Link>,
    extra: usize,
}

/// The chain from the root of `n` (its assumption) to `n`, in Eureka notation.
fn write_branch(arena: &Arena, n: u32, rule: &dyn Fn(u32) -> &'static str) -> String {
    let mut path = vec![n];
    let mut p = n;
    while let Some(&q) = arena.parents(p).first() {
        path.push(q);
        p = q;
    }
    path.reverse();
    let mut groups: Vec<Group> = Vec::new();
    for (i, &m) in path.iter().enumerate() {
        let node = arena.nodes[m as usize];
        let (cell, d) = (node.cand as usize / 9, (node.cand % 9) as u8 + 1);
        let link = (i > 0).then(|| {
            if node.cause == ADVANCED {
                Link::Rule(rule(m))
            } else if node.on {
                Link::Strong
            } else {
                Link::Weak
            }
        });
        let extra = arena.parents(m).len().saturating_sub(1);
        if let (Some(g), Some(l @ (Link::Strong | Link::Weak))) = (groups.last_mut(), link) {
            if g.cell == cell && !g.digits.contains(&d) {
                g.digits.push(d);
                g.inner.push(if l == Link::Strong { '=' } else { '-' });
                g.extra += extra;
                continue;
            }
        }
        groups.push(Group {
            cell,
            digits: vec![d],
            inner: Vec::new(),
            link,
            extra,
        });
    }
    let mut s = String::new();
    let mut last_digit = 0;
    for g in &groups {
        match g.link {
            None => {}
            Some(Link::Strong) => s.push('='),
            Some(Link::Weak) => s.push('-'),
            Some(Link::Rule(r)) => {
                let _ = write!(s, "-[{r}]-");
            }
        }
        let plain = matches!(g.link, Some(Link::Strong | Link::Weak));
        if !(plain && g.digits.len() == 1 && g.digits[0] == last_digit) {
            s.push('(');
            for (k, d) in g.digits.iter().enumerate() {
                if k > 0 {
                    s.push(g.inner[k - 1]);
                }
                let _ = write!(s, "{d}");
            }
            s.push(')');
        }
        let _ = write!(s, "r{}c{}", g.cell / 9 + 1, g.cell % 9 + 1);
        if g.extra > 0 {
            let plural = if g.extra > 1 { "s" } else { "" };
            let _ = write!(s, "[+{} other cause{plural}]", g.extra);
        }
        last_digit = *g.digits.last().expect("a group has a digit");
    }
    s
}

// ---------------------------------------------------------- static chains

/// Sudoku Explainer's static (unary) chaining from one candidate, on a grid
/// that does not change: the same implications, in the same order, as the
/// search of `unary.rs`.
struct Static<'a> {
    geo: &'a Geo,
    grid: &'a [u16; 81],
    now: [u128; 9],
    x: bool,
    y: bool,
    arena: Arena,
    q: Queues,
    out: Vec<(usize, u8)>,
}

impl Static<'_> {
    fn reset(&mut self) {
        self.arena.clear();
        self.q.reset();
    }

    /// The candidates `cand` being on (off) turns off (on), with their causes.
    fn implied(&mut self, cand: usize, on: bool) {
        // The same implications as the unary search's tables.
        super::unary::implied(
            self.geo,
            self.grid,
            &self.now,
            cand,
            on,
            self.y,
            self.x,
            &mut self.out,
        );
    }

    fn is_parent(&self, n: u32, cand: usize, on: bool) -> bool {
        let mut p = n;
        while let Some(&q) = self.arena.parents(p).first() {
            let node = self.arena.nodes[q as usize];
            if node.cand as usize == cand && node.on == on {
                return true;
            }
            p = q;
        }
        false
    }

    /// The ends of every cycle through `src` (on).
    fn cycles(&mut self, src: usize) -> Vec<u32> {
        self.reset();
        let mut ends = Vec::new();
        let s = self.arena.add(src, true, &[]);
        self.q.mark(src, s, true);
        let mut length = 0;
        while !self.q.is_empty() {
            length += 1;
            while let Some(p) = self.q.pop(true) {
                self.implied(self.arena.nodes[p as usize].cand as usize, true);
                for i in 0..self.out.len() {
                    let (c, cause) = self.out[i];
                    if !self.is_parent(p, c, false) {
                        let n = self.arena.add_full(c, false, &[p], cause, NONE);
                        self.q.pending_off.push_back(n);
                        if self.q.off_idx[c] == NONE {
                            self.q.first(c, n, false);
                        }
                    }
                }
            }
            length += 1;
            while let Some(p) = self.q.pop(false) {
                self.implied(self.arena.nodes[p as usize].cand as usize, false);
                for i in 0..self.out.len() {
                    let (c, cause) = self.out[i];
                    let n = self.arena.add_full(c, true, &[p], cause, NONE);
                    if length >= 4 && c == src {
                        ends.push(n);
                    }
                    if self.q.on_idx[c] == NONE {
                        self.q.mark(c, n, true);
                    }
                }
            }
        }
        ends
    }

    /// The node where `src` assumed `on` comes back to its opposite.
    fn forcing(&mut self, src: usize, on: bool) -> Option<u32> {
        self.reset();
        let s = self.arena.add(src, on, &[]);
        self.q.mark(src, s, on);
        while !self.q.is_empty() {
            for state in [true, false] {
                while let Some(p) = self.q.pop(state) {
                    self.implied(self.arena.nodes[p as usize].cand as usize, state);
                    for i in 0..self.out.len() {
                        let (c, cause) = self.out[i];
                        let n = self.arena.add_full(c, !state, &[p], cause, NONE);
                        if c == src && on == state {
                            return Some(n);
                        }
                        let idx = if state {
                            &self.q.off_idx
                        } else {
                            &self.q.on_idx
                        };
                        if idx[c] == NONE {
                            self.q.mark(c, n, !state);
                        }
                    }
                }
            }
        }
        None
    }

    /// What the cycle ending at `dst` removes (as `unary.rs` computes it).
    fn cycle_removable(&self, dst: u32) -> Vec<Candidate> {
        let mut in_cycle = [false; 81];
        let mut seen_on = [[false; 81]; 9];
        let mut seen_off = [[false; 81]; 9];
        let mut path = Vec::new();
        let mut p = dst;
        while let Some(&q) = self.arena.parents(p).first() {
            in_cycle[self.arena.nodes[p as usize].cand as usize / 9] = true;
            path.push(p);
            p = q;
        }
        for &p in &path {
            let node = self.arena.nodes[p as usize];
            let (cell, d) = (node.cand as usize / 9, node.cand as usize % 9);
            for &h in self.geo.houses_of(cell) {
                for &q in &self.geo.house_cells[h as usize] {
                    let q = q as usize;
                    if q != cell && !in_cycle[q] && self.grid[q] >> d & 1 != 0 {
                        if node.on {
                            seen_on[d][q] = true;
                        } else {
                            seen_off[d][q] = true;
                        }
                    }
                }
            }
        }
        let mut out = Vec::new();
        for cell in 0..81 {
            for d in 0..9 {
                if seen_on[d][cell] && seen_off[d][cell] {
                    out.push(Candidate::new(cell, d as u8 + 1));
                }
            }
        }
        out
    }
}

/// The one chain of a cycle or a forcing chain.
fn static_chain(hint: &Hint, geo: &Geo, grid: &[u16; 81]) -> Option<String> {
    let mut st = Static {
        geo,
        grid,
        now: planes(grid),
        x: hint.x,
        y: hint.y,
        arena: Arena::default(),
        q: Queues::new(),
        out: Vec::new(),
    };
    let src = hint.about.src as usize;
    let end = if hint.kind == Kind::Cycle {
        // The first cycle from the source with the hint's length and result.
        let mut counter = Counter::new();
        st.cycles(src).into_iter().find(|&n| {
            counter.measure(&st.arena, &[], n, &mut Measure::default(), u32::MAX) == hint.complexity
                && st.cycle_removable(n) == hint.removable
        })?
    } else {
        st.forcing(src, hint.about.src_on)?
    };
    Some(write_branch(&st.arena, end, &|_| ""))
}

// --------------------------------------------------------- dynamic chains

/// One propagation with the producer's rules, as the search ran it.
fn propagate(
    geo: &Geo,
    fixed: &Fixed,
    grid: &[u16; 81],
    cand: usize,
    on: bool,
    mode: Mode,
) -> Prop {
    let grid_planes = planes(grid);
    let counts = counts(geo, &grid_planes);
    let rules = Rules {
        y: !mode.nishio,
        dynamic: mode.dynamic,
    };
    let mut prop = Prop::new();
    if mode.level >= 1 {
        let mut ctx = Ctx::default();
        let mut more = |g: &[u16; 81], now: &[u128; 9], p: &mut Prop| {
            nested::more(
                geo,
                fixed,
                mode,
                (grid, &grid_planes),
                (g, now),
                p,
                &mut ctx,
            )
        };
        prop.run(
            geo,
            (grid, &grid_planes, &counts),
            cand,
            on,
            rules,
            Some(&mut more),
        );
    } else {
        prop.run(geo, (grid, &grid_planes, &counts), cand, on, rules, None);
    }
    prop
}

/// The branches of a contradiction, double, cell or region forcing chain.
fn dynamic_chains(
    hint: &Hint,
    mode: Mode,
    board: &Board,
    geo: &Geo,
    grid: &[u16; 81],
) -> Vec<String> {
    let fixed = Fixed::of(board, geo);
    let a = hint.about;
    let (src, target) = (a.src as usize, a.target as usize);
    let write = |prop: &Prop, n: u32| {
        let rule = |m: u32| rule_name(mode, prop.arena.nodes[m as usize].nested != NONE);
        write_branch(&prop.arena, n, &rule)
    };
    let at = |prop: &Prop| {
        if a.target_on {
            prop.on_node(target)
        } else {
            prop.off_node(target)
        }
    };
    let mut out = Vec::new();
    match hint.kind {
        Kind::Contradiction => {
            let prop = propagate(geo, &fixed, grid, src, a.src_on, mode);
            if let Some((on, off)) = prop.contradiction {
                out.push(write(&prop, on));
                out.push(write(&prop, off));
            }
        }
        Kind::Double => {
            for on in [true, false] {
                let prop = propagate(geo, &fixed, grid, src, on, mode);
                let n = at(&prop);
                if n != NONE {
                    out.push(write(&prop, n));
                }
            }
        }
        Kind::Cell | Kind::Region => {
            let ps: Vec<usize> = if hint.kind == Kind::Cell {
                let cell = src / 9;
                (0..9)
                    .filter(|&d| grid[cell] >> d & 1 != 0)
                    .map(|d| cell * 9 + d)
                    .collect()
            } else {
                let d = src % 9;
                geo.house_cells[a.house as usize]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| grid[c] >> d & 1 != 0)
                    .map(|c| c * 9 + d)
                    .collect()
            };
            for p in ps {
                let prop = propagate(geo, &fixed, grid, p, true, mode);
                let n = at(&prop);
                if n != NONE {
                    out.push(write(&prop, n));
                }
            }
        }
        Kind::Cycle | Kind::Forcing => {}
    }
    out
}

#[cfg(test)]
mod tests;
