//! 608 Grand Melee: the set-up (608.1–608.3) and the turn markers
//! (608.4a–e), with several turns in progress at once. These rules act
//! between turns and over many players' turns, which a scenario file (one
//! turn of a few players, set up mid-way) can't express; the games here
//! have ten to sixteen players with decks of Islands, and every player
//! passes (keeping the opening hand, discarding the first card at
//! cleanup).

use tolaria_rules::variants::multiplayer::{AttackOption, MultiplayerOptions, Variant};
use tolaria_rules::variants::teams::{Entrant, Setup, SetupError};
use tolaria_rules::{Action, DecisionKind, Event, Game, PlayerId};

fn setup(n: usize, options: MultiplayerOptions, random_seating: bool) -> Setup {
    let island = tolaria_cards::db().by_name("Island").unwrap().id;
    Setup {
        entrants: (0..n)
            .map(|i| Entrant {
                name: format!("E{}", i + 1),
                deck: vec![island; 40],
                team: None,
                range: None,
            })
            .collect(),
        options: MultiplayerOptions {
            variant: Variant::GrandMelee,
            ..options
        },
        random_seating,
    }
}

/// A Grand Melee game of `n` players seated as listed, past the mulligans
/// (every player keeps): the turn markers have been handed out.
fn grand_melee(n: usize, seed: u64) -> Game {
    let mut g = Game::new_multiplayer(&setup(n, Default::default(), false), seed).unwrap();
    while g
        .decision
        .as_ref()
        .is_some_and(|d| d.kind == DecisionKind::Mulligan)
    {
        g.apply(Action::Keep).unwrap();
    }
    g
}

/// The seat `k` seats to the left of the starting player.
fn seats(g: &Game) -> impl Fn(usize) -> PlayerId {
    let (first, n) = (g.starting_player.index(), g.num_players());
    move |k| PlayerId(((first + k) % n) as u8)
}

/// Every player passes (or makes the first legal choice) until an event
/// matches `stop` (returned with the events before it).
fn run_until(g: &mut Game, stop: impl Fn(&Event) -> bool) -> Vec<Event> {
    let mut seen = Vec::new();
    for _ in 0..200_000 {
        let events = std::mem::take(&mut g.events);
        if let Some(i) = events.iter().position(&stop) {
            // The events after it stay for the next call.
            let mut events = events;
            g.events = events.split_off(i + 1);
            seen.extend(events);
            return seen;
        }
        seen.extend(events);
        let legal = g.legal_actions();
        let a = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0].clone()
        };
        g.apply(a).unwrap();
    }
    panic!("the event never came");
}

fn taken(marker: u8, player: PlayerId) -> impl Fn(&Event) -> bool {
    move |e| *e == Event::TurnMarkerTaken { marker, player }
}

fn marker_seats(g: &Game) -> Vec<(u8, PlayerId)> {
    g.turn_markers()
        .iter()
        .filter(|m| m.held())
        .map(|m| (m.number, m.seat))
        .collect()
}

/// 608.1: a Grand Melee game is a Free-for-All game (no teams) of
/// normally ten or more players; the engine plays it with four or more
/// (one full four, 608.4a) and refuses fewer, or teams.
#[test]
fn r608_1_ten_or_more_players_free_for_all() {
    let g = grand_melee(10, 1);
    assert_eq!(g.options.variant, Variant::GrandMelee);
    assert!(g.player_ids().all(|p| g.player(p).team.is_none()));
    assert!(matches!(
        Game::new_multiplayer(&setup(3, Default::default(), false), 1),
        Err(SetupError::GrandMelee(_))
    ));
    let mut teams = setup(10, Default::default(), false);
    teams.entrants[0].team = Some(0);
    assert!(Game::new_multiplayer(&teams, 1).is_err());
}

