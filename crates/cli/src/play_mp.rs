//! `tolaria play` at a multiplayer table: the human in any seat, an agent
//! in each of the others (`--seat`, `--agents`, `--decks` and the table
//! options of `seats.rs`).

use crate::args::Args;
use crate::decks::{self, LoadedDeck};
use crate::play::Session;
use crate::replay::Recorder;
use crate::seats::{self, PlayerSpec, TableSpec};
use crate::{CliError, CliResult};
use tolaria_ai::agent_by_name;
use tolaria_rules::{Game, PlayerId};

/// Who plays each seat given on the command line: `human` at exactly one.
pub fn seat_agents(args: &Args, n: usize, default_agent: &str) -> Result<Vec<String>, CliError> {
    let seat_given = args.value("seat").is_some();
    let mut seat: usize = args.number_in("seat", 1, 1, n)?;
    let list = args.list("agents");
    let mut agents: Vec<String> = match list {
        None => (0..n).map(|_| default_agent.to_string()).collect(),
        Some(l) if l.len() == 1 => (0..n).map(|_| l[0].clone()).collect(),
        Some(l) if l.len() == n => {
            let humans: Vec<usize> = (0..n)
                .filter(|&k| l[k].trim().eq_ignore_ascii_case("human"))
                .collect();
            match humans.as_slice() {
                [k] => {
                    if seat_given && k + 1 != seat {
                        return Err(CliError::usage(format!(
                            "play: --agents puts `human` in seat {} but --seat is {seat}",
                            k + 1
                        )));
                    }
                    seat = k + 1;
                }
                _ => {
                    return Err(CliError::usage(format!(
                        "play: --agents with {n} entries (one per seat) names `human` exactly once, at your seat"
                    )))
                }
            }
            l
        }
        Some(l) if l.len() + 1 == n => {
            let mut l = l;
            l.insert(seat - 1, "human".into());
            l
        }
        Some(l) => {
            return Err(CliError::usage(format!(
                "play: --agents expects one agent, {} (the other seats in order) or {n} (every seat, `human` at yours); got {}",
                n - 1,
                l.len()
            )))
        }
    };
    for (k, a) in agents.iter_mut().enumerate() {
        if k + 1 == seat {
            *a = "human".into();
        } else if a.trim().eq_ignore_ascii_case("human") {
            return Err(CliError::usage(format!(
                "play: seat {} can't be `human`: you sit in seat {seat} (one human per game)",
                k + 1
            )));
        } else {
            *a = seats::check_agent("play", a)?;
        }
    }
    Ok(agents)
}

fn deck_or(args: &Args, name: &str, default: &str, fallback: &str) -> Result<LoadedDeck, CliError> {
    match args.value(name) {
        Some(f) => decks::load(f),
        None => decks::builtin(default)
            .or_else(|| decks::builtin(fallback))
            .ok_or_else(|| {
                CliError::failure(format!("play: the built-in deck {default} does not load"))
            }),
    }
}

pub fn run(
    session: &mut Session,
    args: &Args,
    table: TableSpec,
    agent_name: &str,
    seed: u64,
) -> CliResult {
    let n = table.players;
    let agents = seat_agents(args, n, agent_name)?;
    let me = agents.iter().position(|a| a == "human").unwrap_or(0);
    let decks = match args.list("decks") {
        Some(l) => seats::load_decks(&seats::per_seat("play", "decks", Some(l), n, |_| {
            String::new()
        })?)?,
        None => {
            let mine = deck_or(args, "deck", "red_green", "rg_beats_old")?;
            let theirs = deck_or(args, "opponent-deck", "white_blue", "white_weenie_old")?;
            (0..n)
                .map(|k| {
                    if k == me {
                        mine.clone()
                    } else {
                        theirs.clone()
                    }
                })
                .collect()
        }
    };
    let players: Vec<PlayerSpec> = decks
        .into_iter()
        .zip(&agents)
        .enumerate()
        .map(|(k, (deck, agent))| PlayerSpec {
            name: if k == me {
                "You".into()
            } else {
                format!("{agent} {}", k + 1)
            },
            deck,
            agent: agent.clone(),
        })
        .collect();
    let (setup, order) = seats::setup(&table, &players);
    let game = Game::new_multiplayer(&setup, seed)
        .map_err(|e| CliError::usage(format!("play: the table can't be set up: {e}")))?;
    let by_seat = seats::seat_map(&game, &order);
    let human = PlayerId(by_seat.iter().position(|&k| k == me).unwrap_or(0) as u8);
    if args.flag("both-heads") {
        // 606: the human plays both players of their Two-Headed Giant team.
        if table.variant != tolaria_rules::variants::multiplayer::Variant::TwoHeadedGiant {
            return Err(CliError::usage(
                "play: --both-heads goes with --variant 2hg (606: a team of two heads)",
            ));
        }
        session.heads = std::iter::once(human)
            .chain(game.teammates(human))
            .collect();
    }
    if let Some(file) = session.save_to.take() {
        let who: Vec<(&str, &str)> = order
            .iter()
            .map(|&k| (players[k].deck.name.as_str(), players[k].agent.as_str()))
            .collect();
        session.save = Some((Recorder::multiplayer(seed, &setup, &who), file));
    }
    let seat_agents: Vec<Box<dyn tolaria_ai::Agent + Send>> = by_seat
        .iter()
        .enumerate()
        .map(|(s, &k)| {
            let name = if k == me { "greedy" } else { &players[k].agent };
            agent_by_name(name, crate::sim::mix(seed ^ 0x5eed, s as u64))
                .ok_or_else(|| CliError::usage(format!("play: unknown agent {name:?}")))
        })
        .collect::<Result<_, _>>()?;
    let s = session.style;
    let pl = game.player(human);
    let team = match pl.team {
        Some(t) if pl.emperor => format!(", the emperor of team {}", t + 1),
        Some(t) if table.variant == tolaria_rules::variants::multiplayer::Variant::Emperor => {
            format!(", a general of team {}", t + 1)
        }
        Some(t) => format!(", team {}", t + 1),
        None => String::new(),
    };
    let others: Vec<String> = by_seat
        .iter()
        .enumerate()
        .filter(|&(_, &k)| k != me)
        .map(|(st, &k)| {
            format!(
                "P{} {} ({})",
                st + 1,
                players[k].agent,
                players[k].deck.name
            )
        })
        .collect();
    let line = format!(
        "Tolaria: {}; you are {human} ({}){team}; seed {seed}",
        table.describe(),
        players[me].deck.name
    );
    session.say(&s.bold(&line));
    session.say(&s.dim(&format!("Agents: {}", others.join(", "))));
    session.say(&s.dim(&format!(
        "Deal this game again with the same options and --seed {seed}"
    )));
    session.human = human;
    session.play_game(game, seat_agents)
}
