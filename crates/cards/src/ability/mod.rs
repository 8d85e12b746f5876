//! The typed ability model (rule 402): what a card does, as data the engine
//! interprets. Oracle text compiles into these types (see `compile`), and
//! nothing here is looked up by string at run time.

mod amount;
mod cost;
mod counter;
mod destinations;
mod effect;
mod effect_combat;
mod effect_delayed;
mod effect_parts;
mod effect_turn;
mod effect_walk;
mod shield;
mod spell;
mod statics;
mod target;
mod trigger;

pub use amount::*;
pub use cost::*;
pub use counter::*;
pub use destinations::*;
pub use effect::*;
pub use effect_combat::*;
pub use effect_delayed::*;
pub use effect_parts::*;
pub use effect_turn::*;
pub use effect_walk::*;
pub use shield::*;
pub use spell::*;
pub use statics::*;
pub use target::*;
pub use trigger::*;

use crate::{Keyword, TypeSet};
use serde::{Deserialize, Serialize};

/// One ability of an object (402.1).
///
/// Abilities live only in the card definitions, compiled once and shared
/// by every game (design decision 1), never in a game's state: their size
/// costs no copying in the step loop, so the variants stay unboxed.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Ability {
    /// A keyword with no parameter (502), e.g. flying.
    Keyword(Keyword),
    /// 502.7: protection from a quality.
    Protection(Protection),
    /// 502.45: "Enchant [object or player]" on an Aura.
    Enchant(ObjectFilter),
    /// 502.11: "bands with other [quality]" ("legendary creatures",
    /// "creatures named Wolves of the Hunt"). The quality only tells one
    /// such ability from another (502.11b: the creatures of the band needn't
    /// have it); the engine reads it in `mechanics/banding.rs`.
    BandsWithOther(ObjectFilter),
    /// 502.6: landwalk of a supertype, or a snow landwalk (502.6c):
    /// "legendary landwalk", "nonbasic landwalk", "snow swampwalk", "snow
    /// landwalk". The filter is the land the defending player controls
    /// that makes the creature unblockable. The five basic landwalks are
    /// keywords ([`Keyword::Swampwalk`]).
    Landwalk(ObjectFilter),
    /// 406: a mana ability.
    Mana(ManaAbility),
    /// 403: an activated ability that is not a mana ability.
    Activated(ActivatedAbility),
    /// 404: a triggered ability.
    Triggered(TriggeredAbility),
    /// 405: a static ability.
    Static(StaticAbility),
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

fn no_supertypes(s: &crate::SupertypeSet) -> bool {
    s.0 == 0
}

pub(crate) fn no_types(t: &TypeSet) -> bool {
    t.is_empty()
}

fn is_false(b: &bool) -> bool {
    !*b
}
