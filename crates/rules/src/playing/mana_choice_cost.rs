//! Mana abilities whose cost chooses other objects (411.1, 409.1h): "Tap two
//! untapped Elves you control: Add one mana of any color" (Birchlore
//! Rangers), "Sacrifice a creature: Add {C}{C}" (Ashnod's Altar), "{T},
//! Sacrifice a creature: Add {B}{B}" (Phyrexian Tower), "Discard a card: Add
//! {B}" (Skirge Familiar), "{T}, Remove any number of charge counters from
//! [this]: Add {B}, then add an additional {B} for each charge counter
//! removed this way" (the Mana Batteries: the number is asked first, as a
//! `ChooseX` decision from 0 to the counters it has, and only if it has
//! some).
//!
//! 411.1: playing a mana ability follows 409.1b–i: its cost is paid like
//! any other, so the player chooses what to tap, sacrifice or discard; it
//! then resolves at once, without the stack. `ActivateMana` begins it (at
//! priority, or while paying for a spell or ability, 409.1g); the engine
//! asks for each object in turn with the cost decisions abilities use
//! (`TapCost`, `SacrificeCost`, `DiscardCost`), kept in
//! `Game::mana_choice` rather than in the casting, so a mana ability can
//! be played in the middle of paying for something else. When the last
//! object is chosen the whole cost is paid and the mana is added, and the
//! game goes back to where the ability was played (`ManaThen`): the same
//! player's priority, or the payment it interrupted (a spell's, a cost to
//! attack, an "unless pays" during a resolution).
//!
//! The ability is offered only while its cost can be paid (enough objects
//! of each kind), and no choice can leave it unpayable (the objects of each
//! kind are distinct and chosen from what is left), so it is never
//! abandoned: `CancelPlay` is not offered until it is done. Its mana isn't
//! counted in `available_mana` (as for mana abilities with a mana cost): a
//! spell that needs it is played after the mana is made.

use crate::engine::decision::{Decision, DecisionKind};
use crate::state::progress::Flow;
use crate::{Action, Game, ObjId, PlayerId, Zone};
use serde::{Deserialize, Serialize};
use tolaria_cards::{Ability, Cost, ManaKind};

/// A mana ability being played whose cost is being chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManaChoice {
    pub player: PlayerId,
    pub source: ObjId,
    pub index: u8,
    pub kind: ManaKind,
    /// The objects chosen so far: those to tap first, then those to
    /// sacrifice, then the cards to discard, then those to remove.
    pub chosen: Vec<ObjId>,
    /// How many counters the player chose to remove, once chosen ("Remove
    /// any number of charge counters", the Mana Batteries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed: Option<u32>,
    /// Mana whose colours are still to be chosen, once the cost is paid
    /// ("in any combination of colors", `mana_split.rs`), the first asked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub splits: Vec<super::mana_split::ManaSplit>,
    /// Where the game goes on once the mana is made.
    pub then: ManaThen,
}

/// Where a mana ability was played (411.1: whenever the player has
/// priority, or is asked to pay mana), so the game goes on from there once
/// its mana is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ManaThen {
    /// At priority: the player keeps it.
    Priority,
    /// While paying for a spell or ability (409.1g).
    Casting,
    /// While paying a cost to attack (308.2d).
    AttackCost,
    /// While paying during a resolution ("unless its controller pays").
    Resolution,
}

/// What a cost asks the player to choose: how many permanents to tap,
/// to sacrifice, cards to discard, and cards in the hand to remove from the
/// game ("Exile a card from your hand", Cadaverous Bloom).
fn needs(cost: &Cost) -> [u8; 4] {
    [
        cost.tap_untapped.as_ref().map_or(0, |t| t.1),
        cost.sacrifices(),
        cost.discard,
        match &cost.exile_cards {
            Some((_, n)) if !cost.exile_from_graveyard => *n,
            _ => 0,
        },
    ]
}

/// Does this mana ability's cost ask the player to choose objects?
pub(crate) fn chooses(cost: &Cost) -> bool {
    needs(cost).iter().any(|&n| n > 0) || cost.remove_counters_any.is_some()
}

