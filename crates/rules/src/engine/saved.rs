//! Saved games (rule 8 of the design: the same seed and actions give the
//! same game): a game is its seed, its decks by card name, its multiplayer
//! set-up and its actions, with the card-data version it was played with
//! and a hash of its log to prove that a replay reproduced it. `tolaria
//! play --save` / `sim --save` write one (`Recorder`), `tolaria replay`
//! and the `replay_file` fuzz target read and replay one
//! (`ReplayFile::parse`, `ReplayFile::replay`); every problem with a file
//! is a typed `ReplayError`, never a panic.

use crate::variants::multiplayer::MultiplayerOptions;
use crate::variants::teams::{Entrant, Setup};
use crate::{Action, Game, GameResult};
use serde::{Deserialize, Serialize};
use tolaria_cards::{card_data_hash, db, CardId};

/// What the first line of a saved game says it is.
pub const FORMAT: &str = "tolaria-replay";
/// The version of the format this program writes for a two-player game
/// started with `Game::new_game` (and reads).
pub const VERSION: u32 = 1;
/// The version written for a game with a multiplayer set-up (`setup`):
/// an older tolaria, which would ignore the set-up, refuses it by version.
pub const VERSION_SETUP: u32 = 2;

/// A saved game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReplayFile {
    pub format: String,
    pub version: u32,
    /// `tolaria_cards::card_data_hash()` of the program that played it.
    pub card_data: String,
    pub seed: u64,
    /// The seats in order (the first is P1); with a `setup`, the players in
    /// the order of the set-up's entrants (the seating draws from the seed).
    pub players: Vec<SeatRecord>,
    /// 600, 605.2: a multiplayer set-up (variant, options, teams, seating),
    /// given to `Game::new_multiplayer`; absent for a two-player game
    /// started with `Game::new_game` (version 1 files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<SetupRecord>,
    pub actions: Vec<Action>,
    pub outcome: OutcomeRecord,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The player's name in the game (it appears in the log).
    pub name: String,
    pub deck: String,
    /// Who chose this seat's actions: `human`, or an agent's name.
    pub agent: String,
    /// The deck's cards by name, in the order they went into the library
    /// before the first shuffle.
    pub cards: Vec<String>,
}

/// What a multiplayer game fixed before play began (apart from the
/// players' names and decks, in `players`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupRecord {
    /// The variant and options (605.2, 607.3, 609.2), as the engine
    /// serialises them.
    pub options: MultiplayerOptions,
    /// 605.3, 607.2, 609.3: seated at random from the seed.
    pub random_seating: bool,
    /// Each player's team (609.1, 607.1), in the order of `players`; in an
    /// Emperor game the first player listed of each team is its emperor.
    pub teams: Vec<Option<u8>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeRecord {
    pub result: Option<GameResult>,
    pub turns: u32,
    pub log_lines: usize,
    /// FNV-1a 64 of the log lines, each followed by a newline.
    pub log_hash: String,
}

/// Why a saved game could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("{file}: cannot read the saved game: {source}")]
    Read {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: cannot write the saved game: {source}")]
    Write {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}:{line}:{column}: not a valid saved game: {problem}")]
    Malformed {
        file: String,
        line: usize,
        column: usize,
        problem: String,
    },
    #[error("{file}: not a tolaria saved game (format {found:?}, expected {FORMAT:?})")]
    Format { file: String, found: String },
    #[error(
        "{file}: saved game format version {found}; this tolaria reads versions {VERSION} and {VERSION_SETUP}"
    )]
    Version { file: String, found: u32 },
    #[error(
        "{file}: the game was played with card data {found}, this tolaria has card data \
         {expected}; it would not reproduce"
    )]
    CardData {
        file: String,
        found: String,
        expected: String,
    },
    #[error("{file}: a game needs at least two players, the file has {found}")]
    Players { file: String, found: usize },
    #[error("{file}: player {player} ({name}): unknown card {card:?}")]
    UnknownCard {
        file: String,
        player: usize,
        name: String,
        card: String,
    },
    #[error("{file}: action {index} ({action}) is not legal: {problem}")]
    Illegal {
        file: String,
        /// 1-based position in the action list.
        index: usize,
        action: String,
        problem: String,
    },
    #[error("{file}: the game is over after action {index}, but {total} actions are saved")]
    OverEarly {
        file: String,
        index: usize,
        total: usize,
    },
    #[error("{file}: the saved set-up can't start a game: {problem}")]
    Setup { file: String, problem: String },
    #[error("{file}: the replay does not reproduce the saved game: {what}")]
    Diverged { file: String, what: String },
}

/// FNV-1a 64 of log lines, each followed by a newline.
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

