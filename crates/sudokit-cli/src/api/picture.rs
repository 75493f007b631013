//! `render`: a puzzle as a picture. The request's fields are read as
//! `sudokit render` arguments (the CLI's checks and messages); the SVG is
//! drawn here, and `sudokit serve` paints a PNG from it (`serve::picture`).

use super::generate::{clap_message, parse_args};
use super::request::{decode, PuzzleReq, PUZZLE_FIELDS};
use super::{engine, ApiError, Limits};
use crate::cli::RenderArgs;

/// The fields `render` takes besides the puzzle's.
const RENDER_FIELDS: &[&str] = &["solution", "candidates", "step", "image", "cell", "title"];

/// A `render` request, read and checked.
#[derive(Debug)]
pub struct RenderJob {
    /// The puzzle and the request's fields.
    pub req: PuzzleReq,
    /// The same as `sudokit render` arguments.
    pub args: RenderArgs,
    /// A PNG was asked for (else SVG).
    pub png: bool,
}

/// Reads a `render` request: 400 for an unknown picture format or
/// arguments the CLI would refuse.
pub(super) fn prepare(body: &str, limits: &Limits) -> Result<RenderJob, ApiError> {
    let req: PuzzleReq = decode(body, &[PUZZLE_FIELDS, RENDER_FIELDS])?;
    let png = match req.image.as_deref() {
        None | Some("svg") => false,
        Some("png") => true,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "image: `{other}` is not a picture format: expected svg or png"
            )))
        }
    };
    let mut argv: Vec<String> = vec!["-".into()];
    argv.push(format!("--timeout={}", limits.time.as_secs_f64()));
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
    let args =
        parse_args::<RenderArgs>("render", argv).map_err(|e| ApiError::bad(clap_message(&e)))?;
    Ok(RenderJob { req, args, png })
}

impl RenderJob {
    /// The picture as SVG, within `limits` (what is left of the request's
    /// time after its wait for a worker).
    ///
    /// # Errors
    /// A puzzle that cannot be read or drawn (a step out of range, a
    /// solution not found in time).
    pub fn svg(&self, limits: &Limits) -> Result<String, ApiError> {
        let (entry, _) = self.req.read(limits)?;
        self.draw(&entry, limits)
    }

    /// The SVG of `entry`, the request's puzzle already read.
    ///
    /// # Errors
    /// As [`RenderJob::svg`].
    pub fn draw(
        &self,
        entry: &sudokit::format::Entry,
        limits: &Limits,
    ) -> Result<String, ApiError> {
        let mut args = self.args.clone();
        args.timeout = limits.time;
        args.cancel = Some(limits.cancel.clone());
        let mut engine = engine(None, limits)?;
        crate::render::draw(&args, entry, &mut *engine)
            .map_err(|why| ApiError::unprocessable(format!("puzzle:{}: {why}", entry.line)))
    }
}
