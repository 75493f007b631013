//! A search cut by `--max-nodes` is `Gave up` (exit status 1) on every
//! engine, never an answer.

use predicates::prelude::*;
use sudokit::EngineKind;

use super::sudokit;

/// The pencilmark line of an empty 9x9 with every candidate allowed.
fn all_candidates() -> String {
    format!("{}\n", "123456789".repeat(81))
}

#[test]
fn a_node_bound_on_an_open_pencilmark_grid_gives_up_on_every_engine() {
    for engine in EngineKind::NAMES {
        sudokit()
            .args(["solve", "--engine", engine, "--max-nodes", "20"])
            .args(["--format", "pencilmark"])
            .write_stdin(all_candidates())
            .assert()
            .code(1)
            .stdout(predicate::eq("Gave up\n"));
    }
}