/// 608.2a: each player has a range of influence of 1; any other range is
/// refused.
#[test]
fn r608_2a_range_of_influence_1() {
    let g = grand_melee(12, 2);
    let at = seats(&g);
    for p in g.player_ids() {
        assert_eq!(g.range_of(p), Some(1));
    }
    let p = at(0);
    assert!(g.within_range(p, at(1)));
    assert!(g.within_range(p, at(11)));
    assert!(!g.within_range(p, at(2)));
    let two = MultiplayerOptions {
        range: Some(2),
        ..Default::default()
    };
    assert!(matches!(
        Game::new_multiplayer(&setup(12, two, false), 1),
        Err(SetupError::GrandMelee(_))
    ));
}

/// 608.2b: the attack left option: each active player's defending player
/// is the player to the left (in every turn in progress).
#[test]
fn r608_2b_attack_left() {
    let mut g = grand_melee(10, 3);
    let at = seats(&g);
    assert_eq!(g.options.attack, AttackOption::Left);
    let first = at(0);
    run_until(&mut g, |e| {
        matches!(
            e,
            Event::StepBegan {
                step: tolaria_cards::Step::BeginningOfCombat
            }
        )
    });
    assert_eq!(g.active, first);
    assert_eq!(g.combat.defending, Some(at(1)));
    assert!(g.may_attack(first, at(1)));
    assert!(!g.may_attack(first, at(9)));
}

/// 608.2c: neither attack multiple players nor deploy creatures.
#[test]
fn r608_2c_no_attack_multiple_players_nor_deploy() {
    let multiple = MultiplayerOptions {
        attack: AttackOption::Multiple,
        ..Default::default()
    };
    assert!(Game::new_multiplayer(&setup(10, multiple, false), 1).is_err());
    let deploy = MultiplayerOptions {
        deploy: true,
        ..Default::default()
    };
    assert!(Game::new_multiplayer(&setup(10, deploy, false), 1).is_err());
    let right = MultiplayerOptions {
        attack: AttackOption::Right,
        ..Default::default()
    };
    assert!(Game::new_multiplayer(&setup(10, right, false), 1).is_err());
}

/// 608.3: the players are seated at random (from the game's seed: the
/// same seed seats them the same way).
#[test]
fn r608_3_seated_at_random() {
    let s = setup(12, Default::default(), true);
    let names = |g: &Game| -> Vec<String> { g.players.iter().map(|p| p.name.clone()).collect() };
    let a = Game::new_multiplayer(&s, 5).unwrap();
    let b = Game::new_multiplayer(&s, 5).unwrap();
    assert_eq!(names(&a), names(&b));
    let listed: Vec<String> = (1..=12).map(|i| format!("E{i}")).collect();
    assert_ne!(names(&a), listed, "608.3: seated at random");
}

