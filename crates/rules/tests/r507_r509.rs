//! Rule 507 (controlling another player's turn: Mindslaver) and rule 509
//! (ending the turn: Time Stop).

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, DecisionKind, Event, Game, PlayerId, Target, Zone};

fn pass_until(g: &mut Game, player: PlayerId, step: Step) {
    for _ in 0..500 {
        if g.active == player
            && g.step == step
            && g.decision
                .as_ref()
                .is_some_and(|d| d.kind == DecisionKind::Priority)
        {
            return;
        }
        let d = g.decider().unwrap();
        let a = if g.legal_actions().contains(&Action::Done) {
            Action::Done
        } else {
            Action::Pass
        };
        g.apply_as(d, a).unwrap();
    }
    panic!("never reached {player} {step:?}");
}

fn mindslaver_activated() -> Game {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let slaver = g.create_card(card("Mindslaver"), P1, Zone::InPlay);
    for _ in 0..4 {
        g.create_card(card("Island"), P1, Zone::InPlay);
    }
    g.create_card(card("Forest"), P2, Zone::InPlay);
    g.create_card(card("Grizzly Bears"), P2, Zone::Hand(P2));
    libraries(&mut g, "Island", 10);
    g.begin_at(3, P1, Step::PrecombatMain);
    let act = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Activate { source, .. } if *source == slaver))
        .unwrap();
    g.apply(act).unwrap();
    g.apply(Action::ChooseTarget(Target::Player(P2))).unwrap();
    pay(&mut g);
    assert_eq!(g.zone_of(slaver), None, "sacrificed as a cost");
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    g
}

#[test]
fn r507_1_mindslaver_controls_the_next_turn_of_the_player_from_untap_to_cleanup() {
    let mut g = mindslaver_activated();
    // Still Alice's own turn: she decides for herself.
    assert_eq!(g.decider(), Some(P1));
    pass_until(&mut g, P2, Step::Upkeep);
    assert_eq!(g.turn_controller, P1);
    // 507.3: Alice makes Bob's decisions; Bob can't.
    assert_eq!(g.decision.as_ref().unwrap().player, P2);
    assert_eq!(g.decider(), Some(P1));
    assert!(g.apply_as(P2, Action::Pass).is_err());
    // 507.2: Alice sees Bob's hand.
    assert!(g.view(P1).players[1].hand.is_some());
    pass_until(&mut g, P2, Step::PrecombatMain);
    // 507.3a: Bob's resources pay for Bob's spells: Alice plays Bob's Bears? It costs {1}{G}
    // and Bob has one Forest, so it can't be played; a land can.
    let legal = g.legal_actions();
    assert!(legal.iter().all(|a| !matches!(a, Action::PlaySpell(_))));
    // 507.1: the effect ends as the next turn begins.
    pass_until(&mut g, P1, Step::Upkeep);
    assert_eq!(g.turn_controller, P1);
    assert_eq!(g.decider(), Some(P1));
    assert!(g.view(P1).players[1].hand.is_none());
}

#[test]
fn r507_4_no_mana_burn_while_another_player_controls_the_turn() {
    let mut g = mindslaver_activated();
    pass_until(&mut g, P2, Step::PrecombatMain);
    let tap = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::ActivateMana { .. }))
        .unwrap();
    g.apply_as(P1, tap).unwrap();
    assert_eq!(g.player(P2).pool.total(), 1);
    let life = g.life(P2);
    g.apply_as(P1, Action::Pass).unwrap();
    g.apply_as(P1, Action::Pass).unwrap();
    // The mana is lost as the phase ends, but Bob loses no life.
    assert_eq!(g.player(P2).pool.total(), 0);
    assert_eq!(g.life(P2), life);
}

#[test]
fn r507_1a_a_later_turn_control_effect_overwrites_an_earlier_one() {
    let mut g = Game::empty(&["A", "B", "C"], 1);
    libraries(&mut g, "Island", 10);
    g.turn_control_next.push((P2, P1));
    // A second effect for the same player replaces the first.
    g.turn_control_next.retain(|e| e.0 != P2);
    g.turn_control_next.push((P2, PlayerId(2)));
    g.begin_at(1, P1, Step::Cleanup);
    pass_until(&mut g, P2, Step::Upkeep);
    assert_eq!(g.turn_controller, PlayerId(2));
}

