//! Deck files: the plain list format and Forge's `.dck` format.
//!
//! Plain format: one "N Card Name" per line; blank lines and `#` comments are
//! ignored; a line "Sideboard" (or "Sideboard:") starts the sideboard; an
//! optional comment "# Name: …" names the deck (otherwise the file stem does).
//!
//! Forge format: `[metadata]` with `Name=…`, then `[Main]` and `[Sideboard]`
//! sections of "N Card Name" lines, each possibly followed by "|SET" (and
//! further "|…" fields), which are ignored.

use crate::{db, CardId};
use std::path::Path;

/// The most cards a deck file's main deck, or its sideboard, may hold
/// (and so the most copies on one line).
pub const MAX_DECK_CARDS: u32 = 10_000;

/// At most 80 characters of a line, for an error message.
fn clip(s: &str) -> String {
    match s.char_indices().nth(80) {
        Some((i, _)) => format!("{}… ({} bytes)", &s[..i], s.len()),
        None => s.to_string(),
    }
}

/// A deck: its name, main deck and sideboard as (card, count) in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    pub name: String,
    pub main: Vec<(CardId, u32)>,
    pub sideboard: Vec<(CardId, u32)>,
}

/// Why a deck file could not be used; each names the file (and line).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DeckError {
    #[error("{file}: cannot read the deck file: {reason}")]
    Unreadable { file: String, reason: String },
    #[error("{file}:{line}: malformed line {text:?}: {reason}")]
    Malformed {
        file: String,
        line: usize,
        text: String,
        reason: String,
    },
    #[error("{file}:{line}: unknown card {name:?}")]
    UnknownCard {
        file: String,
        line: usize,
        name: String,
    },
    #[error("{file}:{line}: Tolaria cannot play {name:?}: the phrase {phrase:?} is not supported ({reason})")]
    UnsupportedCard {
        file: String,
        line: usize,
        name: String,
        phrase: String,
        reason: String,
    },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Metadata,
    Main,
    Sideboard,
    Other,
}

