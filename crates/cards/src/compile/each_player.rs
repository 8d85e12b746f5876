//! Instructions each player of a group follows in turn (413.2d,
//! `Effect::ForEachPlayer`): "each opponent sacrifices a permanent unless
//! they pay {1}" (Rishadan Cutpurse: each opponent decides for themself),
//! "[player] may search their library for …" (Ghost Quarter, Veteran
//! Explorer, Noble Benefactor: the searcher is that player, not the
//! controller).

use super::*;
use crate::{Effect, PlayerRef};

/// The player an instruction is done by or to ("each opponent sacrifices
/// …", "that creature's controller loses 2 life"), for the instructions a
/// per-player "unless they pay" may guard.
fn subject(e: &mut Effect) -> Option<&mut PlayerRef> {
    match e {
        Effect::Sacrifice { who, .. }
        | Effect::LoseLife { who, .. }
        | Effect::Discard { who, .. }
        | Effect::DrawCards { who, .. } => Some(who),
        Effect::DealDamage {
            to: crate::Recipient::Player(who),
            ..
        } => Some(who),
        _ => None,
    }
}

/// "each opponent sacrifices a permanent unless they pay {1}": the group
/// ("each opponent", "each player") and the instruction as one of them
/// follows it ("that player sacrifices a permanent"); `None` if the
/// instruction isn't one instruction done by a group.
pub(super) fn per_player(v: &[Effect]) -> Option<(PlayerRef, Vec<Effect>)> {
    let [e] = v else {
        return None;
    };
    let mut e = e.clone();
    let who = subject(&mut e)?;
    let group = match who {
        PlayerRef::EachOpponent | PlayerRef::EachPlayer | PlayerRef::EachOtherPlayer => who.clone(),
        _ => return None,
    };
    *who = PlayerRef::Triggering;
    Some((group, vec![e]))
}

/// "… unless they pay" after an instruction one player does ("that
/// creature's controller loses 2 life unless they pay {2}", Death
/// Charmer): "they" is that player.
pub(super) fn single_subject(v: &[Effect]) -> Option<PlayerRef> {
    let [e] = v else {
        return None;
    };
    let mut e = e.clone();
    match subject(&mut e)? {
        w @ (PlayerRef::ControllerOf(_) | PlayerRef::Target(_) | PlayerRef::Triggering) => {
            Some(w.clone())
        }
        _ => None,
    }
}

/// "[player] may search their library for [cards], put [them] into play /
/// into their hand[, then shuffle]. [Then each player who searched their
/// library this way shuffles.]": the search as the controller's own
/// ("search your library for …", `library::search`), done by that player
/// in their library (`by_owner`), each player of a group in turn, each
/// first choosing whether to search (413.2d; a player who doesn't search
/// doesn't shuffle).
fn may_search(p: &mut P, cx: &mut Cx) -> Option<()> {
    let who = if p.eat_all("each other player") {
        PlayerRef::EachOtherPlayer
    } else {
        super::targets::player_phrase(p, cx)?
    };
    if matches!(who, PlayerRef::You) {
        return None;
    }
    p.eat_all("may search their library for").then_some(())?;
    // The rest of the sentence, read as "search your library for …".
    let end = (p.i..p.t.len())
        .find(|&k| p.t[k].low == ".")
        .unwrap_or(p.t.len());
    let mut toks: Vec<Tok> = ["search", "your", "library", "for"]
        .iter()
        .map(|w| Tok {
            raw: (*w).to_string(),
            low: (*w).to_string(),
        })
        .collect();
    for t in &p.t[p.i..end] {
        let mut t = t.clone();
        if t.low == "their" {
            t.low = "your".into();
            t.raw = "your".into();
        }
        toks.push(t);
    }
    p.i = end;
    p.far = p.far.max(end);
    p.eat(".");
    // "Then each player who searched their library this way shuffles."
    // (Noble Benefactor, Hired Giant): each searcher shuffles after all
    // have searched; no one sees the libraries in between (hidden zones,
    // 217.1a), so each shuffles as they finish their search.
    if p.eat_all("then each player who searched their library this way shuffles") {
        for w in [",", "then", "shuffle"] {
            toks.push(Tok {
                raw: w.to_string(),
                low: w.to_string(),
            });
        }
        p.eat(".");
    }
    let mut q = P::new(&toks);
    let mut effects = super::library::search(&mut q)?;
    q.at_end().then_some(())?;
    let [Effect::SearchLibrary {
        whose, by_owner, ..
    }] = effects.as_mut_slice()
    else {
        return None;
    };
    *whose = Some(PlayerRef::Triggering);
    *by_owner = true;
    cx.effects.push(Effect::ForEachPlayer {
        who,
        may: true,
        effects,
    });
    Some(())
}

