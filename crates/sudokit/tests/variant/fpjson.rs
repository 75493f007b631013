//! A small f-puzzles JSON writer for the corpus generator: the keys
//! f-puzzles gives each constraint (cells named `R1C1`, clues outside the
//! grid at row or column 0 or n + 1), written from the constraint model's
//! public fields, independent of the library's own writer.

use std::fmt::Write as _;

use sudokit::variant::{Adjacency, Constraint, IndexerKind, Outside, PairRule};
use sudokit::Cell;

/// How the regions of a corpus puzzle are made.
#[derive(Clone, Debug)]
pub enum Regions {
    /// 3x3 boxes.
    Boxes,
    /// Irregular regions: the region (0-based) of each cell.
    Jigsaw(Vec<usize>),
}

/// A corpus puzzle, ready to write.
#[derive(Clone, Debug)]
pub struct Entry {
    /// `sudokit corpus <kind> <k>`.
    pub title: String,
    /// Side.
    pub n: usize,
    /// Regions.
    pub regions: Regions,
    /// Boolean keys (`diagonal+`, `antiking` …) set to true.
    pub flags: Vec<&'static str>,
    /// Kinds named by `negative` (`ratio`, `xv`, `difference`).
    pub negative: Vec<&'static str>,
    /// Extra regions of `n` cells (`extraregion`).
    pub extra_regions: Vec<Vec<usize>>,
    /// Givens, 0 empty.
    pub givens: Vec<u8>,
    /// The solution.
    pub solution: Vec<u8>,
    /// The constraints (negative and global ones are in `flags` and
    /// `negative`; their `Neighbours` are skipped here).
    pub constraints: Vec<Constraint>,
}

fn name(c: Cell, n: usize) -> String {
    format!("\"R{}C{}\"", c.index() / n + 1, c.index() % n + 1)
}

fn names(cells: &[Cell], n: usize) -> String {
    let v: Vec<String> = cells.iter().map(|&c| name(c, n)).collect();
    format!("[{}]", v.join(","))
}

fn outside(o: Outside) -> String {
    format!("\"R{}C{}\"", o.row + 1, o.column + 1)
}

fn line(cells: &[Cell], n: usize) -> String {
    format!("{{\"lines\":[{}]}}", names(cells, n))
}

