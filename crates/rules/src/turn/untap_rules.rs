//! Effects that keep permanents from untapping in an untap step (302.2):
//! "[it] doesn't untap during its controller's next untap step" (Barl's
//! Cage, Apes of Rath) and "[permanents] [player] controls don't untap
//! during their next untap step" (Exhaustion, Mana Vapors). Each is used up
//! by the one untap step it names (a skipped untap step doesn't count,
//! 419.6e–f); the static "doesn't untap during its controller's untap
//! step" abilities are `Game::doesnt_untap` (`combat_flow.rs`).
//!
//! Also the static limits: "players can't untap more than one land during
//! their untap steps" (Winter Orb, Smoke; 302.2): the limited permanents
//! untap as the active player chooses, as many as every limit allows (a
//! permanent counting toward two limits, an animated land under Winter Orb
//! and Smoke, uses up both: Smoke's ruling), and "players skip their untap
//! steps" (Stasis, 419.6e). Decision: a permanent that is both limited and
//! "you may choose not to untap" is treated as limited only (the player
//! keeps it tapped by choosing another).

use crate::{Game, ObjId, PlayerId};
use serde::{Deserialize, Serialize};
use tolaria_cards::{ObjectFilter, StaticAbility};

/// A one-shot "doesn't untap during … next untap step" effect waiting for
/// its untap step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UntapHold {
    /// The object doesn't untap during the next untap step of its
    /// controller, whoever that is then (the effect doesn't track the
    /// controller: Barl's Cage's ruling), or of `player` ("your next untap
    /// step"). A new object after a zone change is another object (217.1c):
    /// the hold is then dropped.
    Object {
        obj: ObjId,
        player: Option<PlayerId>,
    },
    /// 418.3d: the object doesn't untap during its controller's untap
    /// steps for as long as `source` remains tapped (Mole Worms): kept
    /// while both are in play and the source is tapped as the step begins.
    WhileSourceTapped { obj: ObjId, source: ObjId },
    /// The permanents matching `filter` the player controls don't untap
    /// during that player's next untap step.
    Player {
        player: PlayerId,
        filter: ObjectFilter,
    },
}

impl Game {
    /// 302.2: as the active player's untap step untaps their permanents,
    /// the holds this step uses up: returns the objects they keep tapped
    /// (empty at once when no hold waits).
    pub(crate) fn take_untap_holds(&mut self) -> Vec<ObjId> {
        if self.untap_holds.is_empty() {
            return Vec::new();
        }
        let mut kept = Vec::new();
        let holds = std::mem::take(&mut self.untap_holds);
        for hold in holds {
            match &hold {
                UntapHold::Object { obj, player } => {
                    if !self.is_present(*obj) {
                        continue;
                    }
                    let controller = self.objects[obj.slot as usize].controller;
                    let whose = player.unwrap_or(controller);
                    if self.is_active(whose) {
                        if controller == whose {
                            kept.push(*obj);
                        }
                    } else {
                        self.untap_holds.push(hold);
                    }
                }
                UntapHold::WhileSourceTapped { obj, source } => {
                    // Ended once the source untaps or leaves play (the
                    // rulings), or the object leaves play (217.1c).
                    if !self.is_present(*obj)
                        || !self
                            .obj(*source)
                            .is_some_and(|s| s.zone == crate::Zone::InPlay && s.is_tapped())
                    {
                        continue;
                    }
                    if self.is_active(self.objects[obj.slot as usize].controller) {
                        kept.push(*obj);
                    }
                    self.untap_holds.push(hold);
                }
                UntapHold::Player { player, filter } => {
                    if !self.is_active(*player) {
                        self.untap_holds.push(hold);
                        continue;
                    }
                    for &id in &self.in_play {
                        let o = &self.objects[id.slot as usize];
                        if o.controller == *player
                            && crate::continuous::filter::matches(self, filter, id, None, *player)
                        {
                            kept.push(id);
                        }
                    }
                }
            }
        }
        kept
    }
}

/// 302.2: one "can't untap more than `max` [filter]" limit on one active
/// player's untap step (each player of a Two-Headed Giant team has their own).
pub(crate) struct UntapLimit {
    filter: &'static ObjectFilter,
    source: ObjId,
    source_controller: PlayerId,
    player: PlayerId,
    pub(crate) max: u8,
}

