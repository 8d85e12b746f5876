//! Cards played from a graveyard by a permission other than their own
//! flashback (502.22a): Yawgmoth's Will's "Until end of turn, you may play
//! lands and play spells from your graveyard" (`Player::graveyard_plays`).
//! The cards are played as from the hand: the same timing (308.4, 305.2),
//! land-play limit and costs. A card with flashback may then be played
//! either way: its controller announces the flashback cost as an optional
//! cost (409.1b, `OptionalCost::Flashback`) or pays the mana cost.

use crate::{Action, Game, PlayerId, Zone};

impl Game {
    /// The plays of cards in `p`'s graveyard that `p`'s graveyard
    /// permission allows now, appended to `out` unless already listed
    /// there (a flashback card listed by `flashback_plays`, a land by
    /// Crucible of Worlds).
    pub(crate) fn graveyard_permission_plays(
        &self,
        p: PlayerId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<Action>,
    ) {
        if self.player(p).graveyard_plays.is_none() {
            return;
        }
        let mut v = Vec::new();
        for &card in &self.player(p).graveyard {
            v.clear();
            self.hand_card_actions(p, card, avail, &mut v);
            for a in v.drain(..) {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    }

    /// Is `action`, a play of `card` from `p`'s graveyard, legal now (any
    /// permission: flashback, Crucible of Worlds, Yawgmoth's Will)?
    pub(crate) fn graveyard_play_legal(&self, p: PlayerId, action: &Action) -> bool {
        let mut v = Vec::new();
        let avail = self.available_mana(p, None);
        self.graveyard_land_plays(p, &mut v);
        self.flashback_plays(p, &avail, &mut v);
        self.graveyard_permission_plays(p, &avail, &mut v);
        v.contains(action)
    }

    /// 502.22a with 409.1b: how a spell played from a graveyard is paid:
    /// `(flashback, ask)`. With flashback only (its cost rather than the
    /// mana cost) when that is its only permission; by the mana cost when
    /// Yawgmoth's Will allows it and it has no flashback; and a card with
    /// both is played either way, the player asked first
    /// (`OptionalCost::Flashback`). Not from a graveyard: `(false, false)`.
    pub(crate) fn graveyard_cost_choice(&self, p: PlayerId, obj: crate::ObjId) -> (bool, bool) {
        let o = &self.objects[obj.slot as usize];
        if !matches!(o.zone, Zone::Graveyard(_)) {
            return (false, false);
        }
        let has_flashback = o.spell_face().spell.flashback.is_some();
        let will = self.player(p).graveyard_plays.is_some();
        (has_flashback && !will, has_flashback && will)
    }
}
