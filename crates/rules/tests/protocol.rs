//! The decision/action protocol: illegal actions leave the game unchanged
//! (DEVELOPERS.md decision 2), cancelled plays rewind (409.1, 422), views hide
//! what a player may not see (decision 6), and 507.3's decider routing.

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, ActionError, DecisionKind, Game, PlayerId, Zone};

/// P1 in their precombat main phase with two Forests and Grizzly Bears in hand.
fn main_phase() -> Game {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let (p1, p2) = (PlayerId(0), PlayerId(1));
    for _ in 0..2 {
        g.create_card(card("Forest"), p1, Zone::InPlay);
    }
    g.create_card(card("Grizzly Bears"), p1, Zone::Hand(p1));
    g.create_card(card("Forest"), p1, Zone::Hand(p1));
    for _ in 0..5 {
        g.create_card(card("Forest"), p1, Zone::Library(p1));
        g.create_card(card("Plains"), p2, Zone::Library(p2));
    }
    g.create_card(card("Savannah Lions"), p2, Zone::Hand(p2));
    g.begin_at(3, p1, Step::PrecombatMain);
    g
}

fn snapshot(g: &Game) -> String {
    serde_json::to_string(g).unwrap()
}

#[test]
fn r408_illegal_action_is_refused_and_changes_nothing() {
    let mut g = main_phase();
    assert_eq!(g.decision.as_ref().unwrap().kind, DecisionKind::Priority);
    let before = snapshot(&g);
    // Bob doesn't have priority.
    let err = g.apply_as(PlayerId(1), Action::Pass).unwrap_err();
    assert!(matches!(err, ActionError::Illegal { .. }));
    // A card that is not in Alice's hand.
    let lions = g.player(PlayerId(1)).hand[0];
    assert!(g.apply(Action::PlaySpell(lions)).is_err());
    // Not an answer to a priority decision.
    assert!(g.apply(Action::AssignDamage(3)).is_err());
    assert_eq!(snapshot(&g), before);
}

#[test]
fn r409_1_cancelled_play_rewinds_to_before_the_announcement() {
    let mut g = main_phase();
    let bears = g.player(PlayerId(0)).hand[0];
    let before = snapshot(&g);
    g.apply(Action::PlaySpell(bears)).unwrap();
    assert_eq!(g.decision.as_ref().unwrap().kind, DecisionKind::PayMana);
    assert_eq!(
        g.stack.len(),
        1,
        "409.1a: the card moves to the stack as it is announced"
    );
    // Tap one Forest, then abandon.
    let tap = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::ActivateMana { .. }))
        .unwrap();
    g.apply(tap).unwrap();
    g.apply(Action::CancelPlay).unwrap();
    // 422: the game returns to the moment before the spell was played.
    let mut after: Game = serde_json::from_str(&snapshot(&g)).unwrap();
    after.action_count = serde_json::from_str::<Game>(&before).unwrap().action_count;
    assert_eq!(snapshot(&after), before);
}

#[test]
fn r409_1h_paying_plays_the_spell_and_it_resolves() {
    let mut g = main_phase();
    let bears = g.player(PlayerId(0)).hand[0];
    g.apply(Action::PlaySpell(bears)).unwrap();
    while g.decision.as_ref().unwrap().kind == DecisionKind::PayMana {
        let tap = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::ActivateMana { .. }))
            .unwrap();
        g.apply(tap).unwrap();
    }
    assert_eq!(g.decision.as_ref().unwrap().kind, DecisionKind::Priority);
    assert_eq!(g.player(PlayerId(0)).pool.total(), 0);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    let log: Vec<String> = g.take_events().iter().map(|e| e.render()).collect();
    assert!(
        log.iter()
            .any(|l| l.starts_with("413.2i Grizzly Bears comes into play")),
        "{log:#?}"
    );
    assert!(g
        .in_play
        .iter()
        .any(|&o| g.obj(o).unwrap().card == card("Grizzly Bears")));
}

#[test]
fn r217_view_hides_opponents_hand_and_library() {
    let g = main_phase();
    let v = g.view(PlayerId(1));
    assert!(v.players[0].hand.is_none(), "Bob can't see Alice's hand");
    assert_eq!(v.players[0].hand_size, 2);
    assert!(v.players[1].hand.is_some());
    assert!(v.legal_actions.is_empty(), "Bob is not deciding");
    let v = g.view(PlayerId(0));
    assert!(v.players[0].hand.is_some());
    assert!(!v.legal_actions.is_empty());
}

#[test]
fn r507_3_the_controller_of_the_turn_decides_for_the_active_player() {
    let mut g = main_phase();
    g.turn_controller = PlayerId(1);
    assert_eq!(g.decider(), Some(PlayerId(1)));
    // 507.2: the controller of the turn sees the controlled player's hand.
    assert!(g.view(PlayerId(1)).players[0].hand.is_some());
    // Alice can't act for herself during the controlled turn...
    assert!(g.apply_as(PlayerId(0), Action::Pass).is_err());
    // ...but she can still concede (507.3b), and Bob can't concede for her.
    assert!(matches!(
        g.apply_as(PlayerId(1), Action::Concede(PlayerId(0))),
        Err(ActionError::NotYourConcession { .. })
    ));
    g.apply_as(PlayerId(0), Action::Concede(PlayerId(0)))
        .unwrap();
    assert_eq!(g.result, Some(tolaria_rules::GameResult::Win(PlayerId(1))));
}

#[test]
fn r300_3_mana_burn_as_a_phase_ends() {
    let mut g = main_phase();
    let tap = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::ActivateMana { .. }))
        .unwrap();
    g.apply(tap).unwrap();
    assert_eq!(g.player(PlayerId(0)).pool.total(), 1);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    // The precombat main phase ended: 1 unused mana, 1 life lost.
    assert_eq!(g.life(PlayerId(0)), 19);
    assert_eq!(g.player(PlayerId(0)).pool.total(), 0);
    assert!(g
        .take_events()
        .iter()
        .any(|e| e.render() == "300.3 P1 loses 1 life to mana burn"));
}

#[test]
fn r409_1h_sacrifice_a_creature_as_a_cost() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let p1 = PlayerId(0);
    let husk = g.create_card(card("Nantuko Husk"), p1, Zone::InPlay);
    let bears = g.create_card(card("Grizzly Bears"), p1, Zone::InPlay);
    for p in [p1, PlayerId(1)] {
        for _ in 0..3 {
            g.create_card(card("Swamp"), p, Zone::Library(p));
        }
    }
    g.begin_at(3, p1, Step::PrecombatMain);
    let activate = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Activate { source, .. } if *source == husk))
        .expect("Husk's ability is playable");
    g.apply(activate).unwrap();
    assert_eq!(
        g.decision.as_ref().unwrap().kind,
        DecisionKind::SacrificeCost
    );
    let options = g.legal_actions();
    assert!(
        options.contains(&Action::ChooseObject(bears))
            && options.contains(&Action::ChooseObject(husk))
    );
    g.apply(Action::ChooseObject(bears)).unwrap();
    assert_eq!(
        g.zone_of(bears),
        None,
        "the Bears left play as the cost was paid"
    );
    assert_eq!(g.player(p1).graveyard.len(), 1);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    let ch = tolaria_rules::continuous::characteristics::compute(&g, husk);
    assert_eq!((ch.power, ch.toughness), (4, 4));
}
