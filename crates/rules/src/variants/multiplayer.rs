//! Multiplayer options (600–605).
//!
//! 600.1: a multiplayer game is one that *begins* with more than two
//! players; the engine runs it with the same turn structure (turn order,
//! APNAP order, "each opponent") as a two-player game. 605.2: the options
//! used are chosen before play begins and are part of the game's set-up
//! (`Game::options`); 605.2b: a Free-for-All game uses exactly one of the
//! attack options. With two players every option names the same defending
//! player, so a two-player game is unaffected.

use serde::{Deserialize, Serialize};

use crate::{Game, ObjId, PlayerId};

/// 605.2b: which players the active player may attack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackOption {
    /// 604.1a: only the opponent seated immediately to the left (the next
    /// player in turn order, 101.3 "turn order proceeds to the left").
    #[default]
    Left,
    /// 604.1b: only the opponent seated immediately to the right (the
    /// previous player in turn order).
    Right,
    /// 602: the attack multiple players option: all the active player's
    /// opponents are defending players (602.2) and each attacking creature
    /// attacks the one chosen for it as it is declared (602.3).
    Multiple,
}

/// 605.2: the options chosen before play begins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultiplayerOptions {
    pub attack: AttackOption,
}

impl MultiplayerOptions {
    pub fn is_default(&self) -> bool {
        *self == MultiplayerOptions::default()
    }
}

impl Game {
    /// The player before `p` in turn order who is still in the game (the
    /// player seated to `p`'s right).
    pub fn previous_player(&self, p: PlayerId) -> PlayerId {
        let n = self.players.len() as u8;
        let mut q = p;
        for _ in 0..n {
            q = PlayerId((q.0 + n - 1) % n);
            if !self.players[q.index()].lost {
                return q;
            }
        }
        p
    }

    /// 306.3 with 604.1: the defending player `attacker` may attack under
    /// the game's attack option. Players who have left the game no longer
    /// sit at the table (600.4), so the nearest opponent still in the game
    /// is the one immediately to that side.
    pub fn defending_player_for(&self, attacker: PlayerId) -> PlayerId {
        match self.options.attack {
            AttackOption::Left => self.next_player(attacker),
            AttackOption::Right => self.previous_player(attacker),
            // 602.2a: where one defending player is read ("defending
            // player controls an Island"), the nearest opponent.
            AttackOption::Multiple => self.next_player(attacker),
        }
    }

    /// 602.3: the attack multiple players option is in use.
    #[inline]
    pub fn attacks_multiple(&self) -> bool {
        self.options.attack == AttackOption::Multiple
    }

    /// The player `attacker` is attacking (602.3; the one defending player
    /// otherwise).
    pub fn defender_of(&self, attacker: ObjId) -> Option<PlayerId> {
        self.combat
            .attackers
            .iter()
            .find(|a| a.obj == attacker)
            .and_then(|a| a.defender)
            .or(self.combat.defending)
    }

    /// 602.4: the players being attacked, in APNAP order, who still have
    /// to declare blockers after `after` (from the first when `None`).
    pub(crate) fn next_blocking_player(&self, after: Option<PlayerId>) -> Option<PlayerId> {
        let order: Vec<PlayerId> = self.apnap_from(self.active).collect();
        let start = match after {
            Some(p) => order.iter().position(|&q| q == p)? + 1,
            None => 0,
        };
        order[start..].iter().copied().find(|&q| {
            if !self.combat.attackers.iter().any(|a| a.defender == Some(q)) {
                return false;
            }
            // Judged as that player's declaration would be (rare: once
            // per defending player and combat, so a copy is affordable).
            let mut g = self.clone();
            g.combat.defending = Some(q);
            g.status_changed();
            let can = g.controlled_by(q).any(|b| {
                g.combat
                    .attackers
                    .iter()
                    .any(|a| a.defender == Some(q) && g.can_block(b, a.obj))
            });
            can
        })
    }
}
