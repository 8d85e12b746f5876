//! The grammar of cards revealed by an effect and where they go:
//! "Reveal cards from the top of your library until you reveal a [filter]
//! card." (`Effect::RevealUntil`), "[player] reveals their hand."
//! (`Effect::RevealHand`), "Put that card into your hand and all other
//! cards revealed this way into your graveyard." / "Put the revealed cards
//! on the bottom of your library in any order." (`Effect::PutRevealed`),
//! and "Choose target creature or player." (a target declared before the
//! instructions that use it: Erratic Explosion).

use super::library::card_filter;
use super::{amount, target, Cx, P};
use crate::{Effect, ObjectFilter, ObjectRef, PlayerRef, RevealedDest, RevealedPart};

/// One sentence of this grammar, appended to `cx.effects`; `None` (the
/// caller's `attempt` restores the cursor) when it is not one of these.
pub(super) fn sentence(p: &mut P, cx: &mut Cx) -> Option<()> {
    let v = if p.at_all("choose target") {
        // "Choose target creature or player." (Erratic Explosion, Riddle of
        // Lightning): the target, referred to afterwards ("that permanent
        // or player", "that creature").
        p.eat("choose");
        let (i, is_player) = target(p, cx)?;
        if !is_player {
            cx.last_obj = Some(ObjectRef::Target(i));
        }
        Vec::new()
    } else if p.at_all("exile the top") && p.peek_at(4) == "cards" {
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
        v.extend(reveal_until(p)?);
        v
    } else if p.at_all("reveal cards from the top of your library until you reveal") {
        reveal_until(p)?
    } else if revealed_before(cx) && p.at("put") {
        put_revealed(p, cx)?
    } else if revealed_before(cx) && p.at_all("exile all other cards revealed this way") {
        // "Exile all other cards revealed this way, and you lose 1 life for
        // each of the exiled cards." (Spoils of the Vault)
        p.eat_all("exile all other cards revealed this way");
        cx.effects.push(Effect::PutRevealed {
            which: RevealedPart::Others,
            dest: RevealedDest::RemoveFromGame,
        });
        if p.eat_all(", and") {
            let more = super::clauses(p, cx)?;
            cx.effects.extend(more);
        }
        Vec::new()
    } else {
        return None;
    };
    p.eat_end().then_some(())?;
    cx.effects.extend(v);
    Some(())
}

/// Whether an instruction before revealed cards from a library.
pub(super) fn revealed_before(cx: &Cx) -> bool {
    cx.effects
        .iter()
        .any(|e| matches!(e, Effect::RevealUntil { .. } | Effect::RevealHand { .. }))
}

/// "reveal cards from the top of your library until you reveal a [filter]
/// card [, then put that card into your hand]".
fn reveal_until(p: &mut P) -> Option<Vec<Effect>> {
    p.eat_all("reveal cards from the top of your library until you reveal")
        .then_some(())?;
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
    let mut v = vec![Effect::RevealUntil { filter }];
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
    if p.eat_all("into your hand") {
        Some(RevealedDest::Hand)
    } else if p.eat_all("into play") {
        Some(RevealedDest::InPlay)
    } else if p.eat_all("into your graveyard") {
        Some(RevealedDest::Graveyard)
    } else if p.eat_all("on the bottom of your library in any order") {
        Some(RevealedDest::Bottom)
    } else {
        None
    }
}

/// "Put [part] [dest] [and [part] [dest] / and exile [part] / and shuffle
/// the rest into your library]."
fn put_revealed(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    p.eat("put").then_some(())?;
    let which = part(p)?;
    let to = dest(p)?;
    // A card put into play by this effect gets no choice of what it
    // enchants (212.4): only a filter that can't find an Aura.
    if to == RevealedDest::InPlay && !found_not_aura(cx) {
        return None;
    }
    let mut v = vec![Effect::PutRevealed { which, dest: to }];
    if p.eat("and") {
        let (which, to) = if p.eat("exile") {
            (part(p)?, RevealedDest::RemoveFromGame)
        } else if p.eat("shuffle") {
            let w = part(p)?;
            p.eat_all("into your library").then_some(())?;
            (w, RevealedDest::ShuffleIn)
        } else {
            let w = part(p)?;
            (w, dest(p)?)
        };
        v.push(Effect::PutRevealed { which, dest: to });
    }
    Some(v)
}

/// Whether the card a `RevealUntil` finds is a creature card (so never an
/// Aura).
fn found_not_aura(cx: &Cx) -> bool {
    cx.effects.iter().any(|e| {
        matches!(e, Effect::RevealUntil { filter }
            if filter.types_any == crate::TypeSet::single(crate::CardType::Creature))
    })
}
