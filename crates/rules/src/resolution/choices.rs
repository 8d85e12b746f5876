//! Choices made while a spell or ability resolves, or as a permanent comes
//! into play ("as [this] comes into play, choose a color / creature type /
//! card name", 419.1b), Wishes' choice of a card from outside the game, and
//! "Choose a number" (Void, 505.6's example), and a permanent another
//! player chooses for the effect ("Target opponent chooses a creature they
//! control. Destroy that creature.", Imperial Edict).

use crate::playing::splice::resolution_len;
use crate::state::progress::Flow;
use crate::{Action, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{db, Ability, Effect, StaticAbility};

/// 419.1b: does this card make this choice as it comes into play?
pub(crate) fn enters_with_choice(card: tolaria_cards::CardId, choice: StaticAbility) -> bool {
    front_static(card, |s| (*s == choice).then_some(())).is_some()
}

/// 419.1b: the first static ability of this card's front face `pick`
/// reads (the choices it makes as it comes into play).
fn front_static<T>(
    card: tolaria_cards::CardId,
    pick: impl Fn(&'static tolaria_cards::StaticAbility) -> Option<T>,
) -> Option<T> {
    db().get(card).faces[0]
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Static(s) => pick(s),
            _ => None,
        })
}

/// 419.1b: does this card name a card as it comes into play ("name a
/// card": `Some(false)`; "name a nonland card": `Some(true)`)?
pub(crate) fn names_card_as_it_enters(card: tolaria_cards::CardId) -> Option<bool> {
    front_static(card, |s| match s {
        StaticAbility::AsComesIntoPlayNameCard { nonland } => Some(*nonland),
        _ => None,
    })
}

/// 419.1b: does this card choose a colour as it comes into play?
pub(crate) fn chooses_color_as_it_enters(card: tolaria_cards::CardId) -> bool {
    front_static(card, |s| {
        matches!(s, StaticAbility::AsComesIntoPlayChooseColor).then_some(())
    })
    .is_some()
}

/// 419.1b, 504.8: the powers and toughnesses this card chooses among as it
/// comes into play, and whether also as it is turned face up (Aquamorph
/// Entity).
pub(crate) fn pt_choice_of(card: tolaria_cards::CardId) -> Option<(&'static [(i32, i32)], bool)> {
    front_static(card, |s| match s {
        StaticAbility::AsComesIntoPlayChoosePowerToughness { options, face_up } => {
            Some((options.as_slice(), *face_up))
        }
        _ => None,
    })
}

/// 419.1b: the largest number this card chooses as it comes into play
/// (Shapeshifter: 0 to 7).
pub(crate) fn number_choice_of(card: tolaria_cards::CardId) -> Option<u8> {
    front_static(card, |s| match s {
        StaticAbility::AsComesIntoPlayChooseNumber { max } => Some(*max),
        _ => None,
    })
}

/// 419.1b: the forms this card chooses among as it comes into play
/// (Primal Clay).
pub(crate) fn form_choice_of(
    card: tolaria_cards::CardId,
) -> Option<&'static [tolaria_cards::EnteringForm]> {
    front_static(card, |s| match s {
        StaticAbility::AsComesIntoPlayChooseForm(forms) => Some(forms.as_slice()),
        _ => None,
    })
}

/// 419.1b: the decision that asks for one of the forms ("3/3", "2/2
/// flying", "1/6 Wall defender"), answered with `apply N`.
pub(crate) fn form_decision(
    player: PlayerId,
    card: tolaria_cards::CardId,
    forms: &[tolaria_cards::EnteringForm],
) -> crate::Decision {
    crate::Decision {
        player,
        kind: crate::DecisionKind::ChooseOption {
            prompt: format!(
                "{player} chooses the form {} comes into play as",
                db().get(card).name
            ),
            options: forms
                .iter()
                .map(|f| {
                    let mut s = format!("{}/{}", f.power, f.toughness);
                    for t in &f.subtypes {
                        s.push(' ');
                        s.push_str(&t.name());
                    }
                    for k in f.keywords.iter() {
                        s.push(' ');
                        s.push_str(k.name());
                    }
                    s
                })
                .collect(),
        },
    }
}

