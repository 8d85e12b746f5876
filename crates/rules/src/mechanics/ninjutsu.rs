//! Ninjutsu (502.43): "Ninjutsu [cost]" means "[Cost], Reveal this card
//! from your hand, Return an unblocked attacking creature you control to
//! its owner's hand: Put this card into play tapped and attacking."
//!
//! The ability functions only in the hand (it is skipped among the
//! abilities of a permanent); it is played with `Action::Ninjutsu`, which
//! names the unblocked attacker the cost returns (a creature is unblocked
//! only once the declare blockers step has begun, 309.2f). The card put
//! into play is attacking but was never declared as an attacker, so
//! nothing triggers on its attacking.

use crate::state::game::Game;
use crate::state::stack::ResolveCtx;
use crate::turn::combat::Attacker;
use crate::{Action, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{Ability, Step};

/// The index of the ninjutsu ability among the card's abilities.
pub(crate) fn ninjutsu_index(game: &Game, card: ObjId) -> Option<u8> {
    game.objects[card.slot as usize]
        .def()
        .front()
        .abilities
        .iter()
        .position(|a| matches!(a, Ability::Activated(act) if act.ninjutsu))
        .map(|i| i as u8)
}

impl Game {
    /// The unblocked attacking creatures `p` controls (309.2f).
    fn unblocked_attackers(&self, p: PlayerId) -> impl Iterator<Item = ObjId> + '_ {
        let after_blocks = self.combat.blockers_step
            && matches!(
                self.step,
                Step::DeclareBlockers | Step::CombatDamage | Step::EndOfCombat
            );
        self.combat
            .attackers
            .iter()
            .filter(move |a| after_blocks && !a.blocked)
            .map(|a| a.obj)
            .filter(move |&o| self.is_present(o) && self.objects[o.slot as usize].controller == p)
    }

    /// 502.43a: the ninjutsu abilities `p` may play now, one action per
    /// card and unblocked attacker to return.
    pub(crate) fn ninjutsu_actions(
        &self,
        p: PlayerId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<Action>,
    ) {
        if !self.combat.blockers_step || self.combat.attackers.is_empty() {
            return;
        }
        for &card in &self.player(p).hand {
            let face = self.objects[card.slot as usize].def().front();
            if face.support.is_err() {
                continue;
            }
            for a in &face.abilities {
                let Ability::Activated(act) = a else { continue };
                if !act.ninjutsu
                    || !crate::playing::mana::can_match(
                        &crate::Unpaid::from_cost(&act.cost.mana, 0),
                        avail,
                    )
                    || self.ability_forbidden(card, false, false)
                {
                    continue;
                }
                out.extend(
                    self.unblocked_attackers(p)
                        .map(|attacker| Action::Ninjutsu { card, attacker }),
                );
            }
        }
    }

    /// 502.43a: the cost's "Return an unblocked attacking creature you
    /// control to its owner's hand".
    pub(crate) fn pay_ninjutsu_return(&mut self, attacker: ObjId) {
        if self.is_present(attacker) {
            if self.attacks_multiple() {
                self.combat.ninjutsu_defender = self.defender_of(attacker);
            }
            let owner = self.objects[attacker.slot as usize].owner;
            self.move_to(attacker, Zone::Hand(owner), MoveReason::ReturnToHand);
        }
    }

    /// 502.43a: "Put this card into play tapped and attacking": the card
    /// still in its owner's hand (a card that left it is a new object,
    /// 217.1c) comes into play tapped, attacking the defending player.
    pub(crate) fn ninjutsu_into_play(&mut self, ctx: &ResolveCtx) {
        let Some(Zone::Hand(_)) = self.obj(ctx.source).map(|o| o.zone) else {
            return;
        };
        let Some(new) = self.put_in_play(ctx.source, ctx.controller, true) else {
            return;
        };
        if self.step.phase() == tolaria_cards::Phase::Combat && self.combat.defending.is_some() {
            // 502.43: it attacks the player the returned creature attacked.
            let defender = self.combat.ninjutsu_defender;
            self.combat.attackers.push(Attacker {
                obj: new,
                blocked: false,
                band: 0,
                defender,
            });
        }
    }
}
