//! Replacement and prevention effects on damage (419), and the choices they
//! call for.
//!
//! A damage event is built as it would happen (419.5), then the effects that
//! apply to it modify it one at a time: protection (502.7e), "prevent all
//! combat damage" (Holy Day), prevention shields (419.7b), and the static
//! abilities of permanents in play: redirection (419.6c, Pariah), doubling
//! (419.1a, Furnace of Rath), "prevent all damage that would be dealt to"
//! (419.1d, Cho-Manno). Each effect applies at most once to an event
//! (419.6a); an effect can become applicable because of another (419.9b,
//! after a redirection). When two or more apply and the order matters, the
//! affected player, or the affected creature's controller, chooses which
//! applies first (419.9a): a decision.
//!
//! The decision comes up in the middle of an effect or of combat damage, so
//! the engine replays (decision 2: resolving effects pause and resume
//! through the same loop): before a unit that could ask (one effect of a
//! resolving spell or ability, or a combat damage object) the game is
//! snapshotted if more than one replacement source exists; when a choice
//! has no recorded answer, the unit's changes are discarded, the decision
//! is asked, and the unit runs again from the snapshot with the answers so
//! far (`Replay`).

use crate::continuous::damage_shape::ShapeResult;
use crate::continuous::source::SourceInfo;
use crate::continuous::source::SourceProps;
use crate::{Decision, DecisionKind, Event, Game, ObjId, PlayerId, Target};
use serde::{Deserialize, Serialize};
use tolaria_cards::{
    Ability, Affected, CardId, DamageReplacement, GraveyardInstead, GraveyardWhat, StaticAbility,
};

/// Answers to the choices of the unit being run (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// The answers given so far, in the order the unit asks.
    pub answers: Vec<u8>,
    /// How many answers the current run has used.
    pub cursor: usize,
    /// A choice the current run found no answer for.
    pub question: Option<Decision>,
    /// What runs again once the question is answered.
    pub unit: ReplayUnit,
    /// A replayable unit is running (choices can be asked).
    pub active: bool,
}

/// A unit of play that can be replayed with answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplayUnit {
    /// The current effect of the resolving spell or ability.
    #[default]
    Effect,
    /// The combat damage object on top of the stack (310.4).
    CombatDamage,
    /// One round of state-based effects (420.3) before `PlayerId` gets priority.
    StateBasedEffects(PlayerId),
    /// The draw step's draw (the turn-based action, 303.1), which a
    /// replacement effect's choices may interrupt (419.1a, Abundance).
    DrawStep,
}

/// 418.3b: a resolved "prevent all damage that [sources] would deal this
/// turn" effect: it modifies the rules of the game, so the sources are
/// judged as each damage event happens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PreventionRule {
    /// The card whose effect this is.
    pub card: CardId,
    pub controller: PlayerId,
    pub sources: tolaria_cards::ObjectFilter,
    /// "… to players".
    pub to_players_only: bool,
    /// "all combat damage" (Frontline Strategist).
    #[serde(default)]
    pub combat_only: bool,
}

/// 419.6c: a resolved "combat damage that would be dealt to `player` by
/// unblocked creatures this turn is dealt to `to` instead" (Kjeldoran
/// Royal Guard); it ends in the cleanup step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RedirectRule {
    pub card: CardId,
    pub player: PlayerId,
    pub to: ObjId,
    /// "All damage that would be dealt to [this object] this turn is dealt
    /// to [`to`] instead" (Karona's Zealot): any damage to this object, not
    /// combat damage to `player`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_object: Option<ObjId>,
}

pub use crate::continuous::shield::Shield;
use crate::continuous::shield::{ShieldFollowUp, ShieldUse};

/// One damage event, as it would happen (419.5).
pub(crate) struct DamageEvent {
    pub(crate) source: ObjId,
    pub(crate) source_card: CardId,
    pub(crate) to: Target,
    pub(crate) amount: u32,
    pub(crate) combat: bool,
}

/// What a shield adds after the event it applied to.
enum After {
    /// This much is dealt to this recipient, as an event of its own.
    Split(Target, u32),
    /// Damage dealt after the event (Eye for an Eye).
    FollowUp(ShieldFollowUp),
}

/// A replacement or prevention effect that applies to a damage event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Applicable {
    /// 502.7e: protection prevents the damage.
    Protection,
    /// "Prevent all combat damage that would be dealt this turn."
    PreventAllCombat,
    /// 418.3b: a `PreventionRule` (its place in `Game::damage_prevention_rules`).
    PreventionRule(usize),
    /// 419.6c: a `RedirectRule` (its place in `Game::redirect_rules`).
    RedirectRule(usize),
    /// 419.7b: a prevention shield (its place in `Game::shields`).
    Shield(usize),
    /// A static ability: the permanent and the ability's index.
    Static(ObjId, u8),
    /// 504.1: Illusionary Mask's creature (the source or the recipient)
    /// is turned face up instead, then deals or is dealt the damage.
    Masked(ObjId),
}

impl Game {
    /// Deals damage (417.1, 310.4) after replacement and prevention (419).
    pub(crate) fn deal_damage(
        &mut self,
        source: ObjId,
        source_card: CardId,
        src: &SourceInfo,
        to: Target,
        amount: u32,
        combat: bool,
    ) {
        let ev = DamageEvent {
            source,
            source_card,
            to,
            amount,
            combat,
        };
        self.deal_damage_event(ev, src, Vec::new());
        // 419.7b: a shield reduced to 0 is used up (kept during the event so
        // that its place names it).
        self.shields.retain(|s| s.left > 0);
    }

