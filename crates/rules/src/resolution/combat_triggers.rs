//! Triggered abilities of combat declarations (410): "whenever one or
//! more creatures attack you" (606.7a), "whenever one or more creatures
//! block", "whenever a [filter] becomes blocked" (309.4, 410.9c). Split
//! from `triggers.rs`, which detects the triggers of single events.

use super::triggers::scan;
use crate::state::stack::TriggerContext;
use crate::{Game, ObjId};
use tolaria_cards::Trigger;

/// "Whenever one or more creatures attack you" (Orim's Prayer): once per
/// declaration of attackers, for each permanent whose controller is
/// attacked (606.7a: a defending team's players are each attacked).
pub(crate) fn creatures_attack_you_triggers(game: &mut Game) {
    let permanents = if game.may_have_triggers() && !game.combat.attackers.is_empty() {
        game.in_play.len()
    } else {
        0
    };
    for i in 0..permanents {
        let src = game.in_play[i];
        scan(game, src, |t, game, src| {
            if !matches!(t, Trigger::CreaturesAttackYou) {
                return None;
            }
            let you = game.objects[src.slot as usize].controller;
            game.combat
                .attackers
                .iter()
                .any(|a| {
                    game.defender_of(a.obj)
                        .is_some_and(|d| game.defending_side(d).any(|q| q == you))
                })
                .then(TriggerContext::default)
        });
    }
}

/// "Whenever one or more creatures block": once per declaration of blockers.
pub(crate) fn creatures_block_triggers(game: &mut Game) {
    let permanents = if game.may_have_triggers() {
        game.in_play.len()
    } else {
        0
    };
    for i in 0..permanents {
        let src = game.in_play[i];
        scan(game, src, |t, _, _| {
            matches!(t, Trigger::CreaturesBlock).then(TriggerContext::default)
        });
    }
}

/// 309.4, 410.9c: "Whenever a [filter] becomes blocked" (Berserk
/// Murlodont, Spined Sliver): the abilities of every permanent, as
/// attacker `a` becomes blocked; "it" is that attacker.
pub(crate) fn creature_becomes_blocked_triggers(game: &mut Game, a: ObjId) {
    let permanents = if game.may_have_triggers() {
        game.in_play.len()
    } else {
        0
    };
    for i in 0..permanents {
        let src = game.in_play[i];
        scan(game, src, |t, game, src| match t {
            Trigger::CreatureBecomesBlocked(f) => {
                let you = game.objects[src.slot as usize].controller;
                crate::continuous::filter::matches(game, f, a, Some(src), you).then_some(
                    TriggerContext {
                        object: Some(a),
                        ..Default::default()
                    },
                )
            }
            _ => None,
        });
    }
}
