//! Triggered abilities that watch damage dealt by or to others (404.1,
//! 410): "Whenever enchanted creature / a creature / you [are] dealt
//! damage" (Soul Link, Repercussion, Living Artifact) and "Whenever
//! enchanted creature / a creature you control deals [combat] damage to
//! [you / an opponent / a player]" (Backfire, Curiosity, Larceny). A damage
//! event (`Event::Damage`, one per source and recipient, 310.4, 419.3)
//! triggers each such ability once; "that much" is the damage dealt.
//! Abilities of the object dealt or dealing the damage itself are in
//! `triggers.rs`.

use super::triggers::scan;
use crate::state::stack::TriggerContext;
use crate::{Game, ObjId, Target};
use tolaria_cards::{Dealer, Trigger, Whose};

/// The abilities of the first `permanents` permanents in play that watch a
/// damage event: `source` dealt `amount` to `to`.
pub(super) fn damage_watchers(
    game: &mut Game,
    permanents: usize,
    source: ObjId,
    to: Target,
    amount: u32,
    combat: bool,
) {
    if amount == 0 {
        return;
    }
    // "a creature … deals damage": the source as a permanent in play.
    let source_in_play = game.is_in_play(source);
    for i in 0..permanents {
        let src = game.in_play[i];
        scan(game, src, |t, game, src| {
            let so = &game.objects[src.slot as usize];
            let you = so.controller;
            match (t, to) {
                (Trigger::AttachedIsDealtDamage, Target::Object(v))
                    if so.attached_to == Some(Target::Object(v)) =>
                {
                    Some(TriggerContext {
                        object: Some(v),
                        amount,
                        ..Default::default()
                    })
                }
                (Trigger::PermanentIsDealtDamage(f), Target::Object(v))
                    if game.is_in_play(v)
                        && crate::continuous::filter::matches(game, f, v, Some(src), you) =>
                {
                    Some(TriggerContext {
                        object: Some(v),
                        amount,
                        ..Default::default()
                    })
                }
                (Trigger::YouAreDealtDamage, Target::Player(p)) if p == you => {
                    Some(TriggerContext {
                        player: Some(p),
                        amount,
                        ..Default::default()
                    })
                }
                (Trigger::OpponentIsDealtDamage, Target::Player(p)) if game.is_opponent(you, p) => {
                    Some(TriggerContext {
                        player: Some(p),
                        amount,
                        ..Default::default()
                    })
                }
                (
                    Trigger::CreatureDealsDamageToPlayer {
                        dealer,
                        combat_only,
                        to: whose,
                    },
                    Target::Player(p),
                ) if source_in_play && (combat || !combat_only) => {
                    let player_ok = match whose {
                        Whose::You => p == you,
                        Whose::Opponent => game.is_opponent(you, p),
                        Whose::Each => true,
                        // The opponent chosen as the source came into play
                        // (419.1b).
                        Whose::Chosen => so.chosen_player == Some(p),
                    };
                    let dealer_ok = match dealer {
                        Dealer::Attached => so.attached_to == Some(Target::Object(source)),
                        Dealer::Matching(f) => {
                            crate::continuous::filter::matches(game, f, source, Some(src), you)
                        }
                    };
                    (player_ok && dealer_ok).then_some(TriggerContext {
                        object: Some(source),
                        player: Some(p),
                        amount,
                        ..Default::default()
                    })
                }
                // "Whenever a Sliver deals combat damage to a creature"
                // (Toxin Sliver): "that creature" is the one dealt damage.
                (Trigger::CreatureDealsCombatDamageToCreature(f), Target::Object(v))
                    if combat
                        && source_in_play
                        && game.chars(v).is_creature()
                        && crate::continuous::filter::matches(game, f, source, Some(src), you) =>
                {
                    Some(TriggerContext {
                        object: Some(v),
                        amount,
                        ..Default::default()
                    })
                }
                _ => None,
            }
        });
    }
}

/// 310.4: "Whenever [this / equipped creature / a creature you control]
/// deals combat damage" triggers once for all the combat damage a source
/// deals at once (the ruling of Drinker of Sorrow: one trigger however
/// many things it damages); `totals` pairs each source with the combat
/// damage it dealt in this step, in the order it first dealt damage.
pub(crate) fn combat_damage_triggers(game: &mut Game, totals: &[(ObjId, u32)]) {
    for &(source, amount) in totals {
        if amount == 0 || !game.is_in_play(source) {
            continue;
        }
        scan(game, source, |t, _, _| {
            matches!(t, Trigger::DealsCombatDamage).then_some(TriggerContext {
                amount,
                ..Default::default()
            })
        });
        for i in 0..game.in_play.len() {
            let src = game.in_play[i];
            scan(game, src, |t, game, src| {
                let so = &game.objects[src.slot as usize];
                let hit = match t {
                    Trigger::AttachedDealsCombatDamage => {
                        so.attached_to == Some(Target::Object(source))
                    }
                    Trigger::CreatureDealsCombatDamage(f) => crate::continuous::filter::matches(
                        game,
                        f,
                        source,
                        Some(src),
                        so.controller,
                    ),
                    _ => false,
                };
                hit.then_some(TriggerContext {
                    object: Some(source),
                    amount,
                    ..Default::default()
                })
            });
        }
    }
}
