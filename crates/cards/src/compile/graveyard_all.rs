//! Every card of a kind moved out of a graveyard at once: "Return all
//! enchantment cards from your graveyard to your hand." (Crystal Chimes),
//! "Each player returns all creature cards from their graveyard to play."
//! (Twilight's Call), "Return all basic land cards from all graveyards to
//! play tapped under their owners' control." (Planar Birth), "Exile all
//! creature cards from your graveyard." (Zombie Mob), "shuffle all creature
//! cards from your graveyard into your library" (Barishi). Not targeted:
//! the cards are those in the graveyard as the effect happens (417.1).
//! And cards of the controller's graveyard chosen as the effect happens
//! (`chosen_from_graveyard`): "remove a card in your graveyard from the
//! game" (Decaying Soil), "put two cards from your graveyard on the bottom
//! of your library" (Gurzigost), also as the cost after "unless you".

use super::*;
use crate::{AllGraveyardDest, Amount, Effect, GraveyardCardDest};

/// "Return the top creature card of your graveyard to play" (Shallow
/// Grave): the card put there last, no choice; "that creature" / "it"
/// afterwards is the permanent it became.
pub(super) fn top_of_graveyard_into_play(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    p.eat_all("return the top").then_some(())?;
    let filter = super::library::card_filter(p)?;
    p.eat_all("of your graveyard to play").then_some(())?;
    // 212.4: an Aura put into play this way would need a choice of what
    // it enchants, which this effect doesn't offer.
    (p.at(".") && !super::library::may_be_aura(&filter)).then_some(())?;
    cx.last_obj = Some(crate::ObjectRef::Chosen);
    Some(vec![Effect::TopOfGraveyardIntoPlay { filter }])
}

/// "exile a card from your graveyard" (Decaying Soil; 2007 "remove a card
/// in your graveyard from the game"), "exile seven cards from your
/// graveyard" (False Memories), "put a card from your graveyard on the
/// bottom of your library" (Anurid Scavenger), "return a basic land card
/// from your graveyard to your hand" (Harvest Wurm): that many cards
/// matching, chosen one at a time by the controller as the instruction
/// happens, not targeted (all there are if fewer).
pub(super) fn chosen_from_graveyard(p: &mut P, _cx: &mut Cx) -> Option<Vec<Effect>> {
    let verb = p.eat_any(&["exile", "put", "return"])?;
    let n = super::number_word(p.peek()).filter(|n| (1..=7).contains(n))?;
    p.bump();
    let filter = super::library::card_filter(p)?;
    p.eat_all("from your graveyard").then_some(())?;
    let to = match verb {
        "exile" => GraveyardCardDest::RemoveFromGame,
        "put" => p
            .eat_all("on the bottom of your library")
            .then_some(GraveyardCardDest::LibraryBottom)?,
        _ => p
            .eat_all("to your hand")
            .then_some(GraveyardCardDest::Hand)?,
    };
    // The instruction ends here ("… for each card discarded this way" is
    // Recall's count, read elsewhere).
    p.at(".").then_some(())?;
    Some(vec![Effect::ReturnUpToFromGraveyard {
        filter,
        amount: Amount::Fixed(n),
        up_to: false,
        to,
        cost: false,
    }])
}

/// The clause, or `None` (the caller rewinds).
pub(super) fn all_from_graveyard(p: &mut P, _cx: &mut Cx) -> Option<Vec<Effect>> {
    let each = p.eat_all("each player returns all");
    let verb = if each || p.eat_all("return all") {
        "return"
    } else if p.eat_all("exile all") {
        "exile"
    } else if p.eat_all("shuffle all") {
        "shuffle"
    } else {
        return None;
    };
    let filter = super::library::card_filter(p)?;
    // Whose graveyard: the controller's own, or every player's (each
    // player's own, the cards going to their owners).
    let yours = if each {
        p.eat_all("from their graveyard").then_some(false)?
    } else if p.eat_all("from your graveyard") {
        true
    } else if p.eat_all("from all graveyards") {
        false
    } else {
        return None;
    };
    let to = match verb {
        "exile" => AllGraveyardDest::RemoveFromGame,
        "shuffle" => {
            // Into the owner's library: the controller's own graveyard only.
            (yours && p.eat_all("into your library")).then_some(AllGraveyardDest::Library)?
        }
        _ if yours && !each && p.eat_all("to your hand") => AllGraveyardDest::Hand,
        _ if !yours && !each && p.eat_all("to their owners' hands") => AllGraveyardDest::Hand,
        _ => {
            p.eat_all("to play").then_some(())?;
            let tapped = p.eat("tapped");
            // Under its owner's control, said or not (each card comes from
            // its owner's graveyard).
            if !yours {
                p.eat_all("under their owners' control");
            }
            // 212.4: an Aura put into play must be attached to something
            // chosen as it comes into play, which this effect doesn't
            // offer: such a face stays unsupported.
            if super::library::may_be_aura(&filter) {
                return None;
            }
            AllGraveyardDest::Play { tapped }
        }
    };
    Some(vec![Effect::AllFromGraveyard { yours, filter, to }])
}
