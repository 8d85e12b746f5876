//! The entry points of the cargo-fuzz (libFuzzer) targets in `fuzz/`
//! (docs/fuzzing.md): each takes the bytes of one input, an outside file
//! or message, and checks that it gets a typed error or works, never a
//! panic, a hang or a broken game. The same functions run every file of
//! the committed corpora (`fuzz/corpus/TARGET/`) in a stable `cargo test`
//! (crates/ai/tests/fuzz_corpora.rs), so CI checks the corpora without
//! cargo-fuzz or a nightly toolchain.
//!
//! A broken contract panics with what was broken: that is how libFuzzer
//! (and the test) sees it.

use super::{checks, mix, pool};
use crate::{Agent, RandomAgent};
use std::sync::OnceLock;
use tolaria_cards::deck::Deck;
use tolaria_cards::CardId;
use tolaria_rules::engine::saved::ReplayFile;
use tolaria_rules::variants::multiplayer::AttackOption;
use tolaria_rules::{Action, Game};

/// A target's entry point: the bytes of one input.
pub type Entry = fn(&[u8]);

/// The targets, by name (the folders of `fuzz/corpus/`).
pub const TARGETS: &[(&str, Entry)] = &[
    ("deck_file", deck_file),
    ("scenario_file", scenario_file),
    ("replay_file", replay_file),
    ("action_json", action_json),
    ("game_json", game_json),
];

/// The most legal steps `game_json` plays from a loaded game.
pub const GAME_JSON_STEPS: usize = 12;

/// Text as the file readers take it: UTF-8, a byte order mark dropped.
fn text(data: &[u8]) -> Option<&str> {
    let t = std::str::from_utf8(data).ok()?;
    Some(t.strip_prefix('\u{feff}').unwrap_or(t))
}

/// A deck file in any format `Deck::parse` reads (plain, Forge `.dck`,
/// MTGO, Arena): parsed or refused, and a parsed deck's counts agree with
/// its cards and stay within `MAX_DECK_CARDS`.
pub fn deck_file(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let Ok(deck) = Deck::parse(t, "fuzz.txt") else {
        return;
    };
    let max = tolaria_cards::deck::MAX_DECK_CARDS;
    assert!(deck.main_count() <= max && deck.sideboard_count() <= max);
    assert_eq!(deck.cards().len(), deck.main_count() as usize);
}

/// A scenario file (docs/scenarios.md): parsed or refused; a parsed one
/// is built and run, and the engine never panics while it runs (a failed
/// expectation is fine: the input is arbitrary).
pub fn scenario_file(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let Ok(s) = tolaria_scenario::Scenario::parse(t, "fuzz.scn") else {
        return;
    };
    let report = s.run();
    for f in &report.failures {
        assert!(
            !f.message.starts_with(tolaria_scenario::PANICKED),
            "line {}: {}",
            f.line,
            f.message
        );
    }
}

/// A saved game, as `tolaria replay` reads and replays it: a typed error
/// or the replayed game, whose zones are consistent. The card-data
/// version is taken as this program's, so that the corpus's saved games
/// still play when card data changes (the check itself is a comparison
/// of two strings, `ReplayError::CardData`).
pub fn replay_file(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let Ok(mut saved) = ReplayFile::parse(t, "fuzz.json") else {
        return;
    };
    saved.card_data = tolaria_cards::card_data_hash().to_string();
    if let Ok(g) = saved.replay("fuzz.json", |_| {}) {
        g.check_zones().expect("a replayed game's zones");
    }
}

/// A fixed game state and what `action_json` compares against.
struct Fixed {
    game: Game,
    json: String,
    legal: Vec<Action>,
}

