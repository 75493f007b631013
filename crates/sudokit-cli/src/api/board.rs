//! A request's puzzle: read from its text as the CLI reads a file, and
//! described as JSON for the page (its geometry, givens and symbols).

use std::io::Cursor;

use serde::Serialize;
use sudokit::format::{self, Answer, Entry, Format, Style};
use sudokit::{Geometry, Grid, HouseKind, Puzzle};

use super::{ApiError, Limits};
use crate::variant::Variant;

/// How messages name the request's text: `puzzle:3: ...` as the CLI says
/// `FILE:3: ...`.
const NAME: &str = "puzzle";

/// The one puzzle of `text` and its format (`format` names it, else it is
/// detected); a `# sudokit: x` header or `variant` adds houses.
pub fn read(
    text: &str,
    format: Option<&str>,
    variant: Variant,
    assume: sudokit::format::sudokupad::Assume,
    limits: &Limits,
) -> Result<(Entry, Format), ApiError> {
    let format = match format {
        None => None,
        Some(name) => Some(name.parse::<Format>().map_err(|_| {
            ApiError::bad(format!(
                "unknown format `{name}`: expected one of {}",
                Format::NAMES.join(", ")
            ))
        })?),
    };
    if text.trim().is_empty() {
        return Err(ApiError::bad("the puzzle text is empty"));
    }
    let reader = Box::new(Cursor::new(text.as_bytes().to_vec()));
    let read_limits = format::Limits {
        assume,
        ..format::Limits::default()
    };
    let mut source = crate::input::open_reader(NAME.into(), reader, format, variant, read_limits)
        // The detector's advice names the CLI's flag; the API's is a field.
        .map_err(|e| ApiError::bad(e.to_string().replace("use --format", "give `format`")))?;
    let entry = match source.next() {
        None => return Err(ApiError::bad(format!("{NAME}: no puzzle in the text"))),
        Some(Err(why)) => {
            let why = why.to_string();
            // A variant puzzle's reader names the cause; the one-line
            // shape only helps text that is no variant puzzle.
            let variant_text = format::detect(text.trim().as_bytes()) == Ok(Format::Fpuzzles);
            return Err(ApiError::bad(match format {
                None if !variant_text => not_one_line_puzzle(text).unwrap_or(why),
                _ => why,
            }));
        }
        Some(Ok(entry)) => entry,
    };
    if let Some(next) = source.next() {
        let line = next.map_or_else(|_| String::new(), |e| format!(" (line {})", e.line));
        return Err(ApiError::bad(format!(
            "{NAME}: the text holds more than one puzzle: a second starts after line {}{line}; \
             send one per request, or use the CLI for files",
            entry.line
        )));
    }
    let n = entry.puzzle.size();
    if n > limits.max_side {
        return Err(ApiError::unprocessable(format!(
            "{NAME}:{}: a {n}x{n} grid is larger than this server takes (at most {m}x{m}); \
             the CLI has no such limit",
            entry.line,
            m = limits.max_side
        )));
    }
    Ok((entry, source.format))
}

/// For one line of text that no format reads, what a one-line puzzle is
/// (the detector's guess at another format, `puzzle has 1 rows, expected
/// 14`, says nothing to someone who pasted a line).
fn not_one_line_puzzle(text: &str) -> Option<String> {
    let line = text.trim();
    if line.contains('\n') {
        return None;
    }
    let cells = line.chars().count();
    let side = (cells as f64).sqrt().round() as usize;
    let shape = if side * side == cells && side >= 4 {
        format!("{cells} characters, a {side}x{side} grid, but not all of them digits or `.`")
    } else {
        format!("{cells} characters, not a square number of cells")
    };
    Some(format!(
        "{NAME}:1: not a puzzle: one line of {shape}; a puzzle on one line is a digit per cell \
         row by row, `.` or `0` for an empty one (81 for a 9x9), or paste a grid of rows"
    ))
}

