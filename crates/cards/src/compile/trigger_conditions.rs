//! The intervening "if" clauses of triggered abilities (404.3): conditions
//! on the permanents in play, life totals, hand sizes, comparisons between
//! players, what the source did this turn and the counters on it. Split
//! from `triggers.rs`, which reads the trigger events.

use super::*;
use crate::{Amount, ControllerFilter, ObjectFilter, ObjectRef, PlayerRef};

/// 404.3: intervening "if" clauses on the permanents in play, life totals,
/// hand sizes and the source's status, up to the comma: "if you control no
/// untapped lands,", "if no creatures are in play,", "if there are four or
/// more creatures in play,", "if you have 10 or less life,", "if that
/// player has five or more cards in hand,", "if CARDNAME is tapped,".
pub(super) fn intervening_if(p: &mut P, cx: &mut Cx) -> Option<crate::Condition> {
    p.eat("if").then_some(())?;
    if let Some(c) = attempt(p, cx, trigger_condition) {
        return Some(c);
    }
    // The conditions of "If …, …" instructions that can be judged as the
    // ability triggers and resolves (404.3): "if you control seven or more
    // permanents" (Complex Automaton), "if you have three or fewer cards in
    // hand" (Scalding Tongs), the Sanctuaries' "if you control a blue or
    // black permanent". Those that need the resolution (a card put into
    // play "if you do", an object's colour "if it's red") are not.
    let c = super::amounts::condition(p, cx)?;
    if needs_resolution(&c) {
        return None;
    }
    p.eat(",").then_some(c)
}

/// 404.3: a condition only a resolution can judge (a card put into play
/// "if you do", an object's colour "if it's red"), so not one an ability
/// can be triggered by or checked against as it triggers.
pub(super) fn needs_resolution(c: &crate::Condition) -> bool {
    use crate::Condition;
    matches!(
        c,
        Condition::PutFromHand
            | Condition::YouDid
            | Condition::TargetSharesNameWithPaid
            | Condition::ObjectIs { .. }
            | Condition::WasSupertype { .. }
    )
}

/// The conditions only intervening "if" clauses use (404.3).
fn trigger_condition(p: &mut P, cx: &mut Cx) -> Option<crate::Condition> {
    use crate::Condition;
    let permanents = |p: &mut P| -> Option<ObjectFilter> {
        let (f, noun) = filter(p)?;
        (noun == Noun::Permanent && !f.this && !f.other).then_some(f)
    };
    let c = if let Some(c) = attempt(p, cx, exceeds_condition) {
        c
    } else if let Some(c) = attempt(p, cx, |p, _| this_turn_condition(p)) {
        c
    } else if p.at_all("you control no") || p.at_all("defending player controls no") {
        // "if defending player controls no black nontoken permanents,"
        // (Spectral Bears): 306.3, the defending player of this combat.
        let controller = if p.eat_all("you control no") {
            ControllerFilter::You
        } else {
            p.eat_all("defending player controls no");
            ControllerFilter::Defending
        };
        let mut filter = permanents(p)?;
        filter.controller = controller;
        Condition::Permanents {
            filter: Box::new(filter),
            at_least: 0,
            at_most: Some(0),
            controlled_by: None,
        }
    } else if p.eat_all("enchanted creature has") {
        // "if enchanted creature has flying," (Earthbind): the creature
        // this Aura enchants, as the ability triggers and resolves
        // (404.3); "that creature" after it names it.
        let k = super::keywords::keyword(p)?;
        cx.last_obj = Some(ObjectRef::Attached);
        cx.that_attached = true;
        Condition::ObjectIs {
            what: ObjectRef::Attached,
            filter: Box::new(ObjectFilter {
                with_keyword: Some(k),
                ..ObjectFilter::any()
            }),
        }
    } else if cx.trig_player && p.eat_all("that player controls") {
        // "if that player controls a Plains," (Spiritual Sanctuary).
        p.eat_any(&["a", "an"])?;
        let filter = permanents(p)?;
        (filter.controller == ControllerFilter::Any).then_some(())?;
        Condition::Permanents {
            filter: Box::new(filter),
            at_least: 1,
            at_most: None,
            controlled_by: Some(PlayerRef::Triggering),
        }
    } else if p.eat("no") {
        let filter = permanents(p)?;
        p.eat_any(&["are", "is"])?;
        p.eat_all("in play").then_some(())?;
        Condition::Permanents {
            filter: Box::new(filter),
            at_least: 0,
            at_most: Some(0),
            controlled_by: None,
        }
    } else if p.eat_all("there are") {
        let (at_least, at_most) = if p.eat("no") {
            (0, Some(0))
        } else {
            let Amount::Fixed(n) = amount(p)? else {
                return None;
            };
            p.eat_all("or more").then_some(())?;
            (u32::try_from(n).ok().filter(|&n| n > 0)?, None)
        };
        let filter = permanents(p)?;
        p.eat_all("in play").then_some(())?;
        Condition::Permanents {
            filter: Box::new(filter),
            at_least,
            at_most,
            controlled_by: None,
        }
    } else if p.eat_all("cardname is tapped") {
        Condition::ThisTapped
    } else if p.eat_all("cardname is untapped") {
        // "if Genesis Chamber is untapped,".
        Condition::ThisUntapped
    } else if p.eat_all("cardname is") {
        // "if Lurking Jackals is an enchantment," (the Opals, the Hiddens).
        p.eat_any(&["a", "an"])?;
        let t = crate::CardType::from_name(p.bump())?;
        Condition::ThisIs(t)
    } else {
        let who = if p.eat_all("you have") {
            PlayerRef::You
        } else if cx.trig_player && p.eat_all("that player has") {
            PlayerRef::Triggering
        } else {
            return None;
        };
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        if p.eat_all("or less life") {
            Condition::LifeAtMost { who, at_most: n }
        } else if p.eat_all("or more life") {
            Condition::LifeAtLeast { who, at_least: n }
        } else if p.eat_all("or more cards in hand") && n > 0 {
            Condition::CardsInHand {
                who,
                at_least: n as u32,
            }
        } else {
            return None;
        }
    };
    p.eat(",").then_some(c)
}

