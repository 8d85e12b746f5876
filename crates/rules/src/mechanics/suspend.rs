//! Suspend (502.59).
//!
//! "Suspend N—[cost]" is three abilities (502.59a):
//! - a static ability of the card in its owner's hand: "If you could play
//!   this card from your hand, you may pay [cost] and remove it from the
//!   game with N time counters on it." Removing it is a special action
//!   (408.1i, 408.2k): `Action::Suspend`, offered whenever the player could
//!   play the card (priority and its timing, 408.1d–e; not its mana cost),
//!   paid through the ordinary payment decisions; nothing goes on the stack
//!   and the player gets priority again;
//! - "At the beginning of your upkeep, if this card is suspended, remove a
//!   time counter from it" (`Trigger::SuspendedUpkeep`), and
//! - "When the last time counter is removed from this card, if it's
//!   removed from the game, play it without paying its mana cost if able.
//!   If you can't, it remains removed from the game. If you play a creature
//!   spell this way, it gains haste until you lose control of the spell or
//!   the permanent it becomes." (`Trigger::SuspendedLastTimeCounter`,
//!   `Effect::PlaySuspended`).
//!
//! Both triggered abilities function only in the removed-from-the-game
//! zone; the card's owner controls them. 502.59b: a card is "suspended" if
//! it is removed from the game, has suspend and has a time counter on it.
//! Playing it follows the rules for alternative costs (502.59c, 409.1b):
//! the mana cost isn't paid (X is 0), additional costs (kicker) may be.
//! The play happens while the ability resolves, so timing is ignored; it
//! is mandatory ("if able"): the player can't abandon it, except while
//! paying a cost that can't be paid (422). Removed-from-the-game cards are
//! public, so `view` shows them with their counters.

use crate::state::progress::{Flow, Playing};
use crate::state::stack::PendingTrigger;
use crate::state::stack::TriggerContext;
use crate::{Action, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{Ability, AbilityRef, CardType, CounterKind, Keyword, Trigger};

/// 502.59a: the suspend of this card's face (number of time counters and
/// cost), if it has suspend.
pub(crate) fn suspend_of(game: &Game, card: ObjId) -> Option<&'static tolaria_cards::Suspend> {
    game.objects[card.slot as usize]
        .def()
        .front()
        .spell
        .suspend
        .as_ref()
}

/// The index of the card's triggered ability with this trigger.
fn trigger_index(card: tolaria_cards::CardId, trigger: Trigger) -> Option<u8> {
    tolaria_cards::db()
        .get(card)
        .front()
        .abilities
        .iter()
        .position(|a| matches!(a, Ability::Triggered(t) if t.trigger == trigger))
        .map(|i| i as u8)
}

impl Game {
    /// 502.59b: is this object a suspended card (removed from the game,
    /// with suspend and a time counter on it)?
    pub fn is_suspended(&self, id: ObjId) -> bool {
        self.obj(id).is_some_and(|o| {
            o.zone == Zone::RemovedFromGame && o.counters_of(CounterKind::Time) > 0
        }) && suspend_of(self, id).is_some()
    }

    /// 502.59a, 408.2k: may `p` suspend this card in their hand now? Only
    /// when they could play it (priority, and a sorcery's timing unless it
    /// is an instant or has flash, 408.1d–e; its own timing restriction;
    /// no effect forbids it), and the suspend cost can be paid.
    pub(crate) fn suspend_actions(
        &self,
        p: PlayerId,
        card: ObjId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<Action>,
    ) {
        let Some(s) = suspend_of(self, card) else {
            return;
        };
        let o = &self.objects[card.slot as usize];
        if o.zone != Zone::Hand(p) || o.def().unsupported().is_some() {
            return;
        }
        let face = o.def().front();
        let sorcery_timing = self.is_active(p) && self.step.is_main() && self.stack.is_empty();
        let instant_speed =
            face.types.contains(CardType::Instant) || face.keywords.has(Keyword::Flash);
        if (!instant_speed && !sorcery_timing)
            || face.spell.timing.is_some_and(|t| !self.timing_allows(p, t))
            || face
                .spell
                .only_if
                .as_ref()
                .is_some_and(|c| !crate::continuous::condition::holds_for(self, card, p, c))
            || self.spell_forbidden(p, card)
        {
            return;
        }
        if crate::playing::mana::can_match(
            &crate::state::progress::Unpaid::from_cost(&s.cost, 0),
            avail,
        ) {
            out.push(Action::Suspend(card));
        }
    }

