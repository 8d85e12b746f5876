//! Rule 506 (subgames: Shahrazad) through the public API: the engine's
//! top level is a stack of games, views show the suspended main game with
//! its hidden information still hidden, and play through subgames is
//! deterministic and loses no card.

mod common;
use common::*;
use tolaria_cards::Step;
use tolaria_rules::{Action, Game, Zone};

/// Alice plays Shahrazad with Bob at 15 life; both libraries hold ten cards.
fn shahrazad_resolved() -> Game {
    let mut g = Game::empty(&["Alice", "Bob"], 7);
    let shahrazad = g.create_card(card("Shahrazad"), P1, Zone::Hand(P1));
    for _ in 0..2 {
        g.create_card(card("Plains"), P1, Zone::InPlay);
    }
    g.create_card(card("Grizzly Bears"), P2, Zone::Hand(P2));
    libraries(&mut g, "Plains", 10);
    g.set_life(P2, 15);
    g.begin_at(3, P1, Step::PrecombatMain);
    g.apply(Action::PlaySpell(shahrazad)).unwrap();
    pay(&mut g);
    g.apply(Action::Pass).unwrap();
    g.apply(Action::Pass).unwrap();
    g
}

/// Every card of the game (and of the games it suspends) is in exactly one
/// zone list of its own game.
fn cards_in_zones(g: &Game) -> usize {
    let mut n = g.in_play.len() + g.stack.len() + g.removed.len();
    for p in g.player_ids() {
        let pl = g.player(p);
        n += pl.library.len() + pl.hand.len() + pl.graveyard.len();
    }
    n
}

#[test]
fn r506_1_the_subgame_replaces_the_main_game_until_it_ends() {
    let g = shahrazad_resolved();
    assert_eq!(g.subgame_depth(), 1);
    let main = g.main_game().expect("the main game is suspended inside");
    assert_eq!(main.subgame_depth(), 0);
    assert!(main.decision.is_none(), "the main game waits (506.1)");
    // 506.3: both libraries were removed from the main game face down.
    assert_eq!(main.removed.len(), 20);
    assert!(main.player(P1).library.is_empty());
    // 506.4: hands of seven from ten-card decks.
    assert_eq!(g.player(P1).hand.len(), 7);
    assert_eq!(g.player(P2).library.len(), 3);
    assert_eq!(g.life(P2), 20);
    assert_eq!(g.subgame_origin().len(), 20);
}

#[test]
fn r506_view_shows_the_suspended_main_game_with_its_hidden_information() {
    let g = shahrazad_resolved();
    let v = g.view(P1);
    let main = v.main_game.as_ref().expect("the main game's view");
    assert_eq!(main.players[1].life, 15);
    // Bob's main-game hand (Grizzly Bears) stays hidden from Alice.
    assert_eq!(main.players[1].hand_size, 1);
    assert!(main.players[1].hand.is_none());
    // 506.3: the removed libraries are face down: nobody sees the cards.
    assert!(main.removed.iter().all(|c| c.card.is_none()));
    // In the subgame, Alice sees her own hand, not Bob's.
    assert!(v.players[0].hand.is_some());
    assert!(v.players[1].hand.is_none());
}

#[test]
fn r506_6_conceding_the_subgame_resumes_the_main_game_with_every_card_back() {
    let mut g = shahrazad_resolved();
    g.apply_as(P2, Action::Concede(P2)).unwrap();
    assert_eq!(g.subgame_depth(), 0);
    assert!(!g.is_over(), "only the subgame was conceded");
    assert_eq!(g.life(P2), 7, "Shahrazad: 15 - 8");
    assert_eq!(g.life(P1), 20);
    assert_eq!(g.player(P1).library.len(), 10);
    assert_eq!(g.player(P2).library.len(), 10);
    assert!(g.removed.is_empty());
    // Shahrazad in the graveyard, two Plains, Bob's Bears: 20 + 4 cards.
    assert_eq!(cards_in_zones(&g), 24);
    assert_eq!(g.decider(), Some(P1));
}

#[test]
fn r506_play_through_a_subgame_is_deterministic_and_clones_are_independent() {
    let run = |g: &mut Game| {
        // Deterministic choices: always the first legal action that isn't
        // conceding, so that both subgame and main game move on.
        let mut log = Vec::new();
        for _ in 0..3000 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_actions();
            let a = legal
                .iter()
                .find(|a| !matches!(a, Action::Concede(_)))
                .cloned()
                .expect("an action");
            log.extend(g.take_events().into_iter().map(|e| e.render()));
            g.apply(a).unwrap();
        }
        log.extend(g.take_events().into_iter().map(|e| e.render()));
        log
    };
    let start = shahrazad_resolved();
    let mut a = start.clone();
    let mut b = start.clone();
    let la = run(&mut a);
    let lb = run(&mut b);
    assert_eq!(la, lb);
    assert!(la.iter().any(|l| l.contains("The subgame (depth 1) ends")));
    assert_eq!(a.subgame_depth(), b.subgame_depth());
    // The original is untouched by either run.
    assert_eq!(start.subgame_depth(), 1);
    assert_eq!(start.player(P1).hand.len(), 7);
}

/// 506.6: a subgame saved and loaded is still valid. The cards brought
/// into it remember their ids in the *main* game (to go back there), so
/// those ids are checked against the main game's arena, not the
/// subgame's smaller one (found by the fuzz run: seed 2027, game 352).
#[test]
fn r506_6_a_saved_subgame_loads_with_its_cards_main_game_ids() {
    let g = shahrazad_resolved();
    let main_objects = g.main_game().unwrap().objects.len();
    assert!(
        main_objects > g.objects.len(),
        "the test needs main-game ids past the subgame's arena"
    );
    let json = serde_json::to_string(&g).unwrap();
    let loaded = Game::from_json(&json).expect("a subgame loads");
    assert_eq!(serde_json::to_string(&loaded).unwrap(), json);
}
