//! The web app in a real browser: Debian's headless Chromium driven through
//! chromedriver (WebDriver, fantoccini) against `sudokit serve`, one
//! session for every scenario (issue #34's "Must show" list, each with a
//! screenshot in `target/browser-screenshots/`):
//!
//! - `keep`: the first visit's playable grid; digits, marks and clock kept
//!   over a reload and carried by a link; a hand-finished grid
//!   congratulated, a solved-by-Solve one not; focus and Space on buttons;
//!   no-solution and several-solution puzzles warned on load; exact seeds;
//!   marks, colours, several cells at once, the pad's counts;
//! - `play`: the core game (clash, undo, hint, check, solve, rate,
//!   generate, links, 16x16, jigsaw, X, windoku, a generated killer);
//! - `teach`: a hint's elimination steps each drawn; the step list walked
//!   forward and back;
//! - `phone`: 390x844 mobile emulation with 9x9, 16x16 and 25x25; dark
//!   mode; the axe-core audit;
//! - `variants` (issue #37): killer, thermo/arrow, kropki/XV,
//!   sandwich/little-killer and jigsaw puzzles drawn and played to the end
//!   by hints on a desktop and a 360 px phone, with no console error;
//! - `samurai`: a samurai pasted on a 390x844 phone: its holes, no
//!   sideways scroll, a corner grid's and the shared box's cells played,
//!   arrows over holes, check, hint, true candidates, the step list, a
//!   reload, one generated from the Layout choice;
//! - `offline` (issue #49): the page with its WebAssembly engine, played
//!   with the server stopped, and exported to a folder opened from file://.
//!
//! Without chromium and chromedriver the test says so and passes, unless
//! `SUDOKIT_BROWSER_TESTS=require` (set by `.ci/run`, which installs them).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::ClientBuilder;
use serde_json::json;

mod common;
use common::Killed;

#[path = "browser/harness.rs"]
mod harness;
#[path = "browser/keep.rs"]
mod keep;
#[path = "browser/offline.rs"]
mod offline;
#[path = "browser/phone.rs"]
mod phone;
#[path = "browser/play.rs"]
mod play;
#[path = "browser/samurai.rs"]
mod samurai;
#[path = "browser/teach.rs"]
mod teach;
#[path = "browser/variants.rs"]
mod variants;

use harness::{Page, WAIT};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const CHROMIUM: &str = "/usr/bin/chromium";

fn examples() -> PathBuf {
    common::examples()
}

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

/// Every scenario in order, each timed (the first needs a fresh profile).
async fn scenarios(page: &Page) {
    // SUDOKIT_BROWSER_ONLY=variants runs the scenarios whose name holds it
    // (while working on one; CI runs them all).
    let only = std::env::var("SUDOKIT_BROWSER_ONLY").unwrap_or_default();
    macro_rules! run {
        ($($f:path),* $(,)?) => {$(
            if stringify!($f).contains(only.as_str()) {
                let start = Instant::now();
                $f(page).await;
                eprintln!("{}: {:.1} s", stringify!($f), start.elapsed().as_secs_f64());
            }
        )*};
    }
    run!(
        keep::first_visit,
        keep::progress_kept,
        keep::finishing,
        keep::focus_and_space,
        keep::warnings,
        keep::exact_seeds,
        keep::tools,
        keep::big_marks,
        teach::hint_draws_its_eliminations,
        teach::step_list,
        play::core_game,
        phone::phone,
        phone::dark,
        phone::accessible,
        variants::variants,
        samurai::samurai_phone,
        offline::offline,
    );
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
    let _ = std::fs::remove_dir_all(&profile);
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=1280,900", "--hide-scrollbars",
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
    let session = client
        .session_id()
        .await
        .ok()
        .flatten()
        .expect("a WebDriver session");
    let page = Page {
        client: client.clone(),
        base,
        driver: format!("http://127.0.0.1:{port}"),
        session,
    };
    // Close the browser whatever the scenarios do, then report.
    let outcome = tokio::spawn(async move { scenarios(&page).await }).await;
    let _ = client.close().await;
    let _ = std::fs::remove_dir_all(&profile);
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
}
