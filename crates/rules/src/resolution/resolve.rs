//! Resolving spells and abilities (413), countering (414), targets checked
//! on resolution (413.2a, 415), and the one-shot effects themselves (417).

use crate::continuous::source::SourceInfo;
use crate::playing::splice::{effect_at, resolution_len};
use crate::resolution::choices::chooses_color_as_it_enters;
use crate::resolution::choices::enters_with_choice;
use crate::resolution::choices::names_card_as_it_enters;
use crate::resolution::choices::{pt_choice_of, pt_decision};
use crate::resolution::copiable::copy_filter;
use crate::resolution::copiable::copy_with_exceptions;
use crate::state::progress::{Flow, Resolving};
use crate::state::stack::ResolveCtx;
use crate::state::stack::{StackKind, TriggerContext};
use crate::{Decision, DecisionKind, Event, Game, MoveReason, ObjId, StackItem, Zone};
use tolaria_cards::CombatEffect;
use tolaria_cards::{Ability, Effect, PlayerRef, TargetSpec};

/// The effects of a stack item, from the static card data.
pub(crate) fn effects_of(game: &Game, item: &StackItem) -> &'static [Effect] {
    match &item.kind {
        StackKind::Spell { obj } => game.spell_text(*obj).spell.effects_for(item.mode),
        StackKind::Ability {
            ability, trigger, ..
        } => match ability.get_if(!trigger.delayed) {
            // 404.4: a delayed triggered ability does what its creating
            // effect says.
            _ if trigger.delayed => crate::resolution::delayed::delayed_effects_of(*ability),
            Some(Ability::Activated(a)) => a.effects_for(item.mode),
            Some(Ability::Triggered(t)) => t.effects_for(item.mode),
            _ => &[],
        },
        StackKind::CombatDamage(_) => &[],
    }
}

pub(crate) fn specs_of(game: &Game, item: &StackItem) -> &'static [TargetSpec] {
    match &item.kind {
        StackKind::Spell { obj } => game.spell_text(*obj).spell.targets_for(item.mode),
        StackKind::Ability {
            ability, trigger, ..
        } => match ability.get_if(!trigger.delayed) {
            // 404.4: a delayed triggered ability has no targets of its own.
            None => &[],
            Some(Ability::Activated(a)) => a.targets_for(item.mode),
            Some(Ability::Triggered(t)) => t.targets_for(item.mode),
            _ => &[],
        },
        StackKind::CombatDamage(_) => &[],
    }
}

