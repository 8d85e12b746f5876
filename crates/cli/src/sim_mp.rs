//! `tolaria sim` for a multiplayer table (`--players`, `--variant`, …):
//! a deck and an agent per seat, wins reported per player and per team.
//! Game i uses the seed derived from the base seed and i, as two-player
//! `sim` does, so the results are the same for any thread count.

use crate::args::Args;
use crate::parallel;
use crate::replay::Recorder;
use crate::seats::{self, PlayerSpec, TableSpec};
use crate::sim::{default_threads, mix, play_out, Caps, MAX_GAMES, MAX_THREADS};
use crate::{CliError, CliResult};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::time::Instant;
use tolaria_ai::agent_by_name;
use tolaria_rules::{Action, Game, GameResult};

/// How one game ended, by player (the index of its `PlayerSpec`).
#[derive(Clone, Debug, Default)]
pub struct MpOutcome {
    /// Which players won (one in Free-for-All; a whole team).
    pub won: Vec<bool>,
    /// 609.5, 607.5a: the winning team.
    pub team: Option<u8>,
    /// The player who played first.
    pub starter: usize,
    pub turns: u32,
    pub actions: u64,
    /// Stopped at the action cap (counted as a draw).
    pub capped: bool,
}

/// Plays game `i` of a run, calling `watch` after every action (its events
/// not yet cleared).
pub fn play_game_with(
    table: &TableSpec,
    players: &[PlayerSpec],
    seed: u64,
    i: u64,
    caps: Caps,
    watch: impl FnMut(&Game, &Action),
) -> MpOutcome {
    let game_seed = mix(seed, i);
    let (setup, order) = seats::setup(table, players);
    let mut game = Game::new_multiplayer(&setup, game_seed).expect("the table is checked first");
    let by_seat = seats::seat_map(&game, &order);
    let mut agents: Vec<_> = by_seat
        .iter()
        .enumerate()
        .map(|(s, &k)| {
            agent_by_name(&players[k].agent, mix(game_seed, s as u64 + 1))
                .expect("agent names are checked before games start")
        })
        .collect();
    let (actions, capped) = play_out(&mut game, &mut agents, caps, watch);
    let mut won = vec![false; players.len()];
    let mut team = None;
    if let (Some(r), false) = (game.result, capped) {
        for p in game.player_ids() {
            won[by_seat[p.index()]] = r.won(&game, p);
        }
        if let GameResult::TeamWin(t) = r {
            team = Some(t);
        }
    }
    MpOutcome {
        won,
        team,
        starter: by_seat[game.starting_player.index()],
        turns: game.turn,
        actions,
        capped,
    }
}

fn run_games(
    table: &TableSpec,
    players: &[PlayerSpec],
    seed: u64,
    n: u64,
    threads: usize,
    caps: Caps,
    done: &AtomicU64,
) -> Vec<MpOutcome> {
    parallel::run_indexed(n, threads, done, |i| {
        play_game_with(table, players, seed, i, caps, |_, _| {})
    })
}

/// Plays game `i` again, recording it, and saves it.
pub fn save_game_to(
    table: &TableSpec,
    players: &[PlayerSpec],
    seed: u64,
    i: u64,
    caps: Caps,
    file: &str,
) -> Result<(), CliError> {
    let (setup, order) = seats::setup(table, players);
    let who: Vec<(&str, &str)> = order
        .iter()
        .map(|&k| (players[k].deck.name.as_str(), players[k].agent.as_str()))
        .collect();
    let mut rec = Recorder::multiplayer(mix(seed, i), &setup, &who);
    let mut end = (None, 0);
    play_game_with(table, players, seed, i, caps, |g, a| {
        rec.events(g);
        rec.action(a);
        end = (g.result, g.turn);
    });
    rec.finish(end.0, end.1).save(file)?;
    Ok(())
}

