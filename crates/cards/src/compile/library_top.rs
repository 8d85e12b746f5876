//! Sentences that look at the top of a library and move what they find:
//! "Look at the top N cards of your library, then put them back in any
//! order" and its variants (some into the hand, the rest on the bottom),
//! "the top card of [a player's] library" instructions and "reveal the top
//! N cards, put all [filter] cards revealed this way into your hand";
//! split from `library.rs`, which reads the other card-moving sentences.

use super::library::{card_filter, possessive_target_player};
use super::{amount, Cx, P};
use crate::CombatEffect;
use crate::{Amount, Effect, ObjectFilter, ObjectRef, PlayerRef, TopDest};

/// "Look at the top N cards of your library, then put them back in any
/// order." / "Look at the top N cards of your library. Put one of those
/// cards into your hand, one on top of your library, and one on the bottom
/// of your library." / "… You may reveal a [filter] card from among them
/// and put it into your hand. Put the rest on the bottom of your library
/// in any order."
pub(super) fn look_at_top(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    p.eat_all("look at the top").then_some(())?;
    let amount = amount(p)?;
    p.eat("cards").then_some(())?;
    p.eat("of").then_some(())?;
    let whose = library_owner(p, cx)?;
    p.eat("library").then_some(())?;
    // "Look at the top X cards of your library, where X is the number of
    // Wizards in play" (Information Dealer, Machinate): counted as the
    // instruction happens.
    let amount = if amount == Amount::X && p.eat_all(", where x is") {
        super::equal_amount(p, cx)?
    } else {
        amount
    };
    let look = |to_hand: Option<ObjectFilter>, may: bool, on_top: Option<u8>| Effect::LookAtTop {
        amount: amount.clone(),
        to_hand,
        may,
        on_top,
        to_hand_count: 0,
        rest_to_graveyard: false,
        rest_removed: false,
        scry: false,
        reveal_all: false,
        whose: whose.clone(),
        may_shuffle: false,
        look_only: false,
    };
    if p.eat_all(", then put them back in any order") {
        let mut e = look(None, false, None);
        // "You may have that player shuffle." (Portent, Natural Selection).
        if whose.is_some() && p.eat_all(". you may have that player shuffle") {
            if let Effect::LookAtTop { may_shuffle, .. } = &mut e {
                *may_shuffle = true;
            }
        }
        return Some(vec![e]);
    }
    if whose.is_some() {
        // "Look at the top three cards of target player's library." (Orcish
        // Spy) / "… You may then have that player shuffle that library."
        // (Visions): the cards stay where they are.
        let mut e = look(None, false, None);
        let shuffle = p.eat_all(". you may then have that player shuffle that library");
        if let Effect::LookAtTop {
            may_shuffle,
            look_only,
            ..
        } = &mut e
        {
            *may_shuffle = shuffle;
            *look_only = true;
        }
        (p.at(".") || p.at_end()).then_some(())?;
        return Some(vec![e]);
    }
    // "Look at the top five cards of your library, put one of them into
    // your hand, and exile the rest." (Browse).
    if p.eat_all(", put one of them into your hand , and exile the rest") {
        let mut e = look(Some(ObjectFilter::any()), false, Some(0));
        if let Effect::LookAtTop { rest_removed, .. } = &mut e {
            *rest_removed = true;
        }
        return Some(vec![e]);
    }
    p.eat(".").then_some(())?;
    if p.eat_all("put one of those cards into your hand , one on top of your library , and one on the bottom of your library")
    {
        return Some(vec![look(Some(ObjectFilter::any()), false, Some(1))]);
    }
    // "Put one of them into your hand and the rest on the bottom of your
    // library in any order" (Impulse) / "and the other on the bottom of
    // your library" (Sleight of Hand) / "and the rest on top of your library
    // in any order" (Diabolic Vision) / "Put two of them into your hand and
    // the rest into your graveyard" (Ancestral Memories).
    // "Put one of those cards into your hand and the rest …" (Machinate).
    if p.at("put")
        && p.peek_at(2) == "of"
        && (p.peek_at(3) == "them" || p.peek_at(3) == "those" && p.peek_at(4) == "cards")
    {
        p.bump();
        let n = match super::amount(p)? {
            Amount::Fixed(n) if (1..=7).contains(&n) => n as u8,
            _ => return None,
        };
        (p.eat_all("of them into your hand and the")
            || p.eat_all("of those cards into your hand and the"))
        .then_some(())?;
        p.eat_any(&["rest", "other"])?;
        let mut e = if p.eat_all("on the bottom of your library") {
            p.eat_all("in any order");
            look(Some(ObjectFilter::any()), false, Some(0))
        } else if p.eat_all("on top of your library in any order") {
            look(Some(ObjectFilter::any()), false, None)
        } else if p.eat_all("into your graveyard") {
            let mut e = look(Some(ObjectFilter::any()), false, Some(0));
            if let Effect::LookAtTop {
                rest_to_graveyard, ..
            } = &mut e
            {
                *rest_to_graveyard = true;
            }
            e
        } else {
            return None;
        };
        if let Effect::LookAtTop { to_hand_count, .. } = &mut e {
            *to_hand_count = n;
        }
        return Some(vec![e]);
    }
    p.eat_all("you may reveal").then_some(())?;
    p.eat_any(&["a", "an"])?;
    let f = card_filter(p)?;
    p.eat_all("from among them and put it into your hand .")
        .then_some(())?;
    p.eat_all("put the rest on the bottom of your library in any order")
        .then_some(())?;
    Some(vec![look(Some(f), true, Some(0))])
}