impl Game {
    /// 419.6e: does a static ability skip the active player's untap step
    /// ("Players skip their untap steps": Stasis)?
    pub(crate) fn untap_step_skipped_by_statics(&self) -> bool {
        self.any_static_in_play(|s, _, _| matches!(s, StaticAbility::SkipUntapSteps))
    }

    /// 302.2: the limits a static ability puts on this untap step, one per
    /// active player it applies to (Winter Orb only while it is untapped;
    /// Mungha Wurm only on its controller's). At most 32 are kept (a mask).
    pub(crate) fn collect_untap_limit(
        &self,
        s: &'static StaticAbility,
        source: ObjId,
        source_controller: PlayerId,
        out: &mut Vec<UntapLimit>,
    ) {
        let StaticAbility::UntapLimit {
            filter,
            max,
            only_you,
            while_untapped,
        } = s
        else {
            return;
        };
        if *while_untapped && self.objects[source.slot as usize].is_tapped() {
            return;
        }
        for player in self.active_players().collect::<Vec<_>>() {
            if (!only_you || player == source_controller) && out.len() < 32 {
                out.push(UntapLimit {
                    filter,
                    source,
                    source_controller,
                    player,
                    max: *max,
                });
            }
        }
    }

    /// The limits `id` counts toward (bit i: limit i), if any.
    pub(crate) fn untap_limit_mask(&self, limits: &[UntapLimit], id: ObjId) -> Option<u32> {
        if limits.is_empty() {
            return None;
        }
        let controller = self.objects[id.slot as usize].controller;
        let mut mask = 0u32;
        for (i, l) in limits.iter().enumerate() {
            if l.player == controller
                && crate::continuous::filter::matches(
                    self,
                    l.filter,
                    id,
                    Some(l.source),
                    l.source_controller,
                )
            {
                mask |= 1 << i;
            }
        }
        (mask != 0).then_some(mask)
    }

    /// 302.2: the limited permanents untap as the player chooses, as many
    /// as the limits allow (untapping is not optional: while one fits, one
    /// untaps); then the "you may choose not to untap" choices (`optional`).
    pub(crate) fn begin_limited_untaps(
        &mut self,
        limited: Vec<(ObjId, u32)>,
        left: Vec<u8>,
        optional: Vec<ObjId>,
    ) {
        self.untap_limited = limited;
        self.untap_limits_left = left;
        self.untap_choices = optional;
        self.continue_limited_untaps();
    }

    /// The limited permanents that may still untap.
    fn untap_fits(&self) -> impl Iterator<Item = ObjId> + '_ {
        self.untap_limited
            .iter()
            .filter(|(_, mask)| {
                (0..self.untap_limits_left.len())
                    .all(|i| mask & (1 << i) == 0 || self.untap_limits_left[i] > 0)
            })
            .map(|&(o, _)| o)
    }

    fn continue_limited_untaps(&mut self) {
        loop {
            let (first, more) = {
                let mut fits = self.untap_fits();
                (fits.next(), fits.next().is_some())
            };
            match (first, more) {
                (None, _) => break,
                (Some(o), false) => self.untap_limited_one(o),
                (Some(_), true) => {
                    self.decision = Some(crate::Decision {
                        player: self.active,
                        kind: crate::DecisionKind::ChooseWhatUntaps,
                    });
                    self.flow = crate::state::progress::Flow::Declaring;
                    return;
                }
            }
        }
        // What doesn't fit stays tapped.
        self.untap_limited.clear();
        self.untap_limits_left.clear();
        let optional = std::mem::take(&mut self.untap_choices);
        self.ask_untap_choices(optional);
    }

    fn untap_limited_one(&mut self, o: ObjId) {
        let Some(at) = self.untap_limited.iter().position(|&(x, _)| x == o) else {
            return;
        };
        let (_, mask) = self.untap_limited.remove(at);
        for (i, left) in self.untap_limits_left.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                *left = left.saturating_sub(1);
            }
        }
        self.untap(o);
    }

    /// The answers: untap one of the permanents that fit.
    pub(crate) fn limited_untap_options(&self, out: &mut Vec<crate::Action>) {
        out.extend(self.untap_fits().map(crate::Action::ChooseObject));
    }

    pub(crate) fn on_limited_untap(&mut self, action: crate::Action) {
        if let crate::Action::ChooseObject(o) = action {
            self.untap_limited_one(o);
        }
        self.continue_limited_untaps();
    }
}
