//! 503.4: a permanent that becomes a copy of another object while staying in
//! play (Dimir Doppelganger). The copy effect is a layer-1 effect
//! (`Game::copiable_values`: the latest one wins); the permanent's status is
//! not touched (510.2, 510.4), so a flipped permanent that becomes a copy of
//! a flip card has that card's flipped characteristics, and the gained
//! ability (503.9) is part of the new copiable values.

use crate::continuous::effects::{ContinuousEffect, Copiable};
use crate::state::stack::ResolveCtx;
use crate::{Event, Game, StackKind, Target};
use tolaria_cards::ObjectRef;

impl Game {
    /// "[This] becomes a copy of [what][, except it has this ability]".
    /// With `keeps_color` ("except it doesn't copy that creature's
    /// color"), the permanent keeps the colour of its copiable values
    /// (503.9: it retains its original value).
    pub(crate) fn become_copy(
        &mut self,
        ctx: &ResolveCtx,
        what: &ObjectRef,
        gains: bool,
        keeps_color: bool,
    ) {
        if !self.is_present(ctx.source) {
            return;
        }
        let Some(values) = self.copied_values(ctx, what) else {
            return;
        };
        let colors = if keeps_color {
            Some(crate::continuous::layers::copiable_characteristics(self, ctx.source).colors)
        } else {
            values.colors
        };
        let card = values.card;
        // 503.9: "this ability": the one resolving now (printed on the
        // card, or an ability in quotes a copy effect gave it).
        let gained = if gains {
            match self.resolving.as_deref().map(|r| &r.item.kind) {
                Some(StackKind::Ability {
                    ability:
                        r @ (tolaria_cards::AbilityRef::Printed { .. }
                        | tolaria_cards::AbilityRef::Bent { .. }
                        | tolaria_cards::AbilityRef::Granted { .. }),
                    ..
                }) => Some(*r),
                _ => None,
            }
        } else {
            None
        };
        let ts = self.stamp();
        self.effects.push(ContinuousEffect {
            timestamp: ts,
            source_card: ctx.source_card,
            controller: ctx.controller,
            affected: ctx.source,
            effect: Default::default(),
            // 503.9: the ability this effect gives becomes part of the
            // copiable values. Only one gained ability is kept: the new one
            // wins over one the copied permanent had gained (they are the
            // same ability when a Shapeshifter copies a Shapeshifter).
            copy: Some(Copiable {
                card,
                token: values.token,
                gains: gained.or(values.gains),
                colors,
                pt: values.pt,
                keywords: values.keywords,
                subtypes: values.subtypes,
                types: values.types,
            }),
            until_end_of_turn: false,
            until_end_of_combat: false,
            while_tapped: None,
            until_leaves: None,
            while_enchanted: false,
            while_controlled: false,
            while_controls: None,
            until_upkeep_of: None,
            to_attached: false,
        });
        let obj = ctx.source;
        let own = self.objects[obj.slot as usize].card;
        self.emit(Event::BecameCopy {
            obj,
            card: own,
            of: card,
        });
    }

    /// 503.2: the copiable values of the object a copy effect names. The
    /// copied object: a target that has since changed zones (removed from
    /// the game by the same ability) is still the same card. A permanent's
    /// copiable values include the copy effects on it (503.2–503.3:
    /// Unstable Shapeshifter copying a Clone that copies a Shapeshifter
    /// gets what that Clone copied, with its gained ability); a card
    /// elsewhere has its printed values.
    pub(crate) fn copied_values(&self, ctx: &ResolveCtx, what: &ObjectRef) -> Option<Copiable> {
        let copied = match what {
            ObjectRef::Target(i) => match ctx.targets.get(*i as usize) {
                Some(Target::Object(o)) => *o,
                _ => return None,
            },
            other => *self.objects_of(ctx, other).first()?,
        };
        Some(
            if self.is_present(copied)
                && self.objects[copied.slot as usize].zone == crate::Zone::InPlay
            {
                self.copiable_values(copied)
            } else {
                Copiable::printed(self.objects[copied.slot as usize].card, None)
            },
        )
    }
}
