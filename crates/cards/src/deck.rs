//! Deck files: the plain list format and Forge's `.dck` format.
//!
//! Plain format: one "N Card Name" per line; blank lines and `#` comments are
//! ignored; a line "Sideboard" (or "Sideboard:") starts the sideboard; an
//! optional comment "# Name: …" names the deck (otherwise the file stem does).
//!
//! Forge format: `[metadata]` with `Name=…`, then `[Main]` and `[Sideboard]`
//! sections of "N Card Name" lines, each possibly followed by "|SET" (and
//! further "|…" fields), which are ignored.
//!
//! The exports of other clients are read as plain lists too: `//` comment
//! lines (MTGO's `.dec`, whose sideboard lines start with `SB:`), Arena's
//! "Deck", "Sideboard", "Companion" and "About"/"Name …" lines and its
//! "4 Lightning Bolt (M10) 146" set and collector-number suffix, MTGO's
//! "Fire/Ice" for split cards. Names match without accents or with ASCII
//! ligatures ("Juzam Djinn", "Lim-Dul's Vault", "Aether Vial"); an unknown
//! name gets a "did you mean".

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
    #[error("{file}:{line}: unknown card {name:?}{}", did_you_mean(name))]
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

/// Folds a card name for matching: lower case, accents removed, ligatures
/// spelt out ("Æther" → "aether", "Juzám" → "juzam", "Lim-Dûl" → "lim-dul"),
/// typographic apostrophes made ASCII.
pub fn fold_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.trim().chars() {
        match c {
            'Æ' | 'æ' => out.push_str("ae"),
            'Œ' | 'œ' => out.push_str("oe"),
            '’' | '‘' => out.push('\''),
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'Á' | 'À' | 'Â' | 'Ä' => out.push('a'),
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' | 'Ë' => out.push('e'),
            'í' | 'ì' | 'î' | 'ï' | 'Í' | 'Î' => out.push('i'),
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'Ó' | 'Ö' | 'Ô' => out.push('o'),
            'ú' | 'ù' | 'û' | 'ü' | 'Ú' | 'Û' | 'Ü' => out.push('u'),
            'ñ' | 'Ñ' => out.push('n'),
            'ç' | 'Ç' => out.push('c'),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// The card named `name`: exactly (any case), else with accents and
/// ligatures folded, else a split card written "Fire/Ice".
pub fn find_card(name: &str) -> Option<&'static crate::CardDef> {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    static FOLDED: OnceLock<HashMap<String, CardId>> = OnceLock::new();
    if let Some(c) = db().by_name(name) {
        return Some(c);
    }
    let folded = FOLDED.get_or_init(|| db().iter().map(|c| (fold_name(&c.name), c.id)).collect());
    let key = fold_name(name);
    if let Some(&id) = folded.get(&key) {
        return Some(db().get(id));
    }
    if name.contains('/') && !name.contains("//") {
        let split = name
            .split('/')
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" // ");
        return find_card(&split);
    }
    None
}

