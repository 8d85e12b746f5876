//! Cards revealed by an effect and what becomes of them: "Reveal cards
//! from the top of your library until you reveal a [filter] card"
//! (`Effect::RevealUntil`: Hermit Druid, Goblin Machinist, Spoils of the
//! Vault), "[player] reveals their hand" (`Effect::RevealHand`: Baleful
//! Stare, Inquisition), where the cards revealed this way go
//! (`Effect::PutRevealed`: "Put that card into your hand and all other
//! cards revealed this way into your graveyard", "Put the revealed cards on
//! the bottom of your library in any order", 217.2d) and how many of them
//! match a filter (`Amount::Revealed`).
//!
//! A revealed card is seen by every player (`Event::Revealed`, one event
//! for all the cards revealed this way). The cards revealed from a library
//! stay in it until an instruction moves them (no zone change, 217.1b);
//! the resolution remembers them (`ResolveCtx::revealed_cards`) and the one
//! found is "that card" (`ObjectRef::Chosen`).

use super::library::CardChoice;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Event, Game, MoveReason, ObjId, Zone};
use tolaria_cards::{ObjectFilter, PlayerRef, RevealedDest, RevealedPart};

impl Game {
    /// `Effect::RevealUntil`: the player (the controller unless the effect
    /// names another) reveals cards from the top of their library until one matches `filter` or the library runs out
    /// (then every card of it is revealed and none is found).
    pub(super) fn reveal_until(
        &mut self,
        ctx: &ResolveCtx,
        who: &PlayerRef,
        filter: &ObjectFilter,
    ) {
        let Some(p) = self.players_of(ctx, who).first().copied() else {
            return;
        };
        let mut revealed = Vec::new();
        let mut found = None;
        for &o in self.player(p).library.iter().rev() {
            revealed.push(o);
            if crate::continuous::filter::matches(self, filter, o, Some(ctx.source), ctx.controller)
            {
                found = Some(o);
                break;
            }
        }
        let cards = revealed
            .iter()
            .map(|&o| self.objects[o.slot as usize].card)
            .collect();
        self.emit(Event::Revealed { player: p, cards });
        if let Some(r) = self.resolving.as_mut() {
            r.ctx.revealed_cards = revealed;
            r.ctx.chosen = found;
        }
    }

    /// `Effect::RevealHand`: each player's hand shown to all; the cards of
    /// it are the cards revealed this way.
    pub(super) fn reveal_hands(&mut self, ctx: &ResolveCtx, who: &PlayerRef) {
        let mut revealed = Vec::new();
        for p in self.players_of(ctx, who) {
            revealed.extend(self.reveal_hand(p));
        }
        if let Some(r) = self.resolving.as_mut() {
            r.ctx.revealed_cards = revealed;
        }
    }

    /// The cards revealed this way that `which` names and that are still
    /// where they were revealed (an instruction before may have moved some).
    fn revealed_part(&self, ctx: &ResolveCtx, which: RevealedPart) -> Vec<ObjId> {
        ctx.revealed_cards
            .iter()
            .copied()
            .filter(|&o| match which {
                RevealedPart::Found => ctx.chosen == Some(o),
                RevealedPart::Others => ctx.chosen != Some(o),
                RevealedPart::All => true,
            })
            .filter(|&o| self.obj(o).is_some())
            .collect()
    }

    /// `Amount::Revealed`: the cards revealed this way matching any of
    /// `filters` (printed characteristics: the card's, wherever it went
    /// since).
    pub(crate) fn revealed_count(
        &self,
        ctx: &ResolveCtx,
        filters: &[ObjectFilter],
        others: bool,
    ) -> i32 {
        ctx.revealed_cards
            .iter()
            .filter(|&&o| !(others && ctx.chosen.is_some_and(|c| c.slot == o.slot)))
            .filter(|&&o| {
                let card = self.objects[o.slot as usize].card;
                filters.is_empty()
                    || filters
                        .iter()
                        .any(|f| crate::continuous::filter::matches_card(f, card))
            })
            .count() as i32
    }

    /// `Effect::PutRevealed`: the cards go where the effect says; to the
    /// bottom of a library in any order, their owner chooses them one by
    /// one from the bottom up (`CardChoice::Bottom`; the last one needs
    /// no choice).
    pub(super) fn put_revealed_step(
        &mut self,
        ctx: &ResolveCtx,
        which: RevealedPart,
        dest: RevealedDest,
    ) -> Option<Decision> {
        let p = ctx.controller;
        let mut st = self.cards_state();
        if !st.started {
            let cards = self.revealed_part(ctx, which);
            if dest != RevealedDest::Bottom {
                self.put_revealed(cards, dest);
                return None;
            }
            st.started = true;
            st.cards = cards;
        }
        if st.cards.len() > 1 {
            // 217.2d: the owner of the cards arranges them.
            let owner = self.objects[st.cards[0].slot as usize].owner;
            self.set_cards_state(st);
            return Some(Decision {
                player: owner,
                kind: DecisionKind::ChooseCard {
                    choice: CardChoice::Bottom,
                    optional: false,
                },
            });
        }
        if let Some(o) = st.cards.pop() {
            let owner = self.objects[o.slot as usize].owner;
            self.put_at_bottom(owner, o, st.on_bottom as usize);
            st.on_bottom += 1;
        }
        self.emit(Event::LibraryArranged {
            player: p,
            top: 0,
            bottom: st.on_bottom,
        });
        None
    }

    /// Moves the cards revealed this way (no order asked).
    fn put_revealed(&mut self, cards: Vec<ObjId>, dest: RevealedDest) {
        let mut shuffle = Vec::new();
        for o in cards {
            let owner = self.objects[o.slot as usize].owner;
            match dest {
                RevealedDest::Hand => {
                    self.move_to(o, Zone::Hand(owner), MoveReason::Effect);
                }
                RevealedDest::InPlay => {
                    self.put_in_play(o, owner, false);
                }
                RevealedDest::Graveyard => {
                    self.move_to(o, Zone::Graveyard(owner), MoveReason::Effect);
                }
                RevealedDest::RemoveFromGame => {
                    self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                }
                // A card revealed from a library is still in it.
                RevealedDest::ShuffleIn => {
                    if self.obj(o).is_some_and(|x| x.zone != Zone::Library(owner)) {
                        self.move_to(o, Zone::Library(owner), MoveReason::Effect);
                    }
                    if !shuffle.contains(&owner) {
                        shuffle.push(owner);
                    }
                }
                RevealedDest::Bottom => {
                    self.put_at_bottom(owner, o, 0);
                }
            }
        }
        for owner in shuffle {
            self.shuffle_library(owner);
        }
    }
}