/// 608.4: several players take turns at the same time, each turn marker
/// representing an active player's turn; the game serves the turns one
/// step each in marker order (ARCHITECTURE.md, "Grand Melee").
#[test]
fn r608_4_several_turns_at_once() {
    let mut g = grand_melee(12, 4);
    let at = seats(&g);
    let turns = g.turns_in_progress();
    assert_eq!(turns.len(), 3);
    assert_eq!(
        turns.iter().map(|t| t.2).collect::<Vec<_>>(),
        vec![at(0), at(4), at(8)]
    );
    // Marker 1's untap step, then marker 2's, then marker 3's, then
    // marker 1's upkeep: all three turns are in progress at once.
    let seen = run_until(&mut g, |e| {
        matches!(
            e,
            Event::TurnServed {
                marker: 1,
                step: tolaria_cards::Step::Upkeep,
                ..
            }
        )
    });
    let began: Vec<PlayerId> = seen
        .iter()
        .filter_map(|e| match e {
            Event::TurnBegan { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    assert_eq!(began, vec![at(0), at(4), at(8)]);
    assert_eq!(g.active, at(0));
    assert_eq!(g.turns_in_progress().len(), 3);
    // Only the served turn's player is the active player of the decision.
    assert_eq!(g.serving_marker(), Some(1));
    // "That player's next turn" (404.4) is one that begins later than every
    // turn in progress: the latest turn begun is marker 3's.
    assert_eq!(g.turn, 1);
    assert_eq!(g.latest_turn(), 3);
}

/// 608.4a and its example: sixteen players have four turn markers,
/// fifteen have three.
#[test]
fn r608_4a_example_one_marker_per_full_four_players() {
    assert_eq!(grand_melee(16, 6).turn_markers().len(), 4);
    assert_eq!(grand_melee(15, 6).turn_markers().len(), 3);
    assert_eq!(grand_melee(10, 6).turn_markers().len(), 2);
}

/// 608.4b: the starting player gets the first turn marker, the player
/// four seats to the left (the fifth player) the second, and so on; all
/// start their turns at once.
#[test]
fn r608_4b_markers_handed_out_four_seats_apart() {
    let g = grand_melee(14, 7);
    let at = seats(&g);
    assert_eq!(marker_seats(&g), vec![(1, at(0)), (2, at(4)), (3, at(8))]);
    assert_eq!(g.marker_of(at(4)), Some(2));
    assert_eq!(g.marker_of(at(1)), None);
}

/// 608.4c: when a player ends their turn, the marker passes to the player
/// on the left, who begins a turn. Ten players: markers at seats 0 and 4;
/// marker 2 passes to seat 5 at once (seats 6 to 8 have none).
#[test]
fn r608_4c_marker_passes_to_the_left() {
    let mut g = grand_melee(10, 8);
    let at = seats(&g);
    run_until(&mut g, taken(2, at(5)));
    assert_eq!(g.marker_of(at(4)), None);
    assert_eq!(g.marker_of(at(5)), Some(2));
    run_until(
        &mut g,
        |e| matches!(e, Event::TurnBegan { player, .. } if *player == at(5)),
    );
}

/// 608.4c with sixteen players, markers exactly four seats apart: as the
/// turns end each marker waits for the one ahead to be taken; when all
/// wait, they move on together (a decision: ARCHITECTURE.md).
#[test]
fn r608_4c_sixteen_players_markers_move_together() {
    let mut g = grand_melee(16, 18);
    let at = seats(&g);
    let seen = run_until(&mut g, taken(4, at(13)));
    let markers: Vec<&Event> = seen
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::TurnMarkerTaken { .. } | Event::TurnMarkerWaits { .. }
            )
        })
        .skip(4)
        .collect();
    let want = [
        Event::TurnMarkerWaits {
            marker: 1,
            player: at(1),
        },
        Event::TurnMarkerWaits {
            marker: 2,
            player: at(5),
        },
        Event::TurnMarkerWaits {
            marker: 3,
            player: at(9),
        },
        Event::TurnMarkerWaits {
            marker: 4,
            player: at(13),
        },
        Event::TurnMarkerTaken {
            marker: 1,
            player: at(1),
        },
        Event::TurnMarkerTaken {
            marker: 2,
            player: at(5),
        },
        Event::TurnMarkerTaken {
            marker: 3,
            player: at(9),
        },
        Event::TurnMarkerTaken {
            marker: 4,
            player: at(13),
        },
    ];
    assert_eq!(markers, want.iter().collect::<Vec<_>>());
}

/// 608.4c: a player can't receive a turn marker while a player in the
/// three seats to their left has one; the marker waits until the player
/// four seats to their left takes the other marker. Fifteen players: the
/// markers sit at seats 0, 4 and 8; marker 1 waits for seat 1 (seat 4
/// holds marker 2) and marker 2 for seat 5 (seat 8 holds marker 3), until
/// marker 3 moves on, then marker 2 (to seat 5), then marker 1.
#[test]
fn r608_4c_marker_waits_for_the_one_ahead() {
    let mut g = grand_melee(15, 9);
    let at = seats(&g);
    let seen = run_until(&mut g, taken(1, at(1)));
    let pos = |want: &Event| seen.iter().position(|e| e == want).unwrap();
    let waits1 = pos(&Event::TurnMarkerWaits {
        marker: 1,
        player: at(1),
    });
    let waits2 = pos(&Event::TurnMarkerWaits {
        marker: 2,
        player: at(5),
    });
    let takes3 = pos(&Event::TurnMarkerTaken {
        marker: 3,
        player: at(9),
    });
    let takes2 = pos(&Event::TurnMarkerTaken {
        marker: 2,
        player: at(5),
    });
    let takes1 = seen.len() - 1;
    assert!(waits1 < waits2 && waits2 < takes3 && takes3 < takes2 && takes2 < takes1);
    // While marker 1 waited, seat 1 took no turn.
    assert!(!seen[waits1..takes1]
        .iter()
        .any(|e| matches!(e, Event::TurnBegan { player, .. } if *player == at(1))));
}

