//! Card types, supertypes and subtypes (rule 212).

use serde::{Deserialize, Serialize};

/// A card type (212.2–212.9 in the 2007 rules; no planeswalkers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardType {
    Artifact = 0,
    Creature = 1,
    Enchantment = 2,
    Instant = 3,
    Land = 4,
    Sorcery = 5,
    Tribal = 6,
}

impl CardType {
    pub const ALL: [CardType; 7] = [
        CardType::Artifact,
        CardType::Creature,
        CardType::Enchantment,
        CardType::Instant,
        CardType::Land,
        CardType::Sorcery,
        CardType::Tribal,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CardType::Artifact => "Artifact",
            CardType::Creature => "Creature",
            CardType::Enchantment => "Enchantment",
            CardType::Instant => "Instant",
            CardType::Land => "Land",
            CardType::Sorcery => "Sorcery",
            CardType::Tribal => "Tribal",
        }
    }

    pub fn from_name(s: &str) -> Option<CardType> {
        CardType::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
    }

    /// 212.x: permanents are artifacts, creatures, enchantments and lands.
    pub fn is_permanent_type(self) -> bool {
        matches!(
            self,
            CardType::Artifact | CardType::Creature | CardType::Enchantment | CardType::Land
        )
    }
}

/// A set of card types as a bit set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TypeSet(pub u8);

impl TypeSet {
    pub const EMPTY: TypeSet = TypeSet(0);
    pub fn single(t: CardType) -> Self {
        TypeSet(1 << t as u8)
    }
    pub fn contains(self, t: CardType) -> bool {
        self.0 & (1 << t as u8) != 0
    }
    pub fn insert(&mut self, t: CardType) {
        self.0 |= 1 << t as u8;
    }
    pub fn intersects(self, o: TypeSet) -> bool {
        self.0 & o.0 != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = CardType> {
        CardType::ALL.into_iter().filter(move |t| self.contains(*t))
    }
    /// 214.1: a card with a permanent type is a permanent card.
    pub fn is_permanent(self) -> bool {
        self.iter().any(CardType::is_permanent_type)
    }
}

/// Supertypes (212.x: basic, legendary, world, snow).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Supertype {
    Basic = 0,
    Legendary = 1,
    World = 2,
    Snow = 3,
}

impl Supertype {
    pub const ALL: [Supertype; 4] = [
        Supertype::Basic,
        Supertype::Legendary,
        Supertype::World,
        Supertype::Snow,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Supertype::Basic => "Basic",
            Supertype::Legendary => "Legendary",
            Supertype::World => "World",
            Supertype::Snow => "Snow",
        }
    }
    pub fn from_name(s: &str) -> Option<Supertype> {
        Supertype::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SupertypeSet(pub u8);

impl SupertypeSet {
    pub fn contains(self, t: Supertype) -> bool {
        self.0 & (1 << t as u8) != 0
    }
    pub fn insert(&mut self, t: Supertype) {
        self.0 |= 1 << t as u8;
    }
    pub fn iter(self) -> impl Iterator<Item = Supertype> {
        Supertype::ALL
            .into_iter()
            .filter(move |t| self.contains(*t))
    }
}

/// The basic land types (212.6c), which carry an intrinsic mana ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BasicLandType {
    Plains,
    Island,
    Swamp,
    Mountain,
    Forest,
}

impl BasicLandType {
    pub const ALL: [BasicLandType; 5] = [
        BasicLandType::Plains,
        BasicLandType::Island,
        BasicLandType::Swamp,
        BasicLandType::Mountain,
        BasicLandType::Forest,
    ];
    pub fn name(self) -> &'static str {
        match self {
            BasicLandType::Plains => "Plains",
            BasicLandType::Island => "Island",
            BasicLandType::Swamp => "Swamp",
            BasicLandType::Mountain => "Mountain",
            BasicLandType::Forest => "Forest",
        }
    }
    pub fn from_name(s: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
    }
    /// 212.6c: the colour of mana each basic land type taps for.
    pub fn color(self) -> crate::Color {
        use crate::Color::*;
        match self {
            BasicLandType::Plains => White,
            BasicLandType::Island => Blue,
            BasicLandType::Swamp => Black,
            BasicLandType::Mountain => Red,
            BasicLandType::Forest => Green,
        }
    }
}
