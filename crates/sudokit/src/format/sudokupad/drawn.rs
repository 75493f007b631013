//! A SudokuPad puzzle's drawings turned back into rules: first the fixed
//! signatures of SudokuPad's f-puzzles converter (a thermometer is a grey
//! line 21 thick with a 0.85 bulb, a black kropki dot a 0.3 black circle on
//! an edge, a renban line f-puzzles' `#F067F0`…), then lines by their colour
//! and what the rules text gives that colour, then `--assume`. Each element
//! read becomes an entry under its f-puzzles key; an element that could
//! carry a rule and does not read as one is refused by name.

use serde_json::{json, Map, Value};

use super::assume::Assume;
use super::colours::Family;
use super::elements::{self, add, cell_of, centre_cell, covered, line_cells, name, near, rc};
use super::elements::{Line, Point, Shape};
use super::kinds::{LineKind, Named};
use super::rules_text::RulesText;

/// The converter's line colours for f-puzzles' line constraints (the
/// cosmetic line f-puzzles writes beside each), with the value f-puzzles
/// gives the rule when the colour implies one (Dutch whispers: 4).
const LINE_COLOURS: [(&str, LineKind, Option<i64>); 12] = [
    ("#F067F0", LineKind::Renban, None),
    ("#67F067", LineKind::Whispers, None),
    ("#FF9A00", LineKind::Whispers, Some(4)),
    ("#2ECBFF", LineKind::RegionSum, None),
    ("#FFCCAA", LineKind::Entropic, None),
    ("#33BBBB", LineKind::Modular, None),
    ("#CDB1EC", LineKind::Zipper, None),
    ("#C9C883", LineKind::Nabner, None),
    ("#C54B8B", LineKind::DoubleArrow, None),
    ("#AABEEF", LineKind::Lockout, None),
    ("#FCAAFF", LineKind::Entropic, None),
    ("#DFC5FE", LineKind::Zipper, None),
];

/// What the drawings read as, before it is written as f-puzzles keys.
pub(super) struct Drawn {
    pub(super) n: usize,
    pub(super) out: Map<String, Value>,
    pub(super) overlays: Vec<Shape>,
    pub(super) underlays: Vec<Shape>,
    pub(super) used_over: Vec<bool>,
    pub(super) used_under: Vec<bool>,
}

/// Colours compared without an opaque alpha (`#AAAAAAFF` is `#AAAAAA`).
pub(super) fn opaque(c: &str) -> &str {
    if c.len() == 9 && c.ends_with("FF") {
        &c[..7]
    } else {
        c
    }
}

impl Drawn {
    /// Reads every line, arrow, overlay and underlay.
    ///
    /// # Errors
    /// An element that cannot be read, or could carry a rule and reads as
    /// none.
    pub(super) fn read(
        pad: &Value,
        n: usize,
        rules: &RulesText,
        assume: &Assume,
    ) -> Result<Drawn, String> {
        let mut overlays = elements::shapes(pad, "overlays")?;
        let mut underlays = elements::shapes(pad, "underlays")?;
        // Numbers outside the grid are sometimes written on underlays: they
        // read as the overlays they stand for.
        let outside = |s: &Shape| {
            let (r, c) = cell_of(s.center);
            let inside = (0..n as i64).contains(&r) && (0..n as i64).contains(&c);
            !(s.text.trim().is_empty() || inside)
        };
        overlays.extend(underlays.iter().filter(|s| outside(s)).cloned());
        underlays.retain(|s| !outside(s));
        let mut d = Drawn {
            n,
            out: Map::new(),
            used_over: vec![false; overlays.len()],
            used_under: vec![false; underlays.len()],
            overlays,
            underlays,
        };
        let lines = elements::lines(pad, "lines")?;
        let arrows = elements::lines(pad, "arrows")?;
        d.lines(&lines, rules, assume)?;
        d.arrows(&arrows, &lines)?;
        d.overlays(rules)?;
        d.underlays(rules)?;
        Ok(d)
    }

    /// Moves what was read into `out`.
    pub(super) fn write(self, out: &mut Map<String, Value>) {
        for (k, v) in self.out {
            match (out.get_mut(&k), v) {
                (Some(Value::Array(a)), Value::Array(b)) => a.extend(b),
                (_, v) => {
                    out.insert(k, v);
                }
            }
        }
    }

    pub(super) fn inside(&self, (r, c): (i64, i64)) -> bool {
        (0..self.n as i64).contains(&r) && (0..self.n as i64).contains(&c)
    }

    pub(super) fn names(&self, cells: &[(i64, i64)], what: &str) -> Result<Vec<String>, String> {
        if let Some(&off) = cells.iter().find(|&&c| !self.inside(c)) {
            return Err(format!("{what}: cell {} is off the grid", rc(off)));
        }
        Ok(cells.iter().copied().map(name).collect())
    }

