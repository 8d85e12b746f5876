//! The grammar of cards revealed by an effect and where they go:
//! "Reveal cards from the top of your library until you reveal a [filter]
//! card." (`Effect::RevealUntil`), "[player] reveals their hand."
//! (`Effect::RevealHand`), "Put that card into your hand and all other
//! cards revealed this way into your graveyard." / "Put the revealed cards
//! on the bottom of your library in any order." (`Effect::PutRevealed`),
//! "Choose target creature or player." (a target declared before the
//! instructions that use it: Erratic Explosion), and two piles, one player
//! separating and another choosing (`Effect::Piles`: Fact or Fiction).

use super::library::card_filter;
use super::{amount, target, Cx, P};
use crate::{Effect, ObjectFilter, ObjectRef, PlayerRef, RevealedDest, RevealedPart};

/// One sentence of this grammar, appended to `cx.effects`; `None` (the
/// caller's `attempt` restores the cursor) when it is not one of these.
pub(super) fn sentence(p: &mut P, cx: &mut Cx) -> Option<()> {
    if p.at_all("choose target") {
        // "Choose target creature or player." (Erratic Explosion, Riddle of
        // Lightning): the target, referred to afterwards ("that permanent
        // or player", "that creature").
        p.eat("choose");
        let (i, is_player) = target(p, cx)?;
        if !is_player {
            cx.last_obj = Some(ObjectRef::Target(i));
        }
        return p.eat_end().then_some(());
    }
    if revealed_before(cx) && p.at_all("exile all other cards revealed this way") {
        // "Exile all other cards revealed this way, and you lose 1 life for
        // each of the exiled cards." (Spoils of the Vault: the amount reads
        // the instruction before it.)
        p.eat_all("exile all other cards revealed this way");
        cx.effects.push(Effect::PutRevealed {
            which: RevealedPart::Others,
            dest: RevealedDest::RemoveFromGame,
        });
        if p.eat_all(", and") {
            let more = super::clauses(p, cx)?;
            cx.effects.extend(more);
        }
        return p.eat_end().then_some(());
    }
    if revealed_before(cx) && p.at_all("if the revealed") {
        return double_if_found(p, cx);
    }
    if p.at_all("reveal the top") || p.at_all("separate all") {
        if let Some(()) = super::attempt(p, cx, piles) {
            return Some(());
        }
    }
    if let Some(()) = super::attempt(p, cx, reveal_hand) {
        return Some(());
    }
    let v = clause(p, cx)?;
    p.eat_end().then_some(())?;
    cx.effects.extend(v);
    Some(())
}

/// Two piles (`Effect::Piles`): "Reveal the top five cards of your
/// library. An opponent separates those cards into two piles. Put one pile
/// into your hand and the other into your graveyard." (Fact or Fiction) /
/// "Separate all creatures target player controls into two piles. Destroy
/// all creatures in the pile of that player's choice. They can't be
/// regenerated." (Do or Die).
fn piles(p: &mut P, cx: &mut Cx) -> Option<()> {
    let e = if p.eat_all("reveal the top") {
        let n = match amount(p)? {
            crate::Amount::Fixed(n @ 1..=60) => n as u8,
            _ => return None,
        };
        p.eat_all("cards of your library . an opponent separates those cards into two piles . put one pile into your hand and the other into your graveyard")
            .then_some(())?;
        Effect::Piles {
            what: crate::PileSource::LibraryTop(n),
            separator: PlayerRef::EachOpponent,
            chooser: PlayerRef::You,
            chosen: crate::PileDest::Hand,
            other: crate::PileDest::Graveyard,
        }
    } else if p.at_all("separate all creature cards in your graveyard into two piles") {
        // Death or Glory: creature cards only, so never an Aura (212.4).
        p.eat_all("separate all creature cards in your graveyard into two piles . exile the pile of an opponent's choice and return the other to play")
            .then_some(())?;
        Effect::Piles {
            what: crate::PileSource::Graveyard(ObjectFilter::creature()),
            separator: PlayerRef::You,
            chooser: PlayerRef::EachOpponent,
            chosen: crate::PileDest::RemoveFromGame,
            other: crate::PileDest::InPlay,
        }
    } else {
        p.eat_all("separate all").then_some(())?;
        let (f, noun) = super::targets::filter(p)?;
        (noun == super::targets::Noun::Permanent).then_some(())?;
        let (t, is_player) = target(p, cx)?;
        is_player.then_some(())?;
        p.eat_all("controls into two piles . destroy all")
            .then_some(())?;
        super::targets::filter(p)?;
        p.eat_all("in the pile of that player's choice . they can't be regenerated")
            .then_some(())?;
        Effect::Piles {
            what: crate::PileSource::Permanents(ObjectFilter {
                controller: crate::ControllerFilter::TargetPlayer(t),
                ..f
            }),
            separator: PlayerRef::You,
            chooser: PlayerRef::Target(t),
            chosen: crate::PileDest::DestroyNoRegen,
            other: crate::PileDest::Stays,
        }
    };
    p.eat_end().then_some(())?;
    cx.effects.push(e);
    Some(())
}