/// 419.1b, 504.8: the decision that asks for one of `options` ("5/1",
/// "1/5"), answered with `apply N`.
pub(crate) fn pt_decision(
    player: PlayerId,
    card: tolaria_cards::CardId,
    options: &[(i32, i32)],
) -> crate::Decision {
    crate::Decision {
        player,
        kind: crate::DecisionKind::ChooseOption {
            prompt: format!(
                "{player} chooses {}'s power and toughness",
                db().get(card).name
            ),
            options: options.iter().map(|(p, t)| format!("{p}/{t}")).collect(),
        },
    }
}

/// The card a resolving permanent spell comes into play as: the card
/// chosen to copy (503), else its own.
pub(crate) fn entering_card(
    game: &Game,
    r: &crate::state::progress::Resolving,
) -> tolaria_cards::CardId {
    r.copy_choice
        .flatten()
        .filter(|&o| game.is_present(o))
        .map_or(r.ctx.source_card, |o| game.copiable_values(o).card)
}

impl Game {
    /// The rest of the resolving spell or ability does nothing (a "you
    /// may" declined, a coin flip lost before "if you lose, nothing
    /// happens"): its instruction counter moves past the last one.
    pub(crate) fn skip_rest_of_resolution(&mut self) {
        let len = self
            .resolving
            .as_deref()
            .map_or(0, |r| resolution_len(self, &r.item));
        if let Some(r) = self.resolving.as_mut() {
            r.pc = len;
        }
    }

    /// 503: the answer to "you may choose a creature to copy".
    pub(crate) fn on_copy_choice(&mut self, action: Action) {
        let choice = match action {
            Action::ChooseObject(o) => Some(o),
            _ => None,
        };
        if let Some(r) = self.resolving.as_mut() {
            r.copy_choice = Some(choice);
        }
        self.finish_resolution();
    }

    /// 419.1b: is the pending `ChooseOption` decision the power and
    /// toughness of a permanent coming into play (or being turned face up,
    /// 504.8), rather than a replacement effect's option?
    pub(crate) fn pt_choice_pending(&self) -> bool {
        self.face_up_choice.is_some() || self.resolving.as_deref().is_some_and(|r| r.pt_asked)
    }

    /// 419.1b, 504.8: the power and toughness chosen.
    pub(crate) fn on_pt_choice(&mut self, action: Action) {
        let Action::ChooseReplacement(i) = action else {
            return;
        };
        if self.face_up_choice.is_some() {
            self.on_face_up_pt_choice(i);
            return;
        }
        if let Some(r) = self.resolving.as_mut() {
            r.pt_asked = false;
            r.pt_choice = Some(i);
        }
        self.finish_resolution();
    }

    /// 419.1b: the choices made as `new` came into play ("choose a color",
    /// "a creature type", "name a card"), remembered by it (503.8).
    pub(crate) fn record_entering_choice(
        &mut self,
        new: ObjId,
        color: Option<tolaria_cards::Color>,
        subtype: Option<tolaria_cards::Subtype>,
        name: Option<tolaria_cards::CardName>,
    ) {
        let card = self.objects[new.slot as usize].card;
        if let Some(color) = color {
            self.objects[new.slot as usize].chosen_color = Some(color);
            self.objects[new.slot as usize].mark_board_input();
            self.emit(Event::ColorChosen {
                obj: new,
                card,
                color,
            });
        }
        if let Some(subtype) = subtype {
            self.objects[new.slot as usize].chosen_type = Some(subtype);
            self.emit(Event::CreatureTypeChosen {
                obj: new,
                card,
                subtype,
            });
        }
        if let Some(name) = name {
            self.objects[new.slot as usize].chosen_name = Some(name);
            self.emit(Event::CardNamed {
                obj: new,
                card,
                name,
            });
        }
    }

    /// 419.1b: the colour chosen as the permanent comes into play.
    pub(crate) fn on_color_choice(&mut self, action: Action) {
        let in_effect = self.choice_in_effect();
        if let (Some(r), Action::ChooseColor(c)) = (self.resolving.as_mut(), action) {
            r.color_choice = Some(c);
        }
        // A colour chosen for an effect ("becomes the color of your
        // choice") resumes it; otherwise the permanent is coming into play
        // (419.1b).
        self.resume_after_choice(in_effect);
    }

