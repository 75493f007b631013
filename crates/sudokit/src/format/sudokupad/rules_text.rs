//! What a SudokuPad puzzle's rules text says: which rules it names (each
//! rule kind by the words setters use for it), the colours it gives its
//! lines ("green lines are German whispers"), its numbers ("differ by at
//! least 4"), and the settlements a user gives with `--assume`.

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

    fn words(self) -> &'static [&'static str] {
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
    const ALL: [Named; 11] = [
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

    fn words(self) -> &'static [&'static str] {
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

/// A puzzle's rules text, lower-cased and cut into sentences.
#[derive(Clone, Debug, Default)]
pub(super) struct RulesText {
    sentences: Vec<String>,
}

/// Global rules the text can state on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Global {
    AntiKnight,
    AntiKing,
    NonConsecutive,
    DisjointGroups,
}

impl RulesText {
    pub(super) fn new(text: &str) -> RulesText {
        let lower = text.to_lowercase().replace(['\u{2019}', '\u{2018}'], "'");
        let mut sentences = Vec::new();
        let mut current = String::new();
        let chars: Vec<char> = lower.chars().collect();
        for (i, &ch) in chars.iter().enumerate() {
            current.push(ch);
            let next = chars.get(i + 1).copied().unwrap_or(' ');
            let ends =
                matches!(ch, '\n' | ';') || (matches!(ch, '.' | '!' | '?') && next.is_whitespace());
            if ends {
                sentences.push(std::mem::take(&mut current));
            }
        }
        sentences.push(current);
        sentences.retain(|s| !s.trim().is_empty());
        RulesText { sentences }
    }

    fn has(&self, words: &[&str]) -> bool {
        self.sentences
            .iter()
            .any(|s| words.iter().any(|w| s.contains(w)))
    }

    /// Whether a sentence holds `word`.
    pub(super) fn mentions(&self, word: &str) -> bool {
        self.has(&[word])
    }

    /// The rules the text names, of those that are drawn.
    pub(super) fn named(&self) -> Vec<Named> {
        let lines = LineKind::ALL.into_iter().map(Named::Line);
        lines
            .chain(Named::ALL)
            .filter(|n| !n.words().is_empty() && self.has(n.words()))
            // "Little killer" names a cage word, "double arrow" an arrow:
            // the longer name decides.
            .filter(|n| match n {
                Named::Cage => self.sentences.iter().any(|s| {
                    let s = s.replace("little killer", "");
                    s.contains("cage") || s.contains("killer")
                }),
                Named::Arrow => self
                    .sentences
                    .iter()
                    .any(|s| s.replace("double arrow", "").contains("arrow")),
                _ => true,
            })
            .collect()
    }

    /// The global rules the text states.
    pub(super) fn globals(&self) -> Vec<Global> {
        let mut out = Vec::new();
        let any = |f: &dyn Fn(&str) -> bool| self.sentences.iter().any(|s| f(s));
        if any(&|s| {
            (s.contains("anti-knight") || s.contains("antiknight") || s.contains("anti knight"))
                || (s.contains("knight's move")
                    && (s.contains("cannot") || s.contains("must not") || s.contains("different")))
        }) {
            out.push(Global::AntiKnight);
        }
        if any(&|s| {
            s.contains("anti-king")
                || s.contains("antiking")
                || s.contains("anti king")
                || (s.contains("king's move")
                    && (s.contains("cannot") || s.contains("must not") || s.contains("different")))
        }) {
            out.push(Global::AntiKing);
        }
        if any(&|s| {
            s.contains("non-consecutive")
                || s.contains("nonconsecutive")
                || ((s.contains("adjacent") || s.contains("neighbour") || s.contains("neighbor"))
                    && (s.contains("cannot be consecutive")
                        || s.contains("can't be consecutive")
                        || s.contains("may not be consecutive")
                        || s.contains("must not be consecutive")
                        || s.contains("cannot contain consecutive")
                        || s.contains("never consecutive"))
                    && !s.contains("dot"))
        }) {
            out.push(Global::NonConsecutive);
        }
        if any(&|s| {
            s.contains("disjoint")
                || ((s.contains("same relative position")
                    || s.contains("corresponding box position")
                    || s.contains("same position in"))
                    && (s.contains("box") || s.contains("region")))
        }) {
            out.push(Global::DisjointGroups);
        }
        out
    }

    /// The f-puzzles families of marks the text says are all given (a
    /// negative constraint): `ratio`, `difference`, `xv`.
    pub(super) fn negatives(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        // "All possible dots are given" covers the dots the rules define.
        let black = self.has(&["black dot", "black circle", "black kropki"]);
        let white = self.has(&["white dot", "white circle", "white kropki"]);
        let (black, white) = if black || white {
            (black, white)
        } else {
            (true, true)
        };
        for s in &self.sentences {
            if s.contains("not all")
                || !(s.contains("all possible") || s.contains("all ") && s.contains(" given"))
            {
                continue;
            }
            let kropki =
                s.contains("kropki") || s.contains("all possible dots") || s.contains("all dots");
            if kropki && black || s.contains("black dot") {
                out.push("ratio");
            }
            if kropki && white || s.contains("white dot") {
                out.push("difference");
            }
            if s.contains("x and v") || s.contains("xv") || s.contains("x's and v's") {
                out.push("xv");
            }
        }
        out.dedup();
        out
    }

    /// The number the text gives with `kind`'s words: the first of "at
    /// least N", "N or more", "N or greater", "by N" in a sentence naming it.
    pub(super) fn number_for(&self, kind: LineKind, colour_words: &[&str]) -> Option<i64> {
        let words = kind.words();
        self.sentences
            .iter()
            .filter(|s| {
                words.iter().any(|w| s.contains(w)) || colour_words.iter().any(|w| s.contains(w))
            })
            .find_map(|s| least(s))
    }

    /// The kinds of line the text gives to a colour family, from sentences
    /// that name both.
    pub(super) fn kinds_of(&self, family: Family) -> Vec<LineKind> {
        let mut out = Vec::new();
        for s in &self.sentences {
            let coloured = family.words().iter().any(|w| contains_word(s, w));
            if !coloured {
                continue;
            }
            for k in LineKind::ALL {
                if k.words().iter().any(|w| s.contains(w)) && !out.contains(&k) {
                    out.push(k);
                }
            }
        }
        out
    }
}

fn contains_word(s: &str, w: &str) -> bool {
    s.match_indices(w).any(|(i, _)| {
        let before = s[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphabetic());
        let after = s[i + w.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphabetic());
        before && after
    })
}

/// "at least N", "N or more", "N or greater", "difference of N".
fn least(s: &str) -> Option<i64> {
    let digits_after = |i: usize| -> Option<i64> {
        let rest = s[i..].trim_start();
        let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
        n.parse().ok()
    };
    for key in ["at least ", "difference of ", "differ by ", "by at least "] {
        if let Some(i) = s.find(key) {
            if let Some(n) = digits_after(i + key.len()) {
                return Some(n);
            }
        }
    }
    for key in [" or more", " or greater", " or higher"] {
        if let Some(i) = s.find(key) {
            let before: String = s[..i]
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if let Ok(n) = before.parse() {
                return Some(n);
            }
        }
    }
    None
}

/// A family of colours, as rules texts name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Family {
    Black,
    White,
    Grey,
    Red,
    Orange,
    Yellow,
    Green,
    Cyan,
    Blue,
    Purple,
    Pink,
}

