//! Fuzzing the cards of rules 507, 509 and 511 together: decks of the
//! coin-flip cards, Mindslaver, Time Stop and the skip-turn cards, played by
//! random and greedy agents. Every game finishes (or reaches the action
//! cap) with every card in exactly one zone, no panic and only legal
//! actions, and turn control never outlives its turn.

use tolaria_ai::{Agent, GreedyAgent, RandomAgent};
use tolaria_cards::{db, CardId};
use tolaria_rules::{Event, Game, Rng};

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
    let pool: Vec<CardId> = CARDS
        .iter()
        .map(|n| {
            let c = db().by_name(n).unwrap_or_else(|| panic!("{n}"));
            assert!(c.is_supported(), "{n}: {:?}", c.unsupported());
            c.id
        })
        .collect();
    let lands: Vec<CardId> = ["Island", "Swamp", "Mountain", "Forest", "Plains"]
        .iter()
        .map(|n| db().by_name(n).unwrap().id)
        .collect();
    let mut rng = Rng::new(511);
    let mut buf = Vec::new();
    // How often each rule came up: flips with and without a call, turns
    // controlled, turns ended, turns skipped.
    let mut seen = [0u32; 5];
    for game in 0..100u64 {
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
        let mut n = 0u32;
        let mut turn = g.turn;
        while !g.is_over() && n < 20_000 {
            let d = g.decider().expect("a decision while the game runs");
            g.legal_actions_into(&mut buf);
            assert!(
                !buf.is_empty(),
                "game {game}: no legal action for {:?}",
                g.decision
            );
            let action = agents[d.index()].choose(&g, d, &buf);
            assert!(buf.contains(&action));
            g.apply(action)
                .unwrap_or_else(|e| panic!("game {game}: {e}"));
            g.check_zones()
                .unwrap_or_else(|e| panic!("game {game} action {n}: {e}"));
            if g.turn != turn {
                turn = g.turn;
                // 507.1: a turn-control effect lasts exactly the turn it applies to.
                if g.turn_controller != g.active {
                    assert!(!g.player(g.turn_controller).lost);
                }
            }
            for e in g.events.drain(..) {
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
            n += 1;
        }
    }
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
            assert_eq!(g.player(PlayerId(0)).life, 20, "seed {seed}");
        }
    }
    assert!(choices > 3, "{choices}");
}
