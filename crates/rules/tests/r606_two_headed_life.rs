//! 606.9b, 606.9c: "life total becomes N" in a Two-Headed Giant game
//! (`Game::set_life_totals`, the function under `Effect::LifeTotalBecomes`;
//! through cards: the scenarios `606_9b_biorhythm_…` and
//! `606_9c_example_blessed_wind_…`).

use tolaria_rules::variants::multiplayer::{MultiplayerOptions, Variant};
use tolaria_rules::variants::teams::{Entrant, Setup};
use tolaria_rules::{Event, Game, PlayerId};

fn two_headed() -> Game {
    let island = tolaria_cards::db().by_name("Island").unwrap().id;
    let entrants = (0..4)
        .map(|i| Entrant {
            name: format!("P{}", i + 1),
            deck: vec![island; 10],
            team: Some((i / 2) as u8),
            range: None,
        })
        .collect();
    let setup = Setup {
        entrants,
        options: MultiplayerOptions {
            variant: Variant::TwoHeadedGiant,
            ..Default::default()
        },
        random_seating: false,
    };
    Game::new_multiplayer(&setup, 1).unwrap()
}

/// 606.9b, the Biorhythm example: a team at 25 whose players' life totals
/// become 3 and 4 ends at 7; the first player is considered to have lost
/// 10 life (13 - 3), the second 9 (13 - 4).
#[test]
fn r606_9b_example_biorhythm_sums() {
    let mut g = two_headed();
    g.set_life(PlayerId(0), 25);
    g.events.clear();
    g.set_life_totals(&[
        (PlayerId(0), 3),
        (PlayerId(1), 4),
        (PlayerId(2), 0),
        (PlayerId(3), 2),
    ]);
    assert_eq!(g.life(PlayerId(0)), 7);
    assert_eq!(g.life(PlayerId(1)), 7);
    // The other team (30): 0 + 2.
    assert_eq!(g.life(PlayerId(2)), 2);
    let lost: Vec<(PlayerId, u32)> = g
        .events
        .iter()
        .filter_map(|e| match e {
            Event::LifeLost { player, amount } => Some((*player, *amount)),
            _ => None,
        })
        .collect();
    assert!(lost.contains(&(PlayerId(0), 10)), "{lost:?}");
    assert!(lost.contains(&(PlayerId(1), 9)), "{lost:?}");
    assert!(lost.contains(&(PlayerId(2), 15)), "{lost:?}");
}

/// 606.9c and its example: a player on a team at 25 whose life total
/// becomes 20 is considered to be at 13: the team gains 7 and ends at 32.
#[test]
fn r606_9c_example_one_player_becomes_20() {
    let mut g = two_headed();
    g.set_life(PlayerId(0), 25);
    g.set_life_totals(&[(PlayerId(1), 20)]);
    assert_eq!(g.life(PlayerId(0)), 32);
    assert_eq!(g.life(PlayerId(1)), 32);
    assert_eq!(g.life(PlayerId(2)), 30);
}

/// Outside Two-Headed Giant the life total simply becomes the number.
#[test]
fn life_total_becomes_in_a_two_player_game() {
    let island = tolaria_cards::db().by_name("Island").unwrap().id;
    let mut g = Game::new_game(&[("A", vec![island; 10]), ("B", vec![island; 10])], 1);
    g.set_life_totals(&[(PlayerId(0), 7), (PlayerId(1), 33)]);
    assert_eq!(g.life(PlayerId(0)), 7);
    assert_eq!(g.life(PlayerId(1)), 33);
}

/// 606.2: no other multiplayer options are used in Two-Headed Giant games;
/// 606.1: two teams.
#[test]
fn r606_2_no_other_options() {
    let island = tolaria_cards::db().by_name("Island").unwrap().id;
    let entrants = |teams: usize| -> Vec<Entrant> {
        (0..4)
            .map(|i| Entrant {
                name: format!("P{}", i + 1),
                deck: vec![island; 10],
                team: Some((i % teams) as u8),
                range: None,
            })
            .collect()
    };
    for options in [
        MultiplayerOptions {
            variant: Variant::TwoHeadedGiant,
            deploy: true,
            ..Default::default()
        },
        MultiplayerOptions {
            variant: Variant::TwoHeadedGiant,
            range: Some(1),
            ..Default::default()
        },
        MultiplayerOptions {
            variant: Variant::TwoHeadedGiant,
            attack: tolaria_rules::variants::multiplayer::AttackOption::Multiple,
            ..Default::default()
        },
    ] {
        let setup = Setup {
            entrants: entrants(2),
            options,
            random_seating: false,
        };
        assert!(Game::new_multiplayer(&setup, 1).is_err(), "{options:?}");
    }
    // 606.1: four teams of one are no Two-Headed Giant game.
    let setup = Setup {
        entrants: entrants(4),
        options: MultiplayerOptions {
            variant: Variant::TwoHeadedGiant,
            ..Default::default()
        },
        random_seating: false,
    };
    assert!(Game::new_multiplayer(&setup, 1).is_err());
}