impl Family {
    const ALL: [Family; 11] = [
        Family::Black,
        Family::White,
        Family::Grey,
        Family::Red,
        Family::Orange,
        Family::Yellow,
        Family::Green,
        Family::Cyan,
        Family::Blue,
        Family::Purple,
        Family::Pink,
    ];

    /// The words that name this family in a rules text.
    pub(super) fn words(self) -> &'static [&'static str] {
        match self {
            Family::Black => &["black"],
            Family::White => &["white"],
            Family::Grey => &["grey", "gray", "silver"],
            Family::Red => &["red"],
            Family::Orange => &["orange", "brown", "peach", "tan"],
            Family::Yellow => &["yellow", "gold", "olive"],
            Family::Green => &["green", "lime"],
            Family::Cyan => &["cyan", "teal", "turquoise", "aqua", "light blue", "blue"],
            Family::Blue => &["blue", "navy"],
            Family::Purple => &["purple", "violet", "lavender", "lilac", "magenta"],
            Family::Pink => &["pink", "magenta", "purple", "rose"],
        }
    }

    /// The family of a `#RRGGBB` colour.
    pub(super) fn of(colour: &str) -> Option<Family> {
        let hex = colour.strip_prefix('#')?;
        if hex.len() < 6 {
            return None;
        }
        let c = |i: usize| {
            u8::from_str_radix(&hex[i..i + 2], 16)
                .ok()
                .map(|v| f64::from(v) / 255.0)
        };
        let (r, g, b) = (c(0)?, c(2)?, c(4)?);
        let max = r.max(g).max(b);
        let min = r.min(g).min(b);
        let l = (max + min) / 2.0;
        let d = max - min;
        if l < 0.15 {
            return Some(Family::Black);
        }
        if l > 0.93 && d < 0.1 {
            return Some(Family::White);
        }
        let s = if d == 0.0 {
            0.0
        } else {
            d / (1.0 - (2.0 * l - 1.0).abs())
        };
        if s < 0.15 || d < 0.08 {
            return Some(Family::Grey);
        }
        let h = if max == r {
            60.0 * (((g - b) / d).rem_euclid(6.0))
        } else if max == g {
            60.0 * ((b - r) / d + 2.0)
        } else {
            60.0 * ((r - g) / d + 4.0)
        };
        Some(match h {
            h if !(15.0..345.0).contains(&h) => Family::Red,
            h if h < 45.0 => Family::Orange,
            h if h < 70.0 => Family::Yellow,
            h if h < 165.0 => Family::Green,
            h if h < 200.0 => Family::Cyan,
            h if h < 255.0 => Family::Blue,
            h if h < 290.0 => Family::Purple,
            _ => Family::Pink,
        })
    }
}

