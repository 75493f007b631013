//! The API on variant puzzles (f-puzzles JSON and links): the constraint
//! layer `parse` answers for the page, `solve` and `count` with the
//! constraints, `hint` that keeps them when it rebuilds the puzzle from the
//! player's digits (played to the end), `check` through the validator,
//! `candidates`, and 400s in JSON for bad variant input.

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};
use sudokit::format::{self, Format};

use super::test_client::{defaults as app, ok, post, solution_of};
use super::{router, Limits};

const KILLER: &str = include_str!("../../tests/browser/variants/killer.json");
const SANDWICH: &str = include_str!("../../tests/browser/variants/sandwich.json");
const THERMO: &str = include_str!("../../tests/browser/variants/thermo.json");
const KROPKI: &str = include_str!("../../tests/browser/variants/kropki.json");
const JIGSAW: &str = include_str!("../../tests/browser/variants/jigsaw.json");

fn givens_of(text: &str) -> Vec<u8> {
    format::read(Format::Fpuzzles, text.as_bytes())
        .next()
        .unwrap()
        .unwrap()
        .puzzle
        .givens()
        .to_values()
}

#[tokio::test]
async fn parse_answers_the_constraint_layer_drawn_by_the_render_module() {
    let app = app();
    let board = &ok(&app, "/api/parse", json!({ "puzzle": KILLER })).await["board"];
    assert_eq!(board["format"], "fpuzzles");
    assert_eq!(board["constraints"], json!(["killercage"]));
    let overlay = &board["overlay"];
    let svg = overlay["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("viewBox=\"0 0 312 312\""),
        "{svg}"
    );
    assert!(svg.contains("class=\"killer-cage\"") && svg.contains("class=\"cage-total\""));
    // No cells, digits or borders: the page draws those.
    assert!(!svg.contains("region-border") && !svg.contains("class=\"given\""));
    assert_eq!(overlay["pads"], json!([0, 0, 0, 0]));
    assert!(!overlay["total_cells"].as_array().unwrap().is_empty());
    // The text the page sends back is one line (a link), readable again.
    let text = board["text"].as_str().unwrap();
    assert!(text.starts_with("https://www.f-puzzles.com/?load=") && !text.trim().contains('\n'));
    let again = &ok(&app, "/api/parse", json!({ "puzzle": text })).await["board"];
    assert_eq!(again["overlay"], board["overlay"]);
    // The text is the puzzle's own JSON: its title and setter stay with it.
    for b in [board, again] {
        assert_eq!(b["title"], "Killer cages");
        assert_eq!(b["author"], "sudokit tests");
        assert_eq!(b["rules"], Value::Null);
    }
    assert_eq!(again["givens"], board["givens"]);

    // Outside clues: the frame grows on the sides that carry them.
    let board = &ok(&app, "/api/parse", json!({ "puzzle": SANDWICH })).await["board"];
    let pads = board["overlay"]["pads"].as_array().unwrap();
    assert_eq!(pads[0], 1, "sandwich and little killer clues above");
    assert_eq!(pads[3], 1, "sandwich clues on the left");
    let svg = board["overlay"]["svg"].as_str().unwrap();
    assert!(svg.contains("viewBox=\"-52 -52 ") && svg.contains("class=\"sandwich\""));
    assert!(svg.contains("little-killer-arrow"));
    // A classic puzzle has no layer.
    let classic =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let board = &ok(&app, "/api/parse", json!({ "puzzle": classic })).await["board"];
    assert_eq!(board["overlay"], Value::Null);
    assert_eq!(board["constraints"], json!([]));
}

#[tokio::test]
async fn solve_and_count_keep_the_constraints() {
    let app = app();
    for text in [KILLER, THERMO, KROPKI, SANDWICH, JIGSAW] {
        let answer = ok(&app, "/api/solve", json!({ "puzzle": text })).await;
        assert_eq!(answer["verdict"], "unique");
        assert_eq!(answer["values"], json!(solution_of(text, Format::Fpuzzles)));
        let answer = ok(&app, "/api/count", json!({ "puzzle": text, "limit": 5 })).await;
        assert_eq!(answer["count"], 1, "{text}");
    }
    // Without its cages the killer's few givens have many solutions: the
    // count shows the constraints were read.
    let mut bare: Value = serde_json::from_str(KILLER).unwrap();
    bare.as_object_mut().unwrap().remove("killercage");
    let answer = ok(&app, "/api/count", json!({ "puzzle": bare.to_string() })).await;
    assert_eq!(answer["count"], 2);
}

