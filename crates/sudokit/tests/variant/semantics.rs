//! A second reading of every rule, written here from f-puzzles' and
//! Rangsk's definitions on the constraints' public fields, to cross-check
//! sudokit's validators ([`Rule::check`](sudokit::variant::Rule::check)).

use sudokit::variant::{Adjacency, Constraint, PairRule};
use sudokit::Cell;

use super::build::{entropic_class, indexed};
use super::shapes::{step_cells, KING, ORTHO};

const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

fn v(g: &[u8], c: &[Cell]) -> Vec<u32> {
    c.iter().map(|c| u32::from(g[c.index()])).collect()
}

fn distinct(v: &[u32]) -> bool {
    v.iter()
        .enumerate()
        .all(|(i, a)| v[i + 1..].iter().all(|b| a != b))
}

/// Whether `a` and `b` (in that order) satisfy `rule` on side `n`.
pub fn pair_holds(rule: PairRule, a: u32, b: u32, n: usize) -> bool {
    let d = a.abs_diff(b);
    let ratio = |k: u8| a == u32::from(k) * b || b == u32::from(k) * a;
    match rule {
        PairRule::Difference(k) => d == u32::from(k),
        PairRule::Ratio(k) => ratio(k),
        PairRule::Sum(k) => a + b == u32::from(k),
        PairRule::NotDifference(k) => d != u32::from(k),
        PairRule::NotRatio(k) => !ratio(k),
        PairRule::NotSum(k) => a + b != u32::from(k),
        PairRule::Different => a != b,
        PairRule::Equal => a == b,
        PairRule::Less => a < b,
        PairRule::Greater => a > b,
        PairRule::AtLeast(k) => d >= u32::from(k),
        PairRule::OtherThird => entropic_class(a, n) != entropic_class(b, n),
        PairRule::SameThird => entropic_class(a, n) == entropic_class(b, n),
        PairRule::OtherResidue => a % 3 != b % 3,
        PairRule::SameResidue => a % 3 == b % 3,
        PairRule::FarApart => d > 1,
        #[allow(unreachable_patterns)]
        _ => panic!("no second reading of {rule:?}"),
    }
}

/// Whether every three consecutive values fall in different classes.
fn windows_differ(v: &[u32], key: impl Fn(u32) -> u32) -> bool {
    v.windows(2).all(|w| key(w[0]) != key(w[1])) && v.windows(3).all(|w| key(w[0]) != key(w[2]))
}

