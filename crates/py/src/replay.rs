//! Saved games in the format of `tolaria play --save` / `tolaria replay`
//! (crates/cli/src/replay.rs): the seed, the decks by card name, the
//! actions, the card-data version and a hash of the log, so a game saved
//! from Python replays with `tolaria replay FILE` and the other way round.

use serde::{Deserialize, Serialize};
use tolaria_cards::{card_data_hash, db, CardId};
use tolaria_rules::variants::multiplayer::AttackOption;
use tolaria_rules::{Action, Game, GameResult};

pub const FORMAT: &str = "tolaria-replay";
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReplayFile {
    pub format: String,
    pub version: u32,
    pub card_data: String,
    pub seed: u64,
    pub players: Vec<SeatRecord>,
    pub actions: Vec<Action>,
    pub outcome: OutcomeRecord,
    /// 605.2b, for a multiplayer game saved from Python with another attack
    /// option than the default (the CLI ignores the field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<AttackOption>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatRecord {
    pub name: String,
    pub deck: String,
    pub agent: String,
    pub cards: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeRecord {
    pub result: Option<GameResult>,
    pub turns: u32,
    pub log_lines: usize,
    pub log_hash: String,
}

/// FNV-1a 64 of log lines, each followed by a newline (as the CLI).
fn log_hash(lines: &[String]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for l in lines {
        for &b in l.as_bytes().iter().chain(b"\n") {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// A seat: the player's name, the deck's name, the cards in library order.
#[derive(Clone, Debug)]
pub struct Seat {
    pub name: String,
    pub deck: String,
    pub agent: String,
    pub cards: Vec<CardId>,
}

/// Plays `actions` from the start; returns the game and its log lines.
pub fn replay(
    seed: u64,
    seats: &[Seat],
    actions: &[Action],
    attack: AttackOption,
) -> Result<(Game, Vec<String>), String> {
    let mut game = crate::game::new_game(seats, seed, attack);
    let mut log = Vec::new();
    let drain = |game: &mut Game, log: &mut Vec<String>| {
        log.extend(game.take_events().iter().filter_map(|e| e.log_line()));
    };
    drain(&mut game, &mut log);
    for (i, a) in actions.iter().enumerate() {
        if game.is_over() {
            return Err(format!(
                "the game is over after action {i}, but {} actions are saved",
                actions.len()
            ));
        }
        if let Err(e) = game.apply(a.clone()) {
            let shown = serde_json::to_string(a).unwrap_or_else(|_| format!("{a:?}"));
            return Err(format!("action {} ({shown}) is not legal: {e}", i + 1));
        }
        drain(&mut game, &mut log);
    }
    Ok((game, log))
}

/// The saved form of a game played from `seed` by `seats` with `actions`.
pub fn record(
    seed: u64,
    seats: &[Seat],
    actions: &[Action],
    attack: AttackOption,
) -> Result<ReplayFile, String> {
    let (game, log) = replay(seed, seats, actions, attack)?;
    Ok(ReplayFile {
        format: FORMAT.into(),
        version: VERSION,
        card_data: card_data_hash().to_string(),
        seed,
        players: seats
            .iter()
            .map(|s| SeatRecord {
                name: s.name.clone(),
                deck: s.deck.clone(),
                agent: s.agent.clone(),
                cards: s.cards.iter().map(|&c| db().get(c).name.clone()).collect(),
            })
            .collect(),
        actions: actions.to_vec(),
        outcome: OutcomeRecord {
            result: game.result,
            turns: game.turn,
            log_lines: log.len(),
            log_hash: log_hash(&log),
        },
        attack: (attack != AttackOption::default()).then_some(attack),
    })
}

/// Parses a saved game and replays it, checking the card data and the log.
pub fn load(text: &str, file: &str) -> Result<(ReplayFile, Vec<Seat>, Game), String> {
    #[derive(Deserialize)]
    struct Head {
        format: Option<String>,
        version: Option<u32>,
    }
    let malformed = |e: serde_json::Error| {
        format!(
            "{file}:{}:{}: not a valid saved game: {e}",
            e.line(),
            e.column()
        )
    };
    let head: Head = serde_json::from_str(text).map_err(malformed)?;
    if head.format.as_deref() != Some(FORMAT) {
        return Err(format!(
            "{file}: not a tolaria saved game (format {:?}, expected {FORMAT:?})",
            head.format.unwrap_or_else(|| "none".into())
        ));
    }
    if let Some(v) = head.version.filter(|&v| v != VERSION) {
        return Err(format!(
            "{file}: saved game format version {v}; this tolaria reads version {VERSION}"
        ));
    }
    let saved: ReplayFile = serde_json::from_str(text).map_err(malformed)?;
    if saved.card_data != card_data_hash() {
        return Err(format!(
            "{file}: the game was played with card data {}, this tolaria has card data {}; it would not reproduce",
            saved.card_data,
            card_data_hash()
        ));
    }
    if saved.players.len() < 2 {
        return Err(format!(
            "{file}: a game needs at least two players, the file has {}",
            saved.players.len()
        ));
    }
    let mut seats = Vec::new();
    for (i, p) in saved.players.iter().enumerate() {
        let mut cards = Vec::new();
        for c in &p.cards {
            let def = db().by_name(c).ok_or_else(|| {
                format!("{file}: player {} ({}): unknown card {c:?}", i + 1, p.name)
            })?;
            cards.push(def.id);
        }
        seats.push(Seat {
            name: p.name.clone(),
            deck: p.deck.clone(),
            agent: p.agent.clone(),
            cards,
        });
    }
    let (game, log) = replay(
        saved.seed,
        &seats,
        &saved.actions,
        saved.attack.unwrap_or_default(),
    )
    .map_err(|e| format!("{file}: {e}"))?;
    let got = OutcomeRecord {
        result: game.result,
        turns: game.turn,
        log_lines: log.len(),
        log_hash: log_hash(&log),
    };
    if got != saved.outcome {
        return Err(format!(
            "{file}: the replay does not reproduce the saved game: saved {:?}, replayed {:?}",
            saved.outcome, got
        ));
    }
    Ok((saved, seats, game))
}