impl Game {
    /// The objects `p` could choose for part `part` (0 tap, 1 sacrifice,
    /// 2 discard, 3 remove from the hand) of `source`'s cost, leaving out those already chosen.
    fn mana_choice_candidates(
        &self,
        p: PlayerId,
        source: ObjId,
        cost: &Cost,
        part: usize,
        chosen: &[ObjId],
    ) -> Vec<ObjId> {
        match part {
            0 => {
                let Some((f, _)) = &cost.tap_untapped else {
                    return Vec::new();
                };
                self.controlled_by(p)
                    .filter(|&o| {
                        // Its own {T} taps the source: it can't also be one of the others.
                        let own_tap = cost.tap && o == source;
                        let taken =
                            chosen.contains(&o) || self.objects[o.slot as usize].is_tapped();
                        !own_tap
                            && !taken
                            && crate::continuous::filter::matches(self, f, o, None, p)
                    })
                    .collect()
            }
            1 => {
                let Some(f) = &cost.sacrifice else {
                    return Vec::new();
                };
                self.controlled_by(p)
                    .filter(|&o| {
                        !chosen.contains(&o)
                            && crate::continuous::filter::matches(self, f, o, Some(source), p)
                    })
                    .collect()
            }
            _ => self
                .player(p)
                .hand
                .iter()
                .copied()
                .filter(|o| {
                    let filter = if part == 2 {
                        cost.discard_filter.as_ref()
                    } else {
                        cost.exile_cards.as_ref().map(|e| &e.0)
                    };
                    !chosen.contains(o)
                        && filter.is_none_or(|f| {
                            crate::continuous::filter::matches_card(
                                f,
                                self.objects[o.slot as usize].card,
                            )
                        })
                })
                .collect(),
        }
    }

    /// 409.1h: could the choices of this cost be made now? (True for a
    /// cost that chooses nothing.)
    pub(crate) fn mana_choice_payable(&self, cost: &Cost, source: ObjId) -> bool {
        let p = self.objects[source.slot as usize].controller;
        needs(cost).iter().enumerate().all(|(part, &n)| {
            n == 0
                || self
                    .mana_choice_candidates(p, source, cost, part, &[])
                    .len()
                    >= n as usize
        })
    }

    /// 406, 411.1: plays a mana ability: at once, or, when its cost
    /// chooses objects, once they are chosen; then the game goes on from
    /// where it was played.
    pub(crate) fn play_mana_ability(
        &mut self,
        p: PlayerId,
        source: ObjId,
        index: u8,
        kind: ManaKind,
        then: ManaThen,
    ) {
        if self.activate_mana_with(p, source, index, kind, None, 0) {
            self.resume_after_mana(p, then);
        } else if let Some(mc) = self.mana_choice.as_mut() {
            mc.then = then;
        }
    }

    /// 411.1: starts asking for the objects a mana ability's cost chooses
    /// (`activate_mana_with`, when none are chosen yet).
    pub(crate) fn begin_mana_choice(
        &mut self,
        p: PlayerId,
        source: ObjId,
        index: u8,
        kind: ManaKind,
        cost: &Cost,
    ) {
        self.mana_choice = Some(Box::new(ManaChoice {
            player: p,
            source,
            index,
            kind,
            chosen: Vec::new(),
            removed: None,
            splits: Vec::new(),
            then: ManaThen::Priority,
        }));
        self.next_mana_choice(cost);
    }

    pub(crate) fn resume_after_mana(&mut self, p: PlayerId, then: ManaThen) {
        match then {
            ManaThen::Priority => self.flow = Flow::Priority(p),
            ManaThen::Casting => self.continue_casting(),
            ManaThen::AttackCost => self.continue_attack_cost(),
            ManaThen::Resolution => self.run_resolution(),
        }
    }

