//! [`Geometry`]: the side of the grid and its houses.
//!
//! A house is a set of exactly `n` cells that must hold every digit once:
//! rows, columns, boxes of any `r`×`c` shape or jigsaw regions, and optional
//! extra houses (X-sudoku diagonals, windoku windows, or any custom set of `n`
//! cells). A geometry is built once, validated, and shared (engines and
//! puzzles hold it in an [`Arc`](std::sync::Arc)).

use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::digits::{Cell, MAX_SIZE};

mod multi;

pub use multi::{LayoutError, MultiLayout, SubGrid};

/// What a house is, for display and for engines that exploit structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box (rectangular block) or a jigsaw region.
    Region,
    /// One of the two main diagonals (X-sudoku).
    Diagonal,
    /// A windoku window.
    Window,
    /// A house given by the user.
    Custom,
}

/// One house: its kind and its `n` cells in increasing order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct House {
    kind: HouseKind,
    cells: Vec<Cell>,
}

impl House {
    /// The kind of house.
    pub fn kind(&self) -> HouseKind {
        self.kind
    }

    /// Its cells, in increasing order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

/// How the grid is cut into regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Rectangular boxes of `rows` × `columns` cells (`rows * columns == n`).
    Boxes {
        /// Height of a box.
        rows: usize,
        /// Width of a box.
        columns: usize,
    },
    /// Irregular regions given by a map from cell to region.
    Jigsaw,
    /// Several overlapping grids on one board with holes (samurai and its
    /// cousins): [`Geometry::multi`].
    Multi,
}

/// An extra constraint house (or family of houses) added to a geometry.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Extra {
    /// The two main diagonals (X-sudoku).
    Diagonals,
    /// Windoku windows: for boxes of `b`×`b`, the `(b-1)²` windows of `b`×`b`
    /// cells starting at rows and columns `1 + k(b+1)` (the four shaded windows
    /// of a 9x9 windoku).
    Windows,
    /// Any set of exactly `n` distinct cells.
    House(Vec<Cell>),
}

/// Why a geometry could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// The side is 0 or larger than [`MAX_SIZE`].
    #[error("grid side {0} is out of range (1..={max})", max = MAX_SIZE)]
    SizeOutOfRange(usize),
    /// No box shape r×c with 1 < r <= c < n exists for this side.
    #[error(
        "a {0}x{0} grid has no box shape (its side is prime or below 4); use a jigsaw region map"
    )]
    NoBoxShape(usize),
    /// A box dimension is 0.
    #[error("box of {rows}x{columns} is empty")]
    EmptyBox {
        /// Box height.
        rows: usize,
        /// Box width.
        columns: usize,
    },
    /// The region map does not have one entry per cell.
    #[error("region map has {found} entries, a {n}x{n} grid needs {expected}")]
    RegionMapLength {
        /// Grid side.
        n: usize,
        /// `n * n`.
        expected: usize,
        /// Entries given.
        found: usize,
    },
    /// A region id is not below `n`.
    #[error("cell r{row}c{column} has region {region}, regions are numbered 0..{n}")]
    RegionOutOfRange {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        column: usize,
        /// The region id found.
        region: usize,
        /// Grid side.
        n: usize,
    },
    /// A region does not have exactly `n` cells.
    #[error("region {region} has {size} cells, every region needs {n}")]
    RegionSize {
        /// Region id.
        region: usize,
        /// Cells found in it.
        size: usize,
        /// Grid side.
        n: usize,
    },
    /// Windows need square boxes of side at least 2.
    #[error("windoku windows need square boxes of side >= 2")]
    WindowsNeedSquareBoxes,
    /// Diagonals and windows belong to one square grid.
    #[error("diagonals and windows need one square grid, not a multi-grid layout")]
    ExtraOnMulti,
    /// An extra house does not have `n` distinct cells of the grid.
    #[error("extra house must hold {n} distinct cells of the grid: {reason}")]
    BadExtraHouse {
        /// Grid side.
        n: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// The shape of a puzzle: side `n`, regions, extra houses, and the tables
/// engines need (houses per cell, peers).
///
/// Houses are ordered rows `0..n`, columns `0..n`, regions `0..n`, then the
/// extra houses in the order they were added.
#[derive(Clone, Debug)]
pub struct Geometry {
    n: usize,
    cells: usize,
    layout: Layout,
    multi: Option<Arc<Board>>,
    region: Vec<u16>,
    extras: Vec<Extra>,
    houses: Vec<House>,
    house_start: Vec<u32>,
    house_list: Vec<u32>,
    peer_start: Vec<u32>,
    peer_list: Vec<Cell>,
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Self) -> bool {
        self.n == other.n
            && self.layout == other.layout
            && self.region == other.region
            && self.extras == other.extras
            && self.multi.as_ref().map(|b| &b.layout) == other.multi.as_ref().map(|b| &b.layout)
    }
}

