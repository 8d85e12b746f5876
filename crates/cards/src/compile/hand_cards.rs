//! Instructions on the cards of a player's hand as a whole, or on a card
//! chosen from it by name: "that player puts the cards in their hand on the
//! bottom of their library in any order, then draws that many cards"
//! (Teferi's Puzzle Box), "… reveals their hand, then you choose a card
//! other than a basic land card from it. Search that player's graveyard,
//! hand, and library for all cards with the same name as the chosen card
//! …" (Lobotomy).

use super::*;
use crate::{Effect, HandChoice, ObjectFilter, ObjectRef, PlayerRef};

/// Lobotomy, after "Target player": "reveals their hand, then you choose a
/// card other than a basic land card from it. Search that player's
/// graveyard, hand, and library for all cards with the same name as the
/// chosen card and exile them. Then that player shuffles." The card is
/// chosen as the spell resolves (413.2c) and stays in the hand; the search
/// then finds it with the others.
pub(super) fn lobotomy(p: &mut P, who: &PlayerRef) -> Option<Vec<Effect>> {
    p.eat_all(
        "reveals their hand , then you choose a card other than a basic land card from it . \
         search that player's graveyard , hand , and library for all cards with the same name \
         as the chosen card and exile them . then that player shuffles",
    )
    .then_some(())?;
    p.eat_all("their library");
    // 205.4a: every basic card is a land (2007: the basic lands and the
    // snow-covered basic lands), so "other than a basic land card" is "not
    // basic".
    let mut f = ObjectFilter::default();
    f.supertypes_none.insert(crate::Supertype::Basic);
    Some(vec![
        Effect::ChooseFromHand {
            who: who.clone(),
            filter: f,
            amount: 1,
            then: HandChoice::Choose,
            x: false,
            up_to: false,
        },
        Effect::RemoveAllFromGraveyardHandLibrary {
            who: who.clone(),
            filter: ObjectFilter::any(),
            named_as: Some(ObjectRef::Chosen),
        },
    ])
}

/// Sylvan Library, after "you may" (the ability is optional, 410.5; "if
/// you do" is the rest of it): "draw two additional cards. If you do,
/// choose two cards in your hand drawn this turn. For each of those cards,
/// pay 4 life or put the card on top of your library."
pub(super) fn drawn_on_top_or_pay_life(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    (cx.optional && cx.effects.is_empty()).then_some(())?;
    p.eat_all(
        "draw two additional cards . if you do , choose two cards in your hand drawn this turn . \
         for each of those cards , pay 4 life or put the card on top of your library",
    )
    .then_some(())?;
    Some(vec![
        Effect::DrawCards {
            who: PlayerRef::You,
            amount: crate::Amount::Fixed(2),
        },
        Effect::DrawnOnTopOrPayLife { count: 2, life: 4 },
    ])
}

/// Mind Bomb: "Each player may discard up to three cards. CARDNAME deals
/// damage to each player equal to 3 minus the number of cards they
/// discarded this way."
pub(super) fn mind_bomb(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    cx.effects.is_empty().then_some(())?;
    p.eat_all("each player may discard up to three cards . cardname deals damage to each player equal to 3 minus the number of cards they discarded this way").then_some(())?;
    Some(vec![
        Effect::EachMayDiscardUpTo { up_to: 3 },
        Effect::DealDamage {
            amount: crate::Amount::Plus(
                3,
                Box::new(crate::Amount::Times(
                    -1,
                    Box::new(crate::Amount::DiscardedThisWayByThem),
                )),
            ),
            to: crate::Recipient::Player(PlayerRef::EachPlayer),
        },
    ])
}

/// Shapeshifter's upkeep, after "you may": "choose a number between 0 and
/// 7."
pub(super) fn choose_number_for_this(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    (cx.optional && cx.effects.is_empty()).then_some(())?;
    p.eat_all("choose a number between 0 and 7").then_some(())?;
    Some(vec![Effect::ChooseNumberForThis { max: 7 }])
}

