//! The grammar of numbers and amounts: number words, power/toughness
//! changes and settings ("+1/+1", "0/1"), "X" and the amounts that count
//! ("for each …", "equal to …", counters on an object), counter kinds, and
//! the conditions of conditional effects ("if …").

use super::*;
use crate::{Amount, ControllerFilter, CounterKind, ObjectFilter, ObjectRef, PlayerRef};

pub(super) fn number_word(w: &str) -> Option<i32> {
    Some(match w {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        "thirteen" => 13,
        "fourteen" => 14,
        "fifteen" => 15,
        "sixteen" => 16,
        "seventeen" => 17,
        "eighteen" => 18,
        "nineteen" => 19,
        "twenty" => 20,
        _ => return w.parse().ok().filter(|n: &i32| *n >= 0 && *n < 100),
    })
}

pub(super) fn amount(p: &mut P) -> Option<Amount> {
    if p.eat("x") {
        return Some(Amount::X);
    }
    let n = number_word(p.peek())?;
    p.bump();
    Some(Amount::Fixed(n))
}

/// "+3/+3", "-1/-1", "+0/+1".
/// "1/1": a power and toughness that are set (layer 6b).
pub(super) fn pt_set(w: &str) -> Option<(i32, i32)> {
    let (a, b) = w.split_once('/')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// "+X/-X": multiples of X (1, 0 or -1).
pub(super) fn pt_mod_x(w: &str) -> Option<(i32, i32)> {
    let (a, b) = w.split_once('/')?;
    let m = |s: &str| -> Option<i32> {
        match s {
            "+x" | "+X" => Some(1),
            "-x" | "-X" => Some(-1),
            "+0" | "-0" => Some(0),
            _ => None,
        }
    };
    let (x, y) = (m(a)?, m(b)?);
    (x != 0 || y != 0).then_some((x, y))
}

pub(super) fn pt_mod(w: &str) -> Option<(i32, i32)> {
    let (a, b) = w.split_once('/')?;
    let n = |s: &str| -> Option<i32> {
        let (neg, digits) = match s.as_bytes().first()? {
            b'+' => (false, &s[1..]),
            b'-' => (true, &s[1..]),
            _ => return None,
        };
        let v: i32 = digits.parse().ok()?;
        Some(if neg { -v } else { v })
    };
    Some((n(a)?, n(b)?))
}

/// "N life", "life equal to its power".
pub(super) fn life_amount(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    if p.eat_all("life equal to") {
        return equal_amount(p, cx);
    }
    // "that much life": the amount of the trigger event (Spirit Link).
    if p.eat_all("that much life") {
        return Some(Amount::Triggered);
    }
    // "You gain three times X life." (Martyr of Sands).
    if p.eat_all("three times x life") {
        return Some(Amount::Times(3, Box::new(Amount::X)));
    }
    // "You gain X plus 3 life." (Vitalizing Cascade, An-Havva Inn).
    if p.at("x") && p.peek_at(1) == "plus" && p.peek_at(3) == "life" {
        if let Some(n) = number_word(p.peek_at(2)) {
            p.bump();
            p.bump();
            p.bump();
            p.bump();
            return Some(Amount::Plus(n, Box::new(Amount::X)));
        }
    }
    let a = amount(p)?;
    p.eat("life").then_some(())?;
    // "loses 1 life for each card fewer than three in their hand" (Stabwhisker).
    if a == Amount::Fixed(1) && p.eat_all("for each card fewer than") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        let who = if p.eat_all("in your hand") {
            PlayerRef::You
        } else if p.eat_all("in their hand") || p.eat_all("in that player's hand") {
            that_player(cx)?
        } else {
            return None;
        };
        return Some(Amount::CardsFewerThanInHand { who, than: n });
    }
    for_each(p, cx, a)
}

/// "… for each [counted thing]" after an amount of 1 ("draw a card for each
/// creature you control", "gain 1 life for each card in your graveyard").
/// Did an instruction before reveal cards from the hand ("Reveal any
/// number of red cards in your hand.")?
fn revealed_before(cx: &Cx) -> bool {
    cx.effects.iter().any(|e| {
        matches!(
            e,
            Effect::ChooseFromHand {
                then: crate::HandChoice::Reveal,
                ..
            }
        )
    })
}

/// "[creature] destroyed this way", "[Mountains] put into a graveyard this
/// way", after a destroy instruction of the same spell or ability: the
/// noun names what that instruction destroys, so only the count matters.
fn destroyed_this_way(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    cx.effects
        .iter()
        .any(|e| matches!(e, Effect::Destroy { .. }))
        .then_some(())?;
    let (_, noun) = super::targets::filter(p)?;
    (noun == super::targets::Noun::Permanent).then_some(())?;
    (p.eat_all("destroyed this way") || p.eat_all("put into a graveyard this way"))
        .then_some(Amount::DestroyedThisWay)
}

/// Sweep: "[Mountain(s)] returned this way" after "Return any number of
/// Mountains you control to their owner's hand": how many were returned.
fn returned_this_way(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    cx.effects
        .iter()
        .any(|e| matches!(e, Effect::SacrificeAnyNumber { to_hand: true, .. }))
        .then_some(())?;
    let (_, noun) = super::targets::filter(p)?;
    (noun == super::targets::Noun::Permanent && p.eat_all("returned this way"))
        .then_some(Amount::SacrificedThisWay)
}

/// An instruction before this one sacrificed any number of permanents
/// ("Sacrifice any number of Mountains. … that much damage").
pub(super) fn sacrificed_before(cx: &Cx) -> bool {
    cx.effects
        .iter()
        .any(|e| matches!(e, Effect::SacrificeAnyNumber { to_hand: false, .. }))
}

