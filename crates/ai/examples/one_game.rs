//! Prints the log of one random game between two deck files.
use tolaria_ai::{Agent, RandomAgent};
use tolaria_cards::Deck;
use tolaria_rules::Game;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let a = Deck::load(args.get(2).map_or("decks/red_green.txt", |s| s.as_str())).unwrap();
    let b = Deck::load(args.get(3).map_or("decks/white_blue.txt", |s| s.as_str())).unwrap();
    let mut g = Game::new_game(&[("A", a.cards()), ("B", b.cards())], seed);
    let mut agents = [
        RandomAgent::new(seed * 2 + 1),
        RandomAgent::new(seed * 2 + 2),
    ];
    let mut buf = Vec::new();
    while !g.is_over() {
        for e in g.take_events() {
            if let Some(l) = e.log_line() {
                println!("{l}");
            }
        }
        let d = g.decider().unwrap();
        g.legal_actions_into(&mut buf);
        let a = agents[d.index()].choose(&g, d, &buf);
        println!("  > {d} {}", g.describe(&a));
        g.apply(a).unwrap();
    }
    for e in g.take_events() {
        if let Some(l) = e.log_line() {
            println!("{l}");
        }
    }
}
