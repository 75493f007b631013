//! Variant puzzles in the page (issue #37's "Must show"): a killer, a
//! thermo/arrow, a kropki/XV, a sandwich/little-killer and an irregular
//! puzzle (small 6x6 fixtures in `variants/`, f-puzzles JSON), each pasted
//! (desktop) or opened from the page's own link (a 360 px phone): its
//! constraints drawn, the layer aligned on the cells and the frame on
//! screen with no sideways scroll, a hint drawn on the board, then played
//! to the end by Hint and Apply alone, finished through the server's
//! validator, with no error in the console. On the desktop also: the link
//! carries progress, the step list, true candidates, the dark theme and
//! the axe audit.

use serde_json::json;
use sudokit::format::Format;

use super::harness::{solution_in, Page};
use super::phone::audit;

struct Fixture {
    name: &'static str,
    json: &'static str,
    /// Classes the constraint layer must hold (none: no layer).
    classes: &'static [&'static str],
}

const FIXTURES: [Fixture; 5] = [
    Fixture {
        name: "killer",
        json: include_str!("variants/killer.json"),
        classes: &["killer-cage", "cage-total"],
    },
    Fixture {
        name: "thermo",
        json: include_str!("variants/thermo.json"),
        classes: &["thermometer", "thermo-bulb", "arrow", "arrow-circle"],
    },
    Fixture {
        name: "kropki",
        json: include_str!("variants/kropki.json"),
        classes: &["kropki-white", "kropki-black", "xv"],
    },
    Fixture {
        name: "sandwich",
        json: include_str!("variants/sandwich.json"),
        classes: &["sandwich", "little-killer", "little-killer-arrow"],
    },
    Fixture {
        name: "jigsaw",
        json: include_str!("variants/jigsaw.json"),
        classes: &[],
    },
];

/// Errors the page reports: uncaught errors, rejected promises,
/// `console.error`, resources that fail to load and CSP refusals, kept in
/// `window.__errors` from before the page's own script runs.
pub const WATCH: &str = "window.__errors = [];
  const keep = (what) => window.__errors.push(String(what));
  const error = console.error;
  console.error = (...args) => { keep(args.join(' ')); error.apply(console, args); };
  addEventListener('error', (e) => keep(e.message || (e.target && (e.target.src || e.target.href)) || 'a resource failed'), true);
  addEventListener('unhandledrejection', (e) => keep(e.reason));
  document.addEventListener('securitypolicyviolation', (e) => keep(`CSP: ${e.violatedDirective} ${e.blockedURI}`));";

/// What is wrong with the drawing, as a list: the layer's classes, the
/// layer laid on the cells (its grid on the cells' inner box, one cell of
/// room per side with clues), everything on screen, no sideways scroll.
fn drawn(classes: &[&str]) -> String {
    let classes = serde_json::to_string(classes).unwrap();
    format!(
        "(() => {{ const bad = [], app = window.sudokit, n = app.board.size, W = window.innerWidth;
          const svg = document.querySelector('#constraints svg');
          const want = {classes};
          if (want.length && !svg) bad.push('no constraint layer');
          if (!want.length && svg) bad.push('a layer with no constraints');
          for (const c of want) if (!svg || !svg.querySelector('.' + c)) bad.push(`no .${{c}}`);
          const a = document.querySelector('[data-cell=\"0\"]').getBoundingClientRect();
          const b = document.querySelector(`[data-cell=\"${{n * n - 1}}\"]`).getBoundingClientRect();
          const unit = (b.right - a.left) / n;
          if (svg) {{
            const s = svg.getBoundingClientRect(), [t, r, bo, l] = app.board.overlay.pads;
            const off = [s.left - (a.left - l * unit), s.right - (b.right + r * unit), s.top - (a.top - t * unit), s.bottom - (b.bottom + bo * unit)];
            if (off.some((x) => Math.abs(x) > 1.5)) bad.push(`layer off the cells by ${{off.map((x) => x.toFixed(1))}}`);
            if (s.left < 0 || s.right > W) bad.push(`layer ${{s.left}}..${{s.right}} outside 0..${{W}}`);
          }}
          if (document.documentElement.scrollWidth > W) bad.push(`scrollWidth ${{document.documentElement.scrollWidth}} > ${{W}}`);
          if (unit < 30) bad.push(`cells of ${{unit}} px`);
          // Wide screens: the modes and pad beside the board, from its top
          // (the title and rules under the board must not push them down).
          const modes = document.getElementById('modes').getBoundingClientRect(), wrap = document.getElementById('board-wrap').getBoundingClientRect();
          if (W >= 1100 && Math.abs(modes.top - wrap.top) > 2) bad.push(`the modes at ${{modes.top}}, the board at ${{wrap.top}}`);
          if (!app.board.box && new Set(app.cells.map((c) => c.style.getPropertyValue('--fill'))).size !== n) bad.push('regions not each their colour');
          return bad; }})()"
    )
}

