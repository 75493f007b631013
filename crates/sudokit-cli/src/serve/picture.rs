//! `POST /api/render`: a puzzle as a picture, SVG or PNG, within the
//! request's deadline (a PNG is painted a band at a time, on the painting
//! thread) and refused up front when it would cost more. The request and
//! the SVG are [`crate::api`]'s.

use axum::extract::State as Extract;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::{body_text, gave_up, on_worker, ApiError, Body, Lane, Limits, State};
use crate::api::{prepare, Prepared};

/// The largest PNG side `render` draws here, in pixels.
const MAX_PNG_SIDE: u32 = 4096;

/// The most candidate marks a PNG draws here: laying out their text is the
/// one part of painting that cannot stop half way, about 0.1 ms and 6 KB a
/// mark (a 25x25's 15,625 marks: 2 s and 90 MB; a 36x36's: 4 s and 250 MB).
/// A 16x16's 4,096 pass.
const MAX_PNG_MARKS: usize = 5_000;

/// `POST /api/render`: the picture itself (`image/svg+xml` or `image/png`).
pub async fn render(Extract(state): Extract<State>, body: Body) -> Result<Response, ApiError> {
    let text = body_text(body, &state.limits)?;
    let Prepared::Render(job) = prepare("render", &text, &state.limits)? else {
        unreachable!("a render request")
    };
    let fonts = std::sync::Arc::clone(&state.fonts);
    let painters = std::sync::Arc::clone(&state.painters);
    on_worker(&state, Lane::Heavy, move |limits: Limits| {
        let deadline = web_time::Instant::now() + limits.time;
        let (entry, _) = job.req.read(&limits)?;
        let n = entry.puzzle.geometry().size();
        if job.png && (job.args.candidates || job.args.step.is_some()) && n * n * n > MAX_PNG_MARKS
        {
            return Err(ApiError::unprocessable(format!(
                "a PNG of a {n}x{n} with candidates is too costly for this server ({} marks, \
                 at most {MAX_PNG_MARKS}): ask for SVG, or use `sudokit render`",
                n * n * n
            )));
        }
        let svg = job.draw(&entry, &limits)?;
        if job.png {
            // The painting too stops at the deadline or when the client goes.
            let give_up = || limits.cancel.is_cancelled() || web_time::Instant::now() >= deadline;
            let painted =
                painters.install(|| crate::png::png(&svg, &fonts, MAX_PNG_SIDE, &give_up));
            let bytes = painted.map_err(|e| {
                if e == crate::png::GAVE_UP_PAINTING {
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
