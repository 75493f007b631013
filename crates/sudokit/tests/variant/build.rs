//! Random constraints of every kind the model has, for the brute-force
//! cross-check (`random.rs`) and the corpus generator (`corpus_gen.rs`).
//!
//! [`build`] makes one constraint (or a few, for the negative forms) on a
//! grid of side `n`. Given a solution grid it derives the clue from it (a
//! cage's total, a sandwich sum, a line the digits satisfy), so the grid
//! still satisfies the rule; without one the clue is random. The clue
//! arithmetic here is written from the rules' definitions (f-puzzles and
//! Rangsk's solver), not from sudokit's validators, so `semantics_agree` in
//! `random.rs` cross-checks the two readings.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;
use sudokit::variant::{
    Adjacency, Arrow, Between, Cage, CloneCells, Constraint, Distinct, DoubleArrow, Entropic,
    Extremum, Indexer, IndexerKind, LittleKiller, Lockout, Modular, Nabner, Neighbours, Pair,
    PairRule, Palindrome, Quadruple, Renban, Sandwich, Skyscraper, SumLine, Thermometer, Whispers,
    XSum, Zipper,
};
use sudokit::Cell;

use super::shapes::{
    blob, box_cells, box_of, box_segments, cells, diagonal, outside_line, step_cells, walk,
    walk_any, KING, ORTHO,
};

macro_rules! kinds {
    ($($kind:ident => $name:literal),* $(,)?) => {
        /// A kind of random constraint.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Kind {
            $(#[doc = $name] $kind,)*
        }

        impl Kind {
            /// Every kind.
            pub const ALL: &'static [Kind] = &[$(Kind::$kind),*];

            /// Its name in messages and corpus titles.
            pub fn name(self) -> &'static str {
                match self {
                    $(Kind::$kind => $name,)*
                }
            }
        }
    };
}

kinds! {
    Cage => "killercage",
    CageNoTotal => "killercage-nototal",
    Arrow => "arrow",
    Pill => "arrow-pill",
    DoubleArrow => "doublearrow",
    LittleKiller => "littlekillersum",
    Sandwich => "sandwichsum",
    XSum => "xsum",
    Skyscraper => "skyscraper",
    SumLine => "regionsumline",
    Zipper => "zipperline",
    Quadruple => "quadruple",
    Difference => "difference",
    Ratio => "ratio",
    Xv => "xv",
    NegDifference => "difference-negative",
    NegRatio => "ratio-negative",
    NegXv => "xv-negative",
    AntiKing => "antiking",
    AntiKnight => "antiknight",
    Nonconsecutive => "nonconsecutive",
    Thermometer => "thermometer",
    Whispers => "whispers",
    Renban => "renban",
    Palindrome => "palindrome",
    Between => "betweenline",
    Lockout => "lockout",
    Entropic => "entropicline",
    Modular => "modularline",
    Nabner => "nabner",
    Odd => "odd",
    Even => "even",
    Minimum => "minimum",
    Maximum => "maximum",
    Clone => "clone",
    Distinct => "extraregion-small",
    RowIndexer => "rowindexer",
    ColumnIndexer => "columnindexer",
    BoxIndexer => "boxindexer",
}

/// Tries `make` up to `tries` times until `ok` holds, else returns the last
/// try (a clue that may have no solution, which is fine for a random test).
fn retry<T>(
    rng: &mut SmallRng,
    tries: usize,
    mut make: impl FnMut(&mut SmallRng) -> T,
    ok: impl Fn(&T) -> bool,
) -> T {
    let mut last = make(rng);
    for _ in 1..tries {
        if ok(&last) {
            break;
        }
        last = make(rng);
    }
    last
}

/// Values of `cells` in `sol`, as u32.
fn vals(sol: &[u8], cells: &[usize]) -> Vec<u32> {
    cells.iter().map(|&i| u32::from(sol[i])).collect()
}

fn distinct(v: &[u32]) -> bool {
    v.iter()
        .enumerate()
        .all(|(i, a)| v[i + 1..].iter().all(|b| a != b))
}

