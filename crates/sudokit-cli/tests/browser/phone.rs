//! A phone (390x844, mobile emulation: no sideways scroll, grid and pad on screen, every button and select 40 px or more), dark mode, and the accessibility
//! audit (axe-core from the npm registry, run in the page).

use std::path::PathBuf;
use std::process::Command;

use serde_json::{json, Value};

use super::harness::{target_dir, Page};
use super::PUZZLE;

const AXE_VERSION: &str = "4.14.1";
/// The tarball's SHA-256 (its sha512 matches the registry's `integrity`).
const AXE_SHA256: &str = "e6b0ce02b84d892e2e33e403485e7f3d6c29e2be6df65daf44d89ba564139745";

/// What does not fit the screen: horizontal scroll, the grid or pad cut
/// off, buttons under 40 px.
const FIT: &str = "(() => {
  const bad = [], W = screen.width, H = window.innerHeight;
  if (document.documentElement.scrollWidth > W) bad.push(`scrollWidth ${document.documentElement.scrollWidth} > ${W}`);
  for (const id of ['board-wrap', 'pad', 'modes']) {
    const r = document.getElementById(id).getBoundingClientRect();
    if (r.left < 0 || r.right > W || r.top < 0 || r.bottom > H) bad.push(`${id} at ${r.left},${r.top}..${r.right},${r.bottom} outside ${W}x${H}`);
  }
  for (const b of document.querySelectorAll('button, select')) {
    if (b.offsetParent === null) continue; // not shown
    const r = b.getBoundingClientRect();
    if (r.width < 40 || r.height < 40) bad.push(`${b.textContent} is ${r.width}x${r.height}`);
  }
  return bad; })()";

fn example_line(name: &str) -> String {
    let text = std::fs::read_to_string(super::examples().join(name)).unwrap();
    text.lines().next().unwrap().to_owned()
}

pub async fn phone(page: &Page) {
    page.as_phone(390, 844).await;
    for (name, line, cells) in [
        ("9x9", PUZZLE.to_owned(), 81),
        ("16x16", example_line("line16.txt"), 256),
        ("25x25", example_line("line25.txt"), 625),
    ] {
        page.forget().await;
        page.client.goto("about:blank").await.unwrap();
        page.open(&format!("p={line}")).await;
        page.until(
            name,
            &format!("document.querySelectorAll('.cell').length === {cells}"),
        )
        .await;
        assert_eq!(page.js("screen.width").await, json!(390));
        assert_eq!(page.js(FIT).await, json!([]), "{name} on a phone");
        page.screenshot(&format!("phone-{name}.png")).await;
    }
    // A tap selects, the pad writes.
    let empty = PUZZLE.find('.').unwrap();
    page.open(&format!("p={PUZZLE}")).await;
    page.cell(empty).await;
    page.click("#pad [data-digit=\"5\"]").await;
    page.until(
        "the tapped digit",
        &format!("window.sudokit.values[{empty}] === 5"),
    )
    .await;
    page.as_desktop().await;
}

/// The page background's brightness, 0 (black) to 255.
const BRIGHTNESS: &str = "(() => { const m = getComputedStyle(document.documentElement).backgroundColor.match(/\\d+/g).map(Number);
  return (m[0] + m[1] + m[2]) / 3; })()";

