//! "Draw N cards, then discard one of them" (Soldevi Sage, Casting of
//! Bones, Krovikan Sorcerer): the cards drawn are remembered, and the card
//! discarded is chosen among those still in the hand (413.2c: chosen as the
//! instruction is followed).

use super::library::CardChoice;
use crate::state::progress::CardsState;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Game, ObjId, PlayerId};
use tolaria_cards::{Amount, PlayerRef};

impl Game {
    /// Draws the cards once, then asks for the one to discard among them.
    pub(super) fn draw_then_discard_step(
        &mut self,
        ctx: &ResolveCtx,
        who: &PlayerRef,
        amount: &Amount,
    ) -> Option<Decision> {
        let p = self.players_of(ctx, who).first().copied()?;
        let mut st = self.cards_state();
        if !st.started {
            st.started = true;
            let before = self.player(p).hand.clone();
            for _ in 0..self.amount(ctx, amount).max(0) {
                self.draw(p);
            }
            st.cards = self
                .player(p)
                .hand
                .iter()
                .copied()
                .filter(|o| !before.contains(o))
                .collect();
            self.set_cards_state(st.clone());
        }
        (st.done == 0 && !self.drawn_options(p, &st).is_empty()).then_some(Decision {
            player: p,
            kind: DecisionKind::ChooseCard {
                choice: CardChoice::Drawn,
                optional: false,
            },
        })
    }

    /// The cards drawn by the instruction that are still in `p`'s hand.
    pub(super) fn drawn_options(&self, p: PlayerId, st: &CardsState) -> Vec<ObjId> {
        st.cards
            .iter()
            .copied()
            .filter(|o| self.player(p).hand.contains(o))
            .collect()
    }
}
