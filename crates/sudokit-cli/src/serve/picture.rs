//! `POST /api/render`: a puzzle as a picture, SVG or PNG, within the
//! request's deadline (a PNG is painted a band at a time, on the painting
//! thread) and refused up front when it would cost more.

use axum::extract::State as Extract;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use clap::Parser;

use super::api::clap_message;
use super::request::{decode, Body, PuzzleReq, PUZZLE_FIELDS};
use super::{engine, gave_up};
use super::{on_worker, ApiError, Lane, Limits, State};

/// The largest PNG side `render` draws here, in pixels.
const MAX_PNG_SIDE: u32 = 4096;

/// The most candidate marks a PNG draws here: laying out their text is the
/// one part of painting that cannot stop half way, about 0.1 ms and 6 KB a
/// mark (a 25x25's 15,625 marks: 2 s and 90 MB; a 36x36's: 4 s and 250 MB).
/// A 16x16's 4,096 pass.
const MAX_PNG_MARKS: usize = 5_000;

/// The fields `render` takes besides the puzzle's.
const RENDER_FIELDS: &[&str] = &["solution", "candidates", "step", "image", "cell", "title"];

/// `POST /api/render`: the picture itself (`image/svg+xml` or `image/png`).
pub async fn render(Extract(state): Extract<State>, body: Body) -> Result<Response, ApiError> {
    let req: PuzzleReq = decode(body, &state.limits, &[PUZZLE_FIELDS, RENDER_FIELDS])?;
    let png = match req.image.as_deref() {
        None | Some("svg") => false,
        Some("png") => true,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "image: `{other}` is not a picture format: expected svg or png"
            )))
        }
    };
    let mut argv: Vec<String> = ["sudokit", "render", "-"].map(String::from).into();
    argv.push(format!("--timeout={}", state.limits.time.as_secs_f64()));
    if req.solution {
        argv.push("--solution".into());
    }
    if req.candidates {
        argv.push("--candidates".into());
    }
    if let Some(n) = req.step {
        argv.push(format!("--step={n}"));
    }
    if let Some(c) = req.cell {
        argv.push(format!("--cell={c}"));
    }
    if let Some(t) = &req.title {
        argv.push(format!("--title={t}"));
    }
    let cli = crate::cli::Cli::try_parse_from(argv).map_err(|e| ApiError::bad(clap_message(&e)))?;
    let crate::cli::Command::Render(args) = cli.command else {
        unreachable!("the arguments start with `render`")
    };
    let fonts = std::sync::Arc::clone(&state.fonts);
    let painters = std::sync::Arc::clone(&state.painters);
    on_worker(&state, Lane::Heavy, move |limits: Limits| {
        // What is left of the request's time after its wait for a worker.
        let mut args = args;
        args.timeout = limits.time;
        args.cancel = Some(limits.cancel.clone());
        let deadline = std::time::Instant::now() + limits.time;
        let (entry, _) = req.read(&limits)?;
        let n = entry.puzzle.geometry().size();
        if png && (args.candidates || args.step.is_some()) && n * n * n > MAX_PNG_MARKS {
            return Err(ApiError::unprocessable(format!(
                "a PNG of a {n}x{n} with candidates is too costly for this server ({} marks, \
                 at most {MAX_PNG_MARKS}): ask for SVG, or use `sudokit render`",
                n * n * n
            )));
        }
        let mut engine = engine(None, &limits)?;
        let svg = crate::render::draw(&args, &entry, &mut *engine)
            .map_err(|why| ApiError::unprocessable(format!("puzzle:{}: {why}", entry.line)))?;
        if png {
            // The painting too stops at the deadline or when the client goes.
            let give_up = || limits.cancel.is_cancelled() || std::time::Instant::now() >= deadline;
            let painted =
                painters.install(|| crate::render::png(&svg, &fonts, MAX_PNG_SIDE, &give_up));
            let bytes = painted.map_err(|e| {
                if e == crate::render::GAVE_UP_PAINTING {
                    gave_up(&limits, "painting the PNG")
                } else {
                    ApiError::unprocessable(e)
                }
            })?;
            Ok(([(header::CONTENT_TYPE, "image/png")], bytes).into_response())
        } else {
            Ok((
                [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8")],
                svg,
            )
                .into_response())
        }
    })
    .await
}
