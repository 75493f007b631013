//! lz-string's base64 codec (`compressToBase64` / `decompressFromBase64`),
//! which f-puzzles and SudokuPad both use for the puzzles in their links, and
//! the small URL helpers their link readers share.

/// lz-string's `compressToBase64` of `text` (`=`-padded; SudokuPad's
/// decompressor reads the padding as the zero bits it stands for).
pub fn compress(text: &str) -> String {
    lz_str::compress_to_base64(text)
}

/// Whether `b` can appear in lz-string's base64 (with `=` padding).
pub fn is_lz_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')
}

/// Decompresses an lz-string base64 text (a space stands for a `+` that a
/// URL decoder turned into one).
///
/// # Errors
/// When the text is not lz-string base64 of some text.
pub fn decompress(lz: &str) -> Result<String, String> {
    decompress_within(lz, MAX_TEXT)
}

/// [`decompress`], refusing a text longer than `cap` UTF-16 units.
///
/// # Errors
/// As [`decompress`].
pub(crate) fn decompress_within(lz: &str, cap: usize) -> Result<String, String> {
    let lz: String = lz.trim().replace(' ', "+");
    if lz.is_empty() {
        return Err("empty puzzle".to_owned());
    }
    if let Some(c) = lz.chars().find(|&c| !c.is_ascii() || !is_lz_byte(c as u8)) {
        return Err(format!(
            "not an f-puzzles link, lz-string or JSON: {c:?} cannot appear in an lz-string"
        ));
    }
    let bad = || "bad lz-string: it does not decompress (cut or changed?)".to_owned();
    let wide = inflate(lz.as_bytes(), cap).ok_or_else(bad)?;
    let json = String::from_utf16(&wide).map_err(|_| bad())?;
    if json.is_empty() {
        return Err(bad());
    }
    Ok(json)
}

/// The most UTF-16 units a decompressed puzzle may have (16 Mi: a puzzle's
/// JSON is a few KiB to a few hundred). lz-string output can grow with the
/// square of its input, so the cap keeps a crafted line from taking
/// gigabytes.
pub const MAX_TEXT: usize = 16 << 20;

/// lz-string's `decompressFromBase64` of `b64`, or `None` when it is not
/// the base64 of an lz-string stream or its text would pass `cap` units.
///
/// The dictionary keeps each phrase as (earlier phrase, last unit), so it
/// grows with the input, not the output (`lz-str` copies phrases, which a
/// crafted input makes quadratic).
fn inflate(b64: &[u8], cap: usize) -> Option<Vec<u16>> {
    const KEY: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    // Six bits a character, least significant bit of each code first as
    // lz-string reads them; the padding `=` reads as zero bits, and reading
    // past the end fails (lz-string's decompressor then gives up too).
    let mut chars = b64.iter();
    let mut word = 0u32;
    let mut left = 0u32;
    let mut read = move |bits: u32| -> Option<u32> {
        let mut out = 0;
        for i in 0..bits {
            if left == 0 {
                let b = chars.next()?;
                word = KEY.iter().position(|k| k == b)? as u32 & 63;
                left = 6;
            }
            left -= 1;
            out |= ((word >> left) & 1) << i;
        }
        Some(out)
    };
    // Phrases: (previous phrase or none, last unit); codes 0-2 are reserved.
    let mut phrases: Vec<(Option<u32>, u16)> = vec![(None, 0); 3];
    let mut out: Vec<u16> = Vec::new();
    let spell = |phrases: &[(Option<u32>, u16)], mut code: u32, buf: &mut Vec<u16>| {
        let start = buf.len();
        loop {
            let (prev, unit) = phrases[code as usize];
            buf.push(unit);
            match prev {
                Some(p) => code = p,
                None => break,
            }
        }
        buf[start..].reverse();
    };
    let literal = |kind: u32, read: &mut dyn FnMut(u32) -> Option<u32>| -> Option<Option<u16>> {
        match kind {
            0 => Some(Some(read(8)? as u16)),
            1 => Some(Some(read(16)? as u16)),
            2 => Some(None),
            _ => None,
        }
    };
    let first = literal(read(2)?, &mut read)??;
    phrases.push((None, first));
    let mut w = 3u32;
    out.push(first);
    let mut bits = 3u32;
    let mut enlarge = 4u64;
    let mut entry = Vec::new();
    loop {
        let mut code = read(bits)?;
        if code <= 2 {
            let Some(unit) = literal(code, &mut read)? else {
                return Some(out);
            };
            phrases.push((None, unit));
            code = phrases.len() as u32 - 1;
            enlarge -= 1;
            if enlarge == 0 {
                enlarge = 1 << bits;
                bits += 1;
            }
        }
        entry.clear();
        if (code as usize) < phrases.len() {
            spell(&phrases, code, &mut entry);
        } else if code as usize == phrases.len() {
            spell(&phrases, w, &mut entry);
            entry.push(entry[0]);
        } else {
            return None;
        }
        if out.len() + entry.len() > cap || bits > 32 {
            return None;
        }
        out.extend_from_slice(&entry);
        phrases.push((Some(w), entry[0]));
        w = code;
        enlarge -= 1;
        if enlarge == 0 {
            enlarge = 1 << bits;
            bits += 1;
        }
    }
}

