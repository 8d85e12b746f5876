//! Starting the game (101).

use tolaria_cards::{db, CardId, Step};
use tolaria_rules::{Action, DecisionKind, Event, Game, PlayerId};

fn forty(name: &str) -> Vec<CardId> {
    vec![db().by_name(name).unwrap().id; 40]
}

fn new_game(seed: u64) -> Game {
    Game::new_game(&[("A", forty("Forest")), ("B", forty("Plains"))], seed)
}

#[test]
fn r101_2_starting_player_is_a_seeded_random_choice() {
    let firsts: Vec<PlayerId> = (0..40).map(|s| new_game(s).starting_player).collect();
    assert!(firsts.contains(&PlayerId(0)) && firsts.contains(&PlayerId(1)));
    assert_eq!(new_game(7).starting_player, new_game(7).starting_player);
}

#[test]
fn r101_3_life_20_and_hands_of_seven() {
    let g = new_game(3);
    for p in g.player_ids() {
        assert_eq!(g.life(p), 20);
        assert_eq!(g.player(p).hand.len(), 7);
        assert_eq!(g.player(p).library.len(), 33);
    }
    // 101.4: the starting player decides on mulligans first.
    let d = g.decision.clone().unwrap();
    assert_eq!(
        (d.player, d.kind),
        (g.starting_player, DecisionKind::Mulligan)
    );
}

#[test]
fn r101_4_mulligan_draws_one_fewer_each_time() {
    let mut g = new_game(3);
    let first = g.starting_player;
    g.apply(Action::Mulligan).unwrap();
    assert_eq!(g.player(first).hand.len(), 6);
    assert_eq!(g.player(first).library.len(), 34);
    g.apply(Action::Mulligan).unwrap();
    assert_eq!(g.player(first).hand.len(), 5);
    g.apply(Action::Keep).unwrap();
    // Then the other player decides; the first can't mulligan any more.
    let other = g.next_player(first);
    assert_eq!(g.decision.as_ref().unwrap().player, other);
    g.apply(Action::Keep).unwrap();
    assert_eq!(g.player(first).hand.len(), 5);
    assert_eq!(g.player(other).hand.len(), 7);
    g.check_zones().unwrap();
}

#[test]
fn r101_5a_starting_player_skips_first_draw() {
    let mut g = new_game(11);
    g.apply(Action::Keep).unwrap();
    g.apply(Action::Keep).unwrap();
    let first = g.starting_player;
    // Turn 1, the starting player's precombat main phase: still seven cards.
    assert_eq!(g.step, Step::Upkeep);
    while g.step != Step::PrecombatMain {
        g.apply(Action::Pass).unwrap();
    }
    assert_eq!(g.player(first).hand.len(), 7);
    let events = g.take_events();
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::SkippedFirstDraw { player, .. } if *player == first)));
    // The other player draws on their first turn.
    let other = g.next_player(first);
    while !(g.active == other && g.step == Step::PrecombatMain) {
        let a = if g.legal_actions().contains(&Action::Done) {
            Action::Done
        } else {
            Action::Pass
        };
        g.apply(a).unwrap();
    }
    assert_eq!(g.player(other).hand.len(), 8);
}

fn three_players(seed: u64) -> Game {
    Game::new_game(
        &[
            ("A", forty("Forest")),
            ("B", forty("Plains")),
            ("C", forty("Island")),
        ],
        seed,
    )
}

/// Keeps for every mulligan decision; the first turn must begin (no
/// mulligan decision may come back once every player still in has kept).
fn keep_until_first_turn(g: &mut Game) {
    for _ in 0..10 {
        match g.decision.as_ref().map(|d| d.kind.clone()) {
            Some(DecisionKind::Mulligan) => g.apply(Action::Keep).unwrap(),
            _ => return,
        }
    }
    panic!("101.4: the mulligan decisions never end");
}

#[test]
fn r101_4_r600_4_the_starting_player_conceding_after_keeping_doesnt_restart_the_mulligans() {
    let mut g = three_players(5);
    let first = g.starting_player;
    g.apply(Action::Keep).unwrap();
    g.apply(Action::Concede(first)).unwrap();
    keep_until_first_turn(&mut g);
    // 101.5 and 600.4: the next player in turn order still in the game
    // takes the first turn in the starting player's place.
    let next = g.next_player(first);
    assert_ne!(next, first);
    assert_eq!(g.active, next);
    assert_eq!(g.starting_player, next);
    assert_eq!(g.turn, 1);
    g.check_zones().unwrap();
}

