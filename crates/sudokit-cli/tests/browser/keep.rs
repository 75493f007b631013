//! What a person who keeps the page open meets: the first visit's puzzle,
//! progress kept over a reload and carried by a link, finishing noticed,
//! focus and Space, warnings on load, exact seeds, and the tools (marks,
//! colours, many cells at once, the pad's counts, the first arrow press).

use serde_json::json;

use super::harness::{solution_of, Page};
use super::PUZZLE;

const SHIFT: &str = "\u{E008}";
const RELEASE: &str = "\u{E000}";
const RIGHT: &str = "\u{E014}";
const DOWN: &str = "\u{E015}";

/// Cells with a value as the link's `cell_value` pairs, base 36.
fn sparse(values: &[(usize, u64)]) -> String {
    let b36 = |mut x: u64| {
        let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
        let mut s = Vec::new();
        loop {
            s.push(digits[(x % 36) as usize]);
            x /= 36;
            if x == 0 {
                break;
            }
        }
        s.reverse();
        String::from_utf8(s).unwrap()
    };
    values
        .iter()
        .map(|&(c, v)| format!("{}_{}", b36(c as u64), b36(v)))
        .collect::<Vec<_>>()
        .join(".")
}

fn empties(line: &str) -> Vec<usize> {
    line.bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'.')
        .map(|(i, _)| i)
        .collect()
}

/// Seconds on the clock as shown.
async fn clock(page: &Page) -> u64 {
    let text = page.text("timer").await;
    text.split(':')
        .fold(0, |acc, part| acc * 60 + part.parse::<u64>().unwrap_or(0))
}

pub async fn first_visit(page: &Page) {
    page.client.goto(&page.base).await.expect("the page loads");
    page.until("the first puzzle", "window.sudokit && window.sudokit.board")
        .await;
    let cells = page.js("document.querySelectorAll('.cell').length").await;
    assert_eq!(cells, json!(81), "a playable 9x9 at once");
    let givens = page
        .js("document.querySelectorAll('.cell.given').length")
        .await;
    assert!(givens.as_u64().unwrap() >= 17);
    assert!(page.text("status").await.contains("Your move"));
    let icon = page
        .js("document.querySelector('link[rel=icon]').href")
        .await;
    assert!(
        icon.as_str().unwrap().starts_with("data:image/svg+xml"),
        "a favicon"
    );
    // It plays: the first empty cell takes a digit.
    let empty = page
        .js("window.sudokit.board.givens.indexOf(0)")
        .await
        .as_u64()
        .unwrap() as usize;
    page.cell(empty).await;
    page.keys("#board", "1").await;
    page.until("a digit", &format!("window.sudokit.values[{empty}] === 1"))
        .await;
    page.screenshot("first-visit.png").await;
}

pub async fn progress_kept(page: &Page) {
    page.forget().await;
    page.open(&format!("p={PUZZLE}")).await;
    let solution = solution_of(PUZZLE);
    let e = empties(PUZZLE);
    // A digit, two corner marks, a centre mark, a colour.
    page.cell(e[0]).await;
    page.keys("#board", &solution[e[0]].to_string()).await;
    page.cell(e[1]).await;
    page.click("[data-mode=corner]").await;
    page.keys("#board", "12").await;
    page.cell(e[2]).await;
    page.click("[data-mode=centre]").await;
    page.keys("#board", "5").await;
    page.cell(e[3]).await;
    page.click("[data-mode=colour]").await;
    page.click("#pad [data-colour=\"3\"]").await;
    page.click("[data-mode=digit]").await;
    page.until(
        "a second on the clock",
        "document.getElementById('timer').textContent !== '0:00'",
    )
    .await;
    let before = clock(page).await;
    let check = format!(
        "window.sudokit.values[{}] === {} && window.sudokit.corner[{}] === 3 && window.sudokit.centre[{}] === 16 && window.sudokit.colours[{}] === 3",
        e[0], solution[e[0]], e[1], e[2], e[3]
    );
    page.until("the moves", &check).await;

    // A reload keeps them, and the clock.
    page.run("window.sudokit.board = null;").await;
    page.client.refresh().await.unwrap();
    page.until(
        "the reloaded board",
        "window.sudokit && window.sudokit.board",
    )
    .await;
    page.until("the moves after a reload", &check).await;
    assert!(
        clock(page).await >= before,
        "the clock goes on from where it was"
    );
    // The page opened afresh, with no link: the saved game.
    page.client.goto("about:blank").await.unwrap();
    page.client.goto(&page.base).await.unwrap();
    page.until("the saved board", "window.sudokit && window.sudokit.board")
        .await;
    page.until("the moves from storage", &check).await;
    assert!(clock(page).await >= before, "storage keeps the clock");
    page.screenshot("restored.png").await;

    // So does the link, in a browser that has nothing saved.
    let link = page.js("document.getElementById('share-link').value").await;
    let link = link.as_str().unwrap().to_owned();
    assert!(!link.contains("%0A"), "{link}");
    page.forget().await;
    page.client.goto("about:blank").await.unwrap();
    page.client.goto(&link).await.unwrap();
    page.until("the linked board", "window.sudokit && window.sudokit.board")
        .await;
    page.until("the moves from the link", &check).await;
    assert!(clock(page).await >= before, "the link carries the clock");
}