    /// Finds an unused overlay or underlay matching `f`, marks it used.
    pub(super) fn take(&mut self, f: impl Fn(&Shape) -> bool) -> Option<Shape> {
        for (shapes, used) in [
            (&self.overlays, &mut self.used_over),
            (&self.underlays, &mut self.used_under),
        ] {
            if let Some(i) = (0..shapes.len()).find(|&i| !used[i] && f(&shapes[i])) {
                used[i] = true;
                return Some(shapes[i].clone());
            }
        }
        None
    }

    fn lines(&mut self, lines: &[Line], rules: &RulesText, assume: &Assume) -> Result<(), String> {
        let bulbs: Vec<&Line> = lines.iter().filter(|l| is_bulb_line(l)).collect();
        // Grey lines are thermometers when the rules speak of them and give
        // grey lines nothing else (and a bulb is at one end, below).
        let grey_thermometers = rules.named().contains(&Named::Line(LineKind::Thermometer))
            && rules
                .kinds_of(Family::Grey)
                .iter()
                .all(|&k| k == LineKind::Thermometer);
        for line in lines {
            let colour = opaque(&line.colour).to_owned();
            let what = format!("line {} ({colour})", line.index + 1);
            if is_bulb_line(line) || is_bulb_twin(line, &bulbs) || is_chevron(line) {
                continue;
            }
            if colour == "#34BBE6" && near(line.thickness, 2.0) {
                if let Some(key) = self.diagonal(line) {
                    self.out.insert(key.into(), json!(true));
                    continue;
                }
            }
            let kind = match assume.kind_of(&colour) {
                Some(k) => (k, None),
                None => match signature(&colour, line.thickness) {
                    Some(k) => k,
                    // A grey line from a round bulb, where the rules speak
                    // of thermometers, is one.
                    None if grey_thermometers
                        && Family::of(&colour) == Some(Family::Grey)
                        && self.has_bulb(&line.points) =>
                    {
                        (LineKind::Thermometer, None)
                    }
                    None => (by_rules(&colour, rules, &what)?, None),
                },
            };
            let (kind, implied) = kind;
            let Some(key) = kind.key() else { continue };
            let mut cells = line_cells(&line.points)?;
            if kind == LineKind::Thermometer {
                cells = self.thermometer(cells, &what)?;
            }
            if matches!(
                kind,
                LineKind::Between | LineKind::Lockout | LineKind::DoubleArrow
            ) {
                self.take_ends(&cells);
            }
            let names = self.names(&cells, &what)?;
            let mut e = Map::new();
            e.insert("lines".into(), json!([names]));
            let family_words = Family::of(&colour).map(Family::words).unwrap_or_default();
            let value = match kind {
                LineKind::Whispers => implied.or_else(|| rules.number_for(kind, family_words)),
                LineKind::Lockout => rules.number_for(kind, family_words),
                _ => None,
            };
            if let Some(v) = value {
                e.insert("value".into(), json!(v.to_string()));
            }
            add(&mut self.out, key, Value::Object(e));
        }
        self.extrema(lines)
    }