pub async fn dark(page: &Page) {
    page.forget().await;
    page.cdp(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-color-scheme", "value": "dark" }] }),
    )
    .await;
    page.client.goto("about:blank").await.unwrap();
    page.open(&format!("p={PUZZLE}")).await;
    assert!(
        page.js(BRIGHTNESS).await.as_f64().unwrap() < 60.0,
        "dark under prefers-color-scheme: dark"
    );
    assert_eq!(
        page.js("document.getElementById('theme').getAttribute('aria-pressed')")
            .await,
        json!("true")
    );
    page.cell(PUZZLE.find('.').unwrap()).await;
    page.click("#hint").await;
    page.until(
        "a hint",
        "document.getElementById('hint-text').textContent.length > 0",
    )
    .await;
    page.screenshot("dark.png").await;
    audit(page, "dark").await;
    // The toggle: light, then dark again, kept over a reload.
    page.click("#theme").await;
    assert!(
        page.js(BRIGHTNESS).await.as_f64().unwrap() > 200.0,
        "light by the toggle"
    );
    page.client.refresh().await.unwrap();
    page.until(
        "the reloaded board",
        "window.sudokit && window.sudokit.board",
    )
    .await;
    assert!(
        page.js(BRIGHTNESS).await.as_f64().unwrap() > 200.0,
        "the choice is kept"
    );
    page.click("#theme").await;
    assert!(
        page.js(BRIGHTNESS).await.as_f64().unwrap() < 60.0,
        "dark by the toggle"
    );
    page.cdp("Emulation.setEmulatedMedia", json!({ "features": [] }))
        .await;
    page.forget().await;
}

/// axe.min.js from the npm registry's tarball, fetched once into target/.
fn axe_script() -> String {
    let dir: PathBuf = target_dir().join(format!("axe-core-{AXE_VERSION}"));
    let script = dir.join("package/axe.min.js");
    if !script.is_file() {
        std::fs::create_dir_all(&dir).unwrap();
        let tarball = dir.join("axe-core.tgz");
        let url = format!("https://registry.npmjs.org/axe-core/-/axe-core-{AXE_VERSION}.tgz");
        let ok = Command::new("curl")
            .args(["-fsSL", "--retry", "2", "-o"])
            .arg(&tarball)
            .arg(&url)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "cannot fetch {url} (curl)");
        let sum = Command::new("sha256sum")
            .arg(&tarball)
            .output()
            .expect("sha256sum runs");
        let sum = String::from_utf8_lossy(&sum.stdout);
        assert!(
            sum.starts_with(AXE_SHA256),
            "{url}: sha256 {sum}, expected {AXE_SHA256}"
        );
        let ok = Command::new("tar")
            .arg("xzf")
            .arg(&tarball)
            .arg("-C")
            .arg(&dir)
            .arg("package/axe.min.js")
            .status()
            .is_ok_and(|s| s.success());
        assert!(
            ok && script.is_file(),
            "cannot unpack {}",
            tarball.display()
        );
    }
    std::fs::read_to_string(&script).unwrap()
}

/// Runs axe in the page: no serious or critical violation.
pub async fn audit(page: &Page, when: &str) {
    if page.js("typeof window.axe").await != json!("object") {
        page.run(&axe_script()).await;
    }
    let violations = page
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] }).then(r => done(r.violations.map(v => ({
               id: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary) }))),
               e => done([{ id: 'axe', impact: 'critical', help: String(e) }]));",
            vec![],
        )
        .await
        .expect("axe runs");
    let all: Vec<Value> = violations.as_array().cloned().unwrap_or_default();
    for v in &all {
        eprintln!("axe ({when}): {v}");
    }
    let grave: Vec<&Value> = all
        .iter()
        .filter(|v| matches!(v["impact"].as_str(), Some("serious" | "critical")))
        .collect();
    assert!(grave.is_empty(), "axe ({when}): {grave:#?}");
}

pub async fn accessible(page: &Page) {
    page.forget().await;
    page.open(&format!("p={PUZZLE}")).await;
    page.cell(PUZZLE.find('.').unwrap()).await;
    page.keys("#board", "1").await;
    page.click("#hint").await;
    page.until(
        "a hint",
        "document.getElementById('hint-text').textContent.length > 0",
    )
    .await;
    audit(page, "light, a hint shown").await;
    page.click("#steps-open").await;
    page.until("the step list", "window.sudokit.steps").await;
    audit(page, "light, the step list").await;
    page.click("#steps-close").await;
}
