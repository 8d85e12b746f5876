//! "[Effects] unless you pay [cost]" (413.2c): a cost offered as an effect
//! resolves. Echo (502.19a), cumulative upkeep (502.13a) and the upkeep
//! costs of many permanents ("sacrifice CARDNAME unless you pay {U}{U}")
//! are this effect; fading's "remove a fade counter. If you can't,
//! sacrifice it" (502.20a) is its counter-removing sibling.
//!
//! The controller gets a `PayOrElse` decision: play mana abilities (the
//! mana goes to the pool, 411), pay (`Yes`, offered once the pool and the
//! life total cover the whole cost) or decline (`No`), and then the
//! effects happen. 502.13a: for cumulative upkeep the cost is paid once
//! for each age counter, all of it or none; "{W} or {U}" is a choice made
//! separately for each counter, which is a hybrid symbol per counter.

use crate::state::progress::Unpaid;
use crate::state::stack::ResolveCtx;
use crate::{Action, Decision, DecisionKind, Event, Game, PlayerId, Zone};
use tolaria_cards::{Cost, CounterKind, Effect, Hybrid, ObjectRef};

impl Game {
    /// How many times the cost is paid: once, or once per counter of that
    /// kind on the source ("for each age counter on it": counted as the
    /// effect resolves, 502.13b; none once it has left play).
    fn unless_times(&self, source: crate::ObjId, per_counter: Option<CounterKind>) -> u32 {
        match per_counter {
            None => 1,
            Some(kind) => self
                .obj(source)
                .filter(|o| o.zone == Zone::InPlay)
                .map_or(0, |o| o.counters_of(kind)),
        }
    }

    /// How many cards an "unless you discard" effect asks for: `count`, or
    /// `count` for each counter of that kind on the source
    /// ("Cumulative upkeep—Discard a card.", Vexing Sphinx, 502.13a).
    pub(crate) fn unless_discard_total(
        &self,
        source: crate::ObjId,
        count: u8,
        per_counter: Option<CounterKind>,
    ) -> u32 {
        u32::from(count).saturating_mul(self.unless_times(source, per_counter))
    }

    /// The whole cost of an "unless you pay" effect of the ability with
    /// source `source`: its mana (once per counter with `per_counter`,
    /// 502.13a) and its life.
    fn unless_total(
        &self,
        source: crate::ObjId,
        cost: &Cost,
        per_counter: Option<CounterKind>,
    ) -> (Unpaid, u32) {
        let times = self.unless_times(source, per_counter);
        // "unless you pay its mana cost": the source's, as it is now
        // (a copy's is the copied card's, 503; none for a face-down one).
        let own = cost
            .own_mana_cost
            .then(|| self.chars(source).face_def().mana_cost.clone())
            .flatten();
        let m = match (&own, cost.own_mana_cost) {
            (Some(m), _) => m,
            (None, true) => &tolaria_cards::ManaCost::default(),
            (None, false) => &cost.mana,
        };
        let mut u = Unpaid {
            generic: (m.generic + m.snow as u32) * times,
            ..Default::default()
        };
        for i in 0..5 {
            u.colored[i] = m.colored[i] as u32 * times;
        }
        for _ in 0..times {
            for h in &m.hybrid {
                match *h {
                    Hybrid::TwoColors(a, b) => u.hybrid.push((a, b)),
                    Hybrid::GenericOr(n, _) => u.generic += n as u32,
                }
            }
        }
        (u, cost.pay_life * times)
    }

    /// The cost of the "unless you pay" effect being resolved now.
    pub(crate) fn unless_cost_now(&self) -> Option<(Unpaid, u32)> {
        let r = self.resolving.as_deref()?;
        match self.current_effect()? {
            Effect::UnlessPays {
                cost, per_counter, ..
            } => {
                let (mut u, life) = self.unless_total(r.ctx.source, cost, *per_counter);
                // "You may pay {X}": the X chosen (Decree of Justice).
                u.generic += u32::from(cost.mana.x) * r.pay_x.unwrap_or(0);
                Some((u, life))
            }
            _ => None,
        }
    }

    /// The instructions that are the cost of the "unless you pay" effect
    /// being resolved now, and how many times they are followed (once per
    /// counter with `per_counter`, 502.13a).
    fn unless_actions_now(&self) -> Option<(&'static [Effect], u32)> {
        let r = self.resolving.as_deref()?;
        match self.current_effect()? {
            Effect::UnlessPays {
                actions,
                per_counter,
                ..
            } if !actions.is_empty() => {
                let times = self.unless_times(r.ctx.source, *per_counter);
                Some((actions, times))
            }
            _ => None,
        }
    }

