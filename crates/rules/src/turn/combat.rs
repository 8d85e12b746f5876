//! Combat state (306–311): who attacks, who blocks, and the progress of the
//! combat damage steps.

use crate::{DamageAssignment, ObjId, PlayerId};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// 306.3: the defending player.
    pub defending: Option<PlayerId>,
    pub attackers: Vec<Attacker>,
    /// (blocker, attacker) pairs in declaration order.
    pub blocks: Vec<(ObjId, ObjId)>,
    /// 310.5: this combat has a first-strike damage step; `first_done` once it has happened.
    pub first_strike_step: bool,
    pub first_done: bool,
    /// 309: this combat's declare blockers step has begun ("after blockers
    /// are declared", Chaotic Strike); not so if it was skipped (308.4).
    #[serde(default)]
    pub blockers_step: bool,
    /// Creatures that dealt (assigned) damage in the first combat damage step.
    pub dealt_first: Vec<ObjId>,
    /// Combat damage assignments being built (310.1) before they go on the stack.
    pub assigning: Vec<DamageAssignment>,
    /// 308.2d: the total cost to attack, locked in as attackers are
    /// declared (Windborn Muse), and the part of it still unpaid.
    #[serde(default)]
    pub attack_cost: u32,
    #[serde(default)]
    pub attack_cost_unpaid: u32,
    /// 308.2d ("their controller pays"), 606.7b: who pays the cost to
    /// attack and how much, in seat order, the player paying now first
    /// (`attack_cost_unpaid` is that player's part still unpaid). In a
    /// Two-Headed Giant game each attacking creature's controller pays for
    /// it; otherwise the active player pays it all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attack_cost_payers: Vec<(PlayerId, u32)>,
    /// 308.2d, 308.2f: the permanents still to sacrifice to attack
    /// ("Leviathan can't attack unless you sacrifice two Islands"): the
    /// attacking creature, which of its sacrifice costs, how many more.
    /// Its controller sacrifices them once the mana is paid.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attack_sacrifices: Vec<(ObjId, u8, u32)>,
    /// 500.1 requirements on single blocks: (blocker, attacker) pairs that
    /// must be blocks this combat if able (502.29a provoke).
    #[serde(default)]
    pub provoked: Vec<(ObjId, ObjId)>,
    /// 602.3 with 502.43: the player the creature returned for ninjutsu
    /// was attacking, whom the ninja attacks (attack multiple players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ninjutsu_defender: Option<PlayerId>,
    /// Camouflage: the defending player dividing creatures into piles, and
    /// the piles so far ((creature, pile) pairs; `mechanics/camouflage.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pile_player: Option<PlayerId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piles: Vec<(ObjId, u8)>,
    /// 308.2, 309.2: the creatures declared as attackers or blockers this
    /// combat, kept though they are removed from combat (306.2): "if
    /// CARDNAME attacked or blocked this combat" (Clockwork Beast).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fought: Vec<ObjId>,
    /// 404.4c last known information: the (blocker, attacker) pairs of
    /// blockers and attackers that left play this combat ("target creature
    /// it's blocking" of Tinder Wall, sacrificed to pay for the ability;
    /// Abu Ja'far's "creatures blocking or blocked by it" as it dies).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_play_blocking: Vec<(ObjId, ObjId)>,
    /// "[It] can't be blocked this combat." (Ma Chao, Western Warrior): the
    /// creatures no creature may block until this combat ends (311.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unblockable: Vec<ObjId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attacker {
    pub obj: ObjId,
    /// 309.2f: blocked stays true even if the blockers leave.
    pub blocked: bool,
    /// 502.10b: the attacking band this creature is in (0: none). A band
    /// lasts for the rest of combat (502.10d); leaving combat leaves it.
    #[serde(default)]
    pub band: u8,
    /// 602.3: the defending player this creature attacks, chosen as it was
    /// declared (attack multiple players option); `None`: the one
    /// defending player (`Combat::defending`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<PlayerId>,
}

impl Combat {
    pub fn is_attacking(&self, o: ObjId) -> bool {
        self.attackers.iter().any(|a| a.obj == o)
    }
    pub fn is_blocking(&self, o: ObjId) -> bool {
        self.blocks.iter().any(|b| b.0 == o)
    }
    pub fn blockers_of(&self, attacker: ObjId) -> impl Iterator<Item = ObjId> + '_ {
        self.blocks
            .iter()
            .filter(move |b| b.1 == attacker)
            .map(|b| b.0)
    }
    pub fn blocked_by(&self, blocker: ObjId) -> impl Iterator<Item = ObjId> + '_ {
        self.blocks
            .iter()
            .filter(move |b| b.0 == blocker)
            .map(|b| b.1)
    }
    /// 306.2: remove a creature from combat.
    pub fn remove(&mut self, o: ObjId) -> bool {
        let before = self.attackers.len() + self.blocks.len();
        self.attackers.retain(|a| a.obj != o);
        // A blocker leaving leaves its attacker blocked (309.2f: `blocked`
        // stays set); an attacker leaving leaves its blockers with nothing to
        // damage (310.2d).
        self.blocks.retain(|b| b.0 != o && b.1 != o);
        before != self.attackers.len() + self.blocks.len()
    }
    /// 308.2, 309.2: `o` was declared as an attacker or a blocker.
    pub fn declared(&mut self, o: ObjId) {
        if !self.fought.contains(&o) {
            self.fought.push(o);
        }
    }
    pub fn clear(&mut self) {
        *self = Combat::default();
    }
}
