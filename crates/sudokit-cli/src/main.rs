//! The `sudokit` binary: everything is in the crate's library (`lib.rs`),
//! which the WebAssembly build shares.

fn main() -> std::process::ExitCode {
    sudokit_cli::main()
}
