//! Phasing (502.15, 217.8, 302.1, 510.6).
//!
//! A permanent that phases out leaves the in-play zone for the phased-out
//! zone (217.8a) without becoming a new object (502.15f): it keeps its id,
//! status (tapped, flipped, face down: 510.6), counters, attachments,
//! controller and timestamp (502.15h, 502.15k), and the effects that name it
//! stay in the game and apply again when it returns (502.15g). Its damage is
//! removed (502.15e). Auras and Equipment attached to it phase out with it
//! "indirectly" and phase in only with it (502.15i). While out it is in no
//! list the game reads for permanents, so it is treated as though it doesn't
//! exist. Phasing is no zone change: no comes-into-play or leaves-play
//! ability triggers (502.15d).

use crate::state::object::flags;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Event, Game, ObjId, PlayerId, Target, Zone};
use serde::{Deserialize, Serialize};
use tolaria_cards::{Effect, Keyword, ObjectFilter, PlayerRef};

/// One object in the phased-out zone (217.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhasedOut {
    pub id: ObjId,
    /// 302.1: who controlled it as it phased out; it phases in during that
    /// player's untap step.
    pub controller: PlayerId,
    /// 502.15i: it phased out with the permanent it is attached to, and
    /// phases in only with it.
    pub indirect: bool,
    /// "phases out until [this] leaves play" (Oubliette): it doesn't phase
    /// in during the untap step, but as that permanent leaves play.
    #[serde(default)]
    pub held_by: Option<ObjId>,
    /// "Tap that creature as it phases in this way."
    #[serde(default)]
    pub tap_on_return: bool,
}

impl Game {
    /// 502.15: phases a permanent out, and (502.15i) indirectly everything
    /// attached to it. Nothing happens to an object not in play.
    pub fn phase_out(&mut self, id: ObjId) {
        self.phase_out_as(id, false);
    }

    /// 502.15: "[it] phases out until [holder] leaves play" (Oubliette):
    /// it stays out through its controller's untap steps and phases in as
    /// `holder` leaves play (`release_held`), tapped if `tap`.
    pub(crate) fn phase_out_held(&mut self, id: ObjId, holder: ObjId, tap: bool) {
        let before = self.phased_out.len();
        self.phase_out_as(id, false);
        if let Some(p) = self.phased_out.get_mut(before) {
            debug_assert_eq!(p.id, id);
            p.held_by = Some(holder);
            p.tap_on_return = tap;
        }
    }

    /// `holder` left play: what it held phased out phases in (tapped if its
    /// effect says so; "Tap that creature as it phases in this way").
    pub(crate) fn release_held(&mut self, holder: ObjId) {
        let held: Vec<(ObjId, bool)> = self
            .phased_out
            .iter()
            .filter(|p| p.held_by == Some(holder))
            .map(|p| (p.id, p.tap_on_return))
            .collect();
        for (id, tap) in held {
            self.phase_in(id);
            if tap && self.is_present(id) {
                self.tap(id);
            }
        }
    }

    /// "Until your next upkeep, [it] can't phase out" (Spatial Binding).
    pub(crate) fn cant_phase_out(&self, id: ObjId) -> bool {
        self.cant_phase_out.iter().any(|&(o, _)| o == id)
    }

    fn phase_out_as(&mut self, id: ObjId, indirect: bool) {
        if !self.is_present(id) || self.cant_phase_out(id) {
            return;
        }
        let attached: Vec<ObjId> = self
            .in_play
            .iter()
            .copied()
            .filter(|&a| self.objects[a.slot as usize].attached_to == Some(Target::Object(id)))
            .collect();
        let controller = self.objects[id.slot as usize].controller;
        if self.combat.is_attacking(id) || self.combat.is_blocking(id) {
            self.combat.remove(id);
        }
        if let Some(i) = self.in_play.iter().position(|&x| x == id) {
            self.in_play.remove(i);
        }
        let o = &mut self.objects[id.slot as usize];
        o.zone = Zone::PhasedOut;
        o.flags |= flags::PHASED_OUT;
        // 502.15e: damage dealt to it is removed.
        o.damage = 0;
        let card = o.card;
        self.phased_out.push(PhasedOut {
            id,
            controller,
            indirect,
            held_by: None,
            tap_on_return: false,
        });
        self.emit(Event::PhasedOut {
            obj: id,
            card,
            indirect,
        });
        for a in attached {
            self.phase_out_as(a, true);
        }
    }

