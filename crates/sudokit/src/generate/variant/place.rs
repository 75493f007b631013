//! Rules drawn on a known solution: every line, dot and clue placed here
//! holds of it, so the solution stays a solution whatever is kept.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::variant::{
    Adjacency, Arrow, Between, Constraint, LittleKiller, Neighbours, Outside, Pair, PairRule,
    Palindrome, Renban, Sandwich, Thermometer, Whispers,
};
use crate::Cell;

use super::LineKind;

/// Search nodes one walk may take before another start is tried.
const WALK_NODES: usize = 400;
/// Starts tried for one line.
const STARTS: usize = 24;

/// The king's-move neighbours of `cell` on an n×n grid.
fn around(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((cell / n) as i32, (cell % n) as i32);
    let n = n as i32;
    (-1..=1)
        .flat_map(move |dr| (-1..=1).map(move |dc| (dr, dc)))
        .filter(|&d| d != (0, 0))
        .map(move |(dr, dc)| (r + dr, c + dc))
        .filter(move |&(r, c)| r >= 0 && c >= 0 && r < n && c < n)
        .map(move |(r, c)| (r * n + c) as usize)
}

/// The orthogonal neighbours of `cell`.
pub(super) fn beside(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

fn cells(path: &[usize]) -> Vec<Cell> {
    path.iter().map(|&c| Cell(c as u32)).collect()
}

/// What a line must satisfy, as a walk grows it.
struct Walk<'a> {
    n: usize,
    used: &'a [bool],
    /// Cells the line may start at.
    start: &'a dyn Fn(usize) -> bool,
    /// Whether the line may go on to a cell.
    step: &'a dyn Fn(&[usize], usize) -> bool,
    /// Whether the line may end here.
    done: &'a dyn Fn(&[usize]) -> bool,
}

impl Walk<'_> {
    /// A line of `want` cells (or the longest one of at least `least`
    /// found), by random depth-first walks from random starts.
    fn find<R: Rng + ?Sized>(&self, least: usize, want: usize, rng: &mut R) -> Option<Vec<usize>> {
        let mut starts: Vec<usize> = (0..self.n * self.n)
            .filter(|&c| !self.used[c] && (self.start)(c))
            .collect();
        starts.shuffle(rng);
        let mut best: Option<Vec<usize>> = None;
        for &s in starts.iter().take(STARTS) {
            let mut path = vec![s];
            let mut nodes = 0;
            if self.grow(&mut path, want, &mut nodes, &mut best, rng) {
                return Some(path);
            }
        }
        best.filter(|b| b.len() >= least)
    }

    fn grow<R: Rng + ?Sized>(
        &self,
        path: &mut Vec<usize>,
        want: usize,
        nodes: &mut usize,
        best: &mut Option<Vec<usize>>,
        rng: &mut R,
    ) -> bool {
        if (self.done)(path) {
            if path.len() >= want {
                return true;
            }
            if best.as_ref().is_none_or(|b| b.len() < path.len()) {
                *best = Some(path.clone());
            }
        }
        if path.len() >= want || *nodes >= WALK_NODES {
            return false;
        }
        *nodes += 1;
        let last = path[path.len() - 1];
        let mut next: Vec<usize> = around(last, self.n)
            .filter(|&c| !self.used[c] && !path.contains(&c) && (self.step)(path, c))
            .collect();
        next.shuffle(rng);
        for c in next {
            path.push(c);
            if self.grow(path, want, nodes, best, rng) {
                return true;
            }
            path.pop();
        }
        false
    }
}

