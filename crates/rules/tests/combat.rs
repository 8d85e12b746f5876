//! Combat (306–311, 500, 502): legality of attacks and blocks with the
//! evasion keywords, first and double strike, trample, division of damage
//! among several blockers, and combat damage on the stack.

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, DecisionKind, Game, ObjId, Target, Zone};

/// Alice attacks with `attackers`; Bob has `blockers`. Stops at Alice's
/// declare-attackers decision.
fn board(attackers: &[&str], blockers: &[&str]) -> (Game, Vec<ObjId>, Vec<ObjId>) {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let a: Vec<ObjId> = attackers
        .iter()
        .map(|n| g.create_card(card(n), P1, Zone::InPlay))
        .collect();
    let b: Vec<ObjId> = blockers
        .iter()
        .map(|n| g.create_card(card(n), P2, Zone::InPlay))
        .collect();
    for p in [P1, P2] {
        for _ in 0..5 {
            g.create_card(card("Plains"), p, Zone::Library(p));
        }
    }
    g.begin_at(3, P1, Step::DeclareAttackers);
    (g, a, b)
}

fn declare(g: &mut Game, attackers: &[ObjId]) {
    assert_eq!(
        g.decision.as_ref().unwrap().kind,
        DecisionKind::DeclareAttackers
    );
    for &a in attackers {
        g.apply(Action::Attack(a)).unwrap();
    }
    g.apply(Action::Done).unwrap();
    // Priority in the declare attackers step: both pass.
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
}

fn blocks(g: &Game) -> Vec<(ObjId, ObjId)> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Block { blocker, attacker } => Some((blocker, attacker)),
            _ => None,
        })
        .collect()
}

/// Passes priority until the step changes away from combat damage.
fn finish_combat(g: &mut Game) {
    for _ in 0..50 {
        if g.step == Step::EndOfCombat || g.is_over() {
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
}

#[test]
fn r502_4_flying_can_be_blocked_only_by_flying_or_reach() {
    let (mut g, a, b) = board(
        &["Wild Griffin"],
        &["Grizzly Bears", "Giant Spider", "Suntail Hawk"],
    );
    declare(&mut g, &a);
    let bl = blocks(&g);
    assert!(
        !bl.contains(&(b[0], a[0])),
        "Grizzly Bears can't block a flyer"
    );
    assert!(bl.contains(&(b[1], a[0])), "502.70 reach");
    assert!(bl.contains(&(b[2], a[0])), "a flyer");
}

#[test]
fn r502_25_fear_only_artifact_or_black_creatures_block() {
    let (mut g, a, b) = board(&["Severed Legion"], &["Grizzly Bears", "Scathe Zombies"]);
    declare(&mut g, &a);
    let bl = blocks(&g);
    assert!(!bl.contains(&(b[0], a[0])));
    assert!(bl.contains(&(b[1], a[0])));
}

#[test]
fn r502_6_landwalk_unblockable_if_defender_controls_that_land_type() {
    let (mut g, a, b) = board(&["Rushwood Dryad"], &["Grizzly Bears"]);
    declare(&mut g, &a);
    assert_eq!(blocks(&g), vec![(b[0], a[0])], "no Forest: can be blocked");
    let (mut g, a, _) = board(&["Rushwood Dryad"], &["Grizzly Bears", "Forest"]);
    declare(&mut g, &a);
    // No legal block: the blockers decision is skipped entirely.
    assert_ne!(
        g.decision.as_ref().map(|d| d.kind.clone()),
        Some(DecisionKind::DeclareBlockers)
    );
}

#[test]
fn r502_7_protection_from_black_cant_be_blocked_by_black_creatures() {
    let (mut g, a, b) = board(&["White Knight"], &["Scathe Zombies", "Grizzly Bears"]);
    declare(&mut g, &a);
    let bl = blocks(&g);
    assert!(!bl.contains(&(b[0], a[0])));
    assert!(bl.contains(&(b[1], a[0])));
}

#[test]
fn r502_41_defender_cant_attack_and_r502_5_haste() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let wall = g.create_card(card("Wall of Wood"), P1, Zone::InPlay);
    let goblin = g.create_card(card("Raging Goblin"), P1, Zone::InPlay);
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    // Both came under Alice's control this turn.
    for o in [goblin, bears] {
        g.objects[o.slot as usize].flags |= tolaria_rules::state::object::flags::SICK;
    }
    for p in [P1, P2] {
        g.create_card(card("Plains"), p, Zone::Library(p));
    }
    g.begin_at(3, P1, Step::DeclareAttackers);
    let legal = g.legal_actions();
    assert!(!legal.contains(&Action::Attack(wall)), "502.41");
    assert!(legal.contains(&Action::Attack(goblin)), "502.5 haste");
    assert!(
        !legal.contains(&Action::Attack(bears)),
        "212.3f summoning sickness"
    );
}

#[test]
fn r502_14_vigilance_attacking_doesnt_tap() {
    let (mut g, a, _) = board(&["Serra Angel", "Grizzly Bears"], &[]);
    declare(&mut g, &a);
    assert!(!g.obj(a[0]).unwrap().is_tapped());
    assert!(g.obj(a[1]).unwrap().is_tapped(), "308.2c");
}

#[test]
fn r310_1_combat_damage_uses_the_stack() {
    let (mut g, a, _) = board(&["Grizzly Bears"], &[]);
    declare(&mut g, &a);
    // No blockers possible: the declare blockers step has only priority.
    assert_eq!(g.step, Step::DeclareBlockers);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    // The combat damage step puts damage on the stack.
    assert_eq!(g.step, Step::CombatDamage);
    assert_eq!(g.stack.len(), 1);
    assert!(matches!(
        g.stack[0].kind,
        tolaria_rules::StackKind::CombatDamage(_)
    ));
    assert_eq!(g.life(P2), 20, "not dealt until it resolves");
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.life(P2), 18);
}

