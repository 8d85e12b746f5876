//! 605, 606, 607, 609: at least 200 seeded games of each multiplayer variant —
//! Free-for-All with 3 to 6 players (each attack option), Teams 2×2 and
//! 3×3, Emperor with two and three teams, Two-Headed Giant (and 606.10's
//! Three-Headed Giant) — with decks of random cards from
//! the whole compiled pool and random (some greedy) agents. After every
//! action every card is in exactly one zone (or none once its owner has
//! left the game, 600.4a: `Game::check_zones`), no player who left decides,
//! and every game ends (606.4a: a team's life total is stored once,
//! `Game::life`, so no check of copies is needed). The decks are small (10 cards) so that games end
//! by decking (420.5g) if not before; the test stays well under a minute.

use tolaria_ai::{Agent, GreedyAgent, RandomAgent};
use tolaria_cards::{db, CardId};
use tolaria_rules::variants::multiplayer::{AttackOption, MultiplayerOptions, Variant};
use tolaria_rules::variants::teams::{Entrant, Setup};
use tolaria_rules::{Game, GameResult, Rng};

mod common;
use common::nonland_pool as pool;

/// Plays `games` games of the variant; `teams` teams of `size` players (or
/// `size` players without teams when `teams` is 0).
fn play(variant: Variant, teams: usize, size: usize, games: u64, seed: u64) {
    play_with(variant, teams, size, games, seed, None, false);
}

/// `play` with the 601 limited range of influence option (`range`: every
/// player's range; every third player gets a range one larger, 601.2a) and
/// the 603 deploy creatures option. The Emperor variant always uses both
/// (607.3a–b).
fn play_with(
    variant: Variant,
    teams: usize,
    size: usize,
    games: u64,
    seed: u64,
    range: Option<u8>,
    deploy: bool,
) {
    let pool = pool();
    let lands: Vec<CardId> = ["Island", "Swamp", "Mountain", "Forest", "Plains"]
        .iter()
        .map(|n| db().by_name(n).unwrap().id)
        .collect();
    let mut rng = Rng::new(seed);
    let mut team_wins = 0;
    for game in 0..games {
        let n = if teams == 0 {
            // 3 to 6 players.
            3 + (game % 4) as usize
        } else {
            teams * size
        };
        let entrants: Vec<Entrant> = (0..n)
            .map(|i| {
                let mut deck: Vec<CardId> = (0..6).map(|_| pool[rng.below(pool.len())]).collect();
                deck.extend((0..4).map(|k| lands[(k + i) % lands.len()]));
                Entrant {
                    name: format!("E{i}"),
                    deck,
                    team: (teams > 0).then(|| (i % teams) as u8),
                    range: range.filter(|_| i % 3 == 2).map(|r| r + 1),
                }
            })
            .collect();
        let attack = match (variant, game % 3) {
            // 606.2: no attack option in Two-Headed Giant.
            (Variant::TwoHeadedGiant, _) => AttackOption::Left,
            (Variant::Emperor, _) | (_, 0) => AttackOption::Multiple,
            (_, 1) => AttackOption::Left,
            _ => AttackOption::Right,
        };
        let setup = Setup {
            entrants,
            options: MultiplayerOptions {
                attack,
                variant,
                range,
                deploy,
                ante: false,
            },
            random_seating: true,
        };
        let mut g = Game::new_multiplayer(&setup, seed * 1000 + game).unwrap();
        let mut agents: Vec<Box<dyn Agent>> = (0..n as u64)
            .map(|i| -> Box<dyn Agent> {
                if game % 4 == 0 && i == 0 {
                    Box::new(GreedyAgent::new())
                } else {
                    Box::new(RandomAgent::new(game * 16 + i))
                }
            })
            .collect();
        common::play_checked(
            &format!("{variant:?} game {game}"),
            &mut g,
            &mut agents,
            300,
            200_000,
            |g, _| g.events.clear(),
        );
        if let Some(GameResult::TeamWin(_)) = g.result {
            team_wins += 1;
        }
        // 609.5, 607.5a: in a team game the result names a team (or a draw).
        if teams > 0 {
            assert!(
                !matches!(g.result, Some(GameResult::Win(_))),
                "{variant:?} game {game}: {:?}",
                g.result
            );
        }
    }
    if teams > 0 {
        assert!(
            team_wins > games / 2,
            "{variant:?}: only {team_wins} team wins"
        );
    }
}

#[test]
fn free_for_all_3_to_6_players_200_games() {
    play(Variant::FreeForAll, 0, 0, 200, 605);
}

#[test]
fn teams_2x2_200_games() {
    play(Variant::Teams, 2, 2, 200, 609);
}

#[test]
fn teams_3x3_200_games() {
    play(Variant::Teams, 3, 3, 200, 6093);
}

#[test]
fn emperor_two_teams_200_games() {
    play(Variant::Emperor, 2, 3, 200, 607);
}

#[test]
fn emperor_three_teams_200_games() {
    play(Variant::Emperor, 3, 3, 200, 6073);
}

/// 606: Two-Headed Giant, two teams of two.
#[test]
fn two_headed_giant_200_games() {
    play(Variant::TwoHeadedGiant, 2, 2, 200, 606);
}

/// 606.10: Three-Headed Giant, two teams of three.
#[test]
fn three_headed_giant_50_games() {
    play(Variant::TwoHeadedGiant, 2, 3, 50, 60610);
}

/// 601: Free-for-All with 3 to 6 players under the limited range of
/// influence option (ranges 1 and 2, some players one more).
#[test]
fn range_of_influence_3_to_6_players_200_games() {
    play_with(Variant::FreeForAll, 0, 0, 100, 601, Some(1), false);
    play_with(Variant::FreeForAll, 0, 0, 100, 6012, Some(2), false);
}

/// 603: Teams 2×2 with the deploy creatures option, and with a range of
/// influence too.
#[test]
fn teams_2x2_deploy_200_games() {
    play_with(Variant::Teams, 2, 2, 100, 603, None, true);
    play_with(Variant::Teams, 3, 2, 100, 6032, Some(1), true);
}
