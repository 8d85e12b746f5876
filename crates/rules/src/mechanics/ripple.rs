//! Ripple (502.56): "When you play this spell, you may reveal the top N
//! cards of your library, or, if there are fewer than N cards in your
//! library, you may reveal all the cards in your library. If you reveal
//! cards from your library this way, you may play any of those cards with
//! the same name as this spell without paying their mana costs, then put
//! all revealed cards not played this way on the bottom of your library in
//! any order."
//!
//! The trigger's resolution reveals the cards (`Effect::Ripple`, a step of
//! `resolution/library.rs`'s card effects), asks for the cards to play one at a time
//! (`ChooseCard { choice: Ripple }`, `No` stops), then for the order of the
//! others on the bottom (217.2d, from the bottom up). The chosen cards are
//! queued in `Game::free_plays` and played in that order, without paying
//! their mana costs (the suspend path of `playing/play.rs`, without its haste), as
//! the ability finishes resolving, before anyone gets priority. A card
//! that can't be played (a land, a forbidden spell) stays where it is.
//! Known limit: a card whose play is abandoned (422) stays in the library
//! where it was rather than going to the bottom.

use crate::resolution::library::CardChoice;
use crate::state::progress::CardsState;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Event, Game, ObjId, PlayerId, Zone};
use tolaria_cards::{db, CardType};

impl Game {
    /// One step of a ripple ability's resolution: the decision it waits
    /// for, or `None` when done.
    pub(crate) fn ripple_step(&mut self, ctx: &ResolveCtx, n: u8) -> Option<Decision> {
        let p = ctx.controller;
        let mut st = self.resolving.as_ref().map(|r| r.cards.clone())?;
        if !st.started {
            st.cards = self
                .player(p)
                .library
                .iter()
                .rev()
                .take(usize::from(n))
                .copied()
                .collect();
            st.started = true;
            let cards = st
                .cards
                .iter()
                .map(|o| self.objects[o.slot as usize].card)
                .collect();
            self.emit(Event::Revealed { player: p, cards });
        }
        loop {
            if st.stage == 0 {
                if !self.ripple_options(ctx, &st).is_empty() {
                    self.set_ripple_state(st);
                    return Some(Decision {
                        player: p,
                        kind: DecisionKind::ChooseCard {
                            choice: CardChoice::Ripple,
                            optional: true,
                        },
                    });
                }
                st.stage = 1;
            } else if st.cards.len() > 1 {
                self.set_ripple_state(st);
                return Some(Decision {
                    player: p,
                    kind: DecisionKind::ChooseCard {
                        choice: CardChoice::Bottom,
                        optional: false,
                    },
                });
            } else {
                if let Some(o) = st.cards.pop() {
                    self.put_at_bottom(p, o, st.on_bottom as usize);
                }
                self.free_plays
                    .extend(st.chosen.iter().map(|&obj| crate::state::game::FreePlay {
                        player: p,
                        obj,
                        masked: false,
                    }));
                return None;
            }
        }
    }

    fn set_ripple_state(&mut self, st: CardsState) {
        if let Some(r) = self.resolving.as_mut() {
            r.cards = st;
        }
    }

    /// 502.56a: the revealed cards not yet chosen with the same name as the
    /// spell with ripple (as it last existed, if it has left the stack).
    pub(crate) fn ripple_options(&self, ctx: &ResolveCtx, st: &CardsState) -> Vec<ObjId> {
        let name = &db().get(ctx.source_card).name;
        st.cards
            .iter()
            .copied()
            .filter(|o| self.objects[o.slot as usize].def().name == *name)
            .collect()
    }

    /// 502.56a: the next card chosen with ripple is played without paying
    /// its mana cost, if able; `then` gets priority afterwards. False if
    /// none was begun.
    pub(crate) fn play_next_free(&mut self, then: PlayerId) -> bool {
        while !self.free_plays.is_empty() {
            let play = self.free_plays.remove(0);
            let (p, obj) = (play.player, play.obj);
            if play.masked {
                if self.play_masked(p, obj, then) {
                    return true;
                }
                continue;
            }
            let Some(o) = self.obj(obj) else { continue };
            if o.zone != Zone::Library(p)
                || o.def().unsupported().is_some()
                || o.def().front().types.contains(CardType::Land)
                || self.spell_forbidden(p, obj)
            {
                continue;
            }
            self.flow = crate::state::progress::Flow::Priority(then);
            self.begin_casting_as(
                p,
                crate::state::progress::Playing::Spell { obj },
                true,
                then,
            );
            return true;
        }
        false
    }
}
