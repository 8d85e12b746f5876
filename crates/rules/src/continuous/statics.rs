//! Finding the static abilities (405) of permanents in play that apply to
//! an object or to the game: restrictions and requirements on attacking
//! and blocking (500), targeting restrictions, rules about playing and
//! countering spells. The affected set is determined continuously (418.2).

use crate::{Game, ObjId, PlayerId, Target};
use tolaria_cards::{Ability, Affected, StaticAbility};

/// The objects a static ability of the kinds searched here affects, if it
/// names them.
fn affected_of(s: &StaticAbility) -> Option<&Affected> {
    match s {
        StaticAbility::BlockRestriction { affected, .. }
        | StaticAbility::MustAttack(affected)
        | StaticAbility::MustBlock(affected)
        | StaticAbility::BlocksOnlyFlyers(affected)
        | StaticAbility::MustBeBlockedByAll(affected)
        | StaticAbility::CanBlockAdditional(affected)
        | StaticAbility::CanBlockAnyNumber(affected)
        | StaticAbility::CantBeTargetedBy { affected, .. }
        | StaticAbility::CantBeEnchantedByOthers(affected) => Some(affected),
        _ => None,
    }
}

impl Game {
    /// Calls `f` with every static ability of a permanent in play (with the
    /// permanent and its controller) until `f` answers true; answers
    /// whether it did. Stops at once when no permanent has static abilities.
    #[inline(always)]
    pub(crate) fn any_static_in_play(
        &self,
        f: impl FnMut(&'static StaticAbility, ObjId, PlayerId) -> bool,
    ) -> bool {
        // Tested inline: the usual answer costs no call.
        self.may_have_statics() && self.any_static_in_play_scan(f)
    }

    /// [`Game::any_static_in_play`]'s search of the permanents.
    #[inline(never)]
    fn any_static_in_play_scan(
        &self,
        mut f: impl FnMut(&'static StaticAbility, ObjId, PlayerId) -> bool,
    ) -> bool {
        for &src in &self.in_play {
            let so = &self.objects[src.slot as usize];
            if so.flags & crate::state::object::flags::STATICS == 0 || so.is_phased_out() {
                continue;
            }
            let ch = self.chars(src);
            for a in ch.abilities() {
                if let Ability::Static(s) = a {
                    let Some(s) = self.static_now(s, src, so.controller) else {
                        continue;
                    };
                    if f(s, src, so.controller) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The static ability as it exists now: a `StaticIf`'s own ability
    /// while its condition holds for its source (threshold), else none.
    pub(crate) fn static_now(
        &self,
        s: &'static StaticAbility,
        src: ObjId,
        controller: PlayerId,
    ) -> Option<&'static StaticAbility> {
        match s {
            StaticAbility::StaticIf { condition, inner } => {
                crate::continuous::condition::holds_for(self, src, controller, condition)
                    .then_some(&**inner)
            }
            s => Some(s),
        }
    }

    /// Calls `f` with every static ability (and its source) of a permanent
    /// in play that affects `id` now, until `f` answers true (418.2).
    pub(crate) fn any_static_on(
        &self,
        id: ObjId,
        mut f: impl FnMut(&'static StaticAbility, ObjId) -> bool,
    ) -> bool {
        self.any_static_in_play(|s, src, controller| {
            let Some(aff) = affected_of(s) else {
                return false;
            };
            self.static_reaches(aff, src, controller, id) && f(s, src)
        })
    }

    /// Does a static ability of `src` (controlled by `controller`) whose
    /// affected objects are `aff` affect `id` now (418.2)?
    pub(crate) fn static_reaches(
        &self,
        aff: &Affected,
        src: ObjId,
        controller: PlayerId,
        id: ObjId,
    ) -> bool {
        match aff {
            Affected::This => src == id,
            Affected::Attached => {
                self.objects[src.slot as usize].attached_to == Some(Target::Object(id))
            }
            Affected::Each(filter) => {
                crate::continuous::filter::matches(self, filter, id, Some(src), controller)
            }
        }
    }
}
