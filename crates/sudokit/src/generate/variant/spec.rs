//! What a variant generator is asked to make: the rules by kind and count,
//! the grid, the band; and the words every door reads them from
//! ([`VariantSpec::with_kinds`]).

use web_time::Instant;

use crate::card::Band;
use crate::generate::{Shape, Symmetry};
use crate::variant::{Adjacency, Constraint, Neighbours, PairRule};

/// A line (or arrow, or diagonal) kind placed by count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Thermometer: digits rise from the bulb.
    Thermo,
    /// Arrow: the circle is the sum along the arrow.
    Arrow,
    /// German whispers: neighbours differ by at least half the side.
    Whispers,
    /// Renban: a set of consecutive digits in any order.
    Renban,
    /// Between line: the middle cells lie between the ends.
    Between,
    /// Palindrome: the line reads the same both ways.
    Palindrome,
}

impl LineKind {
    /// `thermo`, `arrow`, `whispers`, `renban`, `between`, `palindrome`.
    pub fn name(self) -> &'static str {
        match self {
            LineKind::Thermo => "thermo",
            LineKind::Arrow => "arrow",
            LineKind::Whispers => "whispers",
            LineKind::Renban => "renban",
            LineKind::Between => "between",
            LineKind::Palindrome => "palindrome",
        }
    }
}

/// Every mark (`Full`: every one the solution has, their absence a rule;
/// `Min`: only as many as uniqueness needs, no negative rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Amount {
    /// Every mark, with the negative rule.
    Full,
    /// As few marks as the puzzle needs.
    Min,
}

/// A rule over the whole grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Global {
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart differ.
    AntiKing,
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive,
}

impl Global {
    pub(super) fn rule(self) -> Constraint {
        let (adjacency, rule, kind) = match self {
            Global::AntiKnight => (Adjacency::Knight, PairRule::Different, "antiknight"),
            Global::AntiKing => (Adjacency::King, PairRule::Different, "antiking"),
            Global::NonConsecutive => (
                Adjacency::Orthogonal,
                PairRule::NotDifference(1),
                "nonconsecutive",
            ),
        };
        Constraint::Neighbours(Neighbours {
            adjacency,
            rule,
            except: Vec::new(),
            kind,
        })
    }
}

/// Killer cages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Killer {
    /// Cells per cage, an inclusive range.
    pub sizes: (usize, usize),
    /// How many cages, an inclusive range (a tiling's count follows from
    /// its merges; scattered cages are placed this many, at the low end).
    pub count: Option<(usize, usize)>,
    /// The cages tile the grid (else they are scattered among givens).
    pub tiled: bool,
}

impl Killer {
    /// Cages tiling an n×n grid, of the sizes newspapers print.
    pub fn tiled(n: usize) -> Killer {
        Killer {
            sizes: Killer::default_sizes(n),
            count: None,
            tiled: true,
        }
    }

    /// The default cage sizes on an n×n grid.
    pub fn default_sizes(n: usize) -> (usize, usize) {
        match n {
            0..=4 => (1, 3),
            5..=6 => (1, 4),
            7..=9 => (1, 5),
            _ => (1, 6),
        }
    }
}

/// What to make.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    /// The grid (boxes or jigsaw).
    pub shape: Shape,
    /// Killer cages.
    pub killer: Option<Killer>,
    /// Lines by kind and count.
    pub lines: Vec<(LineKind, usize)>,
    /// Little killer diagonals.
    pub little_killers: usize,
    /// Kropki dots.
    pub kropki: Option<Amount>,
    /// X and V marks.
    pub xv: Option<Amount>,
    /// Sandwich sums (as many as the puzzle needs).
    pub sandwich: bool,
    /// Global rules.
    pub globals: Vec<Global>,
    /// The most givens (`None`: as many as uniqueness needs; a tiled
    /// killer has none unless this allows some).
    pub givens: Option<usize>,
    /// The card's band, an inclusive range.
    pub bands: Option<(Band, Band)>,
    /// The card's difficulty, an inclusive range.
    pub difficulty: Option<(f64, f64)>,
    /// Symmetry of the givens.
    pub symmetry: Symmetry,
    /// Keep rules the puzzle does not need (the card still lists them).
    pub allow_unused: bool,
    /// Tries before giving up.
    pub max_tries: u64,
    /// Nodes each uniqueness check may take.
    pub check_nodes: u64,
    /// When to stop (output then depends on the clock).
    pub deadline: Option<Instant>,
    /// Stops trying when raised.
    pub cancel: Option<crate::Cancel>,
}

impl VariantSpec {
    /// Tries per puzzle by default.
    pub const MAX_TRIES: u64 = 2_000;

    /// Nothing placed yet on `shape`: add the rules wanted.
    pub fn new(shape: Shape) -> VariantSpec {
        VariantSpec {
            shape,
            killer: None,
            lines: Vec::new(),
            little_killers: 0,
            kropki: None,
            xv: None,
            sandwich: false,
            globals: Vec::new(),
            givens: None,
            bands: None,
            difficulty: None,
            symmetry: Symmetry::None,
            allow_unused: false,
            max_tries: VariantSpec::MAX_TRIES,
            check_nodes: 200_000,
            deadline: None,
            cancel: None,
        }
    }

