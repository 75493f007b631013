//! The logic side of `rate`, `hint` and `explain`: a puzzle's logical path
//! and rating ([`sudokit::logic`]), and how a step reads in words and in JSON.

use serde::Serialize;
use sudokit::format::Style;
use sudokit::logic::{self, Board, End, Level, Path, Step, Technique, LADDER};
use sudokit::Puzzle;

/// What `hint` and `explain` say of a grid complete as given, and `rate`'s
/// record says `Solved` (JSON: verdict `solved`, no rating): there is no
/// step to rate, and 0.0/0.0/0.0 would claim an easy puzzle.
pub const SOLVED_TEXT: &str = "Solved: every cell is filled";

/// The JSON verdict of a grid complete as given.
pub const SOLVED_VERDICT: &str = "solved";

/// The board of `puzzle` whose steps name digits in the puzzle's own
/// symbols (`style`: `A`-`P` for a POJ 3076 grid, `1`-`9` for 9x9).
///
/// # Errors
/// The givens clash (a digit twice in a house).
pub fn board(puzzle: &Puzzle, style: Style) -> Result<Board, logic::BoardError> {
    let n = puzzle.geometry().size();
    let symbols: Vec<char> = (0..n)
        .map_while(|d| style.alphabet.symbol(d).map(char::from))
        .collect();
    Ok(Board::new(puzzle)?.with_symbols(&symbols))
}

/// Whether the grid was complete as given: a solved path of no step.
pub fn complete_as_given(path: &Path) -> bool {
    path.end == End::Solved && path.step_count == 0
}

/// `4.5/1.2/1.2 hard`: the rating line of a solved path; `Solved` for a
/// grid complete as given.
pub fn rating_line(path: &Path) -> String {
    if complete_as_given(path) {
        return "Solved".into();
    }
    format!("{} {}", path.rating, Level::of(path.rating.er).name())
}

/// The rungs of the ladder that cannot run on `board`'s geometry, as a
/// clause ("the chain rungs (ER 6.5 and up) are implemented for 9x9 grids
/// only"), `None` when every rung runs there.
pub fn missing_rungs(board: &Board) -> Option<String> {
    let off = |pick: fn(Technique) -> bool| LADDER.iter().any(|&t| pick(t) && !t.runs_on(board));
    let mut clauses = Vec::new();
    if off(|t| matches!(t, Technique::UniqueLoop | Technique::Bug)) {
        clauses.push(
            "the uniqueness rungs (unique rectangles 4.5, BUG 5.6) are implemented for \
             grids up to 11x11 without extra houses",
        );
    }
    if off(Technique::is_chain) {
        clauses.push("the chain rungs (ER 6.5 and up) are implemented for 9x9 grids only");
    }
    (!clauses.is_empty()).then(|| clauses.join(" and "))
}

/// The rungs a stuck classic puzzle lacks on its geometry, with the grid
/// (`the chain rungs … for 9x9 grids only: this 16x16 puzzle needs one`).
pub fn stuck_needs(board: &Board) -> Option<String> {
    missing_rungs(board).map(|m| format!("{m}: this {} puzzle needs one", grid_name(board)))
}

/// `16x16`, `9x9 X` (diagonals), `9x9 windoku`: the grid, for messages.
fn grid_name(board: &Board) -> String {
    let n = board.size();
    let geometry = board.geometry();
    let mut name = format!("{n}x{n}");
    if geometry.layout() == sudokit::Layout::Jigsaw {
        name.push_str(" jigsaw");
    }
    for extra in geometry.extras() {
        name.push_str(match extra {
            sudokit::Extra::Diagonals => " X",
            sudokit::Extra::Windows => " windoku",
            sudokit::Extra::House(_) => " extra-house",
        });
    }
    name
}

/// Why a unique puzzle got no rating, for stderr.
pub fn unrated_reason(path: &Path) -> String {
    match path.end {
        End::Solved => String::new(),
        End::Stuck => {
            let mut why = format!(
                "unrated: no technique of the ladder applies after {} steps (hardest so far {})",
                path.step_count, path.rating.er
            );
            if let Some(missing) = missing_rungs(&path.board) {
                why.push_str(&format!(
                    "; {missing}: this {} puzzle needs one",
                    grid_name(&path.board)
                ));
            }
            why
        }
        End::TimedOut => format!(
            "gave up: time limit after {} logical steps (hardest so far {})",
            path.step_count, path.rating.er
        ),
    }
}

/// The last line of `explain` for a variant puzzle: `Solved in N steps`,
/// `Stuck after N steps: ...` saying where and why, or `Gave up: ...`.
pub fn variant_end_line(path: &Path) -> String {
    match path.end {
        End::Solved => format!("Solved in {} steps", path.step_count),
        End::Stuck => format!(
            "Stuck after {} steps: {}",
            path.step_count,
            stuck_where(&path.board)
        ),
        End::TimedOut => format!("Gave up: time limit after {} steps", path.step_count),
    }
}

