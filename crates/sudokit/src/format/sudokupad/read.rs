//! A SudokuPad puzzle read as the f-puzzles JSON that means the same: its
//! grid, givens, regions and metadata, its cages, and its drawings turned
//! back into rules ([`drawn`](super::drawn)). What the rules text names must
//! be there; what stays ambiguous is refused, naming the element.

use serde_json::{json, Map, Value};

use super::assume::Assume;
use super::drawn::Drawn;
use super::elements::{self, add, name, Cage};
use super::kinds::Named;
use super::rules_text::{Global, RulesText};

/// A SudokuPad puzzle as f-puzzles JSON, and the solution it publishes.
#[derive(Clone, Debug)]
pub(super) struct Reading {
    pub json: Value,
    pub solution: Option<String>,
}

/// Reads SudokuPad puzzle JSON (unzipped).
///
/// # Errors
/// What cannot be read, naming the element: a grid that is not square, a
/// line no rule names, a rule the text names that nothing draws.
pub(super) fn reading(pad: &Value, assume: &Assume) -> Result<Reading, String> {
    let rows = pad
        .get("cells")
        .and_then(Value::as_array)
        .ok_or("a SudokuPad puzzle without `cells`")?;
    let n = rows.len();
    // The f-puzzles reading takes 3x3 to 16x16: refused here, before a
    // crafted grid of a million cells is walked.
    if !(3..=crate::variant::MAX_VARIANT_SIZE).contains(&n) {
        return Err(format!(
            "a SudokuPad grid of {n} rows: variant grids are 3x3 to 16x16"
        ));
    }
    for (r, row) in rows.iter().enumerate() {
        let len = row.as_array().map_or(0, Vec::len);
        if len != n {
            return Err(format!(
                "a SudokuPad grid of {n} rows whose row {} has {len} cells: only square grids can be read",
                r + 1
            ));
        }
    }
    let cages = elements::cages(pad)?;
    let meta = Meta::read(pad, &cages);
    let rules = RulesText::new(meta.rules.as_deref().unwrap_or_default());
    let mut out = Map::new();
    out.insert("size".into(), json!(n));
    for (key, v) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("ruleset", &meta.rules),
    ] {
        if let Some(v) = v {
            out.insert(key.into(), json!(v));
        }
    }
    let regionless = regionless(&cages);
    out.insert("grid".into(), grid(pad, rows, n, &regionless)?);
    let mut drawn = Drawn::read(pad, n, &rules, assume)?;
    cages_into(&mut out, &cages, &mut drawn, n)?;
    drawn.write(&mut out);
    let mut globals = rules.globals();
    for (flag, global) in [
        ("antiknight", Global::AntiKnight),
        ("antiking", Global::AntiKing),
    ] {
        let set = ["metaData", "metadata"]
            .iter()
            .filter_map(|list| pad.get(*list).and_then(|m| m.get(flag)))
            .next()
            .is_some_and(|v| v.as_bool().unwrap_or(false) || v.as_str() == Some("true"));
        if set && !globals.contains(&global) {
            globals.push(global);
        }
    }
    for g in globals {
        let key = match g {
            Global::AntiKnight => "antiknight",
            Global::AntiKing => "antiking",
            Global::NonConsecutive => "nonconsecutive",
            Global::DisjointGroups => "disjointgroups",
        };
        out.insert(key.into(), json!(true));
    }
    let negatives = rules.negatives();
    if !negatives.is_empty() {
        out.insert("negative".into(), json!(negatives));
    }
    check_named(&rules, &out)?;
    let solution = meta.solution.filter(|s| s.chars().count() == n * n);
    if let Some(s) = solution
        .as_deref()
        .filter(|s| s.chars().all(|c| c.is_ascii_digit() && c != '0'))
    {
        if n <= 9 {
            let digits: Vec<u32> = s.chars().filter_map(|c| c.to_digit(10)).collect();
            out.insert("solution".into(), json!(digits));
        }
    }
    Ok(Reading {
        json: Value::Object(out),
        solution,
    })
}

/// The metadata: pseudo-cages whose value is `key: value` (without cells,
/// or drawn transparent), and the `metaData` object.
#[derive(Debug, Default)]
struct Meta {
    title: Option<String>,
    author: Option<String>,
    rules: Option<String>,
    solution: Option<String>,
}

