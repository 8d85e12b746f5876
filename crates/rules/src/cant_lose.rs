//! "You can't lose the game and your opponents can't win the game"
//! (Platinum Angel): an effect on the rules of the game (418.5j, applied
//! after the layers, so an Angel that lost its abilities under Humility
//! protects no one). It stops 420.5a, 420.5g and 420.5h and effects that
//! say a player loses or an opponent wins; conceding is always possible
//! (102.3a, 103.1: a card never overrides a concession).

use crate::{Game, PlayerId};
use tolaria_cards::{Ability, StaticAbility};

impl Game {
    /// Does a permanent `p` controls say `p` can't lose the game?
    pub fn cant_lose(&self, p: PlayerId) -> bool {
        if self.board.valid && self.board.statics == 0 {
            return false;
        }
        self.in_play.iter().any(|&id| {
            let o = &self.objects[id.slot as usize];
            o.controller == p
                && o.flags & crate::object::flags::STATICS != 0
                && !o.is_phased_out()
                && crate::characteristics::compute(self, id)
                    .abilities()
                    .iter()
                    .any(|a| matches!(a, Ability::Static(StaticAbility::CantLoseGame)))
        })
    }

    /// Can't `p` win the game (an opponent's Platinum Angel)?
    pub fn cant_win(&self, p: PlayerId) -> bool {
        self.opponents(p).any(|q| self.cant_lose(q))
    }
}
