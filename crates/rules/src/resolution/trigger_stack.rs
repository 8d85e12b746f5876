//! Putting triggered abilities on the stack (410.2–410.3): the pending
//! triggers of each player in APNAP order, each player choosing the order
//! of their own (a decision when they have several). Split from
//! `triggers.rs`, which detects them.

use crate::state::progress::{Flow, Playing};
use crate::state::stack::PendingTrigger;
use crate::{Decision, DecisionKind, Game, PlayerId};

impl Game {
    /// 410.2–410.3: put pending triggers on the stack, active player's first.
    /// Returns false if a decision is now pending.
    pub(crate) fn put_pending_triggers(&mut self, then: PlayerId) -> bool {
        while !self.pending_triggers.is_empty() {
            let order: Vec<PlayerId> = self.apnap_from(self.active).collect();
            let Some(&p) = order
                .iter()
                .find(|&&p| self.pending_triggers.iter().any(|t| t.controller == p))
            else {
                // Triggers of players who left the game vanish.
                self.pending_triggers.clear();
                break;
            };
            // 606.6f: a Two-Headed Giant team puts all the triggered
            // abilities either of its players controls on the stack in the
            // order the team chooses (its primary player decides, 606.6e).
            let p = self.turn_taker(p);
            let mine = self
                .pending_triggers
                .iter()
                .filter(|t| self.same_side(p, t.controller))
                .count();
            if mine > 1 {
                self.decision = Some(Decision {
                    player: p,
                    kind: DecisionKind::OrderTriggers,
                });
                self.flow = Flow::OrderingTriggers { then };
                return false;
            }
            self.put_trigger_on_stack(p, 0);
            if self.decision.is_some() {
                // Choosing targets.
                if let Some(c) = self.casting.as_mut() {
                    c.then = then;
                }
                return false;
            }
        }
        true
    }

    /// Puts the `i`-th of `p`'s pending triggers on the stack (410.4;
    /// 606.6f: of `p`'s team), its controller choosing its targets.
    pub(crate) fn put_trigger_on_stack(&mut self, p: PlayerId, i: usize) {
        let Some(pos) = self
            .pending_triggers
            .iter()
            .enumerate()
            .filter(|(_, t)| self.same_side(p, t.controller))
            .nth(i)
            .map(|(k, _)| k)
        else {
            return;
        };
        let t = self.pending_triggers.remove(pos);
        let then = match self.flow {
            Flow::OrderingTriggers { then } => then,
            Flow::Priority(q) => q,
            _ => self.active,
        };
        self.begin_trigger(t.controller, t, then);
        if self.decision.is_none() && self.casting.is_none() {
            self.flow = Flow::Priority(then);
        }
    }

    fn begin_trigger(&mut self, p: PlayerId, t: PendingTrigger, then: PlayerId) {
        self.casting = Some(Box::new(crate::state::progress::Casting::new(
            p,
            Playing::Trigger(t),
            then,
        )));
        self.continue_casting();
    }
}