/// "If the revealed land card was a Mountain, CARDNAME deals double that
/// damage instead." (Goblin Charbelcher): the damage instruction before
/// becomes a choice judged as it applies, by the card found.
fn double_if_found(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("if the revealed").then_some(())?;
    card_filter(p)?;
    p.eat("was").then_some(())?;
    p.eat_any(&["a", "an"])?;
    let st = super::targets::subtype_word(p.raw()).and_then(crate::Subtype::lookup)?;
    p.bump();
    p.eat_all(", cardname deals double that damage instead")
        .then_some(())?;
    p.eat_end().then_some(())?;
    let Some(Effect::DealDamage { amount, to }) = cx.effects.pop() else {
        return None;
    };
    cx.effects.push(Effect::IfElse {
        condition: crate::Condition::ObjectIs {
            what: ObjectRef::Chosen,
            filter: Box::new(ObjectFilter {
                subtypes_any: vec![st],
                ..Default::default()
            }),
        },
        then: vec![Effect::DealDamage {
            amount: crate::Amount::Times(2, Box::new(amount.clone())),
            to: to.clone(),
        }],
        otherwise: vec![Effect::DealDamage { amount, to }],
    });
    Some(())
}

/// "Target opponent reveals their hand." followed by a sentence counting
/// the cards revealed ("You draw a card for each Mountain and red card in
/// it.", Baleful Stare; "… equal to the number of white cards in their
/// hand.", Inquisition). A choice from the hand ("You choose …", "That
/// player discards …") is `library::hand_choice`'s.
fn reveal_hand(p: &mut P, cx: &mut Cx) -> Option<()> {
    let (t, is_player) = target(p, cx)?;
    is_player.then_some(())?;
    p.eat_all("reveals their hand").then_some(())?;
    (p.at(".") && !p.at_all(". you choose") && !p.at_all(". that player discards")).then_some(())?;
    p.eat_end().then_some(())?;
    cx.last_player = Some(PlayerRef::Target(t));
    cx.effects.push(Effect::RevealHand {
        who: PlayerRef::Target(t),
    });
    Some(())
}

