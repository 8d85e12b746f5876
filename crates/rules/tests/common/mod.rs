//! Helpers shared by the rules tests: card lookup, paying costs, libraries.
#![allow(dead_code)]

use tolaria_cards::{db, CardId};
use tolaria_rules::{Action, DecisionKind, Game, PlayerId, Zone};

pub const P1: PlayerId = PlayerId(0);
pub const P2: PlayerId = PlayerId(1);

/// A card by name; it must compile completely.
pub fn card(name: &str) -> CardId {
    let c = db().by_name(name).unwrap_or_else(|| panic!("{name}"));
    assert!(c.is_supported(), "{name}: {:?}", c.unsupported());
    c.id
}

/// Pays a pending mana cost with the first mana abilities offered.
pub fn pay(g: &mut Game) {
    while g
        .decision
        .as_ref()
        .is_some_and(|d| d.kind == DecisionKind::PayMana)
    {
        let a = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::ActivateMana { .. }))
            .expect("a mana source");
        g.apply(a).unwrap();
    }
}

/// Gives each player a library of `n` copies of `land`.
pub fn libraries(g: &mut Game, land: &str, n: usize) {
    for p in [P1, P2] {
        for _ in 0..n {
            g.create_card(card(land), p, Zone::Library(p));
        }
    }
}