pub async fn finishing(page: &Page) {
    page.forget().await;
    let solution = solution_of(PUZZLE);
    let e = empties(PUZZLE);
    let (last, rest) = e.split_last().unwrap();
    let played: Vec<(usize, u64)> = rest.iter().map(|&c| (c, u64::from(solution[c]))).collect();
    page.open(&format!("p={PUZZLE}&v={}", sparse(&played)))
        .await;
    assert!(page.text("status").await.contains("Your move"));
    // The last digit by hand: congratulated, with confetti; the clock stops.
    page.cell(*last).await;
    page.keys("#board", &solution[*last].to_string()).await;
    page.until(
        "the congratulation",
        "document.getElementById('status').textContent.includes('Well done')",
    )
    .await;
    assert!(
        page.js("document.querySelectorAll('#confetti i').length")
            .await
            .as_u64()
            .unwrap()
            > 0
    );
    assert_eq!(
        page.js("document.getElementById('board-wrap').classList.contains('won')")
            .await,
        json!(true)
    );
    assert_eq!(
        page.js("window.sudokit.clock.since").await,
        json!(null),
        "the clock stops"
    );
    page.screenshot("finished.png").await;

    // Started again and solved by Solve: no congratulation.
    page.click("#restart").await;
    page.until("the restart", "window.sudokit.values.every(v => !v)")
        .await;
    page.click("#hint").await;
    page.until(
        "a hint",
        "document.getElementById('hint-text').textContent.length > 0",
    )
    .await;
    page.click("#solve").await;
    page.until("the engine's solution", "window.sudokit.finished")
        .await;
    let status = page.text("status").await;
    assert!(
        status.contains("Solved by the engine") && !status.contains("Well done"),
        "{status}"
    );
    assert_eq!(
        page.js("document.querySelectorAll('#confetti i').length")
            .await,
        json!(0)
    );
    assert_eq!(
        page.js("document.getElementById('board-wrap').classList.contains('won')")
            .await,
        json!(false)
    );
    assert_eq!(page.text("hint-text").await, "", "the hint goes with Solve");
    assert_eq!(
        page.js("document.querySelectorAll('.marks.cands').length")
            .await,
        json!(0)
    );
    page.click("#check").await;
    page.until(
        "the check",
        "document.getElementById('status').textContent.includes('engine placed')",
    )
    .await;
    assert!(!page.text("status").await.contains("Well done"));
    page.screenshot("solved-by-engine.png").await;
}

