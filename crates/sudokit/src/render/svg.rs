//! Text of an SVG document: numbers written short, escaped text, and the
//! colours the grid drawing and the constraint drawing share.

use std::fmt;

/// The shading of an extra house (and of an extra region drawn as one).
pub(super) const EXTRA_HOUSE: &str = "#efe3ff";

/// A number rounded to 0.01 and written without trailing zeros, so output
/// is short and the same on every platform.
pub(super) struct N(pub(super) f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = (self.0 * 100.0).round() / 100.0;
        // `-0` would print as such.
        if r == 0.0 || !r.is_finite() {
            f.write_str("0")
        } else {
            write!(f, "{r}")
        }
    }
}

/// Text safe inside an element or a double-quoted attribute.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}
