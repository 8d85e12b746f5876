//! Sacrifices as a cost to attack (308.2d, 308.2f): "Leviathan can't
//! attack unless you sacrifice two Islands.", "Exalted Dragon can't attack
//! unless you sacrifice a land." A creature with such a cost may be
//! declared as an attacker only if its controller could sacrifice, besides
//! what the creatures declared before need, enough permanents; once the
//! declaration is finished and its mana paid, the controller sacrifices
//! them one at a time (`PayAttackCost` decisions answered with
//! `ChooseObject`).

use crate::{Action, Decision, DecisionKind, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{ObjectFilter, StaticAbility};

impl Game {
    /// Is any permanent's cost to attack a sacrifice? (A cheap test before
    /// judging each attacker.)
    pub(crate) fn attack_sacrifices_exist(&self) -> bool {
        self.any_static_in_play(|s, _, _| matches!(s, StaticAbility::AttackSacrificeCost { .. }))
    }

    /// 308.2d: the sacrifices it costs to attack with `id`: each cost's
    /// kind of permanent and how many.
    pub(crate) fn own_attack_sacrifices(&self, id: ObjId) -> Vec<(&'static ObjectFilter, u32)> {
        let mut v = Vec::new();
        self.statics_affecting(
            id,
            |s| match s {
                StaticAbility::AttackSacrificeCost { affected, .. } => Some(affected),
                _ => None,
            },
            |s| {
                if let StaticAbility::AttackSacrificeCost { filter, count, .. } = s {
                    v.push((filter, u32::from(*count)));
                }
                false
            },
        );
        v
    }

    /// The permanents `p` controls that `f` accepts (for a cost of
    /// `attacker`).
    fn sacrificeable(&self, p: PlayerId, f: &ObjectFilter, attacker: ObjId) -> Vec<ObjId> {
        self.controlled_by(p)
            .filter(|&o| crate::continuous::filter::matches(self, f, o, Some(attacker), p))
            .collect()
    }

    /// 308.2d: could the controllers of the creatures declared so far (and
    /// of `extra`) sacrifice, all at once, what attacking with them costs?
    /// Distinct permanents for each cost (502.13a's example of distinct
    /// sacrifices): judged for each kind of permanent and for all of them
    /// together (exact for the one or two kinds the pool's costs name).
    pub(crate) fn attack_sacrifices_feasible(&self, extra: Option<ObjId>) -> bool {
        let ids: Vec<ObjId> = self
            .combat
            .attackers
            .iter()
            .map(|a| a.obj)
            .chain(extra)
            .collect();
        let mut needs: Vec<(PlayerId, Vec<ObjId>, u32)> = Vec::new();
        for &id in &ids {
            let p = self.objects[id.slot as usize].controller;
            for (f, n) in self.own_attack_sacrifices(id) {
                needs.push((p, self.sacrificeable(p, f, id), n));
            }
        }
        let players: Vec<PlayerId> = needs.iter().map(|n| n.0).collect();
        players.iter().all(|&p| {
            let mine: Vec<&(PlayerId, Vec<ObjId>, u32)> =
                needs.iter().filter(|n| n.0 == p).collect();
            // Each kind of permanent on its own (the same set of options
            // counted together).
            let each = mine.iter().all(|a| {
                let need: u32 = mine.iter().filter(|b| b.1 == a.1).map(|b| b.2).sum();
                a.1.len() as u32 >= need
            });
            let mut all: Vec<ObjId> = mine.iter().flat_map(|n| n.1.iter().copied()).collect();
            all.sort_unstable_by_key(|o| (o.slot, o.gen));
            all.dedup();
            let total: u32 = mine.iter().map(|n| n.2).sum();
            each && all.len() as u32 >= total
        })
    }

    /// 308.2d: what the declared attackers' controllers must sacrifice, in
    /// declaration order: (attacker, which cost, how many).
    pub(crate) fn attack_sacrifices_owed(&self) -> Vec<(ObjId, u8, u32)> {
        let mut v = Vec::new();
        for a in &self.combat.attackers {
            for (k, (_, n)) in self.own_attack_sacrifices(a.obj).into_iter().enumerate() {
                v.push((a.obj, k as u8, n));
            }
        }
        v
    }

    /// 308.2f: the next sacrifice owed to attack: asks its controller, or
    /// (none left) false.
    pub(crate) fn ask_attack_sacrifice(&mut self) -> bool {
        while let Some(&(attacker, _, left)) = self.combat.attack_sacrifices.first() {
            if left == 0 {
                self.combat.attack_sacrifices.remove(0);
                continue;
            }
            let remaining = self.combat.attack_sacrifices.iter().map(|s| s.2).sum();
            self.decision = Some(Decision {
                player: self.objects[attacker.slot as usize].controller,
                kind: DecisionKind::PayAttackCost { remaining },
            });
            self.flow = crate::state::progress::Flow::Declaring;
            return true;
        }
        false
    }

    /// The permanents the next sacrifice owed to attack may be.
    pub(crate) fn attack_sacrifice_options(&self, out: &mut Vec<Action>) -> bool {
        let Some(&(attacker, k, _)) = self.combat.attack_sacrifices.first() else {
            return false;
        };
        let p = self.objects[attacker.slot as usize].controller;
        if let Some(&(f, _)) = self.own_attack_sacrifices(attacker).get(k as usize) {
            out.extend(
                self.sacrificeable(p, f, attacker)
                    .into_iter()
                    .map(Action::ChooseObject),
            );
        }
        true
    }

    /// 308.2f: one permanent sacrificed to pay the cost to attack.
    pub(crate) fn on_attack_sacrifice(&mut self, o: ObjId) {
        let owner = self.objects[o.slot as usize].owner;
        self.move_to(o, Zone::Graveyard(owner), MoveReason::Sacrifice);
        if let Some(s) = self.combat.attack_sacrifices.first_mut() {
            s.2 = s.2.saturating_sub(1);
        }
        self.continue_attack_cost();
    }
}
