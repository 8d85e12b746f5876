//! The answer to a `ChooseCard` decision (`DecisionKind::ChooseCard`): a
//! card searched for, looked at or revealed, put into play, returned or
//! put back (`CardChoice`), or `No` where the choice is optional. Split
//! from `library.rs`, whose effects ask these choices.

use super::library::CardChoice;
use crate::{Action, Event, Game, MoveReason, PlayerId, Zone};
use tolaria_cards::{CardDest, Effect, GraveyardCardDest, HandChoice};

impl Game {
    /// The answer to a `ChooseCard` decision: a card, or `No` where the
    /// choice is optional.
    pub(crate) fn on_card_choice(&mut self, p: PlayerId, choice: CardChoice, action: Action) {
        let chosen = match action {
            Action::ChooseObject(o) => Some(o),
            _ => None,
        };
        let Some(e) = self.current_effect() else {
            return;
        };
        let Some(ctx) = self.resolving.as_ref().map(|r| r.ctx.clone()) else {
            return;
        };
        let mut st = self.cards_state();
        match (choice, e) {
            (
                CardChoice::Search,
                Effect::SearchLibrary {
                    dest,
                    reveal,
                    count,
                    ..
                },
            ) => {
                let found = chosen.map(|o| self.objects[o.slot as usize].card);
                self.emit(Event::Searched { player: p, found });
                if let (Some(o), Some(card)) = (chosen, found) {
                    if *reveal {
                        self.emit(Event::Revealed {
                            player: p,
                            cards: vec![card],
                        });
                    }
                    match dest {
                        CardDest::Hand => {
                            self.move_to(o, Zone::Hand(p), MoveReason::Effect);
                        }
                        // 212.4j: an Aura waits for the choice of what it
                        // enchants (`search_step`).
                        CardDest::InPlay { .. }
                            if crate::playing::targeting::is_aura(
                                self.objects[o.slot as usize].def().front().types,
                                &self.objects[o.slot as usize].def().front().subtypes,
                            ) =>
                        {
                            st.chosen.push(o);
                        }
                        CardDest::InPlay { tapped } => {
                            self.put_in_play(o, p, *tapped);
                        }
                        CardDest::RemoveFromGame => {
                            let moved =
                                self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                            // "its converted mana cost" (Seek).
                            if let Some(r) = self.resolving.as_mut() {
                                r.ctx.chosen = moved;
                            }
                        }
                        // Mangara's Tome: face down, no one may look (217.7b).
                        CardDest::RemoveFaceDownPile(_) => self.remove_face_down(&ctx, o, false),
                        // Put on top once the library is shuffled (`search_step`).
                        CardDest::LibraryTop => {
                            st.chosen.push(o);
                            if let Some(r) = self.resolving.as_mut() {
                                r.ctx.chosen = Some(o);
                            }
                        }
                        // Entomb, Buried Alive.
                        CardDest::Graveyard => {
                            let owner = self.objects[o.slot as usize].owner;
                            self.move_to(o, Zone::Graveyard(owner), MoveReason::Effect);
                        }
                    }
                }
                // A search for several cards goes on until they are found.
                st.done = match chosen {
                    Some(_) => st.done + 1,
                    None => dest.count().max(u32::from(*count)),
                };
            }
            (CardChoice::AttachTo, Effect::PutAuraIntoPlayAttached { what, .. }) => {
                let aura = self.objects_of(&ctx, what).first().copied();
                if let (Some(to), Some(a)) = (chosen, aura) {
                    if self.obj(a).is_some_and(|x| x.zone != Zone::InPlay) {
                        if let Some(new) = self.put_in_play(a, p, false) {
                            // 212.4: attached as it comes into play, not targeted.
                            self.attach(new, crate::Target::Object(to));
                        }
                    }
                }
                st.done = 1;
            }
            (
                CardChoice::AttachTo,
                Effect::PutIntoPlay {
                    what, under_owner, ..
                },
            ) => {
                let aura = self.objects_of(&ctx, what).first().copied();
                if let (Some(to), Some(a)) = (chosen, aura) {
                    if self.obj(a).is_some_and(|x| x.zone != Zone::InPlay) {
                        let under = if *under_owner {
                            self.objects[a.slot as usize].owner
                        } else {
                            p
                        };
                        if let Some(new) = self.put_in_play(a, under, false) {
                            // 212.4j: attached as it comes into play, not targeted.
                            self.attach(new, crate::Target::Object(to));
                        }
                    }
                }
                st.done = 1;
            }
            (
                CardChoice::AttachTo,
                Effect::SearchLibrary {
                    dest: CardDest::InPlay { tapped },
                    ..
                },
            ) => {
                // 212.4j: the Aura found (Enduring Ideal) comes into play
                // attached to the permanent chosen, not targeting it.
                if let (Some(to), Some(&a)) = (chosen, st.chosen.first()) {
                    if self.obj(a).is_some_and(|x| x.zone != Zone::InPlay) {
                        if let Some(new) = self.put_in_play(a, p, *tapped) {
                            self.attach(new, crate::Target::Object(to));
                        }
                    }
                }
                st.chosen.clear();
            }
            (
                CardChoice::AttachTo,
                Effect::MoveAura { what, .. } | Effect::MayMoveAura { what, .. },
            ) => {
                let aura = self.objects_of(&ctx, what).first().copied();
                if let (Some(to), Some(a)) = (chosen, aura) {
                    if self.is_in_play(a) {
                        // 212.4: attached, not targeted; it stays in play.
                        self.attach(a, crate::Target::Object(to));
                    }
                }
                st.done = 1;
            }
            (CardChoice::Search, Effect::HandOnLibraryThenSearch { .. }) => {
                if let Some(o) = chosen {
                    let owner = self.objects[o.slot as usize].owner;
                    self.emit(Event::Searched {
                        player: p,
                        found: Some(self.objects[o.slot as usize].card),
                    });
                    self.move_to(o, Zone::Hand(owner), MoveReason::Effect);
                }
                st.done += 1;
            }
            (CardChoice::ToHand, Effect::LookAtTop { may, .. }) => {
                if let Some(o) = chosen {
                    let card = self.objects[o.slot as usize].card;
                    if *may {
                        // "You may reveal a creature card from among them."
                        self.emit(Event::Revealed {
                            player: p,
                            cards: vec![card],
                        });
                    }
                    st.cards.retain(|&x| x != o);
                    self.move_to(o, Zone::Hand(p), MoveReason::Effect);
                    st.done += 1;
                } else {
                    // Declined ("you may"): none (more) to the hand.
                    st.stage = 1;
                    st.done = u32::MAX;
                }
            }
            (CardChoice::Top, Effect::LookAtTop { scry, .. }) => {
                if chosen.is_none() && *scry {
                    // 501.8a: the rest go to the bottom, in an order chosen next.
                    st.stage = 2;
                }
                if let Some(o) = chosen {
                    // The k-th card chosen goes k-th from the top; the cards
                    // not yet placed are right below the placed ones.
                    st.cards.retain(|&x| x != o);
                    // The owner's library: another player's (Elemental Augury).
                    let owner = self.objects[o.slot as usize].owner;
                    let lib = &mut self.players[owner.index()].library;
                    if let Some(i) = lib.iter().position(|&x| x == o) {
                        let at = lib.len() - 1 - (st.on_top as usize).min(lib.len() - 1);
                        lib.swap(i, at);
                    }
                    st.on_top += 1;
                }
            }
            (CardChoice::TopCard, Effect::TopCard { .. }) => self.on_top_card_choice(p, chosen),
            (CardChoice::Permanent, Effect::ChoosePermanent { .. }) => {
                if let Some(r) = self.resolving.as_mut() {
                    r.ctx.chosen = chosen;
                }
                st.done = 1;
            }
            (CardChoice::Masked, Effect::PlayFaceDownMasked) => {
                self.on_masked_choice(p, chosen);
                st.done += 1;
            }
            (CardChoice::Drawn, Effect::DrawThenDiscardOneOfThem { .. }) => {
                if let Some(o) = chosen {
                    let moved = self.discard_card(o);
                    self.discarded_this_way(moved);
                }
                st.done = 1;
            }
            (CardChoice::OnTop, Effect::PutOnTopInAnyOrder { .. }) => {
                if let Some(o) = chosen {
                    self.put_on_owners_library(o);
                }
            }
            (CardChoice::Ripple, Effect::Ripple(_)) => match chosen {
                Some(o) => {
                    st.cards.retain(|&x| x != o);
                    st.chosen.push(o);
                }
                None => st.stage = 1,
            },
            (
                CardChoice::Bottom,
                Effect::LookAtTop { .. } | Effect::Ripple(_) | Effect::PutRevealed { .. },
            ) => {
                if let Some(o) = chosen {
                    st.cards.retain(|&x| x != o);
                    let owner = self.objects[o.slot as usize].owner;
                    self.put_at_bottom(owner, o, st.on_bottom as usize);
                    st.on_bottom += 1;
                }
            }
            (CardChoice::FromGraveyard, Effect::ReturnUpToFromGraveyard { to, .. }) => match chosen
            {
                Some(o) => {
                    let owner = self.objects[o.slot as usize].owner;
                    match to {
                        GraveyardCardDest::Hand => {
                            self.move_to(o, Zone::Hand(owner), MoveReason::Effect);
                        }
                        GraveyardCardDest::RemoveFromGame => {
                            self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                        }
                        GraveyardCardDest::LibraryBottom => {
                            self.move_to_pos(o, Zone::Library(owner), MoveReason::Effect, true);
                        }
                    }
                    st.done += 1;
                    st.on_top += 1;
                }
                // "Up to": the player stops.
                None => st.done = u32::MAX,
            },
            (CardChoice::FromHand, Effect::EachMayDiscardUpTo { .. }) => match chosen {
                Some(o) => {
                    let moved = self.discard_card(o);
                    self.discarded_this_way(moved);
                    st.on_top += 1;
                }
                // The player stops: the next one.
                None => {
                    st.done += 1;
                    st.on_top = 0;
                }
            },
            (CardChoice::OnTop, Effect::DrawnOnTopOrPayLife { life, .. }) => {
                self.on_drawn_on_top_choice(&mut st, p, chosen, *life);
            }
            (CardChoice::Bottom, Effect::HandOnBottomThenDraw { .. }) => {
                if let Some(o) = chosen {
                    self.hand_card_to_bottom(&mut st, o);
                }
            }
            (CardChoice::FromHand, Effect::ChooseFromHand { then, .. }) => {
                if let Some(o) = chosen {
                    let owner = self.objects[o.slot as usize].owner;
                    match then {
                        HandChoice::Discard => {
                            let moved = self.discard_card(o);
                            self.discarded_this_way(moved);
                        }
                        HandChoice::RemoveFromGame => {
                            self.move_to(o, Zone::RemovedFromGame, MoveReason::Effect);
                        }
                        HandChoice::RemoveFaceDown { look } => {
                            self.remove_face_down(&ctx, o, *look);
                        }
                        HandChoice::LibraryTop | HandChoice::OwnerPutsOnLibraryTop => {
                            // 217.2d: chosen one by one; the last chosen is on top.
                            self.move_to(o, Zone::Library(owner), MoveReason::Effect);
                        }
                        HandChoice::Choose => {
                            if let Some(r) = self.resolving.as_mut() {
                                r.ctx.chosen = Some(o);
                            }
                        }
                        HandChoice::Reveal => {
                            // Revealed to every player; it stays in the hand.
                            let card = self.objects[o.slot as usize].card;
                            self.emit(Event::Revealed {
                                player: owner,
                                cards: vec![card],
                            });
                            st.chosen.push(o);
                            if let Some(r) = self.resolving.as_mut() {
                                r.ctx.revealed += 1;
                            }
                        }
                    }
                    st.done += 1;
                } else {
                    // "Any number": the player stops choosing.
                    st.done = u32::MAX;
                }
            }
            (CardChoice::Removed, Effect::ReturnRemovedChosen { .. }) => {
                if let Some(o) = chosen {
                    let owner = self.objects[o.slot as usize].owner;
                    self.move_to(o, Zone::Hand(owner), MoveReason::ReturnToHand);
                }
                st.done += 1;
            }
            (CardChoice::PutFromHand, Effect::PutFromHand { attach_to_this, .. }) => {
                if let Some(o) = chosen {
                    // Eureka's round: someone put a card.
                    st.count += 1;
                    let new = self.put_in_play(o, p, false);
                    // "If you do, …" (Dermoplasm) reads the card put.
                    if let (Some(new), Some(r)) = (new, self.resolving.as_mut()) {
                        r.ctx.chosen = Some(new);
                    }
                    if let (Some(new), true) = (new, *attach_to_this) {
                        // 212.4: the Aura comes into play attached (not targeted).
                        if self.is_in_play(ctx.source) {
                            self.attach(new, crate::Target::Object(ctx.source));
                        }
                    }
                }
                st.done += 1;
            }
            _ => {}
        }
        self.set_cards_state(st);
        self.run_resolution();
    }
}
