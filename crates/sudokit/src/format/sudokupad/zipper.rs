//! SudokuPad's "zipped" JSON: the puzzle's JSON with short key names, keys
//! unquoted, `'` for `"`, `t`/`f` for booleans, empty objects and arrays
//! dropped and colours shortened. SudokuPad undoes it with a fixed sequence
//! of text substitutions before `JSON.parse`; [`unzip`] applies the same
//! substitutions in the same order (each one a scan with the leftmost,
//! non-overlapping matches of the regular expression it stands for), so a
//! payload reads here exactly as SudokuPad reads it, quirks included (the
//! substitutions also apply inside strings). [`zip`] writes what [`unzip`]
//! and SudokuPad read back to the same JSON.

use serde_json::{Map, Value};

/// Long key names and their short forms, as SudokuPad maps them.
const KEYS: [(&str, &str); 24] = [
    ("color", "c"),
    ("cages", "ca"),
    ("center", "ct"),
    ("borderColor", "c1"),
    ("backgroundColor", "c2"),
    ("cells", "ce"),
    ("cellSize", "cs"),
    ("arrows", "a"),
    ("overlays", "o"),
    ("underlays", "u"),
    ("width", "w"),
    ("height", "h"),
    ("value", "v"),
    ("videos", "vd"),
    ("lines", "l"),
    ("rounded", "r"),
    ("regions", "re"),
    ("fontSize", "fs"),
    ("thickness", "th"),
    ("headLength", "hl"),
    ("wayPoints", "wp"),
    ("title", "t"),
    ("text", "te"),
    ("duration", "d"),
];

/// The JSON a zipped text stands for.
///
/// # Errors
/// When the text, unzipped, is not JSON, or an object has a key both in its
/// short and its long form (SudokuPad refuses those too).
pub fn unzip(zipped: &str) -> Result<Value, String> {
    let text = unzip_quotes(zipped);
    let text = quote_keys(&text);
    let text = mark_empty(&text);
    let text = text.replace("{_}", "{}");
    let text = fill_empty(&text);
    let text = replace_value(&text, "f", "false");
    let text = replace_value(&text, "t", "true");
    let text = replace_value(&text, "#0", "\"#000000\"");
    let text = replace_value(&text, "#F", "\"#FFFFFF\"");
    let text = quote_colours(&text);
    let mut json: Value = serde_json::from_str(&text)
        .map_err(|e| format!("a SudokuPad puzzle that is not zipped JSON ({e})"))?;
    rename(&mut json, &|k| {
        KEYS.iter().find(|(_, s)| *s == k).map(|(l, _)| *l)
    })?;
    map_strings(&mut json, &mut |s| {
        if s.len() == 6 && s.bytes().all(|b| b.is_ascii_hexdigit()) {
            *s = format!("#{s}");
        }
    });
    Ok(json)
}

/// `json` zipped as SudokuPad zips it: [`unzip`] (and SudokuPad's own)
/// gives `json` back, but for empty arrays (dropped), strings that are
/// whole numbers (numbers) and bare six-digit hex strings (colours).
pub fn zip(json: &Value) -> String {
    let mut json = json.clone();
    drop_empty_arrays(&mut json);
    // Renaming never collides on JSON this crate writes (no object has both
    // forms of a key); SudokuPad would refuse such an object anyway.
    let _ = rename(&mut json, &|k| {
        KEYS.iter().find(|(l, _)| *l == k).map(|(_, s)| *s)
    });
    map_values(&mut json);
    let text = json.to_string();
    let text = unquote_keys(&text);
    let text = drop_empty_objects(&text);
    let text = replace_value(&text, "false", "f");
    let text = replace_value(&text, "true", "t");
    let text = replace_value(&text, "\"#000000\"", "#0");
    let text = replace_value(&text, "\"#FFFFFF\"", "#F");
    let text = unquote_colours(&text);
    text.replace('\'', "\\'").replace('"', "'")
}

fn opens(b: u8) -> bool {
    matches!(b, b',' | b'{' | b'[')
}

fn closes(b: u8) -> bool {
    matches!(b, b',' | b'}' | b']')
}

/// `'` back to `"` unless the text has a `"` already; `\'` stands for `'`.
fn unzip_quotes(text: &str) -> String {
    if text.contains('"') {
        return text.to_owned();
    }
    // SudokuPad swaps `\'` through `’`, so a `’` of the text also ends as `'`.
    text.replace("\\'", "\u{2019}")
        .replace('\'', "\"")
        .replace('\u{2019}', "'")
}

