//! Effects that keep permanents from untapping in an untap step (302.2):
//! "[it] doesn't untap during its controller's next untap step" (Barl's
//! Cage, Apes of Rath) and "[permanents] [player] controls don't untap
//! during their next untap step" (Exhaustion, Mana Vapors). Each is used up
//! by the one untap step it names (a skipped untap step doesn't count,
//! 419.6e–f); the static "doesn't untap during its controller's untap
//! step" abilities are `Game::doesnt_untap` (`combat_flow.rs`).

use crate::{Game, ObjId, PlayerId};
use serde::{Deserialize, Serialize};
use tolaria_cards::ObjectFilter;

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