impl Deck {
    /// Reads and parses a deck file.
    pub fn load(path: impl AsRef<Path>) -> Result<Deck, DeckError> {
        let path = path.as_ref();
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| DeckError::Unreadable {
            file: file.clone(),
            reason: e.to_string(),
        })?;
        Deck::parse(&text, &file)
    }

    /// Parses a deck in either format; `file` names the deck in errors and,
    /// for a plain list without a "# Name:" comment, gives the deck its name.
    pub fn parse(text: &str, file: &str) -> Result<Deck, DeckError> {
        let forge = text.lines().any(|l| l.trim_start().starts_with('['));
        let mut deck = Deck {
            name: String::new(),
            main: Vec::new(),
            sideboard: Vec::new(),
        };
        let mut section = if forge { Section::Other } else { Section::Main };
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.trim().trim_start_matches('\u{feff}');
            let malformed = |reason: &str| DeckError::Malformed {
                file: file.to_string(),
                line: line_no,
                text: clip(line),
                reason: reason.to_string(),
            };
            if line.is_empty() {
                continue;
            }
            if let Some(comment) = line.strip_prefix('#') {
                if let Some(name) = comment
                    .trim()
                    .strip_prefix("Name:")
                    .or_else(|| comment.trim().strip_prefix("name:"))
                {
                    deck.name = name.trim().to_string();
                }
                continue;
            }
            if forge {
                if let Some(head) = line.strip_prefix('[') {
                    let head = head
                        .strip_suffix(']')
                        .ok_or_else(|| malformed("unclosed section header"))?;
                    section = match head.trim().to_ascii_lowercase().as_str() {
                        "metadata" => Section::Metadata,
                        "main" => Section::Main,
                        "sideboard" => Section::Sideboard,
                        _ => {
                            return Err(malformed(
                                "unknown section (expected [metadata], [Main] or [Sideboard])",
                            ))
                        }
                    };
                    continue;
                }
                match section {
                    Section::Metadata => {
                        let (key, value) = line
                            .split_once('=')
                            .ok_or_else(|| malformed("expected Key=Value in [metadata]"))?;
                        if key.trim().eq_ignore_ascii_case("name") {
                            deck.name = value.trim().to_string();
                        }
                        continue;
                    }
                    Section::Other => {
                        return Err(malformed(
                            "card line outside a [Main] or [Sideboard] section",
                        ))
                    }
                    Section::Main | Section::Sideboard => {}
                }
            } else {
                let l = line.trim_end_matches(':');
                if l.eq_ignore_ascii_case("sideboard") {
                    section = Section::Sideboard;
                    continue;
                }
                if l.eq_ignore_ascii_case("main")
                    || l.eq_ignore_ascii_case("deck")
                    || l.eq_ignore_ascii_case("maindeck")
                {
                    section = Section::Main;
                    continue;
                }
            }
            // "N Card Name" or "Nx Card Name", with an optional "|SET" suffix.
            let body = line.split('|').next().unwrap_or("").trim();
            let (count, name) = body
                .split_once(char::is_whitespace)
                .ok_or_else(|| malformed("expected \"N Card Name\""))?;
            let count: u32 = count.trim_end_matches(['x', 'X']).parse().map_err(|_| {
                malformed("the line must start with a number of copies (at most 10,000)")
            })?;
            if count == 0 {
                return Err(malformed("zero copies"));
            }
            let name = name.trim();
            if name.is_empty() {
                return Err(malformed("missing card name"));
            }
            let card = db().by_name(name).ok_or_else(|| DeckError::UnknownCard {
                file: file.to_string(),
                line: line_no,
                name: clip(name),
            })?;
            if let Some(u) = card.unsupported() {
                return Err(DeckError::UnsupportedCard {
                    file: file.to_string(),
                    line: line_no,
                    name: card.name.clone(),
                    phrase: u.phrase.clone(),
                    reason: u.reason.clone(),
                });
            }
            let list = if section == Section::Sideboard {
                &mut deck.sideboard
            } else {
                &mut deck.main
            };
            let total = list
                .iter()
                .map(|&(_, n)| n)
                .fold(count, u32::saturating_add);
            if total > MAX_DECK_CARDS {
                return Err(malformed(&format!(
                    "more than {MAX_DECK_CARDS} cards in the {}",
                    if section == Section::Sideboard {
                        "sideboard"
                    } else {
                        "main deck"
                    }
                )));
            }
            match list.iter_mut().find(|(id, _)| *id == card.id) {
                Some((_, n)) => *n += count,
                None => list.push((card.id, count)),
            }
        }
        if deck.name.is_empty() {
            let stem = Path::new(file)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned());
            deck.name = stem.unwrap_or_else(|| file.to_string());
        }
        Ok(deck)
    }

    /// The main deck, one entry per card (in file order).
    pub fn cards(&self) -> Vec<CardId> {
        self.main
            .iter()
            .flat_map(|&(id, n)| std::iter::repeat_n(id, n as usize))
            .collect()
    }

    /// Number of cards in the main deck.
    pub fn main_count(&self) -> u32 {
        self.main
            .iter()
            .map(|&(_, n)| n)
            .fold(0, u32::saturating_add)
    }

    /// Number of cards in the sideboard.
    pub fn sideboard_count(&self) -> u32 {
        self.sideboard
            .iter()
            .map(|&(_, n)| n)
            .fold(0, u32::saturating_add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decks_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../decks")
    }

    fn name_of(id: CardId) -> &'static str {
        &db().get(id).name
    }

    #[test]
    fn plain_format_with_comments_and_sideboard() {
        let text = "# Name: Test deck\n# a comment\n\n4 Lightning Bolt\n2x Shock\n20 Mountain\n\nSideboard\n3 Giant Growth\n";
        let d = Deck::parse(text, "test.txt").unwrap();
        assert_eq!(d.name, "Test deck");
        assert_eq!(d.main_count(), 26);
        assert_eq!(d.sideboard_count(), 3);
        assert_eq!(name_of(d.main[0].0), "Lightning Bolt");
        assert_eq!(name_of(d.sideboard[0].0), "Giant Growth");
        let cards = d.cards();
        assert_eq!(cards.len(), 26);
        assert_eq!(name_of(cards[0]), "Lightning Bolt");
        assert_eq!(name_of(cards[25]), "Mountain");
        // Without a name comment the file stem names the deck.
        assert_eq!(
            Deck::parse("1 Forest", "decks/green.txt").unwrap().name,
            "green"
        );
    }

    #[test]
    fn forge_format_ignores_set_suffix() {
        let text = "[metadata]\nName=Forge test\n[Main]\n4 Lightning Bolt|M10\n20 Mountain|10E|1\n[Sideboard]\n1 Shock|10E\n";
        let d = Deck::parse(text, "t.dck").unwrap();
        assert_eq!(d.name, "Forge test");
        assert_eq!(d.main_count(), 24);
        assert_eq!(d.sideboard_count(), 1);
    }

    #[test]
    fn bench_decks() {
        let rg = Deck::load(decks_dir().join("bench/rg_beats_old.dck")).unwrap();
        assert_eq!(rg.name, "RG Beats (pre-2007 commons)");
        assert_eq!(rg.cards().len(), 60);
        assert!(rg.sideboard.is_empty());
        let ww = Deck::load(decks_dir().join("bench/white_weenie_old.dck")).unwrap();
        assert_eq!(ww.name, "White Weenie (pre-2007 commons)");
        assert_eq!(ww.cards().len(), 60);
        assert_eq!(name_of(ww.main[0].0), "Plains");
        assert_eq!(ww.main[0].1, 24);
    }

    #[test]
    fn default_decks_are_sixty_supported_cards() {
        let mut n = 0;
        for f in [
            "red_green.txt",
            "white_blue.txt",
            "black_white.txt",
            "mono_black.txt",
        ] {
            let path = decks_dir().join(f);
            if !path.exists() && n >= 2 {
                continue;
            }
            let d = Deck::load(&path).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(d.cards().len(), 60, "{f}");
            for id in d.cards() {
                let c = db().get(id);
                assert!(c.is_supported(), "{f}: {}", c.name);
                // 100.2: basic lands, and cards that say so (Relentless Rats).
                let basic = c.front().supertypes.contains(crate::Supertype::Basic)
                    || c.front().abilities.iter().any(|a| {
                        matches!(
                            a,
                            crate::Ability::Static(crate::StaticAbility::AnyNumberInDeck)
                        )
                    });
                let copies = d.main.iter().find(|(i, _)| *i == id).map_or(0, |(_, k)| *k);
                assert!(basic || copies <= 4, "{f}: {} copies of {}", copies, c.name);
            }
            n += 1;
        }
        assert!(n >= 2);
    }

    #[test]
    fn unreadable_file() {
        let e = Deck::load("/nonexistent/deck.txt").unwrap_err();
        assert!(
            matches!(&e, DeckError::Unreadable { file, .. } if file == "/nonexistent/deck.txt"),
            "{e}"
        );
        assert!(e
            .to_string()
            .starts_with("/nonexistent/deck.txt: cannot read"));
    }

    #[test]
    fn malformed_lines() {
        let e = Deck::parse("4 Shock\nLightning Bolt\n", "d.txt").unwrap_err();
        assert!(matches!(&e, DeckError::Malformed { line: 2, .. }), "{e}");
        assert!(
            e.to_string()
                .starts_with("d.txt:2: malformed line \"Lightning Bolt\""),
            "{e}"
        );
        let e = Deck::parse("4\n", "d.txt").unwrap_err();
        assert!(matches!(e, DeckError::Malformed { line: 1, .. }));
        let e = Deck::parse("0 Shock\n", "d.txt").unwrap_err();
        assert!(matches!(e, DeckError::Malformed { line: 1, .. }));
        let e = Deck::parse("[metadata]\nName=x\n[Commander]\n1 Shock\n", "d.dck").unwrap_err();
        assert!(matches!(e, DeckError::Malformed { line: 3, .. }));
        let e = Deck::parse("[metadata]\nNo equals sign\n", "d.dck").unwrap_err();
        assert!(matches!(e, DeckError::Malformed { line: 2, .. }));
    }

    #[test]
    fn unknown_card() {
        let e = Deck::parse("4 Shock\n\n2 Lightning Boltt\n", "d.txt").unwrap_err();
        assert_eq!(
            e,
            DeckError::UnknownCard {
                file: "d.txt".into(),
                line: 3,
                name: "Lightning Boltt".into()
            }
        );
        assert_eq!(e.to_string(), "d.txt:3: unknown card \"Lightning Boltt\"");
    }

    #[test]
    fn unsupported_card_names_the_phrase() {
        let e = Deck::parse("[Main]\n4 Chains of Mephistopheles|LEG\n", "d.dck").unwrap_err();
        match &e {
            DeckError::UnsupportedCard {
                file,
                line,
                name,
                phrase,
                ..
            } => {
                assert_eq!(
                    (file.as_str(), *line, name.as_str()),
                    ("d.dck", 2, "Chains of Mephistopheles")
                );
                assert!(
                    phrase.starts_with("If a player would draw a card"),
                    "{phrase}"
                );
            }
            other => panic!("{other}"),
        }
        assert!(e
            .to_string()
            .contains("cannot play \"Chains of Mephistopheles\""));
    }
}