pub(super) fn for_each(p: &mut P, cx: &mut Cx, a: Amount) -> Option<Amount> {
    if !p.at_all("for each") {
        return Some(a);
    }
    // "2 life for each creature you control": a multiple of the count.
    if let Amount::Fixed(n @ 2..) = a {
        let each = for_each(p, cx, Amount::Fixed(1))?;
        return Some(Amount::Times(n, Box::new(each)));
    }
    if a != Amount::Fixed(1) {
        return None;
    }
    p.eat_all("for each");
    // "You gain 2 life for each permanent sacrificed this way." (Renounce),
    // "3 life for each sacrificed creature" (Plunge into Darkness).
    if sacrificed_before(cx)
        && (p.eat_all("permanent sacrificed this way")
            || p.eat_all("sacrificed creature")
            || p.eat_all("creature sacrificed this way"))
    {
        return Some(Amount::SacrificedThisWay);
    }
    // "You gain 2 life for each elixir counter removed this way."
    // (Essence Bottle): the counters its cost removed, the ability's X.
    if let Some(kind) = cx.cost_removes_all {
        if counter_kind(p.peek()) == Some(kind) && p.at_all_from(1, "counter removed this way") {
            p.bump();
            p.eat_all("counter removed this way");
            return Some(Amount::X);
        }
    }
    // Sweep: "… for each Plains returned this way" (Charge Across the
    // Araba).
    if let Some(a) = attempt(p, cx, returned_this_way) {
        return Some(a);
    }
    // "2 life for each card revealed this way" (Jasmine Seer).
    if revealed_before(cx) && p.eat_all("card revealed this way") {
        return Some(Amount::RevealedThisWay);
    }
    // "for each Mountain and red card in it" (Baleful Stare): the cards of
    // the hand revealed.
    if let Some(filters) = attempt(p, cx, |p, cx| super::reveal::revealed_filters(p, cx)) {
        return Some(Amount::Revealed {
            filters,
            others: false,
        });
    }
    // "for each of the exiled cards" (Spoils of the Vault): the cards
    // revealed this way other than the one found, just exiled.
    if matches!(
        cx.effects.last(),
        Some(Effect::PutRevealed {
            which: crate::RevealedPart::Others,
            dest: crate::RevealedDest::RemoveFromGame,
        })
    ) && p.eat_all("of the exiled cards")
    {
        return Some(Amount::Revealed {
            filters: Vec::new(),
            others: true,
        });
    }
    // "Draw a card for each creature destroyed this way." (Decree of Pain).
    if let Some(a) = attempt(p, cx, destroyed_this_way) {
        return Some(a);
    }
    // "You gain 3 life for each land card discarded this way." (Gerrard's
    // Verdict).
    // (The discard may be an earlier clause of the same sentence, not yet
    // among the effects read: "Discard X cards, then return …", Recall.)
    if let Some(a) = attempt(p, cx, |p, _| {
        let (f, noun) = super::targets::filter(p)?;
        (noun == super::targets::Noun::Card && p.eat_all("discarded this way"))
            .then_some(Amount::DiscardedThisWay(f))
    }) {
        return Some(a);
    }
    // "for each page counter on CARDNAME".
    if let Some(a) = attempt(p, cx, |p, cx| counters_on(p, cx, "counter")) {
        return Some(a);
    }
    // Domain.
    if p.eat_all("basic land type among lands you control") {
        return Some(Amount::BasicLandTypes(PlayerRef::You));
    }
    // "… for each basic land type among lands they control" (Allied
    // Strategies, Collapsing Borders): the player named before.
    if p.at_all("basic land type among lands they control") {
        let who = cx
            .clause_player
            .clone()
            .or_else(|| super::targets::that_player(cx))?;
        p.eat_all("basic land type among lands they control");
        return Some(Amount::BasicLandTypes(who));
    }
    if p.eat_all("card in your graveyard") {
        return Some(Amount::CardsInGraveyard(PlayerRef::You));
    }
    // "for each card named CARDNAME in each graveyard" (Rite of Flame).
    if p.eat_all("card named cardname in each graveyard")
        || p.eat_all("card named cardname in all graveyards")
    {
        return Some(Amount::GraveyardCardsNamedAs(ObjectRef::This));
    }
    // "for each creature card in your graveyard / in all graveyards"
    // (Songs of the Damned).
    if let Some(a) = attempt(p, cx, |p, _| {
        let filter = library::card_filter(p)?;
        let who = if p.eat_all("in your graveyard") {
            Some(PlayerRef::You)
        } else if p.eat_all("in all graveyards") {
            None
        } else {
            return None;
        };
        Some(Amount::GraveyardCardsMatching { who, filter })
    }) {
        return Some(a);
    }
    if p.eat_all("card in your hand") {
        return Some(Amount::CardsInHand(PlayerRef::You));
    }
    if p.eat_all("creature attacking you") {
        return Some(Amount::CreaturesAttackingYou);
    }
    if p.eat_all("creature that died this turn") {
        return Some(Amount::CreaturesDiedThisTurn);
    }
    if let Some(a) = died_this_turn_of(p) {
        return Some(a);
    }
    if p.at("player") && matches!(p.peek_at(1), "." | "," | "") {
        p.bump();
        return Some(Amount::PlayersInGame);
    }
    let mut f = group(p)?;
    // "Draw a card for each tapped creature target opponent controls."
    // (Theft of Dreams)
    if f.controller == crate::ControllerFilter::Any
        && (p.at_all("target player controls") || p.at_all("target opponent controls"))
    {
        super::targets::target_player_controls(p, cx, &mut f)?;
        let crate::ControllerFilter::TargetPlayer(i) = f.controller else {
            return None;
        };
        f.controller = crate::ControllerFilter::Any;
        return Some(Amount::CountControlledBy(PlayerRef::Target(i), f));
    }
    // "each player loses 1 life for each creature they control".
    if p.eat_all("they control") {
        return Some(Amount::CountTheyControl(f));
    }
    // "you gain 1 life for each artifact that player controls" (Emissary
    // of Hope): the player named before, or the trigger event's.
    if f.controller == crate::ControllerFilter::Any && p.at_all("that player controls") {
        let who = that_player_named(cx)?;
        p.eat_all("that player controls");
        return Some(Amount::CountControlledBy(who, f));
    }
    p.eat_all("in play");
    Some(Amount::CountOf(f))
}

/// The amount after "equal to" or "where X is": a term, or the difference
/// of two ("3 minus the number of cards in their hand", "the number of
/// cards in their hand minus 4").
pub(super) fn equal_amount(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    let first = match attempt(p, cx, |p, _| {
        let a = amount(p)?;
        p.at("minus").then_some(a)
    }) {
        Some(a @ Amount::Fixed(_)) => a,
        _ => amount_term(p, cx)?,
    };
    if !p.eat("minus") {
        return Some(first);
    }
    let second = match attempt(p, cx, |p, _| amount(p)) {
        Some(a @ Amount::Fixed(_)) => a,
        _ => amount_term(p, cx)?,
    };
    // Only a count and a number, or the difference of two hands ("the
    // number of cards in your hand minus the number of cards in that
    // player's hand", Bulwark, Dark Suspicions: none when negative).
    let hands = matches!(
        (&first, &second),
        (Amount::CardsInHand(_), Amount::CardsInHand(_))
    );
    (hands || matches!(first, Amount::Fixed(_)) != matches!(second, Amount::Fixed(_)))
        .then(|| Amount::Minus(Box::new(first), Box::new(second)))
}