fn time_stop_in_response() -> (Game, tolaria_rules::ObjId) {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    for _ in 0..2 {
        g.create_card(card("Forest"), P1, Zone::InPlay);
    }
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::Hand(P1));
    for _ in 0..6 {
        g.create_card(card("Island"), P2, Zone::InPlay);
    }
    let stop = g.create_card(card("Time Stop"), P2, Zone::Hand(P2));
    libraries(&mut g, "Island", 10);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(bears)).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    // Bob responds with Time Stop.
    g.apply(Action::PlaySpell(stop)).unwrap();
    pay(&mut g);
    g.take_events();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    (g, bears)
}

#[test]
fn r509_1a_time_stop_removes_every_object_on_the_stack_from_the_game_including_itself() {
    let (g, _) = time_stop_in_response();
    assert!(g.stack.is_empty());
    let removed: Vec<&str> = g
        .removed
        .iter()
        .map(|&o| g.obj(o).unwrap().def().name.as_str())
        .collect();
    assert!(
        removed.contains(&"Grizzly Bears") && removed.contains(&"Time Stop"),
        "{removed:?}"
    );
    g.check_zones().unwrap();
}

#[test]
fn r509_1c_the_game_skips_to_the_cleanup_step() {
    let (mut g, _) = time_stop_in_response();
    let events = g.take_events();
    let steps: Vec<Step> = events
        .iter()
        .filter_map(|e| {
            if let Event::StepBegan { step } = e {
                Some(*step)
            } else {
                None
            }
        })
        .collect();
    // No combat, no end of turn step (509.3: "at end of turn" abilities don't trigger).
    assert_eq!(steps.first(), Some(&Step::Cleanup), "{steps:?}");
    assert!(!steps.contains(&Step::EndOfTurn));
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded)));
    // The next turn is Bob's.
    assert_eq!(g.active, P2);
}

/// 507.2: the identity of face-down permanents the controlled player
/// controls is visible to the controller of the turn, and only during that
/// turn; other face-down permanents stay hidden.
#[test]
fn r507_2_controller_sees_the_controlled_players_face_down_permanents() {
    let mut g = mindslaver_activated();
    let bears = g.create_card(card("Grizzly Bears"), P2, Zone::InPlay);
    let mine = g.create_card(card("Hill Giant"), P1, Zone::InPlay);
    g.objects[bears.slot as usize].flags |= tolaria_rules::state::object::flags::FACE_DOWN;
    g.objects[mine.slot as usize].flags |= tolaria_rules::state::object::flags::FACE_DOWN;
    let name_in = |g: &Game, viewer, id| {
        g.view(viewer)
            .in_play
            .iter()
            .find(|p| p.id == id)
            .map(|p| (p.name.clone(), p.card.is_some()))
            .unwrap()
    };
    // Before P2's turn: P1 can't identify P2's face-down permanent.
    assert_eq!(name_in(&g, P1, bears), ("face-down creature".into(), false));
    pass_until(&mut g, P2, Step::Upkeep);
    assert_eq!(name_in(&g, P1, bears), ("Grizzly Bears".into(), true));
    assert_eq!(name_in(&g, P2, bears), ("Grizzly Bears".into(), true));
    // The controlled player gains nothing: P1's face-down permanent stays hidden from P2.
    assert_eq!(name_in(&g, P2, mine), ("face-down creature".into(), false));
    pass_until(&mut g, P1, Step::Upkeep);
    assert_eq!(name_in(&g, P1, bears), ("face-down creature".into(), false));
}

