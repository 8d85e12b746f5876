//! Keyword abilities (rule 502) that are a flag on an object, as a bit set.
//! Keywords with a parameter (protection, enchant, landwalk of a non-basic
//! type) live in [`crate::Ability`] instead.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Keyword {
    /// 502.2
    FirstStrike = 0,
    /// 502.28
    DoubleStrike,
    /// 502.4
    Flying,
    /// 502.5
    Haste,
    /// 502.6 (basic landwalks)
    Plainswalk,
    Islandwalk,
    Swampwalk,
    Mountainwalk,
    Forestwalk,
    /// 502.9
    Trample,
    /// 502.14
    Vigilance,
    /// 502.25
    Fear,
    /// 502.36
    Shroud,
    /// 502.41
    Defender,
    /// 502.57
    Flash,
    /// 502.70
    Reach,
    /// 502.8
    Shadow,
    /// 502.17
    Horsemanship,
    /// 502.63
    Deathtouch,
    /// 502.68
    Lifelink,
    /// 502.58
    SplitSecond,
    /// 502.3 (a triggered ability; see `ability_ref::keyword_ability`)
    Flanking,
    /// 502.15: a static ability that modifies the untap step (`rules/src/turn/steps.rs`).
    Phasing,
    /// 502.10: a static ability that modifies declaring attackers and
    /// assigning combat damage (`rules/src/mechanics/banding.rs`).
    Banding,
    /// 502.29 (a triggered ability; see `ability_ref::keyword_ability`)
    Provoke,
    /// Glossary "Indestructible" (2007): rules and effects can't destroy
    /// the permanent; it ignores the lethal-damage state-based effect
    /// (420.5c). It can still be sacrificed or put into a graveyard.
    Indestructible,
}

impl Keyword {
    pub const ALL: [Keyword; 26] = [
        Keyword::FirstStrike,
        Keyword::DoubleStrike,
        Keyword::Flying,
        Keyword::Haste,
        Keyword::Plainswalk,
        Keyword::Islandwalk,
        Keyword::Swampwalk,
        Keyword::Mountainwalk,
        Keyword::Forestwalk,
        Keyword::Trample,
        Keyword::Vigilance,
        Keyword::Fear,
        Keyword::Shroud,
        Keyword::Defender,
        Keyword::Flash,
        Keyword::Reach,
        Keyword::Shadow,
        Keyword::Horsemanship,
        Keyword::Deathtouch,
        Keyword::Lifelink,
        Keyword::SplitSecond,
        Keyword::Flanking,
        Keyword::Phasing,
        Keyword::Banding,
        Keyword::Provoke,
        Keyword::Indestructible,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Keyword::FirstStrike => "first strike",
            Keyword::DoubleStrike => "double strike",
            Keyword::Flying => "flying",
            Keyword::Haste => "haste",
            Keyword::Plainswalk => "plainswalk",
            Keyword::Islandwalk => "islandwalk",
            Keyword::Swampwalk => "swampwalk",
            Keyword::Mountainwalk => "mountainwalk",
            Keyword::Forestwalk => "forestwalk",
            Keyword::Trample => "trample",
            Keyword::Vigilance => "vigilance",
            Keyword::Fear => "fear",
            Keyword::Shroud => "shroud",
            Keyword::Defender => "defender",
            Keyword::Flash => "flash",
            Keyword::Reach => "reach",
            Keyword::Shadow => "shadow",
            Keyword::Horsemanship => "horsemanship",
            Keyword::Deathtouch => "deathtouch",
            Keyword::Lifelink => "lifelink",
            Keyword::SplitSecond => "split second",
            Keyword::Flanking => "flanking",
            Keyword::Phasing => "phasing",
            Keyword::Banding => "banding",
            Keyword::Provoke => "provoke",
            Keyword::Indestructible => "indestructible",
        }
    }

    pub fn from_name(s: &str) -> Option<Keyword> {
        Keyword::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The rule that defines the keyword, for log lines and docs.
    pub fn rule(self) -> &'static str {
        match self {
            Keyword::FirstStrike => "502.2",
            Keyword::DoubleStrike => "502.28",
            Keyword::Flying => "502.4",
            Keyword::Haste => "502.5",
            Keyword::Plainswalk
            | Keyword::Islandwalk
            | Keyword::Swampwalk
            | Keyword::Mountainwalk
            | Keyword::Forestwalk => "502.6",
            Keyword::Trample => "502.9",
            Keyword::Vigilance => "502.14",
            Keyword::Fear => "502.25",
            Keyword::Shroud => "502.36",
            Keyword::Defender => "502.41",
            Keyword::Flash => "502.57",
            Keyword::Reach => "502.70",
            Keyword::Shadow => "502.8",
            Keyword::Horsemanship => "502.17",
            Keyword::Deathtouch => "502.63",
            Keyword::Lifelink => "502.68",
            Keyword::SplitSecond => "502.58",
            Keyword::Flanking => "502.3",
            Keyword::Phasing => "502.15",
            Keyword::Banding => "502.10",
            Keyword::Provoke => "502.29",
            // Not a numbered rule in 2007: the glossary entry, with 420.5c.
            Keyword::Indestructible => "420.5c",
        }
    }

    /// The basic land type a landwalk keyword refers to (502.6).
    pub fn landwalk_type(self) -> Option<crate::BasicLandType> {
        use crate::BasicLandType as B;
        Some(match self {
            Keyword::Plainswalk => B::Plains,
            Keyword::Islandwalk => B::Island,
            Keyword::Swampwalk => B::Swamp,
            Keyword::Mountainwalk => B::Mountain,
            Keyword::Forestwalk => B::Forest,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KeywordSet(pub u32);

impl KeywordSet {
    pub const EMPTY: KeywordSet = KeywordSet(0);
    pub fn single(k: Keyword) -> Self {
        KeywordSet(1 << k as u32)
    }
    pub fn has(self, k: Keyword) -> bool {
        self.0 & (1 << k as u32) != 0
    }
    pub fn insert(&mut self, k: Keyword) {
        self.0 |= 1 << k as u32;
    }
    pub fn remove(&mut self, k: Keyword) {
        self.0 &= !(1 << k as u32);
    }
    pub fn union(self, o: KeywordSet) -> KeywordSet {
        KeywordSet(self.0 | o.0)
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Keyword> {
        Keyword::ALL.into_iter().filter(move |k| self.has(*k))
    }
}
