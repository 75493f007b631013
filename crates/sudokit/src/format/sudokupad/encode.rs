//! f-puzzles JSON drawn as a SudokuPad puzzle, with the same signatures
//! SudokuPad's own f-puzzles converter uses (so SudokuPad draws it as it
//! draws any converted puzzle, and [`read`](super::read) reads it back),
//! and the rules no drawing shows (anti-knight, non-consecutive, disjoint
//! groups, negative dots) written into the rules text the reader reads.

use serde_json::{json, Map, Value};

/// A cell name (`R3C4`, `R0C5` outside) as `[row, column]`, 0-based.
fn cell(v: &Value) -> Option<(f64, f64)> {
    let s = v.as_str()?.to_ascii_uppercase();
    let (r, c) = s.strip_prefix('R')?.split_once('C')?;
    Some((r.parse::<f64>().ok()? - 1.0, c.parse::<f64>().ok()? - 1.0))
}

fn centre(v: &Value) -> Option<[f64; 2]> {
    cell(v).map(|(r, c)| [r + 0.5, c + 0.5])
}

fn cells(v: Option<&Value>) -> Vec<(f64, f64)> {
    v.and_then(Value::as_array)
        .map(|a| a.iter().filter_map(cell).collect())
        .unwrap_or_default()
}

fn mean(cs: &[(f64, f64)]) -> [f64; 2] {
    let k = cs.len().max(1) as f64;
    let (r, c) = cs
        .iter()
        .fold((0.0, 0.0), |(a, b), (r, c)| (a + r + 0.5, b + c + 0.5));
    [r / k, c / k]
}

fn entries<'a>(f: &'a Value, key: &str) -> impl Iterator<Item = &'a Value> {
    f.get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
}

fn lines_of(e: &Value) -> Vec<Vec<[f64; 2]>> {
    entries(e, "lines")
        .filter_map(Value::as_array)
        .map(|l| l.iter().filter_map(centre).collect::<Vec<_>>())
        .filter(|l| l.len() >= 2)
        .collect()
}

/// SudokuPad's puzzle for an f-puzzles puzzle.
pub(super) fn from_fpuzzles(f: &Value) -> Value {
    let n = f.get("size").and_then(Value::as_u64).unwrap_or(9) as usize;
    let mut p = Map::new();
    p.insert("cellSize".into(), json!(50));
    let mut cells_out = Vec::with_capacity(n);
    let mut regions: Vec<Vec<[usize; 2]>> = Vec::new();
    let mut ids: Vec<Value> = Vec::new();
    let (h, w) = super::elements::default_boxes(n);
    let rows = f
        .get("grid")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    for r in 0..n {
        let row = rows
            .get(r)
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let mut out = Vec::with_capacity(n);
        for c in 0..n {
            let cell = row.get(c).cloned().unwrap_or(json!({}));
            let mut o = Map::new();
            if let Some(v) = cell.get("value").filter(|v| !v.is_null()) {
                o.insert("value".into(), v.clone());
            }
            // Given pencil marks, and the centre marks of an answer's true
            // candidates, are SudokuPad's centre marks.
            for key in ["givenPencilMarks", "centerPencilMarks"] {
                let marks = cell.get(key).and_then(Value::as_array);
                if let Some(m) = marks.filter(|m| !m.is_empty()) {
                    if !o.contains_key("value") {
                        o.insert("centremarks".into(), Value::Array(m.clone()));
                    }
                }
            }
            let id = match cell.get("region") {
                None => json!((r / h) * h + c / w),
                Some(v) => v.clone(),
            };
            let slot = match ids.iter().position(|x| *x == id) {
                Some(s) => s,
                None => {
                    ids.push(id.clone());
                    regions.push(Vec::new());
                    ids.len() - 1
                }
            };
            if !id.is_null() {
                regions[slot].push([r, c]);
            }
            out.push(Value::Object(o));
        }
        cells_out.push(Value::Array(out));
    }
    p.insert("cells".into(), Value::Array(cells_out));
    p.insert(
        "regions".into(),
        json!(regions
            .into_iter()
            .filter(|r| !r.is_empty())
            .collect::<Vec<_>>()),
    );
    let mut d = Draw::default();
    d.draw(f, n);
    let mut cages = d.cages;
    let mut rules = f
        .get("ruleset")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .trim()
        .to_owned();
    for sentence in unseen_rules(f) {
        if !rules.to_lowercase().contains(&sentence.0.to_lowercase()) {
            if !rules.is_empty() {
                rules.push(' ');
            }
            rules.push_str(sentence.1);
        }
    }
    for (key, meta) in [("title", "title"), ("author", "author")] {
        if let Some(v) = f.get(key).and_then(Value::as_str) {
            cages.push(json!({ "value": format!("{meta}: {v}") }));
        }
    }
    if !rules.is_empty() {
        cages.push(json!({ "value": format!("rules: {rules}") }));
    }
    if let Some(sol) = f.get("solution").and_then(Value::as_array) {
        let s: String = sol.iter().map(|v| v.to_string()).collect();
        if s.len() == n * n {
            cages.push(json!({ "value": format!("solution: {s}") }));
        }
    }
    for (k, v) in [
        ("cages", cages),
        ("lines", d.lines),
        ("arrows", d.arrows),
        ("overlays", d.overlays),
        ("underlays", d.underlays),
    ] {
        p.insert(k.into(), Value::Array(v));
    }
    let mut meta = Map::new();
    for k in ["antiknight", "antiking"] {
        if f.get(k).and_then(Value::as_bool) == Some(true) {
            meta.insert(k.into(), json!(true));
        }
    }
    if !meta.is_empty() {
        p.insert("metaData".into(), Value::Object(meta));
    }
    let mut p = Value::Object(p);
    whole_numbers(&mut p);
    p
}

