//! `tolaria sim`: many games between two (deck, agent) entries, on any
//! number of threads, with results independent of the thread count. With
//! a table (`--players`, `--variant`, …) the games are multiplayer
//! (`sim_mp.rs`).

use crate::args::Args;
use crate::decks::{self, LoadedDeck};
use crate::replay::Recorder;
use crate::{parallel, CliError, CliResult};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::time::Instant;
use tolaria_ai::agent_by_name;
use tolaria_rules::{Action, Game, GameResult, PlayerId};

const HELP_HEAD: &str = "\
tolaria sim: simulate games between agents and report the results

Usage: tolaria sim [--games N] [--seed S] [--agents A,B] [--decks A,B]
                   [--threads T] [--max-actions M] [--json]
                   [--save FILE [--save-game I]]
       tolaria sim --players N [--variant ffa|teams|emperor] [--teams T]
                   [--attack left|right|multiple] [--random-seating]
                   [--agents A|A1,..,AN] [--decks D|D1,..,DN] [...]

Options:
  --games N        number of games (default 100)
  --seed S         base seed (default 1); game i uses a seed derived from S
                   and i, so results are the same for any thread count
  --agents A,B     agents of entries A and B: random, greedy, mcts,
                   mcts:N (N search iterations per decision; mcts is
                   mcts:48) or mcts:Nms (N milliseconds per decision, not
                   reproducible) (default greedy,random)
  --mcts-iterations N
                   the iterations of every mcts agent (same as mcts:N)
  --decks A,B      decks of entries A and B: deck files, or built-in decks
                   red_green, white_blue, rg_beats_old, white_weenie_old
                   (default red_green,white_blue)
  --threads T      worker threads (default: all cores)
  --max-actions M  a game reaching M actions is stopped and counted as a
                   draw (default 200000)
  --json           print the results as JSON
  --save FILE      save one game (seed, decks, agents, actions) to FILE,
                   for `tolaria replay FILE`
  --save-game I    which game --save saves, 0 to N-1 (default 0)

Two players: entries swap seats every other game; the engine picks the
starting player at random (rule 101.2). A progress bar is drawn on stderr
when it is a terminal.

With any multiplayer option the game is played by N players, one deck and
one agent per seat (--agents and --decks: one entry for every seat, or N
comma-separated entries, seat 1 first; default greedy and red_green /
white_blue alternately), and the results are given per player and per
team.

";
const HELP_EXAMPLES: &str = "\
Examples:
  tolaria sim --games 1000 --seed 7
  tolaria sim --games 200 --agents greedy,greedy --decks red_green,red_green
  tolaria sim --games 20 --seed 7 --threads 1 --json
  tolaria sim --games 1000 --seed 7 --agents mcts,greedy --decks red_green,red_green
  tolaria sim --games 100 --seed 7 --save game.json --save-game 42
  tolaria sim --players 4 --games 100                    # Free-for-All, attack left
  tolaria sim --players 5 --attack multiple --random-seating --agents greedy,random,greedy,random,mcts
  tolaria sim --players 6 --variant teams --teams 3 --games 100
  tolaria sim --players 6 --variant emperor --games 100
  tolaria sim --players 6 --variant emperor --games 10 --save emperor.json --save-game 3
";

/// The most games `sim` and `bench` play in one run (`--games`): each
/// game's outcome is kept in memory.
pub const MAX_GAMES: u64 = 10_000_000;
/// The most worker threads (`--threads`).
pub const MAX_THREADS: usize = 256;

pub use tolaria_rules::state::rng::mix;

