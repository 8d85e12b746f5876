//! Madness (502.24): "If a player would discard this card, that player
//! discards it, but may remove it from the game instead of putting it into
//! his or her graveyard" and "When this card is removed from the game this
//! way, its owner may play it by paying [cost] rather than paying its mana
//! cost. If that player doesn't, he or she puts this card into his or her
//! graveyard."
//!
//! Every discard goes through `Game::discard_card`. For a card with madness
//! the owner chooses where it goes (419.9a, a replayed `ChooseOption`;
//! outside a replayable unit, a cost or the cleanup discard, the card is
//! removed from the game, as the owner may still decline to play it). It is
//! still discarded (`MoveReason::Discard`: discard triggers see it). The
//! madness trigger is put among the pending triggers at once, with the
//! removed card as its source. As it resolves (`Effect::PlayMadness`) the
//! owner plays the card, once the ability has finished resolving, paying
//! the madness cost rather than its mana cost (502.24b, an alternative
//! cost: `Casting::madness`); cancelling the play (or a card that can't be
//! played) puts the card into the graveyard.

use crate::{DecisionKind, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{Ability, AbilityRef, CardType, Trigger};

impl Game {
    /// Whether `p`'s hand holds a card with madness (its discard may ask
    /// a choice: the unit is then replayable).
    pub(crate) fn madness_in_hand(&self, p: PlayerId) -> bool {
        self.player(p).hand.iter().any(|o| {
            self.objects[o.slot as usize]
                .def()
                .front()
                .spell
                .madness
                .is_some()
        })
    }

    /// 217.4a, 502.24a: `card` is discarded: into its owner's graveyard,
    /// or, with madness and if the owner chooses, removed from the game
    /// (its madness trigger then waits to go on the stack). The new id.
    pub(crate) fn discard_card(&mut self, card: ObjId) -> Option<ObjId> {
        let o = self.obj(card)?;
        let (owner, c) = (o.owner, o.card);
        let def = tolaria_cards::db().get(c);
        let Some(index) = def.front().abilities.iter().position(
            |a| matches!(a, Ability::Triggered(t) if t.trigger == Trigger::MadnessRemoved),
        ) else {
            return self.move_to(card, Zone::Graveyard(owner), MoveReason::Discard);
        };
        let pick = self.replay_choice(
            owner,
            DecisionKind::ChooseOption {
                prompt: format!("{owner} discards {}: madness (502.24a)?", def.name),
                options: vec![
                    "remove it from the game (madness)".into(),
                    "put it into the graveyard".into(),
                ],
            },
            2,
        );
        if pick == 1 {
            return self.move_to(card, Zone::Graveyard(owner), MoveReason::Discard);
        }
        let new = self.move_to(card, Zone::RemovedFromGame, MoveReason::Discard)?;
        self.pending_triggers
            .push(crate::state::stack::PendingTrigger {
                controller: owner,
                source: new,
                card: c,
                ability: AbilityRef::Printed {
                    card: c,
                    face: 0,
                    index: index as u8,
                },
                ctx: Default::default(),
            });
        Some(new)
    }

    /// 502.24a: the madness trigger has resolved: its owner plays the card
    /// for its madness cost; if it can't be played, it goes to the
    /// graveyard. The active player gets priority afterwards.
    pub(crate) fn play_madness(&mut self, p: PlayerId, obj: ObjId) {
        self.flow = crate::state::progress::Flow::Priority(self.active);
        let Some(o) = self.obj(obj) else { return };
        if o.zone != Zone::RemovedFromGame {
            return;
        }
        if o.def().unsupported().is_some()
            || o.def().front().types.contains(CardType::Land)
            || self.spell_forbidden(p, obj)
        {
            self.move_to(obj, Zone::Graveyard(o.owner), MoveReason::Effect);
            return;
        }
        let then = self.active;
        self.begin_casting_madness(p, obj, then);
    }
}