/// The entropic class (0 low, 1 middle, 2 high) of value `v` on side `n`:
/// when 3 does not divide `n` the classes are as even as they can be, the
/// low and high ones the same size (f-puzzles' split).
pub fn entropic_class(v: u32, n: usize) -> u32 {
    let (lo, hi) = (n / 3, n.div_ceil(3));
    let (edge, _mid) = if 2 * lo + hi == n { (lo, hi) } else { (hi, lo) };
    let v = v as usize;
    if v <= edge {
        0
    } else if v <= n - edge {
        1
    } else {
        2
    }
}

/// Whether every three consecutive values pass `differ` pairwise.
fn windows_differ(v: &[u32], key: impl Fn(u32) -> u32) -> bool {
    v.windows(2).all(|w| key(w[0]) != key(w[1])) && v.windows(3).all(|w| key(w[0]) != key(w[2]))
}

/// A line of a random length in `lens` that `ok` accepts on `sol` (tried a
/// few hundred times), or any line without a solution.
fn line(
    n: usize,
    lens: std::ops::RangeInclusive<usize>,
    sol: Option<&[u8]>,
    rng: &mut SmallRng,
    ok: impl Fn(&[u32]) -> bool,
) -> Vec<usize> {
    let make = |rng: &mut SmallRng| {
        let len = rng.gen_range(lens.clone());
        walk_any(n, len, &KING, rng)
    };
    match sol {
        Some(s) => retry(rng, 400, make, |l| ok(&vals(s, l))),
        None => make(rng),
    }
}

/// A random orthogonal pair `ok` accepts on `sol` (when given).
fn pair(
    n: usize,
    sol: Option<&[u8]>,
    rng: &mut SmallRng,
    ok: impl Fn(u32, u32) -> bool,
) -> [usize; 2] {
    let make = |rng: &mut SmallRng| {
        let a = rng.gen_range(0..n * n);
        let b = *step_cells(a, n, &ORTHO).choose(rng).unwrap();
        [a, b]
    };
    match sol {
        Some(s) => retry(rng, 200, make, |&[a, b]| {
            ok(u32::from(s[a]), u32::from(s[b]))
        }),
        None => make(rng),
    }
}

/// Every orthogonal pair (lower cell first).
fn ortho_pairs(n: usize) -> Vec<[usize; 2]> {
    (0..n * n)
        .flat_map(|a| {
            step_cells(a, n, &ORTHO)
                .into_iter()
                .filter(move |&b| b > a)
                .map(move |b| [a, b])
        })
        .collect()
}

