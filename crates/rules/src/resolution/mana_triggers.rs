//! Triggered mana abilities (406.1b, 406.4) and the triggers on lands
//! tapped for mana (406.5): "Whenever enchanted land is tapped for mana,
//! its controller adds …" (Overgrowth), "… add an additional one mana of
//! any type that land produced" (Sasaya's Essence), "Whenever a player
//! taps a land for mana" (Manabarbs). Split from `triggers.rs`, which
//! re-exports them.

use super::triggers::player_event_triggers;
use crate::state::stack::{PendingTrigger, TriggerContext};
use crate::{Game, ObjId, PlayerId, Target};
use tolaria_cards::{Ability, Trigger};

/// 406.1b: the triggered mana abilities of the permanents attached to
/// `land`, which was just tapped for mana ("Whenever enchanted land is
/// tapped for mana, its controller adds an additional {G}{G}", Overgrowth):
/// they don't use the stack (406.4) and resolve now, in the mana ability.
///
/// "Whenever a land you control is tapped for mana, add an additional one
/// mana of any type that land produced …" (Sasaya's Essence, 406.1b):
/// `produced` is what the land's ability added, `chosen` the type the
/// player named as it was activated (used when it added several types).
pub(crate) fn triggered_mana_abilities(
    game: &mut Game,
    land: ObjId,
    produced: &[tolaria_cards::ManaKind],
    chosen: tolaria_cards::ManaKind,
) {
    if !game.may_have_triggers() {
        return;
    }
    for i in 0..game.in_play.len() {
        let src = game.in_play[i];
        let o = &game.objects[src.slot as usize];
        if o.flags & crate::state::object::flags::TRIGGERS == 0 || o.is_phased_out() {
            continue;
        }
        let attached = o.attached_to == Some(Target::Object(land));
        let controller = o.controller;
        let ch = crate::continuous::layers::ability_chars(game, src);
        for (ability, a) in ch.all_abilities() {
            let Ability::Triggered(t) = a else { continue };
            let fires = match &t.trigger {
                Trigger::AttachedTappedForMana => attached,
                Trigger::TappedForMana(f) => {
                    game.is_present(land)
                        && crate::continuous::filter::matches(game, f, land, Some(src), controller)
                }
                _ => false,
            };
            if !fires {
                continue;
            }
            // 406.1b: only an ability that adds mana is a triggered mana
            // ability; another ("return it to its owner's hand", Storm
            // Cauldron) goes on the stack the next time a player would
            // receive priority (410.1).
            let adds_mana = t.effects.iter().any(|e| {
                matches!(
                    e,
                    tolaria_cards::Effect::AddManaProduced { .. }
                        | tolaria_cards::Effect::AddMana { .. }
                        | tolaria_cards::Effect::AddManaCombination { .. }
                        | tolaria_cards::Effect::AddManaAmount { .. }
                )
            });
            if !adds_mana {
                let ctx = TriggerContext {
                    object: Some(land),
                    player: Some(game.objects[land.slot as usize].controller),
                    ..Default::default()
                };
                game.pending_triggers.push(PendingTrigger {
                    controller,
                    source: src,
                    card: ch.ability_card(ability),
                    ability,
                    ctx,
                });
                continue;
            }
            let mut ctx = crate::state::stack::ResolveCtx::for_source(game, controller, src);
            ctx.trigger.object = Some(land);
            // "that player": the land's controller, who tapped it (Mana Flare).
            ctx.trigger.player = Some(game.objects[land.slot as usize].controller);
            for e in &t.effects {
                if let tolaria_cards::Effect::AddManaProduced { amount, who } = e {
                    // One type only, or the one the player chose among
                    // several (406.1b: "any type that land produced").
                    let Some(&first) = produced.first() else {
                        continue;
                    };
                    let kind = if produced.contains(&chosen) {
                        chosen
                    } else {
                        first
                    };
                    let n = game.amount(&ctx, amount).max(0) as u16;
                    if n > 0 {
                        for player in game.players_of(&ctx, who) {
                            game.players[player.index()].pool.add(kind, n);
                            game.emit(crate::Event::ManaAdded {
                                player,
                                source: src,
                                card: ch.card,
                                kind,
                                amount: u32::from(n),
                            });
                        }
                    }
                    continue;
                }
                // "its controller adds an additional one mana of any
                // color" (Fertile Ground): the colours are chosen now,
                // before the game goes on (`playing/mana_split.rs`).
                if let tolaria_cards::Effect::AddManaCombination {
                    who,
                    amount,
                    colors,
                } = e
                {
                    let tapper = game.objects[land.slot as usize].controller;
                    let n = game.amount(&ctx, amount).max(0) as u32;
                    for player in game.players_of(&ctx, who) {
                        game.add_mana_combination(player, src, ch.card, *colors, n, false, tapper);
                    }
                    continue;
                }
                game.exec_effect(&ctx, e);
            }
        }
    }
}

/// Does a permanent in play have a triggered mana ability that adds mana
/// of a type its triggering ability produced (Sasaya's Essence)? Then a
/// mana ability producing several types is offered once per type, the
/// player naming the one the additional mana will be (406.1b).
pub(crate) fn produced_type_matters(game: &Game) -> bool {
    game.may_have_triggers()
        && game.in_play.iter().any(|&src| {
            let o = &game.objects[src.slot as usize];
            o.flags & crate::state::object::flags::TRIGGERS != 0
                && !o.is_phased_out()
                && game.chars(src).all_abilities().any(|(_, a)| {
                    matches!(a, Ability::Triggered(t) if matches!(t.trigger, Trigger::TappedForMana(_)))
                })
        })
}

/// 406.5: "Whenever a player taps a land for mana" (Manabarbs): `player`
/// played a mana ability of the land `land` with {T} in its cost. The
/// ability goes on the stack the next time a player would receive priority
/// (410.1).
pub(crate) fn land_tapped_for_mana(game: &mut Game, player: PlayerId) {
    let permanents = if game.may_have_triggers() {
        game.in_play.len()
    } else {
        0
    };
    player_event_triggers(game, permanents, player, None, |t| match t {
        Trigger::TapsLandForMana(w) => Some(*w),
        _ => None,
    });
}
