//! The words of the variant steps: each constraint's name and what it says,
//! compact cell lists (`r1c123`), and eliminations grouped by cell
//! (`r1c1<>1-5`).

use crate::variant::{Constraint, IndexerKind, Mask, PairRule};

use super::super::board::Board;
use super::super::step::Candidate;
use super::super::text;

/// `Killer Cage`, `Thermometer`, `Kropki White Dot` …: the step's name.
pub fn title(c: &Constraint) -> String {
    use Constraint::*;
    match c {
        Cage(_) => "Killer Cage".into(),
        Arrow(_) => "Arrow".into(),
        DoubleArrow(_) => "Double Arrow".into(),
        LittleKiller(_) => "Little Killer".into(),
        SumLine(_) => "Region Sum Line".into(),
        Zipper(_) => "Zipper Line".into(),
        Quadruple(_) => "Quadruple".into(),
        Sandwich(_) => "Sandwich".into(),
        XSum(_) => "X-Sum".into(),
        Skyscraper(_) => "Skyscraper".into(),
        Indexer(_) => "Indexer".into(),
        Pair(p) => pair_title(p.rule).into(),
        Neighbours(nb) => match nb.kind {
            "antiking" => "Anti-King".into(),
            "antiknight" => "Anti-Knight".into(),
            "nonconsecutive" => "Nonconsecutive".into(),
            _ => format!("Negative {}", pair_title(nb.rule)),
        },
        Thermometer(_) => "Thermometer".into(),
        Whispers(_) => "Whispers".into(),
        Renban(_) => "Renban".into(),
        Palindrome(_) => "Palindrome".into(),
        Between(_) => "Between Line".into(),
        Lockout(_) => "Lockout Line".into(),
        Entropic(_) => "Entropic Line".into(),
        Modular(_) => "Modular Line".into(),
        Nabner(_) => "Nabner Line".into(),
        Parity(p) => if p.odd { "Odd Cell" } else { "Even Cell" }.into(),
        Extremum(e) => if e.maximum {
            "Maximum Cell"
        } else {
            "Minimum Cell"
        }
        .into(),
        Clone(_) => "Clone".into(),
        Distinct(_) => "Extra Region".into(),
    }
}

fn pair_title(rule: PairRule) -> &'static str {
    match rule {
        PairRule::Difference(1) | PairRule::NotDifference(1) => "Kropki White Dot",
        PairRule::Ratio(2) | PairRule::NotRatio(2) => "Kropki Black Dot",
        PairRule::Sum(10) | PairRule::NotSum(10) => "X",
        PairRule::Sum(5) | PairRule::NotSum(5) => "V",
        PairRule::Difference(_) | PairRule::NotDifference(_) => "Difference Dot",
        PairRule::Ratio(_) | PairRule::NotRatio(_) => "Ratio Dot",
        PairRule::Sum(_) | PairRule::NotSum(_) => "Sum Pair",
        _ => "Cell Pair",
    }
}

/// What a neighbour rule's relation says, as a clause (`the two digits
/// differ`).
pub(crate) fn pair_clause(rule: Option<PairRule>) -> String {
    rule.map_or_else(String::new, pair_rule)
}

/// What a relation between two cells says, as a clause.
fn pair_rule(rule: PairRule) -> String {
    match rule {
        PairRule::Difference(1) => "the two digits are consecutive".into(),
        PairRule::Difference(k) => format!("the two digits differ by {k}"),
        PairRule::Ratio(k) => format!("one digit is {k} times the other"),
        PairRule::Sum(k) => format!("the two digits sum to {k}"),
        PairRule::NotDifference(1) => "the two digits are not consecutive".into(),
        PairRule::NotDifference(k) => format!("the two digits do not differ by {k}"),
        PairRule::NotRatio(k) => format!("neither digit is {k} times the other"),
        PairRule::NotSum(k) => format!("the two digits do not sum to {k}"),
        PairRule::Different => "the two digits differ".into(),
        PairRule::Equal => "the two digits are equal".into(),
        PairRule::Less => "the first digit is the smaller".into(),
        PairRule::Greater => "the first digit is the larger".into(),
        PairRule::AtLeast(k) => format!("the two digits differ by at least {k}"),
        PairRule::OtherThird => "the two digits are in different thirds".into(),
        PairRule::SameThird => "the two digits are in the same third".into(),
        PairRule::OtherResidue => "the two digits differ mod 3".into(),
        PairRule::SameResidue => "the two digits are equal mod 3".into(),
        PairRule::FarApart => "the two digits are neither equal nor consecutive".into(),
    }
}

