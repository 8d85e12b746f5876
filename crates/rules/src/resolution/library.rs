//! Effects that move cards between a library, a hand, a graveyard and
//! play: searching a library, the player's own or a target opponent's
//! (Bribery; the searcher sees only the matching cards, as the options of
//! a decision), milling, looking at the top of a library
//! and putting the cards back in any order (217.1b, 217.2d), looking at a
//! hand and choosing cards from it, putting cards into play from a
//! graveyard or a hand, and shuffling cards into a library.
//!
//! Every choice is a `ChooseCard` decision; the state of the effect in
//! progress is `Resolving::cards` ([`CardsState`]).

use crate::state::progress::CardsState;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use serde::{Deserialize, Serialize};
use tolaria_cards::{db, Amount, Effect, HandChoice, ObjectFilter};

/// What a `ChooseCard` decision chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardChoice {
    /// A card found by searching a library.
    Search,
    /// Of the cards looked at, the one that goes into the hand.
    ToHand,
    /// Of the cards just drawn, the one to discard ("draw three cards,
    /// then discard one of them", Soldevi Sage).
    Drawn,
    /// Of the cards looked at, the next one back on top (chosen from the top down).
    Top,
    /// Of the cards looked at, the next one on the bottom (chosen from the bottom up).
    Bottom,
    /// A card from the hand looked at.
    FromHand,
    /// A card from the player's own hand to put into play.
    PutFromHand,
    /// The permanent an Aura put into play is attached to (212.4).
    AttachTo,
    /// 502.27a: the next card to reveal from the hand for amplify.
    Amplify,
    /// 502.56a: the next revealed card to play with ripple.
    Ripple,
    /// 217.7d: one of the cards removed from the game with the source
    /// (Gustha's Scepter).
    Removed,
    /// A card from the controller's graveyard to return to the hand
    /// ("return up to X cards from your graveyard", Bound).
    FromGraveyard,
    /// 217.2d: the next of the cards to put on top of the library in any
    /// order (the last one chosen is on top; Scroll Rack).
    OnTop,
    /// 504.1: a creature card from the hand to play face down (Illusionary
    /// Mask).
    Masked,
    /// The top card of a library looked at, to put where the effect says
    /// ("You may put that card into your graveyard", Rummaging Wizard).
    TopCard,
    /// A permanent the player controls, chosen as the effect resolves
    /// ("Target opponent chooses a creature they control", Imperial Edict).
    Permanent,
}

impl CardChoice {
    pub fn describe(self) -> &'static str {
        match self {
            CardChoice::Search => "the card to find in the library",
            CardChoice::ToHand => "the card to put into the hand",
            CardChoice::Drawn => "the card just drawn to discard",
            CardChoice::Top => "the next card on top of the library",
            CardChoice::Bottom => "the next card on the bottom of the library",
            CardChoice::FromHand => "a card from the hand",
            CardChoice::PutFromHand => "a card to put into play from the hand",
            CardChoice::AttachTo => "the permanent the Aura comes into play attached to",
            CardChoice::Amplify => "a card to reveal from the hand for amplify (502.27a)",
            CardChoice::Ripple => "a revealed card to play without paying its mana cost (502.56a)",
            CardChoice::Removed => "a card removed from the game with it (217.7d)",
            CardChoice::FromGraveyard => "a card from the graveyard to return to the hand",
            CardChoice::OnTop => {
                "the next card to put on top of the library (the last one put is on top)"
            }
            CardChoice::Masked => {
                "a creature card to play face down as a 2/2 creature spell (504.1)"
            }
            CardChoice::TopCard => "the card looked at, to put where the effect says (or no)",
            CardChoice::Permanent => "a permanent you control, for the effect",
        }
    }
}

impl Game {
    /// "[Player] reveals their hand": every card of it shown to all
    /// players; the hand as it was, for what the effect does next.
    pub(crate) fn reveal_hand(&mut self, p: PlayerId) -> Vec<ObjId> {
        let hand = self.player(p).hand.clone();
        let cards = hand
            .iter()
            .map(|&o| self.objects[o.slot as usize].card)
            .collect();
        self.emit(Event::Revealed { player: p, cards });
        hand
    }

    pub(super) fn cards_state(&self) -> CardsState {
        self.resolving
            .as_ref()
            .map(|r| r.cards.clone())
            .unwrap_or_default()
    }

    pub(super) fn set_cards_state(&mut self, s: CardsState) {
        if let Some(r) = self.resolving.as_mut() {
            r.cards = s;
        }
    }