/// "your library" (`None`: the controller's), "target player's library",
/// "target opponent's library", "defending player's library": whose
/// library an effect looks at (the word "library" is left to the caller).
fn library_owner(p: &mut P, cx: &mut Cx) -> Option<Option<PlayerRef>> {
    if p.eat("your") {
        return Some(None);
    }
    if p.at_all("defending player's") {
        p.eat_all("defending player's");
        if !cx
            .effects
            .contains(&Effect::Combat(CombatEffect::ChooseDefendingPlayer))
        {
            cx.effects
                .push(Effect::Combat(CombatEffect::ChooseDefendingPlayer));
        }
        cx.last_player = Some(PlayerRef::Defending);
        return Some(Some(PlayerRef::Defending));
    }
    Some(Some(possessive_target_player(p, cx)?))
}

/// Where "put it" / "put that card" sends the top card: "into play",
/// "into your hand", "into your graveyard", "into their graveyard", "into
/// that player's graveyard", "on the bottom of that player's library".
fn top_dest(p: &mut P) -> Option<TopDest> {
    p.eat("put").then_some(())?;
    if !p.eat("it") {
        p.eat_all("that card").then_some(())?;
    }
    if p.eat_all("into play") {
        Some(TopDest::InPlay)
    } else if p.eat_all("into your hand") {
        Some(TopDest::Hand)
    } else if p.eat("into") {
        p.eat_any(&["your", "their", "its"])
            .map(|_| ())
            .or_else(|| p.eat_all("that player's").then_some(()))?;
        p.eat("graveyard").then_some(TopDest::Graveyard)
    } else if p.eat_all("on the bottom of") {
        p.eat_any(&["your", "their"])
            .map(|_| ())
            .or_else(|| p.eat_all("that player's").then_some(()))?;
        p.eat("library").then_some(TopDest::Bottom)
    } else {
        None
    }
}

/// "Look at (reveal) the top card of [player]'s library." and what
/// becomes of it (`Effect::TopCard`): "If it's a [filter] card, put it
/// [there]. Otherwise, put it [there]." / "You may put that card [there]."
/// / "… and put that card into your hand." A sentence after it that is
/// none of these ("If it's a land, CARDNAME gets +1/+0 …") is read on
/// its own (`IfTopCardIs`).
pub(super) fn top_card(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let reveal = if p.eat_all("reveal the top card of") {
        true
    } else {
        p.eat_all("look at the top card of").then_some(())?;
        false
    };
    let whose = library_owner(p, cx)?.unwrap_or(PlayerRef::You);
    p.eat("library").then_some(())?;
    let mut e = Effect::TopCard {
        whose,
        reveal,
        test: None,
        then: None,
        otherwise: None,
        may: false,
    };
    cx.last_obj = Some(ObjectRef::Chosen);
    let Effect::TopCard {
        test,
        then,
        otherwise,
        may,
        ..
    } = &mut e
    else {
        return None;
    };
    if reveal && p.eat_all("and put that card into your hand") {
        // Dark Confidant.
        *then = Some(TopDest::Hand);
        return Some(vec![e]);
    }
    let save = p.i;
    if p.eat_all(". if it's") {
        p.eat_any(&["a", "an"])?;
        let f = card_filter(p)?;
        p.eat(",").then_some(())?;
        match top_dest(p) {
            Some(d) => {
                *test = Some(f);
                *then = Some(d);
                if p.at_all(". otherwise ,") {
                    p.eat_all(". otherwise ,");
                    *otherwise = Some(top_dest(p)?);
                }
            }
            // Another instruction: its own sentence (`IfTopCardIs`).
            None => p.i = save,
        }
    } else if !reveal && p.eat_all(". you may") {
        match top_dest(p) {
            Some(d) => {
                *then = Some(d);
                *may = true;
            }
            None => p.i = save,
        }
    }
    Some(vec![e])
}

/// "Reveal the top N cards of your library. Put all [filter] cards
/// revealed this way into your hand and the rest on the bottom of your
/// library in any order." (Goblin Ringleader) / "… and the rest into your
/// graveyard." (Mulch).
pub(super) fn reveal_top_put_all(p: &mut P) -> Option<Vec<Effect>> {
    p.eat_all("reveal the top").then_some(())?;
    let amount = amount(p)?;
    p.eat_all("cards of your library . put all").then_some(())?;
    let f = card_filter(p)?;
    p.eat_all("revealed this way into your hand and the rest")
        .then_some(())?;
    let rest_to_graveyard = if p.eat_all("on the bottom of your library in any order") {
        false
    } else if p.eat_all("into your graveyard") {
        true
    } else {
        return None;
    };
    Some(vec![Effect::LookAtTop {
        amount,
        to_hand: Some(f),
        may: false,
        on_top: Some(0),
        to_hand_count: 0,
        rest_to_graveyard,
        rest_removed: false,
        scry: false,
        reveal_all: true,
        whose: None,
        may_shuffle: false,
        look_only: false,
    }])
}
