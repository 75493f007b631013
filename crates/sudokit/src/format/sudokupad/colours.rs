//! Colour families as rules texts name them ("green lines", "a grey
//! thermometer"), from a colour's hue, lightness and saturation.

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
    pub(super) const ALL: [Family; 11] = [
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_have_families() {
        assert_eq!(Family::of("#67F067"), Some(Family::Green));
        assert_eq!(Family::of("#F067F0"), Some(Family::Pink));
        assert_eq!(Family::of("#2ECBFF"), Some(Family::Cyan));
        assert_eq!(Family::of("#CFCFCF"), Some(Family::Grey));
        assert_eq!(Family::of("#000000"), Some(Family::Black));
        assert_eq!(Family::of("#FF9A00"), Some(Family::Orange));
    }
}
