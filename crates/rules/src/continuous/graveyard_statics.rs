//! Static abilities that function in a graveyard (402.8h): "As long as
//! Anger is in your graveyard and you control a Mountain, creatures you
//! control have haste." Their effects are listed with the others of the
//! layers (418.5), from the card's point of view (its owner, its printed
//! text, its timestamp from entering the graveyard, 418.5e).

use super::{Action, Listed, Scope};
use crate::Game;
use tolaria_cards::{Ability, Affected, StaticAbility};

/// 402.8h: the effects of the static abilities that function in a
/// graveyard ("As long as Anger is in your graveyard and you control a
/// Mountain, creatures you control have haste"), with the card's
/// timestamp (418.5e: when it entered the graveyard).
pub(super) fn graveyard_effects<'a>(game: &'a Game, v: &mut Vec<Listed<'a>>) {
    for pl in &game.players {
        for &id in &pl.graveyard {
            let o = &game.objects[id.slot as usize];
            let face = o.def().front();
            if !face.has_graveyard_statics || face.support.is_err() {
                continue;
            }
            for a in &face.abilities {
                let Ability::Static(StaticAbility::FromGraveyard(s)) = a else {
                    continue;
                };
                let (condition, affected, effect) = match &**s {
                    StaticAbility::Continuous { affected, effect } => (None, affected, effect),
                    // One that counts permanents is judged as the effect
                    // begins to apply (418.5b), any other now.
                    StaticAbility::ContinuousIf {
                        condition,
                        affected,
                        effect,
                    } if condition.counts_permanents() => (Some(condition), affected, effect),
                    StaticAbility::ContinuousIf {
                        condition,
                        affected,
                        effect,
                    } => {
                        if !crate::continuous::condition::holds_for(game, id, o.owner, condition) {
                            continue;
                        }
                        (None, affected, effect)
                    }
                    _ => continue,
                };
                let Affected::Each(f) = affected else {
                    continue;
                };
                v.push(Listed {
                    timestamp: o.timestamp,
                    action: Action::Layered(*effect),
                    scope: Scope::Each(f),
                    source: None,
                    outside: Some(id),
                    controller: o.owner,
                    grant_from: (o.card, 0),
                    set: None,
                    dead: false,
                    condition,
                });
            }
        }
    }
}
