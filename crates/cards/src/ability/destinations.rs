//! Where the cards an instruction moves go, and when (the options of
//! `Effect` variants): the end step a delayed ability waits for (404.4),
//! how long a removed card may be played, the cards removed face down
//! (217.7b), where a top card, a pile, a revealed card, a card found in a
//! library or a card chosen from a hand goes, how many players are brought
//! down to the fewest (Balance), and where a countered spell goes.

use super::*;
use serde::{Deserialize, Serialize};

/// 404.4: which end step an `Effect::Delayed(DelayedEffect::AtNextEndStep)` waits for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndStep {
    /// "at the beginning of the next end step".
    #[default]
    Next,
    /// "at the beginning of your next end step" (Necropotence): the next
    /// end step of the effect's controller's turn.
    Yours,
    /// "at the beginning of the end step of that player's next turn"
    /// (Suppress): the player the spell targeted, on a turn after this one.
    ThatPlayersNextTurn,
    /// "Take an extra turn after this one. At the beginning of that turn's
    /// end step, …" (Final Fortune): the end step of the extra turn the
    /// instruction before it created; never if that turn is skipped (the
    /// card's ruling) or its end step doesn't happen.
    ThatExtraTurn,
}

impl EndStep {
    pub fn is_next(&self) -> bool {
        *self == EndStep::Next
    }
}

/// How long a player may play a card removed from the game
/// (`Effect::MayPlayRemoved`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RemovedPlayWindow {
    /// "Until your next turn" (Three Wishes): until that player's next
    /// turn begins.
    #[default]
    UntilYourNextTurn,
    /// "as long as CARDNAME remains in play" (Intet, the Dreamer): while
    /// the object that removed it is in play (217.7d: the same object).
    WhileSourceInPlay,
}

impl RemovedPlayWindow {
    pub fn is_default(&self) -> bool {
        *self == RemovedPlayWindow::UntilYourNextTurn
    }
}

/// 217.7b: the cards an `Effect::RemoveFaceDown` removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FaceDownFrom {
    /// Every card in the player's hand.
    Hand,
    /// The top N cards of the player's library.
    LibraryTop(u8),
}

/// Where the top card of a library looked at or revealed goes
/// (`Effect::TopCard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TopDest {
    /// The controller's hand.
    Hand,
    /// Into play under the controller's control.
    InPlay,
    /// Its owner's graveyard.
    Graveyard,
    /// The bottom of its owner's library.
    Bottom,
}

/// What an `Effect::Piles` separates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PileSource {
    /// The top N cards of the controller's library, revealed.
    LibraryTop(u8),
    /// The permanents matching the filter ("all creatures target player
    /// controls").
    Permanents(ObjectFilter),
    /// The cards in the controller's graveyard matching the filter ("all
    /// creature cards in your graveyard", Death or Glory).
    Graveyard(ObjectFilter),
}

/// Where a pile of an `Effect::Piles` goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PileDest {
    /// Stays where it is.
    Stays,
    /// The controller's hand.
    Hand,
    /// Their owners' graveyards.
    Graveyard,
    /// Destroyed; they can't be regenerated.
    DestroyNoRegen,
    /// Removed from the game ("exile").
    RemoveFromGame,
    /// Into play under their owners' control (creature cards only).
    InPlay,
}

/// Which of the cards revealed this way an `Effect::PutRevealed` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RevealedPart {
    /// "that card": the card found.
    Found,
    /// "all other cards revealed this way", "the rest".
    Others,
    /// "the revealed cards", "all cards revealed this way".
    All,
}

/// Where an `Effect::PutRevealed` puts the cards revealed this way (to a
/// hand or into play: the owner's, whose library they were revealed from).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RevealedDest {
    /// The controller's hand.
    Hand,
    /// Into play under the controller's control.
    InPlay,
    /// Their owners' graveyards.
    Graveyard,
    /// Removed from the game ("exile").
    RemoveFromGame,
    /// The bottom of their owner's library in any order (217.2d: the
    /// controller chooses the order).
    Bottom,
    /// Shuffled into their owner's library.
    ShuffleIn,
}

/// Where a card found in a library goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardDest {
    Hand,
    /// Under the searching player's control (Bribery).
    InPlay {
        tapped: bool,
    },
    /// "… and exile it" (Seek): removed from the game; "its converted mana
    /// cost" afterwards is the card's (`ObjectRef::Chosen`).
    RemoveFromGame,
    /// "Search your library for N cards, remove them from the game in a
    /// face-down pile, and shuffle that pile." (Mangara's Tome): N cards,
    /// each removed face down as it is found (217.7b, linked to the source,
    /// 217.7d), the pile shuffled as the search ends.
    RemoveFaceDownPile(u8),
    /// "…, then shuffle and put that card on top" (Vampiric Tutor; 2007:
    /// "then shuffle your library and put that card on top of it"): the
    /// library is shuffled without it, then it goes on top (217.2).
    LibraryTop,
    /// "…, put that card into your graveyard" (Entomb, Buried Alive).
    Graveyard,
}

impl CardDest {
    /// How many cards the search finds (at most).
    pub fn count(&self) -> u32 {
        match self {
            CardDest::RemoveFaceDownPile(n) => u32::from(*n).max(1),
            _ => 1,
        }
    }
}

/// What happens to the cards chosen from a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandChoice {
    /// "That player discards that card."
    Discard,
    /// "Put them on top of that player's library in any order."
    LibraryTop,
    /// "Target opponent puts a card from their hand on top of their
    /// library." (Chittering Rats): the hand's owner chooses the card, not
    /// the controller, and puts it on top of their library.
    OwnerPutsOnLibraryTop,
    /// "… and exile that card" (Castigate): removed from the game.
    RemoveFromGame,
    /// 217.7b: "Exile a card from your hand face down" (Gustha's Scepter,
    /// Summoner's Egg): removed face down, linked to the source (217.7d);
    /// with `look`, the effect's controller may look at it.
    RemoveFaceDown { look: bool },
    /// "Reveal any number of red cards in your hand." (Scent of Cinder):
    /// the cards stay in the hand, revealed to every player; the
    /// instructions after it count them (`Amount::RevealedThisWay`).
    Reveal,
    /// "… you choose a card other than a basic land card from it."
    /// (Lobotomy): the card stays in the hand; it is "the chosen card"
    /// (`ObjectRef::Chosen`) for the instructions after it.
    Choose,
}

/// What [`Effect::DownToFewest`] counts for each player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fewest {
    /// The permanents matching the filter they control (sacrificed).
    Permanents(ObjectFilter),
    /// The cards in their hand (discarded).
    Hand,
}

/// `ChooseFromHand::amount` for "any number of cards": the player chooses
/// until they stop.
pub const ANY_NUMBER: u8 = u8::MAX;

/// Where a spell countered by a counter effect goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CounteredTo {
    /// Its owner's graveyard (414).
    #[default]
    Graveyard,
    /// Removed from the game (Dissipate).
    RemovedFromGame,
    /// Its owner's hand (Remand).
    Hand,
    /// On top of its owner's library (Memory Lapse).
    LibraryTop,
}

impl CounteredTo {
    pub fn is_graveyard(&self) -> bool {
        *self == CounteredTo::Graveyard
    }
}
