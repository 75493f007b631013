//! Where the rules of an f-puzzles puzzle lie on the grid: clue positions
//! beside it and the rows they look along, indexed houses, disjoint
//! groups, region runs of a line.

use serde_json::Value;

use super::board::{coordinates, Res};
use crate::variant::{IndexerKind, Outside};
use crate::{Cell, Extra};

pub(super) fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
    cells.sort_unstable();
    cells
}

/// The house an indexer at `cell` indexes: its column (row indexer), its
/// row (column indexer) or its region (box indexer), in reading order.
pub(super) fn indexed_house(
    cell: Cell,
    kind: IndexerKind,
    regions: &[usize],
    n: usize,
) -> Vec<Cell> {
    let (r, c) = (cell.row(n), cell.column(n));
    match kind {
        IndexerKind::Row => (0..n).map(|k| Cell::at(k, c, n)).collect(),
        IndexerKind::Column => (0..n).map(|k| Cell::at(r, k, n)).collect(),
        IndexerKind::Box => (0..n * n)
            .filter(|&i| regions[i] == regions[cell.index()])
            .map(|i| Cell(i as u32))
            .collect(),
    }
}

/// The disjoint groups: the k-th cell (row-major) of every region.
pub(super) fn disjoint_groups(regions: &[usize], n: usize) -> Vec<Extra> {
    let mut members: Vec<Vec<Cell>> = vec![Vec::new(); n];
    for (i, &r) in regions.iter().enumerate() {
        members[r].push(Cell(i as u32));
    }
    (0..n)
        .map(|k| Extra::House(sorted(members.iter().map(|m| m[k]).collect())))
        .collect()
}

/// A line cut into runs of cells of one region, in the line's order.
pub(super) fn segments(line: &[Cell], regions: &[usize]) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = Vec::new();
    let mut last = None;
    for &c in line {
        let r = regions[c.index()];
        match out.last_mut() {
            Some(run) if last == Some(r) => run.push(c),
            _ => out.push(vec![c]),
        }
        last = Some(r);
    }
    out
}

/// A clue position written as a cell name (`R0C3` above column 3).
pub(super) fn outside(v: Option<&Value>, n: usize, key: &str) -> Res<Outside> {
    let v = v.unwrap_or(&Value::Null);
    let (r, c) = coordinates(v).ok_or_else(|| format!("`{key}`: {v} is not a cell name"))?;
    let range = 0..=n as i64 + 1;
    if !range.contains(&r) || !range.contains(&c) {
        return Err(format!("`{key}`: clue {v} is off the grid and its border"));
    }
    Ok(Outside {
        row: r as i32 - 1,
        column: c as i32 - 1,
    })
}

/// The name of a clue position.
pub(super) fn clue_name(o: Outside) -> String {
    format!("R{}C{}", o.row + 1, o.column + 1)
}

/// The row or column a clue beside the grid looks along, from its side.
pub(super) fn seen_from(clue: Outside, n: usize) -> Option<Vec<Cell>> {
    let (r, c, n_i) = (clue.row, clue.column, n as i32);
    let inside = |x: i32| (0..n_i).contains(&x);
    let line: Vec<(i32, i32)> = if r == -1 && inside(c) {
        (0..n_i).map(|i| (i, c)).collect()
    } else if r == n_i && inside(c) {
        (0..n_i).rev().map(|i| (i, c)).collect()
    } else if c == -1 && inside(r) {
        (0..n_i).map(|i| (r, i)).collect()
    } else if c == n_i && inside(r) {
        (0..n_i).rev().map(|i| (r, i)).collect()
    } else {
        return None;
    };
    Some(
        line.into_iter()
            .map(|(r, c)| Cell::at(r as usize, c as usize, n))
            .collect(),
    )
}
