//! Events: every game action emits one (DEVELOPERS.md, decision 8). The log,
//! triggers and replays come from them. Each renders as a readable line that
//! cites its rule.

use crate::{ObjId, PlayerId, Target, Zone};
use serde::{Deserialize, Serialize};
use tolaria_cards::{db, CardId, ManaKind, Step};

mod render;

/// A target with the card it was (for log lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedTarget {
    pub target: Target,
    pub card: Option<CardId>,
}

/// Why a card was drawn, for the rule the log cites.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawReason {
    /// 101.3
    OpeningHand,
    /// 304.1
    DrawStep,
    /// 423.1: an effect or cost.
    #[default]
    Effect,
}

/// Why a player lost (420.5, 102).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LossReason {
    /// 420.5a
    LifeZero,
    /// 420.5g
    EmptyLibrary,
    /// 420.5h
    Poison,
    /// 102.x
    Conceded,
    /// 102.2b: an effect states that another player wins the game.
    OpponentWon,
    /// 102.3: an effect states that the player loses the game (Phage the
    /// Untouchable).
    Effect,
    /// 607.5a: the player's team's emperor lost the game.
    EmperorLost,
    /// 606.8b, 606.8c: the player's Two-Headed Giant teammate lost the
    /// game (or conceded): the team loses.
    TeammateLost,
}

/// See [`Event::board_change`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardChange {
    None,
    /// Only for a board that reads status or graveyards
    /// (`Board::status_sensitive`).
    Status,
    Always,
}

/// Why an object moved (for the log's rule citation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveReason {
    Draw,
    PlayLand,
    Cast,
    Resolve,
    Countered,
    /// 415 / 413.2a: all targets illegal.
    Fizzled,
    Destroy,
    /// 420.5b
    ZeroToughness,
    /// 420.5c
    LethalDamage,
    /// 420.5d
    AuraIllegal,
    /// 420.5e
    Legend,
    /// 420.5i
    World,
    Sacrifice,
    Discard,
    RemoveFromGame,
    /// 502.59a: suspended from its owner's hand.
    Suspend,
    /// 502.64a: removed from a graveyard to pay for a delve spell.
    Delve,
    ReturnToHand,
    Mulligan,
    /// 101.5: begun the game in play from the opening hand (the Leylines).
    OpeningHand,
    /// 420.5f: a token outside play.
    CeaseToExist,
    /// 420.5j: a copy of a spell outside the stack.
    CopyCeasesToExist,
    Effect,
    /// 509.1a: an effect ended the turn; every object on the stack is removed from the game.
    TurnEnded,
    /// 506.3: a library removed from the game face down to be a subgame's deck.
    Subgame,
    /// 506.6: a card of a subgame that ended put into its main-game library.
    SubgameEnded,
    /// 600.4a: its owner (or controller) left a multiplayer game.
    LeftTheGame,
    /// 503.1: a token put into play as a copy of an object.
    TokenCopy,
    /// 419.6: put into its owner's graveyard instead of into play ("If
    /// you don't, put it into its owner's graveyard", Lotus Vale).
    InsteadOfPlay,
}

