//! Instructions that may not happen, and choices a later sentence names
//! (416, 418.3): "If you do, …" after an instruction that may do nothing
//! (`Condition::YouDid`), "Target opponent may draw a card." (another
//! player's "may", `Effect::PlayerMay`), and "Choose a creature type
//! [other than Wall]." before an effect that names "that type" (418.3), and
//! "Target opponent chooses a creature they control." before the
//! instructions on "that creature" (`Effect::ChoosePermanent`).

use super::*;
use crate::CombatEffect;
use crate::{Effect, PlayerRef};

/// "Target opponent may draw a card." (Phelddagrif): that player chooses
/// as the instruction is reached; only instructions that need no choice.
/// "Choose a creature type [other than Wall]." (Standardize, Outbreak):
/// chosen as the effect that names "that type" is created; only such an
/// effect may follow (`pump`, the group "creatures of that type").
pub(super) fn player_may_or_type_choice(p: &mut P, cx: &mut Cx) -> Option<()> {
    if (p.at("target") || p.at_all("defending player")) && p.peek_at(2) == "chooses" {
        if let Some(()) = attempt(p, cx, player_chooses_permanent) {
            return Some(());
        }
    }
    if !cx.effects.is_empty()
        && (p.at_all("target opponent may")
            || p.at_all("target player may")
            || p.at_all("that spell's controller may"))
    {
        if let Some(e) = attempt(p, cx, |p, cx| {
            let who = player_phrase(p, cx)?;
            matches!(who, PlayerRef::Target(_) | PlayerRef::ControllerOf(_)).then_some(())?;
            p.eat("may").then_some(())?;
            let effects = player_verb(p, cx, who.clone())?;
            let plain = effects.iter().all(|e| {
                matches!(
                    e,
                    Effect::DrawCards { .. } | Effect::GainLife { .. } | Effect::LoseLife { .. }
                )
            });
            (plain && !effects.is_empty() && p.eat_end())
                .then_some(Effect::PlayerMay { who, effects })
        }) {
            cx.effects.push(e);
            return Some(());
        }
    }
    // 217.9d: "Each player may ante the top card of their library." then
    // "If a player does, that player's life total becomes N." (Rebirth).
    if cx.effects.is_empty() && p.at_all("each player may ante the top card of their library") {
        let start = p.i;
        p.eat_all("each player may ante the top card of their library");
        if p.eat_end() {
            cx.effects.push(Effect::EachPlayerMay {
                effects: vec![Effect::AnteTop {
                    who: PlayerRef::Triggering,
                }],
            });
            return Some(());
        }
        p.i = start;
    }
    if matches!(cx.effects.last(), Some(Effect::EachPlayerMay { .. }))
        && p.at_all("if a player does , that player's life total becomes")
    {
        let start = p.i;
        p.eat_all("if a player does , that player's life total becomes");
        if let Some(amount) = super::amounts::amount(p).filter(|_| p.eat_end()) {
            if let Some(Effect::EachPlayerMay { effects }) = cx.effects.last_mut() {
                effects.push(Effect::LifeTotalBecomes {
                    who: PlayerRef::Triggering,
                    amount,
                });
            }
            return Some(());
        }
        p.i = start;
    }
    if cx.effects.is_empty()
        && cx.type_chosen.is_none()
        && p.at_all("choose a creature type")
        && p.rest().contains("that type")
    {
        let start = p.i;
        p.eat_all("choose a creature type");
        let not_wall = p.eat_all("other than wall");
        if p.eat_end() {
            cx.type_chosen = Some(not_wall);
            return Some(());
        }
        p.i = start;
    }
    None
}