/// Plays `game` to its end, one agent per seat, within `caps`: the actions
/// applied and whether the game was cut (a cap reached, or an agent's
/// illegal answer, counted as a draw). `watch` sees each applied action.
pub fn play_out(
    game: &mut Game,
    agents: &mut [Box<dyn tolaria_ai::Agent + Send>],
    caps: Caps,
    mut watch: impl FnMut(&Game, &Action),
) -> (u64, bool) {
    let mut actions = 0u64;
    while !game.is_over() {
        if actions >= caps.max_actions || game.turn > caps.max_turns {
            return (actions, true);
        }
        let Some(decider) = game.decider() else { break };
        // The listing at priority kept between decisions (issue 22): the
        // game's own list, not copied.
        game.keep_listing();
        let legal = game.kept_listing();
        if legal.is_empty() {
            break;
        }
        let a = agents[decider.index()].choose(game, decider, legal);
        // Plain data (no heap), so the copy for `watch` costs nothing.
        let applied = a.clone();
        // The list just made current is the legal list of this decision:
        // the engine looks the action up in it instead of judging it again.
        if game.apply_kept(a).is_err() {
            // An agent answered illegally: stop the game as a draw.
            return (actions, true);
        }
        watch(game, &applied);
        game.events.clear();
        actions += 1;
    }
    (actions, false)
}

/// One side of a simulation.
#[derive(Clone, Debug)]
pub struct Entry {
    pub deck: LoadedDeck,
    pub agent: String,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Outcome {
    /// The winning entry (0 or 1), or `None` for a draw.
    pub winner: Option<usize>,
    /// The entry that played first.
    pub starter: usize,
    pub turns: u32,
    pub actions: u64,
    /// Stopped at the action or turn cap.
    pub capped: bool,
}

/// Limits on one game.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    pub max_actions: u64,
    pub max_turns: u32,
}

/// Which entry plays each seat in game `i` (seat s is played by entry
/// `seats(i)[s]`): entries swap seats on odd games.
pub fn seats(i: u64) -> [usize; 2] {
    if i % 2 == 1 {
        [1, 0]
    } else {
        [0, 1]
    }
}

/// Plays game `i`: entries swap seats on odd games.
pub fn play_game(entries: &[Entry; 2], seed: u64, i: u64, caps: Caps) -> Outcome {
    play_game_with(entries, seed, i, caps, |_, _| {})
}

/// As [`play_game`], calling `watch` after every action with the game (its
/// events not yet cleared) and the action applied: the benchmark's mid-game
/// snapshot, a saved game's actions and log.
pub fn play_game_with(
    entries: &[Entry; 2],
    seed: u64,
    i: u64,
    caps: Caps,
    watch: impl FnMut(&Game, &Action),
) -> Outcome {
    let game_seed = mix(seed, i);
    let order = seats(i);
    let decks: Vec<(&str, Vec<tolaria_cards::CardId>)> = order
        .iter()
        .map(|&e| (entries[e].deck.name.as_str(), entries[e].deck.cards.clone()))
        .collect();
    let mut game = Game::new_game(&decks, game_seed);
    let mut agents: Vec<_> = order
        .iter()
        .enumerate()
        .map(|(s, &e)| {
            agent_by_name(&entries[e].agent, mix(game_seed, s as u64 + 1))
                .expect("agent names are checked before games start")
        })
        .collect();
    let (actions, capped) = play_out(&mut game, &mut agents, caps, watch);
    let seat_of_starter = game.starting_player.index();
    Outcome {
        winner: match game.result {
            Some(GameResult::Win(PlayerId(s))) if !capped => Some(order[s as usize]),
            _ => None,
        },
        starter: order[seat_of_starter],
        turns: game.turn,
        actions,
        capped,
    }
}

/// Runs games `0..n` on `threads` threads; the outcomes in game order.
pub fn run_games(
    entries: &[Entry; 2],
    seed: u64,
    n: u64,
    threads: usize,
    caps: Caps,
) -> Vec<Outcome> {
    run_games_counted(entries, seed, n, threads, caps, &AtomicU64::new(0))
}

/// As [`run_games`], adding 1 to `done` as each game ends (for a progress
/// bar; it does not change any game).
pub fn run_games_counted(
    entries: &[Entry; 2],
    seed: u64,
    n: u64,
    threads: usize,
    caps: Caps,
    done: &AtomicU64,
) -> Vec<Outcome> {
    parallel::run_indexed(n, threads, done, |i| play_game(entries, seed, i, caps))
}

