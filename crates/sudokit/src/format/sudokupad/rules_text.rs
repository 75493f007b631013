//! What a SudokuPad puzzle's rules text says: which rules it names (each
//! rule kind by the words setters use for it), the colours it gives its
//! lines ("green lines are German whispers"), its numbers ("differ by at
//! least 4") and its global rules.

use super::colours::Family;
use super::kinds::{LineKind, Named};

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
        // "Anti-knight", or "a knight's move apart cannot …"; kings alike.
        let anti = |piece: &str| {
            any(&|s| {
                ["anti-", "anti", "anti "]
                    .iter()
                    .any(|a| s.contains(&format!("{a}{piece}")))
                    || (s.contains(&format!("{piece}'s move"))
                        && ["cannot", "must not", "different"]
                            .iter()
                            .any(|w| s.contains(w)))
            })
        };
        if anti("knight") {
            out.push(Global::AntiKnight);
        }
        if anti("king") {
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
}