/// After a hand was revealed: "[filters] card in it", "[filters] cards in
/// their hand", "[filters] card(s) revealed this way" — what
/// `Amount::Revealed` counts. "Mountain and red card": a Mountain or a red
/// card (each subtype before "and" is one more filter).
pub(super) fn revealed_filters(p: &mut P, cx: &Cx) -> Option<Vec<ObjectFilter>> {
    revealed_before(cx).then_some(())?;
    let mut v = Vec::new();
    while p.peek_at(1) == "and" {
        let st = super::targets::subtype_word(p.raw()).and_then(crate::Subtype::lookup)?;
        p.bump();
        p.bump();
        v.push(ObjectFilter {
            subtypes_any: vec![st],
            ..Default::default()
        });
    }
    let f = card_filter(p)?;
    // "in it" / "in their hand": the hand revealed, not a library's cards.
    let hand = cx
        .effects
        .iter()
        .any(|e| matches!(e, Effect::RevealHand { .. }));
    ((hand && (p.eat_all("in it") || p.eat_all("in their hand")))
        || p.eat_all("revealed this way"))
    .then_some(())?;
    // "card in it": every card.
    if f != ObjectFilter::default() || !v.is_empty() {
        v.push(f);
    }
    Some(v)
}

/// One clause of this grammar (also after "If you do, …"): revealing
/// until a card is found, or putting the cards revealed.
pub(super) fn clause(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    if p.at_all("exile the top") && p.peek_at(4) == "cards" {
        // "Exile the top six cards of your library, then reveal cards …"
        // (Demonic Consultation).
        p.eat_all("exile the top");
        let n = amount(p)?;
        p.eat_all("cards of your library , then").then_some(())?;
        let mut v = vec![Effect::RemoveTopCards {
            who: PlayerRef::You,
            amount: n,
            repeat_if_same_name: false,
        }];
        v.extend(reveal_until(p, PlayerRef::You)?);
        return Some(v);
    }
    if p.at_all("reveal cards from the top of your library until you reveal") {
        return reveal_until(p, PlayerRef::You);
    }
    // "Scry 3, then reveal the top card of your library. CARDNAME deals
    // damage equal to that card's converted mana cost …" (Riddle of
    // Lightning): the card revealed is "that card"; where it goes after
    // ("If it's …", "Put it …") is `library_top::top_card`'s.
    if p.at_all("reveal the top card of your library . cardname") {
        p.eat_all("reveal the top card of your library");
        return Some(vec![Effect::TopCard {
            whose: PlayerRef::You,
            reveal: true,
            test: None,
            then: None,
            otherwise: None,
            may: false,
        }]);
    }
    if p.at("reveals") || p.at("reveal") {
        return None;
    }
    // "Its controller reveals cards from the top of their library until
    // they reveal a creature card." (Polymorph, Proteus Staff)
    if let Some(v) = super::attempt(p, cx, |p, cx| {
        let who = super::player_phrase(p, cx)?;
        (who != PlayerRef::You).then_some(())?;
        p.at_all("reveals cards from the top of their library until they reveal")
            .then_some(())?;
        cx.last_player = Some(who.clone());
        reveal_until(p, who)
    }) {
        return Some(v);
    }
    if revealed_before(cx) {
        // "The player puts that card into play, then shuffles …"
        if p.eat_all("the player puts") || p.eat_all("that player puts") {
            return put_revealed(p, cx, true);
        }
        if p.eat("put") {
            return put_revealed(p, cx, false);
        }
    }
    None
}

/// Whether an instruction before revealed cards (a library's until one
/// was found, or a hand), at the top of the ability or after "If you do".
pub(super) fn revealed_before(cx: &Cx) -> bool {
    fn any(v: &[Effect]) -> bool {
        v.iter().any(|e| match e {
            Effect::RevealUntil { .. } | Effect::RevealHand { .. } => true,
            Effect::IfElse { then, .. } => any(then),
            // "You may pay {1}. If you do, reveal …" (Foster).
            Effect::UnlessPays { if_paid, .. } => any(if_paid),
            _ => false,
        })
    }
    any(&cx.effects)
}

