//! Characteristic-defining abilities that set power and toughness (405.2,
//! 418.5a layer 6a) to a value read from the game: "CARDNAME's power and
//! toughness are each equal to the number of cards in your hand" (Maro),
//! "CARDNAME's power is equal to the number of Rats you control" (Swarm of
//! Rats), "… equal to your life total" (Serra Avatar), and the two-sentence
//! forms of Angry Mob ("As long as it's your turn, …") and Gaea's Liege
//! ("As long as CARDNAME is attacking, …").

use super::*;
use crate::{PtCount, PtDefinition, PtPlayer, StaticAbility};

/// Which characteristics a sentence sets.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Which {
    Both,
    Power,
    Toughness,
}

/// A whole line of such an ability, or `None` (the cursor is then left
/// where the caller's `attempt` restores it).
pub(super) fn pt_defining(p: &mut P) -> Option<Vec<StaticAbility>> {
    // Shapeshifter: "CARDNAME's power is equal to the last chosen number
    // and its toughness is equal to 7 minus that number."
    if p.eat_all(
        "cardname's power is equal to the last chosen number and its toughness is equal to 7 \
         minus that number",
    ) {
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::PtDefined {
                power: Some(PtDefinition {
                    plus: 0,
                    times: 1,
                    count: PtCount::ChosenNumber,
                }),
                toughness: Some(PtDefinition {
                    plus: 7,
                    times: -1,
                    count: PtCount::ChosenNumber,
                }),
            }]
        });
    }
    // Angry Mob: "As long as it's your turn, CARDNAME's power and toughness
    // are each equal to 2 plus [count]. As long as it's not your turn,
    // CARDNAME's power and toughness are each 2."
    if p.eat_all("as long as it's your turn ,") {
        let (which, v) = sentence(p)?;
        p.eat_all("as long as it's not your turn ,").then_some(())?;
        let (which2, fixed) = sentence(p)?;
        (which == which2 && fixed.count == PtCount::Nothing && fixed.plus == v.plus)
            .then_some(())?;
        let v = PtDefinition {
            count: PtCount::DuringYourTurn(Box::new(v.count)),
            ..v
        };
        return p.at_end().then(|| vec![ability(which, v)]);
    }
    // Gaea's Liege: "As long as CARDNAME isn't attacking, its power and
    // toughness are each equal to [count]. As long as CARDNAME is
    // attacking, its power and toughness are each equal to [count]."
    if p.eat_all("as long as cardname isn't attacking ,") {
        let (which, v) = sentence(p)?;
        p.eat_all("as long as cardname is attacking ,")
            .then_some(())?;
        let (which2, a) = sentence(p)?;
        (which == which2 && v.plus == a.plus && v.times == a.times).then_some(())?;
        let v = PtDefinition {
            count: PtCount::WhileAttacking {
                otherwise: Box::new(v.count),
                attacking: Box::new(a.count),
            },
            ..v
        };
        return p.at_end().then(|| vec![ability(which, v)]);
    }
    let (which, v) = sentence(p)?;
    (p.at_end() && v.count != PtCount::Nothing).then(|| vec![ability(which, v)])
}

fn ability(which: Which, v: PtDefinition) -> StaticAbility {
    // "… each equal to the number of creatures you control" (Scion of the
    // Wild) and "… the number of creature cards in your graveyard"
    // (Mortivore, and Svogthos's granted ability, 418.5b) keep their forms.
    if let (Which::Both, 0, 1, PtCount::Permanents(f)) = (which, v.plus, v.times, &v.count) {
        return StaticAbility::PowerToughnessFromCount(f.clone());
    }
    if let (Which::Both, 0, 1, PtCount::GraveyardCards(f, whose)) =
        (which, v.plus, v.times, &v.count)
    {
        if *whose != PtPlayer::Chosen {
            return StaticAbility::PowerToughnessFromCards {
                filter: f.clone(),
                only_yours: *whose == PtPlayer::You,
                toughness_plus: 0,
            };
        }
    }
    let (power, toughness) = match which {
        Which::Both => (Some(v.clone()), Some(v)),
        Which::Power => (Some(v), None),
        Which::Toughness => (None, Some(v)),
    };
    StaticAbility::PtDefined { power, toughness }
}

