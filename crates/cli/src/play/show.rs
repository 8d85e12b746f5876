//! The `card X` command of `tolaria play`: reads a card in the human's view
//! (a permanent, a card in their hand, a graveyard, a card removed from the
//! game, or any card of the pool by name) as a player reads it, with its
//! status, counters and attachments when it is in play. Hidden cards stay
//! hidden: only what `view(human)` shows is looked up by #id.

use crate::cardtext::card_lines;
use tolaria_cards::db;
use tolaria_rules::engine::view::{CardView, PlayerView};
use tolaria_rules::{Action, Game, ObjId, PlayerId, Target};

/// The object an option refers to (the card played, the attacker, ...).
fn option_object(a: &Action) -> Option<ObjId> {
    match a {
        Action::PlayLand(o)
        | Action::PlaySpell(o)
        | Action::PlayFaceDown(o)
        | Action::TurnFaceUp(o)
        | Action::Suspend(o)
        | Action::EndEffect(o)
        | Action::PlaySplit { card: o, .. }
        | Action::Activate { source: o, .. }
        | Action::ActivateMana { source: o, .. }
        | Action::Attack(o)
        | Action::AttackPlayer { attacker: o, .. }
        | Action::Block { attacker: o, .. }
        | Action::ChooseObject(o)
        | Action::ChooseTarget(Target::Object(o)) => Some(*o),
        _ => None,
    }
}

/// Every card in view outside play: (where, card).
fn cards_in_view(v: &PlayerView) -> Vec<(String, &CardView)> {
    let mut out = Vec::new();
    for p in &v.players {
        if let Some(h) = &p.hand {
            out.extend(h.iter().map(|c| (format!("in {}'s hand", p.id), c)));
        }
        out.extend(
            p.graveyard
                .iter()
                .map(|c| (format!("in {}'s graveyard", p.id), c)),
        );
        out.extend(
            p.revealed
                .iter()
                .map(|c| (format!("revealed by {}", p.id), c)),
        );
    }
    out.extend(
        v.removed
            .iter()
            .map(|c| ("removed from the game".to_string(), c)),
    );
    out
}

/// The lines shown for `card what`.
pub fn card_in_view(game: &Game, me: PlayerId, what: &str, legal: &[Action]) -> Vec<String> {
    let v = game.view(me);
    let what = what.trim();
    // An #id, an option number, or a name.
    let id: Option<ObjId> = if let Some(n) = what.strip_prefix('#') {
        let slot = n.split('.').next().unwrap_or("");
        let found = slot.parse::<u16>().ok().and_then(|slot| {
            v.in_play
                .iter()
                .map(|x| x.id)
                .chain(cards_in_view(&v).iter().map(|(_, c)| c.id))
                .find(|o| o.slot == slot && (n.contains('.') == (o.gen > 0) || !n.contains('.')))
        });
        match found {
            Some(o) => Some(o),
            None => return vec![format!("No card {what} is in your view.")],
        }
    } else if let Ok(n) = what.parse::<usize>() {
        match legal.get(n.wrapping_sub(1)).map(option_object) {
            Some(Some(o)) => Some(o),
            Some(None) => return vec![format!("Option {n} names no card.")],
            None => {
                return vec![format!(
                    "There is no option {n} (options 1–{}).",
                    legal.len()
                )]
            }
        }
    } else {
        None
    };
    let lower = what.to_lowercase();
    let matches_name = |n: &str| n.to_lowercase() == lower;
    // A permanent.
    if let Some(x) = v
        .in_play
        .iter()
        .find(|x| id.map_or_else(|| matches_name(&x.name), |o| x.id == o))
    {
        let mut out = match x.card {
            Some(c) if !(x.face_down && x.controller != me) => card_lines(db().get(c), false),
            _ => vec!["Face-down creature (a 2/2 with no name, text or types, 502.26)".into()],
        };
        // 603.2: the ability the deploy creatures option gives every
        // creature, printed on no card.
        if game.obj(x.id).is_some()
            && tolaria_rules::continuous::characteristics::compute(game, x.id).deploy
        {
            out.push(format!("  Deploy (603.2): {}", tolaria_cards::DEPLOY_TEXT));
        }
        let s = crate::style::Style { on: false };
        out.push(format!(
            "In play: {}, controlled by {}",
            super::permanent_line(game, &v, x, s),
            x.controller
        ));
        return out;
    }
    // A card elsewhere in view.
    for (place, c) in cards_in_view(&v) {
        let hit = match id {
            Some(o) => c.id == o,
            None => c.name.as_deref().is_some_and(matches_name),
        };
        if hit {
            let Some(card) = c.card else {
                return vec![format!("{} is a hidden card {place}.", c.id)];
            };
            let mut out = card_lines(db().get(card), false);
            out.push(format!("{} {place}", c.id));
            return out;
        }
    }
    if let Some(o) = id {
        return vec![format!("{o} is not a card you can see.")];
    }
    // Any card of the pool, by name (card text is public).
    match db().by_name(what) {
        Some(c) => card_lines(c, true),
        None => vec![format!(
            "No card named {:?} is in view or in the card pool.",
            crate::args::clip(what)
        )],
    }
}
