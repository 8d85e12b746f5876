//! Shared by the fuzz tests: games between random (and sometimes greedy)
//! agents with decks drawn from a list of cards.

use tolaria_ai::{Agent, GreedyAgent, RandomAgent};
use tolaria_cards::{db, CardId};
use tolaria_rules::{Event, Game, Rng};

/// The ids of these cards; each must exist and be supported.
#[allow(dead_code)]
pub fn supported(names: &[&str]) -> Vec<CardId> {
    names
        .iter()
        .map(|n| {
            let c = db().by_name(n).unwrap_or_else(|| panic!("{n}"));
            assert!(c.is_supported(), "{n}: {:?}", c.unsupported());
            c.id
        })
        .collect()
}

/// Plays `games` games of 34 random cards of `pool` and 26 basic lands per
/// deck. Every game finishes or reaches 20,000 actions with every card in
/// exactly one zone, no panic, and only legal actions; `each` sees the game
/// after every action and the events it produced.
#[allow(dead_code)]
pub fn fuzz(pool: &[CardId], seed: u64, games: u64, mut each: impl FnMut(&Game, &[Event])) {
    let lands = supported(&["Island", "Swamp", "Mountain", "Forest", "Plains"]);
    let mut rng = Rng::new(seed);
    let mut buf = Vec::new();
    for game in 0..games {
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
        while !g.is_over() && n < 20_000 {
            let d = g.decider().expect("a decision while the game runs");
            // The kept listing (issue 22; debug builds check it).
            g.legal_actions_kept(&mut buf);
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
            let events = std::mem::take(&mut g.events);
            each(&g, &events);
            n += 1;
        }
    }
}

/// Every supported card that isn't a land: the pool random decks are
/// drawn from.
#[allow(dead_code)]
pub fn nonland_pool() -> Vec<CardId> {
    // 217.9c: an ante card is refused in a game not played for ante.
    db().iter()
        .filter(|c| {
            // 217.9c: ante cards only in games played for ante.
            c.is_supported()
                && !c.ante_only()
                && !c.front().types.contains(tolaria_cards::CardType::Land)
        })
        .map(|c| c.id)
        .collect()
}

/// Plays `g` to its end with one agent per seat, checking after every
/// action that a player still in the game decides with a legal action and
/// that every card is in exactly one zone (600.4a: in none once its owner
/// has left). A random agent may repeat a free ability forever (Chimeric
/// Idol's {0}), so after `per_turn` actions in one turn the decider passes
/// when it can, and every game ends (by decking at the latest); it panics
/// after `max` actions. `each` sees the game and the action count after
/// every action (the events are its to drain). `label` names the game in
/// failures.
#[allow(dead_code)]
pub fn play_checked(
    label: &str,
    g: &mut Game,
    agents: &mut [Box<dyn Agent>],
    per_turn: u32,
    max: u32,
    mut each: impl FnMut(&mut Game, u32),
) {
    let mut buf = Vec::new();
    let mut k = 0u32;
    let (mut turn, mut in_turn) = (0u32, 0u32);
    while !g.is_over() {
        let d = g.decider().expect("a decision while the game runs");
        assert!(
            !g.player(d).lost,
            "{label} action {k}: a player who left decides"
        );
        g.legal_actions_kept(&mut buf);
        assert!(!buf.is_empty(), "{label}: no legal action");
        if g.turn != turn {
            (turn, in_turn) = (g.turn, 0);
        }
        in_turn += 1;
        let a = if in_turn > per_turn && buf.contains(&tolaria_rules::Action::Pass) {
            tolaria_rules::Action::Pass
        } else if in_turn > per_turn && buf.contains(&tolaria_rules::Action::No) {
            // A mana ability that pays for itself (Skyshroud Elf's "{1}:
            // Add {R} or {W}") can be played forever while a payment is
            // asked ("unless you pay"): past the cap, decline.
            tolaria_rules::Action::No
        } else {
            agents[d.index()].choose(g, d, &buf)
        };
        g.apply(a)
            .unwrap_or_else(|e| panic!("{label} action {k}: {e}"));
        g.check_zones()
            .unwrap_or_else(|e| panic!("{label} action {k}: {e}"));
        each(g, k);
        k += 1;
        assert!(
            k < max,
            "{label}: the game does not end (turn {}, {:?})",
            g.turn,
            g.decision
        );
    }
}
