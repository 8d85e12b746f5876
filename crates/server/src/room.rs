//! A game on the server: the `Game`, its seats (human seats with their
//! secret, agents), the public log and the record for saving. The server
//! drives the agents between decisions (the engine never calls one);
//! every picture a client gets is built from `view(seat)` or, for a
//! spectator, from [`public_view`].

use crate::label::label;
use crate::protocol::*;
use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Instant;
use tolaria_ai::Agent;
use tolaria_cards::{CardId, Deck};
use tolaria_rules::variants::teams::{Entrant, Setup};
use tolaria_rules::{Action, Game, ObjId, PlayerId, PlayerView};

/// At most this many seats in a game.
pub const MAX_SEATS: usize = 16;
/// A deck of more cards is refused.
pub const MAX_DECK: usize = 250;
/// Agents stop acting after this many actions in one game (a runaway
/// game between agents can't hold a server thread forever).
pub const MAX_ACTIONS: usize = 50_000;

pub enum Seat {
    Human {
        token: String,
    },
    Agent {
        name: String,
        agent: Option<Box<dyn Agent + Send>>,
    },
}

pub struct RoomState {
    pub game: Game,
    pub seats: Vec<Seat>,
    pub names: Vec<String>,
    pub spectator_token: String,
    pub log: Vec<LogLine>,
    pub save: SavedGame,
    pub version: u64,
    pub last_activity: Instant,
}

pub struct Room {
    pub id: String,
    pub state: Mutex<RoomState>,
    pub changed: tokio::sync::watch::Sender<u64>,
}

/// The built-in decks, by name.
pub const BUILTIN_DECKS: &[(&str, &str)] = &[
    ("red_green", include_str!("../../../decks/red_green.txt")),
    ("white_blue", include_str!("../../../decks/white_blue.txt")),
    (
        "black_white",
        include_str!("../../../decks/black_white.txt"),
    ),
    ("mono_black", include_str!("../../../decks/mono_black.txt")),
    (
        "rg_beats_old",
        include_str!("../../../decks/bench/rg_beats_old.dck"),
    ),
    (
        "white_weenie_old",
        include_str!("../../../decks/bench/white_weenie_old.dck"),
    ),
];

/// A deck from a built-in name or a pasted list.
pub fn load_deck(spec: &str) -> Result<Vec<CardId>, String> {
    let text = BUILTIN_DECKS
        .iter()
        .find(|(n, _)| *n == spec.trim())
        .map_or(spec, |(_, t)| t);
    let deck = Deck::parse(text, "deck").map_err(|e| e.to_string())?;
    let cards = deck.cards();
    if cards.is_empty() {
        return Err("the deck has no cards in its main deck".into());
    }
    if cards.len() > MAX_DECK {
        return Err(format!(
            "the deck has {} cards (at most {MAX_DECK})",
            cards.len()
        ));
    }
    Ok(cards)
}

/// A random secret (for seat links): 128 bits from the OS's hasher keys
/// and the clock, as hex.
pub fn secret() -> String {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut out = String::new();
    for _ in 0..2 {
        let mut h = RandomState::new().build_hasher();
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        out.push_str(&format!("{:016x}", h.finish()));
    }
    out
}

/// Builds the game a saved record describes, before any action.
pub fn build_game(save: &SavedGame) -> Result<Game, String> {
    let n = save.decks.len();
    if !(2..=MAX_SEATS).contains(&n) || save.names.len() != n {
        return Err(format!(
            "a game has 2 to {MAX_SEATS} seats, each with a name and a deck"
        ));
    }
    let pool = tolaria_cards::db().len();
    for d in &save.decks {
        if d.is_empty() || d.len() > MAX_DECK || d.iter().any(|c| c.0 as usize >= pool) {
            return Err("a deck is empty, too large, or names a card not in the pool".into());
        }
    }
    let opts = save.options.unwrap_or_default();
    let plain = n == 2 && opts.is_default() && save.teams.iter().all(Option::is_none);
    if plain {
        let decks: Vec<(&str, Vec<CardId>)> = save
            .names
            .iter()
            .zip(&save.decks)
            .map(|(n, d)| (n.as_str(), d.clone()))
            .collect();
        return Ok(Game::new_game(&decks, save.seed));
    }
    let setup = Setup {
        entrants: (0..n)
            .map(|i| Entrant {
                name: save.names[i].clone(),
                deck: save.decks[i].clone(),
                team: save.teams.get(i).copied().flatten(),
                range: None,
            })
            .collect(),
        options: opts,
        random_seating: false,
    };
    Game::new_multiplayer(&setup, save.seed).map_err(|e| e.to_string())
}

