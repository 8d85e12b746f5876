//! Counters on objects: the kinds the engine names (+1/+1, -1/-1, …) and
//! the other named kinds of the card data.

use serde::{Deserialize, Serialize};

/// A kind of counter (200.3: a counter is a marker placed on an object that
/// modifies its characteristics or interacts with a rule or ability). The
/// kinds the rules or several mechanisms read are variants; every other kind
/// named by a card ("verse", "petal", "page", …) is `Named`, an index into
/// [`NAMED_COUNTERS`]: open to any kind the card data uses, but typed and
/// checked as the cards are compiled (a name not in the list leaves the card
/// unsupported), so no string is compared at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CounterKind {
    PlusOnePlusOne,
    MinusOneMinusOne,
    /// Goblin Bomb's fuse counters.
    Fuse,
    /// Chance Encounter's luck counters.
    Luck,
    /// The ki counters of the Kamigawa flip cards (Callow Jushi, …).
    Ki,
    /// 502.13a: the age counters of cumulative upkeep.
    Age,
    /// 502.20a: the fade counters of fading.
    Fade,
    /// 502.60a, 502.59a: the time counters of vanishing and suspend.
    Time,
    /// The spore counters of the Thallids.
    Spore,
    /// Charge counters (502.37a: sunburst on a noncreature permanent).
    Charge,
    /// Any other kind: an index into [`NAMED_COUNTERS`].
    Named(NamedCounter),
    /// A counter that changes power and toughness other than +1/+1 and
    /// -1/-1 ("-0/-2", "+1/+0"): an index into [`PT_COUNTERS`], applied in
    /// layer 6c (418.5c) with the others.
    Pt(PtCounter),
}

/// A power/toughness counter kind other than +1/+1 and -1/-1, as an index
/// into [`PT_COUNTERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PtCounter(pub u8);

/// The power/toughness counter kinds the cards use besides +1/+1 and -1/-1:
/// each name with the power and toughness one such counter adds.
pub const PT_COUNTERS: &[(&str, i8, i8)] = &[
    ("+1/+0", 1, 0),
    ("+0/+1", 0, 1),
    ("+0/+2", 0, 2),
    ("+1/+2", 1, 2),
    ("+2/+2", 2, 2),
    ("-0/-1", 0, -1),
    ("-0/-2", 0, -2),
    ("-1/-0", -1, 0),
    ("-2/-1", -2, -1),
    ("-2/-2", -2, -2),
];

/// The first slot key of the power/toughness counters (`slot_key`), above
/// every named kind's.
const PT_KEY: u8 = 200;
const _: () = assert!(9 + NAMED_COUNTERS.len() < PT_KEY as usize);
const _: () = assert!(PT_KEY as usize + PT_COUNTERS.len() <= u8::MAX as usize);

/// A counter kind with no meaning to the rules beyond its name, as an index
/// into [`NAMED_COUNTERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NamedCounter(pub u8);

/// The names of the counter kinds the cards use that no mechanism of the
/// rules reads (they only count for the card that names them). Counters that
/// change power and toughness other than +1/+1 and -1/-1 are not here: they
/// need layer 6d (418.5a) and stay unsupported.
pub const NAMED_COUNTERS: &[&str] = &[
    "arrow",
    "arrowhead",
    "blood",
    "bounty",
    "carrion",
    "corpse",
    "credit",
    "cube",
    "currency",
    "death",
    "delay",
    "depletion",
    "devotion",
    "divinity",
    "doom",
    "dream",
    "echo",
    "elixir",
    "fate",
    "feather",
    "flood",
    "fungus",
    "glyph",
    "gold",
    "growth",
    "hatchling",
    "healing",
    "hourglass",
    "hunger",
    "ice",
    "infection",
    "intervention",
    "javelin",
    "magnet",
    "matrix",
    "mine",
    "mining",
    "mire",
    "music",
    "net",
    "omen",
    "ore",
    "page",
    "pain",
    "paralyzation",
    "petal",
    "pin",
    "plague",
    "polyp",
    "pressure",
    "pupa",
    "rust",
    "scream",
    "shell",
    "shield",
    "shred",
    "sleep",
    "sleight",
    "soot",
    "storage",
    "study",
    "theft",
    "tide",
    "training",
    "trap",
    "treasure",
    "velocity",
    "verse",
    "vitality",
    "vortex",
    "wage",
    "winch",
    "wind",
];

impl CounterKind {
    pub const ALL: [CounterKind; 10] = [
        CounterKind::PlusOnePlusOne,
        CounterKind::MinusOneMinusOne,
        CounterKind::Fuse,
        CounterKind::Luck,
        CounterKind::Ki,
        CounterKind::Age,
        CounterKind::Fade,
        CounterKind::Time,
        CounterKind::Spore,
        CounterKind::Charge,
    ];
    /// The kind by its name in card text ("+1/+1", "fuse", "verse", …);
    /// `None` for a name no card in the data uses as a counter kind.
    pub fn from_name(s: &str) -> Option<CounterKind> {
        Self::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .or_else(|| {
                NAMED_COUNTERS
                    .iter()
                    .position(|n| n.eq_ignore_ascii_case(s))
                    .map(|i| CounterKind::Named(NamedCounter(i as u8)))
            })
            .or_else(|| {
                PT_COUNTERS
                    .iter()
                    .position(|(n, _, _)| *n == s)
                    .map(|i| CounterKind::Pt(PtCounter(i as u8)))
            })
    }
    pub fn name(self) -> &'static str {
        match self {
            CounterKind::PlusOnePlusOne => "+1/+1",
            CounterKind::MinusOneMinusOne => "-1/-1",
            CounterKind::Fuse => "fuse",
            CounterKind::Luck => "luck",
            CounterKind::Ki => "ki",
            CounterKind::Age => "age",
            CounterKind::Fade => "fade",
            CounterKind::Time => "time",
            CounterKind::Spore => "spore",
            CounterKind::Charge => "charge",
            CounterKind::Named(NamedCounter(i)) => NAMED_COUNTERS.get(i as usize).unwrap_or(&"?"),
            CounterKind::Pt(PtCounter(i)) => PT_COUNTERS.get(i as usize).map_or("?", |c| c.0),
        }
    }
    /// The kinds other than +1/+1 and -1/-1 as one small number (1..), the
    /// key an object's counter slots are kept by; `None` for +1/+1 and -1/-1.
    pub fn slot_key(self) -> Option<u8> {
        Some(match self {
            CounterKind::PlusOnePlusOne | CounterKind::MinusOneMinusOne => return None,
            CounterKind::Fuse => 1,
            CounterKind::Luck => 2,
            CounterKind::Ki => 3,
            CounterKind::Age => 4,
            CounterKind::Fade => 5,
            CounterKind::Time => 6,
            CounterKind::Spore => 7,
            CounterKind::Charge => 8,
            CounterKind::Named(NamedCounter(i)) => 9 + i,
            CounterKind::Pt(PtCounter(i)) => PT_KEY + i,
        })
    }
    /// 418.5c layer 6c: the power and toughness one counter of the kind
    /// kept under slot key `key` adds, if it is a power/toughness kind
    /// other than +1/+1 and -1/-1.
    pub fn pt_of_slot(key: u8) -> Option<(i8, i8)> {
        let (_, p, t) = PT_COUNTERS.get(key.checked_sub(PT_KEY)? as usize)?;
        Some((*p, *t))
    }
}