impl Meta {
    fn read(pad: &Value, cages: &[Cage]) -> Meta {
        let mut meta = Meta::default();
        for cage in cages {
            if let Some((key, value)) = meta_entry(cage) {
                meta.set(key, value);
            }
        }
        // SudokuPad's converter writes `metaData`; Sudoku Maker and
        // SudokuPad's editor write `metadata`.
        for list in ["metaData", "metadata"] {
            for (key, v) in pad
                .get(list)
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                if let Some(v) = v.as_str() {
                    meta.set(key, v);
                }
            }
        }
        meta
    }

    fn set(&mut self, key: &str, value: &str) {
        let slot = match key {
            "title" => &mut self.title,
            "author" => &mut self.author,
            "rules" => &mut self.rules,
            "solution" => &mut self.solution,
            _ => return,
        };
        if slot.is_none() {
            *slot = Some(value.trim().to_owned());
        }
    }
}

/// `key: value` of a metadata cage.
pub(super) fn meta_entry(cage: &Cage) -> Option<(&str, &str)> {
    let value = cage.value.as_deref()?;
    let transparent = |k: &str| {
        cage.json
            .get(k)
            .and_then(Value::as_str)
            .is_some_and(|c| c.len() == 9 && c.ends_with("00") || c.len() == 5 && c.ends_with('0'))
    };
    if !(cage.cells.is_empty() || transparent("outlineC") && transparent("fontC")) {
        return None;
    }
    let (key, rest) = value.split_once(':')?;
    (!key.is_empty() && !key.contains(' ')).then(|| (key, rest.trim_start()))
}

/// The cells SudokuPad's converter put in no region (a hidden cage that
/// lets digits repeat).
fn regionless(cages: &[Cage]) -> Vec<(i64, i64)> {
    cages
        .iter()
        .filter(|c| c.hidden && c.unique == Some(false))
        .flat_map(|c| c.cells.iter().copied())
        .collect()
}

/// The f-puzzles grid: givens, marks and (irregular) regions.
fn grid(pad: &Value, rows: &[Value], n: usize, regionless: &[(i64, i64)]) -> Result<Value, String> {
    let mut region = vec![None; n * n];
    let regions = pad
        .get("regions")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    for (i, reg) in regions.iter().enumerate() {
        let cells = reg
            .as_array()
            .ok_or_else(|| format!("region {} is not a list of cells", i + 1))?;
        for c in cells {
            let (r, c) = c
                .as_array()
                .and_then(|rc| Some((elements::num(rc.first())?, elements::num(rc.get(1))?)))
                .ok_or_else(|| format!("region {}: a cell that is not [row, column]", i + 1))?;
            let (r, c) = (r as i64, c as i64);
            if !(0..n as i64).contains(&r) || !(0..n as i64).contains(&c) {
                return Err(format!(
                    "region {}: cell {} is off the grid",
                    i + 1,
                    elements::rc((r, c))
                ));
            }
            region[r as usize * n + c as usize] = Some(i);
        }
    }
    for &(r, c) in regionless {
        if (0..n as i64).contains(&r) && (0..n as i64).contains(&c) {
            region[r as usize * n + c as usize] = None;
        }
    }
    let boxed = is_default_boxes(&region, n);
    let mut out = Vec::with_capacity(n);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().map(Vec::as_slice).unwrap_or_default();
        let mut cells = Vec::with_capacity(n);
        for (c, cell) in row.iter().enumerate() {
            let mut o = Map::new();
            if let Some(v) = cell.get("value").filter(|v| !v.is_null()) {
                let v = match v {
                    Value::String(s) => s
                        .trim()
                        .parse::<u64>()
                        .map(Value::from)
                        .unwrap_or(v.clone()),
                    other => other.clone(),
                };
                o.insert("value".into(), v);
                o.insert("given".into(), json!(true));
            }
            // Centre marks in the puzzle are its given candidates (how
            // sudokit writes a puzzle's given pencil marks, and its true
            // candidates); corner marks only draw.
            let given = o.contains_key("value");
            for (from, to) in [
                ("centremarks", "givenPencilMarks"),
                ("pencilMarks", "cornerPencilMarks"),
            ] {
                let marks = cell.get(from).and_then(Value::as_array);
                if let Some(marks) = marks.filter(|m| !m.is_empty()) {
                    if !(given && to == "givenPencilMarks") {
                        o.insert(to.into(), Value::Array(marks.clone()));
                    }
                }
            }
            if !boxed {
                o.insert(
                    "region".into(),
                    region[r * n + c].map_or(Value::Null, |i| json!(i)),
                );
            }
            cells.push(Value::Object(o));
        }
        out.push(Value::Array(cells));
    }
    Ok(Value::Array(out))
}

