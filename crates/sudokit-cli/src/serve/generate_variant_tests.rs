//! `POST /api/generate` with `kind`: the CLI's puzzle for the same seed and
//! rules, one solution, the card in the asked band and equal to `/api/rate`'s,
//! the f-puzzles JSON and the SudokuPad link the same puzzle as the link;
//! 400s that name the field; the request's time limit.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::Router;
use clap::Parser;
use serde_json::{json, Value};
use sudokit::format::{self, Format, Style};
use sudokit::generate::{puzzle_seed, VariantGenerator};
use sudokit::{EngineKind, Puzzle};

use super::test_client::{defaults as app, ok, post};
use super::{router, Limits};

/// The first puzzle `sudokit generate ARGS --seed SEED` makes, as its
/// f-puzzles link: the CLI's own spec from its own arguments.
fn cli_link(args: &[&str], seed: u64) -> String {
    let seed_text = seed.to_string();
    let all = [&["sudokit", "generate"], args, &["--seed", &seed_text]].concat();
    let cli = crate::cli::Cli::try_parse_from(all).expect("the CLI's arguments");
    let crate::cli::Command::Generate(args) = cli.command else {
        unreachable!("generate")
    };
    let spec = crate::generate_variant::variant_spec_of(&args).expect("a spec");
    let made = VariantGenerator::new(spec)
        .unwrap()
        .generate(puzzle_seed(seed, 0))
        .expect("a puzzle");
    format::puzzle_text(Format::Fpuzzles, &made.puzzle, Style::default())
        .unwrap()
        .trim_end()
        .to_owned()
}

fn read(text: &str) -> Puzzle {
    format::read(Format::Fpuzzles, text.as_bytes())
        .next()
        .expect("a puzzle")
        .expect("a readable puzzle")
        .puzzle
}

