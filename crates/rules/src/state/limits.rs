//! The engine's input limits, and checking what comes from outside:
//! a new game's players and decks (`Game::try_new_game`) and a game loaded
//! from JSON (`Game::from_json`, `Game::validate`). Each refusal is a typed
//! error, never a panic.
//!
//! The limits (documented in ARCHITECTURE.md):
//! - players: 1 to [`MAX_PLAYERS`] (a `PlayerId` is a `u8`);
//! - objects in one game: at most [`MAX_OBJECTS`] (an `ObjId` slot is a
//!   `u16`); a new game's cards at most [`MAX_CARDS`], leaving room for
//!   tokens and copies; once the arena is full, an effect creates no more
//!   tokens or copies of spells;
//! - life totals saturate at `i32::MIN` / `i32::MAX` (gain, loss, damage,
//!   mana burn).

use crate::{Game, PlayerId};
use serde::Serialize;
use tolaria_cards::CardId;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 64;
/// The most objects (cards, tokens, copies of spells) one game may hold:
/// every slot an `ObjId` can name.
pub const MAX_OBJECTS: usize = u16::MAX as usize + 1;
/// The most cards a new game's decks may hold together.
pub const MAX_CARDS: usize = 50_000;

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
pub enum SetupError {
    #[error("a game needs 1 to {MAX_PLAYERS} players, not {0}")]
    Players(usize),
    #[error("the decks hold {0} cards together; at most {MAX_CARDS} are allowed")]
    TooManyCards(usize),
    #[error("card id {0} is not in the card database")]
    UnknownCard(u16),
}

/// Why a loaded game was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
pub enum InvalidGame {
    #[error("not a game: {0}")]
    Json(String),
    #[error("invalid game: {0}")]
    Inconsistent(String),
}

impl Game {
    /// 101: a new game, after checking the limits on players and cards.
    pub fn try_new_game(decks: &[(&str, Vec<CardId>)], seed: u64) -> Result<Game, SetupError> {
        if decks.is_empty() || decks.len() > MAX_PLAYERS {
            return Err(SetupError::Players(decks.len()));
        }
        let total = decks
            .iter()
            .map(|d| d.1.len())
            .fold(0usize, usize::saturating_add);
        if total > MAX_CARDS {
            return Err(SetupError::TooManyCards(total));
        }
        let n = tolaria_cards::db().len();
        if let Some(c) = decks
            .iter()
            .flat_map(|d| d.1.iter())
            .find(|c| c.0 as usize >= n)
        {
            return Err(SetupError::UnknownCard(c.0));
        }
        Ok(Game::new_game(decks, seed))
    }

    /// A game from JSON that may come from anyone (a saved file, a client):
    /// parsed, then checked by [`Game::validate`].
    pub fn from_json(json: &str) -> Result<Game, InvalidGame> {
        let g: Game = serde_json::from_str(json).map_err(|e| InvalidGame::Json(e.to_string()))?;
        g.validate()?;
        Ok(g)
    }

