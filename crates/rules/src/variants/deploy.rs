//! The deploy creatures option (603).
//!
//! 603.1: used in the Emperor variant (607.3b) and available in other
//! team variants (`MultiplayerOptions::deploy`). 603.2: while it is in
//! use, each creature has the ability "{T}: Target teammate gains control
//! of this creature. Play this ability only any time you could play a
//! sorcery." The ability's text is `tolaria_cards::deploy_ability`
//! (`AbilityRef::Deploy`); it comes after the creature's other activated
//! abilities (its activation index is listed like any other, so it is a
//! legal action, is named in the terminal and in ability listings). It
//! resolves as a control-changing effect in layer 2 (418.5a) giving the
//! creature to the targeted teammate for as long as the game lasts.
//!
//! *Decision* (spec silent on how the rule-given ability meets layer 5):
//! the ability is added after the layers are applied to every permanent
//! that is a creature then, unless an effect removed all its abilities
//! ("loses all abilities" removes the rules' ability too).

use crate::continuous::characteristics::Characteristics;
use crate::Game;

/// 603.2: gives the deploy ability to every creature on the board.
pub(crate) fn grant(game: &Game, board: &mut [Characteristics]) {
    if !game.options.deploy {
        return;
    }
    for ch in board.iter_mut() {
        ch.deploy = ch.is_creature() && !ch.lost_abilities;
    }
}
