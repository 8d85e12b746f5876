//! Land plays (305.2, 212.6b): whether a player has a land play left this
//! turn (the turn's one, those effects add for the turn, those static
//! abilities add on each turn, or any number), and the lands that may be
//! played from a graveyard (Crucible of Worlds).

use crate::{Action, Game, PlayerId};

impl Game {
    /// 305.2, 212.6b: has `p` a land play left this turn: the one of the
    /// turn, the additional ones effects allow (Summer Bloom), or any
    /// number (Fastbond)?
    pub(crate) fn may_play_another_land(&self, p: PlayerId) -> bool {
        let pl = self.player(p);
        // "Target player can't play lands this turn." (Solfatara)
        if self.play_bans.iter().any(|b| b.player == p && b.lands) {
            return false;
        }
        // "Players can't play lands." (Territorial Dispute)
        if self
            .any_static_in_play(|s, _, _| matches!(s, tolaria_cards::StaticAbility::CantPlayLands))
        {
            return false;
        }
        let base = 1u8.saturating_add(pl.extra_land_plays);
        if pl.lands_played < base {
            return true;
        }
        // One look at the statics `p` controls: "any number" (Fastbond) or
        // the additional plays on each turn (Exploration, Azusa), added up.
        match self.static_land_plays(p) {
            None => true,
            Some(more) => pl.lands_played < base.saturating_add(more),
        }
    }

    /// 212.6b: the land plays the statics add on each of `p`'s turns: those
    /// `p` controls (`None` for any number, Fastbond, else how many more:
    /// Exploration, Azusa; several add up), and "each player may play an
    /// additional land" of any player's (Rites of Flourishing).
    fn static_land_plays(&self, p: PlayerId) -> Option<u8> {
        if !self.may_have_statics() {
            return Some(0);
        }
        let mut n = 0u8;
        for k in 0..self.in_play.len() {
            let id = self.in_play[k];
            let o = &self.objects[id.slot as usize];
            // 502.15: a phased-out permanent's abilities don't apply.
            if o.flags & crate::state::object::flags::STATICS == 0 || o.is_phased_out() {
                continue;
            }
            let yours = o.controller == p;
            for a in crate::continuous::characteristics::compute(self, id).abilities() {
                match a {
                    tolaria_cards::Ability::Static(
                        tolaria_cards::StaticAbility::AnyNumberOfLands,
                    ) if yours => return None,
                    tolaria_cards::Ability::Static(
                        tolaria_cards::StaticAbility::AdditionalLands(k),
                    ) if yours => n = n.saturating_add(*k),
                    tolaria_cards::Ability::Static(
                        tolaria_cards::StaticAbility::EachPlayerAdditionalLand,
                    ) => n = n.saturating_add(1),
                    _ => {}
                }
            }
        }
        Some(n)
    }

    /// Whether a permanent `p` controls has the static ability `s`
    /// (computed abilities: none under Humility).
    pub fn controls_static(&self, p: PlayerId, s: &tolaria_cards::StaticAbility) -> bool {
        // An up-to-date board with no `flags::STATICS` permanent: none has one.
        if !self.may_have_statics() {
            return false;
        }
        self.controlled_by(p).any(|id| {
            self.objects[id.slot as usize].flags & crate::state::object::flags::STATICS != 0
                && crate::continuous::characteristics::compute(self, id)
                    .abilities()
                    .iter()
                    .any(|a| matches!(a, tolaria_cards::Ability::Static(x) if x == s))
        })
    }

    /// 305.2 with Crucible of Worlds ("You may play lands from your
    /// graveyard"): the land cards `p` may play from their graveyard now,
    /// if `p` may play a land at all now (`sorcery_timing`, no land played).
    pub(crate) fn graveyard_land_plays(&self, p: PlayerId, out: &mut Vec<Action>) {
        let pl = self.player(p);
        // The cheap tests first (most priorities are not `p`'s main phase).
        let may = self.is_active(p)
            && self.step.is_main()
            && self.stack.is_empty()
            && !pl.graveyard.is_empty()
            && self.may_play_another_land(p)
            && self.controls_static(p, &tolaria_cards::StaticAbility::PlayLandsFromGraveyard);
        if !may {
            return;
        }
        for &c in &pl.graveyard {
            let face = self.objects[c.slot as usize].def().front();
            if face.support.is_ok() && face.types.contains(tolaria_cards::CardType::Land) {
                out.push(Action::PlayLand(c));
            }
        }
    }
}