    /// Deals one damage event, then what the shields applied to it added:
    /// the part of it a "next N damage" redirection sent elsewhere (an
    /// event of its own, the effects already applied not applying again,
    /// 419.6a) and Eye for an Eye's damage.
    fn deal_damage_event(&mut self, ev: DamageEvent, src: &SourceInfo, used: Vec<Applicable>) {
        let mut after = Vec::new();
        let (source, source_card, combat) = (ev.source, ev.source_card, ev.combat);
        let used = self.deal_one_damage_event(ev, src, used, &mut after);
        for a in after {
            match a {
                After::Split(to, amount) => {
                    let ev = DamageEvent {
                        source,
                        source_card,
                        to,
                        amount,
                        combat,
                    };
                    self.deal_damage_event(ev, src, used.clone());
                }
                After::FollowUp(f) => self.shield_follow_up(f),
            }
        }
    }

    fn deal_one_damage_event(
        &mut self,
        mut ev: DamageEvent,
        src: &SourceInfo,
        mut used: Vec<Applicable>,
        after: &mut Vec<After>,
    ) -> Vec<Applicable> {
        let (source, source_card, combat) = (ev.source, ev.source_card, ev.combat);
        let first_to = ev.to;
        loop {
            // 419.5a: 0 damage isn't dealt; nothing replaces it.
            if ev.amount == 0 || !self.can_be_dealt(ev.to) {
                return used;
            }
            // 601.14a: a replacement effect that sends the damage to a
            // creature or player outside the range of influence of the
            // source's controller makes that portion of the event do
            // nothing (601.2: range covers damage dealing).
            if ev.to != first_to && !self.target_within_range(src.controller, ev.to) {
                self.emit(Event::DamageOutOfRange {
                    source_card,
                    to: ev.to,
                    to_card: self.card_of(ev.to),
                    amount: ev.amount,
                });
                return used;
            }
            let cands = self.applicable(&ev, src, &used);
            let pick = match cands.len() {
                0 => break,
                1 => 0,
                _ if order_is_irrelevant(self, &cands) => 0,
                _ => {
                    let chooser = self.affected_chooser(ev.to);
                    let options = cands
                        .iter()
                        .map(|a| self.describe_replacement(*a))
                        .collect();
                    self.replay_choice(
                        chooser,
                        DecisionKind::ChooseReplacement {
                            options,
                            event: format!(
                                "{} damage from {} to {}",
                                ev.amount,
                                tolaria_cards::db().get(ev.source_card).name,
                                self.target_name(ev.to)
                            ),
                        },
                        cands.len(),
                    )
                }
            };
            let a = cands[pick];
            used.push(a);
            self.apply_replacement(a, &mut ev, src, after);
        }
        let to = ev.to;
        match to {
            Target::Player(p) => {
                // Fortune Thief: damage that would reduce a life total of 1
                // or more to less than 1 reduces it to 1 (the damage dealt
                // stays the same).
                let floor = ev.amount > 0
                    && self.life(p) >= 1
                    && self.any_static(Some(p), |s| match s {
                        tolaria_cards::StaticAbility::DamageLeavesLifeAtOne => true,
                        // Worship: "If you control a creature, …".
                        tolaria_cards::StaticAbility::DamageLeavesLifeAtOneIfControls(f) => self
                            .controlled_by(p)
                            .any(|o| crate::continuous::filter::matches(self, f, o, None, p)),
                        _ => false,
                    });
                // 606.9: dealt to the player, applied to the team's total.
                let life = self.life_mut(p);
                *life = life.saturating_sub(i32::try_from(ev.amount).unwrap_or(i32::MAX));
                if floor && *life < 1 {
                    *life = 1;
                }
                if ev.amount > 0 {
                    let pl = &mut self.players[p.index()];
                    pl.damaged_this_turn = true;
                    pl.damage_this_turn = pl.damage_this_turn.saturating_add(ev.amount);
                    if src.types.contains(tolaria_cards::CardType::Artifact) {
                        pl.artifact_damage_this_turn =
                            pl.artifact_damage_this_turn.saturating_add(ev.amount);
                    }
                    // "if Whirling Dervish dealt damage to an opponent this
                    // turn": an opponent of the source's controller. Only
                    // the source still there: one that left (an ability
                    // resolving after its source went to a library, Barbed
                    // Wire) is a new object in its slot (217.1c).
                    let controller = self.objects[source.slot as usize].controller;
                    if self.obj(source).is_some() && self.is_opponent(controller, p) {
                        self.objects[source.slot as usize].flags |=
                            crate::state::object::flags::DAMAGED_OPPONENT_THIS_TURN;
                    }
                }
                self.emit(Event::Damage {
                    source,
                    source_card,
                    to,
                    to_card: None,
                    amount: ev.amount,
                    combat,
                });
            }
            Target::Object(o) => {
                let card = crate::continuous::characteristics::compute(self, o).card;
                self.objects[o.slot as usize].damage += ev.amount;
                if ev.amount > 0 {
                    self.objects[o.slot as usize].dealt_damage_this_turn = true;
                    if self.exile_damaged_statics {
                        self.note_damage_for_exile(source, o);
                    }
                }
                self.emit(Event::Damage {
                    source,
                    source_card,
                    to,
                    to_card: Some(card),
                    amount: ev.amount,
                    combat,
                });
            }
            // Never a recipient of damage (`can_be_dealt`).
            Target::Ability(_) => {}
        }
        used
    }

