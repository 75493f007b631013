//! `sudokit render`: a puzzle as a print-ready SVG (the library's
//! [`sudokit::render`]) or a PNG rasterised from it with resvg.

use std::ffi::OsStr;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use web_time::Instant;

use sudokit::format::Entry;
use sudokit::logic::{self, Board, Ctx};
use sudokit::render::{self, Highlight, Options};
use sudokit::{Budget, Engine, Grid, Solutions};

use crate::cli::RenderArgs;
use crate::status::Status;

/// Paints PNGs from SVGs, loading the fonts once (the native build; the
/// WebAssembly build draws SVG only).
#[derive(Debug, Default)]
pub(crate) struct Painter {
    #[cfg(feature = "native")]
    fonts: Option<std::sync::Arc<resvg::usvg::fontdb::Database>>,
}

impl Painter {
    /// `svg` as a PNG of at most `max_side` pixels a side (the largest a
    /// 25x25 at 400 px cells takes when `None`).
    #[cfg(feature = "native")]
    pub(crate) fn png(&mut self, svg: &str, max_side: Option<u32>) -> Result<Vec<u8>, String> {
        let fonts = self.fonts.get_or_insert_with(crate::png::load_fonts);
        let side = max_side.unwrap_or(crate::png::MAX_PNG_SIDE);
        crate::png::png(svg, fonts, side, &|| false)
    }

    /// No PNGs in this build.
    #[cfg(not(feature = "native"))]
    pub(crate) fn png(&mut self, _svg: &str, _max_side: Option<u32>) -> Result<Vec<u8>, String> {
        Err("this build draws SVG only: PNG needs sudokit's native build".into())
    }
}

/// What `-o` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Svg,
    Png,
}

/// Runs `sudokit render`.
pub fn run(args: &RenderArgs) -> anyhow::Result<Status> {
    crate::input::with_stdio(|stdin, out, err| execute(args, stdin, out, err))
}

/// Draws every puzzle of `args.inputs` (stdin is `stdin`); SVG goes to
/// `out` when no file is named.
///
/// # Errors
/// Errors writing to `out`.
pub fn execute(
    args: &RenderArgs,
    stdin: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let kind = match &args.output {
        None => Kind::Svg,
        Some(path) => match kind_of(path) {
            Some(kind) => kind,
            None => {
                let _ = writeln!(
                    err,
                    "sudokit: cannot tell the output format of {}: name a .svg or .png file",
                    path.display()
                );
                return Ok(Status::Failed);
            }
        },
    };
    // Read everything first: whether files are numbered depends on how many
    // puzzles there are.
    let mut items = Vec::new();
    let mut status = crate::input::each_puzzle(
        &args.inputs,
        stdin,
        args.format
            .or(args.layout.map(|_| sudokit::format::Format::Multi)),
        args.variant.variant(),
        sudokit::format::Limits {
            assume: args.assume.unwrap_or_default(),
            layout: args.layout,
            ..sudokit::format::Limits::default()
        },
        err,
        |name, item| {
            items.push((name.to_owned(), item));
            Ok(())
        },
    )?;
    if items.is_empty() {
        return Ok(status);
    }
    let several = items.len() > 1;
    if several && args.output.is_none() {
        let _ = writeln!(
            err,
            "sudokit: the inputs hold {} puzzles: name an output file with -o (one file per puzzle)",
            items.len()
        );
        return Ok(Status::Failed);
    }
    let mut engine = args.engine.build();
    engine.set_budget(Budget::UNLIMITED.with_time_limit(args.timeout));
    let mut painter = Painter::default();
    for (number, (name, item)) in items.into_iter().enumerate() {
        // Already reported by `each_puzzle`.
        let Ok(entry) = item else {
            continue;
        };
        let place = format!("{name}:{}", entry.line);
        let drawn = draw(args, &entry, &mut *engine).and_then(|svg| match kind {
            Kind::Svg => Ok(svg.into_bytes()),
            Kind::Png => painter.png(&svg, None),
        });
        let bytes = match drawn {
            Ok(bytes) => bytes,
            Err(why) => {
                let _ = writeln!(err, "{place}: {why}");
                status = status.max(Status::Malformed);
                continue;
            }
        };
        match &args.output {
            None => out.write_all(&bytes)?,
            Some(path) => {
                let path = if several {
                    numbered(path, number + 1)
                } else {
                    path.clone()
                };
                if let Err(e) = std::fs::write(&path, &bytes) {
                    let _ = writeln!(
                        err,
                        "sudokit: {place}: cannot write {}: {e}",
                        path.display()
                    );
                    status = status.max(Status::Failed);
                }
            }
        }
    }
    Ok(status)
}

