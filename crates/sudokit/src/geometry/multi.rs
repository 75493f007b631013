//! Multi-grid layouts: samurai and its cousins, several square grids on one
//! board of `rows` × `columns` slots, overlapping where they share boxes.
//!
//! A slot that no grid covers is a hole. The cells of a multi-grid geometry
//! are the covered slots, numbered row-major over the board; each grid adds
//! its rows, columns and boxes as houses (a box two grids share is one
//! house).

use std::fmt;

use crate::digits::MAX_SIZE;

use super::default_box_shape;

/// One square grid of a multi-grid board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubGrid {
    /// Board row of its top-left cell.
    pub top: usize,
    /// Board column of its top-left cell.
    pub left: usize,
    /// Its side (digits, cells of a house).
    pub size: usize,
    /// Its box shape, rows × columns.
    pub boxes: (usize, usize),
}

/// A preset: its name, its other names, its grids' corners.
type Preset = (
    &'static str,
    &'static [&'static str],
    &'static [(usize, usize)],
);

/// The preset layouts: name, other names, then the top-left corner of each
/// 9x9 grid (the layouts newspapers and pencilmark name).
const PRESETS: &[Preset] = &[
    (
        "samurai",
        &["gattai-5"],
        &[(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)],
    ),
    ("twodoku", &["gattai-2"], &[(0, 0), (6, 6)]),
    ("doubledoku", &[], &[(0, 0), (3, 3)]),
    ("tridoku", &["tripledoku"], &[(0, 3), (3, 6), (6, 0)]),
    ("wing-3", &["gattai-3"], &[(0, 0), (0, 12), (6, 6)]),
    ("butterfly", &[], &[(0, 0), (0, 3), (3, 0), (3, 3)]),
    (
        "flower",
        &["flower-4"],
        &[(0, 3), (3, 0), (3, 3), (3, 6), (6, 3)],
    ),
    ("sohei", &[], &[(0, 6), (6, 0), (6, 12), (12, 6)]),
    (
        "windmill",
        &["kazaguruma"],
        &[(0, 3), (3, 12), (6, 6), (9, 0), (12, 9)],
    ),
    ("sensei", &[], &[(0, 0), (6, 3)]),
    (
        "super-samurai",
        &["supersamurai"],
        &[
            (0, 0),
            (0, 12),
            (0, 24),
            (6, 6),
            (6, 18),
            (12, 0),
            (12, 12),
            (12, 24),
        ],
    ),
    (
        "shogun",
        &[],
        &[
            (0, 0),
            (0, 12),
            (0, 24),
            (0, 36),
            (6, 6),
            (6, 18),
            (6, 30),
            (12, 0),
            (12, 12),
            (12, 24),
            (12, 36),
        ],
    ),
    (
        "sumo",
        &[],
        &[
            (0, 0),
            (0, 12),
            (0, 24),
            (6, 6),
            (6, 18),
            (12, 0),
            (12, 12),
            (12, 24),
            (18, 6),
            (18, 18),
            (24, 0),
            (24, 12),
            (24, 24),
        ],
    ),
];

/// A multi-grid layout: its grids and the board they sit on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MultiLayout {
    name: String,
    rows: usize,
    columns: usize,
    grids: Vec<SubGrid>,
}

/// Why a multi-grid layout could not be read or built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// Neither a preset name nor a description.
    #[error("unknown layout {0:?}: a preset ({presets}) or grid corners such as \"0,0 6,6\" (optionally \"6: 0,0 4,4\" for 6x6 grids)", presets = MultiLayout::preset_names().collect::<Vec<_>>().join(", "))]
    Unknown(String),
    /// A layout needs at least one grid.
    #[error("a layout needs at least one grid")]
    NoGrid,
    /// Grids of different sides on one board.
    #[error("every grid of a layout has the same side")]
    MixedSizes,
    /// A grid side without a box shape, or out of range.
    #[error("grids of side {0} have no box shape (sides 4..={max} that are not prime)", max = MAX_SIZE)]
    BadSide(usize),
    /// Two grids in the same place.
    #[error("two grids start at row {0}, column {1}")]
    SameGrid(usize, usize),
    /// Two overlapping grids whose boxes do not line up.
    #[error("grids at {a:?} and {b:?} overlap across their boxes (overlaps must be whole boxes)")]
    Misaligned {
        /// The first grid's corner.
        a: (usize, usize),
        /// The second grid's corner.
        b: (usize, usize),
    },
    /// The board is too large.
    #[error("the board is {0}x{1}; at most 256x256 slots")]
    TooLarge(usize, usize),
}

