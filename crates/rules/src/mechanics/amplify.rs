//! Amplify (502.27): "As this object comes into play, reveal any number of
//! cards from your hand that share a creature type with it. This permanent
//! comes into play with N +1/+1 counters on it for each card revealed this
//! way. You can't reveal this card or any other cards that are coming into
//! play at the same time as this card."
//!
//! The choice is made as a resolving permanent spell comes into play
//! (419.1b), like the colour of Voice of All: the resolution pauses with a
//! `ChooseCard { choice: Amplify }` decision, one card at a time (`No` stops
//! revealing). The card being played is on the stack, so it can't be
//! revealed. Revealed cards are marked `flags::REVEALED`: every player knows
//! them (`view`, `determinized`) until they leave the hand.
//!
//! Known limit: only a permanent spell resolving is amplified (not a card
//! put into play by an effect), and several instances of amplify on one
//! card (502.27b) share one reveal (no card in the pool has two).

use crate::{Event, Game, ObjId, PlayerId};
use tolaria_cards::{db, Ability, CardId, StaticAbility};

/// 502.27a: the sum of the N of `card`'s amplify abilities (0: none).
pub(crate) fn amplify_of(card: CardId) -> u32 {
    db().get(card).faces[0]
        .abilities
        .iter()
        .map(|a| match a {
            Ability::Static(StaticAbility::Amplify(n)) => u32::from(*n),
            _ => 0,
        })
        .sum()
}

impl Game {
    /// 502.27a: the cards in `p`'s hand, other than those in `revealed`,
    /// that share a creature type with `card`.
    pub(crate) fn amplify_options(
        &self,
        p: PlayerId,
        card: CardId,
        revealed: &[ObjId],
    ) -> Vec<ObjId> {
        let face = &db().get(card).faces[0];
        self.player(p)
            .hand
            .iter()
            .copied()
            .filter(|o| !revealed.contains(o))
            .filter(|o| {
                let other = &self.objects[o.slot as usize].def().faces[0];
                face.subtypes
                    .iter()
                    .any(|t| t.is_creature_type() && other.subtypes.contains(t))
            })
            .collect()
    }

    /// The cards the pending amplify decision offers.
    pub(crate) fn amplify_choice_options(&self, p: PlayerId) -> Vec<ObjId> {
        let Some(r) = self.resolving.as_deref() else {
            return Vec::new();
        };
        let card = crate::resolution::choices::entering_card(self, r);
        self.amplify_options(p, card, &r.amplify_revealed)
    }

    /// 502.27a: before the resolving permanent spell of `r`, entering as
    /// `card`, comes into play: whether its controller is to be asked
    /// (another) card to reveal. With none left to reveal the choice is
    /// over.
    pub(crate) fn amplify_pending(
        &self,
        r: &mut crate::state::progress::Resolving,
        card: CardId,
    ) -> bool {
        if r.amplify_done || amplify_of(card) == 0 {
            return false;
        }
        if self
            .amplify_options(r.ctx.controller, card, &r.amplify_revealed)
            .is_empty()
        {
            r.amplify_done = true;
            return false;
        }
        true
    }

    /// The answer to the amplify decision: a card revealed (asked again),
    /// or `No`: done revealing; the resolution goes on.
    pub(crate) fn on_amplify_choice(&mut self, action: crate::Action) {
        if let Some(r) = self.resolving.as_mut() {
            match action {
                crate::Action::ChooseObject(o) => r.amplify_revealed.push(o),
                _ => r.amplify_done = true,
            }
        }
        self.finish_resolution();
    }

    /// 502.27a: the permanent `new`, which came into play as `entering`
    /// (its card, or the card it copies, 503), comes into play with N
    /// +1/+1 counters for each card revealed; the revealed cards become
    /// known to every player while they stay in the hand.
    pub(crate) fn amplify(
        &mut self,
        new: ObjId,
        entering: CardId,
        player: PlayerId,
        revealed: &[ObjId],
    ) {
        let Some(o) = self.obj(new) else { return };
        let n = amplify_of(entering);
        let card = o.card;
        if n == 0 {
            return;
        }
        let cards: Vec<CardId> = revealed
            .iter()
            .filter_map(|&c| self.obj(c).map(|x| x.card))
            .collect();
        for &c in revealed {
            if let Some(x) = self.obj_mut(c) {
                x.flags |= crate::state::object::flags::REVEALED;
            }
        }
        self.emit(Event::Amplified {
            player,
            card,
            revealed: cards.clone(),
        });
        let amount = n * cards.len() as u32;
        if amount == 0 {
            return;
        }
        let kind = tolaria_cards::CounterKind::PlusOnePlusOne;
        let Some(o) = self.obj_mut(new) else { return };
        let amount = o.add_counters(kind, amount as i32);
        self.emit(Event::CountersPut {
            obj: new,
            card,
            kind,
            amount,
        });
    }
}