    /// Whether the resolution's pending choice belongs to one of its
    /// effects (rather than to the permanent coming into play, 419.1b).
    fn choice_in_effect(&self) -> bool {
        self.resolving
            .as_deref()
            .is_some_and(|r| r.pc < resolution_len(self, &r.item))
    }

    /// Goes on after a choice: the effect that asked, or the permanent's
    /// coming into play.
    fn resume_after_choice(&mut self, in_effect: bool) {
        if in_effect {
            self.run_resolution();
        } else {
            self.finish_resolution();
        }
    }

    /// 419.1b: the creature type chosen as the permanent comes into play.
    pub(crate) fn on_type_choice(&mut self, action: Action) {
        let in_effect = self.choice_in_effect();
        if let (Some(r), Action::ChooseCreatureType(t)) = (self.resolving.as_mut(), action) {
            r.type_choice = Some(t);
        }
        // A type chosen for an effect ("becomes the creature type of your
        // choice") resumes it; otherwise the permanent is coming into play.
        self.resume_after_choice(in_effect);
    }

    /// 212.6c: a land type chosen as an effect is created (the first free
    /// slot: Vision Charm chooses two) or as a permanent comes into play.
    pub(crate) fn on_land_type_choice(&mut self, action: Action) {
        let in_effect = self.choice_in_effect();
        if let (Some(r), Action::ChooseLandType(t)) = (self.resolving.as_mut(), action) {
            let i = usize::from(r.land_types[0].is_some());
            r.land_types[i] = Some(t);
        }
        self.resume_after_choice(in_effect);
    }

    /// 419.1b: the card named as the permanent comes into play.
    pub(crate) fn on_name_choice(&mut self, action: Action) {
        let in_effect = self.choice_in_effect();
        if let (Some(r), Action::NameCard(n)) = (self.resolving.as_mut(), action) {
            r.name_choice = Some(n);
        }
        // A name chosen by an instruction ("Name a card.") resumes it;
        // otherwise the permanent is coming into play (419.1b).
        self.resume_after_choice(in_effect);
    }

    /// 418.6: a word chosen for a text-changing effect.
    pub(crate) fn on_word_choice(&mut self, action: Action) {
        if let (Some(r), Action::ChooseWord(w)) = (self.resolving.as_mut(), action) {
            let i = (r.sub as usize).min(1);
            r.words[i] = Some(w);
            r.sub += 1;
        }
        self.run_resolution();
    }

