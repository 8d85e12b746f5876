//! "If this ability has been played four or more times this turn" (Dragon
//! Whelp, Nalathni Dragon, Farrelite Priest, Initiates of the Ebon Hand):
//! how many times each such ability was played this turn. An activation
//! counts once its costs are paid (409.1i, 406), whether or not it
//! resolves; the count of "this turn" starts afresh with each turn (300.1;
//! 608.4 in a Grand Melee game: with the other "this turn" facts); the
//! same count limits "Play this ability no more than three times each
//! turn" (Sewer Rats, Soul Kiss: `Game::activated_actions_of`). Only
//! the abilities whose text reads the count are counted
//! (`Game::ability_activations`), so no other play pays for it.

use crate::{Game, ObjId};
use tolaria_cards::{db, Ability, CardId, Condition, Effect};

/// Does this list of instructions read "this ability has been played N or
/// more times this turn"?
pub(crate) fn reads_count(effects: &[Effect]) -> bool {
    effects.iter().any(|e| {
        matches!(
            e,
            Effect::IfElse {
                condition: Condition::ThisAbilityActivated { .. },
                ..
            }
        )
    })
}

/// Does any ability printed on the card read its own activation count?
fn card_reads_count(card: CardId) -> bool {
    db().get(card).faces.iter().any(|f| {
        f.abilities.iter().any(|a| match a {
            // "Play this ability no more than three times each turn".
            Ability::Activated(a) => reads_count(&a.effects) || a.max_per_turn > 0,
            Ability::Mana(m) => reads_count(&m.also),
            _ => false,
        })
    })
}

impl Game {
    /// 409.1i: ability `index` of `source` (whose card is `card`) was
    /// played: counted if its card reads the count.
    pub(crate) fn count_activation(&mut self, source: ObjId, card: CardId, index: u8) {
        if !card_reads_count(card) {
            return;
        }
        match self
            .ability_activations
            .iter_mut()
            .find(|(o, i, _)| *o == source && *i == index)
        {
            Some((_, _, n)) => *n = n.saturating_add(1),
            None => self.ability_activations.push((source, index, 1)),
        }
    }

    /// How many times ability `index` of `source` was played this turn
    /// (an object that left play is a new object, 217.1c: its id is new).
    pub(crate) fn activations_this_turn(&self, source: ObjId, index: u8) -> u32 {
        self.ability_activations
            .iter()
            .find(|(o, i, _)| *o == source && *i == index)
            .map_or(0, |(_, _, n)| u32::from(*n))
    }

    /// 300.1: a new turn: the counts of the objects whose controller starts
    /// counting "this turn" afresh (`fresh`: a bit per player) are cleared.
    pub(crate) fn clear_activation_counts(&mut self, fresh: u64) {
        if self.ability_activations.is_empty() {
            return;
        }
        let objects = &self.objects;
        self.ability_activations
            .retain(|(o, _, _)| fresh & (1 << objects[o.slot as usize].controller.0) == 0);
    }
}
