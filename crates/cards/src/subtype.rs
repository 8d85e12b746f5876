//! Subtypes (212.x) as small interned ids, so that the engine compares
//! integers, never strings, at run time (DEVELOPERS.md, decision 7).

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Subtype(pub u16);

/// Subtypes the engine's rules refer to by name, interned first so that their
/// ids are fixed constants (the first lines of `data/subtypes.txt`).
const PRESET: [&str; 9] = [
    "Aura",
    "Equipment",
    "Fortification",
    "Wall",
    "Plains",
    "Island",
    "Swamp",
    "Mountain",
    "Forest",
];

/// The subtypes that are not creature types (205.3b): the artifact,
/// enchantment, land and spell types of the 2007 rules.
pub const NON_CREATURE_SUBTYPES: &[&str] = &[
    "Plains",
    "Island",
    "Swamp",
    "Mountain",
    "Forest",
    "Desert",
    "Lair",
    "Locus",
    "Mine",
    "Power-Plant",
    "Tower",
    "Urza’s",
    "Equipment",
    "Fortification",
    "Aura",
    "Shrine",
    "Arcane",
    "Trap",
];

/// How many of `NON_CREATURE_SUBTYPES` (the first ones) are land types.
const LAND_TYPES: usize = 12;

impl Subtype {
    pub const AURA: Subtype = Subtype(0);
    pub const EQUIPMENT: Subtype = Subtype(1);
    pub const FORTIFICATION: Subtype = Subtype(2);
    pub const WALL: Subtype = Subtype(3);
    pub const PLAINS: Subtype = Subtype(4);
    pub const ISLAND: Subtype = Subtype(5);
    pub const SWAMP: Subtype = Subtype(6);
    pub const MOUNTAIN: Subtype = Subtype(7);
    pub const FOREST: Subtype = Subtype(8);

    /// Interns a subtype name (case-sensitive as printed).
    pub fn intern(name: &str) -> Subtype {
        let table = interner();
        if let Some(&id) = table.read().expect("subtype table").1.get(name) {
            return id;
        }
        let mut w = table.write().expect("subtype table");
        if let Some(&id) = w.1.get(name) {
            return id;
        }
        let id = Subtype(w.0.len() as u16);
        w.0.push(name.to_string());
        w.1.insert(name.to_string(), id);
        id
    }

    /// How many subtypes are interned: `data/subtypes.txt`'s, plus any a
    /// card outside the shipped pool brought.
    pub fn interned_count() -> usize {
        interner().read().expect("subtype table").0.len()
    }

    /// Looks a subtype up without interning it.
    pub fn lookup(name: &str) -> Option<Subtype> {
        interner()
            .read()
            .expect("subtype table")
            .1
            .get(name)
            .copied()
    }

    pub fn name(self) -> String {
        interner()
            .read()
            .expect("subtype table")
            .0
            .get(self.0 as usize)
            .cloned()
            .unwrap_or_else(|| format!("#{}", self.0))
    }

    /// Every creature type the card database knows (205.3b), in the order
    /// they were interned: the options of "choose a creature type".
    pub fn creature_types() -> Vec<Subtype> {
        let n = interner().read().expect("subtype table").0.len();
        (0..n as u16)
            .map(Subtype)
            .filter(|s| s.is_creature_type())
            .collect()
    }

    /// Is this a creature type (205.3b)? Every subtype but the artifact,
    /// enchantment, land and spell types of the 2007 rules.
    pub fn is_creature_type(self) -> bool {
        static OTHERS: std::sync::OnceLock<Vec<Subtype>> = std::sync::OnceLock::new();
        let others = OTHERS.get_or_init(|| {
            NON_CREATURE_SUBTYPES
                .iter()
                .map(|n| Subtype::intern(n))
                .collect()
        });
        !others.contains(&self)
    }

    /// Is this a land type (212.6c; the glossary's "Land Types")?
    pub fn is_land_type(self) -> bool {
        static LANDS: std::sync::OnceLock<Vec<Subtype>> = std::sync::OnceLock::new();
        LANDS
            .get_or_init(|| {
                NON_CREATURE_SUBTYPES[..LAND_TYPES]
                    .iter()
                    .map(|n| Subtype::intern(n))
                    .collect()
            })
            .contains(&self)
    }

    /// Every land type (212.6c), basic ones first: the options of "choose
    /// a land type".
    pub fn land_types() -> Vec<Subtype> {
        NON_CREATURE_SUBTYPES[..LAND_TYPES]
            .iter()
            .map(|n| Subtype::intern(n))
            .collect()
    }

    pub fn basic_land_type(self) -> Option<crate::BasicLandType> {
        use crate::BasicLandType as B;
        Some(match self {
            Subtype::PLAINS => B::Plains,
            Subtype::ISLAND => B::Island,
            Subtype::SWAMP => B::Swamp,
            Subtype::MOUNTAIN => B::Mountain,
            Subtype::FOREST => B::Forest,
            _ => return None,
        })
    }

    pub fn of_basic(b: crate::BasicLandType) -> Subtype {
        use crate::BasicLandType as B;
        match b {
            B::Plains => Subtype::PLAINS,
            B::Island => Subtype::ISLAND,
            B::Swamp => Subtype::SWAMP,
            B::Mountain => Subtype::MOUNTAIN,
            B::Forest => Subtype::FOREST,
        }
    }
}

type Table = RwLock<(Vec<String>, HashMap<String, Subtype>)>;

fn interner() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        // Every subtype of the pool, in a fixed order: cards are compiled
        // lazily, in whatever order they are first used, and a subtype's id
        // must not depend on that order (the ids are in saved games, and
        // "choose a creature type" lists them in id order). A test checks
        // that compiling the whole pool interns nothing new.
        let names: Vec<String> = include_str!("../data/subtypes.txt")
            .lines()
            .map(str::to_string)
            .collect();
        debug_assert!(PRESET.iter().zip(&names).all(|(p, n)| p == n));
        let map = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), Subtype(i as u16)))
            .collect();
        RwLock::new((names, map))
    })
}

/// A small inline set of subtypes; no heap allocation, so computed
/// characteristics stay `Copy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SubtypeSet {
    len: u8,
    items: [Subtype; 7],
    /// "all creature types" (e.g. Mistform Ultimus).
    pub all_creature_types: bool,
}

impl Default for Subtype {
    fn default() -> Self {
        Subtype(u16::MAX)
    }
}

impl SubtypeSet {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn contains(&self, s: Subtype) -> bool {
        self.items[..self.len as usize].contains(&s)
    }
    /// Adds a subtype; returns false if the set is full (more than 7 subtypes).
    pub fn insert(&mut self, s: Subtype) -> bool {
        if self.contains(s) {
            return true;
        }
        if self.len as usize == self.items.len() {
            return false;
        }
        self.items[self.len as usize] = s;
        self.len += 1;
        true
    }
    pub fn clear(&mut self) {
        self.len = 0;
        self.all_creature_types = false;
    }
    pub fn iter(&self) -> impl Iterator<Item = Subtype> + '_ {
        self.items[..self.len as usize].iter().copied()
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// 205.3b: do these share at least one creature type with `other`?
    /// ("all creature types" shares with any creature type.)
    pub fn shares_creature_type(&self, other: &SubtypeSet) -> bool {
        let any = |s: &SubtypeSet| s.iter().any(Subtype::is_creature_type);
        if self.all_creature_types {
            return other.all_creature_types || any(other);
        }
        if other.all_creature_types {
            return any(self);
        }
        self.iter()
            .any(|s| s.is_creature_type() && other.contains(s))
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
