//! `Puzzle.check(grid)`: is a filled or partly filled grid right? The lines
//! of `sudokit check GRID --puzzle PUZZLE` (a changed given, a repeated
//! digit in a house, a cell that differs from the unique solution, or `ok:
//! …`), and whether any is a problem.

use sudokit::format::Alphabet;
use sudokit::{Budget, Cell, Geometry, Grid, HouseKind, Layout, Puzzle};

use crate::with_engine;

/// The findings about one grid, and whether any is a problem.
pub(crate) struct Report {
    pub lines: Vec<String>,
    pub bad: bool,
}

/// A cell as `r1c1`.
fn name(cell: Cell, n: usize) -> String {
    format!("r{}c{}", cell.row(n) + 1, cell.column(n) + 1)
}

/// A house as people say it: `row 3`, `box 2`, `diagonal r1c1-r9c9` …
fn house_name(geometry: &Geometry, h: usize) -> String {
    let houses = geometry.houses();
    let house = &houses[h];
    let k = 1 + houses[..h]
        .iter()
        .filter(|o| o.kind() == house.kind())
        .count();
    let n = geometry.size();
    match house.kind() {
        HouseKind::Row => format!("row {k}"),
        HouseKind::Column => format!("column {k}"),
        HouseKind::Region => match geometry.layout() {
            Layout::Boxes { .. } => format!("box {k}"),
            Layout::Jigsaw => format!("region {k}"),
        },
        HouseKind::Diagonal => {
            let cells = house.cells();
            let (a, b) = (cells[0], cells[cells.len() - 1]);
            let (top, bottom) = if a.row(n) <= b.row(n) { (a, b) } else { (b, a) };
            format!("diagonal {}-{}", name(top, n), name(bottom, n))
        }
        HouseKind::Window => format!("window {k}"),
        HouseKind::Custom => format!("house {k}"),
    }
}

/// The symbol of 0-based digit `d`.
fn symbol(alphabet: Alphabet, n: usize, d: usize) -> char {
    let alphabet = match alphabet {
        Alphabet::Letters if n <= 26 => Alphabet::Letters,
        _ => Alphabet::Numeric,
    };
    alphabet.symbol(d).map_or('?', char::from)
}

/// Checks `grid` (same side as `puzzle`) against `puzzle`.
///
/// # Errors
/// They cannot be compared (sides differ, no engine takes the grid).
pub(crate) fn check(
    puzzle: &Puzzle,
    grid: &Grid,
    alphabet: Alphabet,
    budget: &Budget,
) -> Result<Report, String> {
    let geometry = puzzle.geometry();
    let n = puzzle.size();
    if grid.size() != n {
        return Err(format!(
            "the grid is {m}x{m} but the puzzle is {n}x{n}",
            m = grid.size()
        ));
    }
    let show = |d: usize| symbol(alphabet, n, d);
    let mut lines = Vec::new();
    let mut cells: Vec<Option<usize>> = grid.cells().iter().map(|v| v.map(|d| d.index())).collect();
    for (i, given) in puzzle.givens().cells().iter().enumerate() {
        let Some(g) = given.map(|d| d.index()) else {
            continue;
        };
        match cells[i] {
            Some(v) if v != g => lines.push(format!(
                "{} is {} but the puzzle gives {}",
                name(Cell(i as u32), n),
                show(v),
                show(g)
            )),
            Some(_) => {}
            None => cells[i] = Some(g),
        }
    }
    for (h, house) in geometry.houses().iter().enumerate() {
        let mut at: Vec<Vec<Cell>> = vec![Vec::new(); n];
        for &c in house.cells() {
            if let Some(d) = cells[c.index()] {
                at[d].push(c);
            }
        }
        for (d, holders) in at.iter().enumerate().filter(|(_, h)| h.len() > 1) {
            let list: Vec<String> = holders.iter().map(|&c| name(c, n)).collect();
            lines.push(format!(
                "{}: {} appears {} times ({})",
                house_name(geometry, h),
                show(d),
                holders.len(),
                list.join(", ")
            ));
        }
    }
    let mut bad = !lines.is_empty();
    let empty = cells.iter().filter(|c| c.is_none()).count();
    let solved = with_engine(budget, |engine| engine.solve(puzzle, 2));
    match solved {
        Err(e) => return Err(e.to_string()),
        Ok(s) if s.stopped.is_some() => {
            bad = true;
            lines.push(
                "the puzzle's solution was not found within the time limit: cells not compared with it"
                    .to_owned(),
            );
        }
        Ok(s) if s.count == 0 => {
            bad = true;
            lines.push("the puzzle has no solution".to_owned());
        }
        Ok(s) if s.count >= 2 => {
            if empty > 0 {
                lines.push(
                    "note: the puzzle has several solutions, so cells are checked against the rules only"
                        .to_owned(),
                );
            }
        }
        Ok(s) => {
            if let Some(solution) = s.first.as_ref() {
                for (i, (have, want)) in cells.iter().zip(solution.cells()).enumerate() {
                    let want = want.map(|d| d.index());
                    if puzzle.givens().cells()[i].is_none() && have.is_some() && *have != want {
                        bad = true;
                        lines.push(format!(
                            "{} is {} but the solution has {}",
                            name(Cell(i as u32), n),
                            have.map_or('.', show),
                            want.map_or('.', show)
                        ));
                    }
                }
            }
        }
    }
    if empty == 0 {
        let values: Vec<u8> = cells.iter().map(|c| c.map_or(0, |d| d as u8 + 1)).collect();
        let filled = Grid::from_values(n, &values).map_err(|e| e.to_string())?;
        match sudokit::validate(puzzle, &filled) {
            Ok(()) if !bad => lines.push("ok: a complete, valid solution".to_owned()),
            Ok(()) => {}
            Err(e) if !bad => {
                bad = true;
                lines.push(e.to_string());
            }
            Err(_) => {}
        }
    } else if !bad {
        lines.push(format!(
            "ok: no clash and no wrong cell; {empty} cell{} to fill",
            if empty == 1 { "" } else { "s" }
        ));
    }
    Ok(Report { lines, bad })
}
