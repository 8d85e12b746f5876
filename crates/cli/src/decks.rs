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
}
