//! Effects on players and on the rules of the game (418.5j, 418.5k),
//! applied after the layers: they come from the computed abilities, so a
//! permanent that lost its abilities (Humility) changes no rule.
//! - "You can't lose the game and your opponents can't win the game"
//!   (Platinum Angel) stops 420.5a, 420.5g and 420.5h and effects that say
//!   a player loses or an opponent wins; a concession is always possible
//!   (102.3a, 103.1).
//! - "You have no maximum hand size" (Spellbook, 217.3b).
//! - "Players don't lose unspent mana as steps and phases end" (Upwelling,
//!   300.3: no mana empties, so there is no mana burn).

use crate::{Game, PlayerId};
use tolaria_cards::{Ability, StaticAbility};

impl Game {
    /// Does a permanent in play (controlled by `controller`, if given) have
    /// a static ability matching `f`?
    pub(crate) fn any_static(
        &self,
        controller: Option<PlayerId>,
        f: impl Fn(&StaticAbility) -> bool,
    ) -> bool {
        if self.board.valid && self.board.statics == 0 {
            return false;
        }
        self.in_play.iter().any(|&id| {
            let o = &self.objects[id.slot as usize];
            controller.is_none_or(|p| o.controller == p)
                && o.flags & crate::object::flags::STATICS != 0
                && !o.is_phased_out()
                && crate::characteristics::compute(self, id)
                    .abilities()
                    .iter()
                    .any(|a| matches!(a, Ability::Static(s) if f(s)))
        })
    }

    /// Does a permanent `p` controls say `p` can't lose the game?
    pub fn cant_lose(&self, p: PlayerId) -> bool {
        self.any_static(Some(p), |s| matches!(s, StaticAbility::CantLoseGame))
    }

    /// Can't `p` win the game (an opponent's Platinum Angel)?
    pub fn cant_win(&self, p: PlayerId) -> bool {
        self.opponents(p).any(|q| self.cant_lose(q))
    }

    /// Upwelling: mana pools don't empty as steps and phases end.
    pub fn mana_pools_keep(&self) -> bool {
        self.any_static(None, |s| matches!(s, StaticAbility::PlayersKeepUnspentMana))
    }

    /// 217.3b, 418.5k: a player's maximum hand size after the effects on
    /// the rules of the game ("You have no maximum hand size": none).
    pub fn max_hand_size(&self, p: PlayerId) -> Option<u32> {
        if self.any_static(Some(p), |s| matches!(s, StaticAbility::NoMaximumHandSize)) {
            None
        } else {
            self.player(p).max_hand_size
        }
    }
}
