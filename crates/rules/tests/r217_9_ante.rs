//! Playing for ante (217.9): the decks refused when not playing for ante
//! (217.9c), the anted cards the same for the same seed and public to every
//! player (217.9b).

use tolaria_cards::{db, CardId};
use tolaria_rules::variants::multiplayer::MultiplayerOptions;
use tolaria_rules::variants::teams::SetupError;
use tolaria_rules::Game;

fn cards(list: &[(&str, usize)]) -> Vec<CardId> {
    list.iter()
        .flat_map(|&(n, k)| std::iter::repeat_n(db().by_name(n).unwrap().id, k))
        .collect()
}

fn ante(on: bool) -> MultiplayerOptions {
    MultiplayerOptions {
        ante: on,
        ..Default::default()
    }
}

#[test]
fn r217_9c_an_ante_card_is_refused_when_not_playing_for_ante() {
    let mine = cards(&[("Swamp", 19), ("Demonic Attorney", 1)]);
    let theirs = cards(&[("Forest", 20)]);
    let decks = [("A", mine), ("B", theirs)];
    let err = Game::new_game_with(&decks, 1, ante(false)).unwrap_err();
    assert_eq!(err, SetupError::AnteCard("Demonic Attorney".into()));
    assert!(err.to_string().starts_with("217.9c"));
    // Playing for ante, the same decks are accepted.
    let g = Game::new_game_with(&decks, 1, ante(true)).unwrap();
    assert_eq!(g.ante.len(), 2);
}

#[test]
fn r217_9b_the_anted_cards_follow_the_seed_and_are_public() {
    let decks = [
        ("A", cards(&[("Forest", 10), ("Grizzly Bears", 10)])),
        ("B", cards(&[("Mountain", 10), ("Hill Giant", 10)])),
    ];
    let a = Game::new_game_with(&decks, 11, ante(true)).unwrap();
    let b = Game::new_game_with(&decks, 11, ante(true)).unwrap();
    let names = |g: &Game| -> Vec<String> {
        g.ante
            .iter()
            .map(|&id| g.obj(id).unwrap().def().name.clone())
            .collect()
    };
    assert_eq!(names(&a), names(&b));
    assert_eq!(a.ante.len(), 2);
    // Each player antes one card of their own deck.
    assert_ne!(
        a.obj(a.ante[0]).unwrap().owner,
        a.obj(a.ante[1]).unwrap().owner
    );
    // 217.9b: "may be examined by any player at any time".
    for p in a.player_ids() {
        let v = a.view(p);
        assert_eq!(v.ante.len(), 2);
        assert!(v.ante.iter().all(|c| c.name.is_some()));
    }
}