    /// 502.15 (Equipoise): "for each land target player controls in excess
    /// of the number you control, choose a land he or she controls, then
    /// the chosen permanents phase out. Repeat this process for artifacts
    /// and creatures." Each kind in turn: the excess is counted, the
    /// controller chooses that many (`ChooseToPhaseOut`, the choices kept
    /// in `Resolving::cards`), then the chosen permanents phase out
    /// together; the next kind is counted after (ruling 2009-10-01).
    pub(crate) fn phase_out_excess(
        &mut self,
        ctx: &ResolveCtx,
        who: &PlayerRef,
        kinds: &[ObjectFilter],
    ) -> Option<Decision> {
        let target = self.players_of(ctx, who).first().copied()?;
        loop {
            let c = &self.resolving.as_ref()?.cards;
            let Some(kind) = kinds.get(c.stage as usize) else {
                self.resolving.as_mut()?.cards = Default::default();
                return None;
            };
            if !c.started {
                let count = |p| self.matching(ctx, kind, p).count() as u32;
                let excess = count(target).saturating_sub(count(ctx.controller));
                let c = &mut self.resolving.as_mut()?.cards;
                c.started = true;
                c.count = excess;
                c.chosen.clear();
            }
            let c = &self.resolving.as_ref()?.cards;
            let remaining = c.count.saturating_sub(c.chosen.len() as u32);
            if remaining > 0 && self.phase_out_excess_options().next().is_some() {
                return Some(Decision {
                    player: ctx.controller,
                    kind: DecisionKind::ChooseToPhaseOut { remaining },
                });
            }
            let c = &mut self.resolving.as_mut()?.cards;
            let chosen = std::mem::take(&mut c.chosen);
            c.stage += 1;
            c.started = false;
            for o in chosen {
                self.phase_out(o);
            }
        }
    }

