//! 418.5 / issue 16 (2): the kept board (`Game::board`, derived data) must
//! always equal a fresh computation through the layers while it says it is
//! valid, and a game saved to JSON and loaded (which starts with no board)
//! must play exactly as the original.

mod common;

use tolaria_ai::{Agent, GreedyAgent, RandomAgent};
use tolaria_cards::{db, CardId, CardType};
use tolaria_rules::{Game, Rng};

fn pool() -> Vec<CardId> {
    db().iter()
        .filter(|c| c.is_supported() && !c.front().types.contains(CardType::Land))
        .map(|c| c.id)
        .collect()
}

/// After every action of random games from the whole pool, the kept board
/// equals a fresh computation (`Game::check_board`).
#[test]
fn r418_5_kept_board_equals_a_fresh_computation_after_every_action() {
    let mut n = 0u64;
    common::fuzz(&pool(), 162, 60, |g, _| {
        n += 1;
        g.check_board().unwrap_or_else(|e| {
            panic!("action {n}, turn {} {:?}: stale board: {e}", g.turn, g.step)
        });
    });
}

fn json_copy(g: &Game) -> Game {
    serde_json::from_str(&serde_json::to_string(g).unwrap()).unwrap()
}

/// Random games from the whole pool; every 40 actions the game is saved to
/// JSON and loaded, and the copy is played in lock step with the original
/// for 40 actions: the same legal actions, the same events, and at the end
/// the same state.
#[test]
fn r418_5_game_loaded_from_json_plays_identically() {
    let pool = pool();
    let lands: Vec<CardId> = ["Island", "Swamp", "Mountain", "Forest", "Plains"]
        .iter()
        .map(|n| db().by_name(n).unwrap().id)
        .collect();
    let mut rng = Rng::new(1622);
    let (mut buf, mut buf2) = (Vec::new(), Vec::new());
    for game in 0..30u64 {
        let mut deck = || {
            let mut d: Vec<CardId> = (0..34).map(|_| pool[rng.below(pool.len())]).collect();
            d.extend((0..26).map(|i| lands[i % lands.len()]));
            d
        };
        let (a, b) = (deck(), deck());
        let mut g = Game::new_game(&[("A", a), ("B", b)], game);
        let mut agents: [Box<dyn Agent>; 2] = if game % 3 == 0 {
            [
                Box::new(GreedyAgent::new()),
                Box::new(RandomAgent::new(game)),
            ]
        } else {
            [
                Box::new(RandomAgent::new(game * 2 + 1)),
                Box::new(RandomAgent::new(game * 2 + 2)),
            ]
        };
        let mut copy: Option<Game> = None;
        let mut n = 0u32;
        while !g.is_over() && n < 3_000 {
            // The log so far isn't part of the saved state.
            g.take_events();
            if n.is_multiple_of(40) {
                if let Some(c) = copy.take() {
                    assert_eq!(
                        serde_json::to_string(&c).unwrap(),
                        serde_json::to_string(&g).unwrap(),
                        "game {game} action {n}: the loaded copy's state differs"
                    );
                }
                copy = Some(json_copy(&g));
            }
            let d = g.decider().expect("a decider");
            g.legal_actions_into(&mut buf);
            let action = agents[d.index()].choose(&g, d, &buf);
            g.apply(action.clone()).unwrap();
            let events: Vec<String> = g.take_events().iter().map(|e| e.render()).collect();
            if let Some(c) = copy.as_mut() {
                c.legal_actions_into(&mut buf2);
                assert_eq!(buf, buf2, "game {game} action {n}: legal actions differ");
                c.apply(action).unwrap();
                let e2: Vec<String> = c.take_events().iter().map(|e| e.render()).collect();
                assert_eq!(events, e2, "game {game} action {n}: events differ");
            }
            n += 1;
        }
    }
}
