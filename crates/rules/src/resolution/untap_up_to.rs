//! "Untap up to N lands" (Rewind, Snap, Great Whale, 413.2c: a choice made
//! as the spell or ability resolves): the controller chooses up to N tapped
//! permanents of the kind, any player's, one at a time (`ChooseToUntap`,
//! `Done` to stop), then they untap together.

use crate::engine::decision::{Decision, DecisionKind};
use crate::state::stack::ResolveCtx;
use crate::{Game, ObjId};
use tolaria_cards::Effect;

impl Game {
    /// Runs "untap up to `count` [filter]": asks while choices remain, then
    /// untaps the chosen permanents (the choices kept in
    /// `Resolving::cards`; `count` is lowered to the number chosen by `Done`).
    pub(crate) fn untap_up_to(&mut self, ctx: &ResolveCtx, count: u32) -> Option<Decision> {
        let c = &self.resolving.as_ref()?.cards;
        if !c.started {
            let c = &mut self.resolving.as_mut()?.cards;
            c.started = true;
            c.count = count;
            c.chosen.clear();
        }
        let c = &self.resolving.as_ref()?.cards;
        let remaining = c.count.saturating_sub(c.chosen.len() as u32);
        if remaining > 0 && self.untap_up_to_options().next().is_some() {
            return Some(Decision {
                player: ctx.controller,
                kind: DecisionKind::ChooseToUntap { remaining },
            });
        }
        let chosen = std::mem::take(&mut self.resolving.as_mut()?.cards).chosen;
        for o in chosen {
            if self.is_in_play(o) {
                self.untap(o);
            }
        }
        None
    }

    /// The permanents that may be chosen now to untap: tapped ones of the
    /// kind, from the point of view of the resolving item's controller, not
    /// yet chosen.
    pub(crate) fn untap_up_to_options(&self) -> impl Iterator<Item = ObjId> + '_ {
        let r = self.resolving.as_deref();
        let found = r.and_then(|r| match self.current_effect() {
            Some(Effect::UntapUpTo { filter, .. }) => Some((r, filter)),
            _ => None,
        });
        found.into_iter().flat_map(move |(r, filter)| {
            self.in_play.iter().copied().filter(move |&o| {
                self.objects[o.slot as usize].is_tapped()
                    && !self.objects[o.slot as usize].is_phased_out()
                    // 601.11: only what is within the controller's range.
                    && self.within_range(r.ctx.controller, self.objects[o.slot as usize].controller)
                    && !r.cards.chosen.contains(&o)
                    && crate::continuous::filter::matches(
                        self,
                        filter,
                        o,
                        Some(r.ctx.source),
                        r.ctx.controller,
                    )
            })
        })
    }

    /// `Done`: no more permanents to untap.
    pub(crate) fn untap_up_to_done(&mut self) {
        if let Some(r) = self.resolving.as_mut() {
            r.cards.count = r.cards.chosen.len() as u32;
        }
    }
}
