//! Resolving spells and abilities (413), countering (414), targets checked
//! on resolution (413.2a, 415), and the one-shot effects themselves (417).

use crate::engine::game_loop::{Flow, Resolving};
use crate::playing::targeting::{is_legal_target, slot_spec, SourceInfo};
use crate::state::stack::{StackKind, TriggerContext};
use crate::{
    Action, Decision, DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, StackItem, Target,
    Zone,
};
use serde::{Deserialize, Serialize};
use tolaria_cards::{
    db, Ability, Amount, CardId, Duration, Effect, ObjectRef, PlayerRef, Recipient, StaticAbility,
    TargetSpec,
};

/// What an effect needs to know about the spell or ability producing it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResolveCtx {
    pub controller: PlayerId,
    /// The spell itself, or the ability's source.
    pub source: ObjId,
    pub source_card: CardId,
    pub targets: Vec<Target>,
    /// Bit i set: target i is still legal (413.2a).
    pub legal: u64,
    pub x: u32,
    pub trigger: TriggerContext,
    pub optional: bool,
    /// 511.1: coin flips won so far in this resolution (`Amount::FlipsWon`).
    #[serde(default)]
    pub flips_won: u32,
    /// Called coin flips made so far in this resolution (`Amount::DoubledEachFlip`).
    #[serde(default)]
    pub flips: u32,
    /// 511.2: the player whose coin an effect refers to (`PlayerRef::Flipper`).
    #[serde(default)]
    pub flipper: Option<PlayerId>,
    /// 409.1h: the permanent sacrificed for the spell's cost (`ObjectRef::Sacrificed`).
    #[serde(default)]
    pub sacrificed: Option<ObjId>,
    /// 409.1h: the total power of the permanents sacrificed for the cost.
    #[serde(default)]
    pub sacrificed_power: i32,
    /// 409.1e: the division announced (`StackItem::division`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub division: Vec<u32>,
}

impl ResolveCtx {
    pub fn for_source(game: &Game, controller: PlayerId, source: ObjId) -> ResolveCtx {
        ResolveCtx {
            controller,
            source,
            source_card: game.objects[source.slot as usize].card,
            targets: Vec::new(),
            legal: 0,
            x: 0,
            trigger: TriggerContext::default(),
            optional: false,
            flips_won: 0,
            flips: 0,
            flipper: None,
            sacrificed: None,
            sacrificed_power: 0,
            division: Vec::new(),
        }
    }
    pub(crate) fn target(&self, i: u8) -> Option<Target> {
        if self.legal & (1 << i) != 0 {
            self.targets.get(i as usize).copied()
        } else {
            None
        }
    }
}

/// The effects of a stack item, from the static card data.
pub(crate) fn effects_of(game: &Game, item: &StackItem) -> &'static [Effect] {
    match &item.kind {
        StackKind::Spell { obj } => game.objects[obj.slot as usize]
            .spell_face()
            .spell
            .effects_for(item.mode),
        StackKind::Ability {
            ability, trigger, ..
        } => match ability.get_if(!trigger.delayed) {
            // 404.4: a delayed triggered ability does what its creating
            // effect says.
            _ if trigger.delayed => crate::resolution::delayed::delayed_effects_of(*ability),
            Some(Ability::Activated(a)) => &a.effects,
            Some(Ability::Triggered(t)) => &t.effects,
            _ => &[],
        },
        StackKind::CombatDamage(_) => &[],
    }
}

fn specs_of(game: &Game, item: &StackItem) -> &'static [TargetSpec] {
    match &item.kind {
        StackKind::Spell { obj } => game.objects[obj.slot as usize]
            .spell_face()
            .spell
            .targets_for(item.mode),
        StackKind::Ability {
            ability, trigger, ..
        } => match ability.get_if(!trigger.delayed) {
            // 404.4: a delayed triggered ability has no targets of its own.
            None => &[],
            Some(Ability::Activated(a)) => &a.targets,
            Some(Ability::Triggered(t)) => &t.targets,
            _ => &[],
        },
        StackKind::CombatDamage(_) => &[],
    }
}

