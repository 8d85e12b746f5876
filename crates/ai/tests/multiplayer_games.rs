//! 600: seeded random-agent games with three and four players (the attack
//! left, attack right and attack multiple players options, 604.1, 602): every game finishes without a
//! panic, only legal actions are offered, and after every action each card
//! is in exactly one zone — or, once its owner has left the game (600.4a),
//! in none (`Game::check_zones`). Some players concede part-way through so
//! that the game goes on after they leave.

use tolaria_ai::{Agent, RandomAgent};
use tolaria_cards::CardId;
use tolaria_rules::variants::multiplayer::AttackOption;
use tolaria_rules::{Action, Game, PlayerId};

fn deck(path: &str) -> Vec<CardId> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    tolaria_cards::Deck::load(root.join(path)).unwrap().cards()
}

#[test]
fn multiplayer_random_games_keep_zones_consistent() {
    let decks = [
        deck("decks/bench/rg_beats_old.dck"),
        deck("decks/bench/white_weenie_old.dck"),
        deck("decks/red_green.txt"),
        deck("decks/mono_black.txt"),
    ];
    let mut buf = Vec::new();
    let mut left = 0;
    for seed in 0..120u64 {
        let n = 3 + (seed % 2) as usize;
        let named: Vec<(&str, Vec<CardId>)> = ["A", "B", "C", "D"][..n]
            .iter()
            .zip(decks.iter())
            .map(|(name, d)| (*name, d.clone()))
            .collect();
        let mut g = Game::new_game(&named, seed);
        g.options.attack = match seed % 3 {
            0 => AttackOption::Right,
            1 => AttackOption::Multiple,
            _ => AttackOption::Left,
        };
        let mut agents: Vec<RandomAgent> = (0..n as u64)
            .map(|i| RandomAgent::new(seed * 8 + i))
            .collect();
        // One player concedes at some action (600.4: the game goes on).
        let concede_at = 200 + seed * 37 % 800;
        let conceder = PlayerId((seed % n as u64) as u8);
        let mut k = 0u64;
        while !g.is_over() {
            if k == concede_at && !g.player(conceder).lost {
                g.apply(Action::Concede(conceder)).unwrap();
            } else {
                let d = g.decider().expect("a decision is pending");
                g.legal_actions_into(&mut buf);
                assert!(!buf.is_empty(), "seed {seed}: no legal action");
                let a = agents[d.index()].choose(&g, d, &buf);
                g.apply(a).unwrap();
            }
            g.check_zones()
                .unwrap_or_else(|e| panic!("seed {seed} action {k}: {e}"));
            if let Some(d) = g.decider() {
                assert!(
                    !g.player(d).lost,
                    "seed {seed} action {k}: a player who left decides"
                );
            }
            g.events.clear();
            k += 1;
            assert!(k < 300_000, "seed {seed}: game does not end");
        }
        left += g.players.iter().filter(|p| p.left_game).count();
    }
    assert!(left > 50, "players left the game in only {left} games");
}
