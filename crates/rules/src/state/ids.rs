//! Small integer ids for players and objects.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player, by seat (0 is the first seat, not necessarily the starting player).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// An object (109): a card in some zone, a token, or a spell on the stack.
///
/// The `slot` is the physical card (or token) in the game's arena; the
/// `gen` counts its zone changes. 217.1c: an object that moves to another
/// zone becomes a new object with no memory of the old one, so each move
/// bumps `gen` and every old id for that card goes stale: a spell targeting
/// a creature that left play and came back finds its target gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ObjId {
    pub slot: u16,
    pub gen: u16,
}

impl fmt::Display for ObjId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.slot)?;
        if self.gen > 0 {
            write!(f, ".{}", self.gen)?;
        }
        Ok(())
    }
}

/// What a spell or ability targets, or what receives damage (115, 415).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    Object(ObjId),
    Player(PlayerId),
    /// An activated or triggered ability on the stack (Willbender's
    /// "target spell or ability"), by its `StackItem::id` (an ability is
    /// no object of the arena, 401.1).
    Ability(u32),
}
