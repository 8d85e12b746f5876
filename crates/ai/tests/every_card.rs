//! Issue 23: every supported card is played through the engine's legal
//! actions (`tolaria_ai::exercise`): each way of playing it and each of its
//! abilities on prepared boards, with the zones checked after every action
//! (217.1). No play may fail (a panic, a listed action refused, a card lost
//! or duplicated), and nearly every card must actually be played.

use tolaria_ai::exercise::{exercise, exercise_all, Outcome, Situation};
use tolaria_cards::db;

#[test]
fn r217_1_every_supported_card_is_played_through_the_legal_actions() {
    let cards: Vec<_> = db()
        .iter()
        .filter(|c| c.is_supported())
        .map(|c| c.id)
        .collect();
    let reports = exercise_all(&cards, 2);
    let failures: Vec<String> = reports
        .iter()
        .flat_map(|r| {
            r.failures().map(move |p| match &p.outcome {
                Outcome::Failed(m) => {
                    format!("{} {} ({}): {m}", r.name(), p.label, p.situation.name())
                }
                _ => unreachable!(),
            })
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} plays failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let not: Vec<String> = reports
        .iter()
        .filter_map(|r| r.why_not().map(|w| format!("{}: {w}", r.name())))
        .collect();
    // A newly supported card the boards can't bring into play needs a
    // board that can (`tolaria cards exercise NAME` prints the boards tried).
    assert!(
        not.is_empty(),
        "{} of {} cards not exercised:\n{}",
        not.len(),
        cards.len(),
        not.join("\n")
    );
}

#[test]
fn r409_a_sorcery_is_played_and_resolves_on_the_main_phase_board() {
    let card = db().by_name("Lava Axe").expect("in the pool").id;
    let r = exercise(card);
    assert!(r.exercised(), "{:?}", r.plays);
    assert!(r
        .plays
        .iter()
        .any(|p| p.label == "play" && p.outcome == Outcome::Done));
}

#[test]
fn r409_a_counterspell_needs_a_spell_to_target_and_is_played_in_response() {
    let card = db().by_name("Counterspell").expect("in the pool").id;
    let r = exercise(card);
    assert!(r.exercised(), "{:?}", r.plays);
    let done: Vec<_> = r
        .plays
        .iter()
        .filter(|p| p.outcome == Outcome::Done)
        .collect();
    assert!(!done.is_empty());
    assert!(
        done.iter()
            .all(|p| matches!(p.situation, Situation::Response(_))),
        "{done:?}"
    );
}

#[test]
fn r409_each_activated_ability_of_a_permanent_is_offered_and_played() {
    let card = db().by_name("Prodigal Sorcerer").expect("in the pool").id;
    let r = exercise(card);
    assert!(r.abilities_not_offered.is_empty(), "{:?}", r.plays);
    assert!(r
        .plays
        .iter()
        .any(|p| p.label.starts_with("ability") && p.outcome == Outcome::Done));
}
