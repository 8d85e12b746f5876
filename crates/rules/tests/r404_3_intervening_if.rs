//! 404.3: an intervening "if" clause is checked as the event occurs and
//! again on resolution (Phage the Untouchable: "When Phage comes into
//! play, if you didn't play it from your hand, you lose the game").

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, Game, GameResult, MoveReason, Zone};

/// Phage put into play from the graveyard (no card of the pool does that
/// yet, so the engine's own move is used): it wasn't played from the hand.
#[test]
fn r404_3_phage_put_into_play_not_from_the_hand_loses_the_game() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let phage = g.create_card(card("Phage the Untouchable"), P1, Zone::Graveyard(P1));
    libraries(&mut g, "Swamp", 3);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.put_into_play_as(phage, P1, MoveReason::Resolve, None)
        .expect("Phage comes into play");
    // The trigger goes on the stack the next time a player would receive
    // priority; both players pass and it resolves, all in the main phase.
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.stack.len(), 1, "Phage's trigger is on the stack");
    for _ in 0..3 {
        if g.is_over() {
            break;
        }
        g.apply(Action::Pass).unwrap();
    }
    assert_eq!(g.step, Step::PrecombatMain);
    assert_eq!(g.result, Some(GameResult::Win(P2)));
}

/// Played from the hand, Phage's ability doesn't trigger (404.3).
#[test]
fn r404_3_phage_played_from_the_hand_doesnt_trigger() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    for _ in 0..7 {
        g.create_card(card("Swamp"), P1, Zone::InPlay);
    }
    let phage = g.create_card(card("Phage the Untouchable"), P1, Zone::Hand(P1));
    libraries(&mut g, "Swamp", 3);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(phage)).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    assert!(g.stack.is_empty(), "no trigger: {:?}", g.stack);
    assert!(g.result.is_none());
    assert_eq!(g.in_play.len(), 8);
}