/// Plays the board to the end in the page, by the Hint and Apply buttons
/// alone (one script: a WebDriver round trip per click would cost seconds).
const PLAY_BY_HINTS: &str = "const done = arguments[arguments.length - 1];
(async () => {
  const app = window.sudokit, $ = (id) => document.getElementById(id);
  const wait = async (f) => { for (let i = 0; i < 1000; i++) { if (f()) return true; await new Promise((r) => setTimeout(r, 5)); } return false; };
  let hints = 0;
  while (!app.finished) {
    const before = app.values.join();
    $('hint').click();
    if (!await wait(() => app.hint || (app.busy === 0 && $('hint-text').textContent))) return done({ error: 'no answer to Hint', hints });
    if (!app.hint) return done({ error: $('hint-text').textContent, hints });
    if (!app.hint.highlight.cells.every((c) => app.cells[c].classList.contains('hl-cell'))) return done({ error: 'the step is not drawn', hints });
    $('apply').click();
    hints += 1;
    if (!await wait(() => app.values.join() !== before)) return done({ error: 'Apply placed nothing', hints });
    // A full grid goes to the server's validator before it is finished.
    const full = () => app.board.givens.every((g, c) => g || app.values[c]);
    if (full() && !await wait(() => app.finished || app.busy === 0 && $('status').className === 'error')) return done({ error: 'the full grid is not confirmed', hints });
    if (hints > 200) return done({ error: 'the hints do not end', hints });
  }
  await wait(() => app.won && app.busy === 0);
  done({ hints, won: app.won, status: $('status').textContent, digits: app.board.givens.map((g, c) => g || app.values[c]) });
})();";

async fn no_errors(page: &Page, what: &str) {
    assert_eq!(
        page.js("window.__errors").await,
        json!([]),
        "console errors: {what}"
    );
}

/// One fixture on the current viewport: drawn, a hint drawn, played to the
/// end by hints. `link`: open the page's link (else paste the JSON).
async fn play(page: &Page, f: &Fixture, view: &str, link: Option<&str>) {
    page.forget().await;
    page.client.goto("about:blank").await.unwrap();
    match link {
        Some(fragment) => page.open(fragment).await,
        None => {
            page.client.goto(&page.base).await.unwrap();
            page.until("the first puzzle", "window.sudokit && window.sudokit.board")
                .await;
            page.run(&format!(
                "document.getElementById('puzzle-input').value = {};",
                serde_json::to_string(f.json).unwrap()
            ))
            .await;
            page.run("window.sudokit.board = null;").await;
            page.click("#load").await;
        }
    }
    page.until(
        f.name,
        "window.sudokit.board && window.sudokit.board.format === 'fpuzzles'",
    )
    .await;
    page.until(
        "the status",
        "document.getElementById('status').textContent.includes('Your move')",
    )
    .await;
    let what = format!("{} ({view})", f.name);
    assert_eq!(page.js(&drawn(f.classes)).await, json!([]), "{what}");
    page.screenshot(&format!("variant-{}-{view}.png", f.name))
        .await;
    // A first hint, drawn on the board.
    page.click("#hint").await;
    page.until("a hint", "window.sudokit.hint").await;
    page.screenshot(&format!("variant-{}-{view}-hint.png", f.name))
        .await;
    page.click("#apply").await;
    page.until(
        "the hint applied",
        "!window.sudokit.hint && window.sudokit.values.some((v) => v)",
    )
    .await;
    let played = page
        .client
        .execute_async(PLAY_BY_HINTS, vec![])
        .await
        .expect("the page plays");
    assert!(played["error"].is_null(), "{what}: {played}");
    assert_eq!(played["won"], json!(true), "{what}: {played}");
    assert!(
        played["status"].as_str().unwrap().contains("Well done"),
        "{what}: {played}"
    );
    assert_eq!(
        played["digits"],
        json!(solution_in(f.json, Format::Fpuzzles)),
        "{what}"
    );
    eprintln!(
        "{what}: {} hints to the end",
        played["hints"].as_u64().unwrap() + 1
    );
    page.screenshot(&format!("variant-{}-{view}-solved.png", f.name))
        .await;
    no_errors(page, &what).await;
}