impl MultiLayout {
    /// The names of the presets.
    pub fn preset_names() -> impl Iterator<Item = &'static str> {
        PRESETS.iter().map(|(name, _, _)| *name)
    }

    /// A preset by name or another name (`samurai` or `gattai-5`,
    /// `twodoku`, `doubledoku`, `tridoku`, `wing-3`, `butterfly`, `flower`,
    /// `sohei`, `windmill` or `kazaguruma`, `sensei`, `super-samurai`,
    /// `shogun`, `sumo`), case-insensitive.
    pub fn preset(name: &str) -> Option<MultiLayout> {
        let name = name.trim();
        let (name, _, corners) = PRESETS.iter().find(|(n, aliases, _)| {
            n.eq_ignore_ascii_case(name) || aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
        })?;
        MultiLayout::of_corners(name, 9, corners).ok()
    }

    /// A preset name, or a description: the top-left corners of the grids
    /// as `row,column` pairs (0-based) separated by spaces or `;`, of 9x9
    /// grids unless a side comes first (`"6: 0,0 4,4"`).
    ///
    /// # Errors
    /// [`LayoutError`] naming what is wrong.
    pub fn parse(text: &str) -> Result<MultiLayout, LayoutError> {
        if let Some(p) = MultiLayout::preset(text) {
            return Ok(p);
        }
        let unknown = || LayoutError::Unknown(text.to_string());
        let (side, rest) = match text.split_once(':') {
            Some((s, rest)) => (s.trim().parse::<usize>().map_err(|_| unknown())?, rest),
            None => (9, text),
        };
        let corners = rest
            .split(|c: char| c.is_whitespace() || c == ';')
            .filter(|s| !s.is_empty())
            .map(|pair| {
                let (r, c) = pair.split_once(',').ok_or_else(unknown)?;
                let r = r.trim().parse::<usize>().map_err(|_| unknown())?;
                let c = c.trim().parse::<usize>().map_err(|_| unknown())?;
                Ok((r, c))
            })
            .collect::<Result<Vec<_>, LayoutError>>()?;
        MultiLayout::of_corners(text.trim(), side, &corners)
    }

    /// Square grids of side `side` (its usual box shape) at `corners`.
    ///
    /// # Errors
    /// [`LayoutError`] when the grids cannot share a board.
    pub fn of_corners(
        name: &str,
        side: usize,
        corners: &[(usize, usize)],
    ) -> Result<MultiLayout, LayoutError> {
        let boxes = default_box_shape(side)
            .filter(|_| side <= MAX_SIZE)
            .ok_or(LayoutError::BadSide(side))?;
        let grids = corners
            .iter()
            .map(|&(top, left)| SubGrid {
                top,
                left,
                size: side,
                boxes,
            })
            .collect();
        MultiLayout::new(name, grids)
    }

    /// A layout of any grids (each its own box shape, all of one side).
    ///
    /// # Errors
    /// [`LayoutError`] when the grids cannot share a board.
    pub fn new(name: &str, grids: Vec<SubGrid>) -> Result<MultiLayout, LayoutError> {
        let first = grids.first().ok_or(LayoutError::NoGrid)?;
        let side = first.size;
        for g in &grids {
            if g.size != side {
                return Err(LayoutError::MixedSizes);
            }
            let (r, c) = g.boxes;
            if !(4..=MAX_SIZE).contains(&side) || r * c != side || r < 2 || c < 2 {
                return Err(LayoutError::BadSide(side));
            }
        }
        let rows = grids.iter().map(|g| g.top + g.size).max().unwrap_or(0);
        let columns = grids.iter().map(|g| g.left + g.size).max().unwrap_or(0);
        if rows > 256 || columns > 256 {
            return Err(LayoutError::TooLarge(rows, columns));
        }
        for (i, a) in grids.iter().enumerate() {
            for b in &grids[..i] {
                if (a.top, a.left) == (b.top, b.left) {
                    return Err(LayoutError::SameGrid(a.top, a.left));
                }
                let overlap = a.top < b.top + side
                    && b.top < a.top + side
                    && a.left < b.left + side
                    && b.left < a.left + side;
                let aligned = a.boxes == b.boxes
                    && a.top.abs_diff(b.top).is_multiple_of(a.boxes.0)
                    && a.left.abs_diff(b.left).is_multiple_of(a.boxes.1);
                if overlap && !aligned {
                    return Err(LayoutError::Misaligned {
                        a: (b.top, b.left),
                        b: (a.top, a.left),
                    });
                }
            }
        }
        Ok(MultiLayout {
            name: name.to_string(),
            rows,
            columns,
            grids,
        })
    }

    /// Its name: the preset's, or the description it was read from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Board rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Board columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The grids.
    pub fn grids(&self) -> &[SubGrid] {
        &self.grids
    }

    /// The side of its grids (its digits).
    pub fn side(&self) -> usize {
        self.grids[0].size
    }

    /// Whether board slot (`row`, `column`) belongs to a grid.
    pub fn covers(&self, row: usize, column: usize) -> bool {
        self.grids.iter().any(|g| {
            (g.top..g.top + g.size).contains(&row) && (g.left..g.left + g.size).contains(&column)
        })
    }

    /// The description [`MultiLayout::parse`] reads back to this layout.
    pub fn description(&self) -> String {
        if MultiLayout::preset(&self.name).as_ref() == Some(self) {
            return self.name.clone();
        }
        let corners: Vec<String> = self
            .grids
            .iter()
            .map(|g| format!("{},{}", g.top, g.left))
            .collect();
        let side = self.side();
        let default = default_box_shape(side) == Some(self.grids[0].boxes);
        if side == 9 && default {
            corners.join(" ")
        } else {
            format!("{side}: {}", corners.join(" "))
        }
    }
}