/// Runs the games, drawing a progress bar on stderr while they run if
/// `show` (stderr is a terminal).
fn run_with_progress(
    entries: &[Entry; 2],
    seed: u64,
    n: u64,
    threads: usize,
    caps: Caps,
    show: bool,
) -> Vec<Outcome> {
    let done = AtomicU64::new(0);
    parallel::with_progress(n, show, &done, || {
        run_games_counted(entries, seed, n, threads, caps, &done)
    })
}

pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub fn main(argv: Vec<String>) -> CliResult {
    let args = Args::parse(
        "sim",
        argv,
        &[
            "games",
            "seed",
            "agents",
            "decks",
            "threads",
            "max-actions",
            "save",
            "save-game",
            "mcts-iterations",
            "players",
            "variant",
            "teams",
            "attack",
            "range",
        ],
        &["json", "random-seating", "deploy", "ante"],
    )?;
    if args.help {
        print!("{HELP_HEAD}{}\n{HELP_EXAMPLES}", crate::seats::HELP);
        return Ok(ExitCode::SUCCESS);
    }
    args.no_positional()?;
    if let Some(table) = crate::seats::TableSpec::parse("sim", &args)? {
        return crate::sim_mp::main(&args, table);
    }
    let games: u64 = args.number_in("games", 100, 0, MAX_GAMES)?;
    let seed: u64 = args.number("seed", 1)?;
    let threads: usize = args.number_in("threads", default_threads(), 0, MAX_THREADS)?;
    if threads == 0 {
        return Err(CliError::usage("sim: --threads must be at least 1"));
    }
    let max_actions: u64 = args.number("max-actions", 200_000)?;
    let mut agents = args
        .list("agents")
        .unwrap_or_else(|| vec!["greedy".into(), "random".into()]);
    if args.value("mcts-iterations").is_some() {
        let n: u32 = args.number("mcts-iterations", 0)?;
        if n == 0 {
            return Err(CliError::usage("sim: --mcts-iterations must be at least 1"));
        }
        for a in &mut agents {
            if a.eq_ignore_ascii_case("mcts") {
                *a = format!("mcts:{n}");
            }
        }
    }
    let save_game: u64 = args.number("save-game", 0)?;
    let save = args.value("save");
    if save.is_none() && args.value("save-game").is_some() {
        return Err(CliError::usage(
            "sim: --save-game I chooses the game --save FILE saves; give --save FILE too",
        ));
    }
    if save.is_some() && save_game >= games {
        return Err(CliError::usage(format!(
            "sim: --save-game {save_game} is not one of the games 0 to {}",
            games.saturating_sub(1)
        )));
    }
    let deck_specs = args
        .list("decks")
        .unwrap_or_else(|| vec!["red_green".into(), "white_blue".into()]);
    if agents.len() != 2 {
        return Err(CliError::usage(format!(
            "sim: --agents expects two comma-separated agents, got {}",
            agents.len()
        )));
    }
    if deck_specs.len() != 2 {
        return Err(CliError::usage(format!(
            "sim: --decks expects two comma-separated decks, got {}",
            deck_specs.len()
        )));
    }
    for a in &agents {
        if agent_by_name(a, 0).is_none() {
            return Err(CliError::usage(format!(
                "sim: unknown agent {a:?}; expected one of: {}",
                tolaria_ai::AGENT_NAMES.join(", ")
            )));
        }
    }
    let d0 = decks::load(&deck_specs[0])?;
    let d1 = decks::load(&deck_specs[1])?;
    // 217.9c: without --ante (a table option), a deck holding an ante
    // card is refused.
    for d in [&d0, &d1] {
        tolaria_rules::variants::ante::check_ante_deck(&d.cards, false)
            .map_err(|e| CliError::usage(format!("sim: deck {}: {e} (--ante)", d.name)))?;
    }
    let entries = [
        Entry {
            deck: d0,
            agent: agents[0].to_ascii_lowercase(),
        },
        Entry {
            deck: d1,
            agent: agents[1].to_ascii_lowercase(),
        },
    ];
    let _ = tolaria_cards::db();
    let caps = Caps {
        max_actions,
        max_turns: u32::MAX,
    };
    let start = Instant::now();
    let show = std::io::stderr().is_terminal();
    let outcomes = run_with_progress(&entries, seed, games, threads, caps, show);
    let secs = start.elapsed().as_secs_f64();
    let s = Summary::of(&outcomes);
    if let Some(file) = save {
        save_game_to(&entries, seed, save_game, caps, file)?;
        eprintln!("sim: game {save_game} saved to {file} (replay it with: tolaria replay {file})");
    }
    if args.flag("json") {
        let v = serde_json::json!({
            "games": games,
            "seed": seed,
            "threads": threads,
            "max_actions": max_actions,
            "entries": entries.iter().enumerate().map(|(i, e)| serde_json::json!({
                "deck": e.deck.name,
                "agent": e.agent,
                "wins": s.wins[i],
                "wins_on_the_play": s.wins_starting[i],
            })).collect::<Vec<_>>(),
            "draws": s.draws,
            "capped": s.capped,
            "average_turns": s.avg_turns,
            "average_actions": s.avg_actions,
            "seconds": secs,
            "games_per_second": games as f64 / secs.max(1e-9),
        });
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    } else {
        println!("Simulated {games} games, seed {seed}");
        println!(
            "{:<6} {:<40} {:<8} {:>6} {:>7} {:>14}",
            "entry", "deck", "agent", "wins", "win%", "wins on play"
        );
        for (i, e) in entries.iter().enumerate() {
            println!(
                "{:<6} {:<40} {:<8} {:>6} {:>6.1}% {:>14}",
                ["A", "B"][i],
                e.deck.name,
                e.agent,
                s.wins[i],
                pct(s.wins[i], games),
                s.wins_starting[i]
            );
        }
        println!(
            "draws: {} (of which {} stopped at {max_actions} actions)",
            s.draws, s.capped
        );
        println!(
            "average turns per game: {:.2} (both players' turns); average actions: {:.1}",
            s.avg_turns, s.avg_actions
        );
        println!(
            "time: {secs:.2}s on {threads} thread(s), {:.1} games/s",
            games as f64 / secs.max(1e-9)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays game `i` again, recording it, and saves it (the games are
/// deterministic, so it is the game the simulation played).
pub fn save_game_to(
    entries: &[Entry; 2],
    seed: u64,
    i: u64,
    caps: Caps,
    file: &str,
) -> Result<(), CliError> {
    let order = seats(i);
    let seat_info: Vec<(&str, &str, &str, &[tolaria_cards::CardId])> = order
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
    let mut rec = Recorder::new(mix(seed, i), &seat_info);
    // The set-up's events (shuffles, the starting player) are still in the
    // game at the first action, so the log is whole. A game stopped at a
    // cap is saved as it stood.
    let mut end = (None, 0);
    play_game_with(entries, seed, i, caps, |g, a| {
        rec.events(g);
        rec.action(a);
        end = (g.result, g.turn);
    });
    rec.finish(end.0, end.1).save(file)?;
    Ok(())
}

fn pct(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        100.0 * n as f64 / d as f64
    }
}

pub struct Summary {
    pub wins: [u64; 2],
    pub wins_starting: [u64; 2],
    pub draws: u64,
    pub capped: u64,
    pub avg_turns: f64,
    pub avg_actions: f64,
    pub total_turns: u64,
    pub total_actions: u64,
}

impl Summary {
    pub fn of(outcomes: &[Outcome]) -> Summary {
        let mut s = Summary {
            wins: [0; 2],
            wins_starting: [0; 2],
            draws: 0,
            capped: 0,
            avg_turns: 0.0,
            avg_actions: 0.0,
            total_turns: 0,
            total_actions: 0,
        };
        for o in outcomes {
            match o.winner {
                Some(w) => {
                    s.wins[w] += 1;
                    if o.starter == w {
                        s.wins_starting[w] += 1;
                    }
                }
                None => s.draws += 1,
            }
            s.capped += o.capped as u64;
            s.total_turns += o.turns as u64;
            s.total_actions += o.actions;
        }
        let n = outcomes.len().max(1) as f64;
        s.avg_turns = s.total_turns as f64 / n;
        s.avg_actions = s.total_actions as f64 / n;
        s
    }
}
