//! Split cards in the card data (505): both halves are compiled, each with
//! its own cost, colour and spell ability (505.2), and the card is named by
//! both halves (505.7).

use tolaria_cards::{db, CardType, Color, Layout};

#[test]
fn r505_2_both_halves_compile_with_their_own_characteristics() {
    let c = db().by_name("Assault // Battery").unwrap();
    assert_eq!(c.layout, Layout::Split);
    assert!(c.is_supported());
    let (a, b) = (&c.faces[0], &c.faces[1]);
    assert_eq!(a.name, "Assault");
    assert_eq!(b.name, "Battery");
    assert_eq!(a.mana_cost.as_ref().unwrap().converted(), 1);
    assert_eq!(b.mana_cost.as_ref().unwrap().converted(), 4);
    assert!(a.colors.contains(Color::Red) && !a.colors.contains(Color::Green));
    assert!(b.colors.contains(Color::Green) && !b.colors.contains(Color::Red));
    assert!(a.types.contains(CardType::Sorcery) && b.types.contains(CardType::Sorcery));
    assert!(!a.spell.targets.is_empty(), "Assault has a target");
    assert!(b.spell.targets.is_empty(), "Battery has none");
}

#[test]
fn r505_2_a_half_that_does_not_compile_leaves_the_card_unsupported() {
    // Every split card of the pool now compiles (Crime // Punishment was
    // the last, 212.4j): the rule is checked on each, a card being
    // supported only if both halves are, never playable as one half.
    let mut split = 0;
    for c in db().iter().filter(|c| c.layout == Layout::Split) {
        split += 1;
        assert_eq!(c.faces.len(), 2, "{}", c.name);
        assert_eq!(
            c.is_supported(),
            c.faces[0].support.is_ok() && c.faces[1].support.is_ok(),
            "{}",
            c.name
        );
    }
    assert!(split >= 23, "split cards: {split}");
    let c = db().by_name("Crime // Punishment").unwrap();
    assert!(c.faces[0].support.is_ok() && c.faces[1].support.is_ok());
    assert!(c.is_supported());
}

#[test]
fn r505_7_a_split_card_is_named_by_both_halves() {
    assert!(db().is_nameable("Assault // Battery"));
    assert!(!db().is_nameable("Assault"));
    assert!(!db().is_nameable("Battery"));
}

/// "Choose a number." (Void) offers 0 to `CHOSEN_NUMBER_MAX`, the last
/// standing for every number no card's converted mana cost equals: no card
/// of the pool may cost that much (either half of a split card, 505.6).
#[test]
fn r505_6_no_card_costs_more_than_the_chosen_number_max() {
    let highest = tolaria_cards::db()
        .iter()
        .flat_map(|c| c.faces.iter())
        .filter_map(|f| f.mana_cost.as_ref().map(|m| m.converted()))
        .max()
        .unwrap_or(0);
    assert!(highest < tolaria_cards::CHOSEN_NUMBER_MAX, "{highest}");
}
