//! Playing spells and activated abilities (409), mana abilities (406, 411)
//! and paying mana costs; illegal or abandoned plays rewind the game (422).

use crate::engine::game_loop::{Casting, Flow, Playing, Unpaid};
use crate::playing::targeting::{legal_targets, slot_count, SourceInfo};
use crate::state::stack::{StackKind, TriggerContext};
use crate::{
    Action, Decision, DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, StackItem, Zone,
};
use tolaria_cards::{db, Ability, Color, Cost, Keyword, ManaKind, ManaProduce, TargetSpec};

/// How a spell is played besides paying its mana cost: by its suspend
/// ability (502.59a, without paying it; also ripple's free plays, 502.56a)
/// or by its madness ability (502.24a, the madness cost rather than it;
/// the card's id in the removed-from-the-game zone).
#[derive(Clone, Copy, PartialEq, Eq)]
enum PlayedBy {
    Normal,
    Suspend,
    Madness(ObjId),
}

impl Game {
    /// 409.1a: announce a spell or ability; the game can rewind to here (422).
    /// `half`: which half of a split card is played (505.2; 0 otherwise);
    /// `returning`: the unblocked attacker a ninjutsu ability returns (502.43a).
    pub(crate) fn begin_casting(
        &mut self,
        p: PlayerId,
        what: Playing,
        half: u8,
        returning: Option<ObjId>,
    ) {
        self.begin_casting_full(p, what, half, returning, PlayedBy::Normal, p);
    }

    /// 502.59a: play a spell as its suspend ability resolves, without
    /// paying its mana cost (502.59c); `then` gets priority afterwards.
    pub(crate) fn begin_casting_as(
        &mut self,
        p: PlayerId,
        what: Playing,
        suspend: bool,
        then: PlayerId,
    ) {
        let how = if suspend {
            PlayedBy::Suspend
        } else {
            PlayedBy::Normal
        };
        self.begin_casting_full(p, what, 0, None, how, then);
    }

    /// 502.24a: play the card `obj` (removed from the game by its madness
    /// ability) paying its madness cost rather than its mana cost.
    pub(crate) fn begin_casting_madness(&mut self, p: PlayerId, obj: ObjId, then: PlayerId) {
        self.begin_casting_full(
            p,
            Playing::Spell { obj },
            0,
            None,
            PlayedBy::Madness(obj),
            then,
        );
    }

    /// 422: the state a play, special action or payment started from, to
    /// rewind to if it is abandoned (events emitted since are dropped).
    pub(crate) fn set_rewind_point(&mut self) {
        self.forget_lki_if_idle();
        let mut snapshot = self.clone();
        snapshot.events.clear();
        snapshot.rewind = None;
        self.rewind = Some(Box::new(snapshot));
    }

    /// A special action paid like a spell's costs (502.26d turning face
    /// up, 408.2k suspending): rewindable if the payment is abandoned.
    pub(crate) fn begin_special_payment(&mut self, p: PlayerId, what: Playing) {
        self.set_rewind_point();
        self.rewind_events = self.events.len();
        self.casting = Some(Box::new(Casting::new(p, what, p)));
        self.continue_casting();
    }

    fn begin_casting_full(
        &mut self,
        p: PlayerId,
        what: Playing,
        half: u8,
        returning: Option<ObjId>,
        how: PlayedBy,
        then: PlayerId,
    ) {
        let suspend = how == PlayedBy::Suspend;
        let madness = match how {
            PlayedBy::Madness(o) => Some(o),
            _ => None,
        };
        self.set_rewind_point();
        let rewind_events = self.events.len();
        // 502.22a: a card played from a graveyard is played with flashback.
        let flashback = matches!(&what, Playing::Spell { obj }
            if matches!(self.objects[obj.slot as usize].zone, Zone::Graveyard(_)));
        // 502.56a: a card played for free from the library is ripple's.
        let ripple = suspend
            && matches!(&what, Playing::Spell { obj }
                if matches!(self.objects[obj.slot as usize].zone, Zone::Library(_)));
        let item = match &what {
            Playing::Spell { obj } | Playing::FaceDown { obj } => {
                // 502.26b: a card played face down is turned face down
                // before it is put onto the stack.
                let new = if matches!(what, Playing::FaceDown { .. }) {
                    self.move_face_down(*obj, Zone::Stack, MoveReason::Cast)
                } else {
                    self.move_to(*obj, Zone::Stack, MoveReason::Cast)
                }
                .expect("legal spell exists");
                self.objects[new.slot as usize].set_base_controller(p);
                // 505.2: on the stack only the half being played exists.
                if half == 1 {
                    self.objects[new.slot as usize].flags |=
                        crate::state::object::flags::SPLIT_SECOND;
                }
                StackItem {
                    kind: StackKind::Spell { obj: new },
                    controller: p,
                    targets: Vec::new(),
                    x: 0,
                    mode: None,
                    colors_spent: 0,
                    sacrificed: None,
                    sacrificed_power: 0,
                    division: Vec::new(),
                }
            }
            Playing::Ability { source, index } => {
                let ch = crate::continuous::characteristics::compute(self, *source);
                // The ability's text may live on another card (503.9, or
                // granted in quotes): named by `AbilityRef`.
                let ability = ch.ability_at(*index).map_or(
                    tolaria_cards::AbilityRef::Printed {
                        card: ch.card,
                        face: ch.face,
                        index: *index,
                    },
                    |(_, r)| r,
                );
                StackItem {
                    kind: StackKind::Ability {
                        source: *source,
                        card: ch.ability_card(ability),
                        ability,
                        triggered: false,
                        trigger: TriggerContext::default(),
                    },
                    controller: p,
                    targets: Vec::new(),
                    x: 0,
                    mode: None,
                    colors_spent: 0,
                    sacrificed: None,
                    sacrificed_power: 0,
                    division: Vec::new(),
                }
            }
            Playing::Trigger(_) => unreachable!("triggers use begin_trigger"),
            Playing::TurnFaceUp { .. } => unreachable!("uses begin_turning_face_up"),
            Playing::Suspend { .. } => unreachable!("uses begin_suspending"),
        };
        let what = match (what, &item.kind) {
            (Playing::Spell { .. } | Playing::FaceDown { .. }, StackKind::Spell { obj }) => {
                Playing::Spell { obj: *obj }
            }
            (w, _) => w,
        };
        self.stack.push(item);
        self.casting = Some(Box::new(Casting {
            flashback,
            returning,
            suspend,
            ripple,
            madness,
            ..Casting::new(p, what, then)
        }));
        self.rewind_events = rewind_events;
        self.continue_casting();
    }