/// The JSON of `e`, on one line.
pub fn write(e: &Entry) -> String {
    let n = e.n;
    let mut keys: Vec<(String, Vec<String>)> = Vec::new();
    let mut add = |key: &str, item: String| match keys.iter_mut().find(|(k, _)| k == key) {
        Some((_, items)) => items.push(item),
        None => keys.push((key.to_string(), vec![item])),
    };
    for c in &e.constraints {
        match c {
            Constraint::Cage(k) => add(
                "killercage",
                match k.sum {
                    Some(s) => format!("{{\"cells\":{},\"value\":\"{s}\"}}", names(&k.cells, n)),
                    None => format!("{{\"cells\":{}}}", names(&k.cells, n)),
                },
            ),
            Constraint::Arrow(a) => {
                // The drawn line starts in the circle (at its last cell).
                let mut l = vec![*a.circle.last().unwrap()];
                l.extend(&a.line);
                add(
                    "arrow",
                    format!(
                        "{{\"lines\":[{}],\"cells\":{}}}",
                        names(&l, n),
                        names(&a.circle, n)
                    ),
                )
            }
            Constraint::DoubleArrow(d) => add("doublearrow", line(&d.line, n)),
            Constraint::LittleKiller(l) => {
                let first = l.cells[0].index();
                let dr = (first / n) as i32 - l.clue.row;
                let dc = (first % n) as i32 - l.clue.column;
                let dir = match (dr, dc) {
                    (1, 1) => "DR",
                    (1, -1) => "DL",
                    (-1, 1) => "UR",
                    _ => "UL",
                };
                add(
                    "littlekillersum",
                    format!(
                        "{{\"cell\":{},\"cells\":{},\"direction\":\"{dir}\",\"value\":\"{}\"}}",
                        outside(l.clue),
                        names(&l.cells, n),
                        l.sum
                    ),
                )
            }
            Constraint::Sandwich(s) => add(
                "sandwichsum",
                format!("{{\"cell\":{},\"value\":\"{}\"}}", outside(s.clue), s.sum),
            ),
            Constraint::XSum(s) => add(
                "xsum",
                format!("{{\"cell\":{},\"value\":\"{}\"}}", outside(s.clue), s.sum),
            ),
            Constraint::Skyscraper(s) => add(
                "skyscraper",
                format!(
                    "{{\"cell\":{},\"value\":\"{}\"}}",
                    outside(s.clue),
                    s.visible
                ),
            ),
            Constraint::SumLine(s) => add("regionsumline", line(&s.line, n)),
            Constraint::Zipper(z) => add("zipperline", line(&z.line, n)),
            Constraint::Quadruple(q) => {
                let d: Vec<String> = q.digits.iter().map(u8::to_string).collect();
                add(
                    "quadruple",
                    format!(
                        "{{\"cells\":{},\"values\":[{}]}}",
                        names(&q.cells, n),
                        d.join(",")
                    ),
                )
            }
            Constraint::Pair(p) => {
                let cells = names(&p.cells, n);
                let (key, value) = match p.rule {
                    PairRule::Difference(1) => ("difference", None),
                    PairRule::Difference(k) => ("difference", Some(k.to_string())),
                    PairRule::Ratio(2) => ("ratio", None),
                    PairRule::Ratio(k) => ("ratio", Some(k.to_string())),
                    PairRule::Sum(10) => ("xv", Some("X".to_string())),
                    PairRule::Sum(5) => ("xv", Some("V".to_string())),
                    other => panic!("no f-puzzles key for {other:?}"),
                };
                add(
                    key,
                    match value {
                        Some(v) => format!("{{\"cells\":{cells},\"value\":\"{v}\"}}"),
                        None => format!("{{\"cells\":{cells}}}"),
                    },
                )
            }
            Constraint::Neighbours(nb) => {
                // Written as flags and `negative`; check they were set.
                let flag = match (nb.adjacency, nb.kind) {
                    (Adjacency::King, _) => "antiking",
                    (Adjacency::Knight, _) => "antiknight",
                    (_, "nonconsecutive") => "nonconsecutive",
                    _ => "negative",
                };
                assert!(
                    flag == "negative" && !e.negative.is_empty() || e.flags.contains(&flag),
                    "{} has {flag} without its key",
                    e.title
                );
            }
            Constraint::Thermometer(t) => add("thermometer", line(&t.line, n)),
            Constraint::Whispers(w) => add(
                "whispers",
                format!(
                    "{{\"lines\":[{}],\"value\":\"{}\"}}",
                    names(&w.line, n),
                    w.gap
                ),
            ),
            Constraint::Renban(r) => add("renban", line(&r.line, n)),
            Constraint::Palindrome(p) => add("palindrome", line(&p.line, n)),
            Constraint::Between(b) => add("betweenline", line(&b.line, n)),
            Constraint::Lockout(l) => add("lockout", line(&l.line, n)),
            Constraint::Entropic(x) => add("entropicline", line(&x.line, n)),
            Constraint::Modular(m) => add("modularline", line(&m.line, n)),
            Constraint::Nabner(x) => add("nabner", line(&x.line, n)),
            Constraint::Parity(p) => add(
                if p.odd { "odd" } else { "even" },
                format!("{{\"cell\":{}}}", name(p.cell, n)),
            ),
            Constraint::Extremum(x) => add(
                if x.maximum { "maximum" } else { "minimum" },
                format!("{{\"cell\":{}}}", name(x.cell, n)),
            ),
            Constraint::Clone(c) => add(
                "clone",
                format!(
                    "{{\"cells\":{},\"cloneCells\":{}}}",
                    names(&c.cells, n),
                    names(&c.clones, n)
                ),
            ),
            Constraint::Distinct(d) => add(
                "extraregion",
                format!("{{\"cells\":{}}}", names(&d.cells, n)),
            ),
            Constraint::Indexer(i) => add(
                match i.kind {
                    IndexerKind::Row => "rowindexer",
                    IndexerKind::Column => "columnindexer",
                    IndexerKind::Box => "boxindexer",
                },
                format!("{{\"cells\":[{}]}}", name(i.cell, n)),
            ),
        }
    }
    for r in &e.extra_regions {
        let cells: Vec<Cell> = r.iter().map(|&i| Cell(i as u32)).collect();
        add("extraregion", format!("{{\"cells\":{}}}", names(&cells, n)));
    }
    let mut out = String::new();
    write!(
        out,
        "{{\"size\":{n},\"title\":\"{}\",\"author\":\"sudokit\",\"grid\":[",
        e.title
    )
    .unwrap();
    for r in 0..n {
        out.push_str(if r == 0 { "[" } else { ",[" });
        for c in 0..n {
            let i = r * n + c;
            let mut fields = Vec::new();
            if e.givens[i] != 0 {
                fields.push(format!("\"value\":{},\"given\":true", e.givens[i]));
            }
            if let Regions::Jigsaw(map) = &e.regions {
                fields.push(format!("\"region\":{}", map[i]));
            }
            if c > 0 {
                out.push(',');
            }
            write!(out, "{{{}}}", fields.join(",")).unwrap();
        }
        out.push(']');
    }
    out.push(']');
    for f in &e.flags {
        write!(out, ",\"{f}\":true").unwrap();
    }
    if !e.negative.is_empty() {
        let v: Vec<String> = e.negative.iter().map(|k| format!("\"{k}\"")).collect();
        write!(out, ",\"negative\":[{}]", v.join(",")).unwrap();
    }
    for (key, items) in keys {
        write!(out, ",\"{key}\":[{}]", items.join(",")).unwrap();
    }
    let s: Vec<String> = e.solution.iter().map(u8::to_string).collect();
    write!(out, ",\"solution\":[{}]}}", s.join(",")).unwrap();
    out
}
