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
            by_owner: false,
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