    /// `diagonal+` (bottom-left to top-right) or `diagonal-`, when the line
    /// runs corner to corner.
    fn diagonal(&self, line: &Line) -> Option<&'static str> {
        let n = self.n as f64;
        let (a, b) = (line.points[0], *line.points.last()?);
        let is = |p: Point, q: Point| near(p.0, q.0) && near(p.1, q.1);
        let ends = |p: Point, q: Point| (is(a, p) && is(b, q)) || (is(a, q) && is(b, p));
        if ends((0.0, 0.0), (n, n)) {
            Some("diagonal-")
        } else if ends((0.0, n), (n, 0.0)) {
            Some("diagonal+")
        } else {
            None
        }
    }

    /// A thermometer's cells from its bulb: the end with a round bulb (a
    /// bulb may start several thermometers).
    fn thermometer(
        &mut self,
        mut cells: Vec<(i64, i64)>,
        what: &str,
    ) -> Result<Vec<(i64, i64)>, String> {
        let first = cells[0];
        let last = *cells.last().unwrap_or(&first);
        if self.mark_bulb(first) {
            return Ok(cells);
        }
        if self.mark_bulb(last) {
            cells.reverse();
            return Ok(cells);
        }
        Err(format!(
            "{what}: a thermometer without a bulb at either end"
        ))
    }

    /// Whether a round shape sits on `cell` as a thermometer's bulb; marks
    /// it used.
    fn mark_bulb(&mut self, cell: (i64, i64)) -> bool {
        let bulb = |s: &Shape| is_bulb_on(s, cell);
        let mut found = false;
        for (shapes, used) in [
            (&self.overlays, &mut self.used_over),
            (&self.underlays, &mut self.used_under),
        ] {
            for (i, s) in shapes.iter().enumerate() {
                if bulb(s) {
                    used[i] = true;
                    found = true;
                }
            }
        }
        found
    }

    /// Whether a round bulb sits at either end of `points`.
    fn has_bulb(&self, points: &[Point]) -> bool {
        let ends = [cell_of(points[0]), cell_of(points[points.len() - 1])];
        self.overlays
            .iter()
            .chain(&self.underlays)
            .any(|s| ends.iter().any(|&c| is_bulb_on(s, c)))
    }

    /// The circles or diamonds at a line's two ends (between lines,
    /// lockout lines, double arrows).
    fn take_ends(&mut self, cells: &[(i64, i64)]) {
        for end in [cells[0], cells[cells.len() - 1]] {
            self.take(|s| centre_cell(s.center) == Some(end) && s.width >= 0.5 && s.width <= 1.0);
        }
    }

    /// `minimum` and `maximum` cells: grey cells with chevrons pointing in
    /// (minimum) or out (maximum). The converter draws no chevron towards a
    /// cell of the same kind, so a grey cell without one is the kind of its
    /// grey neighbours.
    fn extrema(&mut self, lines: &[Line]) -> Result<(), String> {
        let chevrons: Vec<&Line> = lines.iter().filter(|l| is_chevron(l)).collect();
        if chevrons.is_empty() {
            return Ok(());
        }
        let mut kinds: Vec<(usize, (i64, i64), Option<&'static str>)> = Vec::new();
        for i in 0..self.underlays.len() {
            let s = &self.underlays[i];
            if self.used_under[i] || s.background != "#CCCCCC" || !near(s.width, 1.0) {
                continue;
            }
            let Some(cell) = centre_cell(s.center) else {
                continue;
            };
            let c = s.center;
            let dist = |p: Point| ((p.0 - c.0).powi(2) + (p.1 - c.1).powi(2)).sqrt();
            let kind = chevrons
                .iter()
                .find(|l| cell_of(l.points[1]) == cell)
                .map(|l| {
                    if dist(l.points[1]) < dist(l.points[0]) {
                        "minimum"
                    } else {
                        "maximum"
                    }
                });
            kinds.push((i, cell, kind));
        }
        let decided = kinds.clone();
        for (i, cell, kind) in kinds {
            let kind = match kind {
                Some(k) => k,
                None => {
                    let next =
                        |(r, c): (i64, i64), (s, t): (i64, i64)| (r - s).abs() + (c - t).abs() == 1;
                    let around: Vec<&str> = decided
                        .iter()
                        .filter(|d| next(d.1, cell))
                        .filter_map(|d| d.2)
                        .collect();
                    match around.first() {
                        Some(&k) if around.iter().all(|&a| a == k) => k,
                        _ => {
                            return Err(format!(
                                "the grey cell {}: a minimum or maximum without a chevron to tell which",
                                rc(cell)
                            ))
                        }
                    }
                }
            };
            self.used_under[i] = true;
            add(&mut self.out, kind, json!({ "cell": name(cell) }));
        }
        Ok(())
    }

    fn arrows(&mut self, arrows: &[Line], lines: &[Line]) -> Result<(), String> {
        // Bulbs: circles (one cell, or a row or column of cells) and the
        // converter's thick grey lines (several cells, not in a line).
        let mut bulbs: Vec<Vec<(i64, i64)>> = lines
            .iter()
            .filter(|l| is_bulb_line(l))
            .map(|l| line_cells(&l.points))
            .collect::<Result<_, _>>()?;
        let mut groups: Vec<(usize, Vec<Vec<String>>)> = Vec::new();
        for a in arrows {
            let what = format!("arrow {}", a.index + 1);
            let cells = line_cells(&a.points)?;
            let start = cells[0];
            if !self.inside(start) {
                self.little_killer(a, start, &what)?;
                continue;
            }
            let bulb = match bulbs.iter().position(|b| b.contains(&start)) {
                Some(b) => b,
                None => {
                    let found =
                        self.take(|s| s.rounded && s.width >= 0.5 && covered(s).contains(&start));
                    match found {
                        Some(s) => {
                            bulbs.push(covered(&s));
                            bulbs.len() - 1
                        }
                        None => {
                            return Err(format!(
                                "{what} at {}: an arrow without a circle to start from",
                                rc(start)
                            ))
                        }
                    }
                }
            };
            let names = self.names(&cells, &what)?;
            match groups.iter_mut().find(|(b, _)| *b == bulb) {
                Some((_, ls)) => ls.push(names),
                None => groups.push((bulb, vec![names])),
            }
        }
        for (bulb, ls) in groups {
            let cells = self.names(&bulbs[bulb], "an arrow's circle")?;
            add(
                &mut self.out,
                "arrow",
                json!({ "cells": cells, "lines": ls }),
            );
        }
        Ok(())
    }

    /// An arrow outside the grid pointing along a diagonal: a little
    /// killer clue, its total the number written in the clue's cell.
    pub(super) fn little_killer(
        &mut self,
        a: &Line,
        clue: (i64, i64),
        what: &str,
    ) -> Result<(), String> {
        let (p, q) = (a.points[0], a.points[a.points.len() - 1]);
        let (dr, dc) = ((q.0 - p.0).signum() as i64, (q.1 - p.1).signum() as i64);
        if dr == 0 || dc == 0 {
            return Err(format!(
                "{what} at {}: an arrow outside the grid that is not diagonal",
                rc(clue)
            ));
        }
        let total = self.take(|s| {
            !s.text.trim().is_empty()
                && cell_of(s.center) == clue
                && s.text.trim().parse::<u32>().is_ok()
        });
        let Some(total) = total else {
            return Err(format!(
                "{what} at {}: a little killer arrow without a total",
                rc(clue)
            ));
        };
        let mut cells = Vec::new();
        let mut at = (clue.0 + dr, clue.1 + dc);
        while self.inside(at) {
            cells.push(name(at));
            at = (at.0 + dr, at.1 + dc);
        }
        if cells.is_empty() {
            return Err(format!(
                "{what} at {}: a little killer arrow that points off the grid",
                rc(clue)
            ));
        }
        let direction = match (dr, dc) {
            (-1, 1) => "UR",
            (-1, _) => "UL",
            (_, 1) => "DR",
            _ => "DL",
        };
        add(
            &mut self.out,
            "littlekillersum",
            json!({ "cell": name(clue), "cells": cells, "direction": direction, "value": total.text.trim() }),
        );
        Ok(())
    }
}