/// The edit distance between two strings (Levenshtein, by characters).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for j in 0..b.len() {
            let cur = row[j + 1];
            row[j + 1] = if ca == b[j] {
                prev
            } else {
                1 + prev.min(row[j]).min(row[j + 1])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

/// The names of the pool closest to `name` (a typo), best first.
pub fn suggestions(name: &str) -> Vec<&'static str> {
    let key = fold_name(name);
    if key.is_empty() || key.chars().count() > 200 {
        return Vec::new();
    }
    let max = (key.chars().count() / 4).clamp(1, 4);
    let mut best: Vec<(usize, &'static str)> = db()
        .iter()
        .filter_map(|c| {
            let d = distance(&key, &fold_name(&c.name));
            (d <= max).then_some((d, c.name.as_str()))
        })
        .collect();
    best.sort();
    let closest = best.first().map_or(0, |b| b.0);
    best.into_iter()
        .take_while(|b| b.0 == closest)
        .take(3)
        .map(|(_, n)| n)
        .collect()
}

/// "; did you mean "Lightning Bolt"?" for an unknown name, or nothing.
fn did_you_mean(name: &str) -> String {
    let s = suggestions(name);
    if s.is_empty() {
        String::new()
    } else {
        let quoted: Vec<String> = s.iter().map(|n| format!("{n:?}")).collect();
        format!("; did you mean {}?", quoted.join(" or "))
    }
}

/// Removes an export's set and collector-number suffix: "Lightning Bolt
/// (M10) 146" → "Lightning Bolt"; also a trailing "*F*" (foil).
fn strip_printing(name: &str) -> &str {
    let name = name.trim().trim_end_matches("*F*").trim_end();
    if let Some(open) = name.rfind(" (") {
        let rest = &name[open + 2..];
        if let Some((set, number)) = rest.split_once(')') {
            let set_ok = !set.is_empty() && set.chars().all(|c| c.is_ascii_alphanumeric());
            let number = number.trim();
            let number_ok = number.is_empty()
                || (number.len() <= 8
                    && number
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-'));
            if set_ok && number_ok {
                return name[..open].trim_end();
            }
        }
    }
    name
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
            if let Some(comment) = line.strip_prefix("//") {
                // MTGO .dec comments; "// Name: X" or "// NAME : X" names the deck.
                let c = comment.trim();
                if let Some((key, value)) = c.split_once(':') {
                    if key.trim().eq_ignore_ascii_case("name") && !value.trim().is_empty() {
                        deck.name = value.trim().to_string();
                    }
                }
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
                let l = line.trim_end_matches(':').trim();
                if ["sideboard", "companion", "commander", "maybeboard"]
                    .iter()
                    .any(|h| l.eq_ignore_ascii_case(h))
                {
                    section = Section::Sideboard;
                    continue;
                }
                // Arena's "About" section: "Name X" names the deck.
                if l.eq_ignore_ascii_case("about") {
                    section = Section::Metadata;
                    continue;
                }
                if section == Section::Metadata {
                    if let Some(n) = line.strip_prefix("Name ") {
                        deck.name = n.trim().to_string();
                        continue;
                    }
                }
                if l.eq_ignore_ascii_case("main")
                    || l.eq_ignore_ascii_case("deck")
                    || l.eq_ignore_ascii_case("maindeck")
                {
                    section = Section::Main;
                    continue;
                }
            }
            // "N Card Name" or "Nx Card Name", with an optional "|SET" suffix;
            // "SB: N Card Name" is a sideboard line (MTGO .dec).
            let (line_section, line) = match line
                .strip_prefix("SB:")
                .or_else(|| line.strip_prefix("sb:"))
            {
                Some(rest) => (Section::Sideboard, rest.trim()),
                None => (section, line),
            };
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
            let name = strip_printing(name);
            if name.is_empty() {
                return Err(malformed("missing card name"));
            }
            let card = find_card(name).ok_or_else(|| DeckError::UnknownCard {
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
            let list = if line_section == Section::Sideboard {
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
                    if line_section == Section::Sideboard {
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
        assert_eq!(
            e.to_string(),
            "d.txt:3: unknown card \"Lightning Boltt\"; did you mean \"Lightning Bolt\"?"
        );
    }

    #[test]
    fn unsupported_card_names_the_phrase() {
        let e = Deck::parse("[Main]\n4 Volrath's Shapeshifter|STH\n", "d.dck").unwrap_err();
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
                    ("d.dck", 2, "Volrath's Shapeshifter")
                );
                assert!(
                    phrase.starts_with("As long as the top card of your graveyard"),
                    "{phrase}"
                );
            }
            other => panic!("{other}"),
        }
        assert!(e
            .to_string()
            .contains("cannot play \"Volrath's Shapeshifter\""));
    }

    #[test]
    fn an_arena_export_with_sideboard() {
        let text = "About\nName Burn\n\nDeck\n4 Lightning Bolt (M10) 146\n20 Mountain (M10) 242\n\nSideboard\n2 Shock (10E) 237\n";
        let d = Deck::parse(text, "arena.txt").unwrap();
        assert_eq!(d.name, "Burn");
        assert_eq!(d.main_count(), 24);
        assert_eq!(d.sideboard_count(), 2);
    }

    #[test]
    fn an_mtgo_dec_with_comments_and_sb_lines() {
        let text = "// NAME : Old School\n// a comment\n4 Juzam Djinn\n1 Fire/Ice\nSB: 3 Shock\n";
        let d = Deck::parse(text, "old.dec").unwrap();
        assert_eq!(d.name, "Old School");
        let names: Vec<&str> = d.main.iter().map(|&(id, _)| name_of(id)).collect();
        assert_eq!(names, ["Juzám Djinn", "Fire // Ice"]);
        assert_eq!(
            find_card("Lim-Dul's Vault").unwrap().name,
            "Lim-Dûl's Vault"
        );
        assert_eq!(
            fold_name(&find_card("Æther Vial").unwrap().name),
            fold_name("Aether Vial")
        );
        assert_eq!(d.sideboard_count(), 3);
    }

    #[test]
    fn typos_get_a_suggestion() {
        assert_eq!(suggestions("Lightnig Bolt"), vec!["Lightning Bolt"]);
        assert!(suggestions("Qwxzv Qwxzv Qwxzv").is_empty());
    }
}
