//! Decisions: where the engine stops and waits for an [`crate::Action`]
//! (DEVELOPERS.md, decision 2). The engine never calls an agent.

use crate::state::progress::OptionalCost;
use crate::{ObjId, PlayerId, Target};
use serde::{Deserialize, Serialize};

/// A decision the game is waiting for.
///
/// `player` is the player on whose behalf the decision is made; who actually
/// decides is computed by [`crate::Game::decider`] (rule 507: the controller
/// of a player's turn makes that player's decisions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub player: PlayerId,
    pub kind: DecisionKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecisionKind {
    /// 101.4: keep this hand or take a mulligan.
    Mulligan,
    /// 101.5: before the first turn, begin the game with a card of the
    /// opening hand in play ("If CARDNAME is in your opening hand, you may
    /// begin the game with it in play", the Leylines), or be done.
    OpeningHand,
    /// 408.1c: the player has priority.
    Priority,
    /// 409.1c / 410.4: choose the next target of the spell or ability being played.
    ChooseTarget { index: u8 },
    /// 409.1b: choose a mode ("Choose one —"); for "An opponent chooses
    /// one —" the decision is the chosen opponent's (601.5b).
    ChooseMode,
    /// 601.5a, 601.5c: choose the opponent who chooses the mode of an "An
    /// opponent chooses one —" spell (`ChooseTarget(Target::Player(q))`,
    /// not a target): one within your range of influence.
    ChooseOpponent,
    /// 409.1b: announce the value of X.
    ChooseX {
        max: u32,
        /// "X can't be 0" (Aladdin's Lamp): the least X (409.1b).
        #[serde(default, skip_serializing_if = "crate::engine::decision::is_zero_x")]
        min: u32,
    },
    /// 409.1e: announce how much of a divided amount target `index` gets
    /// (`AssignDamage(n)`, `min..=max`: at least 1, and enough left for
    /// each later target; the last target gets the rest, and a target
    /// that can only get 1 gets it, without a choice).
    AnnounceDivision { index: u8, min: u32, max: u32 },
    /// 409.1g–h: play mana abilities and pay the remaining mana cost.
    PayMana,
    /// 409.1b: announce whether to pay an optional additional cost of the
    /// spell being played (`Yes` or `No`).
    AnnounceCost { cost: OptionalCost },
    /// 409.1b, 502.40a: reveal a card with splice from your hand to splice
    /// onto the spell being played (`ChooseObject`, in the order the
    /// spliced instructions will be followed, 502.40b), or `Done`.
    AnnounceSplice,
    /// 409.1h: choose a card in your hand to remove from the game as part
    /// of a cost (`remaining` including this one).
    ExileCost { remaining: u32 },
    /// 409.1h: choose a card in your hand to reveal as part of a cost
    /// ("Reveal X red cards from your hand", the Martyrs; `remaining`
    /// including this one).
    RevealCost { remaining: u32 },
    /// 409.1h: choose a card in your hand to put on top of your library as
    /// part of a cost ("Put a card from your hand on top of your library",
    /// Leashling; `remaining` including this one).
    LibraryTopCost { remaining: u32 },
    /// 409.1h: choose an untapped permanent to tap as part of a cost
    /// (`remaining` including this one).
    TapCost { remaining: u32 },
    /// 409.1h: choose a permanent of yours to return to its owner's hand
    /// as part of a cost (`remaining` including this one).
    ReturnCost { remaining: u32 },
    /// 409.1h, 217.7d: choose a card removed from the game with the
    /// ability's source to put into its owner's graveyard as part of the
    /// cost (Jester's Scepter).
    RemovedCardCost,
    /// 409.1h: choose a permanent to sacrifice as part of a cost.
    SacrificeCost,
    /// 409.1h: choose a card to discard as part of a cost (`remaining` including this one).
    DiscardCost { remaining: u32 },
    /// 308.2a: declare attackers one by one, then `Done`.
    DeclareAttackers,
    /// 309.2a: declare blockers one by one, then `Done`.
    DeclareBlockers,
    /// Camouflage: instead of declaring blockers, divide creatures into
    /// `piles` piles (`PutInPile`, then `Done`); the piles are assigned to
    /// the attackers at random.
    DividePiles { piles: u8 },
    /// 310.2: choose how much of `source`'s combat damage goes to `to`.
    AssignCombatDamage {
        source: ObjId,
        to: Target,
        min: u32,
        max: u32,
    },
    /// 410.3: choose which of your triggered abilities goes on the stack next.
    OrderTriggers,
    /// 314.1 or an effect: discard a card (`remaining` including this one).
    Discard { remaining: u32 },
    /// An effect: sacrifice a permanent.
    Sacrifice,
    /// 410.5: "you may" on resolution.
    MayAbility,
    /// 511.1: call heads or tails.
    CallCoin,
    /// 418.6: choose the word a text-changing effect replaces
    /// (`replacing: None`), then the word it becomes.
    ChooseWord {
        replacing: Option<tolaria_cards::TextWord>,
        colors: bool,
        land_types: bool,
    },
    /// 419.9a: two or more replacement or prevention effects apply to
    /// `event`; choose the one that applies first.
    ChooseReplacement { event: String, options: Vec<String> },
    /// A choice a replacement effect calls for as it applies (answered,
    /// like `ChooseReplacement`, with the index of an option): whether an
    /// optional "you may instead" applies (419.9a), land or nonland, the
    /// next card put on the bottom (Abundance).
    ChooseOption {
        prompt: String,
        options: Vec<String>,
    },
    /// 419.8a: choose a source of damage with these properties
    /// (`ChooseObject`): a permanent, a spell on the stack, or an object
    /// the stack's objects refer to.
    ChooseSource {
        props: crate::continuous::source::SourceProps,
    },
    /// 419.1b: "as [this] comes into play, choose a color".
    ChooseColor,
    /// 406.1: the colour of the next mana of "[N] mana in any combination
    /// of {R} and/or {G}" (Goblin Clearcutter) or of a triggered mana
    /// ability's "one mana of any color" (Fertile Ground), answered with
    /// `ChooseColor` (one of `colors`); `left` mana to choose, this one
    /// included.
    ChooseManaColor {
        colors: tolaria_cards::ColorSet,
        left: u32,
    },
    /// 419.1b: "as [this] comes into play, choose a creature type".
    ChooseCreatureType,
    /// 212.6c–d: choose a land type (`basic`: one of the basic land types),
    /// as a permanent comes into play (Phantasmal Terrain) or an effect is
    /// created (Vision Charm, Reef Shaman), answered with
    /// `Action::ChooseLandType`.
    ChooseLandType { basic: bool },
    /// 419.1b: "as [this] comes into play, name a [nonland] card"
    /// (`Action::NameCard`). Any card name of the pool may be named (505.7:
    /// a split card by both halves; 508.2: a flip card's alternative name),
    /// so the legal actions list only the names the player can see (see
    /// `Game::name_options`) while `apply` accepts every valid name.
    NameCard { nonland: bool },
    /// 503.10b: "you may choose new targets for the copy": target `index`
    /// of the copy, kept (`ChooseTarget` of the current one, listed first)
    /// or changed to another legal target.
    ChooseNewTarget { index: u8 },
    /// 302.2: "you may choose not to untap": `ChooseObject` keeps one
    /// tapped, `Done` untaps the rest.
    ChooseUntap,
    /// 302.2: the untap step is limited ("players can't untap more than one
    /// land during their untap steps": Winter Orb): `ChooseObject` untaps
    /// one of the limited permanents; asked while more than one fits.
    ChooseWhatUntaps,
    /// 503 / 419.1b: "as [this] comes into play, you may choose a
    /// [creature] in play" to copy (Clone); `No` chooses none.
    ChooseCopy,
    /// "Flip a coin until you lose a flip or choose to stop flipping": flip again (`Yes`) or stop (`No`).
    FlipAgain,
    /// 419.1 (Krark's Thumb): the coins differ; keep heads or tails.
    KeepCoin,
    /// A Wish: choose a card you own from outside the game (217.1e), or none.
    ChooseOutside,
    /// "[effects] unless you discard a [filter] card": choose a card to
    /// discard (`ChooseObject`), or `No` to let the effects happen.
    DiscardUnless,
    /// "return a [filter] you control to its owner's hand": choose one.
    ReturnToHand,
    /// 502.15: choose one of a player's permanents to phase out
    /// (`ChooseObject`; Equipoise: `remaining` including this one).
    ChooseToPhaseOut { remaining: u32 },
    /// "Untap up to N lands": choose a tapped permanent to untap
    /// (`ChooseObject`) or stop (`Done`); `remaining` including this one.
    ChooseToUntap { remaining: u32 },
    /// "Sacrifice any number of [permanents]" (Landslide): choose one more
    /// (`ChooseObject`) or stop (`Done`); the chosen are sacrificed then.
    SacrificeAnyNumber,
    /// Sweep: "Return any number of Mountains you control to their
    /// owner's hand." (Barrel Down Sokenzan): as `SacrificeAnyNumber`, the
    /// chosen returned to their owners' hands.
    ReturnAnyNumber,
    /// "You may tap or untap [it]": `ChooseMode(0)` taps, `ChooseMode(1)`
    /// untaps, `No` does neither.
    TapOrUntap,
    /// "[Player] chooses artifact, creature, land, or non-Aura
    /// enchantment" (Teferi's Realm): `ChooseMode(i)` picks the i-th of
    /// the `n` kinds listed.
    ChooseKind { n: u8 },
    /// "Counter [spell] unless its controller pays {N}": the controller may
    /// play mana abilities (`ActivateMana`), pay from the pool (`Yes`,
    /// listed once the pool holds N mana) or decline (`No`).
    PayUnless {
        generic: u32,
        /// Coloured mana also to pay, by colour (W, U, B, R, G): recover
        /// costs (502.55a).
        #[serde(default)]
        colored: [u8; 5],
    },
    /// "[effects] unless you pay [cost]" (echo, cumulative upkeep, 413.2c):
    /// play mana abilities (`ActivateMana`), pay the whole cost from the
    /// pool and life (`Yes`, listed once they cover it) or decline (`No`).
    PayOrElse,
    /// A card to find in a library, to take from or put back among the
    /// cards looked at, to choose from a hand, or to put into play from the
    /// hand (`crate::resolution::library`); `optional`: `No` chooses none.
    ChooseCard {
        choice: crate::resolution::library::CardChoice,
        optional: bool,
    },
    /// 310.2e: the blocked `source` may assign its combat damage as though
    /// it weren't blocked (Rhox): `Yes` or `No`.
    AssignAsThoughUnblocked { source: ObjId },
    /// 308.2e–f: play mana abilities and pay the total cost to attack
    /// (Windborn Muse); `remaining` generic mana is still unpaid.
    PayAttackCost { remaining: u32 },
    /// 419.6, 419.1b: how `card` comes into play as it would (a land
    /// played, a permanent spell resolving): a permanent to sacrifice or
    /// a card to discard instead (`ChooseObject`, one at a time, `chosen`
    /// so far; `No` declines a "you may" and the card goes to its owner's
    /// graveyard), or "you may pay 2 life" (`Yes`; `No`: it comes into
    /// play tapped).
    AsItEnters { card: ObjId, chosen: Vec<ObjId> },
    /// 606.7d: the active Two-Headed Giant team chooses the one defending
    /// player `attacker` assigns its combat damage to
    /// (`ChooseTarget(Target::Player)`).
    ChooseDefendingPlayer { attacker: ObjId },
}