    /// Runs one of this module's effects; `None` if `e` is not one of them,
    /// else the decision it pauses for (`Some(None)`: done).
    pub(crate) fn card_effect(
        &mut self,
        ctx: &ResolveCtx,
        e: &'static Effect,
    ) -> Option<Option<Decision>> {
        let r = match e {
            Effect::SearchLibrary { .. } => self.search_step(ctx, e),
            Effect::LookAtTop { .. } => self.look_at_top_step(ctx, e),
            Effect::TopCard { .. } => self.top_card_step(ctx, e),
            Effect::Ripple(n) => self.ripple_step(ctx, *n),
            Effect::PutRevealed { which, dest } => self.put_revealed_step(ctx, *which, *dest),
            Effect::ChoosePermanent { who, filter } => self.choose_permanent_step(ctx, who, filter),
            Effect::PlayFaceDownMasked => self.masked_step(ctx),
            Effect::DrawThenDiscardOneOfThem { who, amount } => {
                self.draw_then_discard_step(ctx, who, amount)
            }
            Effect::ChooseFromHand { who, .. } => {
                let who = self.players_of(ctx, who).first().copied();
                match who {
                    Some(w) => self.hand_choice_step(ctx, e, w),
                    None => None,
                }
            }
            // 212.4: with nothing (else) it could enchant, the Aura stays
            // where it is. Once chosen (`done`), the effect is over: a moved
            // Aura could be moved again, so the choice must not come back.
            // 212.4j: an Aura card put into play by an effect that doesn't
            // say what it enchants (Crime): the player putting it into play
            // chooses as it comes into play; with no legal choice it stays.
            Effect::PutIntoPlay {
                what,
                flipped: false,
                ..
            } if self.aura_card_of(ctx, what) => (self.cards_state().done == 0
                && !self.aura_destinations(ctx, e).is_empty())
            .then_some(Decision {
                player: ctx.controller,
                kind: DecisionKind::ChooseCard {
                    choice: CardChoice::AttachTo,
                    optional: false,
                },
            }),
            // Kudzu: the player named chooses, or declines.
            Effect::MayMoveAura { who, .. } => match self.players_of(ctx, who).first() {
                Some(&w)
                    if self.cards_state().done == 0
                        && !self.aura_destinations(ctx, e).is_empty() =>
                {
                    Some(Decision {
                        player: w,
                        kind: DecisionKind::ChooseCard {
                            choice: CardChoice::AttachTo,
                            optional: true,
                        },
                    })
                }
                _ => None,
            },
            Effect::PutAuraIntoPlayAttached { .. } | Effect::MoveAura { .. } => {
                (self.cards_state().done == 0 && !self.aura_destinations(ctx, e).is_empty())
                    .then_some(Decision {
                        player: ctx.controller,
                        kind: DecisionKind::ChooseCard {
                            choice: CardChoice::AttachTo,
                            optional: false,
                        },
                    })
            }
            // "Return up to X cards from your graveyard to your hand"
            // (Bound): one choice per card, the player may stop (`No`).
            Effect::ReturnUpToFromGraveyard {
                filter,
                amount,
                up_to,
                cost,
                ..
            } => {
                let n = self.amount(ctx, amount).max(0) as u32;
                let mut st = self.cards_state();
                let there = self.graveyard_matching(ctx.controller, filter).len() as u32;
                if !st.started {
                    st.started = true;
                    // 413.2c: a cost is paid whole or not at all: with too
                    // few cards it can't be paid, and nothing is asked.
                    if *cost && there < n {
                        st.done = u32::MAX;
                    }
                    self.set_cards_state(st.clone());
                }
                let ask = st.done < n && there > 0;
                if !ask && *cost {
                    // `Condition::YouDid`: paid only if every card moved
                    // (`on_top` counts them).
                    if let Some(r) = self.resolving.as_mut() {
                        r.asked = st.on_top >= n;
                    }
                }
                ask.then_some(Decision {
                    player: ctx.controller,
                    kind: DecisionKind::ChooseCard {
                        choice: CardChoice::FromGraveyard,
                        // A cost is declined only before its first card.
                        optional: *up_to && (!*cost || st.done == 0),
                    },
                })
            }
            // 217.7d: "Return a card you own exiled with [this] to your hand."
            // 217.2d: one card at a time; the last goes without a choice.
            Effect::PutOnTopInAnyOrder { what, by_owner } => {
                let (decider, cards) = self.on_top_group(ctx, what, *by_owner);
                // 217.7b: "look at the removed cards".
                self.let_look_at_removed(ctx.controller, &cards);
                if let Some(decider) = decider.filter(|_| cards.len() > 1) {
                    Some(Decision {
                        player: decider,
                        kind: DecisionKind::ChooseCard {
                            choice: CardChoice::OnTop,
                            optional: false,
                        },
                    })
                } else {
                    for o in cards {
                        self.put_on_owners_library(o);
                    }
                    None
                }
            }
            Effect::ReturnRemovedChosen { what } => (self.cards_state().done == 0
                && !self.objects_of(ctx, what).is_empty())
            .then_some(Decision {
                player: ctx.controller,
                kind: DecisionKind::ChooseCard {
                    choice: CardChoice::Removed,
                    optional: false,
                },
            }),
            Effect::HandOnLibraryThenSearch { who } => {
                match self.players_of(ctx, who).first().copied() {
                    Some(w) => self.head_games_step(ctx, w),
                    None => None,
                }
            }
            Effect::DrawnOnTopOrPayLife { life, .. } => self.drawn_on_top_step(ctx, e, *life),
            Effect::EachMayDiscardUpTo { up_to } => self.each_may_discard_step(*up_to),
            Effect::HandOnBottomThenDraw { who } => {
                match self.players_of(ctx, who).first().copied() {
                    Some(w) => self.hand_on_bottom_step(w),
                    None => None,
                }
            }
            Effect::PutFromHand {
                who,
                filter,
                attach_to_this,
                repeat,
            } => {
                // "Starting with you" (Eureka): turn order from the
                // controller; 600.4a: not a player who has left the game.
                let players: Vec<PlayerId> = if *repeat {
                    self.apnap_from(ctx.controller)
                        .filter(|&q| !self.player(q).lost)
                        .collect()
                } else {
                    self.players_of(ctx, who)
                };
                let to = attach_to_this.then_some(ctx.source);
                let filter = &with_x(filter, ctx.x);
                self.put_from_hand_step(&players, filter, to, *repeat)
            }
            _ => return None,
        };
        if r.is_none() {
            self.set_cards_state(CardsState::default());
        }
        Some(r)
    }