    /// Can damage be dealt to this recipient at all (a player still in the
    /// game; a creature in play)?
    fn can_be_dealt(&self, to: Target) -> bool {
        match to {
            Target::Player(p) => !self.player(p).lost,
            Target::Object(o) => {
                self.is_present(o)
                    && crate::continuous::characteristics::compute(self, o).is_creature()
            }
            Target::Ability(_) => false,
        }
    }

    /// The effects that would apply to `ev` now, not yet used on it.
    fn applicable(
        &self,
        ev: &DamageEvent,
        src: &SourceInfo,
        used: &[Applicable],
    ) -> Vec<Applicable> {
        let mut v = Vec::new();
        if let Target::Object(o) = ev.to {
            if crate::continuous::characteristics::compute(self, o).protected_from_source(self, src)
            {
                v.push(Applicable::Protection);
            }
        }
        if ev.combat && self.prevent_combat_damage && self.combat_prevention_reaches(ev) {
            v.push(Applicable::PreventAllCombat);
        }
        // 419.6c: only to a creature still in play; "unblocked creatures"
        // are attacking creatures that weren't blocked (309.2f).
        for (i, rule) in self.redirect_rules.iter().enumerate() {
            if rule.from_object.is_some_and(|o| ev.to == Target::Object(o))
                && rule.to != rule.from_object.unwrap_or(rule.to)
                && self.can_be_dealt(Target::Object(rule.to))
            {
                v.push(Applicable::RedirectRule(i));
            }
        }
        if ev.combat {
            for (i, rule) in self.redirect_rules.iter().enumerate() {
                if rule.from_object.is_some() {
                    continue;
                }
                let unblocked = self
                    .combat
                    .attackers
                    .iter()
                    .any(|a| a.obj == ev.source && !a.blocked);
                if ev.to == Target::Player(rule.player)
                    && unblocked
                    && self.can_be_dealt(Target::Object(rule.to))
                {
                    v.push(Applicable::RedirectRule(i));
                }
            }
        }
        for (i, rule) in self.damage_prevention_rules.iter().enumerate() {
            let to_ok = !rule.to_players_only || matches!(ev.to, Target::Player(_));
            // The source as it is now (418.3b), or as it last existed
            // (`SourceInfo`).
            let f = &rule.sources;
            // 601.14b: an effect naming its sources prevents only damage
            // from sources within its controller's range.
            if to_ok
                && (!rule.combat_only || ev.combat)
                && self.object_within_range(rule.controller, ev.source)
                && (f.colors_any.is_empty() || src.colors.intersects(f.colors_any))
                && (f.types_any.is_empty() || src.types.intersects(f.types_any))
                && !f.subtypes_none.iter().any(|s| src.subtypes.contains(*s))
            {
                v.push(Applicable::PreventionRule(i));
            }
        }
        for (i, s) in self.shields.iter().enumerate() {
            if self.shield_applies(s, ev.source, src, ev.to, ev.combat) {
                v.push(Applicable::Shield(i));
            }
        }
        for &id in &self.in_play {
            let o = &self.objects[id.slot as usize];
            if o.flags & crate::state::object::flags::STATICS == 0 || o.is_phased_out() {
                continue;
            }
            let ch = crate::continuous::characteristics::compute(self, id);
            for (i, a) in ch.abilities().iter().enumerate() {
                let Ability::Static(StaticAbility::DamageReplacement(r)) = a else {
                    continue;
                };
                if self.replacement_applies(id, ch.controller, r, ev, src)
                    && self.static_replacement_reaches(ch.controller, r, ev)
                {
                    v.push(Applicable::Static(id, i as u8));
                }
            }
        }
        // 504.1: Illusionary Mask's face-down creature, dealing or dealt it.
        let to = match ev.to {
            Target::Object(o) => Some(o),
            _ => None,
        };
        for o in [Some(ev.source), to].into_iter().flatten() {
            if self.is_masked(o) && !v.contains(&Applicable::Masked(o)) {
                v.push(Applicable::Masked(o));
            }
        }
        v.retain(|a| !used.contains(a));
        v
    }

    /// 601.14b: "prevent all combat damage" names neither source nor
    /// recipient: it prevents damage only if both are within the range of
    /// one of its controllers.
    fn combat_prevention_reaches(&self, ev: &DamageEvent) -> bool {
        !self.limited_range()
            || self.player_ids().any(|c| {
                self.prevent_combat_damage_by & (1 << c.0) != 0
                    && self.object_within_range(c, ev.source)
                    && self.target_within_range(c, ev.to)
            })
    }

    /// 601.14a–b: a static replacement or prevention effect affects only
    /// what is within its controller's range: one naming its recipient
    /// (Cho-Manno, Pariah) the recipient; one naming neither (Furnace of
    /// Rath, Tok-Tok) both the source and the recipient.
    fn static_replacement_reaches(
        &self,
        controller: PlayerId,
        r: &DamageReplacement,
        ev: &DamageEvent,
    ) -> bool {
        if !self.limited_range() {
            return true;
        }
        let to = self.target_within_range(controller, ev.to);
        match r {
            DamageReplacement::PreventAll { .. }
            | DamageReplacement::PreventAllToYou { .. }
            | DamageReplacement::PreventByRemovingCounters
            | DamageReplacement::PreventAllRemovingACounter
            | DamageReplacement::RedirectFromYou(_)
            | DamageReplacement::RedirectUnblockedFromYouWhileUntapped { .. } => to,
            DamageReplacement::PreventAllBy { .. } => {
                self.object_within_range(controller, ev.source)
            }
            DamageReplacement::Double | DamageReplacement::PlusToPlayer { .. } => {
                to && self.object_within_range(controller, ev.source)
            }
            DamageReplacement::Shaped(shape) => self.shape_reaches(controller, shape, ev),
        }
    }

