//! Fuzzing the engine with the whole compiled pool: decks of random
//! supported cards, random (and some greedy) agents. Every game must finish
//! with every card in exactly one zone, only legal actions, and no panic.

mod common;

use tolaria_cards::{db, CardId, CardType};

#[test]
fn random_decks_from_the_whole_supported_pool_play_out() {
    let pool: Vec<CardId> = db()
        .iter()
        .filter(|c| c.is_supported() && !c.ante_only() && !c.front().types.contains(CardType::Land))
        .map(|c| c.id)
        .collect();
    assert!(pool.len() > 1500, "{} supported nonland cards", pool.len());
    common::fuzz(&pool, 2007, 150, |_, _| {});
}
