//! One-shot effects (417): carrying out each instruction of a resolving
//! spell or ability that needs no choice (those that may pause for one are
//! in `pausable.rs`; the counters and continuous effects they leave are in
//! `lasting.rs`).

use crate::continuous::source::SourceInfo;
use crate::state::stack::ResolveCtx;
use crate::{Event, Game, MoveReason, ObjId, PlayerId, Target, Zone};
use tolaria_cards::{CombatEffect, DelayedEffect, TurnEffect};
use tolaria_cards::{Duration, Effect, ObjectRef, Recipient};

impl Game {
    /// Marks the objects `what` names with an effect that lasts until the
    /// turn ends (`Object::this_turn`; cleared in the cleanup step, 314.2).
    /// 217.1c (2): for "[this]" in an ability that triggered as its source
    /// went to a graveyard, the card it became there; any other object as
    /// named.
    fn this_where_it_went(&self, what: &ObjectRef, o: crate::ObjId) -> crate::ObjId {
        match what {
            ObjectRef::This => self.followed_to_graveyard(o).unwrap_or(o),
            _ => o,
        }
    }

    fn mark_this_turn(&mut self, ctx: &ResolveCtx, what: &ObjectRef, bit: u8) {
        for o in self.objects_of(ctx, what) {
            if let Some(obj) = self.obj_mut(o) {
                obj.this_turn |= bit;
            }
        }
    }