/// The object "that [noun]'s" refers to: never the source (the source
/// named since, "CARDNAME deals damage … equal to that card's converted
/// mana cost", is skipped). The card or permanent just discarded or
/// sacrificed by the player's choice (Hellhole Rats, Hit); "that spell": the
/// last target spell (Draining Whelk), else the spell that triggered the
/// ability (Kaervek the Merciless); else the object last mentioned, or the
/// triggering object.
fn that_object(cx: &Cx, noun: &str) -> Option<ObjectRef> {
    match cx.effects.last() {
        Some(Effect::Discard { random: false, .. }) if noun == "card" => {
            return Some(ObjectRef::Chosen);
        }
        Some(Effect::Sacrifice { .. }) if noun != "card" && noun != "spell" => {
            return Some(ObjectRef::Chosen);
        }
        // "puts the top card of their library into their graveyard … that
        // card's converted mana cost" (Infernal Genesis): the card milled.
        Some(Effect::Mill {
            amount: Amount::Fixed(1),
            ..
        }) if noun == "card" => return Some(ObjectRef::Chosen),
        // "reveals a card at random from their hand … that card's converted
        // mana cost" (Planeswalker's Mirth); the top card of a library
        // looked at or revealed.
        Some(
            Effect::RevealRandomFromHand { .. }
            | Effect::TopCard { .. }
            | Effect::RevealUntil { .. },
        ) if noun == "card" => return Some(ObjectRef::Chosen),
        _ => {}
    }
    if noun == "spell" {
        if let Some(i) = cx
            .targets
            .iter()
            .rposition(|t| matches!(t.kind, crate::TargetKind::Spell(_)))
        {
            return Some(ObjectRef::Target(i as u8));
        }
    }
    match &cx.last_obj {
        // "Destroy target artifact. CARDNAME deals damage to that
        // artifact's controller equal to the artifact's converted mana
        // cost." (Viashino Heretic): naming the source since doesn't
        // change what "the artifact" is, the one target permanent.
        Some(ObjectRef::This) | None if !cx.trig_obj && noun != "card" && noun != "spell" => {
            let mut permanents = cx
                .targets
                .iter()
                .enumerate()
                .filter(|(_, t)| matches!(t.kind, crate::TargetKind::Permanent(_)));
            match (permanents.next(), permanents.next()) {
                (Some((i, _)), None) => Some(ObjectRef::Target(i as u8)),
                _ => None,
            }
        }
        Some(ObjectRef::This) | None => cx.trig_obj.then_some(ObjectRef::Triggering),
        // Tokens just created are never "that spell" / "that card"; after
        // "Whenever a player plays a … spell" it is the triggering spell
        // (Dovescape).
        Some(ObjectRef::Created) if matches!(noun, "spell" | "card") => {
            cx.trig_obj.then_some(ObjectRef::Triggering)
        }
        Some(o) => Some(o.clone()),
    }
}

