//! `sudokit`: the command-line tool (the binary is `main.rs`, one call to
//! [`main`]). Argument parsing is in [`cli`]; each
//! subcommand's work is in its own module ([`solve`] with [`record`] and
//! [`batch`], [`exact_cover`], [`check`], [`bench`]; [`variant`] adds the
//! X-sudoku and windoku houses).

use std::io;
use std::process::ExitCode;

use clap::Parser;

mod answers;
pub mod api;
mod batch;
mod bench;
mod bench_each;
mod check;
mod cli;
mod exact_cover;
mod explain_render;
mod generate;
mod generate_variant;
mod input;
mod live;
#[cfg(feature = "native")]
mod png;
mod pretty;
mod progress;
mod rate;
mod record;
mod render;
#[cfg(feature = "native")]
mod serve;
mod solve;
mod status;
pub mod text_run;
mod variant;

/// The command line: parses `std::env::args` and runs the subcommand.
pub fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    if let Some((name, args)) = solve_args(&cli.command) {
        if let Some(why) = args.conflict() {
            refuse(name, &why);
        }
    }
    let result = match &cli.command {
        cli::Command::Solve(args) => solve::run(args, record::Mode::Solve),
        cli::Command::Count(args) => {
            if args.all {
                // `count` shares `solve`'s arguments but prints numbers only.
                refuse(
                    "count",
                    "`count` prints the number of solutions; to print every solution use `sudokit solve --all`",
                );
            }
            solve::run(args, record::Mode::Count)
        }
        cli::Command::Candidates(args) => {
            if args.all || args.count {
                refuse(
                    "candidates",
                    "`candidates` writes one record per puzzle; --all and --count belong to `sudokit solve`",
                );
            }
            solve::run(args, record::Mode::Candidates)
        }
        cli::Command::Rate(args) => logic_with(&args.solve, "rate", record::Mode::Rate, |s| {
            // The one-line card shows no checks: their counts run only
            // where they are shown (--report, --json).
            s.card = record::CardStyle {
                report: args.report,
                checks: !args.no_checks && (args.report || args.solve.json()),
            }
        }),
        cli::Command::Hint(args) => logic(args, "hint", record::Mode::Hint),
        cli::Command::Explain(args) => explain_render::run(args, |solve, stdin| match stdin {
            None => logic(solve, "explain", record::Mode::Explain),
            Some(bytes) => explain_from(solve, bytes),
        }),
        cli::Command::Generate(args) if args.variant.any() => generate_variant::run(args),
        cli::Command::Generate(args) => generate::run(args),
        cli::Command::Render(args) => render::run(args),
        #[cfg(feature = "native")]
        cli::Command::Serve(args) => serve::run(args),
        #[cfg(not(feature = "native"))]
        cli::Command::Serve(_) => Err(anyhow::anyhow!("this build has no server")),
        cli::Command::Check(args) => check::run(args),
        cli::Command::ExactCover(args) => exact_cover::run(args),
        cli::Command::Bench(args) if args.each => bench_each::run(args),
        cli::Command::Bench(args) => bench::run(args),
    };
    match result {
        Ok(status) => ExitCode::from(status as u8),
        Err(e) => {
            // A reader that went away (`sudokit solve big.txt | head`) is not
            // an error worth a message.
            let broken_pipe = e
                .chain()
                .filter_map(|c| c.downcast_ref::<io::Error>())
                .any(|e| e.kind() == io::ErrorKind::BrokenPipe);
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            eprintln!("sudokit: {e:#}");
            ExitCode::from(status::Status::Failed as u8)
        }
    }
}

/// The subcommand's name and its `solve` arguments, for the commands that
/// share them.
fn solve_args(command: &cli::Command) -> Option<(&'static str, &cli::SolveArgs)> {
    Some(match command {
        cli::Command::Solve(args) => ("solve", args),
        cli::Command::Count(args) => ("count", args),
        cli::Command::Candidates(args) => ("candidates", args),
        cli::Command::Rate(args) => ("rate", &args.solve),
        cli::Command::Hint(args) => ("hint", args),
        cli::Command::Explain(args) => ("explain", &args.solve),
        _ => return None,
    })
}

/// Runs `rate`, `hint` or `explain`, which share `solve`'s arguments but
/// not `--all` and `--count`.
fn logic(args: &cli::SolveArgs, name: &str, mode: record::Mode) -> anyhow::Result<status::Status> {
    logic_with(args, name, mode, |_| {})
}

/// [`logic`], with `tweak` changing the settings first (`rate`'s card).
fn logic_with(
    args: &cli::SolveArgs,
    name: &str,
    mode: record::Mode,
    tweak: impl FnOnce(&mut record::Settings),
) -> anyhow::Result<status::Status> {
    if args.all || args.count {
        refuse(
            name,
            &format!("`{name}` writes one record per puzzle; --all and --count belong to `sudokit solve`"),
        );
    }
    solve::run_with(args, mode, tweak)
}

/// `explain` on puzzles read from stdin before (`explain --render` reads
/// them twice).
fn explain_from(args: &cli::SolveArgs, stdin: Vec<u8>) -> anyhow::Result<status::Status> {
    if args.all || args.count {
        refuse(
            "explain",
            "`explain` writes one record per puzzle; --all and --count belong to `sudokit solve`",
        );
    }
    let inputs = input::Input::all(&args.inputs);
    let job = solve::Job::new(args, record::Mode::Explain, &inputs);
    let mut out = std::io::BufWriter::new(io::stdout());
    let status = solve::execute(
        &job,
        &inputs,
        io::Cursor::new(stdin),
        &mut out,
        &mut io::stderr(),
    )?;
    io::Write::flush(&mut out)?;
    Ok(status)
}

/// Exits with clap's usage error for subcommand `name`.
fn refuse(name: &str, message: &str) -> ! {
    use clap::CommandFactory;
    let mut command = cli::Cli::command();
    command.build();
    command
        .find_subcommand_mut(name)
        .expect("a subcommand")
        .error(clap::error::ErrorKind::ArgumentConflict, message)
        .exit()
}