pub async fn focus_and_space(page: &Page) {
    page.forget().await;
    page.open(&format!("p={PUZZLE}")).await;
    // Space on a focused button presses it, and the focus stays there
    // while the server answers.
    page.keys("#hint", " ").await;
    page.until(
        "the hint",
        "document.getElementById('hint-text').textContent.length > 0",
    )
    .await;
    assert_eq!(page.js("document.activeElement.id").await, json!("hint"));
    assert_eq!(
        page.js("window.sudokit.mode").await,
        json!("digit"),
        "Space did not switch marks"
    );
    page.click("#check").await;
    page.until(
        "the check",
        "document.getElementById('status').textContent.includes('correct')",
    )
    .await;
    assert_eq!(page.js("document.activeElement.id").await, json!("check"));
    page.click("#rate").await;
    page.until(
        "the rating",
        "document.getElementById('rating').textContent.includes('ER')",
    )
    .await;
    assert_eq!(page.js("document.activeElement.id").await, json!("rate"));
    // The first arrow press with nothing selected selects r1c1.
    page.open(&format!("p={PUZZLE}")).await;
    assert_eq!(page.js("window.sudokit.selection.size").await, json!(0));
    page.run("document.getElementById('board').focus();").await;
    page.keys("#board", DOWN).await;
    assert_eq!(page.js("[...window.sudokit.selection]").await, json!([0]));
    page.keys("#board", DOWN).await;
    assert_eq!(page.js("[...window.sudokit.selection]").await, json!([9]));
}

pub async fn warnings(page: &Page) {
    // No clash among the givens, yet r1c2 can hold nothing.
    let none = format!("1.2345678.9{}", ".".repeat(70));
    page.paste(&none).await;
    page.until("the board", "window.sudokit.board").await;
    page.until(
        "the warning",
        "document.getElementById('status').classList.contains('warn')",
    )
    .await;
    assert!(page.text("status").await.contains("no solution"));
    page.screenshot("no-solution.png").await;
    let several = format!("{}{}", &PUZZLE[..40], ".".repeat(41));
    page.paste(&several).await;
    page.until("the board", "window.sudokit.board").await;
    page.until(
        "the warning",
        "document.getElementById('status').textContent.includes('more than one solution')",
    )
    .await;
    assert!(page.text("status").await.contains("more than one solution"));
    page.paste(PUZZLE).await;
    page.until("the board", "window.sudokit.board").await;
    assert!(page.text("status").await.contains("Your move"));
}

pub async fn exact_seeds(page: &Page) {
    page.select("#gen-size", "9").await;
    page.select("#gen-variant", "classic").await;
    page.select("#gen-level", "").await;
    // Past 2^53, where JavaScript numbers stop being exact.
    let seed = "18446744073709551557";
    let seed_box = page
        .client
        .find(fantoccini::Locator::Css("#gen-seed"))
        .await
        .unwrap();
    seed_box.clear().await.unwrap();
    seed_box.send_keys(seed).await.unwrap();
    page.run("window.sudokit.board = null;").await;
    page.click("#generate").await;
    page.until("a seeded puzzle", "window.sudokit.board && document.getElementById('status').textContent.startsWith('A new 9x9')").await;
    let status = page.text("status").await;
    assert!(status.contains(&format!("seed {seed}.")), "{status}");
    let first = page.js("window.sudokit.board.givens").await;
    page.run("window.sudokit.board = null;").await;
    page.click("#generate").await;
    page.until("the same seed again", "window.sudokit.board")
        .await;
    assert_eq!(
        page.js("window.sudokit.board.givens").await,
        first,
        "one seed, one puzzle"
    );
    // A random seed, shown, makes the same puzzle again.
    seed_box.clear().await.unwrap();
    page.run("window.sudokit.board = null;").await;
    page.click("#generate").await;
    page.until("a random puzzle", "window.sudokit.board && document.getElementById('status').textContent.startsWith('A new 9x9')").await;
    let status = page.text("status").await;
    let shown = status
        .split("seed ")
        .nth(1)
        .unwrap()
        .split('.')
        .next()
        .unwrap()
        .to_owned();
    let random = page.js("window.sudokit.board.givens").await;
    seed_box.send_keys(&shown).await.unwrap();
    page.run("window.sudokit.board = null;").await;
    page.click("#generate").await;
    page.until("the shown seed's puzzle", "window.sudokit.board")
        .await;
    assert_eq!(
        page.js("window.sudokit.board.givens").await,
        random,
        "seed {shown}"
    );
    seed_box.clear().await.unwrap();
}