    /// The cards a pending `ChooseCard` decision offers.
    pub(crate) fn card_choice_options(&self, p: PlayerId, choice: CardChoice) -> Vec<ObjId> {
        if choice == CardChoice::Amplify {
            return self.amplify_choice_options(p);
        }
        let Some(e) = self.current_effect() else {
            return Vec::new();
        };
        let Some(r) = self.resolving.as_deref() else {
            return Vec::new();
        };
        let ctx = &r.ctx;
        match (choice, e) {
            (
                CardChoice::Search,
                Effect::SearchLibrary {
                    filter,
                    cmc_at_most,
                    whose,
                    ..
                },
            ) => match self.searched_library(ctx, whose.as_ref()) {
                Some(w) => {
                    let mut v = self.search_options(ctx, w, filter, cmc_at_most.as_ref());
                    // Cards found for the top stay in the library: not again.
                    v.retain(|o| !r.cards.chosen.contains(o));
                    v
                }
                None => Vec::new(),
            },
            (
                CardChoice::AttachTo,
                Effect::PutAuraIntoPlayAttached { .. }
                | Effect::MoveAura { .. }
                | Effect::MayMoveAura { .. }
                | Effect::PutIntoPlay { .. }
                | Effect::SearchLibrary { .. },
            ) => self.aura_destinations(ctx, e),
            (CardChoice::Bottom, Effect::HandOnBottomThenDraw { .. }) => r.cards.cards.clone(),
            (CardChoice::FromHand, Effect::EachMayDiscardUpTo { .. }) => {
                self.player(p).hand.clone()
            }
            (CardChoice::OnTop, Effect::DrawnOnTopOrPayLife { .. }) => {
                self.drawn_this_turn_in_hand(ctx.controller)
            }
            (CardChoice::Search, Effect::HandOnLibraryThenSearch { who }) => {
                match self.players_of(ctx, who).first() {
                    Some(&w) => self.search_options(ctx, w, &ObjectFilter::any(), None),
                    None => Vec::new(),
                }
            }
            (CardChoice::ToHand, Effect::LookAtTop { to_hand, .. }) => {
                let f = to_hand.clone().unwrap_or_default();
                r.cards
                    .cards
                    .iter()
                    .copied()
                    .filter(|&o| {
                        crate::continuous::filter::matches_card(
                            &f,
                            self.objects[o.slot as usize].card,
                        )
                    })
                    .collect()
            }
            (CardChoice::Top | CardChoice::Bottom, Effect::LookAtTop { .. })
            | (CardChoice::TopCard, Effect::TopCard { .. }) => r.cards.cards.clone(),
            (CardChoice::Ripple, Effect::Ripple(_)) => self.ripple_options(ctx, &r.cards),
            (CardChoice::Bottom, Effect::Ripple(_) | Effect::PutRevealed { .. }) => {
                r.cards.cards.clone()
            }
            (CardChoice::Masked, Effect::PlayFaceDownMasked) => self.masked_options(ctx),
            (CardChoice::Permanent, Effect::ChoosePermanent { filter, .. }) => {
                self.permanent_options(ctx, p, filter)
            }
            (CardChoice::OnTop, Effect::PutOnTopInAnyOrder { what, by_owner }) => {
                self.on_top_group(ctx, what, *by_owner).1
            }
            (CardChoice::Drawn, Effect::DrawThenDiscardOneOfThem { .. }) => {
                self.drawn_options(p, &r.cards)
            }
            (CardChoice::Removed, Effect::ReturnRemovedChosen { what }) => {
                self.objects_of(ctx, what)
            }
            (
                CardChoice::FromHand,
                Effect::ChooseFromHand {
                    who, filter, then, ..
                },
            ) => match self.players_of(ctx, who).first() {
                Some(&w) => {
                    let mut v = self.hand_matching(w, filter);
                    // A card revealed stays in the hand: not again.
                    if *then == HandChoice::Reveal {
                        v.retain(|o| !r.cards.chosen.contains(o));
                    }
                    v
                }
                None => Vec::new(),
            },
            (CardChoice::FromGraveyard, Effect::ReturnUpToFromGraveyard { filter, .. }) => {
                self.graveyard_matching(ctx.controller, filter)
            }
            (
                CardChoice::PutFromHand,
                Effect::PutFromHand {
                    filter,
                    attach_to_this,
                    ..
                },
            ) => {
                let to = attach_to_this.then_some(ctx.source);
                self.hand_to_play_options(p, &with_x(filter, ctx.x), to)
            }
            _ => Vec::new(),
        }
    }

    fn graveyard_matching(&self, p: PlayerId, f: &ObjectFilter) -> Vec<ObjId> {
        self.cards_matching(&self.player(p).graveyard, f)
    }

    fn hand_matching(&self, p: PlayerId, f: &ObjectFilter) -> Vec<ObjId> {
        self.cards_matching(&self.player(p).hand, f)
    }

