//! Instructions on the cards of a player's hand as a whole: "that player
//! puts the cards in their hand on the bottom of their library in any
//! order, then draws that many cards" (Teferi's Puzzle Box,
//! `Effect::HandOnBottomThenDraw`); "choose two cards in your hand drawn
//! this turn. For each of those cards, pay 4 life or put the card on top of
//! your library" (Sylvan Library, `Effect::DrawnOnTopOrPayLife`); "each
//! player may discard up to three cards" (Mind Bomb,
//! `Effect::EachMayDiscardUpTo`).

use super::library::CardChoice;
use crate::state::progress::CardsState;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::Effect;

impl Game {
    /// Teferi's Puzzle Box: the hand's cards go to the bottom one at a
    /// time, in the order the player chooses (217.2d: the owner arranges
    /// them; each card chosen goes under the ones before it), then the
    /// player draws as many cards as the hand held.
    pub(super) fn hand_on_bottom_step(&mut self, whose: PlayerId) -> Option<Decision> {
        let mut st = self.cards_state();
        if !st.started {
            st.started = true;
            st.cards = self.player(whose).hand.clone();
            st.count = st.cards.len() as u32;
        }
        if st.cards.len() > 1 {
            self.set_cards_state(st);
            return Some(Decision {
                player: whose,
                kind: DecisionKind::ChooseCard {
                    choice: CardChoice::Bottom,
                    optional: false,
                },
            });
        }
        if let Some(o) = st.cards.pop() {
            self.move_to_pos(o, Zone::Library(whose), MoveReason::Effect, true);
        }
        // "… then draws that many cards."
        for _ in 0..st.count {
            self.draw(whose);
        }
        None
    }

    /// The card the player chose goes to the bottom of their library next.
    pub(super) fn hand_card_to_bottom(&mut self, st: &mut CardsState, o: ObjId) {
        st.cards.retain(|&x| x != o);
        let owner = self.objects[o.slot as usize].owner;
        self.move_to_pos(o, Zone::Library(owner), MoveReason::Effect, true);
    }

    /// The cards in `p`'s hand drawn this turn (`flags::DRAWN_THIS_TURN`).
    pub(super) fn drawn_this_turn_in_hand(&self, p: PlayerId) -> Vec<ObjId> {
        self.player(p)
            .hand
            .iter()
            .copied()
            .filter(|&o| {
                self.objects[o.slot as usize].flags & crate::state::object::flags::DRAWN_THIS_TURN
                    != 0
            })
            .collect()
    }

    /// Sylvan Library: of the cards chosen (`count`, or as many as were
    /// drawn this turn), the controller puts cards on top one at a time
    /// (the last one on top, 217.2d) until they stop; each card left is
    /// kept by paying `life` (215.4: they may stop only with enough life
    /// for all the cards left). Choosing the cards and then, for each, the
    /// life or the library is the same choice made in this order.
    pub(super) fn drawn_on_top_step(
        &mut self,
        ctx: &ResolveCtx,
        e: &'static Effect,
        life: u32,
    ) -> Option<Decision> {
        let Effect::DrawnOnTopOrPayLife { count, .. } = e else {
            return None;
        };
        let p = ctx.controller;
        let mut st = self.cards_state();
        if !st.started {
            st.started = true;
            st.count = (*count as u32).min(self.drawn_this_turn_in_hand(p).len() as u32);
            self.set_cards_state(st.clone());
        }
        if st.done >= st.count {
            return None;
        }
        let left = st.count - st.done;
        Some(Decision {
            player: p,
            kind: DecisionKind::ChooseCard {
                choice: CardChoice::OnTop,
                optional: self.life(p) >= i32::try_from(life * left).unwrap_or(i32::MAX),
            },
        })
    }

    /// The answer: a card put on top of its owner's library, or (`None`)
    /// 4 life paid for each card left.
    pub(super) fn on_drawn_on_top_choice(
        &mut self,
        st: &mut CardsState,
        p: PlayerId,
        chosen: Option<ObjId>,
        life: u32,
    ) {
        match chosen {
            Some(o) => {
                let owner = self.objects[o.slot as usize].owner;
                self.move_to(o, Zone::Library(owner), MoveReason::Effect);
                st.done += 1;
            }
            None => {
                let left = st.count.saturating_sub(st.done);
                self.lose_life(p, life * left);
                st.done = st.count;
            }
        }
    }

    /// Mind Bomb: the player whose turn it is to discard (`done`: players
    /// done, in turn order from the active player; `on_top`: the cards the
    /// current one discarded), asked while they have a card and fewer than
    /// `up_to` discarded.
    pub(super) fn each_may_discard_step(&mut self, up_to: u8) -> Option<Decision> {
        let mut st = self.cards_state();
        st.started = true;
        let players: Vec<PlayerId> = self.apnap_from(self.active).collect();
        while let Some(&w) = players.get(st.done as usize) {
            if st.on_top < u32::from(up_to) && !self.player(w).hand.is_empty() {
                self.set_cards_state(st);
                return Some(Decision {
                    player: w,
                    kind: DecisionKind::ChooseCard {
                        choice: CardChoice::FromHand,
                        optional: true,
                    },
                });
            }
            st.done += 1;
            st.on_top = 0;
        }
        None
    }
}