pub async fn tools(page: &Page) {
    page.forget().await;
    page.open(&format!("p={PUZZLE}")).await;
    let solution = solution_of(PUZZLE);
    // Fill marks: every empty cell's corner marks are its candidates.
    page.click("#fill").await;
    page.until("the marks", "window.sudokit.corner.some(m => m)")
        .await;
    let wrong = page
        .js("(() => { const a = window.sudokit, n = 9, d = a.board.givens; let bad = 0;
              for (let c = 0; c < 81; c++) {
                let want = 0;
                if (!d[c]) { want = 511; for (let o = 0; o < 81; o++) {
                  const same = Math.floor(o / 9) === Math.floor(c / 9) || o % 9 === c % 9 ||
                    (Math.floor(o / 27) === Math.floor(c / 27) && Math.floor(o % 9 / 3) === Math.floor(c % 9 / 3));
                  if (o !== c && same && d[o]) want &= ~(1 << (d[o] - 1)); } }
                if (a.corner[c] !== want) bad++; }
              return bad; })()")
        .await;
    assert_eq!(wrong, json!(0), "corner marks = candidates");
    // A placed digit leaves its peers' marks; a cell elsewhere keeps them.
    let e = empties(PUZZLE);
    let cell = e[0];
    let d = solution[cell];
    let bit = 1u64 << (d - 1);
    page.cell(cell).await;
    page.keys("#board", &d.to_string()).await;
    page.until(
        "the digit",
        &format!("window.sudokit.values[{cell}] === {d}"),
    )
    .await;
    let peers_left = page
        .js(&format!(
            "window.sudokit.peers[{cell}].filter(p => window.sudokit.corner[p] & {bit}).length"
        ))
        .await;
    assert_eq!(peers_left, json!(0));
    assert!(page.js(&format!("window.sudokit.corner.some((m, c) => c !== {cell} && !window.sudokit.peers[{cell}].includes(c) && (m & {bit}))")).await == json!(true));
    // The pad counts what is left of each digit.
    let left = page
        .js(&format!(
            "document.querySelector('#pad [data-digit=\"{d}\"] .left').textContent"
        ))
        .await;
    let on_board = PUZZLE.bytes().filter(|&b| b == b'0' + d).count() + 1;
    assert_eq!(left, json!((9 - on_board).to_string()));
    // Two cells at once: Shift+arrow extends the selection; a colour and a
    // centre mark go to both.
    let a = e[1];
    let b = a + 1;
    assert!(PUZZLE.as_bytes()[b] == b'.', "two empty cells side by side");
    page.cell(a).await;
    page.keys("#board", &format!("{SHIFT}{RIGHT}{RELEASE}"))
        .await;
    assert_eq!(page.js("window.sudokit.selection.size").await, json!(2));
    page.click("[data-mode=colour]").await;
    page.click("#pad [data-colour=\"5\"]").await;
    page.click("[data-mode=centre]").await;
    page.click("#pad [data-digit=\"7\"]").await;
    page.click("[data-mode=digit]").await;
    page.until(
        "colour and centre mark on both",
        &format!("[{a}, {b}].every(c => window.sudokit.colours[c] === 5 && window.sudokit.centre[c] === 64)"),
    )
    .await;
    page.screenshot("tools.png").await;
}

/// A 25x25 board's marks are large enough to read on a desktop.
pub async fn big_marks(page: &Page) {
    let line = std::fs::read_to_string(super::examples().join("line25.txt")).unwrap();
    let line = line.lines().next().unwrap();
    page.open(&format!("p={line}")).await;
    page.until(
        "a 25x25",
        "document.querySelectorAll('.cell').length === 625",
    )
    .await;
    let cell = line.find('.').unwrap();
    page.cell(cell).await;
    page.click("[data-mode=corner]").await;
    for d in [1, 2, 3] {
        page.click(&format!("#pad [data-digit=\"{d}\"]")).await;
    }
    page.click("[data-mode=digit]").await;
    page.until(
        "three marks",
        &format!("window.sudokit.corner[{cell}] === 7"),
    )
    .await;
    let size = page
        .js(&format!("parseFloat(getComputedStyle(document.querySelector('[data-cell=\"{cell}\"] .marks')).fontSize)"))
        .await;
    assert!(size.as_f64().unwrap() >= 9.0, "25x25 marks are {size} px");
    page.screenshot("25x25-marks.png").await;
}
