//! The DLX text reader: accepted syntax and every error kind.

use exact_cover::{solve, ParseError, ParseErrorKind, Problem};

fn err(text: &str) -> ParseError {
    Problem::parse(text).expect_err("should be rejected")
}

fn kind(text: &str) -> (usize, ParseErrorKind) {
    let e = err(text);
    // The byte reader agrees with the string reader.
    assert_eq!(Problem::parse_bytes(text.as_bytes()).unwrap_err(), e);
    // Display names the line.
    assert!(
        e.to_string().starts_with(&format!("line {}: ", e.line)),
        "{e}"
    );
    (e.line, e.kind)
}

#[test]
fn accepted_syntax() {
    let text = "\n  | comment\n\t\ta  b \t| x  long_name_over_8\r\n\n| another\n a long_name_over_8:red\nb   long_name_over_8:red x:red\n   |x\n";
    let p: Problem = text.parse().unwrap();
    assert_eq!(
        (p.num_primary(), p.num_secondary(), p.num_options()),
        (2, 2, 2)
    );
    assert_eq!(p.option_line(0), Some(6));
    assert_eq!(p.option_line(1), Some(7));
    assert_eq!(p.format_option(1), "b long_name_over_8:red x:red");
    assert_eq!(solve(&p, None).count, 1);
    // No secondary items, `|` at the end of the item line.
    let p = Problem::parse("a b |\na\nb\na b").unwrap();
    assert_eq!((p.num_primary(), p.num_secondary()), (2, 0));
    assert_eq!(solve(&p, None).count, 2);
    // Unicode names and colours.
    let p = Problem::parse("é | ü\né ü:ß\n").unwrap();
    assert_eq!(p.format_option(0), "é ü:ß");
    // Items but no options.
    let p = Problem::parse("a | b").unwrap();
    assert_eq!(solve(&p, None).count, 0);
}

/// Each text's error, as (line, kind).
fn check(cases: &[(&str, usize, ParseErrorKind)]) {
    for (text, line, want) in cases {
        assert_eq!(kind(text), (*line, want.clone()), "{text:?}");
    }
}

#[test]
fn missing_items() {
    check(&[
        ("", 1, ParseErrorKind::MissingItems),
        ("\n\n", 3, ParseErrorKind::MissingItems),
        ("| only a comment\n", 2, ParseErrorKind::MissingItems),
        ("| c\n   \n| c", 4, ParseErrorKind::MissingItems),
    ]);
}

#[test]
fn bad_item_line() {
    check(&[
        (
            "| c\na b:c | x\n",
            2,
            ParseErrorKind::InvalidName("b:c".into()),
        ),
        ("a b|c\n", 1, ParseErrorKind::InvalidName("b|c".into())),
        ("a | b | c\n", 1, ParseErrorKind::ExtraSeparator),
        ("\na b a\n", 2, ParseErrorKind::DuplicateItem("a".into())),
        ("a | x a\n", 1, ParseErrorKind::DuplicateItem("a".into())),
    ]);
}

#[test]
fn bad_options() {
    let head = "| test\na b | x y\n";
    let cases: [(&str, ParseErrorKind); 11] = [
        ("a z", ParseErrorKind::UnknownItem("z".into())),
        ("a x:1 z:1", ParseErrorKind::UnknownItem("z:1".into())),
        ("a |", ParseErrorKind::UnknownItem("|".into())),
        ("a b a", ParseErrorKind::RepeatedItem("a".into())),
        ("a x:1 x:1", ParseErrorKind::RepeatedItem("x".into())),
        ("a x x:2", ParseErrorKind::RepeatedItem("x".into())),
        ("a:1 b", ParseErrorKind::ColorOnPrimary("a:1".into())),
        ("x y:2", ParseErrorKind::NoPrimaryItem),
        ("a x:", ParseErrorKind::InvalidName("x:".into())),
        ("a :1", ParseErrorKind::InvalidName(":1".into())),
        ("a x:1:2", ParseErrorKind::InvalidName("x:1:2".into())),
    ];
    for (option, want) in cases {
        let text = format!("{head}a b\n\n{option}\nb\n");
        assert_eq!(kind(&text), (5, want), "{option}");
    }
}

#[test]
fn invalid_utf8() {
    let mut bytes = b"a b\na\n".to_vec();
    bytes.extend_from_slice(&[b'b', 0xff, b'\n', b'a', b'\n']);
    let e = Problem::parse_bytes(&bytes).unwrap_err();
    assert_eq!((e.line, e.kind), (3, ParseErrorKind::InvalidUtf8));
    let e = Problem::parse_bytes(&[0xc3]).unwrap_err();
    assert_eq!((e.line, e.kind), (1, ParseErrorKind::InvalidUtf8));
}

#[test]
fn error_messages() {
    let e = err("a b\na c\n");
    assert_eq!(e.to_string(), "line 2: unknown item `c`");
    let e = err("a | x\na:z\n");
    assert_eq!(
        e.to_string(),
        "line 2: primary item in `a:z` cannot have a colour"
    );
    let e: Box<dyn std::error::Error> = Box::new(err("a\nx"));
    assert!(e.to_string().contains("line 2"));
}

#[test]
fn long_lines_are_refused_by_line() {
    let long = format!("a b\n{}\n", "a ".repeat(exact_cover::DEFAULT_MAX_LINE));
    assert_eq!(
        Problem::parse(&long).unwrap_err(),
        ParseError {
            line: 2,
            kind: ParseErrorKind::LineTooLong {
                max: exact_cover::DEFAULT_MAX_LINE
            }
        }
    );
    assert_eq!(Problem::parse_bytes(long.as_bytes()).unwrap_err().line, 2);
    // `read` stops at the cap: an endless line is refused, not stored.
    let endless = std::io::Read::chain(&b"a b\n\na"[..], std::io::repeat(b' '));
    let e = Problem::read(std::io::BufReader::new(endless), 100)
        .unwrap()
        .unwrap_err();
    assert_eq!(e.line, 3);
    assert_eq!(e.kind, ParseErrorKind::LineTooLong { max: 100 });
    assert_eq!(
        e.to_string(),
        "line 3: line is too long (more than 100 bytes)"
    );
    // A line of exactly the cap is read, with or without a CR.
    for end in ["\n", "\r\n", ""] {
        let text = format!("a b\n{:<8}{end}", "a b");
        let p = Problem::read(text.as_bytes(), 8).unwrap().unwrap();
        assert_eq!(p.num_options(), 1, "{end:?}");
        let text = format!("a b\n{:<9}{end}", "a b");
        let e = Problem::read(text.as_bytes(), 8).unwrap().unwrap_err();
        assert_eq!(e.line, 2, "{end:?}");
    }
}
