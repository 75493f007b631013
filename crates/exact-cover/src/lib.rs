//! Exact cover by Dancing Links: Knuth's Algorithm X (DLX1) and its
//! extension to secondary items with colours, Algorithm C (DLX2), from
//! *The Art of Computer Programming*, Volume 4B, Section 7.2.2.1.
//!
//! An exact cover problem has *items* and *options* (sets of items). A
//! solution is a set of options that covers every *primary* item exactly
//! once and every *secondary* item at most once — except that options may
//! share a secondary item if they all give it the same *colour*.
//!
//! * [`Problem`] holds a problem; build one with
//!   [`add_primary`](Problem::add_primary),
//!   [`add_secondary`](Problem::add_secondary),
//!   [`add_option`](Problem::add_option) and
//!   [`add_option_colored`](Problem::add_option_colored), or read Knuth's
//!   text format with [`Problem::parse`].
//! * [`solve`] counts the solutions and returns the first one.
//! * [`Solver`] is the reusable engine: solution limits, node limits,
//!   visitors ([`Solver::run`]), iterators ([`Solver::solutions`]),
//!   assumptions and buffer reuse across problems ([`Solver::load`]).
//!
//! The engine follows Knuth's layout: items and nodes live in flat arrays
//! indexed by `u32`, options are stored contiguously between spacer
//! nodes, the search uses an explicit choice stack (no recursion) and
//! allocates nothing. It branches on the leftmost primary item with the
//! fewest remaining options ([`Branching`]).
//!
//! # Example
//!
//! The exact cover problem (6) of TAOCP 7.2.2.1, and Knuth's colour
//! example (49):
//!
//! ```
//! use exact_cover::{solve, Problem};
//!
//! let mut p = Problem::new();
//! let items: Vec<_> = "abcdefg".chars().map(|c| p.add_primary(&c.to_string())).collect();
//! let [a, b, c, d, e, f, g] = items[..] else { unreachable!() };
//! for option in [&[c, e][..], &[a, d, g], &[b, c, f], &[a, d, f], &[b, g], &[d, e, g]] {
//!     p.add_option(option)?;
//! }
//! let result = solve(&p, None);
//! assert_eq!(result.count, 1);
//! assert!(result.complete);
//! let mut first = result.first.unwrap();
//! first.sort();
//! assert_eq!(first, [0, 3, 4]); // c e, a d f, b g
//!
//! // The same kind of problem in Knuth's text format, with colours.
//! let p = Problem::parse(
//!     "| Knuth's example (49)\n\
//!      p q r | x y\n\
//!      p q x y:A\n\
//!      p r x:A y\n\
//!      p x:B\n\
//!      q x:A\n\
//!      r y:B\n",
//! )?;
//! let result = solve(&p, None);
//! assert_eq!(result.count, 1);
//! let first = result.first.unwrap();
//! let lines: Vec<String> = first.iter().map(|&o| p.format_option(o)).collect();
//! assert_eq!(lines, ["q x:A", "p r x:A y"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

//!
//! # Solving many problems
//!
//! A [`Problem`] can be [`clear`](Problem::clear)ed and refilled and a
//! [`Solver`] can [`load`](Solver::load) a new problem; both keep their
//! buffers, so a loop over many problems allocates nothing once the
//! buffers have grown. When the instances differ only in a few fixed
//! choices, load the full problem once and set
//! [`assumptions`](Solver::set_assumptions) instead:
//!
//! ```
//! use exact_cover::{Problem, Solver};
//!
//! // 4 queens: rows and columns primary, diagonals secondary.
//! let n = 4;
//! let mut p = Problem::new();
//! let rows: Vec<_> = (0..n).map(|i| p.add_primary(&format!("r{i}"))).collect();
//! let cols: Vec<_> = (0..n).map(|j| p.add_primary(&format!("c{j}"))).collect();
//! let sums: Vec<_> = (0..2 * n - 1).map(|k| p.add_secondary(&format!("a{k}"))).collect();
//! let difs: Vec<_> = (0..2 * n - 1).map(|k| p.add_secondary(&format!("b{k}"))).collect();
//! for i in 0..n {
//!     for j in 0..n {
//!         // Option i * n + j: a queen on square (i, j).
//!         p.add_option(&[rows[i], cols[j], sums[i + j], difs[i + n - 1 - j]])?;
//!     }
//! }
//! let mut solver = Solver::new(&p);
//! assert_eq!(solver.count().solutions, 2);
//! // With a queen forced on (0, 1): one solution, which starts with it.
//! solver.set_assumptions(&[1])?;
//! let solutions: Vec<Vec<usize>> = solver.solutions().collect();
//! assert_eq!(solutions, [vec![1, 7, 8, 14]]);
//! // Forced on a corner: none.
//! solver.set_assumptions(&[0])?;
//! assert_eq!(solver.count().solutions, 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod parse;
mod problem;
mod solver;

pub use parse::{ParseError, ParseErrorKind, DEFAULT_MAX_LINE};
pub use problem::{Color, ItemId, Problem, ProblemError};
pub use solver::{Branching, SolutionIter, Solver, Summary, UnknownOption};

/// The result of [`solve`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solutions {
    /// Number of solutions found (at most the limit).
    pub count: u64,
    /// The first solution found: the chosen option indices, in the order
    /// the search chose them.
    pub first: Option<Vec<usize>>,
    /// `true` if the search space was exhausted, so that `count` is the
    /// exact number of solutions.
    pub complete: bool,
    /// Search tree nodes explored (see [`Summary::nodes`]).
    pub nodes: u64,
    /// Link updates made (see [`Summary::updates`]).
    pub updates: u64,
}

/// Solves `problem`, counting its solutions up to `limit` (`None`: count
/// them all) and keeping the first one.
///
/// This is a shortcut for a [`Solver`] with default settings; use a
/// `Solver` directly to visit every solution, bound the search, or reuse
/// buffers across problems.
#[must_use]
pub fn solve(problem: &Problem, limit: Option<u64>) -> Solutions {
    let mut solver = Solver::new(problem);
    solver.set_limit(limit);
    let mut first = None;
    let summary = solver.run(|s| {
        if first.is_none() {
            first = Some(s.to_vec());
        }
        std::ops::ControlFlow::Continue(())
    });
    Solutions {
        count: summary.solutions,
        first,
        complete: summary.complete,
        nodes: summary.nodes,
        updates: summary.updates,
    }
}