#[test]
fn r310_4a_damage_on_the_stack_is_dealt_as_assigned_even_if_power_changes() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let bears = g.create_card(card("Grizzly Bears"), P1, Zone::InPlay);
    g.create_card(card("Forest"), P1, Zone::InPlay);
    let growth = g.create_card(card("Giant Growth"), P1, Zone::Hand(P1));
    for p in [P1, P2] {
        g.create_card(card("Plains"), p, Zone::Library(p));
    }
    g.begin_at(3, P1, Step::DeclareAttackers);
    declare(&mut g, &[bears]);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.stack.len(), 1);
    // Damage (2) is on the stack; Giant Growth now doesn't change it.
    g.apply(Action::PlaySpell(growth)).unwrap();
    g.apply(Action::ChooseTarget(Target::Object(bears)))
        .unwrap();
    let tap = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::ActivateMana { .. }))
        .unwrap();
    g.apply(tap).unwrap();
    for _ in 0..4 {
        g.apply(Action::Pass).unwrap();
    }
    assert_eq!(g.life(P2), 18);
}

#[test]
fn r502_2_first_strike_deals_damage_in_a_first_step() {
    // Youthful Knight (2/1 first strike) blocked by Grizzly Bears: the Bears die before dealing damage.
    let (mut g, a, b) = board(&["Youthful Knight"], &["Grizzly Bears"]);
    declare(&mut g, &a);
    g.apply(Action::Block {
        blocker: b[0],
        attacker: a[0],
    })
    .unwrap();
    g.apply(Action::Done).unwrap();
    finish_combat(&mut g);
    assert_eq!(g.zone_of(b[0]), None);
    assert_eq!(g.obj(a[0]).unwrap().damage, 0);
}

