//! The greedy agent: only legal actions, every game finishes, and it beats
//! the random agent.

use tolaria_ai::{Agent, GreedyAgent, RandomAgent};
use tolaria_cards::{CardId, Deck};
use tolaria_rules::{Game, GameResult, PlayerId};

fn deck(file: &str) -> Vec<CardId> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../decks")
        .join(file);
    Deck::load(path).unwrap_or_else(|e| panic!("{e}")).cards()
}

/// Plays one game; returns the winner's seat.
fn play(seed: u64, agents: &mut [Box<dyn Agent>; 2], decks: [&[CardId]; 2]) -> Option<PlayerId> {
    let mut g = Game::new_game(&[("A", decks[0].to_vec()), ("B", decks[1].to_vec())], seed);
    let mut n = 0;
    while !g.is_over() {
        let d = g.decider().expect("a decision is pending");
        let legal = g.legal_actions();
        let a = agents[d.index()].choose(&g, d, &legal);
        assert!(legal.contains(&a), "seed {seed}: {a:?} not in {legal:?}");
        g.apply(a).expect("legal action applies");
        g.events.clear();
        n += 1;
        assert!(n < 200_000, "seed {seed}: game does not end");
    }
    match g.result {
        Some(GameResult::Win(p)) => Some(p),
        _ => None,
    }
}

#[test]
fn greedy_plays_legal_games_and_beats_random() {
    let rg = deck("red_green.txt");
    let wu = deck("white_blue.txt");
    let mut greedy_wins = 0;
    let games = 60;
    for seed in 0..games {
        // Alternate decks and seats.
        let (decks, greedy_seat) = if seed % 2 == 0 {
            ([&rg[..], &wu[..]], 0)
        } else {
            ([&wu[..], &rg[..]], 1)
        };
        let mut agents: [Box<dyn Agent>; 2] = if greedy_seat == 0 {
            [
                Box::new(GreedyAgent::new()),
                Box::new(RandomAgent::new(seed)),
            ]
        } else {
            [
                Box::new(RandomAgent::new(seed)),
                Box::new(GreedyAgent::new()),
            ]
        };
        if play(seed, &mut agents, decks) == Some(PlayerId(greedy_seat)) {
            greedy_wins += 1;
        }
    }
    assert!(
        greedy_wins * 100 >= games * 60,
        "greedy won only {greedy_wins} of {games}"
    );
}

#[test]
fn greedy_mirror_and_bench_decks_finish() {
    let rg = deck("bench/rg_beats_old.dck");
    let ww = deck("bench/white_weenie_old.dck");
    for seed in 0..20 {
        let mut agents: [Box<dyn Agent>; 2] =
            [Box::new(GreedyAgent::new()), Box::new(GreedyAgent::new())];
        play(seed, &mut agents, [&rg[..], &ww[..]]);
    }
}

/// 419.1b and 503: as its Voice of All comes into play the greedy agent
/// names the colour of the opponent's creatures, and its Clone copies the
/// most valuable creature in play.
#[test]
fn greedy_chooses_a_colour_and_a_creature_to_copy() {
    use tolaria_cards::{db, Color, Step};
    use tolaria_rules::{Action, DecisionKind, Zone};
    let card = |n: &str| db().by_name(n).unwrap().id;
    let (me, them) = (PlayerId(0), PlayerId(1));
    let mut g = Game::empty(&["A", "B"], 1);
    for land in ["Plains", "Island"] {
        for _ in 0..4 {
            g.create_card(card(land), me, Zone::InPlay);
        }
    }
    g.create_card(card("Grizzly Bears"), me, Zone::InPlay);
    g.create_card(card("Goblin Piker"), them, Zone::InPlay);
    g.create_card(card("Hill Giant"), them, Zone::InPlay);
    g.create_card(card("Voice of All"), me, Zone::Hand(me));
    g.create_card(card("Clone"), me, Zone::Hand(me));
    for p in [me, them] {
        for _ in 0..5 {
            g.create_card(card("Plains"), p, Zone::Library(p));
        }
    }
    g.begin_at(3, me, Step::PrecombatMain);
    let mut greedy = GreedyAgent::new();
    let mut chosen = (None, None);
    for _ in 0..200 {
        let Some(d) = g.decider() else { break };
        let legal = g.legal_actions();
        let kind = g.decision.as_ref().unwrap().kind.clone();
        let a = match kind {
            DecisionKind::ChooseColor | DecisionKind::ChooseCopy => {
                let a = greedy.choose(&g, d, &legal);
                if let Action::ChooseColor(c) = a {
                    chosen.0 = Some(c);
                }
                if let Action::ChooseObject(o) = a {
                    chosen.1 = g.obj(o).map(|x| db().get(x.card).name.clone());
                }
                a
            }
            // Play both spells (the greedy agent pays), then pass.
            _ => greedy.choose(&g, d, &legal),
        };
        g.apply(a).unwrap();
        if chosen.0.is_some() && chosen.1.is_some() {
            break;
        }
    }
    assert_eq!(
        chosen.0,
        Some(Color::Red),
        "Goblin Piker and Hill Giant are red"
    );
    assert_eq!(
        chosen.1.as_deref(),
        Some("Hill Giant"),
        "the most valuable creature"
    );
}
