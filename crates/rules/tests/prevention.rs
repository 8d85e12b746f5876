//! Prevention effects (419.1a): shields and "prevent all combat damage".

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, Game, Target, Zone};

fn base() -> Game {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    for p in [P1, P2] {
        for _ in 0..5 {
            g.create_card(card("Plains"), p, Zone::Library(p));
        }
    }
    g
}

#[test]
fn r419_1a_a_prevention_shield_prevents_the_next_damage_and_is_used_up() {
    let mut g = base();
    let healer = g.create_card(card("Samite Healer"), P1, Zone::InPlay);
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    g.create_card(card("Mountain"), P1, Zone::InPlay);
    let shock = g.create_card(card("Shock"), P1, Zone::Hand(P1));
    let shock2 = g.create_card(card("Shock"), P1, Zone::Hand(P1));
    g.create_card(card("Mountain"), P1, Zone::InPlay);
    g.begin_at(3, P1, Step::PrecombatMain);
    let act = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Activate { source, .. } if *source == healer))
        .unwrap();
    g.apply(act).unwrap();
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.shields.len(), 1);
    // Shock deals 2 to the Bears: 1 is prevented, 1 is dealt; the shield is used up.
    g.apply(Action::PlaySpell(shock)).unwrap();
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.obj(bears).unwrap().damage, 1);
    assert!(g.shields.is_empty());
    // A second Shock is not prevented.
    g.apply(Action::PlaySpell(shock2)).unwrap();
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.zone_of(bears), None, "420.5c: 3 damage on a 2/2");
}

#[test]
fn r419_1a_holy_day_prevents_all_combat_damage_this_turn() {
    let mut g = base();
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    g.create_card(card("Plains"), P2, Zone::InPlay);
    let holy = g.create_card(card("Holy Day"), P2, Zone::Hand(P2));
    g.begin_at(3, P1, Step::BeginningOfCombat);
    // Bob plays Holy Day at the beginning of combat.
    g.apply(Action::Pass).unwrap();
    g.apply(Action::PlaySpell(holy)).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert!(g.prevent_combat_damage);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Attack(bears)).unwrap();
    g.apply(Action::Done).unwrap();
    while g.step != Step::EndOfCombat {
        let d = g.decider().unwrap();
        g.apply_as(d, Action::Pass).unwrap();
    }
    assert_eq!(g.life(P2), 20);
    assert!(g.take_events().iter().any(|e| e
        .render()
        .starts_with("419.1a 2 damage from Grizzly Bears to P2 is prevented")));
}