impl DecisionKind {
    pub fn name(&self) -> &'static str {
        match self {
            DecisionKind::Mulligan => "mulligan",
            DecisionKind::OpeningHand => "opening_hand",
            DecisionKind::Priority => "priority",
            DecisionKind::ChooseTarget { .. } => "choose target",
            DecisionKind::ChooseNewTarget { .. } => "choose new targets",
            DecisionKind::ChooseUntap => "choose what stays tapped",
            DecisionKind::ChooseWhatUntaps => "choose what untaps",
            DecisionKind::ChooseMode => "choose a mode",
            DecisionKind::ChooseOpponent => "choose an opponent",
            DecisionKind::AsItEnters { .. } => "as it comes into play",
            DecisionKind::ChooseX { .. } => "choose X",
            DecisionKind::AnnounceDivision { .. } => "announce division",
            DecisionKind::PayMana => "pay mana",
            DecisionKind::AnnounceCost { .. } => "announce a cost",
            DecisionKind::AnnounceSplice => "announce splice",
            DecisionKind::SacrificeCost => "sacrifice as a cost",
            DecisionKind::RevealCost { .. } => "reveal as a cost",
            DecisionKind::LibraryTopCost { .. } => "put on top of the library as a cost",
            DecisionKind::ExileCost { .. } => "remove from the game as a cost",
            DecisionKind::TapCost { .. } => "tap as a cost",
            DecisionKind::ReturnCost { .. } => "return to hand as a cost",
            DecisionKind::RemovedCardCost => "put a removed card into a graveyard as a cost",
            DecisionKind::DiscardCost { .. } => "discard as a cost",
            DecisionKind::DeclareAttackers => "declare attackers",
            DecisionKind::DeclareBlockers => "declare blockers",
            DecisionKind::DividePiles { .. } => "divide piles",
            DecisionKind::AssignCombatDamage { .. } => "assign combat damage",
            DecisionKind::OrderTriggers => "order triggers",
            DecisionKind::Discard { .. } => "discard",
            DecisionKind::Sacrifice => "sacrifice",
            DecisionKind::MayAbility => "may",
            DecisionKind::CallCoin => "call the coin flip",
            DecisionKind::ChooseWord {
                replacing: None, ..
            } => "choose a word to replace",
            DecisionKind::ChooseWord { .. } => "choose the new word",
            DecisionKind::ChooseCopy => "choose what to copy",
            DecisionKind::ChooseColor => "choose a color",
            DecisionKind::ChooseManaColor { .. } => "choose the color of mana",
            DecisionKind::ChooseSource { .. } => "choose a source",
            DecisionKind::ChooseCreatureType => "choose a creature type",
            DecisionKind::ChooseLandType { basic: false } => "choose a land type",
            DecisionKind::ChooseLandType { basic: true } => "choose a basic land type",
            DecisionKind::NameCard { .. } => "name a card",
            DecisionKind::ChooseReplacement { .. } => "choose a replacement effect",
            DecisionKind::ChooseOption { .. } => "choose an option",
            DecisionKind::FlipAgain => "flip again",
            DecisionKind::KeepCoin => "keep a coin",
            DecisionKind::ChooseOutside => "choose a card from outside the game",
            DecisionKind::DiscardUnless => "discard or decline",
            DecisionKind::ReturnToHand => "return to hand",
            DecisionKind::TapOrUntap => "tap or untap",
            DecisionKind::ChooseToPhaseOut { .. } => "phase out",
            DecisionKind::ChooseToUntap { .. } => "untap up to",
            DecisionKind::SacrificeAnyNumber => "sacrifice any number",
            DecisionKind::ReturnAnyNumber => "return any number",
            DecisionKind::ChooseKind { .. } => "choose a kind of permanent",
            DecisionKind::PayUnless { .. } => "pay or decline",
            DecisionKind::PayOrElse => "pay or else",
            DecisionKind::ChooseCard { .. } => "choose a card",
            DecisionKind::AssignAsThoughUnblocked { .. } => "assign as though unblocked",
            DecisionKind::PayAttackCost { .. } => "pay attack cost",
            DecisionKind::ChooseDefendingPlayer { .. } => "choose defending player",
        }
    }
}

/// Serde: an X minimum of 0 is left out.
pub(crate) fn is_zero_x(n: &u32) -> bool {
    *n == 0
}