    /// Does a static replacement ability of permanent `id` apply to `ev`?
    fn replacement_applies(
        &self,
        id: ObjId,
        controller: PlayerId,
        r: &DamageReplacement,
        ev: &DamageEvent,
        src: &SourceInfo,
    ) -> bool {
        let target_of = |aff: &Affected| -> Option<ObjId> {
            match aff {
                Affected::This => Some(id),
                Affected::Attached => match self.objects[id.slot as usize].attached_to {
                    Some(Target::Object(h)) if self.is_present(h) => Some(h),
                    _ => None,
                },
                Affected::Each(_) => None,
            }
        };
        match r {
            // 419.6c: redirected only to a creature still in play.
            DamageReplacement::RedirectFromYou(aff) => {
                ev.to == Target::Player(controller)
                    && target_of(aff).is_some_and(|h| self.can_be_dealt(Target::Object(h)))
            }
            // Combat damage to the controller from an unblocked attacker
            // (309.2f), while this is untapped and a creature in play.
            DamageReplacement::RedirectUnblockedFromYouWhileUntapped { combat } => {
                (ev.combat || !combat)
                    && ev.to == Target::Player(controller)
                    && !self.objects[id.slot as usize].is_tapped()
                    && self
                        .combat
                        .attackers
                        .iter()
                        .any(|a| a.obj == ev.source && !a.blocked)
                    && self.can_be_dealt(Target::Object(id))
            }
            DamageReplacement::Double => true,
            // Only damage to a player, from a source of that colour now.
            DamageReplacement::PlusToPlayer { color, .. } => {
                matches!(ev.to, Target::Player(_))
                    && crate::continuous::characteristics::compute(self, ev.source)
                        .colors
                        .contains(*color)
            }
            // "… to creatures you control" (Rune-Tail's Essence): each
            // permanent the filter matches from the source's point of view.
            DamageReplacement::PreventAll {
                to: Affected::Each(f),
                combat,
                from,
                ..
            } => {
                (ev.combat || !combat)
                    && from.as_ref().is_none_or(|f| {
                        self.source_matches(f, ev.source, src, controller, Some(id))
                    })
                    && match ev.to {
                        Target::Object(o) => {
                            self.is_present(o)
                                && crate::continuous::filter::matches(
                                    self,
                                    f,
                                    o,
                                    Some(id),
                                    controller,
                                )
                        }
                        Target::Player(_) | Target::Ability(_) => false,
                    }
            }
            DamageReplacement::PreventAll {
                to,
                by,
                combat,
                from,
            } => {
                (ev.combat || !combat)
                    && from.as_ref().is_none_or(|f| {
                        self.source_matches(f, ev.source, src, controller, Some(id))
                    })
                    && target_of(to)
                        .is_some_and(|h| ev.to == Target::Object(h) || (*by && ev.source == h))
            }
            DamageReplacement::PreventAllBy { by, combat } => {
                (ev.combat || !combat) && target_of(by).is_some_and(|h| ev.source == h)
            }
            DamageReplacement::PreventAllToYou { from } => {
                ev.to == Target::Player(controller)
                    && from.as_ref().is_none_or(|f| {
                        self.source_matches(f, ev.source, src, controller, Some(id))
                    })
            }
            // Only while it has a +1/+1 counter (Rock Hydra).
            DamageReplacement::PreventByRemovingCounters => {
                ev.to == Target::Object(id) && self.objects[id.slot as usize].plus_counters > 0
            }
            DamageReplacement::PreventAllRemovingACounter => ev.to == Target::Object(id),
            DamageReplacement::Shaped(shape) => self.shape_applies(id, controller, shape, ev, src),
        }
    }

