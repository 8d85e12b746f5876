//! Paying mana in `tolaria play`: what is still owed, and the `pay`
//! command's choice of sources. A coloured symbol still owed is paid with
//! a source of that colour; generic mana with the source whose colour the
//! rest of the hand needs least (a Mountain for {1}{G} when a red spell is
//! next is kept: a Forest pays the {1} if the hand needs no more green),
//! lands before creatures. The engine is only asked for its legal actions.

use tolaria_cards::{db, ManaKind};
use tolaria_rules::{Action, Game, PlayerId, Unpaid};

const SYMBOLS: [&str; 5] = ["W", "U", "B", "R", "G"];

/// "{2}{G}", or "nothing" when all is paid.
pub fn owed_text(u: &Unpaid) -> String {
    let mut t = String::new();
    if u.generic > 0 {
        t.push_str(&format!("{{{}}}", u.generic));
    }
    for (i, &n) in u.colored.iter().enumerate() {
        for _ in 0..n {
            t.push_str(&format!("{{{}}}", SYMBOLS[i]));
        }
    }
    for (a, b) in &u.hybrid {
        t.push_str(&format!(
            "{{{}/{}}}",
            SYMBOLS[*a as usize], SYMBOLS[*b as usize]
        ));
    }
    if t.is_empty() {
        "nothing".into()
    } else {
        t
    }
}

/// How many coloured symbols of each colour the cards in `me`'s hand
/// (other than the one being played) need.
fn hand_demand(game: &Game, me: PlayerId) -> [u32; 5] {
    let mut d = [0u32; 5];
    let playing = game.casting().map(|c| c.object);
    let v = game.view(me);
    for c in v.players[me.index()].hand.iter().flatten() {
        if Some(c.id) == playing {
            continue;
        }
        let Some(card) = c.card else { continue };
        for f in &db().get(card).faces {
            if let Some(cost) = &f.mana_cost {
                for (i, n) in cost.colored.iter().enumerate() {
                    d[i] += *n as u32;
                }
            }
        }
    }
    d
}

/// The mana ability `pay` plays next, or `None` if no source helps.
pub fn next_source(game: &Game, me: PlayerId, legal: &[Action]) -> Option<Action> {
    let unpaid = game.casting().and_then(|c| c.unpaid);
    let demand = hand_demand(game, me);
    let mut best: Option<(u32, Action)> = None;
    for a in legal {
        let Action::ActivateMana { source, kind, .. } = a else {
            continue;
        };
        let creature = game
            .obj(*source)
            .is_some_and(|o| o.def().front().power.is_some());
        let score = match (&unpaid, kind) {
            (None, _) => 50,
            (Some(u), ManaKind::Color(c)) if u.colored[*c as usize] > 0 => 0,
            (Some(u), ManaKind::Color(c)) if u.hybrid.iter().any(|(x, y)| x == c || y == c) => 5,
            (Some(u), ManaKind::Color(c)) if u.generic > 0 => 10 + 10 * demand[*c as usize],
            (Some(u), ManaKind::Colorless) if u.generic > 0 => 10,
            // This mana pays nothing still owed.
            (Some(_), _) => continue,
        } + if creature { 5 } else { 0 };
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, a.clone()));
        }
    }
    best.map(|(_, a)| a)
}