#[test]
fn r101_4_r600_4_a_player_conceding_at_their_mulligan_decision_passes_it_on() {
    let mut g = three_players(6);
    let first = g.starting_player;
    let second = g.next_player(first);
    g.apply(Action::Keep).unwrap();
    assert_eq!(g.decision.as_ref().unwrap().player, second);
    g.apply(Action::Concede(second)).unwrap();
    // Still the mulligans: the third player decides next, before any turn.
    let d = g.decision.clone().unwrap();
    assert_eq!(d.kind, DecisionKind::Mulligan);
    assert_eq!(d.player, g.next_player(first));
    keep_until_first_turn(&mut g);
    assert_eq!(g.active, first);
    assert_eq!(g.turn, 1);
}

#[test]
fn r101_4_r600_4_the_starting_player_conceding_at_their_own_decision() {
    let mut g = three_players(7);
    let first = g.starting_player;
    g.apply(Action::Concede(first)).unwrap();
    let d = g.decision.clone().unwrap();
    assert_eq!(d.kind, DecisionKind::Mulligan);
    assert_eq!(d.player, g.next_player(first));
    keep_until_first_turn(&mut g);
    assert_eq!(g.active, g.next_player(first));
    assert_eq!(g.turn, 1);
}

/// A deck of Leylines of Lifeforce and Forests: every opening hand of
/// seven from it holds a Leyline with this seed.
fn leyline_deck() -> Vec<CardId> {
    let mut v = forty("Forest");
    let leyline = db().by_name("Leyline of Lifeforce").unwrap().id;
    v[..20].fill(leyline);
    v
}

#[test]
fn r101_5_a_leyline_in_the_opening_hand_may_begin_the_game_in_play() {
    let mut g = Game::new_game(&[("A", leyline_deck()), ("B", forty("Plains"))], 4);
    let first = g.starting_player;
    let a = PlayerId(0);
    g.apply(Action::Keep).unwrap();
    g.apply(Action::Keep).unwrap();
    // Only A holds a card that may begin in play: A decides, before the
    // first turn begins.
    let d = g.decision.clone().unwrap();
    assert_eq!((d.player, d.kind), (a, DecisionKind::OpeningHand));
    let leylines = g
        .player(a)
        .hand
        .iter()
        .filter(|&&o| g.obj(o).unwrap().def().name == "Leyline of Lifeforce")
        .count();
    assert!(leylines >= 2, "the seed deals two Leylines");
    let legal = g.legal_actions();
    assert_eq!(
        legal.len(),
        leylines + 1,
        "each Leyline, or done: {legal:?}"
    );
    let Action::ChooseObject(o) = legal[0] else {
        panic!("{legal:?}")
    };
    // A card without the ability is refused, the state unchanged.
    let forest = g
        .player(a)
        .hand
        .iter()
        .copied()
        .find(|&o| g.obj(o).unwrap().def().name == "Forest")
        .expect("the seed deals a Forest too");
    let before = g.clone();
    assert!(g.apply(Action::ChooseObject(forest)).is_err());
    assert_eq!(g.player(a).hand, before.player(a).hand);
    g.apply(Action::ChooseObject(o)).unwrap();
    assert_eq!(g.player(a).hand.len(), 6);
    assert!(g
        .in_play
        .iter()
        .any(|&p| g.obj(p).unwrap().def().name == "Leyline of Lifeforce"));
    // Asked again for the other Leyline; done keeps it in the hand.
    assert_eq!(g.decision.as_ref().unwrap().kind, DecisionKind::OpeningHand);
    g.apply(Action::Done).unwrap();
    assert_eq!(g.player(a).hand.len(), 6);
    // Then the first turn begins.
    assert_eq!(g.turn, 1);
    assert_eq!(g.active, first);
    assert_eq!(g.decision.as_ref().unwrap().kind, DecisionKind::Priority);
    g.check_zones().unwrap();
}
