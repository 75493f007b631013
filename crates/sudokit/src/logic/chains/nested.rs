//! Extra implications inside dynamic chains (Sudoku Explainer's
//! `getAdvancedPotentials`): level 1 adds the basic patterns; level 2 adds
//! forcing chains and cycles searched on the propagation's current grid,
//! level 3 multiple forcing chains, level 4 dynamic chains (of the level its
//! variant names). Each nested hint's eliminations become "off" implications
//! whose parents are its rule parents, remembering the hint's complexity.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::super::ctx::Ctx;
use super::advanced::{self, Fixed};
use super::geo::Geo;
use super::hint::{sort, Hint};
use super::multiple::{Mode, Multi};
use super::propagate::{Prop, ADVANCED, NONE};
use super::unary::Unary;

/// The offs the rules of `mode`'s level add to `prop`, whose propagation
/// started on `save` and stands at `grid`.
pub(super) fn more(
    geo: &Geo,
    fixed: &Fixed,
    mode: Mode,
    (save, before): (&[u16; 81], &[u128; 9]),
    (grid, now): (&[u16; 81], &[u128; 9]),
    prop: &mut Prop,
    ctx: &mut Ctx,
) -> Vec<u32> {
    let found = advanced::level1(geo, fixed, save, grid, now, before, prop);
    if !found.is_empty() || mode.level < 2 || ctx.expired() {
        return found;
    }
    if mode.level < 4 {
        let hints = forcing_chains(geo, save, grid);
        let found = adopt((*hints).clone(), prop);
        if !found.is_empty() || mode.level < 3 {
            return found;
        }
    }
    // Level 3: multiple chains; level 4: dynamic chains of the level its
    // variant names.
    let dynamic = mode.level >= 4;
    let inner = Mode {
        multiple: true,
        dynamic,
        nishio: false,
        level: if dynamic { mode.limit } else { 0 },
        limit: 0,
    };
    let mut hints = Vec::new();
    let mut m = Multi::new(fixed.clone(), more);
    m.outer = Some(*save);
    if m.search(geo, grid, inner, ctx, &mut hints).is_none() {
        return Vec::new();
    }
    adopt(hints, prop)
}

thread_local! {
    /// Forcing chains found inside chains, by (outer start grid, grid): the
    /// level-3 rung meets every grid the level-2 rung searched.
    static CACHE: RefCell<Cache> = RefCell::new((HashMap::new(), 0));
}

/// Cached hints by grids, and how many hints are held.
type Cache = (HashMap<Grids, Rc<Vec<Hint>>>, usize);

type Grids = ([u16; 81], [u16; 81]);

/// Cached hints beyond this many are forgotten.
const CACHE_HINTS: usize = 100_000;

/// The forcing chains and cycles of `grid`, measured against `save`.
fn forcing_chains(geo: &Geo, save: &[u16; 81], grid: &[u16; 81]) -> Rc<Vec<Hint>> {
    let key = (*save, *grid);
    if let Some(h) = CACHE.with(|c| c.borrow().0.get(&key).cloned()) {
        return h;
    }
    let mut hints = Vec::new();
    Unary::with(|u| {
        u.outer = Some(*save);
        u.pass(geo, grid, false, true, &mut hints);
        u.pass(geo, grid, true, false, &mut hints);
        u.pass(geo, grid, true, true, &mut hints);
    });
    let hints = Rc::new(hints);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.1 + hints.len() > CACHE_HINTS {
            c.0.clear();
            c.1 = 0;
        }
        c.1 += hints.len();
        c.0.insert(key, Rc::clone(&hints));
    });
    hints
}

/// The nested hints, sorted and deduplicated as Sudoku Explainer passes them
/// on, turned into offs of `prop` (those without rule parents are dropped).
fn adopt(mut hints: Vec<Hint>, prop: &mut Prop) -> Vec<u32> {
    sort(&mut hints);
    let mut found = Vec::new();
    let mut parents = Vec::new();
    let mut seen: Vec<usize> = Vec::new();
    for (i, h) in hints.iter().enumerate() {
        // Equal hints (same eliminations) are dropped first, as Sudoku
        // Explainer's producer does before anyone looks at parents.
        if seen.iter().any(|&j| hints[j].removable == h.removable) {
            continue;
        }
        seen.push(i);
        if h.parents.is_empty() {
            continue;
        }
        parents.clear();
        parents.extend(
            h.parents
                .iter()
                .map(|&c| prop.off_node(c as usize))
                .filter(|&n| n != NONE),
        );
        let id = prop.nested.len() as u32;
        prop.nested.push((h.complexity, h.sig));
        // Java's HashMap<Cell, BitSet> order: cell modulo the table size.
        let mut cells: Vec<(usize, u16)> = Vec::new();
        for c in &h.removable {
            match cells.last_mut() {
                Some((cell, m)) if *cell == c.cell => *m |= 1 << (c.digit - 1),
                _ => cells.push((c.cell, 1 << (c.digit - 1))),
            }
        }
        let mut cap = 16;
        while cells.len() * 4 > cap * 3 {
            cap *= 2;
        }
        cells.sort_by_key(|&(c, _)| c & (cap - 1));
        for (cell, mut m) in cells {
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                found.push(
                    prop.arena
                        .add_full(cell * 9 + d, false, &parents, ADVANCED, id),
                );
            }
        }
    }
    found
}