/// The results of a run, per player and per team.
pub struct MpSummary {
    pub wins: Vec<u64>,
    pub wins_starting: Vec<u64>,
    pub team_wins: Vec<u64>,
    pub draws: u64,
    pub capped: u64,
    pub avg_turns: f64,
    pub avg_actions: f64,
}

impl MpSummary {
    pub fn of(table: &TableSpec, outcomes: &[MpOutcome]) -> MpSummary {
        let mut s = MpSummary {
            wins: vec![0; table.players],
            wins_starting: vec![0; table.players],
            team_wins: vec![0; table.teams],
            draws: 0,
            capped: 0,
            avg_turns: 0.0,
            avg_actions: 0.0,
        };
        let (mut turns, mut actions) = (0u64, 0u64);
        for o in outcomes {
            let mut any = false;
            for (k, &w) in o.won.iter().enumerate() {
                if w {
                    any = true;
                    s.wins[k] += 1;
                    if o.starter == k {
                        s.wins_starting[k] += 1;
                    }
                }
            }
            if let Some(t) = o.team {
                if let Some(x) = s.team_wins.get_mut(t as usize) {
                    *x += 1;
                }
            }
            if !any {
                s.draws += 1;
            }
            s.capped += u64::from(o.capped);
            turns += u64::from(o.turns);
            actions += o.actions;
        }
        let n = outcomes.len().max(1) as f64;
        s.avg_turns = turns as f64 / n;
        s.avg_actions = actions as f64 / n;
        s
    }
}

fn pct(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        100.0 * n as f64 / d as f64
    }
}

/// The role of player k with fixed seating: "emperor", "general" or "".
fn role(table: &TableSpec, k: usize) -> &'static str {
    if table.variant != tolaria_rules::variants::multiplayer::Variant::Emperor {
        return "";
    }
    let size = table.players / table.teams;
    if k % size == size / 2 {
        "emperor"
    } else {
        "general"
    }
}