/// The page's view of a puzzle.
#[derive(Debug, Serialize)]
pub struct BoardJson {
    /// The side n (the digits): the grid has n² cells, numbered row by row
    /// from 0 — on a multi-grid board, its covered slots, row by row over
    /// the board (`rows`, `columns`, `positions`).
    size: usize,
    /// `[rows, columns]` of a box, or `null` for jigsaw regions.
    #[serde(rename = "box")]
    box_shape: Option<[usize; 2]>,
    /// The region (box or jigsaw piece) of each cell.
    regions: Vec<usize>,
    /// The extra houses (diagonals, windows), each a list of cells.
    extras: Vec<Vec<usize>>,
    /// `x`, `windoku`: what the extra houses are.
    variant: Vec<&'static str>,
    /// Each cell's given digit, 1..=n, or 0.
    givens: Vec<u8>,
    /// The symbol of each digit, digit 1 first (`123456789`).
    symbols: String,
    /// The format the text was read in.
    format: &'static str,
    /// The puzzle written back in that format.
    text: String,
    /// The variant constraints' names (f-puzzles keys, each once, in the
    /// puzzle's order): `killercage`, `thermometer` …; empty for a classic.
    constraints: Vec<&'static str>,
    /// The constraint layer drawn by the render module, for the page to lay
    /// under its digits; `null` when there is nothing to draw.
    overlay: Option<OverlayJson>,
    /// An f-puzzles puzzle's title, setter and rules as written (`null`
    /// when it has none): published puzzles keep their attribution.
    title: Option<String>,
    author: Option<String>,
    rules: Option<String>,
    /// A multi-grid board (samurai and its cousins) only: where its cells
    /// lie on the board, and its houses.
    #[serde(flatten)]
    multi: Option<MultiJson>,
}

/// A multi-grid board's shape for the page: its cells are the covered
/// slots, numbered row-major over the board (`size` is the digits).
#[derive(Debug, Serialize)]
pub struct MultiJson {
    /// The layout as `--layout` reads it: a preset's name (`samurai`) or
    /// the grids' corners.
    layout: String,
    /// The board's rows and columns, holes included.
    rows: usize,
    columns: usize,
    /// `[row, column]` of each cell on the board (0-based).
    positions: Vec<[usize; 2]>,
    /// Every house (each grid's rows, columns and boxes, a shared box
    /// once, then any extra houses), each a list of cells.
    houses: Vec<Vec<usize>>,
}

impl MultiJson {
    fn of(geometry: &Geometry) -> Option<MultiJson> {
        let layout = geometry.multi_layout()?;
        let (rows, columns) = geometry.board_shape();
        Some(MultiJson {
            layout: layout.description(),
            rows,
            columns,
            positions: (0..geometry.cell_count())
                .map(|c| {
                    let (r, c) = geometry.position(sudokit::Cell(c as u32));
                    [r, c]
                })
                .collect(),
            houses: geometry
                .houses()
                .iter()
                .map(|h| h.cells().iter().map(|c| c.index()).collect())
                .collect(),
        })
    }
}

/// [`sudokit::render::Overlay`] for the page.
#[derive(Debug, Serialize)]
pub struct OverlayJson {
    /// An `<svg>` whose `viewBox` is in render units: the grid's top-left
    /// corner at 0,0, each cell `cell` units, the ring of outside clues at
    /// negative coordinates or past `size * cell`.
    svg: String,
    /// The side of a cell in the SVG's units.
    cell: f64,
    /// One more cell of room `[top, right, bottom, left]` for clues outside
    /// the grid: 0 or 1 each.
    pads: [u8; 4],
    /// Rules that are not marks (`Also: anti-king`), or `null`.
    legend: Option<String>,
    /// Cells whose top-left corner holds a cage total.
    total_cells: Vec<usize>,
}

impl OverlayJson {
    fn of(puzzle: &Puzzle, style: Style) -> Option<OverlayJson> {
        let options = sudokit::render::Options {
            alphabet: style.alphabet,
            ..sudokit::render::Options::default()
        };
        let layer = sudokit::render::overlay(puzzle, &options)?;
        Some(OverlayJson {
            svg: layer.svg,
            cell: options.cell,
            pads: layer.pads.map(u8::from),
            legend: layer.legend,
            total_cells: layer.total_cells,
        })
    }
}

