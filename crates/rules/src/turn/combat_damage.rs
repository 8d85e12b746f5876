//! Assigning and dealing combat damage (310): the combat damage steps,
//! first strike and double strike (502.2, 502.28), trample (502.9), the
//! attacking player's and the defenders' assignment orders, "as though it
//! weren't blocked"; split from `combat_flow.rs`.

use super::combat_flow::statics;
use crate::continuous::characteristics::compute;
use crate::state::progress::{DamageCursor, Flow};
use crate::{
    Action, DamageAssignment, Decision, DecisionKind, Event, Game, ObjId, StackItem, StackKind,
    Target,
};
use tolaria_cards::{Keyword, StaticAbility};

impl Game {
    /// 310.1 / 310.5: start the (first or second) combat damage step.
    pub(crate) fn start_combat_damage(&mut self) {
        let mut creatures: Vec<ObjId> = self.combat.attackers.iter().map(|a| a.obj).collect();
        for &(b, _) in &self.combat.blocks {
            if !creatures.contains(&b) {
                creatures.push(b);
            }
        }
        creatures.retain(|&c| self.is_present(c));
        // 310.1: "… assigns no combat damage this turn" (Ophidian).
        if !self.assigns_no_combat_damage.is_empty() {
            creatures.retain(|c| !self.assigns_no_combat_damage.contains(c));
        }
        let strikes_first = |g: &Game, c: ObjId| {
            let ch = compute(g, c);
            ch.has(Keyword::FirstStrike) || ch.has(Keyword::DoubleStrike)
        };
        if !self.combat.first_done
            && !self.combat.first_strike_step
            && creatures.iter().any(|&c| strikes_first(self, c))
        {
            self.combat.first_strike_step = true;
        }
        let first_step = self.combat.first_strike_step && !self.combat.first_done;
        let queue: Vec<ObjId> = creatures
            .into_iter()
            .filter(|&c| {
                if first_step {
                    strikes_first(self, c)
                } else {
                    !self.combat.dealt_first.contains(&c)
                        || compute(self, c).has(Keyword::DoubleStrike)
                }
            })
            .collect();
        // 504.1: a creature played face down by Illusionary Mask is turned
        // face up before it would assign combat damage.
        self.masked_assign(&queue);
        // 606.7d: first the active team chooses the defending player each
        // attacking creature assigns its damage to the team to.
        if self.two_headed() && self.ask_defending_player(&queue) {
            return;
        }
        if first_step {
            self.combat.dealt_first = queue.clone();
        }
        self.combat.assigning.clear();
        let cursor = DamageCursor {
            queue,
            source: None,
            recipients: Vec::new(),
            next: 0,
            remaining: 0,
            trample: false,
            all_lethal: true,
        };
        self.continue_assignment(cursor);
    }

