//! Region colours: a greedy colouring of the region adjacency graph, so that
//! regions sharing an edge get different pastel fills.

use crate::{Cell, Geometry};

/// Pastel fills, light enough for black digits to stay readable in print.
pub(super) const PASTELS: [&str; 8] = [
    "#fde2e4", "#e2f0cb", "#dbe7f7", "#fff1c1", "#e8dcf5", "#d4f0ee", "#fbe0c8", "#e6e6e6",
];

/// A palette index per region (`0..n`). Regions are coloured in decreasing
/// degree (Welsh–Powell), each with the smallest colour no coloured
/// neighbour has; planar maps of this kind need few colours, and if a
/// region ever needs more than the palette holds the colours repeat.
pub(super) fn region_colours(geometry: &Geometry) -> Vec<usize> {
    let n = geometry.size();
    let mut adjacent = vec![vec![false; n]; n];
    for row in 0..n {
        for column in 0..n {
            let here = geometry.region_of(Cell::at(row, column, n));
            let mut link = |other: usize| {
                if other != here && here < n && other < n {
                    adjacent[here][other] = true;
                    adjacent[other][here] = true;
                }
            };
            if column + 1 < n {
                link(geometry.region_of(Cell::at(row, column + 1, n)));
            }
            if row + 1 < n {
                link(geometry.region_of(Cell::at(row + 1, column, n)));
            }
        }
    }
    let degree = |r: usize| adjacent[r].iter().filter(|&&a| a).count();
    let mut order: Vec<usize> = (0..n).collect();
    // Ties keep region order, so the colouring is deterministic.
    order.sort_by_key(|&r| std::cmp::Reverse(degree(r)));
    let mut colour = vec![usize::MAX; n];
    for &r in &order {
        let mut used = vec![false; n + 1];
        for other in 0..n {
            if adjacent[r][other] && colour[other] != usize::MAX {
                used[colour[other].min(n)] = true;
            }
        }
        colour[r] = used.iter().position(|&u| !u).unwrap_or(0);
    }
    colour.iter().map(|&c| c % PASTELS.len()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbouring_regions_get_different_colours() {
        // The jigsaw of examples/jigsaw.txt.
        let map =
            "000111122003331122003441222003411522333444555663774588666744588667755588667777888";
        let regions: Vec<usize> = map.bytes().map(|b| usize::from(b - b'0')).collect();
        let g = Geometry::jigsaw(9, &regions).unwrap();
        let colours = region_colours(&g);
        for i in 0..81 {
            let (r, c) = (i / 9, i % 9);
            for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                if r2 < 9 && c2 < 9 && regions[i] != regions[r2 * 9 + c2] {
                    assert_ne!(colours[regions[i]], colours[regions[r2 * 9 + c2]]);
                }
            }
        }
    }
}