impl Game {
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
        let (source, source_card, is_spell, trigger, optional) = match &item.kind {
            StackKind::Spell { obj } => (
                *obj,
                self.shown_card(*obj),
                true,
                TriggerContext::default(),
                false,
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
                let optional = matches!(ability, Some(Ability::Triggered(t)) if t.optional);
                (*source, *card, false, *trigger, optional)
            }
            StackKind::CombatDamage(_) => unreachable!(),
        };
        // 413.2a: check targets.
        let specs = specs_of(self, &item);
        let src = SourceInfo {
            trigger_player: trigger.player,
            ..SourceInfo::of(self, source, item.controller)
        };
        let mut legal = 0u64;
        for (i, &t) in item.targets.iter().enumerate() {
            if let Some((_, spec)) = slot_spec(specs, i) {
                if is_legal_target(self, spec, t, &src) {
                    legal |= 1 << i;
                }
            }
        }
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
            division: item.division.clone(),
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
            name_choice: None,
            inner: 0,
            flip: crate::engine::game_loop::FlipState::default(),
            paid: None,
            paid_branch: false,
            cards: Default::default(),
            copy_targets: Vec::new(),
            play_after: None,
            amplify_revealed: Vec::new(),
            amplify_done: false,
            madness: false,
            source_choice: None,
        };
        if optional {
            // 410.5: "you may" is chosen on resolution.
            let p = r.ctx.controller;
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
            let effects = effects_of(self, &r.item);
            if r.pc >= effects.len() {
                break;
            }
            let ctx = r.ctx.clone();
            let e = &effects[r.pc];
            // One effect is a unit that replacement choices replay (419.9a).
            let mut paused = None;
            // Warp World's choices are replayed too (`redeal.rs`).
            let asks = matches!(e, Effect::ShufflePermanentsAndRedeal);
            if !self.run_replayable_asking(
                crate::continuous::replacement::ReplayUnit::Effect,
                asks,
                |g| paused = g.exec_effect_pausable(&ctx, e),
            ) {
                return;
            }
            if let Some(d) = paused {
                self.decision = Some(d);
                self.flow = Flow::Resolving;
                return;
            }
            if let Some(r) = self.resolving.as_mut() {
                r.pc += 1;
                r.sub = 0;
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
    fn each_player_chooses(
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
            self.emit(Event::Resolved {
                card,
                ability: !matches!(r.item.kind, StackKind::Spell { .. }),
            });
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
                self.emit(Event::Resolved {
                    card,
                    ability: false,
                });
                if face.types.is_permanent() {
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
                    if let Some(new) =
                        self.put_into_play_as(obj, r.ctx.controller, MoveReason::Resolve, copy)
                    {
                        if suspend_haste {
                            self.suspend_haste(new, card, r.ctx.controller);
                        }
                        if let Some(color) = r.color_choice {
                            self.objects[new.slot as usize].chosen_color = Some(color);
                            let card = self.objects[new.slot as usize].card;
                            self.emit(Event::ColorChosen {
                                obj: new,
                                card,
                                color,
                            });
                        }
                        if let Some(subtype) = r.type_choice {
                            self.objects[new.slot as usize].chosen_type = Some(subtype);
                            let card = self.objects[new.slot as usize].card;
                            self.emit(Event::CreatureTypeChosen {
                                obj: new,
                                card,
                                subtype,
                            });
                        }
                        if let Some(name) = r.name_choice {
                            self.objects[new.slot as usize].chosen_name = Some(name);
                            let card = self.objects[new.slot as usize].card;
                            self.emit(Event::CardNamed {
                                obj: new,
                                card,
                                name,
                            });
                        }
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
                    // graveyard as it resolves."
                    self.move_to(obj, Zone::Hand(owner), MoveReason::Resolve);
                } else {
                    self.move_to(obj, Zone::Graveyard(owner), MoveReason::Resolve);
                }
            }
            _ => {
                self.emit(Event::Resolved {
                    card,
                    ability: true,
                });
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

    /// 502.37a: a permanent with sunburst coming into play from the stack
    /// gets a counter for each colour of mana spent on it: +1/+1 counters
    /// if it comes into play as a creature, charge counters otherwise
    /// (502.37d: each instance separately).
    fn sunburst(&mut self, new: ObjId, colors_spent: u8) {
        let instances = self.obj(new).map_or(0, |o| {
            db().get(o.card).faces[0]
                .abilities
                .iter()
                .filter(|a| matches!(a, Ability::Static(tolaria_cards::StaticAbility::Sunburst)))
                .count()
        });
        let n = (colors_spent & 0x1f).count_ones();
        if instances == 0 || n == 0 {
            return;
        }
        let kind = if crate::continuous::characteristics::compute(self, new).is_creature() {
            tolaria_cards::CounterKind::PlusOnePlusOne
        } else {
            tolaria_cards::CounterKind::Charge
        };
        for _ in 0..instances {
            let Some(o) = self.obj_mut(new) else { return };
            let amount = o.add_counters(kind, n as i32);
            let card = o.card;
            self.emit(Event::CountersPut {
                obj: new,
                card,
                kind,
                amount,
            });
        }
    }

    /// Puts (`delta` > 0) or removes counters of one kind on the objects,
    /// with an event for each object whose counters changed.
    pub(crate) fn change_counters(
        &mut self,
        ctx: &ResolveCtx,
        what: &ObjectRef,
        kind: tolaria_cards::CounterKind,
        delta: i32,
    ) {
        for o in self.objects_of(ctx, what) {
            let Some(obj) = self.obj_mut(o) else { continue };
            let amount = obj.add_counters(kind, delta);
            let card = obj.card;
            if amount == 0 {
                continue;
            }
            self.emit(if delta > 0 {
                Event::CountersPut {
                    obj: o,
                    card,
                    kind,
                    amount,
                }
            } else {
                Event::CountersRemoved {
                    obj: o,
                    card,
                    kind,
                    amount,
                }
            });
        }
    }

    /// 418.3: a continuous effect from a resolving spell or ability.
    /// 418.3b: the affected objects are locked in now; 418.5g: one
    /// timestamp for the whole effect.
    fn create_continuous(
        &mut self,
        ctx: &ResolveCtx,
        what: &ObjectRef,
        effect: tolaria_cards::LayerEffect,
        duration: Duration,
    ) {
        let mut effect = effect;
        // 413.2f: X is fixed as the effect is created.
        if effect.set_pt == Some(tolaria_cards::SetPt::X) {
            let x = ctx.x as i32;
            effect.set_pt = Some(tolaria_cards::SetPt::Fixed {
                power: x,
                toughness: x,
            });
        }
        let ts = self.stamp();
        let until_end_of_turn = duration == Duration::EndOfTurn;
        // 418.3d: "as long as [the source] remains tapped": if that
        // duration is already over, the effect does nothing.
        let while_tapped = (duration == Duration::WhileSourceTapped).then_some(ctx.source);
        if while_tapped.is_some_and(|s| {
            !self
                .obj(s)
                .is_some_and(|o| o.is_tapped() && o.zone == Zone::InPlay)
        }) {
            return;
        }
        let while_enchanted = duration == Duration::WhileEnchanted;
        for o in self.objects_of(ctx, what) {
            if !self.is_present(o) {
                continue;
            }
            // "For as long as that creature is enchanted": already over.
            if while_enchanted && !self.is_enchanted(o) {
                continue;
            }
            // An earlier identical effect on the same object, lasting as
            // long, is wholly overridden by this one when applying it twice
            // is applying it once (it sets values, adds types or
            // abilities): drop it, so repeated activations (Chimeric Staff
            // for X = 0) don't pile up effects.
            if effect.is_idempotent() {
                let controller = ctx.controller;
                self.effects.retain(|x| {
                    !(x.affected == o
                        && x.copy.is_none()
                        && x.effect == effect
                        && x.until_end_of_turn == until_end_of_turn
                        && x.while_tapped == while_tapped
                        && x.controller == controller)
                });
            }
            self.effects
                .push(crate::continuous::effects::ContinuousEffect {
                    timestamp: ts,
                    source_card: ctx.source_card,
                    controller: ctx.controller,
                    affected: o,
                    effect,
                    copy: None,
                    until_end_of_turn,
                    while_tapped,
                    while_enchanted,
                    while_controlled: false,
                });
            let card = self.objects[o.slot as usize].card;
            if effect.is_pump() {
                self.emit(Event::Pumped {
                    obj: o,
                    card,
                    power: effect.power,
                    toughness: effect.toughness,
                });
            } else {
                self.emit(Event::EffectCreated {
                    obj: o,
                    card,
                    what: effect.describe(),
                });
            }
        }
    }

    /// Puts the resolution on hold for a choice of its controller's
    /// (419.1b: how a permanent comes into play).
    fn pause_resolution(
        &mut self,
        r: Box<crate::engine::game_loop::Resolving>,
        kind: DecisionKind,
    ) {
        let player = r.ctx.controller;
        self.resolving = Some(r);
        self.decision = Some(Decision { player, kind });
        self.flow = Flow::Resolving;
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
            .is_some_and(|r| r.pc < effects_of(self, &r.item).len())
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
        if let (Some(r), Action::ChooseCreatureType(t)) = (self.resolving.as_mut(), action) {
            r.type_choice = Some(t);
        }
        self.finish_resolution();
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

    /// 503.2: the copiable values of a permanent: its own printed values,
    /// or those of the latest copy effect on it (a later copy effect
    /// overwrites an earlier one; a copy of a copy copies the original).
    pub fn copiable_values(&self, o: ObjId) -> crate::continuous::effects::Copiable {
        // 504.2, 503.2: a face-down object's copiable values are those the
        // rules that turned it face down list (Clone copying a face-down
        // creature is a nameless 2/2, 503.2's example).
        if self.objects[o.slot as usize].is_face_down() {
            return crate::continuous::effects::Copiable {
                card: db().face_down,
                token: None,
                gains: None,
                colors: None,
            };
        }
        self.underlying_copiable_values(o)
    }

    /// 504.7: the copiable values a face-down permanent would have if it
    /// were face up (its own, or those of the latest copy effect on it).
    pub fn underlying_copiable_values(&self, o: ObjId) -> crate::continuous::effects::Copiable {
        let latest = self
            .effects
            .iter()
            .filter(|e| e.affected == o)
            .filter_map(|e| e.copy.map(|c| (e.timestamp, c)))
            .max_by_key(|&(ts, _)| ts)
            .map(|(_, c)| c);
        latest.unwrap_or_else(|| {
            let obj = &self.objects[o.slot as usize];
            crate::continuous::effects::Copiable {
                card: obj.card,
                token: obj.token_src,
                gains: None,
                colors: None,
            }
        })
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
                let len = self
                    .resolving
                    .as_deref()
                    .map_or(0, |r| effects_of(self, &r.item).len());
                if let Some(r) = self.resolving.as_mut() {
                    r.pc = len;
                }
            }
            Action::ActivateMana {
                source,
                index,
                kind,
            } => {
                // 411: mana abilities while asked to pay (CounterUnlessPays).
                self.activate_mana(p, source, index, kind);
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
            Action::Yes | Action::No
                if matches!(self.current_effect(), Some(Effect::UnlessPays { .. }))
                    && self.resolving.as_ref().is_some_and(|r| r.paid.is_none()) =>
            {
                // 413.2c: pay the cost, or let the effects happen.
                self.on_pay_or_else(p, action == Action::Yes);
            }
            Action::No if matches!(self.current_effect(), Some(Effect::UnlessDiscard { .. })) => {
                // Declined to discard: the effects happen.
                if let Some(r) = self.resolving.as_mut() {
                    r.paid = Some(false);
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
            Action::No => {
                // Skip every effect.
                let len = self
                    .resolving
                    .as_deref()
                    .map_or(0, |r| effects_of(self, &r.item).len());
                if let Some(r) = self.resolving.as_mut() {
                    r.pc = len;
                }
            }
            Action::ChooseObject(o)
                if matches!(self.current_effect(), Some(Effect::UnlessPays { .. })) =>
            {
                // A permanent sacrificed as the cost is paid.
                self.on_unless_sacrifice(o);
            }
            Action::ChooseObject(o) => {
                match self.current_effect() {
                    Some(Effect::Discard { .. }) => self.discard(o),
                    Some(Effect::UnlessDiscard { .. }) => {
                        self.discard(o);
                        if let Some(r) = self.resolving.as_mut() {
                            r.paid = Some(true);
                        }
                    }
                    Some(Effect::ReturnChosen { .. }) => {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Hand(owner), MoveReason::ReturnToHand);
                    }
                    Some(Effect::Sacrifice { .. }) => {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
                    }
                    _ => {}
                }
                if let Some(r) = self.resolving.as_mut() {
                    r.sub += 1;
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
        match action {
            Action::ChooseOutside(i) => {
                let outside = &mut self.players[p.index()].outside;
                if (i as usize) < outside.len() {
                    let card = outside.remove(i as usize);
                    let id = self.create_card(card, p, Zone::Hand(p));
                    self.note_brought_from_outside(id);
                    self.emit(Event::FromOutsideTheGame {
                        player: p,
                        card,
                        removed: false,
                    });
                }
            }
            Action::ChooseFromMainGame(o) => self.bring_from_main_game(p, o),
            Action::ChooseObject(o) => {
                let card = self.objects[o.slot as usize].card;
                if self.move_to(o, Zone::Hand(p), MoveReason::Effect).is_some() {
                    self.emit(Event::FromOutsideTheGame {
                        player: p,
                        card,
                        removed: true,
                    });
                }
            }
            _ => {}
        }
        if let Some(r) = self.resolving.as_mut() {
            r.sub += 1;
        }
        self.run_resolution();
    }

    /// Runs an effect that may need a choice; returns the decision if so.
    fn exec_effect_pausable(&mut self, ctx: &ResolveCtx, e: &'static Effect) -> Option<Decision> {
        match e {
            Effect::CopySpell {
                what,
                new_targets,
                color,
            } => self.copy_spell(ctx, what, *new_targets, *color),
            Effect::ChangeTarget { what } => self.change_target(ctx, what),
            Effect::StormCopies => self.storm_copies(ctx),
            Effect::PreventDamageFromChosenSource {
                sources,
                to,
                next_only,
            } => self.shield_from_chosen_source(ctx, sources, to.as_ref(), *next_only),
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
                let sub = self.resolving.as_ref().map_or(0, |r| r.sub);
                let players = self.players_of(ctx, who);
                let n = self.amount(ctx, amount).max(0) as u32;
                // One player at a time (413.2d APNAP simplification for one player).
                let p = *players.first()?;
                let remaining = n.saturating_sub(sub).min(self.player(p).hand.len() as u32);
                if remaining == 0 {
                    return None;
                }
                Some(Decision {
                    player: p,
                    kind: DecisionKind::Discard { remaining },
                })
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
                    let len = self
                        .resolving
                        .as_deref()
                        .map_or(0, |r| effects_of(self, &r.item).len());
                    if let Some(r) = self.resolving.as_mut() {
                        r.pc = len;
                    }
                }
                None
            }
            Effect::IfKicked {
                which,
                then,
                otherwise,
            } => self.run_inner(ctx, self.kicked_branch(ctx, *which, then, otherwise)),
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
                for _ in 0..10_000 {
                    let done = self.resolving.as_ref().map_or(0, |r| r.flip.round.len());
                    if done < players.len() {
                        let p = players[done];
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
                                    r.flip.round.push(heads);
                                }
                            }
                        }
                        continue;
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
            Effect::CounterUnlessPays { what, generic, to } => {
                let paid = self.resolving.as_ref().and_then(|r| r.paid);
                let &o = self.objects_of(ctx, what).first()?;
                match paid {
                    Some(true) => {}
                    Some(false) => self.counter_spell_to(o, *to),
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
            Effect::AtEndOfCombat { .. } => {
                // 404.4: create the delayed triggered ability.
                self.create_delayed(ctx, crate::resolution::delayed::When::EndOfCombat);
                None
            }
            Effect::AtNextEndStep { .. } => {
                self.create_delayed(ctx, crate::resolution::delayed::When::NextEndStep);
                None
            }
            Effect::WhenDiesThisTurn { what, .. } => {
                // 404.4: one delayed ability per object watched, if it is
                // still in play (an object that left is a new object,
                // 217.1c, and can't be put into a graveyard from play).
                for o in self.objects_of(ctx, what) {
                    if self.is_in_play(o) {
                        self.create_delayed(ctx, crate::resolution::delayed::When::Dies(o));
                    }
                }
                None
            }
            Effect::AtNextUpkeep { yours, .. } => {
                let when = if *yours {
                    crate::resolution::delayed::When::YourNextUpkeep
                } else {
                    crate::resolution::delayed::When::NextUpkeep
                };
                self.create_delayed(ctx, when);
                None
            }
            Effect::UnlessDiscard { filter, effects } => {
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
                        let can = self.player(p).hand.iter().any(|&c| {
                            crate::continuous::filter::matches_card(
                                filter,
                                self.objects[c.slot as usize].card,
                            )
                        });
                        if can {
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
                effects, if_paid, ..
            } => self.resolve_unless_pays(ctx, effects, if_paid),
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
            _ => {
                if let Some(d) = self.card_effect(ctx, e) {
                    return d;
                }
                self.exec_effect(ctx, e);
                None
            }
        }
    }

    pub(crate) fn players_of(&self, ctx: &ResolveCtx, r: &PlayerRef) -> Vec<PlayerId> {
        match r {
            PlayerRef::You => vec![ctx.controller],
            PlayerRef::Target(i) => match ctx.target(*i) {
                Some(Target::Player(p)) => vec![p],
                _ => vec![],
            },
            PlayerRef::ControllerOf(o) => self
                .objects_of(ctx, o)
                .iter()
                .map(|&id| self.controller_or_lki(id))
                .take(1)
                .collect(),
            PlayerRef::OwnerOf(o) => self
                .objects_of(ctx, o)
                .iter()
                .map(|&id| self.objects[id.slot as usize].owner)
                .take(1)
                .collect(),
            PlayerRef::EachPlayer => self.apnap_from(self.active).collect(),
            PlayerRef::EachOpponent => self
                .apnap_from(self.active)
                .filter(|&p| p != ctx.controller)
                .collect(),
            PlayerRef::Triggering => ctx.trigger.player.into_iter().collect(),
            PlayerRef::Flipper => ctx.flipper.into_iter().collect(),
            PlayerRef::NotWinningSubgame => self.not_winning_subgame(),
        }
    }

    fn controller_or_lki(&self, id: ObjId) -> PlayerId {
        match self.obj(id) {
            Some(o) => o.controller,
            None => self
                .last_known(id)
                .map(|l| l.controller)
                .unwrap_or(self.objects[id.slot as usize].owner),
        }
    }

    /// Objects an effect refers to. A target that left its zone is kept (its
    /// id is stale) so that last known information can be read from it.
    pub(crate) fn objects_of(&self, ctx: &ResolveCtx, r: &ObjectRef) -> Vec<ObjId> {
        match r {
            ObjectRef::This => vec![ctx.source],
            ObjectRef::Target(i) => match ctx.targets.get(*i as usize) {
                Some(Target::Object(o)) if ctx.legal & (1 << i) != 0 || self.obj(*o).is_none() => {
                    vec![*o]
                }
                _ => vec![],
            },
            ObjectRef::Attached => match self.obj(ctx.source).and_then(|o| o.attached_to) {
                Some(Target::Object(o)) => vec![o],
                _ => vec![],
            },
            ObjectRef::Triggering => ctx.trigger.object.into_iter().collect(),
            ObjectRef::Sacrificed => ctx.sacrificed.into_iter().collect(),
            // 309: the blocks with the target in them now (blocker, attacker).
            ObjectRef::BlockingOrBlockedBy(i) => match ctx.target(*i) {
                Some(Target::Object(t)) => {
                    let mut v: Vec<ObjId> = self
                        .combat
                        .blocks
                        .iter()
                        .filter_map(|&(b, a)| {
                            if a == t {
                                Some(b)
                            } else if b == t {
                                Some(a)
                            } else {
                                None
                            }
                        })
                        .filter(|&o| self.is_present(o))
                        .collect();
                    v.sort_by_key(|o| o.slot);
                    v.dedup();
                    v
                }
                _ => vec![],
            },
            // Each target from the i-th on, as `Target(i)` keeps each.
            ObjectRef::Targets(i) => (*i as usize..ctx.targets.len())
                .filter_map(|k| match ctx.targets[k] {
                    Target::Object(o) if ctx.legal & (1 << k) != 0 || self.obj(o).is_none() => {
                        Some(o)
                    }
                    _ => None,
                })
                .collect(),
            ObjectRef::Each(f) => {
                // "creatures target player controls": that player's, if the
                // target is still legal (413.2b: else none).
                let controlled_by = match f.controller {
                    tolaria_cards::ControllerFilter::TargetPlayer(i) => match ctx.target(i) {
                        Some(Target::Player(p)) => Some(p),
                        _ => return Vec::new(),
                    },
                    _ => None,
                };
                self.in_play
                    .iter()
                    .copied()
                    .filter(|&o| {
                        self.is_present(o)
                            && controlled_by
                                .is_none_or(|p| self.objects[o.slot as usize].controller == p)
                            && crate::continuous::filter::matches(
                                self,
                                f,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                    })
                    .collect()
            }
        }
    }

    pub(crate) fn amount(&self, ctx: &ResolveCtx, a: &Amount) -> i32 {
        match a {
            Amount::Fixed(n) => *n,
            Amount::X => ctx.x as i32,
            Amount::Times(n, each) => n.saturating_mul(self.amount(ctx, each)),
            Amount::Minus(a, b) => (self.amount(ctx, a) - self.amount(ctx, b)).max(0),
            Amount::CountControlledBy(who, f) => {
                let Some(&p) = self.players_of(ctx, who).first() else {
                    return 0;
                };
                self.in_play
                    .iter()
                    .filter(|&&o| {
                        self.is_present(o)
                            && self.objects[o.slot as usize].controller == p
                            && crate::continuous::filter::matches(
                                self,
                                f,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                    })
                    .count() as i32
            }
            Amount::PowerOf(o) | Amount::ToughnessOf(o) => {
                let power = matches!(a, Amount::PowerOf(_));
                let Some(&id) = self.objects_of(ctx, o).first() else {
                    return 0;
                };
                if self.is_in_play(id) {
                    let ch = crate::continuous::characteristics::compute(self, id);
                    if power {
                        ch.power
                    } else {
                        ch.toughness
                    }
                } else {
                    // 413.2f: last known information.
                    self.last_known(id)
                        .map_or(0, |l| if power { l.power } else { l.toughness })
                }
            }
            Amount::OthersWithSameName { what, filter } => {
                // The object's name now, or as it last existed in play.
                let Some(&id) = self.objects_of(ctx, what).first() else {
                    return 0;
                };
                if !self.is_present(id) {
                    return 0;
                }
                let name = self.chars(id).name();
                self.in_play
                    .iter()
                    .filter(|&&o| {
                        o != id
                            && self.is_present(o)
                            && crate::continuous::filter::matches(
                                self,
                                filter,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                            && self.chars(o).has_name(name)
                    })
                    .count() as i32
            }
            Amount::CountOf(f) => self
                .in_play
                .iter()
                .filter(|&&o| {
                    self.is_present(o)
                        && crate::continuous::filter::matches(
                            self,
                            f,
                            o,
                            Some(ctx.source),
                            ctx.controller,
                        )
                })
                .count() as i32,
            Amount::CardsInHand(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| self.player(*p).hand.len() as i32),
            Amount::CardsFewerThanInHand { who, than } => self
                .players_of(ctx, who)
                .first()
                .map_or(0, |p| (*than - self.player(*p).hand.len() as i32).max(0)),
            Amount::CardsInGraveyard(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| self.player(*p).graveyard.len() as i32),
            Amount::ConvertedManaCostOf(o) => {
                let Some(&id) = self.objects_of(ctx, o).first() else {
                    return 0;
                };
                if self.obj(id).is_some() {
                    crate::continuous::filter::converted_mana_cost(self, id) as i32
                } else {
                    self.last_known(id)
                        .map_or(0, |l| i32::from(l.converted_mana_cost))
                }
            }
            Amount::GraveyardCardsMatching { who, filter } => {
                let players = match who {
                    Some(w) => self.players_of(ctx, w),
                    None => (0..self.players.len() as u8).map(PlayerId).collect(),
                };
                players
                    .iter()
                    .flat_map(|&p| self.player(p).graveyard.iter())
                    .filter(|&&c| {
                        crate::continuous::filter::matches_card(
                            filter,
                            self.objects[c.slot as usize].card,
                        )
                    })
                    .count() as i32
            }
            // Domain: the basic land types among the lands a player
            // controls, from their computed subtypes (205.3h).
            Amount::BasicLandTypes(p) => self.players_of(ctx, p).first().map_or(0, |&p| {
                let mut seen = 0u8;
                for o in self.controlled_by(p) {
                    let ch = self.chars(o);
                    if ch.is(tolaria_cards::CardType::Land) {
                        for st in ch.subtypes.iter() {
                            if let Some(b) = st.basic_land_type() {
                                seen |= 1 << (b as u8);
                            }
                        }
                    }
                }
                seen.count_ones() as i32
            }),
            Amount::Triggered => ctx.trigger.amount as i32,
            Amount::FlipsWon => ctx.flips_won as i32,
            // Per affected player only (`amount_for`); with no player, none.
            Amount::HalfTheirLifeRoundedUp => 0,
            Amount::HalfLifeRoundedUp(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| (self.player(*p).life.max(0) + 1) / 2),
            Amount::LifeTotal(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| self.player(*p).life),
            Amount::HalfLibraryRoundedDown(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| (self.player(*p).library.len() / 2) as i32),
            Amount::DoubledEachFlip(n) => {
                n.saturating_mul(1 << ctx.flips.saturating_sub(1).min(30))
            }
            Amount::CountTheyControl(_) => self.amount_for(ctx, a, ctx.controller),
            Amount::CreaturesBlocking(o) => self
                .objects_of(ctx, o)
                .first()
                .map_or(0, |&a| self.combat.blockers_of(a).count() as i32),
            Amount::BlockersBeyondFirst(o) => self.objects_of(ctx, o).first().map_or(0, |&a| {
                (self.combat.blockers_of(a).count() as i32 - 1).max(0)
            }),
            Amount::SacrificedPower => ctx.sacrificed_power,
            Amount::LegalTargets(i) => (*i as usize..ctx.targets.len())
                .filter(|&k| ctx.legal & (1 << k) != 0)
                .count() as i32,
            Amount::CountersOn(kind, o) => {
                let Some(&id) = self.objects_of(ctx, o).first() else {
                    return 0;
                };
                if self.is_in_play(id) {
                    self.objects[id.slot as usize].counters_of(*kind) as i32
                } else {
                    // 413.2f: as it last existed in play.
                    self.last_known(id)
                        .map_or(0, |l| l.counters_of(*kind) as i32)
                }
            }
        }
    }

    /// An amount for one of the players an effect applies to: "for each
    /// creature they control" counts that player's (Stronghold Discipline).
    pub(crate) fn amount_for(&self, ctx: &ResolveCtx, a: &Amount, p: PlayerId) -> i32 {
        match a {
            Amount::CountTheyControl(f) => self
                .in_play
                .iter()
                .filter(|&&o| {
                    self.is_present(o)
                        && self.objects[o.slot as usize].controller == p
                        && crate::continuous::filter::matches(
                            self,
                            f,
                            o,
                            Some(ctx.source),
                            ctx.controller,
                        )
                })
                .count() as i32,
            Amount::Times(n, each) => n.saturating_mul(self.amount_for(ctx, each, p)),
            Amount::HalfTheirLifeRoundedUp => (self.player(p).life.max(0) + 1) / 2,
            _ => self.amount(ctx, a),
        }
    }

    /// Radiance: the target creature and each other creature in play that
    /// shares a colour with it now, as the effect resolves (419.7d:
    /// creatures that change colour or come into play later are not
    /// included). A colourless target shares a colour with nothing.
    fn radiance(&self, ctx: &ResolveCtx, i: u8) -> Vec<Target> {
        let Some(Target::Object(t)) = ctx.target(i) else {
            return Vec::new();
        };
        let colors = self.chars(t).colors;
        let mut v = vec![Target::Object(t)];
        v.extend(
            self.in_play
                .iter()
                .copied()
                .filter(|&o| o != t && self.is_present(o))
                .filter(|&o| {
                    let ch = self.chars(o);
                    ch.is_creature() && ch.colors.intersects(colors)
                })
                .map(Target::Object),
        );
        v
    }

    /// Runs one effect that needs no choice (417).
    pub(crate) fn exec_effect(&mut self, ctx: &ResolveCtx, e: &Effect) {
        match e {
            // The colour is chosen on resolution (exec_effect_pausable).
            Effect::ContinuousChosenColor { .. } => {}
            // 503.10, 415.7: these ask for targets (exec_effect_pausable).
            Effect::CopySpell { .. } | Effect::ChangeTarget { .. } | Effect::StormCopies => {}
            // 419.8a: the source is chosen on resolution (exec_effect_pausable).
            Effect::PreventDamageFromChosenSource { .. } => {}
            // The name is chosen on resolution (exec_effect_pausable).
            Effect::NameCard { .. } => {}
            Effect::ShufflePermanentsAndRedeal => self.shuffle_permanents_and_redeal(ctx),
            Effect::DealDamage { amount, to } => {
                let n = self.amount(ctx, amount).max(0) as u32;
                let src = SourceInfo::of(self, ctx.source, ctx.controller);
                let recipients: Vec<Target> = match to {
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
                };
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
            Effect::LoseLife { who, amount } => {
                for p in self.players_of(ctx, who) {
                    let n = self.amount_for(ctx, amount, p).max(0) as u32;
                    self.lose_life(p, n);
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
                        self.discard(card);
                    }
                }
            }
            Effect::Discard { .. } | Effect::Sacrifice { .. } => {
                // Choices are handled by exec_effect_pausable.
            }
            Effect::Destroy { what, no_regen } => {
                for o in self.objects_of(ctx, what) {
                    if self.is_present(o) {
                        self.destroy(o, *no_regen, MoveReason::Destroy);
                    }
                }
            }
            Effect::RemoveFromGame { what } => {
                for o in self.objects_of(ctx, what) {
                    if self.obj(o).is_some() {
                        self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                    }
                }
            }
            Effect::ReturnToHand { what } => {
                for o in self.objects_of(ctx, what) {
                    // "When Rancor is put into a graveyard from play, return
                    // Rancor to its owner's hand": the card it became there.
                    let o = match what {
                        ObjectRef::This => self.followed_to_graveyard(o).unwrap_or(o),
                        _ => o,
                    };
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
            Effect::IfKicked {
                which,
                then,
                otherwise,
            } => {
                for e in self.kicked_branch(ctx, *which, then, otherwise) {
                    self.exec_effect(ctx, e);
                }
            }
            Effect::IfCondition { condition, effects } => {
                if crate::mechanics::flip::holds_on_resolution(self, ctx, condition) {
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
            Effect::PutSelfIntoPlayAttacking => self.ninjutsu_into_play(ctx),
            // 502.29a: a requirement on the declaration of blockers (500.1),
            // obeyed as far as possible (500.4, `blocks.rs`).
            Effect::BlocksThisCombatIfAble { blocker, attacker } => {
                for b in self.objects_of(ctx, blocker) {
                    for a in self.objects_of(ctx, attacker) {
                        if self.is_present(b) && self.combat.is_attacking(a) {
                            self.combat.provoked.push((b, a));
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
            }
            Effect::Continuous {
                what,
                effect,
                duration,
            } => self.create_continuous(ctx, what, *effect, *duration),
            // Chooses words first (see `exec_effect_pausable`).
            Effect::ChangeText { .. } => {}
            Effect::UnlessDiscard { .. }
            | Effect::UnlessPays { .. }
            | Effect::RemoveCounterElse { .. }
            | Effect::CounterUnlessPays { .. }
            | Effect::Recover { .. }
            | Effect::AtEndOfCombat { .. }
            | Effect::AtNextUpkeep { .. }
            | Effect::AtNextEndStep { .. }
            | Effect::WhenDiesThisTurn { .. }
            | Effect::IfControlsNone { .. }
            | Effect::ReturnChosen { .. }
            | Effect::TapOrUntap { .. }
            | Effect::PhaseOutChosenKind { .. } => {
                // Choices are handled by exec_effect_pausable.
            }
            // Only inside a triggered mana ability, which knows what the
            // triggering ability produced (`triggered_mana_abilities`).
            Effect::AddManaProduced { .. } => {}
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
            Effect::CantBlockThisThisTurn { what } => {
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
            Effect::CantBeBlockedThisTurn { what } => {
                for o in self.objects_of(ctx, what) {
                    if let Some(obj) = self.obj_mut(o) {
                        obj.unblockable_this_turn = true;
                    }
                }
            }
            Effect::CantBlockThisTurn { what } => {
                for o in self.objects_of(ctx, what) {
                    if let Some(obj) = self.obj_mut(o) {
                        obj.cant_block_this_turn = true;
                    }
                }
            }
            Effect::Counter { what, to } => {
                for o in self.objects_of(ctx, what) {
                    self.counter_spell_to(o, *to);
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
                let Some(mut src) = crate::state::object::TokenSource::find(ctx.source_card, e)
                else {
                    return;
                };
                // 216.2: "an X/X token, where X is …": X is taken now.
                if let Some(x) = &token.pt_x {
                    src.x = self.amount(ctx, x);
                }
                let n = self.amount(ctx, amount).max(0);
                for p in self.players_of(ctx, who) {
                    // 600.4b: no token is created for a player who left the game.
                    if self.player(p).left_game {
                        continue;
                    }
                    for _ in 0..n {
                        let id = self.create_token(p, src);
                        self.emit(Event::TokenCreated { obj: id, player: p });
                    }
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
            Effect::PreventAllCombatDamage => self.prevent_combat_damage = true,
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
                    })
            }
            Effect::DrawsInsteadThisTurn { who } => {
                for p in self.players_of(ctx, who) {
                    self.draw_rules
                        .push(crate::continuous::draw_replacement::DrawRule {
                            card: ctx.source_card,
                            controller: ctx.controller,
                            player: p,
                        });
                }
            }
            Effect::PreventDamageBySources {
                sources,
                to_players_only,
            } => {
                self.damage_prevention_rules
                    .push(crate::continuous::replacement::PreventionRule {
                        card: ctx.source_card,
                        controller: ctx.controller,
                        sources: sources.clone(),
                        to_players_only: *to_players_only,
                    })
            }
            Effect::Attach { what, to } => {
                // 502.33: attach an Equipment to a creature (it stays in play).
                let target = self
                    .objects_of(ctx, to)
                    .into_iter()
                    .find(|&o| self.is_present(o));
                for o in self.objects_of(ctx, what) {
                    if let (Some(t), true) = (target, self.is_present(o)) {
                        if t != o {
                            self.attach(o, Target::Object(t));
                        }
                    }
                }
            }
            Effect::ControlNextTurn { who } => {
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
            Effect::SkipNextTurn { who } => {
                // 419.6f: two skip effects skip the next two turns.
                for p in self.players_of(ctx, who) {
                    let pl = self.player_mut(p);
                    pl.turns_to_skip = pl.turns_to_skip.saturating_add(1);
                }
            }
            Effect::EndTheTurn => self.ending_turn = true,
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
                        self.objects[o.slot as usize].no_regen_this_turn = true;
                    }
                }
            }
            Effect::SacrificeThese { what } => {
                // 501.3: each is sacrificed by its controller (no choice).
                for o in self.objects_of(ctx, what) {
                    if self.is_present(o) {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
                    }
                }
            }
            Effect::RemoveFromCombat { what } => {
                for o in self.objects_of(ctx, what) {
                    if self.combat.remove(o) {
                        let card = self.objects[o.slot as usize].card;
                        self.emit(Event::RemovedFromCombat { obj: o, card });
                    }
                }
            }
            Effect::AdditionalCombatPhase => {
                self.extra_phases.combats += 1;
            }
            Effect::ExtraTurn { who } => {
                for p in self.players_of(ctx, who) {
                    self.extra_turns.push(p);
                }
            }
            Effect::Mill { .. }
            | Effect::LookAtHand { .. }
            | Effect::DiscardHand { .. }
            | Effect::RevealHandDiscard { .. }
            | Effect::RemoveAllFromGraveyardHandLibrary { .. }
            | Effect::RevealTop { .. }
            | Effect::PutIntoPlay { .. }
            | Effect::ShuffleIntoLibrary { .. }
            | Effect::ShuffleGraveyardIntoLibrary { .. }
            | Effect::PutOnLibrary { .. }
            | Effect::RemoveTopCards { .. }
            | Effect::ReturnSelfFromGraveyard
            | Effect::ReturnFromGraveyardThisTurn { .. }
            | Effect::ReturnOwnedToHand { .. } => {
                self.exec_card_effect(ctx, e);
            }
            Effect::SearchLibrary { .. }
            | Effect::LookAtTop { .. }
            | Effect::ChooseFromHand { .. }
            | Effect::HandOnLibraryThenSearch { .. }
            | Effect::PutAuraIntoPlayAttached { .. }
            | Effect::MoveAura { .. }
            | Effect::Ripple(_)
            | Effect::PutFromHand { .. } => {
                // Choices: they run in exec_effect_pausable (library.rs).
            }
            Effect::PlaySubgame => {
                // 506: runs in exec_effect_pausable (the main game stops).
            }
            Effect::FlipCoin { .. }
            | Effect::WishFromOutside { .. }
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

    /// 511.1: `p` calls (a decision) and flips; only `p` wins or loses.
    /// Returns `Some(Ok(won))` once flipped, `Some(Err(decision))` while a
    /// choice is pending (`None` only if nothing is resolving).
    fn called_flip(&mut self, p: PlayerId) -> Option<Result<bool, Decision>> {
        let call = self.resolving.as_ref()?.flip.call;
        let Some(call) = call else {
            return Some(Err(Decision {
                player: p,
                kind: DecisionKind::CallCoin,
            }));
        };
        let heads = match self.coin(p) {
            Ok(h) => h,
            Err(d) => return Some(Err(d)),
        };
        let won = heads == call;
        self.emit(Event::CoinFlipped {
            player: p,
            call: Some(call),
            heads,
            won: Some(won),
        });
        let r = self.resolving.as_mut()?;
        r.flip.call = None;
        r.flip.outcome = Some(won);
        r.ctx.flips += 1;
        if won {
            r.ctx.flips_won += 1;
        } else {
            r.flip.lost = true;
        }
        Some(Ok(won))
    }

    /// One coin flipped by `p` from the game's generator: heads or tails.
    /// 419.1: with Krark's Thumb ("If you would flip a coin, instead flip two
    /// coins and ignore one") `p` flips two coins per Thumb they control
    /// (each Thumb doubles) and, if the coins differ, chooses which to keep
    /// (a decision).
    fn coin(&mut self, p: PlayerId) -> Result<bool, Decision> {
        let thumb = self.controlled_by(p).find(|&o| {
            self.objects[o.slot as usize]
                .def()
                .front()
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::Static(StaticAbility::FlipTwoIgnoreOne)))
        });
        let Some(thumb) = thumb else {
            return Ok(self.rng.below(2) == 0);
        };
        let thumb_card = self.objects[thumb.slot as usize].card;
        if let Some(r) = self.resolving.as_mut() {
            if let Some(heads) = r.flip.kept.take() {
                let flipped = std::mem::take(&mut r.flip.coins);
                r.flip.choosing = false;
                self.emit(Event::CoinKept {
                    player: p,
                    card: thumb_card,
                    flipped,
                    heads,
                });
                return Ok(heads);
            }
        }
        let thumbs = self
            .controlled_by(p)
            .filter(|&o| {
                self.objects[o.slot as usize]
                    .def()
                    .front()
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::Static(StaticAbility::FlipTwoIgnoreOne)))
            })
            .count()
            .min(4);
        let n = 1u8 << thumbs;
        let heads = (0..n).filter(|_| self.rng.below(2) == 0).count() as u8;
        if heads == 0 || heads == n {
            self.emit(Event::CoinKept {
                player: p,
                card: thumb_card,
                flipped: n,
                heads: heads == n,
            });
            return Ok(heads == n);
        }
        if let Some(r) = self.resolving.as_mut() {
            r.flip.coins = n;
            r.flip.choosing = true;
        }
        Err(Decision {
            player: p,
            kind: DecisionKind::KeepCoin,
        })
    }

    /// 502.21b: the instructions of an "If this spell was kicked" effect
    /// that apply: `then` if the kicker cost was paid for the spell (or
    /// the permanent with the ability), else `otherwise`.
    fn kicked_branch<'e>(
        &self,
        ctx: &ResolveCtx,
        which: Option<u8>,
        then: &'e [Effect],
        otherwise: &'e [Effect],
    ) -> &'e [Effect] {
        let flags = self.objects[ctx.source.slot as usize].flags;
        if crate::state::object::kicked_with(flags, which) {
            then
        } else {
            otherwise
        }
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
            // The resolution's flips so far (Amount::FlipsWon) are in the stored ctx.
            let mut c = ctx.clone();
            if let Some(r) = self.resolving.as_ref() {
                c.flips_won = r.ctx.flips_won;
                c.flips = r.ctx.flips;
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
        let e = effects_of(self, &r.item).get(r.pc)?;
        let inner = match e {
            Effect::FlipCoin { won, lost, .. } => match r.flip.outcome {
                Some(true) => won.get(r.inner as usize),
                Some(false) => lost.get(r.inner as usize),
                None => None,
            },
            Effect::IfFlipsWon { effects, .. } => effects.get(r.inner as usize),
            Effect::IfKicked {
                which,
                then,
                otherwise,
            } => self
                .kicked_branch(&r.ctx, *which, then, otherwise)
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

    /// 414: counter a spell: it goes to its owner's graveyard.
    /// 414: counters a spell, its card going to its owner's graveyard or
    /// where the counter effect says instead (Dissipate, Remand, Memory Lapse).
    fn counter_spell_to(&mut self, o: ObjId, to: tolaria_cards::CounteredTo) {
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
        self.move_to(o, zone, MoveReason::Countered);
    }

    /// 501.4 destroy, replaced by regeneration (501.5) when a shield exists.
    pub(crate) fn destroy(&mut self, o: ObjId, no_regen: bool, reason: MoveReason) {
        let Some(obj) = self.obj(o) else { return };
        // Glossary, Indestructible: rules and effects can't destroy it
        // (nothing to regenerate from either).
        if obj.zone == Zone::InPlay
            && crate::continuous::characteristics::compute(self, o)
                .has(tolaria_cards::Keyword::Indestructible)
        {
            return;
        }
        let can_regen = !no_regen && !obj.no_regen_this_turn && obj.regen_shields > 0;
        if can_regen {
            let obj = self.obj_mut(o).expect("checked");
            obj.regen_shields -= 1;
            obj.damage = 0;
            let card = obj.card;
            self.tap(o);
            if self.combat.remove(o) {
                self.emit(Event::RemovedFromCombat { obj: o, card });
            }
            self.emit(Event::Regenerated { obj: o, card });
            return;
        }
        let owner = obj.owner;
        self.move_to(o, Zone::Graveyard(owner), reason);
    }
}

/// 503: the filter of a permanent spell's "as [this] comes into play, you
/// may choose a [filter] … to copy" ability, if it has one.
pub(crate) fn copy_filter(
    game: &Game,
    item: &StackItem,
) -> Option<&'static tolaria_cards::ObjectFilter> {
    let StackKind::Spell { obj } = item.kind else {
        return None;
    };
    game.objects[obj.slot as usize]
        .spell_face()
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Static(tolaria_cards::StaticAbility::ComesIntoPlayAsCopy(f)) => Some(f),
            _ => None,
        })
}

/// 503.9: the copiable values a permanent coming into play as a copy of
/// `values` gets, with its own copy exceptions (Vesuvan Doppelganger: it
/// keeps its colour and has the ability in quotes).
fn copy_with_exceptions(
    card: tolaria_cards::CardId,
    mut values: crate::continuous::effects::Copiable,
) -> crate::continuous::effects::Copiable {
    let face = &db().get(card).faces[0];
    for a in &face.abilities {
        if let Ability::Static(tolaria_cards::StaticAbility::CopyExceptions { keeps_color, has }) =
            a
        {
            if *keeps_color {
                values.colors = Some(face.colors);
            }
            if let Some(index) = *has {
                values.gains = Some(tolaria_cards::AbilityRef::Granted {
                    card,
                    face: 0,
                    index,
                });
            }
        }
    }
    values
}

/// 419.1b: does this card make this choice as it comes into play?
fn enters_with_choice(card: tolaria_cards::CardId, choice: tolaria_cards::StaticAbility) -> bool {
    db().get(card).faces[0]
        .abilities
        .iter()
        .any(|a| matches!(a, Ability::Static(s) if *s == choice))
}

/// 419.1b: does this card name a card as it comes into play ("name a
/// card": `Some(false)`; "name a nonland card": `Some(true)`)?
fn names_card_as_it_enters(card: tolaria_cards::CardId) -> Option<bool> {
    db().get(card).faces[0]
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Static(tolaria_cards::StaticAbility::AsComesIntoPlayNameCard { nonland }) => {
                Some(*nonland)
            }
            _ => None,
        })
}

/// 419.1b: does this card choose a colour as it comes into play?
fn chooses_color_as_it_enters(card: tolaria_cards::CardId) -> bool {
    db().get(card).faces[0].abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Static(tolaria_cards::StaticAbility::AsComesIntoPlayChooseColor)
        )
    })
}

/// The card a resolving permanent spell comes into play as: the card
/// chosen to copy (503), else its own.
pub(crate) fn entering_card(
    game: &Game,
    r: &crate::engine::game_loop::Resolving,
) -> tolaria_cards::CardId {
    r.copy_choice
        .flatten()
        .filter(|&o| game.is_present(o))
        .map_or(r.ctx.source_card, |o| game.copiable_values(o).card)
}
