//! Multi-grid boards through the API, as the page uses them: `parse` gives
//! a samurai's layout, board shape, cell positions and houses (and nothing
//! of the kind for a classic); check, hint and true candidates take the
//! player's digits by cell index; `generate` with `layout` makes a board.

use axum::http::StatusCode;
use serde_json::{json, Value};
use sudokit::format::Format;

use super::test_client::{defaults as app, ok as answered, post, solution_of};

const SAMURAI: &str = include_str!("../../../../examples/samurai.txt");

/// The cell at board row `r`, column `c`, from the answer's positions.
fn cell_at(board: &Value, r: usize, c: usize) -> Option<usize> {
    board["positions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|p| p == &json!([r, c]))
}

#[tokio::test]
async fn parse_gives_a_samurai_its_board() {
    let app = app();
    let answer = answered(&app, "/api/parse", json!({ "puzzle": SAMURAI })).await;
    assert_eq!(answer["solutions"], json!(1));
    let board = &answer["board"];
    assert_eq!(board["format"], json!("multi"));
    assert_eq!(board["layout"], json!("samurai"));
    assert_eq!(board["size"], json!(9), "size is the digits");
    assert_eq!(board["box"], json!([3, 3]));
    assert_eq!(
        (board["rows"].clone(), board["columns"].clone()),
        (json!(21), json!(21))
    );
    let positions = board["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 369);
    assert_eq!(board["givens"].as_array().unwrap().len(), 369);
    assert_eq!(board["regions"].as_array().unwrap().len(), 369);
    assert_eq!(positions[0], json!([0, 0]));
    assert_eq!(positions[9], json!([0, 12]), "the holes are skipped");
    assert_eq!(positions[368], json!([20, 20]));
    // No cell in a hole; every slot of a grid is a cell.
    assert_eq!(cell_at(board, 0, 9), None);
    assert_eq!(cell_at(board, 10, 3), None);
    assert_eq!(cell_at(board, 9, 6), Some(171));
    // Each grid's rows and columns, and 41 boxes (the four shared once).
    let houses = board["houses"].as_array().unwrap();
    assert_eq!(houses.len(), 5 * 9 + 5 * 9 + 41);
    assert!(houses.iter().all(|h| h.as_array().unwrap().len() == 9));
    // The givens where the text has them: row 1 is `..5..9...   2.....6.1`.
    assert_eq!(board["givens"][2], json!(5));
    assert_eq!(board["givens"][9], json!(2));
    // The text written back reads back to the same board.
    let again = answered(&app, "/api/parse", json!({ "puzzle": board["text"] })).await;
    assert_eq!(again["board"]["givens"], board["givens"]);
    assert_eq!(again["board"]["layout"], json!("samurai"));

    // A classic board has none of these fields.
    let classic = answered(
        &app,
        "/api/parse",
        json!({ "puzzle": ".".repeat(80) + "1" }),
    )
    .await;
    for key in ["layout", "rows", "columns", "positions", "houses"] {
        assert!(classic["board"].get(key).is_none(), "{key} on a classic");
    }
}

#[tokio::test]
async fn play_on_a_samurai_by_cell_index() {
    let app = app();
    let solution = solution_of(SAMURAI, Format::Multi);
    let board = answered(&app, "/api/parse", json!({ "puzzle": SAMURAI })).await["board"].clone();
    let givens: Vec<u64> = board["givens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_u64().unwrap())
        .collect();
    // An empty cell of the centre grid's shared box (board r7c7) and one of
    // the bottom-right grid's last row.
    let shared = cell_at(&board, 6, 6).unwrap();
    let corner = cell_at(&board, 20, 19).unwrap();
    assert_eq!((givens[shared], givens[corner]), (0, 0));
    let mut values = vec![0u8; 369];
    values[shared] = solution[shared];
    values[corner] = solution[corner] % 9 + 1; // wrong
    let check = answered(
        &app,
        "/api/check",
        json!({ "puzzle": SAMURAI, "values": values }),
    )
    .await;
    assert_eq!(check["verdict"], json!("wrong"));
    assert_eq!(check["wrong"], json!([corner]));
    assert!(
        check["text"].as_str().unwrap().starts_with("r21c20 "),
        "{check}"
    );
    values[corner] = solution[corner];
    let check = answered(
        &app,
        "/api/check",
        json!({ "puzzle": SAMURAI, "values": values }),
    )
    .await;
    assert_eq!(check["verdict"], json!("ok"));
    // A hint from the player's digits places a right digit.
    let hint = answered(
        &app,
        "/api/hint",
        json!({ "puzzle": SAMURAI, "values": values }),
    )
    .await;
    let placements = hint["highlight"]["placements"].as_array().unwrap();
    assert!(!placements.is_empty(), "{hint}");
    for p in placements {
        let (cell, d) = (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap());
        assert_eq!(u64::from(solution[cell]), d);
        assert_eq!(values[cell], 0);
    }
    // True candidates hold the solution's digit in every empty cell.
    let truth = answered(
        &app,
        "/api/candidates",
        json!({ "puzzle": SAMURAI, "values": values }),
    )
    .await;
    assert_eq!(truth["verdict"], json!("ok"));
    let masks = truth["candidates"].as_array().unwrap();
    assert_eq!(masks.len(), 369);
    for (cell, mask) in masks.iter().enumerate() {
        let mask = mask.as_u64().unwrap();
        if givens[cell] == 0 && values[cell] == 0 {
            assert_eq!(mask >> (solution[cell] - 1) & 1, 1, "cell {cell}");
        } else {
            assert_eq!(mask, 0);
        }
    }
    // The full grid is solved.
    let check = answered(
        &app,
        "/api/check",
        json!({ "puzzle": SAMURAI, "values": solution }),
    )
    .await;
    assert_eq!(check["verdict"], json!("solved"), "{check}");
}

#[tokio::test]
async fn generate_makes_a_samurai() {
    let app = app();
    let answer = answered(
        &app,
        "/api/generate",
        json!({ "layout": "samurai", "seed": 1 }),
    )
    .await;
    assert_eq!(answer["format"], json!("multi"));
    let board = &answer["board"];
    assert_eq!(board["layout"], json!("samurai"));
    assert_eq!(board["givens"].as_array().unwrap().len(), 369);
    assert_eq!(board["positions"].as_array().unwrap().len(), 369);
    let again = answered(&app, "/api/parse", json!({ "puzzle": answer["puzzle"] })).await;
    assert_eq!(again["solutions"], json!(1));
    assert_eq!(again["board"]["givens"], board["givens"]);
    // The same layout by its other name and seed: the same puzzle.
    let twin = answered(
        &app,
        "/api/generate",
        json!({ "layout": "gattai-5", "seed": "1" }),
    )
    .await;
    assert_eq!(twin["puzzle"], answer["puzzle"]);
    // Bad layouts and misplaced fields are 400s naming the field.
    let (status, bad) = post(&app, "/api/generate", json!({ "layout": "samurrai" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(bad["field"], json!("layout"), "{bad}");
    let (status, bad) = post(
        &app,
        "/api/generate",
        json!({ "layout": "samurai", "size": 9 }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    let (status, bad) = post(
        &app,
        "/api/generate",
        json!({ "layout": "samurai", "kind": "killer" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(bad["field"], json!("layout"), "{bad}");
}