/// One amount after "equal to".
pub(super) fn amount_term(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    // "the number of cards named CARDNAME in all graveyards" (Accumulated
    // Knowledge): cards with this object's name (505.6: either of a split
    // card's).
    if p.eat_all("the number of cards named cardname in all graveyards") {
        return Some(Amount::GraveyardCardsNamedAs(ObjectRef::This));
    }
    // "3 plus the number of charge counters on CARDNAME" (Lightning Storm).
    if let Some(n) = number_word(p.peek()).filter(|_| p.peek_at(1) == "plus") {
        let i = p.i;
        p.bump();
        p.bump();
        if let Some(rest) = attempt(p, cx, amount_term) {
            return Some(Amount::Plus(n, Box::new(rest)));
        }
        p.i = i;
    }
    // "the number of cards in all graveyards with the same name as that
    // spell" (Cabal Shrine): the spell that triggered the ability.
    if cx.trig_obj
        && (p.eat_all("the number of cards in all graveyards with the same name as that spell")
            || p.eat_all("the number of cards in all graveyards with the same name as the spell"))
    {
        return Some(Amount::GraveyardCardsNamedAs(ObjectRef::Triggering));
    }
    // "twice the number of …" (Dwarven Shrine).
    if p.at("twice") {
        let i = p.i;
        p.bump();
        if let Some(a) = attempt(p, cx, amount_term) {
            return Some(Amount::Times(2, Box::new(a)));
        }
        p.i = i;
    }
    // "where X is the number of cards revealed this way" (Scent of
    // Cinder) after "Reveal any number of [filter] cards in your hand".
    if revealed_before(cx) && p.eat_all("the number of cards revealed this way") {
        return Some(Amount::RevealedThisWay);
    }
    // "the number of nonland cards revealed this way" (Goblin
    // Charbelcher), "the number of white cards in their hand"
    // (Inquisition) after a reveal of a library or a hand.
    if super::reveal::revealed_before(cx) && p.at_all("the number of") {
        if let Some(a) = attempt(p, cx, |p, cx| {
            p.eat_all("the number of");
            let filters = super::reveal::revealed_filters(p, cx)?;
            Some(Amount::Revealed {
                filters,
                others: false,
            })
        }) {
            return Some(a);
        }
    }
    // "equal to the number of pain counters removed this way" (Torture
    // Chamber): the counters its cost removed, the ability's X.
    if let Some(kind) = cx.cost_removes_all {
        if p.at_all("the number of")
            && counter_kind(p.peek_at(3)) == Some(kind)
            && p.at_all_from(4, "counters removed this way")
        {
            p.eat_all("the number of");
            p.bump();
            p.eat_all("counters removed this way");
            return Some(Amount::X);
        }
    }
    // "equal to the number of Mountains put into a graveyard this way"
    // (Volcanic Eruption).
    if p.at_all("the number of") {
        let i = p.i;
        p.eat_all("the number of");
        if let Some(a) = attempt(p, cx, destroyed_this_way) {
            return Some(a);
        }
        if let Some(a) = attempt(p, cx, returned_this_way) {
            return Some(a);
        }
        p.i = i;
    }
    // "You gain life equal to the life lost this way." (Kokusho) after a
    // life-loss instruction of the same spell or ability.
    if cx
        .effects
        .iter()
        .any(|e| matches!(e, Effect::LoseLife { .. }))
        && p.eat_all("the life lost this way")
    {
        return Some(Amount::LifeLostThisWay);
    }
    // "You gain life equal to the damage dealt this way." (Corrupt) after
    // a damage instruction of the same spell or ability.
    if cx
        .effects
        .iter()
        .any(|e| matches!(e, Effect::DealDamage { .. }))
        && p.eat_all("the damage dealt this way")
    {
        return Some(Amount::DamageDealtThisWay);
    }
    // "You gain life equal to the damage dealt, but not more life than the
    // player's life total before the damage was dealt, the planeswalker's
    // loyalty before the damage was dealt, or the creature's toughness."
    // (Drain Life; 2007: "Gain 1 life for each 1 damage dealt, but not
    // more than the toughness of the creature or the life total of the
    // player Drain Life damages.")
    if let Some(Effect::DealDamage {
        to: crate::Recipient::Target(i),
        ..
    }) = cx.effects.last()
    {
        let i = *i;
        if p.eat_all(
            "the damage dealt , but not more life than the player's life total before the damage was dealt , the planeswalker's loyalty before the damage was dealt , or the creature's toughness",
        ) {
            return Some(Amount::DamageDealtCappedByTarget(i));
        }
    }
    // "the damage dealt to you [so far] this turn [by artifacts]"
    // (Simulacrum, Reverse Polarity).
    if p.eat_all("the damage dealt to you") {
        p.eat_all("so far");
        p.eat_all("this turn").then_some(())?;
        let artifacts = p.eat_all("by artifacts");
        return Some(Amount::DamageDealtToYouThisTurn { artifacts });
    }
    // "the sacrificed creature's power" (Fling): the permanent sacrificed
    // for the spell's additional cost or the ability's cost (Bloodshot
    // Cyclops; "the sacrificed artifact's converted mana cost", Bosh).
    let one_sacrificed = cx
        .additional_cost
        .as_ref()
        .map_or(cx.cost_sacrifices, |c| c.sacrifices())
        == 1;
    if one_sacrificed
        && p.at_all("the sacrificed")
        && matches!(
            p.peek_at(2),
            "creature's" | "artifact's" | "enchantment's" | "land's" | "permanent's"
        )
    {
        p.i += 3;
        return match p.bump() {
            "power" => Some(Amount::PowerOf(ObjectRef::Sacrificed)),
            "toughness" => Some(Amount::ToughnessOf(ObjectRef::Sacrificed)),
            "converted" if p.eat_all("mana cost") => {
                Some(Amount::ConvertedManaCostOf(ObjectRef::Sacrificed))
            }
            _ => None,
        };
    }
    // "the discarded card's converted mana cost" (Volrath the Fallen), "the
    // converted mana cost of the discarded card" (Pyromancy), "the exiled
    // card's converted mana cost" (Necropolis): the one card the ability's
    // cost discarded or removed from the game (409.1h), named as the object
    // paid with (`ObjectRef::Sacrificed`).
    if (cx.cost_discards_one
        && (p.eat_all("the discarded card's converted mana cost")
            || p.eat_all("the converted mana cost of the discarded card")))
        || (cx.cost_exiles_one && p.eat_all("the exiled card's converted mana cost"))
    {
        return Some(Amount::ConvertedManaCostOf(ObjectRef::Sacrificed));
    }
    // "the highest converted mana cost among permanents you control"
    // (Rush of Knowledge).
    if p.eat_all("the highest converted mana cost among") {
        let f = group(p)?;
        return Some(Amount::HighestCmcAmong(f));
    }
    // "the damage already dealt to that player this turn" (Final
    // Punishment).
    if p.at_all("the damage already dealt to") {
        let i = p.i;
        p.eat_all("the damage already dealt to");
        if let Some(who) = super::targets::player_phrase(p, cx) {
            if p.eat_all("this turn") {
                return Some(Amount::DamageDealtToThisTurn(who));
            }
        }
        p.i = i;
    }
    // "that creature's power", "that artifact's converted mana cost":
    // the object last mentioned, as "its" (Devour in Shadow, Crumble);
    // "the artifact's converted mana cost" (Viashino Heretic) names the
    // target artifact the same way.
    if (p.at("that") || p.at("the")) && p.peek_at(1).ends_with("'s") && p.peek_at(1) != "player's" {
        let i = p.i;
        p.bump();
        // "that Wall's converted mana cost" (Word of Blasting): a subtype
        // names the target too.
        let sub = super::targets::subtype_word(p.raw().trim_end_matches("'s")).is_some();
        let noun = p.bump().trim_end_matches("'s");
        let ok = sub
            || matches!(
                noun,
                "creature" | "artifact" | "card" | "spell" | "permanent" | "land" | "enchantment"
            );
        // "that creature" names something mentioned before, never the source.
        let it = that_object(cx, noun);
        let ok = ok && it.is_some();
        let it = it.unwrap_or(ObjectRef::This);
        let a = if !ok {
            None
        } else if p.eat("power") {
            Some(Amount::PowerOf(it))
        } else if p.eat("toughness") {
            Some(Amount::ToughnessOf(it))
        } else if p.eat_all("converted mana cost") {
            Some(Amount::ConvertedManaCostOf(it))
        } else {
            None
        };
        if a.is_some() {
            return a;
        }
        p.i = i;
    }
    if p.eat_all("its converted mana cost") {
        return Some(Amount::ConvertedManaCostOf(cx.it()));
    }
    // "the milled card's converted mana cost" (Oracle for Infernal
    // Genesis' "that card's"): the card the last instruction milled.
    if p.at_all("the milled card's converted mana cost") {
        let it = that_object(cx, "card").filter(|o| *o == ObjectRef::Chosen)?;
        p.eat_all("the milled card's converted mana cost");
        return Some(Amount::ConvertedManaCostOf(it));
    }
    // "where X is the revealed card's converted mana cost" (Planeswalker's
    // Favor): the card a "reveals a card at random" instruction revealed.
    if p.at_all("the revealed card's converted mana cost")
        && cx
            .effects
            .iter()
            .any(|e| matches!(e, Effect::RevealRandomFromHand { .. }))
    {
        p.eat_all("the revealed card's converted mana cost");
        return Some(Amount::ConvertedManaCostOf(ObjectRef::Chosen));
    }
    // "the total power of the sacrificed creatures" (Soulblast): the
    // creatures the spell's "sacrifice all creatures" cost sacrificed.
    if cx.additional_cost.as_ref().is_some_and(|c| {
        c.sacrifice_all.as_ref().is_some_and(|f| {
            *f == ObjectFilter {
                controller: ControllerFilter::You,
                ..ObjectFilter::creature()
            }
        })
    }) && p.eat_all("the total power of the sacrificed creatures")
    {
        return Some(Amount::SacrificedPower);
    }
    if p.eat_all("its power") {
        return Some(Amount::PowerOf(cx.it()));
    }
    // "where X is CARDNAME's power" (Auriok Bladewarden), "equal to
    // CARDNAME's power" (Gristleback): its power now, or as it last existed
    // in play once sacrificed (413.2f).
    if p.eat_all("cardname's power") {
        return Some(Amount::PowerOf(ObjectRef::This));
    }
    if p.eat_all("its toughness") {
        return Some(Amount::ToughnessOf(cx.it()));
    }
    // "the number of creature cards in your graveyard / in all graveyards".
    if p.at_all("the number of") && !p.at_all("the number of cards") {
        let i = p.i;
        p.eat_all("the number of");
        if let Some(f) = library::card_filter(p) {
            let who = if p.eat_all("in your graveyard") {
                Some(PlayerRef::You)
            } else if p.eat_all("in all graveyards") {
                None
            } else {
                p.i = i;
                return equal_amount_rest(p, cx);
            };
            return Some(Amount::GraveyardCardsMatching { who, filter: f });
        }
        p.i = i;
    }
    equal_amount_rest(p, cx)
}

