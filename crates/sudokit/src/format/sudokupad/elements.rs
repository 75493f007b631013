//! The drawings of a SudokuPad puzzle as typed elements: lines, arrows,
//! shapes (overlays and underlays) and cages, with the geometry that turns
//! their coordinates (cell units, `[row, column]`, the grid's top-left
//! corner at `[0, 0]`) back into cells, edges and corners.

use serde_json::{Map, Value};

/// Close enough for coordinates that SudokuPad rounds to tenths.
const EPS: f64 = 0.02;

/// A point `[row, column]` in cell units.
pub(super) type Point = (f64, f64);

/// A colour as written, normalised: `#RRGGBB` upper case (`#abc` and
/// `#RRGGBBAA` are widened or kept), anything else (`rgba(…)`, names)
/// lower case without spaces; empty when absent.
pub(super) fn colour(v: Option<&Value>) -> String {
    v.and_then(Value::as_str)
        .map_or_else(String::new, normalise)
}

/// A colour's text normalised as [`colour`] does.
pub(super) fn normalise(s: &str) -> String {
    let s = s.trim();
    if let Some(hex) = s.strip_prefix('#') {
        if hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            let hex = hex.to_ascii_uppercase();
            return match hex.len() {
                3 => format!("#{0}{0}{1}{1}{2}{2}", &hex[0..1], &hex[1..2], &hex[2..3]),
                4 => format!(
                    "#{0}{0}{1}{1}{2}{2}{3}{3}",
                    &hex[0..1],
                    &hex[1..2],
                    &hex[2..3],
                    &hex[3..4]
                ),
                _ => format!("#{hex}"),
            };
        }
    }
    s.to_ascii_lowercase().replace(' ', "")
}

/// A number written as a number or as text.
pub(super) fn num(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Text written as text or as a number.
pub(super) fn text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

fn point(v: &Value) -> Option<Point> {
    let a = v.as_array()?;
    match a.as_slice() {
        [r, c] => Some((num(Some(r))?, num(Some(c))?)),
        _ => None,
    }
}

fn points(v: Option<&Value>) -> Option<Vec<Point>> {
    v?.as_array()?.iter().map(point).collect()
}

/// A line (`lines`) or an arrow (`arrows`).
#[derive(Clone, Debug)]
pub(super) struct Line {
    /// Its index in its list, for messages.
    pub index: usize,
    pub colour: String,
    pub thickness: f64,
    pub points: Vec<Point>,
}

/// An overlay or underlay: a rectangle or an ellipse, with text.
#[derive(Clone, Debug)]
pub(super) struct Shape {
    pub index: usize,
    pub center: Point,
    pub width: f64,
    pub height: f64,
    pub rounded: bool,
    pub background: String,
    pub border: String,
    pub text: String,
    pub font: f64,
    /// Whether it was written with a rotation, a border size or a text
    /// stroke: the marks of f-puzzles' cosmetic shapes and texts.
    pub cosmetic: bool,
}

/// A cage: its cells and what it says.
#[derive(Clone, Debug)]
pub(super) struct Cage {
    pub index: usize,
    pub cells: Vec<(i64, i64)>,
    pub value: Option<String>,
    pub unique: Option<bool>,
    pub hidden: bool,
    pub style: Option<String>,
    /// f-puzzles' cosmetic cage keys, kept for the f-puzzles reading.
    pub json: serde_json::Map<String, Value>,
}

/// Every line of `list` (`lines` or `arrows`).
///
/// # Errors
/// An element that is not an object or whose way points are not points.
pub(super) fn lines(json: &Value, list: &str) -> Result<Vec<Line>, String> {
    items(json, list)
        .enumerate()
        .map(|(index, e)| {
            let points = points(e.get("wayPoints"))
                .filter(|p| p.len() >= 2)
                .ok_or_else(|| format!("{} {}: no way points", singular(list), index + 1))?;
            Ok(Line {
                index,
                colour: colour(e.get("color")),
                thickness: num(e.get("thickness")).unwrap_or(0.0),
                points,
            })
        })
        .collect()
}

/// Every overlay or underlay of `list`.
///
/// # Errors
/// A shape without a centre.
pub(super) fn shapes(json: &Value, list: &str) -> Result<Vec<Shape>, String> {
    items(json, list)
        .enumerate()
        .map(|(index, e)| {
            let center = e
                .get("center")
                .and_then(point)
                .ok_or_else(|| format!("{} {}: no centre", singular(list), index + 1))?;
            Ok(Shape {
                index,
                center,
                width: num(e.get("width")).unwrap_or(1.0),
                height: num(e.get("height")).unwrap_or(1.0),
                rounded: e.get("rounded").and_then(Value::as_bool).unwrap_or(false),
                background: colour(e.get("backgroundColor")),
                border: colour(e.get("borderColor")),
                text: text(e.get("text")),
                font: num(e.get("fontSize")).unwrap_or(0.0),
                cosmetic: e.get("angle").is_some()
                    || e.get("borderSize").is_some()
                    || e.get("textStroke").is_some(),
            })
        })
        .collect()
}

/// Every cage.
///
/// # Errors
/// A cage cell that is not `[row, column]`.
pub(super) fn cages(json: &Value) -> Result<Vec<Cage>, String> {
    items(json, "cages")
        .enumerate()
        .map(|(index, e)| {
            let cells = match e.get("cells") {
                None | Some(Value::Null) => Vec::new(),
                Some(v) => v
                    .as_array()
                    .and_then(|a| {
                        a.iter()
                            .map(|c| point(c).map(|(r, c)| (r as i64, c as i64)))
                            .collect::<Option<Vec<_>>>()
                    })
                    .ok_or_else(|| format!("cage {}: cells are not [row, column]", index + 1))?,
            };
            let value = match e.get("value") {
                None | Some(Value::Null) => None,
                v => Some(text(v)),
            };
            Ok(Cage {
                index,
                cells,
                value,
                unique: e.get("unique").and_then(Value::as_bool),
                hidden: e.get("hidden").and_then(Value::as_bool).unwrap_or(false),
                style: e.get("style").and_then(Value::as_str).map(str::to_owned),
                json: e.as_object().cloned().unwrap_or_default(),
            })
        })
        .collect()
}

fn items<'a>(json: &'a Value, list: &str) -> impl Iterator<Item = &'a Value> {
    json.get(list)
        .and_then(Value::as_array)
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .filter(|e| e.is_object())
}

