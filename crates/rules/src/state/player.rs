//! Players (102, 215) and their personal zones.

use crate::ObjId;
use serde::{Deserialize, Serialize};
use tolaria_cards::ManaKind;

/// A mana pool (104.4): amounts of W, U, B, R, G and colourless.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManaPool(pub [u16; 6]);

impl ManaPool {
    pub fn add(&mut self, k: ManaKind, n: u16) {
        self.0[k.index()] += n;
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }
    pub fn clear(&mut self) {
        self.0 = [0; 6];
    }
}

impl std::fmt::Display for ManaPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return write!(f, "empty");
        }
        for (i, &n) in self.0.iter().enumerate() {
            for _ in 0..n {
                write!(f, "{{{}}}", ManaKind::from_index(i).symbol())?;
            }
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    /// 215: life total. Read and written only through `Game::life`,
    /// `Game::set_life` and the life changes (`gain_life`, `lose_life`,
    /// damage, mana burn); 606.4a: in a Two-Headed Giant game the team's
    /// shared total is stored once, on the team's first player
    /// (`Game::life_holder`), and a teammate's own field is unused (0).
    pub(in crate::state) life: i32,
    /// 420.5h: poison counters.
    pub poison: u32,
    pub pool: ManaPool,
    /// Mana in the pool that may be spent only on some things ("Spend
    /// this mana only to play artifact spells", Mishra's Workshop), kept
    /// apart from `pool`, one entry per mana (`playing/mana_restricted.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restricted: Vec<(tolaria_cards::ManaKind, tolaria_cards::SpendOnly)>,
    /// 305.2: lands played this turn.
    pub lands_played: u8,
    /// 212.6b: additional land plays an effect allows this turn (Summer
    /// Bloom).
    #[serde(default)]
    pub extra_land_plays: u8,
    /// 217.2: top of library is the *last* element.
    pub library: Vec<ObjId>,
    pub hand: Vec<ObjId>,
    /// 217.3: top of graveyard is the last element.
    pub graveyard: Vec<ObjId>,
    /// 420.5g: attempted to draw from an empty library since the last check.
    pub drew_from_empty: bool,
    /// 102.x: the player has lost (or conceded) and left the game.
    pub lost: bool,
    /// 600.4: the player left a multiplayer game that went on without
    /// them; every object they owned is in no zone (`Zone::Nowhere`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub left_game: bool,
    /// Mulligans taken (101.4).
    pub mulligans: u8,
    /// 217.1e: the player's cards that aren't in any of the game's zones
    /// (a sideboard), which the Wishes can bring in.
    #[serde(default)]
    pub outside: Vec<tolaria_cards::CardId>,
    /// 419.6e / 419.6f: turns this player will skip, one per skip effect
    /// ("skip your next turn"); each is used up by the next turn the player
    /// would take.
    #[serde(default)]
    pub turns_to_skip: u8,
    /// 419.6e / 419.6f: untap steps this player will skip ("skips their
    /// next untap step": Brine Elemental), one per skip effect.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub untap_steps_to_skip: u8,
    /// 419.6e / 419.6f: combat phases this player will skip ("skips their
    /// next combat phase": Blinding Angel), one per skip effect; each is
    /// used up by the next combat phase of a turn of theirs.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub combat_phases_to_skip: u8,
    /// 300.9: the combat phase of this player's turn being passed over:
    /// its end of combat step doesn't begin either.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skipping_combat: bool,
    /// 314.1: maximum hand size.
    pub max_hand_size: Option<u32>,
    /// Spells played this turn (409.1i; copies aren't played, 503.10).
    #[serde(default)]
    pub spells_this_turn: u32,
    /// The card the player drew last this turn (423.1), as it went to the
    /// hand ("Discard the last card you drew this turn", Jandor's Ring);
    /// cleared as a turn begins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_drawn: Option<crate::ObjId>,
    /// 502.50a: the player was dealt damage this turn (bloodthirst).
    #[serde(default)]
    pub damaged_this_turn: bool,
    /// The untapped lands the player controlled as the turn began, before
    /// its untap step (Power Surge: "untapped lands they controlled at the
    /// beginning of this turn").
    #[serde(default)]
    pub untapped_lands_at_turn_start: u16,
    /// Yawgmoth's Will: until the cleanup step (314.2) the player may play
    /// the cards in their graveyard as from their hand; the card whose
    /// effect allows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graveyard_plays: Option<tolaria_cards::CardId>,
    /// Yawgmoth's Will: this turn, a card that would be put into the
    /// player's graveyard is removed from the game instead (419.1a); the
    /// card whose effect it is. Ends as the next turn begins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graveyard_removal: Option<tolaria_cards::CardId>,
    /// 417.1: the damage dealt to the player this turn, and of it the
    /// damage from artifact sources (Simulacrum, Reverse Polarity): a
    /// tally of the damage events, emptied as the turn begins.
    #[serde(default)]
    pub damage_this_turn: u32,
    #[serde(default)]
    pub artifact_damage_this_turn: u32,
    /// 600, 605.2, 609.1: the team the player belongs to, fixed before play
    /// begins (`None`: a team of one, as in every Free-for-All game).
    /// Players on the same team are teammates; every other player is an
    /// opponent (`Game::is_opponent`). Per-player settings chosen before
    /// play (the team, the emperor, later the range of influence, 601) live
    /// here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<u8>,
    /// 607.2: the player is the team's emperor (Emperor variant).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub emperor: bool,
    /// 605.3, 609.3, 607.2: which entry of the set-up list sits in this
    /// seat (the set-up's order before seating; equal to the seat unless
    /// the game seated players itself).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entrant: Option<u8>,
    /// 601.2, 601.2a: the player's range of influence in seats, given
    /// before play begins (`None`: the option isn't used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u8>,
    /// 601.2c: the players within the player's range of influence, one
    /// bit per seat, determined as each turn begins
    /// (`Game::determine_ranges`). Unused (0) without the option.
    #[serde(default, skip_serializing_if = "is_zero_u16")]
    pub in_range: u16,
    /// 606.6a: where the player stands in the current round of a
    /// Two-Headed Giant team's mulligans (`variants::two_headed::mulligan`).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub team_mulligan: u8,
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

fn is_zero_u16(n: &u16) -> bool {
    *n == 0
}

impl Player {
    /// 606.4a: a teammate whose life total the team's first player holds
    /// (`Game::life_holder`) keeps 0 in its own unused field.
    pub(crate) fn clear_life(&mut self) {
        self.life = 0;
    }
    pub fn new(name: impl Into<String>) -> Self {
        Player {
            name: name.into(),
            life: 20,
            poison: 0,
            pool: ManaPool::default(),
            restricted: Vec::new(),
            lands_played: 0,
            extra_land_plays: 0,
            library: Vec::new(),
            hand: Vec::new(),
            graveyard: Vec::new(),
            drew_from_empty: false,
            lost: false,
            left_game: false,
            mulligans: 0,
            outside: Vec::new(),
            turns_to_skip: 0,
            untap_steps_to_skip: 0,
            combat_phases_to_skip: 0,
            skipping_combat: false,
            max_hand_size: Some(7),
            spells_this_turn: 0,
            last_drawn: None,
            damaged_this_turn: false,
            untapped_lands_at_turn_start: 0,
            damage_this_turn: 0,
            artifact_damage_this_turn: 0,
            graveyard_plays: None,
            graveyard_removal: None,
            team: None,
            emperor: false,
            entrant: None,
            range: None,
            in_range: 0,
            team_mulligan: 0,
        }
    }
}
