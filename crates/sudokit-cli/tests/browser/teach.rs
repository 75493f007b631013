//! Teaching: a hint that rests on elimination steps draws each of them, and
//! the step list walks the whole path forward and back, each step drawn.

use serde_json::{json, Value};

use super::harness::{solution_of, Page};
use super::PUZZLE;

/// In the page: what of `highlight` is not drawn on the board (placements
/// framed, eliminations struck through with `cls`, the pattern's cells
/// tinted), as a list of faults.
fn undrawn(highlight: &str, cls: &str) -> String {
    format!(
        "(() => {{ const h = {highlight}, bad = [];
          const span = (c, d) => document.querySelector(`[data-cell=\"${{c}}\"] .marks.cands span:nth-child(${{d}})`);
          for (const [c, d] of h.eliminations) {{ const s = span(c, d);
            if (!s || !s.classList.contains('{cls}')) bad.push(`elimination r${{Math.floor(c / 9) + 1}}c${{c % 9 + 1}}<>${{d}}`); }}
          for (const [c] of h.placements) if (!document.querySelector(`[data-cell=\"${{c}}\"]`).classList.contains('hl-place')) bad.push(`placement ${{c}}`);
          for (const c of h.cells) if (!document.querySelector(`[data-cell=\"${{c}}\"]`).classList.contains('hl-cell')) bad.push(`cell ${{c}}`);
          return bad; }})()"
    )
}

/// The player's digits after the path's steps up to its first that only
/// eliminates, as the link's `v` part.
async fn before_first_elimination(page: &Page) -> String {
    let path = page.api("explain", json!({ "puzzle": PUZZLE })).await;
    let mut played = Vec::new();
    for h in path["highlights"].as_array().unwrap() {
        let placements = h["placements"].as_array().unwrap();
        if placements.is_empty() {
            break;
        }
        for p in placements {
            let (c, d) = (p[0].as_u64().unwrap(), p[1].as_u64().unwrap());
            played.push(format!("{}_{}", radix36(c), d));
        }
    }
    assert!(!played.is_empty());
    played.join(".")
}

fn radix36(mut x: u64) -> String {
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
}

pub async fn hint_draws_its_eliminations(page: &Page) {
    page.forget().await;
    let played = before_first_elimination(page).await;
    page.open(&format!("p={PUZZLE}&v={played}")).await;
    page.click("#hint").await;
    page.until(
        "a hint with steps before it",
        "document.querySelectorAll('#hint-before button').length >= 3",
    )
    .await;
    let before = page
        .js("window.sudokit.hint.before.length")
        .await
        .as_u64()
        .unwrap();
    // The whole hint: every earlier elimination struck through in orange,
    // and the placement's own pattern.
    for i in 0..before {
        let faults = page.js(&undrawn(&format!("Object.assign({{}}, window.sudokit.hint.before[{i}].highlight, {{placements: [], cells: []}})"), "pre")).await;
        assert_eq!(faults, json!([]), "earlier step {i} in the whole hint");
    }
    assert_eq!(
        page.js(&undrawn("window.sudokit.hint.highlight", "el"))
            .await,
        json!([])
    );
    page.screenshot("hint-eliminations.png").await;
    // Each earlier step alone, drawn.
    for i in 0..before {
        page.click(&format!("#hint-before button[data-shown=\"{i}\"]"))
            .await;
        page.until(
            "the step shown",
            &format!("window.sudokit.hint.shown === {i}"),
        )
        .await;
        let faults = page
            .js(&undrawn(
                &format!("window.sudokit.hint.before[{i}].highlight"),
                "el",
            ))
            .await;
        assert_eq!(faults, json!([]), "earlier step {i} alone");
        assert_eq!(
            page.js("document.activeElement.dataset.shown").await,
            json!(i.to_string()),
            "focus stays"
        );
        if i == 0 {
            page.screenshot("hint-step-1.png").await;
        }
    }
    // Back to the whole hint; it applies.
    page.click("#hint-before button[data-shown=\"-1\"]").await;
    let placements = page.js("window.sudokit.hint.highlight.placements").await;
    page.click("#apply").await;
    let (c, d) = (
        placements[0][0].as_u64().unwrap(),
        placements[0][1].as_u64().unwrap(),
    );
    page.until(
        "the placement",
        &format!("window.sudokit.values[{c}] === {d}"),
    )
    .await;
    assert_eq!(u64::from(solution_of(PUZZLE)[c as usize]), d);
}