/// Plays `text` to the end by hints alone, as the page does (apply the
/// hint's placements, ask again): every placement is the solution's digit,
/// every elimination spares it.
async fn play_by_hints(app: &Router, text: &str) -> usize {
    let solution = solution_of(text, Format::Fpuzzles);
    let mut values = givens_of(text);
    let mut hints = 0;
    loop {
        let answer = ok(
            app,
            "/api/hint",
            json!({ "puzzle": text, "values": values }),
        )
        .await;
        match answer["verdict"].as_str().unwrap() {
            "solved" => break,
            "step" => {}
            other => panic!("hint {hints}: {other}: {answer}"),
        }
        hints += 1;
        let highlights = std::iter::once(&answer["highlight"])
            .chain(answer["before_highlights"].as_array().unwrap());
        for h in highlights {
            for p in h["eliminations"].as_array().unwrap() {
                let (cell, d) = (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap());
                assert_ne!(
                    u64::from(solution[cell]),
                    d,
                    "hint {hints} eliminates the solution: {answer}"
                );
            }
        }
        let placements = answer["highlight"]["placements"].as_array().unwrap();
        assert!(!placements.is_empty(), "{answer}");
        for p in placements {
            let (cell, d) = (
                p[0].as_u64().unwrap() as usize,
                p[1].as_u64().unwrap() as u8,
            );
            assert_eq!(
                solution[cell], d,
                "hint {hints} places a wrong digit: {answer}"
            );
            values[cell] = d;
        }
        assert!(hints <= values.len(), "the hints do not end");
    }
    assert_eq!(values, solution);
    hints
}

#[tokio::test]
async fn hints_keep_the_constraints_and_finish_every_fixture() {
    let app = app();
    for text in [KILLER, THERMO, KROPKI, SANDWICH, JIGSAW] {
        let hints = play_by_hints(&app, text).await;
        assert!(hints > 0);
    }
}

#[tokio::test]
async fn explain_and_rate_give_a_variant_no_se_rating() {
    let app = app();
    let answer = ok(&app, "/api/explain", json!({ "puzzle": KILLER })).await;
    assert_eq!(answer["verdict"], "solved_path", "{answer}");
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(answer["text"], format!("Solved in {} steps", steps.len()));
    assert_eq!(answer["highlights"].as_array().unwrap().len(), steps.len());
    assert!(answer.get("rating").is_none());
    assert!(
        steps.iter().any(|s| s["technique"] == "Killer Cage"),
        "{answer}"
    );
    let answer = ok(&app, "/api/rate", json!({ "puzzle": KILLER })).await;
    // The card, as `sudokit rate --json` gives it; no SE rating.
    assert_eq!(answer["verdict"], "rated", "{answer}");
    assert!(answer.get("rating").is_none(), "{answer}");
    assert!(answer["card"]["band"].is_string(), "{answer}");
    assert!(answer["card"]["difficulty"].as_f64().unwrap() >= 1.0);
    assert_eq!(
        answer["text"].as_str().unwrap().split("  ").next(),
        answer["card"]["band"].as_str()
    );
}

