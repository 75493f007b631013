//! Issue #49: the page answers in the browser. Served with its WebAssembly
//! engine (`sudokit serve --engine target/npm/engine.js`, made by
//! scripts/build-npm.sh), it loads, the server stops, and the page still
//! plays, checks, hints, walks the step list, shows true candidates and
//! generates with no request failing; the exported folder (`sudokit serve
//! --export DIR`) opened from file:// does the same.

use std::path::PathBuf;
use std::process::Command;

use super::common;
use super::harness::{solution_of, target_dir, Page};
use super::PUZZLE;

/// The engine scripts/build-npm.sh makes; `None` (said) when it is missing
/// and the browser tests are not required.
fn engine() -> Option<PathBuf> {
    let path = target_dir().join("npm/engine.js");
    if path.is_file() {
        return Some(path);
    }
    let required = std::env::var("SUDOKIT_BROWSER_TESTS").as_deref() == Ok("require");
    assert!(
        !required,
        "{} is missing: run scripts/build-npm.sh before the browser tests",
        path.display()
    );
    eprintln!(
        "offline: skipped: {} is missing (scripts/build-npm.sh makes it)",
        path.display()
    );
    None
}

/// No error in the status line, and the engine answered `what`.
async fn answered_in_page(page: &Page, what: &str) {
    let class = page.js("document.getElementById('status').className").await;
    let status = page.text("status").await;
    assert_ne!(class, "error", "{what}: {status}");
    assert_eq!(
        page.js("window.sudokit.answeredBy").await,
        "wasm",
        "{what} was not answered by the page's engine"
    );
}

/// Plays the open page with no server: a digit, check, hint, the step
/// list, true candidates, a new puzzle.
async fn play_without_server(page: &Page, name: &str) {
    let solution = solution_of(PUZZLE);
    let empty = PUZZLE.find('.').expect("an empty cell");
    page.cell(empty).await;
    page.keys("#board", &solution[empty].to_string()).await;
    page.click("#check").await;
    page.until(
        "the check",
        "document.getElementById('status').textContent.includes('correct')",
    )
    .await;
    answered_in_page(page, "check").await;

    page.click("#hint").await;
    page.until("a hint", "window.sudokit.hint && window.sudokit.hint.text")
        .await;
    answered_in_page(page, "hint").await;

    page.click("#steps-open").await;
    page.until(
        "the step list",
        "document.getElementById('steps-text').textContent.startsWith('Step 1 of')",
    )
    .await;
    page.click("#step-next").await;
    page.until("step 2", "window.sudokit.steps.at === 1").await;
    page.click("#steps-close").await;
    answered_in_page(page, "the step list").await;

    page.click("#truth").await;
    page.until("the true candidates", "window.sudokit.truth")
        .await;
    answered_in_page(page, "true candidates").await;
    page.screenshot(&format!("offline-{name}-candidates.png"))
        .await;

    page.click("#generate").await;
    page.until(
        "a new puzzle",
        "document.getElementById('status').textContent.startsWith('A new 9x9')",
    )
    .await;
    answered_in_page(page, "generate").await;
    page.screenshot(&format!("offline-{name}-generated.png"))
        .await;
}

pub async fn offline(page: &Page) {
    let Some(engine) = engine() else {
        return;
    };
    let engine_arg = engine.to_str().expect("a UTF-8 path");
    page.forget().await;

    // Served with the engine; then the server stops.
    let (server, base) = common::serve(&["--engine", engine_arg]);
    page.client
        .goto(&format!("{base}/#p={PUZZLE}"))
        .await
        .expect("the page loads");
    page.until("the board", "window.sudokit && window.sudokit.board")
        .await;
    assert_eq!(
        page.js("window.sudokit.answeredBy").await,
        "wasm",
        "the page's engine did not answer: {}",
        page.js("window.sudokit.engineError").await
    );
    drop(server);
    play_without_server(page, "served").await;

    // The exported folder, from disk.
    let dir = target_dir().join("offline-page");
    let _ = std::fs::remove_dir_all(&dir);
    let status = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["serve", "--export"])
        .arg(&dir)
        .args(["--engine", engine_arg])
        .status()
        .expect("sudokit serve --export runs");
    assert!(status.success());
    page.forget().await;
    let index = dir.join("index.html");
    page.client
        .goto(&format!("file://{}#p={PUZZLE}", index.display()))
        .await
        .expect("the exported page loads");
    page.until(
        "the exported page's board",
        "window.sudokit && window.sudokit.board",
    )
    .await;
    assert_eq!(
        page.js("window.sudokit.answeredBy").await,
        "wasm",
        "the exported page's engine did not answer: {}",
        page.js("window.sudokit.engineError").await
    );
    play_without_server(page, "file").await;
}
