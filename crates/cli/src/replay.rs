//! Saved games: a game is its seed, its decks and its actions (the engine is
//! deterministic, so these give the same game), with the card-data version
//! it was played with and a hash of its log to prove that a replay
//! reproduced it. `tolaria replay FILE` replays a saved game and prints its
//! log; `play --save` and `sim --save` write one.

use crate::args::Args;
use crate::{CliError, CliResult};
use std::process::ExitCode;
pub use tolaria_rules::engine::saved::{turns, Recorder, ReplayError, ReplayFile};
use tolaria_rules::{Game, GameResult};

const HELP: &str = "\
tolaria replay: replay a saved game and print its log

Usage: tolaria replay FILE [--quiet]

A saved game (written by `tolaria play --save FILE` or `tolaria sim --save
FILE`) holds the format version, the card-data version, the seed, both
decks, the agents and every action. The replay starts the same game, applies
the actions one by one, prints every log line (each starts with its rule
number) and checks that the log is the one saved. It fails, naming the file
and the problem, if the file is malformed, was written with other card data,
or an action is not legal at its point (an edited file).

Options:
  --quiet    print only the result, not the log

Examples:
  tolaria play --seed 7 --save game.json
  tolaria replay game.json
  tolaria sim --games 100 --seed 7 --save game.json --save-game 42
  tolaria replay game.json --quiet
";

impl From<ReplayError> for CliError {
    fn from(e: ReplayError) -> Self {
        CliError::failure(e.to_string())
    }
}

/// How a finished game ended, for a summary line.
pub fn result_line(game: &Game) -> String {
    match game.result {
        Some(GameResult::Win(p)) => format!(
            "game over after {}: {p} ({}) wins",
            turns(game.turn),
            game.player(p).name
        ),
        Some(GameResult::Draw) => format!("game over after {}: a draw", turns(game.turn)),
        Some(GameResult::TeamWin(t)) => {
            let names: Vec<String> = game
                .player_ids()
                .filter(|&p| game.player(p).team == Some(t))
                .map(|p| format!("{p} ({})", game.player(p).name))
                .collect();
            format!(
                "game over after {} turns: team {} ({}) wins",
                game.turn,
                t + 1,
                names.join(", ")
            )
        }
        None => format!("the game is not over (stopped on turn {})", game.turn),
    }
}

pub fn main(argv: Vec<String>) -> CliResult {
    let args = Args::parse("replay", argv, &[], &["quiet"])?;
    if args.help {
        print!("{HELP}");
        return Ok(ExitCode::SUCCESS);
    }
    let [file] = args.positional.as_slice() else {
        return Err(CliError::usage(format!(
            "replay: expected one saved game file, got {}",
            args.positional.len()
        )));
    };
    let saved = ReplayFile::load(file)?;
    let quiet = args.flag("quiet");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let game = saved.replay(file, |l| {
        if !quiet {
            use std::io::Write;
            let _ = writeln!(out, "{l}");
        }
    })?;
    use std::io::Write;
    let _ = writeln!(
        out,
        "Replayed {} actions of {file}: {}; the log matches the saved game.",
        saved.actions.len(),
        result_line(&game)
    );
    let _ = out.flush();
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{mix, play_game_with, seats, Caps, Entry};
    use tolaria_cards::CardId;

    /// The replayed log is the recorded one, line for line and byte for byte.
    #[test]
    fn a_recorded_game_replays_to_the_same_log() {
        let deck = |n: &str| crate::decks::builtin(n).expect("built-in deck");
        let entries = [
            Entry {
                deck: deck("red_green"),
                agent: "greedy".into(),
            },
            Entry {
                deck: deck("white_blue"),
                agent: "random".into(),
            },
        ];
        let caps = Caps {
            max_actions: 100_000,
            max_turns: u32::MAX,
        };
        let i = 1;
        let seats_info: Vec<(&str, &str, &str, &[CardId])> = seats(i)
            .iter()
            .map(|&e| {
                let en = &entries[e];
                (
                    en.deck.name.as_str(),
                    en.deck.name.as_str(),
                    en.agent.as_str(),
                    en.deck.cards.as_slice(),
                )
            })
            .collect();
        let mut rec = Recorder::new(mix(9, i), &seats_info);
        let mut end = (None, 0);
        play_game_with(&entries, 9, i, caps, |g, a| {
            rec.events(g);
            rec.action(a);
            end = (g.result, g.turn);
        });
        assert!(end.0.is_some(), "the game finished");
        let recorded = rec.log().to_vec();
        let file = rec.finish(end.0, end.1);
        // Through the file format too.
        let text = serde_json::to_string(&file).unwrap();
        let back = ReplayFile::parse(&text, "mem.json").unwrap();
        let mut replayed = Vec::new();
        let game = back
            .replay("mem.json", |l| replayed.push(l.to_string()))
            .unwrap();
        assert_eq!(recorded, replayed);
        assert_eq!(game.result, end.0);
    }
}
