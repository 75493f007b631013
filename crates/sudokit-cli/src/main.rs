//! `sudokit`: the command-line tool. Argument parsing is in [`cli`]; each
//! subcommand's work is in its own module ([`solve`] with [`record`] and
//! [`batch`], [`exact_cover`], [`check`], [`bench`]; [`variant`] adds the
//! X-sudoku and windoku houses).

use std::io;
use std::process::ExitCode;

use clap::Parser;

mod batch;
mod bench;
mod check;
mod cli;
mod exact_cover;
mod explain;
mod generate;
mod input;
mod live;
mod pretty;
mod progress;
mod rate;
mod record;
mod render;
mod serve;
mod solve;
mod status;
mod variant;

fn main() -> ExitCode {
    let cli = cli::Cli::parse_from(cli::json_format_alias(std::env::args_os().collect()));
    let result = match &cli.command {
        cli::Command::Solve(args) => solve::run(args, record::Mode::Solve),
        cli::Command::Count(args) => {
            if args.all {
                // `count` shares `solve`'s arguments but prints numbers only.
                use clap::CommandFactory;
                let mut command = cli::Cli::command();
                command.build();
                command
                    .find_subcommand_mut("count")
                    .expect("`count` is a subcommand")
                    .error(
                        clap::error::ErrorKind::ArgumentConflict,
                        "`count` prints the number of solutions; to print every solution use `sudokit solve --all`",
                    )
                    .exit();
            }
            solve::run(args, record::Mode::Count)
        }
        cli::Command::Rate(args) => {
            if args.all || args.count {
                use clap::CommandFactory;
                let mut command = cli::Cli::command();
                command.build();
                command
                    .find_subcommand_mut("rate")
                    .expect("`rate` is a subcommand")
                    .error(
                        clap::error::ErrorKind::ArgumentConflict,
                        "`rate` prints one rating per puzzle; --all and --count belong to `sudokit solve`",
                    )
                    .exit();
            }
            solve::run(args, record::Mode::Rate)
        }
        cli::Command::Hint(args) => explain::run(args, explain::What::Hint),
        cli::Command::Explain(args) => explain::run(args, explain::What::Explain),
        cli::Command::Generate(args) => generate::run(args),
        cli::Command::Render(args) => render::run(args),
        cli::Command::Serve(args) => serve::run(args),
        cli::Command::Check(args) => check::run(args),
        cli::Command::ExactCover(args) => exact_cover::run(args),
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