/// `.svg` or `.png`, in any case.
fn kind_of(path: &Path) -> Option<Kind> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "svg" => Some(Kind::Svg),
        "png" => Some(Kind::Png),
        _ => None,
    }
}

/// `out.svg` → `out-3.svg` for puzzle 3.
fn numbered(path: &Path, index: usize) -> PathBuf {
    let stem = path.file_stem().unwrap_or(OsStr::new("out"));
    let mut name = stem.to_os_string();
    name.push(format!("-{index}"));
    if let Some(ext) = path.extension() {
        name.push(".");
        name.push(ext);
    }
    path.with_file_name(name)
}

/// The puzzle's SVG, as the arguments ask; `Err` says why it cannot be drawn.
pub(crate) fn draw(
    args: &RenderArgs,
    entry: &Entry,
    engine: &mut dyn Engine,
) -> Result<String, String> {
    let puzzle = &entry.puzzle;
    let options = Options {
        cell: args.cell,
        title: args.title.clone(),
        alphabet: entry.style.alphabet,
        ..Options::default()
    };
    let mut filled = None;
    let mut candidates = None;
    let mut highlight = None;
    if args.solution {
        let solutions = solve(engine, puzzle, 2, args)?;
        if solutions.count > 1 {
            return Err(
                "several solutions: --solution draws the solution of a puzzle that has exactly one"
                    .into(),
            );
        }
        filled = Some(solutions.first.ok_or("no solution: nothing to draw")?);
    }
    if args.candidates || args.step.is_some() {
        let mut board = Board::new(puzzle).map_err(|e| e.to_string())?;
        if let Some(n) = args.step {
            let solutions = solve(engine, puzzle, 2, args)?;
            match solutions.count {
                0 => return Err("no solution: no logical path to draw".into()),
                1 => {}
                _ => return Err("several solutions: a logical path needs a unique one".into()),
            }
            let deadline = Some(Instant::now() + args.timeout);
            let mut ctx = Ctx::new(true)
                .with_deadline(deadline)
                .with_cancel(args.cancel.clone());
            let (before, step) =
                logic::before_step(board, n as usize, &mut ctx).map_err(|e| e.to_string())?;
            board = before;
            highlight = Some(Highlight::from(&step));
            let values =
                Grid::from_values(board.size(), board.values()).map_err(|e| e.to_string())?;
            filled = Some(values);
        }
        candidates = Some(board.all_candidates().to_vec());
    }
    Ok(render::svg_puzzle(
        puzzle,
        filled.as_ref(),
        candidates.as_deref(),
        highlight.as_ref(),
        &options,
    ))
}

/// The engine's answer at `limit`; `Err` for an invalid puzzle or a search
/// that ran out of time.
fn solve(
    engine: &mut dyn Engine,
    puzzle: &sudokit::Puzzle,
    limit: u64,
    args: &RenderArgs,
) -> Result<Solutions, String> {
    let solutions = engine
        .solve(puzzle, limit)
        .map_err(|e| format!("invalid puzzle: {e}"))?;
    if solutions.stopped.is_some() {
        return Err(format!(
            "gave up solving after {} s",
            args.timeout.as_secs_f64()
        ));
    }
    Ok(solutions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_are_named_by_extension_and_numbered() {
        assert_eq!(kind_of(Path::new("a.SVG")), Some(Kind::Svg));
        assert_eq!(kind_of(Path::new("dir/a.png")), Some(Kind::Png));
        assert_eq!(kind_of(Path::new("a.pdf")), None);
        assert_eq!(kind_of(Path::new("a")), None);
        assert_eq!(
            numbered(Path::new("d/out.svg"), 3),
            PathBuf::from("d/out-3.svg")
        );
    }
}