/// Whether `s` is a thermometer's bulb on `cell`: a round shape of about a
/// cell, without text, centred on it.
fn is_bulb_on(s: &Shape, cell: (i64, i64)) -> bool {
    s.rounded
        && s.width >= 0.5
        && s.width <= 1.0
        && s.text.trim().is_empty()
        && centre_cell(s.center) == Some(cell)
}

/// The converter's thick grey line under a bulb of several cells.
fn is_bulb_line(l: &Line) -> bool {
    opaque(&l.colour) == "#A1A1A1" && l.thickness >= 20.0
}

/// The white line the converter draws inside a bulb line.
fn is_bulb_twin(l: &Line, bulbs: &[&Line]) -> bool {
    opaque(&l.colour) == "#FFFFFF"
        && bulbs.iter().any(|b| {
            b.points.len() == l.points.len()
                && b.points
                    .iter()
                    .zip(&l.points)
                    .all(|(p, q)| near(p.0, q.0) && near(p.1, q.1))
        })
}

/// A chevron of a minimum or maximum cell.
fn is_chevron(l: &Line) -> bool {
    opaque(&l.colour) == "#000000" && near(l.thickness, 1.0) && l.points.len() == 3
}

/// The kind of line the converter's fixed signatures give.
fn signature(colour: &str, thickness: f64) -> Option<(LineKind, Option<i64>)> {
    if colour == "#CFCFCF" {
        return match thickness {
            t if near(t, 21.0) => Some((LineKind::Thermometer, None)),
            t if near(t, 16.0) => Some((LineKind::Palindrome, None)),
            t if near(t, 2.0) => Some((LineKind::Between, None)),
            _ => None,
        };
    }
    LINE_COLOURS
        .iter()
        .find(|(c, _, _)| *c == colour)
        .map(|&(_, k, v)| (k, v))
}

/// The kind of a line the rules text gives its colour.
fn by_rules(colour: &str, rules: &RulesText, what: &str) -> Result<LineKind, String> {
    let family = Family::of(colour);
    let kinds = family.map(|f| rules.kinds_of(f)).unwrap_or_default();
    let word = family.map_or("COLOUR", |f| f.words()[0]);
    let options: Vec<&str> = LineKind::ALL.iter().map(|k| k.name()).collect();
    match kinds.as_slice() {
        [k] => Ok(*k),
        [] => {
            let named: Vec<LineKind> = rules
                .named()
                .into_iter()
                .filter_map(|n| match n {
                    Named::Line(k) => Some(k),
                    _ => None,
                })
                .collect();
            match named.as_slice() {
                [k] if family != Some(Family::Black) => Ok(*k),
                _ => Err(format!(
                    "{what}: no rule names {word} lines; settle it with --assume {word}=KIND ({})",
                    options.join(", ")
                )),
            }
        }
        several => Err(format!(
            "{what}: the rules give {word} lines to {}; settle it with --assume {word}=KIND",
            several
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(" and ")
        )),
    }
}
