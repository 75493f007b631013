//! `sudokit`: the command-line tool. Argument parsing is in [`cli`]; each
//! subcommand's work is in its own module ([`solve`] with [`record`] and
//! [`batch`], [`exact_cover`], [`bench`]).

use std::io;
use std::process::ExitCode;

use clap::Parser;

mod batch;
mod bench;
mod cli;
mod exact_cover;
mod input;
mod json;
mod live;
mod pretty;
mod progress;
mod record;
mod solve;
mod status;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let result = match &cli.command {
        cli::Command::Solve(args) => solve::run(args, record::Mode::Solve),
        cli::Command::Count(args) => solve::run(args, record::Mode::Count),
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
