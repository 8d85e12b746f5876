//! "If Titania's Song leaves play, this effect continues until end of
//! turn." (`StaticAbility::ContinuesAfterLeaving`): the effect of a static
//! ability outliving the permanent that has it.
//!
//! A static ability's effect exists only while its source is in play
//! (418.2 — in the 2007 rules 418.1a with 405.1). This sentence keeps it
//! going: as the permanent leaves play, its `Continuous` effects on a group
//! become effects that last until end of turn (314.2), on the permanents
//! the group held as it left, locked in like a resolved effect's (418.3b:
//! decided in ARCHITECTURE.md), with the permanent's own timestamp (the
//! same effect, so its place in the layer order doesn't change, 418.5e).

use crate::continuous::effects::ContinuousEffect;
use crate::{Event, Game, ObjId, PlayerId};
use tolaria_cards::{db, Ability, Affected, CardId, LayerEffect, ObjectFilter, StaticAbility};

/// The group effects of a permanent leaving play that go on until end of
/// turn, read from its abilities as it leaves (its text then, 418.6).
pub(crate) struct Lingering {
    source: ObjId,
    card: CardId,
    controller: PlayerId,
    timestamp: u32,
    effects: Vec<(&'static ObjectFilter, LayerEffect)>,
}

impl Game {
    /// As `id` leaves play (its last known information just recorded):
    /// its group effects that continue after it leaves, if its abilities
    /// said so. Nothing for the permanents without static abilities (the
    /// common case, read from their flags); the abilities are those the
    /// last known information names (413.2f: its text as it left, none if
    /// it had lost them), so no characteristics are computed again.
    pub(crate) fn lingering_effects(&self, id: ObjId) -> Option<Lingering> {
        let o = self.obj(id)?;
        if o.flags & crate::state::object::flags::STATICS == 0 {
            return None;
        }
        let last = self.last_known(id)?;
        if last.lost_abilities {
            return None;
        }
        let abilities = &db().get(last.ability_card).faces[last.ability_face as usize].abilities;
        if !abilities
            .iter()
            .any(|a| matches!(a, Ability::Static(StaticAbility::ContinuesAfterLeaving)))
        {
            return None;
        }
        let effects = abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Static(StaticAbility::Continuous {
                    affected: Affected::Each(f),
                    effect,
                }) => Some((f, *effect)),
                _ => None,
            })
            .collect();
        Some(Lingering {
            source: id,
            card: o.card,
            controller: last.controller,
            timestamp: o.timestamp,
            effects,
        })
    }

    /// After the permanent left play: its group effects until end of turn
    /// on the permanents each group holds now that its own effect is gone
    /// (the board computed without it).
    pub(crate) fn continue_after_leaving(&mut self, l: Lingering) {
        let (board, _) = crate::continuous::layers::compute_board(self);
        for (filter, effect) in l.effects {
            let affected: Vec<ObjId> = self
                .in_play
                .iter()
                .zip(&board)
                .filter(|&(&id, ch)| {
                    !self.objects[id.slot as usize].is_phased_out()
                        && crate::continuous::filter::matches_with(
                            self,
                            filter,
                            id,
                            ch,
                            Some(l.source),
                            l.controller,
                        )
                })
                .map(|(&id, _)| id)
                .collect();
            for obj in affected {
                self.effects.push(ContinuousEffect {
                    timestamp: l.timestamp,
                    source_card: l.card,
                    controller: l.controller,
                    affected: obj,
                    effect,
                    copy: None,
                    until_end_of_turn: true,
                    until_end_of_combat: false,
                    while_tapped: None,
                    while_enchanted: false,
                    while_controlled: false,
                    while_controls: None,
                    until_upkeep_of: None,
                    until_leaves: None,
                    to_attached: false,
                });
                let card = self.objects[obj.slot as usize].card;
                self.emit(Event::EffectCreated {
                    obj,
                    card,
                    what: effect.describe(),
                });
            }
        }
        self.board.valid = false;
    }
}