/// The settlements a user gives (`--assume green=whispers,#ff0000=renban`):
/// colour names or `#RRGGBB` colours to kinds of line, at most
/// [`Assume::MAX`] of them (a small copyable value, so that it travels in
/// the reader's [`Limits`](crate::format::Limits)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Assume {
    pairs: [Option<(Colour, LineKind)>; Assume::MAX],
}

/// A colour a settlement names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Colour {
    Hex(u32),
    /// A colour's name, as [`Family::words`] spells it.
    Word(&'static str),
}

impl Assume {
    /// The most settlements one reading takes.
    pub const MAX: usize = 8;

    /// Reads `colour=kind` pairs separated by commas: a colour is `#RRGGBB`
    /// or a name (green, purple, …); a kind one of thermometer, whispers,
    /// renban, palindrome, between, regionsum, entropic, modular, zipper,
    /// nabner, lockout, doublearrow, cosmetic.
    ///
    /// # Errors
    /// A pair without `=`, a colour or kind that is not one, more than
    /// [`Assume::MAX`] pairs.
    pub fn parse(text: &str) -> Result<Assume, String> {
        let mut out = Assume::default();
        for (i, part) in text
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .enumerate()
        {
            let (colour, kind) = part
                .split_once('=')
                .ok_or_else(|| format!("`{part}` is not COLOUR=KIND (e.g. green=whispers)"))?;
            let kind = kind.parse::<LineKind>()?;
            let colour = colour.trim().to_ascii_lowercase();
            let key = if let Some(hex) = colour.strip_prefix('#') {
                let full = super::elements::colour(Some(&format!("#{hex}").into()));
                let v = full
                    .strip_prefix('#')
                    .filter(|h| h.len() == 6)
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .ok_or_else(|| format!("`{colour}` is not a #RRGGBB colour"))?;
                Colour::Hex(v)
            } else {
                let word = Family::ALL
                    .into_iter()
                    .flat_map(|f| f.words().iter().copied())
                    .find(|w| *w == colour)
                    .ok_or_else(|| {
                        format!("`{colour}` is not a colour (a name such as green, or #RRGGBB)")
                    })?;
                Colour::Word(word)
            };
            let slot = out
                .pairs
                .get_mut(i)
                .ok_or_else(|| format!("more than {} settlements", Assume::MAX))?;
            *slot = Some((key, kind));
        }
        Ok(out)
    }

