//! 500.1–500.4: restrictions on how many creatures attack or block in one
//! combat: "No more than two creatures can attack each combat." (Caverns
//! of Despair, Dueling Grounds, Silent Arbiter), "… can attack you each
//! combat" (Crawlspace), "No more than two creatures can block each
//! combat." Attackers are declared one at a time (`Action::Attack`, then
//! `Done`), so a limit is kept as they are: one more attacker is offered
//! only while the limit allows it, and (500.4) while enough room is left
//! for the creatures that must attack and still could, so that a
//! declaration obeying the most requirements can always be finished. The
//! block limit joins the whole-set rules of `blocks.rs`.

use crate::{Game, ObjId, PlayerId};
use tolaria_cards::StaticAbility;

impl Game {
    /// Is an attack limit in play?
    pub(crate) fn attack_limits_exist(&self) -> bool {
        self.any_static_in_play(|s, _, _| matches!(s, StaticAbility::AttackLimit { .. }))
    }

    /// The player an attacking creature attacks: the one chosen for it
    /// (602.3), else the defending player (306.3).
    fn attacked_player(&self, defender: Option<PlayerId>) -> Option<PlayerId> {
        defender.or(self.combat.defending)
    }

    /// 500.2: may one more creature attack (`player`, or the defending
    /// player) without breaking an attack limit? With `room`, as many more
    /// must still be allowed after it.
    fn attack_limit_room(&self, player: Option<PlayerId>, room: usize) -> bool {
        let target = self.attacked_player(player);
        !self.any_static_in_play(|s, _, controller| {
            let StaticAbility::AttackLimit { max, you } = *s else {
                return false;
            };
            let declared = if you {
                if target != Some(controller) {
                    return false;
                }
                self.combat
                    .attackers
                    .iter()
                    .filter(|a| self.attacked_player(a.defender) == Some(controller))
                    .count()
            } else {
                self.combat.attackers.len()
            };
            declared + 1 + room > usize::from(max)
        })
    }

    /// 500.2: does an attack limit still allow `cand` to attack `player`
    /// (or the defending player)? 500.4: a creature that doesn't have to
    /// attack takes a place only if the creatures that must attack, and
    /// could at no cost, still have room after it (`free_must`: those not
    /// yet declared, `cand` aside).
    pub(crate) fn attack_limit_allows(&self, cand: ObjId, player: Option<PlayerId>) -> bool {
        if !self.attack_limits_exist() {
            return true;
        }
        let must = |id: ObjId| {
            id != cand
                && self.may_attack_at_all(id)
                && !self.combat.is_attacking(id)
                && self.must_attack(id)
                && self.can_attack(id)
                && self.own_attack_cost(id) == 0
        };
        let room = if self.must_attack(cand) {
            0
        } else {
            self.in_play.iter().filter(|&&id| must(id)).count()
        };
        // With several players to attack (602), the creatures that must
        // attack may go elsewhere: only the limit itself is judged.
        let room = if self.attacks_multiple() { 0 } else { room };
        self.attack_limit_room(player, room)
    }

    /// 500.1: the block limit in play, if any: the least of them.
    pub(crate) fn block_limit(&self) -> Option<usize> {
        let mut least: Option<usize> = None;
        self.any_static_in_play(|s, _, _| {
            if let StaticAbility::BlockLimit { max } = *s {
                let m = usize::from(max);
                least = Some(least.map_or(m, |l| l.min(m)));
            }
            false
        });
        least
    }
}