/// 507.3c: the controller of the turn is offered exactly the choices the
/// player would have: at every decision of the controlled turn the legal
/// actions are the same as in the same game without the turn-control effect.
#[test]
fn r507_3c_the_controller_has_the_same_choices_as_the_player() {
    let mut g = Game::empty(&["Alice", "Bob"], 7);
    let slaver = g.create_card(card("Mindslaver"), P1, Zone::InPlay);
    for _ in 0..4 {
        g.create_card(card("Island"), P1, Zone::InPlay);
    }
    for land in ["Forest", "Forest", "Mountain"] {
        g.create_card(card(land), P2, Zone::InPlay);
    }
    for c in ["Grizzly Bears", "Shock", "Giant Growth", "Forest"] {
        g.create_card(card(c), P2, Zone::Hand(P2));
    }
    g.create_card(card("Craw Wurm"), P2, Zone::InPlay);
    libraries(&mut g, "Forest", 10);
    g.begin_at(3, P1, Step::PrecombatMain);
    let act = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Activate { source, .. } if *source == slaver))
        .unwrap();
    g.apply(act).unwrap();
    g.apply(Action::ChooseTarget(Target::Player(P2))).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    pass_until(&mut g, P2, Step::Upkeep);
    let mut checked = 0;
    while g.active == P2 && checked < 200 {
        let mut free = g.clone();
        free.turn_controller = P2;
        assert_eq!(g.legal_actions(), free.legal_actions(), "{:?}", g.decision);
        let d = g.decision.as_ref().unwrap();
        if d.player == P2 {
            assert_eq!(g.decider(), Some(P1));
        }
        // Play something when possible, else the first option.
        let legal = g.legal_actions();
        let a = legal
            .iter()
            .find(|a| !matches!(a, Action::Pass | Action::CancelPlay))
            .unwrap_or(&legal[0])
            .clone();
        let who = g.decider().unwrap();
        g.apply_as(who, a).unwrap();
        checked += 1;
    }
    assert!(checked > 10, "{checked} decisions checked");
}

/// A controller who has left the game makes no more decisions: the
/// controlled player decides for themselves (the game can't stall).
#[test]
fn r507_3_a_controller_who_left_the_game_decides_nothing() {
    let mut g = Game::empty(&["A", "B", "C"], 1);
    libraries(&mut g, "Island", 10);
    for _ in 0..10 {
        g.create_card(card("Island"), PlayerId(2), Zone::Library(PlayerId(2)));
    }
    g.turn_control_next.push((P2, PlayerId(2)));
    g.begin_at(1, P1, Step::Cleanup);
    pass_until(&mut g, P2, Step::Upkeep);
    assert_eq!(g.decider(), Some(PlayerId(2)));
    g.apply(Action::Concede(PlayerId(2))).unwrap();
    assert_eq!(g.decider(), Some(P2));
}

/// 509.1b and 509.2: a creature with lethal damage when Time Stop resolves
/// is destroyed by the state-based check of 509.1b; its triggered ability
/// waits (no player gets priority, no trigger goes on the stack) and is put
/// on the stack in the cleanup step, where players then get priority.
#[test]
fn r509_1b_state_based_effects_without_priority_and_triggers_wait_for_cleanup() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let fiend = g.create_card(card("Bogardan Firefiend"), P1, Zone::InPlay);
    let giant = g.create_card(card("Hill Giant"), P2, Zone::InPlay);
    for _ in 0..6 {
        g.create_card(card("Island"), P2, Zone::InPlay);
    }
    let stop = g.create_card(card("Time Stop"), P2, Zone::Hand(P2));
    libraries(&mut g, "Island", 10);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::PlaySpell(stop)).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    // P1 has priority; the last state-based check is behind us. The Firefiend
    // now has lethal damage, and P1's pass resolves Time Stop at once.
    g.objects[fiend.slot as usize].damage = 1;
    g.take_events();
    g.apply(Action::Pass).unwrap();
    let log: Vec<String> = g.take_events().iter().map(|e| e.render()).collect();
    let at = |text: &str| {
        log.iter()
            .position(|l| l.contains(text))
            .unwrap_or_else(|| panic!("no {text:?} in {log:#?}"))
    };
    let dies = at("420.5c Bogardan Firefiend");
    let checks = at("509.1b State-based effects are checked");
    let ends = at("509.1c The turn ends");
    let cleanup = at("314 Cleanup step begins");
    assert!(dies < checks && checks < ends && ends < cleanup, "{log:#?}");
    assert!(log[checks].contains("(1 waiting)"), "{}", log[checks]);
    // 509.2: in the cleanup step the trigger goes on the stack (its target first).
    assert_eq!(g.step, Step::Cleanup);
    let d = g.decision.clone().unwrap();
    assert_eq!(
        (d.player, d.kind),
        (P1, DecisionKind::ChooseTarget { index: 0 })
    );
    g.apply(Action::ChooseTarget(Target::Object(giant)))
        .unwrap();
    assert_eq!(g.decision.as_ref().unwrap().kind, DecisionKind::Priority);
    assert_eq!(g.stack.len(), 1);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.obj(giant).unwrap().damage, 2);
    // 314.3: another cleanup step, then P2's turn.
    pass_until(&mut g, P2, Step::Upkeep);
    assert_eq!(g.turn, 4);
}