    /// Whether no settlement is given.
    pub fn is_empty(&self) -> bool {
        self.pairs.iter().all(Option::is_none)
    }

    /// The kind the user gives lines of `colour` (`#RRGGBB`), by exact
    /// colour first, then by the family's name.
    pub(super) fn kind_of(&self, colour: &str) -> Option<LineKind> {
        let hex = colour
            .strip_prefix('#')
            .filter(|h| h.len() >= 6)
            .and_then(|h| u32::from_str_radix(&h[..6], 16).ok());
        let family = Family::of(colour);
        let pairs = self.pairs.iter().flatten();
        let exact = pairs
            .clone()
            .find(|(c, _)| hex.is_some_and(|h| *c == Colour::Hex(h)));
        let named = || {
            pairs
                .clone()
                .find(|(c, _)| matches!(c, Colour::Word(w) if family.is_some_and(|f| f.words().contains(w))))
        };
        exact.or_else(named).map(|(_, k)| *k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_name_kinds_and_globals() {
        let t = RulesText::new(
            "Normal sudoku rules apply. Along each thinner green line (German whispers), adjacent \
             digits must differ by 5 or more. Each bold pink line (renban) contains a set. \
             Cells a knight's move apart cannot contain the same digit.",
        );
        let named = t.named();
        assert!(named.contains(&Named::Line(LineKind::Whispers)));
        assert!(named.contains(&Named::Line(LineKind::Renban)));
        assert!(!named.contains(&Named::Cage));
        assert_eq!(t.globals(), [Global::AntiKnight]);
        assert_eq!(t.number_for(LineKind::Whispers, &[]), Some(5));
        assert_eq!(t.kinds_of(Family::Green), [LineKind::Whispers]);
        assert_eq!(t.kinds_of(Family::Pink), [LineKind::Renban]);
        let t = RulesText::new(
            "Digits in adjacent cells cannot be consecutive. Little killer clues give sums.",
        );
        assert_eq!(t.globals(), [Global::NonConsecutive]);
        assert_eq!(t.named(), [Named::LittleKiller]);
    }

    #[test]
    fn colours_have_families() {
        assert_eq!(Family::of("#67F067"), Some(Family::Green));
        assert_eq!(Family::of("#F067F0"), Some(Family::Pink));
        assert_eq!(Family::of("#2ECBFF"), Some(Family::Cyan));
        assert_eq!(Family::of("#CFCFCF"), Some(Family::Grey));
        assert_eq!(Family::of("#000000"), Some(Family::Black));
        assert_eq!(Family::of("#FF9A00"), Some(Family::Orange));
    }

    #[test]
    fn assumptions_name_colours_and_kinds() {
        let a = Assume::parse("green=whispers, #FF0000=renban").unwrap();
        assert_eq!(a.kind_of("#67F067"), Some(LineKind::Whispers));
        assert_eq!(a.kind_of("#FF0000"), Some(LineKind::Renban));
        assert_eq!(a.kind_of("#0000FF"), None);
        assert!(Assume::parse("green").unwrap_err().contains("COLOUR=KIND"));
        assert!(Assume::parse("green=wobble")
            .unwrap_err()
            .contains("not a kind"));
    }
}