/// Records a game as it is played: the actions applied and the log.
pub struct Recorder {
    seed: u64,
    players: Vec<SeatRecord>,
    setup: Option<SetupRecord>,
    actions: Vec<Action>,
    log: Vec<String>,
}

impl Recorder {
    /// `seats`: (name in the game, deck name, agent, cards) per seat, as
    /// given to `Game::new_game`.
    pub fn new(seed: u64, seats: &[(&str, &str, &str, &[CardId])]) -> Recorder {
        Recorder {
            seed,
            players: seats
                .iter()
                .map(|(name, deck, agent, cards)| SeatRecord {
                    name: name.to_string(),
                    deck: deck.to_string(),
                    agent: agent.to_string(),
                    cards: cards.iter().map(|&c| db().get(c).name.clone()).collect(),
                })
                .collect(),
            setup: None,
            actions: Vec::new(),
            log: Vec::new(),
        }
    }

    /// A multiplayer game started with `Game::new_multiplayer(setup, seed)`;
    /// `who`: each entrant's (deck name, agent).
    pub fn multiplayer(seed: u64, setup: &Setup, who: &[(&str, &str)]) -> Recorder {
        let seats: Vec<(&str, &str, &str, &[CardId])> = setup
            .entrants
            .iter()
            .zip(who)
            .map(|(e, (deck, agent))| (e.name.as_str(), *deck, *agent, e.deck.as_slice()))
            .collect();
        let mut r = Recorder::new(seed, &seats);
        r.setup = Some(SetupRecord {
            options: setup.options,
            random_seating: setup.random_seating,
            teams: setup.entrants.iter().map(|e| e.team).collect(),
        });
        r
    }

    /// The set-up a game was started with (`start_game`), if any.
    pub fn with_setup(mut self, setup: Option<SetupRecord>) -> Recorder {
        self.setup = setup;
        self
    }

    /// The log lines of the events the game holds (call before they are drained).
    pub fn events(&mut self, game: &Game) {
        self.log
            .extend(game.events.iter().filter_map(|e| e.log_line()));
    }

    /// A recorder going on with a saved game (`play --resume`): its seats,
    /// its actions and the log its replay printed.
    pub fn resume(file: &ReplayFile, log: Vec<String>) -> Recorder {
        Recorder {
            seed: file.seed,
            players: file.players.clone(),
            actions: file.actions.clone(),
            log,
            setup: file.setup.clone(),
        }
    }

    /// The log lines recorded so far.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// One log line.
    pub fn line(&mut self, l: &str) {
        self.log.push(l.to_string());
    }

    /// An action applied successfully.
    pub fn action(&mut self, a: &Action) {
        self.actions.push(a.clone());
    }

    /// The saved game, given how it ended (`Game::result`, `Game::turn`).
    pub fn finish(self, result: Option<GameResult>, turns: u32) -> ReplayFile {
        ReplayFile {
            format: FORMAT.into(),
            version: if self.setup.is_some() {
                VERSION_SETUP
            } else {
                VERSION
            },
            card_data: card_data_hash().to_string(),
            seed: self.seed,
            players: self.players,
            setup: self.setup,
            actions: self.actions,
            outcome: OutcomeRecord {
                result,
                turns,
                log_lines: self.log.len(),
                log_hash: log_hash(&self.log),
            },
        }
    }
}

impl ReplayFile {
    pub fn save(&self, file: &str) -> Result<(), ReplayError> {
        let text = serde_json::to_string_pretty(self).map_err(|e| ReplayError::Write {
            file: file.into(),
            source: std::io::Error::other(e),
        })?;
        std::fs::write(file, text + "\n").map_err(|source| ReplayError::Write {
            file: file.into(),
            source,
        })
    }