/// "reveal cards from the top of your library until you reveal a [filter]
/// card [, then put that card into your hand]" ("reveals … their library
/// until they reveal" for another player).
fn reveal_until(p: &mut P, who: PlayerRef) -> Option<Vec<Effect>> {
    if !p.eat_all("reveal cards from the top of your library until you reveal") {
        p.eat_all("reveals cards from the top of their library until they reveal")
            .then_some(())?;
    }
    p.eat_any(&["a", "an"])?;
    // "a card with the chosen name" / "… with that name": the name the
    // spell's "Choose a card name." chose (Demonic Consultation).
    let filter = if p.eat_all("card with the chosen name") || p.eat_all("card with that name") {
        ObjectFilter {
            chosen_name: true,
            ..Default::default()
        }
    } else {
        card_filter(p)?
    };
    let mut v = vec![Effect::RevealUntil { who, filter }];
    if p.eat_all(", then put that card into your hand") {
        v.push(Effect::PutRevealed {
            which: RevealedPart::Found,
            dest: RevealedDest::Hand,
        });
    }
    Some(v)
}

/// "that card", "all other cards revealed this way", "the rest", "the
/// revealed cards", "all cards revealed this way".
fn part(p: &mut P) -> Option<RevealedPart> {
    if p.eat_all("that card") {
        Some(RevealedPart::Found)
    } else if p.eat_all("all other cards revealed this way") || p.eat_all("the rest") {
        Some(RevealedPart::Others)
    } else if p.eat_all("the revealed cards") || p.eat_all("all cards revealed this way") {
        Some(RevealedPart::All)
    } else {
        None
    }
}

/// "into your hand", "into play", "into your graveyard", "on the bottom of
/// your library in any order".
fn dest(p: &mut P) -> Option<RevealedDest> {
    if p.eat_all("into your hand") || p.eat_all("into their hand") {
        Some(RevealedDest::Hand)
    } else if p.eat_all("into play") {
        Some(RevealedDest::InPlay)
    } else if p.eat_all("into your graveyard") || p.eat_all("into their graveyard") {
        Some(RevealedDest::Graveyard)
    } else if p.eat_all("on the bottom of your library in any order")
        || p.eat_all("on the bottom of their library in any order")
    {
        Some(RevealedDest::Bottom)
    } else {
        None
    }
}

/// "Put [part] [dest] [and [put] [part] [dest] / and exile [part] / and
/// shuffle [part] into your library]" (the word "put" read by the
/// caller); with `player`, "The player puts … , then shuffles …" (the
/// player who revealed).
fn put_revealed(p: &mut P, cx: &mut Cx, player: bool) -> Option<Vec<Effect>> {
    let which = part(p)?;
    let to = dest(p)?;
    // A card put into play by this effect gets no choice of what it
    // enchants (212.4): only a filter that can't find an Aura.
    if to == RevealedDest::InPlay && !found_not_aura(cx) {
        return None;
    }
    let mut v = vec![Effect::PutRevealed { which, dest: to }];
    let i = p.i;
    if p.eat("and") || (player && p.eat_all(", then")) {
        let shuffle = if player {
            p.eat("shuffles")
        } else {
            p.eat("shuffle")
        };
        let (which, to) = if !player && p.eat("exile") {
            (part(p)?, RevealedDest::RemoveFromGame)
        } else if shuffle {
            let w = part(p)?;
            (p.eat_all("into your library") || p.eat_all("into their library")).then_some(())?;
            (w, RevealedDest::ShuffleIn)
        } else {
            if !player {
                p.eat("put");
            }
            let w = part(p)?;
            (w, dest(p)?)
        };
        v.push(Effect::PutRevealed { which, dest: to });
    } else {
        p.i = i;
    }
    Some(v)
}

/// Whether the card a `RevealUntil` finds is of a type that is never an
/// Aura (a creature card, a land card).
fn found_not_aura(cx: &Cx) -> bool {
    fn any(v: &[Effect]) -> bool {
        v.iter().any(|e| match e {
            Effect::RevealUntil { filter, .. } => {
                !filter.types_any.is_empty()
                    && !filter.types_any.contains(crate::CardType::Enchantment)
            }
            Effect::IfElse { then, .. } => any(then),
            Effect::UnlessPays { if_paid, .. } => any(if_paid),
            _ => false,
        })
    }
    any(&cx.effects)
}