impl MoveReason {
    fn rule(self) -> &'static str {
        match self {
            MoveReason::Draw => "423.1",
            MoveReason::PlayLand => "408.2d",
            MoveReason::Cast => "409.1a",
            MoveReason::Resolve => "413.2i",
            MoveReason::Countered => "414.1",
            MoveReason::Fizzled => "413.2a",
            MoveReason::Destroy => "501.4",
            MoveReason::ZeroToughness => "420.5b",
            MoveReason::LethalDamage => "420.5c",
            MoveReason::AuraIllegal => "420.5d",
            MoveReason::Legend => "420.5e",
            MoveReason::World => "420.5i",
            MoveReason::Sacrifice => "501.6",
            MoveReason::Discard => "217.4a",
            MoveReason::RemoveFromGame => "217.7",
            MoveReason::Suspend => "502.59a",
            MoveReason::Delve => "502.64a",
            MoveReason::ReturnToHand => "217.3",
            MoveReason::Mulligan => "101.4",
            MoveReason::OpeningHand => "101.5",
            MoveReason::CeaseToExist => "420.5f",
            MoveReason::CopyCeasesToExist => "420.5j",
            MoveReason::TurnEnded => "509.1a",
            MoveReason::Subgame => "506.3",
            MoveReason::SubgameEnded => "506.6",
            MoveReason::LeftTheGame => "600.4a",
            MoveReason::TokenCopy => "503.5",
            MoveReason::InsteadOfPlay => "419.6",
            MoveReason::Effect => "417.1",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// 101.2
    GameStarted {
        starting: PlayerId,
        seed: u64,
    },
    /// 101.1
    Shuffled {
        player: PlayerId,
    },
    /// 101.4
    Mulliganed {
        player: PlayerId,
        hand_size: u32,
    },
    Kept {
        player: PlayerId,
        hand_size: u32,
    },
    /// 300
    TurnBegan {
        turn: u32,
        player: PlayerId,
        controller: PlayerId,
    },
    StepBegan {
        step: Step,
    },
    /// 302.2
    Untapped {
        obj: ObjId,
        card: CardId,
    },
    Tapped {
        obj: ObjId,
        card: CardId,
    },
    /// 503.4: a permanent became a copy of a card while staying in play.
    BecameCopy {
        obj: ObjId,
        card: CardId,
        of: CardId,
    },
    /// 508.2: a flip permanent in play became flipped; its alternative
    /// characteristics apply.
    Flipped {
        obj: ObjId,
        card: CardId,
    },
    /// 502.15b (502.15i when `indirect`): a permanent phased out into the
    /// phased-out zone (217.8).
    PhasedOut {
        obj: ObjId,
        card: CardId,
        indirect: bool,
    },
    /// 502.15b: a phased-out permanent phased in (510.6: with its status).
    PhasedIn {
        obj: ObjId,
        card: CardId,
    },
    /// 423.1 (304.1 in the draw step, 101.3 for the opening hand)
    Drew {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
        why: DrawReason,
    },
    /// 420.5g (recorded when it happens, checked later)
    DrewFromEmptyLibrary {
        player: PlayerId,
    },
    /// 101.5a; 606.6b in a Two-Headed Giant game (`two_headed`).
    SkippedFirstDraw {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        two_headed: bool,
    },
    LandPlayed {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
    },
    /// 502.18c / 502.18e: a card was discarded to pay a cycling (or
    /// typecycling) cost; `obj` is the card in the graveyard.
    Cycled {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
    },
    /// 409.1i
    SpellPlayed {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
        /// 505.2: the half of a split card played (0 otherwise).
        #[serde(default)]
        half: u8,
        targets: Vec<NamedTarget>,
    },
    AbilityPlayed {
        player: PlayerId,
        source: ObjId,
        card: CardId,
        index: u8,
        targets: Vec<NamedTarget>,
    },
    /// 410
    TriggerPutOnStack {
        player: PlayerId,
        source: ObjId,
        card: CardId,
        ability: tolaria_cards::AbilityRef,
        targets: Vec<NamedTarget>,
    },
    /// 410.4: no legal target; removed from the stack.
    TriggerRemoved {
        source: ObjId,
        card: CardId,
    },
    /// 406
    ManaAdded {
        player: PlayerId,
        source: ObjId,
        card: CardId,
        kind: ManaKind,
        amount: u32,
    },
    /// 409.1h
    CostPaid {
        player: PlayerId,
        card: CardId,
    },
    /// 502.22a: a spell played with flashback leaves the stack: it is
    /// removed from the game instead.
    FlashbackRemoved {
        card: CardId,
    },
    /// 409.1b: the player announces the intention to pay an optional
    /// additional cost (kicker 502.21a, buyback 502.16a).
    CostAnnounced {
        player: PlayerId,
        card: CardId,
        cost: crate::state::progress::OptionalCost,
    },
    /// 502.40a: the player reveals `spliced` from their hand and splices
    /// it onto the spell `card` being played.
    Spliced {
        player: PlayerId,
        card: CardId,
        spliced: CardId,
    },
    /// 308.2f: the total cost to attack (Windborn Muse) is paid.
    AttackCostPaid {
        player: PlayerId,
        amount: u32,
    },
    /// 308.2: the cost to attack can't be paid: the declaration was
    /// illegal and is withdrawn (422).
    AttackWithdrawn {
        player: PlayerId,
    },
    /// 422: a play was abandoned and the game rewound.
    PlayCancelled {
        player: PlayerId,
        card: CardId,
    },
    /// 413
    Resolved {
        card: CardId,
        ability: bool,
    },
    /// 414
    Countered {
        card: CardId,
        ability: bool,
    },
    /// 413.2a
    CounteredOnResolution {
        card: CardId,
        ability: bool,
    },
    Damage {
        source: ObjId,
        source_card: CardId,
        to: Target,
        to_card: Option<CardId>,
        amount: u32,
        combat: bool,
    },
    /// 502.7e
    DamagePrevented {
        source_card: CardId,
        to: Target,
        #[serde(default)]
        to_card: Option<CardId>,
        amount: u32,
        protection: bool,
    },
    /// 601.14a: a replacement effect sent damage outside the range of
    /// influence of its source's controller: that portion does nothing.
    DamageOutOfRange {
        source_card: CardId,
        to: Target,
        to_card: Option<CardId>,
        amount: u32,
    },
    LifeGained {
        player: PlayerId,
        amount: u32,
    },
    LifeLost {
        player: PlayerId,
        amount: u32,
    },
    /// 102.3d: a player gets poison counters.
    PoisonCountersGiven {
        player: PlayerId,
        amount: u32,
    },
    /// 300.3
    ManaBurn {
        player: PlayerId,
        amount: u32,
    },
    /// 413.2c: a player paid mana an effect asked for as it resolved
    /// ("… unless its controller pays {1}").
    PaidUnless {
        player: PlayerId,
        amount: u32,
    },
    /// 413.2c: a player paid the cost an effect offered as it resolved
    /// ("… unless you pay [cost]": echo 502.19a, cumulative upkeep
    /// 502.13a): `mana` mana and `life` life, for `card`'s ability.
    PaidToKeep {
        player: PlayerId,
        card: CardId,
        mana: u32,
        life: u32,
    },
    /// 413.2c: the player didn't pay that cost; the effects happen.
    DeclinedToPay {
        player: PlayerId,
        card: CardId,
    },
    /// 217.1c: a card or token moved; `new` is the new object's id.
    ZoneChange {
        card: CardId,
        old: ObjId,
        new: ObjId,
        from: Zone,
        to: Zone,
        reason: MoveReason,
    },
    /// 501.5
    Regenerated {
        obj: ObjId,
        card: CardId,
    },
    /// 419.1a: a destruction replaced by removing the damage marked on the
    /// permanent (Pyramids).
    DestructionReplaced {
        obj: ObjId,
        card: CardId,
    },
    /// 308.2
    AttackerDeclared {
        obj: ObjId,
        card: CardId,
    },
    /// 502.29a: a creature must block an attacker this combat if able.
    MustBlock {
        blocker_card: CardId,
        attacker_card: CardId,
    },
    /// 502.10b: attacking creatures declared as a band.
    BandDeclared {
        members: Vec<CardId>,
    },
    /// 502.10e: a creature in a band becomes blocked by the creature that
    /// blocks another member of the band.
    BandBlocked {
        blocker: ObjId,
        blocker_card: CardId,
        attacker: ObjId,
        attacker_card: CardId,
    },
    /// 309.2
    BlockerDeclared {
        blocker: ObjId,
        blocker_card: CardId,
        attacker: ObjId,
        attacker_card: CardId,
    },
    /// 310.1
    CombatDamageOnStack {
        assignments: u32,
    },
    /// 309.2f, 309.4: an attacking creature becomes blocked by an effect,
    /// by no creature (Curtain of Light).
    BecameBlocked {
        obj: ObjId,
        card: CardId,
    },
    /// 306.2 / 311.2
    RemovedFromCombat {
        obj: ObjId,
        card: CardId,
    },
    /// 419.1a / 419.6c: a replacement effect (of `by_card`) changed damage
    /// that would be dealt: its recipient (redirection) or its amount.
    DamageReplaced {
        source_card: CardId,
        by_card: CardId,
        from: Target,
        from_card: Option<CardId>,
        to: Target,
        to_card: Option<CardId>,
        before: u32,
        after: u32,
    },
    /// 419.1a: a replacement effect (of `by_card`) sends an object that
    /// would have been put into a graveyard to `to` instead.
    MoveReplaced {
        card: CardId,
        by_card: CardId,
        to: Zone,
    },
    /// 302.2: a permanent's controller chose not to untap it.
    StaysTapped {
        obj: ObjId,
        card: CardId,
    },
    /// 419.1a: a draw replaced: `instead` draws rather than `player`.
    DrawReplaced {
        player: PlayerId,
        by_card: CardId,
        instead: PlayerId,
    },
    /// 419.1a: a static ability of `card` replaces `player`'s draw
    /// (Abundance, Obstinate Familiar).
    DrawReplacedByStatic {
        player: PlayerId,
        card: CardId,
    },
    /// 419.1a: a static ability of `card` replaces `player`'s gain of
    /// `amount` life with nothing (Sulfuric Vortex).
    LifeGainReplaced {
        player: PlayerId,
        card: CardId,
        amount: u32,
    },
    /// 502.47a: instead of drawing, `player` put `n` cards from the top of
    /// their library into their graveyard to return `card` (with dredge)
    /// from their graveyard to their hand.
    Dredged {
        player: PlayerId,
        card: CardId,
        n: u8,
    },
    /// 502.27a: as `card` comes into play, `player` reveals these cards
    /// from their hand for its amplify ability.
    Amplified {
        player: PlayerId,
        card: CardId,
        revealed: Vec<CardId>,
    },
    /// Abundance: the player chose land (or nonland).
    ChoseLandOrNonland {
        player: PlayerId,
        land: bool,
    },
    /// 415.7: a spell's target changed (`ability`: an ability's on the
    /// stack, `card` its source's).
    TargetChanged {
        card: CardId,
        targets: Vec<NamedTarget>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        ability: bool,
    },
    /// 503.10: a copy of a spell put onto the stack (not played).
    SpellCopied {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
        targets: Vec<NamedTarget>,
    },
    /// 419.8a: the source chosen for a prevention effect of `card`.
    SourceChosen {
        player: PlayerId,
        card: CardId,
        source_card: CardId,
    },
    /// 419.1b: the opponent chosen as a permanent came into play (Black Vise).
    OpponentChosen {
        obj: ObjId,
        card: CardId,
        player: PlayerId,
    },
    /// 419.1b: the colour chosen as a permanent came into play.
    ColorChosen {
        obj: ObjId,
        card: CardId,
        color: tolaria_cards::Color,
    },
    /// 419.1b, 504.8: the power and toughness chosen as a permanent came
    /// into play or (`face_up`) as it was turned face up (Aquamorph Entity).
    PowerToughnessChosen {
        obj: ObjId,
        card: CardId,
        power: i32,
        toughness: i32,
        face_up: bool,
    },
    /// 419.1b: the creature type chosen as a permanent came into play.
    CreatureTypeChosen {
        obj: ObjId,
        card: CardId,
        subtype: tolaria_cards::Subtype,
    },
    /// 419.1b: the card named as a permanent came into play (Pithing Needle).
    CardNamed {
        obj: ObjId,
        card: CardId,
        name: tolaria_cards::CardName,
    },
    /// A player named a card as a spell resolved ("Name a card": Cabal
    /// Therapy).
    NamedCard {
        player: PlayerId,
        name: tolaria_cards::CardName,
    },
    /// A player chose a colour as a spell resolved ("Choose a color.":
    /// Persecute).
    ColorChosenForSpell {
        player: PlayerId,
        color: tolaria_cards::Color,
    },
    /// A player chose a number as a spell resolved ("Choose a number.": Void).
    NumberChosen {
        player: PlayerId,
        number: u32,
    },
    /// 606.7a: the controller of a one-shot effect naming "defending
    /// player" chose which defending player of the team it refers to.
    DefendingPlayerReferred {
        chooser: PlayerId,
        player: PlayerId,
    },
    /// 420.5k / 420.5m: an attached permanent becomes unattached; with
    /// `cost`, to pay a cost (409.1h: "Unattach Leonin Bola").
    Unattached {
        obj: ObjId,
        card: CardId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        cost: bool,
    },
    /// 420.5n: N +1/+1 and N -1/-1 counters are removed.
    CountersAnnihilated {
        obj: ObjId,
        card: CardId,
        n: u16,
    },
    /// 418.5a layer 2: a permanent's controller changed (its new controller
    /// hasn't controlled it since the start of their turn, 212.3f).
    ControlChanged {
        obj: ObjId,
        card: CardId,
        from: PlayerId,
        to: PlayerId,
    },
    /// 418.3: a resolving spell or ability created a continuous effect
    /// other than a pump (which is `Pumped`): `what` says what it does.
    EffectCreated {
        obj: ObjId,
        card: CardId,
        what: String,
    },
    /// 408.2i: a player took the special action of ending a continuous
    /// effect on `obj` ("You may pay {W} to end this effect.", a Licid's).
    EffectEnded {
        obj: ObjId,
        card: CardId,
        player: PlayerId,
    },
    /// 418: an effect (pump etc.) applied.
    Pumped {
        obj: ObjId,
        card: CardId,
        power: i32,
        toughness: i32,
    },
    CountersPut {
        obj: ObjId,
        card: CardId,
        kind: tolaria_cards::CounterKind,
        amount: u32,
    },
    /// Counters removed by an effect or paid as a cost.
    CountersRemoved {
        obj: ObjId,
        card: CardId,
        kind: tolaria_cards::CounterKind,
        amount: u32,
    },
    /// 216
    TokenCreated {
        obj: ObjId,
        player: PlayerId,
        /// 503.1: the card whose copiable values a token copy has.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        copy_of: Option<CardId>,
    },
    /// 511.1 (a call: the player wins or loses) or 511.2 (no call, no winner).
    CoinFlipped {
        player: PlayerId,
        /// The call, true for heads (511.1); `None` for a flip without a call (511.2).
        call: Option<bool>,
        heads: bool,
        /// 511.1: whether the call matched; `None` under 511.2 (no winner or loser).
        won: Option<bool>,
    },
    /// 419.1 replacement (Krark's Thumb): the player flipped several coins
    /// for one flip and keeps this result, ignoring the others.
    CoinKept {
        player: PlayerId,
        card: CardId,
        flipped: u8,
        heads: bool,
    },
    /// 507.1 / 507.1a: a turn-controlling effect is created; `replaced`
    /// names the controller of an earlier one it overwrites.
    TurnControlCreated {
        player: PlayerId,
        controller: PlayerId,
        replaced: Option<PlayerId>,
    },
    /// 419.6e / 300.9: a player skips a turn.
    /// 419.6e: a step skipped by a replacement effect ("Skip your draw step").
    StepSkipped {
        player: PlayerId,
        step: Step,
    },
    TurnSkipped {
        player: PlayerId,
    },
    /// 608.4b–c: a player takes a turn marker and begins the turn it
    /// represents.
    TurnMarkerTaken {
        marker: u8,
        player: PlayerId,
    },
    /// 608.4c: a turn marker waits: a marker is in the three seats to the
    /// left of the player it goes to.
    TurnMarkerWaits {
        marker: u8,
        player: PlayerId,
    },
    /// 608.4d: a turn marker is removed.
    TurnMarkerRemoved {
        marker: u8,
    },
    /// 608.4 (the interleaving of simultaneous turns, ARCHITECTURE.md):
    /// the game goes on with this turn's next step.
    TurnServed {
        marker: u8,
        turn: u32,
        player: PlayerId,
        step: Step,
    },
    /// 419.6e: the active player's untap step is skipped (Brine Elemental).
    UntapStepSkipped {
        player: PlayerId,
    },
    /// 606.7d: the active Two-Headed Giant team chose the defending player
    /// the attacking creature assigns its combat damage to.
    DefendingPlayerChosen {
        obj: ObjId,
        card: CardId,
        player: PlayerId,
    },
    /// 507.1b: a skipped turn leaves a pending turn-controlling effect waiting.
    TurnControlWaits {
        player: PlayerId,
        controller: PlayerId,
    },
    /// 507.4: mana lost as a phase ends without mana burn (the player's
    /// turn is controlled by another player).
    ManaLostNoBurn {
        player: PlayerId,
        amount: u32,
    },
    /// 417.1: an effect empties a player's mana pool (Mana Short: "loses
    /// all unspent mana"); no mana burn, which happens only as a phase ends
    /// (300.3).
    ManaPoolEmptied {
        player: PlayerId,
        amount: u32,
    },
    /// 404.3: a triggered ability's intervening "if" condition is false on
    /// resolution: it does nothing.
    ConditionFalse {
        card: CardId,
    },
    /// 217.1e: a card from outside the game is put into its owner's hand (a Wish).
    FromOutsideTheGame {
        player: PlayerId,
        card: CardId,
        removed: bool,
        /// Into the library (Research) rather than the hand (a Wish).
        #[serde(default)]
        into_library: bool,
    },
    /// 506.5a: a card of the main game brought into a subgame (a Wish).
    FromMainGame {
        player: PlayerId,
        card: CardId,
    },
    /// A player searches their library (417.1): the card found, if any.
    Searched {
        player: PlayerId,
        found: Option<CardId>,
    },
    /// Cards are revealed to all players (the top of a library, a card found).
    Revealed {
        player: PlayerId,
        cards: Vec<CardId>,
    },
    /// 217.2b: an effect lets a player look at the top cards of their library.
    LookedAtLibrary {
        player: PlayerId,
        count: u32,
        /// Another player's library (Orcish Spy); `None`: their own.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        whose: Option<PlayerId>,
    },
    /// 217.3c: an effect lets a player look at another player's hand.
    LookedAtHand {
        player: PlayerId,
        whose: PlayerId,
        cards: Vec<CardId>,
    },
    /// 217.1b, 217.2d: cards looked at are put back on top and on the
    /// bottom of a library in the order the player chose.
    LibraryArranged {
        player: PlayerId,
        top: u32,
        bottom: u32,
    },
    /// 509.1: a spell or ability ends the turn.
    EndingTurn {
        card: CardId,
    },
    /// 509.1a: an ability (or combat damage) on the stack is removed and
    /// ceases to exist; `card` is its source, `None` for combat damage.
    StackObjectCeases {
        card: Option<CardId>,
        triggered: bool,
    },
    /// 509.1a: an attacking or blocking creature is removed from combat as the turn ends.
    RemovedFromCombatTurnEnded {
        obj: ObjId,
        card: CardId,
    },
    /// 509.1b: state-based effects are checked; no player gets priority and
    /// no triggered ability is put on the stack (`waiting` triggers wait).
    TurnEndingChecks {
        waiting: u32,
    },
    /// 314.2
    CleanupDamageRemoved,
    /// 509.1c: the turn was ended; the game skips to the cleanup step.
    TurnEnded,
    /// An Aura or Equipment becomes attached (212.4, 502.33).
    Attached {
        obj: ObjId,
        card: CardId,
        to: Target,
        to_card: Option<CardId>,
    },
    /// 102 / 420.5
    PlayerLost {
        player: PlayerId,
        reason: LossReason,
    },
    /// 600.4a: an ability on the stack controlled by a player who left the
    /// game ceases to exist.
    AbilityLeftTheGame {
        card: CardId,
        player: PlayerId,
    },
    /// 600.4a: a player who lost left a game that goes on with two or
    /// more players.
    PlayerLeftGame {
        player: PlayerId,
    },
    /// 504.6: a face-down spell or permanent is revealed to all players as
    /// it moves to a zone where it is face up (or as the game ends).
    FaceDownRevealed {
        player: PlayerId,
        card: CardId,
    },
    /// 502.26d: a face-down permanent is turned face up (its morph cost
    /// paid); `card` is the card it now shows; `x` the X paid in its morph
    /// cost ("Morph {X}{B}{B}"), which its "turned face up" ability uses.
    TurnedFaceUp {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
        #[serde(default, skip_serializing_if = "is_zero_u32")]
        x: u32,
    },
    /// 502.59a: a card was suspended: removed from the game from its
    /// owner's hand (the zone change comes first) with `counters` time
    /// counters on it.
    Suspended {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
        counters: u32,
    },
    /// 502.26e: a spell or ability turns a permanent face down; `card` is
    /// what it was face up.
    TurnedFaceDown {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
    },
    /// 102.x
    GameOver {
        winner: Option<PlayerId>,
    },
    /// 217.9b: at the end of a game played for ante, the winner becomes
    /// the owner of all the cards in the ante zone.
    AnteWon {
        winner: PlayerId,
        cards: Vec<CardId>,
    },
    /// 609.5, 607.5a: the game is over and the team whose players remain
    /// wins (a game with teams).
    TeamWon {
        team: u8,
        /// 606.8b: the team of a Two-Headed Giant game (else 609.5, 607.5a).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        two_headed: bool,
    },
    /// 506.1: a subgame begins (`depth` 1 for a subgame of the first game);
    /// the main game waits.
    SubgameBegins {
        depth: u8,
    },
    /// 506.1, 506.6: the subgame at `depth` ended with this winner; its
    /// cards went back and the main game resumes.
    SubgameEnded {
        depth: u8,
        winner: Option<PlayerId>,
    },
}

impl Event {
    /// 504.2–504.3: an event about an object that is face down names the
    /// face-down characteristics instead of its card, so neither the log
    /// nor a trigger reading the event learns what it is.
    pub(crate) fn hide_face_down(&mut self, face_down: impl Fn(ObjId) -> bool) {
        let fd = db().face_down;
        let hide = |o: ObjId, c: &mut CardId| {
            if face_down(o) {
                *c = fd;
            }
        };
        match self {
            Event::Untapped { obj, card }
            | Event::Tapped { obj, card, .. }
            | Event::PhasedOut { obj, card, .. }
            | Event::PhasedIn { obj, card, .. }
            | Event::SpellPlayed { obj, card, .. }
            | Event::Regenerated { obj, card }
            | Event::DestructionReplaced { obj, card }
            | Event::AttackerDeclared { obj, card }
            | Event::DefendingPlayerChosen { obj, card, .. }
            | Event::RemovedFromCombat { obj, card, .. }
            | Event::BecameBlocked { obj, card }
            | Event::StaysTapped { obj, card }
            | Event::Unattached { obj, card, .. }
            | Event::ControlChanged { obj, card, .. }
            | Event::EffectCreated { obj, card, .. }
            | Event::EffectEnded { obj, card, .. }
            | Event::Pumped { obj, card, .. }
            | Event::CountersPut { obj, card, .. }
            | Event::CountersRemoved { obj, card, .. }
            | Event::RemovedFromCombatTurnEnded { obj, card }
            | Event::Attached { obj, card, .. } => hide(*obj, card),
            Event::AbilityPlayed { source, card, .. }
            | Event::TriggerPutOnStack { source, card, .. }
            | Event::TriggerRemoved { source, card }
            | Event::ManaAdded { source, card, .. } => hide(*source, card),
            Event::Damage {
                source,
                source_card,
                to,
                to_card,
                ..
            } => {
                hide(*source, source_card);
                if let (Target::Object(o), Some(c)) = (to, to_card) {
                    hide(*o, c);
                }
            }
            Event::BlockerDeclared {
                blocker,
                blocker_card,
                attacker,
                attacker_card,
            } => {
                hide(*blocker, blocker_card);
                hide(*attacker, attacker_card);
            }
            _ => {}
        }
    }