/// "CARDNAME's power and toughness are each equal to V." (also "its …",
/// "… power is equal to V", "… toughness is equal to V", "… are each N").
fn sentence(p: &mut P) -> Option<(Which, PtDefinition)> {
    p.eat_any(&["cardname's", "its"])?;
    let which = if p.eat_all("power and toughness are each") {
        Which::Both
    } else if p.eat_all("power is") {
        Which::Power
    } else if p.eat_all("toughness is") {
        Which::Toughness
    } else {
        return None;
    };
    let v = if p.eat_all("equal to") {
        value(p)?
    } else {
        let n = number(p)?;
        PtDefinition {
            plus: n,
            times: 0,
            count: PtCount::Nothing,
        }
    };
    p.eat_end().then_some((which, v))
}

/// "[N plus] [twice] the [total] number of [count]" or "your life total".
fn value(p: &mut P) -> Option<PtDefinition> {
    if p.eat_all("your life total") {
        return Some(PtDefinition {
            plus: 0,
            times: 1,
            count: PtCount::LifeTotal,
        });
    }
    let start = p.i;
    let plus = match number(p) {
        Some(n) if p.eat("plus") => n,
        Some(_) => return fail_at(p, start),
        None => 0,
    };
    let times = if p.eat("twice") { 2 } else { 1 };
    p.eat("the").then_some(())?;
    p.eat("total");
    p.eat_all("number of").then_some(())?;
    Some(PtDefinition {
        plus,
        times,
        count: count(p)?,
    })
}

/// What is counted: cards in hands, counters on it, or permanents.
fn count(p: &mut P) -> Option<PtCount> {
    if p.eat_all("cards in your hand") {
        return Some(PtCount::CardsInHand(PtPlayer::You));
    }
    if p.eat_all("cards in all players' hands") {
        return Some(PtCount::CardsInHand(PtPlayer::All));
    }
    if p.eat_all("cards in the chosen player's hand") {
        return Some(PtCount::CardsInHand(PtPlayer::Chosen));
    }
    if p.at_all_from(1, "counters on it") {
        let kind = counter_kind(p.bump())?;
        p.eat_all("counters on it");
        return Some(PtCount::CountersOnThis(kind));
    }
    // "… green creature cards in the chosen player's graveyard".
    let start = p.i;
    if let Some((f, Noun::Card)) = filter(p) {
        let whose = if p.eat_all("in your graveyard") {
            PtPlayer::You
        } else if p.eat_all("in all graveyards") {
            PtPlayer::All
        } else if p.eat_all("in the chosen player's graveyard") {
            PtPlayer::Chosen
        } else {
            return None;
        };
        return Some(PtCount::GraveyardCards(f, whose));
    }
    p.i = start;
    let mut f = group(p)?;
    // "the number of Forests defending player controls" (Gaea's Liege).
    if f.controller == crate::ControllerFilter::Any && p.eat_all("defending player controls") {
        f.controller = crate::ControllerFilter::Defending;
    }
    // "… nonbasic lands the chosen player controls" (419.1b).
    if f.controller == crate::ControllerFilter::Any && p.eat_all("the chosen player controls") {
        return (!p.at("plus")).then_some(PtCount::PermanentsOfChosen(f));
    }
    p.eat_all("in play");
    // "the number of Forests you control plus …" (Dauntless Dourbark): a
    // sum of counts stays unsupported.
    (!p.at("plus")).then_some(PtCount::Permanents(f))
}

/// A number in digits or words.
fn number(p: &mut P) -> Option<i32> {
    let n = number_word(p.peek()).or_else(|| p.peek().parse().ok())?;
    p.bump();
    Some(n)
}
