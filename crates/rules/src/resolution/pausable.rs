//! The instructions of a resolving spell or ability that may pause for a
//! player's choice (413.2c: choices made as the effect applies): copies
//! and their new targets, "unless" payments, searches, discards, coin
//! flips, branches; the rest run at once (`effect.rs`, 417).

use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Event, Game, MoveReason, PlayerId, Zone};
use tolaria_cards::DelayedEffect;
use tolaria_cards::{Effect, ObjectRef, PlayerRef};

impl Game {
    /// Runs an effect that may need a choice; returns the decision if so.
    pub(crate) fn exec_effect_pausable(
        &mut self,
        ctx: &ResolveCtx,
        e: &'static Effect,
    ) -> Option<Decision> {
        match e {
            Effect::CopySpell {
                what,
                new_targets,
                color,
            } => self.copy_spell(ctx, what, *new_targets, *color),
            Effect::ChangeTarget {
                what, from_this, ..
            } => self.change_target(ctx, what, *from_this),
            Effect::CopiesOfThis => self.storm_copies(ctx),
            Effect::CreateTokenCopies {
                who,
                amount,
                of,
                keywords,
            } => self.create_token_copies(ctx, who, amount, of, *keywords),
            Effect::DamageShield(spec) => self.create_damage_shield(ctx, spec),
            // "Name a card" (Cabal Therapy): the spell remembers the name,
            // which its filters "with that name" read.
            Effect::NameCard { nonland } => {
                let r = self.resolving.as_mut()?;
                let Some(name) = r.name_choice.take() else {
                    return Some(Decision {
                        player: ctx.controller,
                        kind: DecisionKind::NameCard { nonland: *nonland },
                    });
                };
                if let Some(o) = self.obj_mut(ctx.source) {
                    o.chosen_name = Some(name);
                }
                self.emit(Event::NamedCard {
                    player: ctx.controller,
                    name,
                });
                None
            }
            // 406.1: "add one mana of any color" (Quirion Sentinel), "Add X
            // mana in any combination of {B} and/or {R}" (Burnt Offering):
            // the colour of each mana is chosen as it resolves, one by one
            // (`ChooseManaColor`); `sub` counts the mana still to choose.
            Effect::AddManaCombination {
                who,
                amount,
                colors,
            } => {
                let player = self
                    .players_of(ctx, who)
                    .into_iter()
                    .find(|&q| !self.player(q).lost)?;
                let r = self.resolving.as_mut()?;
                if let Some(c) = r.color_choice.take() {
                    r.sub = r.sub.saturating_sub(1);
                    let kind = tolaria_cards::ManaKind::Color(c);
                    self.players[player.index()].pool.add(kind, 1);
                    self.emit(Event::ManaAdded {
                        player,
                        source: ctx.source,
                        card: ctx.source_card,
                        kind,
                        amount: 1,
                    });
                } else {
                    let n = self.amount(ctx, amount).clamp(0, i32::from(u16::MAX)) as u32;
                    self.resolving.as_mut()?.sub = n;
                }
                let left = self.resolving.as_ref()?.sub;
                (left > 0).then_some(Decision {
                    player,
                    kind: DecisionKind::ChooseManaColor {
                        colors: *colors,
                        left,
                    },
                })
            }
            // "Choose a color." (Persecute): the spell remembers the colour,
            // which its filters "of that color" read.
            Effect::ChooseColor => {
                let r = self.resolving.as_mut()?;
                let Some(color) = r.color_choice.take() else {
                    return Some(Decision {
                        player: ctx.controller,
                        kind: DecisionKind::ChooseColor,
                    });
                };
                if let Some(o) = self.obj_mut(ctx.source) {
                    o.chosen_color = Some(color);
                    o.mark_board_input();
                }
                self.emit(Event::ColorChosenForSpell {
                    player: ctx.controller,
                    color,
                });
                None
            }
            Effect::ContinuousChosenColor {
                what,
                effect,
                duration,
            } => {
                // Layer 5: the controller chooses the colour as the effect
                // is created (418.3).
                let r = self.resolving.as_mut()?;
                let Some(color) = r.color_choice.take() else {
                    return Some(Decision {
                        player: ctx.controller,
                        kind: DecisionKind::ChooseColor,
                    });
                };
                let mut effect = *effect;
                effect.set_colors = Some(tolaria_cards::ColorSet::single(color));
                self.create_continuous(ctx, what, effect, *duration);
                None
            }
            Effect::ContinuousChosen {
                what,
                effect,
                duration,
                choice,
            } => {
                // The controller chooses as the effect is created (418.3).
                let mut effect = *effect;
                let r = self.resolving.as_mut()?;
                match choice {
                    tolaria_cards::ChosenFor::ProtectionColor => {
                        let Some(color) = r.color_choice.take() else {
                            return Some(Decision {
                                player: ctx.controller,
                                kind: DecisionKind::ChooseColor,
                            });
                        };
                        effect.add_protection.insert(color);
                    }
                    tolaria_cards::ChosenFor::CreatureType
                    | tolaria_cards::ChosenFor::CreatureTypeOtherThanWall => {
                        let Some(t) = r.type_choice.take() else {
                            return Some(Decision {
                                player: ctx.controller,
                                kind: DecisionKind::ChooseCreatureType,
                            });
                        };
                        effect.set_creature_type = true;
                        effect.add_subtypes.insert(t);
                    }
                    tolaria_cards::ChosenFor::AffectedType => {
                        let Some(t) = r.type_choice.take() else {
                            return Some(Decision {
                                player: ctx.controller,
                                kind: DecisionKind::ChooseCreatureType,
                            });
                        };
                        let ObjectRef::Each(f) = what else {
                            return None;
                        };
                        let mut f = f.clone();
                        f.subtypes_any.push(t);
                        self.create_continuous(ctx, &ObjectRef::Each(f), effect, *duration);
                        return None;
                    }
                    // 212.6e: the basic land type set (Reef Shaman).
                    tolaria_cards::ChosenFor::BasicLandType => {
                        let Some(b) = r.land_types[0].and_then(|t| t.basic_land_type()) else {
                            return Some(Decision {
                                player: ctx.controller,
                                kind: DecisionKind::ChooseLandType { basic: true },
                            });
                        };
                        r.land_types = [None; 2];
                        effect.set_land_type = Some(b);
                    }
                    // 212.6e: Vision Charm: the lands of the first type
                    // chosen (locked in now, 418.3b) become the second.
                    tolaria_cards::ChosenFor::LandTypeToBasic => {
                        let Some(first) = r.land_types[0] else {
                            return Some(Decision {
                                player: ctx.controller,
                                kind: DecisionKind::ChooseLandType { basic: false },
                            });
                        };
                        let Some(b) = r.land_types[1].and_then(|t| t.basic_land_type()) else {
                            return Some(Decision {
                                player: ctx.controller,
                                kind: DecisionKind::ChooseLandType { basic: true },
                            });
                        };
                        r.land_types = [None; 2];
                        let ObjectRef::Each(f) = what else {
                            return None;
                        };
                        let mut f = f.clone();
                        f.subtypes_any.push(first);
                        effect.set_land_type = Some(b);
                        self.create_continuous(ctx, &ObjectRef::Each(f), effect, *duration);
                        return None;
                    }
                }
                self.create_continuous(ctx, what, effect, *duration);
                None
            }
            Effect::ChangeText {
                what,
                colors,
                land_types,
                duration,
            } => {
                // 418.6: the controller chooses the word to replace, then
                // the new word, as the effect is created.
                let (sub, words) = self
                    .resolving
                    .as_ref()
                    .map_or((0, [None; 2]), |r| (r.sub, r.words));
                if sub < 2 {
                    return Some(Decision {
                        player: ctx.controller,
                        kind: DecisionKind::ChooseWord {
                            replacing: words[0].filter(|_| sub == 1),
                            colors: *colors,
                            land_types: *land_types,
                        },
                    });
                }
                let (Some(from), Some(to)) = (words[0], words[1]) else {
                    return None;
                };
                let effect = tolaria_cards::LayerEffect {
                    text: Some(tolaria_cards::TextChange { from, to }),
                    ..Default::default()
                };
                self.create_continuous(ctx, what, effect, *duration);
                None
            }
            Effect::Discard {
                who,
                amount,
                random: false,
            } => {
                // 413.2d: each player in turn (APNAP order; `players_done`
                // counts the players done, `sub` the current one's discards).
                let players: Vec<PlayerId> = self
                    .apnap_from(self.active)
                    .filter(|q| self.players_of(ctx, who).contains(q))
                    .collect();
                let n = self.amount(ctx, amount).max(0) as u32;
                loop {
                    let r = self.resolving.as_ref()?;
                    let (done, sub) = (r.players_done as usize, r.sub);
                    let Some(&p) = players.get(done) else {
                        self.resolving.as_mut()?.players_done = 0;
                        return None;
                    };
                    let remaining = n.saturating_sub(sub).min(self.player(p).hand.len() as u32);
                    if remaining > 0 {
                        return Some(Decision {
                            player: p,
                            kind: DecisionKind::Discard { remaining },
                        });
                    }
                    let r = self.resolving.as_mut()?;
                    r.players_done += 1;
                    r.sub = 0;
                }
            }
            Effect::FlipCoin { who, won, lost } => {
                // 511.1: the flipping player calls heads or tails, then flips;
                // only that player wins or loses.
                let p = self
                    .players_of(ctx, who)
                    .first()
                    .copied()
                    .unwrap_or(ctx.controller);
                for _ in 0..64 {
                    let outcome = self.resolving.as_ref().and_then(|r| r.flip.outcome);
                    let win = match outcome {
                        Some(w) => w,
                        None => match self.called_flip(p)? {
                            Ok(w) => w,
                            Err(d) => return Some(d),
                        },
                    };
                    if let Some(d) = self.run_inner(ctx, if win { won } else { lost }) {
                        return Some(d);
                    }
                    let r = self.resolving.as_mut()?;
                    r.flip.outcome = None;
                    // "… decides whether to flip again" (Game of Chaos).
                    if !std::mem::take(&mut r.flip.repeat) {
                        break;
                    }
                }
                None
            }
            Effect::PlaySubgame => {
                // 506.3: the subgame is created now and begins once this
                // effect's work is done (`run_resolution` stops there).
                self.begin_subgame();
                None
            }
            Effect::WishFromOutside { filter } => {
                // "You may reveal a [filter] card you own from outside the game".
                let r = self.resolving.as_ref()?;
                if r.sub > 0 {
                    return None;
                }
                let p = ctx.controller;
                let mut options = Vec::new();
                self.wish_options(p, filter, &mut options);
                (!options.is_empty()).then_some(Decision {
                    player: p,
                    kind: DecisionKind::ChooseOutside,
                })
            }
            // "Target opponent may draw a card.": that player answers.
            Effect::PlayerMay { who, effects } => {
                match self.resolving.as_ref()?.paid {
                    None => {
                        // 600.4: a player who has left the game answers
                        // nothing; nothing happens.
                        let p = self
                            .players_of(ctx, who)
                            .into_iter()
                            .find(|&q| !self.player(q).lost)?;
                        return Some(Decision {
                            player: p,
                            kind: DecisionKind::MayAbility,
                        });
                    }
                    Some(true) => {
                        for e in effects {
                            self.exec_effect(ctx, e);
                        }
                    }
                    Some(false) => {}
                }
                self.resolving.as_mut()?.paid = None;
                None
            }
            // "Each player may …" (Rebirth): each player in APNAP order
            // (`sub`: the next one) answers; the instructions name that
            // player as "that player" (`PlayerRef::Triggering`).
            Effect::EachPlayerMay { effects } => loop {
                let players: Vec<PlayerId> = self.players_of(ctx, &PlayerRef::EachPlayer);
                let r = self.resolving.as_ref()?;
                let k = r.sub as usize;
                let Some(&p) = players.get(k) else {
                    let r = self.resolving.as_mut()?;
                    r.sub = 0;
                    r.paid = None;
                    return None;
                };
                match r.paid {
                    None if self.player(p).lost => {}
                    None => {
                        return Some(Decision {
                            player: p,
                            kind: DecisionKind::MayAbility,
                        })
                    }
                    Some(yes) => {
                        if yes {
                            let mut c = ctx.clone();
                            c.trigger.player = Some(p);
                            for e in effects {
                                self.exec_effect(&c, e);
                            }
                        }
                    }
                }
                let r = self.resolving.as_mut()?;
                r.paid = None;
                r.sub += 1;
            },
            Effect::DrawUpTo {
                who,
                max,
                life_per_less,
            } => self.draw_up_to(ctx, who, *max, *life_per_less),
            // 413.2d: each player in turn (`resolution/each_player.rs`).
            Effect::ForEachPlayer { who, may, effects } => {
                self.for_each_player(ctx, who, *may, effects)
            }
            Effect::UnlessOpponentLetsDraw { effects, times } => {
                // Development: each time, the opponents in turn order are
                // asked (`sub`: the next one) whether they let the
                // controller draw a card (`paid`); if none does, the
                // effects happen. `inner` counts the times done.
                let me = ctx.controller;
                let opponents: Vec<PlayerId> = self
                    .apnap_from(me)
                    .filter(|&q| self.opponents(me).any(|o| o == q))
                    .collect();
                loop {
                    let r = self.resolving.as_ref()?;
                    if r.inner >= u32::from(*times) {
                        let r = self.resolving.as_mut()?;
                        r.inner = 0;
                        return None;
                    }
                    match r.paid {
                        None => {
                            if let Some(&q) = opponents.get(r.sub as usize) {
                                return Some(Decision {
                                    player: q,
                                    kind: DecisionKind::MayAbility,
                                });
                            }
                            for e in effects {
                                self.exec_effect(ctx, e);
                            }
                        }
                        Some(_) => self.draw(me),
                    }
                    let r = self.resolving.as_mut()?;
                    r.inner += 1;
                    r.sub = 0;
                    r.paid = None;
                }
            }
            Effect::ShuffleFromOutside { up_to } => {
                // Research: up to N cards chosen one at a time (`sub` counts
                // them; a "no" ends the choosing), then the library is
                // shuffled.
                let p = ctx.controller;
                let r = self.resolving.as_ref()?;
                if r.sub < u32::from(*up_to) {
                    let mut options = Vec::new();
                    self.wish_options(p, &tolaria_cards::ObjectFilter::any(), &mut options);
                    if !options.is_empty() {
                        return Some(Decision {
                            player: p,
                            kind: DecisionKind::ChooseOutside,
                        });
                    }
                }
                self.shuffle_library(p);
                None
            }
            Effect::OfferFlipAgain { who } => {
                let r = self.resolving.as_mut()?;
                if std::mem::take(&mut r.flip.again_asked) {
                    // Answered: `stopped` holds a "no".
                    r.flip.repeat = !std::mem::take(&mut r.flip.stopped);
                    return None;
                }
                let p = self.players_of(ctx, who).first().copied()?;
                let r = self.resolving.as_mut()?;
                r.flip.again_asked = true;
                r.flip.asking_again = true;
                Some(Decision {
                    player: p,
                    kind: DecisionKind::FlipAgain,
                })
            }
            Effect::FlipUntilLose { may_stop } => {
                // 511.1: each flip is called; stop at the first lost flip (or
                // when the player chooses to stop, if they may).
                let p = ctx.controller;
                for _ in 0..10_000 {
                    let r = self.resolving.as_ref()?;
                    if r.flip.asking_again {
                        return Some(Decision {
                            player: p,
                            kind: DecisionKind::FlipAgain,
                        });
                    }
                    if r.flip.stopped || r.flip.lost {
                        break;
                    }
                    match self.called_flip(p)? {
                        Err(d) => return Some(d),
                        Ok(true) => {
                            if let Some(r) = self.resolving.as_mut() {
                                r.flip.outcome = None;
                                r.flip.asking_again = *may_stop;
                            }
                        }
                        Ok(false) => {
                            if let Some(r) = self.resolving.as_mut() {
                                r.flip.outcome = None;
                            }
                        }
                    }
                }
                None
            }
            Effect::NoEffectIfFlipLost => {
                if self.resolving.as_ref().is_some_and(|r| r.flip.lost) {
                    // The rest of the spell or ability does nothing.
                    self.skip_rest_of_resolution();
                }
                None
            }
            Effect::IfElse {
                condition,
                then,
                otherwise,
            } => {
                let taken = self.branch_taken(ctx, condition);
                if let Some(r) = self.resolving.as_mut() {
                    r.branch = Some(taken);
                }
                let d = self.run_inner(ctx, if taken { then } else { otherwise });
                if d.is_none() {
                    if let Some(r) = self.resolving.as_mut() {
                        r.branch = None;
                    }
                }
                d
            }
            Effect::IfFlipsWon { at_least, effects } => {
                let won = self.resolving.as_ref().map_or(0, |r| r.ctx.flips_won);
                if won >= *at_least {
                    return self.run_inner(ctx, effects);
                }
                None
            }
            Effect::FlipEach {
                who,
                on_heads,
                on_tails,
                until_all_heads,
            } => {
                // 511.2: each player flips without a call; no one wins or loses.
                let players: Vec<PlayerId> =
                    who.iter().flat_map(|w| self.players_of(ctx, w)).collect();
                if players.is_empty() {
                    return None;
                }
                // The coins are flipped at the same time: the players
                // without Krark's Thumb flip first, so a Thumb's
                // controller chooses which coin to ignore having seen
                // their results (Krark's Thumb ruling, 2004-10-04).
                let order: Vec<usize> = (0..players.len())
                    .filter(|&i| !self.has_krarks_thumb(players[i]))
                    .chain((0..players.len()).filter(|&i| self.has_krarks_thumb(players[i])))
                    .collect();
                for _ in 0..10_000 {
                    let (in_round, done) = self
                        .resolving
                        .as_ref()
                        .map_or((0, 0), |r| (r.flip.round.len(), r.flip.flipped.len()));
                    if in_round == 0 && done < players.len() {
                        let p = players[order[done]];
                        match self.coin(p) {
                            Err(d) => return Some(d),
                            Ok(heads) => {
                                self.emit(Event::CoinFlipped {
                                    player: p,
                                    call: None,
                                    heads,
                                    won: None,
                                });
                                if let Some(r) = self.resolving.as_mut() {
                                    r.flip.flipped.push(heads);
                                }
                            }
                        }
                        continue;
                    }
                    if in_round == 0 {
                        // Every coin is flipped: the results in turn order.
                        if let Some(r) = self.resolving.as_mut() {
                            let flipped = std::mem::take(&mut r.flip.flipped);
                            let mut round = vec![false; players.len()];
                            for (k, &i) in order.iter().enumerate() {
                                round[i] = flipped[k];
                            }
                            r.flip.round = round;
                        }
                    }
                    // The effects for each player's result, in turn order
                    // (they may need that player's choice: "sacrifices a creature").
                    let (applying, heads) = match self.resolving.as_ref() {
                        Some(r) => (
                            r.flip.applying as usize,
                            r.flip.round.get(r.flip.applying as usize).copied(),
                        ),
                        None => return None,
                    };
                    if let (Some(&p), Some(heads)) = (players.get(applying), heads) {
                        let mut c = ctx.clone();
                        c.flipper = Some(p);
                        if let Some(d) = self.run_inner(&c, if heads { on_heads } else { on_tails })
                        {
                            return Some(d);
                        }
                        if let Some(r) = self.resolving.as_mut() {
                            r.flip.applying += 1;
                            r.sub = 0;
                        }
                        continue;
                    }
                    let round = self
                        .resolving
                        .as_mut()
                        .map(|r| {
                            r.flip.applying = 0;
                            std::mem::take(&mut r.flip.round)
                        })
                        .unwrap_or_default();
                    if !*until_all_heads || round.iter().all(|&h| h) {
                        break;
                    }
                }
                None
            }
            Effect::CounterUnlessPays {
                what,
                generic,
                to,
                if_unpaid,
            } => {
                let paid = self.resolving.as_ref().and_then(|r| r.paid);
                // An activated ability's controller pays, or it is
                // countered (Ayesha Tanaka's kin, 414).
                if let Some(id) = self.target_ability(ctx, what) {
                    match paid {
                        Some(true) => {}
                        Some(false) => self.counter_ability(id),
                        None => {
                            return Some(Decision {
                                player: self.stack_ability(id)?.controller,
                                kind: DecisionKind::PayUnless {
                                    generic: self.amount(ctx, generic).max(0) as u32,
                                    colored: [0; 5],
                                },
                            });
                        }
                    }
                    self.resolving.as_mut()?.paid = None;
                    return None;
                }
                let &o = self.objects_of(ctx, what).first()?;
                match paid {
                    Some(true) => {}
                    Some(false) => {
                        // Power Sink: "If that player doesn't, …", while the
                        // spell (and who controls it) is still on the stack.
                        for e in if_unpaid {
                            self.exec_effect(ctx, e);
                        }
                        self.counter_spell_to(o, *to)
                    }
                    None => {
                        let on_stack = self.obj(o).is_some_and(|x| x.zone == Zone::Stack);
                        if !on_stack {
                            return None;
                        }
                        return Some(Decision {
                            player: self.objects[o.slot as usize].controller,
                            kind: DecisionKind::PayUnless {
                                generic: self.amount(ctx, generic).max(0) as u32,
                                colored: [0; 5],
                            },
                        });
                    }
                }
                self.resolving.as_mut()?.paid = None;
                None
            }
            Effect::Recover { cost } => {
                // 502.55a: only the card still in its owner's graveyard
                // (a new object elsewhere, 217.1c).
                let owner = match self.obj(ctx.source).map(|o| o.zone) {
                    Some(Zone::Graveyard(p)) => p,
                    _ => return None,
                };
                match self.resolving.as_ref().and_then(|r| r.paid) {
                    None => {
                        return Some(Decision {
                            player: owner,
                            kind: DecisionKind::PayUnless {
                                generic: cost.generic,
                                colored: cost.colored,
                            },
                        });
                    }
                    Some(true) => {
                        self.move_to(ctx.source, Zone::Hand(owner), MoveReason::Effect);
                    }
                    Some(false) => {
                        self.move_to(
                            ctx.source,
                            Zone::RemovedFromGame,
                            MoveReason::RemoveFromGame,
                        );
                    }
                }
                self.resolving.as_mut()?.paid = None;
                None
            }
            Effect::Delayed(DelayedEffect::AtNextCleanup { .. }) => {
                // 404.4, 314.3: create the delayed triggered ability.
                self.create_delayed(ctx, crate::resolution::delayed::When::NextCleanup);
                None
            }
            Effect::Delayed(DelayedEffect::AtEndOfCombat { this_turn, .. }) => {
                // 404.4: create the delayed triggered ability.
                let when = if *this_turn {
                    crate::resolution::delayed::When::EndOfCombatThisTurn
                } else {
                    crate::resolution::delayed::When::EndOfCombat
                };
                self.create_delayed(ctx, when);
                None
            }
            Effect::Delayed(DelayedEffect::AtNextEndStep { of, .. }) => {
                use crate::resolution::delayed::When;
                let when = match of {
                    tolaria_cards::EndStep::Next => When::NextEndStep,
                    tolaria_cards::EndStep::Yours => When::YourNextEndStep,
                    tolaria_cards::EndStep::ThatPlayersNextTurn => match ctx.target(0) {
                        Some(crate::Target::Player(p)) => When::NextTurnEndStep(p),
                        _ => return None,
                    },
                    // The extra turn the instruction before created: the
                    // last one added (`Effect::Turn(TurnEffect::ExtraTurn)`).
                    tolaria_cards::EndStep::ThatExtraTurn => match self.extra_turns.len() {
                        0 => return None,
                        n => When::ExtraTurnEndStep(n as u32 - 1),
                    },
                };
                self.create_delayed(ctx, when);
                None
            }
            Effect::Delayed(DelayedEffect::WhenControlLost { what, .. }) => {
                for o in self.objects_of(ctx, what) {
                    if self.is_in_play(o) {
                        self.create_delayed(ctx, crate::resolution::delayed::When::ControlLost(o));
                    }
                }
                None
            }
            Effect::Delayed(DelayedEffect::WhenDiesThisTurn { what, leaves, .. }) => {
                // 404.4: one delayed ability per object watched, if it is
                // still in play (an object that left is a new object,
                // 217.1c, and can't be put into a graveyard from play).
                for o in self.objects_of(ctx, what) {
                    if self.is_in_play(o) {
                        let when = if *leaves {
                            crate::resolution::delayed::When::Leaves(o)
                        } else {
                            crate::resolution::delayed::When::Dies(o)
                        };
                        self.create_delayed(ctx, when);
                    }
                }
                None
            }
            Effect::Delayed(DelayedEffect::AtNextUpkeep { yours, .. }) => {
                let when = if *yours {
                    crate::resolution::delayed::When::YourNextUpkeep
                } else {
                    crate::resolution::delayed::When::NextUpkeep
                };
                self.create_delayed(ctx, when);
                None
            }
            Effect::UnlessDiscard {
                filter,
                effects,
                count,
                per_counter,
                ..
            } => {
                let count = self.unless_discard_total(ctx.source, *count, *per_counter);
                if count == 0 && self.resolving.as_ref().is_some_and(|r| r.paid.is_none()) {
                    // 502.13a: no counter left (the permanent left play):
                    // nothing to discard.
                    self.resolving.as_mut()?.paid = Some(true);
                }
                let paid = self.resolving.as_ref().and_then(|r| r.paid);
                match paid {
                    Some(true) => {}
                    Some(false) => {
                        if let Some(d) = self.run_inner(ctx, effects) {
                            return Some(d);
                        }
                    }
                    None => {
                        let p = ctx.controller;
                        // Mid-payment (`sub` cards discarded of `count`) the
                        // rest is asked for; before it, enough cards to pay
                        // all of it (413.2c).
                        let done = self.resolving.as_ref().map_or(0, |r| r.sub);
                        let have = self.hand_cards_matching(p, filter).count();
                        if done > 0 || have >= count as usize {
                            return Some(Decision {
                                player: p,
                                kind: DecisionKind::DiscardUnless,
                            });
                        }
                        // Nothing to discard: the effects happen.
                        self.resolving.as_mut()?.paid = Some(false);
                        if let Some(d) = self.run_inner(ctx, effects) {
                            return Some(d);
                        }
                    }
                }
                self.resolving.as_mut()?.paid = None;
                None
            }
            Effect::UnlessPays {
                effects,
                if_paid,
                payer,
                ..
            } => self.resolve_unless_pays(ctx, effects, if_paid, payer),
            Effect::RemoveCounterElse {
                what,
                kind,
                effects,
            } => self.resolve_remove_counter_else(ctx, what, *kind, effects),
            Effect::IfControlsNone { filter, effects } => {
                // "If you can't [sacrifice one]": nothing to sacrifice.
                let p = ctx.controller;
                let any = self.controlled_by(p).any(|o| {
                    crate::continuous::filter::matches(self, filter, o, Some(ctx.source), p)
                });
                if any {
                    return None;
                }
                self.run_inner(ctx, effects)
            }
            Effect::ReturnChosen { who, filter } => {
                self.each_player_chooses(ctx, who, filter, DecisionKind::ReturnToHand)
            }
            Effect::PhaseOutExcess { who, kinds } => self.phase_out_excess(ctx, who, kinds),
            Effect::UntapUpTo { count, .. } => self.untap_up_to(ctx, *count),
            Effect::PhaseOutChosenKind { who, options } => {
                let sub = self.resolving.as_ref().map_or(0, |r| r.sub);
                let player = self.players_of(ctx, who).first().copied()?;
                if sub > 0 {
                    return None;
                }
                Some(Decision {
                    player,
                    kind: DecisionKind::ChooseKind {
                        n: options.len() as u8,
                    },
                })
            }
            Effect::ContinuousEither { what, options, .. } => {
                // The controller chooses as it resolves (Shaper Parasite,
                // Urza's Avenger).
                let sub = self.resolving.as_ref().map_or(0, |r| r.sub);
                if sub > 0 || self.objects_of(ctx, what).is_empty() {
                    return None;
                }
                Some(Decision {
                    player: ctx.controller,
                    kind: DecisionKind::ChooseKind {
                        n: u8::try_from(options.len()).unwrap_or(u8::MAX),
                    },
                })
            }
            Effect::TapOrUntap { what } => {
                let sub = self.resolving.as_ref().map_or(0, |r| r.sub);
                if sub > 0 || self.objects_of(ctx, what).is_empty() {
                    return None;
                }
                Some(Decision {
                    player: ctx.controller,
                    kind: DecisionKind::TapOrUntap,
                })
            }
            Effect::Sacrifice { who, filter } => {
                self.each_player_chooses(ctx, who, filter, DecisionKind::Sacrifice)
            }
            Effect::DownToFewest(what) => self.down_to_fewest(ctx, what),
            Effect::SacrificeAnyNumber { .. } | Effect::SacrificeOrLose { .. } => {
                self.sacrifice_any(ctx)
            }
            _ => {
                if let Some(d) = self.card_effect(ctx, e) {
                    return d;
                }
                self.exec_effect(ctx, e);
                None
            }
        }
    }
}
