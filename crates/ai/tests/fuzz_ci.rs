//! The CI-sized fuzz run (issue 16): games from the whole supported pool
//! with 2–6 players, every attack option, random, greedy and adversarial
//! agents, every check after every action (`tolaria_ai::fuzz`). Any
//! failure fails the test with the command that reproduces it (no defect
//! is tagged known now).
//! `TOLARIA_FUZZ_GAMES` changes the number of games.

use std::time::Duration;
use tolaria_ai::fuzz::{run, Checks, Config};

#[test]
fn fuzz_whole_pool_two_to_six_players_with_every_check() {
    let games = std::env::var("TOLARIA_FUZZ_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let cfg = Config {
        seed: 16,
        games,
        max_actions: 1_500,
        threads: 2,
        checks: Checks {
            listed: 2,
            unlisted_every: 2,
            unlisted: 3,
            view_every: 3,
            round_trip_every: 1,
            board_every: 1,
        },
        shrink_time: Duration::from_secs(20),
        shrink_failures: 2,
        ..Config::default()
    };
    let report = run(&cfg, &|_| {});
    eprintln!("{}", report.summary());
    assert_eq!(report.games, games);
    for n in 2..=6 {
        assert!(games < 24 || report.by_players[n] > 0, "no {n}-player game");
    }
    let new: Vec<String> = report.unknown_failures().map(|f| f.describe()).collect();
    assert!(new.is_empty(), "new failures:\n{}", new.join(""));
}

/// The long run's game 16,304 (seed 2027): saved and loaded before its
/// first action, the loaded game must play in lock step. It failed while
/// the set-up's events were left pending on the original game only (a
/// loaded game has none: `Game::events` is not saved).
#[test]
fn a_round_trip_before_the_first_action_plays_in_lock_step() {
    let cfg = Config {
        seed: 2027,
        start: 16_304,
        games: 1,
        threads: 1,
        checks: Checks::LIGHT,
        shrink_time: Duration::ZERO,
        shrink_failures: 0,
        ..Config::default()
    };
    let report = run(&cfg, &|_| {});
    let new: Vec<String> = report.unknown_failures().map(|f| f.describe()).collect();
    assert!(new.is_empty(), "{}", new.join(""));
}