fn singular(list: &str) -> &str {
    list.strip_suffix('s').unwrap_or(list)
}

/// Whether `a` and `b` are equal to SudokuPad's precision.
pub(super) fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < EPS
}

/// The cell a point lies in.
pub(super) fn cell_of(p: Point) -> (i64, i64) {
    (p.0.floor() as i64, p.1.floor() as i64)
}

fn is_whole(x: f64) -> bool {
    near(x, x.round())
}

fn is_half(x: f64) -> bool {
    near(x - x.floor(), 0.5)
}

/// The two cells a point on their shared edge separates (the centre of a
/// kropki dot or an XV mark), or `None` when the point is not on an edge.
pub(super) fn edge_cells(p: Point) -> Option<[(i64, i64); 2]> {
    let (r, c) = p;
    if is_half(r) && is_whole(c) {
        let (r, c) = (r.floor() as i64, c.round() as i64);
        Some([(r, c - 1), (r, c)])
    } else if is_whole(r) && is_half(c) {
        let (r, c) = (r.round() as i64, c.floor() as i64);
        Some([(r - 1, c), (r, c)])
    } else {
        None
    }
}

/// The four cells around a grid corner, or `None` when the point is not one.
pub(super) fn corner_cells(p: Point) -> Option<[(i64, i64); 4]> {
    let (r, c) = p;
    if !(is_whole(r) && is_whole(c)) {
        return None;
    }
    let (r, c) = (r.round() as i64, c.round() as i64);
    Some([(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)])
}

/// The cell a point is the centre of, or `None`.
pub(super) fn centre_cell(p: Point) -> Option<(i64, i64)> {
    (is_half(p.0) && is_half(p.1)).then(|| cell_of(p))
}

/// The cells a shape covers when it is a circle or box over whole cells
/// (an arrow's bulb over one or several cells in a row or column).
pub(super) fn covered(s: &Shape) -> Vec<(i64, i64)> {
    let rows = ((s.height - 0.75).max(0.0)).round() as i64 + 1;
    let cols = ((s.width - 0.75).max(0.0)).round() as i64 + 1;
    // No grid is wider than 64 cells: a larger shape covers no bulb.
    if rows > LONGEST || cols > LONGEST {
        return Vec::new();
    }
    let top = s.center.0 - (rows - 1) as f64 / 2.0;
    let left = s.center.1 - (cols - 1) as f64 / 2.0;
    let first = cell_of((top, left));
    (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (first.0 + r, first.1 + c)))
        .collect()
}