/// A line of `kind` that the solution `values` satisfies, on cells not yet
/// `used` (which it then marks), or `None` when no walk found one.
pub(super) fn line<R: Rng + ?Sized>(
    kind: LineKind,
    values: &[u8],
    n: usize,
    used: &mut [bool],
    rng: &mut R,
) -> Option<Constraint> {
    let v = |c: usize| i32::from(values[c]);
    let longest = n.clamp(3, 6);
    let (least, want) = match kind {
        LineKind::Thermo => (3, rng.gen_range(3..=longest)),
        LineKind::Arrow => (3, rng.gen_range(3..=4.min(longest))),
        LineKind::Whispers => (3, rng.gen_range(3..=longest)),
        LineKind::Renban => (3, rng.gen_range(3..=5.min(n - 1))),
        LineKind::Between => (3, rng.gen_range(3..=5.min(n - 1))),
        LineKind::Palindrome => return palindrome(values, n, used, rng),
    };
    let gap = n.div_ceil(2) as i32;
    let path = {
        let start: &dyn Fn(usize) -> bool = match kind {
            LineKind::Thermo => &|c| v(c) <= (n as i32 + 1) / 2,
            LineKind::Arrow => &|c| v(c) >= 3,
            _ => &|_| true,
        };
        let step: &dyn Fn(&[usize], usize) -> bool = match kind {
            LineKind::Thermo => &|p, c| v(c) > v(p[p.len() - 1]),
            LineKind::Arrow => &|p, c| p[1..].iter().map(|&x| v(x)).sum::<i32>() + v(c) <= v(p[0]),
            LineKind::Whispers => &|p, c| (v(c) - v(p[p.len() - 1])).abs() >= gap,
            LineKind::Renban => &|p, c| {
                let lo = p.iter().map(|&x| v(x)).min().unwrap_or(0).min(v(c));
                let hi = p.iter().map(|&x| v(x)).max().unwrap_or(0).max(v(c));
                !p.iter().any(|&x| v(x) == v(c)) && hi - lo < want as i32
            },
            _ => &|_, _| true,
        };
        let done: &dyn Fn(&[usize]) -> bool = match kind {
            LineKind::Thermo | LineKind::Whispers => &|p| p.len() >= 3,
            LineKind::Arrow => {
                &|p| p.len() >= 3 && p[1..].iter().map(|&x| v(x)).sum::<i32>() == v(p[0])
            }
            LineKind::Renban => &|p| {
                let lo = p.iter().map(|&x| v(x)).min().unwrap_or(0);
                let hi = p.iter().map(|&x| v(x)).max().unwrap_or(0);
                p.len() >= 3 && (hi - lo + 1) as usize == p.len()
            },
            _ => &|p| {
                let (a, b) = (v(p[0]), v(p[p.len() - 1]));
                let (lo, hi) = (a.min(b), a.max(b));
                p.len() >= 3 && p[1..p.len() - 1].iter().all(|&x| lo < v(x) && v(x) < hi)
            },
        };
        Walk {
            n,
            used,
            start,
            step,
            done,
        }
        .find(least, want, rng)?
    };
    for &c in &path {
        used[c] = true;
    }
    let line = cells(&path);
    Some(match kind {
        LineKind::Thermo => Constraint::Thermometer(Thermometer { line }),
        LineKind::Arrow => Constraint::Arrow(Arrow {
            circle: line[..1].to_vec(),
            line: line[1..].to_vec(),
        }),
        LineKind::Whispers => Constraint::Whispers(Whispers {
            line,
            gap: gap as u8,
        }),
        LineKind::Renban => Constraint::Renban(Renban { line }),
        LineKind::Between => Constraint::Between(Between { line }),
        LineKind::Palindrome => unreachable!("palindromes are made above"),
    })
}

/// A palindrome of 5 or 7 cells (3 when no longer one is found), grown
/// from its middle cell outwards by pairs of equal digits.
fn palindrome<R: Rng + ?Sized>(
    values: &[u8],
    n: usize,
    used: &mut [bool],
    rng: &mut R,
) -> Option<Constraint> {
    let mut middles: Vec<usize> = (0..n * n).filter(|&c| !used[c]).collect();
    middles.shuffle(rng);
    let pairs = if n >= 6 { rng.gen_range(2..=3) } else { 1 };
    let mut best: Option<Vec<usize>> = None;
    for &m in middles.iter().take(STARTS * 2) {
        // left[0] = right[0] = m; each step adds an equal pair at the ends.
        let (mut left, mut right) = (vec![m], vec![m]);
        for _ in 0..pairs {
            let (a, b) = (left[left.len() - 1], right[right.len() - 1]);
            let taken = |c: usize| used[c] || left.contains(&c) || right.contains(&c);
            let mut options: Vec<(usize, usize)> = around(a, n)
                .filter(|&x| !taken(x))
                .flat_map(|x| around(b, n).map(move |y| (x, y)))
                .filter(|&(x, y)| x != y && !taken(y) && values[x] == values[y])
                .collect();
            options.shuffle(rng);
            let Some(&(x, y)) = options.first() else {
                break;
            };
            left.push(x);
            right.push(y);
        }
        if left.len() > 1 {
            let mut path: Vec<usize> = left.iter().rev().copied().collect();
            path.extend(&right[1..]);
            if best.as_ref().is_none_or(|b| b.len() < path.len()) {
                best = Some(path);
            }
            if left.len() == pairs + 1 {
                break;
            }
        }
    }
    let path = best?;
    for &c in &path {
        used[c] = true;
    }
    Some(Constraint::Palindrome(Palindrome { line: cells(&path) }))
}

/// Every little killer diagonal of at least 3 cells (2 below 6x6): its clue
/// outside the grid and its cells from the clue inwards.
fn diagonals(n: usize) -> Vec<(Outside, Vec<usize>)> {
    let ni = n as i32;
    let least = if n >= 6 { 3 } else { 2 };
    let mut out = Vec::new();
    for r in -1..=ni {
        for c in -1..=ni {
            if (0..ni).contains(&r) && (0..ni).contains(&c) {
                continue;
            }
            for (dr, dc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let mut path = Vec::new();
                let (mut y, mut x) = (r + dr, c + dc);
                while (0..ni).contains(&y) && (0..ni).contains(&x) {
                    path.push((y * ni + x) as usize);
                    y += dr;
                    x += dc;
                }
                // The clue must sit beside the grid, the diagonal pointing in.
                let beside_grid = (r == -1 && dr == 1)
                    || (r == ni && dr == -1)
                    || (c == -1 && dc == 1)
                    || (c == ni && dc == -1);
                if path.len() >= least && beside_grid {
                    out.push((Outside { row: r, column: c }, path));
                }
            }
        }
    }
    out
}

