//! Zones (217).

use crate::PlayerId;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    /// 217.2
    Library(PlayerId),
    /// 217.3
    Hand(PlayerId),
    /// 217.4
    Graveyard(PlayerId),
    /// 217.5 (the in-play zone)
    InPlay,
    /// 217.6
    Stack,
    /// 217.7 (removed from the game)
    RemovedFromGame,
    /// 217.8: the phased-out zone (502.15).
    PhasedOut,
    /// 217.9: the ante zone (playing for ante, an optional variation),
    /// shared and public (217.9b).
    Ante,
    /// A token or copy that has ceased to exist (420.5f, 420.5j); in no zone.
    Nowhere,
}

impl Zone {
    pub fn name(self) -> &'static str {
        match self {
            Zone::Library(_) => "library",
            Zone::Hand(_) => "hand",
            Zone::Graveyard(_) => "graveyard",
            Zone::InPlay => "in play",
            Zone::Stack => "the stack",
            Zone::RemovedFromGame => "removed from the game",
            Zone::PhasedOut => "phased out",
            Zone::Ante => "the ante",
            Zone::Nowhere => "nowhere",
        }
    }
    /// 217.1a: libraries and hands are hidden zones.
    pub fn is_hidden(self) -> bool {
        matches!(self, Zone::Library(_) | Zone::Hand(_))
    }
}