/// Whether the regions are the grid's default boxes (f-puzzles' and
/// SudokuPad's: as square as the side allows, wider than tall).
fn is_default_boxes(region: &[Option<usize>], n: usize) -> bool {
    let (h, w) = elements::default_boxes(n);
    let box_of = |i: usize| (i / n / h) * h + (i % n) / w;
    (0..n * n).all(|i| {
        (0..n * n).all(|j| {
            let same = region[i].is_some() && region[i] == region[j];
            same == (box_of(i) == box_of(j))
        })
    })
}

/// The cages as f-puzzles keys: killer cages, the converter's extra
/// regions and indexer cells, and f-puzzles' cosmetic cages.
fn cages_into(
    out: &mut Map<String, Value>,
    cages: &[Cage],
    drawn: &mut Drawn,
    n: usize,
) -> Result<(), String> {
    let off = |c: &Cage| {
        c.cells
            .iter()
            .find(|&&(r, k)| !(0..n as i64).contains(&r) || !(0..n as i64).contains(&k))
            .copied()
    };
    for cage in cages {
        if meta_entry(cage).is_some()
            || cage.cells.is_empty()
            || cage.hidden && cage.unique == Some(false)
        {
            continue;
        }
        if let Some(cell) = off(cage) {
            return Err(format!(
                "cage {}: cell {} is off the grid",
                cage.index + 1,
                elements::rc(cell)
            ));
        }
        let names: Vec<String> = cage.cells.iter().copied().map(name).collect();
        let indexer = match cage.style.as_deref() {
            Some("fpRowIndexer") => Some("rowindexer"),
            Some("fpColumnIndexer") => Some("columnindexer"),
            Some("fpBoxIndexer") => Some("boxindexer"),
            _ => None,
        };
        if let Some(key) = indexer {
            add(out, key, json!({ "cells": names }));
            continue;
        }
        let total = cage
            .value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty());
        if cage.unique.is_none() && total.is_none() && drawn.take_extra_region(&cage.cells) {
            add(out, "extraregion", json!({ "cells": names }));
            continue;
        }
        let cosmetic = cage.json.contains_key("outlineC") || cage.json.contains_key("fontC");
        if cosmetic && cage.unique.is_none() {
            // f-puzzles' cosmetic cage: the f-puzzles reading decides.
            let mut e = Map::new();
            e.insert("cells".into(), json!(names));
            for k in ["value", "outlineC", "fontC"] {
                if let Some(v) = cage.json.get(k) {
                    e.insert(k.into(), v.clone());
                }
            }
            add(out, "cage", Value::Object(e));
            continue;
        }
        if cage.unique == Some(false) {
            // Digits may repeat: a sum that SudokuPad draws, not a killer
            // cage; f-puzzles has no such rule.
            return Err(format!(
                "cage {} at {}: a cage whose digits may repeat cannot be read",
                cage.index + 1,
                elements::rc(cage.cells[0])
            ));
        }
        let mut e = Map::new();
        e.insert("cells".into(), json!(names));
        if let Some(t) = total {
            let whole = t.parse::<u64>().ok().filter(|&v| v > 0);
            match whole {
                Some(v) => e.insert("value".into(), json!(v.to_string())),
                None if t == "?" => None,
                None => {
                    return Err(format!(
                        "cage {} at {}: total `{t}` is not a whole number",
                        cage.index + 1,
                        elements::rc(cage.cells[0])
                    ))
                }
            };
        }
        add(out, "killercage", Value::Object(e));
    }
    Ok(())
}

/// Every rule the rules text names must be drawn.
fn check_named(rules: &RulesText, out: &Map<String, Value>) -> Result<(), String> {
    let has = |keys: &[&str]| {
        keys.iter().any(|k| {
            out.get(*k)
                .is_some_and(|v| v.as_array().is_none_or(|a| !a.is_empty()))
        })
    };
    for named in rules.named() {
        let line;
        let keys: &[&str] = match named {
            Named::Line(kind) => match kind.key() {
                Some(k) => {
                    line = [k];
                    &line
                }
                None => continue,
            },
            Named::Cage => &["killercage", "cage"],
            Named::Arrow => &["arrow"],
            Named::Kropki => &["ratio", "difference"],
            Named::Xv => &["xv"],
            Named::Sandwich => &["sandwichsum"],
            Named::LittleKiller => &["littlekillersum"],
            Named::XSum => &["xsum"],
            Named::Skyscraper => &["skyscraper"],
            Named::Quadruple => &["quadruple"],
            Named::Clone => &["clone"],
            Named::Indexer => &["rowindexer", "columnindexer", "boxindexer"],
        };
        if !has(keys) {
            return Err(format!(
                "the rules speak of {}, but nothing in the drawings reads as one",
                named.label()
            ));
        }
    }
    Ok(())
}
