//! Writing f-puzzles JSON: a [`Puzzle`] (geometry, givens, candidates and
//! constraints) as the keys [`rules`](super::rules) reads back into the same
//! puzzle, and a solution or true candidates added to a puzzle's JSON.

use serde_json::{json, Map, Value};

use super::board::{default_shape, name};
use super::places::{clue_name, disjoint_groups};
use crate::variant::{orthogonal, Adjacency, Constraint, IndexerKind, PairRule};
use crate::{Cell, DigitSet, Extra, Grid, HouseKind, Layout, Puzzle};

/// `puzzle` as f-puzzles JSON: reading it back gives the same puzzle.
pub fn to_json(puzzle: &Puzzle) -> Value {
    let n = puzzle.size();
    let geometry = puzzle.geometry();
    let mut obj = Map::new();
    obj.insert("size".into(), json!(n));
    let irregular = match geometry.layout() {
        Layout::Boxes { rows, columns } => (rows, columns) != default_shape(n),
        Layout::Jigsaw | Layout::Multi => true,
    };
    let mut rows = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let cell = Cell::at(r, c, n);
            let mut o = Map::new();
            if let Some(d) = puzzle.givens().get(cell) {
                o.insert("value".into(), json!(d.index() + 1));
                o.insert("given".into(), json!(true));
            } else if let Some(set) = puzzle.candidates().map(|s| s[cell.index()]) {
                if set != DigitSet::full(n) {
                    let marks: Vec<usize> = set.iter().map(|d| d.index() + 1).collect();
                    o.insert("givenPencilMarks".into(), json!(marks));
                }
            }
            if irregular {
                o.insert("region".into(), json!(geometry.region_of(cell)));
            }
            row.push(Value::Object(o));
        }
        rows.push(Value::Array(row));
    }
    obj.insert("grid".into(), Value::Array(rows));
    houses(&mut obj, puzzle);
    for c in puzzle.constraints() {
        constraint(&mut obj, c, n);
    }
    for maximum in [false, true] {
        let cells = extrema(puzzle.constraints(), n, maximum);
        let key = if maximum { "maximum" } else { "minimum" };
        for c in cells {
            add(&mut obj, key, json!({ "cell": name(c, n) }));
        }
    }
    Value::Object(obj)
}

/// The cells marked minimum (maximum): those of the constraints, in order,
/// and the marked cells that carry none because every neighbour is marked
/// too (found from their neighbours: a marked cell compares itself with
/// every neighbour that is not marked).
fn extrema(constraints: &[Constraint], n: usize, maximum: bool) -> Vec<Cell> {
    let key = if maximum { "maximum" } else { "minimum" };
    let mut marked: Vec<Cell> = Vec::new();
    let mut partners: Vec<(Cell, Cell)> = Vec::new();
    for c in constraints {
        match c {
            Constraint::Extremum(x) if x.maximum == maximum => {
                marked.push(x.cell);
                for o in orthogonal(x.cell, n) {
                    partners.push((x.cell, o));
                }
            }
            Constraint::Pair(p) if p.kind == key => {
                if !marked.contains(&p.cells[0]) {
                    marked.push(p.cells[0]);
                }
                partners.push((p.cells[0], p.cells[1]));
            }
            _ => {}
        }
    }
    let mut i = 0;
    while i < marked.len() {
        let c = marked[i];
        for o in orthogonal(c, n) {
            if !marked.contains(&o) && !partners.contains(&(c, o)) {
                marked.push(o);
            }
        }
        i += 1;
    }
    marked
}

/// `base` (a puzzle's JSON) with `solution`'s digits in its open cells, as
/// f-puzzles shows a solved grid (digits that are not givens).
pub fn solution_json(base: &Value, solution: &Grid) -> Value {
    let n = solution.size();
    with_cells(base, n, |cell, o| {
        if let Some(d) = solution.get(cell) {
            o.insert("value".into(), json!(d.index() + 1));
        }
    })
}

/// `base` (a puzzle's JSON) with each open cell's `candidates` as centre
/// pencil marks (one set per cell, row-major).
pub fn candidates_json(base: &Value, candidates: &[DigitSet]) -> Value {
    let n = candidates.len().isqrt();
    with_cells(base, n, |cell, o| {
        if let Some(set) = candidates.get(cell.index()) {
            let marks: Vec<usize> = set.iter().map(|d| d.index() + 1).collect();
            o.insert("centerPencilMarks".into(), json!(marks));
        }
    })
}

