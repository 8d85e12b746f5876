//! The grammar of cards removed from the game face down (217.7b) and of
//! the abilities linked to them (217.7d): "Exile all cards from your hand
//! face down.", "Each player exiles all cards from their hand face down and
//! draws seven cards.", "exile the top card of your library face down",
//! "You may look at those cards for as long as they remain exiled.", and
//! what refers back to them: "those cards", "each card they exiled this
//! way", "all cards exiled with CARDNAME".

use super::{amount, attempt, player_phrase, Cx, P};
use crate::DelayedEffect;
use crate::{
    Amount, Effect, EndStep, FaceDownFrom, ObjectRef, PlayerRef, RemovedCards, RemovedPlayWindow,
};

/// One sentence of this grammar, appended to `cx.effects`; `None` when the
/// sentence is not one of these.
pub(super) fn sentence(p: &mut P, cx: &mut Cx) -> Option<()> {
    // 217.7b: "You may look at it / those cards for as long as it remains
    // / they remain exiled." after the removal.
    if p.eat_all("you may look at") {
        (p.eat_all("those cards")
            || p.eat_all("that card")
            || p.eat_any(&["it", "them"]).is_some())
        .then_some(())?;
        p.eat_all("for as long as").then_some(())?;
        p.eat_any(&["it", "they"])?;
        p.eat_any(&["remains", "remain"])?;
        p.eat_any(&["exiled", "removed"])?;
        p.eat_all("from the game");
        p.eat_end().then_some(())?;
        match last_removal(cx) {
            Some(Effect::RemoveFaceDown { look, .. })
            | Some(Effect::ChooseFromHand {
                then: crate::HandChoice::RemoveFaceDown { look },
                ..
            }) => *look = true,
            _ => return None,
        }
        return Some(());
    }
    // "You may play that card without paying its mana cost as long as
    // CARDNAME remains in play." (Intet, the Dreamer)
    if p.eat_all("you may play that card without paying its mana cost for as long as cardname remains in play") {
        p.eat_end().then_some(())?;
        matches!(last_removal(cx), Some(Effect::RemoveFaceDown { .. })).then_some(())?;
        push_last(
            cx,
            Effect::MayPlayRemoved {
                what: ObjectRef::Removed(RemovedCards::default()),
                window: RemovedPlayWindow::WhileSourceInPlay,
                free: true,
            },
        );
        return Some(());
    }
    // 404.4: "At the beginning of the end step of that player's next
    // turn, [instructions]." (Suppress: the player the spell targeted.)
    if p.at_all("at the beginning of the end step of that player's next turn ,") {
        let only_target =
            cx.targets.len() == 1 && matches!(cx.targets[0].kind, crate::TargetKind::Player(_));
        only_target.then_some(())?;
        p.eat_all("at the beginning of the end step of that player's next turn ,");
        let v = attempt(p, cx, instructions)?;
        p.eat_end().then_some(())?;
        cx.effects
            .push(Effect::Delayed(DelayedEffect::AtNextEndStep {
                effects: v,
                of: EndStep::ThatPlayersNextTurn,
            }));
        return Some(());
    }
    // "Remove the top card of your library from the game. Until the
    // beginning of your next upkeep, you may play that card." (Elkin
    // Bottle)
    if p.eat_all("until the beginning of your next upkeep , you may play that card") {
        p.eat_end().then_some(())?;
        let last = cx.effects.last_mut()?;
        let top_one = matches!(
            last,
            Effect::RemoveTopCards {
                who: PlayerRef::You,
                amount: Amount::Fixed(1),
                repeat_if_same_name: false,
            }
        );
        top_one.then_some(())?;
        *last = Effect::RemoveTopMayPlay;
        return Some(());
    }
    // "Until your next turn, you may play those cards." (Three Wishes)
    if p.eat_all("until your next turn , you may play those cards") {
        p.eat_end().then_some(())?;
        cx.effects
            .iter()
            .any(|e| matches!(e, Effect::RemoveFaceDown { .. }))
            .then_some(())?;
        cx.effects.push(Effect::MayPlayRemoved {
            what: ObjectRef::Removed(RemovedCards::default()),
            window: RemovedPlayWindow::UntilYourNextTurn,
            free: false,
        });
        return Some(());
    }
    // 404.4: "At the beginning of your next upkeep, put any of those cards
    // you didn't play into your graveyard." (Three Wishes): those still
    // removed.
    if p.eat_all("at the beginning of your next upkeep , put any of those cards you didn't play into your graveyard") {
        p.eat_end().then_some(())?;
        cx.effects.push(Effect::Delayed(DelayedEffect::AtNextUpkeep {
            effects: vec![Effect::PutIntoGraveyard {
                what: ObjectRef::Removed(RemovedCards::default()),
            }],
            yours: true,
        }));
        return Some(());
    }
    // 404.4: "At the beginning of the next end step, [instructions]."
    if p.eat_all("at the beginning of the next end step ,") {
        let v = attempt(p, cx, instructions)?;
        p.eat_end().then_some(())?;
        cx.effects
            .push(Effect::Delayed(DelayedEffect::AtNextEndStep {
                effects: v,
                of: EndStep::Next,
            }));
        return Some(());
    }
    // "Sacrifice CARDNAME. If you do, [instructions]." (Knowledge Vault):
    // nothing happens unless the sacrifice does.
    if p.eat_all("sacrifice cardname . if you do ,") {
        let mut v = vec![Effect::SacrificeThese {
            what: ObjectRef::This,
        }];
        v.extend(attempt(p, cx, instructions)?);
        p.eat_end().then_some(())?;
        cx.effects.push(Effect::IfCondition {
            condition: crate::Condition::YouControlThis,
            effects: v,
        });
        return Some(());
    }
    // 410.5: "You may remove your hand from the game face down. If you
    // do, …": the whole ability is optional, so "if you do" is the rest of
    // it.
    if p.at_all("if you do ,") {
        let removed_first = cx.optional
            && cx.effects.len() == 1
            && matches!(cx.effects[0], Effect::RemoveFaceDown { .. });
        removed_first.then_some(())?;
        p.eat_all("if you do ,");
    }
    let mut v = attempt(p, cx, instructions)?;
    // 404.4: "… at the beginning of your next end step" (Necropotence).
    if p.eat_all("at the beginning of your next end step") {
        v = vec![Effect::Delayed(DelayedEffect::AtNextEndStep {
            effects: v,
            of: EndStep::Yours,
        })];
    }
    p.eat_end().then_some(())?;
    cx.effects.extend(v);
    Some(())
}

