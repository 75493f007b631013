//! Multiple and dynamic forcing chains (Sudoku Explainer's
//! `getMultipleChainsHintList`): from each cell and each of its candidates,
//! contradictions, double implications, region and cell forcing chains.

use super::super::ctx::Ctx;
use super::super::step::Candidate;
use super::advanced::Fixed;
use super::agree::{self, about, measure_two};
use super::clear::Clear;
use super::geo::{Geo, CANDS, MAX_HOUSES};
use super::hint::{length_added, others, removable, About, Hint, Kind};
use super::measure::{Counter, Outer};
use super::propagate::{counts, planes, Counts, Prop, Rules, CELL, HOUSE0, NONE};

/// The extra implications of a propagation at level 1 and up (`nested::more`:
/// `mode`, the grid the propagation started on and the one it stands at,
/// its nodes), given by whoever builds a [`Multi`]: nested levels search
/// multiple chains inside a propagation, so this search takes them as a
/// function rather than importing the module that calls it back.
pub(super) type More = fn(
    &Geo,
    &Fixed,
    Mode,
    (&[u16; 81], &[u128; 9]),
    (&[u16; 81], &[u128; 9]),
    &mut Prop,
    &mut Ctx,
) -> Vec<u32>;

/// Which of Sudoku Explainer's `Chaining` producers runs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mode {
    pub multiple: bool,
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u8,
    /// Level 4: the level of the dynamic chains nested inside (Sudoku Explainer's `nestingLimit`).
    pub limit: u8,
}