/// `base` with `edit` applied to every cell that is not a given (cells
/// missing from a short grid are left out).
fn with_cells(
    base: &Value,
    n: usize,
    mut edit: impl FnMut(Cell, &mut Map<String, Value>),
) -> Value {
    let mut out = base.clone();
    if let Some(Value::Array(rows)) = out.get_mut("grid") {
        for (r, row) in rows.iter_mut().enumerate().take(n) {
            let Value::Array(row) = row else { continue };
            for (c, cell) in row.iter_mut().enumerate().take(n) {
                let Value::Object(o) = cell else { continue };
                if o.get("given") == Some(&Value::Bool(true)) {
                    continue;
                }
                edit(Cell::at(r, c, n), o);
            }
        }
    }
    out
}

fn names(cells: &[Cell], n: usize) -> Value {
    Value::Array(cells.iter().map(|&c| json!(name(c, n))).collect())
}

/// Appends `entry` to the array under `key`.
fn add(obj: &mut Map<String, Value>, key: &str, entry: Value) {
    let list = obj
        .entry(key.to_owned())
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(list) = list {
        list.push(entry);
    }
}

/// The diagonals, disjoint groups and extra regions of the geometry, in the
/// order the reader builds them.
fn houses(obj: &mut Map<String, Value>, puzzle: &Puzzle) {
    let n = puzzle.size();
    let geometry = puzzle.geometry();
    let main: Vec<Cell> = (0..n).map(|i| Cell::at(i, i, n)).collect();
    let mut anti: Vec<Cell> = (0..n).map(|i| Cell::at(n - 1 - i, i, n)).collect();
    anti.sort_unstable();
    let mut extras: &[Extra] = geometry.extras();
    match extras.first() {
        Some(Extra::Diagonals) => {
            obj.insert("diagonal+".into(), json!(true));
            obj.insert("diagonal-".into(), json!(true));
            extras = &extras[1..];
        }
        Some(Extra::House(h)) if *h == anti => {
            obj.insert("diagonal+".into(), json!(true));
            extras = &extras[1..];
        }
        Some(Extra::House(h)) if *h == main => {
            obj.insert("diagonal-".into(), json!(true));
            extras = &extras[1..];
        }
        _ => {}
    }
    let regions: Vec<usize> = geometry.regions().collect();
    let groups = disjoint_groups(&regions, n);
    if extras.len() >= n && extras[..n] == groups[..] {
        obj.insert("disjointgroups".into(), json!(true));
        extras = &extras[n..];
    }
    for e in extras {
        match e {
            Extra::House(cells) => add(obj, "extraregion", json!({ "cells": names(cells, n) })),
            // f-puzzles has no key for windows, nor for diagonals after other
            // houses: their cells are extra regions.
            Extra::Windows => {
                for h in geometry
                    .houses()
                    .iter()
                    .filter(|h| h.kind() == HouseKind::Window)
                {
                    add(obj, "extraregion", json!({ "cells": names(h.cells(), n) }));
                }
            }
            Extra::Diagonals => {
                for d in [&anti, &main] {
                    add(obj, "extraregion", json!({ "cells": names(d, n) }));
                }
            }
        }
    }
}