/// The cells a line passes through, in order: the cells of its way points,
/// with the cells between two points that are along a row, column or
/// diagonal filled in (a repeated cell counts once in a row).
///
/// # Errors
/// Two points neither in adjacent cells nor along a row, column or
/// diagonal.
pub(super) fn line_cells(points: &[Point]) -> Result<Vec<(i64, i64)>, String> {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for &p in points {
        let cell = cell_of(p);
        if let Some(&last) = out.last() {
            let (dr, dc) = (cell.0 - last.0, cell.1 - last.1);
            if (dr, dc) == (0, 0) {
                continue;
            }
            let steps = dr.abs().max(dc.abs());
            if steps > LONGEST {
                return Err(format!(
                    "a line from {} to {}: longer than any grid",
                    rc(last),
                    rc(cell)
                ));
            }
            if steps > 1 {
                if !(dr == 0 || dc == 0 || dr.abs() == dc.abs()) {
                    return Err(format!(
                        "a line from {} to {} that is not along a row, column or diagonal",
                        rc(last),
                        rc(cell)
                    ));
                }
                for k in 1..steps {
                    out.push((last.0 + dr / steps * k, last.1 + dc / steps * k));
                }
            }
        }
        out.push(cell);
    }
    Ok(out)
}

/// More cells than any grid's side and its outside clues span: a longer
/// run or shape is refused (or covers nothing) instead of being walked.
const LONGEST: i64 = 2 * crate::MAX_SIZE as i64;

/// The default box shape of side `n` (rows, columns): the most square
/// boxes, one row tall for a prime side, as f-puzzles and SudokuPad draw.
pub(super) fn default_boxes(n: usize) -> (usize, usize) {
    crate::default_box_shape(n).unwrap_or((1, n))
}

/// A cell's name, 1-based (`r1c1`), for messages.
pub(super) fn rc((r, c): (i64, i64)) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

/// A cell's f-puzzles name (`R1C1`; outside cells are `R0C…`, `R10C…`).
pub(super) fn name((r, c): (i64, i64)) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// Appends `entry` to the array under `key`.
pub(super) fn add(out: &mut Map<String, Value>, key: &str, entry: Value) {
    if let Value::Array(a) = out.entry(key).or_insert_with(|| Value::Array(Vec::new())) {
        a.push(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_normalised() {
        assert_eq!(colour(Some(&"#fff".into())), "#FFFFFF");
        assert_eq!(colour(Some(&"#a1a1a1".into())), "#A1A1A1");
        assert_eq!(
            colour(Some(&"rgba(207, 207, 207, 0.95)".into())),
            "rgba(207,207,207,0.95)"
        );
        assert_eq!(colour(None), "");
    }

    #[test]
    fn points_give_cells_edges_and_corners() {
        assert_eq!(edge_cells((1.5, 3.0)), Some([(1, 2), (1, 3)]));
        assert_eq!(edge_cells((2.0, 0.5)), Some([(1, 0), (2, 0)]));
        assert_eq!(edge_cells((1.5, 1.5)), None);
        assert_eq!(
            corner_cells((3.0, 6.0)),
            Some([(2, 5), (2, 6), (3, 5), (3, 6)])
        );
        assert_eq!(centre_cell((0.5, 8.5)), Some((0, 8)));
        assert_eq!(centre_cell((0.8, 8.5)), None);
    }

    #[test]
    fn lines_fill_straight_runs() {
        let cells = line_cells(&[(0.5, 0.5), (0.5, 3.5), (3.5, 0.5)]).unwrap();
        assert_eq!(
            cells,
            [(0, 0), (0, 1), (0, 2), (0, 3), (1, 2), (2, 1), (3, 0)]
        );
        assert!(line_cells(&[(0.5, 0.5), (1.5, 3.5)]).is_err());
        // A crafted line across the whole number line is refused, not walked.
        assert!(line_cells(&[(0.5, 0.5), (1e18, 1e18)])
            .unwrap_err()
            .contains("longer than any grid"));
        // An arrow's first point sits 0.3 from its bulb's centre.
        assert_eq!(
            line_cells(&[(1.8, 1.5), (2.5, 1.5)]).unwrap(),
            [(1, 1), (2, 1)]
        );
    }

    #[test]
    fn shapes_cover_their_cells() {
        let s = |center, width, height| Shape {
            index: 0,
            center,
            width,
            height,
            rounded: true,
            background: String::new(),
            border: String::new(),
            text: String::new(),
            font: 0.0,
            cosmetic: false,
        };
        assert_eq!(covered(&s((1.5, 1.5), 0.75, 0.75)), [(1, 1)]);
        assert_eq!(covered(&s((1.5, 2.0), 1.75, 0.75)), [(1, 1), (1, 2)]);
        assert_eq!(covered(&s((2.0, 4.5), 0.75, 1.75)), [(1, 4), (2, 4)]);
    }
}