/// `tolaria sim` with a table: `args` parsed by `sim::main`.
pub fn main(args: &Args, table: TableSpec) -> CliResult {
    let games: u64 = args.number_in("games", 100, 0, MAX_GAMES)?;
    let seed: u64 = args.number("seed", 1)?;
    let threads: usize = args.number_in("threads", default_threads(), 0, MAX_THREADS)?;
    if threads == 0 {
        return Err(CliError::usage("sim: --threads must be at least 1"));
    }
    let max_actions: u64 = args.number("max-actions", 200_000)?;
    let n = table.players;
    let mut agents = seats::per_seat("sim", "agents", args.list("agents"), n, |_| "greedy".into())?;
    for a in agents.iter_mut() {
        *a = seats::check_agent("sim", a)?;
        if a == "mcts" && args.value("mcts-iterations").is_some() {
            let it: u32 = args.number("mcts-iterations", 0)?;
            if it == 0 {
                return Err(CliError::usage("sim: --mcts-iterations must be at least 1"));
            }
            *a = format!("mcts:{it}");
        }
    }
    let deck_specs = seats::per_seat("sim", "decks", args.list("decks"), n, |k| {
        ["red_green", "white_blue"][k % 2].into()
    })?;
    let decks = seats::load_decks(&deck_specs)?;
    let players: Vec<PlayerSpec> = decks
        .into_iter()
        .zip(&agents)
        .enumerate()
        .map(|(k, (deck, agent))| PlayerSpec {
            name: format!("{agent} {}", k + 1),
            deck,
            agent: agent.clone(),
        })
        .collect();
    let save_game: u64 = args.number("save-game", 0)?;
    let save = args.value("save");
    if save.is_some() && save_game >= games {
        return Err(CliError::usage(format!(
            "sim: --save-game {save_game} is not one of the games 0 to {}",
            games.saturating_sub(1)
        )));
    }
    // The table is checked once before the games (equal teams and so on).
    seats::start(&table, &players, seed)?;
    let caps = Caps {
        max_actions,
        max_turns: u32::MAX,
    };
    let start = Instant::now();
    let show = std::io::stderr().is_terminal();
    let done = AtomicU64::new(0);
    let outcomes = parallel::with_progress(games, show, &done, || {
        run_games(&table, &players, seed, games, threads, caps, &done)
    });
    let secs = start.elapsed().as_secs_f64();
    let s = MpSummary::of(&table, &outcomes);
    if let Some(file) = save {
        save_game_to(&table, &players, seed, save_game, caps, file)?;
        eprintln!("sim: game {save_game} saved to {file} (replay it with: tolaria replay {file})");
    }
    let seat = |k: usize| {
        if table.random_seating {
            "random".to_string()
        } else {
            format!("P{}", k + 1)
        }
    };
    let team_members = |t: usize| -> Vec<usize> {
        (0..n)
            .filter(|&k| table.team_of(k) == Some(t as u8))
            .map(|k| k + 1)
            .collect()
    };
    if args.flag("json") {
        let v = serde_json::json!({
            "games": games,
            "seed": seed,
            "threads": threads,
            "max_actions": max_actions,
            "players": n,
            "variant": seats::variant_name(table.variant),
            "attack": seats::attack_name(table.attack),
            "random_seating": table.random_seating,
            "entries": players.iter().enumerate().map(|(k, p)| serde_json::json!({
                "player": k + 1,
                "seat": (!table.random_seating).then_some(k + 1),
                "team": table.team_of(k).map(|t| t + 1),
                "role": role(&table, k),
                "deck": p.deck.name,
                "agent": p.agent,
                "wins": s.wins[k],
                "wins_on_the_play": s.wins_starting[k],
            })).collect::<Vec<_>>(),
            "teams": (0..table.teams).map(|t| serde_json::json!({
                "team": t + 1,
                "players": team_members(t),
                "wins": s.team_wins[t],
            })).collect::<Vec<_>>(),
            "draws": s.draws,
            "capped": s.capped,
            "average_turns": s.avg_turns,
            "average_actions": s.avg_actions,
            "seconds": secs,
            "games_per_second": games as f64 / secs.max(1e-9),
        });
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        return Ok(ExitCode::SUCCESS);
    }
    println!("Simulated {games} games, seed {seed}: {}", table.describe());
    println!(
        "{:<7} {:<6} {:<6} {:<8} {:<34} {:<10} {:>6} {:>7} {:>13}",
        "player", "seat", "team", "role", "deck", "agent", "wins", "win%", "wins on play"
    );
    for (k, p) in players.iter().enumerate() {
        println!(
            "{:<7} {:<6} {:<6} {:<8} {:<34} {:<10} {:>6} {:>6.1}% {:>13}",
            k + 1,
            seat(k),
            table
                .team_of(k)
                .map_or("-".to_string(), |t| (t + 1).to_string()),
            role(&table, k),
            p.deck.name,
            p.agent,
            s.wins[k],
            pct(s.wins[k], games),
            s.wins_starting[k]
        );
    }
    if table.teams > 0 {
        println!(
            "{:<7} {:<22} {:>6} {:>7}",
            "team", "players", "wins", "win%"
        );
        for t in 0..table.teams {
            let m: Vec<String> = team_members(t).iter().map(|k| k.to_string()).collect();
            println!(
                "{:<7} {:<22} {:>6} {:>6.1}%",
                t + 1,
                m.join(", "),
                s.team_wins[t],
                pct(s.team_wins[t], games)
            );
        }
    }
    println!(
        "draws: {} (of which {} stopped at {max_actions} actions)",
        s.draws, s.capped
    );
    println!(
        "average turns per game: {:.2} (all players' turns); average actions: {:.1}",
        s.avg_turns, s.avg_actions
    );
    println!(
        "time: {secs:.2}s on {threads} thread(s), {:.1} games/s",
        games as f64 / secs.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}