/// One constraint under its key.
fn constraint(obj: &mut Map<String, Value>, c: &Constraint, n: usize) {
    let line = |cells: &[Cell]| json!({ "lines": [names(cells, n)] });
    match c {
        Constraint::Cage(k) => {
            let mut e = json!({ "cells": names(&k.cells, n) });
            if let Some(sum) = k.sum {
                e["value"] = json!(sum.to_string());
            }
            add(obj, "killercage", e);
        }
        Constraint::Arrow(a) => {
            let mut cells = a.circle.get(..1).unwrap_or_default().to_vec();
            cells.extend(&a.line);
            let e = json!({ "cells": names(&a.circle, n), "lines": [names(&cells, n)] });
            add(obj, "arrow", e);
        }
        Constraint::DoubleArrow(a) => add(obj, "doublearrow", line(&a.line)),
        Constraint::LittleKiller(k) => {
            let first = k.cells.first().copied().unwrap_or(Cell(0));
            let down = first.row(n) as i32 > k.clue.row;
            let right = first.column(n) as i32 > k.clue.column;
            let direction = match (down, right) {
                (true, true) => "DR",
                (true, false) => "DL",
                (false, true) => "UR",
                (false, false) => "UL",
            };
            let e = json!({
                "cell": clue_name(k.clue),
                "cells": names(&k.cells, n),
                "direction": direction,
                "value": k.sum.to_string(),
            });
            add(obj, "littlekillersum", e);
        }
        Constraint::SumLine(s) => add(obj, "regionsumline", line(&s.line)),
        Constraint::Zipper(z) => add(obj, "zipperline", line(&z.line)),
        Constraint::Quadruple(q) => add(
            obj,
            "quadruple",
            json!({ "cells": names(&q.cells, n), "values": q.digits }),
        ),
        Constraint::Sandwich(s) => clue(obj, "sandwichsum", s.clue, s.sum),
        Constraint::XSum(s) => clue(obj, "xsum", s.clue, s.sum),
        Constraint::Skyscraper(s) => clue(obj, "skyscraper", s.clue, s.visible),
        Constraint::Indexer(i) => {
            let key = match i.kind {
                IndexerKind::Row => "rowindexer",
                IndexerKind::Column => "columnindexer",
                IndexerKind::Box => "boxindexer",
            };
            add(obj, key, json!({ "cells": [name(i.cell, n)] }));
        }
        Constraint::Pair(p) => pair(obj, p, n),
        Constraint::Neighbours(nb) => match (nb.adjacency, nb.rule, nb.kind) {
            (Adjacency::King, _, _) => _ = obj.insert("antiking".into(), json!(true)),
            (Adjacency::Knight, _, _) => _ = obj.insert("antiknight".into(), json!(true)),
            (_, _, "nonconsecutive") => _ = obj.insert("nonconsecutive".into(), json!(true)),
            (_, rule, _) => {
                let family = match rule {
                    PairRule::NotDifference(_) => "difference",
                    PairRule::NotRatio(_) => "ratio",
                    PairRule::NotSum(5 | 10) => "xv",
                    _ => "sum",
                };
                let list = obj
                    .entry("negative")
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(list) = list {
                    if !list.contains(&json!(family)) {
                        list.push(json!(family));
                    }
                }
            }
        },
        Constraint::Thermometer(t) => add(obj, "thermometer", line(&t.line)),
        Constraint::Whispers(w) => {
            let mut e = line(&w.line);
            e["value"] = json!(w.gap.to_string());
            add(obj, "whispers", e);
        }
        Constraint::Renban(l) => add(obj, "renban", line(&l.line)),
        Constraint::Palindrome(l) => add(obj, "palindrome", line(&l.line)),
        Constraint::Between(l) => add(obj, "betweenline", line(&l.line)),
        Constraint::Lockout(l) => add(obj, "lockout", line(&l.line)),
        Constraint::Entropic(l) => add(obj, "entropicline", line(&l.line)),
        Constraint::Modular(l) => add(obj, "modularline", line(&l.line)),
        Constraint::Nabner(l) => add(obj, "nabner", line(&l.line)),
        Constraint::Parity(p) => {
            let key = if p.odd { "odd" } else { "even" };
            add(obj, key, json!({ "cell": name(p.cell, n) }));
        }
        // Written from all of them at once (see `extrema`).
        Constraint::Extremum(_) => {}
        Constraint::Clone(k) => add(
            obj,
            "clone",
            json!({ "cells": names(&k.cells, n), "cloneCells": names(&k.clones, n) }),
        ),
        Constraint::Distinct(d) => add(obj, "extraregion", json!({ "cells": names(&d.cells, n) })),
    }
}

fn clue(obj: &mut Map<String, Value>, key: &str, at: crate::variant::Outside, v: u32) {
    add(
        obj,
        key,
        json!({ "cell": clue_name(at), "value": v.to_string() }),
    );
}

fn pair(obj: &mut Map<String, Value>, p: &crate::variant::Pair, n: usize) {
    let cells = names(&p.cells, n);
    let (key, value) = match (p.kind, p.rule) {
        ("minimum" | "maximum", _) => return,
        (_, PairRule::Difference(1)) => ("difference", None),
        (_, PairRule::Difference(v)) => ("difference", Some(v.to_string())),
        (_, PairRule::Ratio(2)) => ("ratio", None),
        (_, PairRule::Ratio(v)) => ("ratio", Some(v.to_string())),
        ("xv", PairRule::Sum(10)) => ("xv", Some("X".to_owned())),
        ("xv", PairRule::Sum(_)) => ("xv", Some("V".to_owned())),
        (_, PairRule::Sum(v)) => ("sum", Some(v.to_string())),
        // No other pair comes from f-puzzles keys.
        _ => return,
    };
    let mut e = json!({ "cells": cells });
    if let Some(v) = value {
        e["value"] = json!(v);
    }
    add(obj, key, e);
}