    /// Could this event bring about a state-based effect (420.5)? Events that
    /// change no life total, damage, counters, zone, toughness or
    /// attachment don't, so the engine skips the check after them. (When
    /// characteristics come to depend on status or on the step, e.g. "as
    /// long as it's untapped", the events that change those must be
    /// removed from this list.)
    /// Which computed characteristics the event may change, for the board
    /// cache (`characteristics::Board`). Status changes matter only while
    /// an effect's filter reads status ("tapped creatures", "attacking
    /// creatures").
    ///
    /// The match names every event (no wildcard), so a new event must be
    /// classified here (issue 16: `CountersRemoved` once fell through and
    /// left a 0/0 Spike alive). `Game::check_board` compares the kept board
    /// with a fresh computation to find what was missed.
    pub fn board_change(&self) -> BoardChange {
        match self {
            // Status (510.1) and combat status (306): read by filters of
            // "tapped", "attacking", "blocking", "blocked" creatures
            // (Weakstone). Damage: "creatures dealt damage this turn".
            Event::Tapped { .. }
            | Event::Untapped { .. }
            | Event::AttackerDeclared { .. }
            | Event::BlockerDeclared { .. }
            | Event::BandDeclared { .. }
            | Event::BandBlocked { .. }
            | Event::RemovedFromCombat { .. }
            | Event::BecameBlocked { .. }
            | Event::RemovedFromCombatTurnEnded { .. }
            | Event::AttackWithdrawn { .. }
            | Event::Damage { .. } => BoardChange::Status,
            // Life totals: read by a characteristic-defining ability
            // (Serra Avatar, 405.2), which makes its board sensitive.
            Event::LifeGained { .. } | Event::LifeLost { .. } | Event::ManaBurn { .. } => {
                BoardChange::Status
            }
            // A turn's beginning and end change per-turn status (sickness,
            // "attacked this turn", damage wearing off, 314.2), read only
            // by a status-sensitive board; what else they change marks the
            // board stale where it happens: the ranges of influence
            // recomputed as a turn begins (601.2c), "until end of turn"
            // effects ending in the cleanup step (314.2).
            Event::TurnBegan { .. } | Event::TurnEnded | Event::CleanupDamageRemoved => {
                BoardChange::Status
            }
            // Only the permanents in play are on the board, and only a
            // count of graveyard cards (Mortivore, a sensitive board) reads
            // the other zones (416.2): a draw or a spell being played
            // leaves every computed characteristic as it was.
            Event::ZoneChange { from, to, .. } if *from != Zone::InPlay && *to != Zone::InPlay => {
                // Graveyards and hands: a count of graveyard cards, and
                // conditions on graveyards and hands (threshold, hellbent).
                if matches!(from, Zone::Graveyard(_) | Zone::Hand(_))
                    || matches!(to, Zone::Graveyard(_) | Zone::Hand(_))
                {
                    BoardChange::Status
                } else {
                    BoardChange::None
                }
            }
            // Cards entering or leaving hands and graveyards by events that
            // aren't zone changes of their own (hellbent, threshold).
            Event::Drew { .. }
            | Event::Dredged { .. }
            | Event::FlashbackRemoved { .. }
            | Event::Cycled { .. }
            | Event::FromOutsideTheGame { .. }
            | Event::FromMainGame { .. } => BoardChange::Status,
            Event::TurnServed { .. }
            | Event::TurnedFaceUp { .. }
            | Event::TurnedFaceDown { .. }
            | Event::Flipped { .. }
            | Event::BecameCopy { .. }
            | Event::PhasedOut { .. }
            | Event::PhasedIn { .. }
            | Event::ZoneChange { .. }
            | Event::Regenerated { .. }
            | Event::DestructionReplaced { .. }
            | Event::Pumped { .. }
            | Event::EffectCreated { .. }
            | Event::EffectEnded { .. }
            | Event::CountersPut { .. }
            | Event::CountersRemoved { .. }
            | Event::TokenCreated { .. }
            | Event::Attached { .. }
            | Event::Unattached { .. }
            | Event::ColorChosen { .. }
            | Event::OpponentChosen { .. }
            | Event::PowerToughnessChosen { .. }
            | Event::CreatureTypeChosen { .. }
            | Event::CardNamed { .. }
            | Event::NamedCard { .. }
            | Event::CountersAnnihilated { .. }
            | Event::ControlChanged { .. }
            | Event::PlayerLost { .. }
            | Event::PlayerLeftGame { .. }
            | Event::Amplified { .. }
            | Event::Suspended { .. }
            | Event::SubgameBegins { .. }
            | Event::SubgameEnded { .. }
            | Event::EndingTurn { .. } => BoardChange::Always,
            // Nothing a computed characteristic reads: the log, the stack,
            // libraries, mana pools, life totals, choices without a lasting
            // trace on a permanent.
            Event::GameStarted { .. }
            | Event::NumberChosen { .. }
            | Event::ColorChosenForSpell { .. }
            | Event::DefendingPlayerReferred { .. }
            | Event::Shuffled { .. }
            | Event::Mulliganed { .. }
            | Event::Kept { .. }
            | Event::StepBegan { .. }
            | Event::DrewFromEmptyLibrary { .. }
            | Event::SkippedFirstDraw { .. }
            | Event::LandPlayed { .. }
            | Event::SpellPlayed { .. }
            | Event::AbilityPlayed { .. }
            | Event::TriggerPutOnStack { .. }
            | Event::TriggerRemoved { .. }
            | Event::ManaAdded { .. }
            | Event::CostPaid { .. }
            | Event::CostAnnounced { .. }
            | Event::Spliced { .. }
            | Event::AttackCostPaid { .. }
            | Event::PlayCancelled { .. }
            | Event::Resolved { .. }
            | Event::Countered { .. }
            | Event::CounteredOnResolution { .. }
            | Event::DamagePrevented { .. }
            | Event::DamageOutOfRange { .. }
            | Event::PoisonCountersGiven { .. }
            | Event::PaidUnless { .. }
            | Event::PaidToKeep { .. }
            | Event::DeclinedToPay { .. }
            | Event::MustBlock { .. }
            | Event::CombatDamageOnStack { .. }
            | Event::DamageReplaced { .. }
            | Event::MoveReplaced { .. }
            | Event::StaysTapped { .. }
            | Event::DrawReplaced { .. }
            | Event::DrawReplacedByStatic { .. }
            | Event::LifeGainReplaced { .. }
            | Event::ChoseLandOrNonland { .. }
            | Event::TargetChanged { .. }
            | Event::SpellCopied { .. }
            | Event::SourceChosen { .. }
            | Event::CoinFlipped { .. }
            | Event::CoinKept { .. }
            | Event::TurnControlCreated { .. }
            | Event::StepSkipped { .. }
            | Event::TurnSkipped { .. }
            | Event::TurnMarkerTaken { .. }
            | Event::TurnMarkerWaits { .. }
            | Event::TurnMarkerRemoved { .. }
            | Event::UntapStepSkipped { .. }
            | Event::TurnControlWaits { .. }
            | Event::DefendingPlayerChosen { .. }
            | Event::ManaLostNoBurn { .. }
            | Event::ManaPoolEmptied { .. }
            | Event::ConditionFalse { .. }
            | Event::Searched { .. }
            | Event::Revealed { .. }
            | Event::LookedAtLibrary { .. }
            | Event::LookedAtHand { .. }
            | Event::LibraryArranged { .. }
            | Event::StackObjectCeases { .. }
            | Event::TurnEndingChecks { .. }
            | Event::AbilityLeftTheGame { .. }
            | Event::FaceDownRevealed { .. }
            | Event::GameOver { .. }
            | Event::AnteWon { .. }
            | Event::TeamWon { .. } => BoardChange::None,
        }
    }