/// The last effect of the ability so far, looking into the branch paid of
/// "You may pay {2}{U}. If you do, [remove …]." (Intet, the Dreamer): the
/// sentences after it belong to that branch.
fn last_removal(cx: &mut Cx) -> Option<&mut Effect> {
    let paid =
        matches!(cx.effects.last(), Some(Effect::UnlessPays { effects, .. }) if effects.is_empty());
    if !paid {
        return cx.effects.last_mut();
    }
    match cx.effects.last_mut() {
        Some(Effect::UnlessPays { if_paid, .. }) => if_paid.last_mut(),
        _ => None,
    }
}

/// Appends `e` after the last effect, inside the branch paid if the last
/// is "You may pay …. If you do, …" (`last_removal`).
fn push_last(cx: &mut Cx, e: Effect) {
    match cx.effects.last_mut() {
        Some(Effect::UnlessPays {
            if_paid, effects, ..
        }) if effects.is_empty() => if_paid.push(e),
        _ => cx.effects.push(e),
    }
}

/// Instructions joined by ", then" / "and".
fn instructions(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let mut v = instruction(p, cx)?;
    let mut any = v.iter().any(is_ours);
    loop {
        let i = p.i;
        p.eat(",");
        let joined = p.eat("then") || p.eat("and");
        if !joined {
            p.i = i;
            break;
        }
        match attempt(p, cx, instruction) {
            Some(more) => {
                any |= more.iter().any(is_ours);
                v.extend(more);
            }
            None => {
                p.i = i;
                break;
            }
        }
    }
    // Sentences with nothing of this grammar are left to the others.
    any.then_some(v)
}

/// Whether an effect is one only this grammar makes.
fn is_ours(e: &Effect) -> bool {
    match e {
        Effect::RemoveFaceDown { .. }
        | Effect::PutTopCardsIntoHand { .. }
        | Effect::PutOnTopInAnyOrder { .. }
        | Effect::PutIntoGraveyard { .. }
        | Effect::ReturnRemovedChosen { .. }
        | Effect::TurnRemovedFaceUp { .. } => true,
        Effect::ChooseFromHand { then, .. } => {
            matches!(then, crate::HandChoice::RemoveFaceDown { .. })
        }
        Effect::ReturnToHand { what } | Effect::PutIntoPlay { what, .. } => {
            matches!(what, ObjectRef::Removed(_))
        }
        // Only made here from "exile that card from your graveyard".
        Effect::RemoveFromGame { what } => *what == ObjectRef::Triggering,
        _ => false,
    }
}