impl Room {
    /// A new game from a `new_game` message.
    pub fn create(id: String, req: &NewGame) -> Result<Room, String> {
        let n = req.seats.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(format!("a game has 2 to {MAX_SEATS} seats, not {n}"));
        }
        let seed = req.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_007)
        });
        let mut names = Vec::new();
        let mut decks = Vec::new();
        for (i, s) in req.seats.iter().enumerate() {
            let name = s.name.clone().unwrap_or_else(|| format!("P{}", i + 1));
            let name: String = name.trim().chars().take(24).collect();
            if name.is_empty() || names.contains(&name) {
                return Err(format!("seat {i}: names must be non-empty and differ"));
            }
            names.push(name);
            let default = if i == 0 { "red_green" } else { "white_blue" };
            let deck = load_deck(s.deck.as_deref().unwrap_or(default))
                .map_err(|e| format!("seat {i}: {e}"))?;
            decks.push(deck);
        }
        let save = SavedGame {
            format: "tolaria-web-save".into(),
            protocol: PROTOCOL_VERSION,
            seed,
            names: names.clone(),
            decks,
            teams: req.seats.iter().map(|s| s.team).collect(),
            options: req.options,
            actions: Vec::new(),
        };
        let game = build_game(&save)?;
        // The engine may seat the entrants in another order (609.3, 607.2):
        // seats follow the game's players, matched by name.
        let view = game.view(PlayerId(0));
        let mut seats = Vec::new();
        let mut seat_names = Vec::new();
        for p in &view.players {
            let i = names
                .iter()
                .position(|n| *n == p.name)
                .ok_or("the engine renamed a player")?;
            let spec = &req.seats[i];
            let kind = spec.player.trim().to_ascii_lowercase();
            seats.push(if kind == "human" {
                Seat::Human { token: secret() }
            } else {
                let agent = tolaria_ai::agent_by_name(&kind, seed ^ (i as u64 + 1))
                    .ok_or_else(|| format!("seat {i}: unknown player {kind:?} (human, random, greedy, mcts, mcts:N)"))?;
                Seat::Agent {
                    name: kind,
                    agent: Some(agent),
                }
            });
            seat_names.push(p.name.clone());
        }
        let mut state = RoomState {
            game,
            seats,
            names: seat_names,
            spectator_token: secret(),
            log: Vec::new(),
            save,
            version: 0,
            last_activity: Instant::now(),
        };
        state.collect_log();
        let (changed, _) = tokio::sync::watch::channel(0);
        Ok(Room {
            id,
            state: Mutex::new(state),
            changed,
        })
    }

    pub fn lock(&self) -> std::sync::MutexGuard<'_, RoomState> {
        // A panic while holding the lock is a bug; the game data is still
        // consistent between actions, so go on with it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Lets the agents act until a human decides or the game ends. Blocking
    /// (an agent may think for a while): run it off the async threads. The
    /// lock is not held while an agent thinks.
    pub fn drive_agents(&self) {
        loop {
            let (mut agent, game, seat, legal, version) = {
                let mut st = self.lock();
                let Some(seat) = st.game.decider() else {
                    return;
                };
                if st.game.is_over() || st.save.actions.len() >= MAX_ACTIONS {
                    return;
                }
                let version = st.version;
                let Seat::Agent { agent, .. } = &mut st.seats[seat.index()] else {
                    return;
                };
                // Another thread is already driving this agent.
                let Some(agent) = agent.take() else { return };
                let legal = st.game.legal_actions();
                (agent, st.game.clone(), seat, legal, version)
            };
            let action = if legal.len() == 1 {
                legal[0].clone()
            } else {
                agent.choose(&game, seat, &legal)
            };
            let mut st = self.lock();
            if let Seat::Agent { agent: slot, .. } = &mut st.seats[seat.index()] {
                *slot = Some(agent);
            }
            if st.version != version {
                continue; // a human acted meanwhile (a concession): look again
            }
            if st.apply(seat, action).is_err() {
                return; // an agent's illegal choice: a bug, stop driving
            }
            drop(st);
            self.changed.send_replace(version + 1);
        }
    }

    /// A human seat's action, checked: the seat must decide (a concession
    /// is always the player's own).
    pub fn act(&self, seat: u8, action: Action, version: Option<u64>) -> Result<(), ServerMsg> {
        let mut st = self.lock();
        if version.is_some_and(|v| v != st.version) {
            return Err(err(
                ErrorCode::Stale,
                "the game has moved on; act on the latest state",
            ));
        }
        let me = PlayerId(seat);
        let concession = matches!(action, Action::Concede(p) if p == me);
        if !concession && st.game.decider() != Some(me) {
            return Err(err(
                ErrorCode::NotYourDecision,
                "this seat does not make the pending decision",
            ));
        }
        st.apply(me, action)
            .map_err(|e| err(ErrorCode::IllegalAction, &e.to_string()))?;
        let v = st.version;
        drop(st);
        self.changed.send_replace(v);
        Ok(())
    }

    /// Which seat a token opens: `Some(Some(seat))`, `Some(None)` for the
    /// spectator token, `None` for no match.
    pub fn seat_of(&self, token: &str) -> Option<Option<u8>> {
        let st = self.lock();
        if token == st.spectator_token {
            return Some(None);
        }
        st.seats
            .iter()
            .position(|s| matches!(s, Seat::Human { token: t } if t == token))
            .map(|i| Some(i as u8))
    }
}