    /// The modes of a modal spell that could be chosen now (those whose
    /// targets can be chosen, 409.1c).
    pub(crate) fn playable_modes(
        &self,
        spell: ObjId,
        player: PlayerId,
    ) -> impl Iterator<Item = u8> + '_ {
        let face = &self.objects[spell.slot as usize].spell_face();
        let src = SourceInfo {
            obj: Some(spell),
            colors: face.colors,
            types: face.types,
            controller: player,
            trigger_player: None,
        };
        face.spell
            .modes
            .iter()
            .enumerate()
            .filter(move |(_, m)| {
                crate::playing::targeting::targets_available(self, &m.targets, &src)
            })
            .map(|(i, _)| i as u8)
    }

    /// The target requirements of what is being played.
    pub(crate) fn casting_specs(&self, c: &Casting) -> &'static [TargetSpec] {
        match &c.what {
            Playing::Spell { obj } => self.objects[obj.slot as usize]
                .spell_face()
                .spell
                .targets_for(c.mode),
            Playing::Ability { .. } => match self.stack.last().map(|s| &s.kind) {
                Some(StackKind::Ability { ability, .. }) => match ability.get() {
                    Ability::Activated(a) => &a.targets,
                    _ => &[],
                },
                _ => &[],
            },
            Playing::Trigger(t) => t.targets(),
            Playing::FaceDown { .. } | Playing::TurnFaceUp { .. } | Playing::Suspend { .. } => &[],
        }
    }

    pub(crate) fn casting_source(&self, c: &Casting) -> SourceInfo {
        match &c.what {
            Playing::Spell { obj }
            | Playing::FaceDown { obj }
            | Playing::TurnFaceUp { obj }
            | Playing::Suspend { obj } => SourceInfo::of(self, *obj, c.player),
            Playing::Ability { source, .. } => SourceInfo::of(self, *source, c.player),
            Playing::Trigger(t) => SourceInfo {
                trigger_player: t.ctx.player,
                ..SourceInfo::of(self, t.source, c.player)
            },
        }
    }

    /// The activated ability being played (on top of the stack).
    fn casting_ability(&self) -> Option<&'static tolaria_cards::ActivatedAbility> {
        match self.stack.last().map(|s| &s.kind) {
            Some(StackKind::Ability { ability, .. }) => match ability.get() {
                Ability::Activated(a) => Some(a),
                _ => None,
            },
            _ => None,
        }
    }

    pub(crate) fn casting_cost(&self, c: &Casting) -> Option<&'static Cost> {
        match &c.what {
            Playing::Ability { .. } => match self.stack.last().map(|s| &s.kind) {
                Some(StackKind::Ability { ability, .. }) => match ability.get() {
                    Ability::Activated(a) => Some(&a.cost),
                    _ => None,
                },
                _ => None,
            },
            // 409.1h: the spell's non-mana cost being paid now.
            Playing::Spell { .. } => self
                .spell_costs(c)
                .into_iter()
                .flatten()
                .nth(c.cost_at as usize),
            _ => None,
        }
    }

    /// 409.1f: the additional costs in the total cost of the spell being
    /// played: its additional cost (Waste Away's discard, Carrion's
    /// sacrifice), the kicker costs announced (502.21a) and the buyback
    /// cost if announced (502.16a).
    pub(crate) fn spell_costs(&self, c: &Casting) -> [Option<&'static Cost>; 6] {
        let Playing::Spell { obj } = c.what else {
            return [None; 6];
        };
        // 505.2: a split card's spell is the half being played.
        let spell = &self.objects[obj.slot as usize].spell_face().spell;
        [
            // 409.1b: the alternative cost, if announced.
            spell
                .alternative
                .as_ref()
                .map(|a| &a.cost)
                .filter(|_| c.optional & 16 != 0),
            // 502.22a: the flashback cost, rather than the mana cost.
            // 502.24b: the madness cost, rather than the mana cost.
            spell
                .flashback
                .as_ref()
                .filter(|_| c.flashback)
                .or(spell.madness.as_ref().filter(|_| c.madness.is_some())),
            spell.additional_cost.as_ref(),
            spell.kicker.first().filter(|_| c.optional & 1 != 0),
            spell.kicker.get(1).filter(|_| c.optional & 2 != 0),
            spell.buyback.as_ref().filter(|_| c.optional & 4 != 0),
        ]
    }

    /// 409.1b: the optional cost the player announces next, if any: each
    /// kicker cost in the order listed, then buyback.
    fn next_optional_cost(&self, c: &Casting) -> Option<crate::OptionalCost> {
        let Playing::Spell { obj } = c.what else {
            return None;
        };
        // 505.2: a split card's spell is the half being played.
        let spell = &self.objects[obj.slot as usize].spell_face().spell;
        // 409.1b: an alternative cost is announced first; not with
        // flashback (two alternative costs can't apply to one spell).
        let alt = usize::from(
            spell.alternative.is_some() && !c.flashback && !c.suspend && c.madness.is_none(),
        );
        if (c.announced as usize) < alt {
            return Some(crate::OptionalCost::Alternative);
        }
        let i = c.announced as usize - alt;
        if i < spell.kicker.len() {
            Some(crate::OptionalCost::Kicker(i as u8))
        } else if i == spell.kicker.len() && spell.buyback.is_some() {
            Some(crate::OptionalCost::Buyback)
        } else {
            None
        }
    }

    /// The cost an optional cost names (`None` if the spell has no such cost).
    pub(crate) fn optional_cost(
        &self,
        c: &Casting,
        cost: crate::OptionalCost,
    ) -> Option<&'static Cost> {
        let Playing::Spell { obj } = c.what else {
            return None;
        };
        // 505.2: a split card's spell is the half being played.
        let spell = &self.objects[obj.slot as usize].spell_face().spell;
        match cost {
            crate::OptionalCost::Kicker(i) => spell.kicker.get(i as usize),
            crate::OptionalCost::Buyback => spell.buyback.as_ref(),
            crate::OptionalCost::Alternative => spell.alternative.as_ref().map(|a| &a.cost),
        }
    }

    /// 409.1b: the condition of the spell's alternative cost ("If you
    /// control a Plains,") holds for `p`.
    fn alternative_allowed(&self, c: &Casting, p: PlayerId) -> bool {
        let Playing::Spell { obj } = c.what else {
            return false;
        };
        // 505.2: a split card's spell is the half being played.
        let spell = &self.objects[obj.slot as usize].spell_face().spell;
        self.alternative_condition(p, obj, spell)
    }

    /// "If you control a [filter]," of an alternative cost.
    pub(crate) fn alternative_condition(
        &self,
        p: PlayerId,
        card: ObjId,
        spell: &tolaria_cards::SpellAbility,
    ) -> bool {
        match spell
            .alternative
            .as_ref()
            .and_then(|a| a.if_you_control.as_ref())
        {
            None => spell.alternative.is_some(),
            Some(f) => self
                .controlled_by(p)
                .any(|o| crate::continuous::filter::matches(self, f, o, Some(card), p)),
        }
    }

    /// 409.1h: could `p` pay the non-mana parts of a cost of a spell
    /// (permanents to sacrifice or tap, cards to discard or remove from the
    /// hand, life)? "Unpayable costs can't be paid."
    pub(crate) fn cost_parts_payable(&self, p: PlayerId, k: &Cost) -> bool {
        let hand = &self.player(p).hand;
        let in_hand = |f: Option<&tolaria_cards::ObjectFilter>| {
            hand.iter()
                .filter(|&&o| {
                    f.is_none_or(|f| {
                        crate::continuous::filter::matches_card(
                            f,
                            self.objects[o.slot as usize].card,
                        )
                    })
                })
                .count()
        };
        let controlled = |f: &tolaria_cards::ObjectFilter, untapped: bool| {
            self.controlled_by(p)
                .filter(|&o| {
                    (!untapped || !self.objects[o.slot as usize].is_tapped())
                        && crate::continuous::filter::matches(self, f, o, None, p)
                })
                .count()
        };
        if let Some(f) = &k.sacrifice {
            if controlled(f, false) < k.sacrifices() as usize {
                return false;
            }
        }
        if let Some((f, n)) = &k.tap_untapped {
            if controlled(f, true) < *n as usize {
                return false;
            }
        }
        if let Some((f, n)) = &k.return_to_hand {
            if controlled(f, false) < *n as usize {
                return false;
            }
        }
        if k.discard > 0 && in_hand(k.discard_filter.as_ref()) < k.discard as usize {
            return false;
        }
        if let Some((f, n)) = &k.exile_from_hand {
            if in_hand(Some(f)) < *n as usize {
                return false;
            }
        }
        self.player(p).life >= k.pay_life as i32
    }

    /// 409.1f: the mana part of the total cost of the spell or ability
    /// being played, with X announced, increases and reductions, and the
    /// mana of the additional costs announced.
    fn total_mana(&self, c: &Casting, mana_cost: &tolaria_cards::ManaCost) -> Unpaid {
        let x = c.x.unwrap_or(0);
        let mut u = if c.flashback || c.suspend || c.madness.is_some() || c.optional & 16 != 0 {
            // 502.22a: the flashback cost, 409.1b: an alternative cost, is
            // paid rather than the mana cost; 502.59c: a suspended card is
            // played without paying it.
            Unpaid::default()
        } else {
            Unpaid::from_cost(mana_cost, x).x_in_color(mana_cost, x, self.spell_x_color(c))
        };
        if let Playing::Spell { obj } = c.what {
            for k in self.spell_costs(c).into_iter().flatten() {
                u.add(&Unpaid::from_cost(&k.mana, 0));
            }
            crate::playing::cost::apply_change(&mut u, self.spell_cost_change(c.player, obj));
        }
        u
    }

    /// 409.1b: could the player pay the spell's total cost with `cost`
    /// announced too? The options offered are those that can be paid
    /// (sacrifices, discards and life available; the mana, counted with
    /// the mana abilities the player could play).
    pub(crate) fn can_announce(&self, c: &Casting, cost: crate::OptionalCost) -> bool {
        let Some(k) = self.optional_cost(c, cost) else {
            return false;
        };
        let mut with = c.clone();
        with.optional |= match cost {
            crate::OptionalCost::Kicker(i) => 1 << i,
            crate::OptionalCost::Buyback => 4,
            crate::OptionalCost::Alternative => 16,
        };
        let p = c.player;
        if !self.cost_parts_payable(p, k) {
            return false;
        }
        // The additional costs together: life and cards in hand.
        let costs = self.spell_costs(&with);
        let discards: u8 = costs.iter().flatten().map(|k| k.discard).sum();
        let life: u32 = costs.iter().flatten().map(|k| k.pay_life).sum();
        if self.player(p).hand.len() < discards as usize || self.player(p).life < life as i32 {
            return false;
        }
        // "If you control a Plains, you may …" (Mercadian Masques).
        if cost == crate::OptionalCost::Alternative && !self.alternative_allowed(c, p) {
            return false;
        }
        let Playing::Spell { obj } = c.what else {
            return false;
        };
        let mana_cost = db().get(self.shown_card(obj)).faces[0]
            .mana_cost
            .clone()
            .unwrap_or_default();
        self.can_pay(p, &self.total_mana(&with, &mana_cost), None)
    }

    /// Moves the play forward: targets (409.1c), X (409.1b), cost (409.1f),
    /// payment (409.1g–h), then the spell or ability becomes played (409.1i).
    pub(crate) fn continue_casting(&mut self) {
        let Some(c) = self.casting.as_deref().cloned() else {
            return;
        };
        // 409.1b: a modal spell's mode is chosen first.
        if let Playing::Spell { obj } = c.what {
            let spell = &self.objects[obj.slot as usize].spell_face().spell;
            if !spell.modes.is_empty() && c.mode.is_none() {
                if self.playable_modes(obj, c.player).next().is_none() {
                    self.cancel_play();
                    return;
                }
                self.decision = Some(Decision {
                    player: c.player,
                    kind: DecisionKind::ChooseMode,
                });
                self.flow = Flow::Casting;
                return;
            }
        }
        // 409.1b: the value of X is announced with the mode, before targets (409.1c).
        let mana_cost = match &c.what {
            // 502.26a: {3} rather than the mana cost of a face-down spell.
            Playing::Spell { obj } if self.objects[obj.slot as usize].is_face_down() => {
                crate::mechanics::morph::face_down_cost()
            }
            Playing::Spell { obj } => self.objects[obj.slot as usize]
                .spell_face()
                .mana_cost
                .clone()
                .unwrap_or_default(),
            // 502.26d: the morph cost.
            Playing::TurnFaceUp { obj } => self.morph_cost(*obj).cloned().unwrap_or_default(),
            // 502.59a: the suspend cost.
            Playing::Suspend { obj } => crate::mechanics::suspend::suspend_of(self, *obj)
                .map(|s| s.cost.clone())
                .unwrap_or_default(),
            _ => self
                .casting_cost(&c)
                .map(|k| k.mana.clone())
                .unwrap_or_default(),
        };
        // 409.1b: X in an additional cost ("discard X cards", "pay X
        // life"): announced too, at most what can be paid.
        let cost_x = self.additional_x_max(&c);
        // 502.59c: without paying the mana cost, X is 0.
        if (mana_cost.x > 0 && !c.flashback && !c.suspend || cost_x.is_some()) && c.x.is_none() {
            let mut max = if mana_cost.x > 0 && !c.flashback && !c.suspend {
                self.max_x(
                    c.player,
                    &mana_cost,
                    self.tap_excluded(&c),
                    self.spell_x_color(&c),
                )
            } else {
                u32::MAX
            };
            if let Some(m) = cost_x {
                max = max.min(m);
            }
            // 409.1c: "X target creatures": an X with too few legal targets
            // could only be rewound (409.1c), so it is not offered.
            let specs = self.casting_specs(&c);
            if let Some(s) = specs
                .last()
                .filter(|s| s.count_by == Some(tolaria_cards::TargetCount::X))
            {
                let src = self.casting_source(&c);
                let room = 64 - slot_count(specs).min(64);
                let n = crate::playing::targeting::count_legal_targets(self, s, &src, room);
                max = max.min(n as u32);
            }
            self.decision = Some(Decision {
                player: c.player,
                kind: DecisionKind::ChooseX { max },
            });
            self.flow = Flow::Casting;
            return;
        }
        // 409.1b: the intentions to pay optional additional costs (kicker,
        // buyback) are announced after X, before targets (409.1d).
        if let Some(cost) = self.next_optional_cost(&c) {
            self.decision = Some(Decision {
                player: c.player,
                kind: DecisionKind::AnnounceCost { cost },
            });
            self.flow = Flow::Casting;
            return;
        }
        let specs = self.casting_specs(&c);
        let slots = self.casting_slots(&c, specs);
        if c.targets.len() < slots && !c.targets_done {
            let src = self.casting_source(&c);
            let mut opts = Vec::new();
            legal_targets(self, specs, c.targets.len(), &c.targets, &src, &mut opts);
            let up_to = crate::playing::targeting::may_stop(specs, c.targets.len());
            if opts.is_empty() && up_to {
                // 409.1c: "up to N": no more targets is a legal choice.
                if let Some(cm) = self.casting.as_mut() {
                    cm.targets_done = true;
                }
                self.continue_casting();
                return;
            }
            if opts.is_empty() {
                match c.what {
                    Playing::Trigger(t) => {
                        // 410.4: no legal choice: the ability is removed from the stack.
                        self.casting = None;
                        self.emit(Event::TriggerRemoved {
                            source: t.source,
                            card: t.card,
                        });
                        self.flow = Flow::Priority(c.then);
                    }
                    _ => self.cancel_play(),
                }
                return;
            }
            self.decision = Some(Decision {
                player: c.player,
                kind: DecisionKind::ChooseTarget {
                    index: c.targets.len() as u8,
                },
            });
            self.flow = Flow::Casting;
            return;
        }
        // 409.1e: the division of a divided amount among the targets,
        // one target at a time; each gets at least 1, the last the rest.
        if let Some((total, from)) = self.casting_division(&c) {
            let n = c.targets.len().saturating_sub(from);
            if c.division.len() < n {
                let left = total.saturating_sub(c.division.iter().sum());
                let after = (n - c.division.len() - 1) as u32;
                if left < after + 1 {
                    // Fewer than one each (the target count is capped by
                    // the amount, so only a changed amount gets here).
                    self.cancel_play();
                    return;
                }
                // The last target gets the rest; a target that can only
                // get 1 gets it: no choice either way.
                let max = left - after;
                if after == 0 || max == 1 {
                    let share = if after == 0 { left } else { 1 };
                    if let Some(cm) = self.casting.as_mut() {
                        cm.division.push(share);
                    }
                    self.continue_casting();
                    return;
                }
                self.decision = Some(Decision {
                    player: c.player,
                    kind: DecisionKind::AnnounceDivision {
                        index: (from + c.division.len()) as u8,
                        min: 1,
                        max,
                    },
                });
                self.flow = Flow::Casting;
                return;
            }
        }
        if let Playing::Trigger(t) = &c.what {
            // 410.4: a triggered ability goes on the stack with its choices made.
            let t = t.clone();
            self.casting = None;
            self.stack.push(StackItem {
                kind: StackKind::Ability {
                    source: t.source,
                    card: t.card,
                    ability: t.ability,
                    triggered: true,
                    trigger: t.ctx,
                },
                controller: c.player,
                targets: c.targets.clone(),
                x: 0,
                mode: None,
                colors_spent: 0,
                sacrificed: None,
                sacrificed_power: 0,
                division: c.division.clone(),
            });
            let targets = self.named_targets(&c.targets);
            self.emit(Event::TriggerPutOnStack {
                player: c.player,
                source: t.source,
                card: t.card,
                ability: t.ability,
                targets,
            });
            self.flow = Flow::Priority(c.then);
            return;
        }
        if c.unpaid.is_none() {
            // 409.1f: the total cost, with additional costs, increases and
            // reductions.
            let u = self.total_mana(&c, &mana_cost);
            if let Some(cc) = self.casting.as_mut() {
                cc.unpaid = Some(u);
            }
        }
        self.pay_from_pool();
        let paid = self
            .casting
            .as_ref()
            .and_then(|c| c.unpaid.as_ref())
            .is_none_or(Unpaid::is_paid);
        if paid {
            // 409.1h: the rest of the cost, in any order: each of the
            // spell's additional costs in turn (one cost for an ability).
            loop {
                let cc = self.casting.as_deref().expect("casting").clone();
                let Some(cost) = self.casting_cost(&cc) else {
                    break;
                };
                if cost.sacrifices() > cc.sacrificed {
                    self.decision = Some(Decision {
                        player: c.player,
                        kind: DecisionKind::SacrificeCost,
                    });
                    self.flow = Flow::Casting;
                    return;
                }
                if let Some(f) = cost.sacrifice_all.as_ref().filter(|_| cc.sacrificed == 0) {
                    self.sacrifice_all_for_cost(c.player, f);
                    continue;
                }
                let discards = cost.discards(cc.x.unwrap_or(0));
                if discards > cc.discarded && cost.discard_random {
                    // "Discard a card at random": no choice to make.
                    for _ in cc.discarded..discards {
                        let len = self.player(c.player).hand.len();
                        if len == 0 {
                            break;
                        }
                        let i = self.rng.below(len);
                        let card = self.player(c.player).hand[i];
                        self.discard(card);
                    }
                    if let Some(cm) = self.casting.as_mut() {
                        cm.discarded = discards;
                    }
                    continue;
                }
                if discards > cc.discarded {
                    let remaining = (discards - cc.discarded) as u32;
                    self.decision = Some(Decision {
                        player: c.player,
                        kind: DecisionKind::DiscardCost { remaining },
                    });
                    self.flow = Flow::Casting;
                    return;
                }
                // 409.1h: cards removed from the hand, permanents tapped or
                // returned, one decision each until the number is reached.
                // (number the cost names, number done, the decision asking for the rest)
                type Counted = (Option<u8>, u8, fn(u32) -> DecisionKind);
                let counted: [Counted; 3] = [
                    (
                        cost.exile_from_hand.as_ref().map(|e| e.1),
                        cc.exiled,
                        |remaining| DecisionKind::ExileCost { remaining },
                    ),
                    (
                        cost.tap_untapped.as_ref().map(|t| t.1),
                        cc.tapped,
                        |remaining| DecisionKind::TapCost { remaining },
                    ),
                    (
                        cost.return_to_hand.as_ref().map(|r| r.1),
                        cc.returned,
                        |remaining| DecisionKind::ReturnCost { remaining },
                    ),
                ];
                for (need, done, kind) in counted {
                    if let Some(n) = need.filter(|&n| n > done) {
                        self.decision = Some(Decision {
                            player: c.player,
                            kind: kind(u32::from(n - done)),
                        });
                        self.flow = Flow::Casting;
                        return;
                    }
                }
                if !matches!(cc.what, Playing::Spell { .. }) {
                    break;
                }
                let cm = self.casting.as_mut().expect("casting");
                cm.cost_at += 1;
                cm.sacrificed = 0;
                cm.discarded = 0;
                cm.exiled = 0;
                cm.tapped = 0;
                cm.returned = 0;
            }
            self.finish_casting();
        } else {
            self.decision = Some(Decision {
                player: c.player,
                kind: DecisionKind::PayMana,
            });
            self.flow = Flow::Casting;
        }
    }

    /// 409.1h: "sacrifice all creatures you control" (Soulblast): every
    /// such permanent at once, no choice; their powers as they last existed
    /// in play are added up for `Amount::SacrificedPower`.
    fn sacrifice_all_for_cost(&mut self, p: PlayerId, f: &tolaria_cards::ObjectFilter) {
        let source = self.casting.as_deref().map(|c| self.casting_source(c).obj);
        let all: Vec<ObjId> = self
            .in_play
            .iter()
            .copied()
            .filter(|&o| {
                self.is_present(o)
                    && self.objects[o.slot as usize].controller == p
                    && crate::continuous::filter::matches(self, f, o, source.flatten(), p)
            })
            .collect();
        let mut power = 0;
        for &o in &all {
            power += crate::continuous::characteristics::compute(self, o).power;
        }
        for o in all {
            let owner = self.objects[o.slot as usize].owner;
            self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
        }
        if let Some(c) = self.casting.as_mut() {
            // Marks the part paid (`cost_at` moving on resets it).
            c.sacrificed = 1;
            c.sacrificed_power += power;
        }
    }

    /// How many targets the spell or ability being played has in all: the
    /// fixed counts, and a variable one from the X announced or the trigger
    /// event's amount (`TargetSpec::count_by`), at most 64 in all (one bit
    /// each for 413.2a).
    pub(crate) fn casting_slots(&self, c: &Casting, specs: &[tolaria_cards::TargetSpec]) -> usize {
        let fixed = slot_count(specs);
        let variable = match specs.last().and_then(|s| s.count_by) {
            Some(tolaria_cards::TargetCount::X) => c.x.unwrap_or(0) as usize,
            Some(tolaria_cards::TargetCount::Triggered) => match &c.what {
                Playing::Trigger(t) => t.ctx.amount as usize,
                _ => 0,
            },
            // 409.1c: as many as the player chooses (`Done` stops).
            Some(tolaria_cards::TargetCount::AnyNumber) => 64,
            None => 0,
        };
        let all = (fixed + variable).min(64);
        // 409.1e: each target of a divided amount gets at least 1 of it.
        match self.casting_division(c) {
            Some((total, from)) => all.min(from + total as usize),
            None => all,
        }
    }

    /// The effects of what is being played (its mode's, for a modal spell).
    pub(crate) fn casting_effects(&self, c: &Casting) -> &'static [tolaria_cards::Effect] {
        match &c.what {
            Playing::Spell { obj } => self.objects[obj.slot as usize]
                .spell_face()
                .spell
                .effects_for(c.mode),
            Playing::Ability { .. } => self.casting_ability().map_or(&[], |a| &a.effects),
            Playing::Trigger(t) if !t.ctx.delayed => &t.ability().effects,
            _ => &[],
        }
    }

    /// 409.1e, 413.2f: the amount a "divided as you choose" effect divides
    /// (determined as it is played) and the first target slot it divides
    /// among.
    pub(crate) fn casting_division(&self, c: &Casting) -> Option<(u32, usize)> {
        let (amount, from) = tolaria_cards::divided_effect(self.casting_effects(c))?;
        let source = self.casting_source(c).obj?;
        let mut ctx = crate::resolution::resolve::ResolveCtx::for_source(self, c.player, source);
        ctx.x = c.x.unwrap_or(0);
        if let Playing::Trigger(t) = &c.what {
            ctx.trigger = t.ctx;
        }
        Some((self.amount(&ctx, amount).max(0) as u32, from as usize))
    }

    /// 502.46a: is the spell being played one with convoke?
    fn convoking(&self, c: &Casting) -> bool {
        match c.what {
            Playing::Spell { obj } => db().get(self.shown_card(obj)).faces[0].spell.convoke,
            _ => false,
        }
    }

    /// 502.46a: the creatures `p` could tap for convoke now, each useful
    /// for what is still owed ({1}, or one mana of one of its colours).
    pub(crate) fn convoke_options(&self, out: &mut Vec<Action>) {
        let Some(c) = self.casting.as_deref() else {
            return;
        };
        let Some(u) = c.unpaid.as_ref().filter(|_| self.convoking(c)) else {
            return;
        };
        for o in self.controlled_by(c.player) {
            if self.objects[o.slot as usize].is_tapped() {
                continue;
            }
            let ch = crate::continuous::characteristics::compute(self, o);
            if ch.is_creature() && (u.generic > 0 || convoke_color(u, ch.colors).is_some()) {
                out.push(Action::ChooseObject(o));
            }
        }
    }

    /// 502.46a: taps a creature for convoke: it pays one coloured symbol of
    /// one of its colours still owed, else {1}.
    pub(crate) fn convoke(&mut self, o: ObjId) {
        let colors = crate::continuous::characteristics::compute(self, o).colors;
        self.tap(o);
        if let Some(u) = self.casting.as_mut().and_then(|c| c.unpaid.as_mut()) {
            match convoke_color(u, colors) {
                Some(ConvokePays::Colored(i)) => u.colored[i] -= 1,
                Some(ConvokePays::Hybrid(i)) => {
                    u.hybrid.remove(i);
                }
                None => u.generic = u.generic.saturating_sub(1),
            }
        }
        self.continue_casting();
    }

    /// 409.1b: the largest X the spell's additional cost lets its player
    /// pay ("discard X cards": the cards in hand that may be discarded;
    /// "pay X life": the life total), if it has such a part.
    fn additional_x_max(&self, c: &Casting) -> Option<u32> {
        let Playing::Spell { obj } = c.what else {
            return None;
        };
        let k = self.objects[obj.slot as usize]
            .spell_face()
            .spell
            .additional_cost
            .as_ref()
            .filter(|k| k.has_x())?;
        let mut max = u32::MAX;
        if k.discard_x {
            let n = self
                .player(c.player)
                .hand
                .iter()
                .filter(|&&o| {
                    k.discard_filter.as_ref().is_none_or(|f| {
                        crate::continuous::filter::matches_card(
                            f,
                            self.objects[o.slot as usize].card,
                        )
                    })
                })
                .count();
            max = max.min(n as u32);
        }
        if k.pay_life_x {
            max = max.min(self.player(c.player).life.max(0) as u32);
        }
        Some(max)
    }

    /// 502.64a: is the spell being played one with delve?
    fn delving(&self, c: &Casting) -> bool {
        match c.what {
            Playing::Spell { obj } => self.objects[obj.slot as usize].spell_face().spell.delve,
            _ => false,
        }
    }

    /// 502.64a: the cards `p` could remove from their graveyard for delve
    /// now: any, while generic mana is still owed ("Each card removed this
    /// way reduces the cost to play this spell by {1}").
    pub(crate) fn delve_options(&self, out: &mut Vec<Action>) {
        let Some(c) = self.casting.as_deref() else {
            return;
        };
        if c.unpaid.as_ref().is_some_and(|u| u.generic > 0) && self.delving(c) {
            out.extend(
                self.player(c.player)
                    .graveyard
                    .iter()
                    .map(|&o| Action::ChooseObject(o)),
            );
        }
    }

    /// 502.64a: removes a card from the graveyard from the game for delve:
    /// the total cost is {1} less (409.1f–h).
    pub(crate) fn delve(&mut self, o: ObjId) {
        let Some(c) = self.casting.as_deref() else {
            return;
        };
        let p = c.player;
        if self.zone_of(o) != Some(Zone::Graveyard(p)) || !self.delving(c) {
            return;
        }
        self.move_to(o, Zone::RemovedFromGame, MoveReason::Delve);
        if let Some(u) = self.casting.as_mut().and_then(|c| c.unpaid.as_mut()) {
            u.generic = u.generic.saturating_sub(1);
        }
        self.continue_casting();
    }

    /// The source whose own {T} is part of the cost cannot also tap for mana.
    fn tap_excluded(&self, c: &Casting) -> Option<ObjId> {
        match (&c.what, self.casting_cost(c)) {
            (Playing::Ability { source, .. }, Some(cost)) if cost.tap => Some(*source),
            _ => None,
        }
    }

    /// 409.1h: mana in the pool pays the cost: coloured symbols first, then
    /// hybrid, then generic (spending colourless first).
    fn pay_from_pool(&mut self) {
        let Some(c) = self.casting.as_mut() else {
            return;
        };
        let p = c.player;
        let Some(u) = c.unpaid.as_mut() else { return };
        let spent = take_from_pool(&mut self.players[p.index()].pool, u);
        c.spent |= spent;
    }

    /// 409.1i: pay the non-mana costs; the spell or ability becomes played.
    fn finish_casting(&mut self) {
        let Some(c) = self.casting.take() else { return };
        if let Playing::TurnFaceUp { obj } = c.what {
            // 502.26d: a special action: no stack object; the player keeps priority.
            self.rewind = None;
            self.passes = 0;
            self.turn_face_up(c.player, obj);
            self.flow = Flow::Priority(c.then);
            return;
        }
        if let Playing::Suspend { obj } = c.what {
            // 408.2k: a special action: no stack object; the player keeps priority.
            self.rewind = None;
            self.passes = 0;
            self.suspend_card(c.player, obj);
            self.flow = Flow::Priority(c.then);
            return;
        }
        if let Some(cost) = self.casting_cost(&c) {
            if let Playing::Ability { source, .. } = c.what {
                let cycling = matches!(self.casting_ability(), Some(a) if a.cycling);
                self.pay_other_costs(cost, source, cycling);
            }
        }
        // 502.43a: the ninjutsu cost returns the unblocked attacker.
        if let Some(a) = c.returning {
            self.pay_ninjutsu_return(a);
        }
        if let Playing::Spell { obj } = c.what {
            // 409.1h: the life of the spell's additional costs (Snuff
            // Out-style "pay N life").
            let life: u32 = self
                .spell_costs(&c)
                .into_iter()
                .flatten()
                .map(|k| k.life(c.x.unwrap_or(0)))
                .sum();
            if life > 0 {
                self.lose_life(c.player, life);
            }
            // 502.21, 502.16a: how the spell was played stays with it.
            use crate::state::object::flags;
            let o = &mut self.objects[obj.slot as usize];
            // 502.59a: a spell played by its suspend ability gains haste
            // (kept with its controller, `marks::SUSPEND_HASTE`).
            if c.suspend && !c.ripple {
                o.control_marks |= crate::state::object::marks::SUSPEND_HASTE;
            }
            for (bit, flag) in [
                (1, flags::KICKED_A),
                (2, flags::KICKED_B),
                (4, flags::BOUGHT_BACK),
                (8, flags::FLASHBACK),
            ] {
                if (c.optional | u8::from(c.flashback) << 3) & bit != 0 {
                    o.flags |= flag;
                }
            }
        }
        let card = self.stack.last().and_then(|s| s.card(self));
        if let Some(top) = self.stack.last_mut() {
            top.targets = c.targets.clone();
            top.x = c.x.unwrap_or(0);
            top.mode = c.mode;
            if matches!(c.what, Playing::Spell { .. }) {
                top.colors_spent = c.spent;
            }
            top.sacrificed = c.sacrificed_obj;
            top.sacrificed_power = c.sacrificed_power;
            top.division = c.division.clone();
        }
        self.rewind = None;
        self.passes = 0;
        if let Some(card) = card {
            let targets = self.named_targets(&c.targets);
            self.emit(Event::CostPaid {
                player: c.player,
                card,
            });
            match c.what {
                Playing::Spell { obj } => {
                    self.players[c.player.index()].spells_this_turn += 1;
                    self.emit(Event::SpellPlayed {
                        player: c.player,
                        obj,
                        card,
                        half: self.objects[obj.slot as usize].spell_face_index(),
                        targets,
                    })
                }
                Playing::Ability { source, index } => {
                    if let Some(o) = self.obj_mut(source) {
                        let bit = 1 << index.min(15);
                        // "no more than twice each turn": the second activation.
                        if o.activated_this_turn & bit != 0 {
                            o.activated_twice_this_turn |= bit;
                        }
                        o.activated_this_turn |= bit;
                    }
                    self.emit(Event::AbilityPlayed {
                        player: c.player,
                        source,
                        card,
                        index,
                        targets,
                    })
                }
                Playing::Trigger(_)
                | Playing::FaceDown { .. }
                | Playing::TurnFaceUp { .. }
                | Playing::Suspend { .. } => {}
            }
        }
        self.flow = Flow::Priority(c.then);
    }

    fn pay_other_costs(&mut self, cost: &Cost, source: ObjId, cycling: bool) {
        // 409.1h: "Reveal your hand" (Sasaya, Orochi Ascendant).
        if cost.reveal_hand {
            let player = self.objects[source.slot as usize].controller;
            let cards = self
                .player(player)
                .hand
                .iter()
                .map(|&o| self.objects[o.slot as usize].card)
                .collect();
            self.emit(Event::Revealed { player, cards });
        }
        if cost.tap {
            self.tap(source);
        }
        if cost.untap {
            self.untap(source);
        }
        if cost.pay_life > 0 {
            let p = self.objects[source.slot as usize].controller;
            self.lose_life(p, cost.pay_life);
        }
        if let Some((kind, n)) = cost.remove_counters {
            if let Some(o) = self.obj_mut(source) {
                let n = o.add_counters(kind, -(n as i32));
                let card = o.card;
                self.emit(Event::CountersRemoved {
                    obj: source,
                    card,
                    kind,
                    amount: n,
                });
            }
        }
        if cost.sacrifice_self {
            let owner = self.objects[source.slot as usize].owner;
            self.move_to(source, Zone::Graveyard(owner), MoveReason::Sacrifice);
        }
        // 502.18a: "Discard this card" (cycling).
        if cost.discard_self {
            let o = &self.objects[source.slot as usize];
            let (owner, card) = (o.owner, o.card);
            // 502.24a: a card with madness may be removed from the game.
            if let Some(new) = self.discard_card(source) {
                if cycling {
                    // 502.18c: discarded to pay a cycling cost: cycled.
                    self.emit(Event::Cycled {
                        player: owner,
                        obj: new,
                        card,
                    });
                }
            }
        }
    }

    /// 422: the play is abandoned and the game returns to the moment before it.
    pub(crate) fn cancel_play(&mut self) {
        // Special actions put nothing on the stack.
        let turning_face_up = self.casting.as_ref().is_some_and(|c| {
            matches!(c.what, Playing::TurnFaceUp { .. } | Playing::Suspend { .. })
        });
        let card = if turning_face_up {
            None
        } else {
            self.stack.last().and_then(|s| s.card(self))
        };
        let player = self
            .casting
            .as_ref()
            .map(|c| c.player)
            .unwrap_or(self.active);
        let madness = self.casting.as_ref().and_then(|c| c.madness);
        if let Some(snap) = self.rewind.take() {
            let mut events = std::mem::take(&mut self.events);
            events.truncate(self.rewind_events);
            let actions = self.action_count;
            *self = *snap;
            self.events = events;
            self.action_count = actions;
        }
        if let Some(card) = card {
            self.emit(Event::PlayCancelled { player, card });
        }
        // 502.24a: a madness card not played goes to the graveyard.
        if let Some(o) = madness.filter(|&o| self.obj(o).is_some()) {
            let owner = self.objects[o.slot as usize].owner;
            self.move_to(o, Zone::Graveyard(owner), MoveReason::Effect);
        }
        self.flow = Flow::Priority(player);
        self.decision = None;
    }

    pub(crate) fn on_casting(&mut self, action: Action) {
        match action {
            Action::CancelPlay => self.cancel_play(),
            Action::ChooseTarget(t) => {
                if let Some(c) = self.casting.as_mut() {
                    c.targets.push(t);
                }
                self.continue_casting();
            }
            Action::Done => {
                // 409.1c: no more targets for an "up to N" requirement.
                if let Some(c) = self.casting.as_mut() {
                    c.targets_done = true;
                }
                self.continue_casting();
            }
            Action::Yes | Action::No => {
                // 409.1b: announce (or not) the optional cost asked.
                let Some(c) = self.casting.as_deref() else {
                    return;
                };
                let cost = self.next_optional_cost(c);
                let (player, card) = (c.player, self.stack.last().and_then(|s| s.card(self)));
                if let Some(c) = self.casting.as_mut() {
                    c.announced += 1;
                    if action == Action::Yes {
                        c.optional |= match cost {
                            Some(crate::OptionalCost::Kicker(i)) => 1 << i,
                            Some(crate::OptionalCost::Buyback) => 4,
                            Some(crate::OptionalCost::Alternative) => 16,
                            None => 0,
                        };
                    }
                }
                if let (Action::Yes, Some(cost), Some(card)) = (&action, cost, card) {
                    self.emit(Event::CostAnnounced { player, card, cost });
                }
                self.continue_casting();
            }
            Action::ChooseObject(o) => {
                // 409.1h: the part of the cost being paid, in the order
                // `continue_casting` asks for them.
                let Some(c) = self.casting.as_deref() else {
                    return;
                };
                let Some(cost) = self.casting_cost(c) else {
                    return;
                };
                if cost.sacrifices() > c.sacrificed {
                    let owner = self.objects[o.slot as usize].owner;
                    self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
                    if let Some(c) = self.casting.as_mut() {
                        c.sacrificed += 1;
                        c.sacrificed_obj.get_or_insert(o);
                    }
                } else if cost.discards(c.x.unwrap_or(0)) > c.discarded {
                    self.discard(o);
                    if let Some(c) = self.casting.as_mut() {
                        c.discarded += 1;
                    }
                } else if cost
                    .exile_from_hand
                    .as_ref()
                    .is_some_and(|(_, n)| *n > c.exiled)
                {
                    self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                    if let Some(c) = self.casting.as_mut() {
                        c.exiled += 1;
                    }
                } else if cost
                    .tap_untapped
                    .as_ref()
                    .is_some_and(|(_, n)| *n > c.tapped)
                {
                    self.tap(o);
                    if let Some(c) = self.casting.as_mut() {
                        c.tapped += 1;
                    }
                } else {
                    let owner = self.objects[o.slot as usize].owner;
                    self.move_to(o, Zone::Hand(owner), MoveReason::ReturnToHand);
                    if let Some(c) = self.casting.as_mut() {
                        c.returned += 1;
                    }
                }
                self.continue_casting();
            }
            Action::ChooseMode(m) => {
                if let Some(c) = self.casting.as_mut() {
                    c.mode = Some(m);
                }
                self.continue_casting();
            }
            Action::ChooseX(x) => {
                if let Some(c) = self.casting.as_mut() {
                    c.x = Some(x);
                }
                self.continue_casting();
            }
            Action::AssignDamage(n) => {
                // 409.1e: the share of the next target.
                if let Some(c) = self.casting.as_mut() {
                    c.division.push(n);
                }
                self.continue_casting();
            }
            Action::ActivateMana {
                source,
                index,
                kind,
            } => {
                let p = self
                    .casting
                    .as_ref()
                    .map(|c| c.player)
                    .unwrap_or(self.active);
                self.activate_mana(p, source, index, kind);
                self.continue_casting();
            }
            _ => {}
        }
    }

    /// 406 / 411: a mana ability resolves immediately.
    pub(crate) fn activate_mana(&mut self, p: PlayerId, source: ObjId, index: u8, kind: ManaKind) {
        let ch = crate::continuous::characteristics::compute(self, source);
        let Some((Ability::Mana(m), _)) = ch.ability_at(index) else {
            return;
        };
        // 411.1, 409.1h: a mana ability's mana cost is paid from the pool
        // (offered only when the pool can pay it, `pool_pays`).
        if !m.cost.mana.is_zero() {
            self.pay_mana_ability_cost(p, &m.cost.mana);
        }
        self.pay_other_costs(&m.cost, source, false);
        // 406: "Whenever a player taps a land for mana" (Manabarbs).
        if m.cost.tap && ch.is(tolaria_cards::CardType::Land) {
            crate::resolution::triggers::land_tapped_for_mana(self, p);
        }
        let amount = match &m.produce {
            ManaProduce::Fixed(v) => {
                for k in v {
                    self.players[p.index()].pool.add(*k, 1);
                }
                for k in v.iter().skip(1) {
                    self.emit(Event::ManaAdded {
                        player: p,
                        source,
                        card: ch.card,
                        kind: *k,
                        amount: 1,
                    });
                }
                if let Some(k) = v.first() {
                    self.emit(Event::ManaAdded {
                        player: p,
                        source,
                        card: ch.card,
                        kind: *k,
                        amount: 1,
                    });
                }
                return self.mana_side_effects(p, source, index, &m.also, m.cost.tap, (v, kind));
            }
            ManaProduce::DoublePool => {
                self.double_pool(p, source, ch.card);
                return self.mana_side_effects(p, source, index, &m.also, m.cost.tap, (&[], kind));
            }
            ManaProduce::AnyColor(n) => *n as u16,
            ManaProduce::OneOf(_) => 1,
            // 503.7–503.8: an undefined choice adds nothing (and the action
            // names the chosen colour, so `kind` is it when there is one).
            ManaProduce::ChosenColor => match self.objects[source.slot as usize].chosen_color {
                Some(c) if kind == ManaKind::Color(c) => 1,
                _ => 0,
            },
        };
        self.players[p.index()].pool.add(kind, amount);
        self.emit(Event::ManaAdded {
            player: p,
            source,
            card: ch.card,
            kind,
            amount: amount as u32,
        });
        let produced: &[ManaKind] = if amount > 0 { &[kind] } else { &[] };
        self.mana_side_effects(p, source, index, &m.also, m.cost.tap, (produced, kind));
    }

    fn mana_side_effects(
        &mut self,
        p: PlayerId,
        source: ObjId,
        index: u8,
        also: &'static [tolaria_cards::Effect],
        tapped: bool,
        // What the ability added, and the type the player named (406.1b).
        (produced, chosen): (&[ManaKind], ManaKind),
    ) {
        if !also.is_empty() {
            let ctx = crate::resolution::resolve::ResolveCtx::for_source(self, p, source);
            for e in also {
                if let tolaria_cards::Effect::AtNextUpkeep { .. } = e {
                    // 404.4: "Draw a card at the beginning of the next
                    // turn's upkeep" (Barbed Sextant): the mana ability
                    // creates the delayed triggered ability.
                    let ch = crate::continuous::layers::ability_chars(self, source);
                    self.delayed_next_upkeep
                        .push(crate::resolution::triggers::PendingTrigger {
                            controller: p,
                            source,
                            card: ch.card,
                            ability: tolaria_cards::AbilityRef::Printed {
                                card: ch.card,
                                face: ch.face,
                                index,
                            },
                            ctx: crate::state::stack::TriggerContext {
                                delayed: true,
                                ..Default::default()
                            },
                        });
                    continue;
                }
                self.exec_effect(&ctx, e);
            }
        }
        // 406.1b, 406.4: triggered mana abilities ("Whenever enchanted land
        // is tapped for mana, …") resolve at once, without the stack.
        if tapped {
            crate::resolution::triggers::triggered_mana_abilities(self, source, produced, chosen);
        }
    }

    /// Mana abilities `p` could activate now, with each kind they can produce.
    pub(crate) fn mana_options(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
        useful: Option<&Unpaid>,
        out: &mut Vec<Action>,
    ) {
        if let Some(list) = self.board_mana_sources() {
            let life_ok = self.player(p).life >= 0;
            let bans = self.mana_bans();
            for src in list {
                if !self.mana_source_usable(p, exclude, src.id, bans) {
                    continue;
                }
                match src.simple {
                    // The same predicates as `mana_options_of`, for a
                    // plain "{T}: Add one mana".
                    Some((i, k)) => {
                        if self.plain_tap_payable(src.id, life_ok)
                            && useful.is_none_or(|u| mana_useful(u, k))
                        {
                            out.push(Action::ActivateMana {
                                source: src.id,
                                index: i,
                                kind: k,
                            });
                        }
                    }
                    None => self.mana_options_of(src.id, src.abilities, None, useful, out),
                }
            }
            return;
        }
        for (id, abilities) in self.mana_sources(p, exclude) {
            self.mana_options_of(id, abilities, None, useful, out);
        }
    }

    /// [`Game::mana_options`] for one source (only its ability `only`, if
    /// given), so that one `ActivateMana` can be checked without listing
    /// every source's.
    fn mana_options_of(
        &self,
        id: ObjId,
        abilities: crate::continuous::characteristics::AbilityList,
        only: Option<u8>,
        useful: Option<&Unpaid>,
        out: &mut Vec<Action>,
    ) {
        for (i, a) in abilities.iter().enumerate() {
            let Ability::Mana(m) = a else { continue };
            if only.is_some_and(|o| o as usize != i) {
                continue;
            }
            if !self.can_pay_tap_part(&m.cost, id)
                || !self.pool_pays(id, &m.cost.mana)
                || m.cost.sacrifice.is_some()
            {
                continue;
            }
            let mut push = |k: ManaKind| {
                if useful.is_none_or(|u| mana_useful(u, k)) {
                    out.push(Action::ActivateMana {
                        source: id,
                        index: i as u8,
                        kind: k,
                    });
                }
            };
            match &m.produce {
                ManaProduce::Fixed(v) => {
                    if let Some(k) = v.first() {
                        if useful.is_none_or(|u| v.iter().any(|k| mana_useful(u, *k))) {
                            out.push(Action::ActivateMana {
                                source: id,
                                index: i as u8,
                                kind: *k,
                            });
                            // 406.1b: with Sasaya's Essence in play, the
                            // player names which of the types produced
                            // its additional mana will be.
                            if m.cost.tap
                                && v.iter().any(|x| x != k)
                                && crate::resolution::triggers::produced_type_matters(self)
                            {
                                for (j, x) in v.iter().enumerate() {
                                    if !v[..j].contains(x) && x != k {
                                        out.push(Action::ActivateMana {
                                            source: id,
                                            index: i as u8,
                                            kind: *x,
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
                // Offered only when it would add mana (the pool holds more
                // than its cost takes), whatever is being paid for.
                ManaProduce::DoublePool => {
                    if self
                        .pool_after_cost(id, &m.cost.mana)
                        .is_some_and(|t| t > 0)
                    {
                        out.push(Action::ActivateMana {
                            source: id,
                            index: i as u8,
                            kind: ManaKind::Colorless,
                        });
                    }
                }
                ManaProduce::AnyColor(_) => Color::ALL
                    .into_iter()
                    .for_each(|c| push(ManaKind::Color(c))),
                ManaProduce::OneOf(set) => set.iter().for_each(|c| push(ManaKind::Color(c))),
                // 503.7: with no colour chosen the ability would add no
                // mana; it isn't offered as a way to make mana.
                ManaProduce::ChosenColor => {
                    if let Some(c) = self.objects[id.slot as usize].chosen_color {
                        push(ManaKind::Color(c));
                    }
                }
            }
        }
    }

    /// Is this `ActivateMana` among [`Game::mana_options`]'s? The same
    /// predicates, for its one source and ability.
    pub(crate) fn mana_option_legal(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
        useful: Option<&Unpaid>,
        action: &Action,
    ) -> bool {
        let Action::ActivateMana { source, index, .. } = *action else {
            return false;
        };
        if !self.is_in_play(source) || !self.in_play.contains(&source) {
            return false;
        }
        let Some(abilities) = self.mana_source(p, exclude, source) else {
            return false;
        };
        let mut v = Vec::new();
        self.mana_options_of(source, abilities, Some(index), useful, &mut v);
        v.contains(action)
    }

    /// `p`'s permanents with mana abilities (other than `exclude`), with the
    /// abilities they have now (a copy's, none after Humility: layers 1, 5).
    fn mana_sources(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
    ) -> impl Iterator<Item = (ObjId, crate::continuous::characteristics::AbilityList)> + '_ {
        self.in_play
            .iter()
            .filter_map(move |&id| Some((id, self.mana_source(p, exclude, id)?)))
    }

    /// At priority, with an up-to-date board: `available_mana(p, None)`,
    /// and `mana_options(p, None, None)` appended to `out`, in one pass over
    /// the mana sources; returns the mana and how many actions were added.
    pub(crate) fn priority_mana(
        &self,
        p: PlayerId,
        out: &mut Vec<Action>,
    ) -> Option<(Avail, usize)> {
        let list = self.board_mana_sources()?;
        let before = out.len();
        let mut v = Avail::new();
        let pool = &self.player(p).pool;
        for (i, &n) in pool.0.iter().enumerate() {
            v.push_n(1u8 << i, n as usize);
        }
        let life_ok = self.player(p).life >= 0;
        let bans = self.mana_bans();
        for src in list {
            if !self.mana_source_usable(p, None, src.id, bans) {
                continue;
            }
            match src.simple {
                Some((i, k)) => {
                    if self.plain_tap_payable(src.id, life_ok) {
                        v.push(1u8 << k.index());
                        out.push(Action::ActivateMana {
                            source: src.id,
                            index: i,
                            kind: k,
                        });
                    }
                }
                None => {
                    self.source_mana(src.id, src.abilities, &mut v);
                    self.mana_options_of(src.id, src.abilities, None, None, out);
                }
            }
        }
        Some((v, out.len() - before))
    }

    /// The board's list of permanents with mana abilities, in `in_play`
    /// order, when the board is up to date: the same permanents and
    /// abilities `mana_sources` finds (before its controller, phasing and
    /// `exclude` tests, `mana_source_usable`).
    #[inline]
    fn board_mana_sources(&self) -> Option<&[crate::continuous::characteristics::ManaSource]> {
        (self.board.valid && self.board.ids.len() == self.in_play.len())
            .then_some(&self.board.mana[..])
    }

    #[inline]
    fn mana_source_usable(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
        id: ObjId,
        bans: bool,
    ) -> bool {
        let o = &self.objects[id.slot as usize];
        o.controller == p
            && !o.is_phased_out()
            && Some(id) != exclude
            && !(bans && self.ability_forbidden(id, true))
    }

    /// Does a static ability forbid some mana abilities ("Activated
    /// abilities of sources with the chosen name can't be played",
    /// Voidstone Gargoyle)? Asked once per listing, so that the sources
    /// are checked one by one only then.
    fn mana_bans(&self) -> bool {
        self.any_static_in_play(|s, _, _| {
            matches!(
                s,
                tolaria_cards::StaticAbility::CantPlayAbilities {
                    except_mana: false,
                    ..
                }
            )
        })
    }

    /// One permanent in play as [`Game::mana_sources`] sees it.
    #[inline]
    fn mana_source(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
        id: ObjId,
    ) -> Option<crate::continuous::characteristics::AbilityList> {
        let o = &self.objects[id.slot as usize];
        if o.flags & crate::state::object::flags::MANA == 0
            || o.controller != p
            || o.is_phased_out()
            || Some(id) == exclude
            || self.ability_forbidden(id, true)
        {
            return None;
        }
        Some(crate::continuous::layers::ability_chars(self, id).ability_list())
    }

    /// `can_pay_tap_part` for a cost of {T} alone, by a permanent whose
    /// controller's life total is not negative (`life_ok`; the pay-life
    /// test fails below 0 even for no life).
    #[inline]
    fn plain_tap_payable(&self, source: ObjId, life_ok: bool) -> bool {
        let o = &self.objects[source.slot as usize];
        if !life_ok || o.is_tapped() {
            return false;
        }
        !self.sick_creature_cant_tap(source)
    }

    /// 212.3f / 502.5: a creature's {T} abilities need it to have been
    /// controlled since the start of its controller's most recent turn, or
    /// haste.
    #[inline]
    fn sick_creature_cant_tap(&self, source: ObjId) -> bool {
        if !self.objects[source.slot as usize].is_sick() {
            return false;
        }
        let creature_without_haste = |ch: &crate::continuous::characteristics::Characteristics| {
            ch.is_creature() && !ch.has(Keyword::Haste)
        };
        match self.board_chars(source) {
            Some(ch) => creature_without_haste(ch),
            None => {
                creature_without_haste(&crate::continuous::characteristics::compute(self, source))
            }
        }
    }

    /// Can the {T}/{Q}/sacrifice part of a cost be paid by `source`?
    #[inline]
    pub(crate) fn can_pay_tap_part(&self, cost: &Cost, source: ObjId) -> bool {
        let o = &self.objects[source.slot as usize];
        if cost.tap || cost.untap {
            if cost.tap && o.is_tapped() || cost.untap && !o.is_tapped() {
                return false;
            }
            if self.sick_creature_cant_tap(source) {
                return false;
            }
        }
        let discardable = match &cost.discard_filter {
            None => self.player(o.controller).hand.len(),
            Some(f) => self
                .player(o.controller)
                .hand
                .iter()
                .filter(|&&c| {
                    crate::continuous::filter::matches_card(f, self.objects[c.slot as usize].card)
                })
                .count(),
        };
        if cost.discard as usize > discardable {
            return false;
        }
        if cost.pay_life as i32 > self.player(o.controller).life {
            return false;
        }
        if let Some((kind, n)) = cost.remove_counters {
            if o.counters_of(kind) < n as u32 {
                return false;
            }
        }
        true
    }

    /// The mana `p` could make available: each entry is the set of kinds one
    /// mana could be (pool mana is fixed; a source may offer a choice).
    pub(crate) fn available_mana(&self, p: PlayerId, exclude: Option<ObjId>) -> Avail {
        let mut v = Avail::new();
        let pool = &self.player(p).pool;
        for (i, &n) in pool.0.iter().enumerate() {
            v.push_n(1u8 << i, n as usize);
        }
        if let Some(list) = self.board_mana_sources() {
            let life_ok = self.player(p).life >= 0;
            let bans = self.mana_bans();
            for src in list {
                if !self.mana_source_usable(p, exclude, src.id, bans) {
                    continue;
                }
                match src.simple {
                    // What `source_mana` finds for a plain "{T}: Add one mana".
                    Some((_, k)) => {
                        if self.plain_tap_payable(src.id, life_ok) {
                            v.push(1u8 << k.index());
                        }
                    }
                    None => self.source_mana(src.id, src.abilities, &mut v),
                }
            }
            return v;
        }
        for (id, abilities) in self.mana_sources(p, exclude) {
            self.source_mana(id, abilities, &mut v);
        }
        v
    }

    /// The mana one source could make (see `available_mana`).
    fn source_mana(
        &self,
        id: ObjId,
        abilities: crate::continuous::characteristics::AbilityList,
        v: &mut Avail,
    ) {
        // Abilities that share the {T} can't all be used: count the {T}
        // abilities as one choice (the union of their kinds, or the
        // largest multi-mana one).
        let mut tap_mask = 0u8;
        let mut tap_multi: Option<&ManaProduce> = None;
        for a in abilities.iter() {
            let Ability::Mana(m) = a else { continue };
            if !m.cost.mana.is_zero()
                || m.cost.sacrifice.is_some()
                || !self.can_pay_tap_part(&m.cost, id)
            {
                continue;
            }
            let (mask, count) = match &m.produce {
                ManaProduce::Fixed(ks) => {
                    (ks.iter().fold(0u8, |acc, k| acc | 1 << k.index()), ks.len())
                }
                ManaProduce::AnyColor(n) => (0x1f, *n as usize),
                ManaProduce::OneOf(set) => (set.0, 1),
                ManaProduce::ChosenColor => match self.objects[id.slot as usize].chosen_color {
                    Some(c) => (1u8 << ManaKind::Color(c).index(), 1),
                    None => continue,
                },
                // Mana made from the pool adds nothing to what the pool
                // already counts for (and its cost is skipped above).
                ManaProduce::DoublePool => continue,
            };
            if m.cost.tap {
                if count > 1 {
                    tap_multi = Some(&m.produce);
                } else {
                    tap_mask |= mask;
                }
                continue;
            }
            match &m.produce {
                ManaProduce::Fixed(ks) => ks.iter().for_each(|k| v.push(1u8 << k.index())),
                _ => v.push_n(mask, count),
            }
        }
        match tap_multi {
            Some(ManaProduce::Fixed(ks)) => ks.iter().for_each(|k| v.push(1u8 << k.index())),
            Some(ManaProduce::AnyColor(n)) => v.push_n(0x1f, *n as usize),
            _ if tap_mask != 0 => v.push(tap_mask),
            _ => {}
        }
    }

    /// Could `p` pay this much mana (409.1g–h)? A bipartite matching of
    /// symbols to available mana.
    pub(crate) fn can_pay(&self, p: PlayerId, u: &Unpaid, exclude: Option<ObjId>) -> bool {
        let avail = self.available_mana(p, exclude);
        can_match(u, &avail)
    }

    /// The largest X `p` can pay for (409.1b).
    pub(crate) fn max_x(
        &self,
        p: PlayerId,
        cost: &tolaria_cards::ManaCost,
        exclude: Option<ObjId>,
        x_color: Option<Color>,
    ) -> u32 {
        let mut avail = self.available_mana(p, exclude);
        // 502.64a: the graveyard cards a delve spell may remove pay {1} each.
        if self.casting.as_deref().is_some_and(|c| self.delving(c)) {
            avail = with_delve(self, p, &avail);
        }
        let per = cost.x.max(1) as u32;
        let mut x = (avail.len() as u32) / per;
        while x > 0
            && !can_match(
                &Unpaid::from_cost(cost, x).x_in_color(cost, x, x_color),
                &avail,
            )
        {
            x -= 1;
        }
        x
    }

    /// "Spend only black mana on X": the colour X of the spell being played
    /// must be paid in, if any.
    fn spell_x_color(&self, c: &Casting) -> Option<Color> {
        match c.what {
            Playing::Spell { obj } => self.objects[obj.slot as usize].spell_face().spell.x_color,
            _ => None,
        }
    }
}

/// Pays as much of `u` as the pool can: coloured symbols with their colour,
/// hybrid ones with either, generic with colourless first, then white,
/// blue, black, red, green (the engine's choice of which pool mana pays
/// generic: a known simplification). Returns the colours spent
/// (`ColorSet` bits, 502.37a).
pub(crate) fn take_from_pool(pool: &mut crate::state::player::ManaPool, u: &mut Unpaid) -> u8 {
    let mut spent = 0u8;
    for (i, need) in u.colored.iter_mut().enumerate() {
        let take = (*need).min(pool.0[i] as u32);
        *need -= take;
        pool.0[i] -= take as u16;
        if take > 0 {
            spent |= 1 << i;
        }
    }
    u.hybrid.retain(|&(a, b)| {
        for col in [a, b] {
            if pool.0[col as usize] > 0 {
                pool.0[col as usize] -= 1;
                spent |= 1 << col as usize;
                return false;
            }
        }
        true
    });
    for i in [5usize, 0, 1, 2, 3, 4] {
        let take = u.generic.min(pool.0[i] as u32);
        u.generic -= take;
        pool.0[i] -= take as u16;
        if take > 0 && i < 5 {
            spent |= 1 << i;
        }
    }
    spent
}

/// What a creature tapped for convoke pays (502.46a).
enum ConvokePays {
    Colored(usize),
    Hybrid(usize),
}

/// A symbol still owed that a creature of these colours can pay for
/// convoke: a coloured one, then a hybrid one.
fn convoke_color(u: &Unpaid, colors: tolaria_cards::ColorSet) -> Option<ConvokePays> {
    if let Some(i) = (0..5).find(|&i| u.colored[i] > 0 && colors.contains(Color::ALL[i])) {
        return Some(ConvokePays::Colored(i));
    }
    u.hybrid
        .iter()
        .position(|&(a, b)| colors.contains(a) || colors.contains(b))
        .map(ConvokePays::Hybrid)
}

/// 502.46a: the mana `avail` plus one mana per untapped creature `p`
/// controls, of its colours (for judging whether a convoke spell can be
/// paid for).
pub(crate) fn with_convoke(game: &Game, p: PlayerId, avail: &Avail) -> Avail {
    let mut v = *avail;
    for o in game.controlled_by(p) {
        if game.objects[o.slot as usize].is_tapped() {
            continue;
        }
        let ch = crate::continuous::characteristics::compute(game, o);
        if ch.is_creature() {
            v.push(ch.colors.0 | 1 << 5);
        }
    }
    v
}

/// 502.64a: the mana `avail` plus {1} (colourless, which pays only
/// generic mana) per card in `p`'s graveyard (for judging whether a delve
/// spell can be paid for).
pub(crate) fn with_delve(game: &Game, p: PlayerId, avail: &Avail) -> Avail {
    let mut v = *avail;
    for _ in &game.player(p).graveyard {
        v.push(1 << 5);
    }
    v
}

fn mana_useful(u: &Unpaid, k: ManaKind) -> bool {
    if u.generic > 0 {
        return true;
    }
    match k {
        ManaKind::Color(c) => {
            u.colored[c as usize] > 0 || u.hybrid.iter().any(|&(a, b)| a == c || b == c)
        }
        ManaKind::Colorless => false,
    }
}

/// The mana a player could make available (`Game::available_mana`), in
/// order, without a heap allocation: the kinds of the first 64 (all that
/// `can_match` matches against) and how many there are in all.
#[derive(Clone, Copy)]
pub(crate) struct Avail {
    masks: [u8; 64],
    len: usize,
}

impl Avail {
    fn new() -> Avail {
        Avail {
            masks: [0; 64],
            len: 0,
        }
    }
    #[inline]
    fn push(&mut self, mask: u8) {
        if self.len < 64 {
            self.masks[self.len] = mask;
        }
        self.len += 1;
    }
    #[inline]
    fn push_n(&mut self, mask: u8, n: usize) {
        if n == 0 {
            return;
        }
        let room = 64usize.saturating_sub(self.len).min(n);
        if room > 0 {
            self.masks[self.len..self.len + room].fill(mask);
        }
        self.len += n;
    }
    /// How many mana in all.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

/// Matches each mana symbol to a distinct available mana (augmenting paths).
pub(crate) fn can_match(u: &Unpaid, avail: &Avail) -> bool {
    let total = u.total() as usize;
    if total > avail.len {
        return false;
    }
    const MAX: usize = 64;
    let mut needs = [0u8; MAX];
    let mut k = 0;
    for (i, &n) in u.colored.iter().enumerate() {
        for _ in 0..n {
            if k == MAX {
                return false;
            }
            needs[k] = 1 << i;
            k += 1;
        }
    }
    for &(a, b) in &u.hybrid {
        if k == MAX {
            return false;
        }
        needs[k] = 1 << a as usize | 1 << b as usize;
        k += 1;
    }
    if k == 0 {
        return avail.len as u32 >= u.generic;
    }
    let avail = &avail.masks[..avail.len.min(MAX)];
    let mut owner = [u8::MAX; MAX];
    fn try_assign(
        n: usize,
        needs: &[u8],
        avail: &[u8],
        owner: &mut [u8; 64],
        seen: &mut u64,
    ) -> bool {
        for j in 0..avail.len() {
            if avail[j] & needs[n] != 0 && *seen & (1 << j) == 0 {
                *seen |= 1 << j;
                if owner[j] == u8::MAX || try_assign(owner[j] as usize, needs, avail, owner, seen) {
                    owner[j] = n as u8;
                    return true;
                }
            }
        }
        false
    }
    for n in 0..k {
        let mut seen = 0u64;
        if !try_assign(n, &needs[..k], avail, &mut owner, &mut seen) {
            return false;
        }
    }
    let free = avail.len() - k;
    free as u32 >= u.generic
}
