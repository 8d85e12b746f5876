//! DEVELOPERS.md decision 8: the same seed and the same actions give the
//! same game, byte for byte; and a mid-game state survives a serde round trip.

use tolaria_ai::{Agent, RandomAgent};
use tolaria_cards::CardId;
use tolaria_rules::Game;

fn decks() -> [(&'static str, Vec<CardId>); 2] {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let load = |p: &str| tolaria_cards::Deck::load(root.join(p)).unwrap().cards();
    [
        ("RG", load("decks/bench/rg_beats_old.dck")),
        ("WW", load("decks/bench/white_weenie_old.dck")),
    ]
}

/// Plays `steps` actions (or to the end) and returns the rendered log.
fn play(g: &mut Game, agents: &mut [RandomAgent; 2], steps: usize) -> String {
    let mut log = String::new();
    let mut buf = Vec::new();
    for _ in 0..steps {
        for e in g.take_events() {
            log.push_str(&e.render());
            log.push('\n');
        }
        if g.is_over() {
            break;
        }
        let d = g.decider().unwrap();
        g.legal_actions_into(&mut buf);
        let a = agents[d.index()].choose(g, d, &buf);
        g.apply(a).unwrap();
    }
    for e in g.take_events() {
        log.push_str(&e.render());
        log.push('\n');
    }
    log
}

#[test]
fn same_seed_same_log() {
    for seed in [1u64, 2, 99] {
        let run = || {
            let mut g = Game::new_game(&decks(), seed);
            let mut agents = [RandomAgent::new(seed), RandomAgent::new(seed + 1000)];
            play(&mut g, &mut agents, usize::MAX)
        };
        let (a, b) = (run(), run());
        assert!(!a.is_empty());
        assert_eq!(a, b, "seed {seed}: logs differ");
    }
    // Different seeds give different games.
    let mut g1 = Game::new_game(&decks(), 1);
    let mut g2 = Game::new_game(&decks(), 2);
    let l1 = play(
        &mut g1,
        &mut [RandomAgent::new(1), RandomAgent::new(2)],
        200,
    );
    let l2 = play(
        &mut g2,
        &mut [RandomAgent::new(1), RandomAgent::new(2)],
        200,
    );
    assert_ne!(l1, l2);
}

#[test]
fn serde_round_trip_mid_game() {
    let mut g = Game::new_game(&decks(), 5);
    let mut agents = [RandomAgent::new(10), RandomAgent::new(11)];
    play(&mut g, &mut agents, 150);
    assert!(!g.is_over(), "pick a mid-game point");
    let json = serde_json::to_string(&g).unwrap();
    let mut back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    // Both continue identically.
    let mut a1 = [RandomAgent::new(20), RandomAgent::new(21)];
    let mut a2 = [RandomAgent::new(20), RandomAgent::new(21)];
    let l1 = play(&mut g, &mut a1, usize::MAX);
    let l2 = play(&mut back, &mut a2, usize::MAX);
    assert_eq!(l1, l2);
}

#[test]
fn clone_is_independent() {
    let mut g = Game::new_game(&decks(), 8);
    let mut agents = [RandomAgent::new(1), RandomAgent::new(2)];
    play(&mut g, &mut agents, 100);
    let snapshot = g.clone();
    let before = serde_json::to_string(&snapshot).unwrap();
    play(&mut g, &mut agents, 100);
    assert_eq!(serde_json::to_string(&snapshot).unwrap(), before);
}