    /// Parses a saved game; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<ReplayFile, ReplayError> {
        // The format and version first, so an old or foreign file says so
        // rather than failing on a field it lacks.
        #[derive(Deserialize)]
        struct Head {
            format: Option<String>,
            version: Option<u32>,
        }
        let malformed = |e: serde_json::Error| ReplayError::Malformed {
            file: file.into(),
            line: e.line(),
            column: e.column(),
            problem: e.to_string(),
        };
        let head: Head = serde_json::from_str(text).map_err(malformed)?;
        match head.format.as_deref() {
            Some(FORMAT) => {}
            other => {
                return Err(ReplayError::Format {
                    file: file.into(),
                    found: other.unwrap_or("none").into(),
                })
            }
        }
        if let Some(v) = head.version.filter(|&v| v != VERSION && v != VERSION_SETUP) {
            return Err(ReplayError::Version {
                file: file.into(),
                found: v,
            });
        }
        serde_json::from_str(text).map_err(malformed)
    }

    pub fn load(file: &str) -> Result<ReplayFile, ReplayError> {
        let text = std::fs::read_to_string(file).map_err(|source| ReplayError::Read {
            file: file.into(),
            source,
        })?;
        // A UTF-8 byte order mark, as deck files accept.
        Self::parse(text.strip_prefix('\u{feff}').unwrap_or(&text), file)
    }

    /// Replays the game, calling `line` with every log line; checks that
    /// every action is legal at its point and that the log is the saved one.
    pub fn replay(&self, file: &str, mut line: impl FnMut(&str)) -> Result<Game, ReplayError> {
        if self.card_data != card_data_hash() {
            return Err(ReplayError::CardData {
                file: file.into(),
                found: self.card_data.clone(),
                expected: card_data_hash().into(),
            });
        }
        if self.players.len() < 2 {
            return Err(ReplayError::Players {
                file: file.into(),
                found: self.players.len(),
            });
        }
        let mut decks: Vec<(&str, Vec<CardId>)> = Vec::new();
        for (i, p) in self.players.iter().enumerate() {
            let mut cards = Vec::with_capacity(p.cards.len());
            for c in &p.cards {
                let def = db().by_name(c).ok_or_else(|| ReplayError::UnknownCard {
                    file: file.into(),
                    player: i + 1,
                    name: p.name.clone(),
                    card: c.clone(),
                })?;
                cards.push(def.id);
            }
            decks.push((p.name.as_str(), cards));
        }
        let mut game = start_game(&decks, self.seed, self.setup.as_ref()).map_err(|problem| {
            ReplayError::Setup {
                file: file.into(),
                problem,
            }
        })?;
        let mut log = Vec::new();
        let mut drain = |game: &mut Game, log: &mut Vec<String>| {
            for e in game.take_events() {
                if let Some(l) = e.log_line() {
                    line(&l);
                    log.push(l);
                }
            }
        };
        drain(&mut game, &mut log);
        let total = self.actions.len();
        for (i, a) in self.actions.iter().enumerate() {
            if game.is_over() {
                return Err(ReplayError::OverEarly {
                    file: file.into(),
                    index: i,
                    total,
                });
            }
            let shown = serde_json::to_string(a).unwrap_or_else(|_| format!("{a:?}"));
            if let Err(e) = game.apply(a.clone()) {
                return Err(ReplayError::Illegal {
                    file: file.into(),
                    index: i + 1,
                    action: shown,
                    problem: e.to_string(),
                });
            }
            drain(&mut game, &mut log);
        }
        let got = OutcomeRecord {
            result: game.result,
            turns: game.turn,
            log_lines: log.len(),
            log_hash: log_hash(&log),
        };
        if got != self.outcome {
            return Err(ReplayError::Diverged {
                file: file.into(),
                what: format!(
                    "saved: {} after {}, {} log lines (hash {}); replayed: {} after {}, {} log lines (hash {})",
                    outcome_text(self.outcome.result),
                    turns(self.outcome.turns),
                    self.outcome.log_lines,
                    self.outcome.log_hash,
                    outcome_text(got.result),
                    turns(got.turns),
                    got.log_lines,
                    got.log_hash
                ),
            });
        }
        Ok(game)
    }
}

/// A saved game's start: `Game::new_game` for a two-player game without
/// a set-up (version 1), `Game::new_multiplayer` with one (version 2).
/// `decks`: each player's name and cards, in the order of the file's
/// `players`. The one place a saved game's seats become a game, for
/// `tolaria replay` and the Python package alike.
pub fn start_game(
    decks: &[(&str, Vec<CardId>)],
    seed: u64,
    setup: Option<&SetupRecord>,
) -> Result<Game, String> {
    let Some(s) = setup else {
        return Ok(Game::new_game(decks, seed));
    };
    if s.teams.len() != decks.len() {
        return Err(format!(
            "{} teams listed for {} players",
            s.teams.len(),
            decks.len()
        ));
    }
    let setup = Setup {
        entrants: decks
            .iter()
            .zip(&s.teams)
            .map(|((name, deck), &team)| Entrant {
                name: name.to_string(),
                deck: deck.clone(),
                team,
                range: None,
            })
            .collect(),
        options: s.options,
        random_seating: s.random_seating,
    };
    Game::new_multiplayer(&setup, seed).map_err(|e| e.to_string())
}

/// "1 turn", "7 turns".
pub fn turns(n: u32) -> String {
    if n == 1 {
        "1 turn".into()
    } else {
        format!("{n} turns")
    }
}

/// A game's result for people: "P1 wins", "a draw", "not over".
pub fn outcome_text(r: Option<GameResult>) -> String {
    match r {
        Some(GameResult::Win(p)) => format!("{p} wins"),
        Some(GameResult::Draw) => "a draw".into(),
        Some(GameResult::TeamWin(t)) => format!("team {t} wins"),
        None => "not over".into(),
    }
}
