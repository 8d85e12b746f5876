//! Fuzzing the engine with the whole compiled pool: decks of random
//! supported cards, random agents. Every game must finish with every card in
//! exactly one zone and no panic.

use tolaria_ai::{Agent, RandomAgent};
use tolaria_cards::{db, CardId, CardType};
use tolaria_rules::{Game, Rng};

fn random_deck(rng: &mut Rng, pool: &[CardId], lands: &[CardId]) -> Vec<CardId> {
    let mut deck: Vec<CardId> = (0..36).map(|_| pool[rng.below(pool.len())]).collect();
    for i in 0..24 {
        deck.push(lands[i % lands.len()]);
    }
    deck
}

#[test]
fn random_decks_from_the_whole_supported_pool_play_out() {
    let pool: Vec<CardId> = db()
        .iter()
        .filter(|c| c.is_supported() && !c.front().types.contains(CardType::Land))
        .map(|c| c.id)
        .collect();
    assert!(pool.len() > 1500, "{} supported nonland cards", pool.len());
    let lands: Vec<CardId> = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
        .iter()
        .map(|n| db().by_name(n).unwrap().id)
        .collect();
    let mut rng = Rng::new(2007);
    let mut buf = Vec::new();
    for game in 0..150u64 {
        let a = random_deck(&mut rng, &pool, &lands);
        let b = random_deck(&mut rng, &pool, &lands);
        let mut g = Game::new_game(&[("A", a), ("B", b)], game);
        let mut agents = [
            RandomAgent::new(game * 2 + 1),
            RandomAgent::new(game * 2 + 2),
        ];
        let mut n = 0u32;
        while !g.is_over() && n < 20_000 {
            let d = g.decider().expect("a decision while the game runs");
            g.legal_actions_into(&mut buf);
            assert!(
                !buf.is_empty(),
                "game {game}: no legal action for {:?}",
                g.decision
            );
            let action = agents[d.index()].choose(&g, d, &buf);
            g.apply(action)
                .unwrap_or_else(|e| panic!("game {game}: {e}"));
            g.check_zones()
                .unwrap_or_else(|e| panic!("game {game} action {n}: {e}"));
            g.events.clear();
            n += 1;
        }
    }
}