/// "If you do, …" after an instruction that may not happen: "you may
/// exile it. If you do, search …" (Academy Rector), "remove a +1/+1
/// counter from it. If you do, …" (Clockwork Hydra): the instructions run
/// (pausably) only if the one before did something.
pub(super) fn if_you_do(p: &mut P, cx: &mut Cx) -> Option<()> {
    if !p.at_all("if you do ,") || cx.effects.is_empty() {
        return None;
    }
    let start = p.i;
    p.eat_all("if you do ,");
    let before = cx.effects.len();
    // "you may exile CARDNAME. If you do, return it to play …" (Hikari).
    let back = if p.at_all("search your library for") {
        // "you may exile it. If you do, search your library for an
        // enchantment card, put that card into play, then shuffle."
        // (Academy Rector): a whole search sentence.
        super::library::search(p)
    } else if super::effects::is_removal(cx.effects.last()) {
        super::effects::return_removed(p).map(|e| vec![e])
    } else {
        None
    };
    let ok = back.or_else(|| clauses(p, cx)).filter(|_| p.eat_end());
    match ok {
        Some(then)
            if cx.effects.len() == before
                && !then.iter().any(|e| matches!(e, Effect::IfElse { .. })) =>
        {
            cx.effects.push(Effect::IfElse {
                condition: crate::Condition::YouDid,
                then,
                otherwise: Vec::new(),
            });
            Some(())
        }
        _ => {
            cx.effects.truncate(before);
            p.i = start;
            None
        }
    }
}

/// "If you control four or fewer lands, search your library for a basic
/// land card, put it into play tapped, then shuffle." (Edge of Autumn),
/// "If an opponent controls more lands than you, search …" (Gift of
/// Estates): after the condition, a whole search sentence, run by the
/// pausing executor (`IfElse`) if the condition holds as the instruction
/// is reached.
pub(super) fn if_search(p: &mut P, cx: &mut Cx, condition: &crate::Condition) -> Option<()> {
    if !p.at_all(", search your library for") {
        return None;
    }
    let mark = p.i;
    p.eat(",");
    match super::library::search(p).filter(|_| p.eat_end()) {
        Some(then) => {
            cx.effects.push(Effect::IfElse {
                condition: condition.clone(),
                then,
                otherwise: Vec::new(),
            });
            Some(())
        }
        None => {
            p.i = mark;
            None
        }
    }
}

/// "Target opponent chooses a creature they control." (Imperial Edict,
/// Wei Assassins): the player chooses as the effect resolves; the
/// permanent is "that creature" / "it" afterwards.
fn player_chooses_permanent(p: &mut P, cx: &mut Cx) -> Option<()> {
    // "Whenever CARDNAME attacks, defending player chooses an untapped
    // creature they control." (Crashing Boars; 306.3).
    if p.eat_all("defending player chooses") {
        p.eat_any(&["a", "an"])?;
        let (filter, noun) = filter(p)?;
        (noun == Noun::Permanent && p.eat_all("they control")).then_some(())?;
        p.eat_end().then_some(())?;
        cx.last_player = Some(PlayerRef::Defending);
        cx.last_obj = Some(crate::ObjectRef::Chosen);
        cx.effects.push(Effect::ChoosePermanent {
            who: PlayerRef::Defending,
            filter,
        });
        return Some(());
    }
    let (t, is_player) = target(p, cx)?;
    is_player.then_some(())?;
    p.eat("chooses").then_some(())?;
    p.eat_any(&["a", "an"])?;
    let (filter, noun) = filter(p)?;
    (noun == Noun::Permanent && p.eat_all("they control")).then_some(())?;
    p.eat_end().then_some(())?;
    cx.last_player = Some(PlayerRef::Target(t));
    cx.last_obj = Some(crate::ObjectRef::Chosen);
    // "Other creatures they control can't block this turn." (Goblin War
    // Cry): the chosen one can.
    let others = p.at_all("other creatures they control can't block this turn");
    if others {
        p.eat_all("other creatures they control can't block this turn");
        p.eat_end().then_some(())?;
    }
    cx.effects.push(Effect::ChoosePermanent {
        who: PlayerRef::Target(t),
        filter: filter.clone(),
    });
    if others {
        cx.effects
            .push(Effect::Combat(CombatEffect::CantBlockThisTurn {
                what: crate::ObjectRef::EachOtherThanChosen(crate::ObjectFilter {
                    controller: crate::ControllerFilter::TargetPlayer(t),
                    ..filter
                }),
            }));
    }
    Some(())
}
