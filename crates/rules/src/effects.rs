//! Continuous effects from resolved spells and abilities (418.2: they affect
//! a set of objects locked in as they resolve) and their durations.

use crate::ObjId;
use serde::{Deserialize, Serialize};
use tolaria_cards::{CardId, KeywordSet};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContinuousEffect {
    /// 418.5e
    pub timestamp: u32,
    pub source_card: CardId,
    /// The affected object (locked in on resolution, 418.2); when it leaves
    /// play the effect has nothing left to affect and is dropped.
    pub affected: Option<ObjId>,
    /// Layer 6c: +P/+T.
    pub power: i32,
    pub toughness: i32,
    /// Layer 5 (418.5a "other"): abilities added.
    pub keywords: KeywordSet,
    /// 314.2: ends in the cleanup step.
    pub until_end_of_turn: bool,
}
