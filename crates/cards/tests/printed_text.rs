//! The era's printed text shipped in `data/cards.json` is shown to players
//! (`tolaria cards show`, the web client): its mana and tap symbols are
//! written in braces as the Oracle text writes them, not in the extract's
//! old symbol-font encoding (`printed_symbols`, decoded by `gen-card-data`).

use tolaria_cards::{db, printed_symbols};

/// Mercenary Informer (Prophecy) as printed: "{2}{W}: Put target
/// Mercenary card on the bottom of its owner's library."
#[test]
fn printed_activation_costs_are_in_braces() {
    let c = db().by_name("Mercenary Informer").expect("card");
    let printed = c.front().printed_text.as_deref().expect("printed text");
    assert!(
        printed.contains("\n{2}{W}: Put target Mercenary card on the bottom"),
        "{printed:?}"
    );
    let tetsuo = db().by_name("Tetsuo Umezawa").expect("card");
    let printed = tetsuo
        .front()
        .printed_text
        .as_deref()
        .expect("printed text");
    assert!(
        printed.starts_with("{R}{B}{B}{U}{T}: Destroy"),
        "{printed:?}"
    );
}

/// No shipped printed text still carries the encoding: decoding it again
/// changes nothing, for every face of the 8,854 cards.
#[test]
fn no_printed_text_keeps_encoded_symbols() {
    let mut faces = 0;
    for card in db().iter() {
        for face in &card.faces {
            if let Some(text) = face.printed_text.as_deref() {
                faces += 1;
                assert_eq!(printed_symbols::decode(text), text, "{}", card.name);
            }
        }
    }
    assert!(faces > 8000, "only {faces} printed texts");
}