    /// Can `p` follow the cost's instructions that many times? Only cards
    /// a library must hold to be removed can be missing (drawing from an
    /// empty library is allowed, 420.5g judges it later; Psychic Vortex's
    /// ruling).
    fn unless_actions_payable(&self, p: PlayerId) -> bool {
        let Some((actions, times)) = self.unless_actions_now() else {
            return true;
        };
        let (mut removed, mut counters) = (0u32, Vec::new());
        for e in actions {
            match e {
                Effect::RemoveTopCards {
                    amount: tolaria_cards::Amount::Fixed(n),
                    ..
                }
                | Effect::Mill {
                    amount: tolaria_cards::Amount::Fixed(n),
                    ..
                } => removed += (*n).max(0) as u32,
                Effect::RemoveCounters {
                    kind,
                    amount: tolaria_cards::Amount::Fixed(n),
                    ..
                } => counters.push((*kind, (*n).max(0) as u32)),
                _ => {}
            }
        }
        let source = self.resolving.as_deref().map(|r| r.ctx.source);
        let has = |kind, n: u32| {
            source
                .and_then(|s| self.obj(s))
                .is_some_and(|o| o.zone == Zone::InPlay && o.counters_of(kind) >= n * times)
        };
        self.player(p).library.len() as u64 >= u64::from(removed) * u64::from(times)
            && counters.iter().all(|&(k, n)| has(k, n))
    }

    /// The permanents the "unless you pay" effect being resolved now asks
    /// for: their kind, how many in all (once per counter with
    /// `per_counter`, 502.13a), and whether they are returned to their
    /// owner's hand ("unless you return an untapped Island you control to
    /// its owner's hand", Coral Atoll) rather than sacrificed.
    fn unless_permanents_now(&self) -> Option<(&'static tolaria_cards::ObjectFilter, u32, bool)> {
        let r = self.resolving.as_deref()?;
        match self.current_effect()? {
            Effect::UnlessPays {
                cost,
                per_counter,
                sacrifice_count,
                ..
            } => {
                let (f, count, returned) = match (&cost.sacrifice, &cost.return_to_hand) {
                    (Some(f), _) => (f, *sacrifice_count, false),
                    (None, Some((f, n))) => (f, *n, true),
                    (None, None) => return None,
                };
                let times = self.unless_times(r.ctx.source, *per_counter);
                Some((f, count as u32 * times, returned))
            }
            _ => None,
        }
    }

