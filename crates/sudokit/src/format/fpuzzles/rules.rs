//! The constraint keys of an f-puzzles puzzle, each read as the f-puzzles
//! solvers read it, into [`Constraint`]s (and the houses that belong in the
//! geometry: diagonals, disjoint groups, extra regions of `n` cells).

use serde_json::{Map, Value};

use super::board::{cell, cells, number, Board, Res};
use super::places::{
    clue_name, disjoint_groups, indexed_house, outside, seen_from, segments, sorted,
};
use crate::variant::{
    Adjacency, Arrow, Between, Cage, CloneCells, Constraint, Distinct, DoubleArrow, Entropic,
    Extremum, Indexer, IndexerKind, LittleKiller, Lockout, Modular, Nabner, Neighbours, Pair,
    PairRule, Palindrome, Parity, Quadruple, Renban, Rule, Sandwich, Skyscraper, SumLine,
    Thermometer, Whispers, XSum, Zipper,
};
use crate::{Cell, Extra};

/// Keys that carry no rule: drawings, texts, the setter's solution, the
/// page's settings. Accepted and left alone.
pub(super) const COSMETIC: [&str; 13] = [
    "line",
    "text",
    "circle",
    "rectangle",
    "cage",
    "title",
    "author",
    "ruleset",
    "solution",
    "successMessage",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
];

/// Every rule key, in the order their constraints are built (and written).
pub(super) const RULES: [&str; 39] = [
    "diagonal+",
    "diagonal-",
    "disjointgroups",
    "extraregion",
    "killercage",
    "arrow",
    "doublearrow",
    "littlekillersum",
    "regionsumline",
    "zipperline",
    "quadruple",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "rowindexer",
    "columnindexer",
    "boxindexer",
    "difference",
    "ratio",
    "xv",
    "sum",
    "nonconsecutive",
    "negative",
    "antiking",
    "antiknight",
    "thermometer",
    "whispers",
    "renban",
    "palindrome",
    "betweenline",
    "lockout",
    "entropicline",
    "modularline",
    "nabner",
    "odd",
    "even",
    "minimum",
    "maximum",
    "clone",
];

/// Fields of a constraint entry that only draw it.
const DRAWING: [&str; 8] = [
    "outlineC",
    "fontC",
    "baseC",
    "width",
    "height",
    "angle",
    "fromConstraint",
    "isLLConstraint",
];

/// What the keys of a puzzle make.
#[derive(Debug, Default)]
pub(super) struct Rules {
    /// Houses for the geometry, in order.
    pub(super) extras: Vec<Extra>,
    /// Constraints, in the order of [`RULES`].
    pub(super) constraints: Vec<Constraint>,
}

/// Reads every rule key of `obj` for `board`.
///
/// # Errors
/// The first key (or entry field) that is not supported or is malformed,
/// and any constraint that [`Rule::validate`] refuses.
pub(super) fn rules(obj: &Map<String, Value>, board: &Board) -> Res<Rules> {
    if let Some(key) = obj.keys().find(|k| {
        !matches!(k.as_str(), "size" | "grid")
            && !RULES.contains(&k.as_str())
            && !COSMETIC.contains(&k.as_str())
    }) {
        return Err(format!("key `{key}` is not supported"));
    }
    let mut r = Reader {
        obj,
        board,
        n: board.n,
        out: Rules::default(),
    };
    r.houses()?;
    r.sums()?;
    r.dots()?;
    r.lines()?;
    r.single_cells()?;
    for c in &r.out.constraints {
        c.validate(r.n).map_err(|e| e.to_string())?;
    }
    Ok(r.out)
}

/// Builds the constraint of one line.
type MakeLine = fn(Vec<Cell>) -> Constraint;

struct Reader<'a> {
    obj: &'a Map<String, Value>,
    board: &'a Board,
    n: usize,
    out: Rules,
}

/// An entry's field as a whole number: `None` when absent or empty.
fn value(entry: &Map<String, Value>, key: &str) -> Res<Option<i64>> {
    match entry.get("value") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(v) => number(v)
            .map(Some)
            .ok_or_else(|| format!("`{key}`: value {v} is not a number")),
    }
}