    /// Applies one effect to the event.
    fn apply_replacement(
        &mut self,
        a: Applicable,
        ev: &mut DamageEvent,
        src: &SourceInfo,
        after: &mut Vec<After>,
    ) {
        let prevented = |game: &mut Game, ev: &mut DamageEvent, n: u32, protection: bool| {
            let to_card = game.card_of(ev.to);
            game.emit(Event::DamagePrevented {
                source_card: ev.source_card,
                to: ev.to,
                to_card,
                amount: n,
                protection,
            });
            ev.amount -= n;
        };
        match a {
            Applicable::Protection => {
                let n = ev.amount;
                prevented(self, ev, n, true)
            }
            Applicable::PreventAllCombat | Applicable::PreventionRule(_) => {
                let n = ev.amount;
                prevented(self, ev, n, false)
            }
            Applicable::RedirectRule(i) => {
                let rule = self.redirect_rules[i].clone();
                let from = ev.to;
                ev.to = Target::Object(rule.to);
                self.emit_damage_replaced(ev, rule.card, from, ev.amount);
            }
            Applicable::Shield(i) => match self.use_shield(i, ev.amount, src.controller) {
                ShieldUse::Prevent(0) => {}
                ShieldUse::Prevent(n) => prevented(self, ev, n, false),
                // 419.6c: all of it to the new recipient, or a part of it
                // as an event of its own.
                ShieldUse::Redirect(t, n) => {
                    let card = self.shields[i].card;
                    self.emit_redirect(ev.source_card, card, ev.to, t, n.min(ev.amount));
                    if n >= ev.amount {
                        ev.to = t;
                    } else {
                        ev.amount -= n;
                        after.push(After::Split(t, n));
                    }
                }
                ShieldUse::Also(f) => after.push(After::FollowUp(f)),
            },
            Applicable::Masked(o) => self.masked_turns_face_up(o),
            Applicable::Static(id, i) => {
                let ch = crate::continuous::characteristics::compute(self, id);
                let Some(Ability::Static(StaticAbility::DamageReplacement(r))) =
                    ch.abilities().get(i as usize)
                else {
                    return;
                };
                match r {
                    DamageReplacement::PreventAll { .. }
                    | DamageReplacement::PreventAllBy { .. }
                    | DamageReplacement::PreventAllToYou { .. } => {
                        let n = ev.amount;
                        prevented(self, ev, n, false)
                    }
                    // For each 1 damage, a +1/+1 counter removed and that 1
                    // prevented (Rock Hydra); all of it prevented and one
                    // counter removed (Phantom Centaur).
                    DamageReplacement::PreventByRemovingCounters
                    | DamageReplacement::PreventAllRemovingACounter => {
                        let have = self.objects[id.slot as usize].plus_counters as u32;
                        let (n, remove) = match r {
                            DamageReplacement::PreventByRemovingCounters => {
                                let n = ev.amount.min(have);
                                (n, n)
                            }
                            _ => (ev.amount, have.min(1)),
                        };
                        if remove > 0 {
                            let kind = tolaria_cards::CounterKind::PlusOnePlusOne;
                            let amount =
                                self.objects[id.slot as usize].add_counters(kind, -(remove as i32));
                            self.emit(Event::CountersRemoved {
                                obj: id,
                                card: ch.card,
                                kind,
                                amount,
                            });
                        }
                        prevented(self, ev, n, false)
                    }
                    DamageReplacement::PlusToPlayer { .. } | DamageReplacement::Double => {
                        let before = ev.amount;
                        ev.amount = match r {
                            DamageReplacement::PlusToPlayer { plus, .. } => ev.amount + plus,
                            _ => ev.amount * 2,
                        };
                        self.emit_damage_replaced(ev, ch.card, ev.to, before);
                    }
                    DamageReplacement::Shaped(shape) => {
                        match self.apply_shape(id, ch.card, shape, ev) {
                            ShapeResult::Prevented(n) => prevented(self, ev, n, false),
                            ShapeResult::Replaced(after) => {
                                let before = ev.amount;
                                ev.amount = after;
                                self.emit_damage_replaced(ev, ch.card, ev.to, before);
                            }
                        }
                    }
                    DamageReplacement::RedirectFromYou(_)
                    | DamageReplacement::RedirectUnblockedFromYouWhileUntapped { .. } => {
                        let host = match r {
                            DamageReplacement::RedirectFromYou(Affected::This)
                            | DamageReplacement::RedirectUnblockedFromYouWhileUntapped { .. } => {
                                Some(id)
                            }
                            _ => match self.objects[id.slot as usize].attached_to {
                                Some(Target::Object(h)) => Some(h),
                                _ => None,
                            },
                        };
                        if let Some(h) = host {
                            let from = ev.to;
                            ev.to = Target::Object(h);
                            self.emit_damage_replaced(ev, ch.card, from, ev.amount);
                        }
                    }
                }
            }
        }
    }

    /// 419: a replacement changed the damage event `ev` (now its final
    /// recipient and amount), which was headed to `from` with `before`
    /// damage.
    fn emit_damage_replaced(
        &mut self,
        ev: &DamageEvent,
        by_card: CardId,
        from: Target,
        before: u32,
    ) {
        self.emit(Event::DamageReplaced {
            source_card: ev.source_card,
            by_card,
            from,
            from_card: self.card_of(from),
            to: ev.to,
            to_card: self.card_of(ev.to),
            before,
            after: ev.amount,
        });
    }

    /// The card of a recipient (for the log).
    fn card_of(&self, t: Target) -> Option<CardId> {
        match t {
            // 504.2: a face-down creature is named as such.
            Target::Object(o) => Some(self.shown_card(o)),
            Target::Player(_) | Target::Ability(_) => None,
        }
    }

    /// 419.9a: the affected player, or the affected object's controller.
    fn affected_chooser(&self, to: Target) -> PlayerId {
        match to {
            Target::Player(p) => p,
            Target::Object(o) => self.objects[o.slot as usize].controller,
            Target::Ability(id) => self.stack_ability(id).map_or(self.active, |s| s.controller),
        }
    }

    fn describe_replacement(&self, a: Applicable) -> String {
        match a {
            Applicable::Protection => "protection (502.7e)".into(),
            Applicable::PreventAllCombat => "prevent all combat damage".into(),
            Applicable::RedirectRule(i) => format!(
                "{}: the damage is dealt to it instead",
                self.redirect_rules
                    .get(i)
                    .map_or("?", |r| tolaria_cards::db().get(r.card).name.as_str())
            ),
            Applicable::PreventionRule(i) => format!(
                "{}: prevent all damage from these sources",
                self.damage_prevention_rules
                    .get(i)
                    .map_or("?", |r| tolaria_cards::db().get(r.card).name.as_str())
            ),
            Applicable::Shield(i) => match self.shields[i].from {
                Some(c) => format!(
                    "prevention shield ({} damage from {})",
                    if self.shields[i].once {
                        "the next"
                    } else {
                        "all"
                    },
                    tolaria_cards::db()
                        .get(self.objects[c.obj.slot as usize].card)
                        .name
                ),
                None => match self.shields[i].card {
                    // 419.6c: a redirection names its card.
                    Some(c)
                        if self.shields[i].then
                            != crate::continuous::shield::ShieldAct::Prevent =>
                    {
                        format!(
                            "{}: redirection shield ({} left)",
                            tolaria_cards::db().get(c).name,
                            self.shields[i].left
                        )
                    }
                    _ => format!("prevention shield ({} left)", self.shields[i].left),
                },
            },
            Applicable::Static(id, _) => crate::continuous::characteristics::compute(self, id)
                .name()
                .to_string(),
            Applicable::Masked(_) => "Illusionary Mask: it is turned face up (504.1)".into(),
        }
    }

