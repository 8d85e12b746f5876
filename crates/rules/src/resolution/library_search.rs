//! Searching a library (217.2, 413.2a): the cards a search may find (a
//! stated quality may find nothing, 217.1a), whose library is searched,
//! and the search as a step of a resolution. Split from `library.rs`.

use super::library::CardChoice;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Event, Game, ObjId, PlayerId};
use tolaria_cards::{db, Amount, CardDest, Effect, ObjectFilter};

impl Game {
    pub(super) fn search_options(
        &self,
        ctx: &ResolveCtx,
        p: PlayerId,
        filter: &ObjectFilter,
        cmc: Option<&Amount>,
    ) -> Vec<ObjId> {
        let max = cmc.map(|a| self.amount(ctx, a).max(0) as u32);
        // Listed in a fixed order (by slot), not in library order: the
        // options must not tell the searcher how the library is ordered.
        let mut v: Vec<ObjId> = self
            .player(p)
            .library
            .iter()
            .copied()
            .filter(|&o| {
                let card = self.objects[o.slot as usize].card;
                crate::continuous::filter::matches_card_for(
                    self,
                    filter,
                    card,
                    ctx.source,
                    ctx.source_card,
                ) && max.is_none_or(|m| {
                    // 505.6: a split card's "or less" is true if either
                    // half's converted mana cost is.
                    let def = db().get(card);
                    let n = if def.layout == tolaria_cards::Layout::Split {
                        2
                    } else {
                        1
                    };
                    def.faces[..n]
                        .iter()
                        .any(|f| f.mana_cost.as_ref().map_or(0, |c| c.converted()) <= m)
                })
            })
            .collect();
        v.sort_by_key(|o| o.slot);
        v
    }

    /// "Search your library for …, then shuffle."
    pub(super) fn search_step(&mut self, ctx: &ResolveCtx, e: &'static Effect) -> Option<Decision> {
        let Effect::SearchLibrary {
            filter,
            cmc_at_most,
            whose,
            dest,
            count,
            up_to,
            by_owner,
            ..
        } = e
        else {
            return None;
        };
        let w = self.searched_library(ctx, whose.as_ref())?;
        // "Its controller may search their library" (Ghost Quarter): the
        // player whose library it is searches it.
        let p = if *by_owner { w } else { ctx.controller };
        let st = self.cards_state();
        if st.done < dest.count().max(u32::from(*count)) {
            let mut options = self.search_options(ctx, w, filter, cmc_at_most.as_ref());
            // Cards found for the top stay in the library: not again.
            options.retain(|o| !st.chosen.contains(o));
            if !options.is_empty() {
                return Some(Decision {
                    player: p,
                    kind: DecisionKind::ChooseCard {
                        choice: CardChoice::Search,
                        // A search for a card with a stated quality may find
                        // nothing (the library is hidden); "a card" must be
                        // found; "up to N" may stop early.
                        optional: *up_to || *filter != ObjectFilter::any() || cmc_at_most.is_some(),
                    },
                });
            }
            if st.done == 0 {
                self.emit(Event::Searched {
                    player: p,
                    found: None,
                });
            }
        }
        // 212.4j: an Aura card found for play (Enduring Ideal) is put into
        // play attached to what its searcher chooses as it comes into play,
        // before the shuffle; with no legal choice it stays in the library.
        if matches!(dest, CardDest::InPlay { .. }) && !st.chosen.is_empty() {
            if !self.aura_destinations(ctx, e).is_empty() {
                return Some(Decision {
                    player: p,
                    kind: DecisionKind::ChooseCard {
                        choice: CardChoice::AttachTo,
                        optional: false,
                    },
                });
            }
            let mut st = st.clone();
            st.chosen.clear();
            self.set_cards_state(st);
        }
        // "… and shuffle that pile" (Mangara's Tome).
        if matches!(dest, CardDest::RemoveFaceDownPile(_)) {
            self.shuffle_removed_pile(ctx);
        }
        self.shuffle_library(w);
        // "then shuffle and put that card on top" (Vampiric Tutor): the
        // card found, still in the library, goes on top after the shuffle;
        // several (Goblin Recruiter) in the order found, the last on top.
        if *dest == CardDest::LibraryTop && !st.chosen.is_empty() {
            let lib = &mut self.players[w.index()].library;
            let mut top = 0;
            for &o in &st.chosen {
                if let Some(i) = lib.iter().position(|&x| x == o) {
                    let o = lib.remove(i);
                    lib.push(o);
                    top += 1;
                }
            }
            self.emit(Event::LibraryArranged {
                player: w,
                top,
                bottom: 0,
            });
        }
        None
    }

    /// Whose library a search looks through: the controller's, or the
    /// target opponent's (Bribery; none if that target is gone, 413.2a).
    pub(super) fn searched_library(
        &self,
        ctx: &ResolveCtx,
        whose: Option<&tolaria_cards::PlayerRef>,
    ) -> Option<PlayerId> {
        match whose {
            None => Some(ctx.controller),
            Some(w) => self.players_of(ctx, w).first().copied(),
        }
    }
}