/// Whole numbers written as integers (`21`, not `21.0`), as JavaScript
/// writes them.
fn whole_numbers(v: &mut Value) {
    match v {
        Value::Array(a) => a.iter_mut().for_each(whole_numbers),
        Value::Object(o) => o.values_mut().for_each(whole_numbers),
        Value::Number(n) => {
            let whole = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9e15);
            if let (Some(f), false) = (whole, n.is_i64() || n.is_u64()) {
                *v = Value::from(f as i64);
            }
        }
        _ => {}
    }
}

/// Rules that no drawing shows, and the sentence that states each (the
/// first part is what an existing rules text must already say).
fn unseen_rules(f: &Value) -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    let flag = |k: &str| f.get(k).and_then(Value::as_bool) == Some(true);
    if flag("antiknight") {
        out.push((
            "knight",
            "Anti-knight: cells a knight's move apart cannot contain the same digit.",
        ));
    }
    if flag("antiking") {
        out.push((
            "king",
            "Anti-king: cells a king's move apart cannot contain the same digit.",
        ));
    }
    if flag("nonconsecutive") {
        out.push((
            "consecutive",
            "Non-consecutive: orthogonally adjacent cells cannot contain consecutive digits.",
        ));
    }
    if flag("disjointgroups") {
        out.push(("disjoint", "Disjoint groups: cells in the same position in their boxes cannot contain the same digit."));
    }
    for neg in entries(f, "negative").filter_map(Value::as_str) {
        match neg {
            "ratio" => out.push((
                "all black dots",
                "Negative constraint: all black dots are given.",
            )),
            "difference" => out.push((
                "all white dots",
                "Negative constraint: all white dots are given.",
            )),
            "xv" => out.push((
                "all x and v",
                "Negative constraint: all X and V marks are given.",
            )),
            _ => {}
        }
    }
    out
}

#[derive(Default)]
struct Draw {
    cages: Vec<Value>,
    lines: Vec<Value>,
    arrows: Vec<Value>,
    overlays: Vec<Value>,
    underlays: Vec<Value>,
}