/// Up to `count` little killers with their totals from `values`, on
/// different diagonals.
pub(super) fn little_killers<R: Rng + ?Sized>(
    values: &[u8],
    n: usize,
    count: usize,
    rng: &mut R,
) -> Vec<Constraint> {
    let mut all = diagonals(n);
    all.shuffle(rng);
    let mut taken: Vec<Vec<usize>> = Vec::new();
    let mut out = Vec::new();
    for (clue, path) in all {
        if out.len() == count {
            break;
        }
        let mut key = path.clone();
        key.sort_unstable();
        if taken.contains(&key) {
            continue;
        }
        taken.push(key);
        let sum = path.iter().map(|&c| u32::from(values[c])).sum();
        out.push(Constraint::LittleKiller(LittleKiller {
            clue,
            cells: cells(&path),
            sum,
        }));
    }
    out
}

/// Every orthogonal pair of cells, each once.
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n * n).flat_map(move |a| beside(a, n).filter(move |&b| b > a).map(move |b| (a, b)))
}

/// Every kropki dot of `values` (white for neighbours one apart, black for
/// one twice the other; a 1 beside a 2 gets either), and the negative rule
/// that every other pair of neighbours is neither.
pub(super) fn kropki<R: Rng + ?Sized>(
    values: &[u8],
    n: usize,
    rng: &mut R,
) -> (Vec<Constraint>, Vec<Constraint>) {
    // White dots, then black: the order the f-puzzles reader builds them in,
    // so a puzzle read back from its link has the same rules in the same order.
    let (mut whites, mut blacks) = (Vec::new(), Vec::new());
    for (a, b) in pairs(n) {
        let (x, y) = (values[a], values[b]);
        let white = x.abs_diff(y) == 1;
        let black = x == 2 * y || y == 2 * x;
        let cells = [Cell(a as u32), Cell(b as u32)];
        match (white, black) {
            (true, true) if rng.gen_bool(0.5) => blacks.push(cells),
            (true, _) => whites.push(cells),
            (false, true) => blacks.push(cells),
            (false, false) => {}
        }
    }
    let marked: Vec<[Cell; 2]> = whites.iter().chain(&blacks).copied().collect();
    let dots: Vec<Constraint> = whites
        .iter()
        .map(|&cells| (cells, PairRule::Difference(1), "difference"))
        .chain(
            blacks
                .iter()
                .map(|&cells| (cells, PairRule::Ratio(2), "ratio")),
        )
        .map(|(cells, rule, kind)| Constraint::Pair(Pair { cells, rule, kind }))
        .collect();
    let negative = [PairRule::NotDifference(1), PairRule::NotRatio(2)]
        .map(|rule| {
            Constraint::Neighbours(Neighbours {
                adjacency: Adjacency::Orthogonal,
                rule,
                except: marked.clone(),
                kind: "negative",
            })
        })
        .to_vec();
    (dots, negative)
}

/// Every X (sum 10) and V (sum 5) of `values`, and the negative rule that no
/// other pair of neighbours sums to 5 or 10.
pub(super) fn xv(values: &[u8], n: usize) -> (Vec<Constraint>, Vec<Constraint>) {
    let mut marks = Vec::new();
    let mut marked = Vec::new();
    for (a, b) in pairs(n) {
        let sum = values[a] + values[b];
        if sum == 5 || sum == 10 {
            let cells = [Cell(a as u32), Cell(b as u32)];
            marked.push(cells);
            marks.push(Constraint::Pair(Pair {
                cells,
                rule: PairRule::Sum(sum),
                kind: "xv",
            }));
        }
    }
    let negative = [5, 10]
        .map(|v| {
            Constraint::Neighbours(Neighbours {
                adjacency: Adjacency::Orthogonal,
                rule: PairRule::NotSum(v),
                except: marked.clone(),
                kind: "negative",
            })
        })
        .to_vec();
    (marks, negative)
}

/// The sandwich sum of every row (clue on the left) and column (clue
/// above).
pub(super) fn sandwiches(values: &[u8], n: usize) -> Vec<Constraint> {
    let mut out = Vec::new();
    for across in [true, false] {
        for i in 0..n {
            let path: Vec<usize> = (0..n)
                .map(|j| if across { i * n + j } else { j * n + i })
                .collect();
            let at = |d: u8| path.iter().position(|&c| values[c] == d).unwrap_or(0);
            let (a, b) = (at(1), at(n as u8));
            let (lo, hi) = (a.min(b), a.max(b));
            let sum = path[lo + 1..hi].iter().map(|&c| u32::from(values[c])).sum();
            let clue = if across {
                Outside {
                    row: i as i32,
                    column: -1,
                }
            } else {
                Outside {
                    row: -1,
                    column: i as i32,
                }
            };
            out.push(Constraint::Sandwich(Sandwich {
                clue,
                cells: cells(&path),
                sum,
            }));
        }
    }
    out
}