/// Where a variant path stopped: how many cells are open and the open cell
/// with the fewest candidates.
fn stuck_where(board: &Board) -> String {
    let open: Vec<usize> = (0..board.cell_count())
        .filter(|&c| board.value(c) == 0)
        .collect();
    let Some(&least) = open
        .iter()
        .min_by_key(|&&c| board.candidates(c).count_ones())
    else {
        return "no step of the variant ladder applies".into();
    };
    let m = board.candidates(least);
    let digits: Vec<String> = (1..=board.size() as u8)
        .filter(|&d| m >> (d - 1) & 1 != 0)
        .map(|d| board.digit_name(d))
        .collect();
    let digits = match digits.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => digits.join(""),
    };
    format!(
        "no step of the variant ladder applies with {} cells open (the fewest candidates: {} is {})",
        open.len(),
        board.cell_name(least),
        digits
    )
}

/// A step as JSON (the schema is in the README).
#[derive(Debug, Serialize)]
pub struct StepJson {
    /// Sudoku Explainer's name of the pattern.
    technique: String,
    /// Its difficulty (one decimal).
    difficulty: f64,
    /// `r4c6=7`, digits in the puzzle's symbols.
    placements: Vec<String>,
    /// `r4c6<>7`.
    eliminations: Vec<String>,
    /// The cells of the pattern.
    cells: Vec<String>,
    /// The houses of the pattern.
    houses: Vec<String>,
    /// Chains, Eureka notation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    chains: Vec<String>,
    /// The step in words.
    text: String,
}

impl StepJson {
    /// The JSON of `step`, found on `board`.
    pub fn new(board: &Board, step: &Step) -> StepJson {
        StepJson {
            technique: step.name.to_string(),
            difficulty: step.difficulty.value(),
            placements: step
                .placements
                .iter()
                .map(|c| format!("{}={}", board.cell_name(c.cell), board.digit_name(c.digit)))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|c| format!("{}<>{}", board.cell_name(c.cell), board.digit_name(c.digit)))
                .collect(),
            cells: step.cells.iter().map(|&c| board.cell_name(c)).collect(),
            houses: step.houses.iter().map(|&h| board.house_name(h)).collect(),
            chains: step.chains.clone(),
            text: step.text.clone(),
        }
    }
}

/// ER, EP, ED and the level, as JSON.
#[derive(Debug, Serialize)]
pub struct RatingJson {
    /// The hardest step.
    er: f64,
    /// The hardest step up to the first placement.
    ep: f64,
    /// The first step.
    ed: f64,
    /// `easy` … `extreme`.
    level: &'static str,
    /// Logical steps taken.
    steps: usize,
}

impl RatingJson {
    /// The rating of a solved path, `None` for a grid complete as given (its
    /// record's verdict is [`SOLVED_VERDICT`]).
    pub fn of(path: &Path) -> Option<RatingJson> {
        (!complete_as_given(path)).then(|| RatingJson::new(path))
    }

    /// The rating `rating` of a solved path of `steps` steps.
    pub fn from_rating(rating: logic::Rating, steps: usize) -> RatingJson {
        RatingJson {
            er: rating.er.value(),
            ep: rating.ep.value(),
            ed: rating.ed.value(),
            level: Level::of(rating.er).name(),
            steps,
        }
    }

    /// The rating of a solved path.
    pub fn new(path: &Path) -> RatingJson {
        RatingJson::from_rating(path.rating, path.step_count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit::format::{read, Format};

    fn first_entry(format: Format, text: &str) -> sudokit::format::Entry {
        read(format, text.as_bytes()).next().unwrap().unwrap()
    }

    fn hint(entry: &sudokit::format::Entry) -> (Board, Step) {
        let board = board(&entry.puzzle, entry.style).unwrap();
        let step = logic::next_step(&board, &mut logic::Ctx::new(true)).unwrap();
        (board, step)
    }

    #[test]
    fn steps_name_digits_with_the_puzzles_symbols() {
        // POJ 3076 writes digits as A-P: the first hint places J (digit 10)
        // and its words and JSON say J, never 10.
        let entry = first_entry(
            Format::Poj3076,
            include_str!("../../../examples/poj3076.txt"),
        );
        let (board, step) = hint(&entry);
        let line = step.line();
        assert_eq!(
            line, "Hidden Single: the only place for J in box 2 is r1c6",
            "{line}"
        );
        let json = serde_json::to_value(StepJson::new(&board, &step)).unwrap();
        assert_eq!(json["placements"][0], "r1c6=J");
        // 9x9 keeps 1-9.
        let entry = first_entry(
            Format::Line,
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let (_, step) = hint(&entry);
        assert_eq!(
            step.line(),
            "Hidden Single: the only place for 4 in box 4 is r6c2"
        );
    }
}
