//! "Look at the top N cards of your library, …" (`Effect::LookAtTop`,
//! 217.2d): the cards looked at or revealed ("reveal the top N … put all
//! [filter] cards revealed this way into your hand"), the card(s) for the
//! hand, the rest back on top in any order, on the bottom in any order, or
//! into the graveyard; scry (501.8a) is the same effect. The library may be
//! another player's ("Look at the top three cards of target player's
//! library, then put them back in any order", Elemental Augury): the
//! controller looks and chooses, the cards stay in their owner's library;
//! "Look at the top three cards of target player's library." (Orcish Spy)
//! only looks; "You may have that player shuffle." (Portent) is a yes/no
//! of the controller after the cards are put back. The choices are
//! `ChooseCard` decisions answered in `library.rs`'s `on_card_choice`.

use super::library::CardChoice;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::Effect;

impl Game {
    /// "Look at the top N cards of your library, …".
    pub(super) fn look_at_top_step(
        &mut self,
        ctx: &ResolveCtx,
        e: &'static Effect,
    ) -> Option<Decision> {
        let Effect::LookAtTop {
            amount,
            to_hand,
            may,
            on_top,
            to_hand_count,
            rest_to_graveyard,
            rest_removed,
            scry,
            reveal_all,
            whose,
            may_shuffle,
            look_only,
        } = e
        else {
            return None;
        };
        let to_hand_count = u32::from((*to_hand_count).max(1));
        // The controller looks and chooses; the library is `whose`'s
        // (another player's: Elemental Augury), the cards go back there.
        let p = ctx.controller;
        let owner = match whose {
            Some(w) => self.players_of(ctx, w).first().copied()?,
            None => p,
        };
        let mut st = self.cards_state();
        if !st.started {
            let n = self.amount(ctx, amount).max(0) as usize;
            let lib = &self.player(owner).library;
            st.cards = lib.iter().rev().take(n).copied().collect();
            st.started = true;
            st.stage = if to_hand.is_some() { 0 } else { 1 };
            if *reveal_all {
                // "Reveal the top N cards …": every player sees them; all
                // those matching go to the hand, no choice made.
                let cards = st
                    .cards
                    .iter()
                    .map(|&o| self.objects[o.slot as usize].card)
                    .collect();
                self.emit(Event::Revealed { player: p, cards });
                let f = to_hand.clone().unwrap_or_default();
                for o in std::mem::take(&mut st.cards) {
                    if crate::continuous::filter::matches_card(
                        &f,
                        self.objects[o.slot as usize].card,
                    ) {
                        self.move_to(o, Zone::Hand(p), MoveReason::Effect);
                    } else {
                        st.cards.push(o);
                    }
                }
                st.stage = 1;
                if *rest_to_graveyard {
                    self.rest_to_graveyard(&mut st);
                    return None;
                }
            } else {
                self.emit(Event::LookedAtLibrary {
                    player: p,
                    count: st.cards.len() as u32,
                    whose: (owner != p).then_some(owner),
                });
                if *look_only {
                    // Orcish Spy: the cards stay where they are.
                    st.cards.clear();
                    st.stage = 3;
                }
            }
            self.set_cards_state(st.clone());
        }
        loop {
            match st.stage {
                0 => {
                    let f = to_hand.clone().unwrap_or_default();
                    let any = st.cards.iter().any(|&o| {
                        crate::continuous::filter::matches_card(
                            &f,
                            self.objects[o.slot as usize].card,
                        )
                    });
                    if any && st.done < to_hand_count {
                        self.set_cards_state(st);
                        return Some(Decision {
                            player: p,
                            kind: DecisionKind::ChooseCard {
                                choice: CardChoice::ToHand,
                                optional: *may,
                            },
                        });
                    }
                    st.stage = 1;
                    // "… and the rest into your graveyard" (Strategic Planning).
                    if *rest_to_graveyard {
                        self.rest_to_graveyard(&mut st);
                        return None;
                    }
                    // "… and exile the rest" (Browse).
                    if *rest_removed {
                        for o in std::mem::take(&mut st.cards) {
                            self.move_to(o, Zone::RemovedFromGame, MoveReason::Effect);
                        }
                        return None;
                    }
                }
                1 => {
                    let top = on_top.map_or(u32::MAX, u32::from);
                    if st.on_top >= top || st.cards.is_empty() {
                        st.stage = 2;
                    } else if *scry {
                        // 501.8a: each card may go on top (the next one down)
                        // or, declining, the rest go to the bottom.
                        self.set_cards_state(st);
                        return Some(Decision {
                            player: p,
                            kind: DecisionKind::ChooseCard {
                                choice: CardChoice::Top,
                                optional: true,
                            },
                        });
                    } else if st.cards.len() == 1 && top == u32::MAX {
                        // The last card stays where it is: on top of the others.
                        st.cards.clear();
                        st.on_top += 1;
                    } else {
                        self.set_cards_state(st);
                        return Some(Decision {
                            player: p,
                            kind: DecisionKind::ChooseCard {
                                choice: CardChoice::Top,
                                optional: false,
                            },
                        });
                    }
                }
                2 => {
                    if st.cards.len() > 1 {
                        self.set_cards_state(st);
                        return Some(Decision {
                            player: p,
                            kind: DecisionKind::ChooseCard {
                                choice: CardChoice::Bottom,
                                optional: false,
                            },
                        });
                    }
                    if let Some(o) = st.cards.pop() {
                        self.put_at_bottom(owner, o, st.on_bottom as usize);
                        st.on_bottom += 1;
                    }
                    self.emit(Event::LibraryArranged {
                        player: p,
                        top: st.on_top,
                        bottom: st.on_bottom,
                    });
                    st.stage = 3;
                }
                3 if *may_shuffle => {
                    // "You may have that player shuffle." (Portent): asked
                    // once; the answer (`on_may_shuffle`) moves to stage 4.
                    self.set_cards_state(st);
                    return Some(Decision {
                        player: p,
                        kind: DecisionKind::MayAbility,
                    });
                }
                _ => return None,
            }
            self.set_cards_state(st.clone());
        }
    }

    /// The answer to "You may have that player shuffle.": yes shuffles the
    /// library looked at.
    pub(crate) fn on_may_shuffle(&mut self, ctx: &ResolveCtx, yes: bool) {
        let Some(Effect::LookAtTop { whose, .. }) = self.current_effect() else {
            return;
        };
        let owner = match whose {
            Some(w) => self.players_of(ctx, w).first().copied(),
            None => Some(ctx.controller),
        };
        if let (true, Some(o)) = (yes, owner) {
            self.shuffle_library(o);
        }
        let mut st = self.cards_state();
        st.stage = 4;
        self.set_cards_state(st);
    }

    /// "… and the rest into your graveyard": the cards looked at and not
    /// taken go to their owners' graveyards.
    fn rest_to_graveyard(&mut self, st: &mut crate::state::progress::CardsState) {
        for o in std::mem::take(&mut st.cards) {
            let owner = self.objects[o.slot as usize].owner;
            self.move_to(o, Zone::Graveyard(owner), MoveReason::Effect);
        }
    }

    /// 217.2d: a card looked at goes to the bottom of its library, above
    /// the `below` cards already put there (no zone change: it stays in the
    /// library).
    pub(crate) fn put_at_bottom(&mut self, p: PlayerId, o: ObjId, below: usize) {
        let lib = &mut self.players[p.index()].library;
        if let Some(i) = lib.iter().position(|&x| x == o) {
            lib.remove(i);
            let at = below.min(lib.len());
            lib.insert(at, o);
        }
    }
}