impl Game {
    /// The face a spell on the stack resolves with: its spell face
    /// (`Object::spell_face`), as a text-changing effect on the spell
    /// rewrote it (418.6; the latest in timestamp order).
    pub(crate) fn spell_text(&self, obj: ObjId) -> &'static tolaria_cards::CardFace {
        let o = &self.objects[obj.slot as usize];
        let change = self
            .effects
            .iter()
            .filter(|e| e.affected == obj && e.effect.text.is_some())
            .max_by_key(|e| e.timestamp)
            .and_then(|e| e.effect.text);
        match change {
            Some(t) if !o.is_face_down() => {
                tolaria_cards::bent_face(o.card, o.spell_face_index(), t)
            }
            _ => o.spell_face(),
        }
    }

    /// 413: resolve the top object of the stack.
    pub(crate) fn resolve_top(&mut self) {
        self.passes = 0;
        let Some(item) = self.stack.last().cloned() else {
            self.flow = Flow::Priority(self.active);
            return;
        };
        if let StackKind::CombatDamage(list) = &item.kind {
            // 310.4: combat damage resolves as one unit, which replacement
            // choices replay (419.9a).
            if self.run_replayable(
                crate::continuous::replacement::ReplayUnit::CombatDamage,
                |g| {
                    g.stack.pop();
                    g.deal_combat_damage(list);
                },
            ) {
                self.flow = Flow::Priority(self.active);
            }
            return;
        }
        let (source, source_card, is_spell, trigger, optional, chooser) = match &item.kind {
            StackKind::Spell { obj } => (
                *obj,
                self.shown_card(*obj),
                true,
                TriggerContext::default(),
                false,
                None,
            ),
            StackKind::Ability {
                source,
                card,
                ability,
                trigger,
                ..
            } => {
                // A delayed triggered ability (404.4) has neither the
                // creating ability's condition nor its "you may".
                let ability = ability.get_if(!trigger.delayed);
                // 404.3: an intervening "if" is checked again on resolution.
                if let Some(Ability::Triggered(t)) = ability {
                    if let Some(c) = &t.condition {
                        if !crate::resolution::triggers::condition_holds(self, *source, trigger, c)
                        {
                            let card = *card;
                            self.stack.pop();
                            self.emit(Event::ConditionFalse { card });
                            self.flow = Flow::Priority(self.active);
                            return;
                        }
                    }
                }
                let (optional, chooser) = match ability {
                    Some(Ability::Triggered(t)) => (t.optional, t.chooser.clone()),
                    _ => (false, None),
                };
                (*source, *card, false, *trigger, optional, chooser)
            }
            StackKind::CombatDamage(_) => unreachable!(),
        };
        // 413.2a: check targets (502.40d: a spliced card's by its own
        // requirements; the spell is countered only if all are illegal).
        let src = SourceInfo {
            trigger_player: trigger.player,
            ..SourceInfo::of(self, source, item.controller)
        };
        let legal = crate::playing::splice::legal_target_bits(self, &item, &src);
        if !item.targets.is_empty() && legal == 0 {
            self.stack.pop();
            self.emit(Event::CounteredOnResolution {
                card: source_card,
                ability: !is_spell,
            });
            if is_spell {
                let owner = self.objects[source.slot as usize].owner;
                self.move_to(source, Zone::Graveyard(owner), MoveReason::Fizzled);
            }
            self.flow = Flow::Priority(self.active);
            return;
        }
        // 413.2: the spell or ability resolves: said before its
        // instructions are followed, so the log reads in the order of play.
        self.emit(Event::Resolved {
            card: source_card,
            ability: !is_spell,
        });
        let ctx = ResolveCtx {
            controller: item.controller,
            source,
            source_card,
            targets: item.targets.clone(),
            legal,
            x: item.x,
            trigger,
            optional,
            flips_won: 0,
            flips: 0,
            flipper: None,
            sacrificed: item.sacrificed,
            sacrificed_power: item.sacrificed_power,
            chosen: None,
            damage_dealt: 0,
            destroyed: 0,
            sacrificed_this_way: 0,
            discarded: Vec::new(),
            revealed: 0,
            life_lost: 0,
            damaged: Vec::new(),
            revealed_cards: Vec::new(),
            created: None,
            division: item.division.clone(),
            removal: 0,
            defending: None,
            mana_spent: item.mana_spent,
        };
        if !is_spell {
            self.stack.pop();
        }
        // A spell stays on the stack while it resolves; 413.2i moves it last.
        let r = Resolving {
            item,
            ctx,
            pc: 0,
            sub: 0,
            chooser: None,
            words: [None; 2],
            copy_choice: None,
            color_choice: None,
            type_choice: None,
            land_types: [None; 2],
            name_choice: None,
            player_choice: None,
            inner: 0,
            flip: crate::state::progress::FlipState::default(),
            paid: None,
            paid_branch: false,
            pay_x: None,
            entry: None,
            cards: Default::default(),
            copy_targets: Vec::new(),
            play_after: None,
            amplify_revealed: Vec::new(),
            amplify_done: false,
            madness: false,
            source_choice: None,
            pt_choice: None,
            pt_asked: false,
            branch: None,
            did: false,
            asked: false,
            players_done: 0,
            splice_part: 0,
            splice_legal: legal,
            countered_spliced: Vec::new(),
            each: Default::default(),
        };
        let mut r = r;
        // 502.40d: the main spell's instructions refer to its own targets
        // (the first ones).
        if let Some(main) = crate::playing::splice::parts(self, &r.item)
            .next()
            .filter(|_| !r.item.spliced.is_empty())
        {
            r.ctx.targets.truncate(main.len);
        }
        if optional {
            // 410.5: "you may" is chosen on resolution, by the controller
            // or the player the ability names ("that creature's controller
            // may draw a card", Fecundity).
            let p = chooser
                .and_then(|c| self.players_of(&r.ctx, &c).first().copied())
                .unwrap_or(r.ctx.controller);
            self.resolving = Some(Box::new(r));
            self.decision = Some(Decision {
                player: p,
                kind: DecisionKind::MayAbility,
            });
            self.flow = Flow::Resolving;
            return;
        }
        self.resolving = Some(Box::new(r));
        self.run_resolution();
    }

    /// Runs effects from the current program counter until done or paused.
    pub(crate) fn run_resolution(&mut self) {
        loop {
            let Some(r) = self.resolving.as_deref() else {
                return;
            };
            // 502.40b: the main spell's instructions, then each spliced
            // card's, each part with its own targets (502.40d).
            let len = resolution_len(self, &r.item);
            let Some((e, part)) = effect_at(self, &r.item, r.pc) else {
                break;
            };
            if part != r.splice_part {
                self.enter_splice_part(part);
            }
            let Some(r) = self.resolving.as_deref() else {
                return;
            };
            let ctx = r.ctx.clone();
            // "the damage dealt this way" (Corrupt): the damage events of a
            // damage instruction are added up once it is done.
            // "… deals 3 damage to you unless you discard a card. If
            // CARDNAME deals damage to you this way, …" (Mishra's War
            // Machine): the damage of the instructions it guards.
            let deals = matches!(
                e,
                Effect::DealDamage { .. }
                    | Effect::DealDamageDivided { .. }
                    | Effect::DealDamageEvenly { .. }
                    | Effect::UnlessDiscard { .. }
            );
            let events_before = self.events.len();
            // One effect is a unit that replacement choices replay (419.9a).
            let mut paused = None;
            // Warp World's choices are replayed too (`resolution/redeal.rs`).
            // So is "Choose a number." (Void).
            // And 606.7a's choice of a defending player, and two piles
            // (`resolution/piles.rs`).
            let asks = matches!(
                e,
                Effect::ShufflePermanentsAndRedeal
                    | Effect::ChooseNumber
                    | Effect::ChooseNumberForThis { .. }
                    | Effect::Combat(CombatEffect::ChooseDefendingPlayer)
                    | Effect::Piles { .. }
            );
            if !self.run_replayable_asking(
                crate::continuous::replacement::ReplayUnit::Effect,
                asks,
                |g| paused = g.exec_effect_pausable(&ctx, e),
            ) {
                return;
            }
            if let Some(d) = paused {
                if let Some(r) = self.resolving.as_mut() {
                    r.asked = true;
                }
                self.decision = Some(d);
                self.flow = Flow::Resolving;
                return;
            }
            let did = self.events.len() > events_before;
            if deals {
                let source = ctx.source;
                let dealt: u32 = self.events[events_before.min(self.events.len())..]
                    .iter()
                    .map(|ev| match ev {
                        Event::Damage {
                            source: s, amount, ..
                        } if *s == source => *amount,
                        _ => 0,
                    })
                    .sum();
                let damaged: Vec<crate::ObjId> = self.events
                    [events_before.min(self.events.len())..]
                    .iter()
                    .filter_map(|ev| match ev {
                        Event::Damage {
                            source: s,
                            to: crate::Target::Object(o),
                            amount,
                            ..
                        } if *s == source && *amount > 0 => Some(*o),
                        _ => None,
                    })
                    .collect();
                if let Some(r) = self.resolving.as_mut() {
                    r.ctx.damage_dealt += dealt;
                    r.ctx.damaged.extend(damaged);
                }
            }
            if let Some(r) = self.resolving.as_mut() {
                r.pc += 1;
                r.sub = 0;
                r.did = did || r.asked;
                r.asked = false;
                // 418.3: an effect applies from the moment it is created,
                // so the next instruction sees it: the kept controllers
                // and abilities (`Game::settle`) are brought up to date
                // first ("you gain control of target creature …" then
                // "sacrifice a creature", Grab the Reins entwined, 502.32b).
                if r.pc < len && !self.board.valid {
                    self.settle();
                }
            }
            // 506.1: the main game stops here while the subgame is played;
            // it goes on from the next effect when the subgame ends.
            if self.subgame_pending.is_some() {
                self.flow = Flow::Resolving;
                return;
            }
        }
        self.finish_resolution();
    }

    /// 413.2d: each player in turn (APNAP) chooses one permanent of theirs
    /// matching `filter` ("each player sacrifices a creature", "return a
    /// green creature you control"); `sub` counts the players done, one
    /// with nothing to choose included.
    pub(crate) fn each_player_chooses(
        &mut self,
        ctx: &ResolveCtx,
        who: &PlayerRef,
        filter: &tolaria_cards::ObjectFilter,
        kind: DecisionKind,
    ) -> Option<Decision> {
        let players = self.players_of(ctx, who);
        loop {
            let sub = self.resolving.as_ref().map_or(0, |r| r.sub);
            let &p = players.get(sub as usize)?;
            if self
                .controlled_by(p)
                .any(|o| crate::continuous::filter::matches(self, filter, o, Some(ctx.source), p))
            {
                return Some(Decision { player: p, kind });
            }
            self.resolving.as_mut()?.sub += 1;
        }
    }

    /// 413.2i: the final step of resolution.
    pub(crate) fn finish_resolution(&mut self) {
        let Some(mut r) = self.resolving.take() else {
            return;
        };
        let card = r.ctx.source_card;
        if self.ending_turn {
            // 509.1: the spell finishes resolving, then the turn ends.
            let resolved = match r.item.kind {
                StackKind::Spell { obj } => Some(obj),
                _ => None,
            };
            self.end_the_turn(card, resolved);
            return;
        }
        match r.item.kind {
            StackKind::Spell { obj } => {
                let face = self.objects[obj.slot as usize].spell_face();
                let owner = self.objects[obj.slot as usize].owner;
                // 503, 419.1b: "As [this] comes into play, you may choose a
                // creature in play": the choice comes first, and the
                // permanent comes into play as the copy.
                if face.types.is_permanent()
                    && copy_filter(self, &r.item).is_some()
                    && r.copy_choice.is_none()
                {
                    self.pause_resolution(r, DecisionKind::ChooseCopy);
                    return;
                }
                let copy = r
                    .copy_choice
                    .flatten()
                    .filter(|&o| self.is_present(o))
                    .map(|o| self.copiable_values(o))
                    .map(|c| copy_with_exceptions(card, c));
                // 419.1b, 503.6: "As [this] comes into play, choose a color"
                // (a copy's controller chooses anew).
                let entering = copy.map_or(card, |c| c.card);
                if face.types.is_permanent()
                    && r.color_choice.is_none()
                    && chooses_color_as_it_enters(entering)
                {
                    self.pause_resolution(r, DecisionKind::ChooseColor);
                    return;
                }
                // 419.1b, 503.6: "As [this] comes into play, choose a
                // creature type" (a copy's controller chooses anew).
                if face.types.is_permanent()
                    && r.type_choice.is_none()
                    && enters_with_choice(
                        entering,
                        tolaria_cards::StaticAbility::AsComesIntoPlayChooseCreatureType,
                    )
                {
                    self.pause_resolution(r, DecisionKind::ChooseCreatureType);
                    return;
                }
                // 212.6d, 419.1b: "As [this] comes into play, choose a
                // basic land type" (Phantasmal Terrain).
                if face.types.is_permanent()
                    && r.land_types[0].is_none()
                    && enters_with_choice(
                        entering,
                        tolaria_cards::StaticAbility::AsComesIntoPlayChooseBasicLandType,
                    )
                {
                    self.pause_resolution(r, DecisionKind::ChooseLandType { basic: true });
                    return;
                }
                // 419.1b: "As [this] comes into play, choose an opponent":
                // asked only when there is more than one (with one, the
                // permanent chooses it as it comes into play).
                if face.types.is_permanent()
                    && r.player_choice.is_none()
                    && enters_with_choice(
                        entering,
                        tolaria_cards::StaticAbility::AsComesIntoPlayChooseOpponent,
                    )
                    && self.opponents(r.ctx.controller).nth(1).is_some()
                {
                    self.pause_resolution(r, DecisionKind::ChooseOpponent);
                    return;
                }
                // 502.27a: amplify's cards are revealed as it comes into play.
                if face.types.is_permanent() && self.amplify_pending(&mut r, entering) {
                    self.pause_resolution(
                        r,
                        DecisionKind::ChooseCard {
                            choice: crate::resolution::library::CardChoice::Amplify,
                            optional: true,
                        },
                    );
                    return;
                }
                // 419.1b, 503.6: "As [this] comes into play, name a card"
                // (a copy's controller names anew).
                if face.types.is_permanent() && r.name_choice.is_none() {
                    if let Some(nonland) = names_card_as_it_enters(entering) {
                        self.pause_resolution(r, DecisionKind::NameCard { nonland });
                        return;
                    }
                }
                // 419.1b: "As [this] comes into play …, it becomes your
                // choice of 5/1 or 1/5" (a copy's controller chooses anew,
                // the Aquamorph Entity ruling): the values chosen modify
                // its copiable values (503.2).
                let pt_options = face
                    .types
                    .is_permanent()
                    .then(|| pt_choice_of(entering))
                    .flatten();
                // 419.1b: "… it becomes your choice of a 3/3 artifact
                // creature, a 2/2 artifact creature with flying, or …"
                // (Primal Clay): asked the same way.
                let forms = match pt_options {
                    None if face.types.is_permanent() => {
                        crate::resolution::choices::form_choice_of(entering)
                    }
                    _ => None,
                };
                // 419.1b: "As CARDNAME comes into play, choose a number
                // between 0 and 7." (Shapeshifter): asked the same way.
                let number_max = match (pt_options, forms) {
                    (None, None) if face.types.is_permanent() => {
                        crate::resolution::choices::number_choice_of(entering)
                    }
                    _ => None,
                };
                let number = match (number_max, r.pt_choice) {
                    (Some(max), None) => {
                        r.pt_asked = true;
                        let name = tolaria_cards::db().get(entering).name.clone();
                        let kind = DecisionKind::ChooseOption {
                            prompt: format!("{} chooses a number for {name}", r.ctx.controller),
                            options: (0..=max).map(|n| n.to_string()).collect(),
                        };
                        self.pause_resolution(r, kind);
                        return;
                    }
                    (Some(max), Some(i)) => Some(i.min(max)),
                    _ => None,
                };
                let form = match (forms, r.pt_choice) {
                    (Some(forms), None) => {
                        r.pt_asked = true;
                        let d = crate::resolution::choices::form_decision(
                            r.ctx.controller,
                            entering,
                            forms,
                        );
                        self.pause_resolution(r, d.kind);
                        return;
                    }
                    (Some(forms), Some(i)) => forms.get(i as usize),
                    _ => None,
                };
                let pt = match (pt_options, r.pt_choice) {
                    (Some((options, _)), None) => {
                        r.pt_asked = true;
                        let d = pt_decision(r.ctx.controller, entering, options);
                        self.pause_resolution(r, d.kind);
                        return;
                    }
                    (Some((options, _)), Some(i)) => options.get(i as usize).copied(),
                    _ => form.map(|f| (f.power, f.toughness)),
                };
                let copy = match pt {
                    Some(pt) => {
                        let base = copy
                            .unwrap_or(crate::continuous::effects::Copiable::printed(card, None));
                        let mut subtypes = base.subtypes;
                        let mut keywords = base.keywords;
                        if let Some(f) = form {
                            keywords = keywords.union(f.keywords);
                            for &s in &f.subtypes {
                                subtypes.insert(s);
                            }
                        }
                        Some(crate::continuous::effects::Copiable {
                            pt: Some(pt),
                            keywords,
                            subtypes,
                            ..base
                        })
                    }
                    None => copy,
                };
                // 419.6, 419.1b: "If [this] would come into play, … instead"
                // (Mox Diamond), "you may pay 2 life": asked last, as it
                // would come into play.
                if face.types.is_permanent() && r.entry.is_none() {
                    if let Some(choice) = crate::resolution::enters_instead::entry_choice(entering)
                    {
                        match self.entry_decision(r.ctx.controller, obj, choice) {
                            Ok(d) => {
                                self.pause_resolution(r, d.kind);
                                return;
                            }
                            Err(outcome) => r.entry = Some(outcome),
                        }
                    }
                }
                let (enters, tapped) = r.entry.unwrap_or((true, false));
                if face.types.is_permanent() && !enters {
                    // "If you don't, put it into its owner's graveyard."
                    self.move_to(obj, Zone::Graveyard(owner), MoveReason::InsteadOfPlay);
                } else if face.types.is_permanent() {
                    let aura_target =
                        if crate::playing::targeting::is_aura(face.types, &face.subtypes) {
                            r.ctx.target(0)
                        } else {
                            None
                        };
                    let suspend_haste = self.objects[obj.slot as usize].control_marks
                        & crate::state::object::marks::SUSPEND_HASTE
                        != 0
                        && face.types.contains(tolaria_cards::CardType::Creature);
                    let flash_sacrificed = self.objects[obj.slot as usize].control_marks
                        & crate::state::object::marks::FLASH_SACRIFICED
                        != 0;
                    if let Some(new) = self.put_into_play_choosing(
                        obj,
                        r.ctx.controller,
                        copy,
                        r.player_choice,
                        r.item.x,
                        (tapped, aura_target),
                    ) {
                        // 418.6 (Magical Hack's ruling): "If you change the
                        // text of a spell which is to become a permanent,
                        // the permanent will retain the text change until
                        // the effect wears off." The spell's text changes
                        // follow it into play.
                        let mut followed = false;
                        for e in &mut self.effects {
                            if e.affected == obj && e.effect.text.is_some() {
                                e.affected = new;
                                followed = true;
                            }
                        }
                        if followed {
                            self.board.valid = false;
                        }
                        if suspend_haste {
                            self.suspend_haste(new, card, r.ctx.controller);
                        }
                        if flash_sacrificed {
                            self.delay_flash_sacrifice(new, card, r.ctx.controller);
                        }
                        self.record_entering_choice(new, r.color_choice, None, None);
                        if let Some(n) = number {
                            self.objects[new.slot as usize].chosen_number = Some(n);
                            self.emit(Event::NumberChosen {
                                player: r.ctx.controller,
                                number: u32::from(n),
                            });
                        }
                        if let Some((power, toughness)) = pt {
                            let card = self.objects[new.slot as usize].card;
                            self.emit(Event::PowerToughnessChosen {
                                obj: new,
                                card,
                                power,
                                toughness,
                                face_up: false,
                            });
                        }
                        self.record_entering_choice(
                            new,
                            None,
                            r.type_choice.or(r.land_types[0]),
                            r.name_choice,
                        );

                        if let Some(t) = aura_target {
                            self.attach(new, t);
                        }
                        self.sunburst(new, r.item.colors_spent);
                        self.amplify(new, entering, r.ctx.controller, &r.amplify_revealed);
                    }
                } else if self.objects[obj.slot as usize].flags
                    & crate::state::object::flags::BOUGHT_BACK
                    != 0
                {
                    // 502.16a: "If the buyback cost was paid, put this spell
                    // into its owner's hand instead of into that player's
                    // graveyard as it resolves." With Yawgmoth's Will's
                    // "remove that card from the game instead" both replace
                    // the move (419.9a; its ruling): the buyback applies
                    // (ARCHITECTURE.md, "Yawgmoth's Will").
                    self.move_to(obj, Zone::Hand(owner), MoveReason::Resolve);
                } else if let Some(new) =
                    self.move_to(obj, Zone::Graveyard(owner), MoveReason::Resolve)
                {
                    // 502.51a: haunt on an instant or sorcery.
                    self.resolved_into_graveyard(new);
                }
            }
            _ => {
                // 502.24a: the madness card is played now.
                if let (Some(obj), true) = (r.play_after, r.madness) {
                    self.play_madness(r.ctx.controller, obj);
                    return;
                }
                // 502.59a: the suspended card is played now.
                if let Some(obj) = r.play_after {
                    self.play_suspended(r.ctx.controller, obj);
                    return;
                }
            }
        }
        self.flow = Flow::Priority(self.active);
    }

    /// Puts the resolution on hold for a choice of its controller's
    /// (419.1b: how a permanent comes into play).
    fn pause_resolution(&mut self, r: Box<crate::state::progress::Resolving>, kind: DecisionKind) {
        let player = r.ctx.controller;
        self.resolving = Some(r);
        self.decision = Some(Decision { player, kind });
        self.flow = Flow::Resolving;
    }

    /// `Effect::IfElse`: the branch to run: the one already taken while
    /// the effect pauses, else the condition judged now.
    pub(crate) fn branch<'e>(
        &self,
        ctx: &ResolveCtx,
        condition: &tolaria_cards::Condition,
        then: &'e [Effect],
        otherwise: &'e [Effect],
    ) -> &'e [Effect] {
        if self.branch_taken(ctx, condition) {
            then
        } else {
            otherwise
        }
    }

    /// `Effect::IfElse`: whether its condition holds: as first judged while
    /// the effect pauses, else judged now.
    pub(crate) fn branch_taken(
        &self,
        ctx: &ResolveCtx,
        condition: &tolaria_cards::Condition,
    ) -> bool {
        let taken = self.resolving.as_ref().and_then(|r| r.branch);
        taken.unwrap_or_else(|| {
            crate::continuous::condition::holds_on_resolution(self, ctx, condition)
        })
    }

    /// Runs a nested list of effects (a flip's "if you win" branch, …)
    /// pausably from `Resolving::inner`: the decision it pauses for, or
    /// `None` when the list is done.
    pub(crate) fn run_inner(
        &mut self,
        ctx: &ResolveCtx,
        effects: &'static [Effect],
    ) -> Option<Decision> {
        loop {
            let i = self.resolving.as_ref().map_or(0, |r| r.inner) as usize;
            let Some(e) = effects.get(i) else {
                if let Some(r) = self.resolving.as_mut() {
                    r.inner = 0;
                }
                return None;
            };
            // The resolution's flips so far (Amount::FlipsWon) and its
            // removals ("that card", 217.7d) are in the stored ctx, and
            // the permanents destroyed so far ("If CARDNAME is destroyed
            // this way", Cosmic Horror: `Amount::DestroyedThisWay`).
            let mut c = ctx.clone();
            if let Some(r) = self.resolving.as_ref() {
                c.flips_won = r.ctx.flips_won;
                c.flips = r.ctx.flips;
                c.removal = r.ctx.removal;
                c.destroyed = r.ctx.destroyed;
                // "You may pay {X}. If you do, …" (Decree of Justice).
                if r.pay_x.is_some() {
                    c.x = r.ctx.x;
                }
            }
            if let Some(d) = self.exec_effect_pausable(&c, e) {
                return Some(d);
            }
            if let Some(r) = self.resolving.as_mut() {
                r.inner += 1;
                r.sub = 0;
            }
        }
    }

    /// The effect being resolved now, following a nested branch.
    pub(crate) fn current_effect(&self) -> Option<&'static Effect> {
        let r = self.resolving.as_deref()?;
        let (e, _) = effect_at(self, &r.item, r.pc)?;
        // 413.2d: the instruction the player of a "for each player" loop
        // is following (the loop itself while its "may" is asked).
        let e = match e {
            Effect::ForEachPlayer { effects, may, .. }
                if r.each.started && (!may || r.each.may == Some(true)) =>
            {
                effects.get(r.each.pc as usize).unwrap_or(e)
            }
            _ => e,
        };
        let inner = match e {
            Effect::FlipCoin { won, lost, .. } => match r.flip.outcome {
                Some(true) => won.get(r.inner as usize),
                Some(false) => lost.get(r.inner as usize),
                None => None,
            },
            Effect::IfFlipsWon { effects, .. } => effects.get(r.inner as usize),
            Effect::IfElse {
                condition,
                then,
                otherwise,
            } => self
                .branch(&r.ctx, condition, then, otherwise)
                .get(r.inner as usize),
            Effect::UnlessDiscard { effects, .. } if r.paid == Some(false) => {
                effects.get(r.inner as usize)
            }
            Effect::IfControlsNone { effects, .. } => effects.get(r.inner as usize),
            Effect::UnlessPays { effects, .. } | Effect::RemoveCounterElse { effects, .. }
                if r.paid == Some(false) =>
            {
                effects.get(r.inner as usize)
            }
            Effect::UnlessPays { if_paid, .. } if r.paid == Some(true) && r.paid_branch => {
                if_paid.get(r.inner as usize)
            }
            Effect::FlipEach {
                on_heads, on_tails, ..
            } => match r.flip.round.get(r.flip.applying as usize) {
                Some(true) => on_heads.get(r.inner as usize),
                Some(false) => on_tails.get(r.inner as usize),
                None => None,
            },
            _ => None,
        };
        Some(inner.unwrap_or(e))
    }

    /// The activated ability on the stack that `what` names, if `what` is
    /// a still-legal (413.2a) target ability (Stifle's kin, 414).
    pub(crate) fn target_ability(
        &self,
        ctx: &ResolveCtx,
        what: &tolaria_cards::ObjectRef,
    ) -> Option<u32> {
        if *what == tolaria_cards::ObjectRef::TargetingSpellOrAbility {
            // 409.1c: the ability whose targeting triggered this one.
            return match ctx.trigger.by {
                Some(crate::Target::Ability(id)) => self.stack_ability(id).map(|_| id),
                _ => None,
            };
        }
        let tolaria_cards::ObjectRef::Target(i) = what else {
            return None;
        };
        match ctx.targets.get(*i as usize) {
            Some(&crate::Target::Ability(id)) if ctx.legal & (1 << i) != 0 => {
                self.stack_ability(id).map(|_| id)
            }
            _ => None,
        }
    }

    /// 414.1: counters an ability on the stack: it is removed from the
    /// stack and does nothing (its costs stay paid).
    pub(crate) fn counter_ability(&mut self, id: u32) {
        let Some(i) = self.stack.iter().position(|s| s.is_ability(id)) else {
            return;
        };
        let item = self.stack.remove(i);
        if let StackKind::Ability { card, .. } = item.kind {
            self.emit(Event::Countered {
                card,
                ability: true,
            });
        }
    }

    /// 414: counters a spell, its card going to its owner's graveyard or
    /// where the counter effect says instead (Dissipate, Remand, Memory Lapse).
    pub(crate) fn counter_spell_to(&mut self, o: ObjId, to: tolaria_cards::CounteredTo) {
        let Some(obj) = self.obj(o) else { return };
        if obj.zone != Zone::Stack {
            return;
        }
        // 504.2: a face-down spell is named and judged as such (it is
        // revealed as it leaves the stack, 504.6).
        let (owner, card) = (obj.owner, self.shown_card(o));
        // "This spell can't be countered": the counter does nothing to it.
        let uncounterable = obj.spell_face().abilities.iter().any(|a| {
            matches!(
                a,
                Ability::Static(tolaria_cards::StaticAbility::CantBeCountered)
            )
        });
        // "Creature spells can't be countered." (Gaea's Herald)
        let uncounterable = uncounterable
            || self.any_static_in_play(|s, src, controller| match s {
                tolaria_cards::StaticAbility::SpellsCantBeCountered(f) => {
                    crate::continuous::filter::matches(self, f, o, Some(src), controller)
                }
                _ => false,
            });
        // "Other spells you control can't be countered this turn."
        // (Determined; the spell itself has resolved by then.)
        let uncounterable = uncounterable
            || self.stack.iter().any(|s| {
                matches!(s.kind, StackKind::Spell { obj } if obj == o)
                    && self.uncounterable_spells_of & (1 << s.controller.index().min(15)) != 0
            });
        if uncounterable {
            return;
        }
        self.emit(Event::Countered {
            card,
            ability: false,
        });
        let zone = match to {
            tolaria_cards::CounteredTo::Graveyard => Zone::Graveyard(owner),
            tolaria_cards::CounteredTo::RemovedFromGame => Zone::RemovedFromGame,
            tolaria_cards::CounteredTo::Hand => Zone::Hand(owner),
            tolaria_cards::CounteredTo::LibraryTop => Zone::Library(owner),
        };
        // 413.2f: "that spell's converted mana cost" (Draining Whelk) reads
        // the countered spell as it last existed on the stack.
        self.record_lki(o);
        // 502.40a: so do the cards spliced onto it (Minamo's Meddling).
        let spliced: Vec<tolaria_cards::CardId> = self
            .stack
            .iter()
            .find(|s| matches!(s.kind, StackKind::Spell { obj } if obj == o))
            .map(|s| s.spliced.iter().map(|x| x.card).collect())
            .unwrap_or_default();
        if let Some(r) = self.resolving.as_mut() {
            r.countered_spliced = spliced;
        }
        self.move_to(o, zone, MoveReason::Countered);
    }
}
