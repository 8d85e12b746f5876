//! Instructions on the cards of a player's hand as a whole: "that player
//! puts the cards in their hand on the bottom of their library in any
//! order, then draws that many cards" (Teferi's Puzzle Box,
//! `Effect::HandOnBottomThenDraw`).

use super::library::CardChoice;
use crate::state::progress::CardsState;
use crate::{Decision, DecisionKind, Game, MoveReason, ObjId, PlayerId, Zone};

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
}