    /// Runs one effect that needs no choice (417).
    pub(crate) fn exec_effect(&mut self, ctx: &ResolveCtx, e: &Effect) {
        match e {
            // The colour is chosen on resolution (exec_effect_pausable).
            Effect::ContinuousChosenColor { .. } | Effect::ContinuousChosen { .. } => {}
            // 503.10, 415.7: these ask for targets (exec_effect_pausable).
            Effect::CopySpell { .. } | Effect::ChangeTarget { .. } | Effect::CopiesOfThis => {}
            // A choice per card (`card_effect`).
            Effect::ReturnUpToFromGraveyard { .. } => {}
            // Nested in another instruction: a source "of your choice"
            // can't be asked there, so such a shield isn't made.
            Effect::DamageShield(spec) => {
                let _ = self.create_damage_shield(ctx, spec);
            }
            // The name is chosen on resolution (exec_effect_pausable).
            Effect::NameCard { .. } | Effect::ChooseColor => {}
            // 503.1 nested in another instruction: a copy whose "as [this]
            // comes into play" choice would have to be asked isn't made
            // (at the top of a resolution, exec_effect_pausable asks).
            Effect::CreateTokenCopies {
                who,
                amount,
                of,
                keywords,
            } => {
                let _ = self.create_token_copies(ctx, who, amount, of, *keywords);
            }
            Effect::ShufflePermanentsAndRedeal => self.shuffle_permanents_and_redeal(ctx),
            Effect::ChooseNumber => self.choose_number(ctx),
            Effect::ChooseNumberForThis { max } => self.choose_number_for_this(ctx, *max),
            // Laquatus's Champion: the target player, remembered by the
            // source for its leaves-play ability (`PlayerRef::Linked`).
            Effect::LinkTargetPlayer(i) => {
                if let Some(Target::Player(p)) = ctx.target(*i) {
                    if let Some(o) = self.obj_mut(ctx.source) {
                        o.chosen_player = Some(p);
                    }
                }
            }
            Effect::Combat(CombatEffect::ChooseDefendingPlayer) => {
                self.choose_defending_reference(ctx)
            }
            // "Target player can't play lands / creature spells this turn."
            Effect::CantPlayThisTurn { who, lands, spells } => {
                for player in self.players_of(ctx, who) {
                    self.play_bans.push(crate::state::game::PlayBan {
                        player,
                        lands: *lands,
                        spells: spells.clone(),
                    });
                }
            }
            // "That creature deals damage equal to its power to …"
            // (Backlash): the named object in play is the damage's source.
            Effect::DealsDamageFrom { source, amount, to } => {
                let n = self.amount(ctx, amount).max(0) as u32;
                let recipients = self.damage_recipients(ctx, to);
                for s in self.objects_of(ctx, source) {
                    if !self.is_in_play(s) {
                        continue;
                    }
                    let o = &self.objects[s.slot as usize];
                    let (card, controller) = (o.card, o.controller);
                    let src = SourceInfo::of(self, s, controller);
                    for &t in &recipients {
                        self.deal_damage(s, card, &src, t, n, false);
                    }
                }
            }
            Effect::DealsDamageToItself { what } => {
                // Each power read before any damage is dealt.
                let each: Vec<(ObjId, u32)> = self
                    .objects_of(ctx, what)
                    .into_iter()
                    .filter(|&o| self.is_in_play(o))
                    .map(|o| (o, self.chars(o).power.max(0) as u32))
                    .collect();
                for (o, n) in each {
                    let obj = &self.objects[o.slot as usize];
                    let (card, controller) = (obj.card, obj.controller);
                    let src = SourceInfo::of(self, o, controller);
                    self.deal_damage(o, card, &src, Target::Object(o), n, false);
                }
            }
            Effect::DealDamage { amount, to } => {
                let n = self.amount(ctx, amount).max(0) as u32;
                let src = SourceInfo::of(self, ctx.source, ctx.controller);
                let recipients = self.damage_recipients(ctx, to);
                if matches!(amount, tolaria_cards::Amount::HalfTheirLifeRoundedDown)
                    || reads_discards_by_them(amount)
                {
                    // An amount of each player's own (Heartless
                    // Hidetsugu), all read before any damage is dealt.
                    let each: Vec<(Target, u32)> = recipients
                        .into_iter()
                        .map(|t| match t {
                            Target::Player(p) => (t, self.amount_for(ctx, amount, p).max(0) as u32),
                            _ => (t, n),
                        })
                        .collect();
                    for (t, n) in each {
                        self.deal_damage(ctx.source, ctx.source_card, &src, t, n, false);
                    }
                    return;
                }
                for t in recipients {
                    self.deal_damage(ctx.source, ctx.source_card, &src, t, n, false);
                }
            }
            Effect::DealDamageDivided { from, .. } => {
                // 409.1e, 413.2f: the shares announced as it was played;
                // an illegal target's share isn't dealt (413.2a).
                let src = SourceInfo::of(self, ctx.source, ctx.controller);
                for (k, &n) in ctx.division.iter().enumerate() {
                    let Some(t) = ctx.target(*from + k as u8) else {
                        continue;
                    };
                    self.deal_damage(ctx.source, ctx.source_card, &src, t, n, false);
                }
            }
            Effect::EmptyManaPool { who } => {
                for p in self.players_of(ctx, who) {
                    let amount = self.players[p.index()].pool.total();
                    if amount > 0 {
                        self.players[p.index()].pool.clear();
                        self.emit(Event::ManaPoolEmptied { player: p, amount });
                    }
                }
            }
            Effect::DealDamageEvenly { amount, from } => {
                // Fireball's rulings: divided among the targets still legal
                // as it resolves (413.2a), rounded down.
                let src = SourceInfo::of(self, ctx.source, ctx.controller);
                let legal: Vec<Target> = (*from..ctx.targets.len() as u8)
                    .filter_map(|k| ctx.target(k))
                    .collect();
                if legal.is_empty() {
                    return;
                }
                let n = self.amount(ctx, amount).max(0) as u32 / legal.len() as u32;
                for t in legal {
                    self.deal_damage(ctx.source, ctx.source_card, &src, t, n, false);
                }
            }
            Effect::PutCountersDivided { kind, from, .. } => {
                // 409.1e: each legal target's share (413.2a).
                for (k, &n) in ctx.division.iter().enumerate() {
                    let what = ObjectRef::Target(*from + k as u8);
                    self.change_counters(ctx, &what, *kind, n as i32);
                }
            }
            Effect::PreventDamageDivided { from, .. } => {
                // 409.1e, 419.7b: a shield of each legal target's share.
                for (k, &n) in ctx.division.iter().enumerate() {
                    if let Some(t) = ctx.target(*from + k as u8) {
                        self.shields
                            .push(crate::continuous::replacement::Shield::next(t, n));
                    }
                }
            }
            Effect::GainLife { who, amount } => {
                for p in self.players_of(ctx, who) {
                    let n = self.amount_for(ctx, amount, p).max(0) as u32;
                    self.gain_life(p, n);
                }
            }
            // 419.1a: until the turn ends (`Game::exile_if_dies`).
            Effect::ExileIfDiesThisTurn(what) => {
                let objs = match what {
                    Some(o) => self.objects_of(ctx, o),
                    None => ctx.damaged.clone(),
                };
                for o in objs {
                    if self.is_in_play(o) && !self.exile_if_dies.iter().any(|(x, _)| *x == o) {
                        self.exile_if_dies.push((o, ctx.source_card));
                    }
                }
            }
            Effect::LoseLife { who, amount } => {
                for p in self.players_of(ctx, who) {
                    let n = self.amount_for(ctx, amount, p).max(0) as u32;
                    self.lose_life(p, n);
                    // `Amount::LifeLostThisWay`.
                    if let Some(r) = self.resolving.as_mut() {
                        r.ctx.life_lost = r.ctx.life_lost.saturating_add(n);
                    }
                }
            }
            Effect::GivePoison { who, amount } => {
                for p in self.players_of(ctx, who) {
                    let n = self.amount_for(ctx, amount, p).max(0) as u32;
                    self.give_poison(p, n);
                }
            }
            // 606.9b–c: the players' new totals together (`set_life_totals`).
            Effect::LifeTotalBecomes { who, amount } => {
                let set: Vec<(PlayerId, i32)> = self
                    .players_of(ctx, who)
                    .into_iter()
                    .map(|p| (p, self.amount_for(ctx, amount, p)))
                    .collect();
                self.set_life_totals(&set);
            }
            // Glossary, Exchange: each gains or loses the difference to
            // the other's previous total (life gain and loss, so
            // replacement effects and triggers see them).
            Effect::ExchangeLifeTotals { a, b } => {
                let (a, b) = (self.players_of(ctx, a), self.players_of(ctx, b));
                if let (&[a], &[b]) = (a.as_slice(), b.as_slice()) {
                    let (la, lb) = (self.life(a), self.life(b));
                    for (p, d) in [
                        (a, i64::from(lb) - i64::from(la)),
                        (b, i64::from(la) - i64::from(lb)),
                    ] {
                        let n = u32::try_from(d.unsigned_abs()).unwrap_or(u32::MAX);
                        if d > 0 {
                            self.gain_life(p, n);
                        } else if d < 0 {
                            self.lose_life(p, n);
                        }
                    }
                }
            }
            Effect::DrawCards { who, amount } => {
                let n = self.amount(ctx, amount).max(0);
                for p in self.players_of(ctx, who) {
                    for _ in 0..n {
                        self.draw(p);
                    }
                }
            }
            Effect::Discard {
                who,
                amount,
                random: true,
            } => {
                let n = self.amount(ctx, amount).max(0);
                for p in self.players_of(ctx, who) {
                    for _ in 0..n {
                        let len = self.player(p).hand.len();
                        if len == 0 {
                            break;
                        }
                        let i = self.rng.below(len);
                        let card = self.player(p).hand[i];
                        // `ObjectRef::Chosen`: "that card".
                        let moved = self.discard_card(card);
                        self.discarded_this_way(moved);
                        if let Some(r) = self.resolving.as_mut() {
                            r.ctx.chosen = moved;
                        }
                    }
                }
            }
            Effect::Discard { .. }
            | Effect::Sacrifice { .. }
            | Effect::DownToFewest(_)
            | Effect::SacrificeAnyNumber { .. }
            | Effect::SacrificeOrLose { .. } => {
                // Choices are handled by exec_effect_pausable.
            }
            Effect::Destroy { what, no_regen } => {
                let mut put = 0;
                for o in self.objects_of(ctx, what) {
                    if self.is_present(o) && self.destroy(o, *no_regen, MoveReason::Destroy) {
                        put += 1;
                    }
                }
                // `Amount::DestroyedThisWay`.
                if let Some(r) = self.resolving.as_mut() {
                    r.ctx.destroyed += put;
                }
            }
            Effect::Haunt => self.haunt(ctx),
            Effect::RemoveFromGame { what } => {
                for o in self.objects_of(ctx, what) {
                    // 217.1c (2): "When Cyclopean Mummy is put into a
                    // graveyard from play, remove it from the game".
                    let o = self.this_where_it_went(what, o);
                    if self.obj(o).is_some() {
                        let moved =
                            self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                        if let Some(card) = moved {
                            self.link_removal(ctx, card);
                        }
                        // "that card" (`ObjectRef::Chosen`, Astral Slide):
                        // the card removed, unless a choice came first.
                        if let (ObjectRef::Target(_) | ObjectRef::This, Some(r)) =
                            (what, self.resolving.as_mut())
                        {
                            if r.ctx.chosen.is_none() {
                                r.ctx.chosen = moved;
                            }
                        }
                    }
                }
            }
            Effect::ReturnToHand { what } => {
                for o in self.objects_of(ctx, what) {
                    // "When Rancor is put into a graveyard from play, return
                    // Rancor to its owner's hand".
                    let o = self.this_where_it_went(what, o);
                    if self.obj(o).is_some() {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Hand(owner), MoveReason::ReturnToHand);
                    }
                }
            }
            Effect::Tap { what } => {
                for o in self.objects_of(ctx, what) {
                    self.tap(o);
                }
            }
            Effect::TurnFaceUp { what } => {
                for o in self.objects_of(ctx, what) {
                    let in_play = self.obj(o).is_some_and(|x| x.zone == Zone::InPlay);
                    if in_play && self.objects[o.slot as usize].is_face_down() {
                        let p = self.objects[o.slot as usize].controller;
                        self.turn_face_up(p, o);
                    }
                }
            }
            Effect::TurnFaceDown { what } => {
                for o in self.objects_of(ctx, what) {
                    self.turn_face_down(o);
                }
            }
            Effect::Flip { what } => {
                // 508: only a permanent in play flips (510.5).
                for o in self.objects_of(ctx, what) {
                    self.flip(o);
                }
            }
            Effect::IfElse {
                condition,
                then,
                otherwise,
            } => {
                for e in self.branch(ctx, condition, then, otherwise) {
                    self.exec_effect(ctx, e);
                }
            }
            Effect::IfTopCardIs {
                who,
                filter,
                then,
                otherwise,
            } => {
                let top = self
                    .players_of(ctx, who)
                    .first()
                    .and_then(|&p| self.player(p).library.last().copied());
                let is = top.is_some_and(|o| {
                    crate::continuous::filter::matches_card(
                        filter,
                        self.objects[o.slot as usize].card,
                    )
                });
                for e in if is { then } else { otherwise } {
                    self.exec_effect(ctx, e);
                }
            }
            Effect::IfCondition { condition, effects } => {
                if crate::continuous::condition::holds_on_resolution(self, ctx, condition) {
                    for e in effects {
                        self.exec_effect(ctx, e);
                    }
                }
            }
            Effect::BecomeCopy {
                what,
                gains_this_ability,
                keeps_color,
            } => self.become_copy(ctx, what, *gains_this_ability, *keeps_color),
            Effect::PhaseOut { what } => {
                for o in self.objects_of(ctx, what) {
                    self.phase_out(o);
                }
            }
            Effect::PhaseOutUntilSourceLeaves { what, tap } => {
                // Nothing happens once the source has left play (the
                // duration would already be over).
                if self.is_in_play(ctx.source) {
                    for o in self.objects_of(ctx, what) {
                        self.phase_out_held(o, ctx.source, *tap);
                    }
                }
            }
            Effect::CantPhaseOutUntilYourNextUpkeep { what } => {
                for o in self.objects_of(ctx, what) {
                    if self.is_in_play(o) {
                        self.cant_phase_out.push((o, ctx.controller));
                    }
                }
            }
            Effect::PhaseInAndOut {
                phase_in,
                phase_out,
            } => self.phase_in_and_out(ctx, phase_in, phase_out),
            Effect::Untap { what } => {
                for o in self.objects_of(ctx, what) {
                    self.untap(o);
                }
            }
            Effect::Combat(CombatEffect::PutSelfIntoPlayAttacking) => self.ninjutsu_into_play(ctx),
            // 500.1: a block requirement for this turn (Rampant Elephant,
            // `Game::must_block`) or, 502.29a, for this combat against an
            // attacker (provoke); obeyed as far as possible (500.4,
            // `turn/blocks.rs`).
            Effect::Combat(CombatEffect::BlocksThisTurnIfAble { blocker, attacker })
            | Effect::Combat(CombatEffect::BlocksThisCombatIfAble { blocker, attacker }) => {
                let this_turn =
                    matches!(e, Effect::Combat(CombatEffect::BlocksThisTurnIfAble { .. }));
                for b in self.objects_of(ctx, blocker) {
                    for a in self.objects_of(ctx, attacker) {
                        let applies = if this_turn {
                            self.is_in_play(b) && self.is_in_play(a)
                        } else {
                            self.is_present(b) && self.combat.is_attacking(a)
                        };
                        if !applies {
                            continue;
                        }
                        if this_turn {
                            self.must_block.push((b, a));
                        } else {
                            self.combat.provoked.push((b, a));
                        }
                        let (bc, ac) = (
                            self.objects[b.slot as usize].card,
                            self.objects[a.slot as usize].card,
                        );
                        self.emit(Event::MustBlock {
                            blocker_card: bc,
                            attacker_card: ac,
                        });
                    }
                }
            }
            Effect::Continuous {
                what,
                effect,
                duration,
            } => self.create_continuous(ctx, what, *effect, *duration),
            // Channel, Guardian Angel (mechanics/granted.rs).
            Effect::LifeForManaThisTurn => {
                self.grant_action(ctx, crate::state::game::GrantedKind::LifeForMana)
            }
            Effect::PayToPreventThisTurn { to, generic } => {
                if let tolaria_cards::Recipient::Target(i) = to {
                    if let Some(target) = ctx.target(*i) {
                        let kind = crate::state::game::GrantedKind::PreventForMana {
                            target,
                            generic: *generic,
                        };
                        self.grant_action(ctx, kind);
                    }
                }
            }
            // A Licid becomes an Aura (mechanics/licid.rs).
            Effect::BecomeAuraUntilPaid { .. } => self.become_aura_until_paid(ctx),
            // Chooses words first (see `exec_effect_pausable`).
            Effect::ChangeText { .. } => {}
            Effect::UnlessDiscard { .. }
            | Effect::UnlessPays { .. }
            | Effect::RemoveCounterElse { .. }
            | Effect::CounterUnlessPays { .. }
            | Effect::Recover { .. }
            | Effect::Delayed(DelayedEffect::AtEndOfCombat { .. })
            | Effect::Delayed(DelayedEffect::AtNextUpkeep { .. })
            | Effect::Delayed(DelayedEffect::AtNextEndStep { .. })
            | Effect::Delayed(DelayedEffect::AtNextCleanup { .. })
            | Effect::Delayed(DelayedEffect::WhenDiesThisTurn { .. })
            | Effect::Delayed(DelayedEffect::WhenControlLost { .. })
            | Effect::IfControlsNone { .. }
            | Effect::ReturnChosen { .. }
            | Effect::TapOrUntap { .. }
            | Effect::ContinuousEither { .. }
            | Effect::PhaseOutChosenKind { .. }
            | Effect::PhaseOutExcess { .. }
            | Effect::UntapUpTo { .. } => {
                // Choices are handled by exec_effect_pausable.
            }
            // Only inside a triggered mana ability, which knows what the
            // triggering ability produced (`triggered_mana_abilities`).
            Effect::AddManaProduced { .. } | Effect::AddManaCombination { .. } => {}
            Effect::AddManaAmount { who, kind, amount } => {
                // 406.1: that much mana of one kind (a pool holds at most
                // u16::MAX of a kind).
                for p in self.players_of(ctx, who) {
                    let n = self.amount_for(ctx, amount, p).clamp(0, u16::MAX as i32) as u32;
                    if n == 0 {
                        continue;
                    }
                    self.players[p.index()].pool.add(*kind, n as u16);
                    self.emit(Event::ManaAdded {
                        player: p,
                        source: ctx.source,
                        card: ctx.source_card,
                        kind: *kind,
                        amount: n,
                    });
                }
            }
            Effect::AddMana { who, mana } => {
                // 406.1: mana added to the player's pool.
                for p in self.players_of(ctx, who) {
                    for &k in mana {
                        self.players[p.index()].pool.add(k, 1);
                        self.emit(Event::ManaAdded {
                            player: p,
                            source: ctx.source,
                            card: ctx.source_card,
                            kind: k,
                            amount: 1,
                        });
                    }
                }
            }
            // 212.6b: Summer Bloom.
            Effect::AdditionalLandPlays(n) => {
                let pl = &mut self.players[ctx.controller.index()];
                pl.extra_land_plays = pl.extra_land_plays.saturating_add(*n);
            }
            Effect::YourGraveyardThisTurn(rule) => {
                let pl = &mut self.players[ctx.controller.index()];
                match rule {
                    tolaria_cards::GraveyardTurnRule::PlayCards => {
                        pl.graveyard_plays = Some(ctx.source_card);
                    }
                    tolaria_cards::GraveyardTurnRule::CardsRemovedInstead => {
                        pl.graveyard_removal = Some(ctx.source_card);
                    }
                }
            }
            Effect::SpellsCantBeCounteredThisTurn => {
                self.uncounterable_spells_of |= 1 << ctx.controller.index().min(15);
            }
            Effect::Combat(CombatEffect::CantBlockThisThisTurn { what }) => {
                for o in self.objects_of(ctx, what) {
                    self.cant_block_pairs.push((o, ctx.source));
                }
            }
            Effect::PumpPerCount {
                what,
                power,
                toughness,
                count,
            } => {
                let n = self.amount(ctx, count).max(0);
                let effect = tolaria_cards::LayerEffect {
                    power: power * n,
                    toughness: toughness * n,
                    ..Default::default()
                };
                self.create_continuous(ctx, what, effect, Duration::EndOfTurn);
            }
            Effect::Combat(CombatEffect::CantBeBlockedThisCombat { what }) => {
                // Only a creature in combat now; the list ends with it (311.2).
                for o in self.objects_of(ctx, what) {
                    if self.is_in_play(o) && !self.combat.unblockable.contains(&o) {
                        self.combat.unblockable.push(o);
                    }
                }
            }
            Effect::Combat(CombatEffect::CantBeBlockedThisTurn { what }) => {
                self.mark_this_turn(ctx, what, crate::state::object::this_turn::UNBLOCKABLE)
            }
            Effect::Combat(CombatEffect::BlockRuleThisTurn { what, rule }) => {
                for o in self.objects_of(ctx, what) {
                    if self.is_in_play(o) {
                        self.block_rules_this_turn.push((
                            o,
                            ctx.source,
                            ctx.controller,
                            rule.clone(),
                        ));
                    }
                }
            }
            Effect::Combat(CombatEffect::MenaceThisTurn { what }) => {
                self.mark_this_turn(ctx, what, crate::state::object::this_turn::MENACE)
            }
            Effect::Combat(CombatEffect::CantBlockThisTurn { what }) => {
                self.mark_this_turn(ctx, what, crate::state::object::this_turn::CANT_BLOCK)
            }
            Effect::Combat(CombatEffect::CantAttackNextTurn { what }) => {
                for o in self.objects_of(ctx, what) {
                    if let Some(obj) = self.obj_mut(o) {
                        obj.flags |= crate::state::object::flags::NO_ATTACK_NEXT_TURN;
                    }
                }
            }
            Effect::Combat(CombatEffect::CantAttackThisTurn { what }) => {
                self.mark_this_turn(ctx, what, crate::state::object::this_turn::CANT_ATTACK)
            }
            Effect::Combat(CombatEffect::AttacksThisTurnIfAble { what }) => {
                self.mark_this_turn(ctx, what, crate::state::object::this_turn::ATTACKS)
            }
            Effect::Combat(CombatEffect::AttacksDespiteDefenderThisTurn { what }) => match what {
                // A group: a rule for the turn (Wakestone Gargoyle's ruling).
                ObjectRef::Each(f) => self.defender_attack_rules.push((ctx.controller, f.clone())),
                _ => self.mark_this_turn(
                    ctx,
                    what,
                    crate::state::object::this_turn::ATTACKS_DESPITE_DEFENDER,
                ),
            },
            Effect::Combat(CombatEffect::CanBlockAdditionalThisTurn { what, any_number }) => {
                for o in self.objects_of(ctx, what) {
                    if let Some(obj) = self.obj_mut(o) {
                        obj.extra_blocks_this_turn = match obj.extra_blocks_this_turn {
                            _ if *any_number => u8::MAX,
                            u8::MAX => u8::MAX,
                            // Saturates below "any number".
                            n => (n + 1).min(u8::MAX - 1),
                        };
                    }
                }
            }
            // 500.1: Provoke's, Blaze of Glory's requirement for the turn.
            Effect::Combat(CombatEffect::BlocksAnyThisTurnIfAble { what, each }) => {
                for b in self.objects_of(ctx, what) {
                    if self.is_in_play(b) && !self.blocks_if_able.contains(&(b, *each)) {
                        self.blocks_if_able.push((b, *each));
                    }
                }
            }
            Effect::Combat(CombatEffect::MustBeBlockedThisTurn { what }) => {
                self.mark_this_turn(ctx, what, crate::state::object::this_turn::LURE)
            }
            Effect::Counter { what, to } => {
                if let Some(id) = self.target_ability(ctx, what) {
                    self.counter_ability(id);
                }
                for o in self.objects_of(ctx, what) {
                    self.counter_spell_to(o, *to);
                }
            }
            // Pyramids: one shield per object (`Game::destroy`).
            Effect::DestructionShieldThisTurn { what } => {
                for o in self.objects_of(ctx, what) {
                    if self.is_present(o) {
                        self.destruction_shields.push(o);
                    }
                }
            }
            Effect::Regenerate { what } => {
                for o in self.objects_of(ctx, what) {
                    if let Some(obj) = self.obj_mut(o) {
                        obj.regen_shields = obj.regen_shields.saturating_add(1);
                    }
                }
            }
            Effect::PutCounters { what, kind, amount } => {
                let n = self.amount(ctx, amount).max(0);
                self.change_counters(ctx, what, *kind, n);
            }
            Effect::MoveCounter { from, to, kind } => {
                // 502.54a: a counter moves only if there is one to move and
                // somewhere in play to move it to.
                let src = self.objects_of(ctx, from).first().copied();
                let dst = self.objects_of(ctx, to).first().copied();
                if let (Some(src), Some(dst)) = (src, dst) {
                    let has = self
                        .obj(src)
                        .is_some_and(|o| o.counters_of(*kind) > 0 && self.is_in_play(src));
                    if has && self.is_in_play(dst) && src != dst {
                        self.change_counters(ctx, from, *kind, -1);
                        self.change_counters(ctx, to, *kind, 1);
                    }
                }
            }
            Effect::PlaySuspended => {
                // 502.59a: "if it's removed from the game": the card is
                // played once this ability has finished resolving.
                if self
                    .obj(ctx.source)
                    .is_some_and(|o| o.zone == Zone::RemovedFromGame)
                {
                    if let Some(r) = self.resolving.as_mut() {
                        r.play_after = Some(ctx.source);
                    }
                }
            }
            Effect::PlayMadness => {
                // 502.24a: played once this ability has finished resolving.
                if let Some(r) = self.resolving.as_mut() {
                    r.play_after = Some(ctx.source);
                    r.madness = true;
                }
            }
            Effect::RemoveCounters { what, kind, amount } => {
                // 416.3: as many as there are (Goblin Bomb ruling: nothing
                // happens if there is no fuse counter to remove).
                let n = self.amount(ctx, amount).max(0);
                self.change_counters(ctx, what, *kind, -n);
            }
            Effect::CreateTokens { who, amount, token } => {
                // 216: tokens come into play under the player's control; that player owns them.
                let Some(mut src) =
                    crate::state::object::TokenSource::find(self.token_text_card(ctx), e)
                else {
                    return;
                };
                // 216.2: "an X/X token, where X is …": X is taken now.
                if let Some(x) = &token.pt_x {
                    src.x = self.amount(ctx, x);
                }
                let n = self.amount(ctx, amount).max(0);
                let mut created: Option<crate::state::stack::Created> = None;
                for p in self.players_of(ctx, who) {
                    // 600.4b: no token is created for a player who left the game.
                    if self.player(p).left_game {
                        continue;
                    }
                    for _ in 0..n {
                        // The arena's limit (state/limits.rs): no more
                        // objects than an `ObjId` slot can name.
                        if self.objects.len() >= crate::state::limits::MAX_OBJECTS {
                            break;
                        }
                        // 200.4a: owned by the controller of the effect,
                        // controlled by the player putting it into play.
                        let id = self.create_token_for(ctx.controller, p, src);
                        crate::state::stack::Created::note(&mut created, id);
                        self.emit(Event::TokenCreated {
                            obj: id,
                            player: p,
                            copy_of: None,
                        });
                    }
                }
                // `ObjectRef::Created`: "destroy it", "sacrifice them".
                if let (Some(c), Some(r)) = (created, self.resolving.as_mut()) {
                    r.ctx.created = Some(c);
                }
            }
            Effect::PreventNextDamage { to, amount } => {
                let n = self.amount(ctx, amount).max(0) as u32;
                match to {
                    Recipient::Target(i) => {
                        if let Some(t) = ctx.target(*i) {
                            self.shields
                                .push(crate::continuous::replacement::Shield::next(t, n));
                        }
                    }
                    // 419.7d: a shield for each creature, given as the
                    // ability resolves (Wojek Apothecary).
                    Recipient::TargetAndEachSharingColor(i) => {
                        for t in self.radiance(ctx, *i) {
                            self.shields
                                .push(crate::continuous::replacement::Shield::next(t, n));
                        }
                    }
                    _ => {}
                }
            }
            Effect::PreventAllDamageThisTurn { to } => {
                // A shield as large as any damage: it prevents all of it
                // until the shields end in the cleanup step (314.2).
                if let Recipient::Target(i) = to {
                    if let Some(t) = ctx.target(*i) {
                        self.shields
                            .push(crate::continuous::replacement::Shield::next(t, u32::MAX));
                    }
                }
            }
            // Camouflage: the declare blockers step of this turn uses piles.
            Effect::Combat(CombatEffect::BlockByPiles) => self.camouflage = true,
            Effect::PreventAllCombatDamage => {
                self.prevent_combat_damage = true;
                self.prevent_combat_damage_by |= 1 << ctx.controller.0;
            }
            Effect::GiveControl {
                who,
                what,
                duration,
            } => {
                // Layer 2: the named player becomes the effect's controller.
                for p in self.players_of(ctx, who) {
                    let mut as_p = ctx.clone();
                    as_p.controller = p;
                    let effect = tolaria_cards::LayerEffect {
                        gain_control: true,
                        ..Default::default()
                    };
                    self.create_continuous(&as_p, what, effect, *duration);
                }
            }
            Effect::PumpX {
                what,
                power,
                toughness,
                x,
            } => {
                // 413.2f: X is fixed as the effect is created.
                let x = self.amount(ctx, x);
                let effect = tolaria_cards::LayerEffect::pump(
                    power * x,
                    toughness * x,
                    tolaria_cards::KeywordSet::EMPTY,
                );
                self.create_continuous(ctx, what, effect, Duration::EndOfTurn);
            }
            Effect::RedirectUnblockedDamageToThis => {
                self.redirect_rules
                    .push(crate::continuous::replacement::RedirectRule {
                        card: ctx.source_card,
                        player: ctx.controller,
                        to: ctx.source,
                        from_object: None,
                    })
            }
            Effect::ExchangeControl { a, b } => {
                // Glossary, Exchange: each player gains control of the
                // permanent the other controlled, at once; with either one
                // gone (or both under one controller), nothing happens.
                let (Some(&oa), Some(&ob)) = (
                    self.objects_of(ctx, a).first(),
                    self.objects_of(ctx, b).first(),
                ) else {
                    return;
                };
                if !self.is_in_play(oa) || !self.is_in_play(ob) {
                    return;
                }
                let (ca, cb) = (self.chars(oa).controller, self.chars(ob).controller);
                if ca == cb {
                    return;
                }
                let control = tolaria_cards::LayerEffect {
                    gain_control: true,
                    ..Default::default()
                };
                for (what, to) in [(a, cb), (b, ca)] {
                    let mut c = ctx.clone();
                    c.controller = to;
                    self.create_continuous(&c, what, control, Duration::Permanent);
                }
            }
            Effect::RedirectDamageToThisTo { what } => {
                // 419.6c: until the cleanup step (314.2); the permanent that
                // would be dealt the damage is the ability's source.
                if let Some(&to) = self.objects_of(ctx, what).first() {
                    if self.is_in_play(ctx.source) {
                        self.redirect_rules
                            .push(crate::continuous::replacement::RedirectRule {
                                card: ctx.source_card,
                                player: ctx.controller,
                                to,
                                from_object: Some(ctx.source),
                            })
                    }
                }
            }
            Effect::Delayed(DelayedEffect::NextDrawFromOutsideThisTurn) => {
                self.draw_rules
                    .push(crate::continuous::draw_replacement::DrawRule {
                        card: ctx.source_card,
                        controller: ctx.controller,
                        player: ctx.controller,
                        from_outside: true,
                        from_removed: None,
                        instead: None,
                        look_at_top: None,
                    });
            }
            // Mangara's Tome: the pile its source removed (217.7d).
            Effect::Delayed(DelayedEffect::NextDrawFromRemovedPileThisTurn) => {
                self.draw_rules
                    .push(crate::continuous::draw_replacement::DrawRule {
                        card: ctx.source_card,
                        controller: ctx.controller,
                        player: ctx.controller,
                        from_outside: false,
                        from_removed: Some(ctx.source),
                        instead: None,
                        look_at_top: None,
                    });
            }
            // The Words: the instructions, with this ability's context.
            Effect::Delayed(DelayedEffect::NextDrawInstead { effects }) => {
                self.draw_rules
                    .push(crate::continuous::draw_replacement::DrawRule {
                        card: ctx.source_card,
                        controller: ctx.controller,
                        player: ctx.controller,
                        from_outside: false,
                        from_removed: None,
                        instead: Some((ctx.clone(), effects.clone())),
                        look_at_top: None,
                    });
            }
            // Aladdin's Lamp: X as announced.
            Effect::Delayed(DelayedEffect::NextDrawLookAtTopX) => {
                self.draw_rules
                    .push(crate::continuous::draw_replacement::DrawRule {
                        card: ctx.source_card,
                        controller: ctx.controller,
                        player: ctx.controller,
                        from_outside: false,
                        from_removed: None,
                        instead: None,
                        look_at_top: Some(ctx.x),
                    });
            }
            Effect::Delayed(DelayedEffect::DrawsInsteadThisTurn { who }) => {
                for p in self.players_of(ctx, who) {
                    self.draw_rules
                        .push(crate::continuous::draw_replacement::DrawRule {
                            card: ctx.source_card,
                            controller: ctx.controller,
                            player: p,
                            from_outside: false,
                            from_removed: None,
                            instead: None,
                            look_at_top: None,
                        });
                }
            }
            Effect::PreventDamageBySources {
                sources,
                to_players_only,
                combat_only,
            } => {
                self.damage_prevention_rules
                    .push(crate::continuous::replacement::PreventionRule {
                        card: ctx.source_card,
                        controller: ctx.controller,
                        sources: sources.clone(),
                        to_players_only: *to_players_only,
                        combat_only: *combat_only,
                    })
            }
            Effect::Attach { what, to } => {
                // 502.33: attach an Equipment to a creature (it stays in
                // play); "Attach CARDNAME to target creature" moves an
                // Equipment or an Aura only where it could be attached
                // (212.2h, 212.4k).
                let target = self
                    .objects_of(ctx, to)
                    .into_iter()
                    .find(|&o| self.is_present(o));
                for o in self.objects_of(ctx, what) {
                    if let (Some(t), true) = (target, self.is_present(o)) {
                        if t != o && self.could_attach(o, t) {
                            self.attach(o, Target::Object(t));
                        }
                    }
                }
            }
            Effect::Turn(TurnEffect::ControlNextTurn { who }) => {
                for p in self.players_of(ctx, who) {
                    // 507.1a: the last effect created is the one that works.
                    let replaced = self
                        .turn_control_next
                        .iter()
                        .position(|e| e.0 == p)
                        .map(|i| self.turn_control_next.remove(i).1);
                    self.turn_control_next.push((p, ctx.controller));
                    self.emit(Event::TurnControlCreated {
                        player: p,
                        controller: ctx.controller,
                        replaced,
                    });
                }
            }
            Effect::Turn(TurnEffect::SkipNextTurn { who }) => {
                // 419.6f: two skip effects skip the next two turns.
                let players = self.one_per_team(self.players_of(ctx, who));
                for p in players {
                    let pl = self.player_mut(p);
                    pl.turns_to_skip = pl.turns_to_skip.saturating_add(1);
                }
            }
            Effect::Turn(TurnEffect::SkipNextCombatPhase { who }) => {
                // 419.6f: each skip effect skips one more combat phase.
                for p in self.players_of(ctx, who) {
                    let pl = self.player_mut(p);
                    pl.combat_phases_to_skip = pl.combat_phases_to_skip.saturating_add(1);
                }
            }
            Effect::Turn(TurnEffect::SkipCombatPhasesNextTurn { who }) => {
                // 419.6e: the player's next turn has no combat phase.
                for p in self.players_of(ctx, who) {
                    self.player_mut(p).skip_combats_next_turn = true;
                }
            }
            Effect::Turn(TurnEffect::SkipNextUntapStep { who }) => {
                // 419.6f: each skip effect skips one more untap step.
                for p in self.players_of(ctx, who) {
                    let pl = self.player_mut(p);
                    pl.untap_steps_to_skip = pl.untap_steps_to_skip.saturating_add(1);
                }
            }
            Effect::Turn(TurnEffect::DoesntUntapNext { what, yours }) => {
                // 302.2: a hold for each object still in play.
                let player = yours.then_some(ctx.controller);
                for obj in self.objects_of(ctx, what) {
                    if self.is_present(obj) {
                        self.untap_holds
                            .push(crate::turn::untap_rules::UntapHold::Object { obj, player });
                    }
                }
            }
            Effect::Turn(TurnEffect::DoesntUntapWhileSourceTapped { what }) => {
                // 302.2, 418.3d: a hold while the source stays tapped.
                for obj in self.objects_of(ctx, what) {
                    if self.is_present(obj) {
                        self.untap_holds.push(
                            crate::turn::untap_rules::UntapHold::WhileSourceTapped {
                                obj,
                                source: ctx.source,
                            },
                        );
                    }
                }
            }
            Effect::Turn(TurnEffect::PermanentsDontUntapNext { who, filter }) => {
                for player in self.players_of(ctx, who) {
                    self.untap_holds
                        .push(crate::turn::untap_rules::UntapHold::Player {
                            player,
                            filter: filter.clone(),
                        });
                }
            }
            Effect::Combat(CombatEffect::AssignsNoCombatDamage { what }) => {
                for o in self.objects_of(ctx, what) {
                    if self.is_present(o) && !self.assigns_no_combat_damage.contains(&o) {
                        self.assigns_no_combat_damage.push(o);
                    }
                }
            }
            Effect::Turn(TurnEffect::EndTheTurn) => self.ending_turn = true,
            Effect::DrawRevealDiscardUnless { keep } => self.draw_reveal_discard(ctx, keep),
            Effect::WinGame { who } => {
                // 102.2b: the player wins: every opponent loses.
                for p in self.players_of(ctx, who) {
                    // 418.5j: an opponent's Platinum Angel.
                    if self.cant_win(p) {
                        continue;
                    }
                    let others: Vec<PlayerId> = self.opponents(p).collect();
                    for q in others {
                        self.player_loses(q, crate::LossReason::OpponentWon);
                    }
                }
                self.check_game_over();
            }
            Effect::LoseGame { who } => {
                for p in self.players_of(ctx, who) {
                    self.player_loses(p, crate::LossReason::Effect);
                }
                self.check_game_over();
            }
            Effect::ObjectCantBeRegeneratedThisTurn { what } => {
                for o in self.objects_of(ctx, what) {
                    if self.is_present(o) && self.is_in_play(o) {
                        self.objects[o.slot as usize].this_turn |=
                            crate::state::object::this_turn::NO_REGEN;
                    }
                }
            }
            Effect::CantBeRegeneratedThisTurn => {
                // "A creature dealt damage this way can't be regenerated this
                // turn" (Incinerate): the creatures this spell has dealt
                // damage to (its damage events; a spell deals damage only
                // while it resolves, and prevented damage isn't dealt).
                let hit: Vec<ObjId> = self
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Damage {
                            source,
                            to: Target::Object(o),
                            ..
                        } if *source == ctx.source => Some(*o),
                        _ => None,
                    })
                    .collect();
                for o in hit {
                    if self.is_present(o) {
                        self.objects[o.slot as usize].this_turn |=
                            crate::state::object::this_turn::NO_REGEN;
                    }
                }
            }
            Effect::SacrificeThese { what } => {
                // 501.3: each is sacrificed by its controller (no choice);
                // "Sacrifice it" of a target (Krovikan Elementalist): only
                // while the player told to sacrifice it controls it.
                let yours_only = matches!(what, ObjectRef::Target(_));
                for o in self.objects_of(ctx, what) {
                    if self.is_present(o)
                        && (!yours_only
                            || self.objects[o.slot as usize].controller == ctx.controller)
                    {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
                    }
                }
            }
            Effect::Combat(CombatEffect::BecomesBlocked { what }) => {
                for o in self.objects_of(ctx, what) {
                    self.becomes_blocked_by_effect(o);
                }
            }
            Effect::Combat(CombatEffect::RemoveFromCombat { what }) => {
                for o in self.objects_of(ctx, what) {
                    if self.combat.remove(o) {
                        let card = self.objects[o.slot as usize].card;
                        self.emit(Event::RemovedFromCombat { obj: o, card });
                    }
                }
            }
            Effect::Turn(TurnEffect::AdditionalCombatPhase) => {
                self.extra_phases.combats += 1;
            }
            Effect::Turn(TurnEffect::ExtraTurn { who }) => {
                let players = self.one_per_team(self.players_of(ctx, who));
                for p in players {
                    self.extra_turns.push(p);
                }
            }
            Effect::RemoveFaceDown { .. }
            | Effect::PutIntoGraveyard { .. }
            | Effect::TurnRemovedFaceUp { .. }
            | Effect::MayPlayRemoved { .. }
            | Effect::RemoveTopMayPlay => {
                self.exec_removed_effect(ctx, e);
            }
            Effect::RevealUntil { who, filter } => self.reveal_until(ctx, who, filter),
            Effect::RevealHand { who } => self.reveal_hands(ctx, who),
            // Nested in another instruction: no choice can be asked.
            Effect::ChoosePermanent { .. } => {}
            Effect::Piles {
                what,
                separator,
                chooser,
                chosen,
                other,
            } => self.piles(ctx, what, separator, chooser, [*chosen, *other]),
            // Nested in another instruction: no order can be asked.
            Effect::PutRevealed { which, dest } => {
                let _ = self.put_revealed_step(ctx, *which, *dest);
            }
            Effect::DiscardSplicedNames { who, what } => self.discard_spliced_names(ctx, who, what),
            Effect::Mill { .. }
            | Effect::AnteTop { .. }
            | Effect::LookAtHand { .. }
            | Effect::DiscardHand { .. }
            | Effect::RevealHandDiscard { .. }
            | Effect::RevealRandomDiscard { .. }
            | Effect::RevealRandomFromHand { .. }
            | Effect::RemoveAllFromGraveyardHandLibrary { .. }
            | Effect::RevealTop { .. }
            | Effect::PutIntoPlay { .. }
            | Effect::ShuffleIntoLibrary { .. }
            | Effect::ReturnSpellToHand
            | Effect::CreatureGraveyardSwap
            | Effect::RemoveSelfWithCounters { .. }
            | Effect::ShuffleLibrary { .. }
            | Effect::GraveyardTopToLibraryBottom { .. }
            | Effect::ShuffleGraveyardIntoLibrary { .. }
            | Effect::ShuffleHandIntoLibrary { .. }
            | Effect::RemoveGraveyard { .. }
            | Effect::PutTopCardsIntoHand { .. }
            | Effect::PutOnLibrary { .. }
            | Effect::RemoveTopCards { .. }
            | Effect::ReturnSelfFromGraveyard
            | Effect::PutSelfFromGraveyardIntoPlay { .. }
            | Effect::PutSelfFromGraveyardIntoPlayAttached { .. }
            | Effect::PutSelfFromGraveyardOnLibrary { .. }
            | Effect::TopOfGraveyardIntoPlay { .. }
            | Effect::ReturnFromGraveyardThisTurn { .. }
            | Effect::ReturnOwnedToHand { .. }
            | Effect::ReturnAllFromGraveyardsToHand { .. }
            | Effect::AllFromGraveyard { .. } => {
                self.exec_card_effect(ctx, e);
            }
            // Nested in another instruction, no "you may" can be asked.
            Effect::TopCard { may: false, .. } => {
                let _ = self.top_card_step(ctx, e);
            }
            Effect::SearchLibrary { .. }
            | Effect::LookAtTop { .. }
            | Effect::TopCard { .. }
            | Effect::ChooseFromHand { .. }
            | Effect::HandOnLibraryThenSearch { .. }
            | Effect::HandOnBottomThenDraw { .. }
            | Effect::DrawnOnTopOrPayLife { .. }
            | Effect::EachMayDiscardUpTo { .. }
            | Effect::PutAuraIntoPlayAttached { .. }
            | Effect::ReturnRemovedChosen { .. }
            | Effect::MoveAura { .. }
            | Effect::MayMoveAura { .. }
            | Effect::Ripple(_)
            | Effect::PlayFaceDownMasked
            | Effect::PutOnTopInAnyOrder { .. }
            | Effect::DrawThenDiscardOneOfThem { .. }
            | Effect::PutFromHand { .. } => {
                // Choices: they run in exec_effect_pausable (library.rs).
            }
            Effect::PlaySubgame => {
                // 506: runs in exec_effect_pausable (the main game stops).
            }
            Effect::FlipCoin { .. }
            | Effect::WishFromOutside { .. }
            | Effect::ShuffleFromOutside { .. }
            | Effect::UnlessOpponentLetsDraw { .. }
            | Effect::PlayerMay { .. }
            | Effect::EachPlayerMay { .. }
            | Effect::ForEachPlayer { .. }
            | Effect::DrawUpTo { .. }
            | Effect::OfferFlipAgain { .. }
            | Effect::FlipUntilLose { .. }
            | Effect::NoEffectIfFlipLost
            | Effect::IfFlipsWon { .. }
            | Effect::FlipEach { .. } => {
                // 511: flips need the resolution's state and the player's
                // call; they run in exec_effect_pausable.
            }
        }
    }

    /// "Draw a card and reveal it. If it isn't a [keep] card, discard it."
    /// The card is the one this draw drew (its `Drew` event); a draw
    /// replaced by another event (419), even another draw, leaves the rest
    /// undone (the cards' rulings).
    fn draw_reveal_discard(&mut self, ctx: &ResolveCtx, keep: &tolaria_cards::ObjectFilter) {
        let p = ctx.controller;
        let mark = self.events.len();
        self.draw(p);
        let new = &self.events[mark..];
        if new.iter().any(|e| {
            matches!(
                e,
                Event::DrawReplaced { .. }
                    | Event::DrawReplacedByStatic { .. }
                    | Event::Dredged { .. }
            )
        }) {
            return;
        }
        let Some((drawn, card)) = new.iter().find_map(|e| match e {
            Event::Drew {
                player, obj, card, ..
            } if *player == p => Some((*obj, *card)),
            _ => None,
        }) else {
            return;
        };
        self.emit(Event::Revealed {
            player: p,
            cards: vec![card],
        });
        if !crate::continuous::filter::matches(self, keep, drawn, Some(ctx.source), p) {
            let moved = self.discard_card(drawn);
            if let Some(r) = self.resolving.as_mut() {
                r.ctx.chosen = moved;
            }
        }
    }

    /// A card a discard instruction of the resolving spell or ability
    /// discarded (`Amount::DiscardedThisWay`), by its new id.
    pub(crate) fn discarded_this_way(&mut self, moved: Option<ObjId>) {
        if let (Some(m), Some(r)) = (moved, self.resolving.as_mut()) {
            r.ctx.discarded.push(m);
        }
    }

    /// 501.4 destroy, replaced by regeneration (501.5) when a shield
    /// exists. True if the permanent was put into a graveyard (not
    /// regenerated, nor sent elsewhere by a replacement effect).
    pub(crate) fn destroy(&mut self, o: ObjId, no_regen: bool, reason: MoveReason) -> bool {
        let Some(obj) = self.obj(o) else {
            return false;
        };
        // Glossary, Indestructible: rules and effects can't destroy it
        // (nothing to regenerate from either).
        if obj.zone == Zone::InPlay
            && crate::continuous::characteristics::compute(self, o)
                .has(tolaria_cards::Keyword::Indestructible)
        {
            return false;
        }
        // Pyramids: "… remove all damage marked on it instead" (419.1a).
        // Decision: applied before regeneration (its controller would
        // choose so, 419.9a: it keeps the land untapped).
        if obj.zone == Zone::InPlay {
            if let Some(i) = self.destruction_shields.iter().position(|&x| x == o) {
                self.destruction_shields.remove(i);
                let obj = self.obj_mut(o).expect("checked");
                obj.damage = 0;
                let card = obj.card;
                self.emit(Event::DestructionReplaced { obj: o, card });
                return false;
            }
        }
        let obj = self.obj(o).expect("checked");
        let may_regen = !no_regen && obj.this_turn & crate::state::object::this_turn::NO_REGEN == 0;
        // 419.1a: "If [this] would be destroyed, regenerate it" regenerates
        // it without using a shield. *Decision*: with shields too, the
        // static ability applies and the shields stay (its controller
        // would choose so, 419.9a; the result is the same otherwise).
        let always = may_regen
            && obj.zone == Zone::InPlay
            && obj.flags & crate::state::object::flags::STATICS != 0
            && crate::continuous::characteristics::compute(self, o)
                .abilities()
                .iter()
                .any(|a| {
                    matches!(
                        a,
                        tolaria_cards::Ability::Static(
                            tolaria_cards::StaticAbility::RegeneratesIfDestroyed
                        )
                    )
                });
        if always || (may_regen && obj.regen_shields > 0) {
            let obj = self.obj_mut(o).expect("checked");
            if !always {
                obj.regen_shields -= 1;
            }
            obj.damage = 0;
            let card = obj.card;
            self.tap(o);
            if self.combat.remove(o) {
                self.emit(Event::RemovedFromCombat { obj: o, card });
            }
            self.emit(Event::Regenerated { obj: o, card });
            return false;
        }
        let owner = obj.owner;
        self.move_to(o, Zone::Graveyard(owner), reason)
            .and_then(|n| self.obj(n))
            .is_some_and(|n| matches!(n.zone, Zone::Graveyard(_)))
    }
}