#[tokio::test]
async fn check_passes_a_full_grid_through_the_validator() {
    let app = app();
    let solution = solution_of(KILLER, Format::Fpuzzles);
    let answer = ok(
        &app,
        "/api/check",
        json!({ "puzzle": KILLER, "values": solution }),
    )
    .await;
    assert_eq!(answer["verdict"], "solved", "{answer}");
    // A wrong digit in a partial grid: named by its cell.
    let givens = givens_of(KILLER);
    let empty = givens.iter().position(|&g| g == 0).unwrap();
    let mut values = givens.clone();
    values[empty] = solution[empty] % 6 + 1;
    let answer = ok(
        &app,
        "/api/check",
        json!({ "puzzle": KILLER, "values": values }),
    )
    .await;
    assert_eq!(answer["verdict"], "wrong");
    assert_eq!(answer["wrong"], json!([empty]));
    values[empty] = solution[empty];
    let answer = ok(
        &app,
        "/api/check",
        json!({ "puzzle": KILLER, "values": values }),
    )
    .await;
    assert_eq!(answer["verdict"], "ok");
    // A full grid whose houses are right but whose cages are not: the
    // killer without givens, filled with the solution's rows 1 and 2
    // swapped (the same boxes).
    let mut bare: Value = serde_json::from_str(KILLER).unwrap();
    for row in bare["grid"].as_array_mut().unwrap() {
        for cell in row.as_array_mut().unwrap() {
            *cell = json!({});
        }
    }
    let mut swapped = solution.clone();
    for c in 0..6 {
        swapped.swap(c, 6 + c);
    }
    let answer = ok(
        &app,
        "/api/check",
        json!({ "puzzle": bare.to_string(), "values": swapped }),
    )
    .await;
    assert_eq!(answer["verdict"], "broken", "{answer}");
    assert!(
        answer["text"].as_str().unwrap().contains("killercage"),
        "{answer}"
    );
    let broken = answer["broken"].as_array().unwrap();
    assert!(!broken.is_empty() && broken.iter().all(|b| b["name"] == "killercage"));
}