impl Draw {
    fn line(&mut self, colour: &str, thickness: f64, points: Vec<[f64; 2]>) {
        self.lines
            .push(json!({ "color": colour, "thickness": thickness, "wayPoints": points }));
    }

    fn circle(&mut self, over: bool, center: [f64; 2], size: f64, bg: &str, border: &str) {
        let e = json!({ "backgroundColor": bg, "borderColor": border, "center": center, "rounded": true, "width": size, "height": size });
        if over {
            self.overlays.push(e)
        } else {
            self.underlays.push(e)
        }
    }

    fn text(&mut self, center: [f64; 2], text: &str, font: f64) {
        self.overlays.push(
            json!({ "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": center,
            "fontSize": font, "rounded": false, "width": 0.25, "height": 0.25, "text": text }),
        );
    }

    fn draw(&mut self, f: &Value, n: usize) {
        for e in entries(f, "killercage") {
            let mut c = json!({ "cells": cells(e.get("cells")).iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(), "unique": true });
            if let Some(v) = e.get("value").and_then(|v| {
                v.as_str()
                    .map(str::to_owned)
                    .or_else(|| v.as_u64().map(|n| n.to_string()))
            }) {
                if let Ok(s) = v.parse::<u64>() {
                    c["sum"] = json!(s);
                }
                c["value"] = json!(v);
            }
            self.cages.push(c);
        }
        for e in entries(f, "extraregion") {
            let cs = cells(e.get("cells"));
            for &(r, c) in &cs {
                self.underlays.push(json!({ "backgroundColor": "rgba(207, 207, 207, 0.95)", "center": [r + 0.5, c + 0.5], "rounded": false, "width": 1, "height": 1 }));
            }
            self.cages
                .push(json!({ "cells": cs.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>() }));
        }
        for (key, style) in [
            ("rowindexer", "fpRowIndexer"),
            ("columnindexer", "fpColumnIndexer"),
            ("boxindexer", "fpBoxIndexer"),
        ] {
            for e in entries(f, key) {
                let cs: Vec<[f64; 2]> =
                    cells(e.get("cells")).iter().map(|&(r, c)| [r, c]).collect();
                self.cages
                    .push(json!({ "cells": cs, "style": style, "outlineC": "#7C7CC7" }));
            }
        }
        for (key, plus) in [("diagonal+", true), ("diagonal-", false)] {
            if f.get(key).and_then(Value::as_bool) == Some(true) {
                let n = n as f64;
                let pts = if plus {
                    vec![[0.0, n], [n, 0.0]]
                } else {
                    vec![[0.0, 0.0], [n, n]]
                };
                self.line("#34BBE6", 2.0, pts);
            }
        }
        for e in entries(f, "thermometer") {
            for l in lines_of(e) {
                self.circle(false, l[0], 0.85, "#CFCFCF", "#CFCFCF");
                self.line("#CFCFCF", 21.0, l);
            }
        }
        for e in entries(f, "palindrome") {
            for l in lines_of(e) {
                self.line("#CFCFCF", 16.0, l);
            }
        }
        for e in entries(f, "betweenline") {
            for l in lines_of(e) {
                for end in [l[0], l[l.len() - 1]] {
                    self.circle(true, end, 0.8, "#FFFFFF", "#CFCFCF");
                }
                self.line("#CFCFCF", 2.0, l);
            }
        }
        let coloured = [
            ("renban", "#F067F0", 8.0),
            ("whispers", "#67F067", 6.0),
            ("regionsumline", "#2ECBFF", 5.0),
            ("entropicline", "#FFCCAA", 5.0),
            ("modularline", "#33BBBB", 5.0),
            ("zipperline", "#CDB1EC", 5.0),
            ("nabner", "#C9C883", 8.0),
            ("doublearrow", "#C54B8B", 4.8),
            ("lockout", "#AABEEF", 4.8),
        ];
        for (key, colour, th) in coloured {
            for e in entries(f, key) {
                let value = e.get("value").and_then(|v| {
                    v.as_str()
                        .map(str::to_owned)
                        .or_else(|| v.as_i64().map(|n| n.to_string()))
                });
                // Whispers of another gap than 5 are f-puzzles' Dutch
                // whispers colour when the gap is 4.
                let colour = if key == "whispers" && value.as_deref() == Some("4") {
                    "#FF9A00"
                } else {
                    colour
                };
                for l in lines_of(e) {
                    if matches!(key, "doublearrow" | "lockout") {
                        for end in [l[0], l[l.len() - 1]] {
                            self.circle(true, end, 0.8, "#FFFFFF", colour);
                        }
                    }
                    self.line(colour, th, l);
                }
            }
        }
        for e in entries(f, "arrow") {
            let bulb = cells(e.get("cells"));
            let rows: Vec<f64> = bulb.iter().map(|c| c.0).collect();
            let cols: Vec<f64> = bulb.iter().map(|c| c.1).collect();
            let span = |v: &[f64]| {
                v.iter().cloned().fold(f64::MIN, f64::max)
                    - v.iter().cloned().fold(f64::MAX, f64::min)
            };
            if span(&rows) == 0.0 || span(&cols) == 0.0 {
                self.overlays.push(json!({ "borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": mean(&bulb),
                    "rounded": true, "width": 0.75 + span(&cols), "height": 0.75 + span(&rows), "text": "" }));
            } else {
                let pts: Vec<[f64; 2]> = bulb.iter().map(|&(r, c)| [r + 0.5, c + 0.5]).collect();
                self.line("#a1a1a1", 35.0, pts.clone());
                self.line("#ffffff", 25.0, pts);
            }
            for l in lines_of(e) {
                let mut pts = l;
                let (dr, dc) = (pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]);
                let dist = (dr * dr + dc * dc).sqrt();
                pts[0][0] += (10.0 * 0.3 * dr.signum() / dist).round() / 10.0;
                pts[0][1] += (10.0 * 0.3 * dc.signum() / dist).round() / 10.0;
                self.arrows.push(json!({ "color": "#a1a1a1", "headLength": 0.3, "thickness": 5, "wayPoints": pts }));
            }
        }
        for (key, bg) in [("ratio", "#000000"), ("difference", "#FFFFFF")] {
            for e in entries(f, key) {
                let mut o = json!({ "borderColor": "#000000", "backgroundColor": bg, "center": mean(&cells(e.get("cells"))),
                    "rounded": true, "width": 0.3, "height": 0.3, "text": "" });
                if let Some(v) = e.get("value").filter(|v| !v.is_null()) {
                    o["text"] = v.clone();
                }
                self.overlays.push(o);
            }
        }
        for e in entries(f, "xv") {
            let v = e.get("value").and_then(Value::as_str).unwrap_or_default();
            self.text(mean(&cells(e.get("cells"))), v, 21.0);
        }
        for e in entries(f, "sum") {
            let v = e
                .get("value")
                .map(|v| v.as_str().map_or(v.to_string(), str::to_owned))
                .unwrap_or_default();
            self.overlays.push(json!({ "backgroundColor": "#FFFFFF", "borderColor": "#000000", "center": mean(&cells(e.get("cells"))),
                "fontSize": 14, "rounded": false, "width": 0.3, "height": 0.3, "text": v }));
        }
        for e in entries(f, "quadruple") {
            let values: Vec<String> = entries(e, "values").map(|v| v.to_string()).collect();
            self.overlays.push(json!({ "backgroundColor": "#FFFFFF", "borderColor": "#000000", "center": mean(&cells(e.get("cells"))),
                "fontSize": 14, "rounded": true, "width": 0.7, "height": 0.7, "text": values.join(" ") }));
        }
        for (key, font, glyph) in [
            ("sandwichsum", 32.0, None),
            ("xsum", 22.0, Some("\u{25EF}")),
            ("skyscraper", 22.0, Some("\u{25AF}")),
        ] {
            for e in entries(f, key) {
                let Some(at) = e.get("cell").and_then(centre) else {
                    continue;
                };
                let v = e
                    .get("value")
                    .map(|v| v.as_str().map_or(v.to_string(), str::to_owned))
                    .unwrap_or_default();
                if let Some(g) = glyph {
                    self.overlays.push(json!({ "color": "#000000", "textStroke": "#fff", "center": at, "fontSize": 38, "rounded": false, "width": 0.25, "height": 0.25, "text": g }));
                    self.overlays.push(json!({ "color": "#000000", "textStroke": "#fff", "center": at, "fontSize": font, "rounded": false, "width": 0.25, "height": 0.25, "text": v }));
                } else {
                    self.text(at, &v, font);
                }
            }
        }
        for e in entries(f, "littlekillersum") {
            let Some(at) = e.get("cell").and_then(centre) else {
                continue;
            };
            let (dr, dc) = match e.get("direction").and_then(Value::as_str) {
                Some("UR") => (-1.0, 1.0),
                Some("UL") => (-1.0, -1.0),
                Some("DR") => (1.0, 1.0),
                _ => (1.0, -1.0),
            };
            self.arrows.push(json!({ "color": "#000000", "thickness": 2,
                "wayPoints": [[at[0] + 0.3 * dr, at[1] + 0.3 * dc], [at[0] + 0.48 * dr, at[1] + 0.48 * dc]] }));
            let v = e
                .get("value")
                .map(|v| v.as_str().map_or(v.to_string(), str::to_owned))
                .unwrap_or_default();
            self.text(at, &v, 28.0);
        }
        for (key, rounded) in [("even", false), ("odd", true)] {
            for e in entries(f, key) {
                let Some(at) = e.get("cell").and_then(centre) else {
                    continue;
                };
                self.underlays.push(json!({ "borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": at, "rounded": rounded, "width": 0.7, "height": 0.7 }));
            }
        }
        for (key, inwards) in [("minimum", true), ("maximum", false)] {
            let marked: Vec<(f64, f64)> = entries(f, key)
                .filter_map(|e| e.get("cell").and_then(cell))
                .collect();
            let (a, b) = if inwards { (0.44, 0.39) } else { (0.39, 0.44) };
            for &(r, c) in &marked {
                let center = [r + 0.5, c + 0.5];
                self.underlays.push(json!({ "backgroundColor": "#ccc", "center": center, "rounded": false, "width": 1, "height": 1 }));
                for (dy, dx) in [(-1.0, 0.0), (0.0, 1.0), (1.0, 0.0), (0.0, -1.0)] {
                    let (nr, nc) = (r + dy, c + dx);
                    if nr < 0.0
                        || nc < 0.0
                        || nr >= n as f64
                        || nc >= n as f64
                        || marked.contains(&(nr, nc))
                    {
                        continue;
                    }
                    self.line(
                        "#000000",
                        1.0,
                        vec![
                            [center[0] + dy * a + 0.1 * dx, center[1] + dx * a + 0.1 * dy],
                            [center[0] + dy * b, center[1] + dx * b],
                            [center[0] + dy * a - 0.1 * dx, center[1] + dx * a - 0.1 * dy],
                        ],
                    );
                }
            }
        }
        for e in entries(f, "clone") {
            for at in cells(e.get("cells"))
                .into_iter()
                .chain(cells(e.get("cloneCells")))
            {
                self.underlays.push(json!({ "borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": [at.0 + 0.5, at.1 + 0.5], "rounded": false, "width": 1, "height": 1 }));
            }
        }
        for e in entries(f, "cage") {
            let cs: Vec<[f64; 2]> = cells(e.get("cells")).iter().map(|&(r, c)| [r, c]).collect();
            let mut c = json!({ "cells": cs });
            for k in ["value", "outlineC", "fontC"] {
                if let Some(v) = e.get(k) {
                    c[k] = v.clone();
                }
            }
            self.cages.push(c);
        }
    }
}
