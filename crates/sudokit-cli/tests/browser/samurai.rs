//! A samurai (five 9x9 grids on a 21x21 board) on a 390x844 phone: pasted
//! into the puzzle box, drawn with its holes (empty, inert) and each grid's
//! frame, no sideways scroll; cells in a corner grid and in the centre
//! grid's shared box played; arrows skip the holes; Check, Hint, True
//! candidates and the step list answer without an error; progress kept
//! over a reload; a samurai generated from the Layout choice; on the
//! desktop, the axe audit.

use serde_json::{json, Value};
use sudokit::format::Format;

use super::harness::{solution_in, Page};
use super::variants::WATCH;
use super::PUZZLE;

const RIGHT: &str = "\u{E014}";

fn samurai() -> String {
    std::fs::read_to_string(super::examples().join("samurai.txt")).unwrap()
}

/// What does not fit the phone: sideways scroll, the board or any cell
/// outside the viewport's width, cells under 15 px.
const FIT: &str = "(() => {
  const bad = [], s = document.scrollingElement, W = window.innerWidth;
  if (s.scrollWidth > s.clientWidth) bad.push(`scrollWidth ${s.scrollWidth} > clientWidth ${s.clientWidth}`);
  for (const id of ['board-wrap', 'board', 'pad']) {
    const r = document.getElementById(id).getBoundingClientRect();
    if (r.left < 0 || r.right > W) bad.push(`${id} at ${r.left}..${r.right} outside 0..${W}`);
  }
  for (const c of document.querySelectorAll('.cell')) {
    const r = c.getBoundingClientRect();
    if (r.left < 0 || r.right > W) bad.push(`cell ${c.dataset.cell} at ${r.left}..${r.right}`);
    if (r.width < 15 || r.height < 15) { bad.push(`cell ${c.dataset.cell} is ${r.width}x${r.height}`); break; }
  }
  return bad; })()";

/// Holes that are not inert and empty: a cell index, a role, focus, a
/// border, a background, text.
const HOLES: &str = "[...document.querySelectorAll('#board .hole')].filter((h) => {
  const s = getComputedStyle(h);
  return 'cell' in h.dataset || h.getAttribute('role') || h.tabIndex >= 0 || h.textContent
    || s.borderTopWidth !== '0px' || s.borderLeftWidth !== '0px' || s.borderRightWidth !== '0px'
    || s.borderBottomWidth !== '0px' || s.backgroundColor !== 'rgba(0, 0, 0, 0)'; }).length";

/// The first empty cell whose board position passes `test` (an
/// expression in `r` and `c`).
async fn empty_cell(page: &Page, test: &str) -> usize {
    let cell = page
        .js(&format!(
            "window.sudokit.shape.pos.findIndex(([r, c], cell) => ({test}) && !window.sudokit.board.givens[cell] && !window.sudokit.values[cell])"
        ))
        .await;
    let cell = cell.as_i64().expect("a cell index");
    assert!(cell >= 0, "an empty cell where {test}");
    cell as usize
}

async fn status_ok(page: &Page, what: &str) {
    let class = page.js("document.getElementById('status').className").await;
    assert_ne!(
        class,
        json!("error"),
        "{what}: {}",
        page.text("status").await
    );
}

async fn no_errors(page: &Page, what: &str) {
    assert_eq!(
        page.js("window.__errors").await,
        json!([]),
        "console errors: {what}"
    );
}