    /// Answers a choice made during resolution (or a cleanup discard).
    pub(crate) fn on_resolution_choice(&mut self, p: PlayerId, action: Action) {
        if self.resolving.is_none() {
            // 314.1: cleanup discard.
            if let Action::ChooseObject(card) = action {
                self.discard(card);
            }
            self.flow = Flow::CleanupDiscard;
            return;
        }
        match action {
            Action::CallHeads | Action::CallTails => {
                // 511.1: the call, made before the coin is flipped.
                if let Some(r) = self.resolving.as_mut() {
                    r.flip.call = Some(action == Action::CallHeads);
                }
            }
            // "You may pay {X}" (Decree of Justice): the X to pay, which
            // the instructions after it read.
            // "may draw up to N cards" (Truce): how many, not the X.
            Action::ChooseX(x) => {
                let draw = matches!(self.current_effect(), Some(Effect::DrawUpTo { .. }));
                if let Some(r) = self.resolving.as_mut() {
                    r.pay_x = Some(x);
                    if !draw {
                        r.ctx.x = x;
                    }
                }
            }
            Action::KeepCoin(heads) => {
                // 419.1 (Krark's Thumb): the result kept.
                if let Some(r) = self.resolving.as_mut() {
                    r.flip.kept = Some(heads);
                }
            }
            // 410.5: the "you may" of an optional ability is asked before
            // any of its effects, so a yes or no now answers it, not an
            // effect's own question (Complicate's "you may counter target
            // spell unless its controller pays {1}").
            Action::Yes if self.resolving.as_ref().is_some_and(|r| r.ctx.optional) => {
                if let Some(r) = self.resolving.as_mut() {
                    r.ctx.optional = false;
                }
            }
            Action::No if self.resolving.as_ref().is_some_and(|r| r.ctx.optional) => {
                self.skip_rest_of_resolution();
            }
            Action::ActivateMana {
                source,
                index,
                kind,
            } => {
                // 411: mana abilities while asked to pay (CounterUnlessPays);
                // the resolution goes on once the mana is made.
                self.play_mana_ability(
                    p,
                    source,
                    index,
                    kind,
                    crate::playing::mana_choice_cost::ManaThen::Resolution,
                );
                return;
            }
            // "You may have that player shuffle." (Portent).
            Action::Yes | Action::No
                if matches!(
                    self.current_effect(),
                    Some(Effect::LookAtTop {
                        may_shuffle: true,
                        ..
                    })
                ) =>
            {
                if let Some(ctx) = self.resolving.as_ref().map(|r| r.ctx.clone()) {
                    self.on_may_shuffle(&ctx, action == Action::Yes);
                }
            }
            Action::Yes | Action::No
                if matches!(
                    self.current_effect(),
                    Some(Effect::CounterUnlessPays { .. } | Effect::Recover { .. })
                ) =>
            {
                let (generic, colored) = match self.current_effect() {
                    Some(Effect::CounterUnlessPays { generic, .. }) => {
                        let n = match self.resolving.as_ref().map(|r| r.ctx.clone()) {
                            Some(ctx) => self.amount(&ctx, generic).max(0) as u32,
                            None => 0,
                        };
                        (n, [0u8; 5])
                    }
                    Some(Effect::Recover { cost }) => (cost.generic, cost.colored),
                    _ => (0, [0u8; 5]),
                };
                if action == Action::Yes {
                    // Coloured mana for the coloured symbols, then generic
                    // mana, colourless first.
                    let pool = &mut self.players[p.index()].pool;
                    for (i, &n) in colored.iter().enumerate() {
                        pool.0[i] -= (n as u16).min(pool.0[i]);
                    }
                    let mut left = generic;
                    for i in [5usize, 0, 1, 2, 3, 4] {
                        let take = left.min(pool.0[i] as u32);
                        left -= take;
                        pool.0[i] -= take as u16;
                    }
                    self.emit(Event::PaidUnless {
                        player: p,
                        amount: generic + colored.iter().map(|&n| n as u32).sum::<u32>(),
                    });
                }
                if let Some(r) = self.resolving.as_mut() {
                    r.paid = Some(action == Action::Yes);
                }
            }
            // "Each player may search their library …": the answer of the
            // player whose turn it is to follow the instructions (413.2d).
            Action::Yes | Action::No
                if matches!(
                    self.current_effect(),
                    Some(Effect::ForEachPlayer { may: true, .. })
                ) =>
            {
                self.on_each_player_may(action == Action::Yes);
            }
            // "Target opponent may draw a card": that player's answer.
            Action::Yes | Action::No
                if matches!(
                    self.current_effect(),
                    Some(Effect::PlayerMay { .. } | Effect::EachPlayerMay { .. })
                ) =>
            {
                if let Some(r) = self.resolving.as_mut() {
                    r.paid = Some(action == Action::Yes);
                }
            }
            // Development: an opponent lets the controller draw a card
            // (yes), or passes the question to the next opponent (no).
            Action::Yes | Action::No
                if matches!(
                    self.current_effect(),
                    Some(Effect::UnlessOpponentLetsDraw { .. })
                ) =>
            {
                if let Some(r) = self.resolving.as_mut() {
                    if action == Action::Yes {
                        r.paid = Some(true);
                    } else {
                        r.sub += 1;
                    }
                }
            }
            Action::Yes | Action::No
                if matches!(self.current_effect(), Some(Effect::UnlessPays { .. }))
                    && self.resolving.as_ref().is_some_and(|r| r.paid.is_none()) =>
            {
                // 413.2c: pay the cost, or let the effects happen.
                self.on_pay_or_else(p, action == Action::Yes);
            }
            Action::ChooseMode(0)
                if matches!(self.current_effect(), Some(Effect::UnlessPays { .. }))
                    && self.resolving.as_ref().is_some_and(|r| r.paid.is_none()) =>
            {
                // "{1} or 1 life" (Erosion): the life paid instead.
                self.on_pay_life_instead(p);
            }
            Action::Yes
                if matches!(
                    self.current_effect(),
                    Some(Effect::UnlessDiscard {
                        at_random: true,
                        ..
                    })
                ) =>
            {
                // "… unless you discard a card at random" (Balduvian
                // Horde): the card is chosen at random from the hand.
                let len = self.player(p).hand.len();
                if len > 0 {
                    let i = self.rng.below(len);
                    let card = self.player(p).hand[i];
                    self.discard(card);
                }
                if let Some(r) = self.resolving.as_mut() {
                    r.paid = Some(true);
                }
            }
            Action::No if matches!(self.current_effect(), Some(Effect::UnlessDiscard { .. })) => {
                // Declined to discard: the effects happen.
                if let Some(r) = self.resolving.as_mut() {
                    r.paid = Some(false);
                }
            }
            Action::ChooseMode(i)
                if matches!(self.current_effect(), Some(Effect::ContinuousEither { .. })) =>
            {
                // "gets +2/-2 or -2/+2": the option chosen applies.
                if let (
                    Some(Effect::ContinuousEither {
                        what,
                        options,
                        duration,
                    }),
                    Some(r),
                ) = (self.current_effect(), self.resolving.as_deref())
                {
                    let ctx = r.ctx.clone();
                    if let Some(e) = options.get(i as usize) {
                        self.create_continuous(&ctx, what, *e, *duration);
                    }
                }
                if let Some(r) = self.resolving.as_mut() {
                    r.sub = 1;
                }
            }
            Action::ChooseMode(i)
                if matches!(
                    self.current_effect(),
                    Some(Effect::PhaseOutChosenKind { .. })
                ) =>
            {
                // 502.15: every nontoken permanent of the kind chosen
                // phases out (Teferi's Realm), the set fixed first.
                if let (Some(Effect::PhaseOutChosenKind { options, .. }), Some(r)) =
                    (self.current_effect(), self.resolving.as_deref())
                {
                    let ctx = r.ctx.clone();
                    if let Some(f) = options.get(i as usize) {
                        let going: Vec<ObjId> = self
                            .in_play
                            .iter()
                            .copied()
                            .filter(|&o| {
                                self.is_present(o)
                                    && !self.objects[o.slot as usize].token
                                    && crate::continuous::filter::matches(
                                        self,
                                        f,
                                        o,
                                        Some(ctx.source),
                                        ctx.controller,
                                    )
                            })
                            .collect();
                        for o in going {
                            self.phase_out(o);
                        }
                    }
                }
                if let Some(r) = self.resolving.as_mut() {
                    r.sub = 1;
                }
            }
            Action::No | Action::ChooseMode(_)
                if matches!(self.current_effect(), Some(Effect::TapOrUntap { .. })) =>
            {
                if let (Some(Effect::TapOrUntap { what }), Some(r)) =
                    (self.current_effect(), self.resolving.as_deref())
                {
                    let ctx = r.ctx.clone();
                    for o in self.objects_of(&ctx, what) {
                        match action {
                            Action::ChooseMode(0) => self.tap(o),
                            Action::ChooseMode(_) => self.untap(o),
                            _ => {}
                        }
                    }
                }
                if let Some(r) = self.resolving.as_mut() {
                    r.sub = 1;
                }
            }
            Action::Yes | Action::No
                if self.resolving.as_ref().is_some_and(|r| r.flip.asking_again) =>
            {
                // "or choose to stop flipping" (Fiery Gambit).
                if let Some(r) = self.resolving.as_mut() {
                    r.flip.asking_again = false;
                    r.flip.stopped = action == Action::No;
                }
            }
            Action::Yes => {
                if let Some(r) = self.resolving.as_mut() {
                    r.ctx.optional = false;
                }
            }
            Action::Done if matches!(self.current_effect(), Some(Effect::UntapUpTo { .. })) => {
                self.untap_up_to_done();
            }
            Action::Done
                if matches!(
                    self.current_effect(),
                    Some(Effect::SacrificeAnyNumber { .. })
                ) =>
            {
                self.sacrifice_any_done();
            }
            Action::No => {
                // Skip every effect.
                self.skip_rest_of_resolution();
            }
            Action::ChooseObject(o)
                if matches!(self.current_effect(), Some(Effect::UnlessPays { .. })) =>
            {
                // A permanent sacrificed (or returned) as the cost is paid.
                self.on_unless_permanent(o);
            }
            Action::ChooseObject(o)
                if matches!(
                    self.current_effect(),
                    Some(
                        Effect::DownToFewest(_)
                            | Effect::SacrificeAnyNumber { .. }
                            | Effect::SacrificeOrLose { .. }
                    )
                ) =>
            {
                // Balance: one more chosen; the same effect asks again.
                self.on_down_to_fewest(o);
            }
            Action::ChooseObject(o) => {
                let mut chosen = None;
                match self.current_effect() {
                    Some(Effect::Discard { .. }) => {
                        chosen = self.discard_card(o);
                        self.discarded_this_way(chosen);
                    }
                    Some(&Effect::UnlessDiscard {
                        count, per_counter, ..
                    }) => {
                        let source = self.resolving.as_deref().map(|r| r.ctx.source);
                        let count =
                            source.map_or(1, |s| self.unless_discard_total(s, count, per_counter));
                        self.discard(o);
                        // All the cards discarded: paid (`sub` counts them,
                        // one more below).
                        if let Some(r) = self.resolving.as_mut() {
                            if r.sub + 1 >= count {
                                r.paid = Some(true);
                            }
                        }
                    }
                    Some(Effect::ReturnChosen { .. }) => {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Hand(owner), MoveReason::ReturnToHand);
                    }
                    // 502.15: chosen now, phased out with the others chosen.
                    Some(Effect::PhaseOutExcess { .. } | Effect::UntapUpTo { .. }) => {
                        if let Some(r) = self.resolving.as_mut() {
                            r.cards.chosen.push(o);
                        }
                    }
                    Some(Effect::Sacrifice { .. }) => {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
                        chosen = Some(o);
                    }
                    _ => {}
                }
                if let Some(r) = self.resolving.as_mut() {
                    r.sub += 1;
                    // `ObjectRef::Chosen`: "that card", "that permanent".
                    if chosen.is_some() {
                        r.ctx.chosen = chosen;
                    }
                }
                let _ = p;
                // Continue the same effect (it may need more choices).
                self.run_resolution();
                return;
            }
            _ => {}
        }
        self.run_resolution();
    }

    /// A Wish's choice (217.1e): a card from outside the game, or none.
    pub(crate) fn on_wish_choice(&mut self, p: PlayerId, action: Action) {
        // Research shuffles the cards into the library; a Wish puts the
        // card into the hand.
        let research = matches!(
            self.current_effect(),
            Some(Effect::ShuffleFromOutside { .. })
        );
        let to = if research {
            Zone::Library(p)
        } else {
            Zone::Hand(p)
        };
        match action {
            Action::ChooseOutside(i) => {
                let outside = &mut self.players[p.index()].outside;
                if (i as usize) < outside.len() {
                    let card = outside.remove(i as usize);
                    let id = self.create_card(card, p, to);
                    self.note_brought_from_outside(id);
                    self.emit(Event::FromOutsideTheGame {
                        player: p,
                        card,
                        removed: false,
                        into_library: research,
                    });
                }
            }
            Action::ChooseFromMainGame(o) => self.bring_from_main_game(p, o, to),
            Action::ChooseObject(o) => {
                let card = self.objects[o.slot as usize].card;
                if self.move_to(o, to, MoveReason::Effect).is_some() {
                    self.emit(Event::FromOutsideTheGame {
                        player: p,
                        card,
                        removed: true,
                        into_library: research,
                    });
                }
            }
            // Research: no more cards (the library is shuffled next).
            Action::No if research => {
                if let Some(r) = self.resolving.as_mut() {
                    r.sub = u32::MAX - 1;
                }
            }
            _ => {}
        }
        if let Some(r) = self.resolving.as_mut() {
            r.sub += 1;
        }
        self.run_resolution();
    }
}