    /// Works through the assignment queue; stops at each real choice.
    pub(crate) fn continue_assignment(&mut self, mut c: DamageCursor) {
        loop {
            if let Some(src) = c.source {
                if c.next < c.recipients.len() && c.remaining > 0 {
                    let to = c.recipients[c.next];
                    let is_last_blocker = c.next + 1 == c.recipients.len()
                        || (c.trample && c.next + 2 == c.recipients.len());
                    let lethal = self.lethal_remaining(to);
                    let (min, max) = match to {
                        // The defending player gets whatever is left (502.9b).
                        Target::Player(_) | Target::Ability(_) => (c.remaining, c.remaining),
                        Target::Object(_) if !c.trample && is_last_blocker => {
                            (c.remaining, c.remaining)
                        }
                        Target::Object(_) if c.trample && is_last_blocker && !c.all_lethal => {
                            (c.remaining, c.remaining)
                        }
                        Target::Object(_) if c.trample && is_last_blocker => {
                            (lethal.min(c.remaining), c.remaining)
                        }
                        Target::Object(_) => (0, c.remaining),
                    };
                    if min == max {
                        self.record_assignment(&mut c, src, to, min, lethal);
                        continue;
                    }
                    // 502.10h: banding may give the division to the other player.
                    let controller = self.damage_assigner(src);
                    self.decision = Some(Decision {
                        player: controller,
                        kind: DecisionKind::AssignCombatDamage {
                            source: src,
                            to,
                            min,
                            max,
                        },
                    });
                    self.flow = Flow::AssigningDamage(Box::new(c));
                    return;
                }
                c.source = None;
            }
            let Some(next) = c.queue.first().copied() else {
                break;
            };
            c.queue.remove(0);
            self.plan_creature(&mut c, next);
            // 310.2e: a blocked attacker that may assign its damage as
            // though it weren't blocked (Rhox): its controller chooses first.
            if c.source == Some(next) && self.may_assign_as_unblocked(next) {
                let controller = self.objects[next.slot as usize].controller;
                self.decision = Some(Decision {
                    player: controller,
                    kind: DecisionKind::AssignAsThoughUnblocked { source: next },
                });
                self.flow = Flow::AssigningDamage(Box::new(c));
                return;
            }
        }
        // 310.1: all assignments go on the stack as one object.
        let list = std::mem::take(&mut self.combat.assigning);
        if !list.is_empty() {
            let n = list.len() as u32;
            self.stack.push(StackItem {
                kind: StackKind::CombatDamage(list),
                controller: self.active,
                targets: Vec::new(),
                x: 0,
                mode: None,
                colors_spent: 0,
                replicated: 0,
                mana_spent: Default::default(),
                sacrificed: None,
                sacrificed_power: 0,
                division: Vec::new(),
                spliced: Vec::new(),
                id: 0,
            });
            self.emit(Event::CombatDamageOnStack { assignments: n });
        }
        self.flow = Flow::Priority(self.active);
    }

    /// 502.9b: the damage still needed to be lethal, counting damage already
    /// on the creature and damage assigned to it in this step so far.
    pub(crate) fn lethal_remaining(&self, to: Target) -> u32 {
        match to {
            Target::Object(o) => {
                let ch = compute(self, o);
                (ch.toughness
                    - self.objects[o.slot as usize].damage as i32
                    - self.assigned_to(o) as i32)
                    .max(0) as u32
            }
            Target::Player(_) | Target::Ability(_) => 0,
        }
    }

    pub(crate) fn assigned_to(&self, o: ObjId) -> u32 {
        self.combat
            .assigning
            .iter()
            .filter(|a| a.to == Target::Object(o))
            .map(|a| a.amount)
            .sum()
    }

    pub(crate) fn record_assignment(
        &mut self,
        c: &mut DamageCursor,
        src: ObjId,
        to: Target,
        n: u32,
        lethal: u32,
    ) {
        if n < lethal {
            c.all_lethal = false;
        }
        if n > 0 {
            self.combat.assigning.push(DamageAssignment {
                source: src,
                to,
                amount: n,
            });
        }
        c.remaining -= n;
        c.next += 1;
    }

    /// 310.2: who a creature's damage may go to.
    pub(crate) fn plan_creature(&mut self, c: &mut DamageCursor, id: ObjId) {
        let ch = compute(self, id);
        if ch.power <= 0 {
            return; // 310.2a
        }
        c.source = Some(id);
        c.remaining = ch.power as u32;
        c.next = 0;
        c.all_lethal = true;
        c.trample = false;
        c.recipients.clear();
        if let Some(att) = self.combat.attackers.iter().find(|a| a.obj == id).copied() {
            let blockers: Vec<ObjId> = self
                .combat
                .blockers_of(id)
                .filter(|&b| self.is_present(b))
                .collect();
            // 602.3: the player this creature attacks.
            let defender = Target::Player(
                att.defender
                    .or(self.combat.defending)
                    .or_else(|| self.defending_player_for(self.active))
                    .unwrap_or(self.active),
            );
            if !att.blocked {
                c.recipients.push(defender); // 310.2b
            } else if blockers.is_empty() {
                if ch.has(Keyword::Trample) {
                    c.recipients.push(defender); // 502.9c
                }
                // 310.2c: otherwise no damage.
            } else {
                c.recipients
                    .extend(blockers.into_iter().map(Target::Object));
                if ch.has(Keyword::Trample) {
                    c.trample = true;
                    c.recipients.push(defender); // 502.9b
                }
            }
        } else {
            // 310.2d: a blocker damages the attacker it blocks.
            let targets: Vec<ObjId> = self
                .combat
                .blocked_by(id)
                .filter(|&a| self.is_present(a))
                .collect();
            c.recipients.extend(targets.into_iter().map(Target::Object));
        }
    }