    fn target_name(&self, t: Target) -> String {
        match t {
            Target::Player(p) => p.to_string(),
            Target::Object(o) => crate::continuous::characteristics::compute(self, o)
                .name()
                .to_string(),
            Target::Ability(id) => format!("ability #{id}"),
        }
    }

    /// A choice inside a replayable unit: the recorded answer, or (with
    /// none left) the question is noted and the first option returned; the
    /// unit's run is then discarded and the decision asked.
    pub(crate) fn replay_choice(
        &mut self,
        chooser: PlayerId,
        kind: DecisionKind,
        n: usize,
    ) -> usize {
        if let Some(&a) = self.replay.answers.get(self.replay.cursor) {
            self.replay.cursor += 1;
            return (a as usize).min(n.saturating_sub(1));
        }
        if !self.replay.active {
            // Outside a replayable unit (a cost being paid, the cleanup
            // discard) there is no way back to ask: the first applicable
            // effect applies. Known limit; those moves rarely meet two.
            return 0;
        }
        if self.replay.question.is_none() {
            self.replay.question = Some(Decision {
                player: chooser,
                kind,
            });
        }
        0
    }

    /// Could a unit ask a replacement choice? Only then is it snapshotted:
    /// with fewer than two replacement or prevention sources in the game
    /// no order needs choosing.
    pub(crate) fn replacement_choice_possible(&self) -> bool {
        // Sources other than protection.
        let mut n = self.shields.iter().filter(|s| s.left > 0).count()
            + usize::from(self.prevent_combat_damage)
            + self.damage_prevention_rules.len()
            + self.redirect_rules.len();
        // 502.47a: a dredge card in a graveyard asks whether it replaces a
        // draw;
        // 502.24a: so does a madness card in a hand, as it is discarded.
        // Ring of Ma'rûf's replaced draw asks for a card from outside the game.
        // One pass over the permanents: any static abilities, any masked
        // creature (this runs at every step, 419.9a).
        let any = self
            .in_play
            .iter()
            .fold(0, |acc, id| acc | self.objects[id.slot as usize].flags);
        let any_statics = any & crate::state::object::flags::STATICS != 0;
        let any_masked = any & crate::state::object::flags::MASKED != 0;
        // 504.8: a masked creature turned face up may ask its choices.
        if any_masked && self.masked_choice_possible() {
            return true;
        }
        if (self.draw_discard_choices
            && self
                .player_ids()
                .any(|p| self.dredge_in_graveyard(p) || self.madness_in_hand(p)))
            || self
                .draw_rules
                .iter()
                .any(|r| r.from_outside || r.instead.is_some() || r.look_at_top.is_some())
            // Two of Plagiarize's rules, or one with a static replacement,
            // ask which applies (419.9a).
            || (self.draw_rules.len() >= 2 || (!self.draw_rules.is_empty() && any_statics))
        {
            return true;
        }
        // Yawgmoth's Will's removal can meet another graveyard replacement
        // (419.9a): for the rest of that turn, units may ask.
        if self.players.iter().any(|p| p.graveyard_removal.is_some()) {
            return true;
        }
        if !any_statics {
            return n >= 2;
        }
        let board = crate::continuous::characteristics::board_now(self);
        for (i, &id) in self.in_play.iter().enumerate() {
            if n >= 2 {
                return true;
            }
            let o = &self.objects[id.slot as usize];
            if o.flags & crate::state::object::flags::STATICS == 0 || o.is_phased_out() {
                continue;
            }
            for a in board[i].abilities() {
                match a {
                    Ability::Static(StaticAbility::DamageReplacement(_)) => n += 1,
                    // A draw replacement that asks (419.9a; Abundance).
                    // Shared Fate asks which opponent's library (and which
                    // of several applies).
                    Ability::Static(StaticAbility::DrawReplacement {
                        optional, instead, ..
                    }) if *optional || *instead != tolaria_cards::DrawInstead::Skip => {
                        return true;
                    }
                    // A permanent's graveyard replacement can meet another,
                    // or a card's own "from anywhere" one.
                    Ability::Static(StaticAbility::GraveyardReplacement {
                        what: GraveyardWhat::AnyPermanent | GraveyardWhat::OpponentsCards,
                        ..
                    }) => {
                        n += 1;
                        if self.objects.iter().any(|o| {
                            o.def().front().abilities.iter().any(|a| {
                                matches!(
                                    a,
                                    Ability::Static(StaticAbility::GraveyardReplacement {
                                        what: GraveyardWhat::ThisFromAnywhere
                                            | GraveyardWhat::ThisFromPlay,
                                        ..
                                    })
                                )
                            })
                        }) {
                            return true;
                        }
                    }
                    _ => {}
                }
            }
        }
        // One other source can meet protection on the same creature.
        n >= 2
            || (n == 1
                && board.iter().any(|ch| {
                    !ch.protection_colors.is_empty()
                        || !ch.protection_types.is_empty()
                        || !ch.protection_subtypes.is_empty()
                        || ch.protection_qualities != 0
                }))
    }