/// One instruction: a face-down removal, a move of the linked cards, or
/// the plain instructions that go with them (drawing, discarding a hand).
fn instruction(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    // "Whenever you discard a card, exile that card from your graveyard."
    // (Necropotence): the card discarded, if it is still there.
    if cx.trig_card && p.eat_all("exile that card from your graveyard") {
        return Some(vec![Effect::RemoveFromGame {
            what: ObjectRef::Triggering,
        }]);
    }
    // "exile any number of cards from your hand face down" (Scroll Rack):
    // the player chooses them one at a time and may stop.
    if p.eat_all("exile any number of cards from your hand face down") {
        return Some(vec![Effect::ChooseFromHand {
            who: PlayerRef::You,
            filter: crate::ObjectFilter::any(),
            amount: crate::ANY_NUMBER,
            then: crate::HandChoice::RemoveFaceDown { look: false },
            x: false,
            up_to: false,
        }]);
    }
    // "put that many cards from the top of your library into your hand"
    // (Scroll Rack): as many as were removed; not a draw.
    if p.eat_all("put that many cards from the top of your library into your hand") {
        return Some(vec![Effect::PutTopCardsIntoHand {
            who: PlayerRef::You,
            amount: Amount::CountRemoved,
        }]);
    }
    // 217.2d: "look at the exiled cards and put them on top of your library
    // in any order" (Scroll Rack): the cards this resolution removed.
    if p.eat_all("look at the exiled cards and put them on top of your library in any order") {
        return Some(vec![Effect::PutOnTopInAnyOrder {
            by_owner: false,
            what: ObjectRef::Removed(RemovedCards::default()),
        }]);
    }
    // "exile a card from your hand face down" (Gustha's Scepter): the
    // player chooses it.
    if p.eat_all("exile a card from your hand face down") {
        return Some(vec![Effect::ChooseFromHand {
            who: PlayerRef::You,
            filter: crate::ObjectFilter::any(),
            amount: 1,
            then: crate::HandChoice::RemoveFaceDown { look: false },
            x: false,
            up_to: false,
        }]);
    }
    // "turn the exiled card face up. If it's a creature card, put it into
    // play under your control." (Summoner's Egg)
    if p.eat_all("turn the exiled card face up") {
        let what = ObjectRef::Removed(RemovedCards {
            linked: true,
            ..Default::default()
        });
        let creature_into_play =
            p.eat_all(". if it's a creature card , put it into play under your control");
        return Some(vec![Effect::TurnRemovedFaceUp {
            what,
            creature_into_play,
        }]);
    }
    // 217.7d: "When Parallax Wave leaves play, each player returns to play
    // all cards they own exiled with CARDNAME." (Parallax Tide): each card
    // the linked ability removed, under its owner's control.
    if p.eat_all("each player returns to play all cards they own exiled with cardname") {
        return Some(vec![Effect::PutIntoPlay {
            what: ObjectRef::Removed(RemovedCards {
                linked: true,
                ..Default::default()
            }),
            flipped: false,
            under_owner: true,
        }]);
    }
    // "return a card you own exiled with CARDNAME to your hand".
    if p.eat_all("return a card you own exiled with cardname to your hand") {
        return Some(vec![Effect::ReturnRemovedChosen {
            what: ObjectRef::Removed(RemovedCards {
                linked: true,
                yours: true,
                other: false,
            }),
        }]);
    }
    // "exile all cards from your hand face down" (imperative: you).
    if p.at("exile") {
        p.bump();
        return removal(p, cx, PlayerRef::You).map(|e| vec![e]);
    }
    // "return those cards to your hand", "return all cards you own exiled
    // with CARDNAME to your hand".
    if p.eat("return") {
        let what = removed_cards(p)?;
        // 217.7d: "When Faceless Butcher leaves play, return the removed
        // card to play under its owner's control." / "… return the
        // removed cards to their owner's graveyard" (Gravegouger).
        if p.eat_all("to play under its owner's control")
            || p.eat_all("to play under their owners' control")
            || p.eat_all("to play under their owner's control")
        {
            return Some(vec![Effect::PutIntoPlay {
                what,
                flipped: false,
                under_owner: true,
            }]);
        }
        if p.eat_all("to their owner's graveyard") || p.eat_all("to their owners' graveyards") {
            return Some(vec![Effect::PutIntoGraveyard { what }]);
        }
        p.eat_all("to your hand").then_some(())?;
        return Some(vec![Effect::ReturnToHand { what }]);
    }
    // "put all cards exiled with CARDNAME into their owner's hand /
    // graveyard".
    if p.eat("put") {
        let what = removed_cards(p)?;
        p.eat("into").then_some(())?;
        p.eat_any(&["their", "its", "your"])?;
        p.eat_any(&["owner's", "owners'"]);
        return if p.eat("hand") {
            Some(vec![Effect::ReturnToHand { what }])
        } else if p.eat("graveyard") {
            Some(vec![Effect::PutIntoGraveyard { what }])
        } else {
            None
        };
    }
    if p.eat_all("discard your hand") {
        return Some(vec![Effect::DiscardHand {
            who: PlayerRef::You,
        }]);
    }
    if p.eat_all("draw a card") {
        return Some(vec![Effect::DrawCards {
            who: PlayerRef::You,
            amount: Amount::Fixed(1),
        }]);
    }
    // "[player] exiles all cards from their hand face down [and draws
    // seven cards]", "each player discards their hand and returns to their
    // hand each card they exiled this way".
    let who = attempt(p, cx, player_phrase)?;
    let mut v = Vec::new();
    loop {
        if p.eat_any(&["exiles", "exile"]).is_some() {
            v.push(removal(p, cx, who.clone())?);
        } else if p.eat_any(&["draws", "draw"]).is_some() {
            let amount = amount(p)?;
            p.eat_any(&["card", "cards"])?;
            v.push(Effect::DrawCards {
                who: who.clone(),
                amount,
            });
        } else if p.eat_all("discards their hand") || p.eat_all("discard your hand") {
            v.push(Effect::DiscardHand { who: who.clone() });
        } else if p.eat_all("returns to their hand") || p.eat_all("returns") {
            let what = removed_cards(p)?;
            p.eat_all("to their hand");
            v.push(Effect::ReturnToHand { what });
        } else {
            return None;
        }
        let i = p.i;
        if !p.eat("and") || !matches!(p.peek(), "exiles" | "draws" | "discards" | "returns") {
            p.i = i;
            break;
        }
    }
    Some(v)
}