    /// The permanents `p` controls matching `kind` (the filter read for
    /// the resolving ability's source and controller).
    fn matching<'a>(
        &'a self,
        ctx: &'a ResolveCtx,
        kind: &'a ObjectFilter,
        p: PlayerId,
    ) -> impl Iterator<Item = ObjId> + 'a {
        self.controlled_by(p).filter(move |&o| {
            crate::continuous::filter::matches(self, kind, o, Some(ctx.source), ctx.controller)
        })
    }

    /// 502.15 (Equipoise): the permanents that may be chosen now to phase
    /// out: the target player's of the kind being counted, not yet chosen.
    pub(crate) fn phase_out_excess_options(&self) -> impl Iterator<Item = ObjId> + '_ {
        let r = self.resolving.as_deref();
        let found = r.and_then(|r| match self.current_effect() {
            Some(Effect::PhaseOutExcess { who, kinds }) => {
                let target = self.players_of(&r.ctx, who).first().copied()?;
                let kind = kinds.get(r.cards.stage as usize)?;
                Some((r, target, kind))
            }
            _ => None,
        });
        found.into_iter().flat_map(move |(r, target, kind)| {
            self.matching(&r.ctx, kind, target)
                .filter(move |o| !r.cards.chosen.contains(o))
        })
    }

    /// 502.15b: phases a phased-out object in, with (502.15i) whatever
    /// phased out indirectly attached to it. It returns in the state it left
    /// (510.6) and may attack and tap as though it had haste (502.15m).
    fn phase_in(&mut self, id: ObjId) {
        let Some(i) = self.phased_out.iter().position(|p| p.id == id) else {
            return;
        };
        self.phased_out.remove(i);
        let o = &mut self.objects[id.slot as usize];
        o.zone = Zone::InPlay;
        o.flags &= !(flags::PHASED_OUT | flags::SICK);
        let card = o.card;
        self.in_play.push(id);
        self.emit(Event::PhasedIn { obj: id, card });
        let riders: Vec<ObjId> = self
            .phased_out
            .iter()
            .filter(|p| {
                p.indirect
                    && self.objects[p.id.slot as usize].attached_to == Some(Target::Object(id))
            })
            .map(|p| p.id)
            .collect();
        for r in riders {
            self.phase_in(r);
        }
    }

    /// 502.15 (Time and Tide): simultaneously, the phased-out permanents
    /// matching `phase_in` phase in (those that phased out indirectly come
    /// back with what they are attached to, 502.15i) and the permanents in
    /// play matching `phase_out` phase out. Both sets are fixed first, so
    /// nothing phasing in phases out again. A phased-out object is judged by
    /// its own characteristics (no effect applies to it, 502.15).
    pub(crate) fn phase_in_and_out(
        &mut self,
        ctx: &crate::state::stack::ResolveCtx,
        phase_in: &tolaria_cards::ObjectFilter,
        phase_out: &tolaria_cards::ObjectFilter,
    ) {
        let src = Some(ctx.source);
        let you = ctx.controller;
        let coming: Vec<ObjId> = self
            .phased_out
            .iter()
            .filter(|p| {
                !p.indirect && crate::continuous::filter::matches(self, phase_in, p.id, src, you)
            })
            .map(|p| p.id)
            .collect();
        let going: Vec<ObjId> = self
            .in_play
            .iter()
            .copied()
            .filter(|&id| {
                self.is_present(id)
                    && crate::continuous::filter::matches(self, phase_out, id, src, you)
            })
            .collect();
        for id in going {
            self.phase_out(id);
        }
        for id in coming {
            self.phase_in(id);
        }
    }

    /// 502.15b, 302.1: before the active player untaps, their permanents
    /// with phasing phase out and, simultaneously, what phased out under
    /// their control phases in. Both sets are fixed first, so a permanent
    /// phasing in doesn't phase out again this turn.
    pub(crate) fn phasing_step(&mut self) {
        let active = self.active;
        let mut going = self.with_phasing(active);
        // 606.4b: each player of the active Two-Headed Giant team.
        if self.two_headed() {
            for q in self.teammates(active).collect::<Vec<_>>() {
                going.extend(self.with_phasing(q));
            }
        }
        if going.is_empty() && self.phased_out.is_empty() {
            return;
        }
        let coming: Vec<ObjId> = self
            .phased_out
            .iter()
            .filter(|p| self.is_active(p.controller) && !p.indirect && p.held_by.is_none())
            .map(|p| p.id)
            .collect();
        for id in going {
            self.phase_out(id);
        }
        for id in coming {
            self.phase_in(id);
        }
    }

    /// The permanents `p` controls that have phasing now (computed
    /// characteristics: the board when it is current, else computed once).
    fn with_phasing(&self, p: PlayerId) -> Vec<ObjId> {
        if !self.may_have_phasing() {
            return Vec::new();
        }
        let mine = |id: &ObjId| self.objects[id.slot as usize].controller == p;
        if self.board.valid {
            return self
                .in_play
                .iter()
                .copied()
                .filter(|id| {
                    mine(id)
                        && self
                            .board
                            .get(self.objects[id.slot as usize].board_index, *id)
                            .is_some_and(|ch| ch.has(Keyword::Phasing))
                })
                .collect();
        }
        let (board, _) = crate::continuous::layers::compute_board(self);
        self.in_play
            .iter()
            .zip(board.iter())
            .filter(|(id, ch)| mine(id) && ch.has(Keyword::Phasing))
            .map(|(id, _)| *id)
            .collect()
    }

    /// A cheap test before computing characteristics: could any permanent
    /// have phasing now (printed on its card or a card it copies, or granted
    /// by an effect)?
    fn may_have_phasing(&self) -> bool {
        fn card_may(card: tolaria_cards::CardId) -> bool {
            tolaria_cards::db().get(card).faces.iter().any(|f| {
                f.keywords.has(Keyword::Phasing)
                    || f.abilities.iter().any(|a| {
                        matches!(
                            a,
                            tolaria_cards::Ability::Static(tolaria_cards::StaticAbility::Continuous { effect, .. })
                                if effect.add_keywords.has(Keyword::Phasing)
                        )
                    })
            })
        }
        self.in_play
            .iter()
            .any(|id| card_may(self.objects[id.slot as usize].card))
            || self.effects.iter().any(|e| {
                e.effect.add_keywords.has(Keyword::Phasing)
                    || e.copy.is_some_and(|c| card_may(c.card))
            })
    }
}
