//! Triggered abilities (404, 410): put on the stack the next time a player
//! would receive priority, in APNAP order, each player ordering their own.

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, DecisionKind, Game, StackKind, Zone};

/// Alice plays Grizzly Bears with Soul Wardens in play (`mine` hers, `theirs` Bob's).
fn bears_with_wardens(mine: usize, theirs: usize) -> Game {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    for _ in 0..mine {
        g.create_card(card("Soul Warden"), P1, Zone::InPlay);
    }
    for _ in 0..theirs {
        g.create_card(card("Soul Warden"), P2, Zone::InPlay);
    }
    for _ in 0..2 {
        g.create_card(card("Forest"), P1, Zone::InPlay);
    }
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::Hand(P1));
    for p in [P1, P2] {
        g.create_card(card("Plains"), p, Zone::Library(p));
    }
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(bears)).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    g
}

#[test]
fn r410_2_apnap_active_players_trigger_goes_on_the_stack_first() {
    let g = bears_with_wardens(1, 1);
    // Both triggered as the Bears came into play; on the stack: Alice's below Bob's.
    assert_eq!(g.stack.len(), 2);
    assert_eq!(g.stack[0].controller, P1);
    assert_eq!(g.stack[1].controller, P2);
    assert!(g.stack.iter().all(|s| matches!(
        s.kind,
        StackKind::Ability {
            triggered: true,
            ..
        }
    )));
    // The active player gets priority after they are put on the stack.
    assert_eq!(g.decision.as_ref().unwrap().kind, DecisionKind::Priority);
    assert_eq!(g.decision.as_ref().unwrap().player, P1);
}

#[test]
fn r410_3_a_player_orders_their_own_triggers() {
    let mut g = bears_with_wardens(2, 0);
    assert_eq!(
        g.decision.as_ref().unwrap().kind,
        DecisionKind::OrderTriggers
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::ChooseTrigger(0), Action::ChooseTrigger(1)]
    );
    g.apply(Action::ChooseTrigger(1)).unwrap();
    assert_eq!(g.stack.len(), 2);
    for _ in 0..4 {
        g.apply(Action::Pass).unwrap();
    }
    assert_eq!(g.life(P1), 22);
}

#[test]
fn r404_4a_comes_into_play_trigger_of_the_permanent_itself() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    for _ in 0..5 {
        g.create_card(card("Plains"), P1, Zone::InPlay);
    }
    let angel = g.create_card(card("Angel of Mercy"), P1, Zone::Hand(P1));
    for p in [P1, P2] {
        g.create_card(card("Plains"), p, Zone::Library(p));
    }
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(angel)).unwrap();
    pay(&mut g);
    for _ in 0..4 {
        g.apply(Action::Pass).unwrap();
    }
    assert_eq!(g.life(P1), 23);
    let log: Vec<String> = g.take_events().iter().map(|e| e.render()).collect();
    assert!(
        log.iter()
            .any(|l| l.starts_with("410.1 Angel of Mercy's triggered ability")),
        "{log:?}"
    );
}