/// Whether the full grid `g` (values `1..=n`, row-major) satisfies `c`.
pub fn holds(c: &Constraint, g: &[u8], n: usize) -> bool {
    let nn = n as u32;
    match c {
        Constraint::Cage(k) => {
            let x = v(g, &k.cells);
            distinct(&x) && k.sum.is_none_or(|s| x.iter().sum::<u32>() == s)
        }
        Constraint::Arrow(a) => {
            let circle = v(g, &a.circle).iter().fold(0, |acc, d| acc * 10 + d);
            circle == v(g, &a.line).iter().sum::<u32>()
        }
        Constraint::DoubleArrow(d) => {
            let x = v(g, &d.line);
            x[0] + x[x.len() - 1] == x[1..x.len() - 1].iter().sum::<u32>()
        }
        Constraint::LittleKiller(l) => v(g, &l.cells).iter().sum::<u32>() == l.sum,
        Constraint::SumLine(s) => {
            let sums: Vec<u32> = s
                .segments
                .iter()
                .map(|seg| v(g, seg).iter().sum())
                .collect();
            sums.iter().all(|&x| x == sums[0])
        }
        Constraint::Zipper(z) => {
            let x = v(g, &z.line);
            let k = x.len();
            let target = if k % 2 == 1 {
                x[k / 2]
            } else {
                x[0] + x[k - 1]
            };
            (0..k / 2).all(|i| x[i] + x[k - 1 - i] == target)
        }
        Constraint::Quadruple(q) => {
            let mut x = v(g, &q.cells);
            q.digits
                .iter()
                .all(|&d| match x.iter().position(|&y| y == u32::from(d)) {
                    Some(p) => {
                        x.remove(p);
                        true
                    }
                    None => false,
                })
        }
        Constraint::Sandwich(s) => {
            let x = v(g, &s.cells);
            let p1 = x.iter().position(|&y| y == 1).unwrap();
            let pn = x.iter().position(|&y| y == nn).unwrap();
            x[p1.min(pn) + 1..p1.max(pn)].iter().sum::<u32>() == s.sum
        }
        Constraint::XSum(s) => {
            let x = v(g, &s.cells);
            x[..x[0] as usize].iter().sum::<u32>() == s.sum
        }
        Constraint::Skyscraper(s) => {
            let mut top = 0;
            let mut seen = 0;
            for y in v(g, &s.cells) {
                if y > top {
                    top = y;
                    seen += 1;
                }
            }
            seen == s.visible
        }
        Constraint::Indexer(i) => indexed(i.kind, g, i.cell.index(), n),
        Constraint::Pair(p) => {
            let [a, b] = p.cells;
            pair_holds(p.rule, u32::from(g[a.index()]), u32::from(g[b.index()]), n)
        }
        Constraint::Neighbours(nb) => {
            let steps: &[(i32, i32)] = match nb.adjacency {
                Adjacency::King => &KING,
                Adjacency::Knight => &KNIGHT,
                Adjacency::Orthogonal => &ORTHO,
            };
            (0..n * n).all(|a| {
                step_cells(a, n, steps).into_iter().all(|b| {
                    let (ca, cb) = (Cell(a as u32), Cell(b as u32));
                    nb.except.contains(&[ca, cb])
                        || nb.except.contains(&[cb, ca])
                        || pair_holds(nb.rule, u32::from(g[a]), u32::from(g[b]), n)
                })
            })
        }
        Constraint::Thermometer(t) => v(g, &t.line).windows(2).all(|w| w[0] < w[1]),
        Constraint::Whispers(w) => v(g, &w.line)
            .windows(2)
            .all(|p| p[0].abs_diff(p[1]) >= u32::from(w.gap)),
        Constraint::Renban(r) => {
            let x = v(g, &r.line);
            distinct(&x) && x.iter().max().unwrap() - x.iter().min().unwrap() == x.len() as u32 - 1
        }
        Constraint::Palindrome(p) => {
            let x = v(g, &p.line);
            x.iter().eq(x.iter().rev())
        }
        Constraint::Between(b) => {
            let x = v(g, &b.line);
            let (lo, hi) = (x[0].min(x[x.len() - 1]), x[0].max(x[x.len() - 1]));
            x[1..x.len() - 1].iter().all(|&y| lo < y && y < hi)
        }
        Constraint::Lockout(l) => {
            let x = v(g, &l.line);
            let (lo, hi) = (x[0].min(x[x.len() - 1]), x[0].max(x[x.len() - 1]));
            hi - lo >= u32::from(l.gap) && x[1..x.len() - 1].iter().all(|&y| y < lo || y > hi)
        }
        Constraint::Entropic(e) => windows_differ(&v(g, &e.line), |y| entropic_class(y, n)),
        Constraint::Modular(m) => windows_differ(&v(g, &m.line), |y| y % 3),
        Constraint::Nabner(nb) => {
            let x = v(g, &nb.line);
            x.iter()
                .enumerate()
                .all(|(i, a)| x[i + 1..].iter().all(|b| a.abs_diff(*b) > 1))
        }
        Constraint::Parity(p) => (g[p.cell.index()] % 2 == 1) == p.odd,
        Constraint::Extremum(e) => {
            let i = e.cell.index();
            step_cells(i, n, &ORTHO).iter().all(
                |&o| {
                    if e.maximum {
                        g[i] > g[o]
                    } else {
                        g[i] < g[o]
                    }
                },
            )
        }
        Constraint::Clone(c) => v(g, &c.cells) == v(g, &c.clones),
        Constraint::Distinct(d) => distinct(&v(g, &d.cells)),
    }
}
