//! Is a filled or partly filled grid right? The findings of `sudokit check`
//! (and of the Python package's `Puzzle.check`): every given the grid
//! changes, every house where a digit repeats, every filled cell that
//! differs from the puzzle's unique solution (found by an engine through the
//! [`Engine`] trait), and a complete grid passed to [`crate::validate`], the
//! checker that shares no code with the engines.

use crate::format::Alphabet;
use crate::{Cell, Engine, Geometry, Grid, HouseKind, Layout, Puzzle};

/// What was found about one grid: one line per finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The findings, or one `ok: …` line.
    pub lines: Vec<String>,
    /// Whether any line is a problem.
    pub bad: bool,
}

/// The lines that depend on who asks.
#[derive(Clone, Copy, Debug)]
pub struct Words<'a> {
    /// When the engine ran out of its budget before finding the solution.
    pub out_of_time: &'a str,
    /// When the puzzle has no solution.
    pub no_solution: &'a str,
}

/// Checks `grid` (its digits; blank cells are to fill) against `puzzle`,
/// writing digits with `alphabet`; `engine` (with its budget) finds the
/// puzzle's solution.
///
/// # Errors
/// They cannot be compared: the sides differ, or `engine` does not take
/// the puzzle's geometry.
pub fn check(
    puzzle: &Puzzle,
    grid: &Grid,
    alphabet: Alphabet,
    engine: &mut dyn Engine,
    words: &Words<'_>,
) -> Result<Report, String> {
    let p = puzzle;
    let geometry = p.geometry();
    let n = p.size();
    if grid.size() != n {
        return Err(format!(
            "the grid is {m}x{m} but the puzzle is {n}x{n}",
            m = grid.size()
        ));
    }
    if grid.cells().len() != geometry.cell_count() {
        return Err(format!(
            "the grid has {} cells but the puzzle has {} ({geometry})",
            grid.cells().len(),
            geometry.cell_count()
        ));
    }
    let name = |cell: Cell| name(geometry, cell);
    if !engine.supports(geometry) {
        return Err(format!(
            "engine {} does not support {geometry}",
            engine.name()
        ));
    }
    let show = |d: usize| symbol(alphabet, n, d);
    let mut lines = Vec::new();
    // The grid as the player has it: its digits, and the givens it leaves
    // blank.
    let mut cells: Vec<Option<usize>> = grid.cells().iter().map(|v| v.map(|d| d.index())).collect();
    for (i, given) in p.givens().cells().iter().enumerate() {
        let Some(g) = given.map(|d| d.index()) else {
            continue;
        };
        match cells[i] {
            Some(v) if v != g => lines.push(format!(
                "{} is {} but the puzzle gives {}",
                name(Cell(i as u32)),
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
            let list: Vec<String> = holders.iter().map(|&c| name(c)).collect();
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
    match engine.solve(p, 2) {
        Err(e) => return Err(e.to_string()),
        Ok(s) if s.stopped.is_some() => {
            bad = true;
            lines.push(words.out_of_time.to_owned());
        }
        Ok(s) if s.count == 0 => {
            bad = true;
            lines.push(words.no_solution.to_owned());
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
            // A count of one comes with its solution.
            let solution = s.first.as_ref().map_or(&[][..], |g| g.cells());
            for (i, (have, want)) in cells.iter().zip(solution).enumerate() {
                let want = want.map(|d| d.index());
                if p.givens().cells()[i].is_none() && have.is_some() && *have != want {
                    bad = true;
                    lines.push(format!(
                        "{} is {} but the solution has {}",
                        name(Cell(i as u32)),
                        have.map_or('.', show),
                        want.map_or('.', show)
                    ));
                }
            }
        }
    }
    if empty == 0 {
        let values: Vec<u8> = cells.iter().map(|c| c.map_or(0, |d| d as u8 + 1)).collect();
        let filled = Grid::from_values_of(geometry, &values).map_err(|e| e.to_string())?;
        match crate::validate(p, &filled) {
            Ok(()) if !bad => lines.push("ok: a complete, valid solution".to_owned()),
            Ok(()) => {}
            Err(e) if !bad => {
                // The walk above should have found it; say it anyway.
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

/// A cell as `r1c1`, by its place on the board (a multi-grid board's
/// rows and columns are the board's).
fn name(geometry: &Geometry, cell: Cell) -> String {
    let (r, c) = geometry.position(cell);
    format!("r{}c{}", r + 1, c + 1)
}

/// A house as people say it: `row 3`, `column 5`, `box 2`, `region 4`,
/// `diagonal r1c1-r9c9`, `window 1`.
fn house_name(geometry: &Geometry, h: usize) -> String {
    let houses = geometry.houses();
    let house = &houses[h];
    // The k-th house of its kind, from 1.
    let k = 1 + houses[..h]
        .iter()
        .filter(|o| o.kind() == house.kind())
        .count();
    let n = geometry.size();
    if let Some(name) = geometry.multi_house_name(h) {
        return name;
    }
    match house.kind() {
        HouseKind::Row => format!("row {k}"),
        HouseKind::Column => format!("column {k}"),
        HouseKind::Region => match geometry.layout() {
            Layout::Boxes { .. } => format!("box {k}"),
            Layout::Jigsaw | Layout::Multi => format!("region {k}"),
        },
        HouseKind::Diagonal => {
            let cells = house.cells();
            let (a, b) = (cells[0], cells[cells.len() - 1]);
            // Name it from its top end.
            let (top, bottom) = if a.row(n) <= b.row(n) { (a, b) } else { (b, a) };
            format!(
                "diagonal {}-{}",
                name(geometry, top),
                name(geometry, bottom)
            )
        }
        HouseKind::Window => format!("window {k}"),
        HouseKind::Custom => format!("house {k}"),
    }
}

/// The symbol of 0-based digit `d` as the grid was written.
fn symbol(alphabet: Alphabet, n: usize, d: usize) -> char {
    let alphabet = match alphabet {
        Alphabet::Letters if n <= 26 => Alphabet::Letters,
        _ => Alphabet::Numeric,
    };
    alphabet.symbol(d).map_or('?', char::from)
}
