//! Which layout a board is: the presets by their shape, the `# layout:`
//! line, each layout's geometry built once, and the detection of a `multi`
//! input.

use std::sync::{Arc, OnceLock};

use super::choice::canonical;
use super::MAX_BOARD;
use crate::{default_box_shape, Geometry, MultiLayout};

/// A preset layout, its geometry once built, and whether its shape tells it.
#[derive(Debug)]
pub(super) struct Preset {
    pub(super) layout: MultiLayout,
    geometry: OnceLock<Arc<Geometry>>,
    /// Some row has a hole before a cell (a leading or inner run of
    /// spaces), and no other preset has its shape: detection tells it.
    pub(super) detectable: bool,
}

/// Every preset, built once.
pub(super) fn presets() -> &'static [Preset] {
    static PRESETS: OnceLock<Vec<Preset>> = OnceLock::new();
    PRESETS.get_or_init(|| {
        let layouts: Vec<MultiLayout> = MultiLayout::preset_names()
            .filter_map(MultiLayout::preset)
            .collect();
        layouts
            .iter()
            .map(|l| Preset {
                layout: l.clone(),
                geometry: OnceLock::new(),
                detectable: hole_before_cell(l)
                    && layouts.iter().filter(|o| same_shape(o, l)).count() == 1,
            })
            .collect()
    })
}

/// Whether two layouts cover the same places.
pub(super) fn same_shape(a: &MultiLayout, b: &MultiLayout) -> bool {
    (a.rows(), a.columns()) == (b.rows(), b.columns())
        && (0..a.rows()).all(|r| (0..a.columns()).all(|c| a.covers(r, c) == b.covers(r, c)))
}

/// Whether some row of `layout` has a hole before a cell.
pub(super) fn hole_before_cell(layout: &MultiLayout) -> bool {
    (0..layout.rows()).any(|r| {
        let mut hole = false;
        (0..layout.columns()).any(|c| {
            let covered = layout.covers(r, c);
            hole |= !covered;
            hole && covered
        })
    })
}

/// The places where `rows` (a space a hole, a row cut short ending in
/// holes) and `layout` disagree; `None` when the row counts differ.
pub(super) fn mismatches(layout: &MultiLayout, rows: &[&[u8]]) -> Option<usize> {
    if rows.len() != layout.rows() {
        return None;
    }
    let mut wrong = 0;
    for (r, row) in rows.iter().enumerate() {
        for c in 0..row.len().max(layout.columns()) {
            let filled = row.get(c).is_some_and(|&b| b != b' ');
            let covered = c < layout.columns() && layout.covers(r, c);
            wrong += usize::from(filled != covered);
        }
    }
    Some(wrong)
}

/// The preset `rows` are nearly in: off in at most a twentieth of the
/// board's places (a digit in a hole, a cell left blank), the fewest.
pub(super) fn nearest(rows: &[&[u8]]) -> Option<(&'static Preset, usize)> {
    presets()
        .iter()
        .filter_map(|p| mismatches(&p.layout, rows).map(|m| (p, m)))
        .filter(|(p, m)| m * 20 <= p.layout.rows() * p.layout.columns())
        .min_by_key(|&(_, m)| m)
}

/// The names of the presets, for messages.
pub(super) fn preset_list() -> String {
    MultiLayout::preset_names().collect::<Vec<_>>().join(", ")
}

/// The layout a board's shape says: the one preset whose places it fills,
/// or the nearest (see [`nearest`]); else why none.
pub(super) fn by_shape(rows: &[&[u8]]) -> Result<&'static Preset, String> {
    let exact: Vec<&Preset> = presets()
        .iter()
        .filter(|p| mismatches(&p.layout, rows) == Some(0))
        .collect();
    let say = "say which with a `# layout: NAME` line before it or --layout NAME \
               (a preset, or grid corners such as \"0,0 6,6\")";
    match exact[..] {
        [one] => return Ok(one),
        [] => {}
        _ => {
            let names: Vec<&str> = exact.iter().map(|p| p.layout.name()).collect();
            return Err(format!(
                "the board's shape is that of several layouts ({}); {say}",
                names.join(", ")
            ));
        }
    }
    if let Some((p, _)) = nearest(rows) {
        return Ok(p);
    }
    let widest = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    Err(format!(
        "a board of {} rows, up to {widest} places wide, in the shape of no layout ({}); {say}",
        rows.len(),
        preset_list()
    ))
}

