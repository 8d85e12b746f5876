//! The object that granted an ability in quotes (418.5a layer 5), for the
//! abilities an Equipment or Aura grants to the permanent it is attached
//! to whose text names the granting card ("Equipped creature has \"{T},
//! Unattach Leonin Bola: Tap target creature.\"", 212.2k): the cost
//! "Unattach [it]" (409.1h).
//!
//! An `AbilityRef::Granted` names the granting card, not the permanent;
//! the grantor is found among the permanents attached to the object with
//! the ability whose card is the granting card: the k-th identical grant
//! in the object's list (layer 5 adds them in timestamp order) is the k-th
//! such permanent in timestamp order (decision in ARCHITECTURE.md).

use crate::{Event, Game, ObjId, Target};
use tolaria_cards::AbilityRef;

impl Game {
    /// The permanent that grants the ability with activation index `index`
    /// of `source`, if it is an ability in quotes granted by a permanent
    /// attached to `source`.
    pub(crate) fn grantor_of(&self, source: ObjId, index: u8) -> Option<ObjId> {
        let ch = crate::continuous::characteristics::compute(self, source);
        let (_, r) = ch.ability_at(index)?;
        let AbilityRef::Granted { card, .. } = r else {
            return None;
        };
        // The k-th grant of this very ability among the object's abilities.
        let k = ch
            .all_abilities()
            .take(index as usize)
            .filter(|&(r2, _)| r2 == r)
            .count();
        let mut attached: Vec<ObjId> = self
            .in_play
            .iter()
            .copied()
            .filter(|&o| {
                let obj = &self.objects[o.slot as usize];
                obj.attached_to == Some(Target::Object(source))
                    && !obj.is_phased_out()
                    && crate::continuous::characteristics::compute(self, o).card == card
            })
            .collect();
        attached.sort_by_key(|&o| self.objects[o.slot as usize].timestamp);
        attached.get(k).copied()
    }

    /// 409.1h: "Unattach [the granting Equipment]" as a cost: it becomes
    /// unattached and stays in play.
    pub(crate) fn unattach_grantor_for_cost(&mut self, source: ObjId, index: u8) {
        let Some(g) = self.grantor_of(source, index) else {
            return;
        };
        if let Some(obj) = self.obj_mut(g) {
            obj.attached_to = None;
            let card = obj.card;
            self.emit(Event::Unattached {
                obj: g,
                card,
                cost: true,
            });
        }
    }
}
