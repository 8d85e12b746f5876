//! Naming a card (the helper effects that "name a card" use): a flip card's
//! alternative name is a name a permanent can have (508.1b, 508.2), so it may
//! be named; a split card is named by both halves (505.7).

use tolaria_cards::db;

#[test]
fn r508_2_a_flip_cards_alternative_name_may_be_named() {
    let jushi = db()
        .by_name("Jushi Apprentice // Tomoya the Revealer")
        .unwrap()
        .id;
    assert_eq!(db().nameable("Tomoya the Revealer"), Some(jushi));
    assert_eq!(db().nameable("Jushi Apprentice"), Some(jushi));
    assert_eq!(db().nameable("tomoya the revealer"), Some(jushi));
    assert!(db().is_nameable("Stabwhisker the Odious"));
    assert!(db().is_nameable("Grizzly Bears"));
}

#[test]
fn r505_7_a_split_card_is_named_by_both_halves() {
    assert!(db().is_nameable("Fire // Ice"));
    assert!(!db().is_nameable("Fire"));
    assert!(!db().is_nameable("Ice"));
}

#[test]
fn a_name_of_no_card_cant_be_named() {
    assert!(!db().is_nameable("Tomoya the Unrevealed"));
    assert!(!db().is_nameable(""));
}

/// A named card keeps which of its names was named (`CardName`): a flip
/// card's alternative name is its own name (508.2), a split card's is both
/// halves (505.7).
#[test]
fn card_name_keeps_the_name_named() {
    let tomoya = db().card_name("tomoya the revealer").unwrap();
    assert!(tomoya.alt);
    assert_eq!(tomoya.as_str(), "Tomoya the Revealer");
    let jushi = db().card_name("Jushi Apprentice").unwrap();
    assert!(!jushi.alt);
    assert_eq!(jushi.card, tomoya.card);
    assert_eq!(jushi.as_str(), "Jushi Apprentice");
    assert_eq!(
        db().card_name("Fire // Ice").unwrap().as_str(),
        "Fire // Ice"
    );
    assert!(db().card_name("Fire").is_none());
    assert!(db().is_valid_name(tomoya));
    assert!(!db().is_valid_name(tolaria_cards::CardName {
        card: db().card_name("Grizzly Bears").unwrap().card,
        alt: true,
    }));
}