pub fn err(code: ErrorCode, message: &str) -> ServerMsg {
    ServerMsg::Error {
        code,
        message: message.to_string(),
    }
}

impl RoomState {
    fn apply(&mut self, who: PlayerId, action: Action) -> Result<(), tolaria_rules::ActionError> {
        self.game.apply_as(who, action.clone())?;
        self.save.actions.push((who.0, action));
        self.version += 1;
        self.last_activity = Instant::now();
        self.collect_log();
        Ok(())
    }

    fn collect_log(&mut self) {
        for e in self.game.take_events() {
            if let Some(line) = e.log_line() {
                self.log.push(log_line(e.rule(), &line));
            }
        }
    }

    pub fn seat_infos(&self, with_tokens: bool) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo {
                seat: i as u8,
                name: self.names[i].clone(),
                player: match s {
                    Seat::Human { .. } => "human".into(),
                    Seat::Agent { name, .. } => name.clone(),
                },
                token: match s {
                    Seat::Human { token } if with_tokens => Some(token.clone()),
                    _ => None,
                },
            })
            .collect()
    }

    /// The state message for `seat` (a spectator: `None`), with the log
    /// from `log_from`.
    pub fn state_msg(&self, game_id: &str, seat: Option<u8>, log_from: usize) -> StateMsg {
        let view = match seat {
            Some(s) => self.game.view(PlayerId(s)),
            None => public_view(&self.game),
        };
        let actions = view
            .legal_actions
            .iter()
            .map(|a| LabeledAction {
                action: a.clone(),
                label: label(&view, a),
            })
            .collect();
        StateMsg {
            game: game_id.to_string(),
            seat,
            version: self.version,
            actions,
            decider: self.game.decider().map(|p| p.0),
            log_from: log_from.min(self.log.len()),
            log: self.log[log_from.min(self.log.len())..].to_vec(),
            seats: self.seat_infos(false),
            over: self.game.is_over(),
            view,
        }
    }
}

pub fn log_line(rule: &str, rendered: &str) -> LogLine {
    LogLine {
        rule: rule.to_string(),
        text: rendered
            .strip_prefix(rule)
            .map_or(rendered, str::trim_start)
            .to_string(),
    }
}

/// What a spectator sees: the first seat's view with every card that any
/// seat may not identify hidden, no hand, no cards outside the game, no
/// legal actions and no private choices. An object is public only if every
/// player's view names it.
pub fn public_view(game: &Game) -> PlayerView {
    let n = game.view(PlayerId(0)).players.len();
    let views: Vec<PlayerView> = (0..n).map(|p| game.view(PlayerId(p as u8))).collect();
    let mut hidden: HashSet<ObjId> = HashSet::new();
    for v in &views {
        for p in &v.players {
            for c in p.graveyard.iter().chain(&p.revealed).chain(&p.library_top) {
                if c.card.is_none() {
                    hidden.insert(c.id);
                }
            }
        }
        for c in &v.removed {
            if c.card.is_none() {
                hidden.insert(c.id);
            }
        }
        for pm in &v.in_play {
            if pm.card.is_none() {
                hidden.insert(pm.id);
            }
        }
    }
    let mut out = views[0].clone();
    out.legal_actions.clear();
    out.choice_cards.clear();
    out.main_game = None;
    let hide = |c: &mut tolaria_rules::engine::view::CardView| {
        if hidden.contains(&c.id) {
            c.card = None;
            c.name = None;
        }
    };
    for p in &mut out.players {
        p.hand = None;
        p.outside = None;
        p.graveyard.iter_mut().for_each(hide);
        p.revealed.iter_mut().for_each(hide);
        p.library_top.iter_mut().for_each(hide);
    }
    out.removed.iter_mut().for_each(hide);
    for pm in &mut out.in_play {
        if hidden.contains(&pm.id) {
            // The entry of a view that doesn't identify it.
            if let Some(h) = views
                .iter()
                .flat_map(|v| &v.in_play)
                .find(|q| q.id == pm.id && q.card.is_none())
            {
                *pm = h.clone();
            }
        }
    }
    out
}
