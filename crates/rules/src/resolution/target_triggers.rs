//! Abilities that trigger as a permanent becomes the target of a spell or
//! ability (409.1c, 410.4, 415.7): its own ("Whenever CARDNAME becomes the
//! target of a spell or ability", Skulking Ghost; "… for the first time
//! each turn", the Glasskites) and other permanents' ("Whenever a creature
//! becomes the target …", Cowardice; "… enchanted creature …", Sleeping
//! Potion).

use super::triggers::scan;
use crate::state::stack::TriggerContext;
use crate::{Game, PlayerId, Target, Zone};
use tolaria_cards::Trigger;

/// 409.1c, 410.4, 415.7: the permanents a spell or ability controlled by
/// `controller` targets as it is played or put on the stack, or as its
/// targets are changed; `by`: that spell (`Target::Object`) or ability
/// (`Target::Ability`), "that spell or ability". Each permanent's
/// "becomes the target" abilities trigger once however many of its
/// targets name it (Rayne's ruling: once for each permanent targeted);
/// `permanents`: how many permanents of `in_play` are scanned for the
/// abilities of others.
pub(super) fn became_targets(
    game: &mut Game,
    targets: &[Target],
    controller: PlayerId,
    by: Target,
    permanents: usize,
) {
    let spell = match by {
        Target::Object(o) => Some(o),
        _ => None,
    };
    for (k, t) in targets.iter().enumerate() {
        let Target::Object(o) = *t else { continue };
        if targets[..k].contains(t) || game.objects[o.slot as usize].zone != Zone::InPlay {
            continue;
        }
        // "for the first time each turn": the event, whether or not the
        // permanent had the ability when it was targeted before (decision
        // in ARCHITECTURE.md); `Game::emit` marks it once the event's
        // triggers are found.
        let first = !game.objects[o.slot as usize].targeted_this_turn;
        let ctx = TriggerContext {
            player: Some(controller),
            by: Some(by),
            ..Default::default()
        };
        scan(game, o, |tr, game, src| {
            let Trigger::BecomesTarget {
                spells_only,
                aura_spells,
                opponents,
                first_each_turn,
            } = tr
            else {
                return None;
            };
            let aura = |s: crate::ObjId| {
                crate::continuous::characteristics::compute(game, s)
                    .subtypes
                    .contains(tolaria_cards::Subtype::AURA)
            };
            let ok = (!spells_only || spell.is_some())
                && (!aura_spells || spell.is_some_and(aura))
                && (!first_each_turn || first)
                && (!opponents
                    || game.is_opponent(game.objects[src.slot as usize].controller, controller));
            ok.then_some(ctx)
        });
        // Other permanents watching it: "a creature", "another permanent
        // you control", "enchanted creature".
        for i in 0..permanents.min(game.in_play.len()) {
            let src = game.in_play[i];
            scan(game, src, |tr, game, src| {
                let Trigger::PermanentBecomesTarget { filter, opponents } = tr else {
                    return None;
                };
                let you = game.objects[src.slot as usize].controller;
                let watched = match filter {
                    Some(f) => crate::continuous::filter::matches(game, f, o, Some(src), you),
                    None => game.objects[src.slot as usize].attached_to == Some(Target::Object(o)),
                };
                (watched && (!opponents || game.is_opponent(you, controller))).then_some(
                    TriggerContext {
                        object: Some(o),
                        ..ctx
                    },
                )
            });
        }
    }
}

/// 402.8h: "When a creature with converted mana cost 6 or greater comes
/// into play, you may return CARDNAME from your graveyard to play attached
/// to that creature." (the Dragon Auras): the comes-into-play abilities of
/// the cards in graveyards that function there; `new` is the permanent.
pub(super) fn comes_into_play_in_graveyards(game: &mut Game, new: crate::ObjId) {
    for (g, c, card) in super::triggers::graveyard_trigger_cards(game) {
        let front = tolaria_cards::db().get(card).front();
        for a in front.abilities.iter() {
            let tolaria_cards::Ability::Triggered(t) = a else {
                continue;
            };
            let Trigger::ComesIntoPlayFromGraveyard(f) = &t.trigger else {
                continue;
            };
            if crate::continuous::filter::matches(game, f, new, Some(c), g) {
                let ctx = TriggerContext {
                    object: Some(new),
                    ..Default::default()
                };
                super::triggers::trigger_printed(game, g, c, card, &t.trigger, ctx);
                break;
            }
        }
    }
}