/// Rewrites `text` left to right, as a global regular-expression
/// replacement does: where `at` matches at a position (it gets the bytes
/// and the position) it gives how many bytes the match takes and what
/// replaces them, and the scan goes on after the match. Every match starts
/// at an ASCII byte, so the cuts fall between characters.
fn scan(text: &str, at: impl Fn(&[u8], usize) -> Option<(usize, String)>) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        match at(b, i) {
            Some((len, with)) => {
                out.push_str(&text[copied..i]);
                out.push_str(&with);
                i += len;
                copied = i;
            }
            None => i += 1,
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// `([,{[])([a-zA-Z0-9]+):` → `$1"$2":`.
fn quote_keys(text: &str) -> String {
    scan(text, |b, i| {
        let run = b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric())
            .count();
        let end = i + 1 + run;
        (opens(b[i]) && run > 0 && b.get(end) == Some(&b':')).then(|| {
            (
                end + 1 - i,
                format!("{}\"{}\":", b[i] as char, ascii(&b[i + 1..end])),
            )
        })
    })
}

/// `([,{[])(?=[,}\]])` → `$1_`: a placeholder where an empty object was.
fn mark_empty(text: &str) -> String {
    scan(text, |b, i| {
        (opens(b[i]) && b.get(i + 1).is_some_and(|&c| closes(c)))
            .then(|| (1, format!("{}_", b[i] as char)))
    })
}

/// `([,{[])_` → `$1{}`.
fn fill_empty(text: &str) -> String {
    scan(text, |b, i| {
        (opens(b[i]) && b.get(i + 1) == Some(&b'_')).then(|| (2, format!("{}{{}}", b[i] as char)))
    })
}

/// `(:)short([,}\]])` → `$1long$2`.
fn replace_value(text: &str, short: &str, long: &str) -> String {
    let s = short.as_bytes();
    scan(text, |b, i| {
        let end = i + 1 + s.len();
        (b[i] == b':' && b[i + 1..].starts_with(s) && b.get(end).is_some_and(|&c| closes(c)))
            .then(|| (end + 1 - i, format!(":{long}{}", b[end] as char)))
    })
}

/// `(:)([0-9a-fA-F]{6})([,}\]])` → `$1"#$2"$3`.
fn quote_colours(text: &str) -> String {
    scan(text, |b, i| {
        let end = i + 7;
        let hex = b
            .get(i + 1..end)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        (b[i] == b':' && hex && b.get(end).is_some_and(|&c| closes(c))).then(|| {
            (
                end + 1 - i,
                format!(":\"#{}\"{}", ascii(&b[i + 1..end]), b[end] as char),
            )
        })
    })
}

/// ASCII bytes as text.
fn ascii(b: &[u8]) -> String {
    b.iter().map(|&c| c as char).collect()
}

/// Renames the keys `map` names, at every depth.
///
/// # Errors
/// An object holding a key in both forms.
fn rename(json: &mut Value, map: &dyn Fn(&str) -> Option<&'static str>) -> Result<(), String> {
    match json {
        Value::Array(items) => items.iter_mut().try_for_each(|v| rename(v, map)),
        Value::Object(obj) => {
            let old = std::mem::take(obj);
            let mut renamed = Map::new();
            let keys: Vec<&String> = old.keys().collect();
            for key in &keys {
                if let Some(to) = map(key) {
                    if keys.iter().any(|k| *k == to) {
                        return Err(format!("a SudokuPad object has both `{key}` and `{to}`"));
                    }
                }
            }
            for (key, mut v) in old {
                rename(&mut v, map)?;
                let key = map(&key).map_or(key, str::to_owned);
                renamed.insert(key, v);
            }
            *obj = renamed;
            Ok(())
        }
        _ => Ok(()),
    }
}

fn map_strings(json: &mut Value, f: &mut dyn FnMut(&mut String)) {
    match json {
        Value::Array(items) => items.iter_mut().for_each(|v| map_strings(v, f)),
        Value::Object(obj) => obj.values_mut().for_each(|v| map_strings(v, f)),
        Value::String(s) => f(s),
        _ => {}
    }
}

/// Strings that are whole numbers (as JavaScript writes them) become
/// numbers, as SudokuPad's zipper makes them.
fn map_values(json: &mut Value) {
    match json {
        Value::Array(items) => items.iter_mut().for_each(map_values),
        Value::Object(obj) => obj.values_mut().for_each(map_values),
        Value::String(s) => {
            if let Ok(n) = s.parse::<i64>() {
                if n.to_string() == *s && n.unsigned_abs() < 1 << 53 {
                    *json = Value::from(n);
                }
            }
        }
        _ => {}
    }
}

fn drop_empty_arrays(json: &mut Value) {
    match json {
        Value::Array(items) => items.iter_mut().for_each(drop_empty_arrays),
        Value::Object(obj) => {
            obj.values_mut().for_each(drop_empty_arrays);
            obj.retain(|_, v| !v.as_array().is_some_and(Vec::is_empty));
        }
        _ => {}
    }
}

