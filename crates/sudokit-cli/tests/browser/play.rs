//! The core game on a desktop: paste, play, clash, undo, marks, hint,
//! check, solve, rate, generate (a killer from the Rules choice too), share,
//! bad input, big and jigsaw boards.

use serde_json::{json, Value};

use super::harness::{solution_of, Page};
use super::PUZZLE;

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

pub async fn core_game(page: &Page) {
    page.paste(PUZZLE).await;
    page.until(
        "the board",
        "window.sudokit.board && document.querySelectorAll('.cell').length === 81",
    )
    .await;
    let givens = PUZZLE.bytes().filter(|b| b.is_ascii_digit()).count();
    assert_eq!(
        page.js("document.querySelectorAll('.cell.given').length")
            .await,
        json!(givens)
    );
    assert_eq!(
        page.js("document.querySelector('[data-cell=\"0\"]').textContent")
            .await,
        json!("4")
    );
    let solution = solution_of(PUZZLE);

    // Play the right digit into the first empty cell.
    let empty = PUZZLE.find('.').unwrap();
    page.cell(empty).await;
    page.keys("#board", &solution[empty].to_string()).await;
    page.until(
        "the played digit",
        &format!("document.querySelector('[data-cell=\"{empty}\"]').classList.contains('player')"),
    )
    .await;
    assert!(!page.classes(empty).await.contains("conflict"));

    // A digit that clashes with row 1's given 4 is shown in red, the
    // selection ring still on it; undo takes it back.
    let other = PUZZLE[..9].rfind('.').unwrap();
    page.cell(other).await;
    page.keys("#board", "4").await;
    page.until(
        "the clash",
        &format!(
            "document.querySelector('[data-cell=\"{other}\"]').classList.contains('conflict')"
        ),
    )
    .await;
    assert!(
        page.classes(0).await.contains("conflict"),
        "the given it clashes with"
    );
    let ring = page
        .js(&format!(
            "getComputedStyle(document.querySelector('[data-cell=\"{other}\"]'), '::after').borderTopWidth"
        ))
        .await;
    assert_eq!(
        ring,
        json!("3px"),
        "the selected cell's ring shows over the clash"
    );
    page.screenshot("selected-over-conflict.png").await;
    page.click("#undo").await;
    page.until("the undo", &format!("window.sudokit.values[{other}] === 0"))
        .await;
    assert_eq!(
        page.js("document.querySelectorAll('.cell.conflict').length")
            .await,
        json!(0)
    );
    page.click("#redo").await;
    page.until(
        "the redo",
        &format!("document.querySelector('[data-cell=\"{other}\"]').textContent === '4'"),
    )
    .await;
    page.click("#undo").await;

    // Corner marks: Space on the board switches to them; digits toggle them.
    page.cell(other).await;
    page.keys("#board", " 12").await;
    page.until(
        "the corner marks",
        &format!(
            "document.querySelector('[data-cell=\"{other}\"] .marks.corner').textContent === '12'"
        ),
    )
    .await;
    assert_eq!(
        page.js("document.querySelector('[data-mode=corner]').getAttribute('aria-pressed')")
            .await,
        json!("true")
    );
    page.keys("#board", " ").await;
    page.click("#undo").await;
    page.click("#undo").await;
    page.until(
        "the marks undone",
        &format!("!document.querySelector('[data-cell=\"{other}\"] .marks')"),
    )
    .await;

    // A hint: a technique in words, its cells highlighted; applying it
    // places the solution's digits.
    page.click("#hint").await;
    page.until(
        "the hint",
        "document.getElementById('hint-text').textContent.length > 0",
    )
    .await;
    let text = page.text("hint-text").await.to_lowercase();
    assert!(
        ["single", "pointing", "claiming", "pair", "wing", "fish", "chain"]
            .iter()
            .any(|t| text.contains(t)),
        "{text}"
    );
    assert!(
        page.js("document.querySelectorAll('.cell.hl-cell').length")
            .await
            .as_u64()
            .unwrap()
            >= 1
    );
    page.screenshot("9x9-hint.png").await;
    let placements = page.js("window.sudokit.hint.highlight.placements").await;
    page.click("#apply").await;
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
        page.until(
            "the applied hint",
            &format!("window.sudokit.values[{cell}] === {d}"),
        )
        .await;
    }
    assert_eq!(
        page.text("hint-text").await,
        "",
        "the hint goes once the board changes"
    );

    // A wrong digit, then Check frames it; the frame and its words go with
    // the next move.
    let wrong_cell = page
        .js("window.sudokit.board.givens.findIndex((g, c) => !g && !window.sudokit.values[c])")
        .await;
    let wrong_cell = wrong_cell.as_u64().expect("an empty cell") as usize;
    let wrong = solution[wrong_cell] % 9 + 1;
    page.cell(wrong_cell).await;
    page.keys("#board", &wrong.to_string()).await;
    page.click("#check").await;
    page.until(
        "the check",
        &format!(
            "document.querySelector('[data-cell=\"{wrong_cell}\"]').classList.contains('wrong')"
        ),
    )
    .await;
    assert!(page.text("status").await.contains("wrong"));
    page.click("#undo").await;
    page.until(
        "the frame gone",
        "document.querySelectorAll('.cell.wrong').length === 0",
    )
    .await;
    assert!(
        !page.text("status").await.contains("wrong"),
        "the words go with the frames"
    );

    // Solve: every cell holds the solution's digit, and it is not a win.
    page.click("#solve").await;
    page.until(
        "the solution",
        "[...document.querySelectorAll('.cell')].every(c => c.textContent.length === 1)",
    )
    .await;
    let shown = page
        .js("[...document.querySelectorAll('.cell')].map(c => c.textContent).join('')")
        .await;
    let expected: String = solution.iter().map(|d| d.to_string()).collect();
    assert_eq!(shown, json!(expected));
    page.click("#check").await;
    page.until(
        "the check",
        "document.getElementById('status').textContent.includes('engine placed')",
    )
    .await;
    assert!(!page.text("status").await.contains("Well done"));

    // Rate.
    page.click("#rate").await;
    page.until(
        "the rating",
        "document.getElementById('rating').textContent.includes('ER')",
    )
    .await;
    let rating = page.text("rating").await;
    assert!(rating.contains("medium"), "{rating}");
    // The card: band, difficulty and minutes, as `sudokit rate` gives them.
    assert!(
        rating.contains("difficulty") && rating.contains(" min"),
        "{rating}"
    );

    // A bad puzzle: what was wrong, in the status line.
    page.paste("this is no puzzle").await;
    page.until(
        "the error",
        "document.getElementById('status').classList.contains('error')",
    )
    .await;
    let message = page.text("status").await;
    assert!(
        message.contains("Could not read a puzzle")
            && message.contains("one line of 17 characters"),
        "{message}"
    );

    // A 16x16 from the generator.
    page.select("#gen-size", "16").await;
    page.click("#generate").await;
    page.until("a 16x16", "document.querySelectorAll('.cell').length === 256 && document.getElementById('status').textContent.startsWith('A new 16x16')").await;
    assert_eq!(page.js(BORDER_MISMATCHES).await, json!(0));
    assert_eq!(
        page.js("window.sudokit.board.symbols.length").await,
        json!(16)
    );
    page.screenshot("16x16.png").await;

    // A 9x9 jigsaw: thick borders exactly where its regions meet; its link
    // (several lines of text) has no newline in it.
    page.select("#gen-size", "9").await;
    page.select("#gen-variant", "jigsaw").await;
    page.click("#generate").await;
    page.until(
        "a jigsaw",
        "document.getElementById('status').textContent.startsWith('A new 9x9 jigsaw')",
    )
    .await;
    assert_eq!(page.js("window.sudokit.board.box").await, Value::Null);
    assert_eq!(page.js(BORDER_MISMATCHES).await, json!(0));
    let off_box = page.js("[...document.querySelectorAll('.cell.br')].filter(d => Number(d.dataset.cell) % 3 !== 2).length").await;
    assert!(off_box.as_u64().unwrap() > 0, "regions that are not boxes");
    let link = page.js("document.getElementById('share-link').value").await;
    let link = link.as_str().unwrap().to_owned();
    assert!(!link.contains("%0A") && !link.contains('\n'), "{link}");
    page.click("#hint").await;
    page.until(
        "a jigsaw hint",
        "document.querySelectorAll('.cell.hl-cell').length > 0",
    )
    .await;
    page.screenshot("jigsaw.png").await;
    // Its link, followed, gives the same jigsaw.
    let givens = page.js("window.sudokit.board.givens").await;
    let regions = page.js("window.sudokit.board.regions").await;
    page.open(link.split_once('#').unwrap().1).await;
    assert_eq!(page.js("window.sudokit.board.givens").await, givens);
    assert_eq!(page.js("window.sudokit.board.regions").await, regions);

    // X-sudoku: its diagonals drawn as two lines, not a tint; windoku: its
    // windows shaded.
    page.select("#gen-variant", "x").await;
    page.click("#generate").await;
    page.until(
        "an X-sudoku",
        "document.getElementById('status').textContent.startsWith('A new 9x9 x')",
    )
    .await;
    assert_eq!(
        page.js("document.querySelectorAll('#lines line').length")
            .await,
        json!(2)
    );
    assert_eq!(
        page.js("window.sudokit.board.extras.length").await,
        json!(2)
    );
    page.screenshot("x.png").await;
    page.select("#gen-variant", "windoku").await;
    page.click("#generate").await;
    page.until(
        "a windoku",
        "document.getElementById('status').textContent.startsWith('A new 9x9 windoku')",
    )
    .await;
    assert_eq!(
        page.js("document.querySelectorAll('.cell.window').length")
            .await,
        json!(36)
    );
    assert_eq!(
        page.js("document.querySelectorAll('#lines line').length")
            .await,
        json!(0)
    );
    page.screenshot("windoku.png").await;
    page.select("#gen-variant", "classic").await;

    // A killer from the Rules choice at a band: the server's f-puzzles link
    // loaded as a pasted one is (through parse), its cages drawn, no
    // givens, the level set aside while rules are chosen.
    page.select("#gen-kind", "killer").await;
    assert_eq!(
        page.js("[document.getElementById('gen-level').disabled, document.getElementById('gen-band').disabled]").await,
        json!([true, false])
    );
    page.select("#gen-band", "easy").await;
    page.run("document.getElementById('gen-seed').value = '3';")
        .await;
    page.click("#generate").await;
    page.until(
        "a killer",
        "document.getElementById('status').textContent.startsWith('A new 9x9 killer puzzle, Easy')",
    )
    .await;
    let status = page.text("status").await;
    assert!(status.contains("0 givens, seed 3."), "{status}");
    assert_eq!(
        page.js("window.sudokit.board.constraints").await,
        json!(["killercage"])
    );
    assert_eq!(
        page.js("window.sudokit.board.format").await,
        json!("fpuzzles")
    );
    assert_eq!(
        page.js("window.sudokit.board.givens.filter((g) => g).length")
            .await,
        json!(0)
    );
    assert_eq!(
        page.js("document.querySelectorAll('#constraints svg .killer-cage').length > 0 && document.querySelectorAll('#constraints svg .cage-total').length > 0").await,
        json!(true)
    );
    // The same seed gives the same killer.
    let text = page.js("window.sudokit.text").await;
    page.run("document.getElementById('status').textContent = '';")
        .await;
    page.click("#generate").await;
    page.until(
        "the same killer again",
        "document.getElementById('status').textContent.startsWith('A new 9x9 killer')",
    )
    .await;
    assert_eq!(page.js("window.sudokit.text").await, text);
    page.screenshot("killer-generated.png").await;
    page.run("document.getElementById('gen-seed').value = '';")
        .await;
    page.select("#gen-band", "").await;
    page.select("#gen-kind", "").await;
    assert_eq!(
        page.js("[document.getElementById('gen-level').disabled, document.getElementById('gen-band').disabled]").await,
        json!([false, true])
    );
}