/// Games of 2, 3 and 4 players with random decks from the supported
/// pool, played by random agents to several points (the mulligans, the
/// first turns, later turns): built once.
fn fixed_states() -> &'static [Fixed] {
    static STATES: OnceLock<Vec<Fixed>> = OnceLock::new();
    STATES.get_or_init(|| {
        let mut out = Vec::new();
        for (players, attack, stops) in [
            (2usize, AttackOption::Left, &[0u64, 30, 120, 400][..]),
            (3, AttackOption::Multiple, &[60, 250][..]),
            (4, AttackOption::Right, &[150][..]),
        ] {
            let seed = mix(16, players as u64);
            let mut g = random_game(players, seed);
            g.options.attack = attack;
            let mut agent = RandomAgent::new(seed);
            let mut done = 0u64;
            for &stop in stops {
                while done < stop && !g.is_over() {
                    let Some(d) = g.decider() else { break };
                    let legal = g.legal_actions();
                    let Some(_) = legal.first() else { break };
                    let a = agent.choose(&g, d, &legal);
                    g.apply(a).expect("a listed action applies");
                    g.events.clear();
                    done += 1;
                }
                out.push(Fixed {
                    json: serde_json::to_string(&g).expect("a game serialises"),
                    legal: g.legal_actions(),
                    game: g.clone(),
                });
            }
        }
        out
    })
}

/// A new game of `players` with 40-card decks (24 random supported
/// cards, 16 basic lands) drawn from `seed`.
fn random_game(players: usize, seed: u64) -> Game {
    let p = pool();
    let mut rng = tolaria_rules::Rng::new(seed);
    let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
    let decks: Vec<(&str, Vec<CardId>)> = names
        .iter()
        .map(|n| {
            let mut d: Vec<CardId> = (0..24).map(|_| p.cards[rng.below(p.cards.len())]).collect();
            d.extend((0..16).map(|_| p.basics[rng.below(p.basics.len())]));
            (n.as_str(), d)
        })
        .collect();
    Game::new_game(&decks, seed)
}

/// An `Action`, or a list of them, as JSON (as a client or a saved game
/// sends them), applied in turn to each fixed game state. Each is refused
/// with a typed error that leaves the game byte-identical (its JSON), or
/// applies; an action accepted though it wasn't listed must be one that
/// may be (a concession, naming a card); the zones stay consistent.
pub fn action_json(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let actions: Vec<Action> = match serde_json::from_str::<Action>(t) {
        Ok(a) => vec![a],
        Err(_) => match serde_json::from_str::<Vec<Action>>(t) {
            Ok(v) => v.into_iter().take(16).collect(),
            Err(_) => return,
        },
    };
    for f in fixed_states() {
        let mut g = f.game.clone();
        let mut before = f.json.clone();
        let mut legal = f.legal.clone();
        for a in &actions {
            match g.apply(a.clone()) {
                Err(e) => {
                    let after = serde_json::to_string(&g).expect("a game serialises");
                    assert!(
                        after == before,
                        "refusing {a:?} ({e}) changed the game: {}",
                        checks::first_difference(&before, &after)
                    );
                    break;
                }
                Ok(()) => {
                    assert!(
                        legal.contains(a) || checks::accepted_unlisted(&f.game, a),
                        "{a:?} was accepted but not listed for {:?}",
                        f.game.decision
                    );
                    g.check_zones().expect("zones after an applied action");
                    g.events.clear();
                    before = serde_json::to_string(&g).expect("a game serialises");
                    legal = g.legal_actions();
                }
            }
        }
    }
}

/// A `Game` as JSON (a saved state, as the server and the Python package
/// load one): `Game::from_json` refuses it with a typed error, or the
/// game is consistent enough to play: its zones check, every player's
/// view can be computed, and up to `GAME_JSON_STEPS` listed actions are
/// applied, without a panic.
pub fn game_json(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let Ok(mut g) = Game::from_json(t) else {
        return;
    };
    g.check_zones().expect("a validated game's zones");
    for p in g.player_ids().collect::<Vec<_>>() {
        let _ = g.view(p);
    }
    let mut agent = RandomAgent::new(0x16);
    for _ in 0..GAME_JSON_STEPS {
        if g.is_over() {
            break;
        }
        let Some(d) = g.decider() else { break };
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = agent.choose(&g, d, &legal);
        // A state no game reaches may list an action it then refuses:
        // only a panic is a failure here (the fuzz driver checks the
        // listed actions of real games).
        if g.apply(a).is_err() {
            break;
        }
        g.events.clear();
    }
}