/// After "exile(s)": "all cards from their hand face down", "the top
/// [N] card(s) of [your / their / target player's] library face down".
fn removal(p: &mut P, cx: &mut Cx, mut who: PlayerRef) -> Option<Effect> {
    let from = if p.eat_all("all cards from") {
        p.eat_any(&["your", "their"])?;
        p.eat("hand").then_some(())?;
        FaceDownFrom::Hand
    } else if p.eat_all("the top") {
        let n = if p.at("card") {
            1
        } else {
            match amount(p)? {
                Amount::Fixed(n) if (1..=60).contains(&n) => n as u8,
                _ => return None,
            }
        };
        p.eat_any(&["card", "cards"])?;
        p.eat("of").then_some(())?;
        if p.at_all("target player's") {
            // Jester's Scepter: "the top five cards of target player's
            // library".
            (who == PlayerRef::You).then_some(())?;
            who = super::library::possessive_target_player(p, cx)?;
        } else {
            p.eat_any(&["your", "their"])?;
        }
        p.eat("library").then_some(())?;
        FaceDownFrom::LibraryTop(n)
    } else {
        return None;
    };
    p.eat_all("face down").then_some(())?;
    Some(Effect::RemoveFaceDown {
        who,
        from,
        look: false,
    })
}

/// 217.7d: "those cards", "that card", "each card they exiled this way",
/// "all [other] cards [you own] exiled with CARDNAME", "each card exiled
/// with CARDNAME".
fn removed_cards(p: &mut P) -> Option<ObjectRef> {
    if p.eat_all("those cards")
        || p.eat_all("each card they exiled this way")
        || p.eat_all("that card")
    {
        return Some(ObjectRef::Removed(RemovedCards::default()));
    }
    // 217.7d: "the removed card(s)": those the linked ability removed.
    if p.eat_all("the exiled card") || p.eat_all("the exiled cards") {
        return Some(ObjectRef::Removed(RemovedCards {
            linked: true,
            ..Default::default()
        }));
    }
    // "each card exiled with CARDNAME" (Safe Haven) is "all cards …".
    if p.eat("each") {
        let other = p.eat("other");
        p.eat_all("card exiled with cardname").then_some(())?;
        return Some(ObjectRef::Removed(RemovedCards {
            linked: true,
            yours: false,
            other,
        }));
    }
    p.eat("all").then_some(())?;
    let other = p.eat("other");
    p.eat("cards").then_some(())?;
    let yours = p.eat_all("you own");
    p.eat_all("exiled with cardname").then_some(())?;
    Some(ObjectRef::Removed(RemovedCards {
        linked: true,
        yours,
        other,
    }))
}
