//! Seeded random-agent games: every game finishes, no panic, and every card
//! is in exactly one zone after every action.

use tolaria_ai::{Agent, RandomAgent};
use tolaria_cards::CardId;
use tolaria_rules::Game;

/// A shipped deck file, by path from the repository root.
pub fn deck_file(path: &str) -> Vec<CardId> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    tolaria_cards::Deck::load(root.join(path)).unwrap().cards()
}

pub fn rg() -> Vec<CardId> {
    deck_file("decks/bench/rg_beats_old.dck")
}

pub fn ww() -> Vec<CardId> {
    deck_file("decks/bench/white_weenie_old.dck")
}

#[test]
fn random_games_finish_with_every_card_in_one_zone() {
    let games = 2000;
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut g = Game::new_game(&[("RG", rg()), ("WW", ww())], seed);
        let mut agents = [
            RandomAgent::new(seed * 2 + 1),
            RandomAgent::new(seed * 2 + 2),
        ];
        let mut n = 0;
        while !g.is_over() {
            let d = g
                .decider()
                .expect("a decision is pending while the game runs");
            g.legal_actions_kept(&mut buf);
            assert!(
                !buf.is_empty(),
                "seed {seed}: no legal action for {:?}",
                g.decision
            );
            let a = agents[d.index()].choose(&g, d, &buf);
            g.apply(a).unwrap();
            g.check_zones()
                .unwrap_or_else(|e| panic!("seed {seed} action {n}: {e}"));
            g.events.clear();
            n += 1;
            assert!(n < 200_000, "seed {seed}: game does not end");
        }
    }
}

/// Every pair of the shipped default decks: random games finish cleanly.
#[test]
fn random_games_with_default_decks() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../decks");
    let names = [
        "red_green.txt",
        "white_blue.txt",
        "black_white.txt",
        "mono_black.txt",
    ];
    let decks: Vec<Vec<CardId>> = names
        .iter()
        .map(|n| tolaria_cards::Deck::load(dir.join(n)).unwrap().cards())
        .collect();
    let mut buf = Vec::new();
    for i in 0..decks.len() {
        for j in 0..decks.len() {
            for seed in 0..60u64 {
                let mut g = Game::new_game(
                    &[("A", decks[i].clone()), ("B", decks[j].clone())],
                    seed * 31 + i as u64 * 7 + j as u64,
                );
                let mut agents = [RandomAgent::new(seed + 1), RandomAgent::new(seed + 2)];
                let mut n = 0;
                while !g.is_over() {
                    let d = g.decider().unwrap();
                    g.legal_actions_kept(&mut buf);
                    assert!(
                        !buf.is_empty(),
                        "{} vs {} seed {seed}: no legal action for {:?}",
                        names[i],
                        names[j],
                        g.decision
                    );
                    let a = agents[d.index()].choose(&g, d, &buf);
                    g.apply(a).unwrap();
                    g.check_zones().unwrap_or_else(|e| {
                        panic!("{} vs {} seed {seed} action {n}: {e}", names[i], names[j])
                    });
                    g.events.clear();
                    n += 1;
                    assert!(n < 200_000, "game does not end");
                }
            }
        }
    }
}
