//! Saved games from Python, in the format of `tolaria play --save` /
//! `tolaria replay`: the format, its checks and the way a saved game's
//! seats become a game are the engine's (`tolaria_rules::engine::saved`),
//! so a game saved from Python replays with `tolaria replay FILE` and the
//! other way round. Here only the Python API's seats and set-up.

use tolaria_cards::{db, CardId};
use tolaria_rules::engine::saved::{self, Recorder, ReplayFile, SetupRecord};
use tolaria_rules::{Action, Game};

/// A seat: the player's name, the deck's name, the cards in library order.
#[derive(Clone, Debug)]
pub struct Seat {
    pub name: String,
    pub deck: String,
    pub agent: String,
    pub cards: Vec<CardId>,
}

fn decks(seats: &[Seat]) -> Vec<(&str, Vec<CardId>)> {
    seats
        .iter()
        .map(|s| (s.name.as_str(), s.cards.clone()))
        .collect()
}

/// A new game as a saved game starts it (`saved::start_game`).
pub fn new_game(seats: &[Seat], seed: u64, setup: Option<&SetupRecord>) -> Result<Game, String> {
    saved::start_game(&decks(seats), seed, setup)
}

/// The saved form of a game played from `seed` by `seats` with `actions`.
pub fn record(
    seed: u64,
    seats: &[Seat],
    setup: Option<&SetupRecord>,
    actions: &[Action],
) -> Result<ReplayFile, String> {
    let mut game = new_game(seats, seed, setup)?;
    let entries: Vec<(&str, &str, &str, &[CardId])> = seats
        .iter()
        .map(|s| {
            (
                s.name.as_str(),
                s.deck.as_str(),
                s.agent.as_str(),
                s.cards.as_slice(),
            )
        })
        .collect();
    let mut rec = Recorder::new(seed, &entries).with_setup(setup.cloned());
    rec.events(&game);
    game.take_events();
    for (i, a) in actions.iter().enumerate() {
        if let Err(e) = game.apply(a.clone()) {
            let shown = serde_json::to_string(a).unwrap_or_else(|_| format!("{a:?}"));
            return Err(format!("action {} ({shown}) is not legal: {e}", i + 1));
        }
        rec.action(a);
        rec.events(&game);
        game.take_events();
    }
    Ok(rec.finish(game.result, game.turn))
}

/// Parses a saved game and replays it, checking the card data and the log.
pub fn load(text: &str, file: &str) -> Result<(ReplayFile, Vec<Seat>, Game), String> {
    let saved = ReplayFile::parse(text, file).map_err(|e| e.to_string())?;
    let game = saved.replay(file, |_| {}).map_err(|e| e.to_string())?;
    // The replay has checked every card name.
    let seats = saved
        .players
        .iter()
        .map(|p| Seat {
            name: p.name.clone(),
            deck: p.deck.clone(),
            agent: p.agent.clone(),
            cards: p
                .cards
                .iter()
                .filter_map(|c| db().by_name(c).map(|d| d.id))
                .collect(),
        })
        .collect();
    Ok((saved, seats, game))
}