/// "[Zubera] that died this turn" (a creature subtype; the Zubera).
fn died_this_turn_of(p: &mut P) -> Option<Amount> {
    let st = super::targets::subtype_word(p.raw())?;
    p.at_all_from(1, "that died this turn").then_some(())?;
    p.bump();
    p.eat_all("that died this turn");
    Some(Amount::DiedThisTurnOf(crate::Subtype::intern(st)))
}

fn equal_amount_rest(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    // Heartless Hidetsugu: per player, after "each player".
    if p.eat_all("half that player's life total , rounded down") {
        return Some(Amount::HalfTheirLifeRoundedDown);
    }
    if p.eat_all("the number of cards in") {
        let who = if p.eat("your") {
            PlayerRef::You
        } else if p.eat_all("that player's") || (cx.trig_player && p.eat("their")) {
            that_player(cx)?
        } else {
            return None;
        };
        if p.eat("hand") {
            return Some(Amount::CardsInHand(who));
        }
        if p.eat("graveyard") {
            return Some(Amount::CardsInGraveyard(who));
        }
        return None;
    }
    // "the number of colors that creature was" (Bound): the sacrificed
    // creature as it last existed (413.2f).
    if p.at_all("the number of colors that") && p.peek_at(6) == "was" {
        let it = that_object(cx, p.peek_at(5))?;
        p.eat_all("the number of colors that");
        p.bump();
        p.bump();
        return Some(Amount::ColorsOf(it));
    }
    // "the number of untapped lands they controlled at the beginning of
    // this turn" (Power Surge): that player's.
    if cx.trig_player
        && p.eat_all("the number of untapped lands they controlled at the beginning of this turn")
    {
        return Some(Amount::UntappedLandsAtTurnStart(PlayerRef::Triggering));
    }
    // Domain.
    if p.eat_all("the number of basic land types among lands you control") {
        return Some(Amount::BasicLandTypes(PlayerRef::You));
    }
    if p.eat_all("your life total") {
        return Some(Amount::LifeTotal(PlayerRef::You));
    }
    if p.at_all("the number of") {
        let i = p.i;
        p.eat_all("the number of");
        if let Some(a) = died_this_turn_of(p) {
            return Some(a);
        }
        p.i = i;
    }
    if p.eat_all("the number of") {
        // "the number of verse counters on CARDNAME".
        if let Some(a) = attempt(p, cx, |p, cx| counters_on(p, cx, "counters")) {
            return Some(a);
        }
        let f = group(p)?;
        // "the number of Swamps they control": "they" is the player of the
        // trigger event (Karma).
        if p.at_all("they control") {
            cx.trig_player.then_some(())?;
            p.eat_all("they control");
            return Some(Amount::CountControlledBy(PlayerRef::Triggering, f));
        }
        // "twice the number of white creatures that player controls"
        // (Jovial Evil): the player named before.
        if f.controller == crate::ControllerFilter::Any && p.at_all("that player controls") {
            let who = that_player_named(cx)?;
            p.eat_all("that player controls");
            return Some(Amount::CountControlledBy(who, f));
        }
        p.eat_all("in play");
        return Some(Amount::CountOf(f));
    }
    None
}

/// "that player" in an amount: the player named before (a target, "that
/// creature's controller"), else the player of the trigger event.
fn that_player_named(cx: &Cx) -> Option<PlayerRef> {
    match cx.last_player.clone() {
        Some(w @ (PlayerRef::Target(_) | PlayerRef::Triggering | PlayerRef::ControllerOf(_))) => {
            Some(w)
        }
        None if cx.trig_player => Some(PlayerRef::Triggering),
        _ => None,
    }
}

/// "[kind] counter(s) on CARDNAME|it": how many counters of that kind are
/// on the object (last known information if it left play, 413.2f).
fn counters_on(p: &mut P, cx: &mut Cx, noun: &str) -> Option<Amount> {
    let kind = counter_kind(p.bump())?;
    p.eat(noun).then_some(())?;
    p.eat("on").then_some(())?;
    let what = if p.eat("cardname") {
        ObjectRef::This
    } else if p.eat("it") {
        cx.it()
    } else {
        return None;
    };
    Some(Amount::CountersOn(kind, what))
}

/// A kind of counter by its name ("+1/+1", "fuse").
pub(super) fn counter_kind(w: &str) -> Option<CounterKind> {
    CounterKind::from_name(w)
}