/// What a `# layout:` comment line says, if it is one.
pub(super) fn layout_header(text: &[u8]) -> Option<Result<MultiLayout, String>> {
    let text = std::str::from_utf8(text.strip_prefix(b"#")?)
        .ok()?
        .trim_start();
    let word = text.get(..6)?;
    if !word.eq_ignore_ascii_case("layout") {
        return None;
    }
    let rest = text[6..].trim_start().strip_prefix(':')?.trim();
    Some(
        MultiLayout::parse(rest)
            .map(canonical)
            .map_err(|e| e.to_string()),
    )
}

/// Whether the board of `layout` is a plain square grid: one grid at the
/// corner, with its side's usual boxes.
pub(super) fn is_square(layout: &MultiLayout) -> bool {
    matches!(layout.grids(), [g] if (g.top, g.left) == (0, 0)
        && Some(g.boxes) == default_box_shape(g.size))
}

/// The geometry of `layout`: a preset's built once for the process, a
/// square grid's shared, another's kept in `last` while it repeats.
pub(super) fn geometry_of(layout: &MultiLayout, last: &mut Option<Arc<Geometry>>) -> Arc<Geometry> {
    if is_square(layout) {
        if let Ok(g) = Geometry::shared_square(layout.side()) {
            return g;
        }
    }
    if let Some(p) = presets().iter().find(|p| &p.layout == layout) {
        return p
            .geometry
            .get_or_init(|| Arc::new(Geometry::multi(layout.clone())))
            .clone();
    }
    match last {
        Some(g) if g.multi_layout() == Some(layout) => g.clone(),
        _ => {
            let g = Arc::new(Geometry::multi(layout.clone()));
            *last = Some(g.clone());
            g
        }
    }
}

/// Whether `prefix` (the start of an input) reads as `multi`: a
/// `# layout:` line that names a layout before or between its first
/// boards, or a board of `0`-`9`, `.` and spaces with a hole before a cell
/// in some row, whose shape is a preset's (the first board may be a few
/// places off, as [`Parser`] then reads it and names the place; later ones
/// must be exact). Up to 8 boards are looked at.
pub(crate) fn detect_board(prefix: &[u8]) -> bool {
    let prefix = prefix.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(prefix);
    let mut block: Vec<&[u8]> = Vec::new();
    let mut boards = 0;
    let mut too_tall = false;
    let mut lines = prefix.split(|&b| b == b'\n').peekable();
    while let Some(line) = lines.next() {
        let end = line
            .iter()
            .rposition(|&b| !crate::format::text::is_blank(b))
            .map_or(0, |e| e + 1);
        let line = &line[..end];
        let trimmed = line.trim_ascii_start();
        let last = lines.peek().is_none();
        let boundary = trimmed.is_empty() || trimmed.starts_with(b"#");
        if trimmed.starts_with(b"#") && layout_header(trimmed).is_some_and(|r| r.is_ok()) {
            return true;
        }
        if !boundary {
            too_tall |= block.len() >= MAX_BOARD;
            if !too_tall {
                block.push(line);
            }
        }
        if (boundary || last) && !block.is_empty() {
            if !too_tall && board_fits(&block, boards == 0) {
                return true;
            }
            boards += 1;
            if boards >= 8 {
                return false;
            }
            block.clear();
            too_tall = false;
        }
    }
    false
}

/// Whether the rows of a block are a preset's board (see [`detect_board`]).
pub(super) fn board_fits(rows: &[&[u8]], near: bool) -> bool {
    let symbols = rows
        .iter()
        .all(|r| r.iter().all(|&b| matches!(b, b'0'..=b'9' | b'.' | b' ')));
    let hole_first = rows.iter().any(|r| {
        r.iter()
            .position(|&b| b == b' ')
            .is_some_and(|i| r[i..].iter().any(|&b| b != b' '))
    });
    if !symbols || !hole_first {
        return false;
    }
    match nearest(rows) {
        Some((p, 0)) => p.detectable,
        Some(_) => near,
        None => false,
    }
}

/// Whether a line (and the next meaningful one, `next`) starts a JSON
/// board: `[` then `[` (f-puzzles arrays hold objects and strings).
pub(crate) fn is_json_board(text: &[u8], next: Option<&[u8]>) -> bool {
    let Some(rest) = text.strip_prefix(b"[") else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    if rest.is_empty() {
        next.is_some_and(|n| n.starts_with(b"["))
    } else {
        rest.starts_with(b"[")
    }
}
