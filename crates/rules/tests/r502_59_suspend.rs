//! Rule 502.59 (suspend): a suspended card is public: both players'
//! views show it removed from the game with its time counters (217.7,
//! 502.59b); the special action is refused when not legal.

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, ActionError, Game, Zone};

/// 502.59a, 408.2k: Rift Bolt suspended for {R}; both views show the card
/// removed from the game with one time counter, and it is suspended
/// (502.59b).
#[test]
fn r502_59b_suspended_card_is_public_with_its_time_counters() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let bolt = g.create_card(card("Rift Bolt"), P1, Zone::Hand(P1));
    g.create_card(card("Mountain"), P1, Zone::InPlay);
    libraries(&mut g, "Mountain", 5);
    g.begin_at(3, P1, Step::PrecombatMain);
    assert!(g.legal_actions().contains(&Action::Suspend(bolt)));
    g.apply(Action::Suspend(bolt)).unwrap();
    pay(&mut g);
    assert!(g.stack.is_empty());
    assert_eq!(g.removed.len(), 1);
    let removed = g.removed[0];
    assert!(g.is_suspended(removed));
    for viewer in [P1, P2] {
        let v = g.view(viewer);
        assert_eq!(v.removed.len(), 1);
        assert_eq!(v.removed[0].name.as_deref(), Some("Rift Bolt"));
        assert_eq!(v.removed[0].time_counters, 1);
    }
}

/// 408.2k: only a player with priority who could play the card may
/// suspend it: the opponent can't, and nothing changes (typed error).
#[test]
fn r408_2k_suspend_refused_out_of_turn() {
    let mut g = Game::empty(&["Alice", "Bob"], 1);
    let bolt = g.create_card(card("Rift Bolt"), P2, Zone::Hand(P2));
    g.create_card(card("Mountain"), P2, Zone::InPlay);
    libraries(&mut g, "Mountain", 5);
    g.begin_at(3, P1, Step::PrecombatMain);
    let before = g.view(P2);
    assert!(matches!(
        g.apply(Action::Suspend(bolt)),
        Err(ActionError::Illegal { .. })
    ));
    assert_eq!(g.view(P2), before);
}