    /// The permanents `p` could sacrifice (or return) for the effect being
    /// resolved.
    pub(crate) fn unless_sacrifice_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let (Some(r), Some((f, _, _))) = (self.resolving.as_deref(), self.unless_permanents_now())
        else {
            return;
        };
        out.extend(
            self.controlled_by(p)
                .filter(|&o| crate::continuous::filter::matches(self, f, o, Some(r.ctx.source), p))
                .map(Action::ChooseObject),
        );
    }

    /// Can `p` pay this mana from the pool alone, and this life? 215.4: a
    /// player can pay life only if their life total is at least the payment.
    fn pool_covers(&self, p: PlayerId, u: &Unpaid, life: u32) -> bool {
        let mut pool = self.player(p).pool.0;
        let mut u = u.clone();
        pay_with(&mut pool, &mut u);
        u.is_paid() && (life == 0 || self.life(p) >= life as i32)
    }

    /// The life `p` pays for the "unless [player] pays" effect being
    /// resolved now: its fixed life, plus half `p`'s life total, rounded
    /// up, for "pay half their life, rounded up" (Temporal Extortion).
    fn unless_life_of(&self, p: PlayerId, life: u32) -> u32 {
        match self.current_effect() {
            Some(Effect::UnlessPays { cost, .. }) if cost.pay_half_life => {
                life + Cost::half_life(self.life(p))
            }
            _ => life,
        }
    }

    /// The legal answers to a `PayOrElse` decision.
    pub(crate) fn pay_or_else_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some((u, life)) = self.unless_cost_now() else {
            out.push(Action::No);
            return;
        };
        let life = self.unless_life_of(p, life);
        // 502.13a: distinct permanents, all of them or none.
        let sacrifices_ok = match self.unless_permanents_now() {
            None => true,
            Some((_, n, _)) => {
                let mut v = Vec::new();
                self.unless_sacrifice_options(p, &mut v);
                v.len() >= n as usize
            }
        };
        if sacrifices_ok && self.pool_covers(p, &u, life) && self.unless_actions_payable(p) {
            out.push(Action::Yes);
        }
        // "unless that player pays {1} or 1 life" (Erosion): the life
        // instead, answered with the first mode (215.4: only from enough life).
        if let Some(n) = self.unless_life_instead_now() {
            if self.life(p) >= n as i32 {
                out.push(Action::ChooseMode(0));
            }
        }
        if !u.is_paid() {
            self.mana_options(p, None, Some(&u), out);
        }
        out.push(Action::No);
    }

    /// Resolves an "unless [player] pays" effect: asks the payer (the
    /// controller, or "that player", "its controller"), or (once answered)
    /// runs the effects if the cost wasn't paid. A payer who has left the
    /// game (or a target gone) pays nothing: the effects happen.
    pub(crate) fn resolve_unless_pays(
        &mut self,
        ctx: &ResolveCtx,
        effects: &'static [Effect],
        if_paid: &'static [Effect],
        payer: &tolaria_cards::PlayerRef,
    ) -> Option<Decision> {
        let payer = match payer {
            tolaria_cards::PlayerRef::You => Some(ctx.controller),
            // "unless any player pays": each player in turn order, starting
            // with the active player, gets the option until one pays (the
            // Rhystic cards' rulings); `Resolving::chooser` is the one
            // asked now.
            tolaria_cards::PlayerRef::EachPlayer => self
                .resolving
                .as_ref()
                .and_then(|r| r.chooser)
                .or_else(|| self.apnap_from(self.active).next()),
            // 600.4: a player who has left the game pays nothing.
            p => self
                .players_of(ctx, p)
                .into_iter()
                .find(|&q| !self.player(q).lost),
        };
        let mut paid = self.resolving.as_ref().and_then(|r| r.paid);
        // No one to pay (the payer left the game, its object is gone): the
        // cost isn't paid and the effects happen.
        if payer.is_none() && paid.is_none() {
            self.resolving.as_mut()?.paid = Some(false);
            paid = Some(false);
        }
        let payer = payer.unwrap_or(ctx.controller);
        match paid {
            Some(true) => {
                let r = self.resolving.as_mut()?;
                if !r.paid_branch {
                    // The permanents still owed, one decision each (`sub`).
                    if r.sub > 0 {
                        let returned = self.unless_permanents_now().is_some_and(|(_, _, r)| r);
                        return Some(Decision {
                            player: payer,
                            kind: if returned {
                                DecisionKind::ReturnToHand
                            } else {
                                DecisionKind::Sacrifice
                            },
                        });
                    }
                    // The whole cost is paid: "If you do, …".
                    r.paid_branch = true;
                    r.inner = 0;
                }
                if let Some(d) = self.run_inner(ctx, if_paid) {
                    return Some(d);
                }
                self.resolving.as_mut()?.paid_branch = false;
            }
            Some(false) => {
                if let Some(d) = self.run_inner(ctx, effects) {
                    return Some(d);
                }
            }
            None => {
                // "You may pay {X}" (Decree of Justice): X is chosen first
                // (104.3c), at most what the payer's mana could pay.
                if let Some(Effect::UnlessPays { cost, .. }) = self.current_effect() {
                    if cost.mana.x > 0 && self.resolving.as_ref().is_some_and(|r| r.pay_x.is_none())
                    {
                        let max = self.max_x(payer, &cost.mana, None, None);
                        return Some(Decision {
                            player: payer,
                            kind: DecisionKind::ChooseX { max, min: 0 },
                        });
                    }
                }
                // 104.3e: a cost of {0} (no age counter) is still the
                // player's choice to pay; zero mana can always be paid.
                return Some(Decision {
                    player: payer,
                    kind: DecisionKind::PayOrElse,
                });
            }
        }
        let r = self.resolving.as_mut()?;
        r.paid = None;
        r.chooser = None;
        r.pay_x = None;
        None
    }

    /// The life the payer of the "unless [player] pays" effect being
    /// resolved now may pay instead of its mana ("{1} or 1 life", Erosion).
    pub(crate) fn unless_life_instead_now(&self) -> Option<u32> {
        match self.current_effect()? {
            Effect::UnlessPays { cost, .. } if cost.life_instead > 0 => Some(cost.life_instead),
            _ => None,
        }
    }

    /// The answer "pay the life instead" (the first mode) to `PayOrElse` ("{1} or
    /// 1 life", Erosion): the cost is paid with life (413.2c).
    pub(crate) fn on_pay_life_instead(&mut self, p: PlayerId) {
        let (Some(card), Some(life)) = (
            self.resolving.as_deref().map(|r| r.ctx.source_card),
            self.unless_life_instead_now(),
        ) else {
            return;
        };
        self.lose_life(p, life);
        self.emit(Event::PaidToKeep {
            player: p,
            card,
            mana: 0,
            life,
        });
        if let Some(r) = self.resolving.as_mut() {
            r.paid = Some(true);
            r.sub = 0;
        }
    }

    /// The answer to `PayOrElse`: `Yes` pays from the pool (and the life),
    /// `No` declines; mana abilities are handled by the caller.
    pub(crate) fn on_pay_or_else(&mut self, p: PlayerId, pay: bool) {
        let Some(card) = self.resolving.as_deref().map(|r| r.ctx.source_card) else {
            return;
        };
        // "unless any player pays": a player who declines passes the
        // option to the next in turn order; the effects happen once all
        // have declined.
        if !pay
            && matches!(
                self.current_effect(),
                Some(Effect::UnlessPays {
                    payer: tolaria_cards::PlayerRef::EachPlayer,
                    ..
                })
            )
        {
            let next = self.apnap_from(self.active).skip_while(|&q| q != p).nth(1);
            if let Some(next) = next {
                self.emit(Event::DeclinedToPay { player: p, card });
                if let Some(r) = self.resolving.as_mut() {
                    r.chooser = Some(next);
                }
                return;
            }
        }
        let mut owed = 0;
        if pay {
            owed = self.unless_permanents_now().map_or(0, |(_, n, _)| n);
            if let Some((mut u, life)) = self.unless_cost_now() {
                let life = self.unless_life_of(p, life);
                let mana = u.total();
                pay_with(&mut self.players[p.index()].pool.0, &mut u);
                if life > 0 {
                    self.lose_life(p, life);
                }
                self.emit(Event::PaidToKeep {
                    player: p,
                    card,
                    mana,
                    life,
                });
            }
            // 502.13a: a cost of instructions is paid by following them,
            // once per counter.
            if let Some((actions, times)) = self.unless_actions_now() {
                if let Some(mut ctx) = self.resolving.as_deref().map(|r| r.ctx.clone()) {
                    // "Any player may have CARDNAME deal 6 damage to them"
                    // (Browbeat): "them" is the player paying.
                    ctx.trigger.player = Some(p);
                    for _ in 0..times {
                        for e in actions {
                            self.exec_effect(&ctx, e);
                        }
                    }
                }
            }
        } else {
            self.emit(Event::DeclinedToPay { player: p, card });
            // "the amount of mana that player paid this way" (Power Leak):
            // none when the X chosen isn't paid.
            if let Some(r) = self.resolving.as_mut().filter(|r| r.pay_x.is_some()) {
                r.ctx.x = 0;
            }
        }
        if let Some(r) = self.resolving.as_mut() {
            r.paid = Some(pay);
            r.sub = owed;
        }
    }

    /// One permanent sacrificed (or returned to its owner's hand) to pay
    /// the cost (413.2d-style choice).
    pub(crate) fn on_unless_permanent(&mut self, o: crate::ObjId) {
        let owner = self.objects[o.slot as usize].owner;
        if self.unless_permanents_now().is_some_and(|(_, _, r)| r) {
            self.move_to(o, Zone::Hand(owner), crate::MoveReason::ReturnToHand);
        } else {
            self.move_to(o, Zone::Graveyard(owner), crate::MoveReason::Sacrifice);
        }
        if let Some(r) = self.resolving.as_mut() {
            r.sub = r.sub.saturating_sub(1);
        }
    }

    /// 502.20a: "remove a [kind] counter from [what]. If you can't,
    /// [effects]."
    pub(crate) fn resolve_remove_counter_else(
        &mut self,
        ctx: &ResolveCtx,
        what: &ObjectRef,
        kind: CounterKind,
        effects: &'static [Effect],
    ) -> Option<Decision> {
        let paid = self.resolving.as_ref().and_then(|r| r.paid);
        if paid.is_none() {
            let can = self.objects_of(ctx, what).iter().any(|&o| {
                self.obj(o)
                    .is_some_and(|x| x.zone == Zone::InPlay && x.counters_of(kind) > 0)
            });
            if can {
                self.change_counters(ctx, what, kind, -1);
                return None;
            }
            self.resolving.as_mut()?.paid = Some(false);
        }
        if let Some(d) = self.run_inner(ctx, effects) {
            return Some(d);
        }
        self.resolving.as_mut()?.paid = None;
        None
    }
}

/// 409.1h's order for mana in a pool: coloured symbols first, then hybrid,
/// then generic (colourless mana first).
fn pay_with(pool: &mut [u16; 6], u: &mut Unpaid) {
    for (i, need) in u.colored.iter_mut().enumerate() {
        let take = (*need).min(pool[i] as u32);
        *need -= take;
        pool[i] -= take as u16;
    }
    u.hybrid.retain(|&(a, b)| {
        for col in [a, b] {
            if pool[col as usize] > 0 {
                pool[col as usize] -= 1;
                return false;
            }
        }
        true
    });
    for i in [5usize, 0, 1, 2, 3, 4] {
        let take = u.generic.min(pool[i] as u32);
        u.generic -= take;
        pool[i] -= take as u16;
    }
}
