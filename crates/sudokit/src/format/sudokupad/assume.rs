//! The settlements a user gives (`--assume green=whispers`) for SudokuPad
//! lines the rules text does not explain.

use super::colours::Family;
use super::kinds::LineKind;

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
                let full = super::elements::normalise(&format!("#{hex}"));
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
