//! The logic side of `rate`, `hint` and `explain`: a puzzle's logical path
//! and rating ([`sudokit::logic`]), and how a step reads in words and in JSON.

use serde::Serialize;
use sudokit::logic::{self, Board, End, Level, Path, Step};

/// `4.5/1.2/1.2 hard`: the rating line of a solved path.
pub fn rating_line(path: &Path) -> String {
    format!("{} {}", path.rating, Level::of(path.rating.er).name())
}

/// Why a unique puzzle got no rating, for stderr.
pub fn unrated_reason(path: &Path) -> String {
    match path.end {
        End::Solved => String::new(),
        End::Stuck => format!(
            "unrated: no technique of the ladder applies after {} steps (hardest so far {})",
            path.step_count, path.rating.er
        ),
        End::TimedOut => format!(
            "gave up: time limit after {} logical steps (hardest so far {})",
            path.step_count, path.rating.er
        ),
    }
}

/// A technique name in sentence case: `Hidden Single` -> `Hidden single`,
/// `XY-Wing` -> `XY-wing`; acronyms (`BUG`) stay.
pub fn sentence_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut first = true;
    for (i, word) in name.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        for (j, part) in word.split('-').enumerate() {
            if j > 0 {
                out.push('-');
            }
            let mut chars = part.chars();
            let capitalised = chars.next().is_some_and(char::is_uppercase)
                && chars.clone().next().is_some()
                && chars.all(|c| !c.is_uppercase());
            if capitalised && !first {
                out.push_str(&part.to_lowercase());
            } else {
                out.push_str(part);
            }
            first = false;
        }
    }
    out
}

/// `Hidden single: in box 5, 7 fits only r4c6`, then the step's chains.
pub fn step_line(step: &Step) -> String {
    let mut line = sentence_case(&step.name);
    if !step.text.is_empty() {
        line.push_str(": ");
        line.push_str(&step.text);
    }
    for chain in &step.chains {
        line.push_str("; ");
        line.push_str(chain);
    }
    line
}

/// A step as JSON (the schema is in the README).
#[derive(Debug, Serialize)]
pub struct StepJson {
    /// Sudoku Explainer's name of the pattern.
    technique: String,
    /// Its difficulty (one decimal).
    difficulty: f64,
    /// `r4c6=7`.
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
            difficulty: f64::from(step.difficulty.0) / 10.0,
            placements: step
                .placements
                .iter()
                .map(|c| format!("{}={}", board.cell_name(c.cell), c.digit))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|c| format!("{}<>{}", board.cell_name(c.cell), c.digit))
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

/// A difficulty as the number JSON carries (tenths to a decimal).
pub fn tenths(d: logic::Difficulty) -> f64 {
    f64::from(d.0) / 10.0
}

impl RatingJson {
    /// The rating of a solved path.
    pub fn new(path: &Path) -> RatingJson {
        RatingJson {
            er: tenths(path.rating.er),
            ep: tenths(path.rating.ep),
            ed: tenths(path.rating.ed),
            level: Level::of(path.rating.er).name(),
            steps: path.step_count,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sentence_case;

    #[test]
    fn names_read_in_sentence_case() {
        assert_eq!(sentence_case("Hidden Single"), "Hidden single");
        assert_eq!(sentence_case("XY-Wing"), "XY-wing");
        assert_eq!(sentence_case("X-Wing"), "X-wing");
        assert_eq!(sentence_case("BUG type 1"), "BUG type 1");
        assert_eq!(
            sentence_case("Dynamic Cell Forcing Chains"),
            "Dynamic cell forcing chains"
        );
    }
}