/// `([,{[])"([a-zA-Z0-9]+)":` → `$1$2:`.
fn unquote_keys(text: &str) -> String {
    scan(text, |b, i| {
        let run = b.get(i + 2..).map_or(0, |r| {
            r.iter().take_while(|c| c.is_ascii_alphanumeric()).count()
        });
        let end = i + 2 + run;
        let key = opens(b[i]) && b.get(i + 1) == Some(&b'"') && run > 0;
        (key && b.get(end) == Some(&b'"') && b.get(end + 1) == Some(&b':')).then(|| {
            (
                end + 2 - i,
                format!("{}{}:", b[i] as char, ascii(&b[i + 2..end])),
            )
        })
    })
}

/// `([,{[]){}(?=[,}\]])` → `$1`.
fn drop_empty_objects(text: &str) -> String {
    scan(text, |b, i| {
        let empty = b[i + 1..].starts_with(b"{}") && b.get(i + 3).is_some_and(|&c| closes(c));
        (opens(b[i]) && empty).then(|| (3, (b[i] as char).to_string()))
    })
}

/// `(:)"#([0-9a-fA-F]{6})"([,}\]])` → `$1$2$3`.
fn unquote_colours(text: &str) -> String {
    scan(text, |b, i| {
        let end = i + 10;
        let colour = b.get(i + 1..end).is_some_and(|c| {
            c[0] == b'"'
                && c[1] == b'#'
                && c[8] == b'"'
                && c[2..8].iter().all(u8::is_ascii_hexdigit)
        });
        (b[i] == b':' && colour && b.get(end).is_some_and(|&c| closes(c))).then(|| {
            (
                end + 1 - i,
                format!(":{}{}", ascii(&b[i + 3..end - 1]), b[end] as char),
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unzip_reads_what_sudokupad_writes() {
        // SudokuPad's zip of a small puzzle (written by its PuzzleZipper.zip).
        let zipped = "{ce:[[{v:9},,],[,{},]],ca:[{ce:[[0,0],[0,1]],v:'15',unique:t}],\
                      l:[{wp:[[0.5,0.5],[1.5,1.5]],c:67F067,th:9.6}],o:[{ct:[1,1],c2:#F,c1:#0,r:f,te:'it\\'s'}]}";
        let json = unzip(zipped).unwrap();
        assert_eq!(
            json,
            json!({
                "cells": [[{"value": 9}, {}, {}], [{}, {}, {}]],
                "cages": [{"cells": [[0, 0], [0, 1]], "value": "15", "unique": true}],
                "lines": [{"wayPoints": [[0.5, 0.5], [1.5, 1.5]], "color": "#67F067", "thickness": 9.6}],
                "overlays": [{"center": [1, 1], "backgroundColor": "#FFFFFF", "borderColor": "#000000",
                              "rounded": false, "text": "it's"}],
            })
        );
    }

    #[test]
    fn zip_and_unzip_agree() {
        let puzzle = json!({
            "id": "x",
            "cellSize": 50,
            "cells": [[{"value": 5}, {}], [{}, {"centremarks": [1, 2]}]],
            "regions": [[[0, 0], [0, 1]], [[1, 0], [1, 1]]],
            "cages": [{"value": "title: It's \"done\", (ok): yes"}],
            "lines": [{"color": "#000000", "thickness": 2, "wayPoints": [[0, 0], [2, 2]]}],
            "overlays": [{"backgroundColor": "#FFFFFF", "rounded": true, "text": "X"}],
            "underlays": [],
        });
        let zipped = zip(&puzzle);
        assert!(!zipped.contains('"'), "{zipped}");
        let back = unzip(&zipped).unwrap();
        let mut expected = puzzle.clone();
        expected.as_object_mut().unwrap().remove("underlays");
        // A `"` in a string comes back as `'` (SudokuPad's quoting), and
        // `,(ok):` inside the text is read as a key: the text changes as
        // SudokuPad's own reading changes it.
        expected["cages"][0]["value"] = json!("title: It's 'done', (ok): yes");
        assert_eq!(back, expected);
    }

    #[test]
    fn unzip_is_sudokupads_text_substitution() {
        // The substitutions apply inside strings, as in SudokuPad.
        assert_eq!(quote_keys("{a:1,'x,b:2'}"), "{\"a\":1,'x,\"b\":2'}");
        assert_eq!(mark_empty("[,,]"), "[_,_,_]");
        assert_eq!(fill_empty("[_,_,_]"), "[{},{},{}]");
        assert_eq!(
            replace_value("{\"a\":f,\"b\":f}", "f", "false"),
            "{\"a\":false,\"b\":false}"
        );
        assert_eq!(quote_colours("{\"c\":abcdef}"), "{\"c\":\"#abcdef\"}");
        assert!(unzip("{c:1,color:2}").unwrap_err().contains("both"));
        assert!(unzip("{ce:[").is_err());
    }
}
