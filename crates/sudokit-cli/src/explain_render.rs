//! `sudokit explain --render DIR`: besides the path in words, one picture
//! per step of every puzzle's logical path, for teaching material — the
//! board before the step with its candidates, the step drawn on it (its
//! cells, houses, the candidates it rests on, what it eliminates and
//! places), over the puzzle's variant constraints, captioned with the
//! step's number and technique; and `steps.txt`, the steps in words with
//! their files.

use std::io::{self, BufRead, Cursor, IsTerminal, Read, Write};
use std::path::Path;
use web_time::Instant;

use sudokit::format::Entry;
use sudokit::logic::{self, Ctx, End};
use sudokit::render::{self, Highlight, Options};
use sudokit::Grid;

use crate::cli::{ExplainArgs, SolveArgs};
use crate::input::Input;
use crate::status::Status;

/// Runs `sudokit explain`: `explain` prints the path (the usual run of
/// `solve`'s machinery); with `--render`, the pictures follow. Stdin, read
/// once, serves both.
pub fn run(
    args: &ExplainArgs,
    explain: impl FnOnce(&SolveArgs, Option<Vec<u8>>) -> anyhow::Result<Status>,
) -> anyhow::Result<Status> {
    let Some(dir) = &args.render else {
        return explain(&args.solve, None);
    };
    let inputs = Input::all(&args.solve.inputs);
    let stdin = if inputs.contains(&Input::Stdin) || inputs.is_empty() {
        if io::stdin().is_terminal() {
            anyhow::bail!("--render reads the puzzles twice: give them in files or pipe them in, not typed at a terminal");
        }
        let mut buf = Vec::new();
        io::stdin().lock().read_to_end(&mut buf)?;
        Some(buf)
    } else {
        None
    };
    let status = explain(&args.solve, stdin.clone())?;
    let mut reader = Cursor::new(stdin.unwrap_or_default());
    let drawn = draw_all(args, dir, &mut reader, &mut io::stderr())?;
    Ok(status.max(drawn))
}

/// What one puzzle's pictures are called: `step-007.svg`, or
/// `p2-step-007.svg` when the inputs hold several puzzles.
fn file_name(puzzle: Option<usize>, step: usize, ext: &str) -> String {
    match puzzle {
        None => format!("step-{step:03}.{ext}"),
        Some(k) => format!("p{k}-step-{step:03}.{ext}"),
    }
}

/// Draws the steps of every puzzle of the inputs into `dir` (created if
/// need be); problems go to `err` and into the status.
///
/// # Errors
/// Creating `dir` or writing `steps.txt`.
pub fn draw_all(
    args: &ExplainArgs,
    dir: &Path,
    stdin: &mut dyn BufRead,
    err: &mut dyn Write,
) -> io::Result<Status> {
    let solve = &args.solve;
    let format = solve.format();
    let mut entries = Vec::new();
    // Read errors were reported by the explain run: not twice.
    let _ = crate::input::each_puzzle(
        &solve.inputs,
        stdin,
        format,
        solve.variant(),
        sudokit::format::Limits {
            assume: solve.assume.unwrap_or_default(),
            layout: solve.layout,
            ..sudokit::format::Limits::default()
        },
        &mut io::sink(),
        |name, item| {
            if let Ok(entry) = item {
                entries.push((name.to_owned(), entry));
            }
            Ok(())
        },
    )?;
    std::fs::create_dir_all(dir)?;
    let several = entries.len() > 1;
    let mut index = String::new();
    let mut status = Status::Ok;
    let mut painter = crate::render::Painter::default();
    for (k, (name, entry)) in entries.iter().enumerate() {
        let number = several.then_some(k + 1);
        let place = format!("{name}:{}", entry.line);
        let pictures = match pictures(solve, entry) {
            Ok(p) => p,
            Err(why) => {
                let _ = writeln!(err, "{place}: --render: {why}");
                status = status.max(Status::Malformed);
                continue;
            }
        };
        for (i, (svg, line)) in pictures.iter().enumerate() {
            let file = file_name(number, i + 1, "svg");
            std::fs::write(dir.join(&file), svg)?;
            if args.png {
                match painter.png(svg, Some(4096)) {
                    Ok(bytes) => std::fs::write(dir.join(file_name(number, i + 1, "png")), bytes)?,
                    Err(why) => {
                        let _ = writeln!(err, "{place}: --png: {why}");
                        status = status.max(Status::Failed);
                    }
                }
            }
            index.push_str(&format!("{file}\t{line}\n"));
        }
    }
    std::fs::write(dir.join("steps.txt"), index)?;
    Ok(status)
}

/// Each step of `entry`'s path as a picture and its line in words; `Err`
/// when the puzzle has no unique solution or the time ran out.
fn pictures(solve: &SolveArgs, entry: &Entry) -> Result<Vec<(String, String)>, String> {
    let puzzle = &entry.puzzle;
    let mut engine = solve.engine.build();
    engine.set_budget(solve.budget());
    let solutions = engine
        .solve(puzzle, 2)
        .map_err(|e| format!("invalid puzzle: {e}"))?;
    if solutions.stopped.is_some() {
        return Err("gave up solving (--timeout)".into());
    }
    match solutions.count {
        0 => return Err("no solution: no logical path to draw".into()),
        1 => {}
        _ => return Err("several solutions: a logical path needs a unique one".into()),
    }
    let mut board = crate::rate::board(puzzle, entry.style).map_err(|e| e.to_string())?;
    let deadline = solve.timeout.map(|t| Instant::now() + t);
    let mut ctx = Ctx::new(true).with_deadline(deadline);
    let path = logic::solve_path(board.clone(), &mut ctx, true);
    if path.end == End::TimedOut {
        return Err("gave up on the logical path (--timeout)".into());
    }
    let total = path.steps.len();
    let mut out = Vec::with_capacity(total);
    for (i, step) in path.steps.iter().enumerate() {
        let filled = Grid::from_values(board.size(), board.values()).map_err(|e| e.to_string())?;
        let options = Options {
            title: Some(format!("Step {} of {total}: {}", i + 1, step.name)),
            alphabet: entry.style.alphabet,
            ..Options::default()
        };
        let svg = render::svg_puzzle(
            puzzle,
            Some(&filled),
            Some(board.all_candidates()),
            Some(&Highlight::from(step)),
            &options,
        );
        out.push((svg, step.line()));
        board.apply(step);
    }
    Ok(out)
}
