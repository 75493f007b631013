//! The README tells the truth about the command line: its subcommand table
//! lists exactly the verbs `sudokit --help` lists, in the same order.

use crate::common::{stdout, sudokit};

/// The verbs of the README's subcommand table (between its markers).
fn readme_verbs() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("the README");
    let start = readme
        .find("SUBCOMMANDS-BEGIN")
        .expect("the table's start marker");
    let end = readme
        .find("SUBCOMMANDS-END")
        .expect("the table's end marker");
    readme[start..end]
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(verb, _)| verb.to_owned()))
        .collect()
}

/// The verbs `sudokit --help` lists (without `help`).
fn help_verbs() -> Vec<String> {
    let help = stdout(&sudokit().arg("--help").assert().success());
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|v| *v != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_readme_subcommand_table_lists_the_verbs_of_help() {
    let help = help_verbs();
    assert!(help.len() >= 11, "{help:?}");
    assert_eq!(readme_verbs(), help);
}

#[test]
fn the_top_level_help_shows_an_example_of_every_verb() {
    let help = stdout(&sudokit().arg("--help").assert().success());
    for verb in help_verbs() {
        assert!(
            help.contains(&format!("  sudokit {verb} ")),
            "no example of `{verb}` in --help"
        );
    }
    assert!(help.contains("Exit status"), "{help}");
}
