//! The decks built into the binary (so it works from any directory) and
//! loading deck files given on the command line.

use crate::CliError;
use tolaria_cards::{CardId, Deck};

/// Built-in decks: (short name, file name it came from, text).
pub const BUILTIN: &[(&str, &str, &str)] = &[
    (
        "red_green",
        "decks/red_green.txt",
        include_str!("../../../decks/red_green.txt"),
    ),
    (
        "white_blue",
        "decks/white_blue.txt",
        include_str!("../../../decks/white_blue.txt"),
    ),
    (
        "black_white",
        "decks/black_white.txt",
        include_str!("../../../decks/black_white.txt"),
    ),
    (
        "mono_black",
        "decks/mono_black.txt",
        include_str!("../../../decks/mono_black.txt"),
    ),
    (
        "rg_beats_old",
        "decks/bench/rg_beats_old.dck",
        include_str!("../../../decks/bench/rg_beats_old.dck"),
    ),
    (
        "white_weenie_old",
        "decks/bench/white_weenie_old.dck",
        include_str!("../../../decks/bench/white_weenie_old.dck"),
    ),
];

/// A deck ready to play: its name and its cards.
#[derive(Clone, Debug)]
pub struct LoadedDeck {
    pub name: String,
    pub cards: Vec<CardId>,
}

fn check(deck: Deck, file: &str) -> Result<LoadedDeck, CliError> {
    let cards = deck.cards();
    if cards.is_empty() {
        return Err(CliError::failure(format!(
            "{file}: the deck has no cards in its main deck"
        )));
    }
    Ok(LoadedDeck {
        name: deck.name,
        cards,
    })
}

/// A built-in deck by short name.
pub fn builtin(name: &str) -> Option<LoadedDeck> {
    let (_, file, text) = BUILTIN.iter().find(|(n, ..)| *n == name)?;
    // The built-in decks are tested to parse.
    Deck::parse(text, file)
        .ok()
        .and_then(|d| check(d, file).ok())
}

/// Loads a deck: a built-in deck's short name, or a file path.
pub fn load(spec: &str) -> Result<LoadedDeck, CliError> {
    let path = std::path::Path::new(spec);
    if !path.exists() {
        if let Some(d) = builtin(spec) {
            return Ok(d);
        }
    }
    let deck = Deck::load(path).map_err(|e| CliError::failure(e.to_string()))?;
    check(deck, spec)
}

/// What makes a deck illegal in a 2007 constructed game (the DCI
/// constructed deck rules of the time): fewer than 60 cards in the main
/// deck, or more than four copies of a card other than a basic land.
pub fn constructed_problems(deck: &LoadedDeck) -> Vec<String> {
    let mut out = Vec::new();
    if deck.cards.len() < 60 {
        out.push(format!(
            "{} has {} cards; a constructed deck has at least 60",
            deck.name,
            deck.cards.len()
        ));
    }
    let mut counts: Vec<(tolaria_cards::CardId, usize)> = Vec::new();
    for &c in &deck.cards {
        match counts.iter_mut().find(|(id, _)| *id == c) {
            Some((_, n)) => *n += 1,
            None => counts.push((c, 1)),
        }
    }
    for (c, n) in counts {
        let def = tolaria_cards::db().get(c);
        let basic = def
            .front()
            .supertypes
            .contains(tolaria_cards::Supertype::Basic);
        if n > 4 && !basic {
            out.push(format!(
                "{} has {n} copies of {}; a constructed deck has at most 4 of a card other than a basic land",
                deck.name, def.name
            ));
        }
    }
    out
}

pub fn builtin_names() -> String {
    BUILTIN
        .iter()
        .map(|(n, ..)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn builtin_decks_parse() {
        for (name, file, text) in super::BUILTIN {
            let d = tolaria_cards::Deck::parse(text, file).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(d.cards().len(), 60, "{name}");
        }
    }

    #[test]
    fn constructed_rules() {
        let d = super::check(
            tolaria_cards::Deck::parse("20 Mountain\n5 Shock\n", "d.txt").unwrap(),
            "d.txt",
        )
        .unwrap();
        let p = super::constructed_problems(&d);
        assert_eq!(p.len(), 2, "{p:?}");
        assert!(p[0].contains("25 cards") && p[1].contains("5 copies of Shock"));
        for (name, ..) in super::BUILTIN {
            assert!(super::constructed_problems(&super::builtin(name).unwrap()).is_empty());
        }
    }
}
