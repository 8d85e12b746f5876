//! The WebSocket protocol, version [`PROTOCOL_VERSION`] (docs/protocol.md):
//! one JSON object per text message, tagged by `"type"`. Unknown fields
//! and unknown types are refused with an [`ErrorCode::BadMessage`] reply.

use serde::{Deserialize, Serialize};
use tolaria_rules::variants::multiplayer::MultiplayerOptions;
use tolaria_rules::{Action, PlayerView};

/// Bumped on any incompatible change to the messages below.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest client message accepted (bytes). Larger ones get
/// `too_large`; the game is not touched.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Start a game; the reply is `created` with one secret per human seat.
    NewGame(NewGame),
    /// Take a seat (`token` is the seat's secret) or watch (`token` is the
    /// game's spectator secret). The reply is `joined`, then `state`;
    /// joining again (a reload, a dropped connection) resumes the game.
    Join {
        game: String,
        token: String,
    },
    /// Answer the pending decision. `version`, if given, must be the
    /// `version` of the latest `state` (else `stale`: the click was made on
    /// an old picture of the game).
    Act {
        action: Action,
        #[serde(default)]
        version: Option<u64>,
    },
    /// Ask for the saved game (once it is over): the reply is `saved`.
    Save,
    /// Step a saved game: the reply is `replay` with the public view after
    /// `step` actions.
    Replay {
        save: SavedGame,
        step: usize,
    },
    Ping,
}

/// A seat of a new game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// The player's name (default "P1", "P2", …; names must differ).
    #[serde(default)]
    pub name: Option<String>,
    /// A built-in deck's name (`red_green`, `white_blue`, …) or a deck
    /// list pasted as text (`4 Grizzly Bears` lines). Default: red_green
    /// for the first seat, white_blue for the others.
    #[serde(default)]
    pub deck: Option<String>,
    /// `human`, or an agent: `random`, `greedy`, `mcts`, `mcts:N`.
    pub player: String,
    /// 609.1, 607.1: the team, in a team variant.
    #[serde(default)]
    pub team: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub seats: Vec<SeatSpec>,
    /// The multiplayer options (variant, attack option), as the engine
    /// serialises them. Default: Free-for-All, attack left.
    #[serde(default)]
    pub options: Option<MultiplayerOptions>,
    #[serde(default)]
    pub seed: Option<u64>,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The first message on every connection.
    Welcome {
        protocol: u32,
        server: String,
    },
    Created {
        game: String,
        /// One entry per seat; `token` only for human seats.
        seats: Vec<SeatInfo>,
        spectator_token: String,
    },
    Joined {
        game: String,
        /// `None` for a spectator.
        seat: Option<u8>,
    },
    State(Box<StateMsg>),
    Saved {
        save: Box<SavedGame>,
    },
    Replay(Box<ReplayMsg>),
    Error {
        code: ErrorCode,
        message: String,
    },
    Pong,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub seat: u8,
    pub name: String,
    /// `human` or the agent's name.
    pub player: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// The game as one seat (or a spectator) may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StateMsg {
    pub game: String,
    pub seat: Option<u8>,
    /// Grows by one with every action applied to the game.
    pub version: u64,
    /// `view(seat)` for a seat; the public view for a spectator.
    pub view: PlayerView,
    /// The seat's legal actions (if it decides), each with a label.
    pub actions: Vec<LabeledAction>,
    /// Which seat decides now, and whether it is a human seat.
    pub decider: Option<u8>,
    /// Log lines `log_from..` (a connection gets the whole log on joining,
    /// then only new lines).
    pub log_from: usize,
    pub log: Vec<LogLine>,
    pub seats: Vec<SeatInfo>,
    pub over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabeledAction {
    pub action: Action,
    pub label: String,
}

/// A log line: its rule and text (`Event::log_line` without the rule).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    pub rule: String,
    pub text: String,
}

/// A finished game: everything needed to replay it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    pub format: String,
    pub protocol: u32,
    pub seed: u64,
    pub names: Vec<String>,
    pub decks: Vec<Vec<tolaria_cards::CardId>>,
    #[serde(default)]
    pub teams: Vec<Option<u8>>,
    #[serde(default)]
    pub options: Option<MultiplayerOptions>,
    pub actions: Vec<(u8, Action)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayMsg {
    pub step: usize,
    pub steps: usize,
    pub view: PlayerView,
    pub log: Vec<LogLine>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not a known message, a field missing or unknown.
    BadMessage,
    TooLarge,
    /// A new game's seats, decks or agents are not acceptable.
    BadGame,
    NoSuchGame,
    BadToken,
    /// `act` or `save` before `join`.
    NotJoined,
    /// A spectator, or a seat that doesn't make the pending decision.
    NotYourDecision,
    IllegalAction,
    Stale,
    /// Too many games or connections: try later.
    ServerFull,
    /// `save` before the game is over.
    NotOver,
    BadSave,
}
