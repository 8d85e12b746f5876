//! The table of a Python game: the multiplayer variant, teams and options
//! chosen before play (600.2, 605.2, 606, 607, 609), given as keyword
//! arguments (`variant`, `teams`, `attack`, `range`, `deploy`,
//! `random_seating`) to `Game`, `VecEnv`, `play_matches` and the
//! environments. It becomes the saved-game set-up (`SetupRecord`), so a
//! Python game starts, saves and replays exactly as `tolaria play` does.

use crate::TolariaError;
use pyo3::prelude::*;
use tolaria_rules::engine::saved::SetupRecord;
use tolaria_rules::variants::multiplayer::{AttackOption, MultiplayerOptions, Variant};
use tolaria_rules::{Game, GameResult, PlayerId};

/// The table's keyword arguments as Python passes them.
#[derive(Clone, Debug, Default)]
pub struct Table {
    pub variant: Option<String>,
    /// The number of teams, or each player's team (by deck order).
    pub teams: Option<Teams>,
    pub attack: Option<String>,
    pub range: Option<u8>,
    pub deploy: bool,
    pub random_seating: bool,
}

#[derive(Clone, Debug, FromPyObject)]
pub enum Teams {
    Count(usize),
    Each(Vec<u8>),
}

/// 600.2: a variant by its short name (`ffa`, `teams`, `emperor`, `2hg`,
/// `grand-melee`)
/// or the engine's own name (`"FreeForAll"`, `"TwoHeadedGiant"`, …).
fn parse_variant(s: &str) -> PyResult<Variant> {
    let short = match s.trim().to_ascii_lowercase().as_str() {
        "ffa" | "free-for-all" => Some(Variant::FreeForAll),
        "teams" => Some(Variant::Teams),
        "emperor" => Some(Variant::Emperor),
        "2hg" | "two-headed-giant" => Some(Variant::TwoHeadedGiant),
        // 608: range of influence 1 (set by the engine), attack left.
        "grand-melee" | "gm" => Some(Variant::GrandMelee),
        _ => None,
    };
    match short {
        Some(v) => Ok(v),
        None => {
            serde_json::from_value(serde_json::Value::String(s.trim().to_string())).map_err(|_| {
                TolariaError::new_err(format!(
                    "variant {s:?}: expected \"ffa\", \"teams\", \"emperor\", \"2hg\" or \"grand-melee\" (600.2)"
                ))
            })
        }
    }
}

/// 605.2b: an attack option by name.
pub fn parse_attack(s: &str) -> PyResult<AttackOption> {
    match s.to_ascii_lowercase().as_str() {
        "left" => Ok(AttackOption::Left),
        "right" => Ok(AttackOption::Right),
        "multiple" => Ok(AttackOption::Multiple),
        _ => Err(TolariaError::new_err(format!(
            "attack option {s:?}: expected \"left\", \"right\" or \"multiple\" (605.2b)"
        ))),
    }
}

impl Table {
    /// The table of `VecEnv` and `play_matches` (no range, deploy or
    /// random seating there).
    pub fn of(variant: Option<String>, teams: Option<Teams>, attack: Option<String>) -> Table {
        Table {
            variant,
            teams,
            attack,
            ..Table::default()
        }
    }

    /// The set-up for `players` players: `None` for a Free-for-All game
    /// with no option chosen (it starts as `Game::new_game` starts a game,
    /// saved as version 1). Team sizes and counts are checked by the engine
    /// (`Game::new_multiplayer`) when the game starts.
    pub fn setup(&self, players: usize) -> PyResult<Option<SetupRecord>> {
        let variant = match &self.variant {
            Some(v) => parse_variant(v)?,
            None => Variant::FreeForAll,
        };
        let attack = match &self.attack {
            Some(a) => parse_attack(a)?,
            // 602, 607.3c, 609.4: team variants attack several players; 606.7a:
            // a Two-Headed Giant team attacks the other team (no option).
            None if matches!(variant, Variant::Teams | Variant::Emperor) => AttackOption::Multiple,
            None => AttackOption::default(),
        };
        let teams: Vec<Option<u8>> = match (&self.teams, variant) {
            (Some(Teams::Each(each)), _) => {
                if each.len() != players {
                    return Err(TolariaError::new_err(format!(
                        "teams: {} teams given for {players} players",
                        each.len()
                    )));
                }
                each.iter().map(|&t| Some(t)).collect()
            }
            // 608.1: Grand Melee is a Free-for-All variant.
            (None, Variant::FreeForAll | Variant::GrandMelee) => vec![None; players],
            (Some(Teams::Count(_)), Variant::FreeForAll | Variant::GrandMelee) => {
                return Err(TolariaError::new_err(
                    "teams: 605.1: a Free-for-All game has no teams",
                ))
            }
            (count, v) => {
                let n = match count {
                    Some(Teams::Count(n)) => *n,
                    // 607.2: teams of three; 606.1, 609.2: two teams.
                    _ if v == Variant::Emperor => (players / 3).max(1),
                    _ => 2,
                };
                if n == 0 || n > players {
                    return Err(TolariaError::new_err(format!(
                        "teams: {n} teams for {players} players"
                    )));
                }
                (0..players)
                    .map(|k| {
                        Some(if v == Variant::Teams {
                            // 609.3: teammates seated alternately.
                            (k % n) as u8
                        } else {
                            // 606.3, 607.2: each team sits together.
                            (k / (players / n).max(1)).min(n - 1) as u8
                        })
                    })
                    .collect()
            }
        };
        let options = MultiplayerOptions {
            attack,
            variant,
            range: self.range,
            deploy: self.deploy,
            ante: false,
        };
        if options.is_default() && !self.random_seating {
            return Ok(None);
        }
        Ok(Some(SetupRecord {
            options,
            // 608.3: a Grand Melee game's players are seated at random.
            random_seating: self.random_seating || variant == Variant::GrandMelee,
            teams,
        }))
    }
}

/// +1 for the winner (or each player of the winning team: 606.8, 607.5,
/// 609.5), -1 for the others; 0 for everyone in a draw or an unfinished
/// game.
pub fn rewards(game: &Game, out: &mut [f32]) {
    for (i, r) in out.iter_mut().enumerate().take(game.players.len()) {
        *r = match game.result {
            Some(GameResult::Win(w)) if w.index() == i => 1.0,
            Some(GameResult::TeamWin(t)) if game.player(PlayerId(i as u8)).team == Some(t) => 1.0,
            Some(GameResult::Win(_) | GameResult::TeamWin(_)) => -1.0,
            _ => 0.0,
        };
    }
}