impl BoardJson {
    /// The view of `puzzle`, read (or to be written) in `format` and `style`.
    pub fn new(puzzle: &Puzzle, style: Style, format: Format) -> BoardJson {
        let geometry: &Geometry = puzzle.geometry();
        let n = geometry.size();
        let mut extras = Vec::new();
        let mut variant = Vec::new();
        for house in geometry.houses() {
            let word = match house.kind() {
                HouseKind::Diagonal => "x",
                HouseKind::Window => "windoku",
                HouseKind::Custom => "custom",
                _ => continue,
            };
            if !variant.contains(&word) {
                variant.push(word);
            }
            extras.push(house.cells().iter().map(|c| c.index()).collect());
        }
        let mut constraints: Vec<&'static str> = Vec::new();
        for c in puzzle.constraints() {
            let name = sudokit::variant::Rule::name(c);
            if !constraints.contains(&name) {
                constraints.push(name);
            }
        }
        // A multi-grid board's regions are its grids' boxes.
        let box_shape = geometry.box_shape().or_else(|| {
            let layout = geometry.multi_layout()?;
            let first = layout.grids().first()?;
            let same = layout.grids().iter().all(|g| g.boxes == first.boxes);
            same.then_some(first.boxes)
        });
        BoardJson {
            size: n,
            box_shape: box_shape.map(|(r, c)| [r, c]),
            regions: geometry.regions().collect(),
            extras,
            givens: puzzle.givens().to_values(),
            symbols: symbols(style, n),
            format: format.name(),
            text: puzzle_text(format, puzzle, style, &variant),
            variant,
            constraints,
            overlay: OverlayJson::of(puzzle, style),
            title: None,
            author: None,
            rules: None,
            multi: MultiJson::of(geometry),
        }
    }

    /// The view of a puzzle as read: an f-puzzles puzzle keeps its own JSON
    /// as its text (as a link: title, setter, rules and the setter's own
    /// drawings stay with it, which the JSON written from the puzzle alone
    /// would drop) and shows its title, setter and rules.
    pub fn of_entry(entry: &Entry, format: Format) -> BoardJson {
        let mut board = BoardJson::new(&entry.puzzle, entry.style, format);
        if let Some(source) = entry.source.as_deref() {
            board.text = format!("{}\n", format::fpuzzles::link(source.json()));
            let text =
                |t: Option<&str>| t.map(str::trim).filter(|t| !t.is_empty()).map(String::from);
            board.title = text(source.title());
            board.author = text(source.author());
            board.rules = text(source.ruleset());
        }
        board
    }

    /// The puzzle as text in its format.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// The symbols of digits 1..=n in `style` (the numeric alphabet when the
/// input's cannot write them all).
pub fn symbols(style: Style, n: usize) -> String {
    let alphabet = if style.alphabet.max_size() >= n {
        style.alphabet
    } else {
        format::Alphabet::Numeric
    };
    (0..n)
        .map(|d| alphabet.symbol(d).map_or('?', char::from))
        .collect()
}

/// `puzzle` written as an input of `format`: the variant header that adds
/// its diagonals or windows, the case count of `hdu4069`, the record.
fn puzzle_text(format: Format, puzzle: &Puzzle, style: Style, variant: &[&str]) -> String {
    let mut text = Vec::new();
    let words: Vec<&str> = variant.iter().copied().filter(|&w| w != "custom").collect();
    if !words.is_empty() {
        text.extend_from_slice(format!("# sudokit: {}\n", words.join(" ")).as_bytes());
    }
    if format == Format::Hdu4069 {
        text.extend_from_slice(b"1\n");
    }
    let _ = format::write_puzzle(format, &mut text, puzzle, style);
    String::from_utf8_lossy(&text).into_owned()
}

/// How many solutions `entry` has, up to two (the page warns on load):
/// `null` when the search runs out of the request's time, 0 for givens
/// that clash.
pub fn solutions_up_to_two(entry: &Entry, limits: &Limits) -> serde_json::Value {
    let mut engine = sudokit::EngineKind::Auto.build();
    engine.set_budget(sudokit::Budget::UNLIMITED.with_time_limit(limits.time));
    match engine.solve(&entry.puzzle, 2) {
        Err(_) => serde_json::json!(0),
        Ok(s) if s.stopped.is_some() => serde_json::Value::Null,
        Ok(s) => serde_json::json!(s.count.min(2)),
    }
}

/// `solution` written as `format`'s answer to `entry` (the CLI's output).
pub fn answer_text(format: Format, entry: &Entry, solution: &Grid) -> String {
    let mut text = Vec::new();
    let _ = format::write_answer(
        format,
        &mut text,
        entry.index,
        Answer::solved(entry, solution),
    );
    String::from_utf8_lossy(&text).into_owned()
}
