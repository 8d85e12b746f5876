//! The parts an `Effect` names that are types of their own: how long a
//! continuous effect lasts (418.3), where damage goes, what a choice made
//! as an effect resolves is for, where cards moved out of graveyards go;
//! split from `effect.rs`, which holds the `Effect` enum itself.

use super::*;
use serde::{Deserialize, Serialize};

/// How long a continuous effect from a resolved spell or ability lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duration {
    EndOfTurn,
    Permanent,
    /// 418.3d: "as long as [this] remains tapped" (Endoskeleton).
    WhileSourceTapped,
    /// "for as long as that creature is enchanted" (Rootwater Matriarch):
    /// ends once the affected permanent has no Aura attached.
    WhileEnchanted,
    /// 300.4: "until end of combat" (Murk Dwellers): ends as the combat
    /// phase ends.
    EndOfCombat,
    /// "until your next upkeep" (Erhnam Djinn): ends as the controller's
    /// next upkeep step begins.
    UntilYourNextUpkeep,
    /// "until CARDNAME leaves play" (Gaea's Liege): ends as the source
    /// leaves play; nothing if it already has (as 418.3d).
    UntilSourceLeaves,
    /// "for as long as you control CARDNAME" (Aladdin): ends as the source
    /// leaves play or its controller is no longer the effect's controller;
    /// nothing if that is already so as it resolves (as 418.3d).
    WhileYouControlSource,
    /// "for as long as you control CARDNAME and CARDNAME remains tapped"
    /// (Rubinia Soulsinger): both durations at once; whichever ends first
    /// ends the effect (418.3d).
    WhileYouControlSourceTapped,
    /// "[this Aura] gains \"Enchanted creature loses flying.\"" (Earthbind):
    /// the effect of the ability the Aura gained applies to the permanent
    /// it enchants now or later, for as long as the Aura is in play; its
    /// timestamp is when the ability was gained.
    ToWhatThisEnchants,
}

/// Where damage goes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Recipient {
    /// A target object or player (by target index).
    Target(u8),
    /// An object.
    Object(ObjectRef),
    Player(PlayerRef),
    /// "each creature [filter] and each player".
    EachCreatureAndPlayer(ObjectFilter),
    /// Radiance: "target creature and each other creature that shares a
    /// color with it". The other creatures are those in play that share a
    /// colour with the target as the spell or ability resolves (419.7d).
    TargetAndEachSharingColor(u8),
}

/// What a choice made as an effect resolves is for (`Effect::ContinuousChosen`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChosenFor {
    /// "protection from the color of your choice".
    ProtectionColor,
    /// "the creature type of your choice".
    CreatureType,
    /// "Choose a creature type other than Wall. … becomes that type"
    /// (Mistform Mutant): any creature type but Wall.
    CreatureTypeOtherThanWall,
    /// "creatures of the creature type of your choice" (Tribal Forcemage):
    /// the type chosen narrows the objects affected.
    AffectedType,
    /// 212.6e: "becomes the basic land type of your choice" (Reef Shaman):
    /// the land type set (layer 4).
    BasicLandType,
    /// 212.6e: "Choose a land type and a basic land type. Each land of the
    /// first chosen type becomes the second chosen type" (Vision Charm):
    /// the first narrows the lands affected, the second is set (layer 4).
    LandTypeToBasic,
}

/// Where [`Effect::AllFromGraveyard`] puts the cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AllGraveyardDest {
    /// Their owners' hands.
    Hand,
    /// Into play under their owners' control (Twilight's Call), tapped
    /// (Planar Birth).
    Play { tapped: bool },
    /// Removed from the game (Zombie Mob).
    RemoveFromGame,
    /// Shuffled into their owner's library (Barishi).
    Library,
}

/// A rule about a player's own graveyard that a resolved spell makes for
/// the rest of the turn (Yawgmoth's Will).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GraveyardTurnRule {
    /// "Until end of turn, you may play lands and play spells from your
    /// graveyard": the cards there are played as from the hand (timing,
    /// costs and the land-play limit unchanged); ends in the cleanup step
    /// (314.2).
    PlayCards,
    /// "If a card would be put into your graveyard from anywhere this
    /// turn, remove that card from the game instead." (419.1a): lasts to
    /// the end of the turn, the cleanup step included.
    CardsRemovedInstead,
}

/// Where [`Effect::ReturnUpToFromGraveyard`] puts each card chosen from
/// the controller's graveyard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraveyardCardDest {
    /// The owner's hand ("return up to X cards from your graveyard to your
    /// hand", Bound).
    #[default]
    Hand,
    /// Removed from the game ("remove a card in your graveyard from the
    /// game", Decaying Soil; Oracle "exile").
    RemoveFromGame,
    /// The bottom of the owner's library ("put a card from your graveyard
    /// on the bottom of your library", Anurid Scavenger).
    LibraryBottom,
}

impl GraveyardCardDest {
    pub fn is_hand(&self) -> bool {
        *self == GraveyardCardDest::Hand
    }
}