impl Game {
    /// "Choose a number." (Void): the controller chooses as the spell
    /// resolves (the Void ruling: no player acts between the choice and the
    /// rest of the spell); the number becomes the resolution's X, which
    /// "converted mana cost equal to that number" reads. Asked through the
    /// effect's replay (a `ChooseOption` decision answered `apply N`:
    /// option N is the number N - 1, from 0 to `CHOSEN_NUMBER_MAX`).
    /// Shapeshifter's upkeep: "choose a number between 0 and `max`"; the
    /// source remembers it (`Object::chosen_number`) if still in play.
    pub(crate) fn choose_number_for_this(
        &mut self,
        ctx: &crate::state::stack::ResolveCtx,
        max: u8,
    ) {
        let options: Vec<String> = (0..=max).map(|n| n.to_string()).collect();
        let source = db().get(ctx.source_card).name.clone();
        let i = self.replay_choice(
            ctx.controller,
            crate::DecisionKind::ChooseOption {
                prompt: format!("{} chooses a number for {source}", ctx.controller),
                options,
            },
            usize::from(max) + 1,
        );
        let number = (i as u8).min(max);
        self.emit(Event::NumberChosen {
            player: ctx.controller,
            number: u32::from(number),
        });
        if self.is_in_play(ctx.source) {
            self.objects[ctx.source.slot as usize].chosen_number = Some(number);
            self.board.valid = false;
        }
    }