    /// The ability's cost (from its source now; the source is still in
    /// play, since nothing is paid until the last choice).
    fn mana_choice_cost(&self) -> Option<&'static Cost> {
        let mc = self.mana_choice.as_deref()?;
        let ch = crate::continuous::characteristics::compute(self, mc.source);
        match ch.ability_at(mc.index) {
            Some((Ability::Mana(m), _)) => Some(&m.cost),
            _ => None,
        }
    }

    /// The part of the cost the next choice is for, and how many are left
    /// of it; `None` once every choice is made.
    fn mana_choice_part(cost: &Cost, made: usize) -> Option<(usize, u32)> {
        let mut before = 0;
        for (part, n) in needs(cost).into_iter().enumerate() {
            let n = n as usize;
            if made < before + n {
                return Some((part, (before + n - made) as u32));
            }
            before += n;
        }
        None
    }

    /// Asks for the next object, or, once all are chosen, pays the cost,
    /// adds the mana and returns to where the ability was played.
    fn next_mana_choice(&mut self, cost: &Cost) {
        let Some(mc) = self.mana_choice.as_deref() else {
            return;
        };
        let player = mc.player;
        if let Some(max) = self.counters_to_choose(cost) {
            self.decision = Some(Decision {
                player,
                kind: DecisionKind::ChooseX { max, min: 0 },
            });
            return;
        }
        match Self::mana_choice_part(cost, mc.chosen.len()) {
            Some((part, remaining)) => {
                let kind = match part {
                    0 => DecisionKind::TapCost { remaining },
                    1 => DecisionKind::SacrificeCost,
                    2 => DecisionKind::DiscardCost { remaining },
                    _ => DecisionKind::ExileCost { remaining },
                };
                self.decision = Some(Decision { player, kind });
            }
            None => {
                let mc = *self
                    .mana_choice
                    .take()
                    .expect("a mana ability being played");
                let n = needs(cost);
                let (taps, rest) = mc.chosen.split_at(n[0] as usize);
                let (sacrifices, rest) = rest.split_at(n[1] as usize);
                let (discards, exiles) = rest.split_at(n[2] as usize);
                let chosen = [taps, sacrifices, discards, exiles];
                let removed = mc.removed.unwrap_or(0);
                let done = self.activate_mana_with(
                    mc.player,
                    mc.source,
                    mc.index,
                    mc.kind,
                    Some(chosen),
                    removed,
                );
                if done {
                    self.resume_after_mana(mc.player, mc.then);
                } else if let Some(m) = self.mana_choice.as_mut() {
                    // Colours of its mana to choose (`mana_split.rs`).
                    m.then = mc.then;
                }
            }
        }
    }

    /// 409.1h: pays the objects chosen for a mana ability's cost: taps,
    /// then sacrifices, then discards, then removes cards in the hand from
    /// the game.
    pub(crate) fn pay_mana_choices(&mut self, [taps, sacrifices, discards, exiles]: [&[ObjId]; 4]) {
        for &o in taps {
            self.tap(o);
        }
        for &o in sacrifices {
            let owner = self.objects[o.slot as usize].owner;
            self.move_to(o, Zone::Graveyard(owner), crate::MoveReason::Sacrifice);
        }
        for &o in discards {
            self.discard(o);
        }
        for &o in exiles {
            self.move_to(o, Zone::RemovedFromGame, crate::MoveReason::RemoveFromGame);
        }
    }

    /// The actions of the pending cost decision of a mana ability.
    pub(crate) fn mana_choice_options(&self, out: &mut Vec<Action>) {
        if self.mana_split_pending() {
            return self.mana_split_options(out);
        }
        let (Some(mc), Some(cost)) = (self.mana_choice.as_deref(), self.mana_choice_cost()) else {
            return;
        };
        if let Some(max) = self.counters_to_choose(cost) {
            out.extend((0..=max).map(Action::ChooseX));
            return;
        }
        if let Some((part, _)) = Self::mana_choice_part(cost, mc.chosen.len()) {
            out.extend(
                self.mana_choice_candidates(mc.player, mc.source, cost, part, &mc.chosen)
                    .into_iter()
                    .map(Action::ChooseObject),
            );
        }
    }

    /// Answers the pending cost decision of a mana ability.
    pub(crate) fn on_mana_choice(&mut self, action: Action) {
        if self.mana_split_pending() {
            return self.on_mana_split(action);
        }
        let Some(cost) = self.mana_choice_cost() else {
            self.mana_choice = None;
            return;
        };
        if let Some(mc) = self.mana_choice.as_mut() {
            match action {
                Action::ChooseObject(o) => mc.chosen.push(o),
                Action::ChooseX(n) => mc.removed = Some(n),
                _ => return,
            }
        }
        self.next_mana_choice(cost);
    }

    /// "Remove any number of charge counters from [this]" (the Mana
    /// Batteries): the most the player may choose, while the number is
    /// still to be chosen (first, before any object) and the permanent has
    /// some; with none, nothing is asked and none are removed.
    fn counters_to_choose(&self, cost: &Cost) -> Option<u32> {
        let kind = cost.remove_counters_any?;
        let mc = self.mana_choice.as_deref()?;
        if mc.removed.is_some() {
            return None;
        }
        let max = self.objects[mc.source.slot as usize].counters_of(kind);
        (max > 0).then_some(max)
    }
}
