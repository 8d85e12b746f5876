//! Rules 503.3 and 504.7 (a face-down permanent that becomes a copy) and
//! 504.6 (face-down objects are revealed at the end of the game).

mod common;
use common::*;
use tolaria_cards::{CardType, ColorSet, Keyword, Step};
use tolaria_rules::continuous::effects::{ContinuousEffect, Copiable};
use tolaria_rules::{continuous::characteristics::compute, Action, Event, Game, ObjId, Zone};

/// A face-down Grinning Demon under P1's control, P1 with priority in the
/// main phase, with the lands given.
fn face_down_demon(lands: &[&str]) -> (Game, ObjId) {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let demon = g.create_card(card("Grinning Demon"), P1, Zone::InPlay);
    g.objects[demon.slot as usize].flags |= tolaria_rules::state::object::flags::FACE_DOWN;
    for l in lands {
        g.create_card(card(l), P1, Zone::InPlay);
    }
    libraries(&mut g, "Swamp", 5);
    g.begin_at(3, P1, Step::PrecombatMain);
    (g, demon)
}

/// An effect like Cytoshape's: `obj` becomes a copy of `of` (layer 1).
fn becomes_copy(g: &mut Game, obj: ObjId, of: &str) {
    let ts = g.objects.len() as u32 + 1000;
    g.effects.push(ContinuousEffect {
        timestamp: ts,
        source_card: card(of),
        controller: P1,
        affected: obj,
        effect: Default::default(),
        copy: Some(Copiable::printed(card(of), None)),
        until_end_of_turn: false,
        until_end_of_combat: false,
        while_tapped: None,
        until_leaves: None,
        while_enchanted: false,
        while_controlled: false,
        while_controls: None,
        until_upkeep_of: None,
        to_attached: false,
    });
    g.board.valid = false;
}

/// 503.3 example, 504.7: a face-down Grinning Demon becomes a copy of a
/// face-up Branchsnap Lorian (4/1 trample, morph {G}). It remains a
/// colourless 2/2 with no name or abilities, can be turned face up for
/// {G}, and is then a Branchsnap Lorian.
#[test]
fn r503_3_face_down_demon_copying_branchsnap_lorian_turns_up_for_g() {
    let (mut g, demon) = face_down_demon(&["Forest"]);
    becomes_copy(&mut g, demon, "Branchsnap Lorian");
    let ch = compute(&g, demon);
    assert_eq!((ch.power, ch.toughness), (2, 2));
    assert_eq!(ch.colors, ColorSet::EMPTY);
    assert_eq!(ch.name(), "");
    assert!(ch.abilities().is_empty());
    assert!(ch.is(CardType::Creature));
    // The morph cost is the copied card's: {G}, not {2}{B}{B}.
    let cost = g.morph_cost(demon).expect("a morph cost");
    assert_eq!(cost.mana.colored, [0, 0, 0, 0, 1]);
    assert_eq!(cost.mana.generic, 0);
    g.apply(Action::TurnFaceUp(demon)).unwrap();
    pay(&mut g);
    let ch = compute(&g, demon);
    assert!(!g.objects[demon.slot as usize].is_face_down());
    assert_eq!(ch.name(), "Branchsnap Lorian");
    assert_eq!((ch.power, ch.toughness), (4, 1));
    assert!(ch.has(Keyword::Trample));
}

/// 503.3 example: a face-down Grinning Demon becomes a copy of Wandering
/// Ones (no morph). It is a face-down Wandering Ones: still a nameless 2/2,
/// and its controller can't turn it face up as a special action.
#[test]
fn r503_3_face_down_copy_of_a_card_without_morph_cant_turn_face_up() {
    let (mut g, demon) = face_down_demon(&["Swamp", "Swamp", "Swamp", "Swamp"]);
    assert!(g.legal_actions().contains(&Action::TurnFaceUp(demon)));
    becomes_copy(&mut g, demon, "Wandering Ones");
    let ch = compute(&g, demon);
    assert_eq!((ch.power, ch.toughness), (2, 2));
    assert_eq!(ch.name(), "");
    assert!(g.morph_cost(demon).is_none());
    assert!(!g.legal_actions().contains(&Action::TurnFaceUp(demon)));
}

/// 504.6: at the end of each game, all face-down objects in play are
/// revealed to all players.
#[test]
fn r504_6_face_down_permanents_revealed_at_game_end() {
    let (mut g, _demon) = face_down_demon(&[]);
    g.take_events();
    g.apply(Action::Concede(P2)).unwrap();
    let events = g.take_events();
    let revealed = events.iter().position(|e| {
        matches!(e, Event::FaceDownRevealed { player, card: c } if *player == P1 && *c == card("Grinning Demon"))
    });
    let over = events
        .iter()
        .position(|e| matches!(e, Event::GameOver { .. }));
    assert!(revealed.is_some() && revealed < over, "{events:?}");
}

/// 504.3, 504.6: the opponent's view never names a face-down permanent;
/// no log line names it while it is face down.
#[test]
fn r504_3_view_and_log_hide_a_face_down_permanent() {
    let (mut g, demon) = face_down_demon(&[]);
    let seen = |g: &Game, viewer| {
        g.view(viewer)
            .in_play
            .iter()
            .find(|p| p.id == demon)
            .map(|p| (p.name.clone(), p.card.is_some(), p.type_line.clone()))
            .unwrap()
    };
    assert_eq!(
        seen(&g, P2),
        ("face-down creature".into(), false, "Creature".into())
    );
    assert_eq!(
        seen(&g, P1),
        ("Grinning Demon".into(), true, "Creature".into())
    );
    g.take_events();
    // Tapping it (an event about it) names only a face-down creature.
    g.tap(demon);
    let lines: Vec<String> = g.take_events().iter().map(|e| e.render()).collect();
    assert!(
        lines.iter().all(|l| !l.contains("Grinning Demon")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("Face-down creature")));
}