/// 608.4d: a player leaves and the number of markers would drop (sixteen
/// players to fifteen: four markers to three): between turns the marker
/// immediately to the departed player's right is removed (at the end of
/// the turn it represents).
#[test]
fn r608_4d_marker_to_the_right_of_the_departed_player_removed() {
    let mut g = grand_melee(16, 10);
    let at = seats(&g);
    // Seat 6 sits between marker 2 (seat 4) and marker 3 (seat 8).
    let gone = at(6);
    g.apply(Action::Concede(gone)).unwrap();
    assert_eq!(g.turn_markers().len(), 4, "removed only between turns");
    let seen = run_until(&mut g, |e| matches!(e, Event::TurnMarkerRemoved { .. }));
    assert_eq!(seen.last(), Some(&Event::TurnMarkerRemoved { marker: 2 }));
    assert_eq!(g.turn_markers().len(), 3);
    assert!(g.turn_markers().iter().all(|m| m.number != 2));
    // The markers that are left go on (turns of the players ahead).
    run_until(&mut g, taken(1, at(1)));
}

/// 608.4d: two players have left and one marker goes (sixteen to
/// fourteen players: four markers to three); both markers to their right
/// could be removed: the lower-numbered one is.
#[test]
fn r608_4d_lower_numbered_marker_removed() {
    let mut g = grand_melee(16, 11);
    let at = seats(&g);
    g.apply(Action::Concede(at(6))).unwrap();
    g.apply(Action::Concede(at(2))).unwrap();
    let seen = run_until(&mut g, |e| matches!(e, Event::TurnMarkerRemoved { .. }));
    assert_eq!(seen.last(), Some(&Event::TurnMarkerRemoved { marker: 1 }));
    run_until(&mut g, |e| matches!(e, Event::TurnBegan { .. }));
    assert_eq!(g.turn_markers().len(), 3);
}

/// 608.4e: a player who would take an extra turn after the current turn,
/// when it isn't their turn, takes it immediately before their next turn:
/// the marker reaching them stays for two turns.
#[test]
fn r608_4e_extra_turn_before_the_next_turn() {
    let mut g = grand_melee(16, 12);
    let at = seats(&g);
    let p = at(1);
    g.extra_turns.push(p);
    run_until(&mut g, taken(1, p));
    // The extra turn, then the player's turn, then the marker moves on.
    let seen = run_until(&mut g, taken(1, at(2)));
    let p_turns = seen
        .iter()
        .filter(|e| matches!(e, Event::TurnBegan { player, .. } if *player == p))
        .count();
    assert_eq!(p_turns, 2);
    assert!(g.extra_turns.is_empty());
}

/// 608.4e (and 300.7): an active player's extra turn after this one: the
/// player keeps the marker for one more turn.
#[test]
fn r608_4e_active_player_extra_turn_keeps_the_marker() {
    let mut g = grand_melee(16, 13);
    let at = seats(&g);
    let p = at(4);
    g.extra_turns.push(p);
    let seen = run_until(&mut g, taken(2, at(5)));
    let p_turns = seen
        .iter()
        .filter(|e| matches!(e, Event::TurnBegan { player, .. } if *player == p))
        .count();
    assert_eq!(p_turns, 2);
}