#[test]
fn r502_28_double_strike_deals_damage_in_both_steps() {
    let (mut g, a, _) = board(&["Skyhunter Skirmisher"], &[]);
    declare(&mut g, &a);
    finish_combat(&mut g);
    assert_eq!(
        g.life(P2),
        18,
        "1 damage in each of two combat damage steps"
    );
}

#[test]
fn r310_2c_damage_divided_among_several_blockers() {
    // Craw Wurm (6/4) blocked by two Grizzly Bears: Alice divides 6 damage.
    let (mut g, a, b) = board(&["Craw Wurm"], &["Grizzly Bears", "Grizzly Bears"]);
    declare(&mut g, &a);
    g.apply(Action::Block {
        blocker: b[0],
        attacker: a[0],
    })
    .unwrap();
    g.apply(Action::Block {
        blocker: b[1],
        attacker: a[0],
    })
    .unwrap();
    g.apply(Action::Done).unwrap();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    let d = g.decision.clone().unwrap();
    assert!(
        matches!(
            d.kind,
            DecisionKind::AssignCombatDamage { min: 0, max: 6, .. }
        ),
        "{d:?}"
    );
    assert_eq!(g.decider(), Some(P1));
    g.apply(Action::AssignDamage(1)).unwrap();
    finish_combat(&mut g);
    // 1 to the first Bears (survives), 5 to the second (dies); the Wurm takes 4 and dies.
    assert_eq!(g.obj(b[0]).map(|o| o.damage), Some(1));
    assert_eq!(g.zone_of(b[1]), None);
    assert_eq!(g.zone_of(a[0]), None);
}

#[test]
fn r502_9b_trample_assigns_lethal_to_blockers_then_the_rest_to_the_player() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let wurm = g.create_card(card("Craw Wurm"), P1, Zone::InPlay);
    let bears = g.create_card(card("Grizzly Bears"), P2, Zone::InPlay);
    // Overrun gives trample; set it up as an effect of a resolved spell instead:
    g.effects
        .push(tolaria_rules::continuous::effects::ContinuousEffect {
            timestamp: 1,
            source_card: card("Overrun"),
            controller: P1,
            affected: wurm,
            effect: tolaria_cards::LayerEffect::pump(
                0,
                0,
                tolaria_cards::KeywordSet::single(tolaria_cards::Keyword::Trample),
            ),
            copy: None,
            until_end_of_turn: true,
            until_end_of_combat: false,
            while_tapped: None,
            until_leaves: None,
            while_enchanted: false,
            while_controlled: false,
            while_controls: None,
            until_upkeep_of: None,
            to_attached: false,
        });
    for p in [P1, P2] {
        g.create_card(card("Plains"), p, Zone::Library(p));
    }
    g.begin_at(3, P1, Step::DeclareAttackers);
    declare(&mut g, &[wurm]);
    g.apply(Action::Block {
        blocker: bears,
        attacker: wurm,
    })
    .unwrap();
    g.apply(Action::Done).unwrap();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    // The only blocker must get at least lethal damage (2) before any goes to Bob.
    let d = g.decision.clone().unwrap();
    assert!(
        matches!(
            d.kind,
            DecisionKind::AssignCombatDamage { min: 2, max: 6, .. }
        ),
        "{d:?}"
    );
    g.apply(Action::AssignDamage(2)).unwrap();
    finish_combat(&mut g);
    assert_eq!(g.life(P2), 16);
    assert_eq!(g.zone_of(bears), None);
}

#[test]
fn r308_4_no_attackers_skips_blockers_and_damage() {
    let (mut g, _, _) = board(&["Grizzly Bears"], &["Grizzly Bears"]);
    g.apply(Action::Done).unwrap();
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.step, Step::EndOfCombat);
    let steps: Vec<String> = g
        .take_events()
        .iter()
        .map(|e| e.render())
        .filter(|l| l.contains("step begins"))
        .collect();
    assert!(
        !steps
            .iter()
            .any(|l| l.contains("blockers") || l.contains("combat damage")),
        "{steps:?}"
    );
}