impl fmt::Display for MultiLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({} grids of {}x{} on {}x{})",
            self.name,
            self.grids.len(),
            self.side(),
            self.side(),
            self.rows,
            self.columns
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_build_and_read_back() {
        for name in MultiLayout::preset_names() {
            let l = MultiLayout::preset(name).unwrap();
            assert_eq!(MultiLayout::parse(&l.description()).unwrap(), l, "{name}");
        }
        let s = MultiLayout::preset("Samurai").unwrap();
        assert_eq!((s.rows(), s.columns()), (21, 21));
        assert!(!s.covers(0, 9) && s.covers(9, 9) && s.covers(0, 20));
        let custom = MultiLayout::parse("0,0 6,6").unwrap();
        assert_eq!(
            custom.grids(),
            MultiLayout::preset("twodoku").unwrap().grids()
        );
        let six = MultiLayout::parse("6: 0,0 4,3").unwrap();
        assert_eq!((six.rows(), six.columns(), six.side()), (10, 9, 6));
        assert_eq!(MultiLayout::parse(&six.description()).unwrap(), six);
    }

    #[test]
    fn bad_layouts_say_why() {
        assert!(matches!(
            MultiLayout::parse("0,0 4,4"),
            Err(LayoutError::Misaligned { .. })
        ));
        assert!(matches!(
            MultiLayout::parse("0,0 0,0"),
            Err(LayoutError::SameGrid(0, 0))
        ));
        assert!(matches!(
            MultiLayout::parse("hexagon"),
            Err(LayoutError::Unknown(_))
        ));
        assert!(matches!(
            MultiLayout::parse("7: 0,0"),
            Err(LayoutError::BadSide(7))
        ));
        assert!(matches!(
            MultiLayout::parse("0,0 300,0"),
            Err(LayoutError::TooLarge(..))
        ));
    }
}
