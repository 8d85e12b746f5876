//! Prevention and redirection shields made by resolving spells and
//! abilities (419.6c, 419.7b, 419.8a): what damage a shield watches (from
//! which source, to which recipient, combat damage only), how much of it
//! (all, the next N, the next time), and what happens to it instead
//! (prevented, all but N prevented, dealt to another creature or player).
//! One description composes every "Prevent all combat damage that would be
//! dealt by target creature this turn", "The next time a source of your
//! choice would deal damage to you this turn, prevent that damage", "The
//! next 1 damage that would be dealt to CARDNAME this turn is dealt to its
//! owner instead".

use super::{ObjectFilter, ObjectRef, Recipient};
use crate::Amount;
use serde::{Deserialize, Serialize};

/// A shield a resolving spell or ability creates (`Effect::DamageShield`);
/// it lasts until used up or the cleanup step (314.2, 419.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShieldSpec {
    /// Whose damage it watches.
    pub from: ShieldFrom,
    /// The creature or player it protects (`None`: any).
    pub to: Option<Recipient>,
    /// "to creatures you control" (Divine Light): every permanent matching
    /// the filter as the damage would be dealt (418.3b: a prevention effect
    /// changes the rules, so it protects creatures that come later too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_each: Option<ObjectFilter>,
    /// "combat damage".
    pub combat_only: bool,
    pub amount: ShieldAmount,
    pub then: ShieldThen,
    /// "You gain life equal to the damage prevented this way."
    pub gain_life: bool,
    /// "For each 1 damage prevented this way, put a +1/+1 counter on that
    /// creature." (Test of Faith): as the shield prevents damage, that many
    /// counters on the creature it protects (part of the prevention, 419.1d).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counters: bool,
}

/// The sources a shield watches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ShieldFrom {
    /// Any source.
    Any,
    /// 419.8a: "a [red] source of your choice", "an unblocked creature of
    /// your choice": chosen as the effect is created, among those with the
    /// filter's colours and types (`blocked: Some(false)`: unblocked),
    /// which are checked again as it would deal damage (419.8b).
    Chosen(ObjectFilter),
    /// "dealt by target creature", "CARDNAME would deal": one object.
    Object(ObjectRef),
    /// "by attacking creatures" (Heavy Fog): every source matching the
    /// filter as it would deal the damage (418.3b).
    Each(ObjectFilter),
}

/// How much damage a shield applies to (card data, never copied in a
/// game: the variants stay unboxed).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ShieldAmount {
    /// "all damage … this turn".
    All,
    /// 419.7b: "the next N damage".
    Next(Amount),
    /// 419.8a: "the next time … would deal damage": all of that damage,
    /// once.
    NextTime,
}

/// What happens to the damage the shield applies to (card data, never
/// copied in a game: the variants stay unboxed).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ShieldThen {
    /// 419.1d: it is prevented.
    Prevent,
    /// "prevent all but N of that damage" (Forcefield).
    PreventAllBut(u32),
    /// 419.6c: "… is dealt to [recipient] instead".
    Redirect(Recipient),
    /// "that damage is dealt to that source's controller instead" (Reflect
    /// Damage).
    ToSourceController,
    /// "instead that source deals that much damage to you and CARDNAME
    /// deals that much damage to that source's controller" (Eye for an Eye):
    /// the damage is dealt, and the shield's card deals as much again.
    AlsoToSourceController,
}