async fn board_digits(page: &Page) -> String {
    let v = page.js("[...document.querySelectorAll('.cell')].map(c => { const d = c.querySelector('.digit'); return d ? d.textContent : '.'; }).join('')").await;
    v.as_str().unwrap().to_owned()
}

pub async fn step_list(page: &Page) {
    page.forget().await;
    page.open(&format!("p={PUZZLE}")).await;
    page.click("#steps-open").await;
    page.until(
        "the step list",
        "document.getElementById('steps-text').textContent.startsWith('Step 1 of')",
    )
    .await;
    let steps = page
        .js("window.sudokit.steps.steps.length")
        .await
        .as_u64()
        .unwrap();
    assert!(steps > 10);
    assert_eq!(
        board_digits(page).await,
        PUZZLE,
        "step 1 starts from the givens"
    );
    // Every step drawn, going forward and back. The buttons are pressed
    // in the page, a step per script call, to keep the walk quick; the
    // first presses go through WebDriver as a person's would.
    let check = undrawn(
        "window.sudokit.steps.highlights[window.sudokit.steps.at]",
        "el",
    );
    assert_eq!(page.js(&check).await, json!([]), "step 1 drawn");
    page.click("#step-next").await;
    assert_eq!(page.js("window.sudokit.steps.at").await, json!(1));
    page.click("#step-back").await;
    assert_eq!(page.js("window.sudokit.steps.at").await, json!(0));
    let walk = |button: &str, from: u64, to: i64, step: i64| {
        format!(
            "(() => {{ const faults = [];
              for (let at = {from}; at !== {to}; at += {step}) {{
                if (window.sudokit.steps.at !== at) {{ faults.push(`at ${{window.sudokit.steps.at}}, not ${{at}}`); break; }}
                const bad = {check};
                if (bad.length) faults.push(`step ${{at + 1}}: ${{bad.join(', ')}}`);
                document.getElementById('{button}').click();
              }}
              return faults; }})()",
        )
    };
    // Forward to a third of the way for the screenshot, then on to the end.
    let third = steps / 3;
    assert_eq!(
        page.js(&walk("step-next", 0, third as i64, 1)).await,
        json!([])
    );
    page.screenshot("steps.png").await;
    assert_eq!(
        page.js(&walk("step-next", third, steps as i64, 1)).await,
        json!([])
    );
    assert!(page
        .text("steps-text")
        .await
        .starts_with(&format!("All {steps} steps taken")));
    let solved: String = solution_of(PUZZLE).iter().map(|d| d.to_string()).collect();
    assert_eq!(board_digits(page).await, solved, "the path ends solved");
    page.click("#step-back").await;
    assert_eq!(page.js("window.sudokit.steps.at").await, json!(steps - 1));
    assert_eq!(
        page.js(&walk("step-back", steps - 1, 0, -1)).await,
        json!([])
    );
    assert_eq!(page.js("window.sudokit.steps.at").await, json!(0));
    assert_eq!(page.js(&check).await, json!([]), "step 1 drawn again");
    assert_eq!(board_digits(page).await, PUZZLE, "back at the givens");
    page.click("#steps-close").await;
    assert_eq!(page.js("window.sudokit.steps").await, Value::Null);
    assert_eq!(
        page.js("document.querySelectorAll('.marks.cands').length")
            .await,
        json!(0)
    );
}