pub async fn samurai_phone(page: &Page) {
    let text = samurai();
    let solution = solution_in(&text, Format::Multi);
    page.cdp("Page.enable", json!({})).await;
    // Once per document, whether or not `variants` added it before.
    page.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": format!("if (!window.__errors) {{ {WATCH} }}") }),
    )
    .await;
    page.as_phone(390, 844).await;
    page.forget().await;
    page.client.goto("about:blank").await.unwrap();
    page.open(&format!("p={PUZZLE}")).await;
    // Pasted as a person pastes it: the board's rows, spaces for holes.
    page.paste(&text).await;
    page.until(
        "the samurai",
        "window.sudokit.board && window.sudokit.board.layout === 'samurai'",
    )
    .await;
    assert!(
        page.text("status")
            .await
            .starts_with("Samurai (21x21 board"),
        "{}",
        page.text("status").await
    );
    assert_eq!(
        page.js("document.querySelectorAll('#board .cell').length")
            .await,
        json!(369)
    );
    assert_eq!(
        page.js("document.querySelectorAll('#board .hole').length")
            .await,
        json!(21 * 21 - 369)
    );
    assert_eq!(page.js(HOLES).await, json!(0), "holes are inert and empty");
    assert_eq!(page.js(FIT).await, json!([]), "a samurai on a phone");
    // Each grid's frame along the holes: r1c9 has a hole on its right,
    // r1c13 on its left, and the board's edge above both.
    let at = |r: usize, c: usize| format!("window.sudokit.shape.cellAt({r}, {c})");
    let classes = |r: usize, c: usize| format!("window.sudokit.cells[{}].className", at(r, c));
    let c9 = page.js(&classes(0, 8)).await;
    let c13 = page.js(&classes(0, 12)).await;
    for (cls, want) in [(&c9, ["or", "ot"]), (&c13, ["ol", "ot"])] {
        let cls = cls.as_str().unwrap();
        for w in want {
            assert!(cls.split(' ').any(|x| x == w), "{cls} has {w}");
        }
    }
    // The givens where the text has them.
    let givens: Vec<u8> =
        serde_json::from_value(page.js("window.sudokit.board.givens").await).unwrap();
    assert_eq!(givens.len(), 369);

    // A corner grid's empty cell (top-left grid, away from the centre).
    let corner = empty_cell(page, "r < 6 && c < 6").await;
    page.cell(corner).await;
    page.keys("#board", &solution[corner].to_string()).await;
    page.until(
        "the corner digit",
        &format!("window.sudokit.values[{corner}] === {}", solution[corner]),
    )
    .await;
    // The centre grid's box shared with the top-left grid (r7-9 c7-9): its
    // peers are both grids' rows and columns and the box (14 + 14 + 4).
    let shared = empty_cell(page, "r >= 6 && r < 9 && c >= 6 && c < 9").await;
    page.cell(shared).await;
    assert_eq!(
        page.js(&format!("window.sudokit.peers[{shared}].length"))
            .await,
        json!(32)
    );
    assert!(
        page.js("document.querySelectorAll('#board .cell.peer').length")
            .await
            .as_u64()
            .unwrap()
            >= 32 - 8,
        "the peers are tinted"
    );
    page.keys("#board", &solution[shared].to_string()).await;
    page.until(
        "the shared box's digit",
        &format!("window.sudokit.values[{shared}] === {}", solution[shared]),
    )
    .await;
    // The pad counts 41 of each digit on a samurai.
    let left = page
        .js("Number(document.querySelector('#pad [data-digit=\"1\"] .left').textContent)")
        .await;
    let ones = givens.iter().filter(|&&g| g == 1).count()
        + usize::from(solution[corner] == 1)
        + usize::from(solution[shared] == 1);
    assert_eq!(left, json!(41 - ones));
    // An arrow over the hole: r1c9 to r1c13.
    page.cell(page.js(&at(0, 8)).await.as_u64().unwrap() as usize)
        .await;
    page.keys("#board", RIGHT).await;
    assert_eq!(
        page.js("window.sudokit.cursor").await,
        page.js(&at(0, 12)).await
    );

    // Check, Hint, True candidates: answered, no error.
    page.click("#check").await;
    page.until(
        "the check",
        "document.getElementById('status').textContent.includes('correct')",
    )
    .await;
    status_ok(page, "check").await;
    page.run("window.scrollTo(0, 0);").await;
    page.screenshot("samurai-phone.png").await;
    page.click("#hint").await;
    page.until(
        "the hint",
        "window.sudokit.hint && document.getElementById('hint-text').textContent.length > 0",
    )
    .await;
    status_ok(page, "hint").await;
    let placements = page.js("window.sudokit.hint.highlight.placements").await;
    for p in placements.as_array().expect("a placing hint") {
        let (cell, d) = (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap());
        assert_eq!(u64::from(solution[cell]), d, "the hint's digit");
    }
    page.click("#truth").await;
    page.until("true candidates", "window.sudokit.truth").await;
    status_ok(page, "true candidates").await;
    let empty = page
        .js("window.sudokit.board.givens.filter((g, c) => !g && !window.sudokit.values[c]).length")
        .await;
    assert_eq!(
        page.js("document.querySelectorAll('.marks.cands').length")
            .await,
        empty
    );
    page.screenshot("samurai-phone-candidates.png").await;
    // The step list draws its steps on the board.
    page.click("#steps-open").await;
    page.until("the step list", "window.sudokit.steps").await;
    status_ok(page, "the step list").await;
    page.click("#step-next").await;
    page.until("step 2", "window.sudokit.steps.at === 1").await;
    page.click("#steps-close").await;
    no_errors(page, "a samurai on a phone").await;

    // A reload keeps the digits.
    let values = page.js("window.sudokit.values").await;
    page.client.refresh().await.unwrap();
    page.until(
        "the samurai again",
        "window.sudokit && window.sudokit.board && window.sudokit.board.layout === 'samurai'",
    )
    .await;
    assert_eq!(page.js("window.sudokit.values").await, values);

    // Generate's Layout choice makes a samurai.
    page.select("#gen-layout", "samurai").await;
    assert_eq!(
        page.js("document.getElementById('gen-size').disabled")
            .await,
        Value::Bool(true)
    );
    page.select("#gen-level", "").await;
    page.run("document.getElementById('gen-seed').value = '1';")
        .await;
    page.run("window.sudokit.board = null;").await;
    page.click("#generate").await;
    page.until(
        "a generated samurai",
        "window.sudokit.board && window.sudokit.board.layout === 'samurai' && document.getElementById('status').textContent.startsWith('A new samurai')",
    )
    .await;
    assert_eq!(page.js(FIT).await, json!([]), "a generated samurai");
    no_errors(page, "a generated samurai").await;
    page.screenshot("samurai-phone-generated.png").await;
    page.as_desktop().await;
    page.until(
        "the desktop board",
        "document.querySelector('.cell').getBoundingClientRect().width > 22",
    )
    .await;
    page.run("window.scrollTo(0, 0);").await;
    page.screenshot("samurai-desktop.png").await;
    // Holes are hidden from assistive technology; the grid stays a grid.
    super::phone::audit(page, "a samurai").await;
    page.select("#gen-layout", "").await;
    page.forget().await;
}