#[tokio::test]
async fn true_candidates_from_the_players_digits() {
    let app = app();
    let solution = solution_of(THERMO, Format::Fpuzzles);
    let givens = givens_of(THERMO);
    let answer = ok(
        &app,
        "/api/candidates",
        json!({ "puzzle": THERMO, "values": givens }),
    )
    .await;
    assert_eq!(answer["verdict"], "ok");
    let masks: Vec<u64> = answer["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_u64().unwrap())
        .collect();
    for (cell, &m) in masks.iter().enumerate() {
        if givens[cell] == 0 {
            // A unique puzzle's true candidates are its solution.
            assert_eq!(m, 1 << (solution[cell] - 1), "cell {cell}");
        } else {
            assert_eq!(m, 0);
        }
    }
    // A wrong digit leaves no solution.
    let empty = givens.iter().position(|&g| g == 0).unwrap();
    let mut values = givens.clone();
    values[empty] = solution[empty] % 6 + 1;
    let answer = ok(
        &app,
        "/api/candidates",
        json!({ "puzzle": THERMO, "values": values }),
    )
    .await;
    assert_eq!(answer["verdict"], "no_solution");
    // Without the thermometers and arrows, more digits are possible.
    let mut bare: Value = serde_json::from_str(THERMO).unwrap();
    bare.as_object_mut().unwrap().remove("thermometer");
    bare.as_object_mut().unwrap().remove("arrow");
    let answer = ok(
        &app,
        "/api/candidates",
        json!({ "puzzle": bare.to_string() }),
    )
    .await;
    let wider = answer["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m.as_u64().unwrap().count_ones() > 1)
        .count();
    assert!(wider > 0);
}

#[tokio::test]
async fn bad_variant_input_is_a_json_400() {
    let app = app();
    let empty_grid = json!([
        [{}, {}, {}, {}],
        [{}, {}, {}, {}],
        [{}, {}, {}, {}],
        [{}, {}, {}, {}]
    ]);
    let cases = [
        // A cage off the grid.
        json!({ "size": 4, "grid": empty_grid, "killercage": [{ "cells": ["R9C9"], "value": "3" }] }).to_string(),
        // A constraint sudokit does not know.
        json!({ "size": 4, "grid": empty_grid, "teleporters": [{ "cells": ["R1C1"] }] }).to_string(),
        // A total no digits make.
        json!({ "size": 4, "grid": empty_grid, "killercage": [{ "cells": ["R1C1", "R1C2"], "value": "99" }] }).to_string(),
        // JSON cut short, and a link that does not decompress.
        "{\"size\": 4, \"grid\": [[{}".to_owned(),
        "https://www.f-puzzles.com/?load=%%%notlz".to_owned(),
    ];
    for text in cases {
        for path in [
            "/api/parse",
            "/api/hint",
            "/api/check",
            "/api/candidates",
            "/api/solve",
        ] {
            let (status, value) =
                post(&app, path, json!({ "puzzle": text, "format": "fpuzzles" })).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {text}: {value}");
            assert!(
                value["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{value}"
            );
        }
    }
    // Values of the wrong length for a variant: 400 too.
    let (status, value) = post(
        &app,
        "/api/check",
        json!({ "puzzle": KILLER, "values": [1, 2, 3] }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
}

#[test]
fn variant_texts_wait_in_the_heavy_lane() {
    use crate::api::looks_variant;
    assert!(looks_variant(KILLER));
    assert!(looks_variant(
        "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54"
    ));
    assert!(looks_variant(
        "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn"
    ));
    assert!(!looks_variant(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ));
    assert!(!looks_variant(
        "ABCDEFGHIJKLMNOP.........................................."
    ));
}

/// True candidates of an empty 25x25 (a search per candidate, each within
/// the engine's budget: thousands of them) stop at the request's time
/// limit all together: 422, soon after it. (Before the deadline's watchdog
/// this ran on for minutes.)
#[tokio::test]
async fn true_candidates_stop_at_the_time_limit() {
    let app = router(Limits {
        time: std::time::Duration::from_millis(500),
        ..super::tests::limits()
    });
    let empty = ".".repeat(625);
    let start = std::time::Instant::now();
    let (status, value) = post(&app, "/api/candidates", json!({ "puzzle": empty })).await;
    let took = start.elapsed();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{value}");
    assert!(
        value["error"]
            .as_str()
            .unwrap()
            .contains("gave up finding the true candidates"),
        "{value}"
    );
    assert!(took < std::time::Duration::from_secs(3), "{took:?}");
}

/// The first of the setter puzzles as SudokuPad's own converter writes it.
fn sudokupad_link() -> (String, String) {
    let text = include_str!("../../../sudokit/tests/fixtures/sudokupad/setters.json");
    let all: Value = serde_json::from_str(text).unwrap();
    let first = &all[0];
    (
        first["link"].as_str().unwrap().to_owned(),
        first["solution"].as_str().unwrap().to_owned(),
    )
}

#[tokio::test]
async fn sudokupad_links_are_solved_and_answered_as_sudokupad_links() {
    let app = app();
    let (link, published) = sudokupad_link();
    // The page pastes it: the board shows its rules drawn, from the reading.
    let board = &ok(&app, "/api/parse", json!({ "puzzle": link })).await["board"];
    assert_eq!(board["format"], "fpuzzles");
    assert!(
        !board["constraints"].as_array().unwrap().is_empty(),
        "{board}"
    );
    assert!(board["overlay"]["svg"]
        .as_str()
        .unwrap()
        .starts_with("<svg"));
    let answer = ok(&app, "/api/solve", json!({ "puzzle": link })).await;
    assert_eq!(answer["verdict"], "unique");
    let values: String = answer["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(values, published);
    let text = answer["solution"].as_str().unwrap();
    assert!(text.starts_with("https://sudokupad.app/scl"), "{text}");
    // The answer is a SudokuPad puzzle whose cells hold the solution.
    let again = ok(&app, "/api/count", json!({ "puzzle": text, "limit": 2 })).await;
    assert_eq!(again["count"], 1);
    // A settlement that is not one is a 400 naming the field.
    let (status, value) = post(
        &app,
        "/api/solve",
        json!({ "puzzle": link, "assume": "green" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        value["error"].as_str().unwrap().contains("`assume`"),
        "{value}"
    );
    // A short link names its cause, not a one-line shape.
    let (status, value) = post(
        &app,
        "/api/solve",
        json!({ "puzzle": "https://sudokupad.app/psxczr0jpr" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        value["error"].as_str().unwrap().contains("short link"),
        "{value}"
    );
}