    /// The answer to a replacement choice: recorded, then the unit runs again.
    pub(crate) fn on_replacement_choice(&mut self, action: crate::Action) {
        if let crate::Action::ChooseReplacement(i) = action {
            self.replay.answers.push(i);
        }
        match self.replay.unit {
            ReplayUnit::Effect => self.run_resolution(),
            ReplayUnit::CombatDamage => self.flow = crate::state::progress::Flow::Resolve,
            ReplayUnit::StateBasedEffects(p) => {
                self.flow = crate::state::progress::Flow::Priority(p)
            }
            ReplayUnit::DrawStep => self.draw_step_draw(),
        }
    }

    /// Runs `unit` (which may ask replacement choices) with replay: returns
    /// false if it was discarded because a decision is now pending.
    pub(crate) fn run_replayable(&mut self, unit: ReplayUnit, run: impl FnOnce(&mut Game)) -> bool {
        self.run_replayable_asking(unit, false, run)
    }

    /// `run_replayable` for a unit that may ask choices of its own
    /// (`asks`: snapshotted whatever replacement effects exist).
    pub(crate) fn run_replayable_asking(
        &mut self,
        unit: ReplayUnit,
        asks: bool,
        run: impl FnOnce(&mut Game),
    ) -> bool {
        let snapshot = (asks || self.replacement_choice_possible()).then(|| Box::new(self.clone()));
        self.replay.cursor = 0;
        self.replay.unit = unit;
        let was_active = std::mem::replace(&mut self.replay.active, snapshot.is_some());
        run(self);
        self.replay.active = was_active;
        let Some(question) = self.replay.question.take() else {
            self.replay.answers.clear();
            return true;
        };
        let Some(snapshot) = snapshot else {
            // Not snapshotted (no choice expected): keep the run as made.
            self.replay.answers.clear();
            return true;
        };
        let answers = std::mem::take(&mut self.replay.answers);
        *self = *snapshot;
        self.replay.answers = answers;
        self.replay.unit = unit;
        self.decision = Some(question);
        self.flow = crate::state::progress::Flow::Resolving;
        false
    }
}

/// Is the order of these effects irrelevant to the result? Doublings
/// commute; effects that prevent all the damage give 0 in any order.
fn order_is_irrelevant(game: &Game, cands: &[Applicable]) -> bool {
    let kind = |a: &Applicable| -> u8 {
        match a {
            Applicable::Protection
            | Applicable::PreventAllCombat
            | Applicable::PreventionRule(_) => 0,
            Applicable::Shield(_) => 1,
            Applicable::RedirectRule(_) => 3,
            Applicable::Masked(_) => 6,
            Applicable::Static(id, i) => {
                match crate::continuous::characteristics::compute(game, *id)
                    .abilities()
                    .get(*i as usize)
                {
                    Some(Ability::Static(StaticAbility::DamageReplacement(r))) => match r {
                        DamageReplacement::PreventAll { .. }
                        | DamageReplacement::PreventAllBy { .. }
                        | DamageReplacement::PreventAllToYou { .. } => 0,
                        // Counters removed: the order matters.
                        DamageReplacement::PreventByRemovingCounters
                        | DamageReplacement::PreventAllRemovingACounter => 7,
                        DamageReplacement::Double => 2,
                        DamageReplacement::RedirectFromYou(_)
                        | DamageReplacement::RedirectUnblockedFromYouWhileUntapped { .. } => 3,
                        DamageReplacement::PlusToPlayer { .. } => 5,
                        // Unconditional doublings commute with Furnace of
                        // Rath's; anything else may depend on the order.
                        DamageReplacement::Shaped(s) => match s.instead {
                            tolaria_cards::DamageInstead::Double
                                if s.at_least == 0 && s.at_most.is_none() =>
                            {
                                2
                            }
                            _ => 8,
                        },
                    },
                    _ => 4,
                }
            }
        }
    };
    let first = kind(&cands[0]);
    (first == 0 || first == 2) && cands.iter().all(|a| kind(a) == first)
}