/// A condition of an "If …, …" instruction, up to its comma.
pub(super) fn condition(p: &mut P, cx: &mut Cx) -> Option<crate::Condition> {
    use crate::Condition;
    // "you have 3 or less life" (Avatar of Hope; 2007: "3 life or less").
    if p.at_all("you have") {
        let i = p.i;
        p.eat_all("you have");
        if let Some(Amount::Fixed(n)) = amount(p) {
            if p.eat_all("or less life") || p.eat_all("life or less") {
                return Some(Condition::LifeAtMost {
                    who: PlayerRef::You,
                    at_most: n,
                });
            }
        }
        p.i = i;
    }
    // "as long as it's attacking alone" (Dream Prowler).
    if p.eat_all("it's attacking alone") || p.eat_all("cardname is attacking alone") {
        return Some(Condition::AttackingAlone);
    }
    // "you've played another spell this turn" (Skyshroud Condor; Oracle
    // "cast"): the spell being played isn't counted yet.
    if p.eat_all("you've play another spell this turn")
        || p.eat_all("you've played another spell this turn")
        || p.eat_all("you've cast another spell this turn")
    {
        return Some(Condition::SpellsPlayedThisTurn {
            who: PlayerRef::You,
            at_least: 1,
        });
    }
    // "you played this spell during your main phase" (Sulfurous Blast;
    // Oracle "cast", the era's printings "play").
    if p.eat_all("you play this spell during your main phase")
        || p.eat_all("you played this spell during your main phase")
        || p.eat_all("you cast this spell during your main phase")
    {
        return Some(Condition::PlayedDuringMainPhase);
    }
    // "no permanents named [this] are in play" (Tidal Influence).
    if p.eat_all("no permanents named cardname are in play")
        || p.eat_all("no permanents named cardname are on the battlefield")
    {
        return Some(Condition::Permanents {
            filter: Box::new(ObjectFilter {
                named: Some(SELF.to_string()),
                ..ObjectFilter::default()
            }),
            at_least: 0,
            at_most: Some(0),
            controlled_by: None,
        });
    }
    // "you have exactly seven cards in hand" (Library of Alexandria): at
    // least and at most that many.
    if p.at_all("you have exactly") {
        let i = p.i;
        p.eat_all("you have exactly");
        if let Some(Amount::Fixed(n @ 1..)) = amount(p) {
            if p.eat_all("cards in hand") {
                let n = n as u32;
                return Some(Condition::Both(
                    Box::new(Condition::CardsInHand {
                        who: PlayerRef::You,
                        at_least: n,
                    }),
                    Box::new(Condition::CardsInHandAtMost {
                        who: PlayerRef::You,
                        at_most: n,
                    }),
                ));
            }
        }
        p.i = i;
    }
    // "an opponent has no cards in hand" (Avatar of Will): some opponent's
    // hand is empty.
    if p.eat_all("an opponent has no cards in hand") {
        return Some(Condition::CardsInHandAtMost {
            who: PlayerRef::EachOpponent,
            at_most: 0,
        });
    }
    if let Some(c) = attempt(p, cx, |p, _| mana_spent(p)) {
        return Some(c);
    }
    // "enchanted artifact isn't a creature" (Animate Artifact): the
    // permanent the source is attached to, as the effect begins to apply.
    if p.eat_all("enchanted artifact isn't a creature") {
        let mut filter = crate::ObjectFilter::any();
        filter.types_none.insert(crate::CardType::Creature);
        return Some(Condition::Matches {
            attached: true,
            filter: Box::new(filter),
        });
    }
    // "CARDNAME's power is 4 or greater" (Bloodshot Trainee): its computed
    // power as the condition is checked.
    if p.at_all("cardname's power is") {
        let start = p.i;
        p.eat_all("cardname's power is");
        if let Some(Amount::Fixed(n)) = amount(p) {
            if p.eat_all("or greater") {
                return Some(Condition::Matches {
                    attached: false,
                    filter: Box::new(crate::ObjectFilter {
                        power_at_least: Some(n),
                        ..Default::default()
                    }),
                });
            }
        }
        p.i = start;
    }
    // "that land was nonbasic", "… was legendary", "… was a snow land"
    // (Molten Rain, Feast of Worms, Icequake): the object as it last
    // existed.
    if p.at("that") && p.peek_at(2) == "was" {
        let start = p.i;
        p.bump();
        let noun = p.bump();
        p.bump();
        if let Some(what) = that_object(cx, noun) {
            let (supertype, is) = match p.bump() {
                "nonbasic" => (crate::Supertype::Basic, false),
                "basic" => (crate::Supertype::Basic, true),
                "legendary" => (crate::Supertype::Legendary, true),
                "nonlegendary" => (crate::Supertype::Legendary, false),
                "a" if p.eat("snow") && p.eat(noun) => (crate::Supertype::Snow, true),
                _ => return fail_at(p, start),
            };
            return Some(Condition::WasSupertype {
                what,
                supertype,
                is,
            });
        }
        p.i = start;
    }
    // "that creature is white or blue" (Lightning Dart, Ether Well): the
    // object has one of the colours as the instruction is reached.
    if p.at("that") && p.peek_at(2) == "is" && crate::Color::from_name(p.peek_at(3)).is_some() {
        let start = p.i;
        p.bump();
        let noun = p.bump();
        p.bump();
        let what = that_object(cx, noun)?;
        let mut filter = crate::ObjectFilter::any();
        loop {
            let Some(c) = crate::Color::from_name(p.peek()) else {
                return fail_at(p, start);
            };
            p.bump();
            filter.colors_any.insert(c);
            if !p.eat("or") {
                break;
            }
        }
        return Some(Condition::ObjectIs {
            what,
            filter: Box::new(filter),
        });
    }
    // "there are two or more hatchling counters on CARDNAME" (Triassic Egg).
    if p.at_all("there are")
        && p.at_all_from(3, "or more")
        && p.at_all_from(6, "counters on cardname")
    {
        if let Some(n) = number_word(p.peek_at(2)).filter(|&n| n > 0) {
            if let Some(kind) = counter_kind(p.peek_at(5)) {
                p.i += 6;
                p.eat_all("counters on cardname");
                return Some(Condition::CountersOnThis {
                    kind,
                    at_least: n as u32,
                });
            }
        }
    }
    // "there are no mining counters on CARDNAME" (Gemstone Mine).
    if p.at_all("there are no") && p.at_all_from(4, "counters on cardname") {
        p.eat_all("there are no");
        let kind = counter_kind(p.bump())?;
        p.eat_all("counters on cardname");
        return Some(Condition::NoCountersOnThis(kind));
    }
    // "you've controlled CARDNAME continuously since the beginning of your
    // most recent turn" (Rocket Launcher; 212.3f).
    if p.eat_all(
        "you've controlled cardname continuously since the beginning of your most recent turn",
    ) {
        return Some(Condition::ControlledSinceYourTurnBegan);
    }
    // "this ability has been played four or more times this turn" (Dragon
    // Whelp; modern "activated").
    if p.eat_all("this ability has been") {
        (p.eat("played") || p.eat("activated")).then_some(())?;
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        p.eat_all("or more times this turn").then_some(())?;
        return Some(Condition::ThisAbilityActivated {
            at_least: u32::try_from(n).ok()?,
        });
    }
    // Hellbent: "you have no cards in hand".
    if p.eat_all("you have no cards in hand") {
        return Some(Condition::NoCardsInHand {
            who: PlayerRef::You,
        });
    }
    // "you have a card in hand" (Imaginary Pet).
    if p.eat_all("you have a card in hand") || p.eat_all("you have cards in hand") {
        return Some(Condition::CardsInHand {
            who: PlayerRef::You,
            at_least: 1,
        });
    }
    // "you have more cards in hand than each opponent" (Secretkeeper).
    if p.eat_all("you have more cards in hand than each opponent") {
        return Some(Condition::Exceeds {
            who: PlayerRef::You,
            quantity: crate::PlayerQuantity::CardsInHand,
            than: crate::Compared::EachOpponent,
        });
    }
    // "you have nine or more cards in hand", "… three or fewer …"
    if p.eat_all("you have") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        if p.eat_all("or fewer cards in hand") {
            return Some(Condition::CardsInHandAtMost {
                who: PlayerRef::You,
                at_most: u32::try_from(n).ok()?,
            });
        }
        p.eat_all("or more").then_some(())?;
        // "you have seven or more land cards in your hand" (Sasaya).
        if let Some(t) = type_noun(p.peek()) {
            p.bump();
            p.eat_all("cards in your hand").then_some(())?;
            return Some(Condition::CardsInHandMatching {
                who: PlayerRef::You,
                filter: Box::new(crate::ObjectFilter::of_type(t)),
                at_least: n as u32,
            });
        }
        p.eat_all("cards in hand").then_some(())?;
        return Some(Condition::CardsInHand {
            who: PlayerRef::You,
            at_least: n as u32,
        });
    }
    // "an opponent was dealt damage this turn" (War Elemental).
    if p.eat_all("an opponent was dealt damage this turn") {
        return Some(Condition::OpponentDealtDamageThisTurn);
    }
    // "an opponent controls seven or more lands" (Avatar of Fury): some one
    // opponent's permanents.
    if p.at_all("an opponent controls") && p.at_all_from(4, "or more") {
        let i = p.i;
        p.eat_all("an opponent controls");
        if let Some(Amount::Fixed(n @ 2..)) = amount(p) {
            if p.eat_all("or more") {
                if let Some((f, Noun::Permanent)) = filter(p) {
                    if f.controller == ControllerFilter::Any && !f.this {
                        return Some(Condition::AnOpponentHasAtLeast {
                            quantity: crate::PlayerQuantity::Permanents(Box::new(f)),
                            at_least: n as u32,
                        });
                    }
                }
            }
        }
        p.i = i;
    }
    // "your opponents control no creatures" (Kezzerdrix): none of any
    // opponent's permanents match.
    if p.at_all("your opponents control no") {
        let i = p.i;
        p.eat_all("your opponents control");
        if let Some(c) = controlled_permanents(p, ControllerFilter::Opponent) {
            return Some(c);
        }
        p.i = i;
    }
    // "you control a Forest" (Kird Ape), "you control another artifact
    // creature" (Drill-Skimmer), "you control no untapped lands" (Fen
    // Stalker), "an opponent controls a black permanent" (Black Scarab):
    // judged on the permanents in play (in a static ability, on their
    // characteristics as the effect begins to apply, 418.5b).
    if let Some(c) = attempt(p, cx, |p, _| controls_condition(p)) {
        // "you control a blue permanent and a black permanent" (the
        // Sanctuaries): both.
        if let Condition::Permanents { filter, .. } = &c {
            let controller = filter.controller;
            if p.at_all("and a") || p.at_all("and an") {
                let i = p.i;
                p.eat("and");
                if let Some(d) = controlled_permanents(p, controller) {
                    return Some(Condition::Both(Box::new(c), Box::new(d)));
                }
                p.i = i;
            }
            // "if you control no permanents other than CARDNAME and have no
            // cards in hand" (Barren Glory): both.
            if controller == ControllerFilter::You && p.eat_all("and have no cards in hand") {
                let d = Condition::NoCardsInHand {
                    who: crate::PlayerRef::You,
                };
                return Some(Condition::Both(Box::new(c), Box::new(d)));
            }
        }
        return Some(c);
    }
    // "[this] is untapped" (Castle Raptors), "it's untapped" (Giant
    // Tortoise): the source's status (510.1).
    if p.eat_all("cardname is untapped") || p.eat_all("it's untapped") {
        return Some(Condition::ThisUntapped);
    }
    if p.eat_all("cardname is tapped") || p.eat_all("it's tapped") {
        return Some(Condition::ThisTapped);
    }
    // "[this] is equipped / enchanted / attacking / blocking" (Auriok
    // Glaivemaster, Thran Golem, Purraj of Urborg): its status.
    if p.at("cardname") && p.peek_at(1) == "is" || p.at("it's") {
        let i = p.i;
        if !p.eat("it's") {
            p.eat_all("cardname is");
        }
        let c = match p.peek() {
            "equipped" => Some(Condition::ThisAttachedBy { equipment: true }),
            "enchanted" => Some(Condition::ThisAttachedBy { equipment: false }),
            "attacking" => Some(Condition::ThisInCombat { attacking: true }),
            "blocking" => Some(Condition::ThisInCombat { attacking: false }),
            _ => None,
        };
        if let Some(c) = c {
            p.bump();
            return Some(c);
        }
        // "it's white", "it's a Zombie", "CARDNAME is a creature" (Clutch
        // of Undeath, Foriysian Totem): its computed characteristics.
        let mut filter = None;
        if let Some((color, false)) = color_adjective(p.peek()) {
            p.bump();
            let mut f = crate::ObjectFilter::default();
            f.colors_any.insert(color);
            filter = Some(f);
        } else if p.eat_any(&["a", "an"]).is_some() {
            if let Some((f, Noun::Permanent)) = targets::filter(p) {
                filter = Some(f);
            }
        }
        if let Some(f) = filter.filter(|_| p.at(".") || p.at(",")) {
            return Some(Condition::Matches {
                attached: false,
                filter: Box::new(f),
            });
        }
        p.i = i;
    }
    // "you control ten or more lands"; "you control three or fewer lands"
    // (Sheltered Valley): not four or more.
    if p.eat_all("you control") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        let fewer = p.eat_all("or fewer");
        if !fewer {
            p.eat_all("or more").then_some(())?;
        }
        let (mut filter, noun) = filter(p)?;
        if noun != Noun::Permanent {
            return None;
        }
        filter.controller = ControllerFilter::You;
        let at_least = u32::try_from(n).ok()?;
        if fewer {
            return Some(Condition::Not(Box::new(Condition::ControlsAtLeast {
                filter,
                at_least: at_least.checked_add(1)?,
            })));
        }
        return Some(Condition::ControlsAtLeast { filter, at_least });
    }
    // "no cards are in that graveyard" (Nezumi Graverobber): the graveyard
    // of the owner of the card the ability targeted.
    if p.eat_all("no cards are in that graveyard") {
        let Some(ObjectRef::Target(i)) = cx.last_obj else {
            return None;
        };
        return Some(Condition::NoCardsInGraveyard {
            who: PlayerRef::OwnerOf(ObjectRef::Target(i)),
        });
    }
    // "it's your turn"; "it's not your turn" (Vibrating Sphere).
    if p.eat_all("it's your turn") {
        return Some(Condition::YourTurn);
    }
    if p.eat_all("it's not your turn") {
        return Some(Condition::Not(Box::new(Condition::YourTurn)));
    }
    // "CARDNAME has no shell counters on it" (Roc Hatchling), "CARDNAME
    // has a divinity counter on it" (the Myojins): its counters (status).
    // "[this] has indestructible as long as it has a divinity counter on
    // it": "it" is the permanent with the ability.
    if p.at_all("cardname has") || p.at_all("it has") {
        let i = p.i;
        p.bump();
        p.eat("has");
        let none = p.eat("no");
        if none || p.eat_any(&["a", "an"]).is_some() {
            if let Some(kind) = counter_kind(p.bump()) {
                if p.eat_all(if none {
                    "counters on it"
                } else {
                    "counter on it"
                }) {
                    return Some(if none {
                        Condition::NoCountersOnThis(kind)
                    } else {
                        Condition::CountersOnThis { kind, at_least: 1 }
                    });
                }
            }
        }
        p.i = i;
    }
    // "black is the most common color among all permanents or is tied
    // for most common" (Goham Djinn).
    if let Some(c) = crate::Color::from_name(p.peek()) {
        if p.at_all_from(
            1,
            "is the most common color among all permanents or is tied for most common",
        ) {
            p.bump();
            p.eat_all("is the most common color among all permanents or is tied for most common");
            return Some(Condition::MostCommonColor(c));
        }
    }
    // Threshold: "seven or more cards are in your graveyard".
    if let Some(Amount::Fixed(n)) = attempt(p, cx, |p, _| amount(p)) {
        p.eat_all("or more cards are in your graveyard")
            .then_some(())?;
        return Some(Condition::YourGraveyardHas {
            filter: crate::ObjectFilter::any(),
            at_least: n as u32,
        });
    }
    // "there are ten or more creature cards total in all graveyards"
    // (Avatar of Woe).
    if p.eat_all("there are") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        p.eat_all("or more").then_some(())?;
        let filter = library::card_filter(p)?;
        p.eat_all("total in all graveyards").then_some(())?;
        return Some(Condition::AllGraveyardsHave {
            filter,
            at_least: u32::try_from(n).ok()?,
        });
    }
    // Hellbent: "you have no cards in hand"; "that player has no cards in hand".
    let who = player_phrase(p, cx)?;
    (p.eat_all("has no cards in hand") || p.eat_all("have no cards in hand")).then_some(())?;
    Some(Condition::NoCardsInHand { who })
}

