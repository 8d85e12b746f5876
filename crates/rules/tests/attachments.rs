//! Equipment (502.33, 420.5k) and "comes into play tapped" (419).

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::continuous::characteristics::compute;
use tolaria_rules::{Action, Game, Target, Zone};

fn setup() -> Game {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    for p in [P1, P2] {
        for _ in 0..5 {
            g.create_card(card("Mountain"), p, Zone::Library(p));
        }
    }
    g
}

#[test]
fn r502_33_equip_attaches_and_equipped_creature_gets_the_bonus() {
    let mut g = setup();
    let splitter = g.create_card(card("Bonesplitter"), P1, Zone::InPlay);
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    let theirs = g.create_card(card("Grizzly Bears"), P2, Zone::InPlay);
    g.create_card(card("Mountain"), P1, Zone::InPlay);
    g.begin_at(3, P1, Step::PrecombatMain);
    let equip = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Activate { source, .. } if *source == splitter))
        .unwrap();
    g.apply(equip).unwrap();
    // Only creatures Alice controls are legal targets.
    let targets = g.legal_actions();
    assert!(targets.contains(&Action::ChooseTarget(Target::Object(bears))));
    assert!(!targets.contains(&Action::ChooseTarget(Target::Object(theirs))));
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(
        g.obj(splitter).unwrap().attached_to,
        Some(Target::Object(bears))
    );
    assert_eq!(compute(&g, bears).power, 4);
    assert_eq!(compute(&g, theirs).power, 2);
    // Equip is sorcery-speed: not with something on the stack, not on Bob's turn.
    assert!(g
        .legal_actions()
        .iter()
        .all(|a| !matches!(a, Action::Activate { source, .. } if *source == splitter)));
}

#[test]
fn r420_5k_equipment_on_an_illegal_permanent_becomes_unattached_and_stays_in_play() {
    let mut g = setup();
    let splitter = g.create_card(card("Bonesplitter"), P1, Zone::InPlay);
    let land = g.create_card(card("Mountain"), P1, Zone::InPlay);
    g.objects[splitter.slot as usize].attached_to = Some(Target::Object(land));
    g.begin_at(3, P1, Step::PrecombatMain);
    assert_eq!(g.obj(splitter).unwrap().attached_to, None);
    assert_eq!(g.zone_of(splitter), Some(Zone::InPlay));
}

#[test]
fn r419_a_land_that_comes_into_play_tapped() {
    let mut g = setup();
    let tower = g.create_card(card("Coastal Tower"), P1, Zone::Hand(P1));
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlayLand(tower)).unwrap();
    let id = g.in_play[0];
    assert!(g.obj(id).unwrap().is_tapped());
    // So it can't be tapped for mana this turn.
    assert!(g
        .legal_actions()
        .iter()
        .all(|a| !matches!(a, Action::ActivateMana { .. })));
}
