//! 419.1b "As [this] comes into play, name a card" (Pithing Needle, Meddling
//! Mage): the name travels in `Action::NameCard`, any valid name of the pool
//! is accepted (not only those listed), bad names are refused with a typed
//! error leaving the game unchanged, and the restriction on the named card's
//! activated abilities is enforced by `apply` as well as by the list.

mod common;
use common::*;
use tolaria_cards::{db, CardId, CardName, Step};
use tolaria_rules::{Action, ActionError, DecisionKind, Game, ObjId, Zone};

/// P1 has played `permanent` (paid with Islands) and both players passed:
/// the naming decision is pending. P2 has a Prodigal Sorcerer in play.
fn naming(permanent: &str, lands: &[&str]) -> (Game, ObjId) {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let c = g.create_card(card(permanent), P1, Zone::Hand(P1));
    for l in lands {
        g.create_card(card(l), P1, Zone::InPlay);
    }
    let sorcerer = g.create_card(card("Prodigal Sorcerer"), P2, Zone::InPlay);
    libraries(&mut g, "Island", 5);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(c)).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    (g, sorcerer)
}

fn name(n: &str) -> CardName {
    db().card_name(n).unwrap_or_else(|| panic!("{n}"))
}

#[test]
fn r419_1b_any_card_name_is_accepted_bad_ones_refused() {
    let (g, _) = naming("Pithing Needle", &["Island"]);
    assert_eq!(
        g.decision.as_ref().map(|d| d.kind.clone()),
        Some(DecisionKind::NameCard { nonland: false })
    );
    // Not listed (no Shivan Dragon is in the game), but a card name.
    let dragon = Action::NameCard(name("Shivan Dragon"));
    assert!(!g.legal_actions().contains(&dragon));
    let mut ok = g.clone();
    assert_eq!(ok.apply(dragon), Ok(()));
    // No card of the pool has this id: refused, the game unchanged.
    let mut bad = g.clone();
    let before = format!("{:?}", bad.decision);
    let err = bad.apply(Action::NameCard(CardName {
        card: CardId(u16::MAX),
        alt: false,
    }));
    assert!(matches!(err, Err(ActionError::Illegal { .. })));
    assert_eq!(format!("{:?}", bad.decision), before);
    // Describing the bad action doesn't panic either.
    assert_eq!(
        bad.describe(&Action::NameCard(CardName {
            card: CardId(u16::MAX),
            alt: false,
        })),
        "name ?"
    );
    // An alternative name only for a flip card (508.2).
    let err = bad.apply(Action::NameCard(CardName {
        card: name("Shivan Dragon").card,
        alt: true,
    }));
    assert!(matches!(err, Err(ActionError::Illegal { .. })));
    assert!(bad
        .apply(Action::NameCard(name("Tomoya the Revealer")))
        .is_ok());
}

#[test]
fn r419_1b_meddling_mage_names_only_a_nonland_card() {
    let (g, _) = naming("Meddling Mage", &["Plains", "Island"]);
    let mut bad = g.clone();
    assert!(matches!(
        bad.apply(Action::NameCard(name("Island"))),
        Err(ActionError::Illegal { .. })
    ));
    assert!(!g
        .legal_actions()
        .iter()
        .any(|a| *a == Action::NameCard(name("Island"))));
}

#[test]
fn pithing_needle_refuses_the_named_cards_ability_with_a_typed_error() {
    let (mut g, sorcerer) = naming("Pithing Needle", &["Island"]);
    g.apply(Action::NameCard(name("Prodigal Sorcerer")))
        .unwrap();
    // P1 passes; P2 gets priority with the Sorcerer untapped.
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.decider(), Some(P2));
    let activate = Action::Activate {
        source: sorcerer,
        index: 0,
    };
    assert!(!g.legal_actions().contains(&activate));
    let before = format!("{:?}", g.decision);
    assert!(matches!(
        g.apply(activate),
        Err(ActionError::Illegal { .. })
    ));
    assert_eq!(format!("{:?}", g.decision), before);
}