/// `r1c123`, `r12c4`, `r1c1, r3c5`: cells grouped by row in standard
/// notation (columns above 9 separated by commas).
pub(crate) fn cells(board: &Board, cells: &[usize]) -> String {
    cell_list_on(board.geometry(), cells)
}

/// `r1c123, r3c5`: cells (row-major indices) of a grid of side `n`, grouped
/// by row in standard notation.
pub fn cell_list(n: usize, cells: &[usize]) -> String {
    named_by_row(cells.iter().map(|&c| (c / n, c % n)), n)
}

/// [`cell_list`] of `geometry`'s cells, by their board rows and columns (a
/// multi-grid board's cells too).
pub fn cell_list_on(geometry: &crate::Geometry, cells: &[usize]) -> String {
    let at = |c: usize| geometry.position(crate::Cell(c as u32));
    named_by_row(cells.iter().map(|&c| at(c)), geometry.board_shape().1)
}

/// Board positions grouped by row, on a board of `columns` columns.
fn named_by_row(cells: impl Iterator<Item = (usize, usize)>, columns: usize) -> String {
    let mut sorted: Vec<(usize, usize)> = cells.collect();
    sorted.sort_unstable();
    sorted.dedup();
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (r, c) in sorted {
        match groups.last_mut() {
            Some((row, cols)) if *row == r => cols.push(c + 1),
            _ => groups.push((r, vec![c + 1])),
        }
    }
    let sep = if columns > 9 { "," } else { "" };
    groups
        .iter()
        .map(|(r, cols)| {
            let cols: Vec<String> = cols.iter().map(|c| c.to_string()).collect();
            format!("r{}c{}", r + 1, cols.join(sep))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `r1c1<>1-5, r1c2<>4`: eliminations grouped by cell (sorted by cell).
pub(crate) fn eliminations(board: &Board, elims: &[Candidate]) -> String {
    let mut by_cell: Vec<(usize, u64)> = Vec::new();
    for e in elims {
        match by_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, m)) => *m |= 1 << (e.digit - 1),
            None => by_cell.push((e.cell, 1 << (e.digit - 1))),
        }
    }
    by_cell.sort_unstable();
    by_cell
        .iter()
        .map(|&(c, m)| {
            let ds: Vec<String> = text::digits_of(m).map(|d| board.digit_name(d)).collect();
            let run = if ds.len() > 2 && m >> m.trailing_zeros() == (1 << ds.len()) - 1 {
                format!("{}-{}", ds[0], ds[ds.len() - 1])
            } else {
                ds.join(",")
            };
            format!("{}<>{run}", board.cell_name(c))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `r7c1-r6c1-r5c1`: cells in the order given (a line from its start).
pub(crate) fn path(board: &Board, cells_: &[usize]) -> String {
    cells_
        .iter()
        .map(|&c| board.cell_name(c))
        .collect::<Vec<_>>()
        .join("-")
}

/// `row 3` or `column 5` when all the cells are in one, else their list.
fn line_of(board: &Board, cells_: &[usize]) -> String {
    let n = board.size();
    match cells_ {
        [first, ..] if cells_.iter().all(|c| c / n == first / n) => {
            format!("row {}", first / n + 1)
        }
        [first, ..] if cells_.iter().all(|c| c % n == first % n) => {
            format!("column {}", first % n + 1)
        }
        _ => cells(board, cells_),
    }
}

fn idx(cells_: &[crate::Cell]) -> Vec<usize> {
    cells_.iter().map(|c| c.index()).collect()
}

/// What the constraint says, where it is (`killer cage 23 at r1c123: its
/// digits sum to 23 and do not repeat`), with what its cells' candidates
/// still allow where that is the reason (a cage's combinations left).
/// `cells` are the unit's cells and `masks` the board before the step.
pub(crate) fn rule_text(
    board: &Board,
    c: &Constraint,
    unit: &[usize],
    masks: &[Mask],
    elims: &[Candidate],
) -> String {
    use Constraint::*;
    let at = cells(board, unit);
    let line = path(board, unit);
    match c {
        Cage(cage) => match cage.sum {
            Some(sum) => {
                let combos = cage_combinations(board, &idx(&cage.cells), sum, masks, elims);
                format!("cage {sum} at {at}: {combos}")
            }
            None => format!("cage at {at}: its digits do not repeat"),
        },
        Arrow(a) => format!(
            "the circle at {} equals the sum along the arrow {}",
            cells(board, &idx(&a.circle)),
            cells(board, &idx(&a.line))
        ),
        DoubleArrow(_) => format!("on {line} the two ends sum to the cells between them"),
        LittleKiller(lk) => format!("the diagonal {line} sums to {}", lk.sum),
        SumLine(_) => format!("on {line} every region's stretch has the same sum"),
        Zipper(_) => format!(
            "on {line} cells equally far from the ends sum to the same total (the centre digit)"
        ),
        Quadruple(q) => {
            let digits: Vec<String> = q.digits.iter().map(|&d| board.digit_name(d)).collect();
            format!("{} must appear in {at}", text::list(digits, "and"))
        }
        Sandwich(s) => format!(
            "the digits between 1 and {} in {} sum to {}",
            board.size(),
            line_of(board, unit),
            s.sum
        ),
        XSum(x) => format!(
            "in {} from the clue, the first digit X and the X digits it starts sum to {}",
            line_of(board, unit),
            x.sum
        ),
        Skyscraper(s) => format!(
            "{} skyscrapers are visible in {} from the clue",
            s.visible,
            line_of(board, unit)
        ),
        Indexer(ix) => {
            let what = match ix.kind {
                IndexerKind::Row => "the row",
                IndexerKind::Column => "the column",
                IndexerKind::Box => "the cell of its box",
            };
            format!(
                "the digit of {} names {what} that holds its own position",
                board.cell_name(ix.cell.index())
            )
        }
        Pair(p) => format!("at {at}: {}", pair_rule(p.rule)),
        Neighbours(nb) => format!("at {at}: {}", pair_rule(nb.rule)),
        Thermometer(_) => format!("digits increase along {line} from its bulb"),
        Whispers(w) => format!("neighbours along {line} differ by at least {}", w.gap),
        Renban(_) => format!("{at} hold consecutive digits in any order"),
        Palindrome(_) => format!("{line} reads the same from both ends"),
        Between(_) => format!("on {line} the digits lie strictly between the two ends"),
        Lockout(l) => format!(
            "on {line} the ends differ by at least {} and no digit between them is in their range",
            l.gap
        ),
        Entropic(_) => {
            format!("any three cells in a row on {line} hold a low, a middle and a high digit")
        }
        Modular(_) => {
            format!("any three cells in a row on {line} hold three different residues mod 3")
        }
        Nabner(_) => format!("no two digits on {line} are equal or consecutive"),
        Parity(p) => format!("{at} is {}", if p.odd { "odd" } else { "even" }),
        Extremum(e) => format!(
            "{at} is {} than its orthogonal neighbours",
            if e.maximum { "larger" } else { "smaller" }
        ),
        Clone(_) => format!("{at}: the two shapes hold the same digits in the same places"),
        Distinct(_) => format!("{at} hold different digits"),
    }
}

/// `6+8+9 is the only combination` or `the combinations left are 1+5+9 and
/// 2+4+9`: the digit sets of a cage's total its cells' candidates can
/// still hold (each cell some digit of the set, the set within their union).
/// Then why the eliminated digits go: in no combination left, or no
/// combination left once the cell takes it.
fn cage_combinations(
    board: &Board,
    cells_: &[usize],
    sum: u32,
    masks: &[Mask],
    elims: &[Candidate],
) -> String {
    let n = board.size();
    let table = crate::variant::combinations::combinations(n);
    let union = cells_.iter().fold(0, |u, &c| u | masks[c]);
    let left: Vec<Mask> = table
        .get(cells_.len(), sum)
        .iter()
        .copied()
        .filter(|&s| s & !union == 0 && cells_.iter().all(|&c| masks[c] & s != 0))
        .collect();
    let name = |s: Mask| {
        text::digits_of(u64::from(s))
            .map(|d| board.digit_name(d))
            .collect::<Vec<_>>()
            .join("+")
    };
    let in_any = left.iter().fold(0, |u, &s| u | s);
    let outside: u64 = elims
        .iter()
        .filter(|e| in_any >> (e.digit - 1) & 1 == 0)
        .fold(0, |m, e| m | 1 << (e.digit - 1));
    let inside: Vec<String> = elims
        .iter()
        .filter(|e| in_any >> (e.digit - 1) & 1 != 0)
        .map(|e| format!("{}={}", board.cell_name(e.cell), board.digit_name(e.digit)))
        .collect();
    let mut why = String::new();
    if outside != 0 {
        why.push_str(&format!(
            "; {} {} in none",
            text::digits(board, outside, "and"),
            if outside.count_ones() == 1 {
                "is"
            } else {
                "are"
            }
        ));
    }
    if !inside.is_empty() {
        why.push_str(&format!(
            "; {} would leave the other cells no combination",
            text::list(inside, "or")
        ));
    }
    let combos = match left.as_slice() {
        [] => "no combination fits".into(),
        [one] => format!("{} is the only combination", name(*one)),
        many if many.len() <= 6 => format!(
            "the combinations left are {}",
            text::list(many.iter().map(|&s| name(s)), "and")
        ),
        many => format!("{} combinations are left", many.len()),
    };
    combos + &why
}