    pub(crate) fn choose_number(&mut self, ctx: &crate::state::stack::ResolveCtx) {
        let max = tolaria_cards::CHOSEN_NUMBER_MAX;
        let options: Vec<String> = (0..=max)
            .map(|n| {
                if n == max {
                    format!("{n} (a number no card's converted mana cost equals)")
                } else {
                    n.to_string()
                }
            })
            .collect();
        let n = options.len();
        let source = db().get(ctx.source_card).name.clone();
        let i = self.replay_choice(
            ctx.controller,
            crate::DecisionKind::ChooseOption {
                prompt: format!("{} chooses a number for {source}", ctx.controller),
                options,
            },
            n,
        );
        let number = (i as u32).min(max);
        self.emit(Event::NumberChosen {
            player: ctx.controller,
            number,
        });
        if let Some(r) = self.resolving.as_mut() {
            r.ctx.x = number;
        }
    }
}

impl Game {
    /// `Effect::ChoosePermanent`: the player chooses one of their
    /// permanents matching `filter` (`CardChoice::Permanent`); with none,
    /// nothing is chosen and "that creature" is nothing.
    pub(super) fn choose_permanent_step(
        &mut self,
        ctx: &crate::state::stack::ResolveCtx,
        who: &tolaria_cards::PlayerRef,
        filter: &tolaria_cards::ObjectFilter,
    ) -> Option<crate::Decision> {
        if self.cards_state().done > 0 {
            return None;
        }
        let p = self.players_of(ctx, who).first().copied();
        let any = p.is_some_and(|p| !self.permanent_options(ctx, p, filter).is_empty());
        if let (true, Some(p)) = (any, p) {
            return Some(crate::Decision {
                player: p,
                kind: crate::DecisionKind::ChooseCard {
                    choice: super::library::CardChoice::Permanent,
                    optional: false,
                },
            });
        }
        if let Some(r) = self.resolving.as_mut() {
            r.ctx.chosen = None;
        }
        None
    }

    /// The permanents `p` controls matching `filter` ("a creature they
    /// control").
    pub(crate) fn permanent_options(
        &self,
        ctx: &crate::state::stack::ResolveCtx,
        p: PlayerId,
        filter: &tolaria_cards::ObjectFilter,
    ) -> Vec<ObjId> {
        self.controlled_by(p)
            .filter(|&o| crate::continuous::filter::matches(self, filter, o, Some(ctx.source), p))
            .collect()
    }
}
