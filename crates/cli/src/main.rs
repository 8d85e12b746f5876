//! `tolaria`: play a game in the terminal, simulate and benchmark games
//! between agents, run scenario files and inspect the card pool.

mod args;
mod bench;
mod cards;
mod cardtext;
mod decks;
mod exercise;
mod fuzz;
mod parallel;
mod play;
mod play_mp;
mod replay;
mod rules;
mod scenario;
mod seats;
mod sim;
mod sim_mp;
mod style;
mod table;

use std::process::ExitCode;

/// An error for the user: printed as `tolaria: <message>` on stderr.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    /// 2 for a usage error, 1 for anything else.
    pub code: u8,
}

impl CliError {
    pub fn usage(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            code: 2,
        }
    }
    pub fn failure(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            code: 1,
        }
    }
}

pub type CliResult = Result<ExitCode, CliError>;

const USAGE: &str = "\
tolaria: a Magic: The Gathering rules engine (Comprehensive Rules of 2007-05-01)

Usage: tolaria <command> [options]

Commands:
  play        play a game in the terminal against the built-in agent
  sim         simulate many games between agents and report the results
  replay      replay a saved game (`play --save`, `sim --save`), printing its log
  bench       the speed benchmark (RG vs WW, random agents)
  fuzz        random whole-pool games with 2-6 players, checked after every action
  scenario    run scenario files
  cards       show a card (`cards show NAME`) or the card pool's coverage
  rules       read a rule of the 2007 Comprehensive Rules (`rules 409.1g`)
              or a glossary entry (`rules trample`)
  serve       the game server: play in a browser (web client and WebSocket protocol)
  help        show this help, or a command's (`tolaria help sim`)

Examples:
  tolaria play
  tolaria play --seed 42 --agent random
  tolaria play --seed 7 --agent mcts --save game.json
  tolaria replay game.json
  tolaria sim --games 1000 --seed 7 --agents greedy,random
  tolaria sim --games 100 --seed 7 --agents mcts,greedy
  tolaria bench --games 2000
  tolaria scenario tests/scenarios/*.scn
  tolaria cards show \"Lightning Bolt\"
  tolaria cards coverage
  tolaria rules 409.1g
  tolaria serve --port 8080

Run `tolaria <command> --help` for a command's options.
";

fn run(argv: Vec<String>) -> CliResult {
    let Some((cmd, rest)) = argv.split_first() else {
        print!("{USAGE}");
        return Ok(ExitCode::from(2));
    };
    let rest = rest.to_vec();
    match cmd.as_str() {
        "play" => play::main(rest),
        "sim" => sim::main(rest),
        "fuzz" => fuzz::main(rest),
        "bench" => bench::main(rest),
        "replay" => replay::main(rest),
        "scenario" | "scenarios" => scenario::main(rest),
        "cards" | "card" => cards::main(rest),
        "rules" | "rule" => rules::main(rest),
        "serve" => serve(rest),
        "help" | "--help" | "-h" => match rest.first().map(String::as_str) {
            Some("play") => play::main(vec!["--help".into()]),
            Some("sim") => sim::main(vec!["--help".into()]),
            Some("fuzz") => fuzz::main(vec!["--help".into()]),
            Some("bench") => bench::main(vec!["--help".into()]),
            Some("replay") => replay::main(vec!["--help".into()]),
            Some("scenario") => scenario::main(vec!["--help".into()]),
            Some("cards") => cards::main(vec!["--help".into()]),
            Some("rules") => rules::main(vec!["--help".into()]),
            Some("serve") => serve(vec!["--help".into()]),

            None => {
                print!("{USAGE}");
                Ok(ExitCode::SUCCESS)
            }
            Some(other) => Err(CliError::usage(format!(
                "help: unknown command {:?}; expected play, sim, fuzz, replay, bench, scenario, cards, rules or serve",
                args::clip(other)
            ))),
        },
        "--version" | "-V" => {
            println!("tolaria {}", env!("CARGO_PKG_VERSION"));
            Ok(ExitCode::SUCCESS)
        }
        other => Err(CliError::usage(format!(
            "unknown command {:?}; expected play, sim, fuzz, replay, bench, scenario, cards, rules, serve or help",
            args::clip(other)
        ))),
    }
}

/// `tolaria serve`: the game server (crates/server).
fn serve(args: Vec<String>) -> CliResult {
    match tolaria_server::main(args) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.contains("unknown option") || e.contains("needs") => Err(CliError::usage(e)),
        Err(e) => Err(CliError::failure(e)),
    }
}

/// Output into a closed pipe (`tolaria cards coverage | head`) ends the
/// process quietly, as for other command-line tools, instead of panicking
/// in `println!`.
#[cfg(unix)]
fn restore_sigpipe() {
    extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: setting SIGPIPE back to its default action before any other
    // thread exists; no handler code runs.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_sigpipe() {}

fn main() -> ExitCode {
    restore_sigpipe();
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match run(argv) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tolaria: {}", e.message);
            if e.code == 2 {
                eprintln!("(run `tolaria help` for usage)");
            }
            ExitCode::from(e.code)
        }
    }
}
