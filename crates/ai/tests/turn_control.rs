//! Rule 507 with agents: an agent that controls another player's turn (a
//! human's, in `tolaria play`) makes every decision of that turn from the
//! legal actions of the controlled player, and the game goes on.

use tolaria_ai::{Agent, GreedyAgent, RandomAgent};
use tolaria_cards::{CardId, Deck};
use tolaria_rules::{Game, PlayerId};

fn deck(file: &str) -> Vec<CardId> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../decks")
        .join(file);
    Deck::load(path).unwrap_or_else(|e| panic!("{e}")).cards()
}

#[test]
fn r507_3_an_agent_plays_the_turn_it_controls() {
    let (a, b) = (deck("red_green.txt"), deck("white_blue.txt"));
    for seed in 0u64..6 {
        let mut agents: [Box<dyn Agent>; 2] = if seed.is_multiple_of(2) {
            [Box::new(GreedyAgent::new()), Box::new(GreedyAgent::new())]
        } else {
            [
                Box::new(RandomAgent::new(seed)),
                Box::new(RandomAgent::new(seed + 1)),
            ]
        };
        let mut g = Game::new_game(&[("Human", a.clone()), ("Agent", b.clone())], seed);
        // The agent (P2) controls the human's (P1's) next turn, as if by Mindslaver.
        g.turn_control_next.push((PlayerId(0), PlayerId(1)));
        let (mut controlled, mut n) = (0, 0);
        let mut controlled_turn = None;
        while !g.is_over() && n < 20_000 {
            let d = g.decider().unwrap();
            let on_behalf = g.decision.as_ref().unwrap().player;
            if g.turn_controller == PlayerId(1) && g.active == PlayerId(0) {
                controlled_turn.get_or_insert(g.turn);
                if on_behalf == PlayerId(0) {
                    assert_eq!(d, PlayerId(1), "507.3: the agent decides for P1");
                    controlled += 1;
                }
            } else if on_behalf == PlayerId(0) && !g.is_over() {
                assert_eq!(d, PlayerId(0));
            }
            let legal = g.legal_actions();
            let act = agents[d.index()].choose(&g, d, &legal);
            assert!(legal.contains(&act));
            g.apply(act).unwrap();
            g.events.clear();
            n += 1;
            if controlled_turn.is_some_and(|t| g.turn > t + 2) {
                break;
            }
        }
        assert!(controlled > 0, "seed {seed}: the agent made P1's decisions");
        // The effect ended with that turn.
        assert!(g.is_over() || g.turn_controller == g.active, "seed {seed}");
    }
}