/// The value of query parameter `name` in a URL's path-and-query `tail`.
pub(crate) fn query_param<'a>(tail: &'a str, name: &str) -> Option<&'a str> {
    let query = &tail[tail.find('?')? + 1..];
    let query = &query[..query.find('#').unwrap_or(query.len())];
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == name).then_some(value)
    })
}

/// `%XX` escapes decoded (an invalid escape is kept as written).
pub(crate) fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_escapes_are_decoded() {
        assert_eq!(percent_decode("N4Ig%2Bab%2F%3D"), "N4Ig+ab/=");
        assert_eq!(percent_decode("a%2"), "a%2");
        assert_eq!(percent_decode("a%zz%"), "a%zz%");
    }

    proptest::proptest! {
        /// The capped decompressor gives what `lz-str` gives, on streams
        /// lz-string writes (any text, long repeats included) and on
        /// damaged ones.
        #[test]
        fn inflate_agrees_with_lz_str(
            text in "(\\PC|aaaa|\\{\"size\":9,){0,300}",
            cut in 0usize..64,
            flip in proptest::option::of((0usize..4096, 0u8..64)),
        ) {
            // The empty text compresses to nothing, which is refused.
            proptest::prop_assume!(!text.is_empty());
            let lz = lz_str::compress_to_base64(text.as_str());
            let expected: Vec<u16> = text.encode_utf16().collect();
            proptest::prop_assert_eq!(inflate(lz.as_bytes(), MAX_TEXT), Some(expected));
            let mut damaged = lz.into_bytes();
            damaged.truncate(damaged.len().saturating_sub(cut));
            if let Some((at, v)) = flip {
                if !damaged.is_empty() {
                    let at = at % damaged.len();
                    damaged[at] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"[v as usize];
                }
            }
            let ours = inflate(&damaged, MAX_TEXT);
            let theirs = lz_str::decompress_from_base64(std::str::from_utf8(&damaged).unwrap());
            // Where both read a damaged stream, they read the same (lz-str
            // gives an empty text where the stream ends early, refused here;
            // it also refuses a complete stream cut after its last code).
            let theirs = theirs.filter(|t| !t.is_empty());
            if let (Some(a), Some(b)) = (&ours, &theirs) {
                proptest::prop_assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn a_stream_growing_past_the_cap_is_refused() {
        let long = "a".repeat(100_000);
        let lz = lz_str::compress_to_base64(long.as_str());
        assert!(lz.len() < 2000, "{}", lz.len());
        assert_eq!(
            inflate(lz.as_bytes(), 200_000).map(|t| t.len()),
            Some(100_000)
        );
        assert_eq!(inflate(lz.as_bytes(), 50_000), None);
    }

    #[test]
    fn compress_and_decompress_agree_with_lz_string() {
        // lz-string's own compressToBase64 of `{"size":4}`, made with the
        // JavaScript library's algorithm (Python port `lzstring`).
        let lz = compress(r#"{"size":4}"#);
        assert_eq!(decompress(&lz).unwrap(), r#"{"size":4}"#);
        assert_eq!(lz, "N4IgzglgXgpiBcAWAvkA");
        assert!(decompress("N4Ig!").unwrap_err().contains("cannot appear"));
        assert!(decompress("AAAA").unwrap_err().contains("bad lz-string"));
    }
}