/// "Each player may draw up to two cards. For each card less than two a
/// player draws this way, that player gains 2 life." (Truce), "each other
/// player may draw up to three cards" (Indentured Djinn): each player in
/// turn chooses how many cards they draw (413.2d, `Effect::DrawUpTo`).
fn may_draw_up_to(p: &mut P, cx: &mut Cx) -> Option<()> {
    let who = if p.eat_all("each other player") {
        PlayerRef::EachOtherPlayer
    } else if p.eat_all("each player") {
        PlayerRef::EachPlayer
    } else if p.eat_all("each opponent") {
        PlayerRef::EachOpponent
    } else {
        return None;
    };
    p.eat_all("may draw up to").then_some(())?;
    let max = number_word(p.bump()).filter(|n| (2..=7).contains(n))?;
    p.eat("cards").then_some(())?;
    p.eat_end().then_some(())?;
    let mut life_per_less = 0;
    if p.eat_all("for each card less than") {
        (number_word(p.bump())? == max).then_some(())?;
        p.eat_all("a player draws this way , that player gains")
            .then_some(())?;
        life_per_less = u32::try_from(number_word(p.bump())?).ok()?;
        p.eat("life").then_some(())?;
        p.eat_end().then_some(())?;
    }
    cx.effects.push(Effect::ForEachPlayer {
        who,
        may: false,
        effects: vec![Effect::DrawUpTo {
            who: PlayerRef::Triggering,
            max: u8::try_from(max).ok()?,
            life_per_less,
        }],
    });
    Some(())
}

/// "Target opponent puts a card from their hand on top of their library."
/// (Chittering Rats), "each player puts a card …" (Sadistic Augermage):
/// the player chooses the card from their own hand
/// (`HandChoice::OwnerPutsOnLibraryTop`); a group
/// does it one player after another (413.2d).
pub(super) fn hand_card_on_top(who: PlayerRef) -> Vec<Effect> {
    let one = |who| Effect::ChooseFromHand {
        who,
        filter: crate::ObjectFilter::any(),
        amount: 1,
        then: crate::HandChoice::OwnerPutsOnLibraryTop,
        x: false,
        up_to: false,
    };
    match who {
        PlayerRef::EachPlayer | PlayerRef::EachOpponent | PlayerRef::EachOtherPlayer => {
            vec![Effect::ForEachPlayer {
                who,
                may: false,
                effects: vec![one(PlayerRef::Triggering)],
            }]
        }
        who => vec![one(who)],
    }
}

/// The sentences of this family read before the others of `spell.rs`:
/// "[player] may search their library …", "[players] may draw up to N
/// cards".
pub(super) fn sentence(p: &mut P, cx: &mut Cx) -> Option<()> {
    if (0..6).any(|k| p.at_all_from(k, "may search their library for")) {
        if let Some(()) = attempt(p, cx, may_search) {
            return Some(());
        }
    }
    if (2..4).any(|k| p.at_all_from(k, "may draw up to")) {
        return attempt(p, cx, may_draw_up_to);
    }
    None
}
