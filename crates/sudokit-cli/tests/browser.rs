//! The web app in a real browser: Debian's headless Chromium driven through
//! chromedriver (WebDriver, fantoccini) against `sudokit serve`. Loads the
//! page, pastes a puzzle, plays, asks for a hint, solves, rates, generates,
//! follows a share link, and draws 16x16 and jigsaw boards; screenshots go to
//! `target/browser-screenshots/`.
//!
//! Without chromium and chromedriver the test says so and passes, unless
//! `SUDOKIT_BROWSER_TESTS=require` (set by `.ci/run`, which installs them).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use sudokit::format::{self, Format};
use sudokit::EngineKind;

mod common;
use common::Killed;

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const CHROMIUM: &str = "/usr/bin/chromium";
const WAIT: Duration = Duration::from_secs(15);

fn find_program(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|dir| Path::new(dir).join(name))
        .find(|p| p.is_file())
}

/// chromedriver, if the browser is there too; else why not (and whether
/// that fails the test).
fn browser() -> Option<PathBuf> {
    let driver = find_program("chromedriver");
    let found = Path::new(CHROMIUM).is_file() && driver.is_some();
    if !found {
        let why = "the browser test needs Debian's chromium and chromedriver \
                   (install them with: apt-get install chromium chromium-driver, \
                   or run scripts/install-browser.sh)";
        assert!(
            std::env::var("SUDOKIT_BROWSER_TESTS").as_deref() != Ok("require"),
            "{why}; SUDOKIT_BROWSER_TESTS=require makes this a failure"
        );
        eprintln!("SKIPPED: {why}");
        return None;
    }
    driver
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

fn screenshots() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let dir = target.join("browser-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    dir
}

/// Waits until `script` (an expression) is truthy in the page.
async fn until(client: &Client, what: &str, script: &str) {
    let start = Instant::now();
    loop {
        let value = client
            .execute(&format!("return !!({script});"), vec![])
            .await
            .expect("the script runs");
        if value == Value::Bool(true) {
            return;
        }
        if start.elapsed() > WAIT {
            let status = js(client, "document.getElementById('status').textContent").await;
            panic!("waited {WAIT:?} for {what} ({script}); status: {status}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn js(client: &Client, expression: &str) -> Value {
    client
        .execute(&format!("return {expression};"), vec![])
        .await
        .expect("the script runs")
}

async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn classes(client: &Client, cell: usize) -> String {
    client
        .find(Locator::Css(&format!("[data-cell=\"{cell}\"]")))
        .await
        .expect("the cell")
        .attr("class")
        .await
        .expect("its class")
        .unwrap_or_default()
}

async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("a screenshot");
    let path = screenshots().join(name);
    std::fs::write(&path, png).expect("the screenshot is written");
    eprintln!("screenshot: {}", path.display());
}

/// Pastes `text` into the puzzle box and loads it.
async fn paste(client: &Client, text: &str) {
    let input = client.find(Locator::Css("#puzzle-input")).await.unwrap();
    input.clear().await.unwrap();
    input.send_keys(text).await.unwrap();
    client
        .execute("window.sudokit.board = null; return 0;", vec![])
        .await
        .unwrap();
    click(client, "#load").await;
}

/// Every cell's thick borders are exactly where its region differs from its
/// neighbour's: the number of cells where they are not.
const BORDER_MISMATCHES: &str = "(() => {
    const b = window.sudokit.board, n = b.size; let bad = 0;
    for (const div of document.querySelectorAll('.cell')) {
      const c = Number(div.dataset.cell), r = Math.floor(c / n), k = c % n, reg = b.regions[c];
      const want = {
        bt: r > 0 && b.regions[c - n] !== reg, bb: r + 1 < n && b.regions[c + n] !== reg,
        bl: k > 0 && b.regions[c - 1] !== reg, br: k + 1 < n && b.regions[c + 1] !== reg };
      const style = getComputedStyle(div);
      for (const [cls, on] of Object.entries(want)) {
        const side = {bt: 'Top', bb: 'Bottom', bl: 'Left', br: 'Right'}[cls];
        const thick = parseFloat(style['border' + side + 'Width']) >= 2.5;
        if (div.classList.contains(cls) !== on || (on && !thick)) bad++;
      }
    }
    return bad; })()";

async fn scenario(client: &Client, base: &str) {
    client.goto(base).await.expect("the page loads");
    until(client, "the page's script", "window.sudokit").await;

    // Paste a puzzle: 81 cells, the givens bold.
    paste(client, PUZZLE).await;
    until(
        client,
        "the board",
        "window.sudokit.board && document.querySelectorAll('.cell').length === 81",
    )
    .await;
    let givens = PUZZLE.bytes().filter(|b| b.is_ascii_digit()).count();
    assert_eq!(
        js(client, "document.querySelectorAll('.cell.given').length").await,
        json!(givens)
    );
    assert_eq!(
        js(
            client,
            "document.querySelector('[data-cell=\"0\"]').textContent"
        )
        .await,
        json!("4")
    );

    let puzzle = format::read(Format::Line, PUZZLE.as_bytes())
        .next()
        .unwrap()
        .unwrap()
        .puzzle;
    let solution = EngineKind::Dlx
        .build()
        .solve(&puzzle, 1)
        .unwrap()
        .first
        .unwrap()
        .to_values();

    // Play the right digit into the first empty cell.
    let empty = PUZZLE.find('.').unwrap();
    click(client, &format!("[data-cell=\"{empty}\"]")).await;
    let board = client.find(Locator::Css("#board")).await.unwrap();
    board.send_keys(&solution[empty].to_string()).await.unwrap();
    until(
        client,
        "the played digit",
        &format!("document.querySelector('[data-cell=\"{empty}\"]').classList.contains('player')"),
    )
    .await;
    assert_eq!(
        js(
            client,
            &format!("document.querySelector('[data-cell=\"{empty}\"]').textContent")
        )
        .await,
        json!(solution[empty].to_string())
    );
    assert!(!classes(client, empty).await.contains("conflict"));

    // A digit that clashes with row 1's given 4 is shown in red; undo takes it back.
    let other = PUZZLE[..9].rfind('.').unwrap();
    click(client, &format!("[data-cell=\"{other}\"]")).await;
    board.send_keys("4").await.unwrap();
    until(
        client,
        "the clash",
        &format!(
            "document.querySelector('[data-cell=\"{other}\"]').classList.contains('conflict')"
        ),
    )
    .await;
    assert!(
        classes(client, 0).await.contains("conflict"),
        "the given it clashes with"
    );
    click(client, "#undo").await;
    until(
        client,
        "the undo",
        &format!("document.querySelector('[data-cell=\"{other}\"]').textContent === ''"),
    )
    .await;
    assert_eq!(
        js(client, "document.querySelectorAll('.cell.conflict').length").await,
        json!(0)
    );
    click(client, "#redo").await;
    until(
        client,
        "the redo",
        &format!("document.querySelector('[data-cell=\"{other}\"]').textContent === '4'"),
    )
    .await;
    click(client, "#undo").await;

    // Pencil marks: Space switches them on; digits toggle small marks.
    click(client, &format!("[data-cell=\"{other}\"]")).await;
    board.send_keys(" 12").await.unwrap();
    until(
        client,
        "the pencil marks",
        &format!("document.querySelector('[data-cell=\"{other}\"] .marks').textContent === '12'"),
    )
    .await;
    assert_eq!(
        js(
            client,
            "document.getElementById('pencil').getAttribute('aria-pressed')"
        )
        .await,
        json!("true")
    );
    board.send_keys(" ").await.unwrap();
    click(client, "#undo").await;
    click(client, "#undo").await;
    until(
        client,
        "the marks undone",
        &format!("!document.querySelector('[data-cell=\"{other}\"] .marks')"),
    )
    .await;

    // A hint: a technique in words, its cells highlighted; applying it
    // places the solution's digits.
    click(client, "#hint").await;
    until(
        client,
        "the hint",
        "document.getElementById('hint-text').textContent.length > 0",
    )
    .await;
    let text = js(client, "document.getElementById('hint-text').textContent").await;
    let text = text.as_str().unwrap().to_lowercase();
    assert!(
        ["single", "pointing", "claiming", "pair", "wing", "fish", "chain"]
            .iter()
            .any(|t| text.contains(t)),
        "{text}"
    );
    assert!(
        js(client, "document.querySelectorAll('.cell.hl-cell').length")
            .await
            .as_u64()
            .unwrap()
            >= 1
    );
    screenshot(client, "9x9-hint.png").await;
    let placements = js(client, "window.sudokit.hint.placements").await;
    click(client, "#apply").await;
    for pair in placements.as_array().unwrap() {
        let (cell, d) = (
            pair[0].as_u64().unwrap() as usize,
            pair[1].as_u64().unwrap(),
        );
        assert_eq!(
            u64::from(solution[cell]),
            d,
            "a hint places the solution's digit"
        );
        until(
            client,
            "the applied hint",
            &format!("window.sudokit.values[{cell}] === {d}"),
        )
        .await;
    }

    // A wrong digit, then Check frames it.
    let wrong_cell = js(
        client,
        "window.sudokit.board.givens.findIndex((g, c) => !g && !window.sudokit.values[c])",
    )
    .await;
    let wrong_cell = wrong_cell.as_u64().expect("an empty cell") as usize;
    let wrong = solution[wrong_cell] % 9 + 1;
    click(client, &format!("[data-cell=\"{wrong_cell}\"]")).await;
    board.send_keys(&wrong.to_string()).await.unwrap();
    click(client, "#check").await;
    until(
        client,
        "the check",
        &format!(
            "document.querySelector('[data-cell=\"{wrong_cell}\"]').classList.contains('wrong')"
        ),
    )
    .await;
    click(client, "#undo").await;

    // Solve: every cell holds the solution's digit.
    click(client, "#solve").await;
    until(
        client,
        "the solution",
        "[...document.querySelectorAll('.cell')].every(c => c.textContent.length === 1)",
    )
    .await;
    let shown = js(
        client,
        "[...document.querySelectorAll('.cell')].map(c => c.textContent).join('')",
    )
    .await;
    let expected: String = solution.iter().map(|d| d.to_string()).collect();
    assert_eq!(shown, json!(expected));
    click(client, "#check").await;
    until(
        client,
        "the congratulation",
        "document.getElementById('status').textContent.includes('Well done')",
    )
    .await;

    // Rate.
    click(client, "#rate").await;
    until(
        client,
        "the rating",
        "document.getElementById('rating').textContent.includes('ER')",
    )
    .await;
    let rating = js(client, "document.getElementById('rating').textContent").await;
    assert!(rating.as_str().unwrap().contains("medium"), "{rating}");

    // Generate a 9x9 and follow its share link.
    click(client, "#generate").await;
    until(
        client,
        "a generated 9x9",
        "document.getElementById('status').textContent.startsWith('A new 9x9')",
    )
    .await;
    let givens = js(client, "window.sudokit.board.givens").await;
    let clues = givens
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v.as_u64() != Some(0))
        .count();
    assert!((17..81).contains(&clues), "{clues} givens");
    let link = js(client, "document.getElementById('share-link').value").await;
    client.goto(link.as_str().unwrap()).await.unwrap();
    until(
        client,
        "the shared puzzle",
        "window.sudokit && window.sudokit.board",
    )
    .await;
    assert_eq!(js(client, "window.sudokit.board.givens").await, givens);

    // A bad puzzle: the API's message, in the status line.
    paste(client, "this is no puzzle").await;
    until(
        client,
        "the error",
        "document.getElementById('status').classList.contains('error')",
    )
    .await;
    let message = js(client, "document.getElementById('status').textContent").await;
    assert!(message.as_str().unwrap().contains("puzzle:1"), "{message}");

    // A 16x16 from the generator.
    client
        .find(Locator::Css("#gen-size"))
        .await
        .unwrap()
        .select_by_value("16")
        .await
        .unwrap();
    click(client, "#generate").await;
    until(client, "a 16x16", "document.querySelectorAll('.cell').length === 256 && document.getElementById('status').textContent.startsWith('A new 16x16')").await;
    assert_eq!(js(client, BORDER_MISMATCHES).await, json!(0));
    let symbols = js(client, "window.sudokit.board.symbols.length").await;
    assert_eq!(symbols, json!(16));
    screenshot(client, "16x16.png").await;

    // A 9x9 jigsaw: thick borders exactly where its regions meet.
    client
        .find(Locator::Css("#gen-size"))
        .await
        .unwrap()
        .select_by_value("9")
        .await
        .unwrap();
    client
        .find(Locator::Css("#gen-variant"))
        .await
        .unwrap()
        .select_by_value("jigsaw")
        .await
        .unwrap();
    click(client, "#generate").await;
    until(
        client,
        "a jigsaw",
        "document.getElementById('status').textContent.startsWith('A new 9x9 jigsaw')",
    )
    .await;
    assert_eq!(js(client, "window.sudokit.board.box").await, Value::Null);
    assert_eq!(js(client, BORDER_MISMATCHES).await, json!(0));
    // Not boxes: some thick line runs where a 3x3 box would have none.
    let off_box = js(client, "[...document.querySelectorAll('.cell.br')].filter(d => Number(d.dataset.cell) % 3 !== 2).length").await;
    assert!(off_box.as_u64().unwrap() > 0, "regions that are not boxes");
    click(client, "#hint").await;
    until(
        client,
        "a jigsaw hint",
        "document.querySelectorAll('.cell.hl-cell').length > 0",
    )
    .await;
    screenshot(client, "jigsaw.png").await;

    // X-sudoku and windoku: their extra houses shaded, clashes found in them.
    for (variant, class, cells) in [("x", "diag", 17), ("windoku", "window", 36)] {
        client
            .find(Locator::Css("#gen-variant"))
            .await
            .unwrap()
            .select_by_value(variant)
            .await
            .unwrap();
        click(client, "#generate").await;
        until(
            client,
            variant,
            &format!(
                "document.getElementById('status').textContent.startsWith('A new 9x9 {variant}')"
            ),
        )
        .await;
        assert_eq!(
            js(
                client,
                &format!("document.querySelectorAll('.cell.{class}').length")
            )
            .await,
            json!(cells),
            "{variant}"
        );
        screenshot(client, &format!("{variant}.png")).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_app_in_a_real_browser() {
    let Some(driver) = browser() else {
        return;
    };
    let (_server, base) = common::serve(&[]);
    let base = format!("{base}/");
    let port = free_port();
    let _driver = Killed(
        Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let profile = std::env::temp_dir().join(format!("sudokit-chromium-{}", std::process::id()));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=1280,900",
                format!("--user-data-dir={}", profile.display()),
            ],
        }),
    );
    // chromedriver takes a moment to listen.
    let start = Instant::now();
    let client = loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(client) => break client,
            Err(_) if start.elapsed() < WAIT => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("cannot start a chromium session through chromedriver: {e}"),
        }
    };
    // Close the browser whatever the scenario does, then report.
    let outcome = tokio::spawn({
        let client = client.clone();
        async move { scenario(&client, &base).await }
    })
    .await;
    let _ = client.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
}