impl Game {
    /// The recipients of damage an effect deals (a target, the objects or
    /// players named, each creature and player matching).
    pub(crate) fn damage_recipients(&self, ctx: &ResolveCtx, to: &Recipient) -> Vec<Target> {
        match to {
            Recipient::Target(i) => ctx.target(*i).into_iter().collect(),
            Recipient::TargetAndEachSharingColor(i) => self.radiance(ctx, *i),
            Recipient::Object(o) => self
                .objects_of(ctx, o)
                .into_iter()
                .map(Target::Object)
                .collect(),
            Recipient::Player(p) => self
                .players_of(ctx, p)
                .into_iter()
                .map(Target::Player)
                .collect(),
            Recipient::EachCreatureAndPlayer(f) => {
                let mut v: Vec<Target> = self
                    .in_play
                    .iter()
                    .copied()
                    .filter(|&o| {
                        self.is_present(o)
                            && crate::continuous::filter::matches(
                                self,
                                f,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                    })
                    .map(Target::Object)
                    .collect();
                v.extend(self.apnap_from(self.active).map(Target::Player));
                v
            }
        }
    }

    /// May the Equipment, Fortification or Aura `o` in play be attached to
    /// the permanent `host` now? 212.2h–i: an Equipment only to a creature
    /// (a Fortification to a land, 212.2m), not if it is a creature itself;
    /// 212.4k: an Aura only to what it could enchant. Anything else moves
    /// as told (state-based effects then judge it, 420.5m).
    fn could_attach(&self, o: ObjId, host: ObjId) -> bool {
        let ch = crate::continuous::characteristics::compute(self, o);
        if crate::playing::targeting::is_aura(ch.types, &ch.subtypes) {
            return self.aura_could_enchant(o, host, ch.controller);
        }
        let equipment = ch.subtypes.contains(tolaria_cards::Subtype::EQUIPMENT);
        let fortification = ch.subtypes.contains(tolaria_cards::Subtype::FORTIFICATION);
        if !equipment && !fortification {
            return true;
        }
        let h = crate::continuous::characteristics::compute(self, host);
        !ch.is_creature()
            && if fortification {
                h.is(tolaria_cards::CardType::Land)
            } else {
                h.is_creature()
            }
    }

    /// The card whose text holds the instruction creating a token (216.2):
    /// the granting card of an ability in quotes being resolved (Squirrel
    /// Nest's "{T}: Put a 1/1 green Squirrel creature token into play."
    /// granted to a land), else the spliced card or the source's.
    fn token_text_card(&self, ctx: &ResolveCtx) -> tolaria_cards::CardId {
        if let Some(r) = self.resolving.as_deref() {
            if let crate::state::stack::StackKind::Ability {
                ability: tolaria_cards::AbilityRef::Granted { card, .. },
                ..
            } = r.item.kind
            {
                return card;
            }
        }
        self.splice_text_card(ctx.source_card)
    }
}

/// "3 minus the number of cards they discarded this way" (Mind Bomb): an
/// amount read for each player dealt damage.
fn reads_discards_by_them(a: &tolaria_cards::Amount) -> bool {
    use tolaria_cards::Amount;
    match a {
        // "… equal to the number of Islands that player controls" after
        // "damage to each opponent" (Typhoon, Price of Progress): each
        // recipient's own count.
        Amount::DiscardedThisWayByThem | Amount::CountTheyControl(_) => true,
        Amount::Plus(_, a) | Amount::Times(_, a) => reads_discards_by_them(a),
        _ => false,
    }
}
