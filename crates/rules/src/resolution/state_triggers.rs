//! State triggers (410.11): a permanent's state-triggered ability
//! triggers as soon as the game state matches its condition ("When you
//! have 10 or less life", Opal Avenger), and not again while its ability
//! is pending or on the stack. Split from `triggers.rs`, which re-exports
//! it.

use super::triggers::condition_holds;
use crate::state::stack::{PendingTrigger, TriggerContext};
use crate::Game;
use tolaria_cards::{Ability, Trigger};

/// 410.11: state triggers. A permanent's state-triggered ability triggers
/// as soon as the game state matches its condition, unless it already did
/// and its ability is still waiting or on the stack.
pub(crate) fn state_triggers(game: &mut Game) {
    if !game.may_have_triggers() {
        return;
    }
    for i in 0..game.in_play.len() {
        let src = game.in_play[i];
        let o = &game.objects[src.slot as usize];
        if o.flags & crate::state::object::flags::TRIGGERS == 0 {
            continue;
        }
        let controller = o.controller;
        let ch = crate::continuous::layers::ability_chars(game, src);
        if ch.lost_abilities
            || ch.text_lost
            || ch.token.is_some()
            || !ch.face_def().has_state_triggers
        {
            continue;
        }
        for (ability, a) in ch.all_abilities() {
            let Ability::Triggered(t) = a else { continue };
            let card = ch.ability_card(ability);
            let Trigger::State(s) = t.trigger else {
                continue;
            };
            let holds = match s {
                tolaria_cards::StateTrigger::ThisHasKeyword(kw) => {
                    crate::continuous::characteristics::compute(game, src).has(kw)
                }
                tolaria_cards::StateTrigger::LifeAtLeast(n) => {
                    // 606.9a: Test of Endurance reads the player's share.
                    game.individual_life(controller) >= n as i32
                }
                tolaria_cards::StateTrigger::ControlsNo(st) => !game.in_play.iter().any(|&o| {
                    game.objects[o.slot as usize].controller == controller
                        && crate::continuous::characteristics::compute(game, o)
                            .subtypes
                            .contains(st)
                }),
                // 606.9a: an individual's life total (Opal Avenger).
                tolaria_cards::StateTrigger::LifeAtMost(n) => game.individual_life(controller) <= n,
                // 606.9a, its Lurking Jackals example: an opponent's share
                // of the team's life total.
                tolaria_cards::StateTrigger::OpponentLifeAtMost(n) => game
                    .opponents(controller)
                    .any(|q| game.individual_life(q) <= n),
                tolaria_cards::StateTrigger::CountersOnThisAtLeast(kind, n) => {
                    game.objects[src.slot as usize].counters_of(kind) >= n
                }
                // The ability's condition, judged just below.
                tolaria_cards::StateTrigger::Condition => t.condition.is_some(),
            };
            // 404.3: an intervening "if" is checked as it triggers too, so
            // a Lurking Jackals that is already a creature doesn't trigger
            // (and trigger again, 410.11) while the opponent stays low.
            let holds = holds
                && t.condition
                    .as_ref()
                    .is_none_or(|c| condition_holds(game, src, &TriggerContext::default(), c));
            let waiting = game
                .pending_triggers
                .iter()
                .any(|p| p.source == src && p.ability == ability)
                || game.stack.iter().any(|s| {
                    matches!(s.kind, crate::StackKind::Ability { source, ability: x, triggered: true, .. }
                        if source == src && x == ability)
                });
            if holds && !waiting {
                game.pending_triggers.push(PendingTrigger {
                    controller,
                    source: src,
                    card,
                    ability,
                    ctx: TriggerContext::default(),
                });
            }
        }
    }
}
