//! Fuzzing the cards of rules 507, 509 and 511 together: decks of the
//! coin-flip cards, Mindslaver, Time Stop and the skip-turn cards, played by
//! random and greedy agents. Every game finishes (or reaches the action
//! cap) with every card in exactly one zone, no panic and only legal
//! actions, and turn control never outlives its turn.

mod common;

use tolaria_ai::{Agent, GreedyAgent};
use tolaria_cards::db;
use tolaria_rules::{Event, Game};

const CARDS: &[&str] = &[
    "Mindslaver",
    "Time Stop",
    "Meditate",
    "Chronatog",
    "Stitch in Time",
    "Mana Clash",
    "Mana Crypt",
    "Krark's Thumb",
    "Fiery Gambit",
    "Goblin Bomb",
    "Chaotic Strike",
    "Crazed Firecat",
    "Scoria Wurm",
    "Wild Wurm",
    "Winter Sky",
    "Orcish Captain",
    "Viashino Sandswimmer",
    "Goblin Archaeologist",
    "Bottle of Suleiman",
    "Puppet's Verdict",
    "Mijae Djinn",
    "Planar Chaos",
    "Wirefly Hive",
    "Goblin Assassin",
    "Chance Encounter",
    "Tide of War",
    "Game of Chaos",
    "Waste Away",
    "Grizzly Bears",
    "Hill Giant",
];

#[test]
fn coin_flip_and_turn_cards_play_out() {
    let pool = common::supported(CARDS);
    // How often each rule came up: flips with and without a call, turns
    // controlled, turns ended, turns skipped.
    let mut seen = [0u32; 5];
    let mut turn = 0;
    common::fuzz(&pool, 511, 100, |g, events| {
        if g.turn != turn {
            turn = g.turn;
            // 507.1: a turn-control effect lasts exactly the turn it applies to.
            if g.turn_controller != g.active {
                assert!(!g.player(g.turn_controller).lost);
            }
        }
        for e in events {
            match e {
                Event::CoinFlipped { call: Some(_), .. } => seen[0] += 1,
                Event::CoinFlipped { call: None, .. } => seen[1] += 1,
                Event::TurnBegan {
                    player, controller, ..
                } if player != controller => seen[2] += 1,
                Event::TurnEnded => seen[3] += 1,
                Event::TurnSkipped { .. } => seen[4] += 1,
                _ => {}
            }
        }
    });
    eprintln!(
        "flips called {}, uncalled {}, controlled turns {}, ended {}, skipped {}",
        seen[0], seen[1], seen[2], seen[3], seen[4]
    );
    assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
}

/// Krark's Thumb with the greedy agent: when the two coins differ, it keeps
/// the one matching its call, so it never loses Mana Crypt's flip then.
#[test]
fn greedy_keeps_the_coin_that_wins_its_call() {
    use tolaria_cards::Step;
    use tolaria_rules::{DecisionKind, PlayerId, Zone};
    let mut choices = 0;
    for seed in 0..30 {
        let mut g = Game::empty(&["A", "B"], seed);
        for name in ["Krark's Thumb", "Mana Crypt"] {
            g.create_card(db().by_name(name).unwrap().id, PlayerId(0), Zone::InPlay);
        }
        for p in [PlayerId(0), PlayerId(1)] {
            for _ in 0..5 {
                g.create_card(db().by_name("Island").unwrap().id, p, Zone::Library(p));
            }
        }
        g.begin_at(3, PlayerId(0), Step::Upkeep);
        let mut agent = GreedyAgent::new();
        let mut differ = false;
        while g.step == Step::Upkeep {
            let d = g.decider().unwrap();
            differ |= g.decision.as_ref().unwrap().kind == DecisionKind::KeepCoin;
            let legal = g.legal_actions();
            let a = agent.choose(&g, d, &legal);
            g.apply(a).unwrap();
        }
        if differ {
            choices += 1;
            assert_eq!(g.life(PlayerId(0)), 20, "seed {seed}");
        }
    }
    assert!(choices > 3, "{choices}");
}