    pub fn may_cause_sba(&self) -> bool {
        // 420.5: every state-based effect looks at players or at permanents
        // in play (420.5f: a token can only be outside play after leaving
        // play, which marks the check as needed until it finds no token
        // there), so a card moving between other zones (a draw, a spell
        // played or resolving to the graveyard) brings about none.
        if let Event::ZoneChange { from, to, .. } = self {
            return *from == Zone::InPlay || *to == Zone::InPlay;
        }
        // A turn's beginning changes per-turn marks and sickness, and the
        // cleanup step's removal of damage (314.2) only lowers damage: none
        // brings a state-based effect about. What else happens with them
        // marks the check as needed where it happens: the ranges of
        // influence recomputed as a turn begins (601.2c, only under 601's
        // option) and "until end of turn" effects ending in the cleanup
        // step.
        !matches!(
            self,
            Event::StepBegan { .. }
                | Event::TurnBegan { .. }
                | Event::CleanupDamageRemoved
                | Event::Tapped { .. }
                | Event::Untapped { .. }
                | Event::ManaAdded { .. }
                | Event::PaidUnless { .. }
                | Event::DeclinedToPay { .. }
                | Event::CostPaid { .. }
                | Event::CostAnnounced { .. }
                | Event::Spliced { .. }
                | Event::AttackCostPaid { .. }
                | Event::SpellPlayed { .. }
                | Event::AbilityPlayed { .. }
                | Event::TriggerPutOnStack { .. }
                | Event::Kept { .. }
                | Event::Mulliganed { .. }
                | Event::Shuffled { .. }
                | Event::GameStarted { .. }
                | Event::AttackerDeclared { .. }
                | Event::BlockerDeclared { .. }
                | Event::BandDeclared { .. }
                | Event::BandBlocked { .. }
                | Event::CombatDamageOnStack { .. }
                | Event::SkippedFirstDraw { .. }
                | Event::Drew { .. }
                | Event::CoinFlipped { .. }
                | Event::CoinKept { .. }
                | Event::TurnControlCreated { .. }
                | Event::TurnControlWaits { .. }
                | Event::DefendingPlayerChosen { .. }
                | Event::EndingTurn { .. }
                | Event::TurnMarkerTaken { .. }
                | Event::TurnMarkerWaits { .. }
                | Event::TurnMarkerRemoved { .. }
                | Event::TurnServed { .. }
        )
    }
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}
