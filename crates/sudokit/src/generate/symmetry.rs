//! Clue-pattern symmetries: the maps of the square that a puzzle's clue
//! pattern (and, for a jigsaw, its region layout) may be asked to keep.

use std::fmt;
use std::str::FromStr;

use crate::Geometry;

/// A symmetry of the clue pattern: a map of the n×n square onto itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Half-turn rotation about the centre (the newspaper default).
    Rotate180,
    /// Quarter-turn rotation: the pattern looks the same turned by 90°.
    Rotate90,
    /// Mirror in the main diagonal (top-left to bottom-right).
    Diagonal,
    /// Mirror in the anti-diagonal (top-right to bottom-left).
    AntiDiagonal,
    /// Mirror in the horizontal axis: the top half mirrors the bottom half.
    Horizontal,
    /// Mirror in the vertical axis: the left half mirrors the right half.
    Vertical,
}

impl Symmetry {
    /// Every symmetry, in the order of [`Symmetry::NAMES`].
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Horizontal,
        Symmetry::Vertical,
    ];

    /// The names [`Symmetry::from_str`] accepts first (it also takes `180`,
    /// `90`, `central`, `mirror` = vertical and `flip` = horizontal, qqwing's words).
    pub const NAMES: &'static [&'static str] = &[
        "none",
        "rotate180",
        "rotate90",
        "diagonal",
        "antidiagonal",
        "horizontal",
        "vertical",
    ];

    /// The name.
    pub fn name(self) -> &'static str {
        Symmetry::NAMES[self as usize]
    }

    /// Where cell `cell` of an n×n grid goes under this map.
    pub fn map(self, cell: usize, n: usize) -> usize {
        let (r, c) = (cell / n, cell % n);
        let m = n - 1;
        let (r2, c2) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rotate180 => (m - r, m - c),
            Symmetry::Rotate90 => (c, m - r),
            Symmetry::Diagonal => (c, r),
            Symmetry::AntiDiagonal => (m - c, m - r),
            Symmetry::Horizontal => (m - r, c),
            Symmetry::Vertical => (r, m - c),
        };
        r2 * n + c2
    }

    /// Where cell `cell` of `geometry` goes under this map of its board
    /// (the n×n square, or a multi-grid board's rectangle): `None` when it
    /// lands on a hole, or the map needs a square board and this one is not.
    pub fn map_on(self, geometry: &Geometry, cell: usize) -> Option<usize> {
        let (rows, columns) = geometry.board_shape();
        let (r, c) = geometry.position(crate::Cell(cell as u32));
        let (mr, mc) = (rows - 1, columns - 1);
        let square = rows == columns;
        let (r2, c2) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rotate180 => (mr - r, mc - c),
            Symmetry::Rotate90 if square => (c, mr - r),
            Symmetry::Diagonal if square => (c, r),
            Symmetry::AntiDiagonal if square => (mc - c, mr - r),
            Symmetry::Horizontal => (mr - r, c),
            Symmetry::Vertical => (r, mc - c),
            _ => return None,
        };
        geometry.cell_at(r2, c2).map(|c| c.index())
    }

    /// The orbits of `geometry`'s cells under this map of its board (see
    /// [`Symmetry::orbits`]); a cell the map sends to a hole is an orbit of
    /// its own ([`Symmetry::check`] refuses such a map first).
    pub fn orbits_of(self, geometry: &Geometry) -> Vec<Vec<usize>> {
        if geometry.multi_layout().is_none() {
            return self.orbits(geometry.size());
        }
        let cells = geometry.cell_count();
        let mut seen = vec![false; cells];
        let mut orbits = Vec::new();
        for start in 0..cells {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut c = self.map_on(geometry, start).unwrap_or(start);
            while c != start && !seen[c] {
                seen[c] = true;
                orbit.push(c);
                c = self.map_on(geometry, c).unwrap_or(start);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// The orbits of the n×n cells under this map (each cell in exactly one,
    /// each orbit starting at its least cell, orbits by their least cell):
    /// the sets of cells that are clues together or not at all.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut c = self.map(start, n);
            while c != start {
                seen[c] = true;
                orbit.push(c);
                c = self.map(c, n);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether this map sends every house of `geometry` onto a house, so that a
    /// symmetric clue pattern makes a symmetric-looking puzzle.
    ///
    /// # Errors
    /// [`SymmetryError`] naming the first house whose image is not a house.
    pub fn check(self, geometry: &Geometry) -> Result<(), SymmetryError> {
        self.check_houses(geometry, false)
    }

    /// [`Symmetry::check`] for the extra houses alone (random jigsaw regions
    /// are made symmetric by their generator).
    pub(crate) fn check_extras(self, geometry: &Geometry) -> Result<(), SymmetryError> {
        self.check_houses(geometry, true)
    }

    fn check_houses(self, geometry: &Geometry, extras_only: bool) -> Result<(), SymmetryError> {
        use crate::HouseKind::{Column, Region, Row};
        let considered =
            |h: &&crate::House| !extras_only || !matches!(h.kind(), Row | Column | Region);
        let key = |cells: &mut Vec<usize>| {
            cells.sort_unstable();
            cells.clone()
        };
        let mut houses: Vec<Vec<usize>> = geometry
            .houses()
            .iter()
            .filter(considered)
            .map(|h| key(&mut h.cells().iter().map(|c| c.index()).collect()))
            .collect();
        houses.sort_unstable();
        for house in geometry.houses().iter().filter(considered) {
            let image: Option<Vec<usize>> = house
                .cells()
                .iter()
                .map(|c| self.map_on(geometry, c.index()))
                .collect();
            if image.is_none_or(|mut image| houses.binary_search(&key(&mut image)).is_err()) {
                return Err(SymmetryError {
                    symmetry: self,
                    geometry: geometry.to_string(),
                    house: format!("{:?}", house.kind()).to_lowercase(),
                });
            }
        }
        Ok(())
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry the grid's houses do not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{symmetry} symmetry does not suit a {geometry} grid: it maps a {house} onto cells that \
     form no house, so the puzzle could not look symmetric"
)]
pub struct SymmetryError {
    /// The symmetry asked for.
    pub symmetry: Symmetry,
    /// The geometry, as displayed.
    pub geometry: String,
    /// The kind of the first house whose image is not a house.
    pub house: String,
}

/// A symmetry name that is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry `{0}` (expected one of: {names})", names = Symmetry::NAMES.join(", "))]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        let lower = s.trim().to_ascii_lowercase().replace(['-', '_'], "");
        let found = match lower.as_str() {
            "180" | "central" | "rot180" => Some(Symmetry::Rotate180),
            "90" | "rot90" => Some(Symmetry::Rotate90),
            "mirror" => Some(Symmetry::Vertical),
            "flip" => Some(Symmetry::Horizontal),
            "anti" => Some(Symmetry::AntiDiagonal),
            _ => Symmetry::ALL.into_iter().find(|s| s.name() == lower),
        };
        found.ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_and_are_closed() {
        for n in [4, 5, 6, 9] {
            for s in Symmetry::ALL {
                let orbits = s.orbits(n);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{s} {n}");
                for o in &orbits {
                    for &c in o {
                        assert!(o.contains(&s.map(c, n)), "{s} {n} {o:?}");
                    }
                }
            }
        }
        assert_eq!(Symmetry::Rotate90.orbits(9).len(), 21);
        assert_eq!(Symmetry::Rotate180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
    }

    #[test]
    fn names_round_trip_and_aliases_parse() {
        for s in Symmetry::ALL {
            assert_eq!(s.name().parse::<Symmetry>(), Ok(s));
        }
        assert_eq!("180".parse::<Symmetry>(), Ok(Symmetry::Rotate180));
        assert_eq!(
            "Anti-Diagonal".parse::<Symmetry>(),
            Ok(Symmetry::AntiDiagonal)
        );
        assert_eq!("mirror".parse::<Symmetry>(), Ok(Symmetry::Vertical));
        assert!("spiral".parse::<Symmetry>().is_err());
    }

    #[test]
    fn classic_grids_allow_every_symmetry_and_oblong_boxes_only_some() {
        let classic = Geometry::classic();
        for s in Symmetry::ALL {
            assert_eq!(s.check(&classic), Ok(()), "{s}");
        }
        let six = Geometry::boxed(2, 3).unwrap();
        let ok: Vec<Symmetry> = Symmetry::ALL
            .into_iter()
            .filter(|s| s.check(&six).is_ok())
            .collect();
        assert_eq!(
            ok,
            [
                Symmetry::None,
                Symmetry::Rotate180,
                Symmetry::Horizontal,
                Symmetry::Vertical
            ]
        );
        let err = Symmetry::Rotate90.check(&six).unwrap_err().to_string();
        assert!(
            err.contains("rotate90") && err.contains("6x6 (2x3 boxes)"),
            "{err}"
        );
        let x = Geometry::classic()
            .with_extra(crate::Extra::Diagonals)
            .unwrap();
        assert!(Symmetry::ALL.iter().all(|s| s.check(&x).is_ok()));
        let w = Geometry::classic()
            .with_extra(crate::Extra::Windows)
            .unwrap();
        assert!(Symmetry::ALL.iter().all(|s| s.check(&w).is_ok()));
    }
}
