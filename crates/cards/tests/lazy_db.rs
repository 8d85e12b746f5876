//! The shipped card database is indexed at build time and compiles each
//! card on first use (`build.rs`, `db.rs`). These tests hold it to the
//! database built all at once from the same file: the same cards, the same
//! names, and ids that don't depend on the order cards were first used.

use tolaria_cards::{db, CardDb, CardId, Subtype};

const SHIPPED: &str = include_str!("../data/cards.json");

/// Every card compiled lazily is the card compiled all at once, and the
/// shipped data builds whole (so `CardDb::get` can't meet a bad card).
#[test]
fn shipped_data_builds_whole_and_lazily_the_same() {
    // Use a card from the end of the pool first: lazy order differs from
    // file order.
    let last = CardId(db().len() as u16 - 1);
    let _ = db().get(last);
    let eager = CardDb::from_json(SHIPPED).expect("the shipped data builds whole");
    assert_eq!(eager.len(), db().len());
    assert_eq!(eager.version, db().version);
    for (a, b) in eager.iter().zip(db().iter()) {
        assert_eq!(format!("{a:?}"), format!("{b:?}"), "card {}", a.name);
    }
}

/// Names, half names and the names a player may name find the same card
/// through the build-time index as through the whole parse (505.7, 508.2).
#[test]
fn name_lookups_match_the_whole_parse() {
    let eager = CardDb::from_json(SHIPPED).expect("the shipped data builds whole");
    for c in eager.iter() {
        let mut names = vec![c.name.clone(), c.name.to_uppercase()];
        names.extend(c.faces.iter().map(|f| f.name.clone()));
        for n in names {
            assert_eq!(
                eager.by_name(&n).map(|d| d.id),
                db().by_name(&n).map(|d| d.id),
                "by_name {n:?}"
            );
            assert_eq!(eager.nameable(&n), db().nameable(&n), "nameable {n:?}");
        }
    }
    assert!(db().by_name("No Such Card").is_none());
}

/// 205.3b, and the ids in saved games: `data/subtypes.txt` holds every
/// subtype the pool and its compiled text use, so compiling the whole pool
/// in any order interns nothing new and ids never depend on that order.
#[test]
fn compiling_the_whole_pool_interns_no_new_subtype() {
    let listed = include_str!("../data/subtypes.txt").lines().count();
    for c in db().iter().collect::<Vec<_>>().into_iter().rev() {
        let _ = c.is_supported();
    }
    let _ = CardDb::from_json(SHIPPED).expect("builds");
    let missing: Vec<String> = (listed..Subtype::interned_count())
        .map(|i| Subtype(i as u16).name())
        .collect();
    assert_eq!(
        Subtype::interned_count(),
        listed,
        "subtypes missing from data/subtypes.txt (append them): {missing:?}"
    );
}
