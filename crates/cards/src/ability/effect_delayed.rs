//! Delayed triggered abilities an effect creates (404.4) and the one-shot
//! draw replacements it sets up (419.1a). Split from `effect.rs` (held as
//! `Effect::Delayed`).

use super::*;
use serde::{Deserialize, Serialize};

/// A delayed triggered ability (404.4: "at the beginning of the next
/// upkeep", "when that creature is put into a graveyard this turn") or a
/// one-shot replacement of the controller's next draw (419.1a): each
/// carries the instructions it does later.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DelayedEffect {
    /// 419.1a: "The next time you would draw a card this turn, instead put
    /// a card you own from outside the game into your hand." (Ring of
    /// Ma'rûf): a one-shot `DrawRule` of the controller's.
    NextDrawFromOutsideThisTurn,
    /// 419.1a, 217.7d: "The next time you would draw a card this turn,
    /// instead put the top card of the removed pile into its owner's hand."
    /// (Mangara's Tome): a one-shot `DrawRule` of the controller's; the
    /// pile is the cards the source removed (`CardDest::RemoveFaceDownPile`).
    NextDrawFromRemovedPileThisTurn,
    /// 419.1a: "The next time you would draw a card this turn,
    /// [instructions] instead." (the Words of Onslaught): a one-shot
    /// `DrawRule` of the controller's that carries the instructions with
    /// the ability's targets.
    NextDrawInstead { effects: Vec<Effect> },
    /// 419.1a: "The next time you would draw a card this turn, instead look
    /// at the top X cards of your library, put all but one of them on the
    /// bottom of your library in a random order, then draw a card."
    /// (Aladdin's Lamp): a one-shot `DrawRule` with X.
    NextDrawLookAtTopX,
    /// 419.1a: "Until end of turn, if target player would draw a card,
    /// instead that player skips that draw and you draw a card."
    /// (Plagiarize.)
    DrawsInsteadThisTurn { who: PlayerRef },
    /// 404.4: "[effects] at the beginning of the next turn's upkeep": a
    /// delayed triggered ability that triggers once, as the next upkeep
    /// step begins (Carrier Pigeons, the cantrips of Ice Age and
    /// Alliances); with `yours`, "at the beginning of your next upkeep"
    /// (the Pacts): the next upkeep of the effect's controller.
    AtNextUpkeep {
        effects: Vec<Effect>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        yours: bool,
    },
    /// 404.4, 314.3: "[effects] at the beginning of the next cleanup step"
    /// (Thawing Glaciers, Waylay): a delayed triggered ability that
    /// triggers as the next cleanup step begins; players then get priority
    /// and another cleanup step follows (314.3).
    AtNextCleanup { effects: Vec<Effect> },
    /// 404.4: "[effects] at the beginning of the next end step" (Crazed
    /// Armodon, 503.11): a delayed triggered ability that triggers as the
    /// next end of turn step begins. "Destroy CARDNAME" still means the
    /// same object even if it changed names or became a copy (503.11).
    AtNextEndStep {
        effects: Vec<Effect>,
        /// Whose end step: the next one, the controller's next one, or
        /// that of the next turn of the player the spell targeted.
        #[serde(default, skip_serializing_if = "EndStep::is_next")]
        of: EndStep,
    },
    /// 404.4: "When [what] is put into a graveyard from play this turn,
    /// [effects]." (Initiate of Blood): a delayed triggered ability that
    /// watches that object, triggers once if it dies this turn, and ends
    /// with the turn. Its source is the source of the creating ability.
    /// 404.4: "When you lose control of the creature, [effects]." (Ray of
    /// Command): a delayed triggered ability that watches that permanent
    /// and triggers once, when its control changes away from the effect's
    /// controller (418.5a, layer 2); none if it leaves play first (a new
    /// object, 217.1c).
    WhenControlLost {
        what: ObjectRef,
        effects: Vec<Effect>,
    },
    WhenDiesThisTurn {
        what: ObjectRef,
        effects: Vec<Effect>,
        /// "When that creature leaves play this turn" (Kjeldoran Elite
        /// Guard): to any zone, not only a graveyard.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        leaves: bool,
    },
    /// 404.4: "[effects] at end of combat" (Fog Elemental): creates a
    /// delayed triggered ability that triggers at the beginning of the
    /// next end of combat step (311) and then does the effects.
    AtEndOfCombat {
        effects: Vec<Effect>,
        /// "At this turn's next end of combat, …" (Gaze of the Gorgon):
        /// never after this turn (ends with the turn unused, 404.4).
        #[serde(default, skip_serializing_if = "is_false")]
        this_turn: bool,
    },
}