/// A whole hand exchanged for as many new cards: "discard all the cards
/// in your hand, then draw that many cards" (Tolarian Winds; "[player]
/// discards all the cards in their hand, then draws that many cards",
/// Barbed Shocker, Robber Fly: the cards discarded this way counted),
/// "shuffle the cards from your hand into your library, then draw that
/// many cards" (the Whirlpools; `Effect::ShuffleHandIntoLibrary`), "put
/// the cards in your hand on the bottom of your library in any order,
/// then draw that many cards" (Mindmoil; 217.2d: the owner orders them).
pub(super) fn whole_hand_redrawn(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let you = matches!(p.peek(), "discard" | "shuffle" | "put");
    let (who, verb) = if you {
        (PlayerRef::You, p.eat_any(&["discard", "shuffle", "put"])?)
    } else {
        let who = player_phrase(p, cx)?;
        (who, p.eat_any(&["discards", "shuffles", "puts"])?)
    };
    let yours = if you { "your" } else { "their" };
    let draw = if you { "draw" } else { "draws" };
    let then = format!(", then {draw} that many cards");
    let v = match verb {
        "discard" | "discards" => {
            (p.eat_all(&format!("all the cards in {yours} hand"))
                || p.eat_all(&format!("{yours} hand")))
            .then_some(())?;
            p.eat_all(&then).then_some(())?;
            vec![
                Effect::DiscardHand { who: who.clone() },
                Effect::DrawCards {
                    who,
                    amount: crate::Amount::DiscardedThisWay(crate::ObjectFilter::default()),
                },
            ]
        }
        "shuffle" | "shuffles" => {
            p.eat_all(&format!("the cards from {yours} hand into {yours} library"))
                .then_some(())?;
            p.eat_all(&then).then_some(())?;
            vec![Effect::ShuffleHandIntoLibrary {
                who,
                graveyard: false,
                redraw: true,
            }]
        }
        _ => {
            p.eat_all(&format!(
                "the cards in {yours} hand on the bottom of {yours} library in any order"
            ))
            .then_some(())?;
            p.eat_all(&then).then_some(())?;
            vec![Effect::HandOnBottomThenDraw { who }]
        }
    };
    p.at(".").then_some(v)
}

/// "exile a card from your hand" (Forsaken City; 2007 "remove a card in
/// your hand from the game"): the controller chooses it as the instruction
/// happens (none with an empty hand). "target opponent puts a card from
/// their hand on top of their library" (Chittering Rats): that player
/// chooses it.
pub(super) fn card_from_hand(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let (who, then) = if p.eat("exile") {
        (PlayerRef::You, HandChoice::RemoveFromGame)
    } else {
        let who = player_phrase(p, cx)?;
        matches!(who, PlayerRef::Target(_)).then_some(())?;
        p.eat("puts").then_some(())?;
        (who, HandChoice::OwnerPutsOnLibraryTop)
    };
    p.eat_any(&["a", "an"])?;
    let filter = super::library::card_filter(p)?;
    if then == HandChoice::RemoveFromGame {
        p.eat_all("from your hand").then_some(())?;
    } else {
        p.eat_all("from their hand on top of their library")
            .then_some(())?;
    }
    p.at(".").then_some(())?;
    Some(vec![Effect::ChooseFromHand {
        who,
        filter,
        amount: 1,
        then,
        x: false,
        up_to: false,
    }])
}

/// Teferi's Puzzle Box, in a trigger naming a player: "that player puts
/// the cards in their hand on the bottom of their library in any order,
/// then draws that many cards." (217.2d: the owner orders them.)
pub(super) fn hand_on_bottom(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let who = if cx.trig_player && p.at_all("that player puts the cards in their hand") {
        p.eat_all("that player");
        PlayerRef::Triggering
    } else {
        return None;
    };
    p.eat_all(
        "puts the cards in their hand on the bottom of their library in any order , then draws \
         that many cards",
    )
    .then_some(())?;
    Some(vec![Effect::HandOnBottomThenDraw { who }])
}
