//! The Oracle-text compiler: turns a face's Oracle text into the typed
//! ability model. A face that does not compile completely is `Unsupported`
//! with the phrase that failed, and is never half-played.

use crate::db::CardFace;
use crate::{Ability, BasicLandType, Cost, Keyword, KeywordSet, ManaAbility, ManaKind, ManaProduce, SpellAbility};
use serde::Serialize;

/// Why a face did not compile: the phrase that failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unsupported {
    pub phrase: String,
    pub reason: String,
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unsupported: {:?} ({})", self.phrase, self.reason)
    }
}

/// The abilities a face compiled to.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    pub abilities: Vec<Ability>,
    pub spell: SpellAbility,
}

impl Compiled {
    pub fn keywords(&self) -> KeywordSet {
        let mut k = KeywordSet::EMPTY;
        for a in &self.abilities {
            if let Ability::Keyword(kw) = a {
                k.insert(*kw);
            }
        }
        k
    }
}

/// Compiles one face. Intrinsic abilities that come from the type line
/// (212.6c: basic land types tap for mana) are added here too.
pub fn compile_face(card: &str, face: &CardFace) -> Result<Compiled, Unsupported> {
    let _ = card;
    let mut out = Compiled::default();
    // 212.6c: each basic land type has an intrinsic mana ability.
    for st in face.subtypes.iter() {
        if let Some(b) = st.basic_land_type() {
            out.abilities.push(basic_mana_ability(b));
        }
    }
    let text = strip_reminder(&face.oracle_text);
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(kws) = keyword_line(line) {
            out.abilities.extend(kws.into_iter().map(Ability::Keyword));
            continue;
        }
        return Err(Unsupported { phrase: line.to_string(), reason: "no rule of the grammar matches".into() });
    }
    Ok(out)
}

/// The intrinsic "{T}: Add [mana]" of a basic land type (212.6c).
pub fn basic_mana_ability(b: BasicLandType) -> Ability {
    Ability::Mana(ManaAbility {
        cost: Cost { tap: true, ..Default::default() },
        produce: ManaProduce::Fixed(vec![ManaKind::Color(b.color())]),
        also: Vec::new(),
    })
}

/// Removes reminder text (parenthesised) from Oracle text.
pub fn strip_reminder(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0u32;
    for ch in text.chars() {
        match ch {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out
}

/// A line made only of parameterless keywords: "Flying, vigilance".
fn keyword_line(line: &str) -> Option<Vec<Keyword>> {
    let mut v = Vec::new();
    for part in line.split([',', ';']) {
        v.push(Keyword::from_name(part.trim())?);
    }
    Some(v)
}