impl<'a> Reader<'a> {
    /// The entries of an array key (none when absent).
    fn entries(&self, key: &str, fields: &[&str]) -> Res<Vec<&'a Map<String, Value>>> {
        let obj: &'a Map<String, Value> = self.obj;
        let Some(v) = obj.get(key) else {
            return Ok(Vec::new());
        };
        let list = v
            .as_array()
            .ok_or_else(|| format!("`{key}` is not an array"))?;
        list.iter()
            .map(|e| {
                let e = e
                    .as_object()
                    .ok_or_else(|| format!("`{key}`: an entry is not an object"))?;
                if let Some(f) = e
                    .keys()
                    .find(|f| !fields.contains(&f.as_str()) && !DRAWING.contains(&f.as_str()))
                {
                    return Err(format!("`{key}`: field `{f}` is not supported"));
                }
                Ok(e)
            })
            .collect()
    }

    /// A boolean key.
    fn flag(&self, key: &str) -> Res<bool> {
        match self.obj.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(format!("`{key}` is {v}, not true or false")),
        }
    }

    fn cells_of(&self, e: &Map<String, Value>, key: &str) -> Res<Vec<Cell>> {
        cells(e.get("cells"), self.n, key)
    }

    /// The lines of an entry: one constraint per line.
    fn each_line(&self, e: &Map<String, Value>, key: &str) -> Res<Vec<Vec<Cell>>> {
        e.get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("`{key}`: an entry without `lines`"))?
            .iter()
            .map(|l| cells(Some(l), self.n, key))
            .collect()
    }

    fn push(&mut self, c: Constraint) {
        self.out.constraints.push(c);
    }

    fn houses(&mut self) -> Res<()> {
        let n = self.n;
        let main: Vec<Cell> = (0..n).map(|i| Cell::at(i, i, n)).collect();
        let anti: Vec<Cell> = (0..n).map(|i| Cell::at(n - 1 - i, i, n)).collect();
        match (self.flag("diagonal+")?, self.flag("diagonal-")?) {
            (true, true) => self.out.extras.push(Extra::Diagonals),
            (true, false) => self.out.extras.push(Extra::House(sorted(anti))),
            (false, true) => self.out.extras.push(Extra::House(sorted(main))),
            (false, false) => {}
        }
        if self.flag("disjointgroups")? {
            self.out
                .extras
                .extend(disjoint_groups(&self.board.regions, n));
        }
        for e in self.entries("extraregion", &["cells"])? {
            let cells = self.cells_of(e, "extraregion")?;
            match cells.len() {
                k if k == n => self.out.extras.push(Extra::House(sorted(cells))),
                k if k < n => self.push(Constraint::Distinct(Distinct { cells })),
                k => {
                    return Err(format!(
                        "`extraregion` of {k} cells: no {k} digits of 1..={n} can all differ"
                    ))
                }
            }
        }
        Ok(())
    }

    fn sums(&mut self) -> Res<()> {
        let n = self.n;
        for e in self.entries("killercage", &["cells", "value"])? {
            let cells = self.cells_of(e, "killercage")?;
            // A total of 0 or none draws a cage of distinct digits.
            let sum = value(e, "killercage")?.filter(|&v| v > 0).map(|v| v as u32);
            self.push(Constraint::Cage(Cage { cells, sum }));
        }
        // A cosmetic cage that carries a whole-number total is read as a
        // killer cage (the reading; Rangsk's solver ignores these
        // cages). One with text or no value only draws.
        let cosmetic = self.obj.get("cage").and_then(Value::as_array);
        for e in cosmetic.into_iter().flatten().filter_map(Value::as_object) {
            let total = match e.get("value") {
                Some(Value::String(t)) => t.trim().parse::<u32>().ok(),
                Some(v) => v.as_u64().and_then(|v| u32::try_from(v).ok()),
                None => None,
            };
            if let Some(sum) = total.filter(|&t| t > 0) {
                let cells = self.cells_of(e, "cage")?;
                self.push(Constraint::Cage(Cage {
                    cells,
                    sum: Some(sum),
                }));
            }
        }
        for e in self.entries("arrow", &["cells", "lines"])? {
            let circle = self.cells_of(e, "arrow")?;
            for line in self.each_line(e, "arrow")? {
                // A line starts in the circle.
                let line = line.get(1..).unwrap_or_default().to_vec();
                let circle = circle.clone();
                self.push(Constraint::Arrow(Arrow { circle, line }));
            }
        }
        for e in self.entries("doublearrow", &["lines"])? {
            for line in self.each_line(e, "doublearrow")? {
                // f-puzzles' solvers skip a line with no cell between its ends.
                if line.len() > 2 {
                    self.push(Constraint::DoubleArrow(DoubleArrow { line }));
                }
            }
        }
        let fields = ["cell", "cells", "direction", "value"];
        for e in self.entries("littlekillersum", &fields)? {
            // A clue without a total is only drawn.
            let Some(sum) = value(e, "littlekillersum")? else {
                continue;
            };
            let clue = outside(e.get("cell"), n, "littlekillersum")?;
            let cells = self.cells_of(e, "littlekillersum")?;
            let sum = u32::try_from(sum).map_err(|_| "`littlekillersum`: negative total")?;
            self.push(Constraint::LittleKiller(LittleKiller { clue, cells, sum }));
        }
        for e in self.entries("regionsumline", &["lines"])? {
            for line in self.each_line(e, "regionsumline")? {
                let segments = segments(&line, &self.board.regions);
                // One segment: nothing to compare (f-puzzles' solvers drop it).
                if segments.len() > 1 {
                    self.push(Constraint::SumLine(SumLine { line, segments }));
                }
            }
        }
        for e in self.entries("zipperline", &["lines"])? {
            for line in self.each_line(e, "zipperline")? {
                self.push(Constraint::Zipper(Zipper { line }));
            }
        }
        for e in self.entries("quadruple", &["cells", "values"])? {
            let cells = self.cells_of(e, "quadruple")?;
            let digits = e
                .get("values")
                .and_then(Value::as_array)
                .ok_or("`quadruple`: an entry without `values`")?
                .iter()
                .map(|v| {
                    number(v)
                        .filter(|&d| (1..=n as i64).contains(&d))
                        .map(|d| d as u8)
                        .ok_or_else(|| format!("`quadruple`: value {v} is not 1..={n}"))
                })
                .collect::<Res<Vec<u8>>>()?;
            self.push(Constraint::Quadruple(Quadruple { cells, digits }));
        }
        for key in ["sandwichsum", "xsum", "skyscraper"] {
            for e in self.entries(key, &["cell", "value"])? {
                let clue = outside(e.get("cell"), n, key)?;
                let cells = seen_from(clue, n).ok_or_else(|| {
                    format!(
                        "`{key}`: clue {} is not beside a row or column",
                        clue_name(clue)
                    )
                })?;
                let v = value(e, key)?.ok_or_else(|| format!("`{key}`: a clue without a value"))?;
                let v = u32::try_from(v).map_err(|_| format!("`{key}`: negative clue"))?;
                self.push(match key {
                    "sandwichsum" => Constraint::Sandwich(Sandwich {
                        clue,
                        cells,
                        sum: v,
                    }),
                    "xsum" => Constraint::XSum(XSum {
                        clue,
                        cells,
                        sum: v,
                    }),
                    _ => Constraint::Skyscraper(Skyscraper {
                        clue,
                        cells,
                        visible: v,
                    }),
                });
            }
        }
        let kinds = [
            ("rowindexer", IndexerKind::Row),
            ("columnindexer", IndexerKind::Column),
            ("boxindexer", IndexerKind::Box),
        ];
        for (key, kind) in kinds {
            for e in self.entries(key, &["cells"])? {
                for cell in self.cells_of(e, key)? {
                    let house = indexed_house(cell, kind, &self.board.regions, n);
                    self.push(Constraint::Indexer(Indexer { cell, kind, house }));
                }
            }
        }
        Ok(())
    }

    /// Kropki dots, XV and sums between two cells, and the rules between
    /// all neighbours (nonconsecutive, negative constraints, anti-king,
    /// anti-knight), as f-puzzles' solvers combine them: a negative rule
    /// skips every pair that carries a mark of its family (kropki dots for
    /// differences and ratios, XV and sums for sums).
    fn dots(&mut self) -> Res<()> {
        let mut kropki: Vec<[Cell; 2]> = Vec::new();
        let mut sums: Vec<[Cell; 2]> = Vec::new();
        let mut differences: Vec<u8> = Vec::new();
        let mut ratios: Vec<u8> = Vec::new();
        let mut totals: Vec<u8> = Vec::new();
        for key in ["difference", "ratio", "xv", "sum"] {
            for e in self.entries(key, &["cells", "value"])? {
                let cells = self.cells_of(e, key)?;
                let pair: [Cell; 2] = cells
                    .try_into()
                    .map_err(|c: Vec<Cell>| format!("`{key}` between {} cells, not 2", c.len()))?;
                let small = |v: i64| {
                    u8::try_from(v).map_err(|_| format!("`{key}`: value {v} is out of range"))
                };
                let rule = match key {
                    "difference" => PairRule::Difference(small(value(e, key)?.unwrap_or(1))?),
                    "ratio" => PairRule::Ratio(small(value(e, key)?.unwrap_or(2))?),
                    "xv" => match e.get("value").and_then(Value::as_str) {
                        Some("x" | "X") => PairRule::Sum(10),
                        Some("v" | "V") => PairRule::Sum(5),
                        _ => {
                            let v = e.get("value").unwrap_or(&Value::Null);
                            return Err(format!("`xv`: value {v} is neither X nor V"));
                        }
                    },
                    _ => {
                        let v = value(e, key)?.ok_or("`sum`: a mark without a value")?;
                        PairRule::Sum(small(v)?)
                    }
                };
                match rule {
                    PairRule::Difference(v) => differences.push(v),
                    PairRule::Ratio(v) => ratios.push(v),
                    PairRule::Sum(v) if key == "sum" => totals.push(v),
                    _ => {}
                }
                match rule {
                    PairRule::Difference(_) | PairRule::Ratio(_) => kropki.push(pair),
                    _ => sums.push(pair),
                }
                self.push(Constraint::Pair(Pair {
                    cells: pair,
                    rule,
                    kind: kind_name(key),
                }));
            }
        }
        let nonconsecutive = self.flag("nonconsecutive")?;
        let mut negative: Vec<&str> = Vec::new();
        if let Some(v) = self.obj.get("negative") {
            let list = v.as_array().ok_or("`negative` is not an array")?;
            for item in list {
                match item.as_str() {
                    Some(s @ ("difference" | "ratio" | "xv" | "sum")) => negative.push(s),
                    _ => return Err(format!("`negative`: {item} is not supported")),
                }
            }
        }
        let neg = |s: &str| negative.contains(&s);
        // A negative constraint always covers its mark's usual value (white
        // dot 1, black dot 2, X and V), and every other value drawn.
        if nonconsecutive || neg("difference") {
            differences.push(1);
        }
        if neg("ratio") {
            ratios.push(2);
        }
        let mut xv = Vec::new();
        if neg("xv") {
            xv.extend([5, 10]);
        }
        for list in [&mut differences, &mut ratios, &mut totals] {
            list.sort_unstable();
            list.dedup();
        }
        let orthogonal = |rule, except: &Vec<[Cell; 2]>, kind| {
            Constraint::Neighbours(Neighbours {
                adjacency: Adjacency::Orthogonal,
                rule,
                except: except.clone(),
                kind,
            })
        };
        for &v in differences
            .iter()
            .filter(|_| nonconsecutive || neg("difference"))
        {
            if neg("difference") || v == 1 {
                let kind = if neg("difference") {
                    "negative"
                } else {
                    "nonconsecutive"
                };
                self.push(orthogonal(PairRule::NotDifference(v), &kropki, kind));
            }
        }
        for &v in ratios.iter().filter(|_| neg("ratio")) {
            self.push(orthogonal(PairRule::NotRatio(v), &kropki, "negative"));
        }
        for &v in &xv {
            self.push(orthogonal(PairRule::NotSum(v), &sums, "negative"));
        }
        for &v in totals.iter().filter(|_| neg("sum")) {
            self.push(orthogonal(PairRule::NotSum(v), &sums, "negative"));
        }
        for (key, adjacency) in [
            ("antiking", Adjacency::King),
            ("antiknight", Adjacency::Knight),
        ] {
            if self.flag(key)? {
                self.push(Constraint::Neighbours(Neighbours {
                    adjacency,
                    rule: PairRule::Different,
                    except: Vec::new(),
                    kind: kind_name(key),
                }));
            }
        }
        Ok(())
    }

    fn lines(&mut self) -> Res<()> {
        let n = self.n;
        let plain: [(&str, MakeLine); 8] = [
            ("thermometer", |line| {
                Constraint::Thermometer(Thermometer { line })
            }),
            ("renban", |line| Constraint::Renban(Renban { line })),
            ("palindrome", |line| {
                Constraint::Palindrome(Palindrome { line })
            }),
            ("betweenline", |line| Constraint::Between(Between { line })),
            ("entropicline", |line| {
                Constraint::Entropic(Entropic { line })
            }),
            ("modularline", |line| Constraint::Modular(Modular { line })),
            ("nabner", |line| Constraint::Nabner(Nabner { line })),
            ("lockout", |line| {
                Constraint::Lockout(Lockout { line, gap: 0 })
            }),
        ];
        for key in RULES {
            let Some(&(_, make)) = plain.iter().find(|(k, _)| *k == key) else {
                if key == "whispers" {
                    self.whispers()?;
                }
                continue;
            };
            for e in self.entries(key, &["lines", "value"])? {
                let v = value(e, key)?;
                let lockout_gap = (n / 2) as i64;
                match (key, v) {
                    (_, None) => {}
                    ("lockout", Some(g)) if g == lockout_gap => {}
                    (_, Some(v)) => {
                        return Err(format!("`{key}`: value {v} is not supported"));
                    }
                }
                for line in self.each_line(e, key)? {
                    // f-puzzles' solvers skip a between line without a middle.
                    if key == "betweenline" && line.len() <= 2 {
                        continue;
                    }
                    let mut c = make(line);
                    if let Constraint::Lockout(l) = &mut c {
                        l.gap = lockout_gap as u8;
                    }
                    self.push(c);
                }
            }
        }
        Ok(())
    }

    fn whispers(&mut self) -> Res<()> {
        let n = self.n;
        for e in self.entries("whispers", &["lines", "value"])? {
            let gap = value(e, "whispers")?.unwrap_or(n.div_ceil(2) as i64);
            if !(1..n as i64).contains(&gap) {
                return Err(format!(
                    "`whispers`: a difference of {gap} is not supported on a {n}x{n} grid"
                ));
            }
            for line in self.each_line(e, "whispers")? {
                let gap = gap as u8;
                self.push(Constraint::Whispers(Whispers { line, gap }));
            }
        }
        Ok(())
    }

    fn single_cells(&mut self) -> Res<()> {
        let n = self.n;
        for (key, odd) in [("odd", true), ("even", false)] {
            for e in self.entries(key, &["cell"])? {
                let cell = cell(e.get("cell").unwrap_or(&Value::Null), n, key)?;
                self.push(Constraint::Parity(Parity { cell, odd }));
            }
        }
        for (key, maximum) in [("minimum", false), ("maximum", true)] {
            let marked = self
                .entries(key, &["cell"])?
                .into_iter()
                .map(|e| cell(e.get("cell").unwrap_or(&Value::Null), n, key))
                .collect::<Res<Vec<Cell>>>()?;
            for &c in &marked {
                // f-puzzles' solvers compare a cell only with neighbours that
                // are not marked the same way.
                let others: Vec<Cell> = crate::variant::orthogonal(c, n)
                    .filter(|o| !marked.contains(o))
                    .collect();
                if others.len() == crate::variant::orthogonal(c, n).count() {
                    self.push(Constraint::Extremum(Extremum { cell: c, maximum }));
                    continue;
                }
                let rule = if maximum {
                    PairRule::Greater
                } else {
                    PairRule::Less
                };
                for o in others {
                    let kind = kind_name(key);
                    self.push(Constraint::Pair(Pair {
                        cells: [c, o],
                        rule,
                        kind,
                    }));
                }
            }
        }
        for e in self.entries("clone", &["cells", "cloneCells"])? {
            let cells = self.cells_of(e, "clone")?;
            let clones = super::board::cells(e.get("cloneCells"), n, "clone")?;
            if cells.len() != clones.len() {
                return Err(format!(
                    "`clone`: {} cells cloned to {} cells",
                    cells.len(),
                    clones.len()
                ));
            }
            self.push(Constraint::Clone(CloneCells { cells, clones }));
        }
        Ok(())
    }
}

/// The `'static` name of a key (the constraints keep their key).
pub(super) fn kind_name(key: &str) -> &'static str {
    RULES
        .iter()
        .chain(&COSMETIC)
        .find(|k| **k == key)
        .copied()
        .unwrap_or("fpuzzles")
}