/// A negative constraint: the marked pairs carry `rule` (the pairs of `sol`
/// satisfying it, or a few random ones), every other orthogonal pair
/// `negation` of each rule.
fn negative(
    n: usize,
    rules: &[(PairRule, PairRule, &'static str)],
    sol: Option<&[u8]>,
    rng: &mut SmallRng,
) -> Vec<Constraint> {
    let mut out = Vec::new();
    let mut marked: Vec<[Cell; 2]> = Vec::new();
    let all = ortho_pairs(n);
    for &(rule, _, kind) in rules {
        let chosen: Vec<[usize; 2]> = match sol {
            Some(s) => all
                .iter()
                .copied()
                .filter(|&[a, b]| rule.holds(u32::from(s[a]), u32::from(s[b]), n))
                .collect(),
            None => {
                let k = rng.gen_range(0..3);
                all.choose_multiple(rng, k).copied().collect()
            }
        };
        for [a, b] in chosen {
            let c = [Cell(a as u32), Cell(b as u32)];
            if !marked.contains(&c) {
                marked.push(c);
                out.push(Constraint::Pair(Pair {
                    cells: c,
                    rule,
                    kind,
                }));
            }
        }
    }
    for &(_, negation, _) in rules {
        out.push(Constraint::Neighbours(Neighbours {
            adjacency: Adjacency::Orthogonal,
            rule: negation,
            except: marked.clone(),
            kind: "negative",
        }));
    }
    out
}

fn neighbours(adjacency: Adjacency, rule: PairRule, kind: &'static str) -> Vec<Constraint> {
    vec![Constraint::Neighbours(Neighbours {
        adjacency,
        rule,
        except: Vec::new(),
        kind,
    })]
}

/// One random constraint of `kind` (a few for the negative forms) on a grid
/// of side `n` (4, 6 or 9), its clue derived from `sol` (values `1..=n`,
/// row-major) when given.
pub fn build(kind: Kind, n: usize, sol: Option<&[u8]>, rng: &mut SmallRng) -> Vec<Constraint> {
    let nn = n as u32;
    let one = |c: Constraint| vec![c];
    match kind {
        Kind::Cage | Kind::CageNoTotal => {
            let make = |rng: &mut SmallRng| {
                let size = rng.gen_range(2..=n.min(5));
                blob(n, size, rng)
            };
            let shape = match sol {
                Some(s) => retry(rng, 100, make, |b| distinct(&vals(s, b))),
                None => make(rng),
            };
            let k = shape.len() as u32;
            let sum = match (kind, sol) {
                (Kind::CageNoTotal, _) => None,
                (_, Some(s)) => Some(vals(s, &shape).iter().sum()),
                (_, None) => Some(rng.gen_range(k * (k + 1) / 2..=k * (2 * nn + 1 - k) / 2)),
            };
            one(Constraint::Cage(Cage {
                cells: cells(&shape),
                sum,
            }))
        }
        Kind::Arrow => {
            let l = line(n, 2..=n.min(5), sol, rng, |v| {
                v[0] == v[1..].iter().sum::<u32>()
            });
            one(Constraint::Arrow(Arrow {
                circle: cells(&l[..1]),
                line: cells(&l[1..]),
            }))
        }
        Kind::Pill => {
            // Two orthogonal cells read as a two-digit number, then the
            // line from the second.
            let make = |rng: &mut SmallRng| loop {
                let a = rng.gen_range(0..n * n);
                let b = *step_cells(a, n, &ORTHO).choose(rng).unwrap();
                let len = rng.gen_range(3..=n.min(5));
                if let Some(mut l) = walk(n, len, &KING, Some(b), rng) {
                    if !l.contains(&a) {
                        l[0] = a;
                        return (a, b, l[1..].to_vec());
                    }
                }
            };
            let (a, b, l) = match sol {
                Some(s) => retry(rng, 1000, make, |(a, b, l)| {
                    10 * u32::from(s[*a]) + u32::from(s[*b]) == vals(s, l).iter().sum::<u32>()
                }),
                None => make(rng),
            };
            one(Constraint::Arrow(Arrow {
                circle: cells(&[a, b]),
                line: cells(&l),
            }))
        }
        Kind::DoubleArrow => {
            let l = line(n, 3..=n.min(6), sol, rng, |v| {
                v[0] + v[v.len() - 1] == v[1..v.len() - 1].iter().sum::<u32>()
            });
            one(Constraint::DoubleArrow(DoubleArrow { line: cells(&l) }))
        }
        Kind::LittleKiller => {
            let (clue, d) = diagonal(n, 2, rng);
            let k = d.len() as u32;
            let sum = match sol {
                Some(s) => vals(s, &d).iter().sum(),
                None => rng.gen_range(k..=k * nn),
            };
            one(Constraint::LittleKiller(LittleKiller {
                clue,
                cells: cells(&d),
                sum,
            }))
        }
        Kind::Sandwich => {
            let (clue, l) = outside_line(n, rng);
            let sum = match sol {
                Some(s) => {
                    let v = vals(s, &l);
                    let p1 = v.iter().position(|&x| x == 1).unwrap();
                    let pn = v.iter().position(|&x| x == nn).unwrap();
                    v[p1.min(pn) + 1..p1.max(pn)].iter().sum()
                }
                None => rng.gen_range(0..=(2..nn).sum::<u32>()),
            };
            one(Constraint::Sandwich(Sandwich {
                clue,
                cells: cells(&l),
                sum,
            }))
        }
        Kind::XSum => {
            let (clue, l) = outside_line(n, rng);
            let sum = match sol {
                Some(s) => {
                    let v = vals(s, &l);
                    v[..v[0] as usize].iter().sum()
                }
                None => rng.gen_range(1..=nn * (nn + 1) / 2),
            };
            one(Constraint::XSum(XSum {
                clue,
                cells: cells(&l),
                sum,
            }))
        }
        Kind::Skyscraper => {
            let (clue, l) = outside_line(n, rng);
            let visible = match sol {
                Some(s) => {
                    let mut top = 0;
                    let mut seen = 0;
                    for v in vals(s, &l) {
                        if v > top {
                            top = v;
                            seen += 1;
                        }
                    }
                    seen
                }
                None => rng.gen_range(1..=nn),
            };
            one(Constraint::Skyscraper(Skyscraper {
                clue,
                cells: cells(&l),
                visible,
            }))
        }
        Kind::SumLine => {
            let make = |rng: &mut SmallRng| loop {
                let len = rng.gen_range(3..=n.min(6));
                let l = walk_any(n, len, &KING, rng);
                if box_segments(&l, n).len() >= 2 {
                    return l;
                }
            };
            let l = match sol {
                Some(s) => retry(rng, 400, make, |l| {
                    let sums: Vec<u32> = box_segments(l, n)
                        .iter()
                        .map(|seg| vals(s, seg).iter().sum())
                        .collect();
                    sums.iter().all(|&x| x == sums[0])
                }),
                None => make(rng),
            };
            let segments = box_segments(&l, n).iter().map(|s| cells(s)).collect();
            one(Constraint::SumLine(SumLine {
                line: cells(&l),
                segments,
            }))
        }
        Kind::Zipper => {
            let l = line(n, 3..=n.min(6), sol, rng, |v| {
                let k = v.len();
                let target = if k % 2 == 1 {
                    v[k / 2]
                } else {
                    v[0] + v[k - 1]
                };
                (0..k / 2).all(|i| v[i] + v[k - 1 - i] == target)
            });
            one(Constraint::Zipper(Zipper { line: cells(&l) }))
        }
        Kind::Quadruple => {
            let (r, c) = (rng.gen_range(0..n - 1), rng.gen_range(0..n - 1));
            let quad = [
                r * n + c,
                r * n + c + 1,
                (r + 1) * n + c,
                (r + 1) * n + c + 1,
            ];
            let k = rng.gen_range(1..=4);
            let mut digits: Vec<u8> = match sol {
                Some(s) => quad.choose_multiple(rng, k).map(|&i| s[i]).collect(),
                None => (0..k).map(|_| rng.gen_range(1..=n as u8)).collect(),
            };
            digits.sort_unstable();
            one(Constraint::Quadruple(Quadruple {
                cells: cells(&quad),
                digits,
            }))
        }
        Kind::Difference | Kind::Ratio | Kind::Xv => {
            let (rule, name) = match kind {
                Kind::Difference => (PairRule::Difference(rng.gen_range(1..=2)), "difference"),
                Kind::Ratio => (PairRule::Ratio(rng.gen_range(2..=3)), "ratio"),
                _ if n >= 6 && rng.gen_bool(0.5) => (PairRule::Sum(10), "xv"),
                _ => (PairRule::Sum(5), "xv"),
            };
            let [a, b] = pair(n, sol, rng, |x, y| rule.holds(x, y, n));
            one(Constraint::Pair(Pair {
                cells: [Cell(a as u32), Cell(b as u32)],
                rule,
                kind: name,
            }))
        }
        Kind::NegDifference => negative(
            n,
            &[(
                PairRule::Difference(1),
                PairRule::NotDifference(1),
                "difference",
            )],
            sol,
            rng,
        ),
        Kind::NegRatio => negative(
            n,
            &[(PairRule::Ratio(2), PairRule::NotRatio(2), "ratio")],
            sol,
            rng,
        ),
        Kind::NegXv => negative(
            n,
            &[
                (PairRule::Sum(10), PairRule::NotSum(10), "xv"),
                (PairRule::Sum(5), PairRule::NotSum(5), "xv"),
            ],
            sol,
            rng,
        ),
        Kind::AntiKing => neighbours(Adjacency::King, PairRule::Different, "antiking"),
        Kind::AntiKnight => neighbours(Adjacency::Knight, PairRule::Different, "antiknight"),
        Kind::Nonconsecutive => neighbours(
            Adjacency::Orthogonal,
            PairRule::NotDifference(1),
            "nonconsecutive",
        ),
        _ => build_more(kind, n, sol, rng),
    }
}

/// [`build`] for lines, cells and indexers.
fn build_more(kind: Kind, n: usize, sol: Option<&[u8]>, rng: &mut SmallRng) -> Vec<Constraint> {
    let c = match kind {
        Kind::Thermometer => Constraint::Thermometer(Thermometer {
            line: cells(&line(n, 2..=n.min(5), sol, rng, |v| {
                v.windows(2).all(|w| w[0] < w[1])
            })),
        }),
        Kind::Whispers => {
            let gap = if rng.gen_bool(0.75) {
                n.div_ceil(2) as u8
            } else {
                rng.gen_range(1..n as u8)
            };
            let l = line(n, 2..=n.min(5), sol, rng, |v| {
                v.windows(2).all(|w| w[0].abs_diff(w[1]) >= u32::from(gap))
            });
            Constraint::Whispers(Whispers {
                line: cells(&l),
                gap,
            })
        }
        Kind::Renban => Constraint::Renban(Renban {
            line: cells(&line(n, 2..=n.min(5), sol, rng, |v| {
                distinct(v)
                    && v.iter().max().unwrap() - v.iter().min().unwrap() == v.len() as u32 - 1
            })),
        }),
        Kind::Palindrome => Constraint::Palindrome(Palindrome {
            line: cells(&line(n, 2..=n.min(5), sol, rng, |v| {
                v.iter().eq(v.iter().rev())
            })),
        }),
        Kind::Between => Constraint::Between(Between {
            line: cells(&line(n, 3..=n.min(5), sol, rng, |v| {
                let (a, b) = (v[0].min(v[v.len() - 1]), v[0].max(v[v.len() - 1]));
                v[1..v.len() - 1].iter().all(|&x| a < x && x < b)
            })),
        }),
        Kind::Lockout => {
            let gap = (n / 2) as u8;
            let l = line(n, 3..=n.min(5), sol, rng, |v| {
                let (a, b) = (v[0].min(v[v.len() - 1]), v[0].max(v[v.len() - 1]));
                b - a >= u32::from(gap) && v[1..v.len() - 1].iter().all(|&x| x < a || x > b)
            });
            Constraint::Lockout(Lockout {
                line: cells(&l),
                gap,
            })
        }
        Kind::Entropic => Constraint::Entropic(Entropic {
            line: cells(&line(n, 3..=n.min(6), sol, rng, |v| {
                windows_differ(v, |x| entropic_class(x, n))
            })),
        }),
        Kind::Modular => Constraint::Modular(Modular {
            line: cells(&line(n, 3..=n.min(6), sol, rng, |v| {
                windows_differ(v, |x| x % 3)
            })),
        }),
        Kind::Nabner => Constraint::Nabner(Nabner {
            line: cells(&line(n, 2..=n.min(4), sol, rng, |v| {
                v.iter()
                    .enumerate()
                    .all(|(i, a)| v[i + 1..].iter().all(|b| a.abs_diff(*b) > 1))
            })),
        }),
        Kind::Odd | Kind::Even => {
            let odd = kind == Kind::Odd;
            let cell = pick_cell(n, sol, rng, |s, i| (s[i] % 2 == 1) == odd);
            Constraint::Parity(sudokit::variant::Parity {
                cell: Cell(cell as u32),
                odd,
            })
        }
        Kind::Minimum | Kind::Maximum => {
            let maximum = kind == Kind::Maximum;
            let cell = pick_cell(n, sol, rng, |s, i| {
                step_cells(i, n, &ORTHO)
                    .iter()
                    .all(|&o| if maximum { s[i] > s[o] } else { s[i] < s[o] })
            });
            Constraint::Extremum(Extremum {
                cell: Cell(cell as u32),
                maximum,
            })
        }
        Kind::Clone => {
            let make = |rng: &mut SmallRng| loop {
                let shape = blob(n, rng.gen_range(1..=3), rng);
                let (dr, dc) = (
                    rng.gen_range(-(n as i32) + 1..n as i32),
                    rng.gen_range(-(n as i32) + 1..n as i32),
                );
                let moved: Option<Vec<usize>> = shape
                    .iter()
                    .map(|&i| super::shapes::on_grid((i / n) as i32 + dr, (i % n) as i32 + dc, n))
                    .collect();
                if let Some(m) = moved {
                    if m.iter().all(|c| !shape.contains(c)) {
                        return (shape, m);
                    }
                }
            };
            let (a, b) = match sol {
                Some(s) => retry(rng, 400, make, |(a, b)| vals(s, a) == vals(s, b)),
                None => make(rng),
            };
            Constraint::Clone(CloneCells {
                cells: cells(&a),
                clones: cells(&b),
            })
        }
        Kind::Distinct => {
            let make = |rng: &mut SmallRng| {
                let k = rng.gen_range(2..n);
                let all: Vec<usize> = (0..n * n).collect();
                all.choose_multiple(rng, k).copied().collect::<Vec<usize>>()
            };
            let set = match sol {
                Some(s) => retry(rng, 200, make, |set| distinct(&vals(s, set))),
                None => make(rng),
            };
            Constraint::Distinct(Distinct { cells: cells(&set) })
        }
        Kind::RowIndexer | Kind::ColumnIndexer | Kind::BoxIndexer => {
            let ik = match kind {
                Kind::RowIndexer => IndexerKind::Row,
                Kind::ColumnIndexer => IndexerKind::Column,
                _ => IndexerKind::Box,
            };
            let cell = pick_cell(n, sol, rng, |s, i| indexed(ik, s, i, n));
            indexer(cell, ik, n)
        }
        _ => unreachable!("{kind:?} is built by build"),
    };
    vec![c]
}

/// The indexer of kind `ik` at `cell`, with the house its digit indexes:
/// its column (row indexer), its row (column indexer) or its box, in
/// reading order.
pub fn indexer(cell: usize, ik: IndexerKind, n: usize) -> Constraint {
    let (r, c) = (cell / n, cell % n);
    let house: Vec<usize> = match ik {
        IndexerKind::Row => (0..n).map(|k| k * n + c).collect(),
        IndexerKind::Column => (0..n).map(|k| r * n + k).collect(),
        IndexerKind::Box => box_cells(box_of(r, c, n), n),
    };
    Constraint::Indexer(Indexer {
        cell: Cell(cell as u32),
        kind: ik,
        house: cells(&house),
    })
}

/// Whether the indexer rule of kind `ik` holds at cell `i` of `s`: a row
/// indexer's value `v` at `(r, c)` says digit `r + 1` sits in row `v` of
/// column `c`; a column indexer's, that `c + 1` sits in column `v` of row
/// `r`; a box indexer's (the cell being the `p`-th of its box), that `p + 1`
/// is the `v`-th cell of the box.
pub fn indexed(ik: IndexerKind, s: &[u8], i: usize, n: usize) -> bool {
    let (r, c) = (i / n, i % n);
    let v = s[i] as usize;
    match ik {
        IndexerKind::Row => s[(v - 1) * n + c] as usize == r + 1,
        IndexerKind::Column => s[r * n + v - 1] as usize == c + 1,
        IndexerKind::Box => {
            let b = box_cells(box_of(r, c, n), n);
            let p = b.iter().position(|&x| x == i).unwrap();
            s[b[v - 1]] as usize == p + 1
        }
    }
}

/// A random cell, one where `ok` holds on `sol` when given (any when none
/// does).
fn pick_cell(
    n: usize,
    sol: Option<&[u8]>,
    rng: &mut SmallRng,
    ok: impl Fn(&[u8], usize) -> bool,
) -> usize {
    let good: Vec<usize> = match sol {
        Some(s) => (0..n * n).filter(|&i| ok(s, i)).collect(),
        None => Vec::new(),
    };
    match good.choose(rng) {
        Some(&i) => i,
        None => rng.gen_range(0..n * n),
    }
}
