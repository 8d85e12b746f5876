//! 418.5 / issue 16 (2): the kept board (`Game::board`, derived data) must
//! always equal a fresh computation through the layers while it says it is
//! valid, and a game saved to JSON and loaded (which starts with no board)
//! must play exactly as the original.

mod common;

use tolaria_ai::{Agent, GreedyAgent, RandomAgent};
use tolaria_cards::{db, CardId, CardType};
use tolaria_rules::variants::multiplayer::AttackOption;
use tolaria_rules::{Action, Game, Rng};

fn pool() -> Vec<CardId> {
    db().iter()
        .filter(|c| c.is_supported() && !c.ante_only() && !c.front().types.contains(CardType::Land))
        .map(|c| c.id)
        .collect()
}

/// After every action of random games from the whole pool, the kept board
/// equals a fresh computation (`Game::check_board`).
#[test]
fn r418_5_kept_board_equals_a_fresh_computation_after_every_action() {
    let mut n = 0u64;
    common::fuzz(&pool(), 162, 60, |g, _| {
        n += 1;
        g.check_board().unwrap_or_else(|e| {
            panic!("action {n}, turn {} {:?}: stale board: {e}", g.turn, g.step)
        });
    });
}

fn json_copy(g: &Game) -> Game {
    serde_json::from_str(&serde_json::to_string(g).unwrap()).unwrap()
}

/// Random games from the whole pool with 2 to 4 players and every attack
/// option, the kept board checked after every action; every 40 actions the game is saved to
/// JSON and loaded, and the copy is played in lock step with the original
/// for 40 actions: the same legal actions, the same events, and at the end
/// the same state.
#[test]
fn r418_5_game_loaded_from_json_plays_identically() {
    // A longer run: TOLARIA_BOARD_GAMES=1000 cargo test --release -p
    // tolaria-ai --test r418_5_kept_board.
    let games: u64 = std::env::var("TOLARIA_BOARD_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30);
    plays_identically_after_reload(&pool(), 1622, games);
}

/// 418.6 with 418.5: text-changing effects on lands and on the cards that
/// name colours and land types, beginning and ending (until end of turn),
/// with the kept board's list of mana sources (a land whose "Forest"
/// became "Island" taps for blue until the change ends) checked against a
/// game reloaded from JSON, which computes it afresh.
#[test]
fn r418_6_text_changes_keep_the_board_and_reload_identically() {
    let names = [
        "Sleight of Mind",
        "Magical Hack",
        "Alter Reality",
        "Spectral Shift",
        "Crystal Spray",
        "Whim of Volrath",
        "Crusade",
        "Bad Moon",
        "Savannah Lions",
        "Black Knight",
        "White Knight",
        "Shivan Dragon",
        "Lord of Atlantis",
        "Merfolk of the Pearl Trident",
        "Llanowar Elves",
        "Birds of Paradise",
        "Wild Growth",
        "Castle",
        "Circle of Protection: Red",
        "Lightning Bolt",
    ];
    let pool: Vec<CardId> = names
        .iter()
        .map(|n| db().by_name(n).unwrap_or_else(|| panic!("{n}")).id)
        .filter(|&c| db().get(c).is_supported())
        .collect();
    assert!(pool.len() >= 12, "the text-changing cards compile");
    let words = plays_identically_after_reload(&pool, 4186, 24);
    assert!(words >= 20, "only {words} words chosen for text changes");
}

/// Plays `games` random games from `pool` in lock step with copies
/// reloaded from JSON; returns how many words text-changing effects chose.
fn plays_identically_after_reload(pool: &[CardId], seed: u64, games: u64) -> u32 {
    let mut words = 0;
    let lands: Vec<CardId> = ["Island", "Swamp", "Mountain", "Forest", "Plains"]
        .iter()
        .map(|n| db().by_name(n).unwrap().id)
        .collect();
    let mut rng = Rng::new(seed);
    let (mut buf, mut buf2) = (Vec::new(), Vec::new());
    for game in 0..games {
        let mut deck = || {
            let mut d: Vec<CardId> = (0..34).map(|_| pool[rng.below(pool.len())]).collect();
            d.extend((0..26).map(|i| lands[i % lands.len()]));
            d
        };
        // 2, 3 and 4 players (600.1), every attack option (605.2b).
        let players = 2 + (game % 3) as usize;
        let names = ["A", "B", "C", "D"];
        let decks: Vec<(&str, Vec<CardId>)> = (0..players).map(|i| (names[i], deck())).collect();
        let mut g = Game::new_game(&decks, game);
        g.options.attack = [
            AttackOption::Left,
            AttackOption::Right,
            AttackOption::Multiple,
        ][(game / 3 % 3) as usize];
        let mut agents: Vec<Box<dyn Agent>> = (0..players as u64)
            .map(|i| -> Box<dyn Agent> {
                if game % 4 == 0 && i == 0 {
                    Box::new(GreedyAgent::new())
                } else {
                    Box::new(RandomAgent::new(game * 4 + i))
                }
            })
            .collect();
        let mut copy: Option<Game> = None;
        let mut n = 0u32;
        while !g.is_over() && n < 3_000 {
            // The log so far isn't part of the saved state.
            g.take_events();
            if n.is_multiple_of(40) {
                if let Some(c) = copy.take() {
                    assert_eq!(
                        serde_json::to_string(&c).unwrap(),
                        serde_json::to_string(&g).unwrap(),
                        "game {game} action {n}: the loaded copy's state differs"
                    );
                }
                copy = Some(json_copy(&g));
            }
            let d = g.decider().expect("a decider");
            g.legal_actions_into(&mut buf);
            let action = agents[d.index()].choose(&g, d, &buf);
            words += u32::from(matches!(action, Action::ChooseWord(_)));
            g.apply(action.clone()).unwrap();
            g.check_board()
                .unwrap_or_else(|e| panic!("game {game} action {n}: stale board: {e}"));
            let events: Vec<String> = g.take_events().iter().map(|e| e.render()).collect();
            if let Some(c) = copy.as_mut() {
                c.legal_actions_into(&mut buf2);
                assert_eq!(buf, buf2, "game {game} action {n}: legal actions differ");
                c.apply(action).unwrap();
                let e2: Vec<String> = c.take_events().iter().map(|e| e.render()).collect();
                assert_eq!(events, e2, "game {game} action {n}: events differ");
            }
            n += 1;
        }
    }
    words
}