/// The board of a multi-grid geometry: its layout and where each cell sits.
#[derive(Debug)]
struct Board {
    layout: MultiLayout,
    /// `slot[row * columns + column]`: the cell there, `u32::MAX` for a hole.
    slot: Vec<u32>,
    /// `at[cell]`: its board row and column.
    at: Vec<(u16, u16)>,
}

impl Eq for Geometry {}

/// The usual box shape for side `n`: `r` rows by `c` columns with `r <= c`,
/// `r` as large as possible, and `r > 1`.
pub fn default_box_shape(n: usize) -> Option<(usize, usize)> {
    (2..=n)
        .take_while(|r| r * r <= n)
        .filter(|r| n.is_multiple_of(*r))
        .last()
        .map(|r| (r, n / r))
}

impl Geometry {
    /// Classic 9x9 sudoku with 3x3 boxes.
    pub fn classic() -> Geometry {
        Geometry::boxed(3, 3).expect("3x3 boxes are valid")
    }

    /// A grid of side `rows * columns` cut into boxes of `rows` × `columns`.
    ///
    /// # Errors
    /// [`GeometryError::EmptyBox`] or [`GeometryError::SizeOutOfRange`].
    pub fn boxed(rows: usize, columns: usize) -> Result<Geometry, GeometryError> {
        if rows == 0 || columns == 0 {
            return Err(GeometryError::EmptyBox { rows, columns });
        }
        let n = rows.saturating_mul(columns);
        if n > MAX_SIZE {
            return Err(GeometryError::SizeOutOfRange(n));
        }
        let region = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((r / rows) * (n / columns) + c / columns) as u16
            })
            .collect();
        Ok(Geometry::build(
            n,
            Layout::Boxes { rows, columns },
            region,
            Vec::new(),
        ))
    }

    /// A grid of side `n` with its usual box shape (see [`default_box_shape`]):
    /// 4 → 2x2, 6 → 2x3, 9 → 3x3, 12 → 3x4, 16 → 4x4, 25 → 5x5, 36 → 6x6 …
    ///
    /// # Errors
    /// [`GeometryError::SizeOutOfRange`], or [`GeometryError::NoBoxShape`] when
    /// `n` is prime or below 4.
    pub fn square(n: usize) -> Result<Geometry, GeometryError> {
        if n == 0 || n > MAX_SIZE {
            return Err(GeometryError::SizeOutOfRange(n));
        }
        let (r, c) = default_box_shape(n).ok_or(GeometryError::NoBoxShape(n))?;
        Geometry::boxed(r, c)
    }

    /// The geometry of [`Geometry::square`] for side `n`, built once per
    /// process and shared: cheap to call per puzzle.
    ///
    /// # Errors
    /// As [`Geometry::square`].
    pub fn shared_square(n: usize) -> Result<Arc<Geometry>, GeometryError> {
        static CACHE: [OnceLock<Arc<Geometry>>; MAX_SIZE + 1] =
            [const { OnceLock::new() }; MAX_SIZE + 1];
        let Some(slot) = CACHE.get(n) else {
            return Err(GeometryError::SizeOutOfRange(n));
        };
        if let Some(g) = slot.get() {
            return Ok(Arc::clone(g));
        }
        let g = Arc::new(Geometry::square(n)?);
        Ok(Arc::clone(slot.get_or_init(|| g)))
    }

    /// A jigsaw grid of side `n`: `regions[cell]` is the region (0..n) of each
    /// cell, row-major. Every region must hold exactly `n` cells. Regions need
    /// not be connected: the rules do not require it (formats that draw regions
    /// with walls check connectivity themselves).
    ///
    /// # Errors
    /// Any of the region errors of [`GeometryError`].
    pub fn jigsaw(n: usize, regions: &[usize]) -> Result<Geometry, GeometryError> {
        if n == 0 || n > MAX_SIZE {
            return Err(GeometryError::SizeOutOfRange(n));
        }
        if regions.len() != n * n {
            return Err(GeometryError::RegionMapLength {
                n,
                expected: n * n,
                found: regions.len(),
            });
        }
        let mut sizes = vec![0usize; n];
        for (i, &r) in regions.iter().enumerate() {
            if r >= n {
                return Err(GeometryError::RegionOutOfRange {
                    row: i / n,
                    column: i % n,
                    region: r,
                    n,
                });
            }
            sizes[r] += 1;
        }
        if let Some((region, &size)) = sizes.iter().enumerate().find(|(_, &s)| s != n) {
            return Err(GeometryError::RegionSize { region, size, n });
        }
        let region = regions.iter().map(|&r| r as u16).collect();
        Ok(Geometry::build(n, Layout::Jigsaw, region, Vec::new()))
    }

    /// This geometry with an extra house (or family of houses) added.
    ///
    /// # Errors
    /// [`GeometryError::WindowsNeedSquareBoxes`] or
    /// [`GeometryError::BadExtraHouse`].
    pub fn with_extra(self, extra: Extra) -> Result<Geometry, GeometryError> {
        let n = self.n;
        match &extra {
            Extra::Diagonals | Extra::Windows if self.multi.is_some() => {
                return Err(GeometryError::ExtraOnMulti)
            }
            Extra::Diagonals => {}
            Extra::Windows => match self.layout {
                Layout::Boxes { rows, columns } if rows == columns && rows >= 2 => {}
                _ => return Err(GeometryError::WindowsNeedSquareBoxes),
            },
            Extra::House(cells) => {
                let bad = |reason: String| GeometryError::BadExtraHouse { n, reason };
                if cells.len() != n {
                    return Err(bad(format!("it has {} cells", cells.len())));
                }
                let mut seen = vec![false; self.cells];
                for c in cells {
                    let i = c.index();
                    if i >= self.cells {
                        return Err(bad(format!("cell {i} is outside the grid")));
                    }
                    if std::mem::replace(&mut seen[i], true) {
                        return Err(bad(format!("cell {i} appears twice")));
                    }
                }
            }
        }
        let mut extras = self.extras;
        extras.push(extra);
        match self.multi {
            Some(board) => Ok(Geometry::build_multi(board, extras)),
            None => Ok(Geometry::build(n, self.layout, self.region, extras)),
        }
    }

    /// The geometry of a multi-grid layout: cells are the slots its grids
    /// cover, row-major over the board; houses are each grid's rows,
    /// columns and boxes (a box two grids share once); the region of a cell
    /// is its box (numbered over the board).
    pub fn multi(layout: MultiLayout) -> Geometry {
        let (rows, columns) = (layout.rows(), layout.columns());
        let mut slot = vec![u32::MAX; rows * columns];
        let mut at = Vec::new();
        for r in 0..rows {
            for c in 0..columns {
                if layout.covers(r, c) {
                    slot[r * columns + c] = at.len() as u32;
                    at.push((r as u16, c as u16));
                }
            }
        }
        Geometry::build_multi(Arc::new(Board { layout, slot, at }), Vec::new())
    }

    fn build_multi(board: Arc<Board>, extras: Vec<Extra>) -> Geometry {
        let layout = &board.layout;
        let n = layout.side();
        let cell = |r: usize, c: usize| Cell(board.slot[r * layout.columns() + c]);
        let mut houses: Vec<House> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut push = |houses: &mut Vec<House>, kind, mut cells: Vec<Cell>| {
            cells.sort();
            if seen.insert(cells.clone()) {
                houses.push(House { kind, cells });
            }
        };
        for g in layout.grids() {
            for r in 0..n {
                let cells = (0..n).map(|c| cell(g.top + r, g.left + c)).collect();
                push(&mut houses, HouseKind::Row, cells);
            }
        }
        for g in layout.grids() {
            for c in 0..n {
                let cells = (0..n).map(|r| cell(g.top + r, g.left + c)).collect();
                push(&mut houses, HouseKind::Column, cells);
            }
        }
        let mut region = vec![0u16; board.at.len()];
        let mut regions = 0u16;
        for g in layout.grids() {
            let (br, bc) = g.boxes;
            for b in 0..n {
                let (r0, c0) = (g.top + b / (n / bc) * br, g.left + b % (n / bc) * bc);
                let cells: Vec<Cell> = (0..n).map(|k| cell(r0 + k / bc, c0 + k % bc)).collect();
                let before = houses.len();
                push(&mut houses, HouseKind::Region, cells.clone());
                if houses.len() > before {
                    for c in &cells {
                        region[c.index()] = regions;
                    }
                    regions += 1;
                }
            }
        }
        for extra in &extras {
            if let Extra::House(cells) = extra {
                let mut cells = cells.clone();
                cells.sort();
                houses.push(House {
                    kind: HouseKind::Custom,
                    cells,
                });
            }
        }
        let cells = board.at.len();
        Geometry::with_tables(n, cells, Layout::Multi, Some(board), region, extras, houses)
    }

    fn build(n: usize, layout: Layout, region: Vec<u16>, extras: Vec<Extra>) -> Geometry {
        let cells = n * n;
        let mut houses = Vec::with_capacity(3 * n + 2);
        for r in 0..n {
            houses.push(House {
                kind: HouseKind::Row,
                cells: (0..n).map(|c| Cell::at(r, c, n)).collect(),
            });
        }
        for c in 0..n {
            houses.push(House {
                kind: HouseKind::Column,
                cells: (0..n).map(|r| Cell::at(r, c, n)).collect(),
            });
        }
        let mut regions = vec![Vec::with_capacity(n); n];
        for (i, &g) in region.iter().enumerate() {
            regions[g as usize].push(Cell(i as u32));
        }
        houses.extend(regions.into_iter().map(|cells| House {
            kind: HouseKind::Region,
            cells,
        }));
        for extra in &extras {
            match extra {
                Extra::Diagonals => {
                    houses.push(House {
                        kind: HouseKind::Diagonal,
                        cells: (0..n).map(|i| Cell::at(i, i, n)).collect(),
                    });
                    houses.push(House {
                        kind: HouseKind::Diagonal,
                        cells: (0..n).map(|i| Cell::at(i, n - 1 - i, n)).collect(),
                    });
                }
                Extra::Windows => {
                    let b = match layout {
                        Layout::Boxes { rows, .. } => rows,
                        Layout::Jigsaw | Layout::Multi => unreachable!("checked in with_extra"),
                    };
                    for wr in 0..b - 1 {
                        for wc in 0..b - 1 {
                            let (r0, c0) = (1 + wr * (b + 1), 1 + wc * (b + 1));
                            let mut cells: Vec<Cell> = (0..b * b)
                                .map(|k| Cell::at(r0 + k / b, c0 + k % b, n))
                                .collect();
                            cells.sort();
                            houses.push(House {
                                kind: HouseKind::Window,
                                cells,
                            });
                        }
                    }
                }
                Extra::House(cells) => {
                    let mut cells = cells.clone();
                    cells.sort();
                    houses.push(House {
                        kind: HouseKind::Custom,
                        cells,
                    });
                }
            }
        }
        Geometry::with_tables(n, cells, layout, None, region, extras, houses)
    }

    /// The geometry of these houses, with the tables engines read.
    fn with_tables(
        n: usize,
        cells: usize,
        layout: Layout,
        multi: Option<Arc<Board>>,
        region: Vec<u16>,
        extras: Vec<Extra>,
        houses: Vec<House>,
    ) -> Geometry {
        // Houses of each cell, flattened.
        let mut per_cell: Vec<Vec<u32>> = vec![Vec::new(); cells];
        for (h, house) in houses.iter().enumerate() {
            for c in &house.cells {
                per_cell[c.index()].push(h as u32);
            }
        }
        let mut house_start = Vec::with_capacity(cells + 1);
        let mut house_list = Vec::new();
        for hs in &per_cell {
            house_start.push(house_list.len() as u32);
            house_list.extend_from_slice(hs);
        }
        house_start.push(house_list.len() as u32);
        // Peers: cells sharing a house, without the cell itself.
        let mut peer_start = Vec::with_capacity(cells + 1);
        let mut peer_list = Vec::new();
        let mut mark = vec![usize::MAX; cells];
        for (i, hs) in per_cell.iter().enumerate() {
            peer_start.push(peer_list.len() as u32);
            mark[i] = i;
            let from = peer_list.len();
            for &h in hs {
                for &p in &houses[h as usize].cells {
                    if mark[p.index()] != i {
                        mark[p.index()] = i;
                        peer_list.push(p);
                    }
                }
            }
            peer_list[from..].sort();
        }
        peer_start.push(peer_list.len() as u32);
        Geometry {
            n,
            cells,
            layout,
            multi,
            region,
            extras,
            houses,
            house_start,
            house_list,
            peer_start,
            peer_list,
        }
    }

    /// Side of the grid (`n`: rows, columns, digits, cells per house).
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }

    /// Number of cells: `n * n`, or the covered slots of a multi-grid board.
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// The multi-grid layout, when this is one ([`Geometry::multi`]).
    pub fn multi_layout(&self) -> Option<&MultiLayout> {
        self.multi.as_deref().map(|b| &b.layout)
    }

    /// Board rows and columns: `(n, n)`, or a multi-grid board's.
    pub fn board_shape(&self) -> (usize, usize) {
        match &self.multi {
            Some(b) => (b.layout.rows(), b.layout.columns()),
            None => (self.n, self.n),
        }
    }

    /// Board row and column of a cell (0-based).
    #[inline]
    pub fn position(&self, cell: Cell) -> (usize, usize) {
        match &self.multi {
            Some(b) => {
                let (r, c) = b.at[cell.index()];
                (usize::from(r), usize::from(c))
            }
            None => (cell.index() / self.n, cell.index() % self.n),
        }
    }

    /// A multi-grid house as people say it: `row 4 of grid 2`, `column 1 of
    /// grid 5`, `box 9 of grid 1` (a shared box by its first grid); `None`
    /// for other geometries and for extra houses.
    pub fn multi_house_name(&self, h: usize) -> Option<String> {
        let layout = self.multi_layout()?;
        let house = &self.houses[h];
        let (first, last) = (house.cells[0], house.cells[house.cells.len() - 1]);
        let ((r0, c0), (r1, c1)) = (self.position(first), self.position(last));
        let n = self.n;
        let (i, g) = layout.grids().iter().enumerate().find(|(_, g)| {
            (g.top..g.top + n).contains(&r0)
                && (g.top..g.top + n).contains(&r1)
                && (g.left..g.left + n).contains(&c0)
                && (g.left..g.left + n).contains(&c1)
        })?;
        let (r, c) = (r0 - g.top, c0 - g.left);
        let (br, bc) = g.boxes;
        let what = match house.kind {
            HouseKind::Row => format!("row {}", r + 1),
            HouseKind::Column => format!("column {}", c + 1),
            HouseKind::Region => format!("box {}", r / br * (n / bc) + c / bc + 1),
            _ => return None,
        };
        Some(format!("{what} of grid {}", i + 1))
    }

    /// The cell at board row and column, `None` for a hole or off the board.
    pub fn cell_at(&self, row: usize, column: usize) -> Option<Cell> {
        let (rows, columns) = self.board_shape();
        if row >= rows || column >= columns {
            return None;
        }
        match &self.multi {
            Some(b) => Some(b.slot[row * columns + column])
                .filter(|&s| s != u32::MAX)
                .map(Cell),
            None => Some(Cell::at(row, column, self.n)),
        }
    }

    /// How regions are defined.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Box shape `(rows, columns)` when the regions are boxes.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        match self.layout {
            Layout::Boxes { rows, columns } => Some((rows, columns)),
            Layout::Jigsaw | Layout::Multi => None,
        }
    }

    /// The extra houses added with [`Geometry::with_extra`].
    pub fn extras(&self) -> &[Extra] {
        &self.extras
    }

    /// Region (box or jigsaw region, `0..n`; a multi-grid board's boxes are
    /// numbered over the board) of a cell.
    #[inline]
    pub fn region_of(&self, cell: Cell) -> usize {
        self.region[cell.index()] as usize
    }

    /// The region map, one entry per cell.
    pub fn regions(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.region.iter().map(|&r| r as usize)
    }

    /// All houses: rows, columns, regions, then extras.
    #[inline]
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// Indices (into [`Geometry::houses`]) of the houses holding `cell`.
    #[inline]
    pub fn houses_of(&self, cell: Cell) -> &[u32] {
        let i = cell.index();
        &self.house_list[self.house_start[i] as usize..self.house_start[i + 1] as usize]
    }

    /// Cells sharing a house with `cell` (not `cell` itself), sorted.
    #[inline]
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        let i = cell.index();
        &self.peer_list[self.peer_start[i] as usize..self.peer_start[i + 1] as usize]
    }

    /// Whether this is classic 9x9 with 3x3 boxes and no extra houses.
    pub fn is_classic(&self) -> bool {
        self.n == 9
            && self.layout
                == (Layout::Boxes {
                    rows: 3,
                    columns: 3,
                })
            && self.extras.is_empty()
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        match self.layout {
            Layout::Boxes { rows, columns } => write!(f, "{n}x{n} ({rows}x{columns} boxes)")?,
            Layout::Jigsaw => write!(f, "{n}x{n} jigsaw")?,
            Layout::Multi => match self.multi_layout() {
                Some(l) => write!(f, "{l}")?,
                None => write!(f, "multi-grid")?,
            },
        }
        for e in &self.extras {
            match e {
                Extra::Diagonals => f.write_str(" + diagonals")?,
                Extra::Windows => f.write_str(" + windows")?,
                Extra::House(_) => f.write_str(" + house")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_box_shapes() {
        let shapes: Vec<_> = [4, 6, 8, 9, 12, 16, 25, 36, 64, 7]
            .iter()
            .map(|&n| default_box_shape(n))
            .collect();
        assert_eq!(
            shapes,
            vec![
                Some((2, 2)),
                Some((2, 3)),
                Some((2, 4)),
                Some((3, 3)),
                Some((3, 4)),
                Some((4, 4)),
                Some((5, 5)),
                Some((6, 6)),
                Some((8, 8)),
                None
            ]
        );
    }

    #[test]
    fn classic_tables() {
        let g = Geometry::classic();
        assert_eq!(g.houses().len(), 27);
        for c in 0..81 {
            assert_eq!(g.peers(Cell(c)).len(), 20);
            assert_eq!(g.houses_of(Cell(c)).len(), 3);
        }
        assert_eq!(g.region_of(Cell::at(4, 5, 9)), 4);
        assert_eq!(g.region_of(Cell::at(8, 0, 9)), 6);
        assert!(g.is_classic());
    }

    #[test]
    fn six_by_six_boxes_are_two_rows_by_three_columns() {
        let g = Geometry::square(6).unwrap();
        assert_eq!(g.box_shape(), Some((2, 3)));
        assert_eq!(g.region_of(Cell::at(1, 2, 6)), 0);
        assert_eq!(g.region_of(Cell::at(1, 3, 6)), 1);
        assert_eq!(g.region_of(Cell::at(2, 0, 6)), 2);
    }

    #[test]
    fn extras() {
        let g = Geometry::classic().with_extra(Extra::Diagonals).unwrap();
        assert_eq!(g.houses().len(), 29);
        assert_eq!(g.peers(Cell::at(4, 4, 9)).len(), 20 + 12);
        let w = Geometry::classic().with_extra(Extra::Windows).unwrap();
        assert_eq!(w.houses().len(), 31);
        let first_window = &w.houses()[27];
        assert_eq!(first_window.cells()[0], Cell::at(1, 1, 9));
        assert_eq!(first_window.cells()[8], Cell::at(3, 3, 9));
        let last = &w.houses()[30];
        assert_eq!(last.cells()[8], Cell::at(7, 7, 9));
        assert_eq!(
            Geometry::boxed(2, 3).unwrap().with_extra(Extra::Windows),
            Err(GeometryError::WindowsNeedSquareBoxes)
        );
    }

    #[test]
    fn jigsaw_errors_are_typed() {
        assert!(matches!(
            Geometry::jigsaw(4, &[0; 15]),
            Err(GeometryError::RegionMapLength { .. })
        ));
        assert!(matches!(
            Geometry::jigsaw(2, &[0, 0, 0, 1]),
            Err(GeometryError::RegionSize {
                region: 0,
                size: 3,
                n: 2
            })
        ));
        assert!(matches!(
            Geometry::jigsaw(2, &[0, 0, 1, 5]),
            Err(GeometryError::RegionOutOfRange { region: 5, .. })
        ));
        assert!(Geometry::jigsaw(2, &[0, 1, 1, 0]).is_ok());
        assert_eq!(Geometry::square(7), Err(GeometryError::NoBoxShape(7)));
        assert_eq!(Geometry::square(65), Err(GeometryError::SizeOutOfRange(65)));
        assert!(Geometry::boxed(8, 8).is_ok());
        assert!(Geometry::boxed(9, 8).is_err());
    }
}