/// 404.3: a comparison between players, up to the comma: "an opponent
/// controls more lands than you", "a player has more life than each other
/// player", "that player controls more lands than each other player", "you
/// have more cards in hand than each opponent".
pub(super) fn exceeds_condition(p: &mut P, cx: &mut Cx) -> Option<crate::Condition> {
    let who = if p.eat_all("an opponent") {
        PlayerRef::EachOpponent
    } else if matches!(cx.last_player, Some(PlayerRef::Target(_))) && p.eat_all("that player") {
        // "… deals 4 damage to target player. Then if that player has more
        // life than you, …" (Pulse of the Forge): the target.
        cx.last_player.clone()?
    } else if p.eat_all("a player") {
        PlayerRef::EachPlayer
    } else if cx.trig_player && p.eat_all("that player") {
        PlayerRef::Triggering
    } else if p.eat("you") {
        PlayerRef::You
    } else {
        return None;
    };
    let quantity = player_quantity(p, "more")?;
    p.eat("than").then_some(())?;
    let than = if p.eat("you") {
        crate::Compared::You
    } else if p.eat_all("each other player") {
        crate::Compared::EachOther
    } else if p.eat_all("each opponent") {
        crate::Compared::EachOpponent
    } else {
        return None;
    };
    // "if a player has more life than each other player, the player …":
    // "the player" is the one with the most;
    // "if that player controls more lands than each other player, the
    // player creates …": that player.
    if who == PlayerRef::EachPlayer && than == crate::Compared::EachOther {
        cx.last_player = Some(PlayerRef::Most(quantity.clone()));
    } else if who == PlayerRef::Triggering {
        cx.last_player = Some(PlayerRef::Triggering);
    }
    Some(crate::Condition::Exceeds {
        who,
        quantity,
        than,
    })
}

/// What the source did this turn: "CARDNAME didn't attack this turn" (Erg
/// Raiders), "CARDNAME dealt damage to an opponent this turn" (Whirling
/// Dervish), "CARDNAME didn't attack or come under your control this turn"
/// (Mad Dog: neither); "CARDNAME attacked or blocked this combat"
/// (Clockwork Beast).
fn this_turn_condition(p: &mut P) -> Option<crate::Condition> {
    use crate::{Condition, ThisTurnFact};
    let fact = |fact, did| Condition::ThisTurn { fact, did };
    p.eat("cardname").then_some(())?;
    let c = if p.eat_all("didn't attack or come under your control") {
        Condition::Both(
            Box::new(fact(ThisTurnFact::Attacked, false)),
            Box::new(fact(ThisTurnFact::CameUnderControl, false)),
        )
    } else if p.eat_all("didn't attack") {
        fact(ThisTurnFact::Attacked, false)
    } else if p.eat_all("attacked or blocked this combat") {
        // Clockwork Beast: this combat, not this turn.
        return Some(fact(ThisTurnFact::AttackedOrBlockedThisCombat, true));
    } else if p.eat("attacked") {
        fact(ThisTurnFact::Attacked, true)
    } else if p.eat_all("dealt damage to an opponent") {
        fact(ThisTurnFact::DealtDamageToOpponent, true)
    } else if p.eat_all("was dealt damage") {
        fact(ThisTurnFact::WasDealtDamage, true)
    } else {
        return None;
    };
    p.eat_all("this turn").then_some(c)
}

/// "controls more lands", "has more life", "has more cards in hand" (with
/// `degree` "more"), "controls the most creatures", "has the most cards in
/// hand" ("the most"): what players are compared by.
pub(super) fn player_quantity(p: &mut P, degree: &str) -> Option<crate::PlayerQuantity> {
    use crate::PlayerQuantity;
    if p.eat_any(&["controls", "control"]).is_some() {
        p.eat_all(degree).then_some(())?;
        let mut f = group(p)?;
        (f.controller == ControllerFilter::Any && !f.this).then_some(())?;
        f.controller = ControllerFilter::Any;
        return Some(PlayerQuantity::Permanents(Box::new(f)));
    }
    p.eat_any(&["has", "have"])?;
    p.eat_all(degree).then_some(())?;
    if p.eat("life") {
        Some(PlayerQuantity::Life)
    } else if p.eat_all("cards in hand") {
        Some(PlayerQuantity::CardsInHand)
    } else {
        None
    }
}

/// 404.3: "N or more [kind] counters" followed by `tail` ("counters on it
/// ,"): the intervening-if condition on the source's counters.
pub(super) fn counters_condition(p: &mut P, tail: &str) -> Option<crate::Condition> {
    let n = match amount(p) {
        Some(Amount::Fixed(n)) if n > 0 => n as u32,
        _ => return None,
    };
    p.eat_all("or more").then_some(())?;
    let kind = counter_kind(p.bump())?;
    p.eat_all(tail)
        .then_some(crate::Condition::CountersOnThis { kind, at_least: n })
}