    /// 310.2e: is `id` a blocked attacker with "you may have [this] assign
    /// its combat damage as though it weren't blocked"?
    pub(crate) fn may_assign_as_unblocked(&self, id: ObjId) -> bool {
        self.combat
            .attackers
            .iter()
            .any(|a| a.obj == id && a.blocked)
            && self.objects[id.slot as usize].flags & crate::state::object::flags::STATICS != 0
            && statics(&compute(self, id))
                .any(|s| matches!(s, StaticAbility::MayAssignAsThoughUnblocked))
    }

    /// 310.2e: `Yes`: all the creature's damage goes to the defending
    /// player (310.2b); `No`: it is assigned as planned (310.2c).
    pub(crate) fn on_assign_as_unblocked(&mut self, action: Action) {
        let Flow::AssigningDamage(mut c) = std::mem::replace(&mut self.flow, Flow::AwaitPriority)
        else {
            return;
        };
        if action == Action::Yes {
            let defender = c
                .source
                .and_then(|s| self.defender_of(s))
                .or_else(|| self.defending_player_for(self.active))
                .unwrap_or(self.active);
            c.recipients.clear();
            c.recipients.push(Target::Player(defender));
            c.trample = false;
            c.next = 0;
        }
        self.flow = Flow::AssigningDamage(c);
    }

    pub(crate) fn on_assign_damage(&mut self, action: Action) {
        let Action::AssignDamage(n) = action else {
            return;
        };
        let Flow::AssigningDamage(mut c) = std::mem::replace(&mut self.flow, Flow::AwaitPriority)
        else {
            return;
        };
        if let (Some(src), Some(&to)) = (c.source, c.recipients.get(c.next)) {
            let lethal = self.lethal_remaining(to);
            self.record_assignment(&mut c, src, to, n, lethal);
        }
        self.flow = Flow::AssigningDamage(c);
    }

    /// 310.4: combat damage resolves, all at once, as assigned.
    pub(crate) fn deal_combat_damage(&mut self, list: &[DamageAssignment]) {
        let first_event = self.events.len();
        for a in list {
            let card = self.objects[a.source.slot as usize].card;
            let src = crate::continuous::source::SourceInfo::of(
                self,
                a.source,
                self.objects[a.source.slot as usize].controller,
            );
            // 310.4c: a creature no longer in play or no longer a creature isn't dealt the damage.
            self.deal_damage(a.source, card, &src, a.to, a.amount, true);
        }
        // 310.4: the combat damage each source dealt in all (after
        // prevention and redirection), for "whenever … deals combat
        // damage" (Drinker of Sorrow, Umezawa's Jitte). Not summed while no
        // permanent in play has a triggered ability (the board up to date:
        // `may_have_triggers`; `scan` would skip each of them, issue 22).
        if !self.may_have_triggers() {
            return;
        }
        let mut totals: Vec<(ObjId, u32)> = Vec::new();
        for e in &self.events[first_event..] {
            if let crate::Event::Damage {
                source,
                amount,
                combat: true,
                ..
            } = e
            {
                match totals.iter_mut().find(|(s, _)| s == source) {
                    Some((_, n)) => *n += amount,
                    None => totals.push((*source, *amount)),
                }
            }
        }
        if !totals.is_empty() {
            crate::resolution::damage_triggers::combat_damage_triggers(self, &totals);
        }
    }
}