/// Asks for `request`, checks the answer against the CLI (`flags`), the
/// library's count, the bands `low..=high` and `/api/rate` (the whole card
/// when `whole_card`, else its band and difficulty).
async fn made_as_the_cli(
    app: &Router,
    request: Value,
    flags: &[&str],
    (low, high): (u64, u64),
    whole_card: bool,
) {
    let made = ok(app, "/api/generate", request.clone()).await;
    let seed: u64 = made["seed"].as_str().unwrap().parse().unwrap();
    let link = made["puzzle"].as_str().unwrap();
    assert_eq!(link, cli_link(flags, seed), "{request}: the CLI's puzzle");
    assert_eq!(made["fpuzzles"], made["puzzle"]);
    assert_eq!(made["format"], "fpuzzles");
    let puzzle = read(link);
    // One solution, counted afresh, and it is the answer's.
    let solutions = EngineKind::Auto.build().solve(&puzzle, 2).unwrap();
    assert_eq!(solutions.count, 1, "{request}");
    let solution = crate::record::json::line(&solutions.first.unwrap(), Style::default());
    assert_eq!(made["solution"], solution);
    // The JSON and the SudokuPad link are the same puzzle.
    assert_eq!(read(&made["fpuzzles_json"].to_string()), puzzle);
    assert_eq!(read(made["scl"].as_str().unwrap()), puzzle);
    // The card: in the band, and the one `/api/rate` gives.
    let band = made["card"]["band_index"].as_u64().unwrap();
    assert!((low..=high).contains(&band), "{request}: {}", made["card"]);
    let rated = ok(app, "/api/rate", json!({ "puzzle": link })).await;
    if whole_card {
        assert_eq!(rated["card"], made["card"], "{request}");
        assert_eq!(rated["text"], made["text"]);
    } else {
        for key in ["band", "difficulty"] {
            assert_eq!(rated["card"][key], made["card"][key], "{request}");
        }
    }
    // The page loads it as a pasted link.
    let parsed = ok(app, "/api/parse", json!({ "puzzle": link })).await;
    assert_eq!(parsed["solutions"], json!(1));
    assert!(!parsed["board"]["constraints"]
        .as_array()
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn variants_are_the_clis_unique_and_in_band() {
    let app = app();
    made_as_the_cli(
        &app,
        json!({ "kind": "killer", "band": "hard", "seed": 1 }),
        &["--killer", "--band", "hard"],
        (3, 3),
        true,
    )
    .await;
    made_as_the_cli(
        &app,
        json!({ "kind": "thermo=3", "band": "easy..medium", "size": 6, "seed": "7" }),
        &["--thermo", "3", "--band", "easy..medium", "--size", "6"],
        (1, 2),
        true,
    )
    .await;
    made_as_the_cli(
        &app,
        json!({ "kind": "kropki=min, xv", "size": 6, "givens": 8, "seed": 2 }),
        &[
            "--kropki", "min", "--xv", "full", "--size", "6", "--givens", "8",
        ],
        (0, 5),
        // The generator's card of these kropki puzzles counts a step or
        // two differently from `rate`'s of the link (`sudokit generate
        // --json` and `sudokit rate --json` differ alike): the same band
        // and difficulty.
        false,
    )
    .await;
    made_as_the_cli(
        &app,
        json!({ "kind": "kropki=min", "size": 6, "givens": 6, "difficulty": "1..4", "seed": 2 }),
        &[
            "--kropki",
            "min",
            "--size",
            "6",
            "--givens",
            "6",
            "--difficulty",
            "1..4",
        ],
        (0, 5),
        // The generator's card of these kropki puzzles counts a step or
        // two differently from `rate`'s of the link (`sudokit generate
        // --json` and `sudokit rate --json` differ alike): the same band
        // and difficulty.
        false,
    )
    .await;
    // The seed is said, and gives the same puzzle again; without one, two
    // puzzles differ.
    let a = ok(&app, "/api/generate", json!({ "kind": "arrow", "size": 6 })).await;
    let b = ok(&app, "/api/generate", json!({ "kind": "arrow", "size": 6 })).await;
    assert_ne!(a["puzzle"], b["puzzle"]);
    let again = ok(
        &app,
        "/api/generate",
        json!({ "kind": "arrow", "size": 6, "seed": a["seed"] }),
    )
    .await;
    assert_eq!(again["puzzle"], a["puzzle"]);
}

#[tokio::test]
async fn bad_variant_requests_are_400s_naming_the_field() {
    let app = app();
    for (request, field, needle) in [
        (
            json!({ "kind": "killa" }),
            "kind",
            "kind: `killa` is not a variant kind (killer, killer-cages=N, thermo[=N]",
        ),
        (json!({ "kind": "" }), "kind", "no variant rule asked for"),
        (json!({ "kind": "thermo=x" }), "kind", "`thermo=x` is not"),
        (
            json!({ "kind": "kropki, non-consecutive" }),
            "kind",
            "contradict",
        ),
        (
            json!({ "kind": "killer", "band": "hardest" }),
            "band",
            "`hardest` is not a band",
        ),
        (
            json!({ "kind": "killer", "band": "hard..easy" }),
            "band",
            "wrong way round",
        ),
        (
            json!({ "kind": "killer", "difficulty": "lots" }),
            "difficulty",
            "not a difficulty range",
        ),
        (
            json!({ "kind": "thermo", "size": 16 }),
            "size",
            "4x4 to 9x9",
        ),
        (
            json!({ "kind": "killer", "level": "hard" }),
            "level",
            "`level` is for classic puzzles",
        ),
        (
            json!({ "band": "hard" }),
            "band",
            "`band` is for variant puzzles",
        ),
        (
            json!({ "givens": 3 }),
            "givens",
            "`givens` is for variant puzzles",
        ),
    ] {
        let (status, answer) = post(&app, "/api/generate", request.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{request}: {answer}");
        assert_eq!(answer["field"], field, "{request}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(needle), "{request}: {error}");
    }
    // A classic request's bad option names its field too.
    let (status, answer) = post(&app, "/api/generate", json!({ "level": "hardest" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["field"], "level", "{answer}");
}

#[tokio::test]
async fn a_variant_generation_stops_at_the_requests_time_limit() {
    let app = router(Limits {
        time: Duration::from_millis(300),
        ..super::tests::limits()
    });
    let start = Instant::now();
    // Rarely met on a 9x9: an extreme puzzle with one short thermometer.
    let (status, answer) = post(
        &app,
        "/api/generate",
        json!({ "kind": "thermo=1", "band": "extreme", "givens": 30 }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("gave up generating"), "{error}");
    assert!(error.contains("0.3 s per request"), "{error}");
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}