/// "you control a/an/another [permanents]", "you control no [permanents]",
/// "an opponent controls a/an [permanents]": how many permanents match.
fn controls_condition(p: &mut P) -> Option<crate::Condition> {
    let controller = if p.eat_all("you control") {
        ControllerFilter::You
    } else if p.eat_all("an opponent controls") {
        ControllerFilter::Opponent
    } else if p.at_all("no opponent controls") {
        // "as long as no opponent controls a white or blue creature"
        // (Skittish Kavu): no permanent of any opponent's matches.
        p.eat_all("no opponent controls");
        let mut c = controlled_permanents(p, ControllerFilter::Opponent)?;
        if let crate::Condition::Permanents {
            at_least, at_most, ..
        } = &mut c
        {
            if *at_most == Some(0) {
                return None;
            }
            *at_least = 0;
            *at_most = Some(0);
        }
        return Some(c);
    } else if p.eat_all("defending player controls") {
        // 306.3: the defending player of this combat (Spectral Bears).
        ControllerFilter::Defending
    } else {
        return None;
    };
    controlled_permanents(p, controller)
}

/// "[a / an / another / no] [permanent filter]" controlled by `controller`
/// (after "you control"): a count of permanents in play.
fn controlled_permanents(p: &mut P, controller: ControllerFilter) -> Option<crate::Condition> {
    let (at_least, at_most) = if p.eat("no") {
        (0, Some(0))
    } else if p.at("another") {
        (1, None)
    } else {
        p.eat_any(&["a", "an"])?;
        (1, None)
    };
    let (mut filter, noun) = filter(p)?;
    (noun == Noun::Permanent && !filter.this && filter.controller == ControllerFilter::Any)
        .then_some(())?;
    filter.controller = controller;
    // "no permanents other than CARDNAME" (Barren Glory).
    if !filter.other && p.eat_all("other than cardname") {
        filter.other = true;
    }
    Some(crate::Condition::Permanents {
        filter: Box::new(filter),
        at_least,
        at_most,
        controlled_by: None,
    })
}

/// 406: "{U} was spent to play it" / "… to play this spell" (Ogre Savant,
/// Rolling Spoil; Oracle "cast").
pub(super) fn mana_spent(p: &mut P) -> Option<crate::Condition> {
    let color = match p.peek() {
        "{w}" => crate::Color::White,
        "{u}" => crate::Color::Blue,
        "{b}" => crate::Color::Black,
        "{r}" => crate::Color::Red,
        "{g}" => crate::Color::Green,
        _ => return None,
    };
    p.bump();
    p.eat_all("was spent to play").then_some(())?;
    (p.eat("it") || p.eat_all("this spell")).then_some(crate::Condition::ManaSpent(color))
}
