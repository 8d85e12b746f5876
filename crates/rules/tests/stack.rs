//! Priority and the stack (408–415), lands (305.2), cleanup (314) and
//! zone changes making new objects (217.1c).

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::continuous::characteristics::compute;
use tolaria_rules::{Action, DecisionKind, Game, Target, Zone};

#[test]
fn r413_2a_a_spell_whose_only_target_is_gone_is_countered_on_resolution() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    g.create_card(card("Mountain"), P1, Zone::InPlay);
    let shock = g.create_card(card("Shock"), P1, Zone::Hand(P1));
    let bears = g.create_card(card("Grizzly Bears"), P2, Zone::InPlay);
    g.create_card(card("Island"), P2, Zone::InPlay);
    let unsummon = g.create_card(card("Unsummon"), P2, Zone::Hand(P2));
    libraries(&mut g, "Plains", 5);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(shock)).unwrap();
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    // Bob returns his Bears in response.
    g.apply(Action::PlaySpell(unsummon)).unwrap();
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    pay(&mut g);
    for _ in 0..4 {
        g.apply(Action::Pass).unwrap();
    }
    assert!(g.stack.is_empty());
    let log: Vec<String> = g.take_events().iter().map(|e| e.render()).collect();
    assert!(
        log.iter()
            .any(|l| l == "413.2a Shock is countered on resolution: all its targets are illegal"),
        "{log:#?}"
    );
    assert_eq!(g.player(P1).graveyard.len(), 1);
    assert_eq!(g.player(P2).hand.len(), 1, "the Bears are back in hand");
}

#[test]
fn r414_1_cancel_counters_a_spell_into_its_owners_graveyard() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    for _ in 0..2 {
        g.create_card(card("Forest"), P1, Zone::InPlay);
    }
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::Hand(P1));
    for _ in 0..3 {
        g.create_card(card("Island"), P2, Zone::InPlay);
    }
    let cancel = g.create_card(card("Cancel"), P2, Zone::Hand(P2));
    libraries(&mut g, "Plains", 5);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(bears)).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::PlaySpell(cancel)).unwrap();
    let spell_on_stack = match g.legal_actions()[0] {
        Action::ChooseTarget(t) => t,
        ref a => panic!("{a:?}"),
    };
    g.apply(Action::ChooseTarget(spell_on_stack)).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert!(g.stack.is_empty());
    assert_eq!(g.player(P1).graveyard.len(), 1);
    assert!(g
        .in_play
        .iter()
        .all(|&o| g.obj(o).unwrap().card != card("Grizzly Bears")));
}

#[test]
fn r305_2_one_land_per_turn_in_a_main_phase_with_the_stack_empty() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let a = g.create_card(card("Forest"), P1, Zone::Hand(P1));
    let b = g.create_card(card("Forest"), P1, Zone::Hand(P1));
    libraries(&mut g, "Plains", 5);
    g.begin_at(3, P1, Step::Upkeep);
    assert!(
        !g.legal_actions().contains(&Action::PlayLand(a)),
        "not in the upkeep"
    );
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.step, Step::PrecombatMain);
    let b = g
        .player(P1)
        .hand
        .iter()
        .copied()
        .find(|&x| x != a)
        .unwrap_or(b);
    g.apply(Action::PlayLand(a)).unwrap();
    assert!(
        !g.legal_actions().contains(&Action::PlayLand(b)),
        "only one land per turn"
    );
    assert!(g.apply(Action::PlayLand(b)).is_err());
}

#[test]
fn r314_1_discard_to_seven_in_cleanup_and_r314_2_pump_ends() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    g.create_card(card("Forest"), P1, Zone::InPlay);
    let growth = g.create_card(card("Giant Growth"), P1, Zone::Hand(P1));
    for _ in 0..8 {
        g.create_card(card("Plains"), P1, Zone::Hand(P1));
    }
    libraries(&mut g, "Plains", 5);
    g.begin_at(3, P1, Step::EndOfTurn);
    g.apply(Action::PlaySpell(growth)).unwrap();
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(compute(&g, bears).power, 5);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    // Cleanup: 8 cards in hand, discard one.
    assert_eq!(g.step, Step::Cleanup);
    assert_eq!(
        g.decision.as_ref().unwrap().kind,
        DecisionKind::Discard { remaining: 1 }
    );
    let c = g.player(P1).hand[0];
    g.apply(Action::ChooseObject(c)).unwrap();
    assert_eq!(g.player(P1).hand.len(), 7);
    assert_eq!(
        compute(&g, bears).power,
        2,
        "314.2: until end of turn effects end"
    );
}

#[test]
fn r217_1c_an_object_that_changes_zones_is_a_new_object() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    g.create_card(card("Forest"), P1, Zone::InPlay);
    g.create_card(card("Island"), P1, Zone::InPlay);
    let growth = g.create_card(card("Giant Growth"), P1, Zone::Hand(P1));
    let unsummon = g.create_card(card("Unsummon"), P1, Zone::Hand(P1));
    libraries(&mut g, "Plains", 5);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(growth)).unwrap();
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(compute(&g, bears).power, 5);
    g.apply(Action::PlaySpell(unsummon)).unwrap();
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    // The old id is stale; the card in hand is a new object without the pump.
    assert!(g.obj(bears).is_none());
    let in_hand = g.player(P1).hand[0];
    assert_ne!(in_hand, bears);
    assert_eq!(in_hand.slot, bears.slot, "the same physical card");
    assert!(g.effects.is_empty(), "the pump had nothing left to affect");
}
