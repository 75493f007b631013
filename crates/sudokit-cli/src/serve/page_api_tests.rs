//! What the page needs from the API beyond the CLI's answers: parse counts
//! solutions up to two (so a broken puzzle warns on load), a hint's
//! elimination steps and the explained path come as drawable cells and
//! candidates, walked from the candidates they start from.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use sudokit::format::Format;
use tower::ServiceExt;

use super::test_client::{defaults as app, ok as answered, solution_of};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The page's rule for taking a step: each placement fills its cell and
/// leaves its peers' candidates, then each elimination goes.
fn take(values: &mut [u8], cands: &mut [u64], highlight: &Value, n: usize) {
    let pairs = |key: &str| -> Vec<(usize, u8)> {
        highlight[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p[0].as_u64().unwrap() as usize,
                    p[1].as_u64().unwrap() as u8,
                )
            })
            .collect()
    };
    for (cell, d) in pairs("placements") {
        assert!(
            cands[cell] >> (d - 1) & 1 == 1,
            "r{}c{} can hold {d}",
            cell / n + 1,
            cell % n + 1
        );
        values[cell] = d;
        cands[cell] = 0;
        let (r, c) = (cell / n, cell % n);
        for (other, mask) in cands.iter_mut().enumerate() {
            let (r2, c2) = (other / n, other % n);
            if r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3) {
                *mask &= !(1 << (d - 1));
            }
        }
    }
    for (cell, d) in pairs("eliminations") {
        assert!(
            cands[cell] >> (d - 1) & 1 == 1,
            "an elimination removes a candidate there"
        );
        cands[cell] &= !(1 << (d - 1));
    }
}

fn masks(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

#[tokio::test]
async fn parse_counts_solutions_up_to_two() {
    let app = app();
    let one = answered(&app, "/api/parse", json!({ "puzzle": PUZZLE })).await;
    assert_eq!(one["solutions"], json!(1));
    assert_eq!(one["board"]["size"], json!(9));
    // Drop givens until there are several solutions.
    let few = format!("{}{}", &PUZZLE[..40], ".".repeat(41));
    let many = answered(&app, "/api/parse", json!({ "puzzle": few })).await;
    assert_eq!(many["solutions"], json!(2));
    // No clash among the givens, yet r1c2 can hold nothing: 1-8 in its row,
    // 9 in its column.
    let none = "1.2345678.9......................................................................";
    let zero = answered(&app, "/api/parse", json!({ "puzzle": none })).await;
    assert_eq!(zero["solutions"], json!(0));
    // Givens that clash: no solution either, and still a board to show.
    let clash = format!("44{}", ".".repeat(79));
    let clash = answered(&app, "/api/parse", json!({ "puzzle": clash })).await;
    assert_eq!(clash["solutions"], json!(0));
    assert_eq!(clash["board"]["givens"][1], json!(4));
}

fn givens(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect()
}

#[tokio::test]
async fn a_hint_draws_the_eliminations_it_rests_on() {
    let app = app();
    let n = 9;
    // Play the path's placements up to its first step that only
    // eliminates: the next placement needs eliminations first.
    let path = answered(&app, "/api/explain", json!({ "puzzle": PUZZLE })).await;
    let mut values = givens(PUZZLE);
    let mut cands = masks(&path["candidates"]);
    for highlight in path["highlights"].as_array().unwrap() {
        if highlight["placements"].as_array().unwrap().is_empty() {
            break;
        }
        take(&mut values, &mut cands, highlight, n);
    }
    let answer = answered(
        &app,
        "/api/hint",
        json!({ "puzzle": PUZZLE, "values": values }),
    )
    .await;
    assert_eq!(answer["verdict"], json!("step"), "{answer}");
    let before = answer["before"].as_array().unwrap();
    let drawn = answer["before_highlights"].as_array().unwrap();
    assert!(before.len() >= 2, "eliminations come first here: {answer}");
    assert_eq!(before.len(), drawn.len());
    for (step, highlight) in before.iter().zip(drawn) {
        assert_eq!(
            step["eliminations"].as_array().unwrap().len(),
            highlight["eliminations"].as_array().unwrap().len(),
            "{step}"
        );
        assert!(highlight["placements"].as_array().unwrap().is_empty());
        assert!(!highlight["cells"].as_array().unwrap().is_empty());
    }
    // Walked from the candidates given (the player's position's), each
    // elimination removes one that is there, and the hint places the
    // solution's digit.
    let solution = solution_of(PUZZLE, Format::Line);
    let mut cands = masks(&answer["candidates"]);
    assert_eq!(cands.len(), n * n);
    for highlight in drawn {
        take(&mut values, &mut cands, highlight, n);
    }
    take(&mut values, &mut cands, &answer["highlight"], n);
    let placed = answer["highlight"]["placements"].as_array().unwrap();
    assert!(!placed.is_empty());
    for p in placed {
        let cell = p[0].as_u64().unwrap() as usize;
        assert_eq!(values[cell], solution[cell]);
    }
}

#[tokio::test]
async fn the_explained_path_walks_to_the_solution() {
    let app = app();
    let answer = answered(&app, "/api/explain", json!({ "puzzle": PUZZLE })).await;
    let steps = answer["steps"].as_array().unwrap();
    let highlights = answer["highlights"].as_array().unwrap();
    assert_eq!(steps.len(), highlights.len());
    let n = 9;
    let mut values = givens(PUZZLE);
    let mut cands = masks(&answer["candidates"]);
    for highlight in highlights {
        take(&mut values, &mut cands, highlight, n);
    }
    assert_eq!(
        values,
        solution_of(PUZZLE, Format::Line),
        "the path ends at the solution"
    );
}

#[tokio::test]
async fn a_line_that_is_no_puzzle_says_what_a_line_puzzle_is() {
    let app = app();
    for (text, says) in [
        (
            "this is no puzzle",
            "one line of 17 characters, not a square number",
        ),
        ("123", "one line of 3 characters"),
    ] {
        let request = Request::builder()
            .method("POST")
            .uri("/api/parse")
            .body(Body::from(json!({ "puzzle": text }).to_string()))
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        let message = value["error"].as_str().unwrap();
        assert!(message.starts_with("puzzle:1: not a puzzle"), "{message}");
        assert!(message.contains(says), "{message}");
        assert!(message.contains("81 for a 9x9"), "{message}");
    }
}
