//! Static replacement and prevention effects on damage composed from their
//! parts (`DamageReplacement::Shaped`, 419.1a, 419.1d): which source, which
//! recipient, how much damage ("3 or less", "4 or more"), combat damage
//! only, and what happens instead: prevented in whole or in part (Callous
//! Giant, Urza's Armor), dealt in another amount (double, half rounded
//! down, exactly N, minus N: Gratuitous Violence, Ghosts of the Innocent,
//! Divine Presence, Lashknife Barrier), or not dealt at all while
//! something else happens (counters on the permanent, cards from the
//! recipient's library: Phytohydra, Crumbling Sanctuary, Szadek).
//!
//! `replacement.rs` lists these with the other effects that apply to a
//! damage event and asks for the order when several apply (419.9a); this
//! file judges whether one applies and applies it.

use crate::continuous::replacement::DamageEvent;
use crate::continuous::source::SourceInfo;
use crate::{Event, Game, ObjId, PlayerId, Target, Zone};
use tolaria_cards::{CardId, DamageAction, DamageInstead, DamageParty, DamageShape};

/// What applying a shaped effect did to the damage.
pub(crate) enum ShapeResult {
    /// This much of it was prevented (419.1d).
    Prevented(u32),
    /// Its amount was replaced (419.1a): the new amount.
    Replaced(u32),
}

impl Game {
    /// Does the shaped effect of permanent `id` (controlled by
    /// `controller`) apply to `ev`? The parts are judged as the damage
    /// would be dealt, after the effects already applied to it (419.9a).
    pub(crate) fn shape_applies(
        &self,
        id: ObjId,
        controller: PlayerId,
        shape: &DamageShape,
        ev: &DamageEvent,
        src: &SourceInfo,
    ) -> bool {
        if (shape.combat && !ev.combat)
            || ev.amount < shape.at_least
            || shape.at_most.is_some_and(|m| ev.amount > m)
        {
            return false;
        }
        let from = match &shape.from {
            DamageParty::Any => true,
            DamageParty::This => ev.source == id,
            DamageParty::Permanents(f) => self.source_matches(f, ev.source, src, controller, None),
            // "a spell": the source is on the stack as it deals the damage.
            DamageParty::Spells(f) => {
                self.obj(ev.source).is_some_and(|o| o.zone == Zone::Stack)
                    && self.source_matches(f, ev.source, src, controller, None)
            }
            DamageParty::You | DamageParty::APlayer => false,
        };
        from && match (&shape.to, ev.to) {
            (DamageParty::Any, _) => true,
            (DamageParty::This, t) => t == Target::Object(id),
            (DamageParty::You, t) => t == Target::Player(controller),
            (DamageParty::APlayer, t) => matches!(t, Target::Player(_)),
            (DamageParty::Permanents(f), Target::Object(o)) => {
                self.is_present(o)
                    && crate::continuous::filter::matches(self, f, o, Some(id), controller)
            }
            (DamageParty::Permanents(_) | DamageParty::Spells(_), _) => false,
        }
    }

    /// 601.14a–b: an effect naming its recipient affects what is within
    /// its controller's range; one naming neither source nor recipient
    /// ("a source … to a permanent or player") both the source and the
    /// recipient.
    pub(crate) fn shape_reaches(
        &self,
        controller: PlayerId,
        shape: &DamageShape,
        ev: &DamageEvent,
    ) -> bool {
        self.target_within_range(controller, ev.to)
            && (!matches!(shape.to, DamageParty::Any | DamageParty::APlayer)
                || self.object_within_range(controller, ev.source))
    }

    /// Applies the shaped effect of permanent `id` (card `card`) to `ev`.
    pub(crate) fn apply_shape(
        &mut self,
        id: ObjId,
        card: CardId,
        shape: &DamageShape,
        ev: &DamageEvent,
    ) -> ShapeResult {
        let n = ev.amount;
        match &shape.instead {
            DamageInstead::Prevent => ShapeResult::Prevented(n),
            DamageInstead::PreventN(k) => ShapeResult::Prevented(n.min(*k)),
            DamageInstead::Double => ShapeResult::Replaced(n.saturating_mul(2)),
            DamageInstead::HalfRoundedDown => ShapeResult::Replaced(n / 2),
            DamageInstead::Exactly(k) => ShapeResult::Replaced(*k),
            DamageInstead::Minus(k) => ShapeResult::Replaced(n.saturating_sub(*k)),
            DamageInstead::Plus(k) => ShapeResult::Replaced(n.saturating_add(*k)),
            // 419.1a: the damage isn't dealt (it isn't prevented either);
            // the actions happen in the order written.
            DamageInstead::Actions(actions) => {
                for a in actions {
                    match a {
                        DamageAction::CountersOnThis(kind) => {
                            if !self.is_in_play(id) {
                                continue;
                            }
                            let Some(o) = self.obj_mut(id) else { continue };
                            let amount =
                                o.add_counters(*kind, i32::try_from(n).unwrap_or(i32::MAX));
                            if amount > 0 {
                                self.emit(Event::CountersPut {
                                    obj: id,
                                    card,
                                    kind: *kind,
                                    amount,
                                });
                            }
                        }
                        DamageAction::RecipientMills | DamageAction::RecipientRemovesTop => {
                            let Target::Player(p) = ev.to else { continue };
                            let to = match a {
                                DamageAction::RecipientMills => Zone::Graveyard(p),
                                _ => Zone::RemovedFromGame,
                            };
                            for _ in 0..n {
                                let Some(top) = self.player(p).library.last().copied() else {
                                    break;
                                };
                                self.move_to(top, to, crate::MoveReason::Effect);
                            }
                        }
                    }
                }
                ShapeResult::Replaced(0)
            }
        }
    }
}
