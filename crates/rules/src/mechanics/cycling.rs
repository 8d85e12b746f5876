//! Activated abilities that function only while their card is in a
//! player's hand or graveyard (402.8h: "Return [this] from your graveyard
//! to your hand", Hammer of Bogardan): 502.18 cycling ("[Cost], Discard this card: Draw a
//! card"; typecycling searches instead), 502.48 transmute, 502.53
//! forecast; and the abilities that trigger on cycling (502.18c "When you
//! cycle [this]", 502.18e "Whenever a player cycles a card").

use crate::state::stack::PendingTrigger;
use crate::state::stack::TriggerContext;
use crate::{Action, Game, ObjId, PlayerId};
use tolaria_cards::{Ability, CardId, Trigger};

impl Game {
    /// 502.18a: the abilities of card `card` in `p`'s hand (or, 402.8h, in
    /// `p`'s graveyard) that `p` may play now (priority, timing, costs).
    /// The ability's index is its index among the face's abilities, as for
    /// a permanent's.
    pub(crate) fn hand_ability_actions(
        &self,
        p: PlayerId,
        card: ObjId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<Action>,
    ) {
        let face = self.objects[card.slot as usize].def().front();
        let in_graveyard = matches!(
            self.objects[card.slot as usize].zone,
            crate::Zone::Graveyard(_)
        );
        let has = if in_graveyard {
            face.has_graveyard_abilities
        } else {
            face.has_hand_abilities
        };
        if !has || face.support.is_err() {
            return;
        }
        let sorcery_timing = self.is_active(p) && self.step.is_main() && self.stack.is_empty();
        for (i, a) in face.abilities.iter().enumerate() {
            let Ability::Activated(act) = a else { continue };
            let here = if in_graveyard {
                act.from_graveyard
            } else {
                act.from_hand
            };
            if !here || (act.sorcery_speed && !sorcery_timing) {
                continue;
            }
            // 502.18a: "Players can't cycle cards." (Stabilizer)
            if act.cycling
                && self.any_static_in_play(|s, _, _| {
                    matches!(s, tolaria_cards::StaticAbility::CantCycle)
                })
            {
                continue;
            }
            // 502.53b forecast: only during its owner's upkeep, once each turn.
            if act.timing.is_some_and(|t| !self.timing_allows(p, t)) {
                continue;
            }
            if act.once_per_turn
                && self.objects[card.slot as usize].activated_this_turn & (1 << i.min(15)) != 0
            {
                continue;
            }
            if !self.only_if_and_sacrifice_allow(p, card, act) {
                continue;
            }
            // 215.5-style: life can be paid only up to the life total.
            if act.cost.pay_life > 0 && self.life(p) < act.cost.pay_life as i32 {
                continue;
            }
            if !crate::playing::mana::can_match(
                &crate::state::progress::Unpaid::from_cost(&act.cost.mana, 0),
                avail,
            ) {
                continue;
            }
            let src = crate::continuous::source::SourceInfo {
                obj: Some(card),
                colors: face.colors,
                types: face.types,
                subtypes: face.subtypes,
                controller: p,
                trigger_player: None,
                ability: None,
            };
            if !crate::playing::targeting::targets_available(self, &act.targets, &src) {
                continue;
            }
            // Pithing Needle stops abilities in every zone (its ruling:
            // "a player can't cycle Eternal Dragon").
            if self.ability_forbidden(card, false, false) {
                continue;
            }
            out.push(Action::Activate {
                source: card,
                index: i as u8,
            });
        }
    }
}

/// 502.18c / 502.18e: `player` cycled `card`, now the graveyard object
/// `new`. The card's own "When you cycle [this]" abilities trigger from the
/// graveyard; the permanents' "Whenever a player cycles a card" trigger
/// with "that player" the cycler.
pub(crate) fn cycled(game: &mut Game, player: PlayerId, new: ObjId, card: CardId) {
    for (i, a) in tolaria_cards::db().get(card).faces[0]
        .abilities
        .iter()
        .enumerate()
    {
        if let Ability::Triggered(t) = a {
            if matches!(t.trigger, Trigger::CycleThis) {
                game.pending_triggers.push(PendingTrigger {
                    controller: player,
                    source: new,
                    card,
                    ability: tolaria_cards::AbilityRef::Printed {
                        card,
                        face: 0,
                        index: i as u8,
                    },
                    ctx: TriggerContext {
                        player: Some(player),
                        ..Default::default()
                    },
                });
            }
        }
    }
}
