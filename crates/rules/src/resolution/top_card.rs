//! "Look at (reveal) the top card of [player]'s library" and what becomes
//! of that card (`Effect::TopCard`): "If it's a creature card, put it into
//! play. Otherwise, put it into your graveyard." (Call of the Wild), "You
//! may put that card into your graveyard." (Rummaging Wizard), "… and put
//! that card into your hand." (Dark Confidant).
//!
//! 217.2b: a card looked at is seen by the controller only: the event
//! (`LookedAtLibrary`) gives no name, and the controller's choice about it
//! is a `ChooseCard` decision whose only option is that card, which the
//! controller's view names (`PlayerView::choice_cards`). A revealed card is
//! seen by every player (`Revealed`). The card is "that card" for the
//! instructions after it (`ObjectRef::Chosen`).

use super::library::CardChoice;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{Effect, TopDest};

impl Game {
    /// Runs `Effect::TopCard`; the decision it pauses for, if any.
    pub(super) fn top_card_step(&mut self, ctx: &ResolveCtx, e: &Effect) -> Option<Decision> {
        let Effect::TopCard {
            whose,
            reveal,
            test,
            then,
            otherwise,
            may,
        } = e
        else {
            return None;
        };
        let mut st = self.cards_state();
        if st.started {
            // The "you may" answered (`on_top_card_choice`).
            return None;
        }
        let owner = self.players_of(ctx, whose).first().copied()?;
        let top = self.player(owner).library.last().copied()?;
        let card = self.objects[top.slot as usize].card;
        if *reveal {
            self.emit(Event::Revealed {
                player: owner,
                cards: vec![card],
            });
        } else {
            self.emit(Event::LookedAtLibrary {
                player: ctx.controller,
                count: 1,
                whose: (owner != ctx.controller).then_some(owner),
            });
        }
        if let Some(r) = self.resolving.as_mut() {
            r.ctx.chosen = Some(top);
        }
        let is = test
            .as_ref()
            .is_none_or(|f| crate::continuous::filter::matches_card(f, card));
        let dest = if is { *then } else { *otherwise };
        let dest = dest?;
        if *may && is {
            st.started = true;
            st.cards = vec![top];
            self.set_cards_state(st);
            return Some(Decision {
                player: ctx.controller,
                kind: DecisionKind::ChooseCard {
                    choice: CardChoice::TopCard,
                    optional: true,
                },
            });
        }
        self.top_card_to(ctx.controller, top, dest);
        None
    }

    /// The answer to "You may put that card …": the card chosen goes there;
    /// `None` leaves it where it is.
    pub(super) fn on_top_card_choice(&mut self, p: PlayerId, chosen: Option<ObjId>) {
        if let (Some(o), Some(Effect::TopCard { then: Some(d), .. })) =
            (chosen, self.current_effect())
        {
            self.top_card_to(p, o, *d);
        }
    }

    /// The card looked at goes where the effect says; `p` is the effect's
    /// controller.
    fn top_card_to(&mut self, p: PlayerId, o: ObjId, dest: TopDest) {
        let owner = self.objects[o.slot as usize].owner;
        let moved = match dest {
            TopDest::Hand => self.move_to(o, Zone::Hand(p), MoveReason::Effect),
            TopDest::InPlay => self.put_in_play(o, p, false),
            TopDest::Graveyard => self.move_to(o, Zone::Graveyard(owner), MoveReason::Effect),
            TopDest::Bottom => {
                self.put_at_bottom(owner, o, 0);
                Some(o)
            }
        };
        // "You lose life equal to its converted mana cost." (Dark
        // Confidant): the card where it went.
        if let Some(r) = self.resolving.as_mut() {
            r.ctx.chosen = moved;
        }
    }
}
