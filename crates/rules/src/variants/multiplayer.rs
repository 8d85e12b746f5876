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

/// 600.2: the variant a multiplayer game is played as (one per game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Variant {
    /// 605: every player for themselves (and every two-player game).
    #[default]
    FreeForAll,
    /// 609: two or more teams of equal size, seated alternately (609.3);
    /// a player attacks only opponents seated next to them (609.4).
    Teams,
    /// 607: teams of three (or more, 607.6) seated together, an emperor
    /// in the middle of each (607.2); a player attacks only an opponent
    /// seated immediately next to them (607.3c); a team loses when its
    /// emperor loses (607.5a).
    Emperor,
    /// 606: two teams (of two, or more: 606.10) seated together, each
    /// with a shared life total (606.4a), taking turns and having
    /// priority as teams (606.4b, 606.6c), attacking and blocking as
    /// teams (606.7).
    TwoHeadedGiant,
    /// 608: a Free-for-All game of (normally) ten or more players with
    /// range of influence 1 and attack left (608.2), in which several
    /// players take turns at once, one per turn marker (608.4).
    GrandMelee,
}

impl Variant {
    pub fn is_default(&self) -> bool {
        *self == Variant::FreeForAll
    }
}

/// 605.2: the options chosen before play begins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultiplayerOptions {
    pub attack: AttackOption,
    /// 600.2: the variant (Free-for-All unless chosen otherwise).
    #[serde(default, skip_serializing_if = "Variant::is_default")]
    pub variant: Variant,
    /// 601, 605.2a: the limited range of influence option is in use, with
    /// this range for every player not given one of their own
    /// (`Player::range`; 607.3a: emperors 2, generals 1). `None`: the
    /// option isn't used (every player within everyone's range).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u8>,
    /// 603: the deploy creatures option (607.3b: always in Emperor games).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deploy: bool,
    /// 217.9a: playing for ante, an optional variation chosen before the
    /// game begins (off unless chosen).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ante: bool,
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
    /// the game's attack option, or `None` if the player can't attack.
    /// Players who have left the game no longer sit at the table (600.4),
    /// so the nearest player still in the game is the one immediately to
    /// that side. 604.1a/b: if that player is a teammate, the nearest
    /// opponent on that side is more than one seat away and the player
    /// can't attack. Under 602 (attack multiple players) this is the
    /// defending player read where one is needed (602.2a: the nearest
    /// opponent to the left the player may attack).
    pub fn defending_player_for(&self, attacker: PlayerId) -> Option<PlayerId> {
        // 606.7a: the nonactive team is the defending team (led by its
        // primary player; `Game::is_defending` reads the whole team).
        if self.two_headed() {
            return Some(self.next_turn_taker(attacker));
        }
        match self.options.attack {
            AttackOption::Left => {
                let q = self.next_player(attacker);
                (q != attacker && self.is_opponent(attacker, q) && self.within_range(attacker, q))
                    .then_some(q)
            }
            AttackOption::Right => {
                let q = self.previous_player(attacker);
                (q != attacker && self.is_opponent(attacker, q) && self.within_range(attacker, q))
                    .then_some(q)
            }
            AttackOption::Multiple => {
                let mut q = attacker;
                for _ in 1..self.players.len() {
                    q = self.next_player(q);
                    if q == attacker {
                        break;
                    }
                    if self.may_attack(attacker, q) {
                        return Some(q);
                    }
                }
                None
            }
        }
    }

    /// 602.3, 604.1, 607.3c, 609.4: may `attacker` attack `defender`?
    /// Only an opponent still in the game; under attack left / right only
    /// the one `defending_player_for` names; in the Teams and Emperor
    /// variants only an opponent seated immediately next to the attacker
    /// (the nearest player still in the game on either side).
    pub fn may_attack(&self, attacker: PlayerId, defender: PlayerId) -> bool {
        // 606.7a: the active team attacks the other team, wherever seated.
        if self.two_headed() {
            return !self.players[defender.index()].lost && self.is_opponent(attacker, defender);
        }
        if defender == attacker
            || self.players[defender.index()].lost
            || !self.is_opponent(attacker, defender)
            // 601.3: only opponents within the attacker's range.
            || !self.within_range(attacker, defender)
        {
            return false;
        }
        let seat_ok = match self.options.attack {
            AttackOption::Left => self.next_player(attacker) == defender,
            AttackOption::Right => self.previous_player(attacker) == defender,
            AttackOption::Multiple => true,
        };
        seat_ok
            && match self.options.variant {
                Variant::FreeForAll | Variant::GrandMelee => true,
                Variant::Teams | Variant::Emperor => self.seated_next_to(attacker, defender),
                // 606.7a: the active team attacks the other team.
                Variant::TwoHeadedGiant => true,
            }
    }

    /// 607.3c, 609.4, 609.6: `a` and `b` sit next to each other (the
    /// nearest players still in the game on either side).
    pub fn seated_next_to(&self, a: PlayerId, b: PlayerId) -> bool {
        a != b && (self.next_player(a) == b || self.previous_player(a) == b)
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