    /// Whether anything beyond the global rules is asked for.
    pub(super) fn has_rules(&self) -> bool {
        self.killer.is_some()
            || self.lines.iter().any(|l| l.1 > 0)
            || self.little_killers > 0
            || self.kropki.is_some()
            || self.xv.is_some()
            || self.sandwich
            || !self.globals.is_empty()
    }
}

/// Why a spec cannot be met.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantSpecError {
    /// No rule was asked for.
    #[error("no variant rule asked for: name at least one (killer, thermo, arrow, kropki …)")]
    Empty,
    /// The side is outside what the kinds support.
    #[error(
        "variant puzzles are made on 4x4 to 9x9 grids (killer up to 16x16), not {size}x{size}"
    )]
    Size {
        /// The side asked.
        size: usize,
    },
    /// A word of [`VariantSpec::with_kinds`] not understood.
    #[error(
        "`{0}` is not a variant kind (killer, killer-cages=N, thermo[=N], arrow[=N], \
         kropki[=full|min], xv[=full|min], sandwich, little-killer[=N], whispers[=N], \
         renban[=N], between[=N], palindrome[=N], anti-knight, anti-king, non-consecutive)"
    )]
    Kind(String),
    /// Rules that contradict each other.
    #[error("{0}")]
    Conflict(String),
    /// A range with its ends the wrong way round, or cage sizes no grid takes.
    #[error("{0}")]
    Range(String),
}

impl VariantSpec {
    /// Adds the rules named in `text`, comma- or space-separated:
    /// `killer`, `killer-cages=N`, `thermo[=N]`, `arrow[=N]`,
    /// `kropki[=full|min]`, `xv[=full|min]`, `sandwich`,
    /// `little-killer[=N]`, `whispers[=N]`, `renban[=N]`, `between[=N]`,
    /// `palindrome[=N]`, `anti-knight`, `anti-king`, `non-consecutive`
    /// (a count left out is [`VariantSpec::default_count`]; marks default to
    /// `full`). What the CLI's flags, Python's `generate(kind=…)` and the
    /// API's `kind` all read.
    ///
    /// # Errors
    /// [`VariantSpecError::Kind`] naming the word not understood.
    pub fn with_kinds(mut self, text: &str) -> Result<VariantSpec, VariantSpecError> {
        let n = self.shape.size();
        let words: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace() || c == '+')
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            return Err(VariantSpecError::Empty);
        }
        for word in words {
            let (key, value) = match word.split_once(['=', ':']) {
                Some((k, v)) => (k, Some(v)),
                None => (word, None),
            };
            let key = key.to_ascii_lowercase().replace('_', "-");
            let bad = || VariantSpecError::Kind(word.to_string());
            let count = |v: Option<&str>| -> Result<usize, VariantSpecError> {
                match v {
                    None => Ok(VariantSpec::default_count(n)),
                    Some(v) => v.parse().map_err(|_| bad()),
                }
            };
            let amount = |v: Option<&str>| match v.map(str::to_ascii_lowercase).as_deref() {
                None | Some("full" | "all") => Ok(Amount::Full),
                Some("min" | "minimal") => Ok(Amount::Min),
                _ => Err(bad()),
            };
            let line = |kind| -> Option<LineKind> {
                Some(match kind {
                    "thermo" | "thermometer" | "thermos" => LineKind::Thermo,
                    "arrow" | "arrows" => LineKind::Arrow,
                    "whispers" | "german-whispers" => LineKind::Whispers,
                    "renban" => LineKind::Renban,
                    "between" | "betweenline" => LineKind::Between,
                    "palindrome" => LineKind::Palindrome,
                    _ => return None,
                })
            };
            match key.as_str() {
                "killer" if value.is_none() => self.killer = Some(Killer::tiled(n)),
                "killer-cages" | "cages" => {
                    let k = count(value)?;
                    let sizes = Killer::default_sizes(n);
                    self.killer = Some(Killer {
                        sizes: (sizes.0.max(2), sizes.1),
                        count: Some((k, k)),
                        tiled: false,
                    });
                }
                "kropki" => self.kropki = Some(amount(value)?),
                "xv" => self.xv = Some(amount(value)?),
                "sandwich" if value.is_none() => self.sandwich = true,
                "little-killer" | "littlekiller" => self.little_killers = count(value)?,
                "anti-knight" | "antiknight" if value.is_none() => {
                    self.globals.push(Global::AntiKnight);
                }
                "anti-king" | "antiking" if value.is_none() => self.globals.push(Global::AntiKing),
                "non-consecutive" | "nonconsecutive" if value.is_none() => {
                    self.globals.push(Global::NonConsecutive);
                }
                k => match line(k) {
                    Some(kind) => self.lines.push((kind, count(value)?)),
                    None => return Err(bad()),
                },
            }
        }
        Ok(self)
    }

    /// How many lines (or little killers) a kind named without a count gets
    /// on an n×n grid: 4 on 9x9, 3 on 6x6 to 8x8, 2 below.
    pub fn default_count(n: usize) -> usize {
        match n {
            0..=5 => 2,
            6..=8 => 3,
            _ => 4,
        }
    }
}
