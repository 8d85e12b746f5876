//! `tolaria scenario FILE...`: runs scenario files with `tolaria_scenario`.

use crate::args::Args;
use crate::{CliError, CliResult};
use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "\
tolaria scenario: run scenario files (a game set up mid-way, actions, and
expected outcomes) and report which pass

Usage: tolaria scenario FILE...

Exits 0 if every scenario passes, 1 if any fails.

Examples:
  tolaria scenario tests/scenarios/420_5c_lethal_damage.scn
  tolaria scenario tests/scenarios/*.scn
";

pub fn main(argv: Vec<String>) -> CliResult {
    let args = Args::parse("scenario", argv, &[], &[])?;
    if args.help {
        print!("{HELP}");
        return Ok(ExitCode::SUCCESS);
    }
    if args.positional.is_empty() {
        return Err(CliError::usage(
            "scenario: give one or more scenario files, e.g. tolaria scenario tests/scenarios/*.scn",
        ));
    }
    let files: Vec<PathBuf> = args.positional.iter().map(PathBuf::from).collect();
    for f in &files {
        if !f.exists() {
            return Err(CliError::failure(format!(
                "{}: no such scenario file",
                f.display()
            )));
        }
    }
    let (passed, failed, report) = run(&files);
    for line in &report {
        println!("{line}");
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn run(files: &[PathBuf]) -> (usize, usize, Vec<String>) {
    tolaria_scenario::run_files(files)
}