    /// The cards in `p`'s hand whose printed characteristics match `f`,
    /// without collecting them ("unless you discard two cards").
    pub(crate) fn hand_cards_matching<'a>(
        &'a self,
        p: PlayerId,
        f: &'a ObjectFilter,
    ) -> impl Iterator<Item = ObjId> + 'a {
        self.player(p).hand.iter().copied().filter(move |&c| {
            crate::continuous::filter::matches_card(f, self.objects[c.slot as usize].card)
        })
    }

    /// The cards of a zone list whose printed characteristics match `f`.
    fn cards_matching(&self, cards: &[ObjId], f: &ObjectFilter) -> Vec<ObjId> {
        cards
            .iter()
            .copied()
            .filter(|&o| {
                crate::continuous::filter::matches_card(f, self.objects[o.slot as usize].card)
            })
            .collect()
    }

    /// The cards of `p`'s hand matching `f`; with `attach_to`, only Auras
    /// that could enchant that permanent (its Enchant quality, 212.4).
    fn hand_to_play_options(
        &self,
        p: PlayerId,
        f: &ObjectFilter,
        attach_to: Option<ObjId>,
    ) -> Vec<ObjId> {
        let mut v = self.hand_matching(p, f);
        if let Some(to) = attach_to {
            v.retain(|&c| {
                self.is_in_play(to)
                    && self.objects[c.slot as usize]
                        .def()
                        .front()
                        .abilities
                        .iter()
                        .any(|a| match a {
                            tolaria_cards::Ability::Enchant(e) => {
                                crate::continuous::filter::matches(self, e, to, None, p)
                            }
                            _ => false,
                        })
            });
        }
        v
    }

    /// Head Games: the hand goes on top of the library (217.2d: in the
    /// order of the hand), then the controller searches that library for
    /// as many cards, which go to that player's hand; then it is shuffled.
    fn head_games_step(&mut self, ctx: &ResolveCtx, whose: PlayerId) -> Option<Decision> {
        let mut st = self.cards_state();
        if !st.started {
            st.started = true;
            let hand = self.player(whose).hand.clone();
            st.count = hand.len() as u32;
            for o in hand {
                self.move_to(o, Zone::Library(whose), MoveReason::Effect);
            }
            self.set_cards_state(st.clone());
        }
        if st.done < st.count && !self.player(whose).library.is_empty() {
            return Some(Decision {
                player: ctx.controller,
                kind: DecisionKind::ChooseCard {
                    choice: CardChoice::Search,
                    optional: false,
                },
            });
        }
        self.shuffle_library(whose);
        None
    }

    /// "Look at target player's hand and choose N [filter] cards from it."
    fn hand_choice_step(
        &mut self,
        ctx: &ResolveCtx,
        e: &'static Effect,
        whose: PlayerId,
    ) -> Option<Decision> {
        let Effect::ChooseFromHand {
            filter,
            amount,
            x,
            up_to,
            then,
            ..
        } = e
        else {
            return None;
        };
        // "choose X cards" (Mind Warp): the X announced for the spell.
        let amount = if *x {
            u32::try_from(self.amount(ctx, &tolaria_cards::Amount::X)).unwrap_or(0)
        } else {
            u32::from(*amount)
        };
        let mut st = self.cards_state();
        // "Target opponent puts a card from their hand on top of their
        // library" (Chittering Rats): that player chooses from their own hand.
        let chooser = if *then == tolaria_cards::HandChoice::OwnerPutsOnLibraryTop {
            whose
        } else {
            ctx.controller
        };
        // Looking at one's own hand tells nobody anything.
        if !st.started && whose == chooser {
            st.started = true;
            self.set_cards_state(st.clone());
        }
        if !st.started {
            st.started = true;
            let cards = self
                .player(whose)
                .hand
                .iter()
                .map(|&o| self.objects[o.slot as usize].card)
                .collect();
            self.emit(Event::LookedAtHand {
                player: ctx.controller,
                whose,
                cards,
            });
            self.set_cards_state(st.clone());
        }
        let left = self
            .hand_matching(whose, filter)
            .iter()
            .any(|o| !st.chosen.contains(o));
        if st.done < amount && left {
            return Some(Decision {
                player: chooser,
                kind: DecisionKind::ChooseCard {
                    choice: CardChoice::FromHand,
                    // "Any number of cards", "up to two": the player may stop.
                    optional: *up_to || amount == u32::from(tolaria_cards::ANY_NUMBER),
                },
            });
        }
        None
    }

    /// "[Players] may put a [filter] card from their hand into play", one
    /// player after another in turn order.
    fn put_from_hand_step(
        &mut self,
        players: &[PlayerId],
        filter: &ObjectFilter,
        attach_to: Option<ObjId>,
        repeat: bool,
    ) -> Option<Decision> {
        let mut st = self.cards_state();
        loop {
            while let Some(&p) = players.get(st.done as usize) {
                if !self.hand_to_play_options(p, filter, attach_to).is_empty() {
                    self.set_cards_state(st);
                    return Some(Decision {
                        player: p,
                        kind: DecisionKind::ChooseCard {
                            choice: CardChoice::PutFromHand,
                            optional: true,
                        },
                    });
                }
                st.done += 1;
            }
            // "Repeat this process until no one puts a card into play."
            // (Eureka): another round once someone put one (`count`).
            if !repeat || st.count == 0 {
                return None;
            }
            st.done = 0;
            st.count = 0;
        }
    }

    /// "Your opponents play with their hands revealed." (Telepathy): does
    /// `viewer` see `owner`'s hand by such an effect?
    /// "Players play with their hands revealed" (Revelation) and "Play with
    /// your hand revealed" (Enduring Renewal) show it to everyone.
    pub fn hand_revealed_to(&self, viewer: PlayerId, owner: PlayerId) -> bool {
        viewer != owner
            && (self.reviews_teammate_hand(viewer, owner)
                || self.any_static_in_play(|s, _, c| match s {
                    tolaria_cards::StaticAbility::HandsRevealed(w) => whose_is(self, *w, c, owner),
                    _ => false,
                }))
    }

    /// "Play with the top card of your library revealed" (Future Sight):
    /// is `owner`'s top card revealed to every player, its owner too?
    pub fn top_card_revealed(&self, owner: PlayerId) -> bool {
        self.any_static_in_play(|s, _, c| match s {
            tolaria_cards::StaticAbility::TopCardRevealed(w) => whose_is(self, *w, c, owner),
            _ => false,
        })
    }

    /// 419.6e: "Skip your draw step" (Necropotence) applies to `p`.
    pub(crate) fn skips_draw_step(&self, p: PlayerId) -> bool {
        self.any_static(Some(p), |s| {
            matches!(s, tolaria_cards::StaticAbility::SkipDrawStep)
        })
    }

    /// 402.8h: "At the beginning of [step]" abilities of cards in
    /// graveyards that function there (Squee, Goblin Nabob); their
    /// controller is the card's owner.
    pub(crate) fn graveyard_step_triggers(&mut self, step: tolaria_cards::Step) {
        if !self.graveyard_triggers || !self.graveyard_abilities_function() {
            return;
        }
        let active = self.active;
        for pi in 0..self.players.len() {
            let p = PlayerId(pi as u8);
            for k in 0..self.player(p).graveyard.len() {
                let o = self.player(p).graveyard[k];
                let card = self.objects[o.slot as usize].card;
                let def = db().get(card);
                if !def.front().has_graveyard_triggers {
                    continue;
                }
                for (i, a) in def.front().abilities.iter().enumerate() {
                    let tolaria_cards::Ability::Triggered(t) = a else {
                        continue;
                    };
                    let tolaria_cards::Trigger::BeginningOfFromGraveyard { step: s, whose } =
                        t.trigger
                    else {
                        continue;
                    };
                    let ok = s == step
                        && match whose {
                            tolaria_cards::Whose::You => self.is_active(p),
                            tolaria_cards::Whose::Opponent => self.is_opponent(p, active),
                            tolaria_cards::Whose::Each => true,
                            // A card in a graveyard chose no player.
                            tolaria_cards::Whose::Chosen => false,
                        };
                    let ctx = crate::state::stack::TriggerContext {
                        player: Some(active),
                        ..Default::default()
                    };
                    // 404.3: an intervening "if" must be true for it to
                    // trigger ("if CARDNAME is in your graveyard", "if you
                    // have more cards in hand than each opponent").
                    let ok = ok
                        && t.condition.as_ref().is_none_or(|c| {
                            crate::resolution::triggers::condition_holds(self, o, &ctx, c)
                        });
                    if ok {
                        self.pending_triggers
                            .push(crate::state::stack::PendingTrigger {
                                controller: p,
                                source: o,
                                card,
                                ability: tolaria_cards::AbilityRef::Printed {
                                    card,
                                    face: 0,
                                    index: i as u8,
                                },
                                ctx,
                            });
                    }
                }
            }
        }
    }

    /// Puts a card into play under `p`'s control, tapped if told to (it
    /// comes into play tapped: no tap event).
    pub(crate) fn put_in_play(&mut self, o: ObjId, p: PlayerId, tapped: bool) -> Option<ObjId> {
        let new = self.put_into_play(o, p, MoveReason::Effect)?;
        if tapped {
            self.objects[new.slot as usize].set_tapped(true);
        }
        Some(new)
    }

    /// The effects of this module that need no choice (417).
    pub(crate) fn exec_card_effect(&mut self, ctx: &ResolveCtx, e: &Effect) -> bool {
        match e {
            // Scroll Rack: not a draw (its ruling): as many as there are.
            Effect::PutTopCardsIntoHand { who, amount } => {
                for p in self.players_of(ctx, who) {
                    let n = self.amount(ctx, amount).max(0);
                    for _ in 0..n {
                        let Some(top) = self.player(p).library.last().copied() else {
                            break;
                        };
                        self.move_to(top, Zone::Hand(p), MoveReason::Effect);
                    }
                }
            }
            Effect::AnteTop { who } => {
                for p in self.players_of(ctx, who) {
                    self.ante_top_card(p);
                }
            }
            Effect::Mill { who, amount } => {
                for p in self.players_of(ctx, who) {
                    let n = match amount {
                        Amount::HalfLibraryRoundedDown(_) => self.player(p).library.len() / 2,
                        a => self.amount(ctx, a).max(0) as usize,
                    };
                    for _ in 0..n {
                        let Some(top) = self.player(p).library.last().copied() else {
                            break;
                        };
                        let moved = self.move_to(top, Zone::Graveyard(p), MoveReason::Effect);
                        // `ObjectRef::Chosen`: "that card" (Infernal Genesis).
                        if let Some(r) = self.resolving.as_mut() {
                            r.ctx.chosen = moved;
                        }
                    }
                }
            }
            Effect::DiscardHand { who } => {
                for p in self.players_of(ctx, who) {
                    let hand = self.player(p).hand.clone();
                    for o in hand {
                        // "… then draws that many cards" (Barbed Shocker):
                        // the cards discarded this way.
                        let moved = self.discard_card(o);
                        self.discarded_this_way(moved);
                    }
                }
            }
            // "Target player reveals their hand and discards all cards
            // with that name." (Cabal Therapy) / "… discards a card with
            // that name. If they can't, you draw a card." (Brain Pry)
            Effect::RevealRandomDiscard { who, count, filter } => {
                for p in self.players_of(ctx, who) {
                    // The cards are chosen at random, then revealed together.
                    let mut hand = self.player(p).hand.clone();
                    let mut revealed = Vec::with_capacity(*count as usize);
                    for _ in 0..*count {
                        if hand.is_empty() {
                            break;
                        }
                        let i = self.rng.below(hand.len());
                        revealed.push(hand.remove(i));
                    }
                    let cards = revealed
                        .iter()
                        .map(|&o| self.objects[o.slot as usize].card)
                        .collect();
                    self.emit(Event::Revealed { player: p, cards });
                    for o in revealed {
                        let m = crate::continuous::filter::matches(
                            self,
                            filter,
                            o,
                            Some(ctx.source),
                            ctx.controller,
                        );
                        if m {
                            self.discard(o);
                        }
                    }
                }
            }
            Effect::RevealHandDiscard {
                who,
                filter,
                all,
                else_draw,
                random,
            } => {
                for p in self.players_of(ctx, who) {
                    let mut hand = self.reveal_hand(p);
                    if *random {
                        // Rag Man: one card chosen at random (the game's
                        // seeded generator) among those matching.
                        hand.retain(|&o| {
                            crate::continuous::filter::matches(
                                self,
                                filter,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                        });
                        if !hand.is_empty() {
                            let i = self.rng.below(hand.len());
                            hand = vec![hand[i]];
                        }
                    }
                    let mut discarded = false;
                    for o in hand {
                        if (*all || !discarded)
                            && crate::continuous::filter::matches(
                                self,
                                filter,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                        {
                            self.discard(o);
                            discarded = true;
                        }
                    }
                    if !discarded {
                        for _ in 0..*else_draw {
                            self.draw(ctx.controller);
                        }
                    }
                }
            }
            // Cranial Extraction: every card with the name in the player's
            // graveyard, hand and library is removed from the game, then
            // the library is shuffled.
            Effect::RevealRandomFromHand { who } => {
                // The card is chosen at random (the game's seeded generator)
                // and shown to every player; it stays in the hand.
                for p in self.players_of(ctx, who) {
                    let len = self.player(p).hand.len();
                    if len == 0 {
                        // Nothing revealed: "that card's converted mana
                        // cost" is 0 (the cycle's rulings).
                        if let Some(r) = self.resolving.as_mut() {
                            r.ctx.chosen = None;
                        }
                        continue;
                    }
                    let i = self.rng.below(len);
                    let o = self.player(p).hand[i];
                    let card = self.objects[o.slot as usize].card;
                    self.emit(Event::Revealed {
                        player: p,
                        cards: vec![card],
                    });
                    if let Some(r) = self.resolving.as_mut() {
                        r.ctx.chosen = Some(o);
                    }
                }
            }
            Effect::RemoveAllFromGraveyardHandLibrary {
                who,
                filter,
                named_as,
            } => {
                // The card of the object named as it last existed (413.2f: a
                // copy's name is the copied card's, Eradicate's ruling); a
                // card has the same name as another exactly when it is the
                // same card of the pool.
                let named = named_as
                    .as_ref()
                    .and_then(|w| self.objects_of(ctx, w).first().copied())
                    .map(|id| match (self.obj(id), self.last_known(id)) {
                        (Some(_), _) => self.chars(id).card,
                        (None, Some(l)) => l.ability_card,
                        (None, None) => self.objects[id.slot as usize].card,
                    });
                if named_as.is_some() && named.is_none() {
                    // Lobotomy with no card chosen (a hand of basic lands
                    // only): nothing is found, "then that player shuffles".
                    if *named_as == Some(tolaria_cards::ObjectRef::Chosen) {
                        for p in self.players_of(ctx, who) {
                            self.shuffle_library(p);
                        }
                    }
                    return true;
                }
                for p in self.players_of(ctx, who) {
                    let pl = self.player(p);
                    let cards: Vec<ObjId> = pl
                        .graveyard
                        .iter()
                        .chain(&pl.hand)
                        .chain(&pl.library)
                        .copied()
                        .collect();
                    for o in cards {
                        if named.is_none_or(|c| self.objects[o.slot as usize].card == c)
                            && crate::continuous::filter::matches(
                                self,
                                filter,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                        {
                            self.move_to(o, Zone::RemovedFromGame, MoveReason::Effect);
                        }
                    }
                    self.shuffle_library(p);
                }
            }
            Effect::LookAtHand { who } => {
                for whose in self.players_of(ctx, who) {
                    let cards = self
                        .player(whose)
                        .hand
                        .iter()
                        .map(|&o| self.objects[o.slot as usize].card)
                        .collect();
                    self.emit(Event::LookedAtHand {
                        player: ctx.controller,
                        whose,
                        cards,
                    });
                }
            }
            Effect::RevealTop { who } => {
                for p in self.players_of(ctx, who) {
                    let cards = self
                        .player(p)
                        .library
                        .last()
                        .map(|&o| self.objects[o.slot as usize].card)
                        .into_iter()
                        .collect();
                    self.emit(Event::Revealed { player: p, cards });
                }
            }
            Effect::PutIntoPlay {
                what,
                flipped: true,
                ..
            } => {
                // "When CARDNAME is put into a graveyard from play, return it
                // to play flipped." (Homura): the card the permanent became
                // as it was put into the graveyard (the next object of its
                // slot), if it is still there; under its owner's control.
                for o in self.objects_of(ctx, what) {
                    if let Some(now) = self.followed_to_graveyard(o) {
                        let owner = self.objects[now.slot as usize].owner;
                        self.put_into_play_flipped(now, owner, MoveReason::Effect);
                    }
                }
            }
            Effect::PutIntoPlay {
                what, under_owner, ..
            } => {
                for o in self.objects_of(ctx, what) {
                    if self.obj(o).is_some_and(|x| x.zone != Zone::InPlay) {
                        let to = if *under_owner {
                            self.objects[o.slot as usize].owner
                        } else {
                            ctx.controller
                        };
                        let new = self.put_in_play(o, to, false);
                        // "… Put a +1/+1 counter on it": later effects of the
                        // resolution refer to the permanent it became.
                        if let (Some(new), tolaria_cards::ObjectRef::Target(i)) = (new, what) {
                            if let Some(r) = self.resolving.as_mut() {
                                if let Some(t) = r.ctx.targets.get_mut(*i as usize) {
                                    *t = crate::Target::Object(new);
                                }
                            }
                        }
                    }
                }
            }
            Effect::ShuffleIntoLibrary { what } => {
                for o in self.objects_of(ctx, what) {
                    // "When [this] is put into your graveyard from play,
                    // shuffle it into your library" (Guan Yu): the card it
                    // became in the graveyard (217.1c exception 2).
                    let o = match self.obj(o) {
                        None if *what == tolaria_cards::ObjectRef::This => {
                            match self.followed_to_graveyard(o) {
                                Some(now) => now,
                                None => continue,
                            }
                        }
                        _ => o,
                    };
                    if let Some(owner) = self.obj(o).map(|x| x.owner) {
                        if self
                            .move_to(o, Zone::Library(owner), MoveReason::Effect)
                            .is_some()
                        {
                            self.shuffle_library(owner);
                        }
                    }
                }
            }
            // Living Death: every creature card of every graveyard removed
            // from the game, then every creature in play sacrificed by its
            // controller (413.2d: together), then the removed cards put
            // into play under their owners' control.
            Effect::CreatureGraveyardSwap => {
                let is_creature_card = |g: &Self, o: ObjId| {
                    tolaria_cards::db()
                        .get(g.objects[o.slot as usize].card)
                        .front()
                        .types
                        .contains(tolaria_cards::CardType::Creature)
                };
                let order: Vec<crate::PlayerId> = self.apnap_from(self.active).collect();
                let mut removed = Vec::new();
                for &p in &order {
                    let cards: Vec<ObjId> = self
                        .player(p)
                        .graveyard
                        .iter()
                        .copied()
                        .filter(|&o| is_creature_card(self, o))
                        .collect();
                    for o in cards {
                        if let Some(new) =
                            self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame)
                        {
                            removed.push(new);
                        }
                    }
                }
                let creatures: Vec<ObjId> = self
                    .in_play
                    .iter()
                    .copied()
                    .filter(|&o| {
                        self.is_present(o)
                            && crate::continuous::characteristics::compute(self, o).is_creature()
                    })
                    .collect();
                for o in creatures {
                    let owner = self.objects[o.slot as usize].owner;
                    self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
                }
                for o in removed {
                    if self.obj(o).is_some_and(|x| x.zone == Zone::RemovedFromGame) {
                        let owner = self.objects[o.slot as usize].owner;
                        self.put_in_play(o, owner, false);
                    }
                }
            }
            // The Pulses: the spell still on the stack is put into its
            // owner's hand as resolution finishes (413.2i, the buyback
            // mark of 502.16a).
            Effect::ReturnSpellToHand => {
                if self.obj(ctx.source).is_some_and(|o| o.zone == Zone::Stack) {
                    self.objects[ctx.source.slot as usize].flags |=
                        crate::state::object::flags::BOUGHT_BACK;
                }
            }
            // "Remove Arc Blade from the game with three time counters on
            // it": with suspend, it is suspended (502.59b).
            Effect::RemoveSelfWithCounters { kind, amount } => {
                if let Some(new) = self.move_to(
                    ctx.source,
                    Zone::RemovedFromGame,
                    MoveReason::RemoveFromGame,
                ) {
                    let o = &mut self.objects[new.slot as usize];
                    let amount = o.add_counters(*kind, i32::from(*amount));
                    let card = o.card;
                    self.emit(Event::CountersPut {
                        obj: new,
                        card,
                        kind: *kind,
                        amount,
                    });
                }
            }
            // 217.3: the top card of a graveyard is the last put there.
            Effect::GraveyardTopToLibraryBottom { who } => {
                for p in self.players_of(ctx, who) {
                    if let Some(&o) = self.player(p).graveyard.last() {
                        self.move_to_pos(o, Zone::Library(p), MoveReason::Effect, true);
                    }
                }
            }
            Effect::ShuffleLibrary { who } => {
                for p in self.players_of(ctx, who) {
                    self.shuffle_library(p);
                }
            }
            // Tormod's Crypt (217.7).
            Effect::RemoveGraveyard { who } => {
                for p in self.players_of(ctx, who) {
                    let cards = self.player(p).graveyard.clone();
                    for o in cards {
                        self.move_to(o, Zone::RemovedFromGame, MoveReason::Effect);
                    }
                }
            }
            Effect::ShuffleGraveyardIntoLibrary { who } => {
                for p in self.players_of(ctx, who) {
                    let cards = self.player(p).graveyard.clone();
                    for o in cards {
                        self.move_to(o, Zone::Library(p), MoveReason::Effect);
                    }
                    self.shuffle_library(p);
                }
            }
            Effect::ShuffleHandIntoLibrary {
                who,
                graveyard,
                redraw,
            } => {
                let players = self.players_of(ctx, who);
                let mut drawn = Vec::with_capacity(players.len());
                for &p in &players {
                    let mut cards = self.player(p).hand.clone();
                    drawn.push(cards.len());
                    if *graveyard {
                        cards.extend_from_slice(&self.player(p).graveyard);
                    }
                    for o in cards {
                        self.move_to(o, Zone::Library(p), MoveReason::Effect);
                    }
                    self.shuffle_library(p);
                }
                if *redraw {
                    for (&p, &n) in players.iter().zip(&drawn) {
                        for _ in 0..n {
                            self.draw(p);
                        }
                    }
                }
            }
            Effect::PutOnLibrary { what, bottom } => {
                for o in self.objects_of(ctx, what) {
                    // A permanent, or a card in a graveyard (Junktroller).
                    let there = self
                        .obj(o)
                        .is_some_and(|x| matches!(x.zone, Zone::InPlay | Zone::Graveyard(_)));
                    if there && (self.is_present(o) || !self.is_in_play(o)) {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to_pos(o, Zone::Library(owner), MoveReason::Effect, *bottom);
                    }
                }
            }
            Effect::RemoveTopCards {
                who,
                amount,
                repeat_if_same_name,
            } => {
                let n = self.amount(ctx, amount).max(0) as usize;
                for p in self.players_of(ctx, who) {
                    // "repeat this process": at most once per card in the library.
                    for _ in 0..=self.player(p).library.len() {
                        let mut names: Vec<tolaria_cards::CardId> = Vec::new();
                        for _ in 0..n {
                            let Some(top) = self.player(p).library.last().copied() else {
                                break;
                            };
                            names.push(self.objects[top.slot as usize].card);
                            self.move_to(top, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                        }
                        let same = names.iter().enumerate().any(|(i, c)| {
                            names[..i]
                                .iter()
                                .any(|d| db().get(*d).name == db().get(*c).name)
                        });
                        if !(*repeat_if_same_name && same && !names.is_empty()) {
                            break;
                        }
                    }
                }
            }
            Effect::ReturnFromGraveyardThisTurn { filter } => {
                let p = ctx.controller;
                let list: Vec<ObjId> = self
                    .player(p)
                    .graveyard
                    .iter()
                    .copied()
                    .filter(|o| {
                        self.objects[o.slot as usize].flags
                            & crate::state::object::flags::FROM_PLAY_THIS_TURN
                            != 0
                            && crate::continuous::filter::matches_card(
                                filter,
                                self.objects[o.slot as usize].card,
                            )
                    })
                    .collect();
                for o in list {
                    self.move_to(o, Zone::Hand(p), MoveReason::Effect);
                }
            }
            Effect::ReturnSelfFromGraveyard => {
                // 402.8h: only the card still in the graveyard (a new object
                // elsewhere, 217.1c); an Aura's "When enchanted Forest is put
                // into a graveyard, you may return [this] from your
                // graveyard" (Genju of the Cedars) follows the Aura from
                // play to its owner's graveyard (217.1c, the card's ruling).
                let src = match self.obj(ctx.source) {
                    Some(_) => Some(ctx.source),
                    None => self.followed_to_graveyard(ctx.source),
                };
                if let Some(src) = src {
                    if let Zone::Graveyard(owner) = self.objects[src.slot as usize].zone {
                        self.move_to(src, Zone::Hand(owner), MoveReason::Effect);
                    }
                }
            }
            Effect::TopOfGraveyardIntoPlay { filter } => {
                // 217.4: the graveyard's order is kept; its top card is the
                // last one put there.
                let p = ctx.controller;
                let top = self.player(p).graveyard.iter().rev().copied().find(|o| {
                    crate::continuous::filter::matches_card(
                        filter,
                        self.objects[o.slot as usize].card,
                    )
                });
                if let Some(o) = top {
                    let new = self.put_in_play(o, p, false);
                    // "That creature gains haste …" (Shallow Grave).
                    if let (Some(new), Some(r)) = (new, self.resolving.as_mut()) {
                        r.ctx.chosen = Some(new);
                    }
                }
            }
            Effect::PutSelfFromGraveyardOnLibrary { bottom } => {
                // 217.1c: the card the permanent became in its owner's
                // graveyard, only while it is still there.
                let src = match self.obj(ctx.source) {
                    Some(_) => Some(ctx.source),
                    None => self.followed_to_graveyard(ctx.source),
                };
                if let Some(src) = src {
                    if let Zone::Graveyard(owner) = self.objects[src.slot as usize].zone {
                        self.move_to_pos(src, Zone::Library(owner), MoveReason::Effect, *bottom);
                    }
                }
            }
            Effect::PutSelfFromGraveyardIntoPlay { tapped } => {
                // 402.8h: only the card still in the graveyard, under its
                // owner's control (the ability's controller).
                if let Some(o) = self.obj(ctx.source) {
                    if let Zone::Graveyard(owner) = o.zone {
                        self.put_in_play(ctx.source, owner, *tapped);
                    }
                }
            }
            Effect::PutSelfFromGraveyardIntoPlayAttached { to } => {
                // 402.8h, 212.4j: the card still in its owner's graveyard,
                // attached as it comes into play to a permanent it could
                // enchant; otherwise it stays where it is.
                if let Some(Zone::Graveyard(owner)) = self.obj(ctx.source).map(|o| o.zone) {
                    let host = self.objects_of(ctx, to).first().copied();
                    if let Some(host) =
                        host.filter(|&h| self.aura_could_enchant(ctx.source, h, owner))
                    {
                        if let Some(new) = self.put_in_play(ctx.source, owner, false) {
                            self.attach(new, crate::Target::Object(host));
                        }
                    }
                }
            }
            Effect::ReturnAllFromGraveyardsToHand { filter } => {
                // Every matching card of every graveyard, to its owner's hand.
                let list: Vec<ObjId> = self
                    .players
                    .iter()
                    .flat_map(|pl| pl.graveyard.iter().copied())
                    .filter(|o| {
                        crate::continuous::filter::matches_card(
                            filter,
                            self.objects[o.slot as usize].card,
                        )
                    })
                    .collect();
                for o in list {
                    let owner = self.objects[o.slot as usize].owner;
                    self.move_to(o, Zone::Hand(owner), MoveReason::Effect);
                }
            }
            // "Return all enchantment cards from your graveyard to your
            // hand" (Crystal Chimes), "Each player returns all creature
            // cards from their graveyard to play" (Twilight's Call): every
            // matching card there now, each to its owner's hand, library or
            // control (not targeted, 417.1).
            Effect::AllFromGraveyard { yours, filter, to } => {
                let list: Vec<ObjId> = self
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !*yours || *i == ctx.controller.index())
                    .flat_map(|(_, pl)| pl.graveyard.iter().copied())
                    .filter(|o| {
                        crate::continuous::filter::matches_card(
                            filter,
                            self.objects[o.slot as usize].card,
                        )
                    })
                    .collect();
                let mut shuffle = Vec::new();
                for o in list {
                    let owner = self.objects[o.slot as usize].owner;
                    match to {
                        tolaria_cards::AllGraveyardDest::Hand => {
                            self.move_to(o, Zone::Hand(owner), MoveReason::Effect);
                        }
                        tolaria_cards::AllGraveyardDest::Play { tapped } => {
                            self.put_in_play(o, owner, *tapped);
                        }
                        tolaria_cards::AllGraveyardDest::RemoveFromGame => {
                            self.move_to(o, Zone::RemovedFromGame, MoveReason::Effect);
                        }
                        tolaria_cards::AllGraveyardDest::Library => {
                            self.move_to(o, Zone::Library(owner), MoveReason::Effect);
                            if !shuffle.contains(&owner) {
                                shuffle.push(owner);
                            }
                        }
                    }
                }
                // "shuffle all creature cards from your graveyard into your
                // library" (Barishi): the library is shuffled even with none.
                if *to == tolaria_cards::AllGraveyardDest::Library && shuffle.is_empty() {
                    shuffle.push(ctx.controller);
                }
                for p in shuffle {
                    self.shuffle_library(p);
                }
            }
            Effect::ReturnOwnedToHand { filter, owner } => {
                let owners = self.players_of(ctx, owner);
                let list: Vec<ObjId> = self
                    .in_play
                    .iter()
                    .copied()
                    .filter(|&o| {
                        self.is_present(o)
                            && owners.contains(&self.objects[o.slot as usize].owner)
                            && crate::continuous::filter::matches(
                                self,
                                filter,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                    })
                    .collect();
                for o in list {
                    let owner = self.objects[o.slot as usize].owner;
                    self.move_to(o, Zone::Hand(owner), MoveReason::ReturnToHand);
                }
            }
            _ => return false,
        }
        true
    }
}

/// Does "your" / "your opponents'" / "players'" (`w`, said by a permanent
/// `controller` controls) cover player `p`?
fn whose_is(game: &Game, w: tolaria_cards::Whose, controller: PlayerId, p: PlayerId) -> bool {
    match w {
        tolaria_cards::Whose::You => p == controller,
        tolaria_cards::Whose::Opponent => game.is_opponent(controller, p),
        tolaria_cards::Whose::Each => true,
        // Only a trigger's (`Trigger::BeginningOf`).
        tolaria_cards::Whose::Chosen => false,
    }
}

impl Game {
    /// 217.2d: puts `o` on top of its owner's library (a card removed face
    /// down stays unseen, 217.7b).
    /// The cards of a [`Effect::PutOnTopInAnyOrder`] still to be put on top
    /// and who orders them: the controller, or (`by_owner`) the owner of
    /// the first cards that share an owner (cards of different owners go to
    /// different libraries, so their order is no choice: all of them then,
    /// with no one to decide).
    fn on_top_group(
        &self,
        ctx: &ResolveCtx,
        what: &tolaria_cards::ObjectRef,
        by_owner: bool,
    ) -> (Option<PlayerId>, Vec<ObjId>) {
        // The targets already put on a library are gone (new objects, 217.1c).
        let cards: Vec<ObjId> = self
            .objects_of(ctx, what)
            .into_iter()
            .filter(|&o| self.obj(o).is_some())
            .collect();
        if !by_owner {
            return (Some(ctx.controller), cards);
        }
        let owner = |o: &ObjId| self.objects[o.slot as usize].owner;
        let shared = cards
            .iter()
            .map(owner)
            .find(|w| cards.iter().filter(|o| owner(o) == *w).count() > 1);
        match shared {
            Some(w) => (
                Some(w),
                cards.into_iter().filter(|o| owner(o) == w).collect(),
            ),
            None => (None, cards),
        }
    }

    pub(super) fn put_on_owners_library(&mut self, o: ObjId) {
        let owner = self.objects[o.slot as usize].owner;
        self.move_to(o, Zone::Library(owner), MoveReason::Effect);
    }
}

/// "a creature card with converted mana cost X" (Mercadian Lift): the X of
/// the resolving ability fixed into the filter, so cards in a hand can be
/// matched against it (203.3b, 409.1b).
fn with_x(f: &ObjectFilter, x: u32) -> std::borrow::Cow<'_, ObjectFilter> {
    if !f.cmc_is_x {
        return std::borrow::Cow::Borrowed(f);
    }
    std::borrow::Cow::Owned(ObjectFilter {
        cmc_is_x: false,
        cmc_exactly: Some(x as i32),
        ..f.clone()
    })
}