    /// 408.2k: show the suspend cost and start paying it; the game can
    /// rewind to here if the payment is abandoned (422).
    pub(crate) fn begin_suspending(&mut self, p: PlayerId, obj: ObjId) {
        self.begin_special_payment(p, Playing::Suspend { obj });
    }

    /// 502.59a: the cost is paid: the card is removed from the game with
    /// N time counters on it. A special action: the player keeps priority.
    pub(crate) fn suspend_card(&mut self, p: PlayerId, obj: ObjId) {
        let Some(s) = suspend_of(self, obj) else {
            return;
        };
        let card = self.objects[obj.slot as usize].card;
        let Some(new) = self.move_to(obj, Zone::RemovedFromGame, MoveReason::Suspend) else {
            return;
        };
        self.objects[new.slot as usize].add_counters(CounterKind::Time, i32::from(s.time));
        self.emit(Event::Suspended {
            player: p,
            obj: new,
            card,
            counters: u32::from(s.time),
        });
    }

    /// 502.59a: "At the beginning of your upkeep, if this card is
    /// suspended, remove a time counter from it": each suspended card the
    /// active player owns triggers.
    pub(crate) fn suspended_upkeep_triggers(&mut self) {
        for k in 0..self.removed.len() {
            let o = self.removed[k];
            // 606.4b: the owner is an active player (either teammate).
            let active = self.objects[o.slot as usize].owner;
            if !self.is_active(active) || !self.is_suspended(o) {
                continue;
            }
            let card = self.objects[o.slot as usize].card;
            if let Some(index) = trigger_index(card, Trigger::SuspendedUpkeep) {
                self.pending_triggers.push(PendingTrigger {
                    controller: active,
                    source: o,
                    card,
                    ability: AbilityRef::Printed {
                        card,
                        face: 0,
                        index,
                    },
                    ctx: TriggerContext {
                        player: Some(active),
                        ..Default::default()
                    },
                });
            }
        }
    }

    /// 502.59a: "When the last time counter is removed from this card, if
    /// it's removed from the game": `obj`, removed from the game, has just
    /// lost its last time counter.
    pub(crate) fn suspended_last_counter(&mut self, obj: ObjId) {
        let Some(o) = self.obj(obj) else { return };
        if o.zone != Zone::RemovedFromGame || suspend_of(self, obj).is_none() {
            return;
        }
        let (owner, card) = (o.owner, o.card);
        if let Some(index) = trigger_index(card, Trigger::SuspendedLastTimeCounter) {
            self.pending_triggers.push(PendingTrigger {
                controller: owner,
                source: obj,
                card,
                ability: AbilityRef::Printed {
                    card,
                    face: 0,
                    index,
                },
                ctx: TriggerContext::default(),
            });
        }
    }

    /// 502.59a: the ability has resolved: `p` plays `obj` (still removed
    /// from the game) without paying its mana cost, if able. A land can't
    /// be played as a spell, and an effect may forbid playing it; a spell
    /// whose targets can't be chosen is abandoned (422) and the card
    /// remains removed from the game. The active player gets priority
    /// afterwards (413.2j: the ability has finished resolving).
    pub(crate) fn play_suspended(&mut self, p: PlayerId, obj: ObjId) {
        self.flow = Flow::Priority(self.active);
        let Some(o) = self.obj(obj) else { return };
        if o.zone != Zone::RemovedFromGame
            || o.def().unsupported().is_some()
            || o.def().front().types.contains(CardType::Land)
            || self.spell_forbidden(p, obj)
        {
            return;
        }
        let then = self.active;
        self.begin_casting_as(p, Playing::Spell { obj }, true, then);
    }

    /// 502.59a: "If you play a creature spell this way, it gains haste
    /// until you lose control of the spell or the permanent it becomes":
    /// the permanent `new` the spell became, under `controller`.
    pub(crate) fn suspend_haste(
        &mut self,
        new: ObjId,
        card: tolaria_cards::CardId,
        controller: PlayerId,
    ) {
        let timestamp = self.stamp();
        self.effects
            .push(crate::continuous::effects::ContinuousEffect {
                timestamp,
                source_card: card,
                controller,
                affected: new,
                effect: tolaria_cards::LayerEffect::pump(
                    0,
                    0,
                    tolaria_cards::KeywordSet::single(Keyword::Haste),
                ),
                copy: None,
                until_end_of_turn: false,
                until_end_of_combat: false,
                while_tapped: None,
                until_leaves: None,
                while_enchanted: false,
                while_controlled: true,
                while_controls: None,
                until_upkeep_of: None,
                to_attached: false,
            });
        self.board.valid = false;
    }
}