/// The page's link to the puzzle as loaded (no progress yet), as a fragment.
async fn fresh_link(page: &Page, f: &Fixture) -> String {
    page.forget().await;
    let answer = page.api("parse", json!({ "puzzle": f.json })).await;
    let text = answer["board"]["text"]
        .as_str()
        .unwrap()
        .trim_end()
        .to_owned();
    let fragment: String = url_encode(&text);
    format!("p={fragment}&f=fpuzzles")
}

/// `application/x-www-form-urlencoded` as the page's URLSearchParams writes it.
fn url_encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The killer's link mid-game opens the same puzzle with the same digits.
async fn link_keeps_progress(page: &Page) {
    let f = &FIXTURES[0];
    let fragment = fresh_link(page, f).await;
    page.open(&fragment).await;
    for _ in 0..3 {
        page.click("#hint").await;
        page.until("a hint", "window.sudokit.hint").await;
        page.click("#apply").await;
        page.until("applied", "!window.sudokit.hint").await;
    }
    let values = page.js("window.sudokit.values").await;
    let link = page.js("document.getElementById('share-link').value").await;
    let link = link.as_str().unwrap().to_owned();
    assert!(link.len() < 4000, "a link of {} characters", link.len());
    page.forget().await;
    page.client.goto("about:blank").await.unwrap();
    page.client.goto(&link).await.unwrap();
    page.until("the linked board", "window.sudokit && window.sudokit.board")
        .await;
    assert_eq!(
        page.js("window.sudokit.values").await,
        values,
        "the link's digits"
    );
    assert_eq!(
        page.js("window.sudokit.board.constraints").await,
        json!(["killercage"])
    );
}

/// The step list walks a variant path, each step drawn; true candidates
/// show the solution's digits.
async fn steps_and_true_candidates(page: &Page) {
    let f = &FIXTURES[1];
    page.open(&fresh_link(page, f).await).await;
    page.click("#steps-open").await;
    page.until("the step list", "window.sudokit.steps").await;
    for _ in 0..4 {
        page.click("#step-next").await;
    }
    page.until("step 5", "window.sudokit.steps.at === 4").await;
    let undrawn = page
        .js("(() => { const h = window.sudokit.steps.highlights[4]; return h.cells.filter((c) => !window.sudokit.cells[c].classList.contains('hl-cell')); })()")
        .await;
    assert_eq!(undrawn, json!([]));
    page.screenshot("variant-thermo-step-list.png").await;
    page.click("#steps-close").await;
    page.click("#truth").await;
    page.until("true candidates", "window.sudokit.truth").await;
    let solution = solution_in(f.json, Format::Fpuzzles);
    let truth: Vec<u64> = serde_json::from_value(page.js("window.sudokit.truth").await).unwrap();
    let givens: Vec<u8> =
        serde_json::from_value(page.js("window.sudokit.board.givens").await).unwrap();
    for (cell, &mask) in truth.iter().enumerate() {
        if givens[cell] == 0 {
            assert_eq!(
                mask,
                1 << (solution[cell] - 1),
                "a unique puzzle's true candidates"
            );
        }
    }
    let shown = page
        .js("document.querySelectorAll('.marks.cands').length")
        .await;
    assert_eq!(shown, json!(givens.iter().filter(|&&g| g == 0).count()));
    page.screenshot("variant-thermo-true-candidates.png").await;
    no_errors(page, "steps and true candidates").await;
}

async fn dark_and_audit(page: &Page) {
    let f = &FIXTURES[3];
    page.open(&fresh_link(page, f).await).await;
    audit(page, "a sandwich puzzle").await;
    page.cdp(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-color-scheme", "value": "dark" }] }),
    )
    .await;
    page.until(
        "the dark layer",
        "document.getElementById('board-wrap').classList.contains('dark')",
    )
    .await;
    page.screenshot("variant-sandwich-dark.png").await;
    page.cdp("Emulation.setEmulatedMedia", json!({ "features": [] }))
        .await;
}

pub async fn variants(page: &Page) {
    page.cdp("Page.enable", json!({})).await;
    page.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": WATCH }),
    )
    .await;
    for f in &FIXTURES {
        play(page, f, "desktop", None).await;
    }
    link_keeps_progress(page).await;
    steps_and_true_candidates(page).await;
    dark_and_audit(page).await;
    page.as_phone(360, 740).await;
    for f in &FIXTURES {
        let link = fresh_link(page, f).await;
        play(page, f, "phone", Some(&link)).await;
    }
    page.as_desktop().await;
    page.forget().await;
}