    /// Checks a deserialised game: the limits, every card id in the
    /// database, every player id and object id it holds in range, zones
    /// consistent (`check_zones`), and the same for the games it holds
    /// (a suspended main game, a rewind point, a subgame about to begin).
    pub fn validate(&self) -> Result<(), InvalidGame> {
        let bad = |m: String| Err(InvalidGame::Inconsistent(m));
        let np = self.players.len();
        if np == 0 || np > MAX_PLAYERS {
            return bad(format!("{np} players"));
        }
        if self.objects.len() > MAX_OBJECTS {
            return bad(format!("{} objects", self.objects.len()));
        }
        let ncards = tolaria_cards::db().len();
        let player_ok = |p: PlayerId| p.index() < np;
        for (i, o) in self.objects.iter().enumerate() {
            if o.card.0 as usize >= ncards {
                return bad(format!("object #{i} has card id {}", o.card.0));
            }
            if !player_ok(o.owner) || !player_ok(o.controller) || !player_ok(o.base_controller) {
                return bad(format!("object #{i} names a player who doesn't exist"));
            }
            let zone_player = match o.zone {
                crate::Zone::Library(p) | crate::Zone::Hand(p) | crate::Zone::Graveyard(p) => {
                    Some(p)
                }
                _ => None,
            };
            if zone_player.is_some_and(|p| !player_ok(p)) {
                return bad(format!(
                    "object #{i} is in a zone of a player who doesn't exist"
                ));
            }
        }
        for (what, p) in [
            ("active player", self.active),
            ("starting player", self.starting_player),
            ("turn controller", self.turn_controller),
        ] {
            if !player_ok(p) {
                return bad(format!("the {what} {p} doesn't exist"));
            }
        }
        if let Some(d) = &self.decision {
            if !player_ok(d.player) {
                return bad(format!(
                    "the decision is for {}, who doesn't exist",
                    d.player
                ));
            }
        }
        for pl in &self.players {
            if pl.outside.iter().any(|c| c.0 as usize >= ncards) {
                return bad("a card outside the game isn't in the card database".into());
            }
        }
        self.check_zones().or_else(bad)?;
        // Every id anywhere in the state (effects, triggers, combat, the
        // stack, …): an object id names a slot of this game's arena and a
        // player id a seat, whatever field holds it.
        let mut v = serde_json::to_value(self).map_err(|e| InvalidGame::Json(e.to_string()))?;
        if let Some(m) = v.as_object_mut() {
            // The games inside have their own arenas, checked below.
            // A subgame's brought cards name main-game ids (506.6).
            for k in ["main", "rewind", "subgame_pending", "subgame_origin"] {
                m.remove(k);
            }
        }
        check_ids(&v, self.objects.len(), np, "").map_err(InvalidGame::Inconsistent)?;
        // 506.6: each card brought into a subgame is a slot of this game
        // and, where it came from the main game, an id of the main game's
        // arena (it goes back there when the subgame ends).
        let main_objects = self.main.as_ref().map_or(0, |m| m.objects.len());
        for b in &self.subgame_origin {
            if b.slot as usize >= self.objects.len()
                || b.from.is_some_and(|id| id.slot as usize >= main_objects)
            {
                return bad(format!(
                    "a card brought into the subgame (slot {}) names an object that doesn't exist",
                    b.slot
                ));
            }
        }
        for inner in [&self.main, &self.subgame_pending].into_iter().flatten() {
            inner.validate()?;
        }
        // 422: the rewind point shares the library cards of this arena.
        if let Some(r) = &self.rewind {
            if r.len > self.objects.len() || r.saved.iter().any(|(s, _)| *s as usize >= r.len) {
                return bad("the rewind point names objects that don't exist".into());
            }
            r.game_from(&self.objects).validate()?;
        }
        Ok(())
    }
}

/// Fields that hold a `PlayerId` (serialised as a bare number).
const PLAYER_FIELDS: &[&str] = &[
    "player",
    "controller",
    "owner",
    "base_controller",
    "active",
    "starting_player",
    "turn_controller",
    "defender",
    "defending",
    "chooser",
    "Player",
    "Win",
];

fn check_ids(
    v: &serde_json::Value,
    objects: usize,
    players: usize,
    key: &str,
) -> Result<(), String> {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            if let (Some(slot), Some(_), 2) = (m.get("slot"), m.get("gen"), m.len()) {
                if slot.as_u64().is_some_and(|s| s as usize >= objects) {
                    return Err(format!(
                        "{key}: object slot {slot} past the arena ({objects} objects)"
                    ));
                }
            }
            for (k, x) in m {
                check_ids(x, objects, players, k)?;
            }
        }
        Value::Array(a) => {
            for x in a {
                check_ids(x, objects, players, key)?;
            }
        }
        Value::Number(n)
            if PLAYER_FIELDS.contains(&key)
                && n.as_u64().is_some_and(|p| p as usize >= players) =>
        {
            return Err(format!(
                "{key}: player {n} doesn't exist ({players} players)"
            ));
        }
        _ => {}
    }
    Ok(())
}
