//! Issue 16, defects 6 and 8: input the engine must refuse with a typed
//! error (never a panic, never a silently broken game): concessions and
//! senders naming players who don't exist, too many players or cards,
//! life totals at the ends of `i32`, more objects than an `ObjId` slot
//! can name, and games loaded from JSON that are inconsistent.

mod common;
use common::*;
use tolaria_rules::state::limits::{InvalidGame, SetupError, MAX_CARDS, MAX_OBJECTS, MAX_PLAYERS};
use tolaria_rules::{Action, ActionError, Game, PlayerId, Zone};

fn two_player_game() -> Game {
    let deck: Vec<_> = (0..40).map(|_| card("Forest")).collect();
    Game::new_game(&[("A", deck.clone()), ("B", deck)], 7)
}

#[test]
fn concede_of_a_player_who_doesnt_exist_is_refused_unchanged() {
    let mut g = two_player_game();
    let before = serde_json::to_string(&g).unwrap();
    assert_eq!(
        g.apply(Action::Concede(PlayerId(9))),
        Err(ActionError::NoSuchPlayer {
            player: PlayerId(9)
        })
    );
    assert!(g.apply_as(PlayerId(200), Action::Keep).is_err());
    assert!(g
        .apply(Action::ChooseTarget(tolaria_rules::Target::Player(
            PlayerId(77)
        )))
        .is_err());
    assert_eq!(serde_json::to_string(&g).unwrap(), before);
}

#[test]
fn setup_limits_players_and_cards() {
    let forest = card("Forest");
    let many: Vec<(&str, Vec<_>)> = (0..MAX_PLAYERS + 1).map(|_| ("P", vec![forest])).collect();
    assert_eq!(
        Game::try_new_game(&many, 1).unwrap_err(),
        SetupError::Players(MAX_PLAYERS + 1)
    );
    assert_eq!(
        Game::try_new_game(&[], 1).unwrap_err(),
        SetupError::Players(0)
    );
    let huge = vec![forest; 70_000];
    assert_eq!(
        Game::try_new_game(&[("A", huge), ("B", vec![forest])], 1).unwrap_err(),
        SetupError::TooManyCards(70_001)
    );
    const { assert!(MAX_CARDS < MAX_OBJECTS) };
    assert!(Game::try_new_game(&[("A", vec![forest; 60]), ("B", vec![forest; 60])], 1).is_ok());
}

#[test]
fn life_saturates_instead_of_wrapping() {
    let mut g = two_player_game();
    let p = PlayerId(0);
    g.set_life(PlayerId(0), i32::MAX - 1);
    g.gain_life(p, 10);
    assert_eq!(g.life(PlayerId(0)), i32::MAX);
    g.gain_life(p, u32::MAX);
    assert_eq!(g.life(PlayerId(0)), i32::MAX);
    g.set_life(PlayerId(0), i32::MIN + 1);
    g.lose_life(p, u32::MAX);
    assert_eq!(g.life(PlayerId(0)), i32::MIN);
}

#[test]
fn loading_an_inconsistent_game_is_a_typed_error() {
    let g = two_player_game();
    let good = serde_json::to_string(&g).unwrap();
    assert!(Game::from_json(&good).is_ok());
    assert!(matches!(Game::from_json("{"), Err(InvalidGame::Json(_))));
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    // A library listing an object past the arena.
    let mut w = v.clone();
    w["players"][0]["library"][0]["slot"] = 60_000.into();
    assert!(matches!(
        Game::from_json(&w.to_string()),
        Err(InvalidGame::Inconsistent(_))
    ));
    // A card id past the database.
    let mut w = v.clone();
    w["objects"][0]["card"] = 65_000.into();
    assert!(matches!(
        Game::from_json(&w.to_string()),
        Err(InvalidGame::Inconsistent(_))
    ));
    // The active player doesn't exist.
    let mut w = v.clone();
    w["active"] = 9.into();
    assert!(matches!(
        Game::from_json(&w.to_string()),
        Err(InvalidGame::Inconsistent(_))
    ));
    // A card in two zones.
    let first = v["players"][0]["library"][0].clone();
    v["players"][0]["hand"].as_array_mut().unwrap().push(first);
    assert!(matches!(
        Game::from_json(&v.to_string()),
        Err(InvalidGame::Inconsistent(_))
    ));
}

#[test]
fn the_arena_stops_at_the_objects_an_id_can_name() {
    // 65,536 objects exactly, then tokens are no longer created.
    let mut g = Game::empty(&["A", "B"], 1);
    let forest = card("Forest");
    for _ in 0..MAX_OBJECTS - 2 {
        g.create_card(forest, PlayerId(0), Zone::RemovedFromGame);
    }
    assert!(g.check_zones().is_ok());
    let ids: std::collections::HashSet<_> = g.removed.iter().map(|id| id.slot).collect();
    assert_eq!(ids.len(), MAX_OBJECTS - 2, "every slot distinct");
}
