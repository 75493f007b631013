//! The browser session the scenarios share, and what they do with it:
//! scripts in the page, waits that poll (no sleeps), clicks, keys,
//! screenshots, and Chrome DevTools commands (phone emulation, dark mode)
//! through chromedriver.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use sudokit::format::{self, Format};
use sudokit::EngineKind;

pub const WAIT: Duration = Duration::from_secs(20);

/// One browser, one server: every scenario drives this.
pub struct Page {
    pub client: Client,
    /// The page's address, ending in `/`.
    pub base: String,
    /// chromedriver's address and the session, for DevTools commands.
    pub driver: String,
    pub session: String,
}

pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"))
}

fn screenshots() -> PathBuf {
    let dir = target_dir().join("browser-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    dir
}

/// A 9x9 line puzzle's unique solution, by the library.
pub fn solution_of(line: &str) -> Vec<u8> {
    solution_in(line, Format::Line)
}

/// The solution of the first puzzle of `text`, read as `format`, by the
/// library.
pub fn solution_in(text: &str, format: Format) -> Vec<u8> {
    let puzzle = format::read(format, text.as_bytes())
        .next()
        .unwrap()
        .unwrap()
        .puzzle;
    EngineKind::Auto
        .build()
        .solve(&puzzle, 1)
        .unwrap()
        .first
        .unwrap()
        .to_values()
}

impl Page {
    /// The value of `expression` in the page.
    pub async fn js(&self, expression: &str) -> Value {
        self.client
            .execute(&format!("return {expression};"), vec![])
            .await
            .unwrap_or_else(|e| panic!("{expression}: {e}"))
    }

    /// Runs statements in the page.
    pub async fn run(&self, script: &str) {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("{script}: {e}"));
    }

    pub async fn text(&self, id: &str) -> String {
        let v = self
            .js(&format!("document.getElementById('{id}').textContent"))
            .await;
        v.as_str().unwrap_or_default().to_owned()
    }

    /// Waits until `script` (an expression) is truthy in the page.
    pub async fn until(&self, what: &str, script: &str) {
        let start = Instant::now();
        loop {
            let value = self
                .client
                .execute(
                    &format!("try {{ return !!({script}); }} catch (e) {{ return false; }}"),
                    vec![],
                )
                .await
                .expect("the script runs");
            if value == Value::Bool(true) {
                return;
            }
            if start.elapsed() > WAIT {
                let status = self.text("status").await;
                panic!("waited {WAIT:?} for {what} ({script}); status: {status}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub async fn click(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
            .click()
            .await
            .unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    pub async fn cell(&self, cell: usize) {
        self.click(&format!("[data-cell=\"{cell}\"]")).await;
    }

    /// Types `keys` into the element `css` (the board, a button).
    pub async fn keys(&self, css: &str, keys: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
            .send_keys(keys)
            .await
            .unwrap_or_else(|e| panic!("keys to {css}: {e}"));
    }

    pub async fn classes(&self, cell: usize) -> String {
        let v = self
            .js(&format!(
                "document.querySelector('[data-cell=\"{cell}\"]').className"
            ))
            .await;
        v.as_str().unwrap_or_default().to_owned()
    }

    pub async fn select(&self, css: &str, value: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .select_by_value(value)
            .await
            .unwrap();
    }

    pub async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.expect("a screenshot");
        let path = screenshots().join(name);
        std::fs::write(&path, png).expect("the screenshot is written");
        eprintln!("screenshot: {}", path.display());
    }

    /// Goes to `fragment` (the link's part after `#`) and waits for its
    /// board: a new document, or the open page following the link.
    pub async fn open(&self, fragment: &str) {
        self.run("if (window.sudokit) window.sudokit.board = null;")
            .await;
        let url = format!("{}#{fragment}", self.base);
        // The same address again is no navigation at all: reload it.
        let here = self.client.current_url().await.ok().map(|u| u.to_string());
        if here.as_deref() == Some(url.as_str()) {
            self.client.refresh().await.expect("the page reloads");
        } else {
            self.client.goto(&url).await.expect("the page loads");
        }
        self.until("the linked board", "window.sudokit && window.sudokit.board")
            .await;
    }

    /// Loads `text` through the puzzle box, as a person pastes it.
    pub async fn paste(&self, text: &str) {
        let input = self
            .client
            .find(Locator::Css("#puzzle-input"))
            .await
            .unwrap();
        input.clear().await.unwrap();
        input.send_keys(text).await.unwrap();
        self.run("window.sudokit.board = null;").await;
        self.click("#load").await;
    }

    /// Forgets the saved game and theme, as a first visit.
    pub async fn forget(&self) {
        self.run("localStorage.clear();").await;
    }

    /// A phone of `width` x `height` CSS pixels: the viewport, a 2x
    /// screen and touch.
    pub async fn as_phone(&self, width: u32, height: u32) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 2, "mobile": true }),
        )
        .await;
        self.cdp(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": true }),
        )
        .await;
    }

    /// Back from [`Page::as_phone`]: the window's own viewport, no touch.
    pub async fn as_desktop(&self) {
        self.cdp(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": false }),
        )
        .await;
        self.cdp("Emulation.clearDeviceMetricsOverride", json!({}))
            .await;
    }

    /// A Chrome DevTools command through chromedriver.
    pub async fn cdp(&self, cmd: &str, params: Value) {
        let url = format!("{}/session/{}/goog/cdp/execute", self.driver, self.session);
        let body = json!({ "cmd": cmd, "params": params }).to_string();
        let answer = tokio::task::spawn_blocking(move || {
            ureq::post(&url)
                .header("content-type", "application/json")
                .send(body.as_str())
                .map_err(|e| e.to_string())
                .and_then(|mut r| r.body_mut().read_to_string().map_err(|e| e.to_string()))
        })
        .await
        .unwrap();
        if let Err(e) = answer {
            panic!("DevTools {cmd}: {e}");
        }
    }

    /// An answer of the server's API, straight from the test.
    pub async fn api(&self, path: &str, body: Value) -> Value {
        let url = format!("{}api/{path}", self.base);
        tokio::task::spawn_blocking(move || {
            let text = ureq::post(&url)
                .header("content-type", "application/json")
                .send(body.to_string().as_str())
                .expect("the API answers")
                .body_mut()
                .read_to_string()
                .expect("its body");
            serde_json::from_str(&text).expect("JSON")
        })
        .await
        .unwrap()
    }
}