impl Mode {
    /// The producer's base difficulty (`Chaining.getDifficulty`).
    pub fn base(self) -> f64 {
        if self.level > 0 {
            8.5 + 0.5 * self.level as f64
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    fn rules(self) -> Rules {
        Rules {
            y: !self.nishio,
            dynamic: self.dynamic,
        }
    }
}

/// Propagations from "on" assumptions, computed once per candidate and
/// shared by the binary, region and cell searches.
pub(super) struct Multi {
    fixed: Fixed,
    more: More,
    /// Inside an outer chain: the outer propagation's grid before it started.
    pub outer: Option<[u16; 81]>,
    /// The deadline, for the nested searches.
    ctx: Ctx,
    /// Digit planes of the grid searched, and their places per house.
    planes: [u128; 9],
    counts: Counts,
    on: Vec<Option<Box<Prop>>>,
    off: Prop,
    counter: Counter,
    /// Propagations stop where every node left would be too deep for a hint
    /// that could sort first (top-level first-only searches without extra rules).
    limit: usize,
    /// The largest complexity a hint may have to matter (first-only
    /// searches, any level).
    cap: u32,
    /// Static searches: the region forcing chains (bit = house slot of the
    /// first cell) and cell forcing chains (bit = cell) whose starts reach
    /// some potential in common in the grid's static graph; the others
    /// cannot agree on anything and are skipped.
    gated: bool,
    region_gate: Vec<u8>,
    cell_gate: u128,
}

impl Multi {
    pub fn new(fixed: Fixed, more: More) -> Multi {
        Multi {
            fixed,
            more,
            outer: None,
            ctx: Ctx::default(),
            planes: [0; 9],
            counts: [[0; MAX_HOUSES]; 9],
            on: (0..CANDS).map(|_| None).collect(),
            off: Prop::new(),
            counter: Counter::new(),
            limit: usize::MAX,
            cap: u32::MAX,
            gated: false,
            region_gate: vec![0; CANDS],
            cell_gate: 0,
        }
    }

    /// Computes the gates of a static search (see `gated`).
    fn gates(&mut self, geo: &Geo, grid: &[u16; 81], mode: Mode) {
        self.gated = !mode.dynamic && !mode.nishio;
        if !self.gated {
            return;
        }
        let (rg, cg) = (&mut self.region_gate, &mut self.cell_gate);
        let planes = &self.planes;
        *cg = 0;
        super::unary::Unary::with(|u| {
            u.xy_reach(geo, grid, |r| {
                let mut ks = [0usize; 9];
                for cell in 0..81 {
                    if grid[cell].count_ones() <= 2 {
                        continue;
                    }
                    let mut n = 0;
                    let mut m = grid[cell];
                    while m != 0 {
                        let d = m.trailing_zeros() as usize;
                        m &= m - 1;
                        ks[n] = (cell * 9 + d) * 2 + 1;
                        n += 1;
                        let mut gate = 0;
                        for (slot, &h) in geo.houses_of(cell).iter().enumerate() {
                            let Some((mut ps, np)) = region_group(planes, geo, (cell, d, h), mode)
                            else {
                                continue;
                            };
                            // Their "on" potentials.
                            ps[..np].iter_mut().for_each(|p| *p = *p * 2 + 1);
                            if r.meet(&ps[..np]) {
                                gate |= 1 << slot;
                            }
                        }
                        rg[cell * 9 + d] = gate;
                    }
                    if mode.multiple && r.meet(&ks[..n]) {
                        *cg |= 1 << cell;
                    }
                }
            })
        });
    }

    fn ensure_on(&mut self, geo: &Geo, grid: &[u16; 81], cand: usize, mode: Mode) {
        if self.on[cand].is_none() {
            let mut p = pooled();
            p.limit = self.limit;
            run(
                geo,
                (&self.fixed, self.more),
                grid,
                cand,
                true,
                mode,
                &mut p,
                &self.ctx,
                (&self.planes, &self.counts),
            );
            self.on[cand] = Some(p);
        }
    }

    fn hint(
        &self,
        mode: Mode,
        kind: Kind,
        measured: (u32, u64, Vec<u16>),
        removable: Vec<Candidate>,
        about: About,
    ) -> Hint {
        let (complexity, sig, parents) = measured;
        Hint {
            about,
            sig,
            parents,
            kind,
            difficulty: mode.base() + length_added(complexity),
            complexity,
            sort_key: match kind {
                Kind::Contradiction => 7,
                Kind::Double => 1,
                Kind::Cell => 5,
                Kind::Region => 6,
                _ => 0,
            },
            removable,
            source: about.src as usize / 9,
            x: true,
            y: !mode.nishio,
        }
    }

    /// All hints of the producer, in Sudoku Explainer's discovery order.
    /// `None` if the deadline passed.
    pub fn search(
        &mut self,
        geo: &Geo,
        grid: &[u16; 81],
        mode: Mode,
        ctx: &mut Ctx,
        hints: &mut Vec<Hint>,
    ) -> Option<()> {
        self.ctx = ctx.clone();
        self.planes = planes(grid);
        self.counts = counts(geo, &self.planes);
        self.gates(geo, grid, mode);
        if nishio_clear(mode, self.outer.is_some()) {
            NISHIO.with(|c| c.borrow_mut().houses(&geo.house_mask));
        }
        self.limit = usize::MAX;
        self.cap = u32::MAX;
        // A first-only search needs no hint that sorts after the best so far:
        // its measures stop at the bound; without extra rules (whose offs
        // may have shallow parents) its propagations stop there too.
        let capped = ctx.first_only && self.outer.is_none();
        let bound = capped && mode.level == 0;
        let mut best: Option<(f64, u32)> = None;
        let base = mode.base();
        let tighten = |this: &mut Multi, b: (f64, u32)| {
            let cx = super::propagate::max_complexity(base, b);
            this.cap = u32::try_from(cx).unwrap_or(u32::MAX);
            if bound {
                this.limit = cx;
            }
        };
        if let Some(c) = ctx.ceiling.filter(|_| capped) {
            // Hints of `c` tenths or more are not wanted: bound as if one
            // just under it were found.
            let b = (f64::from(c.0) / 10.0 - 0.05, 0);
            best = Some(b);
            tighten(self, b);
        }
        for cell in 0..81 {
            let card = grid[cell].count_ones();
            if !(card > 2 || (card > 1 && mode.dynamic)) {
                continue;
            }
            if ctx.expired() {
                return None;
            }
            let from = hints.len();
            self.cell(geo, grid, cell, mode, hints);
            if capped && hints.len() > from {
                let b = super::hint::least(best, &hints[from..]);
                best = Some(b);
                tighten(self, b);
            }
        }
        Some(())
    }

    fn cell(
        &mut self,
        geo: &Geo,
        grid: &[u16; 81],
        cell: usize,
        mode: Mode,
        hints: &mut Vec<Hint>,
    ) {
        let card = grid[cell].count_ones();
        let mut m = grid[cell];
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let cand = cell * 9 + d;
            let clear = nishio_clear(mode, self.outer.is_some());
            if clear && NISHIO.with(|c| c.borrow().known(self.planes[d], cell)) {
                continue;
            }
            let full = self.on[cand].is_none() && self.limit == usize::MAX;
            if !self.gated {
                self.ensure_on(geo, grid, cand, mode);
            }
            // Only contradictions and double implications read the "off"
            // propagation, and static multiple chains look for neither.
            if mode.dynamic || mode.nishio {
                self.off.limit = self.limit;
                run(
                    geo,
                    (&self.fixed, self.more),
                    grid,
                    cand,
                    false,
                    mode,
                    &mut self.off,
                    &self.ctx,
                    (&self.planes, &self.counts),
                );
                self.binary(geo, grid, cand, card, mode, hints);
                let on = self.on[cand].as_deref().expect("computed");
                if clear && full && on.contradiction.is_none() && self.off.contradiction.is_none() {
                    NISHIO.with(|c| c.borrow_mut().add(self.planes[d], cell));
                }
            }
            if !mode.nishio {
                self.regions(geo, grid, cand, mode, hints);
            }
        }
        let open = !self.gated || self.cell_gate >> cell & 1 != 0;
        if !mode.nishio && (card == 2 || (mode.multiple && card > 2)) && open {
            self.cell_reduction(geo, grid, cell, mode, hints);
        }
    }

    fn binary(
        &mut self,
        geo: &Geo,
        grid: &[u16; 81],
        cand: usize,
        card: u32,
        mode: Mode,
        hints: &mut Vec<Hint>,
    ) {
        let do_double = card >= 3 && !mode.nishio && mode.dynamic;
        let do_contradiction = mode.dynamic || mode.nishio;
        let on = self.on[cand].take().expect("computed");
        let outer = self.outer.as_ref().map(|i| Outer {
            initial: i,
            current: grid,
        });
        let cap = self.cap;
        if do_contradiction {
            if let Some((a, b)) = on.contradiction {
                if let Some(m) = measure_two(&mut self.counter, geo, outer, (&on, a), (&on, b), cap)
                {
                    let about = about(&on.arena, cand, true, a, true);
                    let r = removable(grid, cand, false);
                    hints.push(self.hint(mode, Kind::Contradiction, m, r, about));
                }
            }
            if let Some((a, b)) = self.off.contradiction {
                let r = others(grid, cand);
                let off = &self.off;
                if !r.is_empty() {
                    if let Some(m) =
                        measure_two(&mut self.counter, geo, outer, (off, a), (off, b), cap)
                    {
                        let about = about(&off.arena, cand, false, a, true);
                        hints.push(self.hint(mode, Kind::Contradiction, m, r, about));
                    }
                }
            }
        }
        if do_double {
            // A candidate both states of `cand` turn on (its cell's others go)
            // or turn off (it goes).
            for now_on in [true, false] {
                for (n, c) in agree::shared(&on, std::iter::once(&self.off), now_on) {
                    let o = if now_on {
                        self.off.on_node(c)
                    } else {
                        self.off.off_node(c)
                    };
                    if o == NONE {
                        continue;
                    }
                    let r = if now_on {
                        others(grid, c)
                    } else {
                        removable(grid, c, false)
                    };
                    if r.is_empty() {
                        continue;
                    }
                    let off = &self.off;
                    let Some(m) =
                        measure_two(&mut self.counter, geo, outer, (&on, n), (off, o), cap)
                    else {
                        continue;
                    };
                    let about = about(&on.arena, cand, true, n, now_on);
                    hints.push(self.hint(mode, Kind::Double, m, r, about));
                }
            }
        }
        self.on[cand] = Some(on);
    }

    fn regions(
        &mut self,
        geo: &Geo,
        grid: &[u16; 81],
        cand: usize,
        mode: Mode,
        hints: &mut Vec<Hint>,
    ) {
        let (cell, d) = (cand / 9, cand % 9);
        for (slot, &h) in geo.houses_of(cell).iter().enumerate() {
            let Some((ps, np)) = region_group(&self.planes, geo, (cell, d, h), mode) else {
                continue;
            };
            if self.gated && self.region_gate[cand] >> slot & 1 == 0 {
                continue;
            }
            for &p in &ps[..np] {
                self.ensure_on(geo, grid, p, mode);
            }
            let why = (Kind::Region, HOUSE0 + h);
            self.agree(geo, grid, &ps[..np], mode, why, (cell, h, d as u8), hints);
        }
    }

    fn cell_reduction(
        &mut self,
        geo: &Geo,
        grid: &[u16; 81],
        cell: usize,
        mode: Mode,
        hints: &mut Vec<Hint>,
    ) {
        let mut ps = [0usize; 9];
        let mut np = 0;
        let mut m = grid[cell];
        while m != 0 {
            ps[np] = cell * 9 + m.trailing_zeros() as usize;
            np += 1;
            m &= m - 1;
        }
        for &p in &ps[..np] {
            self.ensure_on(geo, grid, p, mode);
        }
        self.agree(
            geo,
            grid,
            &ps[..np],
            mode,
            (Kind::Cell, CELL),
            (cell, 0, 0),
            hints,
        );
    }

    /// [`agree::agree`] over the propagations of `ps` (computed), inside the outer
    /// chain if any: a region (`why` = its kind and house cause) or cell
    /// forcing chain from `place` (source cell, house, digit).
    #[allow(clippy::too_many_arguments)]
    fn agree(
        &mut self,
        geo: &Geo,
        grid: &[u16; 81],
        ps: &[usize],
        mode: Mode,
        (kind, cause): (Kind, u8),
        place: (usize, u8, u8),
        hints: &mut Vec<Hint>,
    ) {
        let outer = self.outer.as_ref().map(|i| Outer {
            initial: i,
            current: grid,
        });
        let at = (geo, grid, outer, self.cap);
        agree::agree(
            &self.on,
            &mut self.counter,
            at,
            ps,
            (mode.base(), !mode.nishio),
            kind,
            cause,
            place,
            hints,
        );
    }
}

/// The places (candidates) of digit `d` in house `h` when they make a region
/// chain searched from `cell`: two places, or more for multiple chains, the
/// first of them at `cell` (by index, as the house lists its cells).
fn region_group(
    planes: &[u128; 9],
    geo: &Geo,
    (cell, d, h): (usize, usize, u8),
    mode: Mode,
) -> Option<([usize; 9], usize)> {
    let mut at = planes[d] & geo.house_mask[h as usize];
    // Most houses start elsewhere: that test first, then count by listing.
    if at.trailing_zeros() as usize != cell {
        return None;
    }
    let (mut ps, mut np) = ([0usize; 9], 0);
    while at != 0 {
        ps[np] = at.trailing_zeros() as usize * 9 + d;
        np += 1;
        at &= at - 1;
    }
    (np == 2 || (mode.multiple && np > 2)).then_some((ps, np))
}

/// Whether Nishio's "nothing found" facts apply: its propagations see one
/// digit's plane and nothing else (no cell links, no extra rules), so a
/// start that met no contradiction on a plane meets none on that plane again.
fn nishio_clear(mode: Mode, nested: bool) -> bool {
    mode.nishio && mode.level == 0 && !nested
}

thread_local! {
    /// Nishio's starts known to find nothing, by digit plane.
    static NISHIO: std::cell::RefCell<Clear> = std::cell::RefCell::new(Clear::default());
    /// Propagations kept for reuse (their tables are big; nested searches make many).
    /// Boxed: `Multi` keeps them as `Option<Box<Prop>>` so that its table of 729 stays small.
    #[allow(clippy::vec_box)]
    static POOL: std::cell::RefCell<Vec<Box<Prop>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A propagation from the pool, or a new one.
fn pooled() -> Box<Prop> {
    POOL.with(|pool| pool.borrow_mut().pop())
        .unwrap_or_else(|| Box::new(Prop::new()))
}

impl Drop for Multi {
    fn drop(&mut self) {
        POOL.with(|pool| {
            let mut pool = pool.borrow_mut();
            pool.extend(self.on.iter_mut().filter_map(Option::take));
        });
    }
}

/// One propagation with the producer's rules (and extra implications at level 1+).
#[allow(clippy::too_many_arguments)]
fn run(
    geo: &Geo,
    (fixed, more): (&Fixed, More),
    grid: &[u16; 81],
    cand: usize,
    on: bool,
    mode: Mode,
    prop: &mut Prop,
    ctx: &Ctx,
    (planes, counts): (&[u128; 9], &Counts),
) {
    let start = (grid, planes, counts);
    if mode.level >= 1 {
        let mut ctx = ctx.clone();
        let mut more = |g: &[u16; 81], now: &[u128; 9], p: &mut Prop| {
            more(geo, fixed, mode, (grid, planes), (g, now), p, &mut ctx)
        };
        prop.run(geo, start, cand, on, mode.rules(), Some(&mut more));
    } else {
        prop.run(geo, start, cand, on, mode.rules(), None);
    }
}