impl Game {
    /// 419.1a: where an object that would be put into a graveyard goes
    /// instead: the destination and the card whose ability replaced the
    /// move, or `None` if nothing replaces it. Once one effect applies the
    /// object no longer goes to a graveyard, so no other graveyard effect
    /// applies; if several could, the affected object's controller (its
    /// owner outside play) chooses (419.9a).
    pub(crate) fn graveyard_replacement(
        &mut self,
        id: ObjId,
        from: crate::Zone,
    ) -> Option<(GraveyardInstead, CardId)> {
        let mut cands: Vec<(GraveyardInstead, CardId)> = Vec::new();
        // The object's own "from anywhere" ability works in every zone.
        let (card, face, lost) = if from == crate::Zone::InPlay {
            let ch = crate::continuous::layers::ability_chars(self, id);
            (
                ch.card,
                ch.face,
                ch.lost_abilities || ch.text_lost || ch.token.is_some(),
            )
        } else {
            (self.objects[id.slot as usize].card, 0, false)
        };
        if !lost {
            for a in &tolaria_cards::db().get(card).faces[face as usize].abilities {
                // "… from play" (Gravebane Zombie) only as it leaves play.
                if let Ability::Static(StaticAbility::GraveyardReplacement { what, instead }) = a {
                    if *what == GraveyardWhat::ThisFromAnywhere
                        || (*what == GraveyardWhat::ThisFromPlay && from == crate::Zone::InPlay)
                    {
                        cands.push((*instead, card));
                    }
                }
            }
        }
        // 419.1a: "… remove it from the game instead" for a creature
        // damaged this turn (Yamabushi's Flame, Frostwielder).
        if from == crate::Zone::InPlay {
            if let Some(by) = self.exile_if_it_dies(id) {
                cands.push((GraveyardInstead::RemoveFromGame, by));
            }
        }
        // Yawgmoth's Will (419.1a): "If a card would be put into your
        // graveyard from anywhere this turn, remove that card from the game
        // instead" (a card: not a token nor a copy of a spell).
        {
            let o = &self.objects[id.slot as usize];
            if let Some(by) = self.players[o.owner.index()].graveyard_removal {
                if !o.token && o.spell_copy.is_none() {
                    cands.push((GraveyardInstead::RemoveFromGame, by));
                }
            }
        }
        let any_statics = self.in_play.iter().any(|&id| {
            self.objects[id.slot as usize].flags & crate::state::object::flags::STATICS != 0
        });
        // A card owned by an opponent of a Leyline of the Void's
        // controller, from any zone (a quick look at the printed abilities
        // first: the layers decide below).
        let o = &self.objects[id.slot as usize];
        let (owner, is_card) = (o.owner, !o.token);
        // (From play, the board's statics below are looked at anyway.)
        let opponents_cards = is_card
            && any_statics
            && from != crate::Zone::InPlay
            && self.in_play.iter().any(|&s| {
                self.objects[s.slot as usize].flags & crate::state::object::flags::STATICS != 0
                    && self.objects[s.slot as usize].def().faces.iter().any(|f| {
                        f.abilities.iter().any(|a| {
                            matches!(
                                a,
                                Ability::Static(StaticAbility::GraveyardReplacement {
                                    what: GraveyardWhat::OpponentsCards,
                                    ..
                                })
                            )
                        })
                    })
            });
        if (from == crate::Zone::InPlay || opponents_cards) && any_statics {
            let board = crate::continuous::characteristics::board_now(self);
            for (i, &src) in self.in_play.iter().enumerate() {
                let o = &self.objects[src.slot as usize];
                if o.flags & crate::state::object::flags::STATICS == 0 || o.is_phased_out() {
                    continue;
                }
                let scard = board[i].card;
                for a in board[i].abilities() {
                    match a {
                        Ability::Static(StaticAbility::GraveyardReplacement {
                            what: GraveyardWhat::AnyPermanent,
                            instead,
                        }) if from == crate::Zone::InPlay => cands.push((*instead, scard)),
                        Ability::Static(StaticAbility::GraveyardReplacement {
                            what: GraveyardWhat::OpponentsCards,
                            instead,
                        }) if is_card && self.is_opponent(board[i].controller, owner) => {
                            cands.push((*instead, scard))
                        }
                        _ => {}
                    }
                }
            }
        }
        let first = *cands.first()?;
        if cands.iter().all(|c| c.0 == first.0) {
            return Some(first);
        }
        let o = &self.objects[id.slot as usize];
        let chooser = if from == crate::Zone::InPlay {
            o.controller
        } else {
            o.owner
        };
        let options = cands
            .iter()
            .map(|(i, c)| {
                format!(
                    "{} ({})",
                    tolaria_cards::db().get(*c).name,
                    match i {
                        GraveyardInstead::ShuffleIntoLibrary => "shuffle into library",
                        GraveyardInstead::RemoveFromGame => "remove from the game",
                        GraveyardInstead::TopOfLibrary => "put on top of its owner's library",
                    }
                )
            })
            .collect();
        let pick = self.replay_choice(
            chooser,
            DecisionKind::ChooseReplacement {
                event: format!(
                    "{} would be put into a graveyard",
                    tolaria_cards::db().get(o.card).name
                ),
                options,
            },
            cands.len(),
        );
        Some(cands[pick])
    }
}

impl Game {
    /// 419.1c, 419.6i: does a static ability of a permanent already in play
    /// ("Artifacts and lands come into play tapped") make `entering` come
    /// into play tapped? Judged on its copiable values as it would exist in
    /// play, from the point of view of each such permanent.
    pub(crate) fn others_make_it_enter_tapped(&self, entering: ObjId) -> bool {
        if !self.in_play.iter().any(|&id| {
            self.objects[id.slot as usize].flags & crate::state::object::flags::STATICS != 0
        }) {
            return false;
        }
        let ch = crate::continuous::layers::copiable_characteristics(self, entering);
        let board = crate::continuous::characteristics::board_now(self);
        self.in_play.iter().enumerate().any(|(i, &src)| {
            let o = &self.objects[src.slot as usize];
            if o.flags & crate::state::object::flags::STATICS == 0 || o.is_phased_out() {
                return false;
            }
            board[i].abilities().iter().any(|a| match a {
                Ability::Static(StaticAbility::OthersComeIntoPlayTapped(f)) => {
                    crate::continuous::filter::matches_with(
                        self,
                        f,
                        entering,
                        &ch,
                        Some(src),
                        o.controller,
                    )
                }
                _ => false,
            })
        })
    }
}

/// 419.8a: the source chosen for a prevention shield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChosenSource {
    pub obj: ObjId,
    /// A spell on the stack when chosen: the permanent it becomes when it
    /// resolves is the same source (419.8a).
    pub spell: bool,
    /// 419.8b: rechecked when the source would deal damage.
    pub props: SourceProps,
}
