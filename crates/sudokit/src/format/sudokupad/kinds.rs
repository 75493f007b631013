//! The kinds of rule a SudokuPad puzzle's drawings can stand for: the
//! lines whose meaning only their colour and the rules tell, and the rules a
//! rules text names that the drawings must then show.

/// A kind of line whose meaning only its colour and the rules tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum LineKind {
    Thermometer,
    Whispers,
    Renban,
    Palindrome,
    Between,
    RegionSum,
    Entropic,
    Modular,
    Zipper,
    Nabner,
    Lockout,
    DoubleArrow,
    /// Drawn only: no rule.
    Cosmetic,
}

impl LineKind {
    /// Every kind, for `--assume` and messages.
    pub(super) const ALL: [LineKind; 13] = [
        LineKind::Thermometer,
        LineKind::Whispers,
        LineKind::Renban,
        LineKind::Palindrome,
        LineKind::Between,
        LineKind::RegionSum,
        LineKind::Entropic,
        LineKind::Modular,
        LineKind::Zipper,
        LineKind::Nabner,
        LineKind::Lockout,
        LineKind::DoubleArrow,
        LineKind::Cosmetic,
    ];

    /// The name `--assume` takes.
    pub(super) fn name(self) -> &'static str {
        match self {
            LineKind::Thermometer => "thermometer",
            LineKind::Whispers => "whispers",
            LineKind::Renban => "renban",
            LineKind::Palindrome => "palindrome",
            LineKind::Between => "between",
            LineKind::RegionSum => "regionsum",
            LineKind::Entropic => "entropic",
            LineKind::Modular => "modular",
            LineKind::Zipper => "zipper",
            LineKind::Nabner => "nabner",
            LineKind::Lockout => "lockout",
            LineKind::DoubleArrow => "doublearrow",
            LineKind::Cosmetic => "cosmetic",
        }
    }

    /// The f-puzzles key of the constraint (none for a cosmetic line).
    pub(super) fn key(self) -> Option<&'static str> {
        Some(match self {
            LineKind::Thermometer => "thermometer",
            LineKind::Whispers => "whispers",
            LineKind::Renban => "renban",
            LineKind::Palindrome => "palindrome",
            LineKind::Between => "betweenline",
            LineKind::RegionSum => "regionsumline",
            LineKind::Entropic => "entropicline",
            LineKind::Modular => "modularline",
            LineKind::Zipper => "zipperline",
            LineKind::Nabner => "nabner",
            LineKind::Lockout => "lockout",
            LineKind::DoubleArrow => "doublearrow",
            LineKind::Cosmetic => return None,
        })
    }

    pub(super) fn words(self) -> &'static [&'static str] {
        match self {
            LineKind::Thermometer => &["thermo"],
            LineKind::Whispers => &["whisper"],
            LineKind::Renban => &[
                "renban",
                "consecutive set",
                "set of consecutive",
                "consecutive, non-repeating",
                "consecutive non-repeating",
            ],
            LineKind::Palindrome => &["palindrom"],
            LineKind::Between => &["between line", "between-line"],
            LineKind::RegionSum => &[
                "region sum",
                "same sum within each",
                "have the same sum",
                "same sum in each",
            ],
            LineKind::Entropic => &["entropic"],
            LineKind::Modular => &["modular"],
            LineKind::Zipper => &["zipper"],
            LineKind::Nabner => &["nabner"],
            LineKind::Lockout => &["lockout"],
            LineKind::DoubleArrow => &["double arrow"],
            LineKind::Cosmetic => &[],
        }
    }
}

impl std::str::FromStr for LineKind {
    type Err = String;

    fn from_str(s: &str) -> Result<LineKind, String> {
        let s = s.trim().to_ascii_lowercase().replace(['-', '_', ' '], "");
        let alias = match s.as_str() {
            "thermo" | "thermos" | "thermometers" => "thermometer",
            "germanwhispers" | "whisper" => "whispers",
            "regionsumline" | "regionsumlines" => "regionsum",
            "entropicline" | "entropiclines" => "entropic",
            "modularline" | "modularlines" => "modular",
            "zipperline" | "zipperlines" => "zipper",
            "betweenline" | "betweenlines" => "between",
            "lockoutline" | "lockoutlines" => "lockout",
            "none" | "ignore" | "decoration" => "cosmetic",
            other => other,
        };
        LineKind::ALL
            .into_iter()
            .find(|k| k.name() == alias)
            .ok_or_else(|| {
                let names: Vec<&str> = LineKind::ALL.iter().map(|k| k.name()).collect();
                format!(
                    "`{s}` is not a kind of line (expected one of: {})",
                    names.join(", ")
                )
            })
    }
}

/// Rules that the text names and the drawings must then show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Named {
    Line(LineKind),
    Cage,
    Arrow,
    Kropki,
    Xv,
    Sandwich,
    LittleKiller,
    XSum,
    Skyscraper,
    Quadruple,
    Clone,
    Indexer,
}

impl Named {
    pub(super) const ALL: [Named; 11] = [
        Named::Cage,
        Named::Arrow,
        Named::Kropki,
        Named::Xv,
        Named::Sandwich,
        Named::LittleKiller,
        Named::XSum,
        Named::Skyscraper,
        Named::Quadruple,
        Named::Clone,
        Named::Indexer,
    ];

    pub(super) fn words(self) -> &'static [&'static str] {
        match self {
            Named::Line(k) => k.words(),
            Named::Cage => &["killer", "cage"],
            Named::Arrow => &["arrow"],
            Named::Kropki => &["kropki", " dot"],
            Named::Xv => &["xv", "an x ", "a v ", "x's and v's"],
            Named::Sandwich => &["sandwich"],
            Named::LittleKiller => &["little killer"],
            Named::XSum => &["x-sum", "x sum clue", "first x "],
            Named::Skyscraper => &["skyscraper", "buildings"],
            Named::Quadruple => &["quadruple", "quad "],
            Named::Clone => &["clone"],
            Named::Indexer => &["indexer", "index "],
        }
    }

    /// How the rule is called in messages.
    pub(super) fn label(self) -> &'static str {
        match self {
            Named::Line(LineKind::Thermometer) => "thermometers",
            Named::Line(LineKind::Whispers) => "whispers lines",
            Named::Line(LineKind::Renban) => "renban lines",
            Named::Line(LineKind::Palindrome) => "palindromes",
            Named::Line(LineKind::Between) => "between lines",
            Named::Line(LineKind::RegionSum) => "region sum lines",
            Named::Line(LineKind::Entropic) => "entropic lines",
            Named::Line(LineKind::Modular) => "modular lines",
            Named::Line(LineKind::Zipper) => "zipper lines",
            Named::Line(LineKind::Nabner) => "nabner lines",
            Named::Line(LineKind::Lockout) => "lockout lines",
            Named::Line(LineKind::DoubleArrow) => "double arrows",
            Named::Line(LineKind::Cosmetic) => "lines",
            Named::Cage => "killer cages",
            Named::Arrow => "arrows",
            Named::Kropki => "kropki dots",
            Named::Xv => "XV marks",
            Named::Sandwich => "sandwich clues",
            Named::LittleKiller => "little killer clues",
            Named::XSum => "X-sum clues",
            Named::Skyscraper => "skyscraper clues",
            Named::Quadruple => "quadruples",
            Named::Clone => "clones",
            Named::Indexer => "indexer cells",
        }
    }
}
