//! 608: at least 50 seeded Grand Melee games of 10 to 16 players with decks
//! of random cards from the whole compiled pool and random (some greedy)
//! agents. After every action every card is in exactly one zone (or none
//! once its owner has left the game, 600.4a: `Game::check_zones`), no
//! player who left decides, the turn markers keep their invariants (608.4:
//! one marker per full four players, at least one, no more than at the
//! start; no two held by one player; the served turn is a held marker's;
//! 608.4c: a marker is received only with no marker in the three seats to
//! the left), and every game ends. The decks are small (8 to 10 cards) so
//! that games end by decking (420.5g) if not before.

use tolaria_ai::{Agent, GreedyAgent, RandomAgent};
use tolaria_cards::{db, CardId};
use tolaria_rules::variants::multiplayer::{MultiplayerOptions, Variant};
use tolaria_rules::variants::teams::{Entrant, Setup};
use tolaria_rules::{Action, Event, Game, Rng};

mod common;
use common::nonland_pool as pool;

/// The turn markers' invariants after an action.
fn check_markers(g: &Game, start: usize, game: u64, k: u32) {
    let markers = g.turn_markers();
    assert!(
        !markers.is_empty() && markers.len() <= start,
        "game {game} action {k}: {} turn markers (608.4a)",
        markers.len()
    );
    let held: Vec<_> = markers.iter().filter(|m| m.held()).collect();
    for (i, a) in held.iter().enumerate() {
        for b in &held[i + 1..] {
            assert_ne!(
                a.seat, b.seat,
                "game {game} action {k}: two markers, one player"
            );
        }
    }
    let serving = g
        .serving_marker()
        .expect("a Grand Melee game serves a turn");
    if let Some(m) = markers.iter().find(|m| m.number == serving && m.held()) {
        assert!(
            m.suspended.is_none(),
            "game {game} action {k}: the served turn is suspended"
        );
        assert_eq!(
            m.seat, g.active,
            "game {game} action {k}: the served turn's player"
        );
    }
    for m in &held {
        if m.number != serving {
            let t = m.suspended.as_ref().unwrap_or_else(|| {
                panic!("game {game} action {k}: marker {} has no turn", m.number)
            });
            assert_eq!(
                t.active, m.seat,
                "game {game} action {k}: a suspended turn's player"
            );
        }
    }
}

#[test]
fn grand_melee_10_to_16_players_50_games() {
    let pool = pool();
    let lands: Vec<CardId> = ["Island", "Swamp", "Mountain", "Forest", "Plains"]
        .iter()
        .map(|n| db().by_name(n).unwrap().id)
        .collect();
    let seed = 608;
    let mut rng = Rng::new(seed);
    let (mut passed, mut waited, mut removed) = (0, 0, 0);
    for game in 0..50u64 {
        let n = 10 + (game % 7) as usize;
        let size = 8 + (game % 3) as usize;
        let entrants: Vec<Entrant> = (0..n)
            .map(|i| {
                let mut deck: Vec<CardId> =
                    (0..size - 3).map(|_| pool[rng.below(pool.len())]).collect();
                deck.extend((0..3).map(|k| lands[(k + i) % lands.len()]));
                Entrant {
                    name: format!("E{i}"),
                    deck,
                    team: None,
                    range: None,
                }
            })
            .collect();
        let setup = Setup {
            entrants,
            options: MultiplayerOptions {
                variant: Variant::GrandMelee,
                ..Default::default()
            },
            random_seating: true,
        };
        let mut g = Game::new_multiplayer(&setup, seed * 1000 + game).unwrap();
        let mut agents: Vec<Box<dyn Agent>> = (0..n as u64)
            .map(|i| -> Box<dyn Agent> {
                if game % 4 == 0 && i % 5 == 0 {
                    Box::new(GreedyAgent::new())
                } else {
                    Box::new(RandomAgent::new(game * 16 + i))
                }
            })
            .collect();
        let mut start = 0;
        common::play_checked(
            &format!("game {game}"),
            &mut g,
            &mut agents,
            200,
            300_000,
            |g, k| {
                if start == 0 {
                    start = g.turn_markers().len();
                }
                if start > 0 && !g.is_over() {
                    check_markers(g, start, game, k);
                }
                for e in g.events.drain(..) {
                    match e {
                        Event::TurnMarkerTaken { .. } => passed += 1,
                        Event::TurnMarkerWaits { .. } => waited += 1,
                        Event::TurnMarkerRemoved { .. } => removed += 1,
                        _ => {}
                    }
                }
            },
        );
    }
    eprintln!("608: {passed} markers taken, {waited} waits, {removed} removed");
    // The markers moved, waited and were removed in these games.
    assert!(passed > 500, "{passed} markers taken");
    assert!(waited > 0, "no marker waited");
    assert!(removed > 0, "no marker removed");
}

/// A saved Grand Melee game (format version 2: the set-up and the
/// actions) replays to the same log, line for line, and the same result.
#[test]
fn grand_melee_saved_game_replays_byte_for_byte() {
    use tolaria_rules::engine::saved::{Recorder, ReplayFile};
    let pool = pool();
    let mut rng = Rng::new(6080);
    let n = 12;
    let entrants: Vec<Entrant> = (0..n)
        .map(|i| Entrant {
            name: format!("E{i}"),
            deck: (0..9).map(|_| pool[rng.below(pool.len())]).collect(),
            team: None,
            range: None,
        })
        .collect();
    let setup = Setup {
        entrants,
        options: MultiplayerOptions {
            variant: Variant::GrandMelee,
            ..Default::default()
        },
        random_seating: true,
    };
    let who: Vec<(&str, &str)> = (0..n).map(|_| ("random", "random")).collect();
    let mut rec = Recorder::multiplayer(77, &setup, &who);
    let mut g = Game::new_multiplayer(&setup, 77).unwrap();
    rec.events(&g);
    g.events.clear();
    let mut agents: Vec<RandomAgent> = (0..n as u64).map(RandomAgent::new).collect();
    let mut buf = Vec::new();
    let mut k = 0;
    while !g.is_over() && k < 20_000 {
        let d = g.decider().unwrap();
        g.legal_actions_into(&mut buf);
        let a = if k > 15_000 && buf.contains(&Action::Pass) {
            Action::Pass
        } else {
            agents[d.index()].choose(&g, d, &buf)
        };
        g.apply(a.clone()).unwrap();
        rec.action(&a);
        rec.events(&g);
        g.events.clear();
        k += 1;
    }
    let log = rec.log().to_vec();
    assert!(log.iter().any(|l| l.contains("608.4b")));
    let text = serde_json::to_string(&rec.finish(g.result, g.turn)).unwrap();
    let file = ReplayFile::parse(&text, "gm.json").unwrap();
    let mut again = Vec::new();
    let replayed = file
        .replay("gm.json", |l| again.push(l.to_string()))
        .unwrap();
    assert_eq!(again, log);
    assert_eq!(replayed.result, g.result);
    assert_eq!(
        serde_json::to_string(&replayed).unwrap(),
        serde_json::to_string(&g).unwrap()
    );
}
