//! The Licids (Tempest block): "{W}, {T}: CARDNAME loses this ability and
//! becomes an Aura enchantment with enchant creature. Attach it to target
//! creature. You may pay {W} to end this effect."
//!
//! As the ability resolves, a continuous effect without a duration begins
//! on its source: layer 4, the permanent's card types and subtypes become
//! Enchantment — Aura (212.1c: it is no longer a creature, so it has no
//! power or toughness, 208.3); layer 5, it loses the ability
//! (`Characteristics::licid`, the ability left out of its list) and has
//! "enchant creature" (212.4). Then it is attached to the target. While
//! the effect lasts, the ability's controller may pay the cost to end it
//! whenever they have priority: a special action (408.2i, the cards'
//! ruling: it can't be responded to), listed by `legal_actions` as
//! `Action::EndEffect`. Once it ends, the permanent is a creature again,
//! attached to a permanent: 420.5m unattaches it. An Aura the Licid
//! enchants illegally goes to the graveyard (420.5d), as any Aura's.

use crate::state::progress::Playing;
use crate::state::stack::ResolveCtx;
use crate::{Action, Event, Game, ObjId, PlayerId};
use tolaria_cards::{
    Ability, CardFace, CardId, CardType, Duration, Effect, LayerEffect, ManaCost, ObjectFilter,
    ObjectRef, Subtype, SubtypeSet, TypeSet,
};

/// The instruction of a face's Licid ability, if it has one: what the
/// permanent may enchant and the cost to end the effect.
pub(crate) fn licid_of(
    face: &'static CardFace,
) -> Option<(&'static ObjectFilter, &'static ManaCost)> {
    face.abilities.iter().find_map(|a| match a {
        Ability::Activated(act) => act.effects.iter().find_map(|e| match e {
            Effect::BecomeAuraUntilPaid { enchant, end_cost } => Some((enchant, end_cost)),
            _ => None,
        }),
        _ => None,
    })
}

/// Is this the ability a Licid loses while it is an Aura?
pub(crate) fn is_licid_ability(a: &Ability) -> bool {
    matches!(a, Ability::Activated(act)
        if act.effects.iter().any(|e| matches!(e, Effect::BecomeAuraUntilPaid { .. })))
}

/// The Licid instruction of a card (any face).
fn licid_of_card(card: CardId) -> Option<(&'static ObjectFilter, &'static ManaCost)> {
    tolaria_cards::db()
        .get(card)
        .faces
        .iter()
        .find_map(licid_of)
}

impl Game {
    /// The ability resolves: its source becomes an Aura with enchant
    /// creature, until the effect is ended (the attachment is the next
    /// instruction, `Effect::Attach`).
    pub(crate) fn become_aura_until_paid(&mut self, ctx: &ResolveCtx) {
        let mut subtypes = SubtypeSet::new();
        subtypes.insert(Subtype::AURA);
        let effect = LayerEffect {
            set_types: true,
            add_types: TypeSet::single(CardType::Enchantment),
            add_subtypes: subtypes,
            licid: true,
            ..Default::default()
        };
        self.create_continuous(ctx, &ObjectRef::This, effect, Duration::Permanent);
    }

    /// The cost to end the Licid effect on `obj` (none when no such effect
    /// applies to it).
    pub(crate) fn licid_end_cost(&self, obj: ObjId) -> Option<&'static ManaCost> {
        let e = self
            .effects
            .iter()
            .find(|e| e.affected == obj && e.effect.licid)?;
        licid_of_card(e.source_card).map(|(_, cost)| cost)
    }

    /// What a permanent that lost its Licid ability may enchant (212.4):
    /// the filter of its face's Licid instruction.
    pub(crate) fn licid_enchant(
        ch: &crate::continuous::characteristics::Characteristics,
    ) -> Option<&'static ObjectFilter> {
        if !ch.licid {
            return None;
        }
        licid_of(ch.face_def()).map(|(f, _)| f)
    }

    /// 408.2i: the effects `p` may end now by paying their cost, with the
    /// mana `p` could make (`avail`).
    pub(crate) fn end_effect_actions(
        &self,
        p: PlayerId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<Action>,
    ) {
        for e in &self.effects {
            if !e.effect.licid || e.controller != p || !self.is_in_play(e.affected) {
                continue;
            }
            let Some((_, cost)) = licid_of_card(e.source_card) else {
                continue;
            };
            let action = Action::EndEffect(e.affected);
            if !out.contains(&action)
                && crate::playing::mana::can_match(
                    &crate::state::progress::Unpaid::from_cost(cost, 0),
                    avail,
                )
            {
                out.push(action);
            }
        }
    }

    /// 408.2i: show the cost and start paying it; the game can rewind to
    /// here if the payment is abandoned (422).
    pub(crate) fn begin_ending_effect(&mut self, p: PlayerId, obj: ObjId) {
        self.begin_special_payment(p, Playing::EndEffect { obj });
    }

    /// 408.2i: the cost is paid: the effect ends (the permanent is what its
    /// other effects make it again). The player keeps priority.
    pub(crate) fn end_licid_effect(&mut self, p: PlayerId, obj: ObjId) {
        let before = self.effects.len();
        self.effects
            .retain(|e| !(e.affected == obj && e.effect.licid && e.controller == p));
        if self.effects.len() != before {
            self.board.valid = false;
            self.sba_dirty = true;
            let card = self.objects[obj.slot as usize].card;
            self.emit(Event::EffectEnded {
                obj,
                card,
                player: p,
            });
        }
    }
}
